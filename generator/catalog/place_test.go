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

// The places of a tree are where its nodes are, and child and item find
// in them what they found in the tree: each place's line, column and kind
// are its node's, and the value of each key is found at its node's place.
func TestPlacesAreWhereTheNodesAre(t *testing.T) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(placeText), &doc); err != nil {
		t.Fatal(err)
	}
	root := doc.Content[0]
	checkPlaces(t, "root", root, placesOf(root, map[string]string{}))
}

func checkPlaces(t *testing.T, at string, n *yaml.Node, p *place) {
	t.Helper()
	if got, want := pos("f", p), nodePos("f", n); got != want || p.kind != n.Kind {
		t.Errorf("%s: place %v kind %v, node at %v kind %v", at, got, p.kind, want, n.Kind)
	}
	if len(p.content) != len(n.Content) {
		t.Fatalf("%s: %d places inside, %d nodes", at, len(p.content), len(n.Content))
	}
	for i, c := range n.Content {
		checkPlaces(t, fmt.Sprintf("%s/%d", at, i), c, &p.content[i])
		if n.Kind != yaml.MappingNode || i%2 == 1 {
			continue
		}
		// The first value of a key, as the tree's lookup found it.
		var want *yaml.Node
		for j := 0; j+1 < len(n.Content); j += 2 {
			if n.Content[j].Value == c.Value {
				want = n.Content[j+1]
				break
			}
		}
		if got := child(p, c.Value); got == nil || pos("f", got) != nodePos("f", want) {
			t.Errorf("%s: child %q at %v, want %v", at, c.Value, got, nodePos("f", want))
		}
		for j := range len(want.Content) + 1 {
			wantItem := n
			if j < len(want.Content) {
				wantItem = want.Content[j]
			}
			if got := item(p, c.Value, j); pos("f", got) != nodePos("f", wantItem) {
				t.Errorf("%s: item %d of %q at %v, want %v", at, j, c.Value, pos("f", got), nodePos("f", wantItem))
			}
		}
	}
	if child(p, "no such key") != nil {
		t.Errorf("%s: a place for a missing key", at)
	}
}

func baseFS() fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, text := range base {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

// A one-shot load lets go of each file's tree and bytes once the file is
// decoded, keeping its places; a Loader keeps them to decode the file
// again without parsing it.
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
			if kept := f.root != nil || f.data != nil; kept != keep {
				t.Errorf("keep %v: %s: tree or bytes kept: %v", keep, name, kept)
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
