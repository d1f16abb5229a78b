// Package catalogtest loads small catalogs written inline as txtar
// archives, for the tests of the stages that take a catalog.
package catalogtest

import (
	"testing"
	"testing/fstest"

	"golang.org/x/tools/txtar"

	"gpucompare/generator/catalog"
)

// Load loads the site root an archive describes (-- data/site.yaml -- …)
// and fails the test if the catalog has errors.
func Load(t testing.TB, archive string) (*catalog.Catalog, catalog.Report) {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, f := range txtar.Parse([]byte(archive)).Files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	cat, r := catalog.Load(fsys)
	if errs := r.Errors(); len(errs) > 0 {
		t.Fatalf("the test catalog does not load:\n%s", errs)
	}
	return cat, r
}
