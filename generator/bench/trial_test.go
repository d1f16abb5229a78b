package bench

import (
	"math"
	"os"
	"testing"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/catalog/catalogtest"
	"gpucompare/generator/pricing"
)

// TestTrialsRankedBesidePublishedResults works out by hand what a unit of
// work cost on each trial of testdata/trials.txtar, at the price each
// paid: tokens per dollar = tokens/s × 3600 ÷ dollars per hour.
func TestTrialsRankedBesidePublishedResults(t *testing.T) {
	data, err := os.ReadFile("testdata/trials.txtar")
	if err != nil {
		t.Fatal(err)
	}
	cat, _ := catalogtest.Load(t, string(data))
	ref := time.Date(2025, 6, 30, 0, 0, 0, 0, time.UTC)
	groups := Derive(cat, pricing.OffersAt(cat, "USD", ref))
	figs := Trials(cat, groups, ref)

	type want struct {
		trial, unit string
		rank        int
		paid, work  float64
		freshness   string
	}
	wants := []want{
		// 21000 × 3600 ÷ 42 = 1,800,000 tokens per dollar.
		{"dollars", "tokens/s", 1, 42, 1_800_000, catalog.Fresh},
		// 280 CNY ÷ 7 = 40 USD an hour; 16000 × 3600 ÷ 40 = 1,440,000.
		{"yuan", "tokens/s", 2, 40, 1_440_000, catalog.Fresh},
		// 30000 × 3600 ÷ 30 = 3,600,000, the most work per dollar, but
		// ended 2024-01-10, 537 days before 2025-06-30: stale, not ranked.
		{"old", "tokens/s", 0, 30, 3_600_000, catalog.Stale},
		// A unit of its own: 900 × 3600 ÷ 42 = 77,142.857… images per dollar.
		{"dollars", "images/s", 1, 42, 77_142.857142857, catalog.Fresh},
	}
	if len(figs) != len(wants) {
		t.Fatalf("%d trial figures, want %d", len(figs), len(wants))
	}
	for i, w := range wants {
		f := figs[i]
		if f.Trial.ID != w.trial || f.Unit != w.unit || f.Rank != w.rank || f.Freshness != w.freshness ||
			math.Abs(f.Paid-w.paid) > 1e-9 || math.Abs(f.WorkPerMoney-w.work) > 1e-6 {
			t.Errorf("figure %d: %s %s rank %d paid %v work %v %s; want %+v", i+1, f.Trial.ID, f.Unit, f.Rank, f.Paid, f.WorkPerMoney, f.Freshness, w)
		}
	}
	// Beside each, the published result on the same offer at the
	// catalog's price: 24000 × 3600 ÷ 55.04 = 1,569,767.44… tokens per
	// dollar, which stays in its own ranking.
	for _, f := range figs[:3] {
		if f.Published == nil || math.Abs(f.Published.WorkPerMoney-24000*3600/55.04) > 1e-6 {
			t.Errorf("trial %s: published beside it %+v, want 1,569,767.44 tokens per dollar", f.Trial.ID, f.Published)
		}
	}
	if figs[3].Published != nil {
		t.Errorf("a figure in a unit of its own has no published result beside it, got %+v", figs[3].Published)
	}
	for _, g := range groups {
		for _, costs := range g.Ranks {
			if len(costs) != 1 {
				t.Errorf("the published ranking holds %d costs, want its one result: trials are never mixed in", len(costs))
			}
		}
	}
}
