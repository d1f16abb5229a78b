// Package content reads the Markdown pages of content/ for the site: YAML
// front matter checked with positions, shortcodes expanded from text the
// stages above hand in, nesting and link bounds that keep hostile Markdown
// from stalling a build, and HTML with stable heading ids. It is an input
// of the page models, beside the derived data; it renders no template and
// writes no file.
package content

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"go.yaml.in/yaml/v3"

	"gpucompare/generator/catalog"
	"gpucompare/generator/mdlimit"
	"gpucompare/generator/rootfs"
	"gpucompare/generator/site/render"
)

// ContentPage is one Markdown page of content/, converted.
type ContentPage struct {
	File        string // "content/methodology.md"
	Path        string // output path: "methodology/index.html"
	Title       string
	Description string
	HTML        template.HTML // goldmark output: raw HTML in the source is dropped
	// Lang is the language the page is written in when an edition shows
	// it untranslated, for want of its own page: "en". "" otherwise.
	Lang string
}

// frontMatter is what a content page may say about itself.
type frontMatter struct {
	Title       string `yaml:"title"`
	Description string `yaml:"description"`
}

// LoadContent converts every Markdown file under dir (content/, or an
// edition's content/zh/) of root, in path order, with the shortcodes
// codes, leaving out the folders skip names (the editions' folders, from
// the root edition's content). Problems with a position go to diag; err
// is for I/O failures.
func LoadContent(root fs.FS, dir string, skip []string, codes Shortcodes, diag func(catalog.Diagnostic)) ([]*ContentPage, error) {
	if _, err := fs.Stat(root, dir); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	md := NewMarkdown()
	var out []*ContentPage
	err := fs.WalkDir(root, dir, func(file string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if (strings.HasPrefix(d.Name(), ".") && file != dir) || (d.IsDir() && slices.Contains(skip, file)) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if path.Ext(file) != ".md" {
			diag(catalog.Diagnostic{Pos: catalog.Pos{File: file}, Severity: catalog.Warning,
				Message: "not a Markdown page (.md): left out of the site"})
			return nil
		}
		src, err := fs.ReadFile(root, file)
		if d, ok := Refused(err); ok {
			diag(d)
			return nil
		}
		if err != nil {
			return err
		}
		p, errs := Convert(md, codes, file, src)
		for _, d := range errs {
			diag(d)
		}
		if p != nil {
			p.Path = contentPath(dir, file)
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

// WithFallback is an edition's content: its own pages, and each page of
// the root edition it has no page of its own for, shown untranslated in
// the root edition's language lang. Every page then has its twin.
func WithFallback(own, root []*ContentPage, lang string) []*ContentPage {
	have := map[string]bool{}
	for _, p := range own {
		have[p.Path] = true
	}
	out := slices.Clone(own)
	for _, p := range root {
		if !have[p.Path] {
			c := *p
			c.Lang = lang
			out = append(out, &c)
		}
	}
	slices.SortStableFunc(out, func(x, y *ContentPage) int { return strings.Compare(x.Path, y.Path) })
	return out
}

// Refused returns, as an error at the file's path, why the site root
// Refused to give a file (rootfs): it is not a regular file, it lies
// outside the root, or it is too large.
func Refused(err error) (catalog.Diagnostic, bool) {
	var r *rootfs.Error
	if !errors.As(err, &r) {
		return catalog.Diagnostic{}, false
	}
	return catalog.Diagnostic{Pos: catalog.Pos{File: r.Path}, Severity: catalog.Error, Message: r.Reason}, true
}

// contentPath is the output path of a content file under dir: content/a/b.md
// is a/b/index.html, content/a/index.md is a/index.html.
func contentPath(dir, file string) string {
	rel := strings.TrimSuffix(strings.TrimPrefix(file, dir+"/"), ".md")
	if rel == "index" || strings.HasSuffix(rel, "/index") {
		return strings.TrimSuffix(rel, "index") + "index.html"
	}
	return rel + "/index.html"
}

// Convert splits a content file into front matter and Markdown, expands
// the shortcodes of the Markdown, and converts both. Problems come back as
// diagnostics with positions in file.
func Convert(md goldmark.Markdown, codes Shortcodes, file string, src []byte) (*ContentPage, []catalog.Diagnostic) {
	errorf := func(line, col int, format string, args ...any) []catalog.Diagnostic {
		return []catalog.Diagnostic{{Pos: catalog.Pos{File: file, Line: line, Col: col}, Message: fmt.Sprintf(format, args...)}}
	}
	if d, bad := catalog.InvalidUTF8(file, src); bad {
		return nil, []catalog.Diagnostic{d}
	}
	fm, body, fmLine, ok := splitFrontMatter(src)
	if !ok {
		return nil, errorf(1, 1, `no front matter: a page starts with a "---" line, then title: and description:, then "---"`)
	}
	if fmLine < 0 {
		return nil, errorf(1, 1, `front matter is not closed: want a "---" line after it`)
	}
	meta, errs := decodeFrontMatter(file, fm, fmLine)
	if len(errs) > 0 {
		return nil, errs
	}
	if strings.TrimSpace(meta.Title) == "" {
		return nil, errorf(1, 1, "front matter has no title")
	}
	if line, col, deep := tooDeep(body, maxNesting); deep {
		line += bytes.Count(src[:len(src)-len(body)], []byte("\n"))
		return nil, errorf(line, col, "lists and block quotes nested more than %d deep: flatten them", maxNesting)
	}
	if line, col, many := tooManyLinks(body, maxLinkOpeners); many {
		line += bytes.Count(src[:len(src)-len(body)], []byte("\n"))
		return nil, errorf(line, col, "more than %d links in one paragraph: split it with blank lines", maxLinkOpeners)
	}
	skip := bytes.Count(src[:len(src)-len(body)], []byte("\n")) // the lines of the front matter
	if line, col, long := tooLong(body, maxContentBytes); long {
		return nil, errorf(skip+line, col, "page is %s bytes of Markdown; at most %s: split it into pages", render.Group(strconv.Itoa(len(body))), render.Group(strconv.Itoa(maxContentBytes)))
	}
	if p, big := mdlimit.Table(body, mdlimit.MaxTableCells); big {
		return nil, errorf(skip+p.Line, p.Col, "%s", p.Message)
	}
	if line, col, items, many := tooManyItems(md, body, maxListItems); many {
		return nil, errorf(skip+line, col, "list has %s items; at most %s: split it, or keep the figures in the catalog", render.Group(strconv.Itoa(items)), render.Group(strconv.Itoa(maxListItems)))
	}
	body, errs = codes.expand(file, body, bytes.Count(src[:len(src)-len(body)], []byte("\n")))
	if len(errs) > 0 {
		return nil, errs
	}
	var buf bytes.Buffer
	ctx := parser.NewContext(parser.WithIDs(NewHeadingIDs()))
	if err := md.Convert(body, &buf, parser.WithContext(ctx)); err != nil {
		return nil, errorf(fmLine, 1, "markdown: %v", err)
	}
	if buf.Len() > maxContentHTML {
		return nil, errorf(skip+1, 1, "page converts to %s bytes of HTML; at most %s: split it into pages", render.Group(strconv.Itoa(buf.Len())), render.Group(strconv.Itoa(maxContentHTML)))
	}
	return &ContentPage{
		File:        file,
		Title:       meta.Title,
		Description: meta.Description,
		HTML:        template.HTML(buf.String()), // goldmark without WithUnsafe: raw HTML is dropped
	}, nil
}

// Shortcodes are the texts a content page may include by name, written
// {{name}} in its Markdown: text the site makes from its catalog and its
// messages, such as the rule for prices in different currencies
// ("fx-rule"), so that a page says what the code does.
type Shortcodes map[string]string

var Shortcode = regexp.MustCompile(`\{\{\s*([a-z][a-z0-9-]*)\s*\}\}`)

// expand replaces each {{name}} of the Markdown body with the text of its
// shortcode, escaped so that Markdown keeps it as it is. An unknown name
// is an error at its line (counted after the skip lines before body) and
// column.
func (s Shortcodes) expand(file string, body []byte, skip int) ([]byte, []catalog.Diagnostic) {
	var errs []catalog.Diagnostic
	var known []string
	for name := range s {
		known = append(known, name)
	}
	slices.Sort(known)
	out := Shortcode.ReplaceAllFunc(body, func(m []byte) []byte {
		name := string(Shortcode.FindSubmatch(m)[1])
		if text, ok := s[name]; ok {
			if render.MarkdownShortcodes[name] {
				return []byte(text)
			}
			return render.EscapeMarkdown(text)
		}
		return m
	})
	for _, loc := range Shortcode.FindAllSubmatchIndex(body, -1) {
		name := string(body[loc[2]:loc[3]])
		if _, ok := s[name]; ok {
			continue
		}
		line := skip + bytes.Count(body[:loc[0]], []byte("\n")) + 1
		col := loc[0] - bytes.LastIndexByte(body[:loc[0]], '\n')
		want := "this site has none"
		if len(known) > 0 {
			want = "want " + strings.Join(known, " or ")
		}
		errs = append(errs, catalog.Diagnostic{Pos: catalog.Pos{File: file, Line: line, Col: col},
			Message: fmt.Sprintf("unknown shortcode %q: %s", name, want)})
	}
	return out, errs
}

// splitFrontMatter splits src into the YAML between a first "---" line and
// the next "---" (or "...") line, and the Markdown after it. line is the
// file line of the YAML's first line, -1 when the block is not closed; ok
// is false when src does not start with front matter.
func splitFrontMatter(src []byte) (fm, body []byte, line int, ok bool) {
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	first, rest, _ := bytes.Cut(src, []byte("\n"))
	if string(bytes.TrimRight(first, "\r")) != "---" {
		return nil, src, 0, false
	}
	start := len(src) - len(rest)
	for off := start; off < len(src); {
		end := bytes.IndexByte(src[off:], '\n')
		next := len(src)
		if end >= 0 {
			next = off + end + 1
		}
		l := string(bytes.TrimRight(src[off:next], "\r\n"))
		if l == "---" || l == "..." {
			return src[start:off], src[next:], 2, true
		}
		off = next
	}
	return nil, nil, -1, true
}

var yamlLine = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// decodeFrontMatter decodes the front matter strictly: unknown fields and
// wrong types are errors, placed at their line in the file (first is the
// file line of the YAML's first line) and at the column of the key.
func decodeFrontMatter(file string, fm []byte, first int) (frontMatter, []catalog.Diagnostic) {
	var meta frontMatter
	var node yaml.Node
	var errs []catalog.Diagnostic
	at := func(err string) {
		line, col, msg := first, 1, err
		if m := yamlLine.FindStringSubmatch(err); m != nil {
			n, _ := strconv.Atoi(m[1])
			if strings.HasPrefix(m[2], "did not find expected") {
				n++ // the YAML parser counts these lines from 0, unlike its scanner and decoder
			}
			line, msg = first+n-1, m[2]
			col = columnAt(&node, n)
		}
		msg = strings.TrimPrefix(msg, "yaml: ")
		if m := unknownField.FindStringSubmatch(msg); m != nil {
			msg = fmt.Sprintf("unknown field %q in front matter: want title or description", m[1])
		}
		errs = append(errs, catalog.Diagnostic{Pos: catalog.Pos{File: file, Line: line, Col: col}, Message: "front matter: " + msg})
	}
	if err := yaml.Unmarshal(fm, &node); err != nil {
		at(err.Error())
		return meta, errs
	}
	dec := yaml.NewDecoder(bytes.NewReader(fm))
	dec.KnownFields(true)
	err := dec.Decode(&meta)
	var te *yaml.TypeError
	switch {
	case err == nil, err == io.EOF:
	case errors.As(err, &te):
		for _, e := range te.Errors {
			at(e)
		}
	default:
		at(err.Error())
	}
	return meta, errs
}

var unknownField = regexp.MustCompile(`^field (\S+) not found in type`)

// columnAt is the column of the first node on line of the YAML document,
// or 1.
func columnAt(n *yaml.Node, line int) int {
	var find func(n *yaml.Node) int
	find = func(n *yaml.Node) int {
		if n.Kind != yaml.DocumentNode && n.Line == line {
			return n.Column
		}
		for _, c := range n.Content {
			if col := find(c); col > 0 {
				return col
			}
		}
		return 0
	}
	return max(find(n), 1)
}

// NewMarkdown is the Markdown converter of content pages: CommonMark with
// GFM tables, strikethrough, autolinks and task lists, typographic quotes
// and dashes, and heading ids. Raw HTML stays off (no html.WithUnsafe).
// Aligned table cells get an align-* class instead of a style attribute,
// which the page's Content-Security-Policy would refuse.
func NewMarkdown() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(
			extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignNone)),
			extension.Strikethrough,
			extension.Linkify,
			extension.TaskList,
			extension.Typographer,
		),
		goldmark.WithParserOptions(
			parser.WithAutoHeadingID(),
			parser.WithASTTransformers(util.Prioritized(alignClasses{}, 1000)),
		),
	)
}

