package pricing

import "gpucompare/generator/catalog"

// Conversion turns amounts of one currency into another with one dated
// rate of the catalog, which is shown wherever a converted price is.
type Conversion struct {
	From, To string
	Factor   float64 // amount in To = amount in From × Factor
	// Rate is the rate used, as the catalog states it: the catalog's own
	// record, shared by every price converted at it (nil for the
	// identity). A price held a copy of it, 128 bytes of each of the
	// 180,000 prices of a 100,000-offer catalog.
	Rate *catalog.FXRate
}

// Apply converts an amount.
func (c Conversion) Apply(amount float64) float64 { return amount * c.Factor }

// Rates picks exchange rates from the catalog's dated list.
type Rates []catalog.FXRate

// Convert returns the conversion from one currency to another: the identity
// for the same currency, otherwise the rate of the pair (in either
// direction) with the latest date — a rate with a caveat (unverified) only
// when the pair has none without, and rates with unknown dates only when
// the pair has no dated one. ok is false when the catalog has no rate.
func (r Rates) Convert(from, to string) (c Conversion, ok bool) {
	if from == to {
		return Conversion{From: from, To: to, Factor: 1}, true
	}
	var best *catalog.FXRate
	for i := range r {
		fx := &r[i]
		if !((fx.Base == from && fx.Quote == to) || (fx.Base == to && fx.Quote == from)) || fx.Rate <= 0 {
			continue
		}
		if best == nil || better(fx, best) {
			best = fx
		}
	}
	if best == nil {
		return Conversion{}, false
	}
	c = Conversion{From: from, To: to, Factor: best.Rate, Rate: best}
	if best.Base == to {
		c.Factor = 1 / best.Rate
	}
	return c, true
}

// better reports whether rate a should be used over b: a rate without a
// caveat over one with, then the later date (later).
func better(a, b *catalog.FXRate) bool {
	if (a.Caveat == "") != (b.Caveat == "") {
		return a.Caveat == ""
	}
	return later(a.Date, b.Date)
}

// later reports whether date a should win over b: a known date over an
// unknown one, then the later date, then the more precise of equal prefixes.
func later(a, b catalog.Date) bool {
	switch {
	case a.Known() != b.Known():
		return a.Known()
	case !a.Known():
		return false
	}
	return a > b
}

// converter converts prices into one currency, keeping one Conversion
// per currency converted from: every price converted from it shares it,
// where each price held a copy of 48 bytes.
type converter struct {
	rates Rates
	to    string
	of    map[string]*Conversion // nil where no rate exists
	none  *Conversion            // the zero Conversion of a price not converted
}

func newConverter(rates Rates, to string) *converter {
	return &converter{rates: rates, to: to, of: map[string]*Conversion{}, none: &Conversion{}}
}

// convert sets pr's Display, Conversion and Converted from its Hourly.
func (c *converter) convert(pr *Price) {
	conv, seen := c.of[pr.Hourly.Currency]
	if !seen {
		if v, ok := c.rates.Convert(pr.Hourly.Currency, c.to); ok {
			conv = &v
		}
		c.of[pr.Hourly.Currency] = conv
	}
	if conv == nil {
		pr.Conversion = c.none
		return
	}
	pr.Display, pr.Conversion, pr.Converted = conv.Apply(pr.Hourly.Amount), conv, true
}
