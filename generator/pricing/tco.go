package pricing

import (
	"cmp"
	"math"
	"slices"

	"gpucompare/generator/catalog"
)

// TCO is what a scenario's workload costs on one offer under one
// strategy, in the site currency.
type TCO struct {
	Offer    *Offer
	Strategy catalog.Strategy
	Parts    []Part
	// Per month: compute from the parts, storage and egress from the
	// provider's prices (Known false when a price is unknown: the total
	// then leaves that part out, says so, and is a lower bound).
	Compute, Storage, Egress float64
	StorageKnown             bool
	EgressKnown              bool
	PerMonth, Total          float64
	Notes                    []Note
	// Conversion is how the offer's GPU does the workload's work: the
	// GPU-hours costed are the workload's times its Factor.
	Conversion catalog.Conversion
}

// Part is the share of the GPU-hours bought under one pricing model.
type Part struct {
	Model   string
	Percent float64
	// GPUHours is what the part buys a month: its share of the workload,
	// less, for a usage model, what the commitments' spare hours cover.
	GPUHours float64
	Covered  float64 // GPU-hours a month of the share the commitments' spare hours run
	// Instances is how many instances a commitment reserves; for usage
	// models, how many one job runs on.
	Instances int
	// For a usage model, the jobs a month and the hours each runs
	// (checkpoint overhead included) before billing rounds them up; zero
	// for a commitment.
	Jobs, JobHours float64
	PerMonth       float64
}

// Note is something a cost leaves out or assumes, for the reader.
type Note struct {
	Kind  NoteKind
	Model string  // the pricing model it is about, for DiscountOnly, SpotOverhead and Covered
	Value float64 // the discount or the spot overhead in percent; the GPU-hours a month covered
}

// NoteKind says what a Note is about.
type NoteKind int

const (
	DiscountOnly     NoteKind = iota + 1 // a commitment priced by nothing but a sourced discount off on-demand
	SpotOverhead                         // spot jobs run longer to checkpoint and resume
	StorageUnknown                       // the storage price is unknown: left out of the total
	EgressUnknown                        // the egress price is unknown: left out of the total
	Covered                              // the commitments' spare hours run some of a usage part's GPU-hours
	CoveredAll                           // the commitments' spare hours run all of a usage part's GPU-hours: it buys none, and needs no price
	FromArticle                          // the part's price is an article's figure, not ranked by default
	Estimated                            // the part's price is an estimate (not one worked out from a discount, which DiscountOnly says)
	StalePrice                           // the part's price is stale, ranked only because the reader included stale prices or none answers
	UndatedPrice                         // no source dates the part's price
	MarketplacePrice                     // the part's price is a marketplace's
	noteKinds                            // the number of kinds + 1; add kinds before it
)

// NoteKinds are the kinds a Note can have, for wording every one.
func NoteKinds() []NoteKind {
	out := make([]NoteKind, 0, noteKinds-1)
	for k := NoteKind(1); k < noteKinds; k++ {
		out = append(out, k)
	}
	return out
}

// Reason is why a strategy cannot run on an offer.
type Reason struct {
	Kind   ReasonKind
	Model  string  // the pricing model that fails, but for NoGPUCount
	Months float64 // the commitment's term, for Outlasts
}

// ReasonKind says why a strategy cannot run on an offer.
type ReasonKind int

const (
	NoGPUCount      ReasonKind = iota + 1 // the instance's GPU count is unknown
	NoPrice                               // no price under the model
	NoRate                                // no exchange rate converts the model's price
	Uninterruptible                       // spot, for a workload that cannot be interrupted
	Outlasts                              // a commitment longer than the project
	Unsplittable                          // the job needs more GPUs than one instance has, and may not be split
	NoConversion                          // the work cannot be converted to the offer's GPU: a figure is unknown
	reasonKinds                           // the number of kinds + 1; add kinds before it
)

