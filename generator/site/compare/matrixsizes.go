package compare

import "gpucompare/generator/site/fingerprint"

// RowSizes are the sizes of the matrix's rows as "compare-table" writes
// them (matrixPageStarts), which a Rebuilder keeps from one build to the
// next by the fingerprint of the row and of its table without rows: a
// rebuild renders again, to measure, only the rows that changed. A nil
// *RowSizes keeps nothing.
type RowSizes struct {
	w *fingerprint.Walker
	// last are the sizes of the last build, next those of this one.
	last, next map[fingerprint.Fingerprint]int
}

// rowKey is what a row's size follows from: its table, without rows, and
// the row.
type rowKey struct {
	table fingerprint.Fingerprint
	row   *Row
}

// tableKey is the fingerprint of a table without rows.
type tableKey struct {
	f  fingerprint.Fingerprint
	ok bool
}

// table fingerprints the table d, without rows, that rows are measured in.
func (s *RowSizes) table(d *Data) tableKey {
	if s == nil {
		return tableKey{}
	}
	f, ok := s.w.Of(d)
	return tableKey{f, ok}
}

// lookup is the key of row in the table t; false when it has none.
func (s *RowSizes) lookup(t tableKey, row *Row) (fingerprint.Fingerprint, bool) {
	if s == nil || !t.ok {
		return fingerprint.Fingerprint{}, false
	}
	return s.w.Of(rowKey{t.f, row})
}

// NewRowSizes are the sizes of rows last a Rebuilder kept from its last
// build, fingerprinted by w, and next, empty, the sizes this build
// measures, which the Rebuilder keeps for the next (a size found by a
// row's fingerprint is right whatever build found it).
func NewRowSizes(w *fingerprint.Walker, last map[fingerprint.Fingerprint]int) (s *RowSizes, next map[fingerprint.Fingerprint]int) {
	s = &RowSizes{w: w, last: last, next: map[fingerprint.Fingerprint]int{}}
	return s, s.next
}
