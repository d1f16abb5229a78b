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
	"strings"
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

// markerName is the file every output of publish holds. A build replaces
// a folder only when it is missing, empty or holds this file, and removes
// a temporary folder of an earlier build only when it holds it.
const markerName = ".gpucompare-output"

// markerLine is the first line of the marker, by which it is recognised.
const markerLine = "gpucompare output\n"

// markerText is the content of the marker: the same for every build, so
// that two builds of the same input stay byte-identical.
const markerText = markerLine +
	"gpucompare build wrote this folder; the next build into it replaces it whole.\n"

// errLocked is what lockDir says when another build holds the lock.
var errLocked = errors.New("locked by another build")

// The steps of publish, in order, as its swap.at hook sees them.
const (
	stepCreated  = "created"   // the temporary folder is made and marked, still empty
	stepFilled   = "filled"    // the new site is complete beside the output
	stepNoOutput = "no-output" // no output was in place: one rename will put the new one there
	stepAside    = "aside"     // two renames only: the previous output is aside, none in place
	stepSwapped  = "swapped"   // the new site is in place, the previous one beside it
	stepRemoving = "removing"  // part of the previous output is removed
)

// swap is how publish puts a site in place. Builds use its zero value;
// tests replace exchange, or watch or stop a build at each step.
type swap struct {
	exchange func(a, b string) error // exchangeDirs when nil
	at       func(step string)       // called at each step when not nil
}

func (s swap) step(name string) {
	if s.at != nil {
		s.at(name)
	}
}

// publish puts a site in outDir as swap{}.publish does.
func publish(outDir string, fill func(tmp string) error) error {
	return swap{}.publish(outDir, fill)
}

// publish puts a site in outDir in one swap, never deleting what it did
// not write: outDir must be missing, an empty folder or an earlier output
// (a folder holding the marker); anything else is an error and stays as it
// is. A symbolic link named outDir stays, and the folder it links to is
// replaced.
//
// First the temporary folders of killed builds into outDir are removed
// (removeStale). fill then writes the site into a fresh marked folder
// beside outDir, and the two folders change places in one step
// (exchangeDirs), so that outDir holds a whole tree, old or new, at every
// instant; the previous output is removed last. Where the system cannot
// exchange folders, the previous output is renamed aside and the new one
// into its place (renameAside).
//
// When fill or anything else fails before the swap, outDir is left as it
// was and the temporary folder is removed. An error of fill is returned as
// it is.
func (s swap) publish(outDir string, fill func(tmp string) error) error {
	dir, err := outputPath(outDir)
	if err != nil {
		return fmt.Errorf("write %s: %w", outDir, err)
	}
	parent, name := filepath.Split(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("write %s: %w", outDir, err)
	}
	removeStale(parent, name)
	if err := replaceable(outDir, dir); err != nil {
		return err
	}
	tmp, unlock, err := newMarkedDir(parent, "."+name+".new-")
	if err != nil {
		return fmt.Errorf("write %s: %w", outDir, err)
	}
	defer unlock()
	s.step(stepCreated)
	placed, err := s.fillAndPlace(outDir, dir, tmp, fill)
	if !placed {
		removeOutput(tmp, nil)
	}
	return err
}

// fillAndPlace fills tmp and puts it in place of dir; placed says whether
// it got there.
func (s swap) fillAndPlace(outDir, dir, tmp string, fill func(tmp string) error) (placed bool, err error) {
	if err := fill(tmp); err != nil {
		return false, err
	}
	// The marker again, in case fill wrote a file of that name.
	if err := os.WriteFile(filepath.Join(tmp, markerName), []byte(markerText), 0o644); err != nil {
		return false, fmt.Errorf("write %s: %w", outDir, err)
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return false, fmt.Errorf("write %s: %w", outDir, err)
	}
	s.step(stepFilled)

	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		// No previous output: one rename puts the new one in place.
		s.step(stepNoOutput)
		err := os.Rename(tmp, dir)
		if err == nil {
			s.step(stepSwapped)
			return true, nil
		}
		// Unless another build put its output there first: that one is
		// replaced as any previous output is, below.
		if _, lerr := os.Lstat(dir); lerr != nil {
			return false, fmt.Errorf("write %s: %w", outDir, err)
		}
	}
	// Lock the previous output, so that no other build removes it as
	// stale while it is replaced, and check it again.
	unlock, err := lockDir(dir, true)
	if err != nil {
		return false, fmt.Errorf("write %s: %w", outDir, err)
	}
	defer unlock()
	if err := replaceable(outDir, dir); err != nil {
		return false, err
	}
	exchange := s.exchange
	if exchange == nil {
		exchange = exchangeDirs
	}
	err = exchange(tmp, dir)
	if errors.Is(err, errors.ErrUnsupported) {
		return s.renameAside(outDir, dir, tmp)
	}
	if err != nil {
		return false, fmt.Errorf("write %s: %w", outDir, err)
	}
	s.step(stepSwapped)
	// tmp holds the previous output now. Should another folder have taken
	// its place since it was checked, that folder goes back untouched.
	if err := replaceable(outDir, tmp); err != nil {
		if xerr := exchange(tmp, dir); xerr != nil {
			return true, fmt.Errorf("write %s: %w; it is left at %s: %v", outDir, err, tmp, xerr)
		}
		return false, err
	}
	if err := removeOutput(tmp, s.step); err != nil {
		return true, fmt.Errorf("write %s: the site is in place, but removing the previous output failed: %w", outDir, err)
	}
	return true, nil
}

