package diff

import (
	"math"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site"
)

// ShownPrice is an offer's price under one pricing model as the site
// shows it: the figures compare/offers.json holds (site.OfferPrices), and
// the price per GPU-hour the matrix shows beside it.
type ShownPrice struct {
	// Currency is that of Hourly, the effective hourly price of the whole
	// instance: the quoted currency.
	Currency string  `json:"currency"`
	Hourly   float64 `json:"hourly"`
	// Display is the site currency; DisplayHourly is Hourly in it at
	// FXRate of FXDate, absent when no rate converts it.
	Display       string   `json:"display_currency"`
	DisplayHourly *float64 `json:"display_hourly,omitempty"`
	FXRate        *float64 `json:"fx_rate,omitempty"`
	FXDate        string   `json:"fx_date,omitempty"`
	// PerGPUHour is DisplayHourly ÷ GPUCount, absent when either is
	// unknown.
	PerGPUHour *float64 `json:"per_gpu_hour,omitempty"`
	GPUCount   int      `json:"gpu_count"`

	point *catalog.PricePoint
}

// ShownChange is an offer's price under one pricing model that the site
// shows differently after the edit, whatever moved it: a new or removed
// point, a field of a point (effective_hourly, per_gpu, currency,
// upfront …), an exchange rate, the instance's GPU count or the site
// currency. Old is absent for a price the offer did not have, New for one
// it no longer has.
type ShownChange struct {
	Provider string      `json:"provider"`
	Instance string      `json:"instance"`
	Region   string      `json:"region"`
	Model    string      `json:"model"`
	Old      *ShownPrice `json:"old,omitempty"`
	New      *ShownPrice `json:"new,omitempty"`
	// Percent is the change of the price a reader sees: in the site
	// currency where both convert into the same one, as quoted where
	// neither converts and both are in one currency; absent otherwise.
	Percent *float64 `json:"percent,omitempty"`
	// Check is set when Percent is beyond the threshold, or when a price
	// that moved cannot be measured (Percent absent for an old and a new
	// price).
	Check bool `json:"check,omitempty"`
	// Why names what moved it, as far as the figures tell: "price point",
	// "on-demand price" (a discount off it), "exchange rate", "GPU count",
	// "site currency".
	Why []string `json:"why,omitempty"`
}

// Causes of a ShownChange.
const (
	WhyPoint    = "price point"
	WhyOnDemand = "on-demand price"
	WhyRate     = "exchange rate"
	WhyGPUs     = "GPU count"
	WhySite     = "site currency"
)

// shownKey names an offer's price under one pricing model.
type shownKey struct{ provider, instance, region, model string }

// shownPrices are the prices compare/offers.json holds for c, by offer
// and pricing model, and their keys in its order.
func shownPrices(c *catalog.Catalog) ([]shownKey, map[shownKey]*ShownPrice) {
	list := site.OfferPrices(c)
	keys := make([]shownKey, 0, len(list))
	m := make(map[shownKey]*ShownPrice, len(list))
	for _, p := range list {
		k := shownKey{p.Provider, p.Instance, p.Region, p.Model}
		s := &ShownPrice{Currency: p.Currency, Hourly: p.Hourly, Display: p.Display, DisplayHourly: p.DisplayHourly,
			FXRate: p.FXRate, FXDate: p.FXDate, GPUCount: p.GPUCount, point: p.Point}
		if p.DisplayHourly != nil && p.GPUCount > 0 {
			v := pricing.Round(*p.DisplayHourly/float64(p.GPUCount), 6)
			s.PerGPUHour = &v
		}
		keys = append(keys, k)
		m[k] = s
	}
	return keys, m
}

// same reports whether two shown prices read the same: quoted, in the
// site currency and per GPU-hour.
func (p *ShownPrice) same(q *ShownPrice) bool {
	return p.Currency == q.Currency && p.Hourly == q.Hourly && p.Display == q.Display &&
		eqFloat(p.DisplayHourly, q.DisplayHourly) && eqFloat(p.PerGPUHour, q.PerGPUHour)
}

func eqFloat(x, y *float64) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }

// shownChanges lists every offer price the site shows differently in
// head than in base: those that moved, in head's order, then those
// removed, in base's.
func shownChanges(base, head *catalog.Catalog, threshold float64) []ShownChange {
	baseKeys, old := shownPrices(base)
	headKeys, cur := shownPrices(head)
	var out []ShownChange
	for _, k := range headKeys {
		n, o := cur[k], old[k]
		if o != nil && o.same(n) {
			continue
		}
		c := ShownChange{Provider: k.provider, Instance: k.instance, Region: k.region, Model: k.model, Old: o, New: n}
		if o != nil {
			c.Percent = shownPercent(o, n)
			c.Check = c.Percent == nil || flagged(c.Percent, threshold)
			c.Why = why(o, n)
		}
		out = append(out, c)
	}
	for _, k := range baseKeys {
		if cur[k] == nil {
			out = append(out, ShownChange{Provider: k.provider, Instance: k.instance, Region: k.region, Model: k.model, Old: old[k]})
		}
	}
	return out
}

// shownPercent is the change from o to n of the price a reader sees, in
// percent: in the site currency where both convert into the same one, as
// quoted where neither converts and both are in one currency; nil when
// the reader sees them in different currencies.
func shownPercent(o, n *ShownPrice) *float64 {
	var from, to float64
	switch {
	case o.DisplayHourly != nil && n.DisplayHourly != nil && o.Display == n.Display:
		from, to = *o.DisplayHourly, *n.DisplayHourly
	case o.DisplayHourly == nil && n.DisplayHourly == nil && o.Currency == n.Currency:
		from, to = o.Hourly, n.Hourly
	default:
		return nil
	}
	if from <= 0 || math.IsInf(to, 0) || math.IsNaN(to) {
		return nil
	}
	p := pricing.Round((to-from)/from*100, 2)
	return &p
}

// why names what moved a shown price from o to n.
func why(o, n *ShownPrice) []string {
	var out []string
	samePoint := catalog.SamePrice(o.point, n.point)
	switch {
	case !samePoint:
		out = append(out, WhyPoint)
	case o.Hourly != n.Hourly || o.Currency != n.Currency:
		out = append(out, WhyOnDemand) // the same discount off another on-demand price
	}
	if !eqFloat(o.FXRate, n.FXRate) || o.FXDate != n.FXDate || (o.DisplayHourly == nil) != (n.DisplayHourly == nil) {
		if o.Currency == n.Currency && o.Display == n.Display {
			out = append(out, WhyRate)
		}
	}
	if o.GPUCount != n.GPUCount {
		out = append(out, WhyGPUs)
	}
	if o.Display != n.Display {
		out = append(out, WhySite)
	}
	return out
}

// movedByRates counts, by quoted currency, the shown prices that moved
// with an exchange rate alone.
func movedByRates(shown []ShownChange) map[string]int {
	moved := map[string]int{}
	for _, c := range shown {
		if len(c.Why) == 1 && c.Why[0] == WhyRate {
			moved[c.New.Currency]++
		}
	}
	return moved
}
