package tmplexec

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"iter"
	"strings"
	"testing"
)

type inner struct {
	Name  string
	Price *float64
}

func (i inner) Label() string { return "label:" + i.Name }

type base struct {
	ID    int
	Shown bool
}

func (b *base) PtrMethod() string { return fmt.Sprintf("ptr:%d", b.ID) }

type page struct {
	*inner        // promoted through a pointer
	base          // promoted by value
	Nil    *inner // a nil pointer to a struct with fields
	Title  string
	Items  []item
	Arr    [3]int
	Map    map[string]any
	IntMap map[int]string
	Any    any
	AnyNil any
	Err    error
	Str    fmt.Stringer
	Ptr    *int
	NilPtr *int
	Flag   *bool
	Names  []string
	Funcs  map[string]int
	Empty  []item
	Count  count
	U      uint
	F      float64
	Ch     chan int
	Seq    iter.Seq[int]
	Seq2   iter.Seq2[string, int]
	hidden string
}

type item struct {
	N    int
	Name string
	Tags []string
}

func (i item) Twice(n int) int                     { return 2 * n }
func (i item) Join(sep string, s ...string) string { return strings.Join(s, sep) }
func (i item) Fails() (string, error)              { return "", errors.New("item <fails>") }
func (i item) Works() (string, error)              { return "works", nil }
func (i item) Pair() (int, int)                    { return 1, 2 }
func (i *item) Addr() string                       { return "addr:" + i.Name }

func testData() *page {
	price, n, yes := 4.5, 42, true
	ch := make(chan int, 3)
	ch <- 1
	ch <- 2
	close(ch)
	return &page{
		inner:  &inner{Name: "inner<name>", Price: &price},
		base:   base{ID: 7, Shown: true},
		Title:  `Title & "quotes"`,
		Items:  []item{{1, "a<b", []string{"x", "y"}}, {2, "c'd", nil}, {3, "e+f", []string{"z"}}},
		Arr:    [3]int{3, 1, 2},
		Map:    map[string]any{"b": 2, "a": "one", "nested": map[string]int{"k": 1}, "nil": nil},
		IntMap: map[int]string{3: "three", 1: "one", 2: "two"},
		Any:    item{9, "any", nil},
		Err:    errors.New("an <error>"),
		Str:    stringer{"str"},
		Ptr:    &n,
		Flag:   &yes,
		Names:  []string{"n1", "n<2>"},
		Count:  3,
		U:      5,
		F:      2.5,
		Ch:     ch,
		Seq:    func(yield func(int) bool) { _ = yield(10) && yield(20) },
		Seq2:   func(yield func(string, int) bool) { _ = yield("a", 1) && yield("b", 2) },
		hidden: "hidden",
	}
}

func testFuncs() template.FuncMap {
	return template.FuncMap{
		"num":   func(v any) string { return fmt.Sprintf("num(%v)", v) },
		"upper": strings.ToUpper,
		"html":  nil, // replaced below: the name is a predefined escaper
		"bold":  func(s string) template.HTML { return template.HTML("<b>" + template.HTMLEscapeString(s) + "</b>") },
		"inc":   func(i int) int { return i + 1 },
		"tri": func(b *bool) string {
			if b == nil {
				return "unknown"
			}
			return fmt.Sprint(*b)
		},
		"join": strings.Join,
		"t": func(key string, args ...any) (string, error) {
			if key == "missing" {
				return "", errors.New("no message <missing>")
			}
			return fmt.Sprintf(key, args...), nil
		},
		"pair":  func(a, b int) []int { return []int{a, b} },
		"fail":  func() (int, error) { return 0, errors.New("failed") },
		"ok":    func() (int, error) { return 5, nil },
		"i8":    func(i int8) int8 { return i },
		"u":     func(u uint) uint { return u },
		"f":     func(f float64) float64 { return f },
		"vary":  func(xs ...int) int { return len(xs) },
		"first": func(x any, rest ...any) string { return fmt.Sprint(x, len(rest)) },
		"boom":  func() string { panic("boom") },
		"ptr":   func(p *int) int { return *p },
		"val":   func(i int) int { return i },
		"is":    func(b bool) bool { return b },
		"c":     func(c complex128) complex128 { return c },
		"named": func(n named) string { return string(n) },
	}
}

