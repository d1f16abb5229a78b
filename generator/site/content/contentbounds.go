package content

import (
	"bytes"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// The bounds of a content page beyond those of mdlimit (tables) and
// nesting.go (depth, links), so that no page of a site is more than 2 MB
// whatever its content: its Markdown, the items of one list, and the
// HTML it converts to.
const (
	// maxContentBytes is the size of a content page's Markdown. The
	// longest page of the shipped site is 11 KB.
	maxContentBytes = 256 << 10
	// maxListItems is how many items one list may have.
	maxListItems = 1000
	// maxContentHTML is the size of the HTML a content page converts to,
	// before the site's frame: a page of task lists or escaped
	// characters is several times larger than its Markdown.
	maxContentHTML = 1 << 20
)

// tooLong returns the line and column of md where it passes limit bytes.
func tooLong(md []byte, limit int) (line, col int, ok bool) {
	if len(md) <= limit {
		return 0, 0, false
	}
	before := md[:limit]
	start := bytes.LastIndexByte(before, '\n') + 1
	return bytes.Count(before, []byte("\n")) + 1, utf8.RuneCount(before[start:]) + 1, true
}

// tooManyItems finds the first list of the Markdown md with more than
// limit items, and returns the line and column of the item past the
// limit and the list's number of items. md is parsed, not rendered: the
// parse is linear in md once nesting.go and mdlimit have passed it.
func tooManyItems(md goldmark.Markdown, src []byte, limit int) (line, col, items int, ok bool) {
	doc := md.Parser().Parse(text.NewReader(src))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || ok || n.Kind() != ast.KindList || n.ChildCount() <= limit {
			return ast.WalkContinue, nil
		}
		item := n.FirstChild()
		for range limit {
			item = item.NextSibling()
		}
		at := item.Pos()
		start := bytes.LastIndexByte(src[:at], '\n') + 1
		line, col, items, ok = bytes.Count(src[:at], []byte("\n"))+1, utf8.RuneCount(src[start:at])+1, n.ChildCount(), true
		return ast.WalkStop, nil
	})
	return line, col, items, ok
}
