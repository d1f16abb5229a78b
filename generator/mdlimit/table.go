// Package mdlimit holds the bounds Markdown is held to before the site
// converts it: the Markdown of content pages and the catalog's Markdown
// text (a guide outcome's or a scenario's advice). A small input can ask
// goldmark for a large output: a GFM table row is padded to the number of
// columns of its table, so 18 KB of table made 9 million cells, 70 s of
// work and a 90 MB page. The checks here read the source as bytes, in one
// pass, before goldmark parses it; they do no I/O and import no other
// stage.
package mdlimit

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// MaxTableCells is how many cells one table may have, counted as goldmark
// makes them: its columns times its rows (the header row included), every
// row padded to the columns of the table. A table a reader can use has a
// few hundred; 5,000 is 50 rows of 100 columns or 500 rows of 10.
const MaxTableCells = 5000

// A Problem is a Markdown construct past its bound, at Line and Col (from
// 1) of the source checked.
type Problem struct {
	Line, Col int
	Message   string
}

// Table finds the first table of the Markdown md that has more than limit
// cells, and describes it, in one pass over md.
//
// It reads a table the way GFM does, as far as size needs: a delimiter
// row (only '|', '-', ':' and white space, not all '-', after any block
// quote markers and indentation) under a header row, then every line up to
// the next blank one. It may count more rows than goldmark makes (a
// heading or a fence ends a table before a blank line does), never fewer:
// a paragraph, and so a table, goes on through every line that is not
// blank (FuzzTableBound checks this).
func Table(md []byte, limit int) (Problem, bool) {
	// A table is counted once the blank line (or the end) after it is
	// reached; until then cand holds the delimiter rows of the current
	// run of lines.
	type cand struct{ line, cols, headerCol int }
	var cands []cand
	n := 0
	var bad *Problem
	end := func(last int) {
		for _, c := range cands {
			rows := 1 + last - c.line // the header, then the lines after the delimiter row
			if c.cols*rows > limit && bad == nil {
				bad = &Problem{Line: c.line - 1, Col: c.headerCol, Message: fmt.Sprintf(
					"table has %s columns × %s rows (%s cells); at most %s cells: split it, or keep the figures in the catalog",
					grouped(c.cols), grouped(rows), grouped(c.cols*rows), grouped(limit))}
			}
		}
		cands = cands[:0]
	}
	prev, prevBlank := []byte(nil), true
	for rest := md; len(rest) > 0 && bad == nil; {
		var l []byte
		l, rest, _ = bytes.Cut(rest, []byte("\n"))
		n++
		if blank(l) {
			end(n - 1)
			prev, prevBlank = l, true
			continue
		}
		if !prevBlank {
			if cols, ok := delimiterRow(l); ok {
				cands = append(cands, cand{line: n, cols: cols, headerCol: headerCol(prev)})
			}
		}
		prev, prevBlank = l, false
	}
	if bad == nil {
		end(n)
	}
	if bad != nil {
		return *bad, true
	}
	return Problem{}, false
}

// blank reports whether the line l is blank as goldmark has it: spaces,
// tabs and carriage returns only.
func blank(l []byte) bool {
	return len(bytes.Trim(l, " \t\r")) == 0
}

// delimiterRow reports whether the line l could be the delimiter row of a
// table, and the number of its columns: a line of only '|', '-', ':' and
// white space after its block quote markers and indentation.
func delimiterRow(l []byte) (cols int, ok bool) {
	trimmed := bytes.TrimLeft(l, " \t>")
	// goldmark takes a row of only '-' for a setext heading's underline,
	// unless white space is left before it once its containers are taken
	// off: count such a row whenever anything stood before it.
	allDash := len(trimmed) == len(l)
	l = trimmed
	for _, c := range l {
		switch c {
		case '-':
		case '|', ':', ' ', '\t', '\r':
			allDash = false
		default:
			return 0, false
		}
	}
	if allDash {
		return 0, false
	}
	parts := bytes.Split(l, []byte("|"))
	if blank(parts[0]) {
		parts = parts[1:]
	}
	if len(parts) > 0 && blank(parts[len(parts)-1]) {
		parts = parts[:len(parts)-1]
	}
	return len(parts), len(parts) > 0
}

// headerCol is the column (from 1) of the first character of the header
// row l after its block quote markers and indentation.
func headerCol(l []byte) int {
	lead := len(l) - len(bytes.TrimLeft(l, " \t>"))
	return utf8.RuneCount(l[:lead]) + 1
}

// grouped writes n with its thousands grouped: 9000000 is "9,000,000".
func grouped(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// String is the problem as "line:col: message".
func (p Problem) String() string {
	return fmt.Sprintf("%d:%d: %s", p.Line, p.Col, p.Message)
}