// constructs are templates of every construct the executor compiles.
var constructs = []string{
	// text, actions, fields
	`plain text only`,
	`{{.Title}}`, `{{.Name}}`, `{{.inner.Name}}`, `{{.ID}} {{.Shown}}`, `{{.Price}}`, `{{.Ptr}}`, `{{.NilPtr}}`,
	`{{.Nil}}`, `{{.Nil.Name}}`, `{{.Missing}}`, `{{.hidden}}`, `{{.Title.Foo}}`, `{{.Items.Name}}`,
	`{{.Map.a}} {{.Map.b}} {{.Map.none}} {{.Map.nested.k}} {{.Map.nil}} {{.Map.none.x}}`,
	`{{.IntMap}}`, `{{.Any.Name}}`, `{{.AnyNil}}`, `{{.AnyNil.X}}`, `{{.Err}}`, `{{.Str}}`, `{{.Count}}`, `{{.U}} {{.F}}`,
	`{{.Label}}`, `{{.PtrMethod}}`, `{{.base.PtrMethod}}`, `{{.Err.Error}}`, `{{.Str.String}}`,
	`{{range .Items}}{{.Twice 3}} {{.Join "-" "a" "b"}} {{.Join ","}} {{.Works}} {{.Addr}}{{end}}`,
	`{{(index .Items 0).Twice 4}}`, `{{(index .Items 0).Fails}}`, `{{(index .Items 0).Pair}}`, `{{(index .Items 0).Addr}}`,
	`{{with index .Items 1}}{{.Twice "x"}}{{end}}`, `{{.Title 1}}`, `{{.Label 1}}`, `{{.Map.a 1}}`,
	`{{$x := index .Items 0}}{{$x.Twice 2}} {{$x.Addr}}`,
	`{{.Items}}`, `{{.Arr}}`, `{{.Names}}`, `{{.Flag}}`, `{{.Any}}`, `{{$.Any}}`, `{{with .Any}}{{.}}{{$.Title}}{{end}}`,
	// variables and scopes
	`{{$x := .Title}}{{$x}}{{$x = "changed"}}{{$x}}`,
	`{{$x := 1}}{{if true}}{{$x := 2}}{{$x}}{{end}}{{$x}}`,
	`{{$x := 1}}{{if true}}{{$x = 2}}{{end}}{{$x}}`,
	`{{with $x := .Title}}{{$x}}{{.}}{{end}}`,
	`{{with $x := .Missing}}yes{{else}}no {{$x}}{{end}}`,
	`{{range $i, $e := .Items}}{{$i}}={{$e.Name}};{{end}}`,
	`{{range $e := .Items}}{{$e.N}}{{end}}`,
	`{{$i := 9}}{{$e := 8}}{{range $i, $e = .Arr}}{{$i}}{{$e}}{{end}}{{$i}}{{$e}}`,
	`{{$e := 8}}{{range $e = .Arr}}{{$e}}{{end}}{{$e}}`,
	`{{range $x := .Empty}}{{else}}empty {{len $x}}{{end}}`,
	`{{range .Items}}{{$n := .N}}{{range .Tags}}{{$n}}{{.}}{{$.Title}}{{end}}{{end}}`,
	`{{$.Title}} {{with .Items}}{{$.Title}}{{end}}`,
	`{{define "sub"}}[{{.}} {{$}}]{{end}}{{template "sub" .Title}}{{template "sub"}}{{template "sub" 3}}`,
	`{{define "sub"}}{{$x := 5}}{{$x}}{{end}}{{$x := 1}}{{template "sub" .}}{{$x}}`,
	`{{define "rec"}}{{if .}}{{len .}}{{template "rec" slice . 1}}{{end}}{{end}}{{template "rec" .Names}}`,
	// if, with, range, else
	`{{if .Title}}yes{{end}}`, `{{if .Missing}}yes{{else}}no{{end}}`, `{{if .Empty}}a{{else if .Items}}b{{else}}c{{end}}`,
	`{{if .NilPtr}}a{{end}}{{if .Ptr}}b{{end}}{{if .AnyNil}}c{{end}}{{if .Any}}d{{end}}{{if 0}}e{{end}}{{if 0.0}}f{{end}}{{if .Map}}g{{end}}{{if .Arr}}h{{end}}{{if .Err}}i{{end}}`,
	`{{with .Missing}}a{{else with .Title}}b {{.}}{{end}}`, `{{with .Items}}{{len .}}{{end}}`, `{{with .Nil}}x{{else}}nil{{end}}`,
	`{{range .Items}}{{.N}}{{else}}none{{end}}`, `{{range .Empty}}{{.N}}{{else}}none{{end}}`,
	`{{range .Missing}}x{{else}}none{{end}}`, `{{range .Map}}{{.}},{{end}}`, `{{range $k, $v := .Map}}{{$k}}={{$v}};{{end}}`,
	`{{range $k, $v := .IntMap}}{{$k}}={{$v}};{{end}}`, `{{range .Arr}}{{.}}{{end}}`, `{{range 3}}{{.}}{{end}}`,
	`{{range $i := 0}}{{.}}{{else}}zero{{end}}`, `{{range $i, $j := 3}}{{end}}`, `{{range .Ch}}{{.}}{{end}}`,
	`{{range .Seq}}{{.}}{{end}}`, `{{range $k, $v := .Seq2}}{{$k}}{{$v}}{{end}}`, `{{range .Seq2}}{{.}}{{end}}`,
	`{{range .Title}}{{.}}{{end}}`, `{{range .Ptr}}{{.}}{{end}}`, `{{range .Count}}{{.}}{{end}}`,
	`{{range .Items}}{{if eq .N 2}}{{break}}{{end}}{{.N}}{{end}}`,
	`{{range .Items}}{{if eq .N 2}}{{continue}}{{end}}{{.N}}{{end}}`,
	`{{range .Items}}{{range .Tags}}{{if eq . "y"}}{{break}}{{end}}{{.}}{{end}}{{.N}}{{end}}`,
	`{{range 5}}{{if eq . 3}}{{break}}{{end}}{{.}}{{end}}`,
	// pipelines, parentheses, chains
	`{{.Title | printf "%q"}}`, `{{"x" | printf "%s-%s" "y"}}`, `{{(.Title)}}`, `{{(index .Items 1).Name}}`,
	`{{(.Any).Name}}`, `{{($x := .Title)}}{{$x}}`, `{{.Items | len | printf "%d items"}}`, `{{3 | inc | inc}}`,
	`{{.Title | upper | bold}}`, `{{bold .Title}}`, `<a title="{{bold .Title}}">`, `<a href="{{bold .Title}}">`,
	`{{(index .Map "nested").k}}`, `{{(index .Items 0).Tags}}`,
	// functions
	`{{num .F}} {{num .Price}} {{num .Ptr}} {{num nil}} {{num 1}} {{num 1.5}} {{num "s"}} {{num .Missing}}`,
	`{{upper .Title}}`, `{{upper .Count}}`, `{{upper nil}}`, `{{upper 1}}`, `{{inc 1}} {{inc .ID}}`, `{{inc .Ptr}}`, `{{inc .U}}`,
	`{{inc 1.5}}`, `{{inc "x"}}`, `{{inc nil}}`, `{{tri .Flag}} {{tri nil}} {{tri .Missing}}`,
	`{{join .Names ", "}}`, `{{join .Missing ","}}`, `{{t "hello %s %d" .Title 3}}`, `{{t "plain"}}`, `{{t "missing"}}`,
	`{{pair 1 2}}`, `{{fail}}`, `{{ok}}`, `{{i8 3}}`, `{{u 3}}`, `{{u .U}}`, `{{f 1}}`, `{{f 1.5}}`, `{{f .F}}`,
	`{{vary}} {{vary 1 2 3}} {{3 | vary 1}}`, `{{first 1}} {{first 1 2 3}} {{"x" | first}}`, `{{boom}}`,
	`{{ptr .Ptr}}`, `{{ptr .NilPtr}}`, `{{val .Ptr}}`, `{{val .NilPtr}}`, `{{is true}}`, `{{c 1i}}`, `{{named "x"}}`,
	`{{named .Title}}`,
	// builtins
	`{{and 1 0 2}} {{and 1 2}} {{or 0 "" 3}} {{or 0 ""}} {{and .Missing .Missing.X}} {{or .Title .Missing.X}}`,
	`{{and .Title (fail)}}`, `{{or .Title (fail)}}`, `{{.Title | and 1}} {{0 | or 0}} {{.Missing | or 2}}`,
	`{{not 0}} {{not .Title}} {{not .Missing}} {{not .AnyNil}} {{not .Err}}`,
	`{{eq 1 1}} {{eq 1 2 3 1}} {{eq .ID 7}} {{eq .U 5}} {{eq .Count 3}} {{eq .Title "x"}} {{eq 1.5 1.5}} {{eq true true}}`,
	`{{eq .U -1}} {{eq -1 .U}} {{eq .Any .Any}} {{eq .Nil .NilPtr}} {{eq .AnyNil nil}} {{eq .Missing nil}}`,
	`{{eq 1 "1"}}`, `{{eq .Items .Items}}`, `{{eq 1}}`, `{{eq .Map .Map}}`, `{{eq .Err .Err}}`,
	`{{ne 1 2}} {{ne "a" "a"}} {{lt 1 2}} {{lt .U 6}} {{lt -1 .U}} {{lt .U -1}} {{le 2 2}} {{gt 3 2}} {{ge 1.5 2.5}} {{lt "a" "b"}}`,
	`{{lt 1 1.5}}`, `{{lt true false}}`, `{{lt .Items .Items}}`, `{{gt nil 1}}`,
	`{{len .Items}} {{len .Title}} {{len .Map}} {{len .Arr}} {{len .Ptr}}`, `{{len .NilPtr}}`, `{{len 3}}`,
	`{{index .Items 1}} {{index .Arr 2}} {{index .Map "a"}} {{index .Map "none"}} {{index .IntMap 2}} {{index .Title 0}}`,
	`{{index .Items 3}}`, `{{index .Items -1}}`, `{{index .Items "x"}}`, `{{index nil 1}}`, `{{index .NilPtr 1}}`,
	`{{index .Items}}`, `{{index .Map.nested "k"}}`, `{{index .IntMap .U}}`,
	`{{slice .Title 1 3}} {{slice .Names 1}} {{slice .Arr 0 2}} {{slice .Names}} {{slice .Names 0 1 2}}`,
	`{{slice .Title 3 1}}`, `{{slice .Title 1 2 3}}`, `{{slice nil}}`, `{{slice 3}}`,
	`{{print 1 2 "a" "b" 3}} {{print "a" "b"}} {{print}} {{print nil}} {{print .NilPtr}} {{print .Items}}`,
	`{{printf "%d-%s-%v" 1 "a" .Any}} {{printf "%v" nil}} {{println 1 "a"}}`, `{{printf .Title}}`,
	// constants
	`{{1}} {{1.5}} {{1e3}} {{0x10}} {{'a'}} {{true}} {{"s"}} {{1i}}`, `{{-0}} {{+1}}`,
	// contexts
	`<a href="{{.Title}}" title="{{.Title}}" data-x="{{.Map.a}}">{{.Title}}</a>`,
	`<a href="/p/{{.Name}}?q={{.Title}}&r={{.ID}}#{{.Title}}">x</a>`,
	`<script type="application/json">{{.Items}}</script>`, `<script>var x = {{.}};</script>`,
	`<textarea>{{.Title}}</textarea><title>{{.Name}}</title>`,
	`{{/* a comment */}}a{{- " b " -}}c`,
}

