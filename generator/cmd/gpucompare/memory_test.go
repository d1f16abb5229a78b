package main

import (
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

func TestLimitMemoryFollowsTheCatalog(t *testing.T) {
	for _, v := range []string{"GOMEMLIMIT", "GOGC"} {
		t.Setenv(v, "") // set, so that t.Setenv restores it; unset below
		os.Unsetenv(v)
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer debug.SetGCPercent(debug.SetGCPercent(100))

	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "data", "prices"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := limitMemory(root); got != minMemoryLimit {
		t.Errorf("empty catalog: limit %d, want the least, %d", got, minMemoryLimit)
	}
	big := make([]byte, (minMemoryLimit+maxMemoryLimit)/4/heapPerCatalogByte) // two files: between the least and the largest limit
	for _, name := range []string{"data/site.yaml", "data/prices/a.yaml"} {
		if err := os.WriteFile(filepath.Join(root, name), big, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := int64(heapPerCatalogByte * 2 * len(big))
	if got := limitMemory(root); got != want {
		t.Errorf("large catalog: limit %d, want %d", got, want)
	}
	if got := debug.SetMemoryLimit(-1); got != want {
		t.Errorf("the runtime's limit is %d, want %d", got, want)
	}
	if got := debug.SetGCPercent(100); got != buildGCPercent {
		t.Errorf("GOGC unset: the collector's percent is %d, want %d", got, buildGCPercent)
	}
	huge := make([]byte, maxMemoryLimit/heapPerCatalogByte+1)
	if err := os.WriteFile(filepath.Join(root, "data/prices/b.yaml"), huge, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := limitMemory(root); got != maxMemoryLimit {
		t.Errorf("catalog of %d bytes: limit %d, want the largest, %d", 2*len(big)+len(huge), got, maxMemoryLimit)
	}
	debug.SetGCPercent(100)
	t.Setenv("GOGC", "100")
	limitMemory(root)
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC set: the collector's percent is %d, want it left alone", got)
	}

	t.Setenv("GOMEMLIMIT", "off")
	debug.SetMemoryLimit(math.MaxInt64)
	if got := limitMemory(root); got != 0 || debug.SetMemoryLimit(-1) != math.MaxInt64 {
		t.Errorf("GOMEMLIMIT set: limit %d, want it left alone", got)
	}
}
