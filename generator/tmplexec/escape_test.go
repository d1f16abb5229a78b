package tmplexec

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"math"
	"strings"
	"testing"
)

// contexts are templates that put a value where html/template escapes it
// with each escaper the site's templates use, and the escapers it must
// have appended there.
var contexts = []struct {
	src      string
	escapers []string
}{
	{`<p>{{.}}</p>`, []string{"htmlescaper"}},
	{`<a title="{{.}}">`, []string{"attrescaper"}},
	{`<title>{{.}}</title>`, []string{"rcdataescaper"}},
	{`<textarea>{{.}}</textarea>`, []string{"rcdataescaper"}},
	{`<a href="{{.}}">`, []string{"urlfilter", "urlnormalizer", "attrescaper"}},
	{`<a href="/x?q={{.}}">`, []string{"urlescaper", "attrescaper"}},
	{`<a href="{{.}}/{{.}}?q={{.}}#{{.}}">`, []string{"urlfilter", "urlnormalizer", "urlescaper"}},
	{`<script type="application/json">{{.}}</script>`, []string{"jsvalescaper"}},
	{`<script>var x = {{.}};</script>`, []string{"jsvalescaper"}},
	{`<style>{{.}}</style>`, []string{"cssvaluefilter"}},
	{`<p style="color: {{.}}">`, []string{"cssvaluefilter", "attrescaper"}},
}

type stringer struct{ s string }

func (s stringer) String() string { return "S(" + s.s + ")" }

type ptrStringer struct{ s string }

func (s *ptrStringer) String() string { return "P(" + s.s + ")" }

type failing struct{}

func (failing) Error() string { return "<failing> & 'error'" }

type marshaler struct{}

func (marshaler) MarshalJSON() ([]byte, error) { return []byte(`{"a":"</script>"}`), nil }

type badMarshaler struct{}

func (badMarshaler) MarshalJSON() ([]byte, error) {
	return nil, errors.New("no */ <script> <!-- way")
}

type named string

type count int

type point struct {
	X, Y int
	Name string
}

// hostileStrings are texts meant to break out of each context.
func hostileStrings() []string {
	var ascii strings.Builder
	for c := range 128 {
		ascii.WriteByte(byte(c))
	}
	out := []string{
		"", "plain text", ascii.String(),
		`<>&'"+=` + "`", `</script><script>alert(1)</script>`, `<!-- x -->`, `*/`,
		"javascript:alert(1)", "JavaScript:alert(1)", " javascript:x", "vbscript:x", "data:text/html,x",
		"mailto:a@b.example", "http://x.example/a b?c=d&e=f#g", "HTTPS://x", "//x.example", "/a:b", "a/b:c", "?a:b", "#x:y",
		"%41%zz%4", "%", "100%", "a%2Fb",
		"é€😀", "\xff\xfe\xfd", "a\xc3", "\u2028\u2029", "\ufdd0\uffff\ufffd", "\x00nul\x00",
		"{{.}}", "\\u003c", "$x", "1e9", "true", "null",
	}
	for c := range 32 {
		out = append(out, "x"+string(rune(c))+"y")
	}
	return out
}

// escaperValues are values of every kind an escaper may be given.
func escaperValues() []any {
	var vals []any
	for _, s := range hostileStrings() {
		vals = append(vals, s, template.HTML(s), template.HTMLAttr(s), template.URL(s), template.JS(s),
			template.JSStr(s), template.CSS(s), template.Srcset(s), named(s), &s, stringer{s}, &ptrStringer{s})
	}
	str := "pointed"
	pstr := &str
	html := template.HTML(`<b title="a>b">x &amp; y</b><script>z</script> &lt;`)
	var nilStr *string
	var nilStringer *ptrStringer
	var nilIface fmt.Stringer
	vals = append(vals,
		nil, 0, -5, 1<<40, uint8(200), uint64(math.MaxUint64), int8(-128), count(7), true, false,
		1.5, -0.0, 1e21, 1e-7, math.Inf(1), math.NaN(), float32(0.1), complex(1, 2),
		&pstr, nilStr, nilStringer, nilIface, &html, html,
		failing{}, marshaler{}, badMarshaler{}, &marshaler{},
		point{1, 2, "<p>"}, &point{3, 4, "&"}, []string{"a", "<b>"}, []int{1, 2}, map[string]int{"b": 2, "a": 1},
		[]any{nil, "x", 1}, struct{}{}, make(chan int), func() {},
	)
	return vals
}

