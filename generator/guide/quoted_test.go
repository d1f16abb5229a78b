package guide

import (
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// TestShortListNamesAQuotedOfferOnce: of an offer with a team's quote,
// the short list keeps the quote and leaves out the list price; an offer
// without a quote, and the same instance type in another region, stay.
func TestShortListNamesAQuotedOfferOnce(t *testing.T) {
	p4d, p5 := &catalog.Instance{ID: "p4d"}, &catalog.Instance{ID: "p5"}
	offer := func(in *catalog.Instance, region string, quote bool) *Pick {
		pp := &catalog.PricePoint{}
		if quote {
			pp.Extras().Quoted = &catalog.QuoteTerms{Quote: &catalog.Quote{ID: "q"}}
		}
		return &Pick{Offer: &pricing.Offer{Instance: in, Region: region, Prices: map[string]*pricing.Price{"on_demand": {Point: pp}}}}
	}
	quote, list, east2, other := offer(p4d, "us-east-1", true), offer(p4d, "us-east-1", false), offer(p4d, "us-east-2", false), offer(p5, "us-east-1", false)
	got := oneOfQuoted([]*Pick{quote, other, list, east2})
	if len(got) != 3 || got[0] != quote || got[1] != other || got[2] != east2 {
		t.Errorf("picks = %d, want the quote, p5 and p4d in us-east-2, in that order", len(got))
	}
	if got := oneOfQuoted([]*Pick{list, other}); len(got) != 2 {
		t.Errorf("without a quote, %d picks, want both", len(got))
	}
}

// TestTrialPlanTriesAQuotedOfferOnce: a scenario's short list, ranked by
// its own strategy, may hold both the list price and the quote of one
// offer, the list price first; the trial plan tries the offer once, at
// its quote: 3 days × 24 h × 20 = 1,440 and 5 days × 24 h × 20 = 2,400.
func TestTrialPlanTriesAQuotedOfferOnce(t *testing.T) {
	cat := &catalog.Catalog{Site: catalog.Site{Currency: "USD"}}
	p4d, p5 := &catalog.Instance{ID: "p4d"}, &catalog.Instance{ID: "p5"}
	offer := func(in *catalog.Instance, hourly float64, quote bool) *pricing.Offer {
		pp := &catalog.PricePoint{}
		if quote {
			pp.Extras().Quoted = &catalog.QuoteTerms{Quote: &catalog.Quote{ID: "q"}}
		}
		pr := &pricing.Price{Model: "on_demand", Point: pp, Kind: catalog.KindProvider, Freshness: catalog.Fresh, Converted: true, Display: hourly}
		return &pricing.Offer{Instance: in, Region: "us-east-1", Prices: map[string]*pricing.Price{"on_demand": pr}}
	}
	list, quote, other := offer(p4d, 32, false), offer(p4d, 20, true), offer(p5, 50, false)
	plan := PlanTrial(cat, []*pricing.Offer{list, quote, other}, []string{"on_demand"})
	if len(plan.Offers) != 2 || plan.Offers[0].Offer != quote || plan.Offers[1].Offer != other {
		t.Fatalf("plan = %d offers, want the quote of p4d, then p5", len(plan.Offers))
	}
	if plan.Offers[0].MinCost != 1440 || plan.Offers[0].MaxCost != 2400 {
		t.Errorf("the quote's trial costs %v to %v, want 1440 to 2400", plan.Offers[0].MinCost, plan.Offers[0].MaxCost)
	}
}
