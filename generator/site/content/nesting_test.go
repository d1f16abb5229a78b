package content

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// depth is the deepest nesting tooDeep counts in md.
func depth(md string) int {
	for d := 0; ; d++ {
		if _, _, deep := tooDeep([]byte(md), d); !deep {
			return d
		}
	}
}

func TestNestingDepth(t *testing.T) {
	tests := []struct {
		name, md string
		want     int
	}{
		{"paragraph", "Some text.\n", 0},
		{"indented list", "- a\n  - b\n    - c\n", 3},
		{"quotes on one line", "> > > a\n", 3},
		{"quotes without spaces", ">>> a\n", 3},
		{"lists on one line", "- - 1. a\n", 3},
		{"ordered list", "1. a\n   1) b\n", 2},
		{"siblings", strings.Repeat("- a\n", 1000), 1},
		{"blank lines between levels", "- a\n\n  - b\n\n    - c\n", 3},
		{"tabs", "-\t-\t-\ta\n", 3},
		{"lazy continuation", "> > > a\nb\n> > > c\n", 3},
		{"a quote ends at a blank line", "> a\n\n> b\n", 1},
		{"thematic breaks", "- - -\n* * * *\n___\n", 0},
		{"wide indentation", strings.Repeat(strings.Repeat(" ", 400)+"a\n", 10), 0},
		{"wide indentation in a list", "- a\n" + strings.Repeat(strings.Repeat("\t", 100)+"b\n", 10), 1},
		{"markers in a code fence count", "```\n> > > > a\n```\n", 4},
		{"not a marker", "-a\n1.a\n+\ta\n", 1},
		{"CRLF", "- a\r\n  - b\r\n", 2},
	}
	for _, tt := range tests {
		if got := depth(tt.md); got != tt.want {
			t.Errorf("%s: depth %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestDeepNestingRefused(t *testing.T) {
	md := NewMarkdown()
	var deep strings.Builder
	deep.WriteString("---\ntitle: Deep\n---\n\nIntro.\n\n")
	for i := range 3000 {
		deep.WriteString(strings.Repeat("  ", i) + "- a\n")
	}
	tests := []struct{ name, src, want string }{
		{"a list nested 3,000 deep", deep.String(),
			"content/x.md:39:65: lists and block quotes nested more than 32 deep: flatten them"},
		{"block quotes nested 3,000 deep", "---\ntitle: Deep\n---\n" + strings.Repeat(">", 3000) + " a\n",
			"content/x.md:4:33: lists and block quotes nested more than 32 deep: flatten them"},
	}
	for _, tt := range tests {
		_, errs := Convert(md, nil, "content/x.md", []byte(tt.src))
		if len(errs) != 1 || errs[0].String() != tt.want {
			t.Errorf("%s: got %v\nwant %s", tt.name, errs, tt.want)
		}
	}
	// Links left open by the thousand in one paragraph are refused too;
	// as many in paragraphs of their own are fine.
	md30k := "---\ntitle: Links\n---\nIntro.\n\n" + strings.Repeat("[a](", 30000) + "\n"
	_, errs := Convert(md, nil, "content/x.md", []byte(md30k))
	if want := "content/x.md:6:4003: more than 1000 links in one paragraph: split it with blank lines"; len(errs) != 1 || errs[0].String() != want {
		t.Errorf("30,000 open links: got %v\nwant %s", errs, want)
	}
	if p, errs := Convert(md, nil, "content/x.md", []byte("---\ntitle: Links\n---\n"+strings.Repeat("[a](b) [c](d)\n\n", 1000))); p == nil || len(errs) > 0 {
		t.Errorf("1,000 paragraphs of two links refused: %v", errs)
	}
	// 32 levels are fine.
	src := "---\ntitle: Deep\n---\n" + strings.Repeat("> ", maxNesting) + "a\n"
	if p, errs := Convert(md, nil, "content/x.md", []byte(src)); p == nil || len(errs) > 0 {
		t.Errorf("%d levels refused: %v", maxNesting, errs)
	}
}

// goldmarkDepth is the deepest nesting of block quotes and list items in
// goldmark's tree of src.
func goldmarkDepth(src []byte) int {
	doc := NewMarkdown().Parser().Parse(text.NewReader(src))
	var walk func(n ast.Node, d int) int
	walk = func(n ast.Node, d int) int {
		if k := n.Kind(); k == ast.KindBlockquote || k == ast.KindListItem {
			d++
		}
		deepest := d
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			deepest = max(deepest, walk(c, d))
		}
		return deepest
	}
	return walk(doc, 0)
}

// FuzzNestingBound checks that tooDeep never counts shallower than
// goldmark nests: the bound holds for whatever goldmark makes of a page.
func FuzzNestingBound(f *testing.F) {
	for _, s := range []string{
		"- a\n  - b\n    - c\n", "> > > a\nb\n> c\n", "1. a\n   1) b\n", "- ```\n  > > a\n> > > > b\n",
		"-\t-\t-\ta\n", "* * *\n- a\n", "> - > - a\n\n  b\n", "    > a\n- \n  > b\n", " -  - a\n\t-\tb\n",
		"~~~\n> a\n~~~\n> > b\n", "- a\n\n\n  - b\n", ">\t>\t- a\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, md string) {
		if len(md) > 2000 {
			return
		}
		want := goldmarkDepth([]byte(md))
		if got := depth(md); got < want {
			t.Errorf("tooDeep counts %d, goldmark nests %d deep in %q", got, want, md)
		}
	})
}
