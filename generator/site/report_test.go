package site

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"gpucompare/generator/site/report"
	"io"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/net/html"

	"gpucompare"
	"gpucompare/generator/catalog"
)

var reportDay = time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC)

// reportHTML loads a site root and renders its report, failing the test on
// any error.
func reportHTML(t *testing.T, root fs.FS, opts ReportOptions) string {
	t.Helper()
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatalf("catalog:\n%s", errs)
	}
	if opts.Date.IsZero() {
		opts.Date = reportDay
	}
	out, _, err := Report(cat, root, opts)
	if err != nil {
		t.Fatalf("report: %v", err)
	}
	return string(out)
}

// reportErr renders a report that must fail, and returns the error.
func reportErr(t *testing.T, root fs.FS, opts ReportOptions) error {
	t.Helper()
	cat, _ := catalog.Load(root)
	out, _, err := Report(cat, root, opts)
	if err == nil {
		t.Fatalf("report with %+v: no error, %d bytes", opts, len(out))
	}
	return err
}

// element is a start tag of a report as the HTML tokenizer reads it, and
// for script and style elements the bytes of their body.
type element struct {
	tag  string
	attr map[string]string
	body string
}

func elements(t *testing.T, doc string) []element {
	t.Helper()
	z := html.NewTokenizer(strings.NewReader(doc))
	var out []element
	for {
		switch z.Next() {
		case html.ErrorToken:
			if z.Err() != io.EOF {
				t.Fatal(z.Err())
			}
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			e := element{tag: tok.Data, attr: map[string]string{}}
			for _, a := range tok.Attr {
				key := a.Key
				if a.Namespace != "" {
					key = a.Namespace + ":" + a.Key
				}
				e.attr[key] = a.Val
			}
			if e.tag == "script" || e.tag == "style" {
				if z.Next() == html.TextToken {
					e.body = string(z.Raw())
				}
			}
			out = append(out, e)
		}
	}
}

// policy parses the report's Content-Security-Policy into its directives.
func policy(t *testing.T, els []element) map[string][]string {
	t.Helper()
	var metas []string
	for _, e := range els {
		if e.tag == "meta" && strings.EqualFold(e.attr["http-equiv"], "content-security-policy") {
			metas = append(metas, e.attr["content"])
		}
	}
	if len(metas) != 1 {
		t.Fatalf("want one policy, got %q", metas)
	}
	out := map[string][]string{}
	for _, d := range strings.Split(metas[0], ";") {
		f := strings.Fields(d)
		if len(f) > 0 {
			out[f[0]] = f[1:]
		}
	}
	return out
}

// urlAttrs are the attributes that make a browser fetch, or name a place to.
var urlAttrs = []string{"src", "srcset", "href", "action", "formaction", "poster", "data", "background", "xlink:href", "ping", "manifest", "cite", "longdesc", "codebase", "archive", "icon", "lowsrc", "dynsrc"}

// cssURL finds url(…) and @import in a stylesheet.
var cssURL = regexp.MustCompile(`(?i)url\(\s*['"]?([^'")\s]*)|@import`)

// checkSelfContained asserts that a report fetches nothing: every URL
// attribute is an in-file anchor or a data: URI, but for hyperlinks to
// http(s) sources; no stylesheet imports or points outside; no refresh;
// and the policy allows exactly the inline scripts and styles, by hash.
func checkSelfContained(t *testing.T, doc string) {
	t.Helper()
	els := elements(t, doc)
	ids := map[string]bool{}
	for _, e := range els {
		if id, ok := e.attr["id"]; ok {
			if ids[id] {
				t.Errorf("id %q is given twice", id)
			}
			ids[id] = true
		}
	}
	var scripts, styles []string
	for _, e := range els {
		switch e.tag {
		case "link", "base", "iframe", "frame", "object", "embed", "img", "picture", "source", "video", "audio", "track", "portal":
			t.Errorf("<%s> in a report: %v", e.tag, e.attr)
		case "meta":
			if strings.EqualFold(e.attr["http-equiv"], "refresh") {
				t.Errorf("a meta refresh: %v", e.attr)
			}
		}
		if _, ok := e.attr["style"]; ok {
			t.Errorf("<%s style=%q>: a style attribute", e.tag, e.attr["style"])
		}
		for k := range e.attr {
			if strings.HasPrefix(k, "on") {
				t.Errorf("<%s %s>: an event handler", e.tag, k)
			}
		}
		for _, k := range urlAttrs {
			v, ok := e.attr[k]
			if !ok {
				continue
			}
			switch {
			case strings.HasPrefix(v, "#"):
				if v != "#top" && !ids[v[1:]] {
					t.Errorf("<%s %s=%q>: no element has that id", e.tag, k, v)
				}
			case strings.HasPrefix(v, "data:"):
			case e.tag == "a" && k == "href" && (strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "http://")):
			default:
				t.Errorf("<%s %s=%q>: a reference out of the file", e.tag, k, v)
			}
		}
		switch e.tag {
		case "style":
			for _, m := range cssURL.FindAllStringSubmatch(e.body, -1) {
				if m[0] == "" || strings.EqualFold(m[0], "@import") || !(strings.HasPrefix(m[1], "data:") || strings.HasPrefix(m[1], "#")) {
					t.Errorf("a stylesheet refers out of the file: %q", m[0])
				}
			}
			styles = append(styles, hashOf(e.body))
		case "script":
			if _, ok := e.attr["src"]; ok {
				continue // reported above
			}
			if e.attr["type"] == "application/json" {
				if !json.Valid([]byte(e.body)) {
					t.Errorf("script#%s: not JSON", e.attr["id"])
				}
				continue
			}
			if typ, ok := e.attr["type"]; ok {
				t.Errorf("a script of type %q", typ)
			}
			scripts = append(scripts, hashOf(e.body))
		}
	}

	p := policy(t, els)
	if got := p["default-src"]; !slices.Equal(got, []string{"'none'"}) {
		t.Errorf("default-src %q, want 'none'", got)
	}
	for _, d := range []string{"script-src", "style-src"} {
		want := scripts
		if d == "style-src" {
			want = styles
		}
		got := p[d]
		if len(want) == 0 {
			want = []string{"'none'"}
		}
		if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))) {
			t.Errorf("%s allows %q, want exactly the inline blocks' hashes %q", d, got, want)
		}
	}
	for d, v := range p {
		for _, s := range v {
			if s == "'unsafe-inline'" || s == "'unsafe-eval'" || s == "*" || s == "'self'" || strings.Contains(s, ":") && !strings.HasPrefix(s, "'sha256-") {
				t.Errorf("%s allows %s", d, s)
			}
		}
	}
}

