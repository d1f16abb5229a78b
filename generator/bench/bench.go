// Package bench is the stage of gpucompare that turns benchmark results
// into what a buyer decides on: what a unit of work costs on each offer.
// It takes the catalog's benchmarks and the priced offers and hands on, for
// every result whose accelerator count N is known, its mapping onto each
// offer with that accelerator and, under each pricing model, the work per
// unit of money (throughput metrics) or the cost of one run (time metrics),
// ranked within groups of comparable results: same benchmark, division,
// round and unit.
//
// A result maps onto an offer only in the shape it ran. A result whose
// source states its nodes (a training system of M nodes of P GPUs) maps,
// as it ran, onto M instances of each offer with P GPUs of its
// accelerator: one run costs M × the hourly price × its hours. Otherwise
// the catalog states no cluster size for any provider, so the largest
// cluster an offer is known to give is one instance: a result maps onto
// one instance of at least N GPUs (the main ranking), or, when it fits
// one instance of some offer, onto k instances of N/k GPUs each of the
// offers that hold fewer (a ranking of its own, "if it scales across
// instances"); a result of nodes maps there onto the offers of another
// shape whose GPU count divides N. A result larger than every offer of
// its accelerator holds in one instance, with no nodes stated, is not
// costed.
//
// A result that ran on fewer GPUs than the one instance it maps onto
// (one GPU of an eight-GPU machine) is charged per GPU-hour: the
// instance's price ÷ its GPUs × the GPUs the result used, as though the
// other GPUs ran copies of the work. Only a result that used the whole
// instance is charged the whole instance.
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
	NoShape      = "no_shape"      // it ran on nodes of P GPUs (an int); no priced offer of the GPU (its name) has P, or a count that divides its N GPUs (a note.Count)
)

// NotCostedCodes are the codes of Result.NotCosted.
var NotCostedCodes = []string{NoGPU, UnknownCount, NotGPU, NoOffer, TooLarge, NoShape}

// Where an offer may not reach a result (Mapping.Flags), with the
// arguments each note takes.
const (
	Interconnect = "interconnect" // the result's system had an interconnect (as the result names it) the offer does not state
	SplitRun     = "split"        // split across instances (an int) though the result ran its GPUs (an int) in one system
	Cluster      = "cluster"      // a cluster of instances (a note.Count) with no RDMA between them stated
	PerGPU       = "per_gpu"      // the result ran on fewer GPUs (an int) than the instance has (an int): charged per GPU-hour for those it used
	Shape        = "shape"        // k instances (an int) of n GPUs (an int), though the result ran on nodes (an int) of p GPUs (an int)
)

// FlagCodes are the codes of Mapping.Flags.
var FlagCodes = []string{Interconnect, SplitRun, Cluster, PerGPU, Shape}

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
	// include are the switches the prices it is costed at answer under
	// (DeriveWith).
	include pricing.Include
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
// GPUs, k instances of N/k GPUs each, or as many instances as the
// result's system had nodes.
type Mapping struct {
	Result    *Result
	Offer     *pricing.Offer
	Instances int // k
	// Share is the part of each instance's price the result is charged: 1,
	// or, for a result on fewer GPUs than its one instance holds, those
	// GPUs over the instance's (ranked per GPU-hour).
	Share float64
	// scales says the mapping holds only if the work scales: it spreads
	// the result over instances in a shape the result did not run in.
	scales bool
	// Flags say where the offer may not reach the result — a missing
	// interconnect, a run split across instances — each one of FlagCodes
	// with its arguments.
	Flags []note.Note
	Costs map[string]*Cost // by pricing model
}

// Split reports whether the mapping spreads the result over instances in
// a shape it did not run in, which holds only if the work scales across
// them.
func (m *Mapping) Split() bool { return m.scales }

// PerGPU reports whether the result is charged per GPU-hour, for the
// GPUs it ran on, rather than for the whole instance.
func (m *Mapping) PerGPU() bool { return m.Share < 1 }

