package tmplexec

import (
	"reflect"
	"sync"
	"sync/atomic"
	"text/template/parse"
)

// field is one name of a field chain (.A.B, $x.A, (pipe).A): a field of
// a struct, a key of a map, or a method. Its resolution for the last
// receiver type is cached on the node, and for every type in fields.
type field struct {
	at    *site
	name  string
	cache atomic.Pointer[fieldEntry]
}

// fieldEntry is what a name means on a receiver type.
type fieldEntry struct {
	typ    reflect.Type // the receiver, after indirection
	addr   bool         // whether it was addressable (sees pointer methods)
	kind   fieldKind
	index  []int         // of a struct field
	method int           // of a method on typ, or on *typ when addr
	key    reflect.Value // of a map
}

type fieldKind uint8

const (
	fieldNone fieldKind = iota
	fieldStruct
	fieldUnexported
	fieldMethod
	fieldMap
)

type fieldKey struct {
	typ  reflect.Type
	addr bool
	name string
}

// fields caches resolutions for every field node.
var fields sync.Map // fieldKey → *fieldEntry

func resolve(typ reflect.Type, addr bool, name string) *fieldEntry {
	k := fieldKey{typ, addr, name}
	if e, ok := fields.Load(k); ok {
		return e.(*fieldEntry)
	}
	e := &fieldEntry{typ: typ, addr: addr}
	mt := typ
	if addr {
		mt = reflect.PointerTo(typ)
	}
	if m, ok := mt.MethodByName(name); ok {
		e.kind, e.method = fieldMethod, m.Index
	} else {
		switch typ.Kind() {
		case reflect.Struct:
			if f, ok := typ.FieldByName(name); ok {
				e.kind, e.index = fieldStruct, f.Index
				if !f.IsExported() {
					e.kind = fieldUnexported
				}
			}
		case reflect.Map:
			if reflect.TypeFor[string]().AssignableTo(typ.Key()) {
				e.kind, e.key = fieldMap, reflect.ValueOf(name)
			}
		}
	}
	v, _ := fields.LoadOrStore(k, e)
	return v.(*fieldEntry)
}

// fieldChain compiles .A.B.C (recv nil: of dot) or recv.A.B.C, the last
// name given the arguments of the command (args[0] is the chain itself)
// and its final value.
func (c *compiler) fieldChain(n parse.Node, recv valFn, idents []string, args []parse.Node, hasFinal bool) cmdFn {
	steps := make([]*field, len(idents))
	for i, id := range idents {
		steps[i] = &field{at: c.at(n), name: id}
	}
	var margs []methodArg
	if len(args) > 1 {
		for _, a := range args[1:] {
			margs = append(margs, c.methodArg(a))
		}
	}
	hasArgs := len(args) > 1 || hasFinal
	last := steps[len(steps)-1]
	inner := steps[:len(steps)-1]
	return func(s *state, dot, final reflect.Value) reflect.Value {
		r := dot
		if recv != nil {
			r = recv(s, dot)
		}
		for _, f := range inner {
			r = f.eval(s, dot, r, nil, false, reflect.Value{}, false)
		}
		return last.eval(s, dot, r, margs, hasArgs, final, hasFinal)
	}
}

// eval is the name on receiver, as text/template's evalField.
func (f *field) eval(s *state, dot, receiver reflect.Value, args []methodArg, hasArgs bool, final reflect.Value, hasFinal bool) reflect.Value {
	if !receiver.IsValid() {
		return reflect.Value{}
	}
	typ := receiver.Type()
	receiver, isNil := indirect(receiver)
	if isNil {
		return f.evalNil(s, dot, typ, receiver, args, hasArgs, final, hasFinal)
	}
	addr := receiver.CanAddr()
	e := f.cache.Load()
	if e == nil || e.typ != receiver.Type() || e.addr != addr {
		e = resolve(receiver.Type(), addr, f.name)
		f.cache.Store(e)
	}
	switch e.kind {
	case fieldStruct:
		var v reflect.Value
		if len(e.index) == 1 {
			v = receiver.Field(e.index[0])
		} else {
			var err error
			if v, err = receiver.FieldByIndexErr(e.index); err != nil {
				s.fail(f.at, "%v", err)
			}
		}
		if hasArgs {
			s.fail(f.at, "%s has arguments but cannot be invoked as function", f.name)
		}
		return v
	case fieldMethod:
		r := receiver
		if addr {
			r = r.Addr()
		}
		return callMethod(s, f.at, dot, r.Method(e.method), f.name, args, final, hasFinal)
	case fieldMap:
		if hasArgs {
			s.fail(f.at, "%s is not a method but has arguments", f.name)
		}
		return receiver.MapIndex(e.key) // a missing key: no value
	case fieldUnexported:
		s.fail(f.at, "%s is an unexported field of struct type %s", f.name, typ)
	}
	s.fail(f.at, "can't evaluate field %s in type %s", f.name, typ)
	return reflect.Value{}
}

