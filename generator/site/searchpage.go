package site

import (
	"cmp"
	"fmt"

	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/guides"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/search"
	"gpucompare/generator/site/searchindex"
	"gpucompare/generator/site/write"
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

// guidePath is the path of a guide's page, as the search links it.
var guidePath = guides.Path

// searchKinds are the kinds of the search's entries, in its order.
var searchKinds = search.Kinds

// listingStart says a page is the first of its listing, the one the
// search names as a section: the matrix's, the GPU list's, the latest
// price changes; every page of the other listings.
func listingStart(p *pagemodel.Page) bool {
	switch p.Layout {
	case "compare", "changes", "gpus":
		return p.Path == matrixPath(1) || p.Path == catalogpages.GPUsPath(1) || p.Path == paths.Changes("")
	}
	return true
}

// writeSearchIndex writes search/index.js of the search's entries to files
// (searchindex.Write), its links pretty or not, worded with msgs.
func writeSearchIndex(files write.Sink, search []*searchEntry, pretty bool, msgs render.Messages) error {
	entries := make([]*searchindex.Entry, len(search))
	for i, e := range search {
		entries[i] = (*searchindex.Entry)(e)
	}
	var err error
	t := msgs.TKeeping(&err)
	werr := searchindex.Write(files, entries, searchKinds, pagemodel.Linker{Pretty: pretty}, t)
	if err = cmp.Or(err, werr); err != nil {
		return fmt.Errorf("search: %w", err)
	}
	return nil
}
