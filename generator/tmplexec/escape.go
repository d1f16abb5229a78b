package tmplexec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The escapers html/template appends to the actions of the site's
// templates, with html/template's behaviour: how they make a string of
// their arguments, and what they do to it for each type of content.

// contentType is the type of a value of html/template's content types,
// plain for any other.
type contentType uint8

const (
	plain contentType = iota
	contentCSS
	contentHTML
	contentHTMLAttr
	contentJS
	contentJSStr
	contentURL
	contentSrcset
)

// contentTypes are the string types whose content html/template trusts,
// and string itself.
var contentTypes = map[reflect.Type]contentType{
	reflect.TypeFor[string]():            plain,
	reflect.TypeFor[template.CSS]():      contentCSS,
	reflect.TypeFor[template.HTML]():     contentHTML,
	reflect.TypeFor[template.HTMLAttr](): contentHTMLAttr,
	reflect.TypeFor[template.JS]():       contentJS,
	reflect.TypeFor[template.JSStr]():    contentJSStr,
	reflect.TypeFor[template.URL]():      contentURL,
	reflect.TypeFor[template.Srcset]():   contentSrcset,
}

// escaper is one of html/template's escapers.
type escaper struct {
	// str escapes a value made a string, of content type ct.
	str func(s string, ct contentType) string
	// write, if set, writes what str returns.
	write func(st *state, s string, ct contentType)
	// value, if set, escapes the value itself, not made a string first.
	value func(v any) string
}

// escapers are the escapers by the names html/template gives them in
// escaped templates.
var escapers = map[string]*escaper{
	"_html_template_htmlescaper": {
		str: func(s string, ct contentType) string {
			if ct == contentHTML {
				return s
			}
			return replace(s, &htmlTable)
		},
		write: func(st *state, s string, ct contentType) {
			if ct == contentHTML {
				st.write(s)
				return
			}
			writeReplaced(st, s, &htmlTable)
		},
	},
	"_html_template_attrescaper": {
		str: func(s string, ct contentType) string {
			if ct == contentHTML {
				return attrOfHTML(s)
			}
			return replace(s, &htmlTable)
		},
		write: func(st *state, s string, ct contentType) {
			if ct == contentHTML {
				st.write(attrOfHTML(s))
				return
			}
			writeReplaced(st, s, &htmlTable)
		},
	},
	"_html_template_rcdataescaper": {
		str: func(s string, ct contentType) string {
			if ct == contentHTML {
				return replace(s, &htmlNormTable)
			}
			return replace(s, &htmlTable)
		},
		write: func(st *state, s string, ct contentType) {
			if ct == contentHTML {
				writeReplaced(st, s, &htmlNormTable)
				return
			}
			writeReplaced(st, s, &htmlTable)
		},
	},
	"_html_template_urlfilter": {
		str: func(s string, ct contentType) string {
			if ct == contentURL || isSafeURL(s) {
				return s
			}
			return "#ZgotmplZ"
		},
	},
	"_html_template_urlnormalizer": {
		str: func(s string, ct contentType) string { return processURL(s, true) },
	},
	"_html_template_urlescaper": {
		str: func(s string, ct contentType) string { return processURL(s, ct == contentURL) },
	},
	"_html_template_jsvalescaper": {
		value: jsValue,
	},
	"_html_template_cssvaluefilter": {
		value: func(v any) string { return viaTemplate(cssTemplate, v) },
	},
}

// escapeChain writes v through the escapers of an action: the first
// escapes v, each next one what the one before returned.
func escapeChain(st *state, chain []*escaper, v reflect.Value) {
	if head := chain[0]; head.value != nil {
		escapeText(st, chain[1:], head.value(toAny(v)), plain)
		return
	}
	s, ct := stringifyValue(v)
	escapeText(st, chain, s, ct)
}

// escapeText writes s, text of content type ct, through the escapers of
// an action.
func escapeText(st *state, chain []*escaper, s string, ct contentType) {
	for i, e := range chain {
		switch {
		case e.value != nil:
			s = e.value(s)
		case i == len(chain)-1 && e.write != nil:
			e.write(st, s, ct)
			return
		default:
			s = e.str(s, ct)
		}
		ct = plain
	}
	st.write(s)
}