// evalNil is the name on a nil pointer or interface: a method of the
// pointer type, or an error.
func (f *field) evalNil(s *state, dot reflect.Value, typ reflect.Type, receiver reflect.Value, args []methodArg, hasArgs bool, final reflect.Value, hasFinal bool) reflect.Value {
	if receiver.Kind() == reflect.Interface {
		s.fail(f.at, "nil pointer evaluating %s.%s", typ, f.name)
	}
	if m := receiver.MethodByName(f.name); m.IsValid() {
		return callMethod(s, f.at, dot, m, f.name, args, final, hasFinal)
	}
	if et := receiver.Type().Elem(); et.Kind() == reflect.Struct {
		if _, ok := et.FieldByName(f.name); !ok {
			s.fail(f.at, "can't evaluate field %s in type %s", f.name, typ)
		}
	}
	s.fail(f.at, "nil pointer evaluating %s.%s", typ, f.name)
	return reflect.Value{}
}

// methodArg is an argument of a method call, whose parameter types are
// known only when the receiver is: an operand, checked against the
// parameter's type, or a constant converted to it.
type methodArg struct {
	at      *site
	operand valFn
	node    parse.Node
	c       *compiler // for constants, typed at the call
}

func (c *compiler) methodArg(n parse.Node) methodArg {
	a := methodArg{at: c.at(n), operand: c.operand(n), node: n}
	if a.operand == nil {
		// Check the constant now; it is typed at the call.
		switch n.(type) {
		case *parse.BoolNode, *parse.NumberNode, *parse.StringNode, *parse.NilNode:
		default:
			c.unsupported(n, "argument %s", n)
		}
		a.c = &compiler{t: c.t}
	}
	return a
}

func (a methodArg) value(s *state, dot reflect.Value, typ reflect.Type) reflect.Value {
	if a.operand != nil {
		return validate(s, a.at, a.operand(s, dot), typ)
	}
	var v reflect.Value
	func() {
		defer func() {
			if r := recover(); r != nil {
				ce, ok := r.(compileError)
				if !ok {
					panic(r)
				}
				s.fail(a.at, "%v", ce.err)
			}
		}()
		v = a.c.typedConstant(a.node, typ)
	}()
	return v
}

// callMethod calls a method value with its arguments and the final value,
// as text/template's evalCall.
func callMethod(s *state, at *site, dot, fn reflect.Value, name string, args []methodArg, final reflect.Value, hasFinal bool) reflect.Value {
	typ := fn.Type()
	numIn := len(args)
	if hasFinal {
		numIn++
	}
	numFixed := len(args)
	if typ.IsVariadic() {
		numFixed = typ.NumIn() - 1
		if numIn < numFixed {
			s.fail(at, "wrong number of args for %s: want at least %d got %d", name, typ.NumIn()-1, len(args))
		}
	} else if numIn != typ.NumIn() {
		s.fail(at, "wrong number of args for %s: want %d got %d", name, typ.NumIn(), numIn)
	}
	if !goodResults(typ) {
		s.fail(at, "can't call method/function %q with %d results", name, typ.NumOut())
	}
	argv := make([]reflect.Value, numIn)
	i := 0
	for ; i < numFixed && i < len(args); i++ {
		argv[i] = args[i].value(s, dot, typ.In(i))
	}
	if typ.IsVariadic() {
		et := typ.In(typ.NumIn() - 1).Elem()
		for ; i < len(args); i++ {
			argv[i] = args[i].value(s, dot, et)
		}
	}
	if hasFinal {
		t := typ.In(typ.NumIn() - 1)
		if typ.IsVariadic() {
			if numIn-1 < numFixed {
				t = typ.In(numIn - 1)
			} else {
				t = t.Elem()
			}
		}
		argv[i] = validate(s, at, final, t)
	}
	return results(s, at, name, fn.Call(argv))
}

