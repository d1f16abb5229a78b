package site

import (
	"html/template"
	"strconv"
	"text/template/parse"
)

// foldMessages replaces every {{t "key"}} of the templates of set — a
// message without arguments — by the message itself, as a constant string
// the template still escapes in its context. Pages render the same bytes
// with one reflective function call fewer per message. A key with no
// message is left as a call, so that executing it fails as before.
func foldMessages(set *template.Template, m messages) {
	for _, t := range set.Templates() {
		if t.Tree != nil && t.Tree.Root != nil {
			foldNode(t.Tree.Root, m)
		}
	}
}

func foldNode(n parse.Node, m messages) {
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

func foldBranch(b *parse.BranchNode, m messages) {
	foldPipe(b.Pipe, m)
	foldNode(b.List, m)
	if b.ElseList != nil {
		foldNode(b.ElseList, m)
	}
}

func foldPipe(p *parse.PipeNode, m messages) {
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
