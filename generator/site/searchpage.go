package site

import (
	"cmp"
	"fmt"

	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/guides"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/search"
	"gpucompare/generator/site/searchindex"
)

// The paths of the search page and its index, as the frame of every page
// names them.
const (
	searchPath      = search.Path
	searchIndexPath = search.IndexPath
)

// searchEntry is an entry of the site's search, which the builder keeps
// from its page for search/index.js.
type searchEntry = search.Entry

// searchPage makes the search page of a site of the pages made so far,
// and keeps the entries for search/index.js (writeSearchIndex).
func (b *builder) searchPage(pages []*pagemodel.Page) (*pagemodel.Page, error) {
	have := map[string]bool{}
	var sections []*pagemodel.Page
	for _, p := range pages {
		have[p.Path] = true
		switch p.Layout {
		case "compare", "gpus", "providers", "benchmarks", "guides", "scenarios", "evaluation", "changes":
			// The first page of each: the matrix's, the GPU list's, the latest price changes.
			if p.Path == matrixPath(1) || p.Path == catalogpages.GPUsPath(1) || p.Path == paths.Changes("") || p.Layout != "compare" && p.Layout != "changes" && p.Layout != "gpus" {
				sections = append(sections, p)
			}
		}
	}
	var err error
	t := b.tmpl.Msgs.TKeeping(&err)
	b.search = search.Entries(b.cat, b.content, sections, have, t, b.text, b.tmpl.Msgs.UnitName, catalogpages.RegionURL, guides.Path)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	p := b.newPage(search.Path, "search")
	p.TitleKey, p.DescKey = "search.title", "search.description"
	p.Data = search.PageData(p, b.search)
	return p, nil
}

// writeSearchIndex writes search/index.js (searchindex.Write).
func (b *builder) writeSearchIndex() error {
	entries := make([]*searchindex.Entry, len(b.search))
	for i, e := range b.search {
		entries[i] = (*searchindex.Entry)(e)
	}
	var err error
	t := b.tmpl.Msgs.TKeeping(&err)
	werr := searchindex.Write(b.files, entries, search.Kinds, pagemodel.Linker{Pretty: b.opts.PrettyURLs}, t)
	if err = cmp.Or(err, werr); err != nil {
		return fmt.Errorf("search: %w", err)
	}
	return nil
}
