package write

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestFolderRefusesAPathTwice puts thousands of paths, from several
// goroutines, into a Folder, then each again: every first put is taken,
// every second refused as two files for its path, by Put and Create
// alike; and a bad path is refused.
func TestFolderRefusesAPathTwice(t *testing.T) {
	f := NewFolder(NewMemory(), "zh/")
	var paths []string
	for i := range 5000 {
		paths = append(paths, fmt.Sprintf("api/v1/offers/p%d/i%d/r%d.json", i%7, i%13, i))
	}
	var wg sync.WaitGroup
	errs := make([]error, len(paths))
	for i, p := range paths {
		wg.Go(func() { errs[i] = f.Put(p, []byte(p)) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("first put of %s: %v", paths[i], err)
		}
	}
	for i, p := range paths {
		var err error
		if i%2 == 0 {
			err = f.Put(p, nil)
		} else {
			_, err = f.Create(p)
		}
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("two files for %q", p)) {
			t.Fatalf("second put of %s: %v, want two files refused", p, err)
		}
	}
	for _, bad := range []string{"", ".", "/abs", "a/../b", "a//b"} {
		if err := f.Put(bad, nil); err == nil {
			t.Errorf("Put(%q): no error, want a bad path refused", bad)
		}
	}
}

// TestFolderUnderNamesTheLeastPath: Under names the least path put in a
// folder at the top of the Folder, whatever the order of the puts, and
// no path for a folder none is put in, nor for a file of that name.
func TestFolderUnderNamesTheLeastPath(t *testing.T) {
	f := NewFolder(NewMemory(), "")
	for _, p := range []string{"gpus/h100/index.html", "zh", "gpus/a100/index.html", "gpus/index.html", "index.html", "gpusx/a.html"} {
		if err := f.Put(p, nil); err != nil {
			t.Fatal(err)
		}
	}
	for top, want := range map[string]string{"gpus": "gpus/a100/index.html", "gpusx": "gpusx/a.html", "zh": "", "index.html": "", "api": ""} {
		got, ok := f.Under(top)
		if got != want || ok != (want != "") {
			t.Errorf("Under(%q) = %q, %v; want %q", top, got, ok, want)
		}
	}
}
