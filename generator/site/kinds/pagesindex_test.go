package kinds

import (
	"fmt"
	"testing"

	"gpucompare/generator/site/content"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
)

// TestPagesIndexKindAlone makes the index of content pages from content
// pages alone: none while every page lists them all (maxListedPages);
// past that, every page lists the pages at the top of content/ first, and
// the index groups all of them by folder, the top first.
func TestPagesIndexKindAlone(t *testing.T) {
	newPage := func(path, layout string) *pagemodel.Page { return &pagemodel.Page{Path: path, Layout: layout} }
	var pages []*content.ContentPage
	for i := range maxListedPages {
		pages = append(pages, &content.ContentPage{Title: fmt.Sprint("note ", i), Path: fmt.Sprintf("notes/n%d/index.html", i)})
	}
	if listed, all := ListedPages(pages); len(listed) != maxListedPages || all != nil || PagesIndex(pages, newPage) != nil {
		t.Fatalf("%d pages: %d listed, index %v", maxListedPages, len(listed), all)
	}
	pages = append(pages, &content.ContentPage{Title: "About", Path: "about/index.html"})
	listed, all := ListedPages(pages)
	if len(listed) != maxListedPages-1 || listed[0].Title != "About" || all == nil || all.Path != paths.PagesIndex || all.Count != len(pages) {
		t.Fatalf("%d pages: %d listed, the first %q, index %+v", len(pages), len(listed), listed[0].Title, all)
	}
	p := PagesIndex(pages, newPage)
	if p == nil || p.Path != paths.PagesIndex {
		t.Fatalf("index %v", p)
	}
	m, err := p.Model()
	if err != nil {
		t.Fatal(err)
	}
	d := m.(*pagesIndexData)
	if d.Count != len(pages) || len(d.Groups) != 2 || d.Groups[0].Anchor != "top" || d.Groups[1].Folder != "notes" || len(d.Groups[1].Pages) != maxListedPages {
		t.Errorf("index %+v", d)
	}
}
