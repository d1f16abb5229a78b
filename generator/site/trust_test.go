package site

import (
	"testing"
	"time"

	"gpucompare/generator/catalog"
)

// TestAgeText counts ages as precisely as the dates are known, to the day
// the build counts to; static/age.js words them the same way (see
// tests/browser/age.test.mjs).
func TestAgeText(t *testing.T) {
	msgs := englishTexter(t).m
	tr := msgs.tKeeping(new(error))
	ref := time.Date(2026, 7, 30, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		date catalog.Date
		want string
	}{
		{"2026-07-30", "today"},
		{"2026-07-29", "1 day"},
		{"2026-07-01", "29 days"},
		{"2026-06-30", "1 month"},
		{"2026-06-01", "1 month"},
		{"2025-08-01", "11 months"},
		{"2025-07-30", "1 year"},
		{"2025-07-31", "11 months"},
		{"2024-07-31", "1 year"},
		{"2024-07-30", "2 years"},
		{"2026-07", "this month"},
		{"2026-06", "1 month"},
		{"2025-06", "1 year"},
		{"2026", "this year"},
		{"2025", "1 year"},
		{"2023", "3 years"},
		{"2027-01-01", "today"}, // after the day counted to: no age yet
	} {
		if got := ageText(c.date, ref, tr); got != c.want {
			t.Errorf("%s: %q, want %q", c.date, got, c.want)
		}
	}
}

// TestTrustOfAPoint dates a price by its since, else by an as-of that is a
// date, else calls it undated, and says which in its title.
func TestTrustOfAPoint(t *testing.T) {
	b := &builder{tmpl: &templates{msgs: englishTexter(t).m}, ageDate: time.Date(2026, 7, 30, 0, 0, 0, 0, time.UTC)}
	for _, c := range []struct {
		pp               catalog.PricePoint
		kind             string
		date, age, title string
	}{
		{catalog.PricePoint{Since: "2025-06-01", AsOf: "2025-06-23 (still current 2026-07-20)"}, "aggregator",
			"2025-06-01", "1 year", "Dated 2025-06-01 (since) · As of: 2025-06-23 (still current 2026-07-20)"},
		{catalog.PricePoint{Since: catalog.Unknown, AsOf: "2026-01-21"}, "aggregator",
			"2026-01-21", "6 months", "Dated 2026-01-21 (as of)"},
		{catalog.PricePoint{Since: catalog.Unknown, AsOf: "undated (the guide gives no date)"}, "article",
			"", "undated", "The sources give no date for this price · As of: undated (the guide gives no date)"},
	} {
		v := b.trust(&c.pp, c.kind)
		if v.Date != c.date || v.Age != c.age || v.Title != c.title || v.Kind != c.kind {
			t.Errorf("%+v:\ngot  %+v\nwant date %q age %q title %q", c.pp, v, c.date, c.age, c.title)
		}
	}
	if b.trust(nil, "provider") != nil {
		t.Error("no point, no trust view")
	}
}
