package catalog

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestBadge(t *testing.T) {
	ref := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		d    Date
		want string
	}{
		{"2026-03-01", Fresh},
		{"2025-12-01", Fresh}, // 90 days before 2026-03-01
		{"2025-11-30", Aging}, // 91 days
		{"2025-03-01", Aging}, // 365 days
		{"2025-02-28", Stale}, // 366 days
		{"2025-12", Fresh},    // from 2025-12-01: 90 days
		{"2025-11", Aging},    // from 2025-11-01: 120 days
		{"2025", Stale},       // from 2025-01-01: 424 days
		{"2027-01-01", Fresh}, // after the day counted to
		{"", Undated},
		{Unknown, Undated},
	} {
		if got := Badge(c.d, ref, 90, 365); got != c.want {
			t.Errorf("Badge(%q) = %q, want %q", c.d, got, c.want)
		}
	}
}

func TestAgeDate(t *testing.T) {
	for _, c := range []struct {
		pp       PricePoint
		want     Date
		wantFrom string
	}{
		{PricePoint{Since: "2025-06-01", Checked: "2025-08-01", Extra: &PriceExtra{AsOf: "2025-05-01", FirstSeen: "2025-05-01"}}, "2025-06-01", FromSince},
		// A source that stated the price later shows it still held then.
		{PricePoint{Since: "2025-06-01", Checked: "2025-08-01", Extra: &PriceExtra{AsOf: "2025-07-01", FirstSeen: "2025-05-01"}}, "2025-07-01", FromAsOf},
		{PricePoint{Since: "2025-06-01", Checked: "2025-08-01", Extra: &PriceExtra{AsOf: "2025-06"}}, "2025-06-01", FromSince},
		{PricePoint{Since: "2025-06-01", Extra: &PriceExtra{AsOf: "read 2025-07-01"}}, "2025-06-01", FromSince},
		{PricePoint{Since: Unknown, Checked: "2025-08-01", Extra: &PriceExtra{AsOf: " 2025-07 "}}, "2025-07", FromAsOf},
		{PricePoint{Since: Unknown, Checked: "2025-08-01", Extra: &PriceExtra{AsOf: "pricing page, mid 2024", FirstSeen: "2025-05-01"}}, "2025-08-01", FromChecked},
		{PricePoint{Since: Unknown, Extra: &PriceExtra{FirstSeen: "2025-05-01"}}, "2025-05-01", FromFirstSeen},
		{PricePoint{Since: Unknown, Extra: &PriceExtra{AsOf: "unknown"}}, "", ""},
	} {
		d, from := AgeDate(&c.pp)
		if d != c.want || from != c.wantFrom {
			t.Errorf("AgeDate(%+v) = %q, %q; want %q, %q", c.pp, d, from, c.want, c.wantFrom)
		}
	}
}

func TestPolicyDefaults(t *testing.T) {
	if f, s := (Site{}).Policy(); f != 90 || s != 365 {
		t.Errorf("default policy = %d, %d; want 90, 365", f, s)
	}
	if f, s := (Site{FreshDays: 30, StaleDays: 180}).Policy(); f != 30 || s != 180 {
		t.Errorf("policy = %d, %d; want 30, 180", f, s)
	}
}

// asOfDateRule is the rule AsOfDate reads by hand, as a regular
// expression: each match's first group is a date stated.
var asOfDateRule = regexp.MustCompile(`(?:^|as of )(\d{4}(?:-\d{2}(?:-\d{2})?)?)(?:$|[^\w-])`)

// TestAsOfDateFollowsItsRule compares AsOfDate with its rule as a regular
// expression over many texts made at random of the characters that
// matter: digits, "-", spaces, the letters of "as of", others.
func TestAsOfDateFollowsItsRule(t *testing.T) {
	byRule := func(s string) Date {
		var latest Date
		var at time.Time
		for _, m := range asOfDateRule.FindAllStringSubmatch(strings.TrimSpace(s), -1) {
			if d, ok := Date(m[1]).Time(); ok && (latest == "" || d.After(at)) {
				latest, at = Date(m[1]), d
			}
		}
		return latest
	}
	parts := []string{"2026", "2025", "-", "0", "1", "2", "9", "12", "-01", "-13", " ", "as of ", "as of", "a", "s", "o", "f", "x", "_", "(", ";", "T", "é", "\n"}
	rnd := rand.New(rand.NewPCG(3, 4))
	for range 200_000 {
		var b strings.Builder
		for range rnd.IntN(12) {
			b.WriteString(parts[rnd.IntN(len(parts))])
		}
		s := b.String()
		if got, want := (&PricePoint{Extra: &PriceExtra{AsOf: s}}).AsOfDate(), byRule(s); got != want {
			t.Fatalf("AsOfDate(%q) = %q, its rule gives %q", s, got, want)
		}
	}
}

// TestAsOfDate: the date an as-of text states, where the site, the report
// and the dated-share test all look for it.
func TestAsOfDate(t *testing.T) {
	for _, c := range []struct{ asOf, want string }{
		{"2026-01-21", "2026-01-21"},
		{" 2026-01 ", "2026-01"},
		{"2026-07-30 (weekly table commit fd66b26)", "2026-07-30"},
		{"catalog read; as of 2025-06", "2025-06"},
		{"2026-01 (reported increase); as of 2026-04-23", "2026-04-23"},
		{"2026-05-02; as of 2026-04-23", "2026-05-02"},
		{"unknown (catalog commit 098741e7, read 2026-12-01)", ""},
		{"read 2026-12-01", ""},
		{"2026-13-01 (no such month)", ""},
		{"2026-07-30T10:00:00Z", ""},
		{"20260730", ""},
		{"", ""},
	} {
		pp := &PricePoint{Extra: &PriceExtra{AsOf: c.asOf}}
		if got := pp.AsOfDate(); string(got) != c.want {
			t.Errorf("AsOfDate(%q) = %q, want %q", c.asOf, got, c.want)
		}
	}
}