// renameAside swaps tmp and the previous output dir where folders cannot
// be exchanged in one step: dir goes into a marked folder beside it, tmp
// takes its place, and the folder aside is removed. Between the two
// renames dir is missing; should the build be killed there, the next one
// puts the previous output back (removeStale).
func (s swap) renameAside(outDir, dir, tmp string) (placed bool, err error) {
	parent, name := filepath.Split(dir)
	aside, unlock, err := newMarkedDir(parent, "."+name+".old-")
	if err != nil {
		return false, fmt.Errorf("write %s: %w", outDir, err)
	}
	defer unlock()
	old := filepath.Join(aside, name)
	if err := os.Rename(dir, old); err != nil {
		removeOutput(aside, nil)
		return false, fmt.Errorf("write %s: %w", outDir, err)
	}
	s.step(stepAside)
	if err := os.Rename(tmp, dir); err != nil {
		if rerr := os.Rename(old, dir); rerr != nil {
			return false, fmt.Errorf("write %s: %w (and the previous output is left at %s: %v)", outDir, err, old, rerr)
		}
		removeOutput(aside, nil)
		return false, fmt.Errorf("write %s: %w", outDir, err)
	}
	s.step(stepSwapped)
	if err := removeOutput(aside, s.step); err != nil {
		return true, fmt.Errorf("write %s: the site is in place, but removing the previous output failed: %w", outDir, err)
	}
	return true, nil
}

// outputPath returns outDir absolute and, when it is a symbolic link, the
// folder it links to.
func outputPath(outDir string) (string, error) {
	dir, err := filepath.Abs(outDir)
	if err != nil {
		return "", err
	}
	if fi, err := os.Lstat(dir); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if dir, err = filepath.EvalSymlinks(dir); err != nil {
			return "", err
		}
	}
	if filepath.Dir(dir) == dir {
		return "", errors.New("the root of a file system cannot be an output folder")
	}
	return dir, nil
}

// replaceable returns nil when publish may replace dir (outDir as the
// user named it): dir is missing, an empty folder or an earlier output.
// Otherwise it says why not and how to go on.
func replaceable(outDir, dir string) error {
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", outDir, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%q is a file, not a folder; nothing was changed: remove it yourself, or choose another output folder", outDir)
	}
	if isMarked(dir) {
		return nil
	}
	f, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("write %s: %w", outDir, err)
	}
	defer f.Close()
	if _, err := f.Readdirnames(1); err == io.EOF {
		return nil
	} else if err != nil {
		return fmt.Errorf("write %s: %w", outDir, err)
	}
	return fmt.Errorf("%q holds files but no %s, so it is not an earlier output of gpucompare build; "+
		"nothing in it was changed: remove it yourself, or choose another output folder", outDir, markerName)
}

// isMarked reports whether dir holds the marker: a regular file whose
// first line is markerLine.
func isMarked(dir string) bool {
	p := filepath.Join(dir, markerName)
	if fi, err := os.Lstat(p); err != nil || !fi.Mode().IsRegular() {
		return false
	}
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, len(markerLine))
	_, err = io.ReadFull(f, buf)
	return err == nil && string(buf) == markerLine
}

// newMarkedDir makes a new folder in parent, named pattern and a random
// part, locks it and writes the marker into it.
func newMarkedDir(parent, pattern string) (dir string, unlock func(), err error) {
	dir, err = os.MkdirTemp(parent, pattern)
	if err != nil {
		return "", nil, err
	}
	unlock, err = lockDir(dir, true)
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, markerName), []byte(markerText), 0o644)
		if err != nil {
			unlock()
		}
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	return dir, unlock, nil
}

// removeStale removes the temporary folders that killed builds into
// parent/name left beside it: folders named as publish names them
// (.NAME.new-*, .NAME.old-*) that hold the marker and that no running
// build locks. A previous output left aside by a build killed between its
// two renames goes back in place first, when nothing took its place.
func removeStale(parent, name string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		aside := strings.HasPrefix(e.Name(), "."+name+".old-")
		if !e.IsDir() || !aside && !strings.HasPrefix(e.Name(), "."+name+".new-") {
			continue
		}
		p := filepath.Join(parent, e.Name())
		unlock, err := lockDir(p, false)
		if err != nil {
			continue
		}
		if isMarked(p) {
			dir, old := filepath.Join(parent, name), filepath.Join(p, name)
			if _, err := os.Lstat(dir); aside && errors.Is(err, fs.ErrNotExist) && isMarked(old) {
				os.Rename(old, dir)
			}
			removeOutput(p, nil)
		}
		unlock()
	}
}

// removeOutput removes a folder publish wrote, its marker last, so that a
// removal cut short leaves a marked folder that the next build removes.
// step, when not nil, is called once part of the folder is removed.
func removeOutput(dir string, step func(string)) error {
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	var errs []error
	removed := false
	for _, e := range entries {
		if e.Name() == markerName {
			continue
		}
		errs = append(errs, os.RemoveAll(filepath.Join(dir, e.Name())))
		if !removed && step != nil {
			step(stepRemoving)
		}
		removed = true
	}
	if err := os.Remove(filepath.Join(dir, markerName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		errs = append(errs, err)
	}
	if err := os.Remove(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
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
