package diff

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/tools/txtar"

	"gpucompare/generator/catalog"
)

var update = flag.Bool("update", false, "rewrite the want files of testdata/edits")

// TestEdits compares the diff of each edit in testdata/edits with the
// Markdown (want.md) and, where the archive has one, the JSON (want.json)
// it holds. The base is the catalog of testdata/base.txtar with the files
// under base/ replaced or added; the head is that of base.txtar with those
// under head/.
func TestEdits(t *testing.T) {
	baseArchive, err := txtar.ParseFile("testdata/base.txtar")
	if err != nil {
		t.Fatal(err)
	}
	names, _ := filepath.Glob("testdata/edits/*.txtar")
	if len(names) == 0 {
		t.Fatal("no edits in testdata/edits")
	}
	for _, name := range names {
		t.Run(strings.TrimSuffix(filepath.Base(name), ".txtar"), func(t *testing.T) {
			a, err := txtar.ParseFile(name)
			if err != nil {
				t.Fatal(err)
			}
			baseFS, headFS := fstest.MapFS{}, fstest.MapFS{}
			for _, f := range baseArchive.Files {
				baseFS[f.Name] = &fstest.MapFile{Data: f.Data}
				headFS[f.Name] = &fstest.MapFile{Data: f.Data}
			}
			for _, f := range a.Files {
				if rest, ok := strings.CutPrefix(f.Name, "base/"); ok {
					baseFS[rest] = &fstest.MapFile{Data: f.Data}
				}
			}
			for _, f := range a.Files {
				if rest, ok := strings.CutPrefix(f.Name, "head/"); ok {
					headFS[rest] = &fstest.MapFile{Data: f.Data}
				}
			}
			base, br := loadFS(t, baseFS)
			head, hr := loadFS(t, headFS)
			r := Compare(base, head, br, hr)
			r.Base = Base{Kind: Revision, Name: "origin/main"}
			js, err := json.MarshalIndent(r, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got := map[string][]byte{"want.md": []byte(r.Markdown()), "want.json": append(js, '\n')}
			changed := false
			for i, f := range a.Files {
				g, ok := got[f.Name]
				if !ok || bytes.Equal(g, f.Data) {
					continue
				}
				if *update {
					a.Files[i].Data, changed = g, true
					continue
				}
				t.Errorf("%s differs; got:\n%s", f.Name, g)
			}
			if changed {
				if err := os.WriteFile(name, txtar.Format(a), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func loadFS(t *testing.T, fsys fstest.MapFS) (*catalog.Catalog, catalog.Report) {
	t.Helper()
	cat, r := catalog.Load(fsys)
	if errs := r.Errors(); len(errs) > 0 {
		t.Fatalf("the catalog does not load:\n%s", errs)
	}
	return cat, r
}
