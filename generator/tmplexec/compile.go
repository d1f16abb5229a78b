package tmplexec

import (
	"fmt"
	"html/template"
	"reflect"
	"strings"
	"text/template/parse"
)

// ctl is how a node ends: normally, or by {{break}} or {{continue}}.
type ctl uint8

const (
	ctlNext ctl = iota
	ctlBreak
	ctlContinue
)

type (
	// nodeFn executes a node with dot.
	nodeFn func(s *state, dot reflect.Value) ctl
	// valFn evaluates an operand or a pipeline with dot.
	valFn func(s *state, dot reflect.Value) reflect.Value
	// cmdFn evaluates a command of a pipeline; final is the value of
	// the command before it (absent for the first command).
	cmdFn func(s *state, dot, final reflect.Value) reflect.Value
)

// compiler compiles the templates of a set. Variables are resolved to
// slots of their template call as they are declared: the slot of a
// variable is its depth in text/template's variable stack, which follows
// the nesting of the template.
type compiler struct {
	set   *template.Template
	funcs map[string]reflect.Value
	done  map[string]*tmpl
	t     *tmpl    // the template being compiled
	scope []string // its variables in scope, by slot
}

// compileError stops compiling; Compile returns its error.
type compileError struct{ err error }

func (c *compiler) unsupported(n parse.Node, format string, args ...any) {
	loc := c.t.name
	if n != nil {
		loc, _ = c.t.tree.ErrorContext(n)
	}
	panic(compileError{fmt.Errorf("tmplexec: %s: %w: %s", loc, ErrUnsupported, fmt.Sprintf(format, args...))})
}

func (c *compiler) at(n parse.Node) *site { return &site{t: c.t, node: n} }

// template compiles the template name (once) and those it calls.
func (c *compiler) template(name string) (t *tmpl, err error) {
	if t := c.done[name]; t != nil {
		return t, nil
	}
	top := c.t == nil
	if top {
		defer func() {
			if r := recover(); r != nil {
				ce, ok := r.(compileError)
				if !ok {
					// A tree no parse of text/template makes: leave it to
					// html/template.
					ce.err = fmt.Errorf("tmplexec: %s: %w: %v", name, ErrUnsupported, r)
				}
				t, err = nil, ce.err
			}
		}()
	}
	ht := c.set.Lookup(name)
	if ht == nil || ht.Tree == nil || ht.Tree.Root == nil {
		err := fmt.Errorf("tmplexec: %w: no template %q in the set", ErrUnsupported, name)
		if top {
			return nil, err
		}
		panic(compileError{err})
	}
	t = &tmpl{name: name, tree: ht.Tree, nvars: 1}
	c.done[name] = t
	outerT, outerScope := c.t, c.scope
	c.t, c.scope = t, []string{"$"}
	t.body = c.list(ht.Tree.Root)
	c.t, c.scope = outerT, outerScope
	return t, nil
}

// push declares a variable and returns its slot.
func (c *compiler) push(name string) int {
	c.scope = append(c.scope, name)
	if len(c.scope) > c.t.nvars {
		c.t.nvars = len(c.scope)
	}
	return len(c.scope) - 1
}

// lookup is the slot of the variable name in scope.
func (c *compiler) lookup(n parse.Node, name string) int {
	for i := len(c.scope) - 1; i >= 0; i-- {
		if c.scope[i] == name {
			return i
		}
	}
	c.unsupported(n, "undefined variable %s", name)
	return 0
}

func noop(*state, reflect.Value) ctl { return ctlNext }

// list compiles the nodes of a list, adjacent text merged.
func (c *compiler) list(l *parse.ListNode) nodeFn {
	if l == nil {
		return noop
	}
	var fns []nodeFn
	var text []byte
	flush := func() {
		if len(text) > 0 {
			str := string(text)
			fns = append(fns, func(s *state, _ reflect.Value) ctl {
				s.write(str)
				return ctlNext
			})
			text = nil
		}
	}
	for _, n := range l.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			text = append(text, n.Text...)
			continue
		case *parse.CommentNode:
			continue
		}
		flush()
		fns = append(fns, c.node(n))
	}
	flush()
	switch len(fns) {
	case 0:
		return noop
	case 1:
		return fns[0]
	}
	return func(s *state, dot reflect.Value) ctl {
		for _, f := range fns {
			if r := f(s, dot); r != ctlNext {
				return r
			}
		}
		return ctlNext
	}
}

