package pagemodel

import (
	"cmp"
	"strings"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/render"
)

// Beside a price, pages say how far to trust it: how old it is and what
// kind of source it comes from (the partial "price-trust" of
// templates/partials/values.html). The age counts from the price's date —
// its since, else its as-of when that is a date, else it is undated — to
// the build's age date (Options.AgeDate: SOURCE_DATE_EPOCH when the command
// line has it, else the newest date in the catalog), so that the same
// input gives the same bytes; static/age.js counts every age again to the
// reader's own day from its data-date, so that an old page never claims to
// be fresh.

// Prices makes the views of prices every page kind shows: a function of
// the edition's catalog (its freshness policy, its providers), its
// messages and the day ages count to.
type Prices struct {
	Cat     *catalog.Catalog
	Msgs    render.Messages
	AgeDate time.Time
}

// Trust is the trust view of a price stated by pp whose source is of the
// kind given (the point's, or pricing.Price.Kind for a price worked out
// from it); nil when pp is nil.
func (j Prices) Trust(pp *catalog.PricePoint, kind string) *TrustView {
	if pp == nil {
		return nil
	}
	t := j.Msgs.TKeeping(new(error)) // every key is checked once a build (ageScriptMessages)
	date := j.Msgs.DateKeeping(new(error))
	v := &TrustView{Kind: kind, LastSeen: string(pp.LastSeen()), Quote: pp.Quoted(), Source: pp.Source}
	if c := j.Cat.Sources.CopiedOnly(pp.Source); c != nil {
		v.Copy = c.Kind
	}
	if p := j.Cat.Provider(pp.Provider); p != nil {
		v.IntlSite = pricing.IntlSitePoint(p, pp)
		if r := p.Region(pp.Region); r != nil && r.Access == catalog.AccessRestricted {
			v.Restricted, _ = catalog.Text(r, "access_note", j.Cat.Site.Language)
			if v.Restricted == "" {
				v.Restricted = t("trust.restricted_title")
			}
		}
	}
	d, from := catalog.AgeDate(pp)
	fresh, stale := j.Cat.Site.Policy()
	v.Badge = catalog.Badge(d, j.AgeDate, fresh, stale)
	v.BadgeTitle = t("trust.badge_title", fresh, stale)
	var parts []string
	if d == "" {
		v.Age = t("trust.undated")
		parts = append(parts, t("trust.undated_title"))
	} else {
		v.Date, v.Age = string(d), AgeText(d, j.AgeDate, t)
		if from != catalog.FromSince && !pp.Since.Known() {
			v.Seen = v.Date
		}
		if from != catalog.FromSince && pp.Since.Known() {
			v.Since = string(pp.Since)
		}
		parts = append(parts, t("trust.dated_"+from, date(string(d))))
	}
	// An as_of with no date in it ("unknown (…)") says nothing a reader
	// can use beside the price; the price's page keeps it.
	if a := strings.TrimSpace(pp.AsOf()); pp.AsOfDate() != "" && from != catalog.FromAsOf {
		parts = append(parts, t("trust.as_of", date(a)))
	}
	if from == catalog.FromAsOf && pp.Since.Known() {
		parts = append(parts, t("trust.in_effect_since", date(string(pp.Since))))
	}
	v.Title = strings.Join(parts, " · ")
	return v
}

// AgeText says how old something dated d is on day ref, as precisely as d
// is dated: "today", "1 day", "12 days", "this month", "3 months",
// "this year", "1 year", "2 years". A date after ref is of age zero.
// static/age.js writes the same words.
func AgeText(d catalog.Date, ref time.Time, t func(string, ...any) string) string {
	at, ok := d.Time()
	if !ok {
		return t("trust.undated")
	}
	ry, rm, rd := ref.Date()
	ay, am, ad := at.Date()
	years := ry - ay
	months := years*12 + int(rm) - int(am)
	switch d.Precision() {
	case "year":
		months = years * 12
	case "day":
		if rd < ad {
			months--
		}
	}
	switch {
	case months < 1 && d.Precision() == "day":
		days := int(ref.Sub(at).Hours() / 24)
		switch {
		case days <= 0:
			return t("trust.age.today")
		case days == 1:
			return t("trust.age.day")
		}
		return t("trust.age.days", days)
	case months < 1 && d.Precision() == "month":
		return t("trust.age.this_month")
	case months < 12 && d.Precision() == "year":
		return t("trust.age.this_year")
	}
	return render.AgeMonths(months, t)
}

