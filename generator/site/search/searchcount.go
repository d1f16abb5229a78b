package search

import (
	"math"
	"strconv"
	"strings"
	"unicode"
)

// A query may name how many GPUs the reader wants, as a buyer writes it:
// "8x", "8×", "×8", "x8", "8 GPUs", "8卡", "8张", ">=4", "<=2", "4-8",
// "4..8", glued to a GPU model ("8xH100", "8×H100", "H100×8") or beside
// one ("8x H100"). Count reads it the way static/query.js does for
// the search box and the instance matrix; both are tested on the cases of
// generator/site/testdata/count-queries.json. "48xlarge", "8xlarge" and "8x_A100-80GB"
// are words, not counts, and so, in the search box, is a number alone.

// countRange is one count a query asks for: lo to hi, each end included
// unless open.
type countRange struct {
	lo, hi         float64
	loOpen, hiOpen bool
}

func (c countRange) has(n float64) bool {
	return (n > c.lo || !c.loOpen && n == c.lo) && (n < c.hi || !c.hiOpen && n == c.hi)
}

// countQuery is what Count reads out of a query: the counts it
// asks for (all of which must hold; none when it names no count) and its
// other words.
type countQuery struct {
	counts []countRange
	rest   string
}

// has reports whether n GPUs is what the query asks for.
func (q countQuery) has(n float64) bool {
	for _, c := range q.counts {
		if !c.has(n) {
			return false
		}
	}
	return true
}

// countUnits are the words after a number that make it a count, longest first.
var countUnits = []string{"gpus", "gpu", "cards", "card", "张卡", "块卡", "卡", "张", "块", "×", "x"}

var (
	countSigns  = []string{">=", "<=", "==", "≥", "≤", ">", "<", "="}
	countDashes = []string{"..", "-", "–", "~"}
)

// countCJK reports whether r is Chinese (or Japanese, Korean) text or
// punctuation, which a count may follow or precede without a space.
func countCJK(r rune) bool {
	return searchCJK(r) || r >= 0x3000 && r <= 0x303F
}

// countScan reads counts in s, a query in lower case, as runes.
type countScan struct {
	s    []rune
	bare bool
}

func (c countScan) at(i int) rune {
	if i < len(c.s) {
		return c.s[i]
	}
	return 0
}

func (c countScan) digit(i int) bool { return c.at(i) >= '0' && c.at(i) <= '9' }

// number reads a number at i: its value and end, or ok false.
func (c countScan) number(i int) (float64, int, bool) {
	j := i
	for c.digit(j) {
		j++
	}
	if j == i {
		return 0, i, false
	}
	if c.at(j) == '.' && c.digit(j+1) {
		j++
		for c.digit(j) {
			j++
		}
	}
	v, err := strconv.ParseFloat(string(c.s[i:j]), 64)
	return v, j, err == nil
}

func (c countScan) spaces(i int) int {
	for c.at(i) == ' ' {
		i++
	}
	return i
}

func (c countScan) prefix(i int, list []string) string {
	rest := string(c.s[min(i, len(c.s)):])
	for _, w := range list {
		if strings.HasPrefix(rest, w) {
			return w
		}
	}
	return ""
}

// ends reports whether a count may end at i: at the end, before a space
// or Chinese text.
func (c countScan) ends(i int) bool {
	return i >= len(c.s) || unicode.IsSpace(c.s[i]) || countCJK(c.s[i])
}

// glued reports whether a GPU model follows at i: letters, then a digit.
func (c countScan) glued(i int) bool {
	j := i
	for c.at(j) >= 'a' && c.at(j) <= 'z' {
		j++
	}
	return j > i && c.digit(j)
}

// unit reads a unit after a number at i (spaces first): its end, or -1.
func (c countScan) unit(i int) int {
	k := c.spaces(i)
	u := c.prefix(k, countUnits)
	if u == "" {
		return -1
	}
	j := k + len([]rune(u))
	switch {
	case u == "x":
		if c.ends(j) || c.glued(j) {
			return j
		}
		return -1
	case u[0] >= 'a' && u[0] <= 'z':
		if r := c.at(j); j >= len(c.s) || !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return j
		}
		return -1
	}
	return j // ×, 卡, 张…: anything may follow
}

// end is where a count whose number ends at i ends: after its unit, or
// at i when the count may end there; -1 when it may not.
func (c countScan) end(i int) int {
	if j := c.unit(i); j >= 0 {
		return j
	}
	if c.ends(i) {
		return i
	}
	return -1
}

// phrase reads a count at i: the range and its end, or ok false.
func (c countScan) phrase(i int) (countRange, int, bool) {
	if r := c.at(i); r == 'x' || r == '×' {
		v, j, ok := c.number(c.spaces(i + 1))
		if !ok || !c.ends(j) {
			return countRange{}, 0, false
		}
		return countRange{lo: v, hi: v}, j, true
	}
	if sign := c.prefix(i, countSigns); sign != "" {
		v, j, ok := c.number(c.spaces(i + len([]rune(sign))))
		if !ok {
			return countRange{}, 0, false
		}
		end := c.end(j)
		if end < 0 {
			return countRange{}, 0, false
		}
		inf := math.Inf(1)
		switch sign {
		case ">=", "≥":
			return countRange{lo: v, hi: inf}, end, true
		case "<=", "≤":
			return countRange{lo: -inf, hi: v}, end, true
		case ">":
			return countRange{lo: v, hi: inf, loOpen: true}, end, true
		case "<":
			return countRange{lo: -inf, hi: v, hiOpen: true}, end, true
		}
		return countRange{lo: v, hi: v}, end, true
	}
	a, j, ok := c.number(i)
	if !ok {
		return countRange{}, 0, false
	}
	k := c.spaces(j)
	if dash := c.prefix(k, countDashes); dash != "" {
		if b, bj, ok := c.number(c.spaces(k + len([]rune(dash)))); ok {
			if end := c.end(bj); end >= 0 {
				return countRange{lo: min(a, b), hi: max(a, b)}, end, true
			}
		}
	}
	if end := c.unit(j); end >= 0 {
		return countRange{lo: a, hi: a}, end, true
	}
	if c.bare && c.ends(j) {
		return countRange{lo: a, hi: a}, j, true
	}
	return countRange{}, 0, false
}

// Count reads the counts out of a query in Fold form (bare:
// a number alone is one).
func Count(q string, bare bool) countQuery {
	c := countScan{s: []rune(q), bare: bare}
	var out countQuery
	var rest []rune
	for i := 0; i < len(c.s); {
		before := i == 0 || unicode.IsSpace(c.s[i-1]) || countCJK(c.s[i-1])
		sign := c.s[i] == '×' || c.prefix(i, countSigns) != ""
		if before || sign {
			if r, end, ok := c.phrase(i); ok {
				out.counts = append(out.counts, r)
				rest = append(rest, ' ')
				i = end
				continue
			}
		}
		rest = append(rest, c.s[i])
		i++
	}
	out.rest = strings.Join(strings.Fields(string(rest)), " ")
	return out
}
