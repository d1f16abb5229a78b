// Package bench is the stage of gpucompare that turns benchmark results
// into what a buyer decides on: what a unit of work costs on each offer.
// It takes the catalog's benchmarks and the priced offers and hands on, for
// every result whose accelerator count N is known, its mapping onto each
// offer with that accelerator and, under each pricing model, the work per
// unit of money (throughput metrics) or the cost of one run (time metrics),
// ranked within groups of comparable results: same benchmark, division,
// round and unit.
//
// A result maps onto an offer only in the shape it ran. The catalog states
// no cluster size for any provider, so the largest cluster an offer is
// known to give is one instance: a result maps onto one instance of at
// least N GPUs (the main ranking), or, when it fits one instance of some
// offer, onto k instances of N/k GPUs each of the offers that hold fewer
// (a ranking of its own, "if it scales across instances"). A result larger
// than every offer of its accelerator holds in one instance is not costed.
package bench

import (
	"cmp"
	"slices"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/note"
	"gpucompare/generator/pricing"
)

// Why a result is not costed (Result.NotCosted), with the arguments each
// note takes.
const (
	NoGPU        = "no_gpu"        // its accelerator is not in the catalog
	UnknownCount = "unknown_count" // the source does not state how many accelerators ran it
	NotGPU       = "not_gpu"       // its accelerator is not a GPU (the kind in capitals: "TPU") and no offer rents it
	NoOffer      = "no_offer"      // no offer with the GPU (its name) has a price the rankings use
	TooLarge     = "too_large"     // it ran on more GPUs (a note.Count) than any priced instance of the GPU (its name) holds (the most, an int)
)

// NotCostedCodes are the codes of Result.NotCosted.
var NotCostedCodes = []string{NoGPU, UnknownCount, NotGPU, NoOffer, TooLarge}

// Where an offer may not reach a result (Mapping.Flags), with the
// arguments each note takes.
const (
	Interconnect = "interconnect" // the result's system had an interconnect (as the result names it) the offer does not state
	SplitRun     = "split"        // split across instances (an int) though the result ran its GPUs (an int) in one system
	Cluster      = "cluster"      // a cluster of instances (a note.Count) with no RDMA between them stated
	Spare        = "spare"        // the result ran on fewer GPUs (an int) than the instance has (an int, given twice) and pays for
)

// FlagCodes are the codes of Mapping.Flags.
var FlagCodes = []string{Interconnect, SplitRun, Cluster, Spare}

// Group is a set of comparable results of one benchmark: the same
// division, round and unit.
type Group struct {
	Benchmark *catalog.Benchmark
	Division  string
	Round     string
	Unit      string
	Results   []*Result
	// Ranks are the costed mappings of the group's results onto one
	// instance each, as they ran, under each pricing model, best first.
	Ranks map[string][]*Cost
	// Split are the costed mappings that split a result across several
	// instances, ranked apart in the same way: they hold only if the work
	// scales across instances.
	Split map[string][]*Cost
}

// Result is one benchmark result with what can be derived from it.
type Result struct {
	*catalog.Result
	GPU  *catalog.GPU
	Unit string // the result's unit: its own, or the benchmark's
	// NotCosted says why the result has no costs, as one of
	// NotCostedCodes with its arguments; its Code is empty when the result
	// has costs.
	NotCosted note.Note
	// Largest is, for a result too large, the most GPUs of its accelerator
	// one priced instance holds.
	Largest  int
	Mappings []*Mapping
}

// AsRan counts the result's mappings onto one instance each: the offers it
// is ranked on as it ran.
func (r *Result) AsRan() int {
	n := 0
	for _, m := range r.Mappings {
		if !m.Split() {
			n++
		}
	}
	return n
}

// SplitOnly counts the result's mappings across several instances: the
// offers it is ranked on only if it scales across them.
func (r *Result) SplitOnly() int { return len(r.Mappings) - r.AsRan() }

