package tmplexec

import (
	"cmp"
	"reflect"
	"slices"
	"text/template/parse"
)

// rangeLoop is a compiled {{range}}.
type rangeLoop struct {
	at    *site
	value valFn
	slots []int // of the declared variables: index (with two), element
	body  nodeFn
	els   nodeFn
}

func (c *compiler) rangeNode(n *parse.RangeNode) nodeFn {
	r := &rangeLoop{at: c.at(n)}
	mark := len(c.scope)
	r.value = c.commands(n.Pipe.Cmds)
	r.slots = c.declare(n.Pipe)
	afterPipe := len(c.scope)
	r.body = c.list(n.List)
	c.scope = c.scope[:afterPipe]
	if n.ElseList != nil {
		r.els = c.list(n.ElseList)
	}
	c.scope = c.scope[:mark]
	return r.exec
}

// one runs the body for one element; it reports whether to stop.
func (r *rangeLoop) one(s *state, index, elem reflect.Value) bool {
	switch len(r.slots) {
	case 1:
		s.vars[s.base+r.slots[0]] = elem
	case 2:
		s.vars[s.base+r.slots[0]] = index
		s.vars[s.base+r.slots[1]] = elem
	}
	return r.body(s, elem) == ctlBreak
}

func (r *rangeLoop) exec(s *state, dot reflect.Value) ctl {
	v := r.value(s, dot)
	for _, sl := range r.slots {
		s.vars[s.base+sl] = v
	}
	val, _ := indirect(v)
	two := len(r.slots) > 1
	switch val.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if two {
			s.fail(r.at, "can't use %v to iterate over more than one variable", val)
		}
		if r.seq(s, val) {
			return ctlNext
		}
	case reflect.Array, reflect.Slice:
		n := val.Len()
		if n == 0 {
			break
		}
		for i := range n {
			var index reflect.Value
			if two {
				index = reflect.ValueOf(i)
			}
			if r.one(s, index, val.Index(i)) {
				break
			}
		}
		return ctlNext
	case reflect.Map:
		if val.Len() == 0 {
			break
		}
		type entry struct{ k, v reflect.Value }
		entries := make([]entry, 0, val.Len())
		for it := val.MapRange(); it.Next(); {
			entries = append(entries, entry{it.Key(), it.Value()})
		}
		slices.SortStableFunc(entries, func(a, b entry) int { return compareKeys(a.k, b.k) })
		for _, e := range entries {
			if r.one(s, e.k, e.v) {
				break
			}
		}
		return ctlNext
	case reflect.Chan:
		if val.IsNil() {
			break
		}
		if val.Type().ChanDir() == reflect.SendDir {
			s.fail(r.at, "range over send-only channel %v", val)
		}
		i := 0
		for ; ; i++ {
			e, ok := val.Recv()
			if !ok {
				break
			}
			if r.one(s, reflect.ValueOf(i), e) {
				i++
				break
			}
		}
		if i > 0 {
			return ctlNext
		}
	case reflect.Invalid:
		// nil: as an empty map
	case reflect.Func:
		switch {
		case val.Type().CanSeq():
			if two {
				s.fail(r.at, "can't use %v iterate over more than one variable", val)
			}
			if r.seq(s, val) {
				return ctlNext
			}
		case val.Type().CanSeq2():
			run := false
			for i, e := range val.Seq2() {
				run = true
				stop := false
				if two {
					stop = r.one(s, i, e)
				} else {
					stop = r.one(s, reflect.Value{}, i)
				}
				if stop {
					break
				}
			}
			if run {
				return ctlNext
			}
		default:
			s.fail(r.at, "range can't iterate over %v", val)
		}
	default:
		s.fail(r.at, "range can't iterate over %v", val)
	}
	if r.els != nil {
		return r.els(s, dot)
	}
	return ctlNext
}

// seq runs the body for each value of val.Seq(), an integer's or an
// iterator's, and reports whether it ran at all.
func (r *rangeLoop) seq(s *state, val reflect.Value) bool {
	run := false
	for e := range val.Seq() {
		run = true
		if r.one(s, reflect.Value{}, e) {
			break
		}
	}
	return run
}

// compareKeys orders map keys as text/template's range does (the order
// of fmt's printing of maps).
func compareKeys(a, b reflect.Value) int {
	if a.Type() != b.Type() {
		return -1
	}
	switch a.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return cmp.Compare(a.Int(), b.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return cmp.Compare(a.Uint(), b.Uint())
	case reflect.String:
		return cmp.Compare(a.String(), b.String())
	case reflect.Float32, reflect.Float64:
		return cmp.Compare(a.Float(), b.Float())
	case reflect.Complex64, reflect.Complex128:
		x, y := a.Complex(), b.Complex()
		if c := cmp.Compare(real(x), real(y)); c != 0 {
			return c
		}
		return cmp.Compare(imag(x), imag(y))
	case reflect.Bool:
		x, y := a.Bool(), b.Bool()
		switch {
		case x == y:
			return 0
		case x:
			return 1
		}
		return -1
	case reflect.Pointer, reflect.UnsafePointer:
		return cmp.Compare(a.Pointer(), b.Pointer())
	case reflect.Chan:
		if c, ok := nilOrder(a, b); ok {
			return c
		}
		return cmp.Compare(a.Pointer(), b.Pointer())
	case reflect.Struct:
		for i := range a.NumField() {
			if c := compareKeys(a.Field(i), b.Field(i)); c != 0 {
				return c
			}
		}
		return 0
	case reflect.Array:
		for i := range a.Len() {
			if c := compareKeys(a.Index(i), b.Index(i)); c != 0 {
				return c
			}
		}
		return 0
	case reflect.Interface:
		if c, ok := nilOrder(a, b); ok {
			return c
		}
		if c := compareKeys(reflect.ValueOf(a.Elem().Type()), reflect.ValueOf(b.Elem().Type())); c != 0 {
			return c
		}
		return compareKeys(a.Elem(), b.Elem())
	}
	return 0
}

// nilOrder orders nil before anything else; ok is false when neither is
// nil.
func nilOrder(a, b reflect.Value) (int, bool) {
	switch {
	case a.IsNil() && b.IsNil():
		return 0, true
	case a.IsNil():
		return -1, true
	case b.IsNil():
		return 1, true
	}
	return 0, false
}
