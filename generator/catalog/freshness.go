package catalog

import (
	"cmp"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// The freshness badges of a price: how old its date is against the
// policy of data/site.yaml (fresh_days, stale_days).
const (
	Fresh   = "fresh"   // dated no more than fresh_days ago
	Aging   = "aging"   // dated more than fresh_days, at most stale_days ago
	Stale   = "stale"   // dated more than stale_days ago
	Undated = "undated" // no date to count from
)

// DefaultFreshDays and DefaultStaleDays are the freshness policy when
// site.yaml sets none.
const (
	DefaultFreshDays = 90
	DefaultStaleDays = 365
)

// Policy is the freshness policy of the site: fresh_days and stale_days,
// or their defaults.
func (s Site) Policy() (freshDays, staleDays int) {
	return cmp.Or(s.FreshDays, DefaultFreshDays), cmp.Or(s.StaleDays, DefaultStaleDays)
}

// The sources of the date a price's age counts from, in the order they
// are tried (AgeDate).
const (
	FromSince     = "since"
	FromAsOf      = "as_of"
	FromChecked   = "checked"
	FromFirstSeen = "first_seen"
)

// asOfDate finds the date in an as-of text: the whole text, its start
// ("2026-01-21 (table commit …)"), or after "as of" ("…; as of 2026-01-21").
var asOfDate = regexp.MustCompile(`(?:^|as of )(\d{4}(?:-\d{2}(?:-\d{2})?)?)(?:$|[^\w-])`)

// AsOfDate is the date pp's as_of states, full or partial — the latest,
// when it states one at its start and another after "as of" — or "" when
// it states none: "unknown (catalog commit …, read 2026-12-01)" states
// none, as the day it was read is not a day the price held.
func (pp *PricePoint) AsOfDate() Date {
	var latest Date
	var at time.Time
	for _, m := range asOfDate.FindAllStringSubmatch(strings.TrimSpace(pp.AsOf), -1) {
		if t, ok := Date(m[1]).Time(); ok && (latest == "" || t.After(at)) {
			latest, at = Date(m[1]), t
		}
	}
	return latest
}

// AgeDate is the date a price's age counts from and where it comes from:
// the later of its effective date (since) and its as-of when both are
// dates — a source that stated the price later shows it still held then
// — else whichever of the two is a date, else the day its provider file
// was last checked against a price list, else the day an import first saw
// it; "" when none is a date.
func AgeDate(pp *PricePoint) (Date, string) {
	dated := func(d Date) bool {
		_, ok := d.Time()
		return d.Known() && ok
	}
	a := pp.AsOfDate()
	switch {
	case dated(pp.Since) && dated(a):
		st, _ := pp.Since.Time()
		at, _ := a.Time()
		if at.After(st) {
			return a, FromAsOf
		}
		return pp.Since, FromSince
	case dated(pp.Since):
		return pp.Since, FromSince
	case dated(a):
		return a, FromAsOf
	}
	if dated(pp.Checked) {
		return pp.Checked, FromChecked
	}
	if dated(pp.FirstSeen) {
		return pp.FirstSeen, FromFirstSeen
	}
	return "", ""
}

// Badge is the freshness badge of something dated d on day ref, under
// the policy given: a partial date (2025-06, 2025) counts from its first
// day, so that it is never fresher than it may be.
func Badge(d Date, ref time.Time, freshDays, staleDays int) string {
	at, ok := d.Time()
	if d == "" || !ok {
		return Undated
	}
	days := int(ref.Sub(at).Hours() / 24)
	switch {
	case days <= freshDays:
		return Fresh
	case days <= staleDays:
		return Aging
	}
	return Stale
}

// StaleWarnings warns about each current price — the last point of its
// series, unless the offer is retired (last_seen) — that is stale on day
// ref under the site's policy, at the position of the date its age counts
// from.
func StaleWarnings(c *Catalog, ref time.Time) Report {
	var r Report
	if ref.IsZero() {
		return r
	}
	fresh, stale := c.Site.Policy()
	keys, series := c.Series()
	for _, k := range keys {
		s := series[k]
		pp := s[len(s)-1]
		if pp.LastSeen != "" {
			continue
		}
		d, from := AgeDate(pp)
		if Badge(d, ref, fresh, stale) != Stale {
			continue
		}
		r = append(r, Diagnostic{Pos: pp.Pos(from), Severity: Warning,
			Message: fmt.Sprintf("%s: stale: dated %s (%s), more than stale_days (%d) before %s: check it against the provider's price list",
				priceName(pp), d, from, stale, ref.Format(time.DateOnly))})
	}
	return r
}

// NewestDate is the newest full day the catalog holds — in a price
// point's since or as-of, an exchange rate's date or a benchmark result's
// date — the day ages are
// counted to when nothing else names one; the zero time when the catalog
// dates nothing to the day.
func NewestDate(cat *Catalog) time.Time {
	var newest time.Time
	see := func(d Date) {
		if d.Precision() != "day" {
			return
		}
		if t, ok := d.Time(); ok && t.After(newest) {
			newest = t
		}
	}
	for _, pp := range cat.Prices {
		see(pp.Since)
		see(pp.AsOfDate())
	}
	for _, fx := range cat.FX {
		see(fx.Date)
	}
	for _, bm := range cat.Benchmarks {
		for _, r := range bm.Results {
			see(r.Date)
		}
	}
	return newest
}
