package importer

import (
	"bytes"
	"flag"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/rogpeppe/go-internal/diff"

	"gpucompare/generator/catalog"
)

var update = flag.Bool("update", false, "rewrite the golden merge diffs in testdata")

var (
	shippedOnce sync.Once
	shipped     *catalog.Catalog
	shippedErr  catalog.Report
)

// shippedCatalog is the repository's own catalog, loaded once.
func shippedCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	shippedOnce.Do(func() {
		shipped, shippedErr = catalog.Load(os.DirFS("../.."))
	})
	if errs := shippedErr.Errors(); len(errs) > 0 {
		t.Fatalf("the repository's catalog does not load:\n%s", errs)
	}
	return shipped
}

// mergeShipped merges list into a copy of the repository's price file of
// provider, and gives the file before and after with the summary.
func mergeShipped(t *testing.T, provider string, list *List, asOf catalog.Date, source string) (before, after []byte, sum *Summary) {
	t.Helper()
	cat := shippedCatalog(t)
	prov := cat.Provider(provider)
	if prov == nil {
		t.Fatalf("no provider %s in the catalog", provider)
	}
	rel := "data/prices/" + provider + ".yaml"
	before, err := os.ReadFile(filepath.Join("../..", rel))
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Provider: prov, AsOf: asOf, Source: source, SourceKind: SourceKind(list.Format), Models: Models(list.Format)}
	after, sum, err = Merge(before, rel, list, opts)
	if err != nil {
		t.Fatal(err)
	}
	// The merged file loads with the rest of the catalog.
	if _, report := catalog.Load(overlay{os.DirFS("../.."), rel, after}); len(report.Errors()) > 0 {
		t.Fatalf("with the merged %s the catalog does not load:\n%s", rel, report.Errors())
	}
	return before, after, sum
}

// overlay is a folder with one file's text replaced.
type overlay struct {
	fs.FS
	name string
	data []byte
}

func (o overlay) Open(name string) (fs.File, error) {
	if name == o.name {
		return fstest.MapFS{name: {Data: o.data, Mode: 0o644}}.Open(name)
	}
	return o.FS.Open(name)
}

// goldenDiff compares the diff of a price file's merge with
// testdata/name, or rewrites it with -update.
func goldenDiff(t *testing.T, name string, before, after []byte) {
	t.Helper()
	got := diff.Diff("before", before, "after", after)
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the merge differs from %s (run go test -update and review the diff):\n%s", path, got)
	}
}

// readFixture reads testdata/path with read into a new List, naming the
// file name in messages.
func readFixture(t *testing.T, path, name string, read func(r io.Reader, file string, l *List) error) *List {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", path))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var l List
	if err := read(f, name, &l); err != nil {
		t.Fatal(err)
	}
	return &l
}