// ReasonKinds are the kinds a Reason can have, for wording every one.
func ReasonKinds() []ReasonKind {
	out := make([]ReasonKind, 0, reasonKinds-1)
	for k := ReasonKind(1); k < reasonKinds; k++ {
		out = append(out, k)
	}
	return out
}

// Committed reports whether a model is paid for every hour, used or not: a
// commitment of a term, or a lease, which runs for the whole project.
func Committed(model string) bool {
	return TermHours(model) > 0 || model == "lease"
}

// Bought is the pricing model a share of the model buys on the offer. A
// commitment buys any commitment of its term (catalog.SameTerm): the one
// with a price that may be ranked, then the cheapest, then the model
// itself; a price no rate converts only when no other has one. Any other
// model buys itself.
func (o *Offer) Bought(model string) string {
	best, rank := model, 0 // 3: ranked, 2: converted, 1: a price
	for _, m := range catalog.SameTerm(model) {
		pr := o.Prices[m]
		if pr == nil {
			continue
		}
		r := 1
		if pr.Converted {
			r = 2
			if pr.Ranked() {
				r = 3
			}
		}
		if r > rank || r == rank && r > 1 && pr.Display < o.Prices[best].Display {
			best, rank = m, r
		}
	}
	return best
}

// Bought is the strategy as the offer buys it: each share under the model
// Offer.Bought finds for it.
func Bought(o *Offer, st catalog.Strategy) catalog.Strategy {
	mix := make([]catalog.Share, len(st.Mix))
	for i, sh := range st.Mix {
		mix[i] = catalog.Share{Model: o.Bought(sh.Model), Percent: sh.Percent}
	}
	st.Mix = mix
	return st
}

// coversUsage reports whether the hours the mix's commitments have to
// spare on instances of gpus GPUs run all the GPU-hours of its usage
// parts: those then buy nothing and need no price.
func coversUsage(w catalog.Workload, gpus int, mix []catalog.Share) bool {
	spare, usage := 0.0, 0.0
	for _, sh := range mix {
		hours := w.GPUHoursPerMonth * sh.Percent / 100
		if Committed(sh.Model) {
			spare += float64(reserved(hours, gpus))*HoursPerMonth*float64(gpus) - hours
		} else {
			usage += hours
		}
	}
	return usage <= spare
}

// reserved is how many instances of gpus GPUs, always on, give a number of
// GPU-hours a month.
func reserved(hours float64, gpus int) int {
	return int(math.Ceil(hours / (HoursPerMonth * float64(gpus))))
}

// NeedsPrice reports whether a share of the mix needs the offer's price
// on instances of gpus GPUs: a usage part does not when the commitments'
// spare hours run all of it.
func NeedsPrice(w catalog.Workload, gpus int, mix []catalog.Share, model string) bool {
	return Committed(model) || gpus <= 0 || !coversUsage(w, gpus, mix)
}

// Missing says why an offer has no price to cost under a model: none, or
// one no rate converts; missing is false when it has one.
func (o *Offer) Missing(model string) (why Reason, missing bool) {
	switch pr := o.Prices[model]; {
	case pr == nil:
		return Reason{Kind: NoPrice, Model: model}, true
	case !pr.Converted:
		return Reason{Kind: NoRate, Model: model}, true
	}
	return Reason{}, false
}

