package tmplexec

import (
	"errors"
	"fmt"
	"html/template"
	"reflect"
	"strings"
	"text/template/parse"
)

// argFn evaluates one argument of a call: an argument of the command, or
// the final value of the pipeline.
type argFn func(s *state, dot, final reflect.Value) reflect.Value

// call compiles a function call: an escaper, a function of the FuncMap, or
// a builtin of text/template. args are the command's (args[0] the name),
// nil for a function used as an argument.
func (c *compiler) call(id *parse.IdentifierNode, args []parse.Node, hasFinal bool) cmdFn {
	name := id.Ident
	var argNodes []parse.Node
	if args != nil {
		argNodes = args[1:]
	}
	at := c.at(id)
	if strings.HasPrefix(name, "_html_template_") {
		// html/template appends its escapers to the end of a pipeline,
		// where action compiles them.
		c.unsupported(id, "escaper %s called as a function", name)
	}
	if fn, ok := c.funcs[name]; ok {
		return c.funcCall(at, name, fn, argNodes, hasFinal)
	}
	switch name {
	case "and", "or":
		return c.andOr(id, name == "or", argNodes, hasFinal)
	case "not", "eq", "ne", "lt", "le", "gt", "ge", "len", "index", "slice":
		return c.builtin(at, name, argNodes, hasFinal)
	case "print":
		get := c.args(at, name, reflect.TypeOf(fmt.Sprint), argNodes, hasFinal)
		return func(s *state, dot, final reflect.Value) reflect.Value {
			return reflect.ValueOf(sprint(s, dot, final, get))
		}
	case "printf":
		return c.funcCall(at, name, reflect.ValueOf(fmt.Sprintf), argNodes, hasFinal)
	case "println":
		return c.funcCall(at, name, reflect.ValueOf(fmt.Sprintln), argNodes, hasFinal)
	}
	c.unsupported(id, "function %q", name)
	return nil
}

// args compiles the arguments of a call of a function of type typ, each
// converted to its parameter's type, the final value last.
func (c *compiler) args(at *site, name string, typ reflect.Type, argNodes []parse.Node, hasFinal bool) []argFn {
	numIn := len(argNodes)
	if hasFinal {
		numIn++
	}
	numFixed := len(argNodes)
	if typ.IsVariadic() {
		numFixed = typ.NumIn() - 1
		if numIn < numFixed {
			c.unsupported(at.node, "wrong number of args for %s: want at least %d got %d", name, numFixed, len(argNodes))
		}
	} else if numIn != typ.NumIn() {
		c.unsupported(at.node, "wrong number of args for %s: want %d got %d", name, typ.NumIn(), numIn)
	}
	if !goodResults(typ) {
		c.unsupported(at.node, "can't call %q with %d results", name, typ.NumOut())
	}
	param := func(i int) reflect.Type {
		if typ.IsVariadic() && i >= numFixed {
			return typ.In(typ.NumIn() - 1).Elem()
		}
		return typ.In(i)
	}
	get := make([]argFn, numIn)
	for i, n := range argNodes {
		pt := param(i)
		if pt == reflectValueType {
			c.unsupported(n, "reflect.Value parameter of %s", name)
		}
		v := c.typedArg(n, pt)
		get[i] = func(s *state, dot, _ reflect.Value) reflect.Value { return v(s, dot) }
	}
	if hasFinal {
		ft := param(numIn - 1)
		if ft == reflectValueType {
			c.unsupported(at.node, "reflect.Value parameter of %s", name)
		}
		get[numIn-1] = func(s *state, _, final reflect.Value) reflect.Value { return validate(s, at, final, ft) }
	}
	return get
}

// toAny is an argument for a parameter of type any.
func toAny(v reflect.Value) any {
	if !v.IsValid() {
		return nil
	}
	return v.Interface()
}

// as converts v, assignable to t, to t itself.
func as(v reflect.Value, t reflect.Type) reflect.Value {
	if v.Type() != t {
		return v.Convert(t)
	}
	return v
}

