package twins

import (
	"bytes"
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The pages are html/template's output of the site's own templates: every
// element but the void ones closed, attribute values quoted and escaped,
// no markup in text. mainOf reads the <main> of such a page into the tree
// golang.org/x/net/html would make of it, several times faster than its
// parser, which handles any HTML; a page it cannot read so (no <main>, or
// an element closed that is not open) is left to that parser
// (TestFastParseIsTheParsersTree holds the two to the same twins).

// voids are the elements that have no end tag.
var voids = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// mainOf is the <main> element of page and what is under it, or nil and
// false when page is not as the site's templates write it.
func mainOf(page []byte) (*html.Node, bool) {
	var nodes nodes
	return nodes.mainOf(page)
}

// mainOf is mainOf, its nodes from ns.
func (nodes *nodes) mainOf(page []byte) (*html.Node, bool) {
	i := bytes.Index(page, []byte("<main"))
	j := bytes.LastIndex(page, []byte("</main>"))
	if i < 0 || j < i {
		return nil, false
	}
	// The tree's strings are page's bytes, not a copy: the tree is let go
	// of (release) before Of returns, and a twin copies what it writes.
	s := unsafe.String(&page[i], j-i)
	root := nodes.new(html.DocumentNode, "")
	stack := []*html.Node{root}
	top := func() *html.Node { return stack[len(stack)-1] }
	for len(s) > 0 {
		lt := strings.IndexByte(s, '<')
		if lt != 0 {
			if lt < 0 {
				lt = len(s)
			}
			nodes.appendText(s[:lt], top())
			s = s[lt:]
			continue
		}
		switch {
		case strings.HasPrefix(s, "<!--"):
			end := strings.Index(s, "-->")
			if end < 0 {
				return nil, false
			}
			s = s[end+3:]
		case strings.HasPrefix(s, "</"):
			end := strings.IndexByte(s, '>')
			if end < 0 {
				return nil, false
			}
			name := strings.ToLower(strings.TrimSpace(s[2:end]))
			s = s[end+1:]
			k := len(stack) - 1
			for k > 0 && stack[k].Data != name {
				k--
			}
			if k == 0 {
				return nil, false
			}
			stack = stack[:k]
		default:
			n, rest, selfClosed, ok := nodes.startTag(s)
			if !ok {
				return nil, false
			}
			s = rest
			top().AppendChild(n)
			if n.Data == "script" || n.Data == "style" || n.Data == "textarea" || n.Data == "title" {
				end := strings.Index(s, "</"+n.Data)
				if end < 0 {
					return nil, false
				}
				if n.Data == "textarea" || n.Data == "title" {
					nodes.appendText(s[:end], n)
				} else if end > 0 {
					n.AppendChild(nodes.new(html.TextNode, s[:end]))
				}
				s = s[end:]
				stack = append(stack, n) // closed by its end tag
				continue
			}
			if !voids[n.Data] && !selfClosed {
				stack = append(stack, n)
			}
		}
	}
	main := root.FirstChild
	if main == nil || main.DataAtom != atom.Main {
		return nil, false
	}
	return main, true
}

// nodes hands out the nodes of a page's tree from blocks of them: a
// page has thousands, and they are dropped together (release), their
// blocks kept for the next page's tree.
type nodes struct {
	free   []html.Node   // what is left of the last block
	blocks [][]html.Node // the blocks handed out from
	attrs  []html.Attribute
}

// nodeBlocks are blocks of nodes released, cleared.
var nodeBlocks = sync.Pool{New: func() any { return new([512]html.Node) }}

// new is a new node of type t with data d.
func (ns *nodes) new(t html.NodeType, d string) *html.Node {
	if len(ns.free) == 0 {
		ns.free = nodeBlocks.Get().(*[512]html.Node)[:]
		ns.blocks = append(ns.blocks, ns.free)
	}
	n := &ns.free[0]
	ns.free = ns.free[1:]
	n.Type, n.Data = t, d
	return n
}

// release hands the blocks back, cleared, once no node of the tree is
// used any more.
func (ns *nodes) release() {
	for _, b := range ns.blocks[:min(len(ns.blocks), keptBlocks)] {
		clear(b)
		nodeBlocks.Put((*[512]html.Node)(b))
	}
	*ns = nodes{}
}

// keptBlocks is how many blocks of a tree release keeps for the next:
// those of most pages (about 3.5 MB). A large page's tree (a month of
// price changes at 100,000 offers: 30 MB of nodes) would otherwise stay
// in the pool for the pages after it.
const keptBlocks = 64

// appendText appends the text s, its character references read, to n.
func (ns *nodes) appendText(s string, n *html.Node) {
	if strings.IndexByte(s, '&') >= 0 {
		s = html.UnescapeString(s)
	}
	if c := n.LastChild; c != nil && c.Type == html.TextNode {
		c.Data += s
		return
	}
	n.AppendChild(ns.new(html.TextNode, s))
}

// startTag reads the start tag at the start of s: the element, what
// follows the tag, and whether the tag closed itself ("/>").
func (ns *nodes) startTag(s string) (n *html.Node, rest string, selfClosed, ok bool) {
	i := 1
	for i < len(s) && !isSpace(s[i]) && s[i] != '>' && s[i] != '/' {
		i++
	}
	if i == 1 || i >= len(s) {
		return nil, "", false, false
	}
	name := strings.ToLower(s[1:i])
	n = ns.new(html.ElementNode, name)
	n.DataAtom = atom.Lookup([]byte(name))
	for {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			return nil, "", false, false
		}
		switch {
		case s[i] == '>':
			return n, s[i+1:], false, true
		case strings.HasPrefix(s[i:], "/>"):
			return n, s[i+2:], true, true
		case s[i] == '/':
			i++
			continue
		}
		k := i
		for i < len(s) && !isSpace(s[i]) && s[i] != '=' && s[i] != '>' && !strings.HasPrefix(s[i:], "/>") {
			i++
		}
		a := html.Attribute{Key: strings.ToLower(s[k:i])}
		keep := readAttrs[a.Key]
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i < len(s) && s[i] == '=' {
			i++
			for i < len(s) && isSpace(s[i]) {
				i++
			}
			if i >= len(s) {
				return nil, "", false, false
			}
			if q := s[i]; q == '"' || q == '\'' {
				end := strings.IndexByte(s[i+1:], q)
				if end < 0 {
					return nil, "", false, false
				}
				a.Val = s[i+1 : i+1+end]
				i += end + 2
			} else {
				k := i
				for i < len(s) && !isSpace(s[i]) && s[i] != '>' {
					i++
				}
				a.Val = s[k:i]
			}
			if strings.IndexByte(a.Val, '&') >= 0 {
				a.Val = html.UnescapeString(a.Val)
			}
		}
		if keep {
			n.Attr = ns.attr(n.Attr, a)
		}
	}
}

