package derive

import (
	"reflect"
	"slices"
	"testing"

	"gpucompare/generator/site/sitetest"
)

// TestRecorderNotesEachPartReadAndValueGivesItAgain reads the parts of an
// instance type through a Recorder, and checks that it notes each once,
// in the order read, that Value gives each part again as the accessor
// gave it, that a nil Recorder reads the same, and that the standing of
// an instance type in the benchmark groups holds a group only where one
// of its offers is ranked.
func TestRecorderNotesEachPartReadAndValueGivesItAgain(t *testing.T) {
	cat := sitetest.SmallCatalog(t)
	d := Make(cat)
	in := d.Priced[0].Instance
	k := PriceKey{in.Provider.ID, in.ID}

	r := &Recorder{}
	r.Instance(in)
	g := r.GPU(cat, in.GPU)
	prices := r.PricesOf(d, k)
	offers := r.OffersOf(d, in)
	changes := r.ChangesOf(d, in)
	r.Benchmarks(in)
	r.PricesOf(d, k) // again: noted once
	r.Settings()
	want := []Part{
		{PartInstance, in.Provider.ID, in.ID}, {PartGPU, "", in.GPU}, {PartPrices, in.Provider.ID, in.ID},
		{PartOffers, in.Provider.ID, in.ID}, {PartChanges, in.Provider.ID, in.ID}, {PartBenchmarks, in.Provider.ID, in.ID},
		{PartSettings, "", ""},
	}
	if got := r.Parts(); !slices.Equal(got, want) {
		t.Errorf("parts noted:\n got %v\nwant %v", got, want)
	}
	if g == nil || len(prices) == 0 || len(offers) == 0 {
		t.Fatalf("the instance type %s read no GPU, prices or offers", in.ID)
	}
	for part, v := range map[Part]any{want[0]: in, want[1]: g, want[2]: prices, want[3]: offers, want[4]: changes} {
		if got := d.Value(cat, part); !reflect.DeepEqual(got, v) {
			t.Errorf("Value(%v) = %v, want what the accessor gave, %v", part, got, v)
		}
	}
	if got := d.Value(cat, Part{PartOffers, in.Provider.ID, "no-such-instance"}); reflect.ValueOf(got).Len() != 0 {
		t.Errorf("the offers of an instance type that is gone: %v, want none", got)
	}

	var none *Recorder
	if !slices.Equal(none.PricesOf(d, k), prices) || none.GPU(cat, in.GPU) != g || none.Parts() != nil {
		t.Error("a nil Recorder reads otherwise than a Recorder, or notes a part")
	}

	// An instance type ranked in a group, for its standing.
	if len(d.BenchGroups) == 0 || len(d.BenchGroups[0].Ranks["on_demand"]) == 0 {
		t.Fatal("the catalog has no ranked benchmark group")
	}
	in = d.BenchGroups[0].Ranks["on_demand"][0].Mapping.Offer.Instance
	standing := d.Standing(in)
	if len(standing) != len(d.BenchGroups) {
		t.Fatalf("%d standings, want one per group (%d)", len(standing), len(d.BenchGroups))
	}
	if st := standing[0].Ranks["on_demand"]; st.Rank != 1 {
		t.Errorf("the first of a ranking stands %+v, want rank 1", st)
	}
	for i, s := range standing {
		ranked := false
		for _, costs := range d.BenchGroups[i].Ranks {
			for _, c := range costs {
				ranked = ranked || c.Mapping.Offer.Instance == in
			}
		}
		if ranked != (len(s.Ranks) > 0) {
			t.Errorf("group %d: ranked %v, standing %v", i, ranked, s.Ranks)
		}
		for model, st := range s.Ranks {
			if st.Rank < 1 || st.Rank > st.Of || st.Of != len(d.BenchGroups[i].Ranks[model]) {
				t.Errorf("group %d, %s: rank %d of %d", i, model, st.Rank, st.Of)
			}
		}
	}
}
