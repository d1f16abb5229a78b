package kinds

import (
	"os"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
)

// TestWorkFigures: a work-per-money figure has three significant digits,
// in millions or billions from a million up (trailing zeros kept), and
// whole, grouped, from a thousand up.
func TestWorkFigures(t *testing.T) {
	for _, tt := range []struct {
		v          float64
		num, scale string
	}{
		{3076050, "3.08", "m"},
		{2.5e9, "2.50", "bn"},
		{244098, "244,098", ""},
		{45.17, "45.2", ""},
		{0.01234, "0.0123", ""},
	} {
		if got := workFigure(tt.v); got.Num != tt.num || got.Scale != tt.scale {
			t.Errorf("%v: %+v, want %s %s", tt.v, got, tt.num, tt.scale)
		}
	}
}

// TestBestValueSaysWhereNoCurrentPriceAnswers: on the shipped catalog's
// Llama 2 70B LoRA page, every "Best value" row whose price is stale or
// undated says why it answers ("no current price; none is dated" or
// "newest is N months old", as the home table does), and a current one
// says nothing; the spot row of the newest round is such a row.
func TestBestValueSaysWhereNoCurrentPriceAnswers(t *testing.T) {
	cat, rep := catalog.Load(os.DirFS("../../.."))
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	k := NewBenchmarks(cat, derive.Make(cat), func(path, layout string) *pagemodel.Page { return &pagemodel.Page{Path: path, Layout: layout} },
		func(*catalog.PricePoint, string) *pagemodel.TrustView { return nil })
	var d *benchmarkData
	for _, p := range k.Pages() {
		if x, ok := p.Data.(*benchmarkData); ok && p.Path == "benchmarks/mlperf-training-llama2-70b-lora/index.html" {
			d = x
		}
	}
	if d == nil || len(d.Best) == 0 {
		t.Fatal("no best-value rows on the Llama 2 70B LoRA page")
	}
	spot := false
	for _, g := range d.Best {
		for _, r := range g.Rows {
			pr := r.Row.Cost.Mapping.Offer.Prices[r.Table.Model]
			current := pr.Freshness != catalog.Stale && pr.Freshness != catalog.Undated
			if current != (r.Why == "") {
				t.Errorf("%s %s: price %s, why %q", g.Group.Round, r.Table.Model, pr.Freshness, r.Why)
			}
			if d, _ := catalog.AgeDate(pr.Point); r.Why == catalog.Undated && d != "" || r.Why == catalog.Stale && d == "" {
				t.Errorf("%s %s: why %q for a price dated %q", g.Group.Round, r.Table.Model, r.Why, d)
			}
			if g == d.Best[0] && r.Table.Model == "spot" {
				spot = r.Why != ""
			}
		}
	}
	if !spot {
		t.Error("the newest round's spot row does not say that no current spot price answers")
	}
}
