package site

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/write"
)

// TestBuildToWritesWhatBuildAndWriteWrite: writing each file as it is made
// gives the same tree, the same count and the same report as building in
// memory and writing after.
func TestBuildToWritesWhatBuildAndWriteWrite(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	opts := Options{BaseURL: "https://example.com/"}
	files, want := build(t, root, opts)
	dir := t.TempDir()
	if err := Write(filepath.Join(dir, "inmemory"), files); err != nil {
		t.Fatal(err)
	}
	cat, _ := catalog.Load(root)
	n, got, err := BuildTo(filepath.Join(dir, "streamed"), cat, root, opts)
	if err != nil {
		t.Fatal(err)
	}
	if n != len(files) {
		t.Errorf("BuildTo wrote %d files, Build made %d", n, len(files))
	}
	if got.String() != want.String() {
		t.Errorf("reports differ:\nBuildTo\n%s\nBuild\n%s", got, want)
	}
	a, b := snapshot(t, filepath.Join(dir, "inmemory")), snapshot(t, filepath.Join(dir, "streamed"))
	if !maps.Equal(a, b) {
		for p := range a {
			if a[p] != b[p] {
				t.Errorf("%s differs", p)
			}
		}
		t.Errorf("%d files written after Build, %d by BuildTo", len(a), len(b))
	}
}

// TestFailedBuildToLeavesTheOutput: a build that fails, before or after
// files were written into the temporary folder, leaves the previous output
// as it was and no temporary folder behind.
func TestFailedBuildToLeavesTheOutput(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	cat, _ := catalog.Load(root)
	if _, _, err := BuildTo(out, cat, root, Options{}); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, out)
	unchanged := func(name string) {
		t.Helper()
		if after := snapshot(t, out); !maps.Equal(before, after) {
			t.Errorf("%s: a failed build changed the output", name)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("%s: temporary folders left behind: %v", name, entries)
		}
	}

	bad := maps.Clone(root)
	bad["content/bad.md"] = &fstest.MapFile{Data: []byte("---\ntitle: A\nauthor: B\n---\n")}
	if _, _, err := BuildTo(out, cat, bad, Options{}); err == nil {
		t.Error("content error: want an error")
	}
	unchanged("content error")

	late := errors.New("late failure")
	err := write.Publish(out, func(tmp string) error {
		s := write.NewDir(tmp)
		if err := s.Put("index.html", []byte("new")); err != nil {
			return err
		}
		if err := s.Put("a/b/index.html", []byte("new")); err != nil {
			return err
		}
		return late
	})
	if err != late {
		t.Errorf("got %v, want the error of the build", err)
	}
	unchanged("failure after writing")
}
