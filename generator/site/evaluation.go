package site

import (
	"cmp"
	"fmt"
	"html/template"
	"math"
	"slices"
	"strconv"

	"gpucompare/generator/catalog"
	"gpucompare/generator/charts"
	"gpucompare/generator/guide"
	"gpucompare/generator/pricing"
)

// The evaluation page: /evaluation/ is the weighted evaluation matrix of
// data/scoring.yaml — every criterion with how it is measured, which way
// is better, its default weight and its source; every provider's 0–100
// score (guide.Score) with the share of the weight it rests on, and its
// score and measured value on each criterion, unknowns shown as unknown
// and left out; a radar chart of the leaders. Weight sliders
// (static/weights.js) recompute the ranking in the browser with the same
// renormalisation; without script the default ranking stands.
//
// Below the providers, the offers: each scored on the same criteria, its
// own figures where a criterion is a property of an offer (price, GPU
// memory and bandwidth, NVLink, network, reserved discount) and its
// provider's terms for the rest (guide.ScoreOffers). The page lists the
// best offerTop under the default weights; the sliders rank every offer
// again and show the new best.

// evaluationPath is the output path of the evaluation page.
const evaluationPath = "evaluation/index.html"

// radarTop is how many leaders the radar chart draws.
const radarTop = 5

// offerTop is how many of the best offers the evaluation page lists.
const offerTop = 50

// evaluationPage makes the evaluation page; nil when the catalog has no
// data/scoring.yaml.
func (b *builder) evaluationPage() (*page, error) {
	if b.cat.Scoring == nil {
		return nil, nil
	}
	p := b.newPage(evaluationPath, "evaluation")
	p.TitleKey, p.DescKey = "evaluation.title", "evaluation.description"
	p.Script = p.Rel("static/weights.js")
	x := &texter{m: b.tmpl.msgs}
	p.Data = b.evaluationData(p, x)
	return p, x.err
}

// evaluationData is the model of the evaluation page.
type evaluationData struct {
	Scoring  *catalog.Scoring
	Criteria []*criterionView
	Rows     []*scoreRow // best first
	// MaxWeight is the top of the weight sliders, Step their step.
	MaxWeight float64
	Step      string
	Radar     *chartView
	// pool are the offers scored, in the site's order; scoredOffers the
	// same, best first.
	pool         []*pricing.Offer
	scoredOffers []*guide.ScoredOffer
	// OfferCriteria are the criteria an offer is measured on itself;
	// Offers are the best offerTop offers of OfferCount scored.
	OfferCriteria []*criterionView
	Offers        []*offerScoreRow
	OfferCount    int
	data          *weightsData
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
	// Terms is the weighted score of the provider's terms alone (the
	// criteria that are not the offer's own), nil when none is known.
	Terms *float64
}

// criterionView is a criterion as the page shows it.
type criterionView struct {
	*catalog.Criterion
	Anchor string
	Known  int // providers with a value
	Weight string
	// Share is the default weight as a percentage of all the weights.
	Share float64
}

// scoreRow is a provider's place in the ranking.
type scoreRow struct {
	Rank   int
	Index  int // the provider's place in the catalog, which breaks ties
	Scored *guide.Scored
	URL    string
	Score  float64 // rounded as shown
	Known  int     // criteria with a score
	Basis  string
	Cells  []scoreCell // aligned with the criteria
}

// scoreCell is a provider's score and measured value on one criterion;
// Score is nil when the value is unknown.
type scoreCell struct {
	Score *float64
	Value string
}

