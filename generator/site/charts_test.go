package site

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/tools/txtar"
)

// chartBlock is a chart's options block as pages write it.
var chartBlock = regexp.MustCompile(`<script type="application/json" id="(chart-[A-Za-z0-9_]+)">([^<]*)</script>`)

// chartOptions collects the chart options blocks of every page of a
// build: "page#id" → the block's text as written.
func chartOptions(files Files) map[string]string {
	out := map[string]string{}
	for _, p := range files.Paths() {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		for _, m := range chartBlock.FindAllStringSubmatch(string(files[p]), -1) {
			out[p+"#"+m[1]] = m[2]
		}
	}
	return out
}

// TestGoldenChartOptions builds testdata/site.txtar and compares the options
// of every chart, indented, with testdata/charts.txtar (go test -update
// rewrites it). The pages' goldens hold the same options in one line each;
// this file is for reading them.
func TestGoldenChartOptions(t *testing.T) {
	const name = "testdata/charts.txtar"
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	blocks := chartOptions(files)
	if len(blocks) == 0 {
		t.Fatal("the test site has no chart")
	}
	got := &txtar.Archive{Comment: []byte("The ECharts options of every chart of testdata/site.txtar, as page#id,\nindented. go test -update rewrites this file.\n")}
	for _, p := range slices.Sorted(maps.Keys(blocks)) {
		var buf bytes.Buffer
		if err := json.Indent(&buf, []byte(blocks[p]), "", "  "); err != nil {
			t.Fatalf("%s: options are not JSON: %v", p, err)
		}
		buf.WriteByte('\n')
		got.Files = append(got.Files, txtar.File{Name: p, Data: buf.Bytes()})
	}
	data := txtar.Format(got)
	if *update {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(want, data) {
		t.Errorf("%s differs from the chart options built (go test -update, then review the diff):\n%s", name, firstDiff(want, data))
	}
}

// TestOnlyChartPagesLoadECharts: a page with a chart loads ECharts and
// static/charts.js, deferred, once each; a page without one names neither.
func TestOnlyChartPagesLoadECharts(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	withCharts := map[string]bool{}
	for k := range chartOptions(files) {
		withCharts[k[:strings.Index(k, "#")]] = true
	}
	for _, want := range []string{"index.html", "gpus/index.html", "providers/index.html", "gpus/a100-sxm4-40gb/index.html", "instances/aws/p4d.24xlarge/index.html"} {
		if !withCharts[want] {
			t.Errorf("%s: no chart", want)
		}
	}
	for _, p := range files.Paths() {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		page := string(files[p])
		ec := strings.Count(page, `static/vendor/echarts/echarts.min.js" defer></script>`)
		cj := strings.Count(page, `static/charts.js" defer></script>`)
		switch {
		case withCharts[p] && (ec != 1 || cj != 1):
			t.Errorf("%s: has a chart but loads echarts.min.js %d and charts.js %d times", p, ec, cj)
		case !withCharts[p] && (strings.Contains(page, "echarts") || strings.Contains(page, "charts.js")):
			t.Errorf("%s: has no chart but names ECharts or charts.js", p)
		}
	}
	for _, p := range []string{"static/charts.js", "static/vendor/echarts/echarts.min.js", "static/vendor/echarts/LICENSE", "static/vendor/echarts/NOTICE"} {
		if _, ok := files[p]; !ok {
			t.Errorf("the build has no %s", p)
		}
	}
}

// TestChartOptionsAreInertJSON puts markup and quotes in the names that
// charts show: each options block must stay JSON text — no "<" at all, so
// no </script> can end it — and read back to the names as typed.
func TestChartOptionsAreInertJSON(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	const script = `</script><script>window.__pwned=1</script>`
	const attr = `"><img src=x onerror="window.__pwned=1">`
	const quotes = `it's "quoted" & 'single'`
	replace := func(file, old, new string) {
		data := string(root[file].Data)
		if !strings.Contains(data, old) {
			t.Fatalf("%s has no %q", file, old)
		}
		root[file] = &fstest.MapFile{Data: []byte(strings.Replace(data, old, new, 1))}
	}
	replace("data/providers/aws.yaml", "name: AWS\n", "name: '"+script+"'\n")
	replace("data/providers/aws.yaml", "name: p4d.24xlarge\n", "name: '"+strings.ReplaceAll(attr, "'", "''")+"'\n")
	replace("data/gpus/t4.yaml", "name: T4\n", "name: '"+strings.ReplaceAll(quotes, "'", "''")+"'\n")
	files, _ := build(t, root, Options{})
	blocks := chartOptions(files)
	if len(blocks) == 0 {
		t.Fatal("no chart block (an unescaped < would end the match early)")
	}
	seen := map[string]bool{}
	for k, text := range blocks {
		if strings.ContainsAny(text, "<>") {
			t.Errorf("%s: raw markup in the options block: %.200s", k, text)
		}
		var v any
		if err := json.Unmarshal([]byte(text), &v); err != nil {
			t.Errorf("%s: not JSON: %v", k, err)
			continue
		}
		var all strings.Builder
		collect(v, &all)
		for _, h := range []string{script, attr, quotes} {
			if strings.Contains(all.String(), h) {
				seen[h] = true
			}
		}
	}
	for _, h := range []string{script, attr, quotes} {
		if !seen[h] {
			t.Errorf("no chart shows %q as text", h)
		}
	}
	// Every page still has no live script.
	for _, p := range files.Paths() {
		if strings.HasSuffix(p, ".html") {
			for _, s := range liveScripts(string(files[p])) {
				t.Errorf("%s: live script %s", p, s)
			}
		}
	}
}

// collect writes every string in a decoded JSON value, one a line.
func collect(v any, b *strings.Builder) {
	switch x := v.(type) {
	case string:
		b.WriteString(x + "\n")
	case []any:
		for _, e := range x {
			collect(e, b)
		}
	case map[string]any:
		for _, e := range x {
			collect(e, b)
		}
	}
}
