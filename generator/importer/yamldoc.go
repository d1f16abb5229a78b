package importer

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"gpucompare/generator/catalog"
)

// parseDoc reads a price file for editing in place: its nodes say where
// each record is, and edits are made to its lines, so every line Merge
// does not touch keeps its bytes (comments, quoting, indentation).
func parseDoc(src []byte, file string) (*doc, error) {
	d := &doc{file: file, replace: map[int]string{}, attach: map[int][]string{}, insert: map[int][]string{}}
	text := string(src)
	if strings.Contains(text, "\r") {
		return nil, fmt.Errorf("%s: has carriage returns: want a file with plain newline line ends", file)
	}
	d.lines, d.ends = splitLines(text)
	var top yaml.Node
	if err := yaml.Unmarshal(src, &top); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if top.Kind != yaml.DocumentNode || len(top.Content) != 1 || top.Content[0].Kind != yaml.MappingNode || top.Content[0].Style&yaml.FlowStyle != 0 {
		return nil, fmt.Errorf("%s:1:1: not a price file: want a block mapping with provider and prices", file)
	}
	d.root = top.Content[0]
	for i := 0; i+1 < len(d.root.Content); i += 2 {
		k, v := d.root.Content[i], d.root.Content[i+1]
		switch k.Value {
		case "provider":
			d.provider = v
		case "checked":
			d.checked = v
		case "prices":
			d.prices, d.seq = k, v
		}
	}
	if d.prices == nil {
		return nil, fmt.Errorf("%s:1:1: no prices: want a key prices: holding the list of price points", file)
	}
	switch {
	case d.seq.Kind == yaml.ScalarNode && (d.seq.Tag == "!!null"):
		d.seq = &yaml.Node{Kind: yaml.SequenceNode}
	case d.seq.Kind != yaml.SequenceNode:
		return nil, fmt.Errorf("%s:%d:%d: prices is not a list: want a list of price points", file, d.seq.Line, d.seq.Column)
	case d.seq.Style&yaml.FlowStyle != 0 && len(d.seq.Content) > 0:
		return nil, fmt.Errorf("%s:%d:%d: prices is a flow list [...]: write it as a block list (one \"- \" item a record) to import into it", file, d.seq.Line, d.seq.Column)
	case d.seq.Style&yaml.FlowStyle != 0:
		// prices: [] becomes a block list as the first point is added.
		d.replace[d.prices.Line-1] = strings.Repeat(" ", d.prices.Column-1) + "prices:"
		d.seq = &yaml.Node{Kind: yaml.SequenceNode}
	}
	d.dash = d.prices.Column - 1
	for i, n := range d.seq.Content {
		it := item{node: n, start: n.Line - 1}
		if n.Kind != yaml.MappingNode {
			return nil, fmt.Errorf("%s:%d:%d: a price point is not a mapping", file, n.Line, n.Column)
		}
		if err := n.Decode(&it.pp); err != nil {
			return nil, fmt.Errorf("%s:%d:%d: %v", file, n.Line, n.Column, err)
		}
		// A point starts on its dash line: "- instance: …" or "- {…}".
		line, col := d.lines[it.start], n.Column-1
		if col < 2 || col > len(line) || line[col-2:col] != "- " {
			return nil, fmt.Errorf("%s:%d:%d: a price point that does not start on its \"- \" line: write it as \"- instance: …\" to import into the file", file, n.Line, n.Column)
		}
		if i == 0 {
			d.dash = col - 2
		}
		d.items = append(d.items, it)
	}
	for i := range d.items {
		next := d.nextAfterSeq()
		if i+1 < len(d.items) {
			next = d.items[i+1].start
		}
		d.items[i].end = d.backUp(next-1, d.items[i].start, d.items[i].node)
	}
	return d, nil
}

// splitLines splits text into lines where the YAML parser does, so that
// the line numbers of its nodes index them, and gives each line's break,
// kept when the file is written again; the last line's is a newline.
func splitLines(text string) (lines, ends []string) {
	text = strings.TrimSuffix(text, "\n")
	for {
		i := strings.IndexAny(text, "\n"+catalog.YAMLBreaks)
		if i < 0 {
			return append(lines, text), append(ends, "\n")
		}
		_, size := utf8.DecodeRuneInString(text[i:])
		lines, ends = append(lines, text[:i]), append(ends, text[i:i+size])
		text = text[i+size:]
	}
}

