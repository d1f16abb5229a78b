package site

import (
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
	"gpucompare/generator/synth"
)

// BenchmarkBuild renders a synthetic catalog of 10,000 offers in memory.
func BenchmarkBuild(b *testing.B) {
	root := fstest.MapFS{}
	for name, data := range synth.Files(10000) {
		root[name] = &fstest.MapFile{Data: data}
	}
	cat, rep := catalog.Load(root)
	if len(rep.Errors()) > 0 {
		b.Fatal(rep.Errors())
	}
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := Build(cat, root, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
