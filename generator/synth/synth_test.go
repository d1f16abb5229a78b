package synth

import (
	"bytes"
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
)

func TestSyntheticCatalogsAreValidExactAndDeterministic(t *testing.T) {
	for _, n := range []int{1, 7, 1000} {
		files := Files(n)
		fsys := fstest.MapFS{}
		for name, data := range files {
			fsys[name] = &fstest.MapFile{Data: data}
		}
		cat, r := catalog.Load(fsys)
		if errs := r.Errors(); len(errs) > 0 {
			t.Fatalf("%d offers: synthetic catalog does not load:\n%s", n, errs)
		}
		offers := 0
		for _, p := range cat.Providers {
			for _, reg := range p.Regions {
				if reg.Geo == "" {
					t.Errorf("%d offers: region %q of %q has no geo", n, reg.ID, p.ID)
				}
			}
			for _, in := range p.Instances {
				offers += len(in.Regions)
			}
		}
		if offers != n {
			t.Errorf("asked for %d offers, got %d", n, offers)
		}
		again := Files(n)
		if len(again) != len(files) {
			t.Fatalf("%d offers: second run wrote %d files, first %d", n, len(again), len(files))
		}
		for name, data := range files {
			if !bytes.Equal(again[name], data) {
				t.Errorf("%d offers: %s differs between runs", n, name)
			}
		}
	}
}
