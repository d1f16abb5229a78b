package catalog

import "go.yaml.in/yaml/v3"

// A place is where a node of a catalog file's YAML tree stands, and for a
// mapping or a list where each thing it holds stands: what diagnostics
// need of the tree once the file is decoded. A file's places take a
// fraction of the memory of its tree, so a load keeps them until every
// check has run and lets each tree go as soon as its file is decoded.
type place struct {
	line, col int32
	kind      yaml.Kind
	entries   []placeEntry // a mapping's keys with their values, or a list's elements
}

// placeEntry is a key of a mapping and its value, or an element of a list
// (no key).
type placeEntry struct {
	key             string
	keyLine, keyCol int32
	line, col       int32  // of the value or element
	sub             *place // the value's places when it holds anything; nil otherwise
}

// placesOf gives the places of the tree under n. keys holds one copy of
// each key text, shared by the places of one file.
func placesOf(n *yaml.Node, keys map[string]string) *place {
	p := &place{line: int32(n.Line), col: int32(n.Column), kind: n.Kind}
	switch {
	case len(n.Content) == 0:
	case n.Kind == yaml.MappingNode:
		p.entries = make([]placeEntry, len(n.Content)/2)
		for i := range p.entries {
			k, v := n.Content[2*i], n.Content[2*i+1]
			key, ok := keys[k.Value]
			if !ok {
				key = k.Value
				keys[key] = key
			}
			p.entries[i] = placeEntry{key: key, keyLine: int32(k.Line), keyCol: int32(k.Column)}
			p.entries[i].value(v, keys)
		}
	default:
		p.entries = make([]placeEntry, len(n.Content))
		for i, c := range n.Content {
			p.entries[i].value(c, keys)
		}
	}
	return p
}

func (e *placeEntry) value(n *yaml.Node, keys map[string]string) {
	e.line, e.col = int32(n.Line), int32(n.Column)
	if len(n.Content) > 0 {
		e.sub = placesOf(n, keys)
	}
}

// at is the place of the entry's value.
func (e *placeEntry) at() *place {
	if e.sub != nil {
		return e.sub
	}
	return &place{line: e.line, col: e.col}
}

// pos is the position of the place p in file.
func pos(file string, p *place) Pos { return Pos{File: file, Line: int(p.line), Col: int(p.col)} }

// child returns the place of the value of key in a mapping, or nil.
func child(p *place, key string) *place {
	if p == nil || p.kind != yaml.MappingNode {
		return nil
	}
	for i := range p.entries {
		if p.entries[i].key == key {
			return p.entries[i].at()
		}
	}
	return nil
}

// item returns the place of the i-th element of the list under key, or p
// when there is no such element. Of a mapping under key, as of its YAML
// node, the elements are its keys and values in turn.
func item(p *place, key string, i int) *place {
	list := child(p, key)
	switch {
	case list == nil:
	case list.kind == yaml.MappingNode && i < 2*len(list.entries):
		e := &list.entries[i/2]
		if i%2 == 0 {
			return &place{line: e.keyLine, col: e.keyCol}
		}
		return e.at()
	case list.kind != yaml.MappingNode && i < len(list.entries):
		return list.entries[i].at()
	}
	return p
}
