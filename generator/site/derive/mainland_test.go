package derive

import (
	"testing"

	"gpucompare/generator/catalog/catalogtest"
)

// mainlandCatalog has a China cloud with a mainland and a Hong Kong
// region: for the A100 a current yuan price, a cheaper current dollar
// price in the same region (an international site's), a cheaper one
// outside the mainland; for the T4 an article's yuan price, a cheaper
// article's dollar price and a vGPU slice; for the L4 only a dollar
// price; a monthly subscription of the A100 and a cheaper one in
// dollars.
const mainlandCatalog = `
-- data/site.yaml --
title: t
currency: USD
-- data/fx.yaml --
rates:
  - {base: USD, quote: CNY, rate: 7, date: 2025-06-02, source: https://www.example.com/fx}
-- data/gpus/a100.yaml --
id: a100
name: A100
model: A100
vendor: NVIDIA
memory_gb: 40
source: https://www.example.com/a100
-- data/gpus/t4.yaml --
id: t4
name: T4
model: T4
vendor: NVIDIA
memory_gb: 16
source: https://www.example.com/t4
-- data/gpus/l4.yaml --
id: l4
name: L4
model: L4
vendor: NVIDIA
memory_gb: 24
source: https://www.example.com/l4
-- data/providers/cn.yaml --
id: cn
name: CN Cloud
kind: public_cloud
currency: CNY
regions:
  - {id: cn-a, name: A, geo: china-mainland}
  - {id: hk, name: HK, geo: hong-kong-taiwan}
instances:
  - {id: big, name: big, gpu: a100, gpu_count: 2, regions: [cn-a, hk], source: https://www.example.com/big}
  - {id: small, name: small, gpu: t4, gpu_count: 1, regions: [cn-a], source: https://www.example.com/small}
  - {id: slice, name: slice, gpu: t4, gpu_count: 1, vgpu_profile: T4-4Q, regions: [cn-a], source: https://www.example.com/slice}
  - {id: big2, name: big2, gpu: a100, gpu_count: 2, regions: [cn-a], source: https://www.example.com/big2}
  - {id: small2, name: small2, gpu: t4, gpu_count: 1, regions: [cn-a], source: https://www.example.com/small2}
  - {id: l4x, name: l4x, gpu: l4, gpu_count: 1, regions: [cn-a], source: https://www.example.com/l4x}
-- data/prices/cn.yaml --
provider: cn
prices:
  - {instance: big, region: cn-a, model: on_demand, amount: 40, currency: CNY, since: 2025-06, source: https://www.example.com/p, source_kind: provider}
  - {instance: big, region: cn-a, model: subscription_month, amount: 14600, currency: CNY, since: 2025-06, source: https://www.example.com/p, source_kind: provider}
  - {instance: big, region: hk, model: on_demand, amount: 10, currency: CNY, since: 2025-06, source: https://www.example.com/p, source_kind: provider}
  - {instance: small, region: cn-a, model: on_demand, amount: 7, currency: CNY, since: 2025-06, source: https://www.example.com/blog, source_kind: article}
  - {instance: small2, region: cn-a, model: on_demand, amount: 0.5, currency: USD, since: 2025-06, source: https://www.example.com/blog, source_kind: article}
  - {instance: big2, region: cn-a, model: on_demand, amount: 2, currency: USD, since: 2025-06, source: https://www.example.com/intl, source_kind: provider}
  - {instance: big2, region: cn-a, model: subscription_month, amount: 1000, currency: USD, since: 2025-06, source: https://www.example.com/intl, source_kind: provider}
  - {instance: l4x, region: cn-a, model: on_demand, amount: 0.5, currency: USD, since: 2025-06, source: https://www.example.com/intl, source_kind: provider}
  - {instance: slice, region: cn-a, model: on_demand, amount: 0.1, currency: CNY, since: 2025-06, source: https://www.example.com/p, source_kind: provider}
`

