package site

import (
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/tools/txtar"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
)

// homeCatalog has, for the H100, a provider's price in yuan, an article's
// lower price and a lower estimate, and for the T4 a part of a price and a
// vGPU slice, both lower than its whole price.
const homeCatalog = `
-- data/site.yaml --
title: T
currency: USD
-- data/fx.yaml --
rates:
  - {base: USD, quote: CNY, rate: 8, date: 2025-01-02, source: https://example.com/old}
  - {base: USD, quote: CNY, rate: 7, date: 2026-07-01, source: https://example.com/fx}
-- data/gpus/t4.yaml --
{id: t4, name: T4, vendor: NVIDIA, model: T4, memory_gb: 16, released: '2018', source: s}
-- data/gpus/h100.yaml --
{id: h100, name: H100, vendor: NVIDIA, model: H100, memory_gb: 80, released: '2022', source: s}
-- data/gpus/a10.yaml --
{id: a10, name: A10, vendor: NVIDIA, model: A10, memory_gb: 24, released: '2021', source: s}
-- data/providers/us.yaml --
id: us
name: US Cloud
kind: public_cloud
currency: USD
regions: [{id: r1, name: Region One}]
instances:
  - {id: h8, name: h8, gpu: h100, gpu_count: 8, regions: [r1], source: s}
  - {id: h1, name: h1, gpu: h100, gpu_count: 1, regions: [r1], source: s}
  - {id: t4a, name: t4a, gpu: t4, gpu_count: 1, regions: [r1], source: s}
  - {id: t4part, name: t4part, gpu: t4, gpu_count: 1, regions: [r1], price_incomplete: GPU only, source: s}
  - {id: t4v, name: t4v, gpu: t4, gpu_count: 1, vgpu_profile: T4-4Q, regions: [r1], source: s}
-- data/providers/cn.yaml --
id: cn
name: CN Cloud
kind: public_cloud
currency: CNY
regions: [{id: bj, name: Beijing}]
instances:
  - {id: hcn, name: hcn, gpu: h100, gpu_count: 2, regions: [bj], source: s}
-- data/prices/us.yaml --
provider: us
prices:
  - {instance: h8, region: r1, model: on_demand, amount: 24, currency: USD, since: 2026-06-01, source: s, source_kind: provider}
  - {instance: h8, region: r1, model: spot, amount: 8, currency: USD, since: 2026-06-01, source: s, source_kind: aggregator}
  - {instance: h8, region: r1, model: savings_plan_1y, amount: 16, currency: USD, since: 2026-06-01, source: s, source_kind: provider}
  - {instance: h1, region: r1, model: on_demand, amount: 2.5, currency: USD, since: 2026-06-01, source: a blog, source_kind: article}
  - {instance: h1, region: r1, model: reserved_1y, discount_pct: 50, currency: USD, since: 2026-06-01, source: s, source_kind: provider}
  - {instance: t4a, region: r1, model: on_demand, amount: 0.5, currency: USD, since: 2026-06-01, source: s, source_kind: aggregator}
  - {instance: t4part, region: r1, model: on_demand, amount: 0.1, currency: USD, since: 2026-06-01, source: s, source_kind: provider}
  - {instance: t4v, region: r1, model: on_demand, amount: 0.05, currency: USD, since: 2026-06-01, source: s, source_kind: provider}
-- data/prices/cn.yaml --
provider: cn
prices:
  - {instance: hcn, region: bj, model: on_demand, amount: 39.2, currency: CNY, since: 2026-05-01, source: s, source_kind: provider}
`

