package site

import (
	"bytes"
	"strings"
	"testing"
)

// TestPreviewIsNotIndexed: a preview build (Options.Preview) asks search
// engines to leave out every page of both editions, the 404 pages
// included, and writes no sitemap; every other file is the same bytes as
// in the build without it, which carries no such meta.
func TestPreviewIsNotIndexed(t *testing.T) {
	const noindex = "\n<meta name=\"robots\" content=\"noindex\">"
	opts := Options{BaseURL: "https://example.com/g/pr-7/"}
	plain, _ := build(t, twoEditions(t), opts)
	opts.Preview = true
	preview, _ := build(t, twoEditions(t), opts)

	if _, ok := preview["sitemap.xml"]; ok {
		t.Error("a preview wrote sitemap.xml")
	}
	if _, ok := plain["sitemap.xml"]; !ok {
		t.Error("the build without -preview wrote no sitemap.xml")
	}
	pages := 0
	for _, p := range preview.Paths() {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		pages++
		if n := bytes.Count(preview[p], []byte(noindex)); n != 1 {
			t.Errorf("%s: %d robots noindex metas, want 1", p, n)
		}
		if bytes.Contains(plain[p], []byte(`name="robots"`)) {
			t.Errorf("%s: a robots meta without -preview", p)
		}
	}
	for _, p := range []string{"404.html", "zh/404.html", "index.html", "zh/index.html"} {
		if preview[p] == nil {
			t.Errorf("%s: not built", p)
		}
	}
	if pages < 40 {
		t.Errorf("%d pages, want the whole site twice", pages)
	}
	for _, p := range plain.Paths() {
		if p == "sitemap.xml" {
			continue
		}
		if got := bytes.Replace(preview[p], []byte(noindex), nil, 1); !bytes.Equal(got, plain[p]) {
			t.Errorf("%s: the preview differs from the site by more than its robots meta", p)
		}
	}
	if len(preview) != len(plain)-1 {
		t.Errorf("the preview has %d files, the site %d: want the same but the sitemap", len(preview), len(plain))
	}
}
