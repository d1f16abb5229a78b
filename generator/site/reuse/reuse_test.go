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
