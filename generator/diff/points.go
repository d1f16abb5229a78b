package diff

import (
	"fmt"
	"reflect"

	"gpucompare/generator/catalog"
)

// pair is a point of a series in the base and the head; -1 where the
// point is absent.
type pair struct{ b, h int }

// align pairs the points of one series in base and head. A point keeps
// its identity by its since and as_of: points with the same dates, in
// order, are the same point. Between two such points, the points of base
// and head are paired in order (a point whose dates were edited); the
// rest were added or removed there.
func align(b, h []*catalog.PricePoint) []pair {
	match := make([]int, len(b))
	j := 0
	for i := range b {
		match[i] = -1
		for k := j; k < len(h); k++ {
			if b[i].Since == h[k].Since && b[i].AsOf() == h[k].AsOf() {
				match[i], j = k, k+1
				break
			}
		}
	}
	var out []pair
	for i, k := 0, 0; i < len(b) || k < len(h); {
		ni := i
		for ni < len(b) && match[ni] < 0 {
			ni++
		}
		nk := len(h)
		if ni < len(b) {
			nk = match[ni]
		}
		for ; i < ni && k < nk; i, k = i+1, k+1 {
			out = append(out, pair{i, k})
		}
		for ; i < ni; i++ {
			out = append(out, pair{i, -1})
		}
		for ; k < nk; k++ {
			out = append(out, pair{-1, k})
		}
		if ni < len(b) {
			out = append(out, pair{ni, nk})
			i, k = ni+1, nk+1
		}
	}
	return out
}

// priceKeys are the fields of a point that state its price, in the order
// an overwrite is reported at.
var priceKeys = []string{"amount", "upfront", "effective_hourly", "discount_pct", "currency", "per_gpu"}

// pointEdits lists the field edits of the points base and head share and
// the points added or removed inside a series (not those appended at its
// end, which are new prices). Its diagnostics are the shared points whose
// price changed in place: errors, at the changed field in head.
func pointEdits(base, head *catalog.Catalog) ([]PointEdit, catalog.Report) {
	_, old := base.Series()
	keys, cur := head.Series()
	var edits []PointEdit
	var overwrites catalog.Report
	for _, k := range keys {
		b, h := old[k], cur[k]
		if len(b) == 0 {
			continue
		}
		pairs := align(b, h)
		last := -1 // the last pair holding a base point: head points after it are appended
		for i, p := range pairs {
			if p.b >= 0 {
				last = i
			}
		}
		edit := func(n int, pp *catalog.PricePoint, field, o, c, at string) {
			edits = append(edits, PointEdit{Provider: k.Provider, Instance: k.Instance, Region: k.Region, Model: k.Model, Payment: k.Payment,
				Point: n + 1, Since: string(pp.Since), Field: field, Old: o, New: c, Position: at})
		}
		for i, p := range pairs {
			switch {
			case p.b < 0 && i > last:
				// appended: a new price, reported as such
			case p.b < 0:
				edit(p.h, h[p.h], "point", "—", stated(h[p.h]), h[p.h].Pos("").String())
			case p.h < 0:
				edit(p.b, b[p.b], "point", stated(b[p.b]), "—", b[p.b].Pos("").String())
			default:
				o, n := b[p.b], h[p.h]
				for _, f := range fields("", "", reflect.ValueOf(*o), reflect.ValueOf(*n)) {
					edit(p.h, n, f.Field, f.Old, f.New, n.Pos(f.Field).String())
				}
				if !catalog.SamePrice(o, n) {
					overwrites = append(overwrites, overwrite(p.h, o, n))
				}
			}
		}
	}
	return edits, overwrites
}

// overwrite is the error of a point whose price changed in place.
func overwrite(i int, o, n *catalog.PricePoint) catalog.Diagnostic {
	key := "amount"
	for _, f := range fields("", "", reflect.ValueOf(*o), reflect.ValueOf(*n)) {
		if slicesContains(priceKeys, f.Field) {
			key = f.Field
			break
		}
	}
	return catalog.Diagnostic{Pos: n.Pos(key), Severity: catalog.Error, Message: fmt.Sprintf(
		"price %q: point %d (since %s) changed in place from %s to %s, which overwrites its history: "+
			"keep the point as it was and append a new point with the new price and its since (the date the price changed)",
		n.Instance+"/"+n.Region+"/"+n.Model, i+1, o.Since, stated(o), stated(n))}
}

// Overwrites are the price points of base that head keeps (same series,
// same place by since and as_of) with another price: history overwritten
// in place. They are errors at the changed field in head; a price change
// is recorded as a new point instead.
func Overwrites(base, head *catalog.Catalog) catalog.Report {
	_, r := pointEdits(base, head)
	return r
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
