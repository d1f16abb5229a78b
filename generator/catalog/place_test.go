package catalog

import (
	"fmt"
	"reflect"
	"testing"
	"testing/fstest"

	"go.yaml.in/yaml/v3"
)

// placeText is YAML of every kind of node the catalog's checks place.
const placeText = `id: x
name: "quoted"
empty:
list: [a, {b: 1}, [c]]
nested:
  deep:
    - k: v
      k2: [1, 2]
    -
    - plain
? complex key
: value
flow: {a: 1, b: [x, y]}
dup: 1
dup: 2
text: |
  a block
last: ~
`

// The places of a tree are where its nodes are: child and item find in
// them, at every depth, the positions they found in the tree.
func TestPlacesAreWhereTheNodesAre(t *testing.T) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(placeText), &doc); err != nil {
		t.Fatal(err)
	}
	root := doc.Content[0]
	if n := checkPlaces(t, "root", root, placesOf(root)); n < 30 {
		t.Errorf("%d places checked, want every node of the text", n)
	}
}

// nodeChild and nodeItem are child and item on the tree itself.
func nodeChild(n *yaml.Node, key string) *yaml.Node {
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

func nodeItem(n *yaml.Node, key string, i int) *yaml.Node {
	list := nodeChild(n, key)
	if list == nil || i >= len(list.Content) {
		return n
	}
	return list.Content[i]
}

// checkPlaces compares the places p with the tree n, and returns how many
// places it compared.
func checkPlaces(t *testing.T, at string, n *yaml.Node, p *place) int {
	t.Helper()
	if got, want := pos("f", p), nodePos("f", n); got != want {
		t.Errorf("%s: place at %v, node at %v", at, got, want)
	}
	checked := 1
	if child(p, "no such key") != nil {
		t.Errorf("%s: a place for a missing key", at)
	}
	if n.Kind != yaml.MappingNode {
		return checked
	}
	for i := 0; i < len(n.Content); i += 2 {
		key := n.Content[i].Value
		want, got := nodeChild(n, key), child(p, key)
		if got == nil {
			t.Errorf("%s: no place for key %q", at, key)
			continue
		}
		checked += checkPlaces(t, at+"/"+key, want, got)
		for j := range len(want.Content) + 1 {
			wantItem, gotItem := nodeItem(n, key, j), item(p, key, j)
			if pos("f", gotItem) != nodePos("f", wantItem) {
				t.Errorf("%s: item %d of %q at %v, want %v", at, j, key, pos("f", gotItem), nodePos("f", wantItem))
			}
			if j < len(want.Content) {
				checked += checkPlaces(t, fmt.Sprintf("%s/%s[%d]", at, key, j), wantItem, gotItem)
			}
		}
	}
	return checked
}

func baseFS() fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, text := range base {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

// A one-shot load lets go of each file's tree and bytes once the file is
// decoded, keeping its places; a Loader keeps the bytes and the value the
// tree decoded into, to decode the file again without parsing it, and
// lets go of the tree.
func TestLoadKeepsNoTrees(t *testing.T) {
	for _, keep := range []bool{false, true} {
		l := &loader{fsys: baseFS(), cat: &Catalog{}, keepTrees: keep}
		l.parseAll()
		if len(l.files) == 0 {
			t.Fatal("no files parsed")
		}
		for name, f := range l.files {
			if f.err != nil {
				continue
			}
			if f.at == nil || l.decoded[name].value == nil {
				t.Errorf("keep %v: %s: not parsed and decoded", keep, name)
			}
			if f.root != nil {
				t.Errorf("keep %v: %s: tree kept", keep, name)
			}
			if kept := f.data != nil && f.kept != nil; kept != keep {
				t.Errorf("keep %v: %s: bytes and value kept: %v", keep, name, kept)
			}
		}
	}
}

// A Loader's loads, with the trees it keeps, and a one-shot load, without,
// give the same catalog and the same report.
func TestLoaderAndLoadAgree(t *testing.T) {
	broken := baseFS()
	broken["data/prices/aws.yaml"] = &fstest.MapFile{Data: []byte(base["data/prices/aws.yaml"] + "  - instance: nope\n    region: [1]\n    model: on_demand\n    amount: x\n    since: 2025-07-01\n    bogus: 1\n")}
	for _, c := range []struct {
		fsys       fstest.MapFS
		wantErrors bool
	}{{baseFS(), false}, {broken, true}} {
		cat, report := Load(c.fsys)
		if got := len(report.Errors()) > 0; got != c.wantErrors {
			t.Fatalf("errors: %v, want %v:\n%s", got, c.wantErrors, report)
		}
		ld := NewLoader(c.fsys)
		for range 2 {
			lcat, lreport := ld.Load()
			if !reflect.DeepEqual(report, lreport) {
				t.Errorf("reports differ:\nLoad\n%s\nLoader\n%s", report, lreport)
			}
			if !reflect.DeepEqual(cat, lcat) {
				t.Errorf("catalogs differ")
			}
		}
	}
}

// A record that YAML gives as a list where a mapping belongs has no keys:
// keyPos places a key asked of it at the record itself, as the tree's
// positions would, and never reads a key of a list's element.
func TestKeyPosOfAListIsTheList(t *testing.T) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("instances:\n  - [x, y]\n  - id: b\n    notes: hello\n"), &doc); err != nil {
		t.Fatal(err)
	}
	root := placesOf(doc.Content[0])
	list := item(root, "instances", 0)
	if got, want := keyPos("f", list, "notes", list), (Pos{File: "f", Line: 2, Col: 5}); got != want {
		t.Errorf("keyPos of a key in a list: %v, want the list's %v", got, want)
	}
	rec := item(root, "instances", 1)
	if got, want := keyPos("f", rec, "notes", rec), (Pos{File: "f", Line: 4, Col: 5}); got != want {
		t.Errorf("keyPos of notes: %v, want %v", got, want)
	}
}
