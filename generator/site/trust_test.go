package site

import (
	"strings"
	"testing"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
)

// TestAgeText counts ages as precisely as the dates are known, to the day
// the build counts to; static/age.js words them the same way (see
// tests/browser/age.test.mjs).
func TestAgeText(t *testing.T) {
	msgs := englishTexter(t).M
	tr := msgs.TKeeping(new(error))
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
		if got := pagemodel.AgeText(c.date, ref, tr); got != c.want {
			t.Errorf("%s: %q, want %q", c.date, got, c.want)
		}
	}
}

// TestTrustOfAPoint dates a price by its since, else by an as-of that is a
// date, else by its file's checked day, else by the day an import first
// saw it, else calls it undated, says which in its title, and gives it
// the freshness badge of that date on the build's day: 2026-07-30 under
// a policy of 90 and 365 days (fresh from 2026-05-01 on, aging from
// 2025-07-30 on, stale before).
func TestTrustOfAPoint(t *testing.T) {
	b := &builder{cat: &catalog.Catalog{}, tmpl: &render.Templates{Msgs: englishTexter(t).M}, ageDate: time.Date(2026, 7, 30, 0, 0, 0, 0, time.UTC)}
	for _, c := range []struct {
		pp                      catalog.PricePoint
		kind                    string
		date, age, title, badge string
	}{
		{catalog.PricePoint{Since: "2025-06-01", Extra: &catalog.PriceExtra{AsOf: "2025-06-23 (still current 2026-07-20)"}}, "aggregator",
			"2025-06-23", "1 year", "Seen at this price on 2025-06-23 · In effect since 2025-06-01", "stale"}, // the date an as_of starts with counts
		{catalog.PricePoint{Since: "2025-06-01", Extra: &catalog.PriceExtra{AsOf: "unknown (catalog commit 098741e7, read 2026-12-01)"}}, "aggregator",
			"2025-06-01", "1 year", "In effect since 2025-06-01", "stale"},
		{catalog.PricePoint{Since: catalog.Unknown, Extra: &catalog.PriceExtra{AsOf: "2026-01-21"}}, "aggregator",
			"2026-01-21", "6 months", "Seen at this price on 2026-01-21", "aging"},
		{catalog.PricePoint{Since: "2025-07-30"}, "provider",
			"2025-07-30", "1 year", "In effect since 2025-07-30", "aging"}, // 365 days
		{catalog.PricePoint{Since: "2025-07-29"}, "provider",
			"2025-07-29", "1 year", "In effect since 2025-07-29", "stale"}, // 366 days
		{catalog.PricePoint{Since: catalog.Unknown, Checked: "2026-05-01", Extra: &catalog.PriceExtra{AsOf: "pricing page", FirstSeen: "2026-01-02"}}, "provider",
			"2026-05-01", "2 months", "The provider's price list was last checked on 2026-05-01", "fresh"}, // 90 days
		{catalog.PricePoint{Since: catalog.Unknown, Extra: &catalog.PriceExtra{FirstSeen: "2026-04-30"}}, "provider",
			"2026-04-30", "3 months", "First seen at this price on 2026-04-30", "aging"}, // 91 days
		{catalog.PricePoint{Since: catalog.Unknown, Extra: &catalog.PriceExtra{AsOf: "undated (the guide gives no date)"}}, "article",
			"", "undated", "The sources give no date for this price", "undated"},
	} {
		v := pricesOf(b).Trust(&c.pp, c.kind)
		if v.Date != c.date || v.Age != c.age || v.Title != c.title || v.Kind != c.kind || v.Badge != c.badge {
			t.Errorf("%+v:\ngot  %+v\nwant date %q age %q title %q badge %q", c.pp, v, c.date, c.age, c.title, c.badge)
		}
	}
	b.cat.Site = catalog.Site{FreshDays: 7, StaleDays: 30}
	if v := pricesOf(b).Trust(&catalog.PricePoint{Since: "2026-07-01"}, "provider"); v.Badge != "aging" || v.BadgeTitle != "Fresh: dated at most 7 days ago; aging: at most 30 days; stale: older" {
		t.Errorf("under a policy of 7 and 30 days, a price 29 days old: got badge %q title %q, want aging", v.Badge, v.BadgeTitle)
	}
	if pricesOf(b).Trust(nil, "provider") != nil {
		t.Error("no point, no trust view")
	}
}

// TestEveryPageWithAgesCountsThemAgain: a page that shows the age of a
// price loads static/age.js, which counts the age again to the reader's
// day; without it the page would show the age on the day it was built.
func TestEveryPageWithAgesCountsThemAgain(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	withAges := 0
	for p, data := range files {
		if !strings.HasSuffix(p, ".html") || !strings.Contains(string(data), `<span class="age" data-date=`) {
			continue
		}
		withAges++
		if !strings.Contains(string(data), `static/age.js"`) {
			t.Errorf("%s shows ages but does not load static/age.js", p)
		}
	}
	if withAges < 5 {
		t.Fatalf("only %d pages show ages: the test is not testing", withAges)
	}
}