// Cost is a mapping's figure under one pricing model, in the site currency.
type Cost struct {
	Mapping *Mapping
	Model   string
	Hourly  float64 // of the k instances together (their Share of it)
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

// Rank is the rank of costs[j] among costs ranked best first: 1 for the
// best, and a cost equal to the one before it shares its rank.
func Rank(costs []*Cost, j int) int {
	rank := j + 1
	for rank > 1 && costs[rank-2].Value() == costs[j].Value() {
		rank--
	}
	return rank
}

// PerNode is the GPUs of each node of the result's system; 0 when the
// source does not state its nodes.
func (r *Result) PerNode() int {
	if r.Nodes <= 0 {
		return 0
	}
	return r.GPUCount / r.Nodes
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
// the costs within groups of comparable results, at the prices that
// answer by default (pricing.Price.Ranked).
func Derive(cat *catalog.Catalog, offers []*pricing.Offer) []*Group {
	return DeriveWith(cat, offers, pricing.Include{})
}

// DeriveWith is Derive at the prices that answer under the reader's
// switches inc (pricing.Price.Answers): a benchmark page's answer with
// "include stale prices" or "include marketplaces".
func DeriveWith(cat *catalog.Catalog, offers []*pricing.Offer, inc pricing.Include) []*Group {
	// The offers of each GPU, and those of them that can carry a result
	// into a ranking under inc (rankable), found once for every result.
	byGPU, rankableOf := map[string][]*pricing.Offer{}, map[string][]*pricing.Offer{}
	for _, o := range offers {
		byGPU[o.Instance.GPU] = append(byGPU[o.Instance.GPU], o)
		if rankable(o, inc) {
			rankableOf[o.Instance.GPU] = append(rankableOf[o.Instance.GPU], o)
		}
	}
	var groups []*Group
	for _, b := range cat.Benchmarks {
		index := map[[3]string]*Group{}
		for _, cr := range b.Results {
			r := &Result{Result: cr, GPU: cat.GPU(cr.GPU), Unit: cmp.Or(cr.Unit, b.Unit), include: inc}
			key := [3]string{cr.Division, cr.Round, r.Unit}
			g := index[key]
			if g == nil {
				g = &Group{Benchmark: b, Division: cr.Division, Round: cr.Round, Unit: r.Unit, Ranks: map[string][]*Cost{}, Split: map[string][]*Cost{}}
				index[key] = g
				groups = append(groups, g)
			}
			g.Results = append(g.Results, r)
			r.mapOnto(len(byGPU[cr.GPU]), rankableOf[cr.GPU])
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
// The costs are of one group, whose results share a unit.
func sortCosts(costs []*Cost) {
	if len(costs) == 0 {
		return
	}
	if costs[0].Mapping.Result.isTime() {
		slices.SortStableFunc(costs, func(a, b *Cost) int { return cmp.Compare(a.RunCost, b.RunCost) })
		return
	}
	slices.SortStableFunc(costs, func(a, b *Cost) int { return cmp.Compare(b.WorkPerMoney, a.WorkPerMoney) })
}

// rankable reports whether an offer can carry a result into a ranking: it
// has GPUs, whole prices, and one price at least that is converted and
// answers under the switches inc (by default an article's figure or an
// estimate does not).
func rankable(o *pricing.Offer, inc pricing.Include) bool {
	if o.Instance.GPUCount <= 0 || !o.Rankable() {
		return false
	}
	for _, pr := range o.Prices {
		if pr.Converted && pr.Answers(inc) {
			return true
		}
	}
	return false
}

// mapOnto maps the result of N GPUs onto each offer with its accelerator
// that holds N GPUs in one instance, and, when one such offer exists, onto
// k instances of each offer whose GPU count divides N; a result of nodes
// as mapNodes does. offered is how many offers rent its accelerator,
// offers those of them that are rankable under the result's switches.
func (r *Result) mapOnto(offered int, offers []*pricing.Offer) {
	switch {
	case r.GPU == nil:
		r.NotCosted = note.New(NoGPU)
		return
	case r.GPUCount == 0:
		r.NotCosted = note.New(UnknownCount)
		return
	case r.GPU.Kind != "" && r.GPU.Kind != "gpu" && offered == 0:
		// Not a GPU, and no offer rents it: said only when it is so. An
		// accelerator the catalog prices is costed as a GPU is.
		r.NotCosted = note.New(NotGPU, strings.ToUpper(r.GPU.Kind))
		return
	}
	if len(offers) == 0 {
		r.NotCosted = note.New(NoOffer, r.GPU.Name)
		return
	}
	if r.Nodes > 0 {
		r.mapNodes(offers)
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
		share := 1.0
		if k == 1 && per > r.GPUCount {
			share = float64(r.GPUCount) / float64(per)
		}
		r.add(o, k, share, k > 1)
	}
}

// mapNodes maps a result that ran on M nodes of P GPUs each onto M
// instances of each offer with P GPUs, as it ran, and onto N/n instances
// of each offer of another count n that divides its N GPUs, only if it
// scales.
func (r *Result) mapNodes(offers []*pricing.Offer) {
	per := r.GPUCount / r.Nodes
	for _, o := range offers {
		n := o.Instance.GPUCount
		switch {
		case n == per:
			r.add(o, r.Nodes, 1, false)
		case n < r.GPUCount && r.GPUCount%n == 0:
			r.add(o, r.GPUCount/n, 1, true)
		}
	}
	if len(r.Mappings) == 0 {
		r.NotCosted = note.New(NoShape, per, r.GPU.Name, note.Count(r.GPUCount))
	}
}

// add costs the result on k instances of offer o, each charged its
// share, under each pricing model the rankings use.
func (r *Result) add(o *pricing.Offer, k int, share float64, scales bool) {
	m := &Mapping{Result: r, Offer: o, Instances: k, Share: share, scales: scales, Costs: map[string]*Cost{}}
	m.Flags = flags(r, o, m)
	for model, pr := range o.Prices {
		if !pr.Converted || !pr.Answers(r.include) { // by default an article's figure or an estimate is not ranked
			continue
		}
		hourly := pr.Display * share
		c := &Cost{Mapping: m, Model: model, Hourly: hourly * float64(k)}
		if secs := timeSeconds(r.Unit); secs > 0 {
			hours := r.Value * secs / 3600
			c.RunCost = pricing.JobCost(hourly, hours, o.Provider.Billing.Granularity, minimum(o.Provider)) * float64(k)
		} else {
			c.WorkPerMoney = r.Value * 3600 / c.Hourly
		}
		m.Costs[model] = c
	}
	if len(m.Costs) > 0 {
		r.Mappings = append(r.Mappings, m)
	}
}

func minimum(p *catalog.Provider) float64 {
	if p.Billing.MinimumSeconds != nil {
		return *p.Billing.MinimumSeconds
	}
	return 0
}

// flags say where an offer may not reach a result.
func flags(r *Result, o *pricing.Offer, m *Mapping) (out []note.Note) {
	k := m.Instances
	if want := r.Interconnect; want != "" {
		have := o.Instance.Interconnect
		if o.Instance.GPUCount > 1 && r.GPU != nil {
			have += " " + r.GPU.Interconnect.Name
		}
		if !strings.Contains(strings.ToLower(have), strings.ToLower(firstWord(want))) {
			out = append(out, note.New(Interconnect, want))
		}
	}
	switch {
	case m.scales && r.Nodes > 1:
		out = append(out, note.New(Shape, k, o.Instance.GPUCount, r.Nodes, r.GPUCount/r.Nodes))
	case m.scales && (r.Nodes == 1 || r.GPUCount <= 8):
		out = append(out, note.New(SplitRun, k, r.GPUCount))
	}
	if k > 1 && (r.GPUCount > 8 || r.Nodes > 1) && (o.Instance.RDMA == nil || !*o.Instance.RDMA) && !o.Provider.Features.HasRDMA() {
		out = append(out, note.New(Cluster, note.Count(k)))
	}
	if m.PerGPU() {
		out = append(out, note.New(PerGPU, r.GPUCount, o.Instance.GPUCount))
	}
	return out
}

func firstWord(s string) string {
	w, _, _ := strings.Cut(strings.TrimSpace(s), " ")
	return w
}
