package catalog

import (
	"slices"
	"strings"
	"testing"
)

// Azure's pay-as-you-go prices of the shipped catalog are dated by
// Microsoft's karpenter-provider-azure price table, generated from the
// Azure Retail Prices API with its day in a "generated at" line. These
// tests pin a few offers and their series, and that no on-demand point is
// left without a day.

// karpenterTable is how a point names that table.
const karpenterTable = "github.com/Azure/karpenter-provider-azure pkg/providers/pricing/zz_generated.pricing.go"

func TestShippedAzureOnDemandPricesAreDated(t *testing.T) {
	cat := shipped(t)
	n := 0
	for _, pp := range cat.Prices {
		if pp.Provider != "azure" || pp.Model != "on_demand" {
			continue
		}
		n++
		if _, ok := Date(pp.AsOf()).Time(); !ok || !Date(pp.AsOf()).Known() {
			t.Errorf("azure %s/%s on_demand: as_of %q, want a day", pp.Instance, pp.Region, pp.AsOf())
		}
		if !strings.Contains(pp.Source, karpenterTable+" @") {
			t.Errorf("azure %s/%s on_demand: source %q does not cite %s at a commit", pp.Instance, pp.Region, pp.Source, karpenterTable)
		}
		if pp.Since.Known() {
			t.Errorf("azure %s/%s on_demand: since %s, but the table states no effective date", pp.Instance, pp.Region, pp.Since)
		}
	}
	if n < 177 {
		t.Errorf("azure has %d on-demand price points, want at least 177", n)
	}
}

func TestShippedAzurePrices(t *testing.T) {
	cat := shipped(t)
	type point struct {
		amount          float64
		asOf, firstSeen string
		commit, kind    string
	}
	for _, c := range []struct {
		instance, region string
		gpu              string
		gpus             int
		series           []point // the offer's on-demand points, oldest first
	}{
		{"standard_nc24ads_a100_v4", "eastus", "a100-pcie-80gb", 1, []point{
			{3.673, "2026-06-18", "", "2b431da", KindAggregator}, // SkyPilot's figure, dated by the same price in the table
		}},
		{"standard_nd96isr_h100_v5", "westus3", "h100-sxm5-80gb", 8, []point{
			// Microsoft's own Karpenter table, generated from its price API.
			{98.32, "2026-06-18", "2023-12-18", "2b431da", KindProvider},
		}},
		{"standard_nd96isr_h200_v5", "eastus2", "h200-sxm-141gb", 8, []point{
			{118, "2024-12-13", "2024-10-29", "fe0ca6d", KindProvider},
			{84.8, "2026-06-18", "2025-05-16", "2b431da", KindProvider},
		}},
		{"standard_nd96isr_mi300x_v5", "eastus2", "mi300x", 8, []point{
			{98.32, "2024-10-29", "2024-10-29", "bfb95b1", KindProvider},
			{88.488, "2024-12-13", "2024-12-13", "fe0ca6d", KindProvider},
			{48, "2026-06-18", "2025-05-16", "2b431da", KindProvider},
		}},
		{"standard_nd128isr_ndr_gb200_v6", "westus3", "gb200", 4, []point{
			{108.16, "2026-06-18", "2025-05-16", "2b431da", KindProvider},
		}},
	} {
		var in *Instance
		if p := cat.Provider("azure"); p != nil {
			in = p.Instance(c.instance)
		}
		if in == nil {
			t.Errorf("azure has no instance %q", c.instance)
			continue
		}
		if in.GPU != c.gpu || in.GPUCount != c.gpus || !slices.Contains(in.Regions, c.region) {
			t.Errorf("%s: gpu %s × %d in %v, want %s × %d in %s", c.instance, in.GPU, in.GPUCount, in.Regions, c.gpu, c.gpus, c.region)
		}
		var got []*PricePoint
		for _, pp := range cat.PricesOf(in) {
			if pp.Region == c.region && pp.Model == "on_demand" {
				got = append(got, pp)
			}
		}
		if len(got) != len(c.series) {
			t.Errorf("%s/%s: %d on-demand points, want %d", c.instance, c.region, len(got), len(c.series))
			continue
		}
		for i, w := range c.series {
			pp := got[i]
			if pp.Amount == nil || *pp.Amount != w.amount || pp.Currency != "USD" {
				t.Errorf("%s/%s point %d: %s %s, want %v USD", c.instance, c.region, i, refShow(pp.Amount), pp.Currency, w.amount)
			}
			if pp.AsOf() != w.asOf || string(pp.FirstSeen()) != w.firstSeen || pp.Since.Known() {
				t.Errorf("%s/%s point %d: as_of %q, first_seen %q, since %q, want %q, %q, unknown", c.instance, c.region, i, pp.AsOf(), pp.FirstSeen(), pp.Since, w.asOf, w.firstSeen)
			}
			if pp.SourceKind != w.kind || !strings.Contains(pp.Source, karpenterTable+" @"+w.commit) {
				t.Errorf("%s/%s point %d: source %q (%s), want %s at @%s (%s)", c.instance, c.region, i, pp.Source, pp.SourceKind, karpenterTable, w.commit, w.kind)
			}
		}
	}
}
