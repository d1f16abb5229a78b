package chartmodel

import (
	"strings"
	"testing"

	"gpucompare/generator/charts"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/sitetest"
)

// TestFiguresOfASmallCatalog makes the figures of the GPU matrix, the home
// page and a GPU page of a small catalog without a page kind or a
// template: the prices by GPU model are made once and shared with an id
// of each page's own, a missing message fails the page's charts, and a
// page kind without figures makes none.
func TestFiguresOfASmallCatalog(t *testing.T) {
	cat := sitetest.SmallCatalog(t)
	data := derive.Make(cat)
	msgs := render.Messages{}
	m := NewMaker(cat, data.GPUs, data.Priced, msgs)
	shared := new(Shared)
	gpus := &pagemodel.Page{Path: "gpus/index.html", Layout: "gpus"}
	home := &pagemodel.Page{Path: "index.html", Layout: "home"}
	if err := m.Make(gpus, shared.GPUMatrix); err == nil || !strings.Contains(err.Error(), "gpus/index.html: charts: ") {
		t.Errorf("charts worded without messages: err %v", err)
	}
	m.Data.Text = func(key string, _ ...any) string { return key } // every message, by its key
	gpus.Charts, home.Charts = nil, nil
	if err := shared.GPUMatrix(m.Data, gpus); err != nil {
		t.Fatal(err)
	}
	if err := shared.PriceByGPU(m.Data, home); err != nil {
		t.Fatal(err)
	}
	kinds := func(p *pagemodel.Page) (out []string) {
		for _, v := range p.Charts {
			out = append(out, v.Kind+" "+v.Model)
		}
		return out
	}
	if got := strings.Join(kinds(gpus), ","); got != "price_by_gpu on_demand,price_by_gpu spot,price_by_gpu reserved_1y,price_performance " {
		t.Errorf("GPU matrix figures %q", got)
	}
	if got := strings.Join(kinds(home), ","); got != "price_by_gpu on_demand,price_by_gpu spot,price_by_gpu reserved_1y" {
		t.Errorf("home figures %q", got)
	}
	g, h := gpus.Charts[0].Charts[0], home.Charts[0].Charts[0]
	if g.ID != "gpus_price_by_gpu_on_demand" || h.ID != "home_price_by_gpu_on_demand" {
		t.Errorf("ids %q and %q: want each page's own", g.ID, h.ID)
	}
	gj, _ := g.JSON()
	hj, _ := h.JSON()
	if gj != hj || &gpus.Charts[0].Table.(*charts.GPUPrices).Rows[0] != &home.Charts[0].Table.(*charts.GPUPrices).Rows[0] {
		t.Errorf("the prices by GPU model were made twice, not shared")
	}
	if alone := new(pagemodel.Page); m.Make(alone, nil) != nil || len(alone.Charts) != 0 {
		t.Errorf("a page kind without figures made %d", len(alone.Charts))
	}
}