// alignClasses marks aligned table cells with a class (align-left,
// align-center, align-right) that the stylesheet aligns.
type alignClasses struct{}

func (alignClasses) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if c, ok := n.(*east.TableCell); ok && entering && c.Alignment != east.AlignNone {
			c.SetAttributeString("class", []byte("align-"+c.Alignment.String()))
		}
		return ast.WalkContinue, nil
	})
}

// HeadingIDs makes heading ids that keep every letter and digit, not only
// ASCII ones: "Preise für GPUs" is preise-für-gpus, "价格与可用性" stays
// itself. Runs of spaces, '-' and '_' become one '-'; other punctuation is
// dropped; a repeated id gets -1, -2 … appended.
type HeadingIDs struct {
	used map[string]bool
	// next is, for an id given more than once, the suffix to try first:
	// one past the last one given, so that 20,000 headings of one text
	// take linear time, not quadratic (minutes).
	next map[string]int
}

func NewHeadingIDs() *HeadingIDs {
	// "main" is the id of the page's main element in templates/base.html.
	return &HeadingIDs{used: map[string]bool{"main": true}, next: map[string]int{}}
}

func (s *HeadingIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	var b strings.Builder
	dash := false
	for _, r := range string(value) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
		case unicode.IsSpace(r) || r == '-' || r == '_':
			dash = true
		}
	}
	id := b.String()
	if id == "" {
		id = "section"
		if kind != ast.KindHeading {
			id = "id"
		}
	}
	if s.used[id] {
		for i := max(s.next[id], 1); ; i++ {
			if c := id + "-" + strconv.Itoa(i); !s.used[c] {
				s.next[id] = i + 1
				id = c
				break
			}
		}
	}
	s.used[id] = true
	return []byte(id)
}

func (s *HeadingIDs) Put(value []byte) { s.used[string(value)] = true }
