package catalog

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"go.yaml.in/yaml/v3"

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

// BenchmarkCheckValues holds every value of a synthetic catalog of 10,000
// offers to its limits (checkValues), after parsing, reporting the time
// per offer; BenchmarkParse is the parse it follows, for scale.
func BenchmarkCheckValues(b *testing.B) {
	trees, types := parsedTrees(b, synthFS(10000))
	for b.Loop() {
		for i, root := range trees {
			checkValues("f", root, types[i], func(d Diagnostic) { b.Fatal(d) })
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*10000), "ns/offer")
}

// BenchmarkParse parses every file of a synthetic catalog of 10,000 offers
// into its YAML tree, reporting the time per offer.
func BenchmarkParse(b *testing.B) {
	root := synthFS(10000)
	for b.Loop() {
		parsedTrees(b, root)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*10000), "ns/offer")
}

// parsedTrees parses the catalog files of root, with the type each
// decodes into.
func parsedTrees(b *testing.B, root fstest.MapFS) ([]*yaml.Node, []reflect.Type) {
	var trees []*yaml.Node
	var types []reflect.Type
	for name, f := range root {
		dir, _, _ := strings.Cut(strings.TrimPrefix(name, DataDir+"/"), "/")
		typ, ok := catalogFiles[dir]
		if !ok {
			continue
		}
		n, ok := (&loader{}).parse(name, f.Data)
		if !ok {
			b.Fatalf("%s does not parse", name)
		}
		trees, types = append(trees, n), append(types, typ)
	}
	return trees, types
}

// BenchmarkLoaderEdit loads the shipped catalog with a Loader after an
// edit of one price in data/prices/aws.yaml, as serve does after a save:
// the edited file is parsed and decoded again, the others copied from
// what the Loader kept, and every check runs.
func BenchmarkLoaderEdit(b *testing.B) {
	fsys := fstest.MapFS{}
	err := fs.WalkDir(os.DirFS(filepath.Join("..", "..")), DataDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(p)))
		fsys[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	const edited = "data/prices/aws.yaml"
	orig := fsys[edited].Data
	amount := regexp.MustCompile(`amount: [0-9.]+`)
	ld := NewLoader(fsys)
	if _, report := ld.Load(); len(report.Errors()) > 0 {
		b.Fatal(report)
	}
	i := 0
	for b.Loop() {
		i++
		at := amount.FindIndex(orig) // the first price's amount alone
		fsys[edited] = &fstest.MapFile{Data: slices.Concat(orig[:at[0]], fmt.Appendf(nil, "amount: %d.%02d", 10+i%50, i%100), orig[at[1]:])}
		if _, report := ld.Load(); len(report.Errors()) > 0 {
			b.Fatal(report)
		}
	}
}
