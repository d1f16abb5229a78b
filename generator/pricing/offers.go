package pricing

import (
	"cmp"
	"time"

	"gpucompare/generator/catalog"
)

// Offer is one row of the instance matrix: an instance type in one region,
// with its latest price under each pricing model there.
type Offer struct {
	Provider *catalog.Provider
	Instance *catalog.Instance
	GPU      *catalog.GPU // nil only for a catalog that failed validation
	// Region is a region id, "all" for a price that holds in every region
	// (and no region-specific price exists), or "" for an instance type
	// without any price, listed once.
	Region string
	Prices map[string]*Price // by pricing model
}

// Rankable reports whether the offer's prices are whole prices that may be
// ranked against others: not a component of a price (a GPU without its VM).
func (o *Offer) Rankable() bool { return o.Instance.PriceIncomplete == "" }

// Price is the latest price of an offer under one pricing model, made
// comparable: an effective hourly price for the whole instance, in the
// quoted currency and in the display currency.
type Price struct {
	Model string
	Point *catalog.PricePoint // the point it comes from
	// Kind is the kind of source of the price (catalog.SourceKinds): the
	// point's, but an estimate when the price is worked out from a
	// discount off on-demand.
	Kind string
	// Hourly is the effective hourly price of the instance in the quoted
	// currency (or, for a discount-only point, in the currency of the
	// on-demand price it discounts).
	Hourly Hourly
	// Display is Hourly in the display currency, with the rate used:
	// one Conversion shared by every price converted from the same
	// currency, never nil (the zero Conversion when not Converted).
	Display    float64
	Conversion *Conversion
	// Freshness is the freshness badge of the price's date on the day the
	// offers were made for (catalog.Badge under the site's policy):
	// catalog.Fresh, Aging, Stale or Undated.
	Freshness string
	// Superseded says the offer is retired: its source no longer lists
	// it (the point's last_seen).
	Superseded bool
	// Marketplace says the provider resells third-party hosts
	// (catalog.Marketplace).
	Marketplace bool
	// Restricted says the offer's region is open only to customers its
	// provider vets (catalog.AccessRestricted: AWS GovCloud): listed,
	// labelled, never an answer, as an ordinary buyer cannot buy it.
	Restricted bool
	// Fallback says the price is stale or undated but answers all the
	// same, as no whole price of its GPU model under its pricing model is
	// current (fallBack); pages then say so.
	Fallback bool
	// Converted is false when no rate exists: Display is then not set.
	Converted bool
	// Options are the latest price of each payment option of the model,
	// this one among them, in the order of their points; a model with one
	// option has this price alone.
	Options []*Price
}

// Offers makes the offers of the catalog, providers and instance types in
// catalog order, regions in the order their first price appears. A price
// point for region "all" holds in each region row of its instance type, or
// makes one row of its own when the instance type has no region-specific
// price; a point whose source names no region (RegionUnstated) is always
// in that row of its own, never in a region's. Prices are judged
// current or not (Price.Freshness) on the catalog's newest date
// (catalog.NewestDate), as a build does that names no day.
func Offers(cat *catalog.Catalog, display string) []*Offer {
	return OffersAt(cat, display, catalog.NewestDate(cat))
}

// OffersAt is Offers with prices judged current or not on day ref, the
// day the pages count ages to.
func OffersAt(cat *catalog.Catalog, display string, ref time.Time) []*Offer {
	history := map[*catalog.Instance][]*catalog.PricePoint{}
	for _, pp := range cat.Prices {
		p := cat.Provider(pp.Provider)
		if p == nil {
			continue
		}
		if in := p.Instance(pp.Instance); in != nil {
			history[in] = append(history[in], pp)
		}
	}
	rates := newConverter(Rates(cat.FX), display)
	fresh, stale := cat.Site.Policy()
	var out []*Offer
	for _, p := range cat.Providers {
		j := judge{ref: ref, fresh: fresh, stale: stale, marketplace: p.Kind == catalog.Marketplace}
		for _, in := range p.Instances {
			list := offersOf(cat, p, in, history[in], rates, j)
			out = append(out, list...)
			out = append(out, quoteOffers(cat, in, list, rates, j)...)
		}
	}
	restrict(out)
	fallBack(out)
	return out
}

