package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"html"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/tools/txtar"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/site/cards"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/render"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/*.txtar")

// readArchive reads a txtar test site: its input files (everything but
// out/) as a site root, and the archive itself.
func readArchive(t *testing.T, name string) (fstest.MapFS, *txtar.Archive) {
	t.Helper()
	ar, err := txtar.ParseFile(name)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, f := range ar.Files {
		if !strings.HasPrefix(f.Name, "out/") {
			fsys[f.Name] = &fstest.MapFile{Data: f.Data}
		}
	}
	return fsys, ar
}

// build loads and builds a site root, failing the test on any error.
func build(t *testing.T, root fs.FS, opts Options) (Files, catalog.Report) {
	t.Helper()
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatalf("catalog:\n%s", errs)
	}
	files, rep2, err := Build(cat, root, opts)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return files, append(rep, rep2...)
}

// TestGoldenSite builds testdata/site.txtar and compares every page with
// the out/ files of the archive. Static files are left out of the goldens,
// and so are favicon.ico, the copy of static/favicon.ico at the root, and
// the social cards, PNG images (held by TestCardShowsThePageAnswer and
// the shipped output's digest).
func TestGoldenSite(t *testing.T) {
	const name = "testdata/site.txtar"
	root, ar := readArchive(t, name)
	files, _ := build(t, root, Options{})

	got := map[string][]byte{}
	for p, data := range files {
		if !strings.HasPrefix(p, "static/") && !strings.HasPrefix(p, "schemas/") && p != "favicon.ico" && path.Base(p) != cards.Name {
			got["out/"+p] = data
		}
	}
	if *update {
		var in []txtar.File
		for _, f := range ar.Files {
			if !strings.HasPrefix(f.Name, "out/") {
				in = append(in, f)
			}
		}
		for _, p := range slices.Sorted(maps.Keys(got)) {
			in = append(in, txtar.File{Name: p, Data: got[p]})
		}
		ar.Files = in
		if err := os.WriteFile(name, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := map[string][]byte{}
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "out/") {
			want[f.Name] = f.Data
		}
	}
	for _, p := range slices.Sorted(maps.Keys(want)) {
		if _, ok := got[p]; !ok {
			t.Errorf("%s: expected, not built", p)
		}
	}
	for _, p := range slices.Sorted(maps.Keys(got)) {
		w, ok := want[p]
		if !ok {
			t.Errorf("%s: built, not expected (go test -update)", p)
			continue
		}
		if !bytes.Equal(got[p], w) {
			t.Errorf("%s differs from the golden (go test -update, then review the diff):\n%s", p, firstDiff(w, got[p]))
		}
	}
}

// firstDiff shows the first line where two texts differ.
func firstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := range max(len(wl), len(gl)) {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\nwant %q\ngot  %q", i+1, w, g)
		}
	}
	return "(same lines, different bytes)"
}

func TestBuildIsDeterministic(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	for _, opts := range []Options{{}, {BaseURL: "https://example.com/preview/pr-1/", PrettyURLs: true}} {
		a, _ := build(t, root, opts)
		b, _ := build(t, root, opts)
		if !maps.EqualFunc(a, b, bytes.Equal) {
			for p := range a {
				if !bytes.Equal(a[p], b[p]) {
					t.Errorf("%+v: %s differs between two builds", opts, p)
				}
			}
		}
	}
}

// TestEveryPageHasThePolicyAndNoInlineCode: every page but the 404 page
// of a site without a URL (TestNotFoundPageKeepsItsStyleAtAnyDepth).
func TestEveryPageHasThePolicyAndNoInlineCode(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	const csp = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'">`
	for _, p := range files.Paths() {
		if path.Ext(p) != ".html" || p == "404.html" {
			continue
		}
		page := string(files[p])
		if !strings.Contains(page, csp) {
			t.Errorf("%s: no Content-Security-Policy", p)
		}
		for _, bad := range []string{"<style", " style=", "http://", "//fonts."} {
			if i := strings.Index(page, bad); i >= 0 && !(bad == "http://" && isSourceLink(page, i)) {
				t.Errorf("%s: contains %q", p, bad)
			}
		}
		for _, s := range liveScripts(page) {
			t.Errorf("%s: inline script %s", p, s)
		}
	}
}

var scriptTag = regexp.MustCompile(`(?i)<script\b[^>]*>`)

