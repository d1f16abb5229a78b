package kinds

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"gpucompare/generator/site/content"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
)

// A site lists its content pages in the footer of every page and on the
// home page. Up to maxListedPages it lists them all; past that it lists
// the first few (the pages at the top of content/ first) and links the
// rest from paths.PagesIndex, the index of every content page grouped by
// folder, so that no page grows with the number of content pages.

// maxListedPages is how many content pages every page's footer and the
// home page list before they link to the index instead.
const maxListedPages = 8

// ListedPages is the content pages every page lists, and the link to the
// index of the others, nil when it lists them all.
func ListedPages(pages []*content.ContentPage) ([]*content.ContentPage, *pagemodel.AllPages) {
	if len(pages) <= maxListedPages {
		return pages, nil
	}
	out := slices.Clone(pages)
	slices.SortStableFunc(out, func(x, y *content.ContentPage) int {
		return cmp.Compare(strings.Count(x.Path, "/"), strings.Count(y.Path, "/"))
	})
	return out[:maxListedPages-1], &pagemodel.AllPages{Path: paths.PagesIndex, Count: len(pages)}
}

// pageGroup is the content pages of one folder of content/ on the index,
// "" for the pages at its top.
type pageGroup struct {
	Folder string
	Anchor string
	Pages  []pagemodel.Link
}

// pagesIndexData is the model of the index of content pages.
type pagesIndexData struct {
	Count  int
	Groups []pageGroup
}

// PagesIndex is the page kind of the index of content pages: it makes the
// index of contents, nil when every page lists them all; newPage makes
// the frame of a page of the edition.
func PagesIndex(contents []*content.ContentPage, newPage NewPage) *pagemodel.Page {
	if _, all := ListedPages(contents); all == nil {
		return nil
	}
	p := newPage(paths.PagesIndex, "pages")
	p.TitleKey, p.DescKey = "pages.title", "pages.description"
	p.Lazy(func() any {
		d := &pagesIndexData{Count: len(contents)}
		byFolder := map[string]int{}
		for _, c := range contents {
			folder := path.Dir(path.Dir(c.Path)) // content/a/b.md is a/b/index.html, in folder a
			if folder == "." {
				folder = ""
			}
			i, ok := byFolder[folder]
			if !ok {
				i = len(d.Groups)
				byFolder[folder] = i
				d.Groups = append(d.Groups, pageGroup{Folder: folder, Anchor: anchor(folder)})
			}
			d.Groups[i].Pages = append(d.Groups[i].Pages, pagemodel.Link{Title: c.Title, URL: p.Rel(c.Path)})
		}
		slices.SortStableFunc(d.Groups, func(x, y pageGroup) int { return strings.Compare(x.Folder, y.Folder) })
		return d
	})
	return p
}

// anchor is the id of a folder's heading on the index: "in-" and the
// folder, "top" for the pages at the top of content/.
func anchor(folder string) string {
	if folder == "" {
		return "top"
	}
	return "in-" + folder
}
