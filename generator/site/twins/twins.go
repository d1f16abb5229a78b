// Package twins is a writer of its own: the Markdown twin of a rendered
// page (index.md beside its index.html) for the page kinds whose twin is
// not written from their model (the GPU model, instance type and provider
// pages have theirs in package catalogpages, the pages of /compare/ in
// package compare, those of /changes/ in package kinds). A twin here is the page's main
// content as the reader sees it without script: its headings, paragraphs,
// lists and tables, each table a GFM table of the rows and columns the
// page shows by default, each price's age and kind of source written out
// and linked to its source (the data-source of the page's price-trust
// span). Being made from the page's own bytes, its figures are the
// page's. Every piece of text goes through package markdown's escaping:
// catalog text is untrusted. It opens no file: Out, where the twins
// written from a model go, writes to the writer it is given.
package twins

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	gfm "gpucompare/generator/site/markdown"
)

// Path is the output path of the twin of the page at p.
func Path(p string) string { return strings.TrimSuffix(p, ".html") + ".md" }

// Has reports whether the page at the output path p has a twin: every
// page of an edition but the search page and 404.html.
func Has(p string) bool {
	p = strings.TrimPrefix(p, "zh/")
	return strings.HasSuffix(p, "index.html") && p != "search/index.html"
}

// Link is href, a link of a page whose twin is beside it, as its twin
// links: to the twin of the page it names when that page has one
// (Has) and names no part of it (no fragment), else as it is.
// base is the page's output path.
func Link(base, href string) string {
	if href == "" || strings.ContainsAny(href, "#?:") {
		return href
	}
	target := href
	switch {
	case strings.HasSuffix(href, "/"), href == ".", href == "..":
		target = strings.TrimSuffix(href, "/") + "/index.html"
	case !strings.HasSuffix(href, "index.html"):
		return href
	}
	full := path.Join(path.Dir(base), target)
	for strings.HasPrefix(full, "../") { // another edition's page
		full = strings.TrimPrefix(full, "../")
	}
	if !Has(full) {
		return href
	}
	return Path(target)
}

// Of is the twin of the page at the output path p whose HTML is page;
// agesTo is the sentence saying the day its ages are counted to.
func Of(p string, page []byte, agesTo string) ([]byte, error) {
	var ns nodes
	defer ns.release() // the tree is not needed past the twin
	main, ok := ns.mainOf(page)
	if !ok {
		doc, err := html.Parse(bytes.NewReader(page))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		main = find(doc, func(n *html.Node) bool { return n.DataAtom == atom.Main })
		if main == nil {
			return nil, fmt.Errorf("%s: no <main> to make a Markdown twin of", p)
		}
	}
	return twinOf(p, main, agesTo), nil
}

// twinOf is the twin of the page at p whose <main> is main.
func twinOf(p string, main *html.Node, agesTo string) []byte {
	w := &writer{base: p}
	w.notes.AgesTo = agesTo
	w.blocks(main, "")
	body, notes := strings.TrimSpace(w.out.String()), w.notes.String()
	out := make([]byte, 0, len(body)+1+len(notes))
	return append(append(append(out, body...), '\n'), notes...)
}

// writer writes the blocks of a page as Markdown.
type writer struct {
	base  string // the page's output path, which its links are relative to
	out   strings.Builder
	para  []byte   // the inline text of the paragraph being gathered
	notes Notes    // the sources a price's trust cites
	free  [][]byte // buffers inlines and its like are done with, for the next
}

// buffer is an empty buffer, one done with if there is one: a twin's
// inline text is gathered in a few buffers, not a string per node.
func (w *writer) buffer() []byte {
	if n := len(w.free); n > 0 {
		b := w.free[n-1]
		w.free = w.free[:n-1]
		return b[:0]
	}
	return make([]byte, 0, 256)
}

// done hands b back for the next buffer.
func (w *writer) done(b []byte) { w.free = append(w.free, b) }

// Notes are the footnotes of a twin, in the order they are first cited:
// the sources of its prices that are not web addresses (a citation is
// often long, a table's cell stays short), each once.
//
// A twin that ages a price ends with AgesTo, the day its ages are counted
// to (the build's), as the web page counts them to its reader's day.
type Notes struct {
	AgesTo string // "Ages are counted to 2026-10-07, …"; "" for none
	aged   bool
	texts  []string
	at     map[string]int
}

