package site

import (
	"fmt"
	"slices"
	"strings"

	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/feeds"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
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

// pagesIn makes the pages of the edition b builds, in a fixed order: the
// frame of each (path, title, links), and the model of the few whose
// model is made with the page; render makes the others' models, and every
// page's charts, as it renders the page (fill). rows are the sizes of the
// matrix's rows a Rebuilder kept (nil: none), which the matrix is split
// into pages by. It makes the kinds that make a page in one of the
// folders in says yes to (nil: every kind): a folder is the first part of
// a page's path in its edition, "compare" or "index.html". A Rebuilder's
// draft (Rebuilder.Draft) makes the kinds of the pages it renders first
// and no other; the search page lists every page, and is made only with
// every kind.
func pagesIn(b *builder, rows *rowSizes, in func(folder string) bool) ([]*pagemodel.Page, error) {
	all := in == nil
	want := func(folders ...string) bool { return all || slices.ContainsFunc(folders, in) }
	cat := b.cat
	fresh, stale := b.cat.Site.Policy()
	ageMsgs, err := ageScriptMessages(b.tmpl.Msgs, b.ageDate, fresh, stale)
	if err != nil {
		return nil, err
	}
	listed, allPages := kinds.ListedPages(b.content)
	b.siteInfo = &pagemodel.SiteInfo{Title: cat.Site.Title, Tagline: cat.Site.Tagline, Lang: b.lang(), Pages: listed, AllPages: allPages, AgeMessages: ageMsgs, NoIndex: b.opts.Preview || b.opts.Internal, Internal: b.opts.Internal}
	b.siteInfo.ExpiredQuotes = catalogpages.ExpiredQuotes(cat, b.ageDate, b.lang())
	b.newPage = frameOf(b).New
	ck := catalogOf(b, nil)

	var out []*pagemodel.Page
	add := func(p *pagemodel.Page) { out = append(out, p) }

	if want("index.html") {
		add(ck.HomePage())
	}
	if want("summary") {
		add(report.SummaryPage(b.newPage, report.SummaryClasses(b.cat, b.Data, pricesOf(b), matrixOf(b, nil), b.lang()),
			report.SummaryMainland(b.Data.Mainland, b.lang(), pricesOf(b).Trust), report.CatalogDate(b.cat)))
	}

	if want("compare") {
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
	}

	if want("gpus") {
		gpus, err := ck.GPUPages()
		if err != nil {
			return nil, err
		}
		out = append(out, gpus...)
	}
	if want("providers", "instances") {
		out = append(out, ck.ProviderPages()...)
	}

	if want("benchmarks") {
		for _, p := range benchmarksOf(b).Pages() {
			add(p)
		}
	}

	if want("scenarios") {
		plan, err := scenariosOf(b).Pages()
		if err != nil {
			return nil, err
		}
		out = append(out, plan...)
	}
	if want("evaluation") {
		eval, err := evaluationOf(b).Page()
		if err != nil {
			return nil, err
		}
		if eval != nil {
			add(eval)
		}
	}

	if want("guides") {
		guides, err := guidesOf(b).Pages()
		if err != nil {
			return nil, err
		}
		out = append(out, guides...)
	}

	if want("changes") {
		out = append(out, changesOf(b).Pages()...)
	}
	if want("embed") {
		// The embed pages of each edition: the Chinese edition's name the
		// catalog's records in Chinese as its other pages do.
		out = append(out, kinds.NewEmbeds(b.newPage, nil).Pages()...)
	}

	for _, c := range b.content {
		if want(folderOf(c.Path)) {
			p := b.newPage(c.Path, "page")
			p.Title, p.Description = c.Title, c.Description
			p.Data = c
			add(p)
		}
	}
	if want(folderOf(paths.PagesIndex)) {
		if p := kinds.PagesIndex(b.content, b.newPage); p != nil {
			add(p)
		}
	}

	if all {
		searchPage, entries, err := search.Page(b.newPage, out, listingStart, b.cat, b.content, b.tmpl.Msgs, catalogpages.RegionURL, guidePath)
		if err != nil {
			return nil, err
		}
		b.search = entries
		add(searchPage)
	}

	if want("404.html") {
		add(kinds.NotFound(b.newPage, b.inline404))
	}

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

// folderOf is the folder of a page's path in its edition (pagesIn): its
// first part, "compare" of "compare/page-2/index.html".
func folderOf(path string) string {
	folder, _, _ := strings.Cut(path, "/")
	return folder
}

func boolInt(v bool) int {
	if v {
		return 1
	}
	return 0
}
