package site

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
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
	err := publish(out, func(tmp string) error {
		s := newDirSink(tmp)
		if err := s.put("index.html", []byte("new")); err != nil {
			return err
		}
		if err := s.put("a/b/index.html", []byte("new")); err != nil {
			return err
		}
		return late
	})
	if err != late {
		t.Errorf("got %v, want the error of the build", err)
	}
	unchanged("failure after writing")
}

// Files of a dirSink share buffers one after another: each file gets its
// own bytes, and a file closed twice does not hand its buffer on twice.
func TestDirSinkFilesShareBuffers(t *testing.T) {
	dir := t.TempDir()
	s := newDirSink(dir)
	want := map[string]string{"a.txt": "first", "b/c.txt": "second, longer", "d.txt": ""}
	for _, name := range []string{"a.txt", "b/c.txt", "d.txt"} {
		f, err := s.create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte(want[name])); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); !errors.Is(err, os.ErrClosed) {
			t.Errorf("%s closed twice: %v, want %v", name, err, os.ErrClosed)
		}
	}
	for name, text := range want {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || string(got) != text {
			t.Errorf("%s: %q, %v; want %q", name, got, err, text)
		}
	}
	if n := s.count.Load(); n != 3 {
		t.Errorf("%d files counted, want 3", n)
	}
}
