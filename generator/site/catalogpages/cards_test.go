package catalogpages

import (
	"testing"

	"gpucompare/generator/catalog"
)

// TestMainlandAnswerPrefersACurrentPrice: the mainland card's answer is
// the cheapest current pay-as-you-go price, before a cheaper one that is
// not current; with none current, the cheapest of the others, which the
// card labels (Other).
func TestMainlandAnswerPrefersACurrentPrice(t *testing.T) {
	a, b, c := &catalog.GPU{ID: "a"}, &catalog.GPU{ID: "b"}, &catalog.GPU{ID: "c"}
	row := func(g *catalog.GPU, per float64, other bool) *HomePriceRow {
		return &HomePriceRow{GPU: g, Cells: []*HomeCell{{PerGPUHour: per, Other: other}, nil}}
	}
	m := &HomeMainland{Rows: []*HomePriceRow{row(a, 2, true), row(b, 9, false), row(c, 5, false)}}
	if cell, gpu := mainlandAnswer(m); gpu != c || cell.PerGPUHour != 5 || cell.Other {
		t.Errorf("answer %v %+v, want c's current 5", gpu, cell)
	}
	m = &HomeMainland{Rows: []*HomePriceRow{row(b, 9, true), row(a, 2, true), {GPU: c, Cells: []*HomeCell{nil, {PerGPUHour: 1}}}}}
	if cell, gpu := mainlandAnswer(m); gpu != a || cell.PerGPUHour != 2 || !cell.Other {
		t.Errorf("answer %v %+v, want a's 2, not current (a subscription price does not answer)", gpu, cell)
	}
	if cell, _ := mainlandAnswer(&HomeMainland{}); cell != nil {
		t.Errorf("answer %+v with no rows", cell)
	}
}
