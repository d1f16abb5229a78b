package feed

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
	"gpucompare/generator/catalog/catalogtest"
	"gpucompare/generator/synth"
)

// history is a small catalog with hand-made price histories.
const history = `
-- data/site.yaml --
title: T
currency: USD
url: https://gpus.example.com/
-- data/fx.yaml --
rates:
  - {base: USD, quote: CNY, rate: 7, date: 2026-07-01, source: https://example.com/fx}
-- data/gpus/a100.yaml --
{id: a100, name: A100, vendor: NVIDIA}
-- data/providers/aws.yaml --
id: aws
name: AWS
kind: public_cloud
currency: USD
regions: [{id: us-east-1}]
instances:
  - {id: p4d.24xlarge, name: p4d.24xlarge, gpu: a100, gpu_count: 8, regions: [us-east-1, all], source: s}
-- data/providers/ali.yaml --
id: ali
name: Alibaba Cloud
kind: public_cloud
currency: CNY
regions: [{id: cn-beijing}]
instances:
  - {id: gn7, name: gn7, gpu: a100, gpu_count: 1, regions: [cn-beijing], source: s}
-- data/prices/aws.yaml --
provider: aws
prices:
  - {instance: p4d.24xlarge, region: us-east-1, model: on_demand, amount: 32.7726, currency: USD, since: unknown, source: karpenter 2025-04-28, source_kind: provider}
  - {instance: p4d.24xlarge, region: us-east-1, model: spot, amount: 5.09, currency: USD, since: 2025-03, source: s, source_kind: provider}
  - {instance: p4d.24xlarge, region: us-east-1, model: on_demand, amount: 32.7726, currency: USD, since: 2025-05, source: repeat, source_kind: provider}
  - {instance: p4d.24xlarge, region: us-east-1, model: on_demand, amount: 21.957642, currency: USD, since: 2025-06-01, source: https://aws.amazon.com/blogs/aws/, source_kind: provider}
  - {instance: p4d.24xlarge, region: us-east-1, model: spot, amount: 6.1, currency: USD, since: 2025-07-15, source: s, source_kind: provider}
  - {instance: p4d.24xlarge, region: all, model: reserved_3y, discount_pct: 50, currency: USD, since: unknown, source: seed, source_kind: provider}
  - {instance: p4d.24xlarge, region: all, model: reserved_3y, discount_pct: 45, currency: USD, since: unknown, source: seed, source_kind: provider}
-- data/prices/ali.yaml --
provider: ali
prices:
  - {instance: gn7, region: cn-beijing, model: on_demand, amount: 5, currency: USD, since: 2024, source: s, source_kind: provider}
  - {instance: gn7, region: cn-beijing, model: on_demand, amount: 35, currency: CNY, since: 2025-01-02, source: s, source_kind: provider}
`

func loadHistory(t testing.TB, archive string) *catalog.Catalog {
	t.Helper()
	cat, _ := catalogtest.Load(t, archive)
	return cat
}

func TestChanges(t *testing.T) {
	changes := Changes(loadHistory(t, history))
	var got []string
	for _, c := range changes {
		got = append(got, string(c.Date())+" "+c.Title(English)+" ["+c.Direction()+"]")
	}
	want := []string{
		// Newest first; the unchanged 2025-05 repeat of 32.7726 is no change.
		"2025-07-15 p4d.24xlarge spot, us-east-1: $5.09 → $6.10 (+19.8%) [up]",
		"2025-06-01 p4d.24xlarge on-demand, us-east-1: $32.77 → $21.96 (−33.0%) [down]",
		// A change of currency has no percentage.
		"2025-01-02 gn7 on-demand, cn-beijing: $5.00 → ¥35.00 []",
		// Undated last: discounts change, said as discounts.
		"unknown p4d.24xlarge reserved-3y, all regions: 50% off on-demand → 45% off on-demand []",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d changes:\n%q", len(got), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("change %d:\ngot  %s\nwant %s", i, got[i], want[i])
		}
	}
	if changes[3].Dated() || !changes[0].Dated() {
		t.Error("Dated is wrong")
	}
}

