package api

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestIndexIsItsDocumentMarshalled reads back api/v1/index.json, written
// in parts as the other files are, of the shipped catalog and of a
// small catalog, some of whose lists are empty: its bytes are
// those json.MarshalIndent gives its document whole.
func TestIndexIsItsDocumentMarshalled(t *testing.T) {
	empty := false
	for name, in := range map[string]Inputs{"shipped": inputsOf(t, shippedCatalog(t)), "current": inputsOf(t, fixture(t, "current.txtar"))} {
		t.Run(name, func(t *testing.T) {
			data := apiFiles(t, in)[IndexPath]
			var doc indexDoc
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatalf("%s: %v", IndexPath, err)
			}
			if len(doc.Offers) == 0 {
				t.Fatalf("%s lists no offers", IndexPath)
			}
			for _, l := range []*[]ref{&doc.Offers, &doc.Instances, &doc.GPUs, &doc.Providers, &doc.Benchmarks, &doc.Months} {
				if *l == nil {
					t.Fatalf("%s: a list is missing or null", IndexPath)
				}
				empty = empty || len(*l) == 0
			}
			want, err := Marshal(doc)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(data, want) {
				t.Errorf("%s is not its document marshalled:\n%.600s\nwant\n%.600s", IndexPath, data, want)
			}
		})
	}
	if !empty {
		t.Error("no index had an empty list: the test does not cover one")
	}
}