func (b *builder) evaluationData(p *page, x *texter) *evaluationData {
	cat := b.cat
	crit := cat.Scoring.Criteria
	scored := guide.Score(cat, b.priced, crit)
	d := &evaluationData{Scoring: cat.Scoring, Step: "1", MaxWeight: 20}
	total := 0.0
	for _, c := range crit {
		total += c.Weight
		d.MaxWeight = max(d.MaxWeight, math.Ceil(c.Weight*2/5)*5)
		if c.Weight != math.Trunc(c.Weight) {
			d.Step = "any"
		}
	}
	for _, c := range crit {
		v := &criterionView{Criterion: c, Anchor: "criterion-" + c.ID, Weight: fmtInput(c.Weight)}
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
	index := map[*catalog.Provider]int{}
	for i, pr := range cat.Providers {
		index[pr] = i
	}
	for i, s := range scored {
		r := &scoreRow{Rank: i + 1, Index: index[s.Provider], Scored: s, URL: p.Rel(providerPath(s.Provider.ID)), Score: pricing.Round(s.Score, 1), Known: len(s.Scores)}
		if i > 0 && s.Score == scored[i-1].Score {
			r.Rank = d.Rows[i-1].Rank
		}
		r.Basis = scoreBasis(r.Known, len(crit), s.Weight, x)
		for _, c := range crit {
			cell := scoreCell{}
			if sc, ok := s.Scores[c.ID]; ok {
				cell.Score = ptr(pricing.Round(sc, 1))
				cell.Value = measured(c.Measure, s.Values[c.ID], cat.Site.Currency, x)
			}
			r.Cells = append(r.Cells, cell)
		}
		d.Rows = append(d.Rows, r)
	}
	b.offerScores(d, p, scored, x)
	d.data = b.weightsData(d, p, x)
	return d
}

// offerScores ranks the offers with a whole price (guide.ScoreOffers) and
// keeps the best offerTop as rows.
func (b *builder) offerScores(d *evaluationData, p *page, providers []*guide.Scored, x *texter) {
	crit := b.cat.Scoring.Criteria
	for _, c := range d.Criteria {
		if guide.OfferMeasure(c.Measure) {
			d.OfferCriteria = append(d.OfferCriteria, c)
		}
	}
	d.pool = scorable(b.priced)
	index := make(map[*pricing.Offer]int, len(d.pool))
	for i, o := range d.pool {
		index[o] = i
	}
	scored := guide.ScoreOffers(b.cat, d.pool, crit, providers)
	d.OfferCount = len(scored)
	d.scoredOffers = scored
	var prev *offerScoreRow
	for i, s := range scored[:min(offerTop, len(scored))] {
		o := s.Offer
		r := &offerScoreRow{Rank: i + 1, Index: index[o], Scored: s, InstanceURL: p.Rel(instancePath(o.Instance)),
			ProviderURL: p.Rel(providerPath(o.Provider.ID)), Score: pricing.Round(s.Score, 1)}
		if prev != nil && s.Score == prev.Scored.Score {
			r.Rank = prev.Rank
		}
		r.Sub = b.offerSub(o, x)
		r.Basis = scoreBasis(len(s.Scores), len(crit), s.Weight, x)
		for _, c := range d.OfferCriteria {
			cell := scoreCell{}
			if sc, ok := s.Scores[c.ID]; ok {
				cell.Score = ptr(pricing.Round(sc, 1))
				cell.Value = measured(c.Measure, s.Values[c.ID], b.cat.Site.Currency, x)
			}
			r.Cells = append(r.Cells, cell)
		}
		if t, ok := termsScore(crit, s.Scores); ok {
			r.Terms = ptr(pricing.Round(t, 1))
		}
		d.Offers = append(d.Offers, r)
		prev = r
	}
}

// offerSub names what an offer is beside its instance type's name and
// provider: the region and the GPUs.
func (b *builder) offerSub(o *pricing.Offer, x *texter) string {
	region := x.t("region.all")
	if o.Region != catalog.AllRegions {
		region = o.Region
		if reg := o.Provider.Region(o.Region); reg != nil {
			region = cmp.Or(reg.Name, reg.ID)
		}
	}
	gpu := o.Instance.GPU
	if o.GPU != nil {
		gpu = o.GPU.Name
	}
	if o.Instance.GPUCount == 0 {
		return x.t("evaluation.offer_sub_uncounted", region, gpu)
	}
	return x.t("evaluation.offer_sub", region, o.Instance.GPUCount, gpu)
}

// scorable are the offers with a whole on-demand price in the site
// currency from a ranked source (not an article's figure or an estimate),
// the price the price criteria measure: an offer without one is not ranked
// on its other figures alone.
func scorable(offers []*pricing.Offer) []*pricing.Offer {
	var out []*pricing.Offer
	for _, o := range offers {
		if od := o.Prices["on_demand"]; o.Ranks("on_demand") && od.Converted {
			out = append(out, o)
		}
	}
	return out
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
func scoreBasis(known, of int, share float64, x *texter) string {
	switch {
	case known == 0:
		return x.t("evaluation.basis_none", of)
	case known == of:
		return x.t("evaluation.basis_all", of)
	}
	return x.t("evaluation.basis", known, of, formatNum(pricing.Round(share*100, 0)))
}

// measured writes a criterion's measured value with its unit.
func measured(measure string, v float64, currency string, x *texter) string {
	key := "evaluation.value." + measure
	switch measure {
	case "price_per_fp16_tflops_hour", "price_per_gpu_hour", "egress_price", "storage_price":
		return x.t(key, formatDerived(v), currency)
	case "rdma", "dl_images", "k8s_device_plugin", "hardware_encryption", "physical_isolation", "spot_available":
		if v > 0 {
			return x.t("bool.yes")
		}
		return x.t("bool.no")
	case "billing_granularity":
		for g, n := range map[string]float64{"second": 3, "minute": 2, "hour": 1, "month": 0} {
			if n == v {
				return x.t("granularity." + g)
			}
		}
	case "newest_gpu":
		return x.t(key, strconv.FormatFloat(v, 'f', -1, 64))
	case "reserved_discount", "price_transparency", "sla_percent":
		return x.t(key, formatNum(pricing.Round(v, 1)))
	}
	return x.t(key, formatNum(v))
}

// Total is the sum of the default weights.
func (d *evaluationData) Total() float64 {
	t := 0.0
	for _, c := range d.Criteria {
		t += c.Criterion.Weight
	}
	return t
}

// weightsData is what static/weights.js needs to rank again: each
// criterion's id and default weight, each provider's exact scores in
// catalog order, the colours and names for the radar, and the message
// templates it writes with.
type weightsData struct {
	Criteria  []weightsCriterion `json:"criteria"`
	Providers []weightsProvider  `json:"providers"` // in catalog order
	Top       int                `json:"top"`
	// OfferCriteria are the indexes (into Criteria) of the criteria an
	// offer is measured on itself; Offers every priced offer in the
	// site's order; OfferTop how many the table lists.
	OfferCriteria []int             `json:"oc"`
	Offers        []weightsOffer    `json:"offers"`
	OfferTop      int               `json:"offerTop"`
	Text          map[string]string `json:"text"`
}

// weightsOffer is an offer as the sliders rank it: its exact scores on
// the offer criteria, and its provider, whose terms (weightsProvider.Terms)
// give the rest.
type weightsOffer struct {
	Name     string     `json:"n"`
	URL      string     `json:"u"`
	Provider int        `json:"p"` // index into Providers
	Sub      string     `json:"d"` // region · GPUs, as the table shows it
	Scores   []*float64 `json:"s"` // aligned with OfferCriteria; null when unknown
	Values   []string   `json:"v"` // the measured values, as shown
}

type weightsCriterion struct {
	ID     string  `json:"id"`
	Name   string  `json:"name"` // as the radar names its axis
	Weight float64 `json:"w"`
}

type weightsProvider struct {
	Name   string     `json:"name"`
	URL    string     `json:"u"`
	Color  string     `json:"color"`
	Scores []*float64 `json:"s"` // aligned with the criteria; null when unknown
	// Terms are the scores its offers have on the criteria that are the
	// provider's terms, scaled across the offers; aligned with the
	// criteria, null for an offer criterion or an unknown value.
	Terms []*float64 `json:"t"`
}

var weightsMessages = []string{"evaluation.basis", "evaluation.basis_all", "evaluation.basis_none", "evaluation.changed", "unknown.title"}

func (b *builder) weightsData(d *evaluationData, p *page, x *texter) *weightsData {
	w := &weightsData{Top: radarTop, OfferCriteria: []int{}, Offers: []weightsOffer{}, OfferTop: offerTop, Text: map[string]string{}}
	for _, c := range d.Criteria {
		w.Criteria = append(w.Criteria, weightsCriterion{ID: c.ID, Name: c.Name, Weight: c.Criterion.Weight})
	}
	byProvider := map[*catalog.Provider]*guide.Scored{}
	for _, r := range d.Rows {
		byProvider[r.Scored.Provider] = r.Scored
	}
	cd := &charts.Data{Catalog: b.cat}
	providerIndex := map[*catalog.Provider]int{}
	for _, pr := range b.cat.Providers {
		s := byProvider[pr]
		wp := weightsProvider{Name: pr.Name, URL: p.Rel(providerPath(pr.ID)), Color: cd.ProviderColor(pr), Terms: make([]*float64, len(d.Criteria))}
		for _, c := range d.Criteria {
			var sc *float64
			if v, ok := s.Scores[c.ID]; ok {
				sc = ptr(v)
			}
			wp.Scores = append(wp.Scores, sc)
		}
		providerIndex[pr] = len(w.Providers)
		w.Providers = append(w.Providers, wp)
	}
	for i, c := range d.Criteria {
		if guide.OfferMeasure(c.Measure) {
			w.OfferCriteria = append(w.OfferCriteria, i)
		}
	}
	byOffer := make(map[*pricing.Offer]*guide.ScoredOffer, len(d.scoredOffers))
	for _, s := range d.scoredOffers {
		byOffer[s.Offer] = s
	}
	for _, o := range d.pool {
		s := byOffer[o]
		pi := providerIndex[o.Provider]
		wo := weightsOffer{Name: o.Instance.Name, URL: p.Rel(instancePath(o.Instance)), Provider: pi, Sub: b.offerSub(o, x)}
		for _, i := range w.OfferCriteria {
			c := d.Criteria[i]
			if v, ok := s.Scores[c.ID]; ok {
				wo.Scores = append(wo.Scores, ptr(v))
				wo.Values = append(wo.Values, measured(c.Measure, s.Values[c.ID], b.cat.Site.Currency, x))
			} else {
				wo.Scores, wo.Values = append(wo.Scores, nil), append(wo.Values, "")
			}
		}
		terms := w.Providers[pi].Terms
		for i, c := range d.Criteria {
			if v, ok := s.Scores[c.ID]; ok && !guide.OfferMeasure(c.Measure) {
				terms[i] = ptr(v)
			}
		}
		w.Offers = append(w.Offers, wo)
	}
	for _, k := range weightsMessages {
		w.Text[k] = x.t(k) // without arguments: the template as it stands
	}
	return w
}

// JSON is the weight sliders' data, for a <script type="application/json">
// block (jsonScript).
func (d *evaluationData) JSON() (template.JS, error) {
	return jsonScript(d.data)
}

// evaluationCharts gives the evaluation page its radar of the leaders,
// over the weighted criteria every one of them has a score for.
func (b *builder) evaluationCharts(cd *charts.Data, p *page) error {
	d := p.Data.(*evaluationData)
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
	d.Radar = &chartView{Kind: "radar", Charts: []*charts.Chart{c}, Table: d, page: p}
	p.Charts = append(p.Charts, d.Radar)
	return nil
}