// Aged says the twin wrote a price's age.
func (n *Notes) Aged() { n.aged = true }

// Ref is the reference to the footnote saying text (Markdown, escaped),
// "[^2]": the note of the same text made before, or a new one.
func (n *Notes) Ref(text string) string {
	i, ok := n.at[text]
	if !ok {
		if n.at == nil {
			n.at = map[string]int{}
		}
		n.texts = append(n.texts, text)
		i = len(n.texts)
		n.at[text] = i
	}
	return "[^" + strconv.Itoa(i) + "]"
}

// String is what ends a twin, after a blank line: the day its ages are
// counted to, when it ages a price, and the footnotes; "" when neither.
func (n *Notes) String() string {
	var b strings.Builder
	if n.aged && n.AgesTo != "" {
		b.WriteString("\n" + n.AgesTo + "\n")
	}
	for i, t := range n.texts {
		if i == 0 {
			b.WriteString("\n")
		}
		b.WriteString("[^" + strconv.Itoa(i+1) + "]: " + t + "\n")
	}
	return b.String()
}

// find is the first node under n, in document order, that ok holds of.
func find(n *html.Node, ok func(*html.Node) bool) *html.Node {
	if ok(n) {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := find(c, ok); f != nil {
			return f
		}
	}
	return nil
}

// attr is n's attribute key, and whether n has it.
func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// hasClass reports whether n has the class c.
func hasClass(n *html.Node, c string) bool {
	v, _ := attr(n, "class")
	for f := range strings.FieldsSeq(v) {
		if f == c {
			return true
		}
	}
	return false
}

// skipped reports whether n is left out of a twin: what the reader does
// not see without script (hidden), controls, scripts, drawings, and the
// page's own navigation.
func skipped(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return n.Type != html.TextNode
	}
	if _, ok := attr(n, "hidden"); ok {
		return true
	}
	if v, _ := attr(n, "aria-hidden"); v == "true" {
		return true
	}
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Svg, atom.Button, atom.Input, atom.Select, atom.Textarea, atom.Template,
		atom.Noscript, atom.Form, atom.Nav, atom.Label, atom.Canvas, atom.Iframe, atom.Output, atom.Colgroup, atom.Img:
		return true
	}
	return hasClass(n, "share") || hasClass(n, "skip-link")
}

// block reports whether n starts a block of its own.
func block(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	switch n.DataAtom {
	case atom.Span, atom.A, atom.Strong, atom.B, atom.Em, atom.I, atom.Code, atom.Abbr, atom.Time, atom.Small,
		atom.Sup, atom.Sub, atom.Wbr, atom.Br, atom.Mark, atom.Q, atom.Cite, atom.Data, atom.Var, atom.Kbd, atom.S, atom.U:
		return false
	}
	return true
}

// flush ends the paragraph being gathered.
func (w *writer) flush(indent string) {
	s := bytes.TrimSpace(w.para)
	if len(s) > 0 {
		w.out.WriteString(indent)
		w.out.Write(s)
		w.out.WriteString("\n\n")
	}
	w.para = w.para[:0]
}

// blocks writes the blocks under n, indented (inside a list item).
func (w *writer) blocks(n *html.Node, indent string) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if skipped(c) {
			continue
		}
		if !block(c) {
			w.para = w.appendInline(w.para, c)
			continue
		}
		w.flush(indent)
		w.block(c, indent)
	}
	w.flush(indent)
}

// block writes the block element n.
func (w *writer) block(n *html.Node, indent string) {
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		level := int(n.Data[1] - '0')
		w.out.WriteString(strings.Repeat("#", level) + " " + w.inlines(n) + "\n\n")
	case atom.Ul, atom.Ol:
		w.list(n, indent)
	case atom.Table:
		w.table(n)
	case atom.Dl:
		w.definitions(n, indent)
	case atom.Pre:
		w.out.WriteString(indent + "```\n" + strings.ReplaceAll(Text(n), "```", "` ` `") + "\n```\n\n")
	case atom.Hr:
		w.out.WriteString(indent + "---\n\n")
	case atom.P, atom.Figcaption, atom.Caption, atom.Summary, atom.Dt, atom.Dd, atom.Legend:
		if s := w.inlines(n); s != "" {
			w.out.WriteString(indent + s + "\n\n")
		}
	case atom.Blockquote:
		var sub writer
		sub.base = w.base
		sub.blocks(n, "")
		for line := range strings.Lines(strings.TrimSpace(sub.out.String())) {
			w.out.WriteString(indent + strings.TrimRight("> "+line, " \n") + "\n")
		}
		w.out.WriteString("\n")
	default:
		w.blocks(n, indent)
	}
}

