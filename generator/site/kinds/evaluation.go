package kinds

import (
	"cmp"
	"fmt"
	"html/template"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/charts"
	"gpucompare/generator/guide"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// The evaluation page: /evaluation/ is the weighted evaluation matrix of
// data/scoring.yaml — every criterion with how it is measured, which way
// is better, its default weight and its source; every provider's 0–100
// score (guide.Score) with the share of the weight it rests on, and its
// score and measured value on each criterion, unknowns shown as unknown
// and left out; a radar chart of the leaders. A provider unknown on more
// than half of the weight (guide.MinShare) is listed apart, with too
// little data to rank, and given no place.
//
// The price criteria compare like with like: each provider's cheapest
// offer of one GPU class (guide.PriceMeasure), the scoring file's
// gpu_class or, without one, the class the most providers have a price
// for (guide.DefaultClass). So do the other figures of offers (GPU
// memory and bandwidth, NVLink, network, RDMA …, guide.OfferMeasure): a
// provider's row shows and scores those of its offers of the class only.
// Prices quoted in another currency are
// converted at the catalog's latest dated rate first, and the page says
// which. Weight sliders and a class select (static/weights.js) recompute
// the ranking in the browser with the same rules; without script the
// default ranking stands and the page names the class it compares.
//
// Below the providers, the offers of that GPU class: each scored on the
// same criteria, its own figures where a criterion is a property of an
// offer (price, GPU memory and bandwidth, NVLink, network, RDMA,
// GPUDirect, isolation, reserved discount) and its provider's terms for
// the rest (guide.ScoreOffers). The page lists the best offerTop under
// the default weights; the script ranks every offer of the chosen class
// again and shows the new best.
//
// Current first, as every answer of the site: by default the prices
// ranked, of providers and of offers, are those that answer
// (pricing.Price.Answers): current prices of providers a team can
// contract, a stale or undated one only where its GPU has nothing current
// (and its row says so, in the home table's words). The offers of the
// class whose price is stale, undated or a marketplace's are named below
// the ranking with why they are left out, and ranked when the reader
// turns on the switches every answer has ("include stale prices",
// stale=1; "include marketplaces", market=1, in the URL's fragment);
// the script ranks providers and offers again under them by the same
// rule (guide.ScoreUnder).

// radarTop is how many leaders the radar chart draws.
const radarTop = 5

// offerTop is how many of the best offers the evaluation page lists.
const offerTop = 50

// Evaluation is the page kind of the evaluation page: a function of the
// edition's catalog, its derived data and its messages, with newPage
// making the frame of a page of the edition.
type Evaluation struct {
	cat     *catalog.Catalog
	data    *derive.Data
	msgs    render.Messages
	newPage func(path, layout string) *pagemodel.Page
}

// text is the text of the field key of the catalog record rec in the
// edition's language (catalog.Text).
func (e *Evaluation) text(rec any, key string) string { return pagemodel.CatalogText(e.cat, rec, key) }

// Page makes the evaluation page; nil when the catalog has no
// data/scoring.yaml.
func (e *Evaluation) Page() (*pagemodel.Page, error) {
	if e.cat.Scoring == nil {
		return nil, nil
	}
	p := e.newPage(paths.Evaluation, "evaluation")
	p.TitleKey, p.DescKey = "evaluation.title", "evaluation.description"
	p.Script = p.Rel("static/weights.js")
	x := &render.Texter{M: e.msgs}
	p.Data = e.evaluationData(p, x)
	return p, x.Err
}

// EvaluationData is the model of the evaluation page.
type EvaluationData struct {
	Scoring  *catalog.Scoring
	Criteria []*criterionView
	Rows     []*scoreRow // the ranked, best first
	Apart    []*scoreRow // too little data to rank, in catalog order
	// MaxWeight is the top of the weight sliders, Step their step.
	MaxWeight float64
	Step      string
	Radar     *pagemodel.ChartView
	// Class is the GPU class the price criteria compare within; Classes
	// are the classes a buyer may pick, those with a comparable price.
	Class   catalog.GPUClass
	Classes []guide.PriceClass
	// Mainland says a provider has regions in mainland China: the form
	// has the switch "mainland China clouds first" (weightsScript).
	Mainland bool
	// MainlandOn says that switch is on by default (weightsScript.MainlandOn);
	// MainlandApart then names, above the ranking, the China clouds with
	// too little data to rank and those stale prices would rank
	// (mainlandApart).
	MainlandOn                       bool
	MainlandApart, MainlandApartTwin string
	// Rates are the conversions into Currency, the site's, of the prices
	// the criteria compare, one per quoted currency.
	Rates    []*render.RateView
	Currency string
	// pool are the offers of Class scored, in the site's order;
	// scoredOffers the same, best first.
	pool         []*pricing.Offer
	scoredOffers []*guide.ScoredOffer
	// OfferCriteria are the criteria an offer is measured on itself;
	// Offers are the best offerTop of OfferCount ranked offers of Class,
	// OffersApart names the offers of Class with too little data to rank.
	OfferCriteria []*criterionView
	Offers        []*offerScoreRow
	OfferCount    int
	OffersApart   []string
	// OffersOut names the offers of Class whose price answers only when
	// the reader includes it (a stale, undated or marketplace's price),
	// each with why.
	OffersOut []string
	// ProvidersOut are the providers with an on-demand price of Class
	// that no price of theirs ranks by default, each with why and what
	// including it would make of its place (providersOut).
	ProvidersOut []string
	data         *weightsScript
}

// offerScoreRow is an offer's place in the ranking of offers.
type offerScoreRow struct {
	Rank        int
	Index       int // the offer's place in the site's offer order, which breaks ties
	Scored      *guide.ScoredOffer
	InstanceURL string
	ProviderURL string
	Sub         string // region · GPUs
	Score       float64
	Basis       string
	Cells       []scoreCell // aligned with OfferCriteria
	// Why and Months say why the offer's price, stale or undated, ranks:
	// nothing current exists for its GPU (pricing.Price.Fallback), in
	// the home table's words (partial "answer-why"); "" for a current
	// price.
	Why    string
	Months int
	// Terms is the weighted score of the provider's terms alone (the
	// criteria that are not the offer's own), nil when none is known.
	Terms *float64
}

// criterionView is a criterion as the page shows it.
type criterionView struct {
	*catalog.Criterion
	// Name and Description are the criterion's, in the page's language.
	Name, Description string
	Anchor            string
	Known             int  // providers with a value
	Price             bool // compared within the GPU class: a price, or another figure of the class's offers
	Weight            string
	// Share is the default weight as a percentage of all the weights.
	Share float64
}

// scoreRow is a provider's place in the ranking, or its row among those
// with too little data to rank (Rank 0).
type scoreRow struct {
	Rank   int
	Index  int // the provider's place in the catalog, which breaks ties
	Scored *guide.Scored
	URL    string
	Score  float64 // rounded as shown
	Known  int     // criteria with a score
	Basis  string
	// NotRanked says, beside the mark of a row with too little data to
	// rank, why: the share of the weight its score rests on against the
	// share a place needs (guide.MinShare); "" for a ranked row.
	NotRanked string
	Cells     []scoreCell // aligned with the criteria
}

// scoreCell is a provider's score and measured value on one criterion;
// Score is nil when the value is unknown.
type scoreCell struct {
	Score *float64
	Value string
}

func (e *Evaluation) evaluationData(p *pagemodel.Page, x *render.Texter) *EvaluationData {
	cat := e.cat
	crit := cat.Scoring.Criteria
	d := &EvaluationData{Scoring: cat.Scoring, Step: "1", MaxWeight: 20, Classes: guide.PriceClasses(cat, e.data.Priced)}
	d.Class = e.evaluationClass(d)
	d.Class = classNamed(cat, e.text, d.Class)
	for i := range d.Classes {
		d.Classes[i].GPUClass = classNamed(cat, e.text, d.Classes[i].GPUClass)
	}
	scored := guide.Score(cat, e.data.Priced, crit, d.Class.ID)
	total := 0.0
	for _, c := range crit {
		total += c.Weight
		d.MaxWeight = max(d.MaxWeight, math.Ceil(c.Weight*2/5)*5)
		if c.Weight != math.Trunc(c.Weight) {
			d.Step = "any"
		}
	}
	for _, c := range crit {
		v := &criterionView{Criterion: c, Name: e.text(c, "name"), Description: e.text(c, "description"), Anchor: "criterion-" + c.ID, Weight: fmtInput(c.Weight), Price: guide.PriceMeasure(c.Measure) || d.Class.ID != "" && guide.OfferMeasure(c.Measure)}
		for _, s := range scored {
			if _, ok := s.Values[c.ID]; ok {
				v.Known++
			}
		}
		if total > 0 {
			v.Share = pricing.Round(c.Weight/total*100, 1)
		}
		d.Criteria = append(d.Criteria, v)
	}
	d.Rows, d.Apart = e.scoreRows(p, scored, x)
	d.Rates, d.Currency = e.evaluationRates(), cat.Site.Currency
	e.offerScores(d, p, scored, x)
	d.ProvidersOut = e.providersOut(d, scored, x)
	d.data = e.weightsData(d, p, x)
	if d.MainlandOn = d.data.MainlandOn; d.MainlandOn {
		d.MainlandApart, d.MainlandApartTwin = e.mainlandApart(d, x)
	}
	return d
}

// classNamed is c named as the other pages name its GPU model where it
// holds one (H100 NVL, not H100 94GB; 昇腾 910B2 in Chinese, text being
// the catalog's text in the page's language); a class of several GPU
// models keeps its name (A100 80GB, of the SXM4 and PCIe models).
func classNamed(cat *catalog.Catalog, text func(rec any, key string) string, c catalog.GPUClass) catalog.GPUClass {
	var only *catalog.GPU
	for _, g := range cat.GPUs {
		if g.Class().ID != c.ID {
			continue
		}
		if only != nil {
			return c
		}
		only = g
	}
	if only != nil {
		c.Name = text(only, "name")
	}
	return c
}

// evaluationClass is the GPU class the page compares prices within by
// default (guide.DefaultClass), put first among the classes to pick
// when no offer of it has a comparable price.
func (e *Evaluation) evaluationClass(d *EvaluationData) catalog.GPUClass {
	id := guide.DefaultClass(e.cat, e.data.Priced)
	if i := slices.IndexFunc(d.Classes, func(c guide.PriceClass) bool { return c.ID == id }); i >= 0 {
		return d.Classes[i].GPUClass
	}
	for _, c := range e.cat.GPUClasses() {
		if c.ID == id {
			d.Classes = slices.Insert(d.Classes, 0, guide.PriceClass{GPUClass: c})
			return c
		}
	}
	return catalog.GPUClass{}
}

// scoreRows makes the rows of the ranking and of the providers with too
// little data to rank, from guide.Score's order.
func (e *Evaluation) scoreRows(p *pagemodel.Page, scored []*guide.Scored, x *render.Texter) (ranked, apart []*scoreRow) {
	cat := e.cat
	crit := cat.Scoring.Criteria
	index := map[*catalog.Provider]int{}
	for i, pr := range cat.Providers {
		index[pr] = i
	}
	for _, s := range scored {
		r := &scoreRow{Index: index[s.Provider], Scored: s, URL: p.Rel(paths.Provider(s.Provider.ID)), Score: pricing.Round(s.Score, 1), Known: len(s.Scores)}
		r.Basis = scoreBasis(r.Known, len(crit), s.Weight, x)
		for _, c := range crit {
			cell := scoreCell{}
			if sc, ok := s.Scores[c.ID]; ok {
				cell.Score = pagemodel.Ptr(pricing.Round(sc, 1))
				cell.Value = measured(c.Measure, s.Values[c.ID], cat.Site.Currency, x)
			}
			r.Cells = append(r.Cells, cell)
		}
		if !s.Ranked() {
			r.NotRanked = x.T("evaluation.not_ranked_why", render.FormatNum(sharePercent(s.Weight)), render.FormatNum(guide.MinShare*100))
			apart = append(apart, r)
			continue
		}
		r.Rank = len(ranked) + 1
		if n := len(ranked); n > 0 && s.Score == ranked[n-1].Scored.Score {
			r.Rank = ranked[n-1].Rank
		}
		ranked = append(ranked, r)
	}
	return ranked, apart
}

// evaluationRates are the conversions into the site currency of every
// price the criteria compare: the offers' prices and the providers'
// egress and storage prices, one per quoted currency, in the order of
// the currencies.
func (e *Evaluation) evaluationRates() []*render.RateView {
	display := e.cat.Site.Currency
	rates := pricing.Rates(e.cat.FX)
	seen := map[string]*render.RateView{}
	add := func(currency string) {
		if _, ok := seen[currency]; ok || currency == "" || currency == display {
			return
		}
		seen[currency] = nil
		if conv, ok := rates.Convert(currency, display); ok {
			seen[currency] = pagemodel.NewRateView(conv.Rate)
		}
	}
	for _, o := range e.data.Priced {
		for _, pr := range o.Prices {
			if pr.Converted {
				add(pr.Hourly.Currency)
			}
		}
	}
	for _, pr := range e.cat.Providers {
		for _, r := range []catalog.Rate{pr.Egress, pr.Storage} {
			if r.Price != nil {
				add(r.Currency)
			}
		}
	}
	var out []*render.RateView
	for _, c := range slices.Sorted(maps.Keys(seen)) {
		if seen[c] != nil {
			out = append(out, seen[c])
		}
	}
	return out
}

// classOffers are the offers of one GPU class with a price comparable
// under some state of the switches (guide.ComparableUnder), and those
// whose price answers by default scored (guide.ScoreOffers), with the
// providers' terms as scored.
func (e *Evaluation) classOffers(class string, providers []*guide.Scored) (pool []*pricing.Offer, scored []*guide.ScoredOffer) {
	pool = guide.OffersOfClass(scorable(e.data.Priced), class)
	ranked := slices.DeleteFunc(slices.Clone(pool), func(o *pricing.Offer) bool { return !guide.Comparable(o) })
	return pool, guide.ScoreOffers(e.cat, ranked, e.cat.Scoring.Criteria, providers)
}

// offerScores ranks the offers of the page's GPU class and keeps the
// best offerTop as rows.
func (e *Evaluation) offerScores(d *EvaluationData, p *pagemodel.Page, providers []*guide.Scored, x *render.Texter) {
	crit := e.cat.Scoring.Criteria
	for _, c := range d.Criteria {
		if guide.OfferMeasure(c.Measure) {
			d.OfferCriteria = append(d.OfferCriteria, c)
		}
	}
	d.pool, d.scoredOffers = e.classOffers(d.Class.ID, providers)
	index := make(map[*pricing.Offer]int, len(d.pool))
	for i, o := range d.pool {
		index[o] = i
		if !guide.Comparable(o) {
			d.OffersOut = append(d.OffersOut, e.offerOut(o, x))
		}
	}
	var prev *offerScoreRow
	for _, s := range d.scoredOffers {
		if !s.Ranked() {
			d.OffersApart = append(d.OffersApart, x.T("evaluation.offer_apart", e.text(s.Offer.Instance, "name"), e.text(s.Offer.Provider, "name"), e.offerSub(s.Offer, x)))
			continue
		}
		d.OfferCount++
		if len(d.Offers) == offerTop {
			continue
		}
		o := s.Offer
		r := &offerScoreRow{Rank: len(d.Offers) + 1, Index: index[o], Scored: s, InstanceURL: p.Rel(paths.Instance(o.Instance)),
			ProviderURL: p.Rel(paths.Provider(o.Provider.ID)), Score: pricing.Round(s.Score, 1)}
		if prev != nil && s.Score == prev.Scored.Score {
			r.Rank = prev.Rank
		}
		r.Sub = e.offerSub(o, x)
		r.Why, r.Months = e.fallback(o)
		r.Basis = scoreBasis(len(s.Scores), len(crit), s.Weight, x)
		for _, c := range d.OfferCriteria {
			cell := scoreCell{}
			if sc, ok := s.Scores[c.ID]; ok {
				cell.Score = pagemodel.Ptr(pricing.Round(sc, 1))
				cell.Value = measured(c.Measure, s.Values[c.ID], e.cat.Site.Currency, x)
			}
			r.Cells = append(r.Cells, cell)
		}
		if t, ok := termsScore(crit, s.Scores); ok {
			r.Terms = pagemodel.Ptr(pricing.Round(t, 1))
		}
		d.Offers = append(d.Offers, r)
		prev = r
	}
}

// offerSub names what an offer is beside its instance type's name and
// provider: the region and the GPUs.
func (e *Evaluation) offerSub(o *pricing.Offer, x *render.Texter) string {
	region := x.T("region.all")
	if o.Region != catalog.AllRegions {
		region = o.Region
		if reg := o.Provider.Region(o.Region); reg != nil {
			region = cmp.Or(e.text(reg, "name"), reg.ID)
		}
	}
	gpu := o.Instance.GPU
	if o.GPU != nil {
		gpu = o.GPU.Name
	}
	if o.Instance.GPUCount == 0 {
		return x.T("evaluation.offer_sub_uncounted", region, gpu)
	}
	return x.T("evaluation.offer_sub", region, o.Instance.GPUCount, gpu)
}

// offerOut names an offer whose price answers only when the reader
// includes it, with why: stale, undated or a marketplace's, in the
// words of the marks beside prices (whyKey).
func (e *Evaluation) offerOut(o *pricing.Offer, x *render.Texter) string {
	return x.T("evaluation.offer_out", e.text(o.Instance, "name"), e.text(o.Provider, "name"), e.offerSub(o, x), x.T(whyKey(o.Prices["on_demand"].Why())))
}

// providersOut says, of each provider with an on-demand price of the
// page's class that none of its prices ranks by default, why — how many
// of its offers of the class are undated, stale, a marketplace's … — and
// what the price criteria then are for it: unknown, and whether with its
// prices included it would be ranked, on what share of the weight.
func (e *Evaluation) providersOut(d *EvaluationData, scored []*guide.Scored, x *render.Texter) []string {
	if d.Class.ID == "" {
		return nil
	}
	all := pricing.Switches[len(pricing.Switches)-1]
	whys := map[*catalog.Provider]map[string]int{}
	var order []*catalog.Provider
	ranked := map[*catalog.Provider]bool{}
	for _, o := range d.pool {
		if guide.Comparable(o) {
			ranked[o.Provider] = true
			continue
		}
		if !guide.ComparableUnder(o, all) {
			continue
		}
		if whys[o.Provider] == nil {
			whys[o.Provider] = map[string]int{}
			order = append(order, o.Provider)
		}
		whys[o.Provider][o.Prices["on_demand"].Why()]++
	}
	included := map[*catalog.Provider]*guide.Scored{}
	for _, s := range guide.ScoreUnder(e.cat, e.data.Priced, e.cat.Scoring.Criteria, d.Class.ID, all) {
		included[s.Provider] = s
	}
	byDefault := map[*catalog.Provider]*guide.Scored{}
	for _, s := range scored {
		byDefault[s.Provider] = s
	}
	var out []string
	for _, pr := range order {
		if ranked[pr] {
			continue
		}
		var line string
		if reasons := slices.Sorted(maps.Keys(whys[pr])); len(reasons) == 1 && whys[pr][reasons[0]] > 1 && whyOfKnown(reasons[0]) {
			line = x.T("evaluation.provider_out_all", e.text(pr, "name"), whys[pr][reasons[0]], x.T("evaluation.provider_why_of."+reasons[0]))
		} else {
			var parts []string
			for _, why := range reasons {
				if whyOfKnown(why) {
					parts = append(parts, x.T("evaluation.provider_why_n", whys[pr][why], x.T("evaluation.provider_why_of."+why)))
				} else {
					parts = append(parts, x.T("evaluation.provider_why", whys[pr][why], x.T(whyKey(why))))
				}
			}
			line = x.T("evaluation.provider_out", e.text(pr, "name"), joinWords(parts, x))
		}
		if s, def := included[pr], byDefault[pr]; s != nil && def != nil && !def.Ranked() {
			if s.Ranked() {
				line += x.T("evaluation.provider_out_ranks", render.FormatNum(sharePercent(def.Weight)), render.FormatNum(sharePercent(s.Weight)))
			} else {
				line += x.T("evaluation.provider_out_apart", render.FormatNum(sharePercent(def.Weight)), render.FormatNum(sharePercent(s.Weight)))
			}
		}
		out = append(out, line)
	}
	return out
}

// whyOfKnown reports whether why, a reason a price answers only when
// included, has its own words of offers (evaluation.provider_why_of):
// stale, undated or a marketplace's.
func whyOfKnown(why string) bool {
	return why == catalog.Stale || why == catalog.Undated || why == pricing.WhyMarketplace
}

// mainlandApart says, above the ranking, which China clouds have too
// little data to rank under the default class and switches, and which of
// them "include stale prices" would rank; "" when none is apart. twin
// says the same without the switch, which a Markdown twin has not.
func (e *Evaluation) mainlandApart(d *EvaluationData, x *render.Texter) (line, twin string) {
	var apart []string
	byProvider := map[*catalog.Provider]bool{}
	for _, r := range d.Apart {
		if mainlandCloud(r.Scored.Provider) {
			apart = append(apart, e.text(r.Scored.Provider, "name"))
			byProvider[r.Scored.Provider] = true
		}
	}
	if len(apart) == 0 {
		return "", ""
	}
	var stale []string
	for _, s := range guide.ScoreUnder(e.cat, e.data.Priced, e.cat.Scoring.Criteria, d.Class.ID, pricing.Switches[1]) {
		if byProvider[s.Provider] && s.Ranked() {
			stale = append(stale, e.text(s.Provider, "name"))
		}
	}
	slices.SortStableFunc(stale, func(a, b string) int { return slices.Index(apart, a) - slices.Index(apart, b) })
	need := render.FormatNum(guide.MinShare * 100)
	if len(stale) == 0 {
		line = x.T("evaluation.mainland_apart", joinWords(apart, x), x.T("evaluation.apart"), need)
		return line, line
	}
	args := []any{joinWords(apart, x), x.T("evaluation.apart"), need, x.T("trust.include_stale"), joinWords(stale, x)}
	return x.T("evaluation.mainland_apart_stale", args...), x.T("evaluation.mainland_apart_stale_twin", args...)
}

// mainlandCloud reports whether a provider is a China cloud, with regions
// in mainland China: the switch "mainland China clouds first" ranks it
// first.
func mainlandCloud(pr *catalog.Provider) bool {
	return slices.ContainsFunc(pr.Regions, func(r *catalog.Region) bool { return r.Geo == "china-mainland" })
}

// joinWords joins parts as a list in the page's language.
func joinWords(parts []string, x *render.Texter) string {
	sep := x.T("evaluation.list_sep")
	out := ""
	for i, p := range parts {
		if i > 0 {
			out += sep
		}
		out += p
	}
	return out
}

// whyKey is the message of the mark a price bears for why it answers
// only when included: its freshness badge, or the marketplace's tag.
func whyKey(why string) string {
	switch why {
	case pricing.WhyMarketplace:
		return "trust.marketplace"
	case pricing.WhyRestricted:
		return "trust.restricted"
	}
	return "trust.badge." + why
}

// fallback says why an offer's stale or undated price ranks by default,
// as the home table does: nothing current exists for its GPU
// (pricing.Price.Fallback), and the newest price of the GPU is Months
// old (catalog.Stale) or none is dated (catalog.Undated). "" for a
// current price.
func (e *Evaluation) fallback(o *pricing.Offer) (string, int) {
	pr := o.Prices["on_demand"]
	if pr == nil || !pr.Fallback {
		return "", 0
	}
	var newest catalog.Date
	for _, q := range e.data.Priced {
		if p := q.Prices["on_demand"]; p != nil && p.Fallback && q.Instance.GPU == o.Instance.GPU {
			if d, _ := catalog.AgeDate(p.Point); d > newest { // ISO dates: later is greater
				newest = d
			}
		}
	}
	if newest == "" {
		return catalog.Undated, 0
	}
	return catalog.Stale, catalog.MonthsOld(newest, e.data.Ref)
}

// scorable are the offers with a price comparable under some state of
// the switches (guide.ComparableUnder), the price the price criteria
// measure: an offer without one is not ranked on its other figures
// alone.
func scorable(offers []*pricing.Offer) []*pricing.Offer {
	return slices.DeleteFunc(slices.Clone(offers), func(o *pricing.Offer) bool { return !guide.ComparableUnder(o, pricing.Switches[3]) })
}

// termsScore is the weighted mean of the known scores on the criteria
// that are a provider's terms rather than an offer's own figures.
func termsScore(crit []*catalog.Criterion, scores map[string]float64) (float64, bool) {
	sum, w := 0.0, 0.0
	for _, c := range crit {
		if sc, ok := scores[c.ID]; ok && !guide.OfferMeasure(c.Measure) {
			sum += sc * c.Weight
			w += c.Weight
		}
	}
	if w == 0 {
		return 0, false
	}
	return sum / w, true
}

// scoreBasis says what a score rests on: how many of the criteria have a
// value, and their share of the weight.
func scoreBasis(known, of int, share float64, x *render.Texter) string {
	switch {
	case known == 0:
		return x.T("evaluation.basis_none", of)
	case known == of:
		return x.T("evaluation.basis_all", of)
	}
	return x.T("evaluation.basis", known, of, render.FormatNum(sharePercent(share)))
}

// sharePercent writes a share (0–1) as a percentage rounded to whole
// percents, with as many decimals more as it takes (up to three) not to
// round onto 0, 50 or 100 from either side: 49.6 % of the weight is not
// "50 %", which is enough to rank.
func sharePercent(share float64) float64 {
	return keepPercent(share*100, 0, 50)
}

// keepPercent rounds a percentage to places decimals, or more (up to
// three) where that would make it read as 0, 100 or one of the marks
// without being it.
func keepPercent(v float64, places int, marks ...float64) float64 {
	for ; places < 3; places++ {
		r := pricing.Round(v, places)
		if r != v && (r == 0 || r == 100 || slices.Contains(marks, r)) {
			continue
		}
		return r
	}
	return pricing.Round(v, places)
}

// measured writes a criterion's measured value with its unit.
func measured(measure string, v float64, currency string, x *render.Texter) string {
	key := "evaluation.value." + measure
	switch measure {
	case "price_per_fp16_tflops_hour", "price_per_gpu_hour":
		return x.T(key, render.FormatDerived(v), x.M.Cur(currency))
	case "egress_price", "storage_price": // an amount: yuan to the fen
		return x.T(key, render.FormatMoneyIn(v, currency), x.M.Cur(currency))
	case "rdma", "gpudirect", "dl_images", "k8s_device_plugin", "hardware_encryption", "physical_isolation", "spot_available":
		if v > 0 {
			return x.T("bool.yes")
		}
		return x.T("bool.no")
	case "billing_granularity":
		for g, n := range map[string]float64{"second": 3, "minute": 2, "hour": 1, "month": 0} {
			if n == v {
				return x.T("granularity." + g)
			}
		}
	case "newest_gpu":
		return x.T(key, strconv.FormatFloat(v, 'f', -1, 64))
	case "mlps_level": // the level stated (guide.MLPSLevel), in the certifications' words
		switch {
		case v >= 1:
			return x.T(key, x.T("cert_name.mlps_level_"+strconv.Itoa(int(v))))
		case v > 0:
			return x.T(key, x.T("evaluation.mlps_value.filed"))
		}
		return x.T(key, x.T("evaluation.mlps_value.none"))
	case "sla_percent":
		return x.T(key, render.FormatNum(v)) // as stated: 99.99 is not 100
	case "reserved_discount", "price_transparency":
		return x.T(key, render.FormatNum(keepPercent(v, 1)))
	}
	return x.T(key, render.FormatNum(v))
}

// ProviderCount is the number of providers scored, ranked or not.
func (d *EvaluationData) ProviderCount() int { return len(d.Rows) + len(d.Apart) }

// Total is the sum of the default weights.
func (d *EvaluationData) Total() float64 {
	t := 0.0
	for _, c := range d.Criteria {
		t += c.Criterion.Weight
	}
	return t
}

// weightsScript is what static/weights.js needs to rank again: each
// criterion's id, default weight and how it is scored, each provider's
// exact scores on the criteria not compared within a class and its
// measured values on the provider's terms, in catalog order, each GPU
// class's measured values on the criteria compared within it under each
// state of the switches and its offers, the colours and names for the
// radar, and the message templates it writes with. The script scales
// the values 0–100 as guide.Score does (weigh), over the providers or
// the offers that answer under the state.
type weightsScript struct {
	Criteria  []weightsCriterion `json:"criteria"`
	Providers []weightsProvider  `json:"providers"` // in catalog order
	Top       int                `json:"top"`
	// MinShare is the share of the weight a score must rest on to rank.
	MinShare float64 `json:"min"`
	// Price are the indexes (into Criteria) of the criteria compared
	// within a GPU class (the prices and the offers' other figures); OfferCriteria those an offer is measured on
	// itself; OfferTop how many offers the table lists.
	Price         []int `json:"pc"`
	OfferCriteria []int `json:"oc"`
	OfferTop      int   `json:"offerTop"`
	// Classes are the GPU classes to pick from, Class the default's index.
	Classes []weightsClass    `json:"classes"`
	Class   int               `json:"class"`
	Text    map[string]string `json:"text"`
	// Why are the words of why an offer's price answers only when
	// included (pricing.Price.Why), by reason.
	Why map[string]string `json:"why"`
	// MainlandOn says the switch "mainland China clouds first" is on by
	// default: in the Chinese edition, whose home page answers for
	// mainland China first (cn=0 in the URL turns it off, cn=1 on).
	MainlandOn bool `json:"cnOn,omitempty"`
}

// weightsClass is one GPU class: each provider's measured values on the
// criteria compared within it (the prices, and the figures of its
// offers of the class), as numbers and as shown, under each state of
// the switches (pricing.Switches; one state when all four are the
// same), and its offers with a price comparable under any state.
type weightsClass struct {
	ID     string         `json:"id"`
	Name   string         `json:"name"`
	Raw    [][][]*float64 `json:"r"` // by provider, then state, aligned with Price; null when unknown
	Values [][][]string   `json:"v"` // by provider, then state, aligned with Price; "" when unknown
	Offers []weightsOffer `json:"offers"`
}

// weightsOffer is an offer as the sliders rank it: its measured values
// on the offer criteria, the states of the switches its price answers
// under, and its provider, whose terms (weightsProvider.Terms) give the
// rest.
type weightsOffer struct {
	Name     string     `json:"n"`
	URL      string     `json:"u"`
	Provider int        `json:"p"` // index into Providers
	Sub      string     `json:"d"` // region · GPUs, as the table shows it
	Raw      []*float64 `json:"r"` // aligned with OfferCriteria; null when unknown
	Values   []string   `json:"v"` // the measured values, as shown
	Answers  []int      `json:"a"` // the states of the switches its price answers under
	// Why is why its price answers only when included ("stale",
	// "undated", "marketplace"), "" when it answers by default; Note
	// the words of a stale price ranked as nothing current exists.
	Why  string `json:"w,omitempty"`
	Note string `json:"f,omitempty"`
	// Mainland says the offer is in mainland China and priced in yuan as
	// its provider quotes it (derive.MainlandQuoted, the rule of the home
	// page's mainland view): the switch "mainland China clouds first"
	// ranks it before the others; a China cloud's offer priced from its
	// international site is not.
	Mainland bool `json:"cn,omitempty"`
}

type weightsCriterion struct {
	ID     string  `json:"id"`
	Name   string  `json:"name"` // as the radar names its axis
	Weight float64 `json:"w"`
	Lower  bool    `json:"lo,omitempty"` // lower is better
	Count  bool    `json:"c,omitempty"`  // a count or yes/no: a share of the best (guide.CountMeasure)
	Level  bool    `json:"lv,omitempty"` // scored on a fixed scale (guide.LevelMeasure, guide.LevelScore)
}

type weightsProvider struct {
	Name   string     `json:"name"`
	URL    string     `json:"u"`
	Color  string     `json:"color"`
	Scores []*float64 `json:"s"` // aligned with the criteria; null when unknown or compared within a class
	// Terms are the measured values on the criteria that are the
	// provider's terms, not an offer's own (guide.OfferMeasure), which
	// its offers are scored on; aligned with the criteria, null for an
	// offer criterion or an unknown value.
	Terms []*float64 `json:"t"`
	// Mainland says it is a China cloud, with regions in mainland China:
	// the switch "mainland China clouds first" ranks it before the
	// others, and its offers that hold by the mainland view's rule
	// (weightsOffer.Mainland).
	Mainland bool `json:"cn,omitempty"`
}

var weightsMessages = []string{
	"evaluation.basis", "evaluation.basis_all", "evaluation.basis_none", "evaluation.changed", "unknown.title",
	"evaluation.caption", "evaluation.not_ranked", "evaluation.not_ranked_why", "evaluation.offers_caption", "evaluation.offers_caption_all", "evaluation.offers_apart", "evaluation.offer_apart", "evaluation.known",
	"evaluation.class_note", "evaluation.offers_out", "evaluation.offer_out", "punct.semicolon",
	"evaluation.mainland_apart", "evaluation.mainland_apart_stale", "evaluation.apart", "evaluation.list_sep", "trust.include_stale",
}

func (e *Evaluation) weightsData(d *EvaluationData, p *pagemodel.Page, x *render.Texter) *weightsScript {
	w := &weightsScript{Top: radarTop, MinShare: guide.MinShare, Price: []int{}, OfferCriteria: []int{}, OfferTop: offerTop, Classes: []weightsClass{}, Text: map[string]string{}, Why: map[string]string{}}
	for i, c := range d.Criteria {
		w.Criteria = append(w.Criteria, weightsCriterion{ID: c.ID, Name: c.Name, Weight: c.Criterion.Weight, Lower: c.Better == "lower", Count: guide.CountMeasure(c.Measure), Level: guide.LevelMeasure(c.Measure)})
		if c.Price {
			w.Price = append(w.Price, i)
		}
		if guide.OfferMeasure(c.Measure) {
			w.OfferCriteria = append(w.OfferCriteria, i)
		}
	}
	byProvider := map[*catalog.Provider]*guide.Scored{}
	for _, r := range slices.Concat(d.Rows, d.Apart) {
		byProvider[r.Scored.Provider] = r.Scored
	}
	cd := &charts.Data{Catalog: e.cat}
	providerIndex := map[*catalog.Provider]int{}
	for _, pr := range e.cat.Providers {
		s := byProvider[pr]
		wp := weightsProvider{Name: e.text(pr, "name"), URL: p.Rel(paths.Provider(pr.ID)), Color: cd.ProviderColor(pr), Mainland: mainlandCloud(pr)}
		d.Mainland = d.Mainland || wp.Mainland
		w.MainlandOn = w.MainlandOn || wp.Mainland && strings.HasPrefix(e.cat.Site.Language, "zh")
		for _, c := range d.Criteria {
			var sc, t *float64
			if v, ok := s.Scores[c.ID]; ok && !c.Price {
				sc = pagemodel.Ptr(v)
			}
			if v, ok := s.Values[c.ID]; ok && !guide.OfferMeasure(c.Measure) {
				t = pagemodel.Ptr(v)
			}
			wp.Scores, wp.Terms = append(wp.Scores, sc), append(wp.Terms, t)
		}
		providerIndex[pr] = len(w.Providers)
		w.Providers = append(w.Providers, wp)
	}
	for i, cl := range d.Classes {
		if cl.ID == d.Class.ID {
			w.Class = i
		}
		w.Classes = append(w.Classes, e.weightsClass(d, cl.GPUClass, providerIndex, p, x))
	}
	for _, k := range weightsMessages {
		w.Text[k] = x.T(k) // without arguments: the template as it stands
	}
	for _, k := range []string{catalog.Stale, catalog.Undated, pricing.WhyMarketplace} {
		w.Why[k] = x.T(whyKey(k))
	}
	return w
}

// weightsClass gives the script the providers' measured values under one
// GPU class and each state of the switches, and the class's offers.
func (e *Evaluation) weightsClass(d *EvaluationData, cl catalog.GPUClass, providerIndex map[*catalog.Provider]int, p *pagemodel.Page, x *render.Texter) weightsClass {
	cat, display := e.cat, e.cat.Site.Currency
	crit := cat.Scoring.Criteria
	n := len(cat.Providers)
	wc := weightsClass{ID: cl.ID, Name: cl.Name, Raw: make([][][]*float64, n), Values: make([][][]string, n), Offers: []weightsOffer{}}
	var scored []*guide.Scored
	for state, inc := range pricing.Switches {
		under := guide.ScoreUnder(cat, e.data.Priced, crit, cl.ID, inc)
		if state == 0 {
			scored = under
		}
		for _, s := range under {
			pi := providerIndex[s.Provider]
			raw, shown := []*float64{}, []string{}
			for _, c := range d.Criteria {
				if !c.Price {
					continue
				}
				if v, ok := s.Values[c.ID]; ok {
					raw, shown = append(raw, pagemodel.Ptr(v)), append(shown, measured(c.Measure, v, display, x))
				} else {
					raw, shown = append(raw, nil), append(shown, "")
				}
			}
			if state > 0 && slices.Equal(shown, wc.Values[pi][0]) && slices.EqualFunc(raw, wc.Raw[pi][0], func(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }) {
				continue
			}
			for len(wc.Raw[pi]) < state {
				wc.Raw[pi], wc.Values[pi] = append(wc.Raw[pi], wc.Raw[pi][0]), append(wc.Values[pi], wc.Values[pi][0])
			}
			wc.Raw[pi], wc.Values[pi] = append(wc.Raw[pi], raw), append(wc.Values[pi], shown)
		}
	}
	pool, offers := e.classOffers(cl.ID, scored)
	if cl.ID == d.Class.ID {
		pool, offers = d.pool, d.scoredOffers // the same, made once
	}
	byOffer := make(map[*pricing.Offer]*guide.ScoredOffer, len(offers))
	for _, s := range offers {
		byOffer[s.Offer] = s
	}
	for _, o := range pool {
		values := byOffer[o]
		if values == nil { // answers only when included: measured as it would be
			values = guide.ScoreOffers(cat, []*pricing.Offer{o}, crit, scored)[0]
		}
		wo := weightsOffer{Name: e.text(o.Instance, "name"), URL: p.Rel(paths.Instance(o.Instance)), Provider: providerIndex[o.Provider], Sub: e.offerSub(o, x), Answers: []int{}, Mainland: derive.MainlandQuoted(o)}
		for state, inc := range pricing.Switches {
			if guide.ComparableUnder(o, inc) {
				wo.Answers = append(wo.Answers, state)
			}
		}
		if !guide.Comparable(o) {
			wo.Why = o.Prices["on_demand"].Why()
		} else if why, months := e.fallback(o); why != "" {
			wo.Note = fallbackWords(why, months, x)
		}
		for _, c := range d.Criteria {
			if !guide.OfferMeasure(c.Measure) {
				continue
			}
			if v, ok := values.Values[c.ID]; ok {
				wo.Raw = append(wo.Raw, pagemodel.Ptr(v))
				wo.Values = append(wo.Values, measured(c.Measure, v, display, x))
			} else {
				wo.Raw, wo.Values = append(wo.Raw, nil), append(wo.Values, "")
			}
		}
		wc.Offers = append(wc.Offers, wo)
	}
	return wc
}

// fallbackWords are the words of partial "answer-why": no current price,
// and the newest is months old or undated.
func fallbackWords(why string, months int, x *render.Texter) string {
	if why == catalog.Undated {
		return x.T("home.why.undated")
	}
	return x.T("home.why.stale", render.AgeMonths(months, x.T))
}

// JSON is the weight sliders' data, for a <script type="application/json">
// block (pagemodel.JSONScript).
func (d *EvaluationData) JSON() (template.JS, error) {
	return pagemodel.JSONScript(d.data)
}

// Charts gives the evaluation page its radar of the leaders,
// over the weighted criteria every one of them has a score for.
func (e *Evaluation) Charts(cd *charts.Data, p *pagemodel.Page) error {
	d := p.Data.(*EvaluationData)
	top := d.Rows[:min(radarTop, len(d.Rows))]
	var names []string
	var cols []int
	for i, c := range d.Criteria {
		if c.Criterion.Weight <= 0 {
			continue
		}
		if slices.IndexFunc(top, func(r *scoreRow) bool { return r.Cells[i].Score == nil }) < 0 {
			names = append(names, c.Name)
			cols = append(cols, i)
		}
	}
	var series []charts.RadarSeries
	for _, r := range top {
		s := charts.RadarSeries{Provider: r.Scored.Provider}
		for _, i := range cols {
			s.Values = append(s.Values, r.Scored.Scores[d.Criteria[i].ID])
		}
		series = append(series, s)
	}
	c, err := cd.ScoreRadar(charts.ID(p.Path, "radar"), cd.Text("evaluation.radar.title", len(top)), names, series)
	if err != nil {
		return fmt.Errorf("radar: %w", err)
	}
	if c == nil {
		return nil
	}
	d.Radar = &pagemodel.ChartView{Kind: "radar", Charts: []*charts.Chart{c}, Table: d, Page: p}
	p.Charts = append(p.Charts, d.Radar)
	return nil
}
