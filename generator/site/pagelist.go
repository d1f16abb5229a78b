package site

import (
	"fmt"
	"strings"

	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/feeds"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/twins"
)

// newPage makes the frame of a page at path: its links, navigation and
// canonical URL.
func (b *builder) newPage(p, layout string) *pagemodel.Page {
	pg := &pagemodel.Page{Path: p, Layout: layout, Site: b.siteInfo}
	up := strings.Repeat("../", strings.Count(p, "/"))
	pg.Links = pagemodel.Linker{Prefix: up, Shared: up + strings.Repeat("../", strings.Count(b.ed.Dir, "/")), Pretty: b.opts.PrettyURLs}
	if !b.opts.Internal {
		pg.Feeds = feeds.Links(pg, b.base, b.tmpl.Msgs)
	}
	if layout == "404" && b.base != "" {
		pg.Links.Prefix, pg.Links.Shared = b.base, b.siteBase
	}
	if layout != "embed" { // the embed pages are the root edition's alone
		pg.Alternates = alternates(pg, b.eds, b.ed, b.siteBase, b.opts.PrettyURLs)
	}
	if b.base != "" && layout != "404" {
		pg.Canonical = b.base + pagemodel.Linker{Pretty: b.opts.PrettyURLs}.To(p)
		if pg.Canonical == b.base+"./" {
			pg.Canonical = b.base
		}
	}
	pg.Styles = pg.Rel("static/style.css")
	if twins.Has(p) {
		pg.Twin = "index.md"
	}
	if b.base != "" && catalogpages.CardLayouts[layout] {
		pg.Card = b.base + catalogpages.CardPath(p)
	}
	// the iframe of the embed page of each site-wide chart it shows
	// (the GPU list shows the home page's too)
	for _, e := range paths.Embeds {
		if b.base != "" && b.ed.root() && (e.Page == p || p == "gpus/index.html" && e.Kind == "price_by_gpu") {
			if pg.Embeds == nil {
				pg.Embeds = map[string]string{}
			}
			pg.Embeds[e.Kind] = b.base + strings.TrimSuffix(paths.Embed(e.Name), "index.html")
		}
	}
	switch layout {
	case "home", "compare", "gpus", "gpu", "provider", "instance", "benchmark", "guide", "scenario", "changes", "summary":
		pg.AgeScript = pg.Rel("static/age.js")
	}
	pg.Icon, pg.IconICO = pg.Rel("static/favicon.svg"), pg.Rel("static/favicon.ico")
	pg.HomeURL = pg.Rel("index.html")
	pg.SearchURL = pg.Rel(searchPath)
	if layout != "404" {
		pg.SearchIndex, pg.SearchScript = pg.Rel(searchIndexPath), pg.Rel("static/search.js")
		pg.SwitchScript = pg.Rel("static/switches.js")
		pg.QueryScript = pg.Rel("static/query.js")
	}
	for _, n := range []struct{ key, target string }{
		{"nav.compare", "compare/index.html"},
		{"nav.gpus", "gpus/index.html"},
		{"nav.providers", "providers/index.html"},
		{"nav.benchmarks", paths.Benchmarks},
		{"nav.guides", guidesPath},
		{"nav.scenarios", paths.Scenarios},
		{"nav.evaluation", paths.Evaluation},
		{"nav.changes", "changes/index.html"},
	} {
		if n.target == guidesPath && len(b.cat.Guides) == 0 {
			continue
		}
		if (n.target == paths.Scenarios && len(b.cat.Scenarios) == 0) || (n.target == paths.Evaluation && b.cat.Scoring == nil) {
			continue
		}
		section := strings.TrimSuffix(n.target, "index.html")
		pg.Nav = append(pg.Nav, pagemodel.NavLink{Key: n.key, URL: pg.Rel(n.target), Current: strings.HasPrefix(p, section)})
	}
	for _, c := range b.content {
		if c.Path == "methodology/index.html" {
			pg.Nav = append(pg.Nav, pagemodel.NavLink{Key: "nav.methodology", URL: pg.Rel(c.Path), Current: p == c.Path})
		}
	}
	return pg
}