// list writes a list's items, each a line, its nested lists indented.
func (w *writer) list(n *html.Node, indent string) {
	i := 0
	for li := n.FirstChild; li != nil; li = li.NextSibling {
		if li.DataAtom != atom.Li || skipped(li) {
			continue
		}
		i++
		mark := "- "
		if n.DataAtom == atom.Ol {
			mark = fmt.Sprintf("%d. ", i)
		}
		var sub writer
		sub.base = w.base
		sub.blocks(li, "")
		body := strings.TrimSpace(sub.out.String())
		if body == "" {
			continue
		}
		pad := strings.Repeat(" ", len(mark))
		first := true
		for line := range strings.Lines(body) {
			line = strings.TrimRight(line, "\n")
			switch {
			case first:
				w.out.WriteString(indent + mark + line + "\n")
				first = false
			case line == "":
			default:
				w.out.WriteString(indent + pad + line + "\n")
			}
		}
	}
	w.out.WriteString("\n")
}

// definitions writes a definition list as a list of "term: description".
func (w *writer) definitions(n *html.Node, indent string) {
	term := ""
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if skipped(c) {
			continue
		}
		switch c.DataAtom {
		case atom.Dt:
			term = w.inlines(c)
		case atom.Dd:
			w.out.WriteString(indent + "- " + term + ": " + w.inlines(c) + "\n")
		case atom.Div:
			w.definitions(c, indent)
		}
	}
	w.out.WriteString("\n")
}

// Text is the text under n, as it is: a tag's words without the tag.
func Text(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// inlines is the Markdown of what is under n, on one line: its words
// as strings.Fields cuts them, joined by single spaces.
func (w *writer) inlines(n *html.Node) string {
	b := w.appendRaw(w.buffer(), n)
	s := collapse(b)
	w.done(b)
	return s
}

// collapse is strings.Join(strings.Fields(string(b)), " "), made at once.
func collapse(b []byte) string {
	var out strings.Builder
	out.Grow(len(b))
	gap := false // white space since the last word
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' {
				gap = true
			} else {
				if gap && out.Len() > 0 {
					out.WriteByte(' ')
				}
				gap = false
				out.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if unicode.IsSpace(r) {
			gap = true
		} else {
			if gap && out.Len() > 0 {
				out.WriteByte(' ')
			}
			gap = false
			out.Write(b[i : i+size])
		}
		i += size
	}
	return out.String()
}

// appendRaw appends the Markdown of what is under n to dst, its white
// space as it is; a block inside is set apart by spaces.
func (w *writer) appendRaw(dst []byte, n *html.Node) []byte {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case skipped(c):
		case block(c):
			dst = append(dst, ' ')
			dst = w.appendRaw(dst, c)
			dst = append(dst, ' ')
		default:
			dst = w.appendInline(dst, c)
		}
	}
	return dst
}