// stringifyValue is stringify of the one argument v, without boxing a
// string or an integer.
func stringifyValue(v reflect.Value) (string, contentType) {
	if v.Kind() == reflect.Interface {
		if v.IsNil() {
			return "", plain
		}
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.Invalid:
		return "", plain
	case reflect.String:
		if ct, ok := contentTypes[v.Type()]; ok {
			return v.String(), ct
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if v.Type().NumMethod() == 0 {
			return strconv.FormatInt(v.Int(), 10), plain
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if v.Type().NumMethod() == 0 {
			return strconv.FormatUint(v.Uint(), 10), plain
		}
	case reflect.Bool:
		if v.Type().NumMethod() == 0 {
			return strconv.FormatBool(v.Bool()), plain
		}
	}
	return stringify([]any{v.Interface()})
}

var (
	fmtStringerType = reflect.TypeFor[fmt.Stringer]()
	jsonMarshalType = reflect.TypeFor[json.Marshaler]()
)

// stringify makes a string of an escaper's arguments, as html/template
// does: one value of a content type (after following pointers) keeps its
// type; anything else is printed by fmt.Sprint, pointers followed to a
// value or to a Stringer or error, untyped nil arguments left out.
func stringify(args []any) (string, contentType) {
	if len(args) == 1 {
		a := derefAll(args[0])
		if a != nil {
			if ct, ok := contentTypes[reflect.TypeOf(a)]; ok {
				return reflect.ValueOf(a).String(), ct
			}
		}
	}
	printed := make([]any, 0, len(args))
	for _, a := range args {
		if a == nil {
			continue
		}
		printed = append(printed, derefToStringer(a))
	}
	return fmt.Sprint(printed...), plain
}

// derefAll follows pointers while they are not nil.
func derefAll(a any) any {
	if a == nil {
		return nil
	}
	if reflect.TypeOf(a).Kind() != reflect.Pointer {
		return a
	}
	v := reflect.ValueOf(a)
	for v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	return v.Interface()
}

// derefToStringer follows pointers while they are not nil and do not
// implement fmt.Stringer or error.
func derefToStringer(a any) any {
	v := reflect.ValueOf(a)
	for !v.Type().Implements(fmtStringerType) && !v.Type().Implements(errorType) && v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	return v.Interface()
}

// htmlTable is what the escapers of HTML text, of quoted attributes and of
// RCDATA replace; htmlNormTable leaves '&' alone, for HTML content whose
// entities are already written.
var htmlTable, htmlNormTable = func() (full, norm [128]string) {
	full = [128]string{0: "\uFFFD", '"': "&#34;", '&': "&amp;", '\'': "&#39;", '+': "&#43;", '<': "&lt;", '>': "&gt;"}
	norm = full
	norm['&'] = ""
	return full, norm
}()

// replace replaces the bytes of s that table has a replacement for (all
// ASCII: a byte of a multi-byte or invalid UTF-8 sequence is never one).
func replace(s string, table *[128]string) string {
	var b strings.Builder
	written := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 128 && table[c] != "" {
			if written == 0 {
				b.Grow(len(s) + 16)
			}
			b.WriteString(s[written:i])
			b.WriteString(table[c])
			written = i + 1
		}
	}
	if written == 0 {
		return s
	}
	b.WriteString(s[written:])
	return b.String()
}

// writeReplaced writes what replace returns.
func writeReplaced(st *state, s string, table *[128]string) {
	written := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 128 && table[c] != "" {
			if written < i {
				st.write(s[written:i])
			}
			st.write(table[c])
			written = i + 1
		}
	}
	if written < len(s) {
		st.write(s[written:])
	}
}

// Two escapers follow html/template's parsers of HTML and of CSS, and are
// left to html/template itself: each executes a template that writes a
// value between a fixed prefix and suffix with that escaper alone.
var (
	// attrTemplate escapes a value for a quoted attribute; for HTML
	// content, the text without tags, escaped but for its entities.
	attrTemplate = newWrapper(`<a title="`, `">`)
	// cssTemplate filters a value for a CSS value: CSS content as it is,
	// anything else only if it cannot end or escape the value.
	cssTemplate = newWrapper(`<style>`, `</style>`)
)