// restrict marks Restricted each price of an offer in a region its
// provider opens only to customers it vets (catalog.Region.Access).
func restrict(offers []*Offer) {
	for _, o := range offers {
		r := o.Provider.Region(o.Region)
		if r == nil || r.Access != catalog.AccessRestricted {
			continue
		}
		for _, pr := range o.Prices {
			pr.Restricted = true
			for _, op := range pr.Options {
				op.Restricted = true
			}
		}
	}
}

// fallBack lets stale and undated prices answer where nothing current
// exists: for each GPU model and pricing model with no whole price that
// answers by default (Price.Why), it marks the stale and undated whole
// prices Fallback. A superseded offer, a restricted region's price, a
// marketplace's price, an article's figure or an estimate never falls
// back.
func fallBack(offers []*Offer) {
	type key struct{ gpu, model string }
	current := map[key]bool{}
	for _, o := range offers {
		if !o.Rankable() || o.Instance.VGPUProfile != "" {
			continue // a part of a price or a slice of a GPU is no current price of the GPU
		}
		for m, pr := range o.Prices {
			if pr.Why() == "" {
				current[key{o.Instance.GPU, m}] = true
			}
		}
	}
	for _, o := range offers {
		if !o.Rankable() {
			continue
		}
		for m, pr := range o.Prices {
			if w := pr.Why(); (w == catalog.Stale || w == catalog.Undated) && !current[key{o.Instance.GPU, m}] {
				pr.Fallback = true
			}
		}
	}
}

// judge marks a price with what decides whether it answers by default
// (Price.Why): its freshness on day ref under the policy, and whether
// its provider is a marketplace.
type judge struct {
	ref          time.Time
	fresh, stale int
	marketplace  bool
}

func (j judge) mark(pr *Price) {
	d, _ := catalog.AgeDate(pr.Point)
	pr.Freshness = catalog.Badge(d, j.ref, j.fresh, j.stale)
	pr.Superseded = pr.Point.LastSeen() != ""
	pr.Marketplace = j.marketplace
}

func offersOf(cat *catalog.Catalog, p *catalog.Provider, in *catalog.Instance, history []*catalog.PricePoint, rates *converter, j judge) []*Offer {
	newOffer := func(region string) *Offer {
		return &Offer{Provider: p, Instance: in, GPU: cat.GPU(in.GPU), Region: region, Prices: map[string]*Price{}}
	}
	if len(history) == 0 {
		return []*Offer{newOffer("")}
	}
	var regions []string
	latest := map[string]map[string][]*catalog.PricePoint{} // region → model → latest point of each payment option
	everywhere := map[string][]*catalog.PricePoint{}        // model → latest "all" points
	unstated := map[string][]*catalog.PricePoint{}          // model → latest points whose source names no region
	for _, pp := range history {
		m := latest[pp.Region]
		if pp.Region == catalog.AllRegions && pp.RegionUnstated {
			unstated[pp.Model] = replaceSeries(unstated[pp.Model], pp)
			continue
		}
		if pp.Region == catalog.AllRegions {
			everywhere[pp.Model] = replaceSeries(everywhere[pp.Model], pp)
			continue
		}
		if m == nil {
			m = map[string][]*catalog.PricePoint{}
			latest[pp.Region] = m
			regions = append(regions, pp.Region)
		}
		m[pp.Model] = replaceSeries(m[pp.Model], pp)
	}
	if len(regions) == 0 {
		regions = []string{catalog.AllRegions}
		latest[catalog.AllRegions] = map[string][]*catalog.PricePoint{}
	}
	if len(unstated) > 0 {
		// A price given for no region is shown once, in a row of its own
		// (with the "all" points), never copied into each region's row.
		if latest[catalog.AllRegions] == nil {
			regions = append(regions, catalog.AllRegions)
			latest[catalog.AllRegions] = map[string][]*catalog.PricePoint{}
		}
		for model, pts := range unstated {
			latest[catalog.AllRegions][model] = pts
		}
	}
	var out []*Offer
	for _, region := range regions {
		o := newOffer(region)
		points := latest[region]
		for model, pts := range everywhere {
			if _, ok := points[model]; !ok {
				points[model] = pts
			}
		}
		// On-demand first: discount-only points of other models need it.
		var onDemand *Hourly
		if pr := bestPrice(points["on_demand"], in.GPUCount, nil, rates, j); pr != nil {
			o.Prices["on_demand"] = pr
			onDemand = &pr.Hourly
		}
		for model, pts := range points {
			if model == "on_demand" {
				continue
			}
			if pr := bestPrice(pts, in.GPUCount, onDemand, rates, j); pr != nil {
				o.Prices[model] = pr
			}
		}
		out = append(out, o)
	}
	return out
}

