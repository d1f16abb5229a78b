// Package guide is the stage of gpucompare that evaluates decision guides
// against the catalog: it takes a guide outcome's query and the priced
// offers and hands on the outcome's live short list — the offers that meet
// every condition, cheapest first by the query's sort key — so every
// recommendation follows the prices.
package guide

import (
	"cmp"
	"slices"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// DefaultLimit is the length of a short list whose query sets none.
const DefaultLimit = 5

// Pick is one offer of a short list, with the price it is compared at and
// the value it is sorted on (in the site currency).
type Pick struct {
	Offer *pricing.Offer
	Price *pricing.Price
	Key   float64
}

// ShortList is what a query selects: the first picks, and how many offers
// matched in all.
type ShortList struct {
	Query   *catalog.Query
	Model   string // the pricing model compared
	Sort    string
	Picks   []*Pick
	Matched int
	Near    []*Near // when nothing matches: the nearest offers
	// Stale says no current price meets the conditions, so the picks are
	// the stale and undated prices that do (pricing.Include.Stale): a
	// stale price answers only where nothing current exists, and says so.
	Stale bool
}

// NearLimit is how many nearest offers an outcome that matches nothing
// shows, one per provider: the providers to ask first.
const NearLimit = 3

// Near is an offer that misses some conditions of a query, with what it
// misses: an outcome that matches nothing shows the nearest ones.
type Near struct {
	Pick
	Misses []Miss
}

// Miss is one condition of a query an offer fails, with what the offer has.
// Kind names the condition as the query does: "gpu_models", "gpus",
// "min_gpu_memory_gb", "min_gpu_count", "max_gpu_count", "interconnect",
// "rdma", "providers", "provider_kinds", "regions", "geo",
// "certifications", "features", "where" or "pricing_model".
type Miss struct {
	Kind string
	// Want is the value the condition asks for where it is one word: the
	// certification, the feature, the pricing model.
	Want string
	// Bound is the bound missed, for "where"; Have is the offer's value for
	// it, or for "min_gpu_memory_gb" the memory per GPU: nil when unknown.
	Bound *catalog.Bound
	Have  *float64
}

// MissKinds are the kinds a Miss can have, for wording every one.
var MissKinds = []string{"gpu_models", "gpus", "min_gpu_memory_gb", "min_gpu_count", "max_gpu_count", "interconnect",
	"rdma", "providers", "provider_kinds", "regions", "geo", "certifications", "features", "where", "pricing_model"}

// Evaluate runs a query over the offers. Offers without a comparable
// price under the query's pricing model, and offers where a condition's
// value is unknown, do not match: unknown is not a yes. When none
// matches, Near holds the offers that miss the fewest conditions, cheapest
// first among equals and one per provider, each with what it misses.
//
// Where no current price meets the conditions but stale or undated ones
// do, those are the picks, and Stale says so.
func Evaluate(cat *catalog.Catalog, offers []*pricing.Offer, q *catalog.Query) *ShortList {
	return EvaluateWith(cat, offers, q, pricing.Include{})
}

// EvaluateWith is Evaluate with the reader's switches inc (the answer
// switches of a guide page): the prices that answer under inc
// (pricing.Price.Answers) are compared, and where none meets the
// conditions, with stale and undated ones too, as Evaluate falls back.
func EvaluateWith(cat *catalog.Catalog, offers []*pricing.Offer, q *catalog.Query, inc pricing.Include) *ShortList {
	l := evaluate(cat, offers, q, inc)
	if l.Matched == 0 && !inc.Stale {
		withStale := inc
		withStale.Stale = true
		if st := evaluate(cat, offers, q, withStale); st.Matched > 0 {
			st.Stale = true
			return st
		}
	}
	return l
}

// Answers reports whether offer o's price under model answers a query
// with the switches inc: as it answers anywhere (pricing.Offer.Answers),
// but a stale or undated price that answers only as nothing of its GPU
// model is current anywhere (pricing.Price.Fallback) answers a query only
// with stale prices included — where no current price meets the query's
// conditions, so that the list says it holds none (ShortList.Stale),
// whatever other conditions left the current ones out.
func Answers(o *pricing.Offer, model string, inc pricing.Include) bool {
	pr := o.Prices[model]
	return o.Answers(model, inc) && (inc.Stale || !pr.Fallback)
}

// evaluate is Evaluate with the prices that answer under the switches inc:
// the matches by Answers, the nearest by pricing.Offer.Answers.
func evaluate(cat *catalog.Catalog, offers []*pricing.Offer, q *catalog.Query, inc pricing.Include) *ShortList {
	l := &ShortList{Query: q, Model: cmp.Or(q.PricingModel, "on_demand"), Sort: cmp.Or(q.Sort, "per_gpu_hour")}
	var all []*Pick
	var near []*Near
	for _, o := range offers {
		if o.GPU == nil || !o.Rankable() {
			continue
		}
		model := l.Model
		var misses []Miss
		if pr := o.Prices[model]; pr == nil || !pr.Converted || !o.Answers(model, inc) {
			// Compared at its on-demand price, the model missed.
			misses = append(misses, Miss{Kind: "pricing_model", Want: model})
			model = "on_demand"
			if pr := o.Prices[model]; pr == nil || !pr.Converted || !o.Answers(model, inc) {
				continue
			}
		}
		key, ok := sortKey(cat, o, model, l.Sort)
		if !ok {
			continue
		}
		misses = append(misses, Misses(cat, o, model, q)...)
		pk := Pick{Offer: o, Price: o.Prices[model], Key: key}
		switch {
		case len(misses) == 0 && !Answers(o, model, inc):
			// A fallback price meeting every condition is no current
			// match: it is one when stale prices are included.
		case len(misses) == 0:
			all, near = append(all, &pk), nil
		case len(all) == 0: // the nearest are kept only while nothing matches
			near = append(near, &Near{Pick: pk, Misses: misses})
		}
	}
	slices.SortStableFunc(all, func(a, b *Pick) int { return cmp.Compare(a.Key, b.Key) })
	all = oneOfQuoted(all)
	l.Matched = len(all)
	limit := q.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	l.Picks = all[:min(limit, len(all))]
	if l.Matched == 0 {
		slices.SortStableFunc(near, func(a, b *Near) int {
			return cmp.Or(cmp.Compare(len(a.Misses), len(b.Misses)), cmp.Compare(a.Key, b.Key))
		})
		seen := map[*catalog.Provider]bool{}
		for _, n := range near {
			if len(l.Near) < NearLimit && !seen[n.Offer.Provider] {
				seen[n.Offer.Provider] = true
				l.Near = append(l.Near, n)
			}
		}
	}
	return l
}

func sortKey(cat *catalog.Catalog, o *pricing.Offer, model, sort string) (float64, bool) {
	switch sort {
	case "hourly":
		return o.Prices[model].Display, true
	case "per_gb_hour":
		return o.PerGPUMemoryGBHour(cat, model)
	case "per_fp16_tflops_hour":
		return o.PerTFLOPSHour(precision("fp16_bf16"), model)
	case "per_fp32_tflops_hour":
		return o.PerTFLOPSHour(precision("fp32"), model)
	}
	return o.PerGPUHour(model)
}

func precision(key string) catalog.Precision {
	for _, p := range catalog.Precisions {
		if p.Key == key {
			return p
		}
	}
	return catalog.Precision{}
}

// Misses lists the conditions of a query an offer fails, the pricing
// model aside, in the order the query lists them; the price bounds are
// judged on its price under model.
func Misses(cat *catalog.Catalog, o *pricing.Offer, model string, q *catalog.Query) []Miss {
	g, in, p := o.GPU, o.Instance, o.Provider
	var out []Miss
	miss := func(kind string) { out = append(out, Miss{Kind: kind}) }
	if len(q.GPUModels) > 0 && !slices.Contains(q.GPUModels, g.Model) {
		miss("gpu_models")
	}
	if len(q.GPUs) > 0 && !slices.Contains(q.GPUs, g.ID) {
		miss("gpus")
	}
	if q.MinGPUMemoryGB != nil {
		var per *float64
		if total := cat.TotalGPUMemoryGB(in); total != nil && in.GPUCount > 0 {
			v := *total / float64(in.GPUCount)
			per = &v
		}
		if per == nil || *per < *q.MinGPUMemoryGB {
			out = append(out, Miss{Kind: "min_gpu_memory_gb", Have: per})
		}
	}
	if q.MinGPUCount > 0 && in.GPUCount < q.MinGPUCount {
		miss("min_gpu_count")
	}
	if q.MaxGPUCount > 0 && in.GPUCount > q.MaxGPUCount {
		miss("max_gpu_count")
	}
	if q.Interconnect != "" && g.Interconnect.Kind != q.Interconnect &&
		!strings.Contains(strings.ToLower(in.Interconnect), strings.ReplaceAll(q.Interconnect, "_", " ")) {
		miss("interconnect")
	}
	if q.RDMA != nil && *q.RDMA != (in.RDMA != nil && *in.RDMA || p.Features.HasRDMA()) {
		miss("rdma")
	}
	if len(q.Providers) > 0 && !slices.Contains(q.Providers, p.ID) {
		miss("providers")
	}
	if len(q.ProviderKinds) > 0 && !slices.Contains(q.ProviderKinds, p.Kind) {
		miss("provider_kinds")
	}
	if len(q.Regions) > 0 && !slices.Contains(q.Regions, o.Region) && o.Region != catalog.AllRegions {
		miss("regions")
	}
	if len(q.Geos) > 0 && !InGeo(o, q.Geos) {
		miss("geo")
	}
	for _, want := range q.Certifications {
		if !p.States(want) {
			out = append(out, Miss{Kind: "certifications", Want: want})
		}
	}
	for _, f := range q.Features {
		if !HasFeature(o, f) {
			out = append(out, Miss{Kind: "features", Want: f})
		}
	}
	for i := range q.Where {
		b := &q.Where[i]
		v := boundValue(cat, o, model, b)
		if v == nil || b.Min != nil && *v < *b.Min || b.Max != nil && *v > *b.Max {
			out = append(out, Miss{Kind: "where", Bound: b, Have: v})
		}
	}
	return out
}

// HasFeature reports whether an offer states a feature: its instance
// type's own statement where it has one (RDMA, GPUDirect, physical
// isolation: a bare-metal type or a lease is isolated whatever its
// provider's other types are), else its provider's. Unknown is not a yes.
// A feature is an attribute of the offer, not of a pricing model: any
// offer that states it matches.
func HasFeature(o *pricing.Offer, f string) bool {
	if own := InstanceFeature(o.Instance, f); own != nil {
		return *own
	}
	return o.Provider.Features.Has(f)
}

// InstanceFeature is what an instance type itself states of a feature;
// nil when it says nothing, or the feature is the provider's alone.
func InstanceFeature(in *catalog.Instance, f string) *bool {
	switch f {
	case "rdma":
		return in.RDMA
	case "gpudirect":
		return in.GPUDirect
	case "physical_isolation":
		return in.Isolated
	}
	return nil
}

// InGeo reports whether an offer is in one of the parts of the world
// (pricing.Offer.InGeo): in mainland China by the rule of every mainland
// answer, a region there and every price in yuan (pricing.Offer.MainlandQuoted).
func InGeo(o *pricing.Offer, geos []string) bool { return o.InGeo(geos) }

// boundValue is the value a bound judges: a spec of the GPU or instance
// type, or the offer's price under model in the bound's currency; nil when
// unknown or when the price cannot be converted.
func boundValue(cat *catalog.Catalog, o *pricing.Offer, model string, b *catalog.Bound) *float64 {
	if get := catalog.QueryFields[b.Field]; get != nil {
		return get(o.GPU, o.Instance)
	}
	pr := o.Prices[model]
	if pr == nil || !slices.Contains(catalog.QueryPriceFields, b.Field) {
		return nil
	}
	hourly := pr.Hourly.Amount
	if pr.Hourly.Currency != b.Currency {
		c, ok := pricing.Rates(cat.FX).Convert(pr.Hourly.Currency, b.Currency)
		if !ok {
			return nil
		}
		hourly = c.Apply(hourly)
	}
	var v float64
	switch b.Field {
	case "price.per_gpu_hour":
		if o.Instance.GPUCount <= 0 {
			return nil
		}
		v = hourly / float64(o.Instance.GPUCount)
	case "price.hourly":
		v = hourly
	case "price.per_month":
		v = hourly * pricing.HoursPerMonth
	}
	return &v
}

// oneOfQuoted leaves out of the ranked picks the list price of an offer
// the team holds a quote for (an internal build's overlay): a short list
// names each offer to consider once, and the quote stands for it, its
// label saying how far it is from list.
func oneOfQuoted(picks []*Pick) []*Pick {
	return oneOfQuotedBy(picks, func(pk *Pick) *pricing.Offer { return pk.Offer })
}

// OneOfQuoted leaves out of offers, in their order, the list price of an
// offer the team holds a quote for, as a short list does (oneOfQuoted):
// a trial plan tries the quoted offer once, at its quote.
func OneOfQuoted(offers []*pricing.Offer) []*pricing.Offer {
	return oneOfQuotedBy(offers, func(o *pricing.Offer) *pricing.Offer { return o })
}

func oneOfQuotedBy[T any](items []T, offer func(T) *pricing.Offer) []T {
	type key struct {
		in     *catalog.Instance
		region string
	}
	quoted := map[key]bool{}
	for _, it := range items {
		if o := offer(it); o.Quoted() != nil {
			quoted[key{o.Instance, o.Region}] = true
		}
	}
	if len(quoted) == 0 {
		return items
	}
	out := items[:0:0]
	for _, it := range items {
		if o := offer(it); o.Quoted() == nil && quoted[key{o.Instance, o.Region}] {
			continue
		}
		out = append(out, it)
	}
	return out
}