// ScenarioTCO costs a scenario on an offer under a strategy. ok is false
// when the strategy cannot run there, with the reason: a job needs more
// GPUs than an instance has and may not be split, a price it needs is
// missing, a commitment outlasts the project, an uninterruptible workload
// on spot.
//
// Each share buys the model Offer.Bought finds: a commitment any
// commitment of its term. A commitment, or a lease, reserves whole
// instances, always on and paid for every hour, for its share of the
// GPU-hours; the GPU-hours those instances have to spare run work of the
// usage parts (spot, on-demand …) instead, the part dearest per GPU-hour
// first, so a usage part buys only what is left of its share, down to
// nothing, and a note says how much was covered. A usage part the spare
// hours run entirely needs no price. Spare hours no usage part needs stay
// unused.
func ScenarioTCO(cat *catalog.Catalog, o *Offer, s *catalog.Scenario, st catalog.Strategy) (t TCO, ok bool, why Reason) {
	st = Bought(o, st)
	t = TCO{Offer: o, Strategy: st}
	w, conv, converts := Work(cat, o, s)
	if !converts {
		return t, false, Reason{Kind: NoConversion}
	}
	t.Conversion = conv
	per := o.Instance.GPUCount
	if per <= 0 {
		return t, false, Reason{Kind: NoGPUCount}
	}
	if per < w.GPUsPerJob && !w.Splittable {
		return t, false, Reason{Kind: Unsplittable}
	}
	for _, sh := range st.Mix {
		if why, missing := o.Missing(sh.Model); missing && NeedsPrice(w, per, st.Mix, sh.Model) {
			return t, false, why
		}
		if sh.Model == "spot" && !w.Interruptible {
			return t, false, Reason{Kind: Uninterruptible, Model: sh.Model}
		}
		if term := TermHours(sh.Model) / HoursPerMonth; term > 0 && w.Months < term {
			return t, false, Reason{Kind: Outlasts, Model: sh.Model, Months: term}
		}
	}
	perJob := int(math.Ceil(float64(w.GPUsPerJob) / float64(per)))
	t.Parts = make([]Part, len(st.Mix))
	jobCost := make([]float64, len(st.Mix)) // a usage part's cost of one job on one instance
	var usage []int                         // the usage parts, by index
	spare := 0.0                            // GPU-hours a month the commitments' whole instances have over their shares
	for i, sh := range st.Mix {
		pr := o.Prices[sh.Model]
		part := Part{Model: sh.Model, Percent: sh.Percent, GPUHours: w.GPUHoursPerMonth * sh.Percent / 100}
		if Committed(sh.Model) {
			// Enough instances, always on, to give the share's GPU-hours.
			part.Instances = reserved(part.GPUHours, per)
			part.PerMonth = float64(part.Instances) * pr.Display * HoursPerMonth
			spare += float64(part.Instances)*HoursPerMonth*float64(per) - part.GPUHours
		} else {
			part.JobHours = w.JobHours
			if sh.Model == "spot" && w.CheckpointOverheadPct > 0 {
				part.JobHours *= 1 + w.CheckpointOverheadPct/100
			}
			part.Instances = perJob
			if pr != nil && pr.Converted { // else the spare hours run all of it
				jobCost[i] = JobCost(pr.Display, part.JobHours, o.Provider.Billing.Granularity, minSeconds(o.Provider))
			}
			usage = append(usage, i)
		}
		t.Parts[i] = part
	}
	// The spare GPU-hours go to the usage parts dearest per GPU-hour first
	// (in mix order between equals): a job's cost over the GPU-hours it does.
	perGPUHour := func(i int) float64 { return float64(perJob) * jobCost[i] / (float64(w.GPUsPerJob) * w.JobHours) }
	slices.SortStableFunc(usage, func(a, b int) int { return cmp.Compare(perGPUHour(b), perGPUHour(a)) })
	for _, i := range usage {
		part := &t.Parts[i]
		part.Covered = min(spare, part.GPUHours)
		part.GPUHours -= part.Covered
		spare -= part.Covered
		part.Jobs = part.GPUHours / (float64(w.GPUsPerJob) * w.JobHours)
		part.PerMonth = part.Jobs * float64(perJob) * jobCost[i]
	}
	for _, part := range t.Parts {
		if part.Covered > 0 && part.GPUHours == 0 {
			t.Notes = append(t.Notes, Note{Kind: CoveredAll, Model: part.Model, Value: part.Covered})
			t.Compute += part.PerMonth
			continue
		}
		pr := o.Prices[part.Model]
		switch {
		case Committed(part.Model) && pr.Hourly.OffOnDemand:
			t.Notes = append(t.Notes, Note{Kind: DiscountOnly, Model: part.Model, Value: *pr.Point.DiscountPct()})
		case part.Model == "spot" && w.CheckpointOverheadPct > 0 && part.GPUHours > 0:
			t.Notes = append(t.Notes, Note{Kind: SpotOverhead, Model: part.Model, Value: w.CheckpointOverheadPct})
		}
		if !pr.Ranked() && !(Committed(part.Model) && pr.Hourly.OffOnDemand) {
			// As static/tco.js notes it: a stale, undated or marketplace's
			// price says which; an article's figure or an estimate, that.
			kind := Estimated
			switch why := pr.Why(); {
			case why == catalog.Stale:
				kind = StalePrice
			case why == catalog.Undated:
				kind = UndatedPrice
			case why == WhyMarketplace:
				kind = MarketplacePrice
			case pr.Kind == catalog.KindArticle:
				kind = FromArticle
			}
			t.Notes = append(t.Notes, Note{Kind: kind, Model: part.Model})
		}
		if part.Covered > 0 {
			t.Notes = append(t.Notes, Note{Kind: Covered, Model: part.Model, Value: part.Covered})
		}
		t.Compute += part.PerMonth
	}
	rates := Rates(cat.FX)
	site := cat.Site.Currency
	t.Storage, t.StorageKnown = monthly(rates, o.Provider.Storage, w.StorageTB*1000, site)
	t.Egress, t.EgressKnown = monthly(rates, o.Provider.Egress, w.EgressTBPerMonth*1000, site)
	if !t.StorageKnown && w.StorageTB > 0 {
		t.Notes = append(t.Notes, Note{Kind: StorageUnknown})
	}
	if !t.EgressKnown && w.EgressTBPerMonth > 0 {
		t.Notes = append(t.Notes, Note{Kind: EgressUnknown})
	}
	t.PerMonth = t.Compute + t.Storage + t.Egress
	t.Total = t.PerMonth * w.Months
	return t, true, Reason{}
}

