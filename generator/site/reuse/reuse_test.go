package reuse

import (
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/fingerprint"
	"gpucompare/generator/site/write"
)

// TestSetsKeepFilesByTheirInputs: a set of files is made again when its
// inputs change, taken from the last build while they do not, made every
// time by nil Sets, and made again after Drop (other templates).
func TestSetsKeepFilesByTheirInputs(t *testing.T) {
	cat := &catalog.Catalog{GPUs: []*catalog.GPU{{ID: "a", Name: "A"}}}
	units := fingerprint.UnitsOf(cat)
	var st Store
	made := 0
	build := func(sets *Sets, inputs any) []byte {
		t.Helper()
		out := write.NewMemory()
		err := sets.Put(out, "gpus", inputs, func() ([]write.File, error) {
			made++
			return []write.File{{Path: "gpus.json", Data: []byte(cat.GPUs[0].Name)}}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out.Files()["gpus.json"]
	}
	first := build(st.Begin(units), cat.GPUs)
	again := build(st.Begin(units), cat.GPUs)
	if made != 1 || &again[0] != &first[0] {
		t.Errorf("same inputs: made %d times, bytes shared %v; want once, shared", made, &again[0] == &first[0])
	}
	cat.GPUs[0].Name = "B"
	if got := build(st.Begin(fingerprint.UnitsOf(cat)), cat.GPUs); made != 2 || string(got) != "B" {
		t.Errorf("changed inputs: made %d times, got %q", made, got)
	}
	st.Drop()
	build(st.Begin(fingerprint.UnitsOf(cat)), cat.GPUs)
	build(nil, cat.GPUs)
	if made != 4 {
		t.Errorf("after Drop and with nil Sets: made %d times in all, want 4", made)
	}
	if (*Store)(nil).Begin(units) != nil {
		t.Error("a nil Store keeps something")
	}
}

// TestWriteKeepsWhatAWriterPuts: Write keeps every file a writer puts into
// its sink, and hands them on while the inputs are the same; with nil
// Sets the writer writes straight into the build's sink.
func TestWriteKeepsWhatAWriterPuts(t *testing.T) {
	cat := &catalog.Catalog{GPUs: []*catalog.GPU{{ID: "a", Name: "A"}}}
	units := fingerprint.UnitsOf(cat)
	var st Store
	made := 0
	var direct write.Sink
	build := func(sets *Sets) write.Files {
		t.Helper()
		out := write.NewMemory()
		err := sets.Write(out, "llms", cat.GPUs, func(s write.Sink) error {
			made++
			direct = s
			if err := s.Put("b.txt", []byte("b")); err != nil {
				return err
			}
			return s.Put("a.txt", []byte(cat.GPUs[0].Name))
		})
		if err != nil {
			t.Fatal(err)
		}
		if direct == write.Sink(out) != (sets == nil) {
			t.Errorf("the writer wrote into the build's sink: %v; want %v", direct == write.Sink(out), sets == nil)
		}
		return out.Files()
	}
	first := build(st.Begin(units))
	again := build(st.Begin(units))
	if made != 1 || len(again) != 2 || &again["a.txt"][0] != &first["a.txt"][0] || string(again["b.txt"]) != "b" {
		t.Errorf("same inputs: made %d times, files %v", made, again.Paths())
	}
	if got := build(nil); made != 2 || string(got["a.txt"]) != "A" {
		t.Errorf("nil Sets: made %d times, files %v", made, got)
	}
}
