package paths

// Output paths of the evaluation, scenario and benchmark pages.
const (
	Evaluation = "evaluation/index.html"
	Scenarios  = "scenarios/index.html"
	Benchmarks = "benchmarks/index.html"
)

// Scenario is the output path of the page of a scenario.
func Scenario(id string) string { return "scenarios/" + id + "/index.html" }
