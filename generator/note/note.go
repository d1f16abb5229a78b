// Package note holds text a stage of gpucompare computes for people to
// read — how a price was derived, why a result is not costed — as a code
// with its arguments rather than as English, so that each edition of the
// site words it from its own message catalogue. It does no I/O.
package note

// Note is a computed remark: a code naming what it says, and the
// arguments its wording needs, in the order every catalogue's message
// for the code takes them. An argument is an int (written as digits), a
// string (a name, written as it stands), a float64 (a figure, written as
// each edition writes figures) or a Count.
type Note struct {
	Code string
	Args []any
}

// New returns the note of code with args.
func New(code string, args ...any) Note { return Note{Code: code, Args: args} }

// Count is an argument that counts things and is written as each edition
// writes figures (1,024), not as bare digits.
type Count int
