package render

import (
	"io/fs"
	"testing"

	"gpucompare"
	"gpucompare/generator/catalog"
)

// shippedTemplates are the templates embedded in the binary.
func shippedTemplates(t *testing.T) fs.FS {
	t.Helper()
	sub, err := fs.Sub(gpucompare.Assets, "templates")
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

// TestEveryLayoutCompiles: the shipped templates render through tmplexec,
// none falls back to html/template.
func TestEveryLayoutCompiles(t *testing.T) {
	ts, err := LoadTemplates(shippedTemplates(t), "en", func(catalog.Pos, string, ...any) {})
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range Layouts {
		if ts.programs[kind] == nil {
			t.Errorf("layout %s: not compiled", kind)
		}
	}
}
