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
}

// Evaluate runs a query over the offers. Offers without a comparable
// price under the query's pricing model, and offers where a condition's
// value is unknown, do not match: unknown is not a yes.
func Evaluate(cat *catalog.Catalog, offers []*pricing.Offer, q *catalog.Query) *ShortList {
	l := &ShortList{Query: q, Model: cmp.Or(q.PricingModel, "on_demand"), Sort: cmp.Or(q.Sort, "per_gpu_hour")}
	var all []*Pick
	for _, o := range offers {
		pr := o.Prices[l.Model]
		if pr == nil || !pr.Converted || o.GPU == nil || !o.Ranks(l.Model) || !matches(cat, o, q) {
			continue
		}
		key, ok := sortKey(cat, o, l.Model, l.Sort)
		if !ok {
			continue
		}
		all = append(all, &Pick{Offer: o, Price: pr, Key: key})
	}
	slices.SortStableFunc(all, func(a, b *Pick) int { return cmp.Compare(a.Key, b.Key) })
	l.Matched = len(all)
	limit := q.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	l.Picks = all[:min(limit, len(all))]
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

func matches(cat *catalog.Catalog, o *pricing.Offer, q *catalog.Query) bool {
	g, in, p := o.GPU, o.Instance, o.Provider
	if len(q.GPUModels) > 0 && !slices.Contains(q.GPUModels, g.Model) {
		return false
	}
	if len(q.GPUs) > 0 && !slices.Contains(q.GPUs, g.ID) {
		return false
	}
	if q.MinGPUMemoryGB != nil {
		total := cat.TotalGPUMemoryGB(in)
		if total == nil || *total/float64(in.GPUCount) < *q.MinGPUMemoryGB {
			return false
		}
	}
	if q.MinGPUCount > 0 && in.GPUCount < q.MinGPUCount || q.MaxGPUCount > 0 && in.GPUCount > q.MaxGPUCount {
		return false
	}
	if q.Interconnect != "" && g.Interconnect.Kind != q.Interconnect &&
		!strings.Contains(strings.ToLower(in.Interconnect), strings.ReplaceAll(q.Interconnect, "_", " ")) {
		return false
	}
	if q.RDMA != nil && *q.RDMA != (in.RDMA != nil && *in.RDMA || p.Features.HasRDMA()) {
		return false
	}
	if len(q.Providers) > 0 && !slices.Contains(q.Providers, p.ID) {
		return false
	}
	if len(q.ProviderKinds) > 0 && !slices.Contains(q.ProviderKinds, p.Kind) {
		return false
	}
	if len(q.Regions) > 0 && !slices.Contains(q.Regions, o.Region) && o.Region != catalog.AllRegions {
		return false
	}
	for _, want := range q.Certifications {
		if !slices.ContainsFunc(p.Certifications.List, func(c string) bool { return strings.EqualFold(c, want) }) {
			return false
		}
	}
	for _, f := range q.Features {
		if !p.Features.Has(f) {
			return false
		}
	}
	for _, b := range q.Where {
		get := catalog.QueryFields[b.Field]
		if get == nil {
			return false
		}
		v := get(g, in)
		if v == nil || b.Min != nil && *v < *b.Min || b.Max != nil && *v > *b.Max {
			return false
		}
	}
	return true
}
