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
			pp.Quoted = &catalog.QuoteTerms{Quote: &catalog.Quote{ID: "q"}}
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
