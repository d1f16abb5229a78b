package feed

import (
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
	"gpucompare/generator/synth"
)

// BenchmarkEntry encodes one price change as an entry of each format.
func BenchmarkEntry(b *testing.B) {
	changes := Changes(loadHistory(b, history))
	c := changes[1] // on-demand, us-east-1: $32.77 → $21.96 (−33.0%), 2025-06-01
	it := Item{Words: English, TagAuthority: "gpus.example.com", InstanceURL: func(in *catalog.Instance) string {
		return "https://gpus.example.com/instances/aws/p4d.24xlarge/"
	}}
	b.ReportAllocs()
	for b.Loop() {
		e, err := it.Entry(c)
		if err != nil || e == nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkChanges finds the price changes of 10,000 synthetic offers.
func BenchmarkChanges(b *testing.B) {
	fsys := fstest.MapFS{}
	for name, data := range synth.Files(10000) {
		fsys[name] = &fstest.MapFile{Data: data}
	}
	cat, _ := catalog.Load(fsys)
	b.ReportAllocs()
	for b.Loop() {
		if len(Changes(cat)) == 0 {
			b.Fatal("no changes")
		}
	}
}