// replaceSeries keeps the latest point of each payment option: a later
// point of the same option replaces the earlier one (history is file order).
func replaceSeries(points []*catalog.PricePoint, pp *catalog.PricePoint) []*catalog.PricePoint {
	for i, q := range points {
		if q.Payment() == pp.Payment() {
			points[i] = pp
			return points
		}
	}
	return append(points, pp)
}

// bestPrice is the lowest effective hourly price among the payment options
// of one model, in the display currency where a rate exists (else in the
// quoted currency). A price that may be ranked (Price.Ranked) wins over
// one that may not, however low: an article's figure or an estimate is the
// offer's price only where no provider or aggregator states one.
func bestPrice(points []*catalog.PricePoint, gpus int, onDemand *Hourly, rates *converter, j judge) *Price {
	var best *Price
	var options []*Price
	for _, pp := range points {
		h, ok := EffectiveHourly(pp, gpus, onDemand)
		if !ok {
			continue
		}
		pr := &Price{Model: pp.Model, Point: pp, Hourly: h, Kind: pp.SourceKind}
		if h.OffOnDemand {
			pr.Kind = catalog.KindEstimate
		}
		j.mark(pr)
		rates.convert(pr)
		options = append(options, pr)
		if best == nil || pr.Before(best) {
			best = pr
		}
	}
	if best != nil {
		best.Options = options
	}
	return best
}

// Include is what a reader's switches let answer besides the prices that
// answer by default: stale and undated prices ("include stale prices",
// stale=1 in a page's URL), marketplaces' ("include marketplaces",
// market=1), articles' figures and estimates ("include estimates",
// est=1). A superseded offer and a restricted region's never answer.
type Include struct {
	Stale, Marketplaces, Estimates bool
}

// Switches are the states of the two switches every answer has, as
// pages number them (data-show, data-answers): 0 neither, 1 "include
// stale prices", 2 "include marketplaces", 3 both.
var Switches = [4]Include{{}, {Stale: true}, {Marketplaces: true}, {Stale: true, Marketplaces: true}}

// The reasons a price does not answer by default (Price.Why), besides
// its source kind (catalog.KindArticle, catalog.KindEstimate).
const (
	WhySuperseded  = "superseded"
	WhyRestricted  = catalog.AccessRestricted
	WhyMarketplace = catalog.Marketplace
)

// Why is why the price does not answer by default, the first of these
// that holds: its offer is superseded (WhySuperseded); its region is
// open only to customers the provider vets (WhyRestricted); it is an article's
// figure or an estimate (its kind); its provider is a marketplace
// (WhyMarketplace); it is stale or undated under the freshness policy
// (catalog.Stale, catalog.Undated). "" when it answers: a current price
// of a provider a team can contract, from the provider or a price
// catalog, still listed. A stale or undated price that answers as nothing
// current exists (Fallback) keeps its reason: pages say it.
//
// This is the one rule every answer follows — the home table, the
// cheapest of a GPU or a provider, the report's recommendation, guide
// short lists, scenario and evaluation rankings, a benchmark's best
// value, charts — and static/answers.js is the same rule in the browser.
func (p *Price) Why() string {
	switch {
	case p.Superseded:
		return WhySuperseded
	case p.Restricted:
		return WhyRestricted
	case !catalog.Ranked(p.Kind):
		return p.Kind
	case p.Marketplace:
		return WhyMarketplace
	case p.Freshness == catalog.Stale || p.Freshness == catalog.Undated:
		return p.Freshness
	}
	return ""
}

