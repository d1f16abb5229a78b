package kinds

import (
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
)

// NotFound is the page kind of the 404 page, which a server shows for any
// address it has no file for, at any depth; newPage makes its frame, with
// absolute links when the site's URL is known. Without it, no link
// relative to the page holds at every depth, and the page carries inline
// what it would link to: inline, its stylesheet, its icon and
// static/notfound.js (which finds the site's root from the address asked
// for), read from the static folder; nil when the site has a URL.
func NotFound(newPage NewPage, inline *pagemodel.InlineAssets) *pagemodel.Page {
	p := newPage(paths.NotFound, "404")
	p.TitleKey = "notfound.title"
	p.Inline = inline
	return p
}