// nextAfterSeq is the first line after the price list: the next key of
// the root mapping, or the end of the file.
func (d *doc) nextAfterSeq() int {
	for i := 0; i+1 < len(d.root.Content); i += 2 {
		if k := d.root.Content[i]; k.Line > d.prices.Line {
			return k.Line - 1
		}
	}
	return len(d.lines)
}

// backUp moves the last line of record n (its lines start..end) up over
// the blank lines and the comments that head what follows it. A record
// ending in a block scalar (| or >) keeps its blank lines: they may be
// part of the text.
func (d *doc) backUp(end, start int, n *yaml.Node) int {
	block := endsInBlockScalar(n)
	for end > start {
		l := d.lines[end]
		t := strings.TrimLeft(l, " ")
		if block && t == "" {
			break
		}
		if t != "" && (!strings.HasPrefix(t, "#") || len(l)-len(t) > d.dash) {
			break
		}
		end--
	}
	return end
}

// endsInBlockScalar tells whether the last value written in n is a
// literal or folded block scalar.
func endsInBlockScalar(n *yaml.Node) bool {
	for n != nil {
		switch n.Kind {
		case yaml.ScalarNode:
			return n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0
		case yaml.MappingNode, yaml.SequenceNode, yaml.DocumentNode:
			if len(n.Content) == 0 {
				return false
			}
			n = n.Content[len(n.Content)-1]
		default: // an alias writes no text of its own
			return false
		}
	}
	return false
}

// seqEnd is the line after which a new series goes: after the last point,
// or after the prices: line of an empty list.
func (d *doc) seqEnd() int {
	if len(d.items) == 0 {
		return d.prices.Line - 1
	}
	return d.items[len(d.items)-1].end
}

// addKey adds key: value (a day) at the end of a point.
func (d *doc) addKey(it *item, key, value string) error {
	if it.node.Style&yaml.FlowStyle == 0 {
		pad := strings.Repeat(" ", it.node.Column-1)
		d.attach[it.end] = append(d.attach[it.end], fmt.Sprintf("%s%s: '%s'", pad, key, value))
		return nil
	}
	// A point written {instance: …, …} on one line gets the key before
	// its closing brace.
	l, ok := d.replace[it.start]
	if !ok {
		l = d.lines[it.start]
	}
	close := strings.LastIndexByte(l, '}')
	if it.end != it.start || close < 0 {
		return fmt.Errorf("%s:%d: a flow mapping over several lines: add %s by hand", d.file, it.node.Line, key)
	}
	d.replace[it.start] = l[:close] + fmt.Sprintf(", %s: '%s'", key, value) + l[close:]
	return nil
}

// setChecked writes checked: DAY, in place of the old value or after the
// provider line.
func (d *doc) setChecked(day catalog.Date) {
	line := fmt.Sprintf("checked: '%s'", day)
	if d.checked != nil {
		if c := d.checked.LineComment; c != "" {
			line += " " + c
		}
		d.replace[d.checked.Line-1] = line
		return
	}
	at := -1
	if d.provider != nil {
		at = d.provider.Line - 1
	}
	d.insert[at] = append(d.insert[at], line)
}

// dropLine replaces a line that the edited file leaves out.
const dropLine = "\x00drop"

// bytes is the edited file.
func (d *doc) bytes() []byte {
	var b strings.Builder
	for _, l := range d.insert[-1] {
		b.WriteString(l + "\n")
	}
	for i, l := range d.lines {
		if r, ok := d.replace[i]; ok {
			l = r
		}
		if l != dropLine {
			b.WriteString(l + d.ends[i])
		}
		for _, ins := range d.attach[i] {
			b.WriteString(ins + "\n")
		}
		for _, ins := range d.insert[i] {
			b.WriteString(ins + "\n")
		}
	}
	return []byte(b.String())
}