func TestConstructsAsHTMLTemplate(t *testing.T) {
	funcs := testFuncs()
	delete(funcs, "html")
	for _, src := range constructs {
		want, wantErr, got, gotErr := bothOutputs(t, src, func() any { return testData() }, funcs)
		if (wantErr == nil) != (gotErr == nil) {
			t.Errorf("%s: error %v, want %v", src, gotErr, wantErr)
			continue
		}
		if wantErr == nil && got != want {
			t.Errorf("%s:\n got %q\nwant %q", src, got, want)
		}
	}
}

// TestErrorsNameTheTemplateAndAction: errors of execution say where.
func TestErrorsNameTheTemplateAndAction(t *testing.T) {
	funcs := testFuncs()
	delete(funcs, "html")
	for _, src := range []string{
		"x\n{{.Nil.Name}}", "x\n{{fail}}", "x\n{{t \"missing\"}}", "x\n{{index .Items 9}}", "x\n{{.Items.Name}}", "x\n{{boom}}",
	} {
		_, wantErr, _, gotErr := bothOutputs(t, src, func() any { return testData() }, funcs)
		if wantErr == nil || gotErr == nil {
			t.Errorf("%s: error %v, want one like %v", src, gotErr, wantErr)
			continue
		}
		if !strings.HasPrefix(gotErr.Error(), "template: t") {
			t.Errorf("%s: error %q does not name the template", src, gotErr)
		}
		if !strings.Contains(gotErr.Error(), "t:2:") && !strings.Contains(src, "boom") {
			t.Errorf("%s: error %q does not give the position", src, gotErr)
		}
	}
}