// liveScripts lists the script tags of a page that are neither a JSON data
// block (<script type="application/json" id="…">) nor an external script
// (<script src="…">): inline code, which the policy forbids.
func liveScripts(page string) []string {
	var out []string
	for _, tag := range scriptTag.FindAllString(page, -1) {
		if !regexp.MustCompile(`^<script (type="application/json" id="[a-z][a-z0-9_-]*"|src="[^"<>]+"( defer)?)>$`).MatchString(tag) {
			out = append(out, tag)
		}
	}
	return out
}

// isSourceLink reports whether the http:// at i is a link target, which a
// source may be; the page never loads anything from it.
func isSourceLink(page string, i int) bool {
	return strings.HasSuffix(page[:i], `href="`) || strings.HasSuffix(page[:i], `title="`)
}

// TestLinksResolve follows every href and src of every page to a file of
// the output, for both link styles.
func TestLinksResolve(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	for _, pretty := range []bool{false, true} {
		files, _ := build(t, root, Options{PrettyURLs: pretty})
		checkLinks(t, files)
	}
}

// TestShippedSiteLinksResolve builds the repository's own site root.
func TestShippedSiteLinksResolve(t *testing.T) {
	root := os.DirFS("../..")
	if _, err := fs.Stat(root, "data/site.yaml"); err != nil {
		t.Skip("no shipped catalog yet")
	}
	files, rep := build(t, root, Options{})
	for _, d := range rep {
		t.Log(d)
	}
	checkLinks(t, files)
	if len(files) < 10 {
		t.Errorf("only %d files built", len(files))
	}
}

var linkAttr = regexp.MustCompile(`\s(?:href|src)="([^"]*)"`)
var idAttr = regexp.MustCompile(`\sid="([^"]*)"`)

func checkLinks(t *testing.T, files Files) {
	t.Helper()
	// ids holds each target's ids once read: a page links to its own rows
	// thousands of times.
	ids := map[string]map[string]bool{}
	for _, p := range files.Paths() {
		if path.Ext(p) != ".html" {
			continue
		}
		for _, m := range linkAttr.FindAllStringSubmatch(string(files[p]), -1) {
			ref := html.UnescapeString(m[1])
			u, err := url.Parse(ref)
			if err != nil {
				t.Errorf("%s: bad link %q: %v", p, ref, err)
				continue
			}
			if u.Scheme == "http" || u.Scheme == "https" {
				continue // a source; the page does not load it
			}
			if path.Base(p) == "404.html" && strings.HasPrefix(ref, "data:image/svg+xml;base64,") {
				continue // the icon of a 404 page that carries its assets
			}
			if u.Scheme != "" || u.Host != "" || strings.HasPrefix(u.Path, "/") {
				t.Errorf("%s: link %q is not page-relative", p, ref)
				continue
			}
			target := p
			if u.Path != "" {
				target = path.Join(path.Dir(p), u.Path)
				if strings.HasSuffix(u.Path, "/") || u.Path == "." || u.Path == "./" {
					target = path.Join(target, "index.html")
				}
			}
			if strings.HasPrefix(target, "../") || target == ".." {
				t.Errorf("%s: link %q leaves the site", p, ref)
				continue
			}
			data, ok := files[target]
			if !ok {
				t.Errorf("%s: link %q: no file %s", p, ref, target)
				continue
			}
			// A fragment holding "=" is a page script's state (the matrix's
			// filters), not an element's id.
			if u.Fragment == "" || strings.Contains(u.Fragment, "=") {
				continue
			}
			if ids[target] == nil {
				ids[target] = map[string]bool{}
				for _, m := range idAttr.FindAllStringSubmatch(string(data), -1) {
					ids[target][html.UnescapeString(m[1])] = true
				}
			}
			if !ids[target][u.Fragment] {
				t.Errorf("%s: link %q: no id %q in %s", p, ref, u.Fragment, target)
			}
		}
	}
}

