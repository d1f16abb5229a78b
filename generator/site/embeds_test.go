package site

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"gpucompare/generator/site/paths"
)

// iframeRE finds the <iframe> a page offers to copy, as its code shows it.
var iframeRE = regexp.MustCompile(`&lt;iframe src="([^"]+)"`)

// TestEmbedPagesHoldOneChart builds a site of two editions with and
// without a URL: each edition has an embed page of each site-wide
// chart, in its language, holding that figure and its table and no
// other, without the site's header and footer; with a URL, its home
// page, GPU list and providers page offer the <iframe> of each chart
// they show, whose address is that edition's embed page; without one
// they offer none.
func TestEmbedPagesHoldOneChart(t *testing.T) {
	const base = "https://gpus.example.com/"
	for _, url := range []string{"", base} {
		files, _ := build(t, twoEditions(t), Options{BaseURL: url})
		for _, dir := range []string{"", "zh/"} {
			for _, e := range paths.Embeds {
				p := dir + paths.Embed(e.Name)
				page := string(files[p])
				if page == "" {
					t.Fatalf("%s: not written", p)
				}
				if lang := map[string]string{"": `<html lang="en"`, "zh/": `<html lang="zh-CN"`}[dir]; !strings.Contains(page, lang) {
					t.Errorf("%s: not in its edition's language (%s)", p, lang)
				}
				for _, k := range paths.Embeds {
					has := strings.Contains(page, `class="chart-figure chart-`+k.Kind+`"`)
					if has != (k.Kind == e.Kind) {
						t.Errorf("%s: figure %s there: %v", p, k.Kind, has)
					}
				}
				if !strings.Contains(page, `<table class="data`) || strings.Contains(page, `<header class="site-header">`) || strings.Contains(page, `<footer`) {
					t.Errorf("%s: want its table and neither the site's header nor its footer", p)
				}
			}
			for page, kinds := range map[string][]string{"index.html": {"price_by_gpu"}, "gpus/index.html": {"price_by_gpu", "price_performance"}, "providers/index.html": {"discounts"}} {
				var got []string
				for _, m := range iframeRE.FindAllStringSubmatch(string(files[dir+page]), -1) {
					got = append(got, html.UnescapeString(m[1]))
				}
				if url == "" {
					if len(got) > 0 {
						t.Errorf("%s%s: iframes %v on a site without a URL", dir, page, got)
					}
					continue
				}
				for _, kind := range kinds {
					want := base + dir + strings.TrimSuffix(paths.EmbedOf(kind), "index.html")
					found := false
					for _, g := range got {
						found = found || g == want
					}
					if !found {
						t.Errorf("%s%s: iframes %v, want one of %s", dir, page, got, want)
					}
				}
			}
		}
	}
}
