package catalog

import (
	"path"
	"testing"
)

// TestEveryCatalogEntryHasASchema keeps schemaKinds complete: a kind of
// catalog file added to the loader needs its schema too.
func TestEveryCatalogEntryHasASchema(t *testing.T) {
	for _, entry := range catalogEntries {
		name := path.Join(DataDir, entry)
		if path.Ext(entry) != ".yaml" {
			name = path.Join(name, "x.yaml")
		}
		if _, ok := SchemaFile(name); !ok {
			t.Errorf("data/%s: no schema: add it to schemaKinds", entry)
		}
	}
	for entry, typ := range catalogFiles {
		found := false
		for _, k := range schemaKinds {
			if k.entry == entry {
				found = k.typ == typ.Elem()
			}
		}
		if !found {
			t.Errorf("data/%s: its schema is not made from %v, the type it decodes into", entry, typ.Elem())
		}
	}
}