func TestHostileCatalogTextIsEscaped(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	const script = `</script><script>alert(1)</script>`
	const img = `"><img src=x onerror=alert(1)>`
	hostile := func(s string) string {
		s = strings.Replace(s, "name: AWS\n", "name: '"+script+"'\n", 1)
		s = strings.Replace(s, "name: p4d.24xlarge\n", "name: '"+img+"'\n", 1)
		return strings.Replace(s, "network: up to 25 Gigabit\n", "network: '"+img+script+"'\n", 1)
	}
	root["data/providers/aws.yaml"] = &fstest.MapFile{Data: []byte(hostile(string(root["data/providers/aws.yaml"].Data)))}
	root["data/prices/aws.yaml"] = &fstest.MapFile{Data: bytes.Replace(root["data/prices/aws.yaml"].Data,
		[]byte("    source: skypilot-catalog@001367d catalogs/v7/aws/vms.csv"), []byte("    source: '"+img+"'\n    note: '"+script+"'"), 1)}
	files, _ := build(t, root, Options{})
	seen := 0
	for _, p := range files.Paths() {
		page := string(files[p])
		if strings.HasSuffix(p, ".csv") {
			continue // data for spreadsheets, not a page: see TestCSVCellsAreNotFormulas
		}
		if strings.HasPrefix(p, "static/") {
			continue // the site's own files: no catalog text in them
		}
		if len(liveScripts(page)) > 0 || strings.Contains(page, "<img") || strings.Contains(page, "onerror=alert(1)>") {
			t.Errorf("%s: hostile text came out live", p)
		}
		if strings.Contains(page, "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;") {
			seen++
		}
	}
	if seen == 0 {
		t.Error("hostile text not shown at all; the test is not testing")
	}
	if !strings.Contains(string(files["compare/index.html"]), "&#34;&gt;&lt;img src=x onerror=alert(1)&gt;") {
		t.Error("escaped instance name not found in compare/index.html")
	}
}

func TestMarkdownIsSafeAndHeadingsGetIDs(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	page := string(files["methodology/index.html"])
	for _, want := range []string{
		`<h2 id="preise-für-gpus">Preise für GPUs</h2>`,
		`<h2 id="价格与可用性">价格与可用性</h2>`,
		`<h2 id="价格与可用性-1">价格与可用性</h2>`,
		`<th class="align-left">GPU</th>`,
		`<td class="align-right">1.00</td>`,
		`&ldquo;quotes&rdquo; &ndash; dashes`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("methodology/index.html lacks %s", want)
		}
	}
	// The page's own scripts are in its head; the Markdown is in main.
	main := page[strings.Index(page, "<main"):strings.Index(page, "</main>")]
	for _, bad := range []string{"<script", "javascript:", "style="} {
		if strings.Contains(main, bad) {
			t.Errorf("methodology/index.html contains %q", bad)
		}
	}
}