// funcCall compiles a call of fn, directly for the signatures of the
// site's functions and of fmt's, through reflection for any other.
func (c *compiler) funcCall(at *site, name string, fn reflect.Value, argNodes []parse.Node, hasFinal bool) cmdFn {
	get := c.args(at, name, fn.Type(), argNodes, hasFinal)
	if isText(fn) {
		text := textCall(at, name, fn, get)
		return func(s *state, dot, final reflect.Value) reflect.Value {
			str, ct := text(s, dot, final)
			if ct == contentHTML {
				return reflect.ValueOf(template.HTML(str))
			}
			return reflect.ValueOf(str)
		}
	}
	if f, ok := fn.Interface().(func(int) int); ok {
		return func(s *state, dot, final reflect.Value) reflect.Value {
			return reflect.ValueOf(f(int(get[0](s, dot, final).Int())))
		}
	}
	return func(s *state, dot, final reflect.Value) reflect.Value {
		argv := make([]reflect.Value, len(get))
		for i, g := range get {
			argv[i] = g(s, dot, final)
		}
		return results(s, at, name, fn.Call(argv))
	}
}

// textFn evaluates a command whose value is text: a string, or HTML
// content; the escapers of an action take it without boxing it.
type textFn func(s *state, dot, final reflect.Value) (string, contentType)

// isText reports whether textCall calls fn.
func isText(fn reflect.Value) bool {
	switch fn.Interface().(type) {
	case func(any) string, func(string) string, func(string) template.HTML, func(*bool) string,
		func([]string, string) string, func(string, ...any) (string, error), func(string, ...any) string, func(...any) string:
		return true
	}
	return false
}

// textCall calls fn, a function isText accepts, with the arguments get.
func textCall(at *site, name string, fn reflect.Value, get []argFn) textFn {
	switch f := fn.Interface().(type) {
	case func(any) string:
		return func(s *state, dot, final reflect.Value) (string, contentType) {
			return f(toAny(get[0](s, dot, final))), plain
		}
	case func(string) string:
		return func(s *state, dot, final reflect.Value) (string, contentType) {
			return f(get[0](s, dot, final).String()), plain
		}
	case func(string) template.HTML:
		return func(s *state, dot, final reflect.Value) (string, contentType) {
			return string(f(get[0](s, dot, final).String())), contentHTML
		}
	case func(*bool) string:
		t := reflect.TypeFor[*bool]()
		return func(s *state, dot, final reflect.Value) (string, contentType) {
			return f(as(get[0](s, dot, final), t).Interface().(*bool)), plain
		}
	case func([]string, string) string:
		t := reflect.TypeFor[[]string]()
		return func(s *state, dot, final reflect.Value) (string, contentType) {
			list := as(get[0](s, dot, final), t).Interface().([]string)
			return f(list, get[1](s, dot, final).String()), plain
		}
	case func(string, ...any) (string, error):
		return func(s *state, dot, final reflect.Value) (string, contentType) {
			first := get[0](s, dot, final).String()
			var rest []any
			if len(get) > 1 {
				rest = make([]any, len(get)-1)
				for i, g := range get[1:] {
					rest[i] = toAny(g(s, dot, final))
				}
			}
			r, err := f(first, rest...)
			if err != nil {
				s.fail(at, "error calling %s: %w", name, err)
			}
			return r, plain
		}
	case func(string, ...any) string:
		return func(s *state, dot, final reflect.Value) (string, contentType) {
			first := get[0](s, dot, final).String()
			rest := make([]any, len(get)-1)
			for i, g := range get[1:] {
				rest[i] = toAny(g(s, dot, final))
			}
			return f(first, rest...), plain
		}
	case func(...any) string:
		return func(s *state, dot, final reflect.Value) (string, contentType) {
			all := make([]any, len(get))
			for i, g := range get {
				all[i] = toAny(g(s, dot, final))
			}
			return f(all...), plain
		}
	}
	panic("tmplexec: textCall of a function isText refuses")
}

// textCommand compiles cmd when it is a call of a function whose value is
// text (see textCall), or of print; nil for any other command.
func (c *compiler) textCommand(cmd *parse.CommandNode, hasFinal bool) textFn {
	id, ok := cmd.Args[0].(*parse.IdentifierNode)
	if !ok || strings.HasPrefix(id.Ident, "_html_template_") {
		return nil
	}
	at := c.at(id)
	if fn, ok := c.funcs[id.Ident]; ok {
		if !isText(fn) {
			return nil
		}
		return textCall(at, id.Ident, fn, c.args(at, id.Ident, fn.Type(), cmd.Args[1:], hasFinal))
	}
	switch id.Ident {
	case "print":
		get := c.args(at, id.Ident, reflect.TypeOf(fmt.Sprint), cmd.Args[1:], hasFinal)
		return func(s *state, dot, final reflect.Value) (string, contentType) {
			return sprint(s, dot, final, get), plain
		}
	case "printf":
		fn := reflect.ValueOf(fmt.Sprintf)
		return textCall(at, id.Ident, fn, c.args(at, id.Ident, fn.Type(), cmd.Args[1:], hasFinal))
	case "println":
		fn := reflect.ValueOf(fmt.Sprintln)
		return textCall(at, id.Ident, fn, c.args(at, id.Ident, fn.Type(), cmd.Args[1:], hasFinal))
	}
	return nil
}

