package guide

import (
	"cmp"
	"math"
	"slices"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// Scorecard is what scoring gives one provider or offer.
type Scorecard struct {
	// Values are the measured values by criterion id; a criterion with no
	// sourced value is absent: unknown, left out, never 0.
	Values map[string]float64
	// Scores are the 0–100 scores by criterion id, for known values.
	Scores map[string]float64
	// Score is the weighted mean of the known scores: the weights of the
	// unknown criteria are left out and the rest renormalised.
	Score float64
	// Weight is the share of the total weight the score rests on (0–1).
	Weight float64
}

// MinShare is the share of the total weight a score must rest on to be
// given a place in a ranking: a provider or offer unknown on more than
// half of the weight has too little data to rank.
const MinShare = 0.5

// Ranked reports whether the score rests on enough of the weight to be
// given a place (MinShare).
func (s *Scorecard) Ranked() bool { return s.Weight >= MinShare }

// byPlace orders scorecards for a ranking: the ranked first, best score
// first, then those with too little data; ties keep the order given.
func byPlace(a, b *Scorecard) int {
	if a.Ranked() != b.Ranked() {
		if a.Ranked() {
			return -1
		}
		return 1
	}
	if !a.Ranked() {
		return 0
	}
	return cmp.Compare(b.Score, a.Score)
}

// Scored is one provider's place in the evaluation matrix.
type Scored struct {
	Provider *catalog.Provider
	Scorecard
}

// ScoredOffer is one offer's place in the evaluation matrix of offers.
type ScoredOffer struct {
	Offer *pricing.Offer
	Scorecard
}

// Score scores every provider on the criteria: each measure is taken
// from the catalog, scaled 0–100 across the providers that have a value
// (weigh) and weighted. The price criteria (PriceMeasure) compare like
// with like: only the offers of one GPU class (catalog.GPU.Class, by id)
// count, so a provider with no price for that class is unknown on them.
// With a class, so do the other criteria taken from offers (OfferMeasure:
// GPU memory and bandwidth, NVLink, network, RDMA …): a provider's
// figures are those of its offers of the class, never another GPU's.
// Providers are returned in their places (the best first), then those
// with too little data to rank (Scorecard.Ranked) in catalog order.
// The prices measured are those that answer by default (ScoreUnder).
func Score(cat *catalog.Catalog, offers []*pricing.Offer, criteria []*catalog.Criterion, class string) []*Scored {
	return ScoreUnder(cat, offers, criteria, class, pricing.Include{})
}

// ScoreUnder is Score with the reader's switches inc: the price criteria
// and the reserved discount measure the prices that answer under them
// (pricing.Price.Answers), stale and undated ones with inc.Stale,
// marketplaces' with inc.Marketplaces.
func ScoreUnder(cat *catalog.Catalog, offers []*pricing.Offer, criteria []*catalog.Criterion, class string, inc pricing.Include) []*Scored {
	all, inClass := byProvider(offers), byProvider(OffersOfClass(offers, class))
	out := make([]*Scored, 0, len(cat.Providers))
	cards := make([]*Scorecard, 0, len(cat.Providers))
	for _, p := range cat.Providers {
		s := &Scored{Provider: p, Scorecard: Scorecard{Values: map[string]float64{}}}
		for _, c := range criteria {
			from := all[p]
			if PriceMeasure(c.Measure) || class != "" && OfferMeasure(c.Measure) {
				from = inClass[p]
			}
			if v, ok := MeasureUnder(cat, from, p, c.Measure, inc); ok {
				s.Values[c.ID] = v
			}
		}
		out, cards = append(out, s), append(cards, &s.Scorecard)
	}
	weigh(criteria, cards)
	slices.SortStableFunc(out, func(a, b *Scored) int { return byPlace(&a.Scorecard, &b.Scorecard) })
	return out
}

// byProvider groups offers by provider, in the order given.
func byProvider(offers []*pricing.Offer) map[*catalog.Provider][]*pricing.Offer {
	out := map[*catalog.Provider][]*pricing.Offer{}
	for _, o := range offers {
		out[o.Provider] = append(out[o.Provider], o)
	}
	return out
}

// PriceMeasure reports whether a measure is a price per GPU or per unit
// of GPU work, which compares only within one GPU class.
func PriceMeasure(measure string) bool {
	return measure == "price_per_gpu_hour" || measure == "price_per_fp16_tflops_hour"
}

// OfferClass is the GPU class of an offer; false for an offer whose GPU
// is unknown or that sells a slice of a GPU (a vGPU profile), which is
// not priced like a whole card.
func OfferClass(o *pricing.Offer) (catalog.GPUClass, bool) {
	if o.GPU == nil || o.Instance.VGPUProfile != "" {
		return catalog.GPUClass{}, false
	}
	return o.GPU.Class(), true
}

// OffersOfClass are the offers of one GPU class, in the order given.
func OffersOfClass(offers []*pricing.Offer, class string) []*pricing.Offer {
	var out []*pricing.Offer
	for _, o := range offers {
		if c, ok := OfferClass(o); ok && c.ID == class {
			out = append(out, o)
		}
	}
	return out
}

// PriceClass is a GPU class with the number of providers that have a
// comparable price for it.
type PriceClass struct {
	catalog.GPUClass
	// Providers have a comparable price by default (Comparable); All
	// under some state of the reader's switches (ComparableUnder), those
	// whose prices are all stale, undated or a marketplace's too.
	Providers, All int
}

// Comparable reports whether an offer has the price the price criteria
// compare: a whole on-demand price in the display currency, converted
// with the catalog's dated rate where it is quoted in another.
func Comparable(o *pricing.Offer) bool { return ComparableUnder(o, pricing.Include{}) }

// ComparableUnder is Comparable with the reader's switches inc: the
// on-demand price answers under them (pricing.Offer.Answers).
func ComparableUnder(o *pricing.Offer, inc pricing.Include) bool {
	_, ok := o.PerGPUHour("on_demand")
	return ok && o.Answers("on_demand", inc)
}

// PriceClasses lists the GPU classes that have a comparable price
// (Comparable), in the catalog's order of classes.
func PriceClasses(cat *catalog.Catalog, offers []*pricing.Offer) []PriceClass {
	providers, all := map[string]map[*catalog.Provider]bool{}, map[string]map[*catalog.Provider]bool{}
	add := func(m map[string]map[*catalog.Provider]bool, class string, p *catalog.Provider) {
		if m[class] == nil {
			m[class] = map[*catalog.Provider]bool{}
		}
		m[class][p] = true
	}
	for _, o := range offers {
		c, ok := OfferClass(o)
		if !ok {
			continue
		}
		if Comparable(o) {
			add(providers, c.ID, o.Provider)
		}
		if ComparableUnder(o, pricing.Switches[len(pricing.Switches)-1]) {
			add(all, c.ID, o.Provider)
		}
	}
	var out []PriceClass
	for _, c := range cat.GPUClasses() {
		if n := len(providers[c.ID]); n > 0 {
			out = append(out, PriceClass{GPUClass: c, Providers: n, All: len(all[c.ID])})
		}
	}
	return out
}

// DefaultClass is the GPU class the price criteria compare within until
// the buyer picks another: the scoring file's gpu_class, or else the
// class the most providers have a comparable price for (the first in
// catalog order on a tie); "" when no offer has one.
func DefaultClass(cat *catalog.Catalog, offers []*pricing.Offer) string {
	if cat.Scoring != nil && cat.Scoring.GPUClass != "" {
		return cat.Scoring.GPUClass
	}
	best := PriceClass{}
	for _, c := range PriceClasses(cat, offers) {
		if c.Providers > best.Providers {
			best = c
		}
	}
	return best.ID
}

// offerMeasures are the measures that are a property of one offer (its
// price, GPU, instance); the others are the provider's.
var offerMeasures = map[string]bool{
	"price_per_fp16_tflops_hour": true,
	"price_per_gpu_hour":         true,
	"max_gpu_memory_gb":          true,
	"max_memory_bandwidth":       true,
	"nvlink_generation":          true,
	"max_network_gbps":           true,
	"reserved_discount":          true,
	"rdma":                       true,
	"gpudirect":                  true,
	"physical_isolation":         true,
}

// OfferMeasure reports whether a measure is taken from each offer itself,
// rather than from its provider.
func OfferMeasure(measure string) bool { return offerMeasures[measure] }

// CountMeasure reports whether a measure is a count or a yes/no feature,
// scored as a share of the best value (weigh).
func CountMeasure(measure string) bool { return countMeasures[measure] }

// LevelMeasure reports whether a measure is scored on a fixed scale
// (LevelScore), not against the other providers.
func LevelMeasure(measure string) bool { return levelMeasures[measure] }

// levelMeasures are scored on a fixed scale (LevelScore) rather than
// against the other providers: an MLPS (等保) level of 3 scores 100
// whoever else states one, the level the buyer's guide asks of a cloud
// for finance.
var levelMeasures = map[string]bool{"mlps_level": true}

// MLPSFiled is the mlps_level of a record that states a filing (备案)
// without a level.
const MLPSFiled = 0.5

// MLPSLevel is the mlps_level of a provider's MLPS (等保) record: the
// level its pages state, 1 to 5; MLPSFiled for a filing without a level;
// 0 when the pages read state neither. A provider with no record is
// unknown (false): the catalog holds no check of its pages.
func MLPSLevel(m *catalog.MLPS) (float64, bool) {
	switch n := m.Stated(); {
	case m == nil:
		return 0, false
	case n > 0:
		return float64(n), true
	case m.Filed:
		return MLPSFiled, true
	}
	return 0, true
}

// LevelScore scores an mlps_level: 100 for a stated level of 3 or
// above; 50 for a filing whose level is not stated, or a level 1 or 2
// (filed, not shown to reach 3); 0 when none is stated.
func LevelScore(v float64) float64 {
	switch {
	case v >= 3:
		return 100
	case v > 0:
		return 50
	}
	return 0
}

// otherCerts are a provider's certifications but its MLPS (等保) status,
// which mlps_level scores.
func otherCerts(p *catalog.Provider) []string {
	return slices.DeleteFunc(slices.Clone(p.Certifications.List), catalog.IsMLPSName)
}

// ScoreOffers scores every offer on the criteria. An offer's value on a
// criterion is its own where the measure is a property of an offer
// (OfferMeasure: its price, its GPU's memory, its instance's network and
// RDMA…) and its provider's otherwise, as providers holds it (the result
// of Score). Values are then scaled 0–100 across the offers and weighted
// as Score does, unknowns left out. The caller picks the offers: those of
// one GPU class compare like with like. Offers are returned best first,
// equal scores in the order given, then those with too little data to
// rank in the order given.
//
// An offer's price and reserved discount are measured whatever the
// reader's switches (pricing.Include{Stale: true, Marketplaces: true}):
// the caller picks the offers whose price answers.
func ScoreOffers(cat *catalog.Catalog, offers []*pricing.Offer, criteria []*catalog.Criterion, providers []*Scored) []*ScoredOffer {
	byProvider := make(map[*catalog.Provider]*Scored, len(providers))
	for _, s := range providers {
		byProvider[s.Provider] = s
	}
	out := make([]*ScoredOffer, 0, len(offers))
	cards := make([]*Scorecard, 0, len(offers))
	for _, o := range offers {
		s := &ScoredOffer{Offer: o, Scorecard: Scorecard{Values: map[string]float64{}}}
		one := []*pricing.Offer{o}
		for _, c := range criteria {
			if OfferMeasure(c.Measure) {
				if v, ok := MeasureUnder(cat, one, o.Provider, c.Measure, anySwitch); ok {
					s.Values[c.ID] = v
				}
			} else if p := byProvider[o.Provider]; p != nil {
				if v, ok := p.Values[c.ID]; ok {
					s.Values[c.ID] = v
				}
			}
		}
		out, cards = append(out, s), append(cards, &s.Scorecard)
	}
	weigh(criteria, cards)
	slices.SortStableFunc(out, func(a, b *ScoredOffer) int { return byPlace(&a.Scorecard, &b.Scorecard) })
	return out
}

// countMeasures are counts and yes/no features (1 or 0): zero is their
// natural origin, so they are scored as a share of the best value rather
// than stretched between the lowest and the highest.
var countMeasures = map[string]bool{
	"certifications": true, "region_coverage": true, "gpu_breadth": true,
	"rdma": true, "gpudirect": true, "physical_isolation": true, "hardware_encryption": true,
	"dl_images": true, "k8s_device_plugin": true, "spot_available": true,
}

// weigh scales each criterion's values 0–100 across the cards and sets
// each card's weighted score over its known criteria and the share of
// the weight that score rests on. A count where more is better
// (countMeasures) scores its share of the largest: 12 certifications
// against 14 listed scores 85.7, and a "no" 0 even when no one says yes.
// A level (levelMeasures) scores on its fixed scale. Any other measure is
// stretched from the worst known value (0) to the best (100); all equal
// gives 100.
func weigh(criteria []*catalog.Criterion, cards []*Scorecard) {
	total := 0.0
	for _, s := range cards {
		s.Scores = make(map[string]float64, len(s.Values))
	}
	for _, c := range criteria {
		total += c.Weight
		lo, hi, any := math.Inf(1), math.Inf(-1), false
		for _, s := range cards {
			if v, ok := s.Values[c.ID]; ok {
				lo, hi, any = math.Min(lo, v), math.Max(hi, v), true
			}
		}
		if !any {
			continue
		}
		for _, s := range cards {
			v, ok := s.Values[c.ID]
			if !ok {
				continue
			}
			score := 100.0
			if levelMeasures[c.Measure] {
				score = LevelScore(v)
			} else if countMeasures[c.Measure] && c.Better == "higher" {
				score = 0
				if hi > 0 {
					score = v / hi * 100
				}
			} else if hi > lo {
				score = (v - lo) / (hi - lo) * 100
				if c.Better == "lower" {
					score = 100 - score
				}
			}
			s.Scores[c.ID] = score
		}
	}
	for _, s := range cards {
		sum, w := 0.0, 0.0
		for _, c := range criteria {
			if sc, ok := s.Scores[c.ID]; ok {
				sum += sc * c.Weight
				w += c.Weight
			}
		}
		if w > 0 {
			s.Score = sum / w
		}
		if total > 0 {
			s.Weight = w / total
		}
	}
}

// anySwitch lets every price answer that any of the reader's switches
// lets answer.
var anySwitch = pricing.Include{Stale: true, Marketplaces: true}

// Measure computes one measure for a provider from its offers among
// those given (one offer gives that offer's own value); ok is false when
// the catalog has no sourced value for it. A price, and a discount off
// one, counts when it answers by default (MeasureUnder). RDMA, GPUDirect and physical
// isolation are yes when any of the offers has them, an offer as its
// instance type states it or else as its provider does.
func Measure(cat *catalog.Catalog, offers []*pricing.Offer, p *catalog.Provider, measure string) (float64, bool) {
	return MeasureUnder(cat, offers, p, measure, pricing.Include{})
}

// MeasureUnder is Measure with the reader's switches inc: a price, and
// the reserved discount off an on-demand price, count when the on-demand
// price answers under them (pricing.Price.Answers).
func MeasureUnder(cat *catalog.Catalog, offers []*pricing.Offer, p *catalog.Provider, measure string, inc pricing.Include) (float64, bool) {
	mine := slices.DeleteFunc(slices.Clone(offers), func(o *pricing.Offer) bool { return o.Provider != p })
	yes := func(b *bool) (float64, bool) {
		if b == nil {
			return 0, false
		}
		if *b {
			return 1, true
		}
		return 0, true
	}
	best := func(f func(o *pricing.Offer) (float64, bool), better func(a, b float64) bool) (float64, bool) {
		v, ok := 0.0, false
		for _, o := range mine {
			if x, has := f(o); has && (!ok || better(x, v)) {
				v, ok = x, true
			}
		}
		return v, ok
	}
	less := func(a, b float64) bool { return a < b }
	more := func(a, b float64) bool { return a > b }
	rankable := func(f func(o *pricing.Offer) (float64, bool)) func(o *pricing.Offer) (float64, bool) {
		return func(o *pricing.Offer) (float64, bool) {
			if !o.Answers("on_demand", inc) {
				return 0, false
			}
			return f(o)
		}
	}
	gpuFigure := func(get func(g *catalog.GPU) *float64) func(o *pricing.Offer) (float64, bool) {
		return func(o *pricing.Offer) (float64, bool) {
			if o.GPU == nil || get(o.GPU) == nil {
				return 0, false
			}
			return *get(o.GPU), true
		}
	}
	switch measure {
	case "price_per_fp16_tflops_hour":
		return best(rankable(func(o *pricing.Offer) (float64, bool) { return o.PerTFLOPSHour(catalog.Precisions[3], "on_demand") }), less)
	case "price_per_gpu_hour":
		return best(rankable(func(o *pricing.Offer) (float64, bool) { return o.PerGPUHour("on_demand") }), less)
	case "max_gpu_memory_gb":
		return best(gpuFigure(func(g *catalog.GPU) *float64 { return g.MemoryGB }), more)
	case "max_memory_bandwidth":
		return best(gpuFigure(func(g *catalog.GPU) *float64 { return g.BandwidthGBs }), more)
	case "nvlink_generation":
		return best(func(o *pricing.Offer) (float64, bool) {
			if o.GPU == nil || o.GPU.Interconnect.Kind != "nvlink" || o.GPU.Interconnect.Generation == nil || o.Instance.GPUCount < 2 {
				return 0, false
			}
			return *o.GPU.Interconnect.Generation, true
		}, more)
	case "max_network_gbps":
		return best(func(o *pricing.Offer) (float64, bool) {
			if o.Instance.NetworkGbps == nil {
				return 0, false
			}
			return *o.Instance.NetworkGbps, true
		}, more)
	case "reserved_discount":
		return best(func(o *pricing.Offer) (float64, bool) {
			od := o.Prices["on_demand"]
			if od == nil || !od.Converted || od.Display <= 0 || !od.Answers(inc) {
				return 0, false
			}
			v, ok := 0.0, false
			for _, m := range []string{"reserved_1y", "reserved_3y", "savings_plan_1y", "savings_plan_3y", "cud_1y", "cud_3y"} {
				if pr := o.Prices[m]; pr != nil && pr.Converted && pr.DiscountRanked() {
					v, ok = math.Max(v, (1-pr.Display/od.Display)*100), true
				}
			}
			return v, ok
		}, more)
	case "gpu_breadth":
		models := map[string]bool{}
		for _, in := range p.Instances {
			if g := cat.GPU(in.GPU); g != nil {
				models[cmp.Or(g.Model, g.ID)] = true
			}
		}
		return float64(len(models)), len(models) > 0
	case "newest_gpu":
		v, ok := 0.0, false
		for _, in := range p.Instances {
			if g := cat.GPU(in.GPU); g != nil {
				if t, known := g.Released.Time(); known && float64(t.Year()) > v {
					v, ok = float64(t.Year()), true
				}
			}
		}
		return v, ok
	case "price_transparency":
		if len(p.Instances) == 0 {
			return 0, false
		}
		priced := map[*catalog.Instance]bool{}
		for _, o := range mine {
			if len(o.Prices) > 0 {
				priced[o.Instance] = true
			}
		}
		return float64(len(priced)) / float64(len(p.Instances)) * 100, true
	case "rdma":
		return best(func(o *pricing.Offer) (float64, bool) { return stated(o.Instance.RDMA, p.Features.RDMA) }, more)
	case "gpudirect":
		return best(func(o *pricing.Offer) (float64, bool) { return stated(o.Instance.GPUDirect, p.Features.GPUDirect) }, more)
	case "dl_images":
		return yes(p.Features.DLImages)
	case "k8s_device_plugin":
		return yes(p.Features.K8sDevicePlugin)
	case "hardware_encryption":
		return yes(p.Features.HardwareEncryption)
	case "physical_isolation":
		return best(func(o *pricing.Offer) (float64, bool) {
			if v, ok := stated(o.Instance.Isolated, p.Features.PhysicalIsolation); ok {
				return v, ok
			}
			if len(p.Isolation) > 0 { // dedicated hosts or bare metal for any of its types
				return 1, true
			}
			return 0, false
		}, more)
	case "spot_available":
		return yes(p.Spot.Available)
	case "certifications": // MLPS (等保) apart: mlps_level scores it
		n := len(otherCerts(p))
		return float64(n), n > 0
	case "mlps_level":
		return MLPSLevel(p.MLPS)
	case "sla_percent":
		return deref(p.SLA.Percent)
	case "region_coverage":
		return float64(len(p.Regions)), len(p.Regions) > 0
	case "billing_granularity":
		v, ok := map[string]float64{"second": 3, "minute": 2, "hour": 1, "month": 0}[p.Billing.Granularity]
		return v, ok
	case "spot_notice_seconds":
		return deref(p.Spot.NoticeSeconds)
	case "minimum_charge_seconds":
		return deref(p.Billing.MinimumSeconds)
	case "egress_price":
		return converted(cat, p.Egress)
	case "storage_price":
		return converted(cat, p.Storage)
	}
	// storage_iops and support: the catalog holds no sourced figure yet.
	return 0, false
}

// stated is a yes/no feature of an offer: its instance type's own
// statement, else its provider's for all its types; false when neither
// states it.
func stated(own, provider *bool) (float64, bool) {
	for _, b := range []*bool{own, provider} {
		if b != nil {
			if *b {
				return 1, true
			}
			return 0, true
		}
	}
	return 0, false
}

func deref(v *float64) (float64, bool) {
	if v == nil {
		return 0, false
	}
	return *v, true
}

func converted(cat *catalog.Catalog, r catalog.Rate) (float64, bool) {
	if r.Price == nil {
		return 0, false
	}
	c, ok := pricing.Rates(cat.FX).Convert(r.Currency, cat.Site.Currency)
	if !ok {
		return 0, false
	}
	return c.Apply(*r.Price), true
}
