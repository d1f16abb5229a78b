package sitemap

import (
	"fmt"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/write"
)

// TestSitemapOfPagesAlone writes the sitemap of three page models, made
// without the page kinds: the pages with a canonical URL are listed,
// escaped, with their twins; the 404 page is not.
func TestSitemapOfPagesAlone(t *testing.T) {
	pages := []*pagemodel.Page{
		{Path: "index.html", Canonical: "https://example.com/",
			Alternates: []pagemodel.Alternate{{Lang: "en", Href: "https://example.com/"}, {Lang: "zh-CN", Href: "https://example.com/zh/"}}},
		{Path: "a&b/index.html", Canonical: "https://example.com/a&b/"},
		{Path: "404.html"},
	}
	out := write.NewMemory()
	warn := func(catalog.Pos, string, ...any) { t.Error("a warning for a site with a URL") }
	if err := Write(out, Inputs{Base: "https://example.com/", Editions: 2, Pages: Listed(pages)}, warn); err != nil {
		t.Fatal(err)
	}
	got := string(out.Files()[Path])
	for _, want := range []string{
		`xmlns:xhtml="http://www.w3.org/1999/xhtml"`,
		`<url><loc>https://example.com/</loc><xhtml:link rel="alternate" hreflang="en" href="https://example.com/"/><xhtml:link rel="alternate" hreflang="zh-CN" href="https://example.com/zh/"/></url>`,
		`<url><loc>https://example.com/a&amp;b/</loc></url>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("sitemap lacks %s:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "<url>"); n != 2 {
		t.Errorf("%d urls, want 2 (no 404 page):\n%s", n, got)
	}
}

// TestNoSitemapWithoutURLOrInPreview: a site without a URL has no
// sitemap and says so; a preview has none and says nothing.
func TestNoSitemapWithoutURLOrInPreview(t *testing.T) {
	pages := []*pagemodel.Page{{Path: "index.html", Canonical: "https://example.com/"}}
	for _, in := range []Inputs{{Pages: Listed(pages)}, {Base: "https://example.com/", Preview: true, Pages: Listed(pages)}} {
		out := write.NewMemory()
		var warnings []string
		warn := func(pos catalog.Pos, format string, args ...any) {
			warnings = append(warnings, pos.File+": "+fmt.Sprintf(format, args...))
		}
		if err := Write(out, in, warn); err != nil {
			t.Fatal(err)
		}
		if len(out.Files()) != 0 {
			t.Errorf("%+v: wrote %v", in, out.Files().Paths())
		}
		if wantWarn := in.Base == ""; (len(warnings) == 1) != wantWarn || wantWarn && !strings.HasPrefix(warnings[0], "data/site.yaml: no site url") {
			t.Errorf("%+v: warnings %q", in, warnings)
		}
	}
}
