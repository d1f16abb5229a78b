// Package fingerprint hashes page models and the inputs of exports and
// feeds, with everything they reach, for serve's reuse between rebuilds: a
// Rebuilder keeps what a stage made while the fingerprint of its inputs
// stays the same. It reads values only; it knows no page kind.
package fingerprint

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"

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
// value, the value of an interface is preceded by its type, and a pointer
// met again is written as the number of its first visit, so that shared
// structure is part of the fingerprint too — except a pointer to a bool,
// a number or a string (an optional figure of the catalog), which cannot
// lead anywhere and is written as its value each time. A model holding
// what cannot be compared across builds (a func, a channel) has no
// Fingerprint, and its page is always rendered. Fingerprints are compared
// within one process only (a Rebuilder's): a type is written as the
// number of its walk plan.
//
// How a value of each type is walked — its kind, and the plans of its
// fields or elements — is worked out once per type (planOf), so a walk
// does not look up types or fields as it goes.
//
// The catalog is walked once a build, one unit at a time — a GPU file, a
// provider file with its regions and instances, a price point, a benchmark
// file, a guide, a scenario, the scoring file, an exchange rate — and a
// pointer into a unit is written as the unit's place and hash and the
// pointer's place in the unit's walk: so a page of one instance does not
// walk its provider's every instance again. Pointers of the catalog stay
// within their unit (Instance.Provider is the one pointer between
// records, and both are in one provider file).

// Fingerprint is the hash of a page model: 128 bits of two hashes of the
// same encoding with seeds of their own. hash/maphash is fast and, with
// seeds chosen at random once a process, not to be steered by catalog
// text; fingerprints are compared within the process only.
type Fingerprint [2]uint64

var fingerprintSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// append appends f to b.
func (f Fingerprint) append(b []byte) []byte {
	return binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(b, f[0]), f[1])
}

// ptrKey is a pointer and the plan of the type it points to: a struct and
// its first field share an address.
type ptrKey struct {
	p    uintptr
	plan uint32
}

// unitRef places a pointer in the catalog: the unit, and the pointer's
// visit number in the unit's walk.
type unitRef struct {
	unit    int
	ordinal int
}

// CatalogUnits are the hashes of one catalog's units, and where each
// pointer of the catalog is.
type CatalogUnits struct {
	hashes []Fingerprint
	at     map[ptrKey]unitRef
	// pointed are the plans, by number, of the types that a pointer of
	// at points to: a pointer to any other type is not looked up.
	pointed []bool
	ok      bool // false when a unit cannot be fingerprinted: then no page can
}

// OK reports whether every unit could be fingerprinted: when not, no
// page can be.
func (u *CatalogUnits) OK() bool { return u.ok }

// ref returns where a pointer is in the units walked so far.
func (u *CatalogUnits) ref(k ptrKey) (unitRef, bool) {
	if int(k.plan) >= len(u.pointed) || !u.pointed[k.plan] {
		return unitRef{}, false
	}
	r, ok := u.at[k]
	return r, ok && r.unit < len(u.hashes)
}