func TestHeadingIDs(t *testing.T) {
	ids := content.NewHeadingIDs()
	for _, tc := range []struct{ in, want string }{
		{"Preise für GPUs", "preise-für-gpus"},
		{"价格", "价格"},
		{"价格", "价格-1"},
		{"价格", "价格-2"},
		{"  Dense -- vs. sparse!  ", "dense-vs-sparse"},
		{"!!!", "section"},
		{"!!!", "section-1"},
		{"Main", "main-1"},
		{"Цены на GPU", "цены-на-gpu"},
	} {
		if got := string(ids.Generate([]byte(tc.in), ast.KindHeading)); tc.want != got {
			t.Errorf("Generate(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestChineseHeadingAnchors converts a page of Chinese headings: each
// heading gets an id of its own, the same one on every build, that a
// link to #id in the page (percent-encoded, as goldmark writes it)
// reaches; English headings keep the ids goldmark gives them.
func TestChineseHeadingAnchors(t *testing.T) {
	src := []byte(`---
title: 方法
---

- [价格](#价格)
- [第二个价格](#价格-1)
- [Prices](#prices)

## 价格

## 价格

### 按量计费与包年包月

## 华北2（北京）：可用区

## Prices

## How far to trust a price

## 等保三级 (MLPS level 3)
`)
	want := []string{"价格", "价格-1", "按量计费与包年包月", "华北2北京可用区", "prices", "how-far-to-trust-a-price", "等保三级-mlps-level-3"}
	md := content.NewMarkdown()
	var first string
	for range 2 {
		p, errs := content.Convert(md, nil, "content/zh/methodology.md", src)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		page := string(p.HTML)
		if first == "" {
			first = page
		} else if page != first {
			t.Errorf("the same page converts differently:\n%s\n%s", first, page)
		}
		var got []string
		for _, m := range regexp.MustCompile(`<h[23] id="([^"]*)">`).FindAllStringSubmatch(page, -1) {
			got = append(got, html.UnescapeString(m[1]))
		}
		if !slices.Equal(got, want) {
			t.Errorf("heading ids %q, want %q", got, want)
		}
		for _, m := range regexp.MustCompile(`<a href="#([^"]*)">`).FindAllStringSubmatch(page, -1) {
			frag, err := url.PathUnescape(html.UnescapeString(m[1]))
			if err != nil || !slices.Contains(want, frag) {
				t.Errorf("link to #%s reaches no heading", m[1])
			}
		}
	}
}

// TestShippedHeadingIDs keeps the ids of the shipped English pages'
// headings, which links elsewhere may name.
func TestShippedHeadingIDs(t *testing.T) {
	root := os.DirFS("../..")
	if _, err := fs.Stat(root, "content/methodology.md"); err != nil {
		t.Skip("no shipped content")
	}
	for file, ids := range map[string][]string{
		"content/methodology.md": {"every-figure-has-a-source", "unknown-is-not-zero", "dense-and-sparse-throughput", "the-claims-check",
			"prices", "how-far-to-trust-a-price", "workload-scenarios", "benchmarks-a-result-in-the-shape-it-ran", "what-this-site-is-not"},
		"content/about.md": {"where-the-data-comes-from", "corrections", "works-offline"},
	} {
		src, err := fs.ReadFile(root, file)
		if err != nil {
			t.Fatal(err)
		}
		codes := content.Shortcodes{}
		for _, m := range content.Shortcode.FindAllStringSubmatch(string(src), -1) {
			codes[m[1]] = "text"
		}
		p, errs := content.Convert(content.NewMarkdown(), codes, file, src)
		if p == nil {
			t.Fatalf("%s: %v", file, errs)
		}
		for _, id := range ids {
			if !strings.Contains(string(p.HTML), `<h2 id="`+id+`">`) {
				t.Errorf("%s: no heading with id %q", file, id)
			}
		}
	}
}

func TestFrontMatterErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"none", "# Hi\n", `content/x.md:1:1: no front matter: a page starts with a "---" line, then title: and description:, then "---"`},
		{"not closed", "---\ntitle: A\n", `content/x.md:1:1: front matter is not closed: want a "---" line after it`},
		{"unknown field", "---\ntitle: A\n  \ndate: 2025-01-01\n---\nbody\n", `content/x.md:4:1: front matter: unknown field "date" in front matter: want title or description`},
		{"wrong type", "---\ntitle: A\ndescription:\n  - a\n---\n", `content/x.md:4:3: front matter: cannot unmarshal !!seq into string`},
		{"missing key", "---\ntitle: A\n  description: B\n---\n", `content/x.md:3:1: front matter: mapping values are not allowed in this context`},
		{"syntax", "---\ntitle: A\ndescription: [a\n---\n", `content/x.md:3:1: front matter: did not find expected ',' or ']'`},
		{"no title", "---\ndescription: D\n---\n", `content/x.md:1:1: front matter has no title`},
		{"invalid UTF-8 in front matter", "---\ntitle: Caf\xe9\n---\n", `content/x.md:2:11: invalid UTF-8 byte 0xe9: save the file as UTF-8`},
		{"invalid UTF-8 in Markdown", "---\ntitle: A\n---\n\nPreise für \xff GPUs\n", `content/x.md:5:12: invalid UTF-8 byte 0xff: save the file as UTF-8`},
	}
	md := content.NewMarkdown()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := content.Convert(md, nil, "content/x.md", []byte(tc.src))
			var got []string
			for _, e := range errs {
				got = append(got, e.String())
			}
			if strings.Join(got, "\n") != tc.want {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), tc.want)
			}
		})
	}
}

func TestContentErrorsFailTheBuild(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	root["content/bad.md"] = &fstest.MapFile{Data: []byte("---\ntitle: A\nauthor: B\n---\n")}
	cat, _ := catalog.Load(root)
	files, rep, err := Build(cat, root, Options{})
	if err == nil || files != nil {
		t.Fatal("want an error and no files")
	}
	want := `content/bad.md:3:1: front matter: unknown field "author" in front matter: want title or description`
	if err.Error() != want || len(rep.Errors()) != 1 || rep.Errors()[0].String() != want {
		t.Errorf("got %q and report\n%s", err, rep)
	}
}

