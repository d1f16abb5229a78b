package compare

import (
	"sync"

	"gpucompare/generator/site/fingerprint"
)

// RowSizes are the sizes of the matrix's rows as "compare-row" writes
// them (matrixPageStarts), which a Rebuilder keeps from one build to the
// next by the fingerprint of the row (with the templates: a Rebuilder
// drops them with the templates): a rebuild renders again, to measure,
// only the rows that changed. A nil *RowSizes keeps nothing. It is safe
// for concurrent use, each goroutine with a sizer of its own.
type RowSizes struct {
	units *fingerprint.CatalogUnits
	last  map[fingerprint.Fingerprint]int // the sizes of the last build
	mu    sync.Mutex                      // guards next
	next  map[fingerprint.Fingerprint]int // the sizes of this one
}

// NewRowSizes are the sizes of rows last a Rebuilder kept from its last
// build, each row fingerprinted with the units of this build's catalog,
// and next, empty, the sizes this build measures, which the Rebuilder
// keeps for the next (a size found by a row's fingerprint is right
// whatever build found it).
func NewRowSizes(units *fingerprint.CatalogUnits, last map[fingerprint.Fingerprint]int) (s *RowSizes, next map[fingerprint.Fingerprint]int) {
	s = &RowSizes{units: units, last: last, next: map[fingerprint.Fingerprint]int{}}
	return s, s.next
}

// sizer measures rows on one goroutine: measure writes a row to count
// its bytes, and a row whose size s kept is not written again.
func (s *RowSizes) sizer(measure func(*Row) (int, error)) func(*Row) (int, error) {
	if s == nil {
		return measure
	}
	w := fingerprint.NewWalker(s.units)
	return func(row *Row) (int, error) {
		key, ok := w.Of(row)
		if !ok {
			return measure(row)
		}
		n, found := s.last[key]
		if !found {
			var err error
			if n, err = measure(row); err != nil {
				return 0, err
			}
		}
		s.mu.Lock()
		s.next[key] = n
		s.mu.Unlock()
		return n, nil
	}
}
