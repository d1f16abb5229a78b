package write

import (
	"fmt"
	"io"
	"io/fs"
	"slices"
	"sync"
)

// Folder is the Sink of one edition of a site: it puts each file into
// another Sink under the edition's folder ("" for the root edition,
// "zh/"), and refuses a bad path or one put twice. It is safe for
// concurrent use, as a Sink must be: the stages of a build write at once.
type Folder struct {
	out Sink
	dir string

	mu    sync.Mutex      // guards paths
	paths map[string]bool // the paths put so far
}

// NewFolder returns the Folder dir ("" or "zh/") of out.
func NewFolder(out Sink, dir string) *Folder {
	return &Folder{out: out, dir: dir, paths: map[string]bool{}}
}

// Put adds a file to the folder, refusing a path taken twice.
func (f *Folder) Put(path string, data []byte) error {
	if err := f.claim(path); err != nil {
		return err
	}
	return f.out.Put(f.dir+path, data)
}

// Create adds a file to the folder that is written in parts, as Put
// does; the file is put when the writer is closed.
func (f *Folder) Create(path string) (io.WriteCloser, error) {
	if err := f.claim(path); err != nil {
		return nil, err
	}
	return f.out.Create(f.dir + path)
}

// Paths are the paths put into the folder so far, sorted.
func (f *Folder) Paths() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]string, 0, len(f.paths))
	for p := range f.paths {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// claim takes path for a file of the folder, refusing a bad path or one
// taken before.
func (f *Folder) claim(path string) error {
	if !fs.ValidPath(path) || path == "." {
		return fmt.Errorf("bad output path %q", path)
	}
	f.mu.Lock()
	taken := f.paths[path]
	f.paths[path] = true
	f.mu.Unlock()
	if taken {
		return fmt.Errorf("two files for %q", path)
	}
	return nil
}

// File is one file of a build: its path and its bytes.
type File struct {
	Path string
	Data []byte
}

// PutAll puts files into out, in order.
func PutAll(out Sink, files []File) error {
	for _, f := range files {
		if err := out.Put(f.Path, f.Data); err != nil {
			return err
		}
	}
	return nil
}