// TestDataOnlyRootBuilds builds a root with only data/: templates and
// static files come from the binary.
func TestDataOnlyRootBuilds(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	for p := range root {
		if !strings.HasPrefix(p, "data/") {
			delete(root, p)
		}
	}
	files, _ := build(t, root, Options{})
	want, _ := fs.ReadFile(gpucompare.Assets, "static/style.css")
	if !bytes.Equal(files["static/style.css"], want) {
		t.Error("static/style.css is not the embedded one")
	}
	if _, ok := files["gpus/t4/index.html"]; !ok {
		t.Error("gpus/t4/index.html not built")
	}
}

// TestSchemasArePublished checks that a build publishes the JSON Schemas
// of the catalog's files under schemas/, the repository's schemas/ as
// they are, and nothing else there.
func TestSchemasArePublished(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	entries, err := os.ReadDir("../../schemas")
	if err != nil {
		t.Fatal(err)
	}
	published := 0
	for p := range files {
		if strings.HasPrefix(p, "schemas/") {
			published++
		}
	}
	if published != len(entries) || published == 0 {
		t.Errorf("%d files under schemas/ in the site, %d in the repository", published, len(entries))
	}
	for _, e := range entries {
		want, err := os.ReadFile(filepath.Join("../../schemas", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(files["schemas/"+e.Name()], want) {
			t.Errorf("schemas/%s in the site differs from the repository's", e.Name())
		}
	}
}

// withMessageEdit is the test site with the embedded templates as its own,
// old replaced by new (once) in their English messages.
func withMessageEdit(t *testing.T, old, new string) fstest.MapFS {
	t.Helper()
	root, _ := readArchive(t, "testdata/site.txtar")
	err := fs.WalkDir(gpucompare.Assets, "templates", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(gpucompare.Assets, p)
		if p == "templates/messages/en.yaml" {
			if !bytes.Contains(data, []byte(old)) {
				t.Fatalf("%s has no %q", p, old)
			}
			data = bytes.Replace(data, []byte(old), []byte(new), 1)
		}
		root[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func TestMissingMessageFailsTheBuild(t *testing.T) {
	root := withMessageEdit(t, "  per_gpu_hour: Per GPU-hour\n", "")
	cat, _ := catalog.Load(root)
	_, _, err := Build(cat, root, Options{})
	if err == nil || !strings.Contains(err.Error(), `no message "col.per_gpu_hour"`) {
		t.Errorf("want a missing-message error, got %v", err)
	}
}

func TestSitemap(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{BaseURL: "https://example.com/pr-7", PrettyURLs: true})
	sm := string(files["sitemap.xml"])
	for _, want := range []string{
		"<loc>https://example.com/pr-7/</loc>",
		"<loc>https://example.com/pr-7/instances/aws/p4d.24xlarge/</loc>",
		"<loc>https://example.com/pr-7/methodology/</loc>",
	} {
		if !strings.Contains(sm, want) {
			t.Errorf("sitemap lacks %s", want)
		}
	}
	if strings.Contains(sm, "404") {
		t.Error("sitemap lists the 404 page")
	}

	root["data/site.yaml"] = &fstest.MapFile{Data: []byte("title: T\ncurrency: USD\n")}
	files, rep := build(t, root, Options{})
	if _, ok := files["sitemap.xml"]; ok {
		t.Error("sitemap.xml written without a site URL")
	}
	if !strings.Contains(rep.Warnings().String(), "sitemap.xml not written") {
		t.Errorf("no warning about the sitemap:\n%s", rep)
	}
}

// snapshot reads every file under dir.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return out
}

// TestEveryVocabularyHasMessages keeps the message catalogue in step with
// the catalog's closed vocabularies, which pages show through messages.
func TestEveryVocabularyHasMessages(t *testing.T) {
	msgs, err := render.LoadMessages(mustSub(t, gpucompare.Assets, "templates"), "en", nil)
	if err != nil {
		t.Fatal(err)
	}
	for prefix, words := range map[string][]string{
		"model":       catalog.PricingModels,
		"kind":        catalog.ProviderKinds,
		"granularity": catalog.Granularities,
		"payment":     catalog.Payments,
	} {
		for _, w := range words {
			if _, err := msgs.T(prefix + "." + w); err != nil {
				t.Error(err)
			}
		}
	}
}

func mustSub(t testing.TB, fsys fs.FS, dir string) fs.FS {
	t.Helper()
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

func TestCite(t *testing.T) {
	got := render.Cite("https://aws.amazon.com/compute/sla/historical/ (99.99% Region-Level; updated 2022-05-05) ; seed guide gpu.md; https://x.example/a b" +
		"; skypilot-catalog@001367d vms.csv (price from https://a.example/p?q=1), see also (https://b.example/x_(y)).")
	want := []render.Citation{
		{{URL: "https://aws.amazon.com/compute/sla/historical/", Label: "aws.amazon.com/…/historical"}, {Text: " (99.99% Region-Level; updated 2022-05-05)"}},
		{{Text: "seed guide gpu.md"}},
		{{URL: "https://x.example/a", Label: "x.example/a"}, {Text: " b"}},
		{
			{Text: "skypilot-catalog@001367d vms.csv (price from "},
			{URL: "https://a.example/p?q=1", Label: "a.example/p"},
			{Text: "), see also ("},
			{URL: "https://b.example/x_(y)", Label: "b.example/x_(y)"},
			{Text: ")."},
		},
	}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("cite:\ngot  %+v\nwant %+v", got, want)
	}
	for _, s := range []string{"javascript:alert(1)", "see javascript:https://x.example/", "github.com/x/y @abc", "http://", "xhttps://a.example/"} {
		for _, c := range render.Cite(s) {
			for _, p := range c {
				if p.URL != "" {
					t.Errorf("cite(%q) made a link: %+v", s, c)
				}
			}
		}
	}
}

func TestBreakableBreaksOnlyAfterSeparators(t *testing.T) {
	for in, want := range map[string]string{
		"ecs.gn6i-c4g1.xlarge":     "ecs.<wbr>gn6i-<wbr>c4g1.<wbr>xlarge",
		"Standard_ND96isr_H100_v5": "Standard_<wbr>ND96isr_<wbr>H100_<wbr>v5",
		"GN10X (4× V100)":          "GN10X (4× V100)",
		"a--b.":                    "a--<wbr>b.",
		`"><img src=x>.a`:          "&#34;&gt;&lt;img src=x&gt;.<wbr>a",
	} {
		if got := string(render.Breakable(in)); got != want {
			t.Errorf("breakable(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAmountsHaveFourSignificantDigitsAndCents reads the list of amounts
// static/matrix.js is tested against too (tests/browser/matrix.test.mjs),
// so that the pages and the script write an amount alike.
func TestAmountsHaveFourSignificantDigitsAndCents(t *testing.T) {
	for _, c := range amountCases(t) {
		v, err := strconv.ParseFloat(c[0], 64)
		if err != nil {
			t.Fatal(err)
		}
		if got := render.FormatMoney(v); got != c[1] {
			t.Errorf("formatMoney(%s) = %q, want %q", c[0], got, c[1])
		}
		if got := render.FormatDerived(v); got != c[1] {
			t.Errorf("formatDerived(%s) = %q, want %q", c[0], got, c[1])
		}
	}
	if got := render.FormatExact(21.957642); got != "21.957642" {
		t.Errorf("formatExact(21.957642) = %q", got)
	}
	if got := render.FormatExact(4.1); got != "4.10" {
		t.Errorf("formatExact(4.1) = %q", got)
	}
	if got := render.FormatExact(1.83 / 13); got != "0.1407692308" {
		t.Errorf("formatExact(1.83 / 13) = %q", got)
	}
}

// amountCases are the pairs of testdata/amounts.json: an amount as a
// decimal, and as pages write it.
func amountCases(t *testing.T) [][2]string {
	t.Helper()
	data, err := os.ReadFile("testdata/amounts.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Cases [][2]string }
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 10 {
		t.Fatalf("testdata/amounts.json holds %d cases", len(doc.Cases))
	}
	return doc.Cases
}

func TestContentCannotTakeAGeneratedPage(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	root["content/compare.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Mine\n---\n")}
	cat, _ := catalog.Load(root)
	_, _, err := Build(cat, root, Options{})
	if err == nil || !strings.Contains(err.Error(), "content/compare.md: its page compare/index.html is taken by the compare page") {
		t.Errorf("got %v", err)
	}
}

func TestGPUOrderIsNewestThenVendorThenName(t *testing.T) {
	gpu := func(id, vendor, model, arch string, released catalog.Date) *catalog.GPU {
		return &catalog.GPU{ID: id, Name: strings.ToUpper(id), Vendor: vendor, Model: model, Architecture: arch, Released: released}
	}
	got := derive.GPUOrder([]*catalog.GPU{
		gpu("t4", "NVIDIA", "T4", "Turing", "2018"),
		gpu("b200", "NVIDIA", "B200", "Blackwell", "2024"),
		gpu("h200", "NVIDIA", "H200", "Hopper", "2023"),
		gpu("a100-80", "NVIDIA", "A100", "Ampere (GA100)", ""), // undated: sorts with the dated A100
		gpu("mi300x", "AMD", "MI300X", "CDNA 3", "2023-12-06"),
		gpu("h100", "NVIDIA", "H100", "Hopper", "2022"),
		gpu("a40", "NVIDIA", "A40", "", ""),
		gpu("a100-40", "NVIDIA", "A100", "Ampere (GA100)", "2020"),
		gpu("x", "NVIDIA", "", "", catalog.Unknown),
		gpu("a10g", "NVIDIA", "A10G", "Ampere (GA102)", ""), // no dated A10G: sorts with the newest GA102
		gpu("rtx-3090", "NVIDIA", "RTX 3090", "Ampere (GA102)", "2020-09-24"),
		gpu("a10", "NVIDIA", "A10", "Ampere (GA102)", "2021-04-12"),
	})
	var ids []string
	for _, g := range got {
		ids = append(ids, g.ID)
	}
	want := []string{"b200", "mi300x", "h200", "h100", "a10", "a10g", "a100-40", "a100-80", "rtx-3090", "t4", "a40", "x"}
	if !slices.Equal(ids, want) {
		t.Errorf("got %v, want %v", ids, want)
	}
}

// TestProviderNotesAreNotShownTwice keeps a provider's notes off its page
// when a term already shows the same text, and lists the terms the catalog
// says nothing of in one line.
func TestProviderNotesAreNotShownTwice(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	const note = "Two-minute notice, by the spot page."
	src := strings.Replace(string(root["data/providers/aws.yaml"].Data),
		"  notice_seconds: 120\n", "  notice_seconds: 120\n  note: "+note+"\n", 1) + "notes: " + note + "\n"
	root["data/providers/aws.yaml"] = &fstest.MapFile{Data: []byte(src)}
	files, _ := build(t, root, Options{})
	page := string(files["providers/aws/index.html"])
	if n := strings.Count(page, note); n != 1 {
		t.Errorf("the note shows %d times, want once", n)
	}
	if !strings.Contains(page, "Not found in the sources read:</span> egress, storage, isolation offerings.") {
		t.Error("no line of the terms not found")
	}
}

// TestRegionsUnknownOrAllAreNotZero: a provider that names no region shows
// "all regions" when its instance types are sold in all of them, and
// unknown otherwise — never 0.
func TestRegionsUnknownOrAllAreNotZero(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	provider := func(id, regions string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("id: " + id + "\nname: " + strings.ToUpper(id) + "\nkind: gpu_cloud\ncurrency: USD\n" +
			"instances:\n  - id: x1\n    name: X1\n    gpu: t4\n    gpu_count: 1\n" + regions + "    price_not_public: on request\n    source: seed guide gpu-guide.md\n")}
	}
	root["data/providers/everywhere.yaml"] = provider("everywhere", "    regions: [all]\n")
	root["data/providers/nowhere.yaml"] = provider("nowhere", "")
	files, _ := build(t, root, Options{})
	page := string(files["providers/index.html"])
	// regions is the Regions cell of a provider's row, the last but one.
	regions := func(name string) string {
		i := strings.Index(page, ">"+name+"</a></th>")
		if i < 0 {
			t.Fatalf("no row for %s", name)
		}
		cells := strings.Split(page[i:i+strings.Index(page[i:], "</tr>")], "\n")
		return cells[len(cells)-3]
	}
	if got, want := regions("EVERYWHERE"), `<td class="num"><span title="the catalog names no region; the prices hold in every region of the provider">all regions</span></td>`; got != want {
		t.Errorf("EVERYWHERE regions:\ngot  %s\nwant %s", got, want)
	}
	if got, want := regions("NOWHERE"), `<td class="num"><abbr class="unknown" title="unknown — the sources do not give this">—</abbr></td>`; got != want {
		t.Errorf("NOWHERE regions:\ngot  %s\nwant %s", got, want)
	}
	if got, want := regions("AWS"), `<td class="num">2</td>`; got != want {
		t.Errorf("AWS regions:\ngot  %s\nwant %s", got, want)
	}
}
