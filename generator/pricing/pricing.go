// Package pricing is the second stage of gpucompare: pure functions that
// turn the catalog's quoted prices into comparable figures. It takes price
// points as the catalog states them (an hourly amount, an upfront payment
// plus an hourly rate, a monthly subscription, or only a discount against
// on-demand) and hands on effective hourly prices per instance, job costs
// under a billing granularity, figures normalised per GPU, per GB of GPU
// memory and per dense TFLOPS, and conversions with a dated exchange rate.
// It does no I/O.
package pricing

import (
	"bytes"
	"math"
	"strconv"

	"gpucompare/generator/catalog"
	"gpucompare/generator/note"
)

// Hours in the periods prices are quoted for. A month is 730 hours (8,760 /
// 12), the convention of cloud price lists.
const (
	HoursPerMonth = 730
	HoursPerYear  = 8760
)

// Models lists the pricing models in the order buyers compare them.
var Models = catalog.PricingModels

// TermHours is the length of a commitment in hours, or 0 for a model with
// no term.
func TermHours(model string) float64 {
	return float64(catalog.TermMonths(model)) * HoursPerMonth
}

// Hourly is an effective hourly price of a whole instance, in Currency,
// with how it was derived.
type Hourly struct {
	Amount   float64
	Currency string
	// Basis says how Amount follows from the point, as one of BasisCodes
	// (BasisNotes words it); Of is its figure: the hours of the month, the
	// year or the term, or the discount in percent; 0 for the others.
	Basis string
	Of    float64
	// GPUs is what a per-GPU quote is multiplied by; 0 for a quote of the
	// whole instance.
	GPUs int
	// OffOnDemand is set when Amount is worked out from the point's
	// discount off the on-demand price, the point stating nothing else.
	OffOnDemand bool
}

// EffectiveHourly returns the hourly price of a whole instance of gpus GPUs
// under point p. onDemand is the on-demand price of the same offer, needed
// only when p states nothing but a discount; ok is false when the price
// cannot be derived.
func EffectiveHourly(p *catalog.PricePoint, gpus int, onDemand *Hourly) (h Hourly, ok bool) {
	h.Currency = p.Currency
	term := TermHours(p.Model)
	switch {
	case p.EffectiveHourly() != nil:
		h.Amount, h.Basis = *p.EffectiveHourly(), BasisEffective
	case p.Amount != nil && p.Model == "subscription_month":
		h.Amount, h.Basis, h.Of = *p.Amount/HoursPerMonth, BasisMonthly, HoursPerMonth
	case p.Amount != nil && p.Model == "subscription_year":
		h.Amount, h.Basis, h.Of = *p.Amount/HoursPerYear, BasisYearly, HoursPerYear
	case p.Upfront() != nil && *p.Upfront() > 0 && term > 0:
		hourly := 0.0
		if p.Amount != nil {
			hourly = *p.Amount
		}
		h.Amount = *p.Upfront()/term + hourly
		h.Basis, h.Of = BasisUpfront, term
	case p.Amount != nil:
		h.Amount, h.Basis = *p.Amount, BasisHourly
	case p.DiscountPct() != nil && onDemand != nil:
		return Hourly{
			Amount:      onDemand.Amount * (1 - *p.DiscountPct()/100),
			Currency:    onDemand.Currency,
			Basis:       BasisOffOnDemand,
			Of:          *p.DiscountPct(),
			OffOnDemand: true,
		}, true
	default:
		return Hourly{}, false
	}
	if p.PerGPU && gpus > 0 {
		h.Amount *= float64(gpus)
		h.GPUs = gpus
	}
	return h, true
}

// How an effective hourly price follows from its point (Hourly.Basis),
// with the arguments each note takes.
const (
	BasisHourly      = "hourly"        // the hourly amount as quoted
	BasisEffective   = "effective"     // the effective hourly rate as quoted
	BasisMonthly     = "monthly"       // a monthly amount ÷ the hours of a month (an int)
	BasisYearly      = "yearly"        // a yearly amount ÷ the hours of a year (an int)
	BasisUpfront     = "upfront"       // the upfront payment spread over the term's hours (an int), plus the hourly amount
	BasisOffOnDemand = "off_on_demand" // the discount in percent (a float64) off the on-demand price
	BasisPerGPU      = "per_gpu"       // a per-GPU quote × the instance's GPUs (an int)
	BasisQuoted      = "quoted"        // an amount compared as quoted, whatever its unit
)

// BasisCodes are the codes of Hourly.Basis.
var BasisCodes = []string{BasisHourly, BasisEffective, BasisMonthly, BasisYearly, BasisUpfront, BasisOffOnDemand, BasisPerGPU, BasisQuoted}

// BasisNotes is h's basis as notes for people: the basis with its
// figure (an int of hours, or the discount as a float64), then, for a
// per-GPU quote, BasisPerGPU with the GPUs.
func (h *Hourly) BasisNotes() []note.Note {
	var n note.Note
	switch h.Basis {
	case BasisMonthly, BasisYearly, BasisUpfront:
		n = note.New(h.Basis, int(h.Of))
	case BasisOffOnDemand:
		n = note.New(h.Basis, h.Of)
	default:
		n = note.New(h.Basis)
	}
	if h.GPUs > 0 {
		return []note.Note{n, note.New(BasisPerGPU, h.GPUs)}
	}
	return []note.Note{n}
}

