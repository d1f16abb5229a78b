// Package rootfs opens a site root for every stage that reads one: an
// fs.FS of the regular files inside one folder, none of them larger than
// a limit. The catalog, the content, the templates and the static files
// all come through it, so what a build reads and publishes is confined to
// the root whatever the root holds:
//
//   - a named pipe, a device or a socket is refused without being opened,
//     so it can neither block a build nor feed it without end;
//   - a symbolic link that leads outside the root is refused without its
//     target being read, so no outside file is published or quoted; a link
//     to a file inside the root reads that file;
//   - a file larger than the limit is refused before it is read.
//
// Each refusal is an *Error naming the file relative to the root.
package rootfs

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// DefaultMaxFileSize is the largest file a root gives unless told
// otherwise: 64 MiB.
const DefaultMaxFileSize = 64 << 20

// The kinds of files a root refuses; an *Error wraps one of them.
var (
	ErrNotRegular = errors.New("not a regular file")
	ErrOutside    = errors.New("outside the site root")
	ErrTooLarge   = errors.New("file too large")
)

// Error is a file of the root that is not read, and why.
type Error struct {
	Path   string // slash separated, relative to the root
	Err    error  // ErrNotRegular, ErrOutside or ErrTooLarge
	Reason string // what is wrong and what would be right, without the path
}

func (e *Error) Error() string { return e.Path + ": " + e.Reason }

func (e *Error) Unwrap() error { return e.Err }

// FS is a site root opened for reading. It implements fs.StatFS,
// fs.ReadFileFS and fs.ReadDirFS, so fs.WalkDir, fs.Sub and fs.Glob work
// through it. It is safe for concurrent use.
type FS struct {
	real string // the folder's absolute path, its symbolic links resolved
	root *os.Root
	max  int64
}

// Open opens the folder dir as a site root whose files may be at most
// maxFileSize bytes long (0 for DefaultMaxFileSize). Close it when done.
func Open(dir string, maxFileSize int64) (*FS, error) {
	if maxFileSize <= 0 {
		maxFileSize = DefaultMaxFileSize
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &FS{real: real, root: root, max: maxFileSize}, nil
}

// Close lets go of the root's folder.
func (f *FS) Close() error { return f.root.Close() }

// WithMaxFileSize returns the root giving files of at most n bytes (0 for
// DefaultMaxFileSize). It shares f's folder: closing either closes both.
func (f *FS) WithMaxFileSize(n int64) *FS {
	g := *f
	g.max = cmp.Or(max(n, 0), DefaultMaxFileSize)
	return &g
}

// Stat returns the FileInfo of the file name, following symbolic links
// inside the root.
func (f *FS) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	fi, err := f.root.Stat(name)
	if err != nil {
		rel, ferr := f.fix(name, err)
		if ferr != nil {
			return nil, ferr
		}
		return f.root.Stat(rel)
	}
	return fi, nil
}

// ReadDir reads the folder name, sorted by file name. Its entries
// describe the entries themselves: a symbolic link is a link.
func (f *FS) ReadDir(name string) ([]fs.DirEntry, error) {
	file, fi, err := f.open("readdir", name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	if !fi.IsDir() {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: errors.New("not a folder")}
	}
	entries, err := file.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}

// ReadFile reads the whole of the regular file name.
func (f *FS) ReadFile(name string) ([]byte, error) {
	file, fi, err := f.open("read", name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	if fi.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("is a folder")}
	}
	// The size was checked, but a file may grow while it is read.
	data, err := io.ReadAll(io.LimitReader(file, f.max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > f.max {
		return nil, f.tooLarge(name, int64(len(data)))
	}
	return data, nil
}

// Open opens the regular file or the folder name.
func (f *FS) Open(name string) (fs.File, error) {
	file, fi, err := f.open("open", name)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return file, nil
	}
	return &limited{File: file, fs: f, name: name, left: f.max}, nil
}

// open opens the regular file or folder name: a file of another kind is
// refused before it is opened, and, should it be swapped in between,
// again once open, without waiting on it.
func (f *FS) open(op, name string) (*os.File, fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	at := name // where the root finds it
	fi, err := f.root.Stat(at)
	if err != nil {
		if at, err = f.fix(name, err); err != nil {
			return nil, nil, err
		}
		// A link with an absolute target to a file inside the root.
		if fi, err = f.root.Stat(at); err != nil {
			return nil, nil, err
		}
	}
	if err := f.check(name, fi); err != nil {
		return nil, nil, err
	}
	file, err := f.root.OpenFile(at, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	if fi, err = file.Stat(); err == nil {
		err = f.check(name, fi)
	}
	if err != nil {
		file.Close()
		return nil, nil, err
	}
	return file, fi, nil
}

// check refuses a file that is neither a folder nor a regular file of at
// most the limit.
func (f *FS) check(name string, fi fs.FileInfo) error {
	mode := fi.Mode()
	switch {
	case mode.IsDir():
		return nil
	case mode.IsRegular():
		if fi.Size() > f.max {
			return f.tooLarge(name, fi.Size())
		}
		return nil
	}
	kind := "not a regular file"
	switch {
	case mode&fs.ModeNamedPipe != 0:
		kind = "a named pipe (FIFO)"
	case mode&fs.ModeCharDevice != 0, mode&fs.ModeDevice != 0:
		kind = "a device"
	case mode&fs.ModeSocket != 0:
		kind = "a socket"
	}
	return &Error{Path: name, Err: ErrNotRegular,
		Reason: kind + ", not a regular file: a site root holds regular files and folders only; remove it or replace it with a regular file"}
}

func (f *FS) tooLarge(name string, size int64) error {
	return &Error{Path: name, Err: ErrTooLarge,
		Reason: fmt.Sprintf("%s is larger than the limit of %s for an input file: split it, or raise the limit with -max-file-size", FormatSize(size), FormatSize(f.max))}
}

// fix tells why the root refused name with err. A name that leads
// through a symbolic link with an absolute target to a file inside the
// root gives that file's path; one that leads outside the root gives an
// *Error of ErrOutside; any other err comes back as it is.
func (f *FS) fix(name string, err error) (string, error) {
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return "", err
	}
	outside := &Error{Path: name, Err: ErrOutside,
		Reason: "a symbolic link that leads outside the site root: gpucompare reads only what is inside the root; copy it into the root instead of linking to it"}
	real, rerr := filepath.EvalSymlinks(filepath.Join(f.real, filepath.FromSlash(name)))
	if rerr != nil {
		if escapes(err) {
			return "", outside
		}
		return "", err
	}
	rel, rerr := filepath.Rel(f.real, real)
	if rerr != nil || !filepath.IsLocal(rel) {
		return "", outside
	}
	if rel = filepath.ToSlash(rel); rel == name {
		return "", err
	}
	return rel, nil
}

// escapes reports whether err is os.Root's refusal of a path that leaves
// the root, which the os package does not export.
func escapes(err error) bool {
	return strings.Contains(err.Error(), "path escapes from parent")
}

// limited is a regular file of the root that gives at most its root's
// limit of bytes, should it grow after it was opened.
type limited struct {
	*os.File
	fs   *FS
	name string
	left int64
}

func (l *limited) Read(p []byte) (int, error) {
	if l.left <= 0 {
		// Tell a file that ends at the limit from one that goes on.
		var one [1]byte
		if n, _ := l.File.Read(one[:]); n > 0 {
			return 0, l.fs.tooLarge(l.name, l.fs.max+1)
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.File.Read(p)
	l.left -= int64(n)
	return n, err
}
