// Package tmplexec executes the templates of an html/template set after
// html/template has parsed and escaped them: it compiles their escaped
// parse trees into a program of Go closures that writes the same bytes as
// html/template's own Execute, with field names resolved to indices once
// per type, the known function signatures called directly instead of
// through reflect.Value.Call, and the escapers html/template inserts
// writing straight into the output.
//
// Compile refuses what it does not handle (a node kind, a function,
// an escaper, a constant it cannot type, a template it cannot find): the
// caller then executes the set with html/template, so an unsupported
// template never renders differently.
package tmplexec

import (
	"errors"
	"fmt"
	"html/template"
	"io"
	"reflect"
	"text/template/parse"
)

// maxDepth bounds template calls, as text/template does.
const maxDepth = 100000

// Program is a compiled template of an escaped html/template set. It is
// safe for concurrent use.
type Program struct {
	root *tmpl
}

// tmpl is one compiled template of the set.
type tmpl struct {
	name  string
	tree  *parse.Tree
	body  nodeFn
	nvars int // variable slots of a call: $ and every variable declared
}

// Execute writes the template applied to data into w. An error names the
// template and the position of the action that failed; a panic of a
// called function is an error too.
func (p *Program) Execute(w io.Writer, data any) (err error) {
	s := &state{vars: make([]reflect.Value, p.root.nvars, p.root.nvars+16)}
	if sw, ok := w.(stringWriter); ok {
		s.w = sw
	} else {
		s.w = &plainWriter{w: w}
	}
	defer func() {
		if r := recover(); r != nil {
			switch e := r.(type) {
			case execError:
				err = e.err
			case writeError:
				err = e.err
			default:
				err = fmt.Errorf("template: %s: %v", p.root.name, r)
			}
		}
	}()
	dot := reflect.ValueOf(data)
	s.vars[0] = dot
	p.root.body(s, dot)
	return nil
}

// stringWriter is what the executor writes into: bytes.Buffer,
// bufio.Writer and strings.Builder are.
type stringWriter interface {
	io.Writer
	io.StringWriter
}

// plainWriter gives a writer without WriteString one.
type plainWriter struct {
	w   io.Writer
	buf []byte
}

func (p *plainWriter) Write(b []byte) (int, error) { return p.w.Write(b) }

func (p *plainWriter) WriteString(s string) (int, error) {
	p.buf = append(p.buf[:0], s...)
	return p.w.Write(p.buf)
}

// state is one execution: the output and the variables of the template
// calls in progress, each call a window of vars from base.
type state struct {
	w     stringWriter
	vars  []reflect.Value
	base  int
	depth int
}

func (s *state) write(str string) {
	if _, err := s.w.WriteString(str); err != nil {
		panic(writeError{err})
	}
}

func (s *state) writeBytes(b []byte) {
	if _, err := s.w.Write(b); err != nil {
		panic(writeError{err})
	}
}

// execError is an error of execution, raised as a panic and returned by
// Execute.
type execError struct{ err error }

// writeError is an error of the writer, returned as it is.
type writeError struct{ err error }

// site is where in a template a closure was compiled from, for its errors.
type site struct {
	t    *tmpl
	node parse.Node
}

// fail stops execution with an error at site.
func (s *state) fail(at *site, format string, args ...any) {
	panic(execError{at.errorf(format, args...)})
}

func (at *site) errorf(format string, args ...any) error {
	loc, ctx := at.where()
	err := fmt.Errorf(format, args...)
	return &Error{Name: at.t.name, Location: loc, Context: ctx, Err: err}
}

// where is the position and the text of the site's node, or the
// template's name for a node html/template made without a position in
// any text.
func (at *site) where() (loc, ctx string) {
	defer func() {
		if recover() != nil {
			loc, ctx = at.t.name, at.node.String()
		}
	}()
	return at.t.tree.ErrorContext(at.node)
}

// Error is an error of execution at an action of a template.
type Error struct {
	Name     string // the template
	Location string // name:line:col
	Context  string // the action, abbreviated
	Err      error
}

func (e *Error) Error() string {
	return fmt.Sprintf("template: %s: executing %q at <%s>: %v", e.Location, e.Name, e.Context, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// ErrUnsupported is wrapped by Compile's errors for templates it does not
// handle.
var ErrUnsupported = errors.New("unsupported")

// Compile compiles the template name of set and every template it calls.
// The set must have been escaped (html/template escapes a template and
// those it calls at its first execution); funcs is the FuncMap the set was
// parsed with. A template that is not escaped, or uses anything the
// executor does not handle, is an error wrapping ErrUnsupported; so is a
// template called in another context than its own (inside <title>, say),
// whose copy for that context html/template keeps out of the set. The
// program reads the set's trees only while it compiles.
func Compile(set *template.Template, name string, funcs template.FuncMap) (*Program, error) {
	c := &compiler{set: set, funcs: map[string]reflect.Value{}, done: map[string]*tmpl{}}
	for k, f := range funcs {
		fn := reflect.ValueOf(f)
		if fn.Kind() != reflect.Func || !goodResults(fn.Type()) {
			return nil, fmt.Errorf("tmplexec: %w: %s is not a function of one result, or of a result and an error", ErrUnsupported, k)
		}
		c.funcs[k] = fn
	}
	root, err := c.template(name)
	if err != nil {
		return nil, err
	}
	return &Program{root: root}, nil
}
