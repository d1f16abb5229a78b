package site

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"

	"gpucompare/generator/catalog"
)

// A sink takes the files of a build as they are made: Files in memory for
// Build, a temporary output folder for BuildTo. put and create are called
// from several goroutines at once, never twice for one path; put may keep
// data. create is for a file written in parts, such as a rendered page:
// the file is put when the writer is closed.
type sink interface {
	put(path string, data []byte) error
	create(path string) (io.WriteCloser, error)
}

// memSink holds a build in memory.
type memSink struct {
	mu    sync.Mutex
	files Files
}

func (m *memSink) put(path string, data []byte) error {
	m.mu.Lock()
	m.files[path] = data
	m.mu.Unlock()
	return nil
}

func (m *memSink) create(path string) (io.WriteCloser, error) {
	return &memFile{sink: m, path: path}, nil
}

// memFile is a file of a memSink being written.
type memFile struct {
	bytes.Buffer
	sink *memSink
	path string
}

func (f *memFile) Close() error { return f.sink.put(f.path, f.Bytes()) }

// dirSink writes each file under dir as soon as it is put, making each
// folder once.
type dirSink struct {
	dir   string
	dirs  sync.Map // slash-separated folder → *madeDir
	count atomic.Int64
	// writers are the buffers of files closed, for the files created
	// next: a build writes thousands of files, a few at a time.
	writers sync.Pool // *bufio.Writer
}

// madeDir is one folder of a dirSink, made once.
type madeDir struct {
	once sync.Once
	err  error
}

func newDirSink(dir string) *dirSink { return &dirSink{dir: dir} }

func (s *dirSink) put(p string, data []byte) error {
	if err := s.mkdir(path.Dir(p)); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(s.dir, filepath.FromSlash(p)), data, 0o644); err != nil {
		return err
	}
	s.count.Add(1)
	return nil
}

func (s *dirSink) create(p string) (io.WriteCloser, error) {
	if err := s.mkdir(path.Dir(p)); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(s.dir, filepath.FromSlash(p)), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, err
	}
	w, _ := s.writers.Get().(*bufio.Writer)
	if w == nil {
		w = bufio.NewWriterSize(f, 64<<10)
	} else {
		w.Reset(f)
	}
	return &dirFile{Writer: w, f: f, sink: s}, nil
}

// mkdir makes the folder d under the sink's folder, once.
func (s *dirSink) mkdir(d string) error {
	if d == "." {
		return nil
	}
	v, _ := s.dirs.LoadOrStore(d, new(madeDir))
	m := v.(*madeDir)
	m.once.Do(func() { m.err = os.MkdirAll(filepath.Join(s.dir, filepath.FromSlash(d)), 0o755) })
	return m.err
}

// dirFile is a file of a dirSink being written.
type dirFile struct {
	*bufio.Writer
	f    *os.File
	sink *dirSink
}

// Close writes what is buffered, closes the file and hands its buffer on
// to the files created next.
func (f *dirFile) Close() error {
	if f.Writer == nil {
		return os.ErrClosed
	}
	err := f.Flush()
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		f.sink.count.Add(1)
	}
	f.Writer.Reset(nil)
	f.sink.writers.Put(f.Writer)
	f.Writer = nil
	return err
}

// BuildTo builds the site of cat like Build and puts it in outDir like
// Write, but writes each file into the temporary folder as soon as it is
// made instead of holding the whole site in memory first. It returns how
// many files it wrote. When the build fails, or a write does, outDir is
// left as it was, the temporary folder is removed, and err says why; the
// report holds every diagnostic, as Build's does. outDir then holds the
// same bytes that Write(outDir, Build(…)) puts there.
func BuildTo(outDir string, cat *catalog.Catalog, root fs.FS, opts Options) (n int, report catalog.Report, err error) {
	err = publish(outDir, func(tmp string) error {
		out := newDirSink(tmp)
		var berr error
		report, berr = buildInto(out, cat, root, opts, nil)
		n = int(out.count.Load())
		return berr
	})
	if err != nil {
		return 0, report, err
	}
	return n, report, nil
}

// Write puts files in outDir in one swap, as publish does.
func Write(outDir string, files Files) error {
	return publish(outDir, func(tmp string) error {
		if err := writeTree(tmp, files); err != nil {
			return fmt.Errorf("write %s: %w", outDir, err)
		}
		return nil
	})
}

// publish puts a site in outDir in one swap: fill writes it into a fresh
// temporary directory beside outDir; then publish renames the old outDir
// aside, renames the new one into its place, and only then removes the old
// one. When fill or anything else fails before the swap, outDir is left as
// it was and the temporary directory is removed. An error of fill is
// returned as it is.
func publish(outDir string, fill func(tmp string) error) (err error) {
	outDir = filepath.Clean(outDir)
	parent, name := filepath.Split(outDir)
	if parent == "" {
		parent = "."
	}
	if fi, err := os.Stat(outDir); err == nil && !fi.IsDir() {
		return fmt.Errorf("write %s: not a directory", outDir)
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("write %s: %w", outDir, err)
	}
	tmp, err := os.MkdirTemp(parent, "."+name+".new-")
	if err != nil {
		return fmt.Errorf("write %s: %w", outDir, err)
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	if err := fill(tmp); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("write %s: %w", outDir, err)
	}

	// Swap: old out aside, new in place, old removed.
	old, aside := "", ""
	if _, err := os.Lstat(outDir); err == nil {
		aside, err = os.MkdirTemp(parent, "."+name+".old-")
		if err != nil {
			return fmt.Errorf("write %s: %w", outDir, err)
		}
		old = filepath.Join(aside, name)
		if err := os.Rename(outDir, old); err != nil {
			os.Remove(aside)
			return fmt.Errorf("write %s: %w", outDir, err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("write %s: %w", outDir, err)
	}
	if err := os.Rename(tmp, outDir); err != nil {
		if old != "" {
			if rerr := os.Rename(old, outDir); rerr != nil {
				return fmt.Errorf("write %s: %w (and the previous output is left at %s: %v)", outDir, err, old, rerr)
			}
		}
		os.Remove(aside)
		return fmt.Errorf("write %s: %w", outDir, err)
	}
	if aside != "" {
		if err := os.RemoveAll(aside); err != nil {
			return fmt.Errorf("write %s: the site is in place, but removing the previous output failed: %w", outDir, err)
		}
	}
	return nil
}

// writeTree writes files under dir: every directory first, each once,
// then the files on as many workers as there are processors.
func writeTree(dir string, files Files) error {
	paths := files.Paths()
	made := map[string]bool{".": true}
	for _, p := range paths {
		if !fs.ValidPath(p) || p == "." {
			return fmt.Errorf("bad output path %q", p)
		}
		if d := path.Dir(p); !made[d] {
			if err := os.MkdirAll(filepath.Join(dir, filepath.FromSlash(d)), 0o755); err != nil {
				return err
			}
			for ; !made[d]; d = path.Dir(d) {
				made[d] = true
			}
		}
	}
	errs := make([]error, len(paths))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(paths)) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(paths) {
					return
				}
				errs[i] = os.WriteFile(filepath.Join(dir, filepath.FromSlash(paths[i])), files[paths[i]], 0o644)
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}
