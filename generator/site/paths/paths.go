// Package paths names where the pages and files of a build go in the
// output, for the stages that link to them: the page models, the exports
// and the feeds. It holds names only.
package paths

import "gpucompare/generator/catalog"

// GPU, Provider and Instance are the output paths of the catalog's pages.
func GPU(id string) string      { return "gpus/" + id + "/index.html" }
func Provider(id string) string { return "providers/" + id + "/index.html" }
func Instance(in *catalog.Instance) string {
	return "instances/" + in.Provider.ID + "/" + in.ID + "/index.html"
}

// Benchmark is the output path of the page of a benchmark.
func Benchmark(id string) string { return "benchmarks/" + id + "/index.html" }

// The exports' paths. They are data for machines: one set for the whole
// site, written by the root edition and linked from every edition
// (sharedOutput).
const (
	OffersCSV   = "compare/offers.csv"
	OffersJSON  = "compare/offers.json"
	GPUsCSV     = "gpus/gpus.csv"
	GPUsJSON    = "gpus/gpus.json"
	ResultsCSV  = "benchmarks/results.csv"
	ResultsJSON = "benchmarks/results.json"
	CostsCSV    = "benchmarks/costs.csv"
	CostsJSON   = "benchmarks/costs.json"
)
