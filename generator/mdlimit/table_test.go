package mdlimit

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// cells is the number of cells Table counts in the largest table of md.
func cells(md string) int {
	lo, hi := 0, len(md)*len(md)+1 // Table counts no more than that
	for lo < hi {
		if mid := (lo + hi) / 2; func() bool { _, big := Table([]byte(md), mid); return big }() {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

func TestTableCells(t *testing.T) {
	tests := []struct {
		name, md string
		want     int
	}{
		{"paragraph", "Some text.\n", 0},
		{"two by two", "| a | b |\n| - | - |\n| 1 | 2 |\n", 4},
		{"no outer pipes", "a | b\n--|--\n1 | 2\n3 | 4\n", 6},
		{"one column", "a\n:--\n1\n", 2},
		{"short rows are padded", "|a|b|c|\n|-|-|-|\nx\ny\n", 9},
		{"ends at a blank line", "|a|b|\n|-|-|\n1\n\ntext\nmore\n", 4},
		{"CRLF", "|a|b|\r\n|-|-|\r\n1\r\n\r\ntext\r\n", 4},
		{"in a block quote", "> |a|b|\n> |-|-|\n> 1\n", 4},
		{"indented in a list", "- x\n\n  |a|b|\n  |-|-|\n  1\n", 4},
		{"an indented > goes on", "|a|b|\n|-|-|\n    >\nx\n", 6},
		{"no header, no table", "|-|-|\n1\n", 0},
		{"a setext underline is no table", "Title\n-----\ntext\n", 0},
		{"the largest table counts", "|a|\n|-|\n\n|a|b|c|\n|-|-|-|\n1\n", 6},
	}
	for _, tt := range tests {
		if got := cells(tt.md); got != tt.want {
			t.Errorf("%s: %d cells, want %d", tt.name, got, tt.want)
		}
	}
}

func TestWideTableRefused(t *testing.T) {
	md := "# Intro\n\nText.\n\n" + strings.Repeat("|a", 3000) + "|\n" + strings.Repeat("|-", 3000) + "|\n" + strings.Repeat("a\n", 3000)
	p, big := Table([]byte(md), MaxTableCells)
	want := "5:1: table has 3,000 columns × 3,001 rows (9,003,000 cells); at most 5,000 cells: split it, or keep the figures in the catalog"
	if got := p.String(); !big || got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	p, big = Table([]byte("Text.\n\n> "+strings.Repeat("|a", 3000)+"|\n> "+strings.Repeat("|-", 3000)+"|\n> x\n"), MaxTableCells)
	if want := "3:3: table has 3,000 columns × 2 rows (6,000 cells); at most 5,000 cells: split it, or keep the figures in the catalog"; !big || p.String() != want {
		t.Errorf("got %q\nwant %q", p.String(), want)
	}
	// 100 columns of 50 rows are fine.
	ok := strings.Repeat("|a", 100) + "|\n" + strings.Repeat("|-", 100) + "|\n" + strings.Repeat("|1\n", 49)
	if p, big := Table([]byte(ok), MaxTableCells); big {
		t.Errorf("100 × 50 refused: %s", p)
	}
}

// goldmarkCells is the number of cells of the largest table goldmark
// makes of src.
func goldmarkCells(src []byte) int {
	md := goldmark.New(goldmark.WithExtensions(extension.Table))
	doc := md.Parser().Parse(text.NewReader(src))
	most := 0
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if tb, ok := n.(*east.Table); ok && entering {
			count := 0
			for r := tb.FirstChild(); r != nil; r = r.NextSibling() {
				count += r.ChildCount()
			}
			most = max(most, count)
		}
		return ast.WalkContinue, nil
	})
	return most
}

// FuzzTableBound checks that Table never counts fewer cells than goldmark
// makes: the bound holds for whatever goldmark makes of a page.
func FuzzTableBound(f *testing.F) {
	for _, s := range []string{
		"|a|b|\n|-|-|\n1\n", "> |a|b|\n> |-|-|\n>\nx\n", "- |a|b|\n  |-|-|\n  1\n- x\n", "a|b\n-|-\n    >\n\tx\n",
		"|a|\n|:-:|\n# h\nx\n", "> > |a|\n> > |-|\n> x\ny\n", "|a|b|\r\n|-|-|\r\n1\r\n", "x\n|a|b|\n|-|-|\n|c|\n|-|\n1\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, md string) {
		if len(md) > 2000 {
			return
		}
		if want, got := goldmarkCells([]byte(md)), cells(md); got < want {
			t.Errorf("Table counts %d cells, goldmark makes %d in %q", got, want, md)
		}
	})
}