// sprint is fmt.Sprint of the arguments, without boxing them when all
// are strings (which fmt.Sprint writes one after the other).
func sprint(s *state, dot, final reflect.Value, get []argFn) string {
	var buf [8]reflect.Value
	vals := buf[:0]
	strs := true
	for _, g := range get {
		v := g(s, dot, final)
		strs = strs && v.IsValid() && v.Type() == stringType
		vals = append(vals, v)
	}
	if strs {
		if len(vals) == 1 {
			return vals[0].String()
		}
		var b strings.Builder
		for _, v := range vals {
			b.WriteString(v.String())
		}
		return b.String()
	}
	all := make([]any, len(vals))
	for i, v := range vals {
		all[i] = toAny(v)
	}
	return fmt.Sprint(all...)
}

// andOr compiles and/or: the first argument that decides, evaluated in
// order and no further, or the last.
func (c *compiler) andOr(id *parse.IdentifierNode, or bool, argNodes []parse.Node, hasFinal bool) cmdFn {
	if len(argNodes) == 0 && !hasFinal {
		c.unsupported(id, "wrong number of args for %s", id.Ident)
	}
	raws := make([]valFn, len(argNodes))
	for i, n := range argNodes {
		raws[i] = c.rawArg(n)
	}
	return func(s *state, dot, final reflect.Value) reflect.Value {
		var v reflect.Value
		for _, a := range raws {
			v = a(s, dot)
			if truth(v) == or {
				return v
			}
		}
		if hasFinal {
			v = final
		}
		return v
	}
}

var (
	trueValue  = reflect.ValueOf(true)
	falseValue = reflect.ValueOf(false)
)

func boolValue(b bool) reflect.Value {
	if b {
		return trueValue
	}
	return falseValue
}

// builtin compiles text/template's builtins that take their arguments as
// they are.
func (c *compiler) builtin(at *site, name string, argNodes []parse.Node, hasFinal bool) cmdFn {
	var get []argFn
	for _, n := range argNodes {
		v := c.rawArg(n)
		get = append(get, func(s *state, dot, _ reflect.Value) reflect.Value { return v(s, dot) })
	}
	if hasFinal {
		get = append(get, func(_ *state, _, final reflect.Value) reflect.Value { return final })
	}
	n := len(get)
	want := func(ok bool) {
		if !ok {
			c.unsupported(at.node, "wrong number of args for %s: got %d", name, n)
		}
	}
	fail := func(s *state, err error) { s.fail(at, "error calling %s: %w", name, err) }
	switch name {
	case "not":
		want(n == 1)
		return func(s *state, dot, final reflect.Value) reflect.Value {
			return boolValue(!truth(get[0](s, dot, final)))
		}
	case "eq":
		want(n >= 1)
		return func(s *state, dot, final reflect.Value) reflect.Value {
			var buf [4]reflect.Value
			vals := buf[:0]
			for _, g := range get {
				vals = append(vals, g(s, dot, final))
			}
			ok, err := eq(vals[0], vals[1:])
			if err != nil {
				fail(s, err)
			}
			return boolValue(ok)
		}
	case "ne", "lt", "le", "gt", "ge":
		want(n == 2)
		cmp := map[string]func(a, b reflect.Value) (bool, error){"ne": ne, "lt": lt, "le": le, "gt": gt, "ge": ge}[name]
		return func(s *state, dot, final reflect.Value) reflect.Value {
			a := get[0](s, dot, final)
			b := get[1](s, dot, final)
			ok, err := cmp(a, b)
			if err != nil {
				fail(s, err)
			}
			return boolValue(ok)
		}
	case "len":
		want(n == 1)
		return func(s *state, dot, final reflect.Value) reflect.Value {
			l, err := length(get[0](s, dot, final))
			if err != nil {
				fail(s, err)
			}
			return reflect.ValueOf(l)
		}
	case "index", "slice":
		want(n >= 1)
		op := index
		if name == "slice" {
			op = slice
		}
		return func(s *state, dot, final reflect.Value) reflect.Value {
			vals := make([]reflect.Value, n)
			for i, g := range get {
				vals[i] = g(s, dot, final)
			}
			v, err := op(vals[0], vals[1:]...)
			if err != nil {
				fail(s, err)
			}
			return v
		}
	}
	c.unsupported(at.node, "builtin %s", name)
	return nil
}