func (c *compiler) node(n parse.Node) nodeFn {
	switch n := n.(type) {
	case *parse.ListNode:
		return c.list(n)
	case *parse.ActionNode:
		return c.action(n)
	case *parse.IfNode:
		return c.ifWith(n, &n.BranchNode, false)
	case *parse.WithNode:
		return c.ifWith(n, &n.BranchNode, true)
	case *parse.RangeNode:
		return c.rangeNode(n)
	case *parse.TemplateNode:
		return c.templateCall(n)
	case *parse.BreakNode:
		return func(*state, reflect.Value) ctl { return ctlBreak }
	case *parse.ContinueNode:
		return func(*state, reflect.Value) ctl { return ctlContinue }
	}
	c.unsupported(n, "node %T", n)
	return nil
}

// isEscaper reports whether cmd is an escaper html/template appended to a
// pipeline: its name alone.
func isEscaper(cmd *parse.CommandNode) bool {
	if len(cmd.Args) != 1 {
		return false
	}
	id, ok := cmd.Args[0].(*parse.IdentifierNode)
	return ok && strings.HasPrefix(id.Ident, "_html_template_")
}

// action compiles an action: a declaration writes nothing; any other
// action ends with the escapers html/template appended, which write the
// value of the commands before them.
func (c *compiler) action(n *parse.ActionNode) nodeFn {
	if len(n.Pipe.Decl) > 0 {
		p := c.pipe(n.Pipe)
		return func(s *state, dot reflect.Value) ctl {
			p(s, dot)
			return ctlNext
		}
	}
	cmds := n.Pipe.Cmds
	k := len(cmds)
	for k > 1 && isEscaper(cmds[k-1]) {
		k--
	}
	if k == len(cmds) {
		c.unsupported(n, "action not escaped")
	}
	var chain []*escaper
	for _, cmd := range cmds[k:] {
		name := cmd.Args[0].(*parse.IdentifierNode).Ident
		e := escapers[name]
		if e == nil {
			c.unsupported(cmd, "escaper %s", name)
		}
		chain = append(chain, e)
	}
	// The last command before the escapers, when it makes text, hands it
	// to them without boxing it.
	var text textFn
	if chain[0].value == nil {
		text = c.textCommand(cmds[k-1], k > 1)
	}
	switch {
	case text == nil:
		value := c.commands(cmds[:k])
		return func(s *state, dot reflect.Value) ctl {
			escapeChain(s, chain, value(s, dot))
			return ctlNext
		}
	case k == 1:
		return func(s *state, dot reflect.Value) ctl {
			str, ct := text(s, dot, reflect.Value{})
			escapeText(s, chain, str, ct)
			return ctlNext
		}
	}
	value := c.commands(cmds[:k-1])
	return func(s *state, dot reflect.Value) ctl {
		str, ct := text(s, dot, value(s, dot))
		escapeText(s, chain, str, ct)
		return ctlNext
	}
}

// commands compiles the commands of a pipeline, each given the value of
// the one before it as its last argument.
func (c *compiler) commands(cmds []*parse.CommandNode) valFn {
	fns := make([]cmdFn, len(cmds))
	for i, cmd := range cmds {
		fns[i] = c.command(cmd, i > 0)
	}
	if len(fns) == 1 {
		f := fns[0]
		return func(s *state, dot reflect.Value) reflect.Value {
			return unwrapEmpty(f(s, dot, reflect.Value{}))
		}
	}
	return func(s *state, dot reflect.Value) reflect.Value {
		var v reflect.Value
		for _, f := range fns {
			v = unwrapEmpty(f(s, dot, v))
		}
		return v
	}
}

// unwrapEmpty digs into a value of type interface{} (or any), as
// text/template does after each command.
func unwrapEmpty(v reflect.Value) reflect.Value {
	if v.Kind() == reflect.Interface && v.Type().NumMethod() == 0 {
		return v.Elem()
	}
	return v
}

// pipe compiles a pipeline with its declarations or assignments.
func (c *compiler) pipe(p *parse.PipeNode) valFn {
	if p == nil {
		return func(*state, reflect.Value) reflect.Value { return reflect.Value{} }
	}
	value := c.commands(p.Cmds)
	if len(p.Decl) == 0 {
		return value
	}
	slots := c.declare(p)
	return func(s *state, dot reflect.Value) reflect.Value {
		v := value(s, dot)
		for _, sl := range slots {
			s.vars[s.base+sl] = v
		}
		return v
	}
}

// declare pushes the variables p declares, or looks up those it assigns,
// and returns their slots.
func (c *compiler) declare(p *parse.PipeNode) []int {
	slots := make([]int, len(p.Decl))
	for i, v := range p.Decl {
		if p.IsAssign {
			slots[i] = c.lookup(v, v.Ident[0])
		} else {
			slots[i] = c.push(v.Ident[0])
		}
	}
	return slots
}

