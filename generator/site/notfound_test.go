package site

import (
	"os"
	"path"
	"regexp"
	"strings"
	"testing"
)

// TestNotFoundPageKeepsItsStyleAtAnyDepth: without a site URL the 404
// page links nothing it needs to look like the site, since no relative
// link holds at every depth: it holds the stylesheet and its icon, and
// the script that points its links at the site's root, and its policy
// allows exactly those blocks. With a URL it links absolutely, under the
// site's plain policy.
func TestNotFoundPageKeepsItsStyleAtAnyDepth(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	root["data/site.yaml"].Data = []byte(strings.Replace(string(root["data/site.yaml"].Data), "url: https://gpus.example.com/\n", "", 1))
	style, err := os.ReadFile("../../static/style.css")
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile("../../static/notfound.js")
	if err != nil {
		t.Fatal(err)
	}

	files, _ := build(t, root, Options{})
	page := string(files["404.html"])
	for _, want := range []string{
		"<style>" + string(style) + "</style>",
		"<script>" + string(script) + "</script>",
		`<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' ` + hashOf(string(script)) +
			`; style-src 'self' ` + hashOf(string(style)) + `; img-src 'self' data:; object-src 'none'; base-uri 'none'">`,
		`<link rel="icon" href="data:image/svg&#43;xml;base64,`,
		`<a class="brand" href="index.html">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("404.html without a site url has no %.120q", want)
		}
	}
	if n := strings.Count(page, "<style"); n != 1 {
		t.Errorf("404.html has %d style elements, want 1", n)
	}
	if n := len(liveScripts(page)); n != 1 {
		t.Errorf("404.html has %d inline scripts, want 1", n)
	}
	if regexp.MustCompile(`<link rel="stylesheet"|<script src=| style=`).MatchString(page) {
		t.Error("404.html without a site url links a stylesheet or a script, or has a style attribute")
	}

	files, _ = build(t, root, Options{BaseURL: "https://example.com/docs/"})
	page = string(files["404.html"])
	for _, want := range []string{
		`<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'">`,
		`<link rel="stylesheet" href="https://example.com/docs/static/style.css">`,
		`<link rel="icon" href="https://example.com/docs/static/favicon.svg" type="image/svg+xml">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("404.html with a site url has no %q", want)
		}
	}
	if strings.Contains(page, "<style") || len(liveScripts(page)) > 0 {
		t.Error("404.html with a site url has an inline block")
	}
}

// TestEveryPageLinksTheIcon: every page links the SVG icon and the ICO
// one, page-relative, and the ICO is at the root of the output too, where
// browsers ask for it.
func TestEveryPageLinksTheIcon(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	for _, p := range files.Paths() {
		if path.Ext(p) != ".html" || p == "404.html" {
			continue
		}
		up := strings.Repeat("../", strings.Count(p, "/"))
		for _, want := range []string{
			`<link rel="icon" href="` + up + `static/favicon.ico" sizes="32x32">`,
			`<link rel="icon" href="` + up + `static/favicon.svg" type="image/svg+xml">`,
		} {
			if !strings.Contains(string(files[p]), want) {
				t.Errorf("%s: no %s", p, want)
			}
		}
	}
	for _, p := range []string{"favicon.ico", "static/favicon.ico", "static/favicon.svg"} {
		if len(files[p]) == 0 {
			t.Errorf("no %s in the output", p)
		}
	}
	if string(files["favicon.ico"]) != string(files["static/favicon.ico"]) {
		t.Error("favicon.ico at the root is not static/favicon.ico")
	}
}
