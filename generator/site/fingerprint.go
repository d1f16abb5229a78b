package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"math"
	"reflect"
	"slices"

	"go.yaml.in/yaml/v3"

	"gpucompare/generator/catalog"
)

// A page's fingerprint is a hash of its model and of everything the model
// reaches through pointers, slices, maps and interfaces, exported fields or
// not: every value a template or a method of the model can read. The
// template functions are pure, so a page renders the same bytes as long as
// the templates, the options and its fingerprint stay the same, and a
// Rebuilder keeps a page's bytes from one build to the next while they do.
//
// The encoding is injective for a given Go type: strings, slices and maps
// carry their length, map entries are sorted by key, a nil is told from a
// value, and a pointer met again is written as the number of its first
// visit, so that shared structure is part of the fingerprint too. A model
// holding what cannot be compared across builds (a func, a channel) has
// no fingerprint, and its page is always rendered.
//
// The catalog is walked once a build, one unit at a time — a GPU file, a
// provider file with its regions and instances, a price point, a benchmark
// file, a guide, a scenario, the scoring file, an exchange rate — and a
// pointer into a unit is written as the unit's place and hash and the
// pointer's place in the unit's walk: so a page of one instance does not
// walk its provider's every instance again. Pointers of the catalog stay
// within their unit (Instance.Provider is the one pointer between
// records, and both are in one provider file). Of a yaml.Node, which the
// catalog keeps for positions, only the line and column are read.

// fingerprint is the hash of a page model.
type fingerprint [sha256.Size]byte

// ptrKey is a pointer and the type it points to: a struct and its first
// field share an address.
type ptrKey struct {
	p uintptr
	t reflect.Type
}

// unitRef places a pointer in the catalog: the unit, and the pointer's
// visit number in the unit's walk.
type unitRef struct {
	unit    int
	ordinal int
}

// catalogUnits are the hashes of one catalog's units, and where each
// pointer of the catalog is.
type catalogUnits struct {
	hashes []fingerprint
	at     map[ptrKey]unitRef
	ok     bool // false when a unit cannot be fingerprinted: then no page can
}

// unitsOf walks every unit of cat once, and then each element of the
// slices of derived, values computed from the catalog that many pages
// share (the priced offers, the price changes): their pointers into the
// catalog are written as references, and pages reach them as units too.
func unitsOf(cat *catalog.Catalog, derived ...any) *catalogUnits {
	var roots []reflect.Value
	addAll := func(v reflect.Value) {
		for i := range v.Len() {
			roots = append(roots, v.Index(i))
		}
	}
	addAll(reflect.ValueOf(cat.GPUs))
	addAll(reflect.ValueOf(cat.Providers))
	addAll(reflect.ValueOf(cat.Prices))
	addAll(reflect.ValueOf(cat.Benchmarks))
	addAll(reflect.ValueOf(cat.Guides))
	addAll(reflect.ValueOf(cat.Scenarios))
	roots = append(roots, reflect.ValueOf(cat.Scoring))
	for i := range cat.FX {
		roots = append(roots, reflect.ValueOf(&cat.FX[i]))
	}
	u := &catalogUnits{at: map[ptrKey]unitRef{}, ok: true}
	w := newWalker(nil)
	walk := func(r reflect.Value) {
		i := len(u.hashes)
		w.reset()
		w.record = func(k ptrKey, ordinal int) { u.at[k] = unitRef{i, ordinal} }
		w.value(r)
		u.hashes = append(u.hashes, w.sum())
		u.ok = u.ok && w.ok
	}
	for _, r := range roots {
		walk(r)
	}
	// The catalog itself is the next unit: its fields, every other unit
	// written as a reference.
	w.units = u
	walk(reflect.ValueOf(cat))
	for _, d := range derived {
		roots = roots[:0]
		addAll(reflect.ValueOf(d))
		for _, r := range roots {
			walk(r)
		}
	}
	return u
}

// walker writes values into a hash.
type walker struct {
	units  *catalogUnits // nil while walking the units themselves
	h      hash.Hash
	buf    []byte
	seen   map[ptrKey]int
	record func(ptrKey, int) // while walking a unit: each new pointer
	ok     bool              // false once a value cannot be fingerprinted
}

func newWalker(u *catalogUnits) *walker {
	w := &walker{units: u, h: sha256.New()}
	w.reset()
	return w
}

func (w *walker) reset() {
	w.h.Reset()
	w.buf = w.buf[:0]
	w.seen = map[ptrKey]int{}
	w.ok = true
}

func (w *walker) sum() fingerprint {
	w.flush()
	var f fingerprint
	copy(f[:], w.h.Sum(nil))
	return f
}

// of returns the fingerprint of v, or false when it has none.
func (w *walker) of(v any) (fingerprint, bool) {
	w.reset()
	w.value(reflect.ValueOf(v))
	return w.sum(), w.ok
}

