package site

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"gpucompare/generator/site/twins"
)

// otherMark is a mark of another provider's answer as a page writes it.
type otherMark struct {
	title, spoken, shown string // the summary's title, its words for screen readers, the words it opens on
	parent               atom.Atom
	glyph                string // the mark itself, hidden from screen readers
}

// otherMarks reads every mark of another provider's answer (a details of
// class other-mark) from page, and counts the marks written the old way,
// as a tooltip only (a sup of class other-mark).
func otherMarks(t *testing.T, page string) (marks []otherMark, tooltips int) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && hasClassAttr(n, "other-mark") {
			switch n.DataAtom {
			case atom.Sup:
				tooltips++
			case atom.Details:
				m := otherMark{parent: n.Parent.DataAtom}
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					switch {
					case c.DataAtom == atom.Summary:
						m.title = attrOf(c, "title")
						for s := c.FirstChild; s != nil; s = s.NextSibling {
							switch {
							case hasClassAttr(s, "visually-hidden"):
								m.spoken = twins.Text(s)
							case hasClassAttr(s, "mark") && attrOf(s, "aria-hidden") == "true":
								m.glyph = twins.Text(s)
							}
						}
					case hasClassAttr(c, "other-own"):
						m.shown = twins.Text(c)
					}
				}
				marks = append(marks, m)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return marks, tooltips
}

func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasClassAttr(n *html.Node, class string) bool {
	return n.Type == html.ElementNode && slices.Contains(strings.Fields(attrOf(n, "class")), class)
}

// checkOtherMarks holds every mark of another provider's answer on page
// to what a phone needs: a disclosure (no tooltip only, which a touch
// screen never shows), a child of its table cell (a details is flow
// content, never inside a span), whose summary is the mark (†, hidden
// from screen readers) with the words for screen readers and the twin,
// and which opens on the same words as its title: that provider's own
// on-demand price (own, with its figure) or that it has none (none). It
// returns how many marks give a figure.
func checkOtherMarks(t *testing.T, name, page string, own *regexp.Regexp, none string) int {
	t.Helper()
	marks, tooltips := otherMarks(t, page)
	if tooltips > 0 {
		t.Errorf("%s: %d marks of another provider are a tooltip only, which a touch screen never shows", name, tooltips)
	}
	figures := 0
	for i, m := range marks {
		if m.parent != atom.Td {
			t.Errorf("%s: mark %d is a child of %s, not of its table cell", name, i+1, m.parent)
		}
		if m.glyph != "†" {
			t.Errorf("%s: mark %d shows %q, want † hidden from screen readers", name, i+1, m.glyph)
		}
		// The words for screen readers stand in the brackets of the
		// page's language: (…) in English, （…） in Chinese.
		if m.title == "" || m.shown != m.title || strings.TrimSpace(m.spoken) != "("+m.title+")" && m.spoken != "（"+m.title+"）" {
			t.Errorf("%s: mark %d: title %q, opens on %q, says %q to screen readers: want the same words in all three", name, i+1, m.title, m.shown, m.spoken)
		}
		switch {
		case own.MatchString(m.shown):
			figures++
		case m.shown != none:
			t.Errorf("%s: mark %d opens on %q, neither an own on-demand price nor %q", name, i+1, m.shown, none)
		}
	}
	return figures
}