func TestMoneyAndPercent(t *testing.T) {
	for _, tt := range []struct{ got, want string }{
		{Money(32.7726, "USD"), "$32.77"},
		{Money(0.526, "USD"), "$0.526"},
		{Money(0.0042, "USD"), "$0.0042"},
		{Money(2.6755, "USD"), "$2.676"},
		{Money(0.70683, "USD"), "$0.7068"},
		{Money(1234.5, "USD"), "$1234.50"},
		{Money(11.714, "CNY"), "¥11.71"},
		{Money(3.5, "SGD"), "3.50 SGD"},
		{Percent(-33.0000001), "−33.0%"},
		{Percent(19.84), "+19.8%"},
		{Percent(0.04), "0.0%"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// referenceChanges are the changes of the catalog found through
// catalog.Series, as Changes found them before it numbered series itself.
func referenceChanges(cat *catalog.Catalog) []*Change {
	keys, series := cat.Series()
	var out []*Change
	for _, k := range keys {
		points := series[k]
		p := cat.Provider(k.Provider)
		if p == nil {
			continue
		}
		in := p.Instance(k.Instance)
		if in == nil {
			continue
		}
		seq := map[catalog.Date]int{}
		for i := 1; i < len(points); i++ {
			if !catalog.SamePrice(points[i-1], points[i]) {
				c := newChange(k, in, points[i-1], points[i])
				c.Seq = seq[c.Date()]
				seq[c.Date()]++
				out = append(out, c)
			}
		}
	}
	slices.SortStableFunc(out, newestFirst) // the same sort: the reference is for the grouping before it
	return out
}

// TestChangesInSeriesOrder compares Changes with the changes found through
// catalog.Series, in order, on the test catalog, the shipped one and a
// synthetic one.
func TestChangesInSeriesOrder(t *testing.T) {
	synthetic := fstest.MapFS{}
	for name, data := range synth.Files(1000) {
		synthetic[name] = &fstest.MapFile{Data: data}
	}
	shipped, _ := catalog.Load(os.DirFS("../.."))
	generated, _ := catalog.Load(synthetic)
	// Two series whose points interleave, changed the same day: the
	// on-demand series comes first, as its first point does.
	interleaved := loadHistory(t, strings.Replace(history, `  - {instance: gn7, region: cn-beijing, model: on_demand, amount: 35, currency: CNY, since: 2025-01-02, source: s, source_kind: provider}`, `  - {instance: gn7, region: cn-beijing, model: spot, amount: 2, currency: USD, since: 2024, source: s, source_kind: provider}
  - {instance: gn7, region: cn-beijing, model: spot, amount: 3, currency: USD, since: 2025-01-02, source: s, source_kind: provider}
  - {instance: gn7, region: cn-beijing, model: on_demand, amount: 35, currency: CNY, since: 2025-01-02, source: s, source_kind: provider}`, 1))
	if cs := Changes(interleaved); len(cs) != 5 || cs[2].Series.Model != "on_demand" || cs[3].Series.Model != "spot" {
		t.Errorf("interleaved series: the on-demand change of 2025-01-02 must come before the spot change")
	}
	for name, cat := range map[string]*catalog.Catalog{"test": loadHistory(t, history), "interleaved": interleaved, "shipped": shipped, "synthetic": generated} {
		got, want := Changes(cat), referenceChanges(cat)
		if len(want) == 0 {
			t.Errorf("%s: no changes to compare", name)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %d changes differ from the %d found through catalog.Series", name, len(got), len(want))
		}
	}
}

// TestTitleNamesRegionsInItsWords: words with a Region name a change's
// region as they give it (an edition's name for it), and all regions as
// AllRegions still.
func TestTitleNamesRegionsInItsWords(t *testing.T) {
	changes := Changes(loadHistory(t, history))
	w := English
	w.Region = func(in *catalog.Instance, id string) string { return in.Provider.ID + ":" + id }
	var got []string
	for _, c := range changes {
		got = append(got, c.Title(w))
	}
	want := []string{
		"p4d.24xlarge spot, aws:us-east-1: $5.09 → $6.10 (+19.8%)",
		"p4d.24xlarge on-demand, aws:us-east-1: $32.77 → $21.96 (−33.0%)",
		"gn7 on-demand, ali:cn-beijing: $5.00 → ¥35.00",
		"p4d.24xlarge reserved-3y, all regions: 50% off on-demand → 45% off on-demand",
	}
	if !slices.Equal(got, want) {
		t.Errorf("titles:\ngot  %q\nwant %q", got, want)
	}
}