// The builtins below behave as text/template's of the same names.

var (
	errBadComparisonType = errors.New("invalid type for comparison")
	errNoComparison      = errors.New("missing argument for comparison")
)

type basic int

const (
	invalidKind basic = iota
	boolKind
	complexKind
	intKind
	floatKind
	stringKind
	uintKind
)

func basicKind(v reflect.Value) (basic, error) {
	switch v.Kind() {
	case reflect.Bool:
		return boolKind, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return intKind, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return uintKind, nil
	case reflect.Float32, reflect.Float64:
		return floatKind, nil
	case reflect.Complex64, reflect.Complex128:
		return complexKind, nil
	case reflect.String:
		return stringKind, nil
	}
	return invalidKind, errBadComparisonType
}

func isNilValue(v reflect.Value) bool {
	if !v.IsValid() {
		return true
	}
	switch v.Kind() {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Pointer, reflect.Slice:
		return v.IsNil()
	}
	return false
}

func canCompare(a, b reflect.Value) bool {
	ka, kb := a.Kind(), b.Kind()
	return ka == kb || ka == reflect.Invalid || kb == reflect.Invalid
}

// eq reports whether a equals any of others.
func eq(a reflect.Value, others []reflect.Value) (bool, error) {
	a = indirectInterface(a)
	if len(others) == 0 {
		return false, errNoComparison
	}
	ka, _ := basicKind(a)
	for _, b := range others {
		b = indirectInterface(b)
		kb, _ := basicKind(b)
		truth := false
		if ka != kb {
			switch {
			case ka == intKind && kb == uintKind:
				truth = a.Int() >= 0 && uint64(a.Int()) == b.Uint()
			case ka == uintKind && kb == intKind:
				truth = b.Int() >= 0 && a.Uint() == uint64(b.Int())
			default:
				if a.IsValid() && b.IsValid() {
					return false, fmt.Errorf("incompatible types for comparison: %v and %v", a.Type(), b.Type())
				}
			}
		} else {
			switch ka {
			case boolKind:
				truth = a.Bool() == b.Bool()
			case complexKind:
				truth = a.Complex() == b.Complex()
			case floatKind:
				truth = a.Float() == b.Float()
			case intKind:
				truth = a.Int() == b.Int()
			case stringKind:
				truth = a.String() == b.String()
			case uintKind:
				truth = a.Uint() == b.Uint()
			default:
				if !canCompare(a, b) {
					return false, fmt.Errorf("non-comparable types %s: %v, %s: %v", a, a.Type(), b.Type(), b)
				}
				if isNilValue(a) || isNilValue(b) {
					truth = isNilValue(b) == isNilValue(a)
				} else {
					if !b.Type().Comparable() {
						return false, fmt.Errorf("non-comparable type %s: %v", b, b.Type())
					}
					truth = a.Interface() == b.Interface()
				}
			}
		}
		if truth {
			return true, nil
		}
	}
	return false, nil
}

func ne(a, b reflect.Value) (bool, error) {
	equal, err := eq(a, []reflect.Value{b})
	return !equal, err
}

func lt(a, b reflect.Value) (bool, error) {
	a = indirectInterface(a)
	ka, err := basicKind(a)
	if err != nil {
		return false, err
	}
	b = indirectInterface(b)
	kb, err := basicKind(b)
	if err != nil {
		return false, err
	}
	if ka != kb {
		switch {
		case ka == intKind && kb == uintKind:
			return a.Int() < 0 || uint64(a.Int()) < b.Uint(), nil
		case ka == uintKind && kb == intKind:
			return b.Int() >= 0 && a.Uint() < uint64(b.Int()), nil
		}
		return false, fmt.Errorf("incompatible types for comparison: %v and %v", a.Type(), b.Type())
	}
	switch ka {
	case boolKind, complexKind:
		return false, errBadComparisonType
	case floatKind:
		return a.Float() < b.Float(), nil
	case intKind:
		return a.Int() < b.Int(), nil
	case stringKind:
		return a.String() < b.String(), nil
	}
	return a.Uint() < b.Uint(), nil
}

func le(a, b reflect.Value) (bool, error) {
	less, err := lt(a, b)
	if less || err != nil {
		return less, err
	}
	return eq(a, []reflect.Value{b})
}

func gt(a, b reflect.Value) (bool, error) {
	lessOrEqual, err := le(a, b)
	if err != nil {
		return false, err
	}
	return !lessOrEqual, nil
}

