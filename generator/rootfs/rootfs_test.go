//go:build unix

package rootfs

import (
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

// site makes a site root holding files (name → content), and a folder
// beside it, outside the root, holding secret.txt.
func site(t *testing.T, files map[string]string) (root, outside string) {
	t.Helper()
	dir := t.TempDir()
	root, outside = filepath.Join(dir, "site"), filepath.Join(dir, "outside")
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(outside, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("SECRET CONTENT"), 0o644); err != nil {
		t.Fatal(err)
	}
	return root, outside
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

func open(t *testing.T, root string, max int64) *FS {
	t.Helper()
	f, err := Open(root, max)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// within runs do and fails the test if it has not returned in 20 s: a
// read that blocks must not hang the test run.
func within(t *testing.T, what string, do func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		do()
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatalf("%s: still blocked after 20 s", what)
	}
}

func TestRegularFilesAndFoldersRead(t *testing.T) {
	root, _ := site(t, map[string]string{
		"data/site.yaml":        "title: x\n",
		"static/css/site.css":   "body{}\n",
		"content/about.md":      "# About\n",
		"static/.hidden/x.txt":  "x",
		"templates/base.html":   "<html>",
		"content/nested/a/b.md": "b",
	})
	f := open(t, root, 0)
	if err := fstest.TestFS(f, "data/site.yaml", "static/css/site.css", "content/nested/a/b.md", "templates/base.html"); err != nil {
		t.Fatal(err)
	}
	sub, err := fs.Sub(f, "static")
	if err != nil {
		t.Fatal(err)
	}
	if data, err := fs.ReadFile(sub, "css/site.css"); err != nil || string(data) != "body{}\n" {
		t.Errorf("ReadFile through fs.Sub = %q, %v", data, err)
	}
}

func TestNonRegularFilesRefusedWithoutBlocking(t *testing.T) {
	root, _ := site(t, map[string]string{"data/site.yaml": "title: x\n"})
	tests := []struct{ name, kind string }{
		{"data/pipe.yaml", "a named pipe (FIFO)"},
		{"data/socket.yaml", "a socket"},
		{"static/pipe-link.txt", "a named pipe (FIFO)"}, // a link inside the root to the pipe
	}
	if err := syscall.Mkfifo(filepath.Join(root, "data", "pipe.yaml"), 0o644); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("unix", filepath.Join(root, "data", "socket.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	os.Mkdir(filepath.Join(root, "static"), 0o755)
	symlink(t, "../data/pipe.yaml", filepath.Join(root, "static", "pipe-link.txt"))
	// A device node needs privileges a test may not have.
	if err := syscall.Mknod(filepath.Join(root, "data", "zero.yaml"), syscall.S_IFCHR|0o644, 1<<8|5); err == nil {
		tests = append(tests, struct{ name, kind string }{"data/zero.yaml", "a device"})
	} else {
		t.Logf("no device node: %v", err)
	}
	f := open(t, root, 0)
	for _, tt := range tests {
		want := tt.name + ": " + tt.kind + ", not a regular file: a site root holds regular files and folders only; remove it or replace it with a regular file"
		within(t, "ReadFile "+tt.name, func() {
			_, err := f.ReadFile(tt.name)
			if err == nil || err.Error() != want || !errors.Is(err, ErrNotRegular) {
				t.Errorf("ReadFile(%q) = %v\nwant %s", tt.name, err, want)
			}
		})
		within(t, "Open "+tt.name, func() {
			if file, err := f.Open(tt.name); !errors.Is(err, ErrNotRegular) {
				t.Errorf("Open(%q) = %v, want ErrNotRegular", tt.name, err)
				if file != nil {
					file.Close()
				}
			}
		})
	}
	// The folder still lists, with each entry as what it is.
	entries, err := fs.ReadDir(f, "data")
	var types []string
	for _, e := range entries {
		types = append(types, e.Name()+" "+e.Type().String())
	}
	if err != nil || len(entries) < 3 || types[0] != "pipe.yaml p---------" || types[1] != "site.yaml ----------" || types[2] != "socket.yaml S---------" {
		t.Errorf("ReadDir(data) = %v, %v", types, err)
	}
}

func TestLinkToDevZeroRefused(t *testing.T) {
	root, _ := site(t, map[string]string{"data/site.yaml": "title: x\n"})
	symlink(t, "/dev/zero", filepath.Join(root, "data", "zero.yaml"))
	f := open(t, root, 0)
	within(t, "ReadFile data/zero.yaml", func() {
		if data, err := f.ReadFile("data/zero.yaml"); !errors.Is(err, ErrOutside) || len(data) > 0 {
			t.Errorf("ReadFile(data/zero.yaml) = %d bytes, %v; want ErrOutside", len(data), err)
		}
	})
}

func TestLinksOutsideTheRootRefused(t *testing.T) {
	root, outside := site(t, map[string]string{"static/ok.txt": "ok"})
	symlink(t, filepath.Join(outside, "secret.txt"), filepath.Join(root, "static", "abs.txt"))
	symlink(t, "../../outside/secret.txt", filepath.Join(root, "static", "rel.txt"))
	symlink(t, "../../outside", filepath.Join(root, "static", "dir"))
	symlink(t, "../../outside/missing.txt", filepath.Join(root, "static", "dangling.txt"))
	f := open(t, root, 0)
	for _, name := range []string{"static/abs.txt", "static/rel.txt", "static/dir/secret.txt", "static/dangling.txt"} {
		want := name + ": a symbolic link that leads outside the site root: gpucompare reads only what is inside the root; copy it into the root instead of linking to it"
		data, err := f.ReadFile(name)
		if err == nil || err.Error() != want || !errors.Is(err, ErrOutside) {
			t.Errorf("ReadFile(%q) = %q, %v\nwant %s", name, data, err, want)
		}
		if _, err := f.Open(name); !errors.Is(err, ErrOutside) {
			t.Errorf("Open(%q) = %v, want ErrOutside", name, err)
		}
		if _, err := f.Stat(name); !errors.Is(err, ErrOutside) {
			t.Errorf("Stat(%q) = %v, want ErrOutside", name, err)
		}
	}
	if _, err := f.ReadDir("static/dir"); !errors.Is(err, ErrOutside) {
		t.Errorf("ReadDir(static/dir) = %v, want ErrOutside", err)
	}
	// A walk lists the links and does not follow them.
	var seen []string
	err := fs.WalkDir(f, "static", func(p string, d fs.DirEntry, err error) error {
		seen = append(seen, p)
		return err
	})
	if err != nil || strings.Contains(strings.Join(seen, " "), "secret") {
		t.Errorf("WalkDir(static) saw %v, %v", seen, err)
	}
}

func TestLinksInsideTheRootRead(t *testing.T) {
	root, _ := site(t, map[string]string{
		"content/shared.md": "shared",
		"static/css/a.css":  "a",
	})
	symlink(t, "../content/shared.md", filepath.Join(root, "static", "rel.md"))
	symlink(t, filepath.Join(root, "content", "shared.md"), filepath.Join(root, "static", "abs.md"))
	symlink(t, "css", filepath.Join(root, "static", "styles"))
	f := open(t, root, 0)
	for name, want := range map[string]string{
		"static/rel.md":       "shared",
		"static/abs.md":       "shared",
		"static/styles/a.css": "a",
	} {
		data, err := f.ReadFile(name)
		if err != nil || string(data) != want {
			t.Errorf("ReadFile(%q) = %q, %v; want %q", name, data, err, want)
		}
		file, err := f.Open(name)
		if err != nil {
			t.Errorf("Open(%q): %v", name, err)
			continue
		}
		data, err = io.ReadAll(file)
		file.Close()
		if err != nil || string(data) != want {
			t.Errorf("Open(%q) read %q, %v; want %q", name, data, err, want)
		}
	}
	if fi, err := f.Stat("static/abs.md"); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("Stat(static/abs.md) = %v, %v", fi, err)
	}
}

func TestFilesOverTheLimitRefused(t *testing.T) {
	root, _ := site(t, map[string]string{
		"data/small.yaml": strings.Repeat("x", 100),
		"data/big.yaml":   strings.Repeat("x", 101),
	})
	f := open(t, root, 100)
	if data, err := f.ReadFile("data/small.yaml"); err != nil || len(data) != 100 {
		t.Errorf("ReadFile of a file at the limit = %d bytes, %v", len(data), err)
	}
	want := "data/big.yaml: 101 bytes is larger than the limit of 100 bytes for an input file: split it, or raise the limit with -max-file-size"
	if _, err := f.ReadFile("data/big.yaml"); err == nil || err.Error() != want || !errors.Is(err, ErrTooLarge) {
		t.Errorf("ReadFile of a file over the limit = %v\nwant %s", err, want)
	}
	if _, err := f.Open("data/big.yaml"); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Open of a file over the limit = %v, want ErrTooLarge", err)
	}
	// A file that grows after it was opened gives no more than the limit.
	file, err := f.Open("data/small.yaml")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	if err := os.WriteFile(filepath.Join(root, "data", "small.yaml"), []byte(strings.Repeat("y", 200)), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := io.ReadAll(file); !errors.Is(err, ErrTooLarge) || len(data) > 100 {
		t.Errorf("reading a file that grew = %d bytes, %v; want at most 100 and ErrTooLarge", len(data), err)
	}
}

func TestSize(t *testing.T) {
	for in, want := range map[string]int64{"64MiB": 64 << 20, "512KiB": 512 << 10, "1GiB": 1 << 30, "100": 100, "100B": 100, " 2 MiB": 2 << 20} {
		var z Size
		if err := z.Set(in); err != nil || int64(z) != want {
			t.Errorf("Set(%q) = %d, %v; want %d", in, z, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1", "64MB", "1.5MiB", "x", "99999999999GiB"} {
		var z Size
		if err := z.Set(in); err == nil {
			t.Errorf("Set(%q) = %d, want an error", in, z)
		}
	}
	for z, want := range map[Size]string{64 << 20: "64MiB", 3 << 10: "3KiB", 1536: "1536B", 1000: "1000B"} {
		if got := z.String(); got != want {
			t.Errorf("Size(%d).String() = %q, want %q", z, got, want)
		}
	}
	for n, want := range map[int64]string{100: "100 bytes", 64 << 20: "64 MiB", 70<<20 + 1<<19: "70.5 MiB", 2048: "2 KiB"} {
		if got := FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", n, got, want)
		}
	}
}