// wrapper is a template writing {{.}} between prefix and suffix.
type wrapper struct {
	t              *template.Template
	prefix, suffix string
}

func newWrapper(prefix, suffix string) *wrapper {
	return &wrapper{template.Must(template.New("").Parse(prefix + "{{.}}" + suffix)), prefix, suffix}
}

// viaTemplate is what w writes for v, without its prefix and suffix.
func viaTemplate(w *wrapper, v any) string {
	var b strings.Builder
	if err := w.t.Execute(&b, v); err != nil {
		return "#ZgotmplZ"
	}
	out := b.String()
	return out[len(w.prefix) : len(out)-len(w.suffix)]
}

// attrOfHTML is HTML content escaped for a quoted attribute.
func attrOfHTML(s string) string { return viaTemplate(attrTemplate, template.HTML(s)) }

// isSafeURL reports whether s is relative or has the scheme http, https
// or mailto.
func isSafeURL(s string) bool {
	if scheme, _, ok := strings.Cut(s, ":"); ok && !strings.Contains(scheme, "/") {
		return strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https") || strings.EqualFold(scheme, "mailto")
	}
	return true
}

// processURL percent-encodes the bytes of s a URL may not hold as they
// are; norm leaves reserved characters and valid escapes alone (a whole
// URL), otherwise they are encoded too (a part of a query).
func processURL(s string, norm bool) string {
	var b strings.Builder
	written := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '!', '#', '$', '&', '*', '+', ',', '/', ':', ';', '=', '?', '@', '[', ']':
			if norm {
				continue
			}
		case '-', '.', '_', '~':
			continue
		case '%':
			if norm && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
				continue
			}
		default:
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
				continue
			}
		}
		if written == 0 {
			b.Grow(len(s) + 16)
		}
		b.WriteString(s[written:i])
		b.WriteByte('%')
		b.WriteByte("0123456789abcdef"[c>>4])
		b.WriteByte("0123456789abcdef"[c&15])
		written = i + 1
	}
	if written == 0 {
		return s
	}
	b.WriteString(s[written:])
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// derefToMarshaler follows pointers while they are not nil and do not
// implement json.Marshaler.
func derefToMarshaler(a any) any {
	if a == nil {
		return nil
	}
	v := reflect.ValueOf(a)
	for !v.Type().Implements(jsonMarshalType) && v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	return v.Interface()
}

var scriptTag = regexp.MustCompile("(?i)<(/?)script")

// jsValue is a JavaScript value of v, as JSON (template.JS as it is,
// template.JSStr quoted, a Stringer as its string), padded with spaces
// where it could run into a keyword, with U+2028 and U+2029 escaped; a
// value JSON cannot encode is null after a comment saying why.
func jsValue(v any) string {
	a := derefToMarshaler(v)
	switch t := a.(type) {
	case template.JS:
		return string(t)
	case template.JSStr:
		return `"` + string(t) + `"`
	case json.Marshaler:
	case fmt.Stringer:
		a = t.String()
	}
	b, err := json.Marshal(a)
	if err != nil {
		msg := scriptTag.ReplaceAllString(err.Error(), `\x3C${1}script`)
		msg = strings.ReplaceAll(msg, "*/", "* /")
		msg = strings.ReplaceAll(msg, "<!--", `\x3C!--`)
		return " /* " + msg + " */null "
	}
	if len(b) == 0 {
		return " null "
	}
	first, _ := utf8.DecodeRune(b)
	last, _ := utf8.DecodeLastRune(b)
	pad := isJSIdentPart(first) || isJSIdentPart(last)
	if !pad && !bytes.Contains(b, []byte("\u2028")) && !bytes.Contains(b, []byte("\u2029")) {
		return string(b)
	}
	var out strings.Builder
	if pad {
		out.WriteByte(' ')
	}
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		switch r {
		case 0x2028:
			out.WriteString(`\u2028`)
		case 0x2029:
			out.WriteString(`\u2029`)
		default:
			out.Write(b[i : i+n])
		}
		i += n
	}
	if pad {
		out.WriteByte(' ')
	}
	return out.String()
}

func isJSIdentPart(r rune) bool {
	return r == '$' || r == '_' || '0' <= r && r <= '9' || 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z'
}
