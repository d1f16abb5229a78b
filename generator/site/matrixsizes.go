package site

import (
	"gpucompare/generator/site/fingerprint"
	"gpucompare/generator/site/reuse"
)

// rowSizes are the sizes of the matrix's rows as "compare-table" writes
// them (matrixPageStarts), which a Rebuilder keeps from one build to the
// next by the fingerprint of the row and of its table without rows: a
// rebuild renders again, to measure, only the rows that changed. A nil
// *rowSizes keeps nothing.
type rowSizes struct {
	w *fingerprint.Walker
	// last are the sizes of the last build, next those of this one.
	last, next map[fingerprint.Fingerprint]int
}

// rowKey is what a row's size follows from: its table, without rows, and
// the row.
type rowKey struct {
	table fingerprint.Fingerprint
	row   *matrixRow
}

// tableKey is the fingerprint of a table without rows.
type tableKey struct {
	f  fingerprint.Fingerprint
	ok bool
}

// table fingerprints the table d, without rows, that rows are measured in.
func (s *rowSizes) table(d *compareData) tableKey {
	if s == nil {
		return tableKey{}
	}
	f, ok := s.w.Of(d)
	return tableKey{f, ok}
}

// lookup is the key of row in the table t; false when it has none.
func (s *rowSizes) lookup(t tableKey, row *matrixRow) (fingerprint.Fingerprint, bool) {
	if s == nil || !t.ok {
		return fingerprint.Fingerprint{}, false
	}
	return s.w.Of(rowKey{t.f, row})
}

// rowSizes are the row sizes of the last build of k, for a build whose
// sets of files are sets (kept.begin), and the sizes this build measures,
// which k keeps for the next (a size found by a row's fingerprint is
// right whatever build found it); nil for a build that keeps nothing.
func (k *kept) rowSizes(sets *reuse.Sets) *rowSizes {
	if sets == nil {
		return nil
	}
	s := &rowSizes{w: fingerprint.NewWalker(sets.Units()), last: k.rows, next: map[fingerprint.Fingerprint]int{}}
	k.rows = s.next
	return s
}
