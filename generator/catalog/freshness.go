package catalog

import (
	"cmp"
	"fmt"
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

// AsOfDate is the date pp's as_of states, full or partial — the latest,
// when it states one at its start and another after "as of" — or "" when
// it states none: "unknown (catalog commit …, read 2026-12-01)" states
// none, as the day it was read is not a day the price held.
//
// A date is stated by the whole text, its start ("2026-01-21 (table
// commit …)"), or after "as of" ("…; as of 2026-01-21"): four digits of a
// year, then perhaps "-" and two of a month, then perhaps "-" and two of
// a day, ending the text or followed by a character that is neither a
// letter, a digit, "_" nor "-" ("2026-07-30T10:00" states none). Every
// page shows the age of its prices, so this is read by hand rather than
// with a regular expression: it is the one loop over the text.
func (pp *PricePoint) AsOfDate() Date {
	s := strings.TrimSpace(pp.AsOf())
	var latest Date
	var at time.Time
	take := func(d string) {
		if t, ok := Date(d).Time(); ok && (latest == "" || t.After(at)) {
			latest, at = Date(d), t
		}
	}
	i := 0
	if n := statedDate(s, 0); n > 0 {
		take(s[:n])
		i = n + 1 // past the character that ends it
	}
	const marker = "as of "
	for i < len(s) {
		j := strings.Index(s[i:], marker)
		if j < 0 {
			break
		}
		start := i + j + len(marker)
		if n := statedDate(s, start); n > 0 {
			take(s[start : start+n])
			i = start + n + 1
			continue
		}
		i += j + 1
	}
	return latest
}

// statedDate is the length of the date s states at i — "2026-01-21",
// "2026-01" or "2026", the longest that ends s or is followed by a
// character that is neither a letter, a digit, "_" nor "-" — or 0.
func statedDate(s string, i int) int {
	digits := func(at, n int) bool {
		if at+n > len(s) {
			return false
		}
		for k := at; k < at+n; k++ {
			if s[k] < '0' || s[k] > '9' {
				return false
			}
		}
		return true
	}
	ends := func(at int) bool {
		if at == len(s) {
			return true
		}
		c := s[at]
		word := c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
		return !word && c != '-'
	}
	if !digits(i, 4) {
		return 0
	}
	for _, n := range []int{10, 7, 4} {
		if n > 4 && (!digits(i+5, 2) || s[i+4] != '-') {
			continue
		}
		if n == 10 && (!digits(i+8, 2) || s[i+7] != '-') {
			continue
		}
		if ends(i + n) {
			return n
		}
	}
	return 0
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
	if dated(pp.FirstSeen()) {
		return pp.FirstSeen(), FromFirstSeen
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
		if pp.LastSeen() != "" {
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
	for _, t := range cat.Trials {
		see(t.End)
	}
	return newest
}

// MonthsOld is how many whole months old something dated d is on day
// ref, as ageText counts them; 0 for a date after ref.
func MonthsOld(d Date, ref time.Time) int {
	at, ok := d.Time()
	if !ok {
		return 0
	}
	ry, rm, rd := ref.Date()
	ay, am, ad := at.Date()
	months := (ry-ay)*12 + int(rm) - int(am)
	if d.Precision() == "day" && rd < ad {
		months--
	}
	return max(months, 0)
}

// AgeFrom is the date the price's age counts from (AgeDate), for a
// template; "" when it is undated.
func (pp *PricePoint) AgeFrom() Date {
	d, _ := AgeDate(pp)
	return d
}