// bothOutputs executes src through html/template and through the
// compiled program, each with data made by mk. A template Compile refuses
// must be one html/template fails to execute.
func bothOutputs(t testing.TB, src string, mk func() any, funcs template.FuncMap) (want string, wantErr error, got string, gotErr error) {
	t.Helper()
	tpl, err := template.New("t").Funcs(funcs).Parse(src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	var w bytes.Buffer
	wantErr = tpl.Execute(&w, mk())
	var escErr *template.Error
	if errors.As(wantErr, &escErr) {
		t.Fatalf("%s: %v", src, wantErr)
	}
	p, err := Compile(tpl, "t", funcs)
	if err != nil {
		if wantErr == nil {
			t.Fatalf("%s: %v", src, err)
		}
		return w.String(), wantErr, w.String(), wantErr
	}
	var g bytes.Buffer
	gotErr = p.Execute(&g, mk())
	return w.String(), wantErr, g.String(), gotErr
}

func TestEscapersAsHTMLTemplate(t *testing.T) {
	for _, ctx := range contexts {
		tpl := template.Must(template.New("t").Parse(ctx.src))
		if err := tpl.Execute(&bytes.Buffer{}, "x"); err != nil {
			t.Fatal(err)
		}
		tree := tpl.Tree.Root.String()
		for _, e := range ctx.escapers {
			if !strings.Contains(tree, "_html_template_"+e) {
				t.Errorf("%s: escaped as %s, without %s: the test is not testing it", ctx.src, tree, e)
			}
		}
		for _, v := range escaperValues() {
			want, wantErr, got, gotErr := bothOutputs(t, ctx.src, func() any { return v }, nil)
			if (wantErr == nil) != (gotErr == nil) {
				t.Errorf("%s with %#v: error %v, want %v", ctx.src, v, gotErr, wantErr)
				continue
			}
			if wantErr == nil && got != want {
				t.Errorf("%s with %#v:\n got %q\nwant %q", ctx.src, v, got, want)
			}
		}
	}
}

// FuzzEscapers compares the executor with html/template on every context
// for a fuzzed text, as a string and as each content type.
func FuzzEscapers(f *testing.F) {
	for _, s := range hostileStrings() {
		f.Add(s, uint8(0))
	}
	f.Add(`<a href="x">y</a>`, uint8(1))
	f.Add("javascript:x", uint8(5))
	f.Fuzz(func(t *testing.T, s string, kind uint8) {
		var v any
		switch kind % 9 {
		case 0:
			v = s
		case 1:
			v = template.HTML(s)
		case 2:
			v = template.HTMLAttr(s)
		case 3:
			v = template.JS(s)
		case 4:
			v = template.JSStr(s)
		case 5:
			v = template.URL(s)
		case 6:
			v = template.CSS(s)
		case 7:
			v = &s
		case 8:
			v = []string{s, s}
		}
		for _, ctx := range contexts {
			want, wantErr, got, gotErr := bothOutputs(t, ctx.src, func() any { return v }, nil)
			if (wantErr == nil) != (gotErr == nil) {
				t.Fatalf("%s with %#v: error %v, want %v", ctx.src, v, gotErr, wantErr)
			}
			if wantErr == nil && got != want {
				t.Fatalf("%s with %#v:\n got %q\nwant %q", ctx.src, v, got, want)
			}
		}
	})
}
