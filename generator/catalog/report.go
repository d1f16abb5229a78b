package catalog

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Pos is a place in a catalog file, relative to the site root.
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Severity tells an error, which stops a build, from a warning, which does not.
type Severity int

const (
	Error Severity = iota
	Warning
)

// Diagnostic is one problem found in the catalog, at a position.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Message  string
}

// String formats d as "path:line:col: message", warnings marked as such.
func (d Diagnostic) String() string {
	if d.Severity == Warning {
		return d.Pos.String() + ": warning: " + d.Message
	}
	return d.Pos.String() + ": " + d.Message
}

// Report is every diagnostic of a load, sorted by file, line and column.
type Report []Diagnostic

// Errors returns the diagnostics that stop a build.
func (r Report) Errors() Report { return r.only(Error) }

// Warnings returns the diagnostics that do not stop a build.
func (r Report) Warnings() Report { return r.only(Warning) }

func (r Report) only(s Severity) Report {
	var out Report
	for _, d := range r {
		if d.Severity == s {
			out = append(out, d)
		}
	}
	return out
}

// String is the report one diagnostic a line.
func (r Report) String() string {
	var b strings.Builder
	for _, d := range r {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// firstAtEachPlace keeps only the first error at each place where a value
// has the wrong shape: such a value is reported once, not again by the
// checks that follow.
func (r Report) firstAtEachPlace(shapeErrs map[Pos]bool) Report {
	seen := map[Pos]bool{}
	var out Report
	for _, d := range r {
		if d.Severity == Error && shapeErrs[d.Pos] {
			if seen[d.Pos] {
				continue
			}
			seen[d.Pos] = true
		}
		out = append(out, d)
	}
	return out
}

func (r Report) sorted() Report {
	slices.SortStableFunc(r, func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.Pos.File, b.Pos.File),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Col, b.Pos.Col),
			cmp.Compare(a.Severity, b.Severity),
			cmp.Compare(a.Message, b.Message),
		)
	})
	return slices.CompactFunc(r, func(a, b Diagnostic) bool { return a == b })
}
