package pricing

import (
	"math"
	"time"

	"gpucompare/generator/catalog"
)

// quoteOffers are the offers the team's private quotes for instance type
// in make (catalog.Quotes, from an overlay), one per quote still valid on
// the day j counts to, in file order: each its own row beside the list
// offers of the instance type, its price of source kind catalog.KindQuote,
// current for as long as the quote is valid, and taking part in every
// ranking as any current price does. list are the instance type's list
// offers, whose price under the quote's pricing model in its region (else
// in "all") is the list price the quote is measured against. An expired
// quote makes no offer: ExpiredQuotes lists it for pages to say so.
func quoteOffers(cat *catalog.Catalog, in *catalog.Instance, list []*Offer, rates *converter, j judge) []*Offer {
	var out []*Offer
	for _, q := range cat.QuotesOf(in) {
		if q.Expired(j.ref) {
			continue
		}
		pp := &catalog.PricePoint{
			Instance: in.ID, Region: q.Offer.Region, Model: q.Offer.Model, Amount: q.Amount,
			Currency: q.Currency, Since: q.ValidFrom, SourceKind: catalog.KindQuote, Provider: in.Provider.ID,
		}
		h, ok := EffectiveHourly(pp, in.GPUCount, nil)
		if !ok {
			continue
		}
		pr := &Price{Model: pp.Model, Point: pp, Hourly: h, Kind: catalog.KindQuote, Freshness: catalog.Fresh}
		rates.convert(pr)
		pr.Options = []*Price{pr}
		terms := &catalog.QuoteTerms{Quote: q, Against: math.NaN()}
		if q.DiscountPct != nil {
			terms.Against, terms.Stated = *q.DiscountPct, true
		} else if lp := listOf(list, q); lp != nil && lp.Converted && pr.Converted && lp.Display > 0 {
			terms.Against = (lp.Display - pr.Display) / lp.Display * 100
		}
		pp.Extras().Quoted = terms
		o := &Offer{Provider: in.Provider, Instance: in, GPU: cat.GPU(in.GPU), Region: q.Offer.Region, Prices: map[string]*Price{pp.Model: pr}}
		out = append(out, o)
	}
	return out
}

// listOf is the list price a quote is measured against: its offer's price
// under its pricing model in its region, else in "all"; nil when none.
func listOf(list []*Offer, q *catalog.Quote) *Price {
	var all *Price
	for _, o := range list {
		pr := o.Prices[q.Offer.Model]
		switch {
		case pr == nil:
		case o.Region == q.Offer.Region:
			return pr
		case o.Region == catalog.AllRegions:
			all = pr
		}
	}
	return all
}

// Quoted is the quote the offer stands for, or nil for an offer of list
// prices: an offer made from a quote has its quote's price alone.
func (o *Offer) Quoted() *catalog.QuoteTerms {
	for _, pr := range o.Prices {
		if pr.Point.Quoted() != nil {
			return pr.Point.Quoted()
		}
	}
	return nil
}

// ExpiredQuotes are the catalog's quotes expired on day ref (their last
// valid day before it), in file order: they take part in no ranking, and
// pages say so.
func ExpiredQuotes(cat *catalog.Catalog, ref time.Time) []*catalog.Quote {
	var out []*catalog.Quote
	for _, q := range cat.Quotes {
		if q.Expired(ref) {
			out = append(out, q)
		}
	}
	return out
}