// readAttrs are the attributes a twin reads (attr, hasClass, span); the
// tree of mainOf holds no other: a large page's tree held 20 MB of the
// others.
var readAttrs = map[string]bool{"class": true, "hidden": true, "aria-hidden": true, "href": true, "colspan": true, "rowspan": true,
	"data-twin": true, "data-source": true, "data-date": true, "data-off": true, "data-col": true}

// attr is list, the attributes of the element being read, with a
// appended: the attributes of a tree are in blocks, as its nodes are.
func (ns *nodes) attr(list []html.Attribute, a html.Attribute) []html.Attribute {
	if len(list) == 0 {
		if len(ns.attrs) == cap(ns.attrs) {
			ns.attrs = make([]html.Attribute, 0, 256)
		}
		ns.attrs = append(ns.attrs, a)
		return ns.attrs[len(ns.attrs)-1 : len(ns.attrs) : len(ns.attrs)]
	}
	// An element's attributes are read one after another: list ends
	// where the block does, unless the block was full.
	if end := len(ns.attrs); end < cap(ns.attrs) && &ns.attrs[end-1] == &list[len(list)-1] {
		ns.attrs = append(ns.attrs, a)
		return ns.attrs[end-len(list) : end+1 : end+1]
	}
	return append(list, a)
}

// isSpace reports whether c is HTML white space.
func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' }
