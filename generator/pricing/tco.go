package pricing

import (
	"fmt"
	"math"
	"slices"
	"strings"

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
	// then leaves that part out and says so).
	Compute, Storage, Egress float64
	StorageKnown             bool
	EgressKnown              bool
	PerMonth, Total          float64
	Notes                    []string
}

// Part is the share of the GPU-hours bought under one pricing model.
type Part struct {
	Model    string
	Percent  float64
	GPUHours float64 // per month
	// Instances is how many instances a commitment reserves; for usage
	// models, how many one job runs on.
	Instances int
	PerMonth  float64
	Basis     string // how the cost follows: "120 jobs × 8.2 h, billed per second"
}

// commitment reports whether a model is paid for whether it is used or not.
func commitment(model string) bool {
	return TermHours(model) > 0
}

// ScenarioTCO costs a scenario on an offer under a strategy. ok is false
// when the strategy cannot run there, with the reason: a price it needs is
// missing, a commitment outlasts the project, an uninterruptible workload
// on spot.
func ScenarioTCO(cat *catalog.Catalog, o *Offer, s *catalog.Scenario, st catalog.Strategy) (t TCO, ok bool, why string) {
	w := s.Workload
	t = TCO{Offer: o, Strategy: st}
	per := o.Instance.GPUCount
	if per <= 0 {
		return t, false, "the instance's GPU count is unknown"
	}
	perJob := int(math.Ceil(float64(w.GPUsPerJob) / float64(per)))
	for _, sh := range st.Mix {
		pr := o.Prices[sh.Model]
		if pr == nil || !pr.Converted {
			return t, false, fmt.Sprintf("no %s price", words(sh.Model))
		}
		if sh.Model == "spot" && !w.Interruptible {
			return t, false, "the workload cannot be interrupted, so spot does not fit"
		}
		part := Part{Model: sh.Model, Percent: sh.Percent, GPUHours: w.GPUHoursPerMonth * sh.Percent / 100}
		if commitment(sh.Model) {
			termMonths := TermHours(sh.Model) / HoursPerMonth
			if w.Months < termMonths {
				return t, false, fmt.Sprintf("a %s commitment of %s months outlasts the %s-month project", words(sh.Model), trim(termMonths), trim(w.Months))
			}
			// Enough instances, always on, to give the share's GPU-hours.
			part.Instances = int(math.Ceil(part.GPUHours / (HoursPerMonth * float64(per))))
			part.PerMonth = float64(part.Instances) * pr.Display * HoursPerMonth
			part.Basis = fmt.Sprintf("%d reserved × %d h a month", part.Instances, HoursPerMonth)
			if strings.Contains(pr.Hourly.Basis, "off on-demand") {
				t.Notes = append(t.Notes, fmt.Sprintf("%s: only a discount is sourced (%s)", words(sh.Model), pr.Hourly.Basis))
			}
		} else {
			hours := w.JobHours
			if sh.Model == "spot" && w.CheckpointOverheadPct > 0 {
				hours *= 1 + w.CheckpointOverheadPct/100
				t.Notes = append(t.Notes, fmt.Sprintf("spot runs take %s%% longer to checkpoint and resume", trim(w.CheckpointOverheadPct)))
			}
			jobs := part.GPUHours / (float64(w.GPUsPerJob) * w.JobHours)
			part.Instances = perJob
			part.PerMonth = jobs * float64(perJob) * JobCost(pr.Display, hours, o.Provider.Billing.Granularity, minSeconds(o.Provider))
			part.Basis = fmt.Sprintf("%s jobs × %s h on %d instance(s), billed per %s", trim(Round(jobs, 2)), trim(Round(hours, 2)), perJob, orSecond(o.Provider.Billing.Granularity))
		}
		t.Compute += part.PerMonth
		t.Parts = append(t.Parts, part)
	}
	rates := Rates(cat.FX)
	site := cat.Site.Currency
	t.Storage, t.StorageKnown = monthly(rates, o.Provider.Storage, w.StorageTB*1000, site)
	t.Egress, t.EgressKnown = monthly(rates, o.Provider.Egress, w.EgressTBPerMonth*1000, site)
	if !t.StorageKnown && w.StorageTB > 0 {
		t.Notes = append(t.Notes, "storage price unknown: left out of the total")
	}
	if !t.EgressKnown && w.EgressTBPerMonth > 0 {
		t.Notes = append(t.Notes, "egress price unknown: left out of the total")
	}
	t.PerMonth = t.Compute + t.Storage + t.Egress
	t.Total = t.PerMonth * w.Months
	return t, true, ""
}

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
// every model the strategy uses.
func Eligible(cat *catalog.Catalog, o *Offer, s *catalog.Scenario, st catalog.Strategy) bool {
	if o.GPU == nil || !o.Rankable() {
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
	if max := s.Limits.MaxPerGPUHour; max != nil {
		for _, sh := range st.Mix {
			if v, ok := o.PerGPUHour(sh.Model); !ok || v > *max {
				return false
			}
		}
	}
	return true
}

func minSeconds(p *catalog.Provider) float64 {
	if p.Billing.MinimumSeconds != nil {
		return *p.Billing.MinimumSeconds
	}
	return 0
}

func orSecond(g string) string {
	if g == "" {
		return "second (granularity unknown)"
	}
	return g
}

func words(model string) string { return strings.ReplaceAll(model, "_", " ") }

func trim(v float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
}