// appendInline appends the Markdown of the inline node n to dst.
func (w *writer) appendInline(dst []byte, n *html.Node) []byte {
	if n.Type == html.TextNode {
		return gfm.AppendText(dst, n.Data)
	}
	if skipped(n) {
		return dst
	}
	// A text that speaks of the page's controls, which a twin has none
	// of, gives the twin's words in data-twin.
	if t, ok := attr(n, "data-twin"); ok {
		return gfm.AppendText(dst, t)
	}
	switch n.DataAtom {
	case atom.Br:
		return append(dst, ' ')
	case atom.A:
		href, _ := attr(n, "href")
		start := len(dst)
		dst = w.appendRaw(dst, n)
		h := gfm.Href(Link(w.base, href))
		inner := bytes.TrimSpace(dst[start:])
		if h == "" || len(inner) == 0 {
			return dst
		}
		tmp := append(w.buffer(), inner...)
		dst = append(dst[:start], '[')
		dst = append(dst, tmp...)
		dst = append(dst, "]("...)
		dst = append(dst, h...)
		dst = append(dst, ')')
		w.done(tmp)
		return dst
	case atom.Strong, atom.B:
		return w.emphasis(dst, n, "**")
	case atom.Em, atom.I:
		return w.emphasis(dst, n, "*")
	case atom.Span:
		if hasClass(n, "trust") {
			return append(dst, w.trust(n)...)
		}
		if hasClass(n, "cite") && followsCite(n) {
			return w.appendRaw(append(dst, citeSeparator(w.base)...), n)
		}
		if hasClass(n, "sub") || hasClass(n, "note-line") { // a line of its own
			if n.PrevSibling != nil {
				dst = append(dst, " · "...)
			}
			return w.appendRaw(dst, n)
		}
	}
	return w.appendRaw(dst, n)
}

// citeSeparator is what the page's style sheet puts between two
// neighbouring citations of the page at p: "; ", and in the Chinese
// edition the full-width "；".
func citeSeparator(p string) string {
	if strings.HasPrefix(p, "zh/") {
		return "；"
	}
	return "; "
}

// followsCite reports whether the element just before n, text between
// them aside, is a citation too: the page's style sheet puts a separator
// between such neighbours (.cite + .cite: citeSeparator), never before the first.
func followsCite(n *html.Node) bool {
	for p := n.PrevSibling; p != nil; p = p.PrevSibling {
		if p.Type == html.ElementNode {
			return hasClass(p, "cite")
		}
	}
	return false
}

// emphasis appends what is under n to dst marked with mark, the white
// space around it outside.
func (w *writer) emphasis(dst []byte, n *html.Node, mark string) []byte {
	start := len(dst)
	dst = w.appendRaw(dst, n)
	s := dst[start:]
	t := bytes.TrimSpace(s)
	if len(t) == 0 {
		return dst
	}
	lead := len(s) - len(bytes.TrimLeftFunc(s, unicode.IsSpace))
	tmp := append(w.buffer(), s...)
	dst = append(dst[:start], tmp[:lead]...)
	dst = append(dst, mark...)
	dst = append(dst, tmp[lead:lead+len(t)]...)
	dst = append(dst, mark...)
	dst = append(dst, tmp[lead+len(t):]...)
	w.done(tmp)
	return dst
}

// trust is a price's trust as a twin writes it: its date and age, its
// freshness, its kind of source linked to the source (a web address) or
// citing it in a footnote (any other source), and when its source last
// listed it, and a mark's words where it gives them in data-twin (a fork's
// or mirror's copy): "2026-09-20 (17 days) · fresh · [aggregator](…)",
// "2026-06-18 (3 months) · aggregator[^1] · fork copy: …".
func (w *writer) trust(n *html.Node) string {
	var parts []string
	source, _ := attr(n, "data-source")
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || skipped(c) {
			continue
		}
		s := w.inlines(c)
		if t, ok := attr(c, "data-twin"); ok && s != "" {
			s = gfm.Text(t) // a mark's words, with the why its title gives on hover
		}
		switch {
		case s == "":
			continue
		case hasClass(c, "age"):
			if d, ok := attr(c, "data-date"); ok && d != "" {
				s = gfm.Text(d) + " (" + s + ")"
				w.notes.Aged()
			}
		case hasClass(c, "kind"):
			if h := gfm.Href(source); h != "" && strings.HasPrefix(h, "http") {
				s = "[" + s + "](" + h + ")"
			} else if source != "" {
				s += w.notes.Ref(gfm.Text(source)) // a citation, often long: a table's cell stays short
			}
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " · ")
}

