package search

import (
	"fmt"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
)

// Page makes the search page of an edition, newPage making its frame, and
// the entries search/index.js holds: of the edition's catalog, its content
// pages and messages, and pages, the pages made before it, whose listings
// are sections of the search where first says a page is a listing's first
// page; regionURL and guidePath link regions and guides (Entries).
func Page(newPage func(path, layout string) *pagemodel.Page, pages []*pagemodel.Page, first func(*pagemodel.Page) bool,
	cat *catalog.Catalog, contents []*content.ContentPage, msgs render.Messages,
	regionURL func(p *catalog.Provider, i int) (path, frag string), guidePath func(id string) string) (*pagemodel.Page, []*Entry, error) {
	have := map[string]bool{}
	var sections []*pagemodel.Page
	for _, p := range pages {
		have[p.Path] = true
		switch p.Layout {
		case "compare", "gpus", "providers", "benchmarks", "guides", "scenarios", "evaluation", "changes":
			if first(p) {
				sections = append(sections, p)
			}
		}
	}
	var err error
	t := msgs.TKeeping(&err)
	text := func(rec any, key string) string { return pagemodel.CatalogText(cat, rec, key) }
	cert := func(c string) string { return render.CertName(msgs, c) }
	entries := Entries(cat, contents, sections, have, t, text, msgs.UnitName, cert, regionURL, guidePath)
	if err != nil {
		return nil, nil, fmt.Errorf("search: %w", err)
	}
	p := newPage(Path, "search")
	p.TitleKey, p.DescKey = "search.title", "search.description"
	p.Data = PageData(p, entries)
	return p, entries, nil
}
