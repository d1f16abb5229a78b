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
	key       string  // the text of a key of a mapping, which child looks up
	content   []place // a mapping's keys and values in turn, or a list's elements
}

// placesOf gives the places of the tree under n. keys holds one copy of
// each key text, shared by the places of one file.
func placesOf(n *yaml.Node, keys map[string]string) *place {
	p := new(place)
	p.fill(n, keys)
	return p
}

func (p *place) fill(n *yaml.Node, keys map[string]string) {
	p.line, p.col, p.kind = int32(n.Line), int32(n.Column), n.Kind
	if len(n.Content) == 0 {
		return
	}
	p.content = make([]place, len(n.Content))
	for i, c := range n.Content {
		p.content[i].fill(c, keys)
		if n.Kind == yaml.MappingNode && i%2 == 0 {
			k, ok := keys[c.Value]
			if !ok {
				k = c.Value
				keys[k] = k
			}
			p.content[i].key = k
		}
	}
}

// pos is the position of the place p in file.
func pos(file string, p *place) Pos { return Pos{File: file, Line: int(p.line), Col: int(p.col)} }

// child returns the place of the value of key in a mapping, or nil.
func child(p *place, key string) *place {
	if p == nil || p.kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(p.content); i += 2 {
		if p.content[i].key == key {
			return &p.content[i+1]
		}
	}
	return nil
}

// item returns the place of the i-th element of the list under key, or p
// when there is no such element.
func item(p *place, key string, i int) *place {
	list := child(p, key)
	if list == nil || i >= len(list.content) {
		return p
	}
	return &list.content[i]
}
