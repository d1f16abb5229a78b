package export

import (
	"gpucompare/generator/catalog"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/render"
)

// ResultExport is one benchmark result as benchmarks/results.json holds it.
type ResultExport = resultExport

// BenchResults are the benchmark results as benchmarks/results.json holds
// them, in benchmark and file order, for the static API's file of each
// benchmark.
func BenchResults(cat *catalog.Catalog, d *derive.Data, msgs render.Messages) ([]*ResultExport, error) {
	results, _, err := benchRows(cat, d, msgs)
	return results, err
}
