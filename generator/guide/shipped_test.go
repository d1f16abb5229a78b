package guide

import (
	"os"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// TestShippedOutcomesListCurrentPricesOrSayNoneIs: on the shipped
// catalog, every outcome's short list either holds current prices only
// or says it holds none (ShortList.Stale) — a stale or undated price
// that answers only as its GPU model has no current price anywhere
// (pricing.Price.Fallback) never stands in a list that claims to be
// current. The guide's "data must stay in mainland China" outcome holds
// no current price, so its list says so and starts with its cheapest
// stale or undated offer, however many GPU models fall back elsewhere.
func TestShippedOutcomesListCurrentPricesOrSayNoneIs(t *testing.T) {
	cat, r := catalog.Load(os.DirFS("../.."))
	if errs := r.Errors(); len(errs) > 0 {
		t.Fatalf("the shipped catalog does not load:\n%s", errs)
	}
	offers := pricing.OffersAt(cat, cat.Site.Currency, catalog.NewestDate(cat))
	var mainland *ShortList
	for _, g := range cat.Guides {
		for _, o := range g.Outcomes {
			if o.Query == nil {
				continue
			}
			l := Evaluate(cat, offers, o.Query)
			if g.ID == "choose-gpu-compute" && o.ID == "data-in-mainland-china" {
				mainland = l
			}
			if l.Stale {
				continue
			}
			for _, pk := range l.Picks {
				if why := pk.Price.Why(); why != "" {
					t.Errorf("%s/%s: the list claims current prices but holds %s/%s at a price that is %s",
						g.ID, o.ID, pk.Offer.Instance.ID, pk.Offer.Region, why)
				}
			}
		}
	}
	if mainland == nil {
		t.Fatal("no outcome data-in-mainland-china in guide choose-gpu-compute")
	}
	if !mainland.Stale || len(mainland.Picks) == 0 {
		t.Fatalf("data-in-mainland-china: stale %v, %d picks; want a list of stale or undated prices that says so", mainland.Stale, len(mainland.Picks))
	}
	// The first pick is the cheapest per GPU-hour of every mainland offer
	// in yuan under on-demand, stale and undated included.
	first := mainland.Picks[0].Key
	for _, o := range offers {
		if !o.Rankable() || o.GPU == nil || !o.MainlandQuoted() || !o.Answers("on_demand", pricing.Include{Stale: true}) {
			continue
		}
		if per, ok := o.PerGPUHour("on_demand"); ok && per < first {
			t.Errorf("data-in-mainland-china: first pick at %.4f per GPU-hour, but %s/%s costs %.4f", first, o.Instance.ID, o.Region, per)
		}
	}
}
