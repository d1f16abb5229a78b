package render

import (
	"bytes"
	"html/template"
	"strings"
	"testing"
)

// TestFoldedTemplatesWriteTheSameBytes executes templates that write
// Messages — with every character the HTML escapers replace, in text and
// in attributes — once as parsed and once with the messages and their
// escaping folded in, and compares the bytes.
func TestFoldedTemplatesWriteTheSameBytes(t *testing.T) {
	msgs := Messages{
		"plain":   "On-demand",
		"special": `<b>"Tom" & 'Jerry'</b> + 1` + "\x00",
		"unicode": "per GPU‑hour · ≈ 2 €",
	}
	const src = `{{define "templates/base.html"}}<p title="{{t "special"}}">{{t "plain"}} {{t "special"}} {{t "unicode"}}</p>` +
		`<a href="/x?q={{t "special"}}">{{"<i>const</i>"}}</a><script>var s = {{t "special"}};</script>` +
		`{{if .}}<span data-x="{{t "unicode"}}">{{t "special"}}</span>{{end}}{{end}}`
	run := func(fold bool) string {
		tmpl := template.Must(template.New("templates/base.html").Funcs(Funcs(msgs)).Parse(src))
		if fold {
			foldMessages(tmpl, msgs)
			foldEscaped(tmpl)
			if tree := tmpl.Tree.Root.String(); strings.Contains(tree, `"On-demand" | _html_template_htmlescaper`) || !strings.Contains(tree, "On-demand") {
				t.Fatalf("a message in HTML text is not folded into text: %s", tree)
			}
		}
		var buf bytes.Buffer
		if err := tmpl.ExecuteTemplate(&buf, "templates/base.html", true); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	plain, folded := run(false), run(true)
	if plain != folded {
		t.Errorf("folded templates write\n%s\nwant\n%s", folded, plain)
	}
}
