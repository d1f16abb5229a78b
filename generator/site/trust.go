package site

import (
	"html/template"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
)

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
