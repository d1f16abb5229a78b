package catalog

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// checkShape walks a YAML node against the Go type it will decode into and
// reports, with exact positions, what a strict decoder reports only by line:
// unknown fields (with the nearest known name), duplicate keys, and values
// of the wrong kind. A file whose shape is wrong is not decoded further.
func checkShape(file string, n *yaml.Node, t reflect.Type, report func(Pos, string)) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.Kind == yaml.AliasNode {
		report(nodePos(file, n), "aliases are not allowed in the catalog: write the value out")
		return
	}
	if t == reflect.TypeFor[Date]() {
		if n.Kind != yaml.ScalarNode {
			report(nodePos(file, n), "want a date (YYYY-MM-DD, YYYY-MM, YYYY or unknown), got "+describe(n))
		}
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			if isNull(n) {
				return
			}
			report(nodePos(file, n), "want a mapping of fields, got "+describe(n))
			return
		}
		fields := yamlFields(t)
		eachKey(file, n, report, func(k, v *yaml.Node) {
			ft, ok := fields[k.Value]
			if !ok {
				report(nodePos(file, k), unknownField(clip(k.Value, shortLength), fields))
				return
			}
			checkShape(file, v, ft, report)
		})
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			if isNull(n) {
				return
			}
			report(nodePos(file, n), "want a mapping, got "+describe(n))
			return
		}
		eachKey(file, n, report, func(_, v *yaml.Node) { checkShape(file, v, t.Elem(), report) })
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			if isNull(n) {
				return
			}
			report(nodePos(file, n), "want a list, got "+describe(n))
			return
		}
		for _, item := range n.Content {
			if isNull(item) {
				report(nodePos(file, item), "empty list item: remove it or fill it in")
				continue
			}
			checkShape(file, item, t.Elem(), report)
		}
	case reflect.String:
		if n.Kind != yaml.ScalarNode {
			report(nodePos(file, n), "want text, got "+describe(n))
		}
	case reflect.Int:
		if n.Kind != yaml.ScalarNode || (n.ShortTag() != "!!int" && !isNull(n)) {
			report(nodePos(file, n), "want a whole number, got "+describe(n))
		}
	case reflect.Float64:
		if n.Kind != yaml.ScalarNode || (n.ShortTag() != "!!int" && n.ShortTag() != "!!float" && !isNull(n)) {
			report(nodePos(file, n), "want a number, got "+describe(n))
		}
	case reflect.Bool:
		if n.Kind != yaml.ScalarNode || (n.ShortTag() != "!!bool" && !isNull(n)) {
			report(nodePos(file, n), "want true or false, got "+describe(n))
		}
	}
}

// yamlFields maps the YAML keys of a struct type to their field types.
func yamlFields(t reflect.Type) map[string]reflect.Type {
	if f, ok := fieldCache.Load(t); ok {
		return f.(map[string]reflect.Type)
	}
	out := map[string]reflect.Type{}
	for _, f := range keyedFields(t) {
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		out[name] = f.Type
	}
	fieldCache.Store(t, out)
	return out
}

// keyedFields are the exported fields of the struct type t that have a
// YAML key, in order, as the YAML decoder sees them: the fields of an
// inlined struct (`yaml:",inline"`, as PricePoint.Extra) stand in its
// place, their Index the path to them from t.
func keyedFields(t reflect.Type) []reflect.StructField {
	var out []reflect.StructField
	for f := range t.Fields() {
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if opts == "inline" {
			for _, sub := range keyedFields(deref(f.Type)) {
				sub.Index = append(slices.Clip(f.Index), sub.Index...)
				out = append(out, sub)
			}
			continue
		}
		if name == "-" || name == "" {
			continue
		}
		out = append(out, f)
	}
	return out
}

// fieldCache holds yamlFields by type: the fields of a type never change.
var fieldCache sync.Map

func unknownField(name string, fields map[string]reflect.Type) string {
	known := make([]string, 0, len(fields))
	for k := range fields {
		known = append(known, k)
	}
	slices.Sort(known)
	if near := nearest(name, known); near != "" {
		return fmt.Sprintf("unknown field %q: did you mean %q?", name, near)
	}
	return fmt.Sprintf("unknown field %q: known fields are %s", name, strings.Join(known, ", "))
}

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" }

// describe names a node's kind and value for an error message.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	v := n.Value
	if len([]rune(v)) > 40 {
		v = string([]rune(v)[:40]) + "…"
	}
	return fmt.Sprintf("%q", v)
}

// nodePos is the position of the node n in file.
func nodePos(file string, n *yaml.Node) Pos { return Pos{File: file, Line: n.Line, Col: n.Column} }

// nearest returns the candidate closest to s by edit distance, if it is
// close enough to be a likely typo.
func nearest(s string, candidates []string) string {
	best, bestD := "", len(s)/2+2
	for _, c := range candidates {
		if d := editDistance(s, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// eachKey calls f with each key and value of the mapping n whose key is a
// plain name met for the first time, and reports the others.
func eachKey(file string, n *yaml.Node, report func(Pos, string), f func(k, v *yaml.Node)) {
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			report(nodePos(file, k), "keys must be plain names")
			continue
		}
		if first, dup := seen[k.Value]; dup {
			report(nodePos(file, k), fmt.Sprintf("duplicate key %q (first at line %d)", clip(k.Value, shortLength), first.Line))
			continue
		}
		seen[k.Value] = k
		f(k, v)
	}
}
