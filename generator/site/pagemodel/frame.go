package pagemodel

import (
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/paths"
)

// Frame makes the frame of each page of an edition (New): its links,
// navigation and canonical URL. It is a function of the edition — its
// folder, its URL and the site's, the catalog it shows, its content pages
// — and of what the stages above it say of a page: its feeds, its
// alternates in the other editions and its social card.
type Frame struct {
	Site *SiteInfo
	// Dir is the edition's folder ("" for the root edition, "zh/"); Root
	// says it is the root edition.
	Dir  string
	Root bool
	// Base is the absolute URL of the edition ending in "/", or "";
	// SiteBase that of the site, the root edition's.
	Base, SiteBase string
	Pretty         bool // links drop "index.html" (Options.PrettyURLs)
	Internal       bool // a build with a private overlay: no feeds
	Cat            *catalog.Catalog
	Content        []*content.ContentPage
	SearchIndex    string // the output path of the search index
	// Feeds are the feeds a page points readers to, its links made.
	Feeds func(p *Page) []FeedLink
	// Alternates are the page in every edition of the site.
	Alternates func(p *Page) []Alternate
	// HasTwin says the page at path has a Markdown twin beside it.
	HasTwin func(path string) bool
	// Card is the output path of the social card of the page at path of
	// a layout, or "" when it has none.
	Card func(path, layout string) string
}

// New makes the frame of a page at path p of a layout: what the page
// kinds and the writers that read the list of pages need of it (its
// path, links, twin and card) now, and the rest (its navigation, feeds,
// alternates and the links of its head) when Dress is called, just
// before the page renders, so that the frames of the pages not being
// rendered are not held.
func (f *Frame) New(p, layout string) *Page {
	pg := &Page{Path: p, Layout: layout, Site: f.Site, Links: f.links(p), frame: f}
	if layout == "404" && f.Base != "" {
		pg.Links.Prefix, pg.Links.Shared = f.Base, f.SiteBase
	}
	if f.HasTwin(p) {
		pg.Twin = "index.md"
	}
	if card := f.Card(p, layout); f.Base != "" && card != "" {
		pg.Card = f.Base + card
	}
	return pg
}

// links are the links of a page at path p, relative to it.
func (f *Frame) links(p string) Linker {
	up := strings.Repeat("../", strings.Count(p, "/"))
	return Linker{Prefix: up, Shared: up + strings.Repeat("../", strings.Count(f.Dir, "/")), Pretty: f.Pretty}
}

// Dress makes the rest of the frame of a page New made, once: its
// feeds, alternates, canonical URL, the links of its head and its
// navigation. A page is dressed before it is rendered or fingerprinted.
func (pg *Page) Dress() {
	f := pg.frame
	if f == nil {
		return
	}
	pg.frame = nil
	p, layout := pg.Path, pg.Layout
	if !f.Internal {
		// The feeds of the 404 page link relatively, as from the root.
		links := pg.Links
		pg.Links = f.links(p)
		pg.Feeds = f.Feeds(pg)
		pg.Links = links
	}
	pg.Alternates = f.Alternates(pg)
	if f.Base != "" && layout != "404" {
		pg.Canonical = f.Base + Linker{Pretty: f.Pretty}.To(p)
		if pg.Canonical == f.Base+"./" {
			pg.Canonical = f.Base
		}
	}
	pg.Styles = pg.Rel("static/style.css")
	// the iframe of the embed page of each site-wide chart it shows
	// (the GPU list shows the home page's too)
	for _, e := range paths.Embeds {
		if f.Base != "" && (e.Page == p || p == "gpus/index.html" && e.Kind == "price_by_gpu") {
			if pg.Embeds == nil {
				pg.Embeds = map[string]string{}
			}
			pg.Embeds[e.Kind] = f.Base + strings.TrimSuffix(paths.Embed(e.Name), "index.html")
		}
	}
	switch layout {
	case "home", "compare", "gpus", "gpu", "provider", "instance", "benchmark", "guide", "scenario", "changes", "summary":
		pg.AgeScript = pg.Rel("static/age.js")
	}
	pg.Icon, pg.IconICO = pg.Rel("static/favicon.svg"), pg.Rel("static/favicon.ico")
	pg.HomeURL = pg.Rel("index.html")
	pg.SearchURL = pg.Rel(paths.Search)
	if layout != "404" {
		pg.SearchIndex, pg.SearchScript = pg.Rel(f.SearchIndex), pg.Rel("static/search.js")
		pg.SwitchScript = pg.Rel("static/switches.js")
		pg.QueryScript = pg.Rel("static/query.js")
	}
	for _, n := range []struct{ key, target string }{
		{"nav.compare", "compare/index.html"},
		{"nav.gpus", "gpus/index.html"},
		{"nav.providers", "providers/index.html"},
		{"nav.benchmarks", paths.Benchmarks},
		{"nav.guides", paths.Guides},
		{"nav.scenarios", paths.Scenarios},
		{"nav.evaluation", paths.Evaluation},
		{"nav.changes", "changes/index.html"},
	} {
		if n.target == paths.Guides && len(f.Cat.Guides) == 0 {
			continue
		}
		if (n.target == paths.Scenarios && len(f.Cat.Scenarios) == 0) || (n.target == paths.Evaluation && f.Cat.Scoring == nil) {
			continue
		}
		section := strings.TrimSuffix(n.target, "index.html")
		pg.Nav = append(pg.Nav, NavLink{Key: n.key, URL: pg.Rel(n.target), Current: strings.HasPrefix(p, section)})
	}
	for _, c := range f.Content {
		if c.Path == "methodology/index.html" {
			pg.Nav = append(pg.Nav, NavLink{Key: "nav.methodology", URL: pg.Rel(c.Path), Current: p == c.Path})
		}
	}
}

// Undress lets go of what Dress made of a rendered page but what the
// sitemap reads (its canonical URL and alternates).
func (pg *Page) Undress() {
	pg.Feeds, pg.Nav, pg.Embeds = nil, nil, nil
	pg.Styles, pg.Icon, pg.IconICO, pg.HomeURL, pg.SearchURL, pg.SearchIndex = "", "", "", "", "", ""
	pg.SearchScript, pg.SwitchScript, pg.QueryScript, pg.AgeScript = "", "", "", ""
}
