package site

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/chartmodel"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/write"
	"gpucompare/generator/synth"
)

// benchSizes are the catalog sizes, in offers, every build benchmark runs at.
var benchSizes = []int{100, 1000, 10000}

// benchOptions build what a hosted site builds: feeds and sitemap too.
var benchOptions = Options{BaseURL: "https://example.com/"}

// synthSite loads a synthetic catalog of n offers.
func synthSite(b *testing.B, n int) (fstest.MapFS, *catalog.Catalog) {
	root := fstest.MapFS{}
	for name, data := range synth.Files(n) {
		root[name] = &fstest.MapFile{Data: data}
	}
	cat, rep := catalog.Load(root)
	if len(rep.Errors()) > 0 {
		b.Fatal(rep.Errors())
	}
	return root, cat
}

// pageCount is the number of HTML pages of a built site.
func pageCount(files Files) int {
	n := 0
	for p := range files {
		if strings.HasSuffix(p, ".html") {
			n++
		}
	}
	return n
}

// BenchmarkRender builds a loaded synthetic catalog in memory: page
// models, templates, exports, feeds and static files; the time per HTML
// page is reported beside the time per build.
func BenchmarkRender(b *testing.B) {
	for _, n := range benchSizes {
		root, cat := synthSite(b, n)
		b.Run(fmt.Sprintf("offers=%d", n), func(b *testing.B) {
			var files Files
			for b.Loop() {
				var err error
				if files, _, err = Build(cat, root, benchOptions); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*pageCount(files)), "ns/page")
		})
	}
}

// BenchmarkWrite writes a built synthetic site to disk with Write.
func BenchmarkWrite(b *testing.B) {
	for _, n := range benchSizes {
		root, cat := synthSite(b, n)
		files, _, err := Build(cat, root, benchOptions)
		if err != nil {
			b.Fatal(err)
		}
		out := filepath.Join(b.TempDir(), "public")
		b.Run(fmt.Sprintf("offers=%d", n), func(b *testing.B) {
			for b.Loop() {
				if err := Write(out, files); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(files)), "ns/file")
		})
	}
}

// BenchmarkInstanceCharts makes the charts of one instance type page and
// encodes their options, as a render worker does for each instance page:
// the pages of a synthetic catalog of 1,000 offers in turn, each op one
// page with a price history chart.
func BenchmarkInstanceCharts(b *testing.B) {
	root, cat := synthSite(b, 1000)
	bl := &builder{cat: cat, opts: benchOptions, output: newOutput(write.NewMemory(), "")}
	tfs, _, err := assets(root)
	if err != nil {
		b.Fatal(err)
	}
	var keep *kept // nothing kept, as in a build
	if bl.tmpl, err = keep.templates(tfs, "en", &bl.output); err != nil {
		b.Fatal(err)
	}
	bl.Data = derive.Make(bl.cat)
	pages, err := pagesIn(bl, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	m := chartmodel.NewMaker(bl.cat, bl.GPUs, bl.Priced, bl.tmpl.Msgs)
	instanceCharts := chartKinds(bl)["instance"]
	var withChart []*pagemodel.Page
	for _, p := range pages {
		if p.Layout != "instance" {
			continue
		}
		if err := makeModel(p); err != nil {
			b.Fatal(err)
		}
		if err := m.Make(p, instanceCharts); err != nil {
			b.Fatal(err)
		}
		if p.ChartScripts() {
			withChart = append(withChart, p)
		}
	}
	if len(withChart) == 0 {
		b.Fatal("no instance page has a chart")
	}
	i := 0
	for b.Loop() {
		p := withChart[i%len(withChart)]
		i++
		p.Charts = nil
		if err := instanceCharts(m.Data, p); err != nil {
			b.Fatal(err)
		}
		for _, v := range p.Charts {
			for _, c := range v.Charts {
				if _, err := c.JSON(); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}
