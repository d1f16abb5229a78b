package catalogpages

import (
	"math"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/pagemodel"
)

// QuoteView is a team's private quote (from an overlay) as an instance
// page shows it: beside the list price of the same offer, with how far
// below list it is, until its last valid day; after it, listed as expired.
type QuoteView struct {
	*catalog.Quote
	Region     *catalog.Region // nil when the provider has no such region
	ValidUntil *pagemodel.DateView
	// List is the current list price of the same offer (region, pricing
	// model, currency), nil when the catalog has none.
	List *catalog.PricePoint
	// Against is the discount against list in percent, as the quote
	// states it (Stated) or worked out from List; NaN when neither.
	Against float64
	Stated  bool
	Expired bool
}

// HasAgainst says whether the discount against list is known.
func (q *QuoteView) HasAgainst() bool { return !math.IsNaN(q.Against) }

// AgainstText is the discount against list, rounded to a whole percent.
func (q *QuoteView) AgainstText() int { return int(math.Round(q.Against)) }

// Above is how far above list the quote is, in whole percent: a quote
// can be worse than list.
func (q *QuoteView) Above() int { return -q.AgainstText() }

// InstanceQuotes are the quotes for instance type in, the valid ones
// first, each beside its list price as of day.
func InstanceQuotes(cat *catalog.Catalog, in *catalog.Instance, day time.Time) []*QuoteView {
	var valid, expired []*QuoteView
	for _, q := range cat.QuotesOf(in) {
		v := &QuoteView{Quote: q, ValidUntil: pagemodel.NewDate(q.ValidUntil), Against: math.NaN(), Expired: q.Expired(day)}
		v.Region = in.Provider.Region(q.Offer.Region)
		v.List = listPrice(cat, in, q)
		switch {
		case q.DiscountPct != nil:
			v.Against, v.Stated = *q.DiscountPct, true
		case v.List != nil && *v.List.Amount > 0:
			v.Against = (*v.List.Amount - *q.Amount) / *v.List.Amount * 100
		}
		if v.Expired {
			expired = append(expired, v)
		} else {
			valid = append(valid, v)
		}
	}
	return append(valid, expired...)
}

// listPrice is the current list price of the quote's offer in its
// currency, per instance, or nil: the latest point of the offer's series
// in file order, as the offers take it (pricing.OffersAt), so that a
// quote's discount against list is the same on every page.
func listPrice(cat *catalog.Catalog, in *catalog.Instance, q *catalog.Quote) *catalog.PricePoint {
	var best *catalog.PricePoint
	for _, pp := range cat.PricesOf(in) {
		if pp.Region != q.Offer.Region || pp.Model != q.Offer.Model || pp.Payment() != "" && best != nil && best.Payment() != pp.Payment() {
			continue
		}
		best = pp
	}
	if best == nil || best.Currency != q.Currency || best.Amount == nil || best.PerGPU || best.LastSeen() != "" || !catalog.Ranked(best.SourceKind) {
		return nil
	}
	return best
}

// ExpiredQuotes are the quotes expired on day (pricing.ExpiredQuotes),
// each with its provider and instance type, for the banner to name.
func ExpiredQuotes(cat *catalog.Catalog, day time.Time, lang string) []*pagemodel.ExpiredQuote {
	var out []*pagemodel.ExpiredQuote
	for _, q := range pricing.ExpiredQuotes(cat, day) {
		e := &pagemodel.ExpiredQuote{Quote: q, ProviderName: q.Offer.Provider, InstanceName: q.Offer.Instance}
		if p := cat.Provider(q.Offer.Provider); p != nil {
			e.ProviderName = pagemodel.ProviderName(p, lang)
			if in := p.Instance(q.Offer.Instance); in != nil {
				e.InstanceName = pagemodel.InstanceName(in, lang)
			}
		}
		out = append(out, e)
	}
	return out
}
