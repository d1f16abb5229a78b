package site

import (
	"time"

	"gpucompare/generator/site/catalogpages"
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
	Mainland *catalogpages.HomeMainland
}

// summaryRows is the most GPU models the summary lists: the shipped
// catalog answers for about 26.
const summaryRows = 40

// summaryPage is the summary page of an edition: classes makes the
// answer per GPU class, its links made by rel (the report's model),
// mainland the home page's mainland view (nil: none), and date is the catalog's (catalogDate), the zero time when it dates nothing.
func summaryPage(newPage func(p, layout string) *pagemodel.Page, classes func(rel func(string) string) *reportClasses,
	mainland func(rel func(string) string) *catalogpages.HomeMainland, date time.Time) *pagemodel.Page {
	p := newPage(summaryPath, "summary")
	p.TitleKey, p.DescKey = "summary.title", "summary.description"
	p.Lazy(func() any { return summaryModel(p, classes(p.Rel), mainland, date) })
	return p
}

// summaryModel is the model of the summary page p, of the answer per GPU
// class and the catalog's date.
func summaryModel(p *pagemodel.Page, classes *reportClasses, mainland func(rel func(string) string) *catalogpages.HomeMainland, date time.Time) *summaryData {
	d := &summaryData{Classes: classes}
	if d.Classes != nil {
		d.Classes.Links = true
		if n := len(d.Classes.Rows); n > summaryRows {
			d.More, d.Classes.Rows = n-summaryRows, d.Classes.Rows[:summaryRows]
			d.GPUsURL = p.Rel("gpus/index.html")
		}
	}
	if mainland != nil {
		d.Mainland = mainland(p.Rel)
	}
	if !date.IsZero() {
		d.Date = date.UTC().Format(time.DateOnly)
	}
	return d
}

// summaryClasses makes the answer per GPU class of the edition b builds,
// as the report's model does, its links made by rel.
func summaryClasses(b *builder) func(rel func(string) string) *reportClasses {
	rk := &reportKind{cat: b.cat, data: b.Data, price: pricesOf(b).Price, matrix: matrixOf(b, nil)}
	currency, lang, oldBefore, day, trust := b.cat.Site.Currency, b.lang(), oldBeforeOf(b.ageDate), b.ageDate, pricesOf(b).Trust
	return func(rel func(string) string) *reportClasses {
		return rk.reportClassesOf(currency, lang, oldBefore, day, trust, rel)
	}
}

// summaryMainland makes the mainland view of the edition b builds, as its
// home page shows it, its links made by rel; nil when the catalog prices
// nothing in mainland China.
func summaryMainland(b *builder) func(rel func(string) string) *catalogpages.HomeMainland {
	if len(b.Data.Mainland) == 0 {
		return nil
	}
	rows, lang, trust := b.Data.Mainland, b.lang(), pricesOf(b).Trust
	return func(rel func(string) string) *catalogpages.HomeMainland {
		return catalogpages.HomeMainlandOf(rows, nil, lang, trust, rel)
	}
}