func (w *walker) flush() {
	w.h.Write(w.buf)
	w.buf = w.buf[:0]
}

func (w *walker) byte(b byte) { w.buf = append(w.buf, b) }
func (w *walker) uint(n uint64) {
	w.buf = binary.AppendUvarint(w.buf, n)
	if len(w.buf) > 8<<10 {
		w.flush()
	}
}
func (w *walker) str(s string) {
	w.uint(uint64(len(s)))
	w.buf = append(w.buf, s...)
}

var yamlNodeType = reflect.TypeFor[yaml.Node]()

func (w *walker) value(v reflect.Value) {
	if !w.ok {
		return
	}
	switch v.Kind() {
	case reflect.Invalid:
		w.byte(0)
	case reflect.Bool:
		if v.Bool() {
			w.byte(1)
		} else {
			w.byte(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		w.uint(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		w.uint(v.Uint())
	case reflect.Float32, reflect.Float64:
		w.uint(math.Float64bits(v.Float()))
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		w.uint(math.Float64bits(real(c)))
		w.uint(math.Float64bits(imag(c)))
	case reflect.String:
		w.str(v.String())
	case reflect.Array:
		for i := range v.Len() {
			w.value(v.Index(i))
		}
	case reflect.Slice:
		if v.IsNil() {
			w.byte(0)
			return
		}
		w.byte(1)
		w.uint(uint64(v.Len()))
		if v.Type().Elem().Kind() == reflect.Uint8 {
			w.buf = append(w.buf, v.Bytes()...)
			return
		}
		for i := range v.Len() {
			w.value(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			w.value(v.Field(i))
		}
	case reflect.Interface:
		if v.IsNil() {
			w.byte(0)
			return
		}
		w.byte(1)
		w.str(v.Elem().Type().String())
		w.str(v.Elem().Type().PkgPath())
		w.value(v.Elem())
	case reflect.Pointer:
		w.pointer(v)
	case reflect.Map:
		w.mapValue(v)
	default: // func, chan, unsafe pointer
		if v.IsNil() {
			w.byte(0)
			return
		}
		w.ok = false
	}
}

// pointer writes a nil, a pointer met before, a pointer into the catalog,
// or what the pointer points to.
func (w *walker) pointer(v reflect.Value) {
	if v.IsNil() {
		w.byte(0)
		return
	}
	k := ptrKey{v.Pointer(), v.Type().Elem()}
	if n, ok := w.seen[k]; ok {
		w.byte(1)
		w.uint(uint64(n))
		return
	}
	n := len(w.seen)
	w.seen[k] = n
	if w.units != nil {
		if r, ok := w.units.at[k]; ok {
			w.byte(2)
			w.uint(uint64(r.unit))
			w.uint(uint64(r.ordinal))
			w.buf = append(w.buf, w.units.hashes[r.unit][:]...)
			return
		}
	}
	if w.record != nil {
		w.record(k, n)
	}
	w.byte(3)
	if k.t == yamlNodeType {
		n := v.Elem()
		w.uint(uint64(n.FieldByName("Line").Int()))
		w.uint(uint64(n.FieldByName("Column").Int()))
		return
	}
	w.value(v.Elem())
}

// mapValue writes the entries of a map sorted by key. Keys are of a
// basic kind or point into the catalog; any other map has no fingerprint.
func (w *walker) mapValue(v reflect.Value) {
	if v.IsNil() {
		w.byte(0)
		return
	}
	w.byte(1)
	w.uint(uint64(v.Len()))
	type entry struct {
		key []byte
		val reflect.Value
	}
	entries := make([]entry, 0, v.Len())
	for it := v.MapRange(); it.Next(); {
		key, ok := w.mapKey(it.Key())
		if !ok {
			w.ok = false
			return
		}
		entries = append(entries, entry{key, it.Value()})
	}
	slices.SortFunc(entries, func(x, y entry) int { return bytes.Compare(x.key, y.key) })
	for _, e := range entries {
		w.uint(uint64(len(e.key)))
		w.buf = append(w.buf, e.key...)
		w.value(e.val)
	}
}

// mapKey encodes a map key on its own, so that keys sort the same in
// every build.
func (w *walker) mapKey(k reflect.Value) ([]byte, bool) {
	switch k.Kind() {
	case reflect.String:
		return []byte(k.String()), true
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		kw := &walker{ok: true}
		kw.value(k)
		return kw.buf, true
	case reflect.Pointer:
		if w.units == nil || k.IsNil() {
			return nil, false
		}
		r, ok := w.units.at[ptrKey{k.Pointer(), k.Type().Elem()}]
		if !ok {
			return nil, false
		}
		b := binary.AppendUvarint(nil, uint64(r.unit))
		b = binary.AppendUvarint(b, uint64(r.ordinal))
		return append(b, w.units.hashes[r.unit][:]...), true
	}
	return nil, false
}
