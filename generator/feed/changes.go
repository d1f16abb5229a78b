// Package feed is the stage of gpucompare that turns price histories into
// news: it takes the validated catalog, finds every change of an offer's
// price under a pricing model (two consecutive points of a series that
// state different prices), and hands on the changes, newest first, and
// RSS 2.0, Atom and JSON Feed documents of them built with gorilla/feeds.
// It writes nothing: the site stage puts the documents in place.
package feed

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// Change is one change of an offer's price under a pricing model.
type Change struct {
	Series   catalog.SeriesKey
	Instance *catalog.Instance // its Provider is the offer's provider
	Old, New *catalog.PricePoint
	// From and To are the compared prices: the quoted amounts when both
	// points quote one, else the effective hourly prices; nil when a point
	// states only a discount.
	From, To *pricing.Hourly
	// Percent is the change of the price in percent (−33.0 for a cut of a
	// third); nil when the two are not in one currency or not both known.
	Percent *float64
}

// Date is when the change took effect: the since of its newer point.
func (c *Change) Date() catalog.Date { return c.New.Since }

// Dated reports whether the change has a date and may go into feeds.
func (c *Change) Dated() bool { return c.New.Since.Known() }

// Direction is "down", "up", or "" when the change has no percentage.
func (c *Change) Direction() string {
	switch {
	case c.Percent == nil || *c.Percent == 0:
		return ""
	case *c.Percent < 0:
		return "down"
	}
	return "up"
}

// Changes returns every price change of the catalog, newest first; undated
// changes come last, and ties keep catalog order.
func Changes(cat *catalog.Catalog) []*Change {
	keys, series := cat.Series()
	var out []*Change
	for _, k := range keys {
		points := series[k]
		p := cat.Provider(k.Provider)
		if p == nil {
			continue
		}
		in := p.Instance(k.Instance)
		if in == nil {
			continue
		}
		for i := 1; i < len(points); i++ {
			old, cur := points[i-1], points[i]
			if catalog.SamePrice(old, cur) {
				continue // an unchanged repeat confirms the price, it does not change it
			}
			out = append(out, newChange(k, in, old, cur))
		}
	}
	slices.SortStableFunc(out, func(a, b *Change) int {
		if a.Dated() != b.Dated() {
			if a.Dated() {
				return -1
			}
			return 1
		}
		// Later first; partial dates compare as far as both are precise.
		da, db := string(a.Date()), string(b.Date())
		n := min(len(da), len(db))
		return cmp.Compare(db[:n], da[:n])
	})
	return out
}

func newChange(k catalog.SeriesKey, in *catalog.Instance, old, cur *catalog.PricePoint) *Change {
	c := &Change{Series: k, Instance: in, Old: old, New: cur}
	if old.Amount != nil && cur.Amount != nil && old.Upfront == nil && cur.Upfront == nil && old.PerGPU == cur.PerGPU {
		c.From = &pricing.Hourly{Amount: *old.Amount, Currency: old.Currency, Basis: "quoted"}
		c.To = &pricing.Hourly{Amount: *cur.Amount, Currency: cur.Currency, Basis: "quoted"}
	} else {
		if h, ok := pricing.EffectiveHourly(old, in.GPUCount, nil); ok {
			c.From = &h
		}
		if h, ok := pricing.EffectiveHourly(cur, in.GPUCount, nil); ok {
			c.To = &h
		}
	}
	if c.From != nil && c.To != nil && c.From.Currency == c.To.Currency && c.From.Amount > 0 {
		pct := (c.To.Amount - c.From.Amount) / c.From.Amount * 100
		c.Percent = &pct
	}
	return c
}

// Words are the words a change is told in; the site passes its message
// catalogue's, the command line uses English.
type Words struct {
	Model      func(model string) string // "on_demand" → "on-demand"
	AllRegions string
	PerGPU     string // suffix of a per-GPU price: "/GPU"
	Off        string // "% off on-demand" after a discount
}

// English are the words of the command line.
var English = Words{
	Model:      func(m string) string { return strings.ReplaceAll(m, "_", "-") },
	AllRegions: "all regions",
	PerGPU:     "/GPU",
	Off:        "% off on-demand",
}

// Title tells the change in one line:
// "p4d.24xlarge on-demand, us-east-1: $32.77 → $21.96 (−33.0%)".
func (c *Change) Title(w Words) string {
	region := c.Series.Region
	if region == catalog.AllRegions {
		region = w.AllRegions
	}
	s := fmt.Sprintf("%s %s, %s: %s → %s", c.Instance.Name, w.Model(c.Series.Model), region, c.side(c.Old, c.From, w), c.side(c.New, c.To, w))
	if c.Percent != nil {
		s += " (" + Percent(*c.Percent) + ")"
	}
	return s
}

// side tells one end of a change: the compared price, or the discount a
// point states.
func (c *Change) side(p *catalog.PricePoint, h *pricing.Hourly, w Words) string {
	if h == nil {
		if p.DiscountPct != nil {
			return strconv.FormatFloat(*p.DiscountPct, 'f', -1, 64) + w.Off
		}
		return "?"
	}
	s := Money(h.Amount, h.Currency)
	if p.PerGPU && h.Basis == "quoted" {
		s += w.PerGPU
	}
	return s
}

var symbols = map[string]string{"USD": "$", "EUR": "€", "GBP": "£", "CNY": "¥", "JPY": "¥"}

// Money writes an amount with its currency: "$21.96", "¥11.71", "3.50 SGD",
// rounded half away from zero to 2 decimals (3 below 1, 4 below 0.01).
func Money(v float64, currency string) string {
	places := 2
	switch a := math.Abs(v); {
	case a > 0 && a < 0.01:
		places = 4
	case a > 0 && a < 1:
		places = 3
	}
	n := strconv.FormatFloat(pricing.Round(v, places), 'f', places, 64)
	if sym, ok := symbols[currency]; ok {
		return sym + n
	}
	return n + " " + currency
}

// Percent writes a change in percent with one decimal and a true minus
// sign: "−33.0%", "+4.2%".
func Percent(p float64) string {
	r := pricing.Round(p, 1)
	s := strconv.FormatFloat(math.Abs(r), 'f', 1, 64) + "%"
	switch {
	case r < 0:
		return "−" + s
	case r > 0:
		return "+" + s
	}
	return s
}
