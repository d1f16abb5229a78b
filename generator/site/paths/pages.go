package paths

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
