package write

import (
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"strings"
	"sync"
)

// Folder is the Sink of one edition of a site: it puts each file into
// another Sink under the edition's folder ("" for the root edition,
// "zh/"), and refuses a bad path or one put twice. It is safe for
// concurrent use, as a Sink must be: the stages of a build write at once.
type Folder struct {
	out Sink
	dir string

	mu sync.Mutex // guards taken and tops
	// taken holds a key of each path put so far (keyOf): a record of
	// every path as itself held hundreds of thousands of strings, 14 MB
	// of a build of 100,000 offers, to refuse a path put twice.
	taken map[pathKey]struct{}
	// tops are, by the folder at the top of a path put so far
	// ("compare" of "compare/index.html"), the least such path in byte
	// order (Under).
	tops map[string]string
}

// pathKey is a 128-bit hash of a path: two paths of one build share
// one with a chance under 2^-90.
type pathKey [2]uint64

// pathSeeds are the seeds of the two halves of a pathKey.
var pathSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// keyOf is the pathKey of path.
func keyOf(path string) pathKey {
	return pathKey{maphash.String(pathSeeds[0], path), maphash.String(pathSeeds[1], path)}
}

// NewFolder returns the Folder dir ("" or "zh/") of out.
func NewFolder(out Sink, dir string) *Folder {
	return &Folder{out: out, dir: dir, taken: map[pathKey]struct{}{}, tops: map[string]string{}}
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

// Under is the least path in byte order put so far into the folder
// top of the Folder ("zh/index.html" in "zh"), and whether there is one.
func (f *Folder) Under(top string) (string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	p, ok := f.tops[top]
	return p, ok
}

// claim takes path for a file of the folder, refusing a bad path or one
// taken before.
func (f *Folder) claim(path string) error {
	if !fs.ValidPath(path) || path == "." {
		return fmt.Errorf("bad output path %q", path)
	}
	key := keyOf(path)
	top, _, inFolder := strings.Cut(path, "/")
	f.mu.Lock()
	_, taken := f.taken[key]
	f.taken[key] = struct{}{}
	if least, ok := f.tops[top]; inFolder && (!ok || path < least) {
		f.tops[strings.Clone(top)] = strings.Clone(path)
	}
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
