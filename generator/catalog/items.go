package catalog

import (
	"bytes"
	"io"
	"slices"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// A catalog file that ends in a long list whose items start at the left
// edge ("prices:" then "- instance: …" lines, as every price file is
// written) is, for a Loader, parsed item by item: after an edit, only the
// items whose text changed are parsed again, and the others are taken
// from the last parse of the file (itemTrees), so that an edit of one
// price in a file of hundreds costs the parse of that price.
//
// Parsed alone, an item gives the tree it gives in the whole file, moved
// up by the lines before it: the YAML scanner starts each item at the
// left edge, outside any flow, quote or block scalar, with the same
// indentation around it (the top-level mapping's, at column 0), since the
// item before it parsed alone as well. The item must hold no anchor or
// alias (which could refer across items), and every line after the first
// item must be another item's first line, indented, blank or a comment;
// otherwise, or when any part does not parse alone, the file is parsed
// whole, which reports what is wrong as a fresh load does. Comments may
// hang on other nodes than in the whole file's tree; no check reads them.

// itemTrees are the parts of a file parsed item by item, by their text:
// the first item with the lines before it (its root mapping), and each
// later item alone (the item). The trees are never handed out: each parse
// takes copies (cloneNode), as the checks clip values they report.
type itemTrees map[string]*itemTree

// itemTree is a part of a file and its tree.
type itemTree struct {
	text string
	node *yaml.Node
}

// parseByItems parses data, the bytes of a file, item by item, taking
// from prev the parts whose text is unchanged. It returns the file's root
// and the parts of this parse, or false when the file is not one to parse
// item by item, or a part does not parse alone: then it is to be parsed
// whole.
func parseByItems(data []byte, prev itemTrees) (*yaml.Node, itemTrees, bool) {
	starts, lines, ok := itemStarts(data)
	if !ok || len(starts) < 2 {
		return nil, nil, false
	}
	parts := make(itemTrees, len(starts))
	// take parses part i of data, or takes it from prev: the first item
	// with the lines before it, or item i alone.
	take := func(i int) (*yaml.Node, bool) {
		from, to := 0, len(data)
		if i > 0 {
			from = starts[i]
		}
		if i+1 < len(starts) {
			to = starts[i+1]
		}
		if t, ok := prev[string(data[from:to])]; ok {
			parts[t.text] = t
			return t.node, true
		}
		n, ok := parseAlone(data[from:to])
		if ok {
			t := &itemTree{text: string(data[from:to]), node: n}
			parts[t.text] = t
		}
		return n, ok
	}
	first, ok := take(0)
	if !ok || first.Kind != yaml.MappingNode || len(first.Content) < 2 {
		return nil, nil, false
	}
	if seq := first.Content[len(first.Content)-1]; seq.Kind != yaml.SequenceNode || seq.Style != 0 || seq.Line != lines[0] || seq.Column != 1 ||
		len(seq.Content) != 1 || hasAnchor(seq.Content[0]) {
		return nil, nil, false
	}
	root := cloneNode(first, 0)
	seq := root.Content[len(root.Content)-1]
	seq.Content = slices.Grow(seq.Content, len(starts)-1)
	for i := 1; i < len(starts); i++ {
		n, ok := take(i)
		if !ok || n.Kind != yaml.SequenceNode || n.Style != 0 || n.Line != 1 || n.Column != 1 || len(n.Content) != 1 || hasAnchor(n.Content[0]) {
			return nil, nil, false
		}
		seq.Content = append(seq.Content, cloneNode(n.Content[0], lines[i]-1))
	}
	return root, parts, true
}

// itemStarts returns the offsets in data of the lines that start an item
// at the left edge ("- …" or "-"), and their line numbers, or false when data is not to be parsed
// item by item: it has a line break other than "\n", is not UTF-8, or a
// line after the first item is neither another item's first line, nor
// indented, blank or a comment.
func itemStarts(data []byte) (starts, lines []int, ok bool) {
	if !utf8.Valid(data) || bytes.IndexByte(data, '\r') >= 0 {
		return nil, nil, false
	}
	for _, r := range YAMLBreaks {
		if bytes.Contains(data, utf8.AppendRune(nil, r)) {
			return nil, nil, false
		}
	}
	for at, n := 0, 1; at < len(data); n++ {
		end := bytes.IndexByte(data[at:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += at
		}
		line := data[at:end]
		switch {
		case bytes.HasPrefix(line, []byte("- ")) || string(line) == "-":
			starts, lines = append(starts, at), append(lines, n)
		case len(starts) == 0, len(line) == 0, line[0] == ' ', line[0] == '#':
		default:
			return nil, nil, false
		}
		at = end + 1
	}
	return starts, lines, true
}

// parseAlone parses text, a part of a file, as one YAML document.
func parseAlone(text []byte) (*yaml.Node, bool) {
	dec := yaml.NewDecoder(bytes.NewReader(text))
	var doc, extra yaml.Node
	if dec.Decode(&doc) != nil || dec.Decode(&extra) != io.EOF || len(doc.Content) != 1 {
		return nil, false
	}
	return doc.Content[0], true
}

// hasAnchor reports whether n or a node under it has an anchor or is an
// alias.
func hasAnchor(n *yaml.Node) bool {
	if n.Anchor != "" || n.Kind == yaml.AliasNode || n.Alias != nil {
		return true
	}
	for _, c := range n.Content {
		if hasAnchor(c) {
			return true
		}
	}
	return false
}

// cloneNode copies the tree of n, its lines moved down by shift.
func cloneNode(n *yaml.Node, shift int) *yaml.Node {
	c := *n
	c.Line += shift
	if n.Content != nil {
		c.Content = make([]*yaml.Node, len(n.Content))
		for i, k := range n.Content {
			c.Content[i] = cloneNode(k, shift)
		}
	}
	return &c
}