// Work is a scenario's workload as an offer runs it: for a workload of
// work (a reference GPU), its GPU-hours and job hours are the hours the
// offer's GPU takes to do that work (catalog.ConvertWork); for a workload
// of units (tokens, samples, runs of a benchmark), its GPU-hours are the
// units times the hours the offer's GPU takes for one; with how they were
// converted. ok is false when they cannot be.
func Work(cat *catalog.Catalog, o *Offer, s *catalog.Scenario) (w catalog.Workload, conv catalog.Conversion, ok bool) {
	w = s.Workload
	conv, ok = cat.ConvertWork(w, o.GPU)
	if !ok {
		return w, conv, false
	}
	if conv.By == "units" {
		// The units' GPU-hours on this GPU; a job runs as many hours as
		// the workload says, on whichever GPU.
		w.GPUHoursPerMonth = w.UnitsPerMonth * conv.Factor
		return w, conv, true
	}
	w.GPUHoursPerMonth *= conv.Factor
	w.JobHours *= conv.Factor
	return w, conv, true
}

// Complete reports whether the total costs every part of the workload: no
// storage or egress price it needs is unknown. An incomplete total leaves
// that part out, so it is a lower bound. Costs rank by their totals, lower
// bounds by the part that is known: no offer then ranks before one whose
// total is certainly lower.
func (t TCO) Complete() bool { return t.StorageKnown && t.EgressKnown }

// monthly is a per-GB rate times an amount of GB, in the site currency; a
// zero amount costs nothing even where the rate is unknown.
func monthly(rates Rates, r catalog.Rate, gb float64, site string) (float64, bool) {
	if gb == 0 {
		return 0, true
	}
	if r.Price == nil {
		return 0, false
	}
	c, ok := rates.Convert(r.Currency, site)
	if !ok {
		return 0, false
	}
	return c.Apply(*r.Price * gb), true
}