// Mapping is a result mapped onto an offer: one instance of at least N
// GPUs, or k instances of N/k GPUs each.
type Mapping struct {
	Result    *Result
	Offer     *pricing.Offer
	Instances int // k
	// Flags say where the offer may not reach the result — a missing
	// interconnect, a run split across instances — each one of FlagCodes
	// with its arguments.
	Flags []note.Note
	Costs map[string]*Cost // by pricing model
}

// Split reports whether the mapping spreads the result over several
// instances, which holds only if the work scales across them.
func (m *Mapping) Split() bool { return m.Instances > 1 }

// Cost is a mapping's figure under one pricing model, in the site currency.
type Cost struct {
	Mapping *Mapping
	Model   string
	Hourly  float64 // of the k instances together
	// WorkPerMoney is, for a throughput metric, the work one unit of money
	// buys (tokens per dollar); RunCost is, for a time metric, the cost of
	// one run under the offer's billing granularity and minimum.
	WorkPerMoney float64
	RunCost      float64
}

// Value is the figure rankings sort on.
func (c *Cost) Value() float64 {
	if c.Mapping.Result.isTime() {
		return c.RunCost
	}
	return c.WorkPerMoney
}

func (r *Result) isTime() bool { return timeSeconds(r.Unit) > 0 }

// Time reports whether the group's metric is a time (lower is better, a
// cost per run), not a throughput (a work per unit of money).
func (g *Group) Time() bool { return timeSeconds(g.Unit) > 0 }

// timeSeconds is how many seconds one unit of a time metric is, or 0 for a
// unit that is not a time.
func timeSeconds(unit string) float64 {
	switch strings.ToLower(unit) {
	case "seconds", "second", "s":
		return 1
	case "minutes", "minute", "min":
		return 60
	case "hours", "hour", "h":
		return 3600
	}
	return 0
}

// WorkUnit names what a throughput unit counts: "tokens/s" → "tokens",
// "TFLOPS" → "TFLOP".
func WorkUnit(unit string) string {
	if u, ok := strings.CutSuffix(unit, "/s"); ok {
		return u
	}
	if strings.HasSuffix(unit, "PS") { // TFLOPS → TFLOP, TOPS → TOP
		return strings.TrimSuffix(unit, "S")
	}
	return unit
}

// Derive maps every result of every benchmark onto the offers and ranks
// the costs within groups of comparable results.
func Derive(cat *catalog.Catalog, offers []*pricing.Offer) []*Group {
	byGPU := map[string][]*pricing.Offer{}
	for _, o := range offers {
		byGPU[o.Instance.GPU] = append(byGPU[o.Instance.GPU], o)
	}
	var groups []*Group
	for _, b := range cat.Benchmarks {
		index := map[[3]string]*Group{}
		for _, cr := range b.Results {
			r := &Result{Result: cr, GPU: cat.GPU(cr.GPU), Unit: cmp.Or(cr.Unit, b.Unit)}
			key := [3]string{cr.Division, cr.Round, r.Unit}
			g := index[key]
			if g == nil {
				g = &Group{Benchmark: b, Division: cr.Division, Round: cr.Round, Unit: r.Unit, Ranks: map[string][]*Cost{}, Split: map[string][]*Cost{}}
				index[key] = g
				groups = append(groups, g)
			}
			g.Results = append(g.Results, r)
			r.mapOnto(byGPU[cr.GPU])
			for _, m := range r.Mappings {
				ranks := g.Ranks
				if m.Split() {
					ranks = g.Split
				}
				for model, c := range m.Costs {
					ranks[model] = append(ranks[model], c)
				}
			}
		}
	}
	for _, g := range groups {
		for _, costs := range g.Ranks {
			sortCosts(costs)
		}
		for _, costs := range g.Split {
			sortCosts(costs)
		}
	}
	return groups
}

// sortCosts puts the best first: the cheaper run, or more work per money.
func sortCosts(costs []*Cost) {
	slices.SortStableFunc(costs, func(a, b *Cost) int {
		if a.Mapping.Result.isTime() {
			return cmp.Compare(a.Value(), b.Value())
		}
		return cmp.Compare(b.Value(), a.Value())
	})
}