// table writes a table as a GFM table: its header row, then the rows the
// page shows by default, each cell on one line. A column whose header
// the page's script turns off by default (data-off) is left out, but for the
// matrix's sources (their rows name them nowhere else); so are
// hidden rows.
func (w *writer) table(n *html.Node) {
	var heads [][]*html.Node
	var rows [][]*html.Node
	var walk func(*html.Node, bool)
	walk = func(n *html.Node, inHead bool) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if skipped(c) {
				continue
			}
			switch c.DataAtom {
			case atom.Thead:
				walk(c, true)
			case atom.Tbody, atom.Tfoot:
				walk(c, false)
			case atom.Tr:
				cells := rowCells(c)
				if inHead || len(heads) == 0 && len(rows) == 0 && allHeads(cells) {
					heads = append(heads, cells)
				} else {
					rows = append(rows, cells)
				}
			case atom.Caption:
				w.out.WriteString(w.inlines(c) + "\n\n")
			}
		}
	}
	walk(n, false)
	if heads == nil && len(rows) == 0 {
		return
	}
	head := headGrid(heads)
	width := len(head)
	for _, r := range rows {
		width = max(width, len(cellsOf(r)))
	}
	off := make([]bool, width)
	right := make([]bool, width)
	headText := make([]string, width)
	for i, cs := range head {
		var texts []string
		for _, c := range cs {
			_, isOff := attr(c, "data-off")
			if col, _ := attr(c, "data-col"); col == "source" {
				isOff = false // the matrix's sources, which its prices do not name
			}
			off[i] = off[i] || isOff
			right[i] = hasClass(c, "num")
			if t := w.inlines(c); t != "" && !slices.Contains(texts, t) {
				texts = append(texts, t)
			}
		}
		headText[i] = strings.Join(texts, " · ")
	}
	keep := func(cells []*html.Node) []string {
		all := cellsOf(cells)
		var out []string
		for i := range width {
			if off[i] {
				continue
			}
			s := ""
			if i < len(all) && all[i] != nil && !skipped(all[i]) {
				s = w.inlines(all[i])
			}
			out = append(out, s)
		}
		return out
	}
	var r []bool
	for i := range width {
		if !off[i] {
			r = append(r, right[i])
		}
	}
	var h []string
	for i, t := range headText {
		if !off[i] {
			h = append(h, t)
		}
	}
	// Each row is written as it is made: a month of price changes at
	// 100,000 offers held 15–28 MB of cells otherwise.
	gfm.TableHead(&w.out, h, r)
	for i, row := range rows {
		gfm.TableRow(&w.out, keep(row))
		rows[i] = nil
	}
	w.out.WriteByte('\n')
}

// headGrid are the header cells over each column of a table's header
// rows, top first: a cell spanning rows or columns is over each of them.
func headGrid(rows [][]*html.Node) [][]*html.Node {
	var cols [][]*html.Node
	taken := map[[2]int]bool{} // row, column
	for r, cells := range rows {
		col := 0
		for _, c := range cells {
			for taken[[2]int{r, col}] {
				col++
			}
			colspan, rowspan := span(c, "colspan"), span(c, "rowspan")
			for i := range colspan {
				for len(cols) <= col+i {
					cols = append(cols, nil)
				}
				cols[col+i] = append(cols[col+i], c)
				for k := range rowspan {
					taken[[2]int{r + k, col + i}] = true
				}
			}
			col += colspan
		}
	}
	return cols
}

// span is the number of rows or columns (key) cell c spans: from 1 to 100.
func span(c *html.Node, key string) int {
	n := 1
	if v, ok := attr(c, key); ok {
		if k, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
			n = k
		}
	}
	return min(max(n, 1), 100)
}

// rowCells are the cells of a table row that are not hidden.
func rowCells(tr *html.Node) []*html.Node {
	var cells []*html.Node
	for c := tr.FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == atom.Td || c.DataAtom == atom.Th {
			cells = append(cells, c)
		}
	}
	return cells
}

// allHeads reports whether every cell is a header cell.
func allHeads(cells []*html.Node) bool {
	for _, c := range cells {
		if c.DataAtom != atom.Th {
			return false
		}
	}
	return len(cells) > 0
}

// cellsOf spreads the cells of a row over the columns they span: a cell
// spanning n columns is followed by n-1 nil cells.
func cellsOf(cells []*html.Node) []*html.Node {
	var out []*html.Node
	for _, c := range cells {
		out = append(out, c)
		for range span(c, "colspan") - 1 {
			out = append(out, nil)
		}
	}
	return out
}
