package catalog

import (
	"fmt"
	"testing"
	"testing/fstest"

	"gpucompare/generator/synth"
)

// benchSizes are the catalog sizes, in offers, every build benchmark runs at.
var benchSizes = []int{100, 1000, 10000}

func synthFS(offers int) fstest.MapFS {
	root := fstest.MapFS{}
	for name, data := range synth.Files(offers) {
		root[name] = &fstest.MapFile{Data: data}
	}
	return root
}

// BenchmarkLoad reads, parses and decodes every file of a synthetic catalog
// (no checks), reporting the time per catalog file.
func BenchmarkLoad(b *testing.B) {
	for _, n := range benchSizes {
		root := synthFS(n)
		b.Run(fmt.Sprintf("offers=%d", n), func(b *testing.B) {
			for b.Loop() {
				l := &loader{fsys: root, cat: &Catalog{}}
				l.loadAll()
				if len(l.report.Errors()) > 0 {
					b.Fatal(l.report.Errors())
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(root)), "ns/file")
		})
	}
}

// BenchmarkValidate checks a loaded synthetic catalog: values, references,
// price histories and claims, reporting the time per offer.
func BenchmarkValidate(b *testing.B) {
	for _, n := range benchSizes {
		root := synthFS(n)
		b.Run(fmt.Sprintf("offers=%d", n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				l := &loader{fsys: root, cat: &Catalog{}}
				l.loadAll()
				b.StartTimer()
				l.validate()
				l.checkHistories()
				l.checkClaims()
				if len(l.report.Errors()) > 0 {
					b.Fatal(l.report.Errors())
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/offer")
		})
	}
}

// BenchmarkSeries groups the price points of a synthetic catalog of 10,000
// offers by series.
func BenchmarkSeries(b *testing.B) {
	cat, r := Load(synthFS(10000))
	if len(r.Errors()) > 0 {
		b.Fatal(r.Errors())
	}
	for b.Loop() {
		keys, series := cat.Series()
		if len(keys) != len(series) {
			b.Fatal("keys and series differ")
		}
	}
	keys, _ := cat.Series()
	b.ReportMetric(float64(len(cat.Prices)), "points")
	b.ReportMetric(float64(len(keys)), "series")
}