// PriceView is a price point as pages show it. It holds the point's fields
// rather than embedding the point: templates read them row by row, and a
// field promoted through an embedded pointer costs a search of the type.
type PriceView struct {
	PricePoint *catalog.PricePoint

	Instance, Region, Model, Provider             string
	Amount, Upfront, EffectiveHourly, DiscountPct *float64
	Payment                                       string
	PerGPU, Approximate                           bool
	RegionUnstated                                bool // the source names no region
	Since                                         catalog.Date
	AsOf, Source, Note                            string
	NotCharted                                    string // why the point is not on the page's history chart, as a message key; "" when it is
	// Display strings, made once so a table cell reads a field: the amount
	// as quoted (money), and the price per GPU-hour as quoted or computed.
	AmountText, PerGPUText string

	Currency   string   // the point's currency, else its provider's
	Unit       string   // what the amount is per: hour, month or year
	PerGPUHour *float64 // effective price per GPU-hour (pricing.EffectiveHourly ÷ GPUs)
	// PerGPUQuoted says PerGPUHour is a figure the source quotes, not one
	// computed: the hourly amount of a one-GPU instance, or a per-GPU quote.
	// Pages write it as quoted, the same digits as the amount.
	PerGPUQuoted bool
	RegionName   string // the region's name; empty for "all" or an unknown region
	Date         *DateView
	SourceRef    int        // the number of its source among the page's notes; 0 when none
	Trust        *TrustView // its age and the kind of its source
}

// Price is the view of the price point pp of the instance type in; nil
// when pp is nil.
func (j Prices) Price(in *catalog.Instance, pp *catalog.PricePoint) *PriceView {
	if pp == nil {
		return nil
	}
	v := &PriceView{
		PricePoint: pp, Instance: pp.Instance, Region: pp.Region, Model: pp.Model, Provider: pp.Provider,
		Amount: pp.Amount, Upfront: pp.Upfront(), EffectiveHourly: pp.EffectiveHourly(), DiscountPct: pp.DiscountPct(),
		Payment: pp.Payment(), PerGPU: pp.PerGPU, Approximate: pp.Approximate, RegionUnstated: pp.RegionUnstated, Since: pp.Since,
		AsOf: pp.AsOf(), Source: pp.Source, Note: pp.Note(),
		Currency: cmp.Or(pp.Currency, in.Provider.Currency), Unit: "hour",
	}
	switch pp.Model {
	case "subscription_month":
		v.Unit = "month"
	case "subscription_year":
		v.Unit = "year"
	}
	if r := in.Provider.Region(pp.Region); r != nil {
		v.RegionName = cmp.Or(r.Name, r.ID)
	}
	if per, quoted, ok := PerGPUHour(in, pp); ok {
		v.PerGPUQuoted = quoted
		if quoted {
			v.PerGPUHour = QuotedHourly(pp) // the point's own figure
		} else {
			v.PerGPUHour = &per
		}
	}
	v.Date = NewDate(pp.Since)
	v.Trust = j.Trust(pp, pp.SourceKind)
	if pp.Amount != nil {
		v.AmountText = render.FormatMoneyIn(pp.Amount, v.Currency)
	}
	if v.PerGPUHour != nil { // quoted or derived, read alike in its currency
		v.PerGPUText = render.FormatMoneyIn(v.PerGPUHour, v.Currency)
	}
	return v
}

// PerGPUHour is the effective price of an instance per GPU-hour under
// pp, as its PriceView holds it: quoted says it is a figure the source
// quotes (a per-GPU quote, or the hourly amount of a one-GPU instance)
// rather than one computed; ok is false when it cannot be derived.
func PerGPUHour(in *catalog.Instance, pp *catalog.PricePoint) (per float64, quoted, ok bool) {
	h, ok := pricing.EffectiveHourly(pp, in.GPUCount, nil)
	if !ok || in.GPUCount <= 0 {
		return 0, false, false
	}
	if q := QuotedHourly(pp); q != nil && (pp.PerGPU || in.GPUCount == 1) {
		return *q, true, true
	}
	return h.Amount / float64(in.GPUCount), false, true
}

// QuotedHourly is the hourly figure a point quotes as it stands — its
// effective rate, or an hourly amount with nothing upfront — or nil when
// its hourly price has to be computed.
func QuotedHourly(pp *catalog.PricePoint) *float64 {
	switch {
	case pp.EffectiveHourly() != nil:
		return pp.EffectiveHourly()
	case pp.Model == "subscription_month" || pp.Model == "subscription_year":
		return nil // per month or year: the hourly figure is computed
	case pp.Upfront() != nil && *pp.Upfront() > 0 && pricing.TermHours(pp.Model) > 0:
		return nil // upfront spread over the term
	case pp.Amount != nil:
		return pp.Amount
	}
	return nil
}
