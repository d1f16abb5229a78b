package report

import (
	"cmp"
	"slices"
	"time"

	"gpucompare/generator/bench"
	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/pagemodel"
)

// What a purchase request attaches besides the ranking: the team's quotes
// (an overlay's, with -overlay), each beside its list price and the
// cheapest alternatives of its GPU model, and the team's own trials on
// the offers the report keeps.

// reportQuote is a quote as the report shows it.
type reportQuote struct {
	*catalogpages.QuoteView
	Instance   *catalog.Instance
	GPU        *catalog.GPU
	Currency   string // the site's
	RegionName string
	// PerGPUHour is the quote per GPU-hour in the site currency, when it
	// converts and the quote is valid (it then ranks as an offer).
	PerGPUHour    float64
	HasPerGPUHour bool
	// ListPerGPUHour is the list price's, on the same terms.
	ListPerGPUHour    float64
	HasListPerGPUHour bool
	// Alternatives are the cheapest other offers of the same GPU model
	// under the same pricing model, by price per GPU-hour: at most
	// reportAlternatives, other quotes and the quote's own offer left out.
	Alternatives []*reportAlternative
}

// reportAlternative is an offer a quote is weighed against.
type reportAlternative struct {
	Offer      *pricing.Offer
	Region     string // its name
	PerGPUHour float64
	Trust      *pagemodel.TrustView
}

// reportAlternatives is how many alternatives the report lists beside a
// quote.
const reportAlternatives = 3

// reportOwn makes the report's parts of the team's own: its quotes and
// its trials, from the catalog, the report's day and language, and the
// trust view of a price.
type reportOwn struct {
	cat   *catalog.Catalog
	day   time.Time
	lang  string
	trust func(*catalog.PricePoint, string) *pagemodel.TrustView
}

// reportQuotes are the quotes of the instance types the report keeps, in
// file order per instance type, the valid ones first (catalogpages.InstanceQuotes).
func (b reportOwn) reportQuotes(opts ReportOptions, all []*pricing.Offer) []*reportQuote {
	var out []*reportQuote
	for _, p := range b.cat.Providers {
		for _, in := range p.Instances {
			if !opts.keep(&pricing.Offer{Provider: p, Instance: in}) {
				continue
			}
			for _, qv := range catalogpages.InstanceQuotes(b.cat, in, b.day) {
				out = append(out, b.reportQuote(qv, in, all))
			}
		}
	}
	return out
}

func (b reportOwn) reportQuote(qv *catalogpages.QuoteView, in *catalog.Instance, all []*pricing.Offer) *reportQuote {
	q := qv.Quote
	r := &reportQuote{QuoteView: qv, Instance: in, GPU: b.cat.GPU(in.GPU), Currency: b.cat.Site.Currency, RegionName: q.Offer.Region}
	if qv.Region != nil {
		r.RegionName = cmp.Or(pagemodel.RegionName(qv.Region, b.lang), q.Offer.Region)
	}
	model := q.Offer.Model
	for _, o := range all {
		if o.Instance != in || o.Region != q.Offer.Region {
			continue
		}
		if t := o.Quoted(); t != nil && t.Quote == q {
			r.PerGPUHour, r.HasPerGPUHour = o.PerGPUHour(model)
		} else if t == nil {
			r.ListPerGPUHour, r.HasListPerGPUHour = o.PerGPUHour(model)
		}
	}
	var alts []*reportAlternative
	for _, o := range all {
		if o.Instance.GPU != in.GPU || o.Quoted() != nil || !o.Ranks(model) || o.Instance == in && o.Region == q.Offer.Region {
			continue
		}
		per, ok := o.PerGPUHour(model)
		if !ok {
			continue
		}
		pr := o.Prices[model]
		a := &reportAlternative{Offer: o, Region: o.Region, PerGPUHour: per, Trust: b.trust(pr.Point, pr.Kind)}
		if reg := o.Provider.Region(o.Region); reg != nil {
			a.Region = cmp.Or(pagemodel.RegionName(reg, b.lang), reg.ID)
		}
		alts = append(alts, a)
	}
	slices.SortStableFunc(alts, func(x, y *reportAlternative) int { return cmp.Compare(x.PerGPUHour, y.PerGPUHour) })
	r.Alternatives = alts[:min(len(alts), reportAlternatives)]
	return r
}

// reportTrial is a team's own trial as the report lists it.
type reportTrial struct {
	*bench.TrialFigure
	Start, End *pagemodel.DateView
	Region     string
	Currency   string // the site's
	WorkUnit   string // what the work counts; "" for a time (RunCost)
}

// reportTrials are the trial figures on the instance types the report
// keeps, ranked as the benchmark pages rank them (bench.Trials): costed at
// the price each trial paid, at offers of every kept provider and GPU.
func (b reportOwn) reportTrials(opts ReportOptions, all []*pricing.Offer) []*reportTrial {
	if len(b.cat.Trials) == 0 {
		return nil
	}
	var out []*reportTrial
	for _, f := range bench.Trials(b.cat, bench.Derive(b.cat, all), b.day) {
		if f.Instance == nil || !opts.keep(&pricing.Offer{Provider: f.Provider, Instance: f.Instance}) {
			continue
		}
		t := &reportTrial{TrialFigure: f, Start: pagemodel.NewDate(f.Trial.Start), End: pagemodel.NewDate(f.Trial.End),
			Region: f.Trial.Offer.Region, Currency: b.cat.Site.Currency}
		if reg := f.Provider.Region(f.Trial.Offer.Region); reg != nil {
			t.Region = cmp.Or(pagemodel.RegionName(reg, b.lang), reg.ID)
		}
		if !f.Time() {
			t.WorkUnit = bench.WorkUnit(f.Unit)
		}
		out = append(out, t)
	}
	return out
}
