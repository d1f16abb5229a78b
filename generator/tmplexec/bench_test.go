package tmplexec

import (
	"bytes"
	"fmt"
	"html/template"
	"testing"
)

// benchSrc is a page like the site's: a table of rows with fields of
// embedded structs, methods, functions, comparisons, and the escapers of
// text, attributes and URLs.
const benchSrc = `{{define "row"}}<tr class="{{if .Shown}}shown{{end}}"><td><a href="/p/{{.Name}}/?id={{.ID}}" title="{{.Name}}">{{.Name}}</a></td>` +
	`<td>{{num .Price}}</td><td>{{if eq .ID 7}}seven{{else}}{{.ID}}{{end}}</td><td>{{.Label}}</td><td>{{t "%d of %s" .ID .Name}}</td></tr>{{end}}` +
	`<title>{{.Title}}</title><table>{{range .Rows}}{{template "row" .}}{{end}}</table>` +
	`<script type="application/json">{{.Names}}</script>`

type benchRow struct {
	*inner
	base
}

type benchPage struct {
	Title string
	Rows  []benchRow
	Names []string
}

func benchData() *benchPage {
	p := &benchPage{Title: "Bench <page>", Names: []string{"a", "b<c>"}}
	for i := range 200 {
		price := float64(i) * 1.25
		p.Rows = append(p.Rows, benchRow{&inner{Name: fmt.Sprintf("row-%d & co", i), Price: &price}, base{ID: i, Shown: i%2 == 0}})
	}
	return p
}

// BenchmarkExecute renders the same page through html/template and
// through its compiled program.
func BenchmarkExecute(b *testing.B) {
	funcs := template.FuncMap{
		"num": func(v any) string { return fmt.Sprint(v) },
		"t":   func(f string, args ...any) (string, error) { return fmt.Sprintf(f, args...), nil },
	}
	tpl := template.Must(template.New("page").Funcs(funcs).Parse(benchSrc))
	data := benchData()
	var want bytes.Buffer
	if err := tpl.Execute(&want, data); err != nil {
		b.Fatal(err)
	}
	p, err := Compile(tpl, "page", funcs)
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if err := p.Execute(&buf, data); err != nil || buf.String() != want.String() {
		b.Fatalf("the program renders differently (%v)", err)
	}
	b.Run("html-template", func(b *testing.B) {
		for b.Loop() {
			buf.Reset()
			if err := tpl.Execute(&buf, data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("tmplexec", func(b *testing.B) {
		for b.Loop() {
			buf.Reset()
			if err := p.Execute(&buf, data); err != nil {
				b.Fatal(err)
			}
		}
	})
}
