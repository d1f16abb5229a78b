package site

import (
	"fmt"

	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/feeds"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/report"
	"gpucompare/generator/site/search"
	"gpucompare/generator/site/twins"
)

// frameOf makes the frames of the pages of the edition b builds.
func frameOf(b *builder) *pagemodel.Frame {
	return &pagemodel.Frame{Site: b.siteInfo, Dir: b.ed.Dir, Root: b.ed.root(), Base: b.base, SiteBase: b.siteBase,
		Pretty: b.opts.PrettyURLs, Internal: b.opts.Internal, Cat: b.cat, Content: b.content, SearchIndex: searchIndexPath,
		Feeds: func(p *pagemodel.Page) []pagemodel.FeedLink { return feeds.Links(p, b.base, b.tmpl.Msgs) },
		Alternates: func(p *pagemodel.Page) []pagemodel.Alternate {
			return alternates(p, b.eds, b.ed, b.siteBase, b.opts.PrettyURLs)
		},
		HasTwin: twins.Has,
		Card: func(path, layout string) string {
			if !catalogpages.CardLayouts[layout] {
				return ""
			}
			return catalogpages.CardPath(path)
		}}
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
	b.newPage = frameOf(b).New
	ck := catalogOf(b, nil)

	var out []*pagemodel.Page
	add := func(p *pagemodel.Page) { out = append(out, p) }

	add(ck.HomePage())
	add(report.SummaryPage(b.newPage, report.SummaryClasses(b.cat, b.Data, pricesOf(b), matrixOf(b, nil), b.lang()),
		report.SummaryMainland(b.Data.Mainland, b.lang(), pricesOf(b).Trust), report.CatalogDate(b.cat)))

	mk := matrixOf(b, rows)
	mk.WriteChunks(b.put) // each data script of offers is written once made, none held
	matrix, err := mk.Pages()
	if err != nil {
		return nil, err
	}
	for i, c := range mk.GPUChunks() {
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

	guides, err := guidesOf(b).Pages()
	if err != nil {
		return nil, err
	}
	out = append(out, guides...)

	out = append(out, changesOf(b).Pages()...)
	// The embed pages of each edition: the Chinese edition's name the
	// catalog's records in Chinese as its other pages do.
	out = append(out, kinds.NewEmbeds(b.newPage, nil).Pages()...)

	for _, c := range b.content {
		p := b.newPage(c.Path, "page")
		p.Title, p.Description = c.Title, c.Description
		p.Data = c
		add(p)
	}
	if p := kinds.PagesIndex(b.content, b.newPage); p != nil {
		add(p)
	}

	searchPage, entries, err := search.Page(b.newPage, out, listingStart, b.cat, b.content, b.tmpl.Msgs, catalogpages.RegionURL, guidePath)
	if err != nil {
		return nil, err
	}
	b.search = entries
	add(searchPage)

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
