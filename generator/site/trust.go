package site

import (
	"html/template"
	"strings"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/pagemodel"
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

// trust is the trust view of a price stated by pp whose source is of the
// kind given (the point's, or pricing.Price.Kind for a price worked out
// from it); nil when pp is nil.
func (b *builder) trust(pp *catalog.PricePoint, kind string) *pagemodel.TrustView {
	if pp == nil {
		return nil
	}
	t := b.tmpl.Msgs.TKeeping(new(error)) // every key is checked once a build (ageScriptMessages)
	date := b.tmpl.Msgs.DateKeeping(new(error))
	v := &pagemodel.TrustView{Kind: kind, LastSeen: string(pp.LastSeen), Quote: pp.Quoted, Source: pp.Source}
	d, from := catalog.AgeDate(pp)
	fresh, stale := b.cat.Site.Policy()
	v.Badge = catalog.Badge(d, b.ageDate, fresh, stale)
	v.BadgeTitle = t("trust.badge_title", fresh, stale)
	var parts []string
	if d == "" {
		v.Age = t("trust.undated")
		parts = append(parts, t("trust.undated_title"))
	} else {
		v.Date, v.Age = string(d), ageText(d, b.ageDate, t)
		if from != catalog.FromSince && !pp.Since.Known() {
			v.Seen = v.Date
		}
		parts = append(parts, t("trust.dated_"+from, date(string(d))))
	}
	// An as_of with no date in it ("unknown (…)") says nothing a reader
	// can use beside the price; the price's page keeps it.
	if a := strings.TrimSpace(pp.AsOf); pp.AsOfDate() != "" && from != catalog.FromAsOf {
		parts = append(parts, t("trust.as_of", date(a)))
	}
	if from == catalog.FromAsOf && pp.Since.Known() {
		parts = append(parts, t("trust.in_effect_since", date(string(pp.Since))))
	}
	v.Title = strings.Join(parts, " · ")
	return v
}

// ageText says how old something dated d is on day ref, as precisely as d
// is dated: "today", "1 day", "12 days", "this month", "3 months",
// "this year", "1 year", "2 years". A date after ref is of age zero.
// static/age.js writes the same words.
func ageText(d catalog.Date, ref time.Time, t func(string, ...any) string) string {
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
	case months == 1:
		return t("trust.age.month")
	case months < 12:
		return t("trust.age.months", months)
	case months < 24:
		return t("trust.age.year")
	}
	return t("trust.age.years", months/12)
}

// ageMessages are the keys of the words static/age.js writes ages with.
var ageMessages = []string{
	"trust.age.today", "trust.age.day", "trust.age.days", "trust.age.this_month", "trust.age.month",
	"trust.age.months", "trust.age.this_year", "trust.age.year", "trust.age.years", "trust.undated",
	"trust.badge.fresh", "trust.badge.aging", "trust.badge.stale", "trust.badge.undated",
}

// trustMessages are the other keys trust writes with.
var trustMessages = []string{"trust.undated_title", "trust.in_effect_since", "trust.dated_since", "trust.dated_as_of", "trust.dated_checked", "trust.dated_first_seen", "trust.as_of", "trust.badge_title"}

// ageScript is what the block #age-data gives static/age.js: the words of
// ageMessages, and the day the build counted the ages to.
type ageScript struct {
	Built string            `json:"built"` // YYYY-MM-DD; "" when the catalog dates nothing
	Words map[string]string `json:"words"`
	// Dates are the layouts of dates by precision (dateLayouts), when the
	// language writes dates other than as ISO 8601 does, which age.js
	// writes without them.
	Dates map[string]string `json:"dates,omitempty"`
	Fresh int               `json:"fresh_days"` // the site's freshness policy (catalog.Site.Policy)
	Stale int               `json:"stale_days"`
}

// ageScriptMessages is the JSON of the block #age-data for a build that
// counts ages to built; an error names a key of ageMessages or
// trustMessages the messages lack.
func ageScriptMessages(msgs render.Messages, built time.Time, freshDays, staleDays int) (template.JS, error) {
	m := map[string]string{}
	var err error
	t := msgs.TKeeping(&err)
	for _, k := range ageMessages {
		m[k] = t(k)
	}
	for _, k := range trustMessages {
		t(k)
	}
	dates := map[string]string{}
	iso := true
	for precision, k := range render.DateLayouts {
		dates[precision] = t(k)
		iso = iso && dates[precision] == render.IsoLayouts[precision]
	}
	if err != nil {
		return "", err
	}
	s := ageScript{Words: m, Fresh: freshDays, Stale: staleDays}
	if !iso {
		s.Dates = dates
	}
	if !built.IsZero() {
		s.Built = built.Format(time.DateOnly)
	}
	return pagemodel.JSONScript(s)
}

// newestDate is the day ages are counted to when the build is given
// none (catalog.NewestDate).
func newestDate(cat *catalog.Catalog) time.Time { return catalog.NewestDate(cat) }
