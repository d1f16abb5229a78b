package catalog

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"go.yaml.in/yaml/v3"
)

// sameTree reports where the trees a and b differ, but for comments
// (which no check reads), or "" when they do not.
func sameTree(a, b *yaml.Node, at string) string {
	switch {
	case a == nil || b == nil:
		if a != b {
			return at + ": one tree is nil"
		}
		return ""
	case a.Kind != b.Kind || a.Style != b.Style || a.Tag != b.Tag || a.Value != b.Value || a.Anchor != b.Anchor || a.Line != b.Line || a.Column != b.Column:
		return fmt.Sprintf("%s: %d:%d %v %q %q, want %d:%d %v %q %q", at, a.Line, a.Column, a.Kind, a.Tag, a.Value, b.Line, b.Column, b.Kind, b.Tag, b.Value)
	case len(a.Content) != len(b.Content):
		return fmt.Sprintf("%s (line %d): %d nodes under it, want %d", at, b.Line, len(a.Content), len(b.Content))
	}
	for i := range a.Content {
		if d := sameTree(a.Content[i], b.Content[i], fmt.Sprintf("%s/%d", at, i)); d != "" {
			return d
		}
	}
	return ""
}

// wholeParse parses data whole, as a load does.
func wholeParse(data []byte) (*yaml.Node, bool) {
	return (&loader{}).parse("f.yaml", data)
}

// shippedPriceFiles are the price files of the shipped catalog.
func shippedPriceFiles(t *testing.T) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	dir := os.DirFS("../../data/prices")
	names, err := fs.Glob(dir, "*.yaml")
	if err != nil || len(names) == 0 {
		t.Fatalf("no shipped price files: %v", err)
	}
	for _, n := range names {
		data, err := fs.ReadFile(dir, n)
		if err != nil {
			t.Fatal(err)
		}
		files[n] = data
	}
	return files
}

// Parsed item by item, after any edit, a file gives the tree it gives
// parsed whole, line for line, or is left to be parsed whole; it is never
// parsed item by item when it does not parse whole. The edits are made at
// random (with a fixed seed) to the shipped price files, one after the
// other, each parse taking the items of the last.
func TestParseByItemsEqualsWholeParse(t *testing.T) {
	edits := []func(r *rand.Rand, lines []string) []string{
		// a value changed
		func(r *rand.Rand, lines []string) []string {
			i := r.IntN(len(lines))
			lines[i] = strings.Replace(lines[i], ": ", fmt.Sprintf(": %d", r.IntN(100)), 1)
			return lines
		},
		// a line removed, or written twice
		func(r *rand.Rand, lines []string) []string {
			i := r.IntN(len(lines))
			if r.IntN(2) == 0 {
				return append(lines[:i:i], lines[i+1:]...)
			}
			return append(lines[:i+1:i+1], lines[i:]...)
		},
		// an item moved to the end
		func(r *rand.Rand, lines []string) []string {
			for i := r.IntN(len(lines)); i < len(lines); i++ {
				if strings.HasPrefix(lines[i], "- ") {
					j := i + 1
					for j < len(lines) && !strings.HasPrefix(lines[j], "- ") {
						j++
					}
					item := append([]string(nil), lines[i:j]...)
					return append(append(lines[:i:i], lines[j:]...), item...)
				}
			}
			return lines
		},
		// a line that can tie items together, or is not an item's:
		// an open quote or flow, an anchor and an alias, a key after the
		// list, a comment, a tab, a carriage return, a document marker
		func(r *rand.Rand, lines []string) []string {
			i := r.IntN(len(lines))
			add := []string{
				`  note: "open quote`, `  note: 'open`, `  i18n: {zh-CN: {note: x`, `- "quoted`, `}}`,
				`  note: &a anchored`, `  note: *a`, `- &b {instance: x}`, `- *b`,
				`checked: '2026-01-01'`, `# a comment`, `  # a comment`, "\tnote: tab", "  note: cr\r", "---", "...",
				`-`, `- - nested`, `  note: |`, `    block`, `-x`, `  note: >-`, ``, `  `, `%YAML 1.2`,
			}[r.IntN(25)]
			return append(lines[:i:i], append([]string{add}, lines[i:]...)...)
		},
	}
	byItems, fellBack := 0, 0
	for name, data := range shippedPriceFiles(t) {
		r := rand.New(rand.NewPCG(1, uint64(len(data))))
		var prev itemTrees
		for step := range 30 {
			lines := strings.Split(string(data), "\n")
			lines = edits[r.IntN(len(edits))](r, lines)
			if step%10 == 9 {
				lines = strings.Split(string(data), "\n") // back as it was
			}
			edited := []byte(strings.Join(lines, "\n"))
			got, parts, ok := parseByItems(edited, prev)
			want, wantOK := wholeParse(edited)
			switch {
			case ok && !wantOK:
				t.Fatalf("%s, step %d: parsed item by item, but it does not parse whole:\n%s", name, step, edited)
			case ok:
				if d := sameTree(got, want, name); d != "" {
					t.Fatalf("%s, step %d: the tree differs from the whole parse's at %s", name, step, d)
				}
				byItems++
				prev = parts
			default:
				fellBack++
			}
			if wantOK {
				data = edited // the next edit is of a file that parses
			}
		}
	}
	t.Logf("%d edits parsed item by item, %d left to the whole parse", byItems, fellBack)
	if byItems < 100 || fellBack < 20 {
		t.Errorf("%d edits parsed item by item, %d left to the whole parse: want both tried", byItems, fellBack)
	}
}

