package paths

import "fmt"

// Output paths of the evaluation, scenario and benchmark pages.
const (
	Evaluation = "evaluation/index.html"
	Scenarios  = "scenarios/index.html"
	Benchmarks = "benchmarks/index.html"
)

// Scenario is the output path of the page of a scenario.
func Scenario(id string) string { return "scenarios/" + id + "/index.html" }

// Changes is the output path of /changes/ (month "") or of the page of a
// month ("2025-06") of price changes.
func Changes(month string) string {
	if month == "" {
		return "changes/index.html"
	}
	return "changes/" + month + "/index.html"
}

// ChangesScript is the output path of the rows' script of a month of
// price changes, which static/changes.js filters.
func ChangesScript(month string) string { return "changes/" + month + "/changes.js" }

// PagesIndex is the output path of the index of content pages.
const PagesIndex = "pages/index.html"

// NotFound is the output path of the 404 page.
const NotFound = "404.html"

// Embeds are the charts an embed page is made for (Embed), by the name
// in its path, and the kind of figure each holds
// (pagemodel.ChartView.Kind): the site-wide charts of the home page, the
// GPU list and the providers page.
var Embeds = []struct{ Name, Kind, Page string }{
	{"price-by-gpu", "price_by_gpu", "index.html"},
	{"price-performance", "price_performance", "gpus/index.html"},
	{"discounts", "discounts", "providers/index.html"},
}

// Embed is the output path of the embed page of a chart: "price-by-gpu".
func Embed(name string) string { return "embed/" + name + "/index.html" }

// EmbedOf is the output path of the embed page of the figure of kind
// ("price_by_gpu"), "" when it has none.
func EmbedOf(kind string) string {
	for _, e := range Embeds {
		if e.Kind == kind {
			return Embed(e.Name)
		}
	}
	return ""
}

// Matrix is the output path of page n of the matrix, counted from 1.
func Matrix(n int) string {
	if n == 1 {
		return "compare/index.html"
	}
	return fmt.Sprintf("compare/page-%d/index.html", n)
}

// Search is the output path of the search page.
const Search = "search/index.html"

// Guides is the output path of the guides index.
const Guides = "guides/index.html"