// rankable reports whether an offer can carry a result into a ranking: it
// has GPUs, whole prices, and one price at least that is converted and
// ranked (an article's figure or an estimate is not).
func rankable(o *pricing.Offer) bool {
	if o.Instance.GPUCount <= 0 || !o.Rankable() {
		return false
	}
	for _, pr := range o.Prices {
		if pr.Converted && pr.Ranked() {
			return true
		}
	}
	return false
}

// mapOnto maps the result of N GPUs onto each offer with its accelerator
// that holds N GPUs in one instance, and, when one such offer exists, onto
// k instances of each offer whose GPU count divides N.
func (r *Result) mapOnto(offers []*pricing.Offer) {
	switch {
	case r.GPU == nil:
		r.NotCosted = note.New(NoGPU)
		return
	case r.GPUCount == 0:
		r.NotCosted = note.New(UnknownCount)
		return
	case r.GPU.Kind != "" && r.GPU.Kind != "gpu":
		r.NotCosted = note.New(NotGPU, strings.ToUpper(r.GPU.Kind))
		return
	}
	offers = slices.DeleteFunc(slices.Clone(offers), func(o *pricing.Offer) bool { return !rankable(o) })
	if len(offers) == 0 {
		r.NotCosted = note.New(NoOffer, r.GPU.Name)
		return
	}
	largest := 0
	for _, o := range offers {
		largest = max(largest, o.Instance.GPUCount)
	}
	if r.GPUCount > largest {
		r.Largest = largest
		r.NotCosted = note.New(TooLarge, note.Count(r.GPUCount), r.GPU.Name, largest)
		return
	}
	for _, o := range offers {
		per, k := o.Instance.GPUCount, 1
		if per < r.GPUCount {
			if r.GPUCount%per != 0 {
				continue
			}
			k = r.GPUCount / per
		}
		m := &Mapping{Result: r, Offer: o, Instances: k, Costs: map[string]*Cost{}}
		m.Flags = flags(r, o, m.Instances)
		for model, pr := range o.Prices {
			if !pr.Converted || !pr.Ranked() { // an article's figure or an estimate is not ranked
				continue
			}
			c := &Cost{Mapping: m, Model: model, Hourly: pr.Display * float64(m.Instances)}
			if secs := timeSeconds(r.Unit); secs > 0 {
				hours := r.Value * secs / 3600
				c.RunCost = pricing.JobCost(pr.Display, hours, o.Provider.Billing.Granularity, minimum(o.Provider)) * float64(m.Instances)
			} else {
				c.WorkPerMoney = r.Value * 3600 / c.Hourly
			}
			m.Costs[model] = c
		}
		if len(m.Costs) > 0 {
			r.Mappings = append(r.Mappings, m)
		}
	}
}

func minimum(p *catalog.Provider) float64 {
	if p.Billing.MinimumSeconds != nil {
		return *p.Billing.MinimumSeconds
	}
	return 0
}

// flags say where an offer may not reach a result.
func flags(r *Result, o *pricing.Offer, k int) (out []note.Note) {
	if want := r.Interconnect; want != "" {
		have := o.Instance.Interconnect
		if o.Instance.GPUCount > 1 && r.GPU != nil {
			have += " " + r.GPU.Interconnect.Name
		}
		if !strings.Contains(strings.ToLower(have), strings.ToLower(firstWord(want))) {
			out = append(out, note.New(Interconnect, want))
		}
	}
	if k > 1 && r.GPUCount <= 8 {
		out = append(out, note.New(SplitRun, k, r.GPUCount))
	}
	if k > 1 && r.GPUCount > 8 && (o.Instance.RDMA == nil || !*o.Instance.RDMA) && !o.Provider.Features.HasRDMA() {
		out = append(out, note.New(Cluster, note.Count(k)))
	}
	if spare := o.Instance.GPUCount - r.GPUCount; k == 1 && spare > 0 {
		out = append(out, note.New(Spare, r.GPUCount, o.Instance.GPUCount, o.Instance.GPUCount))
	}
	return out
}

func firstWord(s string) string {
	w, _, _ := strings.Cut(strings.TrimSpace(s), " ")
	return w
}
