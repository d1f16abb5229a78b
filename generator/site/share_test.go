package site

import (
	"html"
	"regexp"
	"strings"
	"testing"
)

// metaRE finds the meta elements of a page by property or name.
var metaRE = regexp.MustCompile(`<meta (?:property|name)="((?:og|twitter):[a-z_]+)" content="([^"]*)">`)

// metaOf is the og: and twitter: meta of a page, by property.
func metaOf(page []byte) map[string]string {
	m := map[string]string{}
	for _, s := range metaRE.FindAllStringSubmatch(string(page), -1) {
		m[s[1]] = html.UnescapeString(s[2])
	}
	return m
}

// TestEveryPageHasShareMeta builds a site of two editions with and
// without a URL: every page has its Open Graph and Twitter card title,
// type, site name and locale, and an og:url, the page's canonical URL,
// only when the site has a URL.
func TestEveryPageHasShareMeta(t *testing.T) {
	canonicalRE := regexp.MustCompile(`<link rel="canonical" href="([^"]*)">`)
	for _, base := range []string{"", "https://gpus.example.com/"} {
		files, _ := build(t, twoEditions(t), Options{BaseURL: base})
		pages := 0
		for _, p := range files.Paths() {
			if !strings.HasSuffix(p, ".html") {
				continue
			}
			pages++
			m := metaOf(files[p])
			for _, k := range []string{"og:type", "og:site_name", "og:locale", "og:title", "twitter:card", "twitter:title"} {
				if m[k] == "" {
					t.Errorf("%s (base %q): no %s", p, base, k)
				}
			}
			if m["og:title"] != m["twitter:title"] || m["og:description"] != m["twitter:description"] {
				t.Errorf("%s: og and twitter meta differ: %v", p, m)
			}
			if want := map[bool]string{true: "zh_CN", false: "en_US"}[strings.HasPrefix(p, "zh/")]; m["og:locale"] != want {
				t.Errorf("%s: og:locale %q, want %q", p, m["og:locale"], want)
			}
			canonical := ""
			if c := canonicalRE.FindSubmatch(files[p]); c != nil {
				canonical = html.UnescapeString(string(c[1]))
			}
			if m["og:url"] != canonical {
				t.Errorf("%s (base %q): og:url %q, canonical %q", p, base, m["og:url"], canonical)
			}
			if base == "" && m["og:url"] != "" {
				t.Errorf("%s: og:url %q on a site without a URL", p, m["og:url"])
			}
			if base != "" && p != "404.html" && p != "zh/404.html" && !strings.HasPrefix(m["og:url"], base) {
				t.Errorf("%s: og:url %q, want it under %s", p, m["og:url"], base)
			}
		}
		if pages < 20 {
			t.Fatalf("%d pages read", pages)
		}
	}
}

// TestSharedLinkPreviewsTheAnswer: a GPU model's page previews its
// cheapest current on-demand price with its offer, age and source kind,
// not a lower price that does not answer; where only a stale price
// exists, the preview says so; the home page previews the first GPU
// models of its table.
func TestSharedLinkPreviewsTheAnswer(t *testing.T) {
	files := currentSite(t)
	for path, want := range map[string]string{
		"gpus/a100/index.html": "A100 SXM4 40GB on-demand from 2.00 USD per GPU-hour: Cloud current-1x, Region One. Price age: today; source: provider.",
		"gpus/h100/index.html": "H100 SXM5 80GB on-demand from 3.00 USD per GPU-hour: Cloud h100-1x, Region One. Price age: 1 year; source: provider. No current price: this is the newest.",
		"index.html":           "What a GPU-hour costs now, on-demand: A100 SXM4 40GB from 2.00 USD; H100 SXM5 80GB from 3.00 USD.",
	} {
		if got := metaOf(files[path])["og:description"]; got != want {
			t.Errorf("%s: og:description\n%q, want\n%q", path, got, want)
		}
	}
}
