package main

import (
	"io/fs"
	"testing"

	"gpucompare"
	"gpucompare/generator/site/render"
)

// TestRefreshCitationsReadInChinese: the source a refresh writes (a
// price list's URL with the day read, or what many files' URLs share)
// reads in Chinese on a Chinese page, its words the page's own and its
// address a link, so a nightly refresh adds no English citation there.
func TestRefreshCitationsReadInChinese(t *testing.T) {
	sub, err := fs.Sub(gpucompare.Assets, "templates")
	if err != nil {
		t.Fatal(err)
	}
	zh, err := render.LoadMessages(sub, "zh-CN", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{
		citeURLs([]string{"https://console.vast.ai/api/v0/bundles/"}, "2026-12-01"),
		citeURLs([]string{"https://prices.azure.com/api/retail/prices?a=1", "https://prices.azure.com/api/retail/prices?a=2"}, "2026-12-01"),
	} {
		cs := zh.Cite(src)
		if len(cs) != 1 {
			t.Fatalf("%q cited as %+v", src, cs)
		}
		links := 0
		for _, p := range cs[0] {
			switch {
			case p.URL != "":
				links++
			case !p.Native:
				t.Errorf("%q: %q stays English on a Chinese page", src, p.Text)
			}
		}
		if links != 1 {
			t.Errorf("%q: %d links, want its address as one", src, links)
		}
	}
}