// TestMainlandPicksTheCheapestCurrentPriceInYuan: per GPU model, the
// mainland view takes a current price over a cheaper one that is not,
// leaves out regions outside the mainland and slices of a GPU, answers
// from prices quoted in yuan only — a cheaper dollar price of a mainland
// region (an international site's or an article's) is left out, not
// converted, and a GPU model priced only in dollars has no row — and
// answers a model with no current price by its cheapest other one,
// marked so.
func TestMainlandPicksTheCheapestCurrentPriceInYuan(t *testing.T) {
	cat, _ := catalogtest.Load(t, mainlandCatalog)
	d := Make(cat)
	if len(d.Mainland) != 2 {
		t.Fatalf("%d rows, want 2 (A100, T4; not the L4, priced only in dollars)", len(d.Mainland))
	}
	byGPU := map[string]*MainlandRow{}
	for _, r := range d.Mainland {
		byGPU[r.GPU.ID] = r
	}
	a100 := byGPU["a100"].Cells
	if c := a100[0]; c == nil || c.PerGPUHour != 20 || !c.Current || c.Offer.Region != "cn-a" || c.Offer.Instance.ID != "big" {
		t.Errorf("A100 on demand: %+v, want 20 CNY per GPU-hour of big, current, in cn-a (not big2's 2 USD)", c)
	}
	if c := a100[1]; c == nil || c.Model != "subscription_month" || c.PerGPUHour != 10 || c.Offer.Instance.ID != "big" {
		t.Errorf("A100 subscription: %+v, want 14600 CNY a month over 730 hours and 2 GPUs: 10 (not big2's dollars)", c)
	}
	t4 := byGPU["t4"].Cells
	if c := t4[0]; c == nil || c.Current || c.PerGPUHour != 7 || c.Offer.Instance.ID != "small" || c.Conversion.From != c.Conversion.To {
		t.Errorf("T4 on demand: %+v, want the article's 7 CNY, not current, unconverted, not the slice nor small2's dollars", c)
	}
	for _, r := range d.Mainland {
		for _, c := range r.Cells {
			if c != nil && c.Price.Hourly.Currency != MainlandCurrency {
				t.Errorf("%s: a price quoted in %s answers", r.GPU.ID, c.Price.Hourly.Currency)
			}
		}
	}
	if t4[1] != nil {
		t.Errorf("T4 subscription: %+v, want none", t4[1])
	}
}

// TestMainlandUndatedPriceIsNotCurrent: a GPU model whose only whole
// price from a provider or a catalog is an aggregator's undated one
// answers with it, before an article's cheaper figure, but the cell says
// it is not current: a price standing in for no current one is labelled.
func TestMainlandUndatedPriceIsNotCurrent(t *testing.T) {
	cat, _ := catalogtest.Load(t, mainlandCatalog+`-- data/gpus/h20.yaml --
id: h20
name: H20
model: H20
vendor: NVIDIA
memory_gb: 96
source: https://www.example.com/h20
-- data/providers/cn2.yaml --
id: cn2
name: CN Two
kind: public_cloud
currency: CNY
regions:
  - {id: cn-b, name: B, geo: china-mainland}
instances:
  - {id: mid, name: mid, gpu: h20, gpu_count: 1, regions: [cn-b], source: https://www.example.com/mid}
  - {id: mid2, name: mid2, gpu: h20, gpu_count: 1, regions: [cn-b], source: https://www.example.com/mid2}
-- data/prices/cn2.yaml --
provider: cn2
prices:
  - {instance: mid, region: cn-b, model: on_demand, amount: 30, currency: CNY, since: unknown, as_of: unknown (catalog commit abc1234), source: https://www.example.com/catalog, source_kind: aggregator}
  - {instance: mid2, region: cn-b, model: on_demand, amount: 20, currency: CNY, since: 2025-06, source: https://www.example.com/blog, source_kind: article}
`)
	d := Make(cat)
	for _, r := range d.Mainland {
		if r.GPU.ID != "h20" {
			continue
		}
		if c := r.Cells[0]; c == nil || c.Current || !c.Answers || c.PerGPUHour != 30 {
			t.Errorf("H20 on demand: %+v, want the undated 30 CNY, answering but not current", c)
		}
		return
	}
	t.Fatal("no H20 row: want its undated price standing in")
}

// TestMainlandQuotedIsTheViewsRule: an offer holds by the mainland view's
// rule (MainlandQuoted, which the matrix's switch and the evaluation's
// "mainland China clouds first" read) exactly when it is in a mainland
// region and every price it has is in yuan: not outside the mainland,
// not a mainland region priced in dollars, not an offer with no price.
func TestMainlandQuotedIsTheViewsRule(t *testing.T) {
	cat, _ := catalogtest.Load(t, mainlandCatalog)
	d := Make(cat)
	got := map[string]bool{}
	for _, o := range d.Priced {
		got[o.Instance.ID+"/"+o.Region] = MainlandQuoted(o)
	}
	for key, want := range map[string]bool{"big/cn-a": true, "small/cn-a": true, "slice/cn-a": true, "big/hk": false, "big2/cn-a": false, "small2/cn-a": false, "l4x/cn-a": false} {
		if g, ok := got[key]; !ok || g != want {
			t.Errorf("%s: MainlandQuoted %v (listed %v), want %v", key, g, ok, want)
		}
	}
	for _, r := range d.Mainland {
		for _, c := range r.Cells {
			if c != nil && !MainlandQuoted(c.Offer) {
				t.Errorf("%s: the view answers with %s/%s, which the rule leaves out", r.GPU.ID, c.Offer.Instance.ID, c.Offer.Region)
			}
		}
	}
}
