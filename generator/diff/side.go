package diff

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// SideFiles are the files of data/ that the catalog does not load but
// other commands read: the price lists refresh downloads and the GPU
// names an import maps. An edit of them changes what later imports
// write, so the diff lists it.
var SideFiles = []string{"data/sources.yaml", "data/gpu-names.yaml"}

// Side is the text of a site root's SideFiles, by path; a file the root
// does not have is absent.
type Side map[string][]byte

// ReadSide reads the SideFiles of a site root.
func ReadSide(fsys fs.FS) (Side, error) {
	s := Side{}
	for _, name := range SideFiles {
		data, err := fs.ReadFile(fsys, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		s[name] = data
	}
	return s, nil
}

// CompareSide adds to the record edits the entries of the SideFiles that
// head adds, removes or changes against base: a record per file
// ("sources.yaml"), a field per entry ("sources[aws].files[us-east-1.csv].url",
// "skypilot.gpus.A100"). Items of a list are named by their provider,
// name or id, else by their place from 1; a repeated name by its turn too
// ("sources[aws#2]"). Comments are not entries.
func (r *Report) CompareSide(base, head Side) {
	for _, name := range SideFiles {
		b, bok := base[name]
		h, hok := head[name]
		if !bok && !hok {
			continue
		}
		record := path.Base(name)
		bn, berr := parseSide(b)
		hn, herr := parseSide(h)
		if berr != nil || herr != nil {
			if show := func(err error) string {
				if err == nil {
					return "parses"
				}
				return "does not parse: " + err.Error()
			}; show(berr) != show(herr) {
				r.Records = append(r.Records, RecordEdit{Record: record, Field: "(file)", Old: show(berr), New: show(herr)})
			}
			continue
		}
		r.Records = append(r.Records, nodeEdits(record, "", bn, hn)...)
	}
}

// parseSide parses a side file's text; empty text is nil.
func parseSide(data []byte) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, errors.New(strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if doc.Kind == yaml.DocumentNode && len(doc.Content) > 0 {
		return resolve(doc.Content[0]), nil
	}
	return nil, nil
}

func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// nodeEdits compares two YAML values at a key path: mappings key by key,
// lists item by item, anything else by its text.
func nodeEdits(record, key string, o, c *yaml.Node) []RecordEdit {
	o, c = resolve(o), resolve(c)
	switch {
	case o == nil && c == nil:
		return nil
	case o == nil:
		return []RecordEdit{{Record: record, Field: key, Old: "—", New: flow(c, true)}}
	case c == nil:
		return []RecordEdit{{Record: record, Field: key, Old: flow(o, true), New: "—"}}
	case o.Kind != c.Kind || o.Kind == yaml.ScalarNode:
		if fo, fc := flow(o, true), flow(c, true); fo != fc {
			return []RecordEdit{{Record: record, Field: key, Old: fo, New: fc}}
		}
		return nil
	}
	ok, oc := children(o, key), children(c, key)
	var out []RecordEdit
	seen := map[string]bool{}
	for _, e := range oc {
		seen[e.key] = true
		out = append(out, nodeEdits(record, e.key, find(ok, e.key), e.node)...)
	}
	for _, e := range ok {
		if !seen[e.key] {
			out = append(out, nodeEdits(record, e.key, e.node, nil)...)
		}
	}
	return out
}

type child struct {
	key  string
	node *yaml.Node
}

// children are the values of a mapping or a list with their key paths.
func children(n *yaml.Node, key string) []child {
	var out []child
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			if key != "" {
				k = key + "." + k
			}
			out = append(out, child{k, n.Content[i+1]})
		}
		return out
	}
	// A name that repeats (a provider's second source) is told apart by
	// its turn: "aws", then "aws#2".
	seen := map[string]int{}
	for i, item := range n.Content {
		name := itemName(resolve(item), i)
		if seen[name]++; seen[name] > 1 {
			name += "#" + strconv.Itoa(seen[name])
		}
		out = append(out, child{key + "[" + name + "]", item})
	}
	return out
}

// itemName names a list item by its provider, name or id, else by its
// place from 1.
func itemName(n *yaml.Node, i int) string {
	if n != nil && n.Kind == yaml.MappingNode {
		for _, field := range []string{"provider", "name", "id"} {
			for j := 0; j+1 < len(n.Content); j += 2 {
				if v := resolve(n.Content[j+1]); n.Content[j].Value == field && v != nil && v.Kind == yaml.ScalarNode {
					return v.Value
				}
			}
		}
	}
	return strconv.Itoa(i + 1)
}

func find(list []child, key string) *yaml.Node {
	for _, c := range list {
		if c.key == key {
			return c.node
		}
	}
	return nil
}

// flow writes a YAML value on one line: "name: a.csv, url: https://…",
// with braces and brackets around what it holds (top leaves a mapping's
// braces off).
func flow(n *yaml.Node, top bool) string {
	n = resolve(n)
	if n == nil {
		return "—"
	}
	switch n.Kind {
	case yaml.MappingNode:
		var parts []string
		for i := 0; i+1 < len(n.Content); i += 2 {
			parts = append(parts, n.Content[i].Value+": "+flow(n.Content[i+1], false))
		}
		if top {
			return strings.Join(parts, ", ")
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case yaml.SequenceNode:
		var parts []string
		for _, item := range n.Content {
			parts = append(parts, flow(item, false))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprint(n.Value)
}