func ge(a, b reflect.Value) (bool, error) {
	less, err := lt(a, b)
	if err != nil {
		return false, err
	}
	return !less, nil
}

func length(v reflect.Value) (int, error) {
	v, isNil := indirect(v)
	if isNil {
		return 0, errors.New("len of nil pointer")
	}
	switch v.Kind() {
	case reflect.Array, reflect.Chan, reflect.Map, reflect.Slice, reflect.String:
		return v.Len(), nil
	}
	return 0, fmt.Errorf("len of type %s", v.Type())
}

func indexArg(i reflect.Value, limit int) (int, error) {
	var x int64
	switch i.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x = i.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		x = int64(i.Uint())
	case reflect.Invalid:
		return 0, errors.New("cannot index slice/array with nil")
	default:
		return 0, fmt.Errorf("cannot index slice/array with type %s", i.Type())
	}
	if x < 0 || int(x) < 0 || int(x) > limit {
		return 0, fmt.Errorf("index out of range: %d", x)
	}
	return int(x), nil
}

func index(item reflect.Value, indexes ...reflect.Value) (reflect.Value, error) {
	item = indirectInterface(item)
	if !item.IsValid() {
		return reflect.Value{}, errors.New("index of untyped nil")
	}
	for _, i := range indexes {
		i = indirectInterface(i)
		var isNil bool
		if item, isNil = indirect(item); isNil {
			return reflect.Value{}, errors.New("index of nil pointer")
		}
		switch item.Kind() {
		case reflect.Array, reflect.Slice, reflect.String:
			x, err := indexArg(i, item.Len())
			if err != nil {
				return reflect.Value{}, err
			}
			if x == item.Len() {
				return reflect.Value{}, fmt.Errorf("index out of range: %d", x)
			}
			item = item.Index(x)
		case reflect.Map:
			k, err := mapKey(i, item.Type().Key())
			if err != nil {
				return reflect.Value{}, err
			}
			if x := item.MapIndex(k); x.IsValid() {
				item = x
			} else {
				item = reflect.Zero(item.Type().Elem())
			}
		default:
			return reflect.Value{}, fmt.Errorf("can't index item of type %s", item.Type())
		}
	}
	return item, nil
}

func mapKey(v reflect.Value, t reflect.Type) (reflect.Value, error) {
	if !v.IsValid() {
		if !canBeNil(t) {
			return reflect.Value{}, fmt.Errorf("value is nil; should be of type %s", t)
		}
		v = reflect.Zero(t)
	}
	if v.Type().AssignableTo(t) {
		return v, nil
	}
	if intLike(v.Kind()) && intLike(t.Kind()) && v.Type().ConvertibleTo(t) {
		return v.Convert(t), nil
	}
	return reflect.Value{}, fmt.Errorf("value has type %s; should be %s", v.Type(), t)
}

func intLike(k reflect.Kind) bool {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return false
}

func slice(item reflect.Value, indexes ...reflect.Value) (reflect.Value, error) {
	item = indirectInterface(item)
	if !item.IsValid() {
		return reflect.Value{}, errors.New("slice of untyped nil")
	}
	var isNil bool
	if item, isNil = indirect(item); isNil {
		return reflect.Value{}, errors.New("slice of nil pointer")
	}
	if len(indexes) > 3 {
		return reflect.Value{}, fmt.Errorf("too many slice indexes: %d", len(indexes))
	}
	var limit int
	switch item.Kind() {
	case reflect.String:
		if len(indexes) == 3 {
			return reflect.Value{}, errors.New("cannot 3-index slice a string")
		}
		limit = item.Len()
	case reflect.Array, reflect.Slice:
		limit = item.Cap()
	default:
		return reflect.Value{}, fmt.Errorf("can't slice item of type %s", item.Type())
	}
	idx := [3]int{0, item.Len()}
	for i, index := range indexes {
		x, err := indexArg(index, limit)
		if err != nil {
			return reflect.Value{}, err
		}
		idx[i] = x
	}
	if idx[0] > idx[1] {
		return reflect.Value{}, fmt.Errorf("invalid slice index: %d > %d", idx[0], idx[1])
	}
	if len(indexes) < 3 {
		return item.Slice(idx[0], idx[1]), nil
	}
	if idx[1] > idx[2] {
		return reflect.Value{}, fmt.Errorf("invalid slice index: %d > %d", idx[1], idx[2])
	}
	return item.Slice3(idx[0], idx[1], idx[2]), nil
}