// Answers reports whether the price may answer (be the cheapest, the
// recommended, ranked first) with the reader's switches inc: never when
// superseded or in a restricted region; an article's figure or an estimate with inc.Estimates; a
// marketplace's with inc.Marketplaces; a stale or undated price with
// inc.Stale.
func (p *Price) Answers(inc Include) bool {
	if p.Superseded || p.Restricted {
		return false
	}
	if !catalog.Ranked(p.Kind) && !inc.Estimates {
		return false
	}
	if p.Marketplace && !inc.Marketplaces {
		return false
	}
	return inc.Stale || p.Fallback || p.Freshness != catalog.Stale && p.Freshness != catalog.Undated
}

// Ranked reports whether the price takes part in rankings, cheapest picks
// and charts by default (Answers with no switch on): current, a
// provider's or an aggregator's figure, not a marketplace's, still
// listed. The others are listed, marked, and ranked only when the reader
// includes them, or where nothing current exists (and then say so).
func (p *Price) Ranked() bool { return p.Answers(Include{}) }

// DiscountRanked reports whether the price's discount off on-demand may be
// ranked (a chart of discounts, a reserved-discount score): a discount a
// source states is its source's figure, though the price worked out from
// it is an estimate; any other price's discount is as ranked as the price.
func (p *Price) DiscountRanked() bool {
	if p.Hourly.OffOnDemand {
		return catalog.Ranked(p.Point.SourceKind) && p.Answers(Include{Estimates: true})
	}
	return p.Ranked()
}

// Ranks reports whether the offer's price under model may be ranked by
// default: there is one, it is a whole price (Rankable), and it answers
// by default (Price.Ranked).
func (o *Offer) Ranks(model string) bool { return o.Answers(model, Include{}) }

// Answers reports whether the offer's price under model may answer with
// the reader's switches inc: there is one, it is a whole price
// (Rankable), and it answers (Price.Answers).
func (o *Offer) Answers(model string, inc Include) bool {
	pr := o.Prices[model]
	return pr != nil && o.Rankable() && pr.Answers(inc)
}

// Before reports whether p is chosen over q as the cheaper price: a
// provider's or an aggregator's figure over an article's or an estimate,
// however low, then one that may be ranked (Ranked) over one that may
// not, else the lower in the display currency where both convert (else
// as quoted).
func (p *Price) Before(q *Price) bool {
	if a, b := p.Answers(Include{Stale: true}), q.Answers(Include{Stale: true}); a != b {
		return a
	}
	if p.Ranked() != q.Ranked() {
		return p.Ranked()
	}
	return cmp.Compare(p.sortKey(), q.sortKey()) < 0
}

func (p *Price) sortKey() float64 {
	if p.Converted {
		return p.Display
	}
	return p.Hourly.Amount
}

// PerGPUHour is the display-currency price per GPU-hour, or false when it
// is unknown.
func (o *Offer) PerGPUHour(model string) (float64, bool) {
	pr := o.Prices[model]
	if pr == nil || !pr.Converted || o.Instance.GPUCount <= 0 {
		return 0, false
	}
	return pr.Display / float64(o.Instance.GPUCount), true
}

// PerGPUMemoryGBHour is the display-currency price per GB of GPU memory per
// hour, or false when the memory or the price is unknown.
func (o *Offer) PerGPUMemoryGBHour(cat *catalog.Catalog, model string) (float64, bool) {
	pr := o.Prices[model]
	if pr == nil || !pr.Converted {
		return 0, false
	}
	return PerUnit(pr.Display, cat.TotalGPUMemoryGB(o.Instance))
}

// PerTFLOPSHour is the display-currency price per dense TFLOPS-hour at a
// precision ("fp16_bf16", "fp32" …), or false when unknown.
func (o *Offer) PerTFLOPSHour(precision catalog.Precision, model string) (float64, bool) {
	pr := o.Prices[model]
	if pr == nil || !pr.Converted || o.GPU == nil {
		return 0, false
	}
	per := precision.Of(o.GPU.Dense)
	if per == nil {
		return 0, false
	}
	total := *per * float64(o.Instance.GPUCount)
	return PerUnit(pr.Display, &total)
}
