package site

import (
	"testing"
	"testing/fstest"

	"golang.org/x/tools/txtar"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

const cheapestCatalog = `
-- data/site.yaml --
title: T
currency: USD
-- data/fx.yaml --
rates:
  - {base: USD, quote: CNY, rate: 7, date: 2026-07-01, source: https://example.com/fx}
-- data/gpus/a100.yaml --
{id: a100, name: A100, vendor: NVIDIA}
-- data/providers/us.yaml --
id: us
name: US Cloud
kind: public_cloud
currency: USD
regions: [{id: r1, name: Region One}]
instances:
  - {id: eight, name: eight, gpu: a100, gpu_count: 8, regions: [r1], source: s}
  - {id: one, name: one, gpu: a100, gpu_count: 1, regions: [r1], source: s}
-- data/providers/cn.yaml --
id: cn
name: CN Cloud
kind: public_cloud
currency: CNY
regions: [{id: bj}]
instances:
  - {id: yuan, name: yuan, gpu: a100, gpu_count: 1, regions: [bj], source: s}
-- data/prices/us.yaml --
provider: us
prices:
  - {instance: eight, region: r1, model: on_demand, amount: 16, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: one, region: r1, model: on_demand, amount: 2, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: one, region: r1, model: spot, amount: 1, currency: USD, since: 2025, source: s, source_kind: provider}
-- data/prices/cn.yaml --
provider: cn
prices:
  - {instance: yuan, region: bj, model: on_demand, amount: 13.3, currency: CNY, since: 2025, source: s, source_kind: provider}
`

func TestCheapestOfferPerGPUAndModel(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, f := range txtar.Parse([]byte(cheapestCatalog)).Files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	cat, r := catalog.Load(fsys)
	if errs := r.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	b := &builder{cat: cat, gpus: cat.GPUs}
	p := b.newPage("gpus/index.html", "gpus")
	tab := b.cheapest(p, pricing.Offers(cat, "USD"))
	if len(tab.Models) != 2 || tab.Models[0] != "on_demand" || tab.Models[1] != "spot" {
		t.Fatalf("models %v, want [on_demand spot]", tab.Models)
	}
	od, spot := tab.Rows[0].Cells[0], tab.Rows[0].Cells[1]
	// 13.3 CNY at 7 CNY/USD = 1.90 USD per GPU-hour beats 16/8 = 2 and 2/1 = 2.
	if od.Offer != "yuan" || !od.Converted || od.Quoted != 13.3 || od.QuotedIn != "CNY" || od.PerGPUHour != 1.9 {
		t.Errorf("on-demand cheapest = %+v", od)
	}
	if spot.Offer != "one" || spot.PerGPUHour != 1 || spot.Converted || spot.RegionName != "Region One" {
		t.Errorf("spot cheapest = %+v", spot)
	}
	if len(tab.Rates) != 1 || tab.Rates[0].Rate.Date != "2026-07-01" {
		t.Errorf("rates shown = %+v, want the one CNY rate used", tab.Rates)
	}
	if got := tab.Rows[0].Cells[0].URL; got != "../instances/cn/yuan/index.html" {
		t.Errorf("link %q", got)
	}
}
