package site

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
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
	"gpucompare/generator/pricing"
)

var reportDay = time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC)

// report loads a site root and renders its report, failing the test on
// any error.
func report(t *testing.T, root fs.FS, opts ReportOptions) string {
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
	doc := report(t, root, ReportOptions{Scenario: "mid-size-reserved"})
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
	if len(bodies) != 2 || bodies[0] != inlineText(echarts) {
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
	a := report(t, root, ReportOptions{})
	b := report(t, root, ReportOptions{Date: reportDay.AddDate(0, 3, 2)})
	c := report(t, root, ReportOptions{Providers: []string{"cloudcn"}, Scenario: "small"})
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
	if again := report(t, root, ReportOptions{}); again != a {
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
	rows := func(doc string) []string {
		// The first table of the matrix: instance type · provider · region.
		i := strings.Index(doc, `id="matrix-1"`)
		j := strings.Index(doc[i:], "</table>")
		var out []string
		for _, m := range regexp.MustCompile(`(?s)<tr[^>]*>\s*<th scope="row"><a href="#instance/([^"]+)"`).FindAllStringSubmatch(doc[i:i+j], -1) {
			out = append(out, m[1])
		}
		return out
	}
	all := rows(report(t, root, ReportOptions{}))
	if len(all) < 4 {
		t.Fatalf("the test catalog has %d offers in the report", len(all))
	}
	for _, tc := range []struct {
		opts ReportOptions
		want func(string) bool
	}{
		{ReportOptions{Providers: []string{"cloudcn"}}, func(r string) bool { return strings.HasPrefix(r, "cloudcn/") }},
		{ReportOptions{Providers: []string{"aws", "cloudcn"}}, func(string) bool { return true }},
		{ReportOptions{GPUs: []string{"t4"}}, func(r string) bool { return strings.HasPrefix(r, "aws/g4dn") }},
		{ReportOptions{Providers: []string{"aws"}, GPUs: []string{"a100-sxm4-40gb"}}, func(r string) bool { return r == "aws/p4d.24xlarge" }},
	} {
		doc := report(t, root, tc.opts)
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
	doc := report(t, root, ReportOptions{Scenario: "small"})
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

// TestReportPolicyRefusesWhatItCannotVouchFor: blocks the parser would
// read otherwise than they stand, and references the report must not make.
func TestReportPolicyRefusesWhatItCannotVouchFor(t *testing.T) {
	head := `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="` + policyPlaceholder + `">`
	for _, tc := range []struct{ body, want string }{
		{"<script>a = '<!--'</script>", `holds "<!--"`},
		{"<script>a = 1\r\n</script>", `holds "\r"`},
		{"<script src=x.js></script>", "<script src>"},
		{`<p style="color:red">`, "style attribute"},
		{`<link rel=stylesheet href=x.css>`, "<link>"},
		{`<link rel=icon href=x.svg>`, "<link>"},
		{`<script type=module>1</script>`, `type="module"`},
	} {
		_, err := withPolicy([]byte(head+"</head><body>"+tc.body+"</body></html>"), reportPolicy)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error with %q", tc.body, err, tc.want)
		}
	}
	out, err := withPolicy([]byte(head+"</head><body><script>1</script><style>p{}</style><script type=\"application/json\">{}</script></body></html>"), reportPolicy)
	if err != nil {
		t.Fatal(err)
	}
	want := "script-src " + strings.Trim(hashOf("1"), "") + "; style-src " + hashOf("p{}") + ";"
	if !strings.Contains(string(out), want) {
		t.Errorf("policy of %s: want %s", out, want)
	}
	if _, err := withPolicy([]byte("<html><head></head></html>"), reportPolicy); err == nil {
		t.Error("a template without the policy's placeholder is accepted")
	}
}

// TestReportScenarioTextFitsTheReport: the report has no calculator, so
// the scenario section it shares with the scenario pages (description,
// inputs, the tables and their help) never sends the reader to one.
func TestReportScenarioTextFitsTheReport(t *testing.T) {
	root := shipped(t)
	cat, _ := catalog.Load(root)
	for _, s := range cat.Scenarios {
		doc := report(t, root, ReportOptions{Scenario: s.ID})
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
	doc := report(t, root, ReportOptions{Scenario: "small"})
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
	// Every row of the last table of the matrix (its source column) and
	// every price point under Sources names its source by number.
	section := func(start, end string) string {
		i := strings.Index(doc, start)
		j := strings.Index(doc[i:], end)
		return doc[i : i+j]
	}
	last := regexp.MustCompile(`id="(matrix-\d+)"`).FindAllStringSubmatch(doc, -1)
	matrix := section(`id="`+last[len(last)-1][1]+`"`, "</table>")
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

// TestMatrixPartsLeaveOutRowsWithNoPrice: a further table of prices holds
// only the rows with a price under one of its models, in order; the first
// and the last table hold every row.
func TestMatrixPartsLeaveOutRowsWithNoPrice(t *testing.T) {
	x := englishTexter(t)
	models := pricing.Models[:maxPartModels+2]
	m := &compareData{Models: models, Columns: matrixColumns(x.t, models, models[0], "USD")}
	for i := range 5 {
		r := &matrixRow{Prices: make([]*matrixPrice, len(models))}
		r.Prices[0] = &matrixPrice{}
		if i%2 == 1 { // rows 1 and 3 have a price under the last model
			r.Prices[len(models)-1] = &matrixPrice{}
		}
		m.Rows = append(m.Rows, r)
	}
	parts, _ := matrixParts(m, x)
	if len(parts) != 3 {
		t.Fatalf("%d tables, want 3", len(parts))
	}
	if got := parts[1].Table.Rows; len(got) != 2 || got[0] != m.Rows[1] || got[1] != m.Rows[3] {
		t.Errorf("the second table of prices holds %d rows, want rows 1 and 3", len(got))
	}
	if !strings.HasPrefix(parts[1].Note, "2 of the 5 offers") || parts[0].Note != "" || parts[2].Note != "" {
		t.Errorf("notes %q, %q, %q", parts[0].Note, parts[1].Note, parts[2].Note)
	}
	if x.err != nil {
		t.Error(x.err)
	}
	for _, i := range []int{0, 2} {
		if len(parts[i].Table.Rows) != len(m.Rows) {
			t.Errorf("table %d holds %d rows, want every one", i+1, len(parts[i].Table.Rows))
		}
	}
}
