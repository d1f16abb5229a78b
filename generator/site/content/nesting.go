package content

import "bytes"

// maxNesting is how deep block quotes and list items may nest in a
// content page. goldmark's time grows faster than the square of the
// depth (a list nested 3,000 deep took over a minute), and a page needs
// a handful of levels.
const maxNesting = 32

// tooDeep finds the first block quote or list item of the Markdown md
// that opens more than limit containers deep, and returns its line and
// column (from 1), in one pass over md.
//
// It reads CommonMark's block structure only as far as depth needs, and
// wherever goldmark could nest deeper it takes that reading, so that it
// never counts shallower than goldmark nests (FuzzNestingBound checks
// this); it may count deeper. A block quote goes on through every line
// that carries its marker; a list item through every line indented at
// least one column more than its marker is wide (a tab taken as four
// Columns); both through every line that opens no container, as a
// paragraph may go on lazily. A marker opens a container after any
// indentation, in code too: only a page with deep markers in its code
// would notice.
func tooDeep(md []byte, limit int) (line, col int, ok bool) {
	// indents holds the open containers, innermost last: for a list item,
	// the columns of indentation its lines need; for a block quote, -1.
	var indents []int
	for n := 1; len(md) > 0; n++ {
		var l []byte
		l, md, _ = bytes.Cut(md, []byte("\n"))
		pos, matched := continued(l, indents)
		for opened := false; ; opened = true {
			indent, at, next, ok := opens(l, pos)
			if !ok {
				break
			}
			if !opened {
				indents = indents[:matched]
			}
			if indents = append(indents, indent); len(indents) > limit {
				return n, at + 1, true
			}
			pos = next
		}
	}
	return 0, 0, false
}

// continued returns how many of the open containers the line l continues
// and the byte after their markers and indentation. A line that is blank
// after them continues them all.
func continued(l []byte, indents []int) (pos, matched int) {
	credit := 0 // Columns of the whitespace before pos not used yet
	for i, indent := range indents {
		lead := whitespace(l[pos:])
		switch {
		case pos+lead == len(l) || l[pos+lead] == '\r':
			return pos, len(indents)
		case indent < 0: // a block quote: its marker
			if l[pos+lead] != '>' {
				return pos, i
			}
			pos, credit = pos+lead+1, 0
		default: // a list item: its indentation
			credit += columns(l[pos : pos+lead])
			if credit < indent {
				return pos, i
			}
			pos, credit = pos+lead, credit-indent
		}
	}
	return pos, len(indents)
}

// opens reads a block quote or list item marker at byte pos of l, after
// any whitespace, and returns the indentation the container's lines need
// (-1 for a block quote), the byte the marker starts at, and the byte
// after the marker.
func opens(l []byte, pos int) (indent, at, next int, ok bool) {
	if thematicBreak(l[pos:]) {
		return 0, 0, 0, false
	}
	at = pos + whitespace(l[pos:])
	rest := l[at:]
	n := 0
	switch {
	case len(rest) == 0:
		return 0, 0, 0, false
	case rest[0] == '>':
		return -1, at, at + 1, true
	case rest[0] == '-' || rest[0] == '+' || rest[0] == '*':
		n = 1
	case rest[0] >= '0' && rest[0] <= '9':
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		if n == len(rest) || (rest[n] != '.' && rest[n] != ')') {
			return 0, 0, 0, false
		}
		n++
	default:
		return 0, 0, 0, false
	}
	if n < len(rest) && rest[n] != ' ' && rest[n] != '\t' && rest[n] != '\r' {
		return 0, 0, 0, false
	}
	return n + 1, at, at + n, true
}

// whitespace is the number of spaces and tabs b starts with.
func whitespace(b []byte) int {
	return len(b) - len(bytes.TrimLeft(b, " \t"))
}

// columns is the width of the whitespace b, a tab taken as four columns.
func columns(b []byte) int {
	return len(b) + 3*bytes.Count(b, []byte("\t"))
}

// thematicBreak reports whether b is a thematic break, which opens
// nothing: three or more of one of - * _, and whitespace.
func thematicBreak(b []byte) bool {
	var mark byte
	n := 0
	for _, c := range bytes.TrimRight(b, "\r") {
		switch {
		case c == ' ' || c == '\t':
		case mark == 0 && (c == '-' || c == '*' || c == '_'):
			mark, n = c, 1
		case c == mark:
			n++
		default:
			return false
		}
	}
	return n >= 3
}

// maxLinkOpeners is how many link openings ("](") one block of a content
// page may hold. goldmark's time grows faster than the square of the
// number of links left open in one paragraph (30,000 "[a](" took 25 s);
// a page needs a few dozen links in a paragraph at most.
const maxLinkOpeners = 1000

// tooManyLinks finds the first block of the Markdown md (lines up to a
// blank line) that holds more than limit link openings, and returns the
// line and column (from 1) of the opening past the limit.
func tooManyLinks(md []byte, limit int) (line, col int, ok bool) {
	count := 0
	for n := 1; len(md) > 0; n++ {
		var l []byte
		l, md, _ = bytes.Cut(md, []byte("\n"))
		if len(bytes.TrimSpace(l)) == 0 {
			count = 0
			continue
		}
		for i := 0; ; {
			j := bytes.Index(l[i:], []byte("]("))
			if j < 0 {
				break
			}
			i += j + 2
			if count++; count > limit {
				return n, len([]rune(string(l[:i-2]))) + 1, true
			}
		}
	}
	return 0, 0, false
}