// The home table picks, for each GPU model, the cheapest whole price per
// GPU-hour of providers and aggregators, compared in the site currency:
// the yuan price converted at the latest rate, not an article's lower
// figure nor a lower estimate, not a part of a price nor a vGPU slice.
func TestHomePricesPickTheCheapestWholePrice(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, f := range txtar.Parse([]byte(homeCatalog)).Files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	cat, r := catalog.Load(fsys)
	if errs := r.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	trust := func(pp *catalog.PricePoint, kind string) *pagemodel.TrustView {
		return &pagemodel.TrustView{Kind: kind, Date: string(pp.Since)}
	}
	rel := pagemodel.Linker{}.To
	tab := catalogpages.HomePriceTable(pricing.Offers(cat, "USD"), derive.GPUOrder(cat.GPUs), "USD", "", "en", catalogpages.HomeRows, time.Time{}, trust, rel)

	if len(tab.Tabs) != 3 || tab.Tabs[0].ID != "on_demand" || tab.Tabs[1].ID != "spot" || tab.Tabs[2].ID != "commit_1y" {
		t.Fatalf("tabs %+v, want on_demand, spot, commit_1y", tab.Tabs)
	}
	// The A10 has no price: no row. The H100 has more memory: first.
	if len(tab.Rows) != 2 || tab.Rows[0].GPU.ID != "h100" || tab.Rows[1].GPU.ID != "t4" || tab.More != 0 {
		t.Fatalf("rows %v (more %d), want h100, t4", rowIDs(tab.Rows), tab.More)
	}
	h100, t4 := tab.Rows[0], tab.Rows[1]
	if h100.URL != "gpus/h100/index.html" || h100.CompareURL != "compare/index.html#gpu=h100" || h100.Offers != 3 {
		t.Errorf("h100 links %q, %q, offers %d; want its page, the matrix filtered to it, 3", h100.URL, h100.CompareURL, h100.Offers)
	}

	// On demand: 39.2 CNY for 2 GPUs = 19.6 CNY at 7 CNY/USD = 2.80 USD,
	// below h8's 24/8 = 3.00; h1's article figure of 2.50 is left out.
	want := []struct {
		row              *catalogpages.HomePriceRow
		tab              int
		instance, model  string
		per, quoted      float64
		in, kind, region string
		converted, named bool
	}{
		{h100, 0, "hcn", "on_demand", 2.8, 19.6, "CNY", "provider", "Beijing", true, false},
		// Spot: 8/8 = 1.00.
		{h100, 1, "h8", "spot", 1, 1, "USD", "aggregator", "Region One", false, false},
		// A year: the savings plan's 16/8 = 2.00, not h1's 1.25 worked out
		// from 50% off the article's figure (an estimate).
		{h100, 2, "h8", "savings_plan_1y", 2, 2, "USD", "provider", "Region One", false, true},
		// The T4's 0.50, not the 0.10 of a GPU without its VM nor the 0.05
		// of a vGPU slice.
		{t4, 0, "t4a", "on_demand", 0.5, 0.5, "USD", "aggregator", "Region One", false, false},
	}
	for _, w := range want {
		c := w.row.Cells[w.tab]
		if c == nil {
			t.Errorf("%s %s: no price, want %s's", w.row.GPU.ID, tab.Tabs[w.tab].ID, w.instance)
			continue
		}
		if c.Instance != w.instance || c.Model != w.model || !near(c.PerGPUHour, w.per) || !near(c.Quoted, w.quoted) ||
			c.QuotedIn != w.in || c.Trust.Kind != w.kind || c.Region != w.region || c.Converted != w.converted || c.Named != w.named {
			t.Errorf("%s %s = %+v (kind %q)\nwant %+v", w.row.GPU.ID, tab.Tabs[w.tab].ID, c, c.Trust.Kind, w)
		}
	}
	if c := h100.Cells[0]; c.InstanceURL != "instances/cn/hcn/index.html" || c.Provider != "CN Cloud" || c.Trust.Date != "2026-05-01" {
		t.Errorf("h100 on demand: link %q, provider %q, dated %q", c.InstanceURL, c.Provider, c.Trust.Date)
	}
	if t4.Cells[1] != nil || t4.Cells[2] != nil {
		t.Errorf("t4 has spot %+v, a year %+v; the catalog has neither", t4.Cells[1], t4.Cells[2])
	}
	// The rate is stated once: the latest, 2026-07-01.
	if len(tab.Rates) != 1 || tab.Rates[0].From != "CNY" || tab.Rates[0].Rate.Date != "2026-07-01" || tab.Rates[0].Rate.Rate != 7 {
		t.Errorf("rates %+v, want the one CNY rate of 2026-07-01", tab.Rates)
	}
}

func rowIDs(rows []*catalogpages.HomePriceRow) []string {
	var ids []string
	for _, r := range rows {
		ids = append(ids, r.GPU.ID)
	}
	return ids
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }
