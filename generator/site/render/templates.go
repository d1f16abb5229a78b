// Package render is the stage that turns page models into bytes. It holds
// the templates (templates/base.html framing one layout per page kind,
// one explicit FuncMap), the messages of each language and their formats
// (numbers, money, dates, notes, exchange-rate notes), and the two ways a
// layout is executed: the fast path of generator/tmplexec, held byte for
// byte to html/template, and html/template itself. Messages are folded
// into the parsed templates once (foldMessages), so that a page renders
// without looking them up. It knows no page kind and writes no file: page
// models come in as data, bytes go out to a writer.
package render

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"html"
	"html/template"
	"io"
	"io/fs"
	"maps"
	"math"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/template/parse"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/tmplexec"
)

// Layouts are the page kinds; each has templates/layouts/<kind>.html,
// which defines "layout" for the frame templates/base.html.
var Layouts = []string{"home", "compare", "gpus", "gpu", "providers", "provider", "instance", "guides", "guide", "changes", "benchmarks", "benchmark", "scenarios", "scenario", "evaluation", "page", "pages", "search", "summary", "embed", "404"}

// Templates are the parsed templates of a build, one set per layout,
// each made the first time it is asked for and let go of by Release: a
// build holds a layout's set from its first page to its last (and the
// matrix's from its measure on), not every set from start to end (8.4
// MB an edition). They are safe for concurrent use.
type Templates struct {
	Msgs Messages // for text made outside templates: the matrix script's messages

	// base is base.html and the partials, parsed with the messages, of
	// which each layout's set is a copy; layouts are the sources of the
	// layouts' files, read and parsed at load, so that a set made later
	// is made of the files as they were then.
	base    *template.Template
	layouts map[string]string
	// keep has Release keep every set (KeepSets).
	keep bool

	mu   sync.Mutex // guards sets and parts
	sets map[string]*layoutSet
	// parts are the templates of layout sets compiled alone (ExecutePart),
	// by layout and name; nil where one does not compile.
	parts map[[2]string]*tmplexec.Program
}

// layoutSet is the set of templates of a layout: base.html, the
// layout's file and the partials they call, messages folded in; and its
// program, compiled by tmplexec, which renders it faster, byte for byte
// the same (nil where it does not compile: html/template renders it);
// or the error that made it fail, given again until Release.
type layoutSet struct {
	t    *template.Template
	prog *tmplexec.Program
	err  error
}

// CompilePrograms is whether the layout sets, and the templates executed
// alone, are compiled for tmplexec when they are made; tests turn it off
// to compare with html/template's output.
var CompilePrograms = true

// LoadTemplates parses base.html, partials/*.html and every layout of
// tfs, with the messages of lang (messages/<lang>.yaml, falling back to
// Messages/en.yaml with a warning). A layout's set is made from them
// when it is first asked for.
func LoadTemplates(tfs fs.FS, lang string, warnf func(catalog.Pos, string, ...any)) (*Templates, error) {
	msgs, err := LoadMessages(tfs, lang, warnf)
	if err != nil {
		return nil, err
	}
	base, err := ParseShared(tfs, msgs)
	if err != nil {
		return nil, err
	}
	ts := &Templates{Msgs: msgs, base: base, layouts: map[string]string{}, sets: map[string]*layoutSet{}}
	for _, kind := range Layouts {
		name := "layouts/" + kind + ".html"
		src, err := fs.ReadFile(tfs, name)
		if err != nil {
			return nil, err
		}
		// Its errors of syntax and of functions now, as with the others.
		if _, err := template.New("templates/" + name).Funcs(Funcs(msgs)).Parse(string(src)); err != nil {
			return nil, err
		}
		ts.layouts[kind] = string(src)
	}
	return ts, nil
}

// KeepSets has Release keep every set: a Rebuilder's templates serve
// build after build. It is called before the templates are shared.
func (ts *Templates) KeepSets() { ts.keep = true }

// Release lets go of the set of the layout (and of its parts compiled
// alone) once the build is done with it; asked for again, it is made
// again.
func (ts *Templates) Release(layout string) {
	if ts.keep {
		return
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	delete(ts.sets, layout)
	for key := range ts.parts {
		if key[0] == layout {
			delete(ts.parts, key)
		}
	}
}

// Held lists the layouts whose set is made and held, sorted.
func (ts *Templates) Held() []string {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return slices.Sorted(maps.Keys(ts.sets))
}

// set is the set of the layout, made now if it is not made yet.
func (ts *Templates) set(layout string) (*layoutSet, error) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.setLocked(layout)
}

func (ts *Templates) setLocked(layout string) (*layoutSet, error) {
	if s := ts.sets[layout]; s != nil {
		return s, s.err
	}
	src, ok := ts.layouts[layout]
	if !ok {
		return nil, fmt.Errorf("no layout %q", layout)
	}
	s := &layoutSet{}
	s.t, s.prog, s.err = makeSet(ts.base, layout, src, ts.Msgs)
	ts.sets[layout] = s
	return s, s.err
}

// makeSet is the set of the layout kind, whose file holds src, made of
// a copy of base, and its program.
func makeSet(base *template.Template, kind, src string, msgs Messages) (*template.Template, *tmplexec.Program, error) {
	t, err := base.Clone()
	if err != nil {
		return nil, nil, err
	}
	file := "templates/layouts/" + kind + ".html"
	if _, err := t.New(file).Parse(src); err != nil {
		return nil, nil, err
	}
	if t, err = used(t, file, msgs); err != nil {
		return nil, nil, err
	}
	foldMessages(t, msgs)
	foldEscaped(t)
	var prog *tmplexec.Program
	if CompilePrograms {
		if p, err := tmplexec.Compile(t, "templates/base.html", Funcs(msgs)); err == nil {
			prog = p
		}
	}
	return t, prog, nil
}

// Execute renders the page p with the templates of its layout: the
// compiled program when there is one.
func (ts *Templates) Execute(w io.Writer, layout string, p any) error {
	s, err := ts.set(layout)
	if err != nil {
		return err
	}
	if s.prog != nil {
		return s.prog.Execute(w, p)
	}
	return s.t.ExecuteTemplate(w, "templates/base.html", p)
}

// Defines reports whether the layout's set has the template name.
func (ts *Templates) Defines(layout, name string) bool {
	s, err := ts.set(layout)
	return err == nil && s.t.Lookup(name) != nil
}

// Set is the html/template set of the layout, for tests that compare
// with it.
func (ts *Templates) Set(layout string) (*template.Template, error) {
	s, err := ts.set(layout)
	if err != nil {
		return nil, err
	}
	return s.t, nil
}

// ExecutePart renders the template name of the layout's set with data, as
// html/template's ExecuteTemplate does: through a program tmplexec
// compiles of that template alone on its first use, or through
// html/template when it does not compile.
func (ts *Templates) ExecutePart(w io.Writer, layout, name string, data any) error {
	t, prog, err := ts.part(layout, name)
	if err != nil {
		return err
	}
	if prog != nil {
		return prog.Execute(w, data)
	}
	return t.ExecuteTemplate(w, name, data)
}

// PartCompiles reports whether ExecutePart renders the template name of
// the layout's set through a compiled program.
func (ts *Templates) PartCompiles(layout, name string) bool {
	_, prog, err := ts.part(layout, name)
	return err == nil && prog != nil
}

// part is the layout's set and the program of its template name,
// compiled once; no program when it does not compile.
func (ts *Templates) part(layout, name string) (*template.Template, *tmplexec.Program, error) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	s, err := ts.setLocked(layout)
	if err != nil {
		return nil, nil, err
	}
	if s.t.Lookup(name) == nil {
		return nil, nil, fmt.Errorf("render: no template %q in the layout %q", name, layout)
	}
	if !CompilePrograms {
		return s.t, nil, nil
	}
	key := [2]string{layout, name}
	prog, ok := ts.parts[key]
	if !ok {
		// html/template escapes a template executed alone, as it is
		// called from a layout, before it runs: compile it escaped.
		err := s.t.ExecuteTemplate(io.Discard, name, nil)
		var escErr *template.Error
		if !errors.As(err, &escErr) {
			if p, err := tmplexec.Compile(s.t, name, Funcs(ts.Msgs)); err == nil {
				prog = p
			}
		}
		if ts.parts == nil {
			ts.parts = map[[2]string]*tmplexec.Program{}
		}
		ts.parts[key] = prog
	}
	return s.t, prog, nil
}

// used is the layout set t with only the templates its pages can run:
// base.html, those the layout's file defines (ExecutePart runs them
// alone), and those these call, at any depth. Every layout's set holds
// its own copy of the templates it keeps (html/template escapes a set's
// trees in place), and the partials a layout does not call were most of
// each copy: a build held about 19 MB of templates, most of them never
// run.
func used(t *template.Template, layoutFile string, msgs Messages) (*template.Template, error) {
	keep := map[string]bool{}
	var visit func(name string)
	visit = func(name string) {
		if keep[name] {
			return
		}
		u := t.Lookup(name)
		if u == nil || u.Tree == nil {
			return // executing a call of it fails, as with the whole set
		}
		keep[name] = true
		for _, called := range calls(u.Tree.Root, nil) {
			visit(called)
		}
	}
	visit(t.Name())
	for _, u := range t.Templates() {
		if u.Tree != nil && u.Tree.ParseName == layoutFile {
			visit(u.Name())
		}
	}
	out := template.New(t.Name()).Funcs(Funcs(msgs))
	for _, u := range t.Templates() {
		if keep[u.Name()] {
			if _, err := out.AddParseTree(u.Name(), u.Tree); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// calls appends to names the names of the templates n calls.
func calls(n parse.Node, names []string) []string {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return names
		}
		for _, c := range n.Nodes {
			names = calls(c, names)
		}
	case *parse.TemplateNode:
		names = append(names, n.Name)
	case *parse.IfNode:
		names = calls(n.ElseList, calls(n.List, names))
	case *parse.RangeNode:
		names = calls(n.ElseList, calls(n.List, names))
	case *parse.WithNode:
		names = calls(n.ElseList, calls(n.List, names))
	}
	return names
}

// ParseShared parses base.html and partials/*.html of tfs into one set,
// with the FuncMap of msgs: what every layout, and the report, builds on.
func ParseShared(tfs fs.FS, msgs Messages) (*template.Template, error) {
	base := template.New("templates/base.html").Funcs(Funcs(msgs))
	if err := ParseFile(tfs, base, "base.html"); err != nil {
		return nil, err
	}
	partials, err := fs.Glob(tfs, "partials/*.html")
	if err != nil {
		return nil, err
	}
	slices.Sort(partials)
	for _, p := range partials {
		if err := ParseFile(tfs, base, p); err != nil {
			return nil, err
		}
	}
	return base, nil
}

// ParseFile parses the template file name of tfs into t, named
// "templates/<name>".
func ParseFile(tfs fs.FS, t *template.Template, name string) error {
	src, err := fs.ReadFile(tfs, name)
	if err != nil {
		return err
	}
	if t.Name() != "templates/"+name {
		t = t.New("templates/" + name)
	}
	_, err = t.Parse(string(src))
	return err
}

// Messages is the UI text of one language: dotted key → text.
type Messages map[string]string

// LoadMessages reads messages/<lang>.yaml, a tree of keys whose leaves are
// strings, into dotted keys ("compare.title"). A language with no file is
// built in English, with a warning; a language whose file lacks a key of
// Messages/en.yaml, or has one en.yaml lacks, fails with every such key.
func LoadMessages(tfs fs.FS, lang string, warnf func(catalog.Pos, string, ...any)) (Messages, error) {
	name := "messages/" + lang + ".yaml"
	if _, err := fs.Stat(tfs, name); err != nil && lang != "en" {
		warnf(catalog.Pos{File: "data/site.yaml"}, "no messages for language %q (templates/%s): the site is built in English", lang, name)
		lang, name = "en", "messages/en.yaml"
	}
	m, at, err := ReadMessages(tfs, name)
	if err != nil || lang == "en" {
		return m, err
	}
	en, enAt, err := ReadMessages(tfs, "messages/en.yaml")
	if err != nil {
		return nil, err
	}
	if err := sameKeys("templates/messages/en.yaml", en, enAt, "templates/"+name, m, at); err != nil {
		return nil, err
	}
	return m, nil
}

// sameKeys returns an error naming every key one catalogue of messages
// has and the other lacks (nil when they have the same keys): ref is the
// English catalogue every language follows, with its positions refAt.
func sameKeys(refName string, ref Messages, refAt map[string]catalog.Pos, name string, m Messages, at map[string]catalog.Pos) error {
	var missing, extra []string
	for k := range ref {
		if _, ok := m[k]; !ok {
			missing = append(missing, k)
		}
	}
	for k := range m {
		if _, ok := ref[k]; !ok {
			extra = append(extra, k)
		}
	}
	slices.Sort(missing)
	slices.SortFunc(extra, func(a, b string) int { return at[a].Line - at[b].Line })
	var errs []error
	if len(missing) > 0 {
		quoted := make([]string, len(missing))
		for i, k := range missing {
			quoted[i] = fmt.Sprintf("%q (%s:%d)", k, refName, refAt[k].Line)
		}
		errs = append(errs, fmt.Errorf("%s: missing %d of the messages of %s: %s; add them, translated", name, len(missing), refName, strings.Join(quoted, ", ")))
	}
	for _, k := range extra {
		errs = append(errs, fmt.Errorf("%s:%d:%d: message %q is not in %s: remove it, or add it to every language", name, at[k].Line, at[k].Col, k, refName))
	}
	return errors.Join(errs...)
}

// ReadMessages reads the messages of the file name of tfs, with the
// position of each.
func ReadMessages(tfs fs.FS, name string) (Messages, map[string]catalog.Pos, error) {
	src, err := fs.ReadFile(tfs, name)
	if err != nil {
		return nil, nil, err
	}
	var tree yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(src))
	if err := dec.Decode(&tree); err != nil {
		return nil, nil, fmt.Errorf("templates/%s: %v", name, err)
	}
	m := Messages{}
	at := map[string]catalog.Pos{}
	var walk func(prefix string, n *yaml.Node) error
	walk = func(prefix string, n *yaml.Node) error {
		switch n.Kind {
		case yaml.DocumentNode:
			return walk(prefix, n.Content[0])
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i].Value
				if prefix != "" {
					k = prefix + "." + k
				}
				if err := walk(k, n.Content[i+1]); err != nil {
					return err
				}
			}
			return nil
		case yaml.ScalarNode:
			if _, dup := m[prefix]; dup {
				return fmt.Errorf("templates/%s:%d:%d: message %q given twice", name, n.Line, n.Column, prefix)
			}
			m[prefix] = n.Value
			at[prefix] = catalog.Pos{File: "templates/" + name, Line: n.Line, Col: n.Column}
			return nil
		}
		return fmt.Errorf("templates/%s:%d:%d: message %q: want text or a mapping of messages", name, n.Line, n.Column, prefix)
	}
	return m, at, walk("", &tree)
}

// T returns the message key, formatted with args (fmt verbs; %[2]s lets a
// translation reorder them). A missing key fails the build.
func (m Messages) T(key string, args ...any) (string, error) {
	s, ok := m[key]
	if !ok {
		return "", fmt.Errorf("no message %q in templates/messages", key)
	}
	if len(args) > 0 {
		s = fmt.Sprintf(s, groupCounts(args)...)
	}
	return s, nil
}

// th is the message of key as HTML, with each argument that is HTML (a
// name marked as the catalog's language by own) put in as it is and every
// other escaped: {{th "benchmark.group" (own .Round) …}}.
func (m Messages) th(key string, args ...any) (template.HTML, error) {
	s, ok := m[key]
	if !ok {
		return "", fmt.Errorf("no message %q in templates/messages", key)
	}
	in := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case template.HTML:
			in[i] = string(v)
		case string:
			in[i] = template.HTMLEscapeString(v)
		default:
			in[i] = v
		}
	}
	return template.HTML(fmt.Sprintf(template.HTMLEscapeString(s), groupCounts(in)...)), nil
}

// groupCounts is args with each whole number written as a figure is
// (FormatNum: 1,024 instances, 8,760小时), whatever verb its message
// gives it; other arguments as they are.
func groupCounts(args []any) []any {
	var out []any
	for i, a := range args {
		if n, ok := a.(int); ok {
			if out == nil {
				out = slices.Clone(args)
			}
			out[i] = count(n)
		}
	}
	if out == nil {
		return args
	}
	return out
}

// count is a whole number a message puts in: fmt writes it grouped
// (1,024) for %d, %s and %v alike.
type count int

// Format writes n grouped, padded to the verb's width if it has one.
func (n count) Format(f fmt.State, verb rune) {
	s := FormatNum(int(n))
	if w, ok := f.Width(); ok && len(s) < w {
		s = strings.Repeat(" ", w-len(s)) + s
	}
	io.WriteString(f, s)
}

// TKeeping returns t of m without its error: the first error met is kept
// in *err, for code that makes many texts and checks once.
func (m Messages) TKeeping(err *error) func(key string, args ...any) string {
	return func(key string, args ...any) string {
		s, e := m.T(key, args...)
		if e != nil && *err == nil {
			*err = e
		}
		return s
	}
}

// Funcs is the one FuncMap of the templates.
func Funcs(m Messages) template.FuncMap {
	return template.FuncMap{
		"t":            m.T,                                                                 // UI text by key: {{t "compare.title"}}
		"th":           m.th,                                                                // UI text by key as HTML, an HTML argument put in as it is: {{th "benchmark.group" (own .Round) …}}
		"note":         m.Note,                                                              // a stage's note worded by the messages of a prefix: {{note "bench.flag." .}}
		"tr":           m.tr,                                                                // a catalog record's text in the language, as HTML, marked when untranslated: {{tr .Provider "description"}}
		"trs":          m.trs,                                                               // a catalog record's text in the language, as plain text: {{trs .Provider "name"}}
		"num":          FormatNum,                                                           // a figure: 1,979 or 19.5
		"result":       FormatResult,                                                        // a benchmark result or trial figure, to four significant digits: 27.97, 1,236
		"money":        FormatMoney,                                                         // an amount: 4 significant digits, at least 2 decimals: 32.77, 0.7068, 1,234.50
		"quote":        quoteIn(m.language()),                                               // words quoted from a source, <q> in their language
		"derived":      FormatDerived,                                                       // a computed amount, as money
		"large":        func(v any) string { return large(m, v) },                           // a large computed amount in running text as the language writes it: 1,992,759.84; 199.28万
		"exact":        FormatExact,                                                         // an amount with all its digits, for a title: 32.7726
		"moneyin":      FormatMoneyIn,                                                       // an amount in a currency: yuan to the fen, 14.42 (FormatMoneyIn)
		"tri":          Tri,                                                                 // a *bool as "yes", "no" or "unknown"
		"cite":         m.Cite,                                                              // a source split into citations, each into words and links
		"citeof":       func(rec any, key string) []Citation { return citeOf(m, rec, key) }, // a record's source in the language, split as cite splits it: {{citeof .Provider.SLA "source"}}
		"spotname":     m.spotName,                                                          // a provider's own term for its spot capacity, where the language has it: {{spotname .Provider}}
		"join":         strings.Join,                                                        // a list of names
		"besides":      Besides,                                                             // the words a name does not already say: {{besides $name .Aliases}}
		"wbr":          Breakable,                                                           // a name that may wrap after '.', '_' and '-' only
		"inc":          inc,                                                                 // a 0-based index counted from 1
		"sentence":     m.Sentence,                                                          // catalog text ended as a sentence: "billed apart."
		"date":         m.dateOf,                                                            // a catalog date as the language writes it: 2025-06-01, 2025年6月1日
		"asof":         m.AsOf,                                                              // an as-of in words as another language words it: 未注明日期（取自价格目录的提交 003c56a）; "" when it has no such form
		"fxnotes":      FxNotes,                                                             // the rates of a ranking as fxNotes: {{fxnotes "USD" .Rates}}
		"fxnote":       m.FxNote,                                                            // the sentence beside a ranking for one rate
		"sharekey":     ShareKey,                                                            // the message key naming a strategy's share of a pricing model
		"months":       m.Months,                                                            // a number of months as the language writes it: "1 month", "12 months"
		"agemonths":    ageMonthsIn(m),                                                      // an age of n months as a price's age says it: "21 months" is "1 year"
		"cur":          m.Cur,                                                               // a currency code as the language writes it beside an amount: USD, 美元
		"asp":          func() template.HTML { return amountSpace(m) },                      // the space between an amount and its currency: a narrow no-break space, none in Chinese (16美元)
		"curname":      m.CurName,                                                           // a currency code as the language names the currency: USD, 人民币
		"unitname":     m.UnitName,                                                          // a benchmark's unit as the language writes it: minutes, 分钟
		"division":     m.Division,                                                          // a benchmark's division as the language writes it: closed, 封闭组（Closed）
		"round":        func(r string) template.HTML { return roundName(m, r) },             // a benchmark's round as the language writes it where the messages name it (round_name), else marked as the catalog's
		"rounds":       func(rs []string) template.HTML { return roundNames(m, rs) },        // benchmark rounds as round writes each, in a list: 推理 v4.0，推理 v4.1
		"nettext":      func(n string) template.HTML { return networkText(m, n) },           // an instance's network as the provider words it, in the language's words where it is of a form the messages word (network_form), else marked as the catalog's
		"certname":     func(c string) string { return CertName(m, c) },                     // a certification as the language names it: PCI DSS Level 1, PCI DSS 1级
		"own":          m.own,                                                               // a name in the catalog's language only (an instance type's), marked so on another language's page: {{own (wbr .Instance.Name)}}
		"instname":     m.instName,                                                          // an instance type's name, breakable, in the language where the catalog has it, else marked as the catalog's: {{instname .Instance}}
		"instnametext": m.instNameText,                                                      // instname without the breaks
		"instnamewords": func(in *catalog.Instance) template.HTML { // instname that wraps between its words only, never inside one (a short list's)
			return instNameWords(m, in)
		},
		"tip": m.tip, // a span of the page's words whose tooltip is a catalog record's text: {{tip "tag partial" .Instance "price_incomplete" (t "price.partial")}}
	}
}

// amountSpace is the space between an amount and its currency
// (punct.amount_space): a narrow no-break space in English (32.77 USD),
// none in Chinese (32.77美元).
func amountSpace(m Messages) template.HTML {
	if m["punct.amount_space"] == "" {
		return ""
	}
	return "&#8239;"
}

// Cur is the currency of the ISO 4217 code as the language writes it
// beside an amount (currency_unit: 元 for CNY, 美元 for USD in Chinese);
// the code itself where the messages name none (English writes codes).
func (m Messages) Cur(code string) string {
	return listed(m, "currency_unit.", code)
}

// CurName is the currency of the ISO 4217 code as the language names
// it in running text (currency_name: 人民币 for CNY); the code where the
// messages name none.
func (m Messages) CurName(code string) string {
	return listed(m, "currency_name.", code)
}

// UnitName is a benchmark's unit (or what its throughput counts) as the
// language writes it (unit_name: 分钟 for minutes); as the catalog writes
// it where the messages name none.
func (m Messages) UnitName(u string) string {
	return listed(m, "unit_name.", u)
}

// Division is an MLPerf division as the language writes it (division:
// 封闭 for closed); as the catalog writes it where the messages name none.
func (m Messages) Division(d string) string {
	return listed(m, "division.", d)
}

// round is a benchmark's round as the language writes it where the
// messages name it (round_name: "n/a (not MLPerf)" is —（非MLPerf）), else
// the catalog's words, marked as its language (own).
func roundName(m Messages, r string) template.HTML {
	if s := m["round_name."+r]; s != "" {
		return template.HTML(template.HTMLEscapeString(s))
	}
	return m.own(r)
}

// roundNames is rounds as roundName writes each, joined by the
// language's comma (punct.comma).
func roundNames(m Messages, rounds []string) template.HTML {
	var b strings.Builder
	for i, r := range rounds {
		if i > 0 {
			b.WriteString(template.HTMLEscapeString(m["punct.comma"]))
		}
		b.WriteString(string(roundName(m, r)))
	}
	return template.HTML(b.String())
}

// networkForms are the forms of an instance's network the catalog
// writes again and again in the providers' words, each with the message
// (network_form.<key>) that words it in another language, with the
// form's figures as its arguments.
var networkForms = []struct {
	key string
	re  *regexp.Regexp
}{
	{"max_assured", regexp.MustCompile(`^([0-9.]+)/([0-9.]+) Gbit/s max/assured$`)},
	{"up_to", regexp.MustCompile(`^up to ([0-9.]+) Gbit/s$`)},
}

// networkText is an instance's network n as the language of m words it
// where it is one of networkForms (15/3 Gbit/s max/assured is 最高
// 15 Gbit/s，保证 3 Gbit/s in Chinese), else the catalog's words, marked
// as its language (own).
func networkText(m Messages, n string) template.HTML {
	if m.language() != catalog.BaseLanguage {
		for _, f := range networkForms {
			sm := f.re.FindStringSubmatch(strings.TrimSpace(n))
			if format, ok := m["network_form."+f.key]; ok && sm != nil {
				args := make([]any, len(sm)-1)
				for i, a := range sm[1:] {
					args[i] = a
				}
				return template.HTML(template.HTMLEscapeString(fmt.Sprintf(format, args...)))
			}
		}
	}
	return m.own(n)
}

// listed is the message prefix+key where the messages have it, else key:
// a catalog term (a currency code, a unit) as the language writes it.
func listed(m Messages, prefix, key string) string {
	if s := m[prefix+key]; s != "" {
		return s
	}
	return key
}

// CertName is the certification c of a provider's list as the language m
// names it (cert_name, by c's words in lower case joined by _: PCI DSS 1级
// for "PCI DSS Level 1" in Chinese); c itself where the messages name it
// not (ISO 27001). The certifications an MLPS record stands for (等保三级,
// catalog.MLPSFiledName) are cert_name.mlps_level_N and
// cert_name.mlps_unstated.
func CertName(m Messages, c string) string {
	var key string
	switch n := slices.Index(mlpsLevelNames[:], c); {
	case c == catalog.MLPSFiledName:
		key = "mlps_unstated"
	case n >= 0:
		key = "mlps_level_" + strconv.Itoa(n+1)
	default:
		key = certKey(c)
	}
	if s := m["cert_name."+key]; s != "" {
		return s
	}
	return c
}

// mlpsLevelNames are the names of the MLPS levels 1 to 5 (等保一级…),
// as catalog.MLPS writes them.
var mlpsLevelNames = func() (names [5]string) {
	for i := range names {
		names[i] = (&catalog.MLPS{Level: strconv.Itoa(i + 1)}).CertName()
	}
	return names
}()

// certKey is the key of certification c among the cert_name messages:
// its letters and digits in lower case, each run of others one _.
func certKey(c string) string {
	var b strings.Builder
	gap := false
	for _, r := range strings.ToLower(c) {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r)
			gap = false
		} else {
			gap = true
		}
	}
	return b.String()
}

// own marks h, a name the catalog writes in its own language only (an
// instance type's: "B200 (Secure Cloud, per GPU)"), as that language on
// a page in another; on the catalog language's pages h is as it is.
// instName is the name of instance type in, breakable (Breakable): its
// name in the language of m where the catalog has one, else its own,
// marked as the catalog's language's (own).
func (m Messages) instName(in *catalog.Instance) template.HTML {
	if in == nil {
		return ""
	}
	if s, ok := in.I18n[m.language()]["name"]; ok && s != "" {
		return Breakable(s)
	}
	return m.own(Breakable(in.Name))
}

// instNameWords is instNameText with each of its words (parted by
// spaces) in a span of class nw, which keeps it on one line: a list of
// names (a guide's short list) wraps a name between its words, never
// inside one ("GN7.2XLARG" / "E32"). A function, not a method, so that
// Messages stays small.
func instNameWords(m Messages, in *catalog.Instance) template.HTML {
	if in == nil {
		return ""
	}
	s, translated := in.I18n[m.language()]["name"]
	translated = translated && s != ""
	if !translated {
		s = in.Name
	}
	var b strings.Builder
	for i, w := range strings.Fields(s) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(`<span class="nw">` + template.HTMLEscapeString(w) + `</span>`)
	}
	if translated {
		return template.HTML(b.String())
	}
	return m.own(template.HTML(b.String()))
}

// instNameText is instName without the breaks, for text that does not
// wrap (a heading's, a chart's).
func (m Messages) instNameText(in *catalog.Instance) template.HTML {
	if in == nil {
		return ""
	}
	if s, ok := in.I18n[m.language()]["name"]; ok && s != "" {
		return template.HTML(template.HTMLEscapeString(s))
	}
	return m.own(in.Name)
}

func (m Messages) own(v any) template.HTML {
	var h template.HTML
	switch v := v.(type) {
	case template.HTML:
		h = v
	case string:
		h = template.HTML(template.HTMLEscapeString(v))
	}
	if h == "" || m.language() == catalog.BaseLanguage {
		return h
	}
	return template.HTML(`<span lang="`+catalog.BaseLanguage+`">`) + h + "</span>"
}

// tip is a span of class class showing text, the page's words, with the
// text of the field key of the catalog record rec (catalog.Text) as its
// tooltip (title). Where the record has no text of its own in the page's
// language, the span is marked as the catalog's language, which its
// tooltip is then in, with the mark of untranslated text
// (untranslated.mark) after the note, and its text inside as the page's
// language.
func (m Messages) tip(class string, rec any, key, text string) template.HTML {
	esc := template.HTMLEscapeString
	attrs := ""
	if class != "" {
		attrs = ` class="` + esc(class) + `"`
	}
	lang := m.language()
	note, in := catalog.Text(rec, key, lang)
	if lang == catalog.BaseLanguage || in {
		return template.HTML(`<span` + attrs + ` title="` + esc(note) + `">` + esc(text) + `</span>`)
	}
	title := note
	if mark := m["untranslated.mark"]; mark != "" {
		title += " (" + mark + ")"
	}
	return template.HTML(`<span` + attrs + ` lang="` + catalog.BaseLanguage + `" title="` + esc(title) + `"><span lang="` + esc(lang) + `">` + esc(text) + `</span></span>`)
}

// language is the language of the messages (site.language): the
// language catalog text is shown in.
func (m Messages) language() string { return cmp.Or(m["site.language"], catalog.BaseLanguage) }

// tr returns the text of the field key of the catalog record rec in the
// language of the messages (catalog.Text), escaped: where the record has
// none in that language, the catalog's own text, marked as such.
func (m Messages) tr(rec any, key string) (template.HTML, error) {
	s, in := catalog.Text(rec, key, m.language())
	if in {
		s = m.ProseDates(s)
	}
	h := template.HTML(template.HTMLEscapeString(s))
	if in && m.language() != catalog.BaseLanguage {
		h = quotations(codeSpans(h))
	}
	if key == "name" {
		h = nameBreaks(h, m["site.name_breaks"])
	}
	if in && s != "" && m.language() != catalog.BaseLanguage {
		// A name the catalog gives in its own language only (RunPod
		// Secure Cloud) stays a name, unmarked, but in that language; one
		// it writes without a Latin letter (百度智能云's 华北-北京) is in
		// the page's script already.
		if own, _ := catalog.Text(rec, key, catalog.BaseLanguage); own == s {
			if !strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Latin, r) }) {
				return h, nil
			}
			return template.HTML(`<span lang="`+catalog.BaseLanguage+`">`) + h + "</span>", nil
		}
	}
	return m.Marked(h, in, false)
}

// nameBreaks puts a <wbr> in h where breaks (the message site.name_breaks)
// lets a name with no space wrap ("亚马逊云科技|中国区域"): at its own
// words, so a cell narrower than the whole name breaks it there, not
// where the cell ends.
func nameBreaks(h template.HTML, breaks string) template.HTML {
	for _, b := range strings.Fields(breaks) {
		whole := template.HTMLEscapeString(strings.ReplaceAll(b, "|", ""))
		if strings.Contains(string(h), whole) {
			parts := strings.Split(b, "|")
			for i := range parts {
				parts[i] = template.HTMLEscapeString(parts[i])
			}
			h = template.HTML(strings.ReplaceAll(string(h), whole, strings.Join(parts, "<wbr>")))
		}
	}
	return h
}

// trs returns the text of the field key of rec in the language of the
// trs returns the text of the field key of rec in the language of the
// Messages, plain, for an attribute or a title.
func (m Messages) trs(rec any, key string) string {
	s, in := catalog.Text(rec, key, m.language())
	if in {
		s = m.ProseDates(s)
	}
	if in && m.language() != catalog.BaseLanguage {
		s = codeSpan.ReplaceAllString(s, "$1")
	}
	return s
}

// codeSpan is an identifier a catalog text in another language than the
// catalog's sets in backquotes, as Markdown does: an API field
// (`memoryCapacityInGB`), a repository (`skypilot-catalog`), a region
// code (`bj`).
var codeSpan = regexp.MustCompile("`([^`\n]+)`")

// codeSpans shows the identifiers of h, escaped text, as code in the
// catalog's language: <code lang="en">bj</code>.
func codeSpans(h template.HTML) template.HTML {
	return template.HTML(codeSpan.ReplaceAllString(string(h), `<code lang="`+catalog.BaseLanguage+`">$1</code>`))
}

// quotation is a quotation a catalog text in another language than the
// catalog's sets in “”: a source's own words (“H100 $3.09 / hour”,
// “TensorCore加速”), which keep their language.
var quotation = regexp.MustCompile(`“([^“”\n]+)”`)

// quotations shows the quotations of h, escaped text, as quotations,
// <q>, whose marks the browser draws in the language of the quotation:
// one with a Latin letter and no Han character is in the catalog's
// language (<q lang="en">), any other in the page's.
func quotations(h template.HTML) template.HTML {
	return template.HTML(quotation.ReplaceAllStringFunc(string(h), func(q string) string {
		q = strings.TrimSuffix(strings.TrimPrefix(q, "“"), "”")
		if inBaseLanguage(html.UnescapeString(q)) {
			return `<q lang="` + catalog.BaseLanguage + `">` + q + "</q>"
		}
		return "<q>" + q + "</q>"
	}))
}

// inBaseLanguage reports whether words quoted from a source are in the
// catalog's language: a Latin letter and no Han character.
func inBaseLanguage(words string) bool {
	return strings.ContainsFunc(words, func(r rune) bool { return unicode.Is(unicode.Latin, r) }) && !strings.ContainsFunc(words, func(r rune) bool { return unicode.Is(unicode.Han, r) })
}

// quoteIn is Quote on a page in language lang, when it is not the
// catalog's, and a plain quotation on a page in the catalog's own.
func quoteIn(lang string) func(string) template.HTML {
	if lang == catalog.BaseLanguage {
		return func(words string) template.HTML {
			return template.HTML("<q>" + template.HTMLEscapeString(words) + "</q>")
		}
	}
	return Quote
}

// Quote shows words quoted from a source (a document's title, a
// provider's claim) as a quotation, <q>, in their own language: one in
// the catalog's language is marked so (<q lang="en">), for the browser
// to draw its marks and a reader of another edition to know it is the
// source's English, not the page's.
func Quote(words string) template.HTML {
	if inBaseLanguage(words) {
		return template.HTML(`<q lang="` + catalog.BaseLanguage + `">` + template.HTMLEscapeString(words) + "</q>")
	}
	return template.HTML("<q>" + template.HTMLEscapeString(words) + "</q>")
}

// ProseDates writes the ISO dates (2020-11-01) of a catalog text
// translated into the language of m as the language writes dates
// (2020年11月1日), outside the quotations of a source in “”, which
// keep their words; in the catalog's own language, and where the
// language writes ISO dates, s is as it is.
func (m Messages) ProseDates(s string) string {
	if m.language() == catalog.BaseLanguage || !isoDay.MatchString(s) {
		return s
	}
	var b strings.Builder
	quoted := 0
	last := 0
	for _, loc := range isoDay.FindAllStringIndex(s, -1) {
		lo, hi := loc[0], loc[1]
		if lo > 0 && isCodeByte(s[lo-1]) || hi < len(s) && isCodeByte(s[hi]) {
			continue
		}
		quoted += strings.Count(s[last:lo], "“") - strings.Count(s[last:lo], "”")
		before := s[last:lo]
		d := s[lo:hi]
		if w, err := m.Date(d); err == nil && quoted <= 0 {
			// Written Chinese sets a date against the words around it:
			// 自2020年11月1日起, not 自 2020年11月1日 起.
			if r, n := utf8.DecodeLastRuneInString(strings.TrimSuffix(before, " ")); n > 0 && strings.HasSuffix(before, " ") && unicode.Is(unicode.Han, r) {
				before = strings.TrimSuffix(before, " ")
			}
			if rest := s[hi:]; strings.HasPrefix(rest, " ") {
				if r, _ := utf8.DecodeRuneInString(rest[1:]); unicode.Is(unicode.Han, r) {
					hi++
				}
			}
			d = w
		}
		b.WriteString(before)
		b.WriteString(d)
		last = hi
	}
	b.WriteString(s[last:])
	return b.String()
}

// isoDay is an ISO date of a day standing alone (not in a longer run of
// letters, digits and dashes: a file name, a version).
var isoDay = regexp.MustCompile(`[12][0-9]{3}-[01][0-9]-[0-3][0-9]`)

// isCodeByte is a byte of a name or code around a date: a letter, a
// digit, a dash.
func isCodeByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-'
}

// spotName is provider p's own term for its spot capacity in the
// language of m (竞价实例 for 腾讯云, Spot 实例 for AWS), without what
// its brackets add, for the label of its spot prices on its own pages;
// "" where p has none in that language, or the language is the
// catalog's own (the site's term stands there).
func (m Messages) spotName(p *catalog.Provider) string {
	if p == nil || m.language() == catalog.BaseLanguage || p.Spot.I18n[m.language()]["name"] == "" {
		return ""
	}
	s, _ := catalog.Text(&p.Spot, "name", m.language())
	if i := strings.IndexAny(s, "（("); i > 0 {
		s = strings.TrimSpace(s[:i])
	}
	return s
}

// Marked returns h as it is when it is in the language of the messages
// (in); otherwise it marks it as the catalog's own text, in its language,
// with the words untranslated.mark: in a span, or in a div when block.
func (m Messages) Marked(h template.HTML, in, block bool) (template.HTML, error) {
	if in || h == "" {
		return h, nil
	}
	mark, err := m.T("untranslated.mark")
	if err != nil {
		return "", err
	}
	title, err := m.T("untranslated.title")
	if err != nil {
		return "", err
	}
	attrs := fmt.Sprintf(`class="untranslated" title="%s"`, template.HTMLEscapeString(title))
	lang := template.HTMLEscapeString(catalog.BaseLanguage)
	if block {
		return template.HTML(fmt.Sprintf(`<div %s><div lang="%s">%s</div><p class="untranslated-mark">%s</p></div>`, attrs, lang, h, template.HTMLEscapeString(mark))), nil
	}
	return template.HTML(fmt.Sprintf(`<span %s><span lang="%s">%s</span> <small class="untranslated-mark">%s</small></span>`, attrs, lang, h, template.HTMLEscapeString(mark))), nil
}

// Sentence ends catalog text s with the language's full stop
// (site.full_stop), unless it already ends in a sentence's closing mark.
// Months writes a number of months: "1 month", "12 months", "1.5
// months" (messages scenario.months_1 and scenario.months).
func (m Messages) Months(v float64) (string, error) {
	if v == 1 {
		return m.T("scenario.months_1")
	}
	return m.T("scenario.months", FormatNum(v))
}

func (m Messages) Sentence(s string) (string, error) {
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	if r, _ := utf8.DecodeLastRuneInString(s); s == "" || strings.ContainsRune(".!?…。！？", r) {
		return s, nil
	}
	stop, err := m.T("site.full_stop")
	return s + stop, err
}

// Number returns the value of a figure, or false for nil.
func Number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case *float64:
		if x == nil {
			return 0, false
		}
		return *x, true
	case int:
		return float64(x), true
	case *int:
		if x == nil {
			return 0, false
		}
		return float64(*x), true
	}
	return 0, false
}

// FormatNum writes a figure as given, with thousands grouped: 1,979,
// 19.5, 0.25. Unknown (nil) is the empty string; templates show "—".
func FormatNum(v any) string {
	f, ok := Number(v)
	if !ok {
		return ""
	}
	return Group(strconv.FormatFloat(f, 'f', -1, 64))
}

// large writes a computed amount for running text: as FormatDerived,
// or, where the language counts large amounts in ten thousands
// (number.wan: 万) and the amount is at least that, in them to two
// decimals: 1,992,759.84 → 199.28万.
func large(m Messages, v any) string {
	f, ok := Number(v)
	if !ok {
		return ""
	}
	if wan := m["number.wan"]; wan != "" && math.Abs(f) >= 1e4 {
		return Group(strconv.FormatFloat(pricing.Round(f/1e4, 2), 'f', 2, 64)) + wan
	}
	return FormatDerived(f)
}

// AgeMonths says how old something months old (one or more) is, in the
// words of a price's age (pagemodel.AgeText): "1 month", "21 months",
// "1 year" up to two years, then "2 years".
func AgeMonths(months int, t func(string, ...any) string) string {
	switch {
	case months <= 1:
		return t("trust.age.month")
	case months < 12:
		return t("trust.age.months", months)
	case months < 24:
		return t("trust.age.year")
	}
	return t("trust.age.years", months/12)
}

// ageMonthsIn is AgeMonths in the words of m, for a template.
func ageMonthsIn(m Messages) func(int) (string, error) {
	return func(months int) (string, error) {
		var err error
		s := AgeMonths(months, m.TKeeping(&err))
		return s, err
	}
}

// FormatResult writes a measured figure (a benchmark result, a trial's
// figure) for reading: to four significant digits, a figure of 1,000 or
// more to its unit, trailing zeros dropped — 27.9688844837 → 27.97,
// 1235.67 → 1,236, 0.123456 → 0.1235, 4,096 → 4,096. The exports keep
// the exact value.
func FormatResult(v any) string {
	f, ok := Number(v)
	if !ok {
		return ""
	}
	if a := math.Abs(f); a != 0 && f != math.Trunc(f) {
		places := 0
		if a < 1000 {
			places = 3 - int(math.Floor(math.Log10(a)))
		}
		f = pricing.Round(f, places)
	}
	return Group(strconv.FormatFloat(f, 'f', -1, 64))
}

// FormatMoney writes an amount the way every page does: up to four
// significant digits, never fewer than two decimals (pricing.ShownDecimals)
// — 21.96, 0.7068, 0.0042, 1,234.50. The exact figure is in the exports
// and, where a table shows it, in the cell's title (formatExact).
func FormatMoney(v any) string {
	f, ok := Number(v)
	if !ok {
		return ""
	}
	return Group(strconv.FormatFloat(pricing.Shown(f), 'f', pricing.ShownDecimals(f), 64))
}

// FormatMoneyIn writes an amount in currency as pages show it
// (pricing.ShownDecimalsIn): a yuan amount to the fen from 0.1 元 up
// (14.42, 8.98, 0.40), four decimals below (0.0205); other currencies as
// FormatMoney. Unknown (nil) is the empty string.
func FormatMoneyIn(v any, currency string) string {
	f, ok := Number(v)
	if !ok {
		return ""
	}
	d := pricing.ShownDecimalsIn(currency, f)
	return Group(strconv.FormatFloat(pricing.Round(f, d), 'f', d, 64))
}

// FormatDerived writes a computed amount (a price per GPU-hour): as
// FormatMoney, so that a quoted and a computed price read alike.
func FormatDerived(v any) string { return FormatMoney(v) }

// FormatExact writes an amount with every digit it has, up to ten
// significant digits (the rest is the noise of a division), at least two
// decimals: 21.957642, 4.10, 0.1407692308.
func FormatExact(v any) string {
	f, ok := Number(v)
	if !ok {
		return ""
	}
	f, _ = strconv.ParseFloat(strconv.FormatFloat(f, 'e', 9, 64), 64)
	return Group(minDecimals(strconv.FormatFloat(f, 'f', -1, 64)))
}

// minDecimals pads a decimal number to two decimals.
func minDecimals(s string) string {
	_, frac, ok := strings.Cut(s, ".")
	switch {
	case !ok:
		return s + ".00"
	case len(frac) == 1:
		return s + "0"
	}
	return s
}

// Group puts thousands separators into the integer part of a number.
func Group(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "−", s[1:]
	}
	intPart, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if hasFrac {
		b.WriteString("." + frac)
	}
	return sign + b.String()
}

func inc(i int) int { return i + 1 }

// Tri names the state of a yes/no fact that may be unknown.
func Tri(v *bool) string {
	switch {
	case v == nil:
		return "unknown"
	case *v:
		return "yes"
	}
	return "no"
}

// Citation is one part of a source as pages show it: words, with every
// http(s) URL in them a link named by the URL's host.
type Citation []citePart

// citePart is a run of words (Text), or a link (URL, Label).
type citePart struct {
	URL, Label, Text string
	// Native says Text is in the language of the page (a seed guide's
	// citation put into it), not the catalog's English; Quote is then the
	// words it quotes from the guide, as they stand there.
	Native bool
	Quote  string
	// Gloss says what Quote means in the page's language, where the
	// messages word it (source_quote.meaning), in source_quote.gloss.
	Gloss string
	// HTML is the words of a source's text in the page's language
	// (citeOf), escaped, its identifiers as code and its quotations as
	// such: shown in place of Text.
	HTML template.HTML
}

// citeOf is the source of rec (its field key, a citation field) split
// into citations as Cite splits it: where rec has the source's text in
// the page's language, that text, whose words are the page's own (the
// catalog's check holds it to the same places); else the catalog's
// source as Cite puts it in the language.
func citeOf(m Messages, rec any, key string) []Citation {
	own, _ := catalog.Text(rec, key, catalog.BaseLanguage)
	if m.language() != catalog.BaseLanguage {
		if s, in := catalog.Text(rec, key, m.language()); in && s != own {
			cs := Cite(s)
			for _, c := range cs {
				for i := range c {
					if c[i].URL == "" {
						c[i].Native = true
						c[i].HTML = quotations(codeSpans(template.HTML(template.HTMLEscapeString(c[i].Text))))
					}
				}
			}
			return cs
		}
	}
	return m.Cite(own)
}

// addressAsCode is a source kind's words in the page's language with
// their address as code, then the title they quote and its gloss: the
// HTML a citation shows in place of its Text, Quote and Gloss.
func addressAsCode(before, address, after, quote, gloss string) template.HTML {
	h := template.HTMLEscapeString(before) + `<code lang="` + catalog.BaseLanguage + `">` + template.HTMLEscapeString(address) + "</code>" + template.HTMLEscapeString(after)
	if quote != "" {
		h += string(Quote(quote))
	}
	return template.HTML(h + template.HTMLEscapeString(gloss))
}

// seedCitation is a citation of a seed guide as the catalog writes it:
// industry buyer's guide (Chinese), section "…" (or sections "…", "…"),
// and at most one quotation in brackets.
var seedCitation = regexp.MustCompile(`^industry buyer's guide \(Chinese\)((?:, sections? "[^"]*"(?:, "[^"]*")*)+)(?: \('([^']*)'\))?$`)

// seedB reports whether a section a seed citation names first is of the
// second buyer's guide (五步构建最优方案), whose sections are numbered
// "3.4" under headings of its own, not of the first (性价比评估 … 选型决策树):
// the two are then named each by its own name (source_seed.guide,
// source_seed.guide_b), not as one.
func seedB(section string) bool {
	top, _, _ := strings.Cut(section, " › ")
	return seedBSection.MatchString(top) || slices.Contains(seedBHeadings, top)
}

var (
	seedBSection  = regexp.MustCompile(`^[0-9]+\.[0-9]+ `)
	seedBHeadings = []string{
		"一、GPU云服务器的核心价值：为何成为技术升级的必选项？",
		"二、GPU云服务器的典型应用场景解析",
		"三、GPU云服务器选购策略：五步构建最优方案",
		"四、未来趋势：GPU云服务器的技术演进方向",
		"五、实践建议：从入门到精通的进阶路径",
	}
)

// seedGuideWords are the words the catalog cites either seed guide by
// (seedCitation).
const seedGuideWords = catalog.SeedGuideWords

// seedGuideKey is the message naming the seed guide whose sections
// secs (a seedCitation's sections, or the citation) quote first:
// source_seed.guide_b for the second guide's, else source_seed.guide.
func seedGuideKey(secs string) string {
	if q := quoted.FindStringSubmatch(secs); q != nil && seedB(q[1]) {
		return "source_seed.guide_b"
	}
	return "source_seed.guide"
}

// quoted is a quoted section name of a seed citation.
var quoted = regexp.MustCompile(`"([^"]*)"`)

// Cite is Cite(s) for a page in the language of m: a citation of a seed
// guide is put in that language (its name, its sections and its quote
// from the messages source_seed.*), which the page then shows as its
// own text, and its quotation as one; other citations stay the
// catalog's.
// agencyCredit is a run of a source's words that only credits a news
// agency, in brackets: " (Xinhua)".
var agencyCredit = regexp.MustCompile(`^\s*\(([A-Za-z/ ]+)\)\s*$`)

func (m Messages) Cite(s string) []Citation {
	cs := Cite(s)
	if m.language() == catalog.BaseLanguage {
		// A seed guide is named by its own name (source_seed.guide,
		// source_seed.guide_b), so that the two are told apart; a
		// quotation of its flowchart code reads as the decision step it
		// draws, in the catalog's words around it.
		for _, c := range cs {
			for i := range c {
				p := &c[i]
				if p.URL != "" || !strings.HasPrefix(p.Text, seedGuideWords) {
					continue
				}
				sm := seedCitation.FindStringSubmatch(p.Text)
				if name := m[seedGuideKey(p.Text)]; name != "" && quoted.MatchString(p.Text) {
					p.Text = name + strings.TrimPrefix(p.Text, seedGuideWords)
				}
				if sm != nil && sm[2] != "" {
					if step, ok := FlowStep(sm[2]); ok {
						p.Text = strings.TrimSuffix(p.Text, "('"+sm[2]+"')") + "(" + flowStepText(m, step) + ")"
					}
				}
			}
		}
		return cs
	}
	for _, c := range cs {
		for i := range c {
			p := &c[i]
			if p.URL != "" || p.Native {
				continue
			}
			// A news agency a source credits, in brackets after its link
			// ("(Xinhua)"), as the language names it where the messages do.
			if am := agencyCredit.FindStringSubmatch(p.Text); am != nil {
				if name, ok := m["source_agency."+am[1]]; ok {
					p.Text, p.Native = name, true
				}
				continue
			}
			if words, quote, code, ok := m.sourceKind(strings.TrimSpace(p.Text)); ok {
				p.Text, p.Native, p.Quote = words, true, quote
				if meaning, ok := m["source_quote.meaning."+quote]; ok && quote != "" {
					p.Gloss = fmt.Sprintf(m["source_quote.gloss"], meaning)
				}
				if before, after, found := strings.Cut(words, code); code != "" && found {
					p.HTML = addressAsCode(before, code, after, p.Quote, p.Gloss)
				}
				continue
			}
			sm := seedCitation.FindStringSubmatch(p.Text)
			if sm == nil {
				continue
			}
			var secs []string
			for _, q := range quoted.FindAllStringSubmatch(sm[1], -1) {
				secs = append(secs, q[1])
			}
			key := "source_seed.section"
			if len(secs) > 1 {
				key = "source_seed.sections"
			}
			text := m[seedGuideKey(sm[1])] + fmt.Sprintf(m[key], strings.Join(secs, m["source_seed.and"]))
			quote := sm[2]
			if quote != "" {
				text += m["source_seed.quote"]
			}
			if step, ok := FlowStep(quote); ok {
				text, quote = text+flowStepText(m, step), ""
			}
			p.Text, p.Native, p.Quote = text, true, quote
		}
	}
	return cs
}

// Cite splits a source into its citations, which ";" separates outside
// brackets, and links every http(s) URL inside each:
// "https://github.com/x/y/blob/main/README.md @744d01e" is a link to the
// URL labelled "github.com/…/README.md", then the words " @744d01e".
// Anything else (a repository path without a scheme, a file name) stays
// words.
func Cite(s string) []Citation {
	var out []Citation
	for _, part := range splitTop(s, ';') {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		out = append(out, citeParts(part))
	}
	return out
}

// citeParts splits one citation into words and the http(s) URLs among them.
func citeParts(s string) Citation {
	var out Citation
	words := func(t string) {
		if t == "" {
			return
		}
		if n := len(out); n > 0 && out[n-1].URL == "" {
			out[n-1].Text += t
			return
		}
		out = append(out, citePart{Text: t})
	}
	for s != "" {
		i := urlStart(s)
		if i < 0 {
			words(s)
			break
		}
		end := i + strings.IndexFunc(s[i:]+" ", unicode.IsSpace)
		u := trimURL(s[i:end])
		if !isHTTPURL(u) {
			words(s[:i+len(u)])
			s = s[i+len(u):]
			continue
		}
		words(s[:i])
		out = append(out, citePart{URL: u, Label: urlHost(u)})
		s = s[i+len(u):]
	}
	return out
}

// urlStart is the index of the first "http://" or "https://" in s that
// starts a word (after a space or an opening bracket), or -1.
func urlStart(s string) int {
	for i := 0; i < len(s); i++ {
		rest := s[i:]
		if !strings.HasPrefix(rest, "http://") && !strings.HasPrefix(rest, "https://") {
			continue
		}
		if i == 0 || strings.ContainsRune(" \t\n([<\"'", rune(s[i-1])) {
			return i
		}
	}
	return -1
}

// trimURL drops what ends a sentence or closes a bracket opened before the
// URL from the end of a URL found in words: "(https://x.example/a)." is the
// URL https://x.example/a.
func trimURL(u string) string {
	for u != "" {
		last := u[len(u)-1]
		switch {
		case strings.IndexByte(".,;:!?'\">", last) >= 0:
		case last == ')' && strings.Count(u, "(") < strings.Count(u, ")"):
		case last == ']' && strings.Count(u, "[") < strings.Count(u, "]"):
		default:
			return u
		}
		u = u[:len(u)-1]
	}
	return u
}

// Breakable escapes a name and lets it wrap after '.', '_' and '-' only,
// with a <wbr> at each: "ecs.gn6i-c4g1.xlarge" breaks as "ecs." "gn6i-"
// "c4g1." "xlarge", never inside a run of letters and digits. For text
// content only, never an attribute.
func Breakable(s string) template.HTML {
	var b strings.Builder
	start := 0
	for i := 0; i+1 < len(s); i++ {
		if c := s[i]; (c == '.' || c == '_' || c == '-') && !strings.ContainsRune("._- ", rune(s[i+1])) {
			b.WriteString(template.HTMLEscapeString(s[start : i+1]))
			b.WriteString("<wbr>")
			start = i + 1
		}
	}
	b.WriteString(template.HTMLEscapeString(s[start:]))
	return template.HTML(b.String())
}

// splitTop splits s at sep outside parentheses and brackets.
func splitTop(s string, sep rune) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch {
		case r == '(' || r == '[':
			depth++
		case (r == ')' || r == ']') && depth > 0:
			depth--
		case r == sep && depth == 0:
			out = append(out, s[start:i])
			start = i + len(string(sep))
		}
	}
	return append(out, s[start:])
}

// isHTTPURL reports whether s is an absolute http or https URL.
func isHTTPURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && !strings.ContainsAny(s, " \t\n")
}

// urlHost is the host of a URL without "www.", and the last path element
// when there is one: "aws.amazon.com/…/on-demand".
func urlHost(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return s
	}
	h := strings.TrimPrefix(u.Hostname(), "www.")
	p := strings.Trim(u.Path, "/")
	switch {
	case p == "":
		return h
	case !strings.Contains(p, "/"):
		return h + "/" + p
	}
	return h + "/…/" + path.Base(p)
}

// ShareKey is the message key naming a strategy's share of a pricing
// model: a commitment buys any commitment of its term (pricing.Bought), so
// its share is named by the term ("commitment, 3 years"); any other model
// by its own name.
func ShareKey(model string) string {
	if len(catalog.SameTerm(model)) > 1 {
		return fmt.Sprintf("scenario.term.%d", catalog.TermMonths(model))
	}
	return "model." + model
}

// Texter writes messages, keeping the first missing key as the error.
type Texter struct {
	M   Messages
	Err error
}

// Lang is the language of x's messages.
func (x *Texter) Lang() string { return x.M["site.language"] }

// T is the message key with args; a missing key is kept in x.Err.
func (x *Texter) T(key string, args ...any) string {
	s, err := x.M.T(key, args...)
	if err != nil && x.Err == nil {
		x.Err = err
	}
	return s
}

// TH is the message key as HTML with args, as the template function th
// writes it: an argument that is HTML (Own) put in as it is, every other
// escaped; a missing key is kept in x.Err.
func (x *Texter) TH(key string, args ...any) template.HTML {
	h, err := x.M.th(key, args...)
	if err != nil && x.Err == nil {
		x.Err = err
	}
	return h
}

// Own is a name the catalog writes in its own language only (a
// benchmark result's system), marked as that language on a page in
// another, as the template function own writes it.
func (x *Texter) Own(s string) template.HTML { return x.M.own(s) }

// Round is a benchmark's round as the template function round writes
// it: the language's name where the messages have one, else the
// catalog's, marked (Own).
func (x *Texter) Round(r string) template.HTML { return roundName(x.M, r) }

// Besides is the words (a list, or one word), in order and once each,
// that name does not already hold: an alias 北京 beside the region
// 华北2（北京）, or a location Hangzhou beside China (Hangzhou), says
// nothing more.
func Besides(name string, words any) []string {
	var list []string
	switch w := words.(type) {
	case string:
		list = []string{w}
	case []string:
		list = w
	}
	var out []string
	for _, w := range list {
		if w != "" && !strings.Contains(name, w) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// Step is one decision of a flowchart: at Question, the answer Answer
// leads to Outcome. Question is "" when the quotation does not draw it.
type Step struct{ Question, Answer, Outcome string }

// flowEdge is one edge of a Mermaid flowchart, "E -->|是| F[A100/H100集群]",
// its nodes with or without their text in [] or {}.
var flowEdge = regexp.MustCompile(`^\s*([A-Za-z0-9_]+)(?:\[([^\]]*)\]|\{([^}]*)\})?\s*-->\s*(?:\|([^|]*)\|)?\s*([A-Za-z0-9_]+)(?:\[([^\]]*)\]|\{([^}]*)\})?`)

// FlowStep reads a quotation that is a seed guide's flowchart code — its
// edges, one after the other: "C --> E{大模型训练?} E -->|是| F[A100/H100集群]"
// — as the decision it draws: the last edge with an answer, from the
// question its node asks to the outcome it leads to. ok is false for any
// other quotation.
func FlowStep(quote string) (step Step, ok bool) {
	text := map[string]string{}
	var last []string
	for rest := quote; strings.TrimSpace(rest) != ""; {
		e := flowEdge.FindStringSubmatch(rest)
		if e == nil {
			return Step{}, false
		}
		rest = rest[len(e[0]):]
		if t := e[2] + e[3]; t != "" {
			text[e[1]] = t
		}
		if t := e[6] + e[7]; t != "" {
			text[e[5]] = t
		}
		if e[4] != "" {
			last = []string{e[1], e[4], e[5]}
		}
	}
	if last == nil || text[last[2]] == "" {
		return Step{}, false
	}
	return Step{Question: text[last[0]], Answer: last[1], Outcome: text[last[2]]}, true
}

// flowStepText words a decision step of a seed guide's flowchart:
// source_seed.flow ("its decision tree: “大模型训练?” — 是 → A100/H100集群"),
// or source_seed.flow_answer when the quotation does not draw the question.
func flowStepText(m Messages, s Step) string {
	if s.Question == "" {
		return fmt.Sprintf(m["source_seed.flow_answer"], s.Answer, s.Outcome)
	}
	return fmt.Sprintf(m["source_seed.flow"], s.Question, s.Answer, s.Outcome)
}

// PercentIn is a formatted figure s with its percent sign as the
// language lang writes it: "99.975 %" in English, "99.975%" in Chinese.
func PercentIn(lang, s string) string {
	if lang == "zh-CN" {
		return s + "%"
	}
	return s + " %"
}