// goodResults reports whether a function returns one value, or a value
// and an error.
func goodResults(typ reflect.Type) bool {
	switch typ.NumOut() {
	case 1:
		return true
	case 2:
		return typ.Out(1) == errorType
	}
	return false
}

// results is the value of a call's results, or its error.
func results(s *state, at *site, name string, out []reflect.Value) reflect.Value {
	if len(out) == 2 && !out[1].IsNil() {
		s.fail(at, "error calling %s: %w", name, out[1].Interface().(error))
	}
	v := out[0]
	if v.Type() == reflectValueType {
		v = v.Interface().(reflect.Value)
	}
	return v
}

var (
	errorType        = reflect.TypeFor[error]()
	reflectValueType = reflect.TypeFor[reflect.Value]()
	stringType       = reflect.TypeFor[string]()
)

// canBeNil reports whether nil can be assigned to typ.
func canBeNil(typ reflect.Type) bool {
	switch typ.Kind() {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Pointer, reflect.Slice:
		return true
	case reflect.Struct:
		return typ == reflectValueType
	}
	return false
}

// validate makes v a value for a parameter of type typ, as
// text/template's validateType: nil for a type that can be nil, an
// interface's content, one dereference or one address-of.
func validate(s *state, at *site, v reflect.Value, typ reflect.Type) reflect.Value {
	if !v.IsValid() {
		if typ == nil {
			return reflect.Value{}
		}
		if canBeNil(typ) {
			return reflect.Zero(typ)
		}
		s.fail(at, "invalid value; expected %s", typ)
	}
	if typ == reflectValueType && v.Type() != typ {
		return reflect.ValueOf(v)
	}
	if typ != nil && v.Type() != typ && !v.Type().AssignableTo(typ) {
		if v.Kind() == reflect.Interface && !v.IsNil() {
			v = v.Elem()
			if v.Type().AssignableTo(typ) {
				return v
			}
		}
		switch {
		case v.Kind() == reflect.Pointer && v.Type().Elem().AssignableTo(typ):
			v = v.Elem()
			if !v.IsValid() {
				s.fail(at, "dereference of nil pointer of type %s", typ)
			}
		case reflect.PointerTo(v.Type()).AssignableTo(typ) && v.CanAddr():
			v = v.Addr()
		default:
			s.fail(at, "wrong type for value; expected %s; got %s", typ, v.Type())
		}
	}
	return v
}

// indirect follows pointers and interfaces to a value, stopping at nil.
func indirect(v reflect.Value) (rv reflect.Value, isNil bool) {
	for ; v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface; v = v.Elem() {
		if v.IsNil() {
			return v, true
		}
	}
	return v, false
}

// indirectInterface is the content of an interface value.
func indirectInterface(v reflect.Value) reflect.Value {
	if v.Kind() != reflect.Interface {
		return v
	}
	if v.IsNil() {
		return reflect.Value{}
	}
	return v.Elem()
}

// isTrue is text/template's truth: not the zero of its type.
func isTrue(v reflect.Value) (truth, ok bool) {
	if !v.IsValid() {
		return false, true
	}
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		truth = v.Len() > 0
	case reflect.Bool:
		truth = v.Bool()
	case reflect.Complex64, reflect.Complex128:
		truth = v.Complex() != 0
	case reflect.Chan, reflect.Func, reflect.Pointer, reflect.UnsafePointer, reflect.Interface:
		truth = !v.IsNil()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		truth = v.Int() != 0
	case reflect.Float32, reflect.Float64:
		truth = v.Float() != 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		truth = v.Uint() != 0
	case reflect.Struct:
		truth = true
	default:
		return false, false
	}
	return truth, true
}

func truth(v reflect.Value) bool {
	t, _ := isTrue(indirectInterface(v))
	return t
}