// pages makes every page of the site, in a fixed order: the frame of each
// (path, title, links), and the model of the few whose model is made with
// the page; render makes the others' models, and every page's charts, as
// it renders the page (fill). rows are the sizes of the matrix's rows a
// Rebuilder kept (nil: none), which the matrix is split into pages by.
func (b *builder) pages(rows *rowSizes) ([]*pagemodel.Page, error) {
	cat := b.cat
	fresh, stale := b.cat.Site.Policy()
	ageMsgs, err := ageScriptMessages(b.tmpl.Msgs, b.ageDate, fresh, stale)
	if err != nil {
		return nil, err
	}
	listed, all := kinds.ListedPages(b.content)
	b.siteInfo = &pagemodel.SiteInfo{Title: cat.Site.Title, Tagline: cat.Site.Tagline, Lang: b.lang(), Pages: listed, AllPages: all, AgeMessages: ageMsgs, NoIndex: b.opts.Preview || b.opts.Internal, Internal: b.opts.Internal}
	b.siteInfo.ExpiredQuotes = catalogpages.ExpiredQuotes(cat, b.ageDate, b.lang())
	ck := catalogOf(b, nil)

	var out []*pagemodel.Page
	add := func(p *pagemodel.Page) { out = append(out, p) }

	add(ck.HomePage())
	add(summaryPage(b.newPage, summaryClasses(b), catalogDate(b.cat)))

	mk := matrixOf(b)
	mk.sizes = rows
	matrix, err := mk.matrixPages()
	if err != nil {
		return nil, err
	}
	for i, c := range mk.chunks {
		if err := b.put(offerChunkPath(i+1), c); err != nil {
			return nil, err
		}
	}
	for i, c := range mk.gpuChunks {
		if err := b.put(gpuChunkPath(i+1), c); err != nil {
			return nil, err
		}
	}
	for _, p := range matrix {
		add(p)
	}

	gpus, err := ck.GPUPages()
	if err != nil {
		return nil, err
	}
	out = append(out, gpus...)
	out = append(out, ck.ProviderPages()...)

	for _, p := range benchmarksOf(b).Pages() {
		add(p)
	}

	plan, err := scenariosOf(b).Pages()
	if err != nil {
		return nil, err
	}
	out = append(out, plan...)
	eval, err := evaluationOf(b).Page()
	if err != nil {
		return nil, err
	}
	if eval != nil {
		add(eval)
	}

	guides, err := guidesOf(b).guidePages()
	if err != nil {
		return nil, err
	}
	out = append(out, guides...)

	out = append(out, changesOf(b).Pages()...)
	if b.ed.root() {
		// The embed pages are the root edition's: the Chinese edition's
		// would show the catalog's English names again in more pages.
		out = append(out, kinds.NewEmbeds(b.newPage, nil).Pages()...)
	}

	for _, c := range b.content {
		p := b.newPage(c.Path, "page")
		p.Title, p.Description = c.Title, c.Description
		p.Data = c
		add(p)
	}
	if p := kinds.PagesIndex(b.content, b.newPage); p != nil {
		add(p)
	}

	search, err := b.searchPage(out)
	if err != nil {
		return nil, err
	}
	add(search)

	add(kinds.NotFound(b.newPage, b.inline404))

	seen := map[string]*pagemodel.Page{}
	for _, p := range out {
		if prev, ok := seen[p.Path]; ok {
			if c, ok := p.Data.(*content.ContentPage); ok {
				return nil, fmt.Errorf("%s: its page %s is taken by the %s page", c.File, p.Path, prev.Layout)
			}
			return nil, fmt.Errorf("%s: two pages, %s and %s", p.Path, prev.Layout, p.Layout)
		}
		seen[p.Path] = p
	}
	return out, nil
}

func boolInt(v bool) int {
	if v {
		return 1
	}
	return 0
}
