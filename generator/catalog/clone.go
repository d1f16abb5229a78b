package catalog

import (
	"reflect"
	"sync"
)

// deepCopy returns a copy of v, a value as the YAML decoder makes it,
// that shares nothing a load may change with v: every pointer, slice and
// map it reaches is new, and only strings and values without references
// are shared. A Loader keeps the value each unchanged file decoded into
// and hands each load a deep copy of it, as a fresh decode would give:
// loading sets fields of the records (their places, their provider) and
// the checks may sort or fill them in, so no two loads may share one.
// Unexported fields are copied as they are: the decoder sets none.
func deepCopy(v reflect.Value) reflect.Value {
	n := reflect.New(v.Type()).Elem()
	copierOf(v.Type())(n, v)
	return n
}

// A copier sets dst, settable, to a deep copy of src, of the same type.
type copier func(dst, src reflect.Value)

// copiers are the copiers made so far, by type (copierOf); only whole
// ones: a copier is made under copiersMu, and the copier of a type that
// reaches itself, while it is being made, is in making alone, seen only
// by the goroutine making it.
var (
	copiers   sync.Map   // reflect.Type → copier
	copiersMu sync.Mutex // held while copiers are made
	making    = map[reflect.Type]*copier{}
)

// copierOf returns the copier of values of type t, made once for each
// type: it walks t's fields, elements and items once, not each value's.
// Loads decode files in parallel, so two goroutines may ask for the same
// new type at once: one makes it, the other waits for it whole.
func copierOf(t reflect.Type) copier {
	if c, ok := copiers.Load(t); ok {
		return c.(copier)
	}
	copiersMu.Lock()
	defer copiersMu.Unlock()
	return copierLocked(t)
}

// copierLocked is copierOf with copiersMu held.
func copierLocked(t reflect.Type) copier {
	if c, ok := copiers.Load(t); ok {
		return c.(copier)
	}
	if p, ok := making[t]; ok {
		// A type that reaches itself calls its copier through this; it
		// is set before any copier that holds this one is stored.
		return func(dst, src reflect.Value) { (*p)(dst, src) }
	}
	p := new(copier)
	making[t] = p
	c := makeCopier(t)
	*p = c
	delete(making, t)
	copiers.Store(t, c)
	return c
}

// makeCopier makes the copier of type t, with copiersMu held.
func makeCopier(t reflect.Type) copier {
	if !hasRefs(t, map[reflect.Type]bool{}) {
		return func(dst, src reflect.Value) { dst.Set(src) }
	}
	switch t.Kind() {
	case reflect.Pointer:
		elem := t.Elem()
		ec := copierLocked(elem)
		return func(dst, src reflect.Value) {
			if src.IsNil() {
				return
			}
			n := reflect.New(elem)
			ec(n.Elem(), src.Elem())
			dst.Set(n)
		}
	case reflect.Slice:
		if !hasRefs(t.Elem(), map[reflect.Type]bool{}) {
			return func(dst, src reflect.Value) {
				if src.IsNil() {
					return
				}
				n := reflect.MakeSlice(t, src.Len(), src.Len())
				reflect.Copy(n, src)
				dst.Set(n)
			}
		}
		ec := copierLocked(t.Elem())
		return func(dst, src reflect.Value) {
			if src.IsNil() {
				return
			}
			n := reflect.MakeSlice(t, src.Len(), src.Len())
			for i := range src.Len() {
				ec(n.Index(i), src.Index(i))
			}
			dst.Set(n)
		}
	case reflect.Array:
		ec := copierLocked(t.Elem())
		return func(dst, src reflect.Value) {
			for i := range src.Len() {
				ec(dst.Index(i), src.Index(i))
			}
		}
	case reflect.Map:
		ec := copierLocked(t.Elem())
		return func(dst, src reflect.Value) {
			if src.IsNil() {
				return
			}
			n := reflect.MakeMapWithSize(t, src.Len())
			for it := src.MapRange(); it.Next(); {
				v := reflect.New(t.Elem()).Elem()
				ec(v, it.Value())
				n.SetMapIndex(it.Key(), v)
			}
			dst.Set(n)
		}
	case reflect.Interface:
		return func(dst, src reflect.Value) {
			if src.IsNil() {
				return
			}
			e := src.Elem()
			n := reflect.New(e.Type()).Elem()
			copierOf(e.Type())(n, e)
			dst.Set(n)
		}
	case reflect.Struct:
		type field struct {
			i int
			c copier
		}
		var fields []field
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && hasRefs(f.Type, map[reflect.Type]bool{}) {
				fields = append(fields, field{i, copierLocked(f.Type)})
			}
		}
		return func(dst, src reflect.Value) {
			dst.Set(src) // the fields without references, and the unexported
			for _, f := range fields {
				df := dst.Field(f.i)
				df.SetZero()
				f.c(df, src.Field(f.i))
			}
		}
	}
	// Channels and functions: the decoder makes none.
	return func(dst, src reflect.Value) { dst.Set(src) }
}

// hasRefs reports whether a value of type t reaches memory that a copy of
// it would share: a pointer, slice, map, interface, channel or function,
// itself or in an exported field, element or array item. Strings are
// immutable and do not count. seen are the types being asked about.
func hasRefs(t reflect.Type, seen map[reflect.Type]bool) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return hasRefs(t.Elem(), seen)
	case reflect.Struct:
		if seen[t] {
			return false // a struct reaches itself only through a pointer
		}
		seen[t] = true
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && hasRefs(f.Type, seen) {
				return true
			}
		}
	}
	return false
}
