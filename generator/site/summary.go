package site

import (
	"time"

	"gpucompare/generator/site/pagemodel"
)

// The site's one-page summary (/summary/ in each edition) is the short
// report's first page in the site's frame: the answer per GPU class
// (reportClassesOf, the report's own model, with the report's default
// day: the catalog's date), linked to the site's pages, for printing on
// one A4 page (static/style.css, .kind-summary).

// summaryPath is the summary page of an edition.
const summaryPath = "summary/index.html"

// summaryData is the model of the summary page.
type summaryData struct {
	Date    string // the catalog's date, as the report's; "" when it dates nothing
	Classes *reportClasses
	// More counts the GPU models past the first summaryRows, left out so
	// the page stays one page (and within the site's page size).
	More int
	// GPUsURL is the list of every GPU model, which More points to.
	GPUsURL string
	// Mainland is the home page's mainland view (homeMainland), whose
	// pay-as-you-go prices the summary lists after the answer per GPU
	// class; nil when the catalog prices nothing in mainland China.
	Mainland *homeMainland
}

// summaryRows is the most GPU models the summary lists: the shipped
// catalog answers for about 26.
const summaryRows = 40

// summaryPage is the summary page of the edition b builds.
func (b *builder) summaryPage() *pagemodel.Page {
	p := b.newPage(summaryPath, "summary")
	p.TitleKey, p.DescKey = "summary.title", "summary.description"
	p.Lazy(func() any { return b.summaryData(p) })
	return p
}

// summaryData makes the summary of the edition b builds, its links from p.
func (b *builder) summaryData(p *pagemodel.Page) *summaryData {
	rk := &reportKind{cat: b.cat, data: b.Data, price: b.price, matrix: matrixOf(b)}
	d := &summaryData{Classes: rk.reportClassesOf(b.cat.Site.Currency, b.lang(), oldBeforeOf(b.ageDate), b.ageDate, b.trust, p.Rel)}
	if d.Classes != nil {
		d.Classes.Links = true
		if n := len(d.Classes.Rows); n > summaryRows {
			d.More, d.Classes.Rows = n-summaryRows, d.Classes.Rows[:summaryRows]
			d.GPUsURL = p.Rel("gpus/index.html")
		}
	}
	if len(b.Data.Mainland) > 0 {
		d.Mainland = homeMainlandOf(b.Data.Mainland, nil, b.lang(), b.trust, p.Rel)
	}
	if date := catalogDate(b.cat); !date.IsZero() {
		d.Date = date.UTC().Format(time.DateOnly)
	}
	return d
}
