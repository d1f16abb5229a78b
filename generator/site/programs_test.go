package site

import (
	"io"
	"io/fs"
	"os"
	"strings"
	"testing"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/site/render"
	"gpucompare/generator/tmplexec"
)

// buildBoth builds root with the templates compiled by tmplexec and with
// html/template alone, and requires the same files, byte for byte.
func buildBoth(t *testing.T, name string, root fs.FS) {
	t.Helper()
	opts := Options{BaseURL: "https://example.com/"}
	compiled, report, err := freshBuild(t, root, opts)
	if err != nil || compiled == nil {
		t.Fatalf("%s: build: %v\n%s", name, err, report.Errors())
	}
	render.CompilePrograms = false
	defer func() { render.CompilePrograms = true }()
	plain, _, err := freshBuild(t, root, opts)
	if err != nil || plain == nil {
		t.Fatalf("%s: build with html/template: %v", name, err)
	}
	sameFiles(t, name, compiled, plain)
}

func TestProgramsRenderAsHTMLTemplate(t *testing.T) {
	buildBoth(t, "shipped catalog", os.DirFS("../.."))
	buildBoth(t, "1,000 offers", editableRoot(t, 1000))
}

// TestProgramsRenderHostileTextAsHTMLTemplate puts text meant to break out
// of every context (element text, attributes, URLs, scripts, the JSON
// data block) into a catalog, and requires the same bytes from both.
func TestProgramsRenderHostileTextAsHTMLTemplate(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	const script = `</script><script>alert(1)</script><!--`
	// (U+2028 and U+2029 themselves check refuses in catalog text; the
	// exports' tests escape them.)
	const attr = `"><img src=x onerror=alert(1)>' + \u2028` + " &amp; é \t"
	const url = `javascript:alert(1)//?a=1&b="2"#x y`
	quote := func(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
	edit(t, root, "data/providers/aws.yaml", "name: AWS\n", "name: "+quote(script)+"\n")
	edit(t, root, "data/providers/aws.yaml", "name: p4d.24xlarge\n", "name: "+quote(attr)+"\n")
	edit(t, root, "data/providers/aws.yaml", "network: up to 25 Gigabit\n", "network: "+quote(attr+script)+"\n")
	edit(t, root, "data/prices/aws.yaml", "    source: skypilot-catalog@001367d catalogs/v7/aws/vms.csv",
		"    source: "+quote("https://x.example/a?b=<c>&d=\"e\" "+attr)+"\n    note: "+quote(url+script))
	buildBoth(t, "hostile catalog", root)
}

// reportBoth renders the report of root with its templates compiled by
// tmplexec and with html/template alone, and requires the same bytes.
func reportBoth(t *testing.T, name string, root fs.FS, opts ReportOptions) {
	t.Helper()
	compiled := reportHTML(t, root, opts)
	render.CompilePrograms = false
	defer func() { render.CompilePrograms = true }()
	if plain := reportHTML(t, root, opts); compiled != plain {
		t.Errorf("%s: the report differs from html/template's", name)
	}
}

func TestReportProgramRendersAsHTMLTemplate(t *testing.T) {
	reportBoth(t, "shipped catalog", shipped(t), ReportOptions{Scenario: "mid-size-reserved"})
	root, _ := readArchive(t, "testdata/site.txtar")
	const hostile = `</script><script>alert(1)</script>"><img src=x onerror=alert(1)></style><style>x{}</style>`
	edit(t, root, "data/providers/cloudcn.yaml", "name: 云计算 CN", "name: '"+strings.ReplaceAll(hostile, "'", "''")+"'")
	edit(t, root, "data/scenarios/small.yaml", "source: seed guide gpu-guide.md", "source: '"+hostile+" https://x.example/a\"onmouseover=alert(1)'")
	reportBoth(t, "hostile catalog", root, ReportOptions{Scenario: "small"})
}

// TestReportTemplatesCompile: the report renders through tmplexec.
func TestReportTemplatesCompile(t *testing.T) {
	tfs := mustSub(t, gpucompare.Assets, "templates")
	msgs, err := render.LoadMessages(tfs, "en", func(catalog.Pos, string, ...any) {})
	if err != nil {
		t.Fatal(err)
	}
	set, err := render.ParseShared(tfs, msgs)
	if err == nil {
		err = render.ParseFile(tfs, set, "report.html")
	}
	if err != nil {
		t.Fatal(err)
	}
	set.ExecuteTemplate(io.Discard, "templates/report.html", nil)
	if _, err := tmplexec.Compile(set, "templates/report.html", render.Funcs(msgs)); err != nil {
		t.Error(err)
	}
}
