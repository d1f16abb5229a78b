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
	// first and n are where its entries are in file.entries: a mapping's
	// keys with their values, or a list's elements.
	first, n int32
	file     *placeFile // nil for a place that holds nothing
}

// placeFile holds the places of one file's tree: every place, every entry
// and every key text in three slices, the entries with no pointer in
// them, for the collector to skip.
type placeFile struct {
	places  []place
	entries []placeEntry
	keys    []string
}

// placeEntry is a key of a mapping and its value, or an element of a list
// (no key).
type placeEntry struct {
	key             int32 // in placeFile.keys; -1 for a list's element
	keyLine, keyCol int32
	line, col       int32 // of the value or element
	sub             int32 // in placeFile.places: the value's places when it holds anything; -1 otherwise
}

// placesOf gives the places of the tree under n, in a placeFile of their
// own.
func placesOf(n *yaml.Node) *place {
	places, entries := countPlaces(n)
	b := placeBuilder{file: &placeFile{places: make([]place, 0, places), entries: make([]placeEntry, 0, entries)}, keys: map[string]int32{}}
	b.add(n)
	return &b.file.places[0]
}

// countPlaces counts the places and the entries of the tree under n.
func countPlaces(n *yaml.Node) (places, entries int) {
	places = 1
	if len(n.Content) == 0 {
		return places, 0
	}
	for i, c := range n.Content {
		if n.Kind == yaml.MappingNode && i%2 == 0 {
			continue // a key: its entry is its value's
		}
		entries++
		if len(c.Content) > 0 {
			p, e := countPlaces(c)
			places, entries = places+p, entries+e
		}
	}
	return places, entries
}

// placeBuilder fills a placeFile (placesOf); keys indexes each key text.
type placeBuilder struct {
	file *placeFile
	keys map[string]int32
}

// add adds the places of the tree under n and gives the index of its own.
func (b *placeBuilder) add(n *yaml.Node) int32 {
	f := b.file
	at := int32(len(f.places))
	f.places = append(f.places, place{line: int32(n.Line), col: int32(n.Column), kind: n.Kind, file: f})
	if len(n.Content) == 0 {
		return at
	}
	count := len(n.Content)
	if n.Kind == yaml.MappingNode {
		count /= 2
	}
	first := int32(len(f.entries))
	f.entries = f.entries[:len(f.entries)+count] // the nodes were counted: no reallocation
	for i := range count {
		e := placeEntry{key: -1, sub: -1}
		v := n.Content[i]
		if n.Kind == yaml.MappingNode {
			k := n.Content[2*i]
			e.key, e.keyLine, e.keyCol = b.key(k.Value), int32(k.Line), int32(k.Column)
			v = n.Content[2*i+1]
		}
		e.line, e.col = int32(v.Line), int32(v.Column)
		if len(v.Content) > 0 {
			e.sub = b.add(v)
		}
		f.entries[first+int32(i)] = e
	}
	f.places[at].first, f.places[at].n = first, int32(count)
	return at
}

// key is the index of the key text k in the file's keys.
func (b *placeBuilder) key(k string) int32 {
	i, ok := b.keys[k]
	if !ok {
		i = int32(len(b.file.keys))
		b.file.keys = append(b.file.keys, k)
		b.keys[k] = i
	}
	return i
}

// entries are the entries of p.
func (p *place) entries() []placeEntry {
	if p.file == nil {
		return nil
	}
	return p.file.entries[p.first : p.first+p.n]
}

// keyOf is the key text of e, an entry of p: "" for a list's element.
func (p *place) keyOf(e placeEntry) string {
	if e.key < 0 {
		return ""
	}
	return p.file.keys[e.key]
}

// valueOf is the place of the value of e, an entry of p.
func (p *place) valueOf(e placeEntry) *place {
	if e.sub >= 0 {
		return &p.file.places[e.sub]
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
	for _, e := range p.entries() {
		if p.keyOf(e) == key {
			return p.valueOf(e)
		}
	}
	return nil
}

// item returns the place of the i-th element of the list under key, or p
// when there is no such element. Of a mapping under key, as of its YAML
// node, the elements are its keys and values in turn.
func item(p *place, key string, i int) *place {
	list := child(p, key)
	if list == nil {
		return p
	}
	entries := list.entries()
	switch {
	case list.kind == yaml.MappingNode && i < 2*len(entries):
		e := entries[i/2]
		if i%2 == 0 {
			return &place{line: e.keyLine, col: e.keyCol}
		}
		return list.valueOf(e)
	case list.kind != yaml.MappingNode && i < len(entries):
		return list.valueOf(entries[i])
	}
	return p
}