// TestCompileRefuses: what the executor does not handle is an error of
// Compile, for the caller to use html/template instead.
func TestCompileRefuses(t *testing.T) {
	for _, src := range []string{
		`{{html .}}`, `{{urlquery .}}`, `{{js .}}`, `{{call .F}}`, `{{.Title | html}}`,
		`{{if true}}{{$y := 2}}{{else}}{{$y}}{{end}}`,
		// A template called in a context other than its own: html/template
		// keeps the copy it derives for <title> out of the set's listing.
		`{{define "a"}}<p title="{{.}}">{{.}}</p>{{end}}<title>{{template "a" .Title}}</title>{{template "a" .Title}}`,
	} {
		tpl := template.Must(template.New("t").Parse(src))
		if err := tpl.Execute(&bytes.Buffer{}, testData()); err != nil {
			var escErr *template.Error
			if errors.As(err, &escErr) {
				t.Fatalf("%s: %v", src, err)
			}
		}
		if _, err := Compile(tpl, "t", nil); !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: Compile: %v, want ErrUnsupported", src, err)
		}
	}
	// Not escaped yet: html/template has not appended its escapers.
	tpl := template.Must(template.New("t").Parse(`<p>{{.}}</p>`))
	if _, err := Compile(tpl, "t", nil); !errors.Is(err, ErrUnsupported) {
		t.Errorf("unescaped template: Compile: %v, want ErrUnsupported", err)
	}
	if _, err := Compile(tpl, "nothing", nil); !errors.Is(err, ErrUnsupported) {
		t.Errorf("no template: Compile: %v, want ErrUnsupported", err)
	}
	tpl.Execute(&bytes.Buffer{}, "x")
	if _, err := Compile(tpl, "t", template.FuncMap{"x": 1}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("a FuncMap with a number: Compile: %v, want ErrUnsupported", err)
	}
	if _, err := Compile(tpl, "t", nil); err != nil {
		t.Errorf("escaped template: Compile: %v", err)
	}
}

// TestConcurrentExecution renders one program on several goroutines, as
// the site does (run with -race).
func TestConcurrentExecution(t *testing.T) {
	src := `{{range .Items}}{{.Name}} {{.Twice 2}} {{$.Title}}{{end}}{{.Any.Name}}{{.Map.a}}`
	tpl := template.Must(template.New("t").Parse(src))
	var want bytes.Buffer
	if err := tpl.Execute(&want, testData()); err != nil {
		t.Fatal(err)
	}
	p, err := Compile(tpl, "t", nil)
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			var got bytes.Buffer
			for range 50 {
				got.Reset()
				if err := p.Execute(&got, testData()); err != nil {
					errs <- err
					return
				}
				if got.String() != want.String() {
					errs <- fmt.Errorf("got %q, want %q", got.String(), want.String())
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteErrorIsReturned(t *testing.T) {
	tpl := template.Must(template.New("t").Parse(`<p>{{.}}</p>`))
	tpl.Execute(&bytes.Buffer{}, "x")
	p, err := Compile(tpl, "t", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Execute(errWriter{}, "x"); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Execute: %v, want the writer's error", err)
	}
}
