package kinds

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
)

// DearerView says, under a scenario's first table, that the strategy the
// scenario puts first (the one its title names, if any) costs more than
// the cheapest strategy the table shows, and why, from the figures of the
// first offer under each: the GPU-hours its committed whole instances
// are paid for and the workload leaves unused, the usage shares those
// hours run for nothing, the compute per hour of work, and what the
// scenario names that the totals leave out.
type DearerView struct {
	Lead    string
	Reasons []string
}

// dearer is the DearerView of a scenario page; nil when its first
// strategy ranks no offer or costs no more than every other.
func dearer(cat *catalog.Catalog, s *catalog.Scenario, d *ScenarioData, x *render.Texter) *DearerView {
	if len(d.Answer) < 2 || d.Answer[0].Strategy != d.Strategies[0] {
		return nil
	}
	first := d.Answer[0]
	cheap := first
	for _, a := range d.Answer[1:] {
		if a.Row.TCO.Total < cheap.Row.TCO.Total {
			cheap = a
		}
	}
	if cheap == first || pricing.Round(cheap.Row.TCO.Total, 2) == pricing.Round(first.Row.TCO.Total, 2) {
		return nil
	}
	cur := d.Currency
	perHour := func(v float64) string { // to the cent: a rate to compare, not an amount to pay
		return render.Group(strconv.FormatFloat(v, 'f', 2, 64)) + x.T("punct.amount_space") + x.M.Cur(cur)
	}
	total := func(t pricing.TCO) string {
		shown := render.FormatMoneyIn(t.Total, cur)
		if !t.Complete() {
			shown = x.T("scenario.at_least", shown)
		}
		return shown + x.T("punct.amount_space") + x.M.Cur(cur)
	}
	months := x.T("scenario.months", render.FormatNum(s.Workload.Months))
	if s.Workload.Months == 1 {
		months = x.T("scenario.months_1")
	}
	v := &DearerView{}
	v.Reasons = append(v.Reasons, idleReasons(first.Row.TCO, x)...)
	if w := s.Workload; w.UnitsPerMonth == 0 && w.GPUHoursPerMonth > 0 {
		mine, theirs := first.Row.TCO.Compute/w.GPUHoursPerMonth, cheap.Row.TCO.Compute/w.GPUHoursPerMonth
		if math.Round(mine*100) > math.Round(theirs*100) {
			unit := x.T("scenario.dearer.gpu_hour")
			if g := cat.GPU(w.ReferenceGPU); g != nil {
				unit = x.T("scenario.dearer.ref_hour", pagemodel.CatalogText(cat, g, "name"))
			}
			v.Reasons = append(v.Reasons, x.T("scenario.dearer.per_hour", unit, perHour(mine), perHour(theirs), cheap.Strategy.Name))
		}
	}
	if len(s.Uncounted) > 0 {
		var items []string
		for _, u := range s.Uncounted {
			items = append(items, x.T("scenario.uncounted."+u))
		}
		v.Reasons = append(v.Reasons, x.T("scenario.dearer.uncounted", strings.Join(items, x.T("scenario.items_sep"))))
	}
	why := ""
	if len(v.Reasons) > 0 {
		why = x.T("scenario.dearer.why")
	}
	v.Lead = x.T("scenario.dearer.lead", first.Strategy.Name, cheap.Strategy.Name, total(first.Row.TCO), total(cheap.Row.TCO), months, why)
	return v
}

// idleReasons say how many of the GPU-hours a cost's commitments (or
// lease) pay for, whole instances every hour of the month, the workload
// leaves unused, and which usage shares run on them for nothing; none
// when it leaves none unused.
func idleReasons(t pricing.TCO, x *render.Texter) []string {
	per := t.Offer.Instance.GPUCount
	instances, need := 0, 0.0
	var models []string
	for _, part := range t.Parts {
		if pricing.Committed(part.Model) {
			instances += part.Instances
			need += part.GPUHours
			if name := x.T("model." + part.Model); !slices.Contains(models, name) {
				models = append(models, name)
			}
		} else {
			need += part.Covered
		}
	}
	capacity := float64(instances*per) * pricing.HoursPerMonth
	idle := capacity - need
	if instances == 0 || pricing.Round(idle, 2) <= 0 {
		return nil
	}
	committed := strings.Join(models, x.T("scenario.list_sep"))
	name := pagemodel.InstanceName(t.Offer.Instance, x.Lang())
	args := []any{committed, pricing.HoursPerMonth, instances, name, instances * per,
		render.FormatNum(pricing.Round(capacity, 2)), render.FormatNum(pricing.Round(need, 2)),
		render.FormatNum(pricing.Round(idle, 2)), render.FormatNum(pricing.Round(100*idle/capacity, 1))}
	key := "scenario.dearer.idle"
	if gpus := idle / pricing.HoursPerMonth; math.Abs(gpus-math.Round(gpus)) < 1e-6 {
		key, args = "scenario.dearer.idle_gpus", append(args, render.FormatNum(math.Round(gpus)))
	}
	out := []string{x.T(key, args...)}
	for _, part := range t.Parts {
		if !pricing.Committed(part.Model) && part.Covered > 0 && part.GPUHours == 0 {
			out = append(out, x.T("scenario.dearer.covered", x.T(render.ShareKey(part.Model)), render.FormatNum(pricing.Round(part.Covered, 2)), committed))
		}
	}
	return out
}

// convertedAll says, on a page priced in yuan, that every offer of its
// first table is priced in another currency and is no yuan price of a
// mainland China region (pricing.Offer.MainlandQuoted), naming the
// currencies; "" when one is, or the page is priced in another currency.
func convertedAll(d *ScenarioData, x *render.Texter) string {
	if d.Currency != pricing.MainlandCurrency || len(d.Answer) == 0 {
		return ""
	}
	var curs []string
	for _, a := range d.Answer {
		o := a.Row.Offer
		if o.MainlandQuoted() {
			return ""
		}
		for _, part := range a.Row.TCO.Parts {
			pr := o.Prices[part.Model]
			if pr == nil || part.Covered > 0 && part.GPUHours == 0 {
				continue // bought nothing: no price of it counts
			}
			c := pr.Hourly.Currency
			if c == d.Currency {
				return ""
			}
			if name := x.M.Cur(c); !slices.Contains(curs, name) {
				curs = append(curs, name)
			}
		}
	}
	if len(curs) == 0 {
		return ""
	}
	return x.T("scenario.converted_all", strings.Join(curs, x.T("scenario.list_sep")))
}

// onPrem reports whether an offer is an on-premises lease priced for no
// region: the leased hardware stands at the buyer's own site, where no
// region of a provider applies.
func onPrem(o *pricing.Offer) bool {
	return o.Provider.Kind == "on_prem_lease" && o.Region == catalog.AllRegions
}

// regionUnstated reports whether offer o is priced for no region its
// sources name: every price of it is a point whose source names none
// (catalog.PricePoint.RegionUnstated), which pages call unstated, never
// every region.
func regionUnstated(o *pricing.Offer) bool {
	if o.Region != catalog.AllRegions || len(o.Prices) == 0 {
		return false
	}
	for _, pr := range o.Prices {
		if pr.Point == nil || !pr.Point.RegionUnstated {
			return false
		}
	}
	return true
}
