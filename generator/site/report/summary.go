package report

import (
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/compare"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
)

// The site's one-page summary (/summary/ in each edition) is the short
// report's first page in the site's frame: the answer per GPU class
// (ClassesOf, the report's own model, with the report's default
// day: the catalog's date), linked to the site's pages, for printing on
// one A4 page (static/style.css, .kind-summary).

// SummaryPath is the summary page of an edition.
const SummaryPath = "summary/index.html"

// summaryData is the model of the summary page.
type summaryData struct {
	Date    string // the catalog's date, as the report's; "" when it dates nothing
	Classes *Classes
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

// SummaryPage is the summary page of an edition: classes makes the
// answer per GPU class, its links made by rel (the report's model),
// mainland the home page's mainland view (nil: none), and date is the
// catalog's (CatalogDate), the zero time when it dates nothing.
func SummaryPage(newPage func(p, layout string) *pagemodel.Page, classes func(rel func(string) string) *Classes,
	mainland func(rel func(string) string) *catalogpages.HomeMainland, date time.Time) *pagemodel.Page {
	p := newPage(SummaryPath, "summary")
	p.TitleKey, p.DescKey = "summary.title", "summary.description"
	p.Lazy(func() any { return summaryModel(p, classes(p.Rel), mainland, date) })
	return p
}

// summaryModel is the model of the summary page p, of the answer per GPU
// class and the catalog's date.
func summaryModel(p *pagemodel.Page, classes *Classes, mainland func(rel func(string) string) *catalogpages.HomeMainland, date time.Time) *summaryData {
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

// SummaryClasses makes the answer per GPU class of an edition of cat,
// with its derived data, views of prices, matrix and language, as the
// report's model does, its links made by rel.
func SummaryClasses(cat *catalog.Catalog, data *derive.Data, prices pagemodel.Prices, matrix *compare.Kind, lang string) func(rel func(string) string) *Classes {
	rk := &Kind{cat: cat, data: data, price: prices.Price, matrix: matrix}
	currency, oldBefore, day, trust := cat.Site.Currency, oldBeforeOf(prices.AgeDate), prices.AgeDate, prices.Trust
	return func(rel func(string) string) *Classes {
		return rk.ClassesOf(currency, lang, oldBefore, day, trust, rel)
	}
}

// SummaryMainland makes the mainland view of an edition in lang, as its
// home page shows it from the derived rows (derive.Data.Mainland), its
// links made by rel; nil when the catalog prices nothing in mainland China.
func SummaryMainland(rows []*derive.MainlandRow, lang string, trust func(*catalog.PricePoint, string) *pagemodel.TrustView) func(rel func(string) string) *catalogpages.HomeMainland {
	if len(rows) == 0 {
		return nil
	}
	return func(rel func(string) string) *catalogpages.HomeMainland {
		return catalogpages.HomeMainlandOf(rows, nil, lang, trust, rel)
	}
}