func hashOf(body string) string {
	sum := sha256.Sum256([]byte(body))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// shipped is the repository's own site root: the shipped catalog, with
// the repository's templates and static files.
func shipped(t *testing.T) fs.FS {
	t.Helper()
	root := os.DirFS("../..")
	if _, err := fs.Stat(root, "data/site.yaml"); err != nil {
		t.Skip("no shipped catalog:", err)
	}
	return root
}

// TestReportOfTheShippedCatalogIsSelfContained renders the report of the
// shipped catalog, with its charts and a scenario, and reads it as a
// browser would: nothing in it refers out of the file, the policy allows
// exactly its inline blocks, and ECharts is inlined whole.
func TestReportOfTheShippedCatalogIsSelfContained(t *testing.T) {
	root := shipped(t)
	doc := reportHTML(t, root, ReportOptions{Scenario: "mid-size-reserved", Full: true})
	checkSelfContained(t, doc)

	echarts, err := fs.ReadFile(gpucompare.Assets, "static/vendor/echarts/echarts.min.js")
	if err != nil {
		t.Fatal(err)
	}
	var bodies []string
	for _, e := range elements(t, doc) {
		if e.tag == "script" && e.attr["type"] == "" {
			bodies = append(bodies, e.body)
		}
	}
	if len(bodies) != 2 || bodies[0] != report.InlineText(echarts) {
		t.Errorf("want ECharts whole, then charts.js: got %d scripts", len(bodies))
	}
	if len(bodies) > 0 && len(bodies[0]) < 1_000_000 {
		t.Errorf("the ECharts block is cut short: %d bytes", len(bodies[0]))
	}
	for _, want := range []string{`id="chart-report_price_by_gpu_on_demand"`, `id="chart-report_price_tflops"`, `id="chart-report_tco1"`, `id="scenario"`, `id="sources"`} {
		if !strings.Contains(doc, want) {
			t.Errorf("the report has no %s", want)
		}
	}
}

// TestReportSnapshotIsTheCatalogsContent builds reports of one catalog on
// other dates and with other filters: the snapshot id stays, the date
// moves; the same date gives the same bytes; a changed price, a file
// added, a file renamed, each gives another id. A hidden file does not.
func TestReportSnapshotIsTheCatalogsContent(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	snapshotOf := func(doc string) string {
		m := regexp.MustCompile(`<code class="snapshot" id="snapshot">([0-9a-f]{64})</code>`).FindStringSubmatch(doc)
		if m == nil {
			t.Fatal("no snapshot id in the report")
		}
		return m[1]
	}
	a := reportHTML(t, root, ReportOptions{})
	b := reportHTML(t, root, ReportOptions{Date: reportDay.AddDate(0, 3, 2)})
	c := reportHTML(t, root, ReportOptions{Providers: []string{"cloudcn"}, Scenario: "small"})
	if a == b {
		t.Error("two dates, the same report: the date is not on it")
	}
	if !strings.Contains(b, "2026-04-17") {
		t.Error("the report does not show its date")
	}
	id := snapshotOf(a)
	if snapshotOf(b) != id || snapshotOf(c) != id {
		t.Errorf("the snapshot id moved with the date or the filters: %s %s %s", id, snapshotOf(b), snapshotOf(c))
	}
	if again := reportHTML(t, root, ReportOptions{}); again != a {
		t.Error("the same catalog, options and date gave other bytes")
	}
	if got, err := Snapshot(root); err != nil || got != id {
		t.Errorf("Snapshot = %s, %v; the report shows %s", got, err, id)
	}
	if !strings.Contains(a, ">"+id[:12]+"<") {
		t.Error("the cover does not show the short id")
	}

	edit := func(name string, f func(fstest.MapFS)) {
		t.Helper()
		r := fstest.MapFS{}
		for k, v := range root {
			r[k] = v
		}
		f(r)
		got, err := Snapshot(r)
		if err != nil {
			t.Fatal(err)
		}
		if name == "hidden file" {
			if got != id {
				t.Errorf("%s: the id changed", name)
			}
		} else if got == id {
			t.Errorf("%s: the id did not change", name)
		}
	}
	edit("price", func(r fstest.MapFS) {
		src := string(r["data/prices/aws.yaml"].Data)
		r["data/prices/aws.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(src, "amount: 21.96", "amount: 21.97", 1))}
	})
	edit("new file", func(r fstest.MapFS) { r["data/gpus/x.yaml"] = &fstest.MapFile{Data: []byte("id: x\n")} })
	edit("renamed", func(r fstest.MapFS) {
		r["data/gpus/t4-renamed.yaml"] = r["data/gpus/t4.yaml"]
		delete(r, "data/gpus/t4.yaml")
	})
	edit("hidden file", func(r fstest.MapFS) { r["data/gpus/.t4.yaml.swp"] = &fstest.MapFile{Data: []byte("x")} })
	// A link to a file inside the root is read as that file.
	edit("linked file", func(r fstest.MapFS) {
		r["data/gpus/t4-too.yaml"] = &fstest.MapFile{Data: []byte("t4.yaml"), Mode: fs.ModeSymlink}
	})
}

// TestReportFiltersNarrowTheMatrix: a provider, a GPU model, both; what is
// left out is not in the matrix, the charts or the sources.
func TestReportFiltersNarrowTheMatrix(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	// The matrix, then the appendix: every offer once.
	rows := func(doc string) []string {
		out := offerRows(tableOf(t, doc, "offers-table"))
		if strings.Contains(doc, `id="appendix-table"`) {
			out = append(out, offerRows(tableOf(t, doc, "appendix-table"))...)
		}
		return out
	}
	all := rows(reportHTML(t, root, ReportOptions{Full: true}))
	if len(all) < 4 {
		t.Fatalf("the test catalog has %d offers in the report", len(all))
	}
	for _, tc := range []struct {
		opts ReportOptions
		want func(string) bool
	}{
		{ReportOptions{Providers: []string{"cloudcn"}, Full: true}, func(r string) bool { return strings.HasPrefix(r, "cloudcn/") }},
		{ReportOptions{Providers: []string{"aws", "cloudcn"}, Full: true}, func(string) bool { return true }},
		{ReportOptions{GPUs: []string{"t4"}, Full: true}, func(r string) bool { return strings.HasPrefix(r, "aws/g4dn") }},
		{ReportOptions{Providers: []string{"aws"}, GPUs: []string{"a100-sxm4-40gb"}, Full: true}, func(r string) bool { return r == "aws/p4d.24xlarge" }},
	} {
		doc := reportHTML(t, root, tc.opts)
		got := rows(doc)
		var want []string
		for _, r := range all {
			if tc.want(r) {
				want = append(want, r)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%+v: rows %q, want %q", tc.opts, got, want)
		}
		if len(tc.opts.Providers) == 1 && tc.opts.Providers[0] == "cloudcn" {
			if strings.Contains(doc, "p4d.24xlarge") || strings.Contains(doc, "aws.amazon.com") {
				t.Error("a report of cloudcn still names AWS's offers or sources")
			}
			if !strings.Contains(doc, `<dd id="filter-providers">云计算 CN</dd>`) {
				t.Error("the cover does not name the provider chosen")
			}
		}
	}
}

// TestReportRefusesOptionsTheCatalogCannotMeet: unknown ids name the valid
// ones; filters that keep nothing say so; both as a UsageError.
func TestReportRefusesOptionsTheCatalogCannotMeet(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	for _, tc := range []struct {
		opts ReportOptions
		want string
	}{
		{ReportOptions{Providers: []string{"azure"}}, `-provider "azure": no provider of that id; the catalog has: aws, cloudcn`},
		{ReportOptions{GPUs: []string{"h100"}}, `-gpu "h100": no GPU model of that id; the catalog has: a100-sxm4-40gb, t4`},
		{ReportOptions{Scenario: "big"}, `-scenario "big": no scenario of that id; the catalog has: small`},
		{ReportOptions{Providers: []string{"cloudcn"}, GPUs: []string{"t4"}}, `no offer is of provider cloudcn and GPU model t4: the report would be empty`},
	} {
		err := reportErr(t, root, tc.opts)
		var u *UsageError
		if !errors.As(err, &u) {
			t.Errorf("%+v: %v is not a usage error", tc.opts, err)
		}
		if err.Error() != tc.want {
			t.Errorf("%+v:\n got %s\nwant %s", tc.opts, err, tc.want)
		}
	}
}

// TestReportHostileTextStaysText puts markup into the names a report shows
// — an instance type, a provider, a region, a source — and finds it as
// text: no element, script or attribute of its own, and the policy still
// allows only the report's own blocks.
func TestReportHostileTextStaysText(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	const script = `</script><script>alert(1)</script>`
	const img = `"><img src=x onerror=alert(1)>`
	const style = `</style><style>body{background:url(https://evil.example/x)}</style>`
	replace := func(file, old, new string) { edit(t, root, file, old, new) }
	replace("data/providers/cloudcn.yaml", "name: 云计算 CN", "name: '"+script+img+"'")
	replace("data/providers/cloudcn.yaml", "name: GN7.8XLARGE", "name: '"+style+"'")
	replace("data/providers/cloudcn.yaml", "name: 华北 1", "name: '"+img+"'")
	replace("data/scenarios/small.yaml", "source: seed guide gpu-guide.md", "source: '"+script+" https://x.example/a\"onmouseover=alert(1)'")
	doc := reportHTML(t, root, ReportOptions{Scenario: "small", Full: true})
	checkSelfContained(t, doc)
	for _, e := range elements(t, doc) {
		data := e.attr["type"] == "application/json"
		if data && strings.ContainsAny(e.body, "<>") {
			t.Errorf("script#%s: a data block holds markup unescaped", e.attr["id"])
		}
		if e.tag == "img" || (e.tag == "script" && !data && strings.Contains(e.body, "alert(1)")) || (e.tag == "style" && strings.Contains(e.body, "evil.example")) {
			t.Errorf("hostile text came out live: <%s %v>", e.tag, e.attr)
		}
	}
	for _, want := range []string{"&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;/style&gt;&lt;style&gt;"} {
		if !strings.Contains(doc, want) {
			t.Errorf("the report does not show %q as text", want)
		}
	}
}

// TestReportWantsEveryMessage: a message the report asks for and the
// message file lacks fails the report, naming the key.
func TestReportWantsEveryMessage(t *testing.T) {
	root := withMessageEdit(t, "  snapshot_help:", "  snapshot_help_gone:")
	err := reportErr(t, root, ReportOptions{})
	if !strings.Contains(err.Error(), `no message "report.snapshot_help"`) {
		t.Errorf("got %v, want it to name the missing message", err)
	}
}

// TestReportScenarioTextFitsTheReport: the report has no calculator, so
// the scenario section it shares with the scenario pages (description,
// inputs, the tables and their help) never sends the reader to one.
func TestReportScenarioTextFitsTheReport(t *testing.T) {
	root := shipped(t)
	cat, _ := catalog.Load(root)
	for _, s := range cat.Scenarios {
		doc := reportHTML(t, root, ReportOptions{Scenario: s.ID, Full: true})
		start, end := strings.Index(doc, `<section class="report-section" id="scenario"`), strings.Index(doc, `id="sources"`)
		if start < 0 || end < start {
			t.Fatalf("%s: no scenario section before the sources", s.ID)
		}
		if sec := strings.ToLower(doc[start:end]); strings.Contains(sec, "calculator") {
			i := strings.Index(sec, "calculator")
			t.Errorf("%s: the report's scenario section speaks of a calculator: …%s…", s.ID, sec[max(0, i-120):i+20])
		}
	}
}

// TestReportCitesEachSourceOnce: the report lists every distinct source
// text once, numbered from 1; the sources of instance types and the
// matrix's source column point to that list by number, each to a source
// that is there, and write no source text of their own.
func TestReportCitesEachSourceOnce(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	doc := reportHTML(t, root, ReportOptions{Scenario: "small", Full: true})
	items := regexp.MustCompile(`<li id="source-(\d+)"><span class="ref-n">\[(\d+)\]</span> (.*)</li>`).FindAllStringSubmatch(doc, -1)
	if len(items) < 3 {
		t.Fatalf("the list of sources has %d entries", len(items))
	}
	seen := map[string]bool{}
	for i, m := range items {
		if n := strconv.Itoa(i + 1); m[1] != n || m[2] != n {
			t.Errorf("source %d is numbered %s, [%s]", i+1, m[1], m[2])
		}
		if seen[m[3]] {
			t.Errorf("source [%s] is listed twice: %s", m[1], m[3])
		}
		seen[m[3]] = true
	}
	refs := regexp.MustCompile(`<a class="source-ref" href="#source-(\d+)"`).FindAllStringSubmatch(doc, -1)
	for _, m := range refs {
		if n, _ := strconv.Atoi(m[1]); n < 1 || n > len(items) {
			t.Errorf("a reference to source %s, of %d", m[1], len(items))
		}
	}
	// Every row of the matrix (its source column) and every price point
	// under Sources names its source by number.
	section := func(start, end string) string {
		i := strings.Index(doc, start)
		j := strings.Index(doc[i:], end)
		return doc[i : i+j]
	}
	matrix := section(`id="offers-table"`, "</table>")
	instances := section(`id="sources-instances"`, `id="sources-providers"`)
	for name, s := range map[string]string{"the matrix": matrix, "the instance types' sources": instances} {
		cells, byNumber := strings.Count(s, `class="source-cell"`), strings.Count(s, `class="source-cell"><a class="source-ref"`)
		if cells == 0 || byNumber != cells {
			t.Errorf("%s: %d source cells, %d of them by number", name, cells, byNumber)
		}
	}
	if strings.Contains(instances, `class="cite"`) {
		t.Error("the instance types' sources write a source out instead of its number")
	}
}

// tableOf is the table of doc with the id given, from its start tag to
// its end; the test fails when there is none.
func tableOf(t *testing.T, doc, id string) string {
	t.Helper()
	i := strings.Index(doc, `id="`+id+`"`)
	if i < 0 {
		t.Fatalf("the report has no table #%s", id)
	}
	j := strings.Index(doc[i:], "</table>")
	return doc[i : i+j]
}

// offerRows are the instance types of a table's rows, "provider/instance",
// in order.
func offerRows(table string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`(?s)<tr[^>]*>\s*(?:<td class="num rank">\d*</td>\s*)?<th scope="row"><a href="#instance/([^"]+)"`).FindAllStringSubmatch(table, -1) {
		out = append(out, m[1])
	}
	return out
}

// matrixLine is a row of the report's matrix: its rank ("" for none) and
// the figure it is sorted by (nil for none).
type matrixLine struct {
	rank   string
	metric *float64
	tagged bool // marked as an estimate or an article's figure
}

func matrixLines(t *testing.T, table string) []matrixLine {
	t.Helper()
	var out []matrixLine
	rows := regexp.MustCompile(`(?s)<tr[^>]*>\s*<td class="num rank">(\d*)</td>(.*?)</tr>`).FindAllStringSubmatch(table, -1)
	for _, m := range rows {
		l := matrixLine{rank: m[1], tagged: strings.Contains(m[2], `class="tag kind-`)}
		cell := regexp.MustCompile(`<td class="num metric">([0-9.,]+)?`).FindStringSubmatch(m[2])
		if cell == nil {
			t.Fatalf("a row with no cell of the metric: %.200s", m[2])
		}
		if cell[1] != "" {
			v, err := strconv.ParseFloat(strings.ReplaceAll(cell[1], ",", ""), 64)
			if err != nil {
				t.Fatal(err)
			}
			l.metric = &v
		}
		out = append(out, l)
	}
	return out
}

// TestReportMatrixSortedByTheMetric: the report's matrix lists the offers
// of the shipped catalog cheapest per GPU-hour under its model first, not
// by provider; then the priced offers without that figure. Ranks count up
// along the order, equal figures sharing one; estimates and article
// figures keep their place, marked, without a rank.
func TestReportMatrixSortedByTheMetric(t *testing.T) {
	doc := reportHTML(t, shipped(t), ReportOptions{Full: true})
	lines := matrixLines(t, tableOf(t, doc, "offers-table"))
	if len(lines) < 100 {
		t.Fatalf("the matrix has %d rows", len(lines))
	}
	var last *float64
	lastRank, ranked, tagged := 0, 0, 0
	for i, l := range lines {
		switch {
		case l.metric == nil:
			if i+1 < len(lines) && lines[i+1].metric != nil {
				t.Errorf("row %d has no figure, row %d has one: rows without one go last", i+1, i+2)
			}
		case last != nil && *l.metric < *last:
			t.Errorf("row %d: %v after %v: not cheapest first", i+1, *l.metric, *last)
		}
		if l.rank != "" {
			n, _ := strconv.Atoi(l.rank)
			if n <= lastRank && !(n == lastRank && last != nil && l.metric != nil && *l.metric == *last) || n > ranked+1 {
				t.Errorf("row %d: rank %d after rank %d, with %d ranked before", i+1, n, lastRank, ranked)
			}
			lastRank = n
			ranked++
		}
		if l.tagged {
			tagged++
			if l.rank != "" {
				t.Errorf("row %d is an estimate or an article's figure, and ranks %s", i+1, l.rank)
			}
		}
		if l.metric != nil {
			last = l.metric
		}
	}
	if ranked < 100 || tagged == 0 {
		t.Errorf("%d rows ranked, %d marked as an estimate or article figure", ranked, tagged)
	}
}

// TestReportUnpricedOffersInTheAppendix: an offer without any price is
// in the appendix, after the sources, and in no other table; every priced
// offer is in the matrix and not in the appendix.
func TestReportUnpricedOffersInTheAppendix(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	doc := reportHTML(t, root, ReportOptions{Scenario: "small", Full: true})
	matrix, appendix := offerRows(tableOf(t, doc, "offers-table")), offerRows(tableOf(t, doc, "appendix-table"))
	if !slices.Equal(appendix, []string{"cloudcn/lease-a100"}) {
		t.Errorf("the appendix holds %q, want the one offer without a price", appendix)
	}
	if slices.Contains(matrix, "cloudcn/lease-a100") || strings.Contains(tableOf(t, doc, "summary-top"), "lease-a100") {
		t.Error("the offer without a price is in the matrix or the summary")
	}
	if len(matrix) != 4 {
		t.Errorf("the matrix holds %q, want the 4 priced offers", matrix)
	}
	if a, s := strings.Index(doc, `id="appendix"`), strings.Index(doc, `id="sources"`); a < s {
		t.Error("the appendix is not at the end, after the sources")
	}
	// The shipped catalog: no line of the matrix is all "—" but its
	// specs: each has a price per GPU-hour under some model.
	doc = reportHTML(t, shipped(t), ReportOptions{Full: true})
	rows := regexp.MustCompile(`(?s)<tr[^>]*>\s*<td class="num rank">.*?</tr>`).FindAllString(tableOf(t, doc, "offers-table"), -1)
	priced := regexp.MustCompile(`<td class="num[^"]*">[0-9]`)
	for _, r := range rows {
		if !priced.MatchString(r) {
			t.Errorf("a line of the matrix with no price: %.160s", r)
		}
	}
	if n := len(offerRows(tableOf(t, doc, "appendix-table"))); n < 10 {
		t.Errorf("the shipped catalog's appendix holds %d offers", n)
	}
}

// summaryOf is the report's first page: from the start of its body to
// the end of the summary section, where the next section starts (the
// matrix of the full report, the sources of the short one).
func summaryOf(t *testing.T, doc string) string {
	t.Helper()
	i, j := strings.Index(doc, "<body"), strings.Index(doc, `<section class="report-section`)
	if i < 0 || j < i || !strings.Contains(doc[i:j], `id="summary"`) {
		t.Fatal("no summary before the next section")
	}
	return doc[i:j]
}

// TestReportSummaryRecommends: the first page recommends the offer with
// the lowest total of the scenario (each offer under its cheapest
// strategy), or without a scenario the lowest price per GPU-hour; it
// lists the top offers with the difference to the next, the assumptions
// with the rate's date, the risks and the snapshot id. A price that is an
// article's figure does not rank: the next offer is recommended, and the
// risks name the one left out and where it would rank.
func TestReportSummaryRecommends(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	snap, err := Snapshot(root)
	if err != nil {
		t.Fatal(err)
	}
	// Both GPU models chosen: the buyer compares them, and the summary
	// ranks across them.
	both := []string{"a100-sxm4-40gb", "t4"}
	for _, tc := range []struct {
		name string
		opts ReportOptions
		want []string
	}{
		{"scenario", ReportOptions{Scenario: "small"}, []string{
			`<p class="rec-offer"><a href="#instance/aws/g4dn.xlarge">g4dn.xlarge</a>`,
			`<strong class="rec-total">≥ 2,524.80&#8239;USD</strong> over 12 months under “On-demand” (≥ 210.40 USD a month)`,
			"The next offer costs 10,651.20 USD (421.9 %) more. Its total is a lower bound (≥)",
			`<td class="num total">≥ 13,176.00</td>`, // the second of the top 3
			"&#43;8,058.00", "&#43;61.2 %", // html/template writes "+" so
			"400 GPU-hours a month for 12 months, in jobs of 8 GPUs × 10 h",
			"USD. CNY prices converted at 1 USD = 7.17 CNY (2025-06-02).",
			"<strong>Lower bounds:</strong> 4 of the 4 totals ranked",
			"<strong>No public price:</strong> 1 offer has no public price and is in no ranking; the full report (-full) lists it in its appendix.",
			">" + snap[:12] + "<", snap,
		}},
		{"metric", ReportOptions{GPUs: both}, []string{
			`<strong class="rec-total">0.526&#8239;USD</strong> per GPU-hour, on-demand (the instance: 0.526 USD an hour)`,
			"The next offer costs 2.219 USD (421.9 %) more per GPU-hour.",
			"<strong>Metric:</strong> the on-demand price of the whole instance per GPU-hour",
			"<strong>Stale, marketplace and estimated prices:</strong> none",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := summaryOf(t, reportHTML(t, root, tc.opts))
			for _, w := range tc.want {
				if !strings.Contains(page, w) {
					t.Errorf("the summary has no %q", w)
				}
			}
			if tc.opts.Scenario == "" && strings.Contains(page, "Lower bounds") {
				t.Error("a summary without a workload speaks of lower bounds of totals")
			}
		})
	}

	// g4dn.xlarge's price is an article's figure: it no longer ranks.
	edit(t, root, "data/prices/aws.yaml", "amount: 0.526\n    currency: USD\n    since: 2025-06-05\n    source: https://aws.amazon.com/ec2/pricing/on-demand/\n    source_kind: provider",
		"amount: 0.526\n    currency: USD\n    since: 2025-06-05\n    source: an industry buyer's guide\n    source_kind: article")
	for _, tc := range []struct {
		opts ReportOptions
		want []string
	}{
		{ReportOptions{Scenario: "small"}, []string{
			`<p class="rec-offer"><a href="#instance/aws/p4d.24xlarge">p4d.24xlarge</a> <span class="rec-where">AWS · US East (N. Virginia)`,
			"1 offer would cost less with a price that is stale or undated, a marketplace&#39;s, an estimate",
			"g4dn.xlarge · AWS · all regions under “On-demand”, at ≥ 2,524.80 USD in total, would rank #1.",
		}},
		{ReportOptions{GPUs: both}, []string{
			`<p class="rec-offer"><a href="#instance/aws/p4d.24xlarge">p4d.24xlarge</a>`,
			"g4dn.xlarge · AWS · all regions, at 0.526 USD per GPU-hour, would rank #1.",
		}},
	} {
		page := summaryOf(t, reportHTML(t, root, tc.opts))
		for _, w := range tc.want {
			if !strings.Contains(page, w) {
				t.Errorf("%+v: an article's figure ranks: the summary has no %q", tc.opts, w)
			}
		}
	}
}

// TestReportDatedByItsCatalog: without a build date the report is dated
// by the newest date of its catalog, and says so; the same catalog gives
// the same bytes on any day. A build date given is shown as such.
func TestReportDatedByItsCatalog(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	cat, _ := catalog.Load(root)
	render := func(opts ReportOptions) string {
		out, _, err := Report(cat, root, opts)
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	a, b := render(ReportOptions{}), render(ReportOptions{})
	if a != b {
		t.Error("the same catalog gave other bytes")
	}
	if !strings.Contains(a, `<time datetime="2025-06-05">2025-06-05</time> <span class="sub">(UTC; the day the catalog was checked: its newest date)</span>`) {
		t.Error("the report is not dated by its catalog's newest price, 2025-06-05")
	}
	if c := render(ReportOptions{Date: reportDay}); !strings.Contains(c, `<time datetime="2026-01-15">2026-01-15</time> <span class="sub">(UTC; the date the report was generated on)</span>`) {
		t.Error("the date given is not shown as the date the report was generated on")
	}
}

// TestReportAnswersPerGPUClass: with no workload and no GPU model chosen,
// the first page answers per GPU model, as the home table does: a row
// each, the cheapest price per GPU-hour of its own offers under each
// term, with the offer, its date and age, and its source by number. No
// offer is recommended across models. Choosing GPU models brings the
// recommendation back, over them.
func TestReportAnswersPerGPUClass(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	page := summaryOf(t, reportHTML(t, root, ReportOptions{}))
	for _, no := range []string{`class="rec-offer"`, `id="summary-top"`, `id="recommendation"`} {
		if strings.Contains(page, no) {
			t.Errorf("the summary without a workload or GPU choice has %s: it recommends across GPU models", no)
		}
	}
	table := tableOf(t, page, "classes-table")
	rows := regexp.MustCompile(`(?s)<tr>\s*<th scope="row" class="gpu">(.*?)</th>\s*<td class="num price metric"[^>]*>([^<]*)</td>\s*<td class="offer"[^>]*><span class="offer-name">([^<]*)`).FindAllStringSubmatch(table, -1)
	var got []string
	for _, r := range rows {
		got = append(got, r[1]+" | "+r[2]+" | "+strings.TrimSpace(r[3]))
	}
	want := []string{"A100 SXM4 40GB | 2.745 | AWS · p4d.", "T4 | 0.526 | AWS · g4dn."} // <wbr> after the dot
	if len(got) != len(want) {
		t.Fatalf("the answer's rows:\n%s\nwant %d, one per GPU model with a price", strings.Join(got, "\n"), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d: %q, want %q", i+1, got[i], want[i])
		}
	}
	if n := strings.Count(table, `<a class="source-ref" href="#source-`); n < 2 {
		t.Errorf("the answer names %d sources by number", n)
	}
	if !strings.Contains(page, "<strong>Metric:</strong> for each GPU model apart") {
		t.Error("the assumptions do not say each GPU model is answered apart")
	}
	// A GPU model chosen: the recommendation, among its offers.
	page = summaryOf(t, reportHTML(t, root, ReportOptions{GPUs: []string{"t4"}}))
	if strings.Contains(page, `id="classes-table"`) || !strings.Contains(page, `<p class="rec-offer"><a href="#instance/aws/g4dn.xlarge">g4dn.xlarge</a>`) {
		t.Error("with a GPU model chosen, the summary does not recommend among its offers")
	}
}

// TestReportShortUnlessFull: by default the report is the summary and the
// sources of the prices it shows, with no script; -full adds the matrix
// of every offer, the charts, the workload's costs, every source and the
// appendix.
func TestReportShortUnlessFull(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	short := reportHTML(t, root, ReportOptions{Scenario: "small"})
	full := reportHTML(t, root, ReportOptions{Scenario: "small", Full: true})
	checkSelfContained(t, short)
	parts := []string{`id="offers-table"`, `id="charts"`, `<section class="report-section" id="scenario"`, `id="appendix-table"`}
	for _, p := range parts {
		if strings.Contains(short, p) {
			t.Errorf("the short report has %s", p)
		}
		if !strings.Contains(full, p) {
			t.Errorf("the full report has no %s", p)
		}
	}
	for _, e := range elements(t, short) {
		if e.tag == "script" && e.attr["type"] == "" {
			t.Error("the short report has a script")
		}
	}
	if !strings.Contains(short, `id="short-note"`) || strings.Contains(full, `id="short-note"`) {
		t.Error("only the short report says it is the short one")
	}
	// Its sources are those of the top offers it names, an entry each.
	named := map[string]bool{}
	for _, m := range regexp.MustCompile(`<a href="#(instance/[^"]+)">`).FindAllStringSubmatch(tableOf(t, short, "summary-top"), -1) {
		named[m[1]] = true
	}
	entries := regexp.MustCompile(`<section class="source-entry" id="([^"]+)"`).FindAllStringSubmatch(short, -1)
	for _, e := range entries {
		if !named[e[1]] {
			t.Errorf("the short report's sources have %s, which its top offers do not name", e[1])
		}
	}
	if len(named) == 0 || len(entries) != len(named) {
		t.Errorf("the short report has %d instance types under Sources, for the %d its top offers name", len(entries), len(named))
	}
	// The short report's sources are those of what it shows: the answer
	// per GPU class's prices and the rate, each numbered, each cited.
	short = reportHTML(t, root, ReportOptions{})
	cited := regexp.MustCompile(`<li id="source-(\d+)">`).FindAllString(short, -1)
	refs := map[string]bool{}
	for _, m := range regexp.MustCompile(`href="#source-(\d+)"`).FindAllStringSubmatch(short, -1) {
		refs[m[1]] = true
	}
	if len(cited) == 0 || len(refs) != len(cited) {
		t.Errorf("the short report cites %d sources and refers to %d of them: every source listed is one of a figure shown", len(cited), len(refs))
	}
	if len(short) >= len(full)/2 {
		t.Errorf("the short report is %d bytes, the full one %d", len(short), len(full))
	}
}

// TestReportClassDatesAgreeWithTheirAges renders the shipped catalog's
// report in both languages: in the answer per GPU class, the date shown
// beside a price is the date its age and freshness count from, and the age
// and freshness word are what that date is on the report's day — never a
// year-old date beside "2 months" and "fresh".
func TestReportClassDatesAgreeWithTheirAges(t *testing.T) {
	root := shipped(t)
	cat, _ := catalog.Load(root)
	day := catalog.NewestDate(cat)
	fresh, stale := cat.Site.Policy()
	cellRE := regexp.MustCompile(`<span class="offer-trust">(?:<time datetime="[0-9-]+">)?([^<]*?)(?:</time>)? ?<span class="trust"[^>]*><span class="age" data-date="([0-9-]+)"[^>]*>([^<]*)</span> <span class="fresh fresh-([a-z]+)"`)
	zhDate := regexp.MustCompile(`^(\d{4})年(?:(\d{1,2})月(?:(\d{1,2})日)?)?$`)
	iso := func(lang, shown string) string {
		if lang == "en" {
			return shown
		}
		m := zhDate.FindStringSubmatch(shown)
		if m == nil {
			return "unparsed " + shown
		}
		out := m[1]
		for _, part := range m[2:] {
			if part != "" {
				out += "-" + fmt.Sprintf("%02s", part)
			}
		}
		return strings.ReplaceAll(out, " ", "0")
	}
	for _, lang := range []string{"en", "zh-CN"} {
		table := tableOf(t, reportHTML(t, root, ReportOptions{Lang: lang, Date: day}), "classes-table")
		cells := cellRE.FindAllStringSubmatch(table, -1)
		if len(cells) < 10 {
			t.Fatalf("%s: %d dated cells in the answer per GPU class", lang, len(cells))
		}
		for _, c := range cells {
			shown, dated, age, badge := c[1], c[2], c[3], c[4]
			if got := iso(lang, shown); got != dated {
				t.Errorf("%s: the cell shows %q, its age %q counts from %s", lang, shown, age, dated)
				continue
			}
			at, err := time.Parse(time.DateOnly, dated)
			if err != nil {
				t.Fatal(err)
			}
			days := int(day.Sub(at).Hours() / 24)
			want := "stale"
			switch {
			case days <= fresh:
				want = "fresh"
			case days <= stale:
				want = "aging"
			}
			if badge != want {
				t.Errorf("%s: %s is %d days before the report's day: %s, want %s", lang, shown, days, badge, want)
			}
			if lang == "en" {
				months := (day.Year()-at.Year())*12 + int(day.Month()) - int(at.Month())
				if day.Day() < at.Day() {
					months--
				}
				ok := false
				switch {
				case days == 0:
					ok = age == "today"
				case months < 1:
					ok = age == fmt.Sprintf("%d days", days) || (days == 1 && age == "1 day")
				case months < 12:
					ok = age == fmt.Sprintf("%d months", months) || (months == 1 && age == "1 month")
				default:
					ok = strings.HasSuffix(age, "year") || strings.HasSuffix(age, "years")
				}
				if !ok {
					t.Errorf("en: %s is %d days (%d months) before the report's day, its age reads %q", shown, days, months, age)
				}
			}
		}
	}
}
