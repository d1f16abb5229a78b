package render

import (
	"errors"
	"html/template"
	"io"
	"strconv"
	"strings"
	"text/template/parse"
)

// foldMessages replaces every {{t "key"}} of the templates of set — a
// message without arguments — by the message itself, as a constant string
// the template still escapes in its context. Pages render the same bytes
// with one reflective function call fewer per message. A key with no
// message is left as a call, so that executing it fails as before.
func foldMessages(set *template.Template, m Messages) {
	for _, t := range set.Templates() {
		if t.Tree != nil && t.Tree.Root != nil {
			foldNode(t.Tree.Root, m)
		}
	}
}

func foldNode(n parse.Node, m Messages) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			foldNode(c, m)
		}
	case *parse.ActionNode:
		foldPipe(n.Pipe, m)
	case *parse.IfNode:
		foldBranch(&n.BranchNode, m)
	case *parse.RangeNode:
		foldBranch(&n.BranchNode, m)
	case *parse.WithNode:
		foldBranch(&n.BranchNode, m)
	case *parse.TemplateNode:
		foldPipe(n.Pipe, m)
	}
}

func foldBranch(b *parse.BranchNode, m Messages) {
	foldPipe(b.Pipe, m)
	foldNode(b.List, m)
	if b.ElseList != nil {
		foldNode(b.ElseList, m)
	}
}

func foldPipe(p *parse.PipeNode, m Messages) {
	if p == nil {
		return
	}
	for _, c := range p.Cmds {
		if len(c.Args) == 2 {
			fn, isIdent := c.Args[0].(*parse.IdentifierNode)
			key, isString := c.Args[1].(*parse.StringNode)
			if isIdent && isString && fn.Ident == "t" {
				if msg, ok := m[key.Text]; ok {
					s := *key
					s.Text, s.Quoted = msg, strconv.Quote(msg)
					c.Args = []parse.Node{&s}
					continue
				}
			}
		}
		for _, a := range c.Args {
			if sub, ok := a.(*parse.PipeNode); ok {
				foldPipe(sub, m)
			}
		}
	}
}

// htmlEscapes is what html/template's escapers of HTML text and of quoted
// attribute values (_html_template_htmlescaper, _html_template_attrescaper)
// do to a plain string: these seven replacements and nothing else.
var htmlEscapes = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;")

// foldEscaped escapes the templates of the layout set (html/template does
// that at the first execution of base.html) and replaces every action that
// writes a constant string through the escaper of HTML text or of a quoted
// attribute — a message folded by foldMessages, in most cases — by the
// escaped text itself. Pages render the same bytes without a reflective
// escaper call per constant. When escaping fails, nothing is folded: the
// first page reports the error.
func foldEscaped(set *template.Template) {
	if err := set.ExecuteTemplate(io.Discard, "templates/base.html", nil); err != nil {
		var escErr *template.Error
		if errors.As(err, &escErr) {
			return
		}
	}
	for _, t := range set.Templates() {
		if t.Tree != nil && t.Tree.Root != nil {
			foldConstList(t.Tree.Root)
		}
	}
}

func foldConstList(l *parse.ListNode) {
	if l == nil {
		return
	}
	for i, n := range l.Nodes {
		switch n := n.(type) {
		case *parse.ActionNode:
			if text, ok := escapedConst(n.Pipe); ok {
				l.Nodes[i] = &parse.TextNode{NodeType: parse.NodeText, Pos: n.Pos, Text: []byte(text)}
			}
		case *parse.IfNode:
			foldConstList(n.List)
			foldConstList(n.ElseList)
		case *parse.RangeNode:
			foldConstList(n.List)
			foldConstList(n.ElseList)
		case *parse.WithNode:
			foldConstList(n.List)
			foldConstList(n.ElseList)
		case *parse.ListNode:
			foldConstList(n)
		}
	}
}

// escapedConst is the text an action writes when its pipeline is a string
// constant followed only by the escapers of HTML text or of quoted
// attributes; ok is false for any other pipeline.
func escapedConst(p *parse.PipeNode) (text string, ok bool) {
	if p == nil || len(p.Decl) > 0 || len(p.Cmds) < 2 || len(p.Cmds[0].Args) != 1 {
		return "", false
	}
	s, isString := p.Cmds[0].Args[0].(*parse.StringNode)
	if !isString {
		return "", false
	}
	for _, c := range p.Cmds[1:] {
		if len(c.Args) != 1 {
			return "", false
		}
		id, isIdent := c.Args[0].(*parse.IdentifierNode)
		if !isIdent || (id.Ident != "_html_template_htmlescaper" && id.Ident != "_html_template_attrescaper") {
			return "", false
		}
	}
	text = s.Text
	for range p.Cmds[1:] {
		text = htmlEscapes.Replace(text)
	}
	return text, true
}