func (c *compiler) ifWith(n parse.Node, b *parse.BranchNode, with bool) nodeFn {
	at := c.at(n)
	mark := len(c.scope)
	cond := c.pipe(b.Pipe)
	afterPipe := len(c.scope)
	body := c.list(b.List)
	c.scope = c.scope[:afterPipe]
	var els nodeFn
	if b.ElseList != nil {
		els = c.list(b.ElseList)
	}
	c.scope = c.scope[:mark]
	return func(s *state, dot reflect.Value) ctl {
		v := cond(s, dot)
		truth, ok := isTrue(indirectInterface(v))
		if !ok {
			s.fail(at, "if/with can't use %v", v)
		}
		if truth {
			if with {
				return body(s, v)
			}
			return body(s, dot)
		}
		if els != nil {
			return els(s, dot)
		}
		return ctlNext
	}
}

func (c *compiler) templateCall(n *parse.TemplateNode) nodeFn {
	at := c.at(n)
	arg := c.pipe(n.Pipe)
	caller := c.t
	callee, _ := c.template(n.Name)
	return func(s *state, dot reflect.Value) ctl {
		d := arg(s, dot)
		if s.depth == maxDepth {
			s.fail(at, "exceeded maximum template depth (%v)", maxDepth)
		}
		base := s.base + caller.nvars
		if need := base + callee.nvars; need > len(s.vars) {
			s.vars = append(s.vars, make([]reflect.Value, need-len(s.vars))...)
		}
		s.vars[base] = d
		outer := s.base
		s.base = base
		s.depth++
		callee.body(s, d)
		s.base = outer
		s.depth--
		return ctlNext
	}
}

// command compiles a command; hasFinal is whether a command before it
// gives it a final argument.
func (c *compiler) command(cmd *parse.CommandNode, hasFinal bool) cmdFn {
	switch n := cmd.Args[0].(type) {
	case *parse.FieldNode:
		return c.fieldChain(n, nil, n.Ident, cmd.Args, hasFinal)
	case *parse.ChainNode:
		recv := c.chainReceiver(n)
		return c.fieldChain(n, recv, n.Field, cmd.Args, hasFinal)
	case *parse.IdentifierNode:
		return c.call(n, cmd.Args, hasFinal)
	case *parse.PipeNode:
		c.notAFunction(cmd, hasFinal)
		p := c.pipe(n)
		return func(s *state, dot, _ reflect.Value) reflect.Value { return p(s, dot) }
	case *parse.VariableNode:
		slot := c.lookup(n, n.Ident[0])
		if len(n.Ident) == 1 {
			c.notAFunction(cmd, hasFinal)
			return func(s *state, _, _ reflect.Value) reflect.Value { return s.vars[s.base+slot] }
		}
		recv := func(s *state, _ reflect.Value) reflect.Value { return s.vars[s.base+slot] }
		return c.fieldChain(n, recv, n.Ident[1:], cmd.Args, hasFinal)
	case *parse.DotNode:
		c.notAFunction(cmd, hasFinal)
		return func(_ *state, dot, _ reflect.Value) reflect.Value { return dot }
	}
	c.notAFunction(cmd, hasFinal)
	v := c.idealConstant(cmd.Args[0])
	return func(*state, reflect.Value, reflect.Value) reflect.Value { return v }
}

func (c *compiler) notAFunction(cmd *parse.CommandNode, hasFinal bool) {
	if len(cmd.Args) > 1 || hasFinal {
		c.unsupported(cmd, "argument to non-function %s", cmd.Args[0])
	}
}

// chainReceiver compiles the operand of (x).Field.
func (c *compiler) chainReceiver(n *parse.ChainNode) valFn {
	v := c.operand(n.Node)
	if v == nil {
		c.unsupported(n, "field of a constant")
	}
	return v
}