// Items that only parse together, or that may refer to each other, leave
// the file to be parsed whole; so do files without items at the left
// edge.
func TestParseByItemsLeavesTiedItemsToTheWholeParse(t *testing.T) {
	for _, text := range []string{
		"provider: x\nprices:\n- a: &x 1\n- b: *x\n",
		"provider: x\nprices:\n- a: \"one\n- two\"\n- c: 3\n",
		"provider: x\nprices:\n- a: {b: 1,\n- c}\n- d: 1\n",
		"provider: x\nprices:\n- a: 1\nchecked: '2025'\n- b: 2\n",
		"provider: x\nprices:\n  - a: 1\n  - b: 2\n",
		"provider: x\nprices:\r\n- a: 1\r\n- b: 2\r\n",
		"provider: x\nprices:\n- a: 1\n---\n- b: 2\n",
		"provider: x\nprices: [\n- a, b]\n- c\n",
	} {
		if _, _, ok := parseByItems([]byte(text), nil); ok {
			t.Errorf("parsed item by item:\n%s", text)
		}
	}
	if root, _, ok := parseByItems([]byte("provider: x\nprices:\n- a: 1 # one\n# between\n\n- b: |\n    two\n  c: 3\n"), nil); !ok {
		t.Error("a file of plain items was not parsed item by item")
	} else if want, _ := wholeParse([]byte("provider: x\nprices:\n- a: 1 # one\n# between\n\n- b: |\n    two\n  c: 3\n")); sameTree(root, want, "") != "" {
		t.Errorf("the tree differs: %s", sameTree(root, want, ""))
	}
}

// shippedFS is the shipped catalog, in memory.
func shippedFS(t *testing.T) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	disk := os.DirFS("../..")
	err := fs.WalkDir(disk, DataDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(disk, p)
		fsys[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return fsys
}

// A Loader of the shipped catalog, after each of a series of edits — a
// price edited, the edit reverted, another file's price edited, a price
// file removed, one added, a file made invalid, then fixed — gives the
// catalog and the report a fresh load gives, and parses the price file
// edited item by item.
func TestLoaderAfterPriceFileEditsEqualsFreshLoad(t *testing.T) {
	fsys := shippedFS(t)
	ld := NewLoader(fsys)
	if _, report := ld.Load(); len(report.Errors()) > 0 {
		t.Fatal(report)
	}
	const aws, gcp, runpod = "data/prices/aws.yaml", "data/prices/google-cloud.yaml", "data/prices/runpod.yaml"
	orig := map[string][]byte{}
	for _, name := range []string{aws, gcp, runpod} {
		orig[name] = fsys[name].Data
	}
	set := func(name, text string) { fsys[name] = &fstest.MapFile{Data: []byte(text)} }
	// replace replaces the nth "amount: " line of name.
	replace := func(name string, n int, amount string) func() {
		return func() {
			lines := strings.Split(string(fsys[name].Data), "\n")
			for i, l := range lines {
				if strings.HasPrefix(l, "  amount: ") {
					if n--; n < 0 {
						lines[i] = "  amount: " + amount
						break
					}
				}
			}
			set(name, strings.Join(lines, "\n"))
		}
	}
	steps := []struct {
		name      string
		edit      func()
		byItems   string // a file parsed item by item after the edit
		wantError string // in the report
	}{
		{"a price edited", replace(aws, 3, "1.2345"), aws, ""},
		{"another price of the file edited", replace(aws, 40, "2.5"), aws, ""},
		{"the edits reverted", func() { set(aws, string(orig[aws])) }, aws, ""},
		{"a price of another file edited", replace(gcp, 0, "9.75"), gcp, ""},
		{"an item moved and one removed", func() {
			text := string(fsys[gcp].Data)
			first := strings.Index(text, "\n- ") + 1
			second := first + strings.Index(text[first+1:], "\n- ") + 2
			third := second + strings.Index(text[second+1:], "\n- ") + 2
			set(gcp, text[:first]+text[second:third]+text[third:]+text[first:second])
		}, gcp, ""},
		{"a price file removed", func() { delete(fsys, runpod) }, "", ""},
		{"a price file added", func() { set(runpod, string(orig[runpod])) }, "", ""},
		{"a file made invalid", replace(aws, 3, "-3"), aws, "amount must be > 0, got -3"},
		{"a file that does not parse", func() { set(aws, strings.Replace(string(orig[aws]), "  amount: ", "  amount: [", 1)) }, "", "invalid YAML"},
		{"the file fixed", func() { set(aws, string(orig[aws])) }, "", ""},
		{"a price edited after the fix", replace(aws, 5, "3.25"), aws, ""},
	}
	for _, s := range steps {
		s.edit()
		cat, report := ld.Load()
		want, wantReport := Load(fsys)
		if !reflect.DeepEqual(report, wantReport) {
			t.Errorf("%s: reports differ:\nLoader\n%s\nLoad\n%s", s.name, report, wantReport)
		}
		if !reflect.DeepEqual(cat, want) {
			t.Errorf("%s: the Loader's catalog differs from a fresh load's", s.name)
		}
		if s.wantError != "" && !strings.Contains(report.String(), s.wantError) {
			t.Errorf("%s: the report does not say %q:\n%s", s.name, s.wantError, report)
		}
		if s.wantError == "" && len(report.Errors()) > 0 {
			t.Errorf("%s: %s", s.name, report)
		}
		if s.byItems != "" && ld.files[s.byItems].items == nil {
			t.Errorf("%s: %s was parsed whole; want item by item", s.name, s.byItems)
		}
	}
	if !bytes.Equal(fsys[aws].Data, ld.files[aws].data) {
		t.Error("the Loader holds other bytes of the file than its last load read")
	}
}