// Eligible reports whether an offer meets a scenario's limits: GPU memory,
// GPU models, provider kinds, and a ceiling on the price per GPU-hour under
// every model the strategy buys (Bought) and pays for; and whether its
// prices under those models may be ranked — not an article's figure or an
// estimate, unless estimates is set (the reader includes them).
func Eligible(cat *catalog.Catalog, o *Offer, s *catalog.Scenario, st catalog.Strategy, estimates bool) bool {
	if o.GPU == nil || !o.Rankable() {
		return false
	}
	st = Bought(o, st)
	if _, ok := UnrankedModel(o, st); ok && !estimates {
		return false
	}
	if m := s.Workload.MinGPUMemoryGB; m != nil {
		total := cat.TotalGPUMemoryGB(o.Instance)
		if total == nil || *total/float64(o.Instance.GPUCount) < *m {
			return false
		}
	}
	if len(s.Limits.GPUModels) > 0 && !slices.Contains(s.Limits.GPUModels, o.GPU.Model) {
		return false
	}
	if len(s.Limits.ProviderKinds) > 0 && !slices.Contains(s.Limits.ProviderKinds, o.Provider.Kind) {
		return false
	}
	if len(s.Limits.Geo) > 0 && !o.InGeo(s.Limits.Geo) {
		return false
	}
	if !StatesAll(o.Provider, s.Limits.Certifications) {
		return false
	}
	if max := s.Limits.MaxPerGPUHour; max != nil {
		w, _, _ := Work(cat, o, s)
		for _, sh := range st.Mix {
			if !NeedsPrice(w, o.Instance.GPUCount, st.Mix, sh.Model) {
				continue
			}
			if v, ok := o.PerGPUHour(sh.Model); !ok || v > *max {
				return false
			}
		}
	}
	return true
}

// UnrankedModel is the first pricing model the offer buys for the
// strategy's mix (Bought) under which its price is an article's figure or
// an estimate (Price.Ranked); ok is false when there is none.
func UnrankedModel(o *Offer, st catalog.Strategy) (model string, ok bool) {
	for _, sh := range Bought(o, st).Mix {
		if pr := o.Prices[sh.Model]; pr != nil && !pr.Ranked() {
			return sh.Model, true
		}
	}
	return "", false
}

func minSeconds(p *catalog.Provider) float64 {
	if p.Billing.MinimumSeconds != nil {
		return *p.Billing.MinimumSeconds
	}
	return 0
}

// Commitment is a choice of a commitment of one term, whatever the
// provider calls it: any of its term's pricing models (catalog.SameTerm),
// as a scenario buys it (Offer.Bought).
type Commitment struct {
	ID     string   // "commit_1y", "commit_3y": names its label (model.<id>) and its value in a page's URL
	Models []string // its term's pricing models, the reserved one first
}

// Commitments are the commitment choices of the instance matrix, shortest
// term first.
var Commitments = []Commitment{
	{"commit_1y", catalog.SameTerm("reserved_1y")},
	{"commit_3y", catalog.SameTerm("reserved_3y")},
}

// CommitmentOf is the commitment choice a pricing model is one of, and
// false for a model of no such term.
func CommitmentOf(model string) (Commitment, bool) {
	for _, c := range Commitments {
		if slices.Contains(c.Models, model) {
			return c, true
		}
	}
	return Commitment{}, false
}

// Committed is the offer's price under commitment c: the price of the
// model Offer.Bought picks among c's models (one that answers by default,
// then the cheapest), or nil when the offer has none of them.
func (o *Offer) Committed(c Commitment) *Price {
	return o.Prices[o.Bought(c.Models[0])]
}

// StatesAll reports whether provider p states every certification of
// certs (catalog.Provider.States): a scenario's limit.
func StatesAll(p *catalog.Provider, certs []string) bool {
	for _, c := range certs {
		if !p.States(c) {
			return false
		}
	}
	return true
}