// operand compiles an argument that is not a constant (nil if it is
// one): what text/template evaluates before checking it against the
// parameter's type.
func (c *compiler) operand(n parse.Node) valFn {
	switch n := n.(type) {
	case *parse.DotNode:
		return func(_ *state, dot reflect.Value) reflect.Value { return dot }
	case *parse.FieldNode:
		f := c.fieldChain(n, nil, n.Ident, []parse.Node{n}, false)
		return func(s *state, dot reflect.Value) reflect.Value { return f(s, dot, reflect.Value{}) }
	case *parse.VariableNode:
		slot := c.lookup(n, n.Ident[0])
		if len(n.Ident) == 1 {
			return func(s *state, _ reflect.Value) reflect.Value { return s.vars[s.base+slot] }
		}
		recv := func(s *state, _ reflect.Value) reflect.Value { return s.vars[s.base+slot] }
		f := c.fieldChain(n, recv, n.Ident[1:], nil, false)
		return func(s *state, dot reflect.Value) reflect.Value { return f(s, dot, reflect.Value{}) }
	case *parse.PipeNode:
		return c.pipe(n)
	case *parse.IdentifierNode:
		f := c.call(n, nil, false)
		return func(s *state, dot reflect.Value) reflect.Value { return f(s, dot, reflect.Value{}) }
	case *parse.ChainNode:
		recv := c.chainReceiver(n)
		f := c.fieldChain(n, recv, n.Field, nil, false)
		return func(s *state, dot reflect.Value) reflect.Value { return f(s, dot, reflect.Value{}) }
	}
	return nil
}

// idealConstant is the value of a constant where no type is known: a
// bool, a string, or a number typed by its syntax.
func (c *compiler) idealConstant(n parse.Node) reflect.Value {
	switch n := n.(type) {
	case *parse.BoolNode:
		return reflect.ValueOf(n.True)
	case *parse.StringNode:
		return reflect.ValueOf(n.Text)
	case *parse.NumberNode:
		switch {
		case n.IsComplex:
			return reflect.ValueOf(n.Complex128)
		case n.IsFloat && !isHexInt(n.Text) && !isRuneInt(n.Text) && strings.ContainsAny(n.Text, ".eEpP"):
			return reflect.ValueOf(n.Float64)
		case n.IsInt:
			i := int(n.Int64)
			if int64(i) != n.Int64 {
				c.unsupported(n, "%s overflows int", n.Text)
			}
			return reflect.ValueOf(i)
		}
		c.unsupported(n, "%s overflows int", n.Text)
	}
	c.unsupported(n, "constant %s", n)
	return reflect.Value{}
}

func isRuneInt(s string) bool { return len(s) > 0 && s[0] == '\'' }

func isHexInt(s string) bool {
	return len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && !strings.ContainsAny(s, "pP")
}

// typedArg compiles an argument for a parameter of type typ.
func (c *compiler) typedArg(n parse.Node, typ reflect.Type) valFn {
	at := c.at(n)
	if v := c.operand(n); v != nil {
		return func(s *state, dot reflect.Value) reflect.Value {
			return validate(s, at, v(s, dot), typ)
		}
	}
	cv := c.typedConstant(n, typ)
	return func(*state, reflect.Value) reflect.Value { return cv }
}

// typedConstant is a constant as a value of type typ, as text/template
// converts it.
func (c *compiler) typedConstant(n parse.Node, typ reflect.Type) reflect.Value {
	if _, ok := n.(*parse.NilNode); ok {
		if canBeNil(typ) {
			return reflect.Zero(typ)
		}
		c.unsupported(n, "cannot assign nil to %s", typ)
	}
	v := reflect.New(typ).Elem()
	num, _ := n.(*parse.NumberNode)
	switch typ.Kind() {
	case reflect.Bool:
		if b, ok := n.(*parse.BoolNode); ok {
			v.SetBool(b.True)
			return v
		}
	case reflect.Complex64, reflect.Complex128:
		if num != nil && num.IsComplex {
			v.SetComplex(num.Complex128)
			return v
		}
	case reflect.Float32, reflect.Float64:
		if num != nil && num.IsFloat {
			v.SetFloat(num.Float64)
			return v
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if num != nil && num.IsInt {
			v.SetInt(num.Int64)
			return v
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if num != nil && num.IsUint {
			v.SetUint(num.Uint64)
			return v
		}
	case reflect.String:
		if str, ok := n.(*parse.StringNode); ok {
			v.SetString(str.Text)
			return v
		}
	case reflect.Interface:
		if typ.NumMethod() == 0 {
			return c.idealConstant(n)
		}
	}
	c.unsupported(n, "%s for an argument of type %s", n, typ)
	return reflect.Value{}
}

// rawArg compiles an argument of a builtin, which takes it as it is.
func (c *compiler) rawArg(n parse.Node) valFn {
	if v := c.operand(n); v != nil {
		return v
	}
	if _, ok := n.(*parse.NilNode); ok {
		return func(*state, reflect.Value) reflect.Value { return reflect.Value{} }
	}
	cv := c.idealConstant(n)
	return func(*state, reflect.Value) reflect.Value { return cv }
}