// Granularity steps of billing, in seconds.
var granularitySeconds = map[string]float64{"second": 1, "minute": 60, "hour": 3600, "month": HoursPerMonth * 3600}

// JobCost is what a job of the given hours costs on an offer billed in
// steps of granularity ("second", "minute", "hour", "month") with a minimum
// charge in seconds: the time is rounded up to whole steps, and to the
// minimum. An unknown granularity bills by the second.
func JobCost(hourly, hours float64, granularity string, minimumSeconds float64) float64 {
	step := granularitySeconds[granularity]
	if step == 0 {
		step = 1
	}
	seconds := hours * 3600
	// Round to a millisecond before stepping up, so 0.1 h is 360 s, not 360.0000001.
	seconds = math.Round(seconds*1000) / 1000
	billed := math.Ceil(seconds/step) * step
	billed = max(billed, minimumSeconds)
	return hourly * billed / 3600
}

// PerUnit divides an hourly price by a quantity (GPUs, GB of GPU memory,
// dense TFLOPS); ok is false when the quantity is unknown or not positive.
func PerUnit(hourly float64, quantity *float64) (float64, bool) {
	if quantity == nil || *quantity <= 0 {
		return 0, false
	}
	return hourly / *quantity, true
}

// ShownDigits is how many significant digits an amount is shown with at
// most.
const ShownDigits = 4

// ShownDecimals is the number of decimals an amount is shown with, on
// every page, in the feeds and in the charts: its first ShownDigits
// significant digits, never fewer than two decimals, and no zero after
// the second decimal — 21.957642 as 21.96, 0.70683 as 0.7068, 0.0042 as
// 0.0042, 0.5 as 0.50, 1234.5 as 1234.50 (money keeps its cents, so a
// large amount shows more than four digits). The amount is rounded half
// away from zero by Round; the exact figure is in the exports.
func ShownDecimals(v float64) int {
	a := math.Abs(v)
	if a == 0 || math.IsNaN(a) || math.IsInf(a, 0) {
		return 2
	}
	places := max(2, ShownDigits-1-exponent(a))
	r := Round(a, places)
	if p := max(2, ShownDigits-1-exponent(r)); p < places { // 0.99996 rounds to 1.000: one decimal fewer
		places, r = p, Round(a, p)
	}
	var buf [40]byte
	s := strconv.AppendFloat(buf[:0], r, 'f', places, 64)
	for places > 2 && s[len(s)-1] == '0' {
		s, places = s[:len(s)-1], places-1
	}
	return places
}

// ShownDecimalsIn is the number of decimals an amount v in currency is
// shown with. A yuan amount (CNY) takes one rule per magnitude, so that
// a column of yuan figures reads alike: from 0.1 元 up to the fen (two
// decimals: 14.42, 8.98, 0.40), below it four decimals (0.0205, 0.0042),
// where two would round a rate per GB or per TFLOPS-hour away. Other
// currencies are shown as ShownDecimals says.
func ShownDecimalsIn(currency string, v float64) int {
	a := math.Abs(v)
	if currency != "CNY" || a == 0 || math.IsNaN(a) || math.IsInf(a, 0) {
		return ShownDecimals(v)
	}
	if Round(a, 2) >= 0.1 {
		return 2
	}
	return 4
}

// ShownIn is v in currency rounded as pages show it (ShownDecimalsIn).
func ShownIn(currency string, v float64) float64 { return Round(v, ShownDecimalsIn(currency, v)) }

// Shown is v rounded as pages show it (ShownDecimals).
func Shown(v float64) float64 { return Round(v, ShownDecimals(v)) }

// exponent is the decimal exponent of a > 0: 1 for 21.9, -1 for 0.7.
func exponent(a float64) int {
	var buf [32]byte
	s := strconv.AppendFloat(buf[:0], a, 'e', -1, 64)
	e, _ := strconv.Atoi(string(s[bytes.IndexByte(s, 'e')+1:]))
	return e
}

// Round rounds v to places decimals, half away from zero, on the shortest
// decimal that reads back as v — the figure people see — so 2.675 rounds to
// 2.68 although the float nearest 2.675 is 2.67499….
func Round(v float64, places int) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) || places < 0 {
		return v
	}
	var buf [32]byte
	s := strconv.AppendFloat(buf[:0], math.Abs(v), 'f', -1, 64)
	dot := bytes.IndexByte(s, '.')
	if dot < 0 || len(s)-dot-1 <= places {
		return v
	}
	up := s[dot+1+places] >= '5'
	s = s[:dot+1+places] // the digits kept, the point included
	if up {
		i := len(s) - 1
		for ; i >= 0; i-- {
			if s[i] == '.' {
				continue
			}
			if s[i] < '9' {
				s[i]++
				break
			}
			s[i] = '0'
		}
		if i < 0 {
			s = append([]byte{'1'}, s...)
		}
	}
	r, _ := strconv.ParseFloat(string(s), 64)
	return math.Copysign(r, v)
}