// UnitsOf walks every unit of cat once, and then each element of the
// slices of derived, values computed from the catalog that many pages
// share (the priced offers, the price changes): their pointers into the
// catalog are written as references, and pages reach them as units too.
func UnitsOf(cat *catalog.Catalog, derived ...any) *CatalogUnits {
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
	u := &CatalogUnits{at: map[ptrKey]unitRef{}, ok: true}
	w := NewWalker(nil)
	walk := func(r reflect.Value) {
		i := len(u.hashes)
		w.reset()
		w.record = func(k ptrKey, ordinal int) {
			u.at[k] = unitRef{i, ordinal}
			if int(k.plan) >= len(u.pointed) {
				u.pointed = append(u.pointed, make([]bool, int(k.plan)+1-len(u.pointed))...)
			}
			u.pointed[k.plan] = true
		}
		w.value(planOf(r.Type()), r)
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

// plan is how the walker writes the values of one type.
type plan struct {
	id     uint32 // the plan's number, unique in the process
	kind   reflect.Kind
	elem   *plan   // of an array, slice, pointer or map value
	key    *plan   // of a map key
	fields []*plan // of a struct, in field order
	// bytes is a slice of bytes, written whole.
	bytes bool
	// basic is a bool, number or string: a pointer to one is written as
	// the value it points to (basicKinds).
	basic bool
}

var plans struct {
	sync.Mutex
	byType sync.Map // reflect.Type → *plan, once complete
	n      uint32
}

// basicKinds hold no pointer that a walk could follow.
var basicKinds = map[reflect.Kind]bool{
	reflect.Bool: true, reflect.String: true,
	reflect.Int: true, reflect.Int8: true, reflect.Int16: true, reflect.Int32: true, reflect.Int64: true,
	reflect.Uint: true, reflect.Uint8: true, reflect.Uint16: true, reflect.Uint32: true, reflect.Uint64: true, reflect.Uintptr: true,
	reflect.Float32: true, reflect.Float64: true, reflect.Complex64: true, reflect.Complex128: true,
}

// planOf returns the plan of t, working it out on first use.
func planOf(t reflect.Type) *plan {
	if p, ok := plans.byType.Load(t); ok {
		return p.(*plan)
	}
	plans.Lock()
	defer plans.Unlock()
	made := map[reflect.Type]*plan{}
	p := makePlan(t, made)
	for t, p := range made {
		plans.byType.Store(t, p)
	}
	return p
}

// makePlan works out the plan of t and of the types it is made of; made
// holds the plans made so far, for types that refer to themselves.
// plans must be locked.
func makePlan(t reflect.Type, made map[reflect.Type]*plan) *plan {
	if p, ok := plans.byType.Load(t); ok {
		return p.(*plan)
	}
	if p, ok := made[t]; ok {
		return p
	}
	p := &plan{id: plans.n, kind: t.Kind(), basic: basicKinds[t.Kind()]}
	plans.n++
	made[t] = p
	switch p.kind {
	case reflect.Array:
		p.elem = makePlan(t.Elem(), made)
	case reflect.Slice:
		p.elem = makePlan(t.Elem(), made)
		p.bytes = t.Elem().Kind() == reflect.Uint8
	case reflect.Pointer:
		p.elem = makePlan(t.Elem(), made)
	case reflect.Map:
		p.key, p.elem = makePlan(t.Key(), made), makePlan(t.Elem(), made)
	case reflect.Struct:
		for i := range t.NumField() {
			p.fields = append(p.fields, makePlan(t.Field(i).Type, made))
		}
	}
	return p
}

// Walker writes values into a hash.
type Walker struct {
	units  *CatalogUnits // nil while walking the units themselves
	h      [2]maphash.Hash
	buf    []byte
	seen   map[ptrKey]int
	record func(ptrKey, int) // while walking a unit: each new pointer
	ok     bool              // false once a value cannot be fingerprinted
}

func NewWalker(u *CatalogUnits) *Walker {
	w := &Walker{units: u}
	w.h[0].SetSeed(fingerprintSeeds[0])
	w.h[1].SetSeed(fingerprintSeeds[1])
	w.reset()
	return w
}

func (w *Walker) reset() {
	w.h[0].Reset()
	w.h[1].Reset()
	w.buf = w.buf[:0]
	// A map that grew large for one model is not cleared for every small
	// one after it.
	if w.seen == nil || len(w.seen) > 4096 {
		w.seen = map[ptrKey]int{}
	} else {
		clear(w.seen)
	}
	w.ok = true
}

func (w *Walker) sum() Fingerprint {
	w.flush()
	return Fingerprint{w.h[0].Sum64(), w.h[1].Sum64()}
}

// Of returns the fingerprint of v, or false when it has none.
func (w *Walker) Of(v any) (Fingerprint, bool) {
	w.reset()
	if v == nil {
		w.byte(0)
	} else {
		rv := reflect.ValueOf(v)
		w.byte(1)
		p := planOf(rv.Type())
		w.uint(uint64(p.id))
		w.value(p, rv)
	}
	return w.sum(), w.ok
}

func (w *Walker) flush() {
	w.h[0].Write(w.buf)
	w.h[1].Write(w.buf)
	w.buf = w.buf[:0]
}

func (w *Walker) byte(b byte) { w.buf = append(w.buf, b) }
func (w *Walker) uint(n uint64) {
	w.buf = binary.AppendUvarint(w.buf, n)
	if len(w.buf) > 8<<10 {
		w.flush()
	}
}
func (w *Walker) str(s string) {
	w.uint(uint64(len(s)))
	w.buf = append(w.buf, s...)
}

// value writes v, a value of the type of plan p.
func (w *Walker) value(p *plan, v reflect.Value) {
	if !w.ok {
		return
	}
	switch p.kind {
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
			w.value(p.elem, v.Index(i))
		}
	case reflect.Slice:
		if v.IsNil() {
			w.byte(0)
			return
		}
		w.byte(1)
		w.uint(uint64(v.Len()))
		if p.bytes {
			w.buf = append(w.buf, v.Bytes()...)
			return
		}
		for i := range v.Len() {
			w.value(p.elem, v.Index(i))
		}
	case reflect.Struct:
		for i, f := range p.fields {
			w.value(f, v.Field(i))
		}
	case reflect.Interface:
		if v.IsNil() {
			w.byte(0)
			return
		}
		e := v.Elem()
		ep := planOf(e.Type())
		w.byte(1)
		w.uint(uint64(ep.id))
		w.value(ep, e)
	case reflect.Pointer:
		w.pointer(p, v)
	case reflect.Map:
		w.mapValue(p, v)
	default: // func, chan, unsafe pointer
		if v.IsNil() {
			w.byte(0)
			return
		}
		w.ok = false
	}
}

// pointer writes a nil, a pointer into the catalog, a pointer met before,
// or what the pointer points to.
func (w *Walker) pointer(p *plan, v reflect.Value) {
	if v.IsNil() {
		w.byte(0)
		return
	}
	if p.elem.basic {
		w.byte(3)
		w.value(p.elem, v.Elem())
		return
	}
	k := ptrKey{v.Pointer(), p.elem.id}
	if w.units != nil {
		if r, ok := w.units.ref(k); ok {
			w.byte(2)
			w.uint(uint64(r.unit))
			w.uint(uint64(r.ordinal))
			w.buf = w.units.hashes[r.unit].append(w.buf)
			return
		}
	}
	if n, ok := w.seen[k]; ok {
		w.byte(1)
		w.uint(uint64(n))
		return
	}
	n := len(w.seen)
	w.seen[k] = n
	if w.record != nil {
		w.record(k, n)
	}
	w.byte(3)
	w.value(p.elem, v.Elem())
}

// mapValue writes the entries of a map sorted by key. Keys are of a
// basic kind or point into the catalog; any other map has no fingerprint.
func (w *Walker) mapValue(p *plan, v reflect.Value) {
	if v.IsNil() {
		w.byte(0)
		return
	}
	w.byte(1)
	w.uint(uint64(v.Len()))
	if p.key.kind == reflect.String {
		type entry struct {
			key string
			val reflect.Value
		}
		entries := make([]entry, 0, v.Len())
		for it := v.MapRange(); it.Next(); {
			entries = append(entries, entry{it.Key().String(), it.Value()})
		}
		slices.SortFunc(entries, func(x, y entry) int { return strings.Compare(x.key, y.key) })
		for _, e := range entries {
			w.str(e.key)
			w.value(p.elem, e.val)
		}
		return
	}
	type entry struct {
		key []byte
		val reflect.Value
	}
	entries := make([]entry, 0, v.Len())
	for it := v.MapRange(); it.Next(); {
		key, ok := w.mapKey(p.key, it.Key())
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
		w.value(p.elem, e.val)
	}
}

// mapKey encodes a map key other than a string on its own, so that keys
// sort the same in every build.
func (w *Walker) mapKey(p *plan, k reflect.Value) ([]byte, bool) {
	switch p.kind {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		kw := &Walker{ok: true}
		kw.value(p, k)
		return kw.buf, true
	case reflect.Pointer:
		if w.units == nil || k.IsNil() {
			return nil, false
		}
		r, ok := w.units.ref(ptrKey{k.Pointer(), p.elem.id})
		if !ok {
			return nil, false
		}
		b := binary.AppendUvarint(nil, uint64(r.unit))
		b = binary.AppendUvarint(b, uint64(r.ordinal))
		return w.units.hashes[r.unit].append(b), true
	}
	return nil, false
}
