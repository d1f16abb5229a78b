// Package write is the last step of a build, the only one that touches the
// output folder. It takes the files of a build as they are made, through a
// Sink (Memory for site.Build and serve, Dir for site.BuildTo), and puts a
// finished site in place in one swap (Publish): the output marker says
// which folders a build may replace, a lock keeps two builds from removing
// each other's folders, and the previous output goes only once the new
// one is whole. It imports nothing of the generator: the stages above
// hand it paths and bytes.
package write

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Files is a built site: slash-separated output path → file contents.
type Files map[string][]byte

// Paths returns the paths of f, sorted.
func (f Files) Paths() []string {
	out := make([]string, 0, len(f))
	for p := range f {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// A Sink takes the files of a build as they are made: Files in memory for
// site.Build, a temporary output folder for site.BuildTo. Put and Create
// are called from several goroutines at once, never twice for one path;
// Put may keep data. Create is for a file written in parts, such as a
// rendered page: the file is put when the writer is closed.
type Sink interface {
	Put(path string, data []byte) error
	Create(path string) (io.WriteCloser, error)
}

// Memory is a Sink that holds a build in memory.
type Memory struct {
	mu    sync.Mutex
	files Files
}

// NewMemory returns an empty Memory.
func NewMemory() *Memory { return &Memory{files: Files{}} }

// Files returns the files put so far.
func (m *Memory) Files() Files { return m.files }

// Put keeps data as the file at path.
func (m *Memory) Put(path string, data []byte) error {
	m.mu.Lock()
	m.files[path] = data
	m.mu.Unlock()
	return nil
}

// Create returns a writer for the file at path, put when it is closed.
func (m *Memory) Create(path string) (io.WriteCloser, error) {
	return &memFile{sink: m, path: path}, nil
}

// memFile is a file of a Memory being written.
type memFile struct {
	bytes.Buffer
	sink *Memory
	path string
}

func (f *memFile) Close() error { return f.sink.Put(f.path, f.Bytes()) }

// Dir is a Sink that writes each file under its folder as soon as it is
// put, making each folder once. A Dir made by NewWriteBehindDir hands its
// small files to writers of its own instead (writeBehind).
type Dir struct {
	dir   string
	dirs  sync.Map // slash-separated folder → *madeDir
	count atomic.Int64
	// buffers are the buffers of files closed, for the files created
	// next: a build writes thousands of files, a few at a time.
	buffers sync.Pool    // *[]byte of cap fileBuffer
	behind  *writeBehind // nil: every file is written before Put or Close returns
}

// madeDir is one folder of a Dir, made once.
type madeDir struct {
	once sync.Once
	err  error
}

// fileBuffer is what a file of Create holds before it is written to
// disk: a file no longer than this is written in one go, on Close.
const fileBuffer = 64 << 10

// NewDir returns a Dir writing under dir.
func NewDir(dir string) *Dir { return &Dir{dir: dir} }

// NewWriteBehindDir returns a Dir writing under dir whose files of at
// most fileBuffer bytes are written by goroutines of its own, one a
// processor, after Put or Close has returned: a stage that writes
// thousands of small files one after another (the API's 12,000 at
// 10,000 offers) then waits for the disk no more than for its own work.
// Wait must be called before the folder is read or let go of; a file put
// or created after it fails. At most
// writeBehindFiles files wait to be written; a stage that puts more waits
// for the writers.
func NewWriteBehindDir(dir string) *Dir {
	return &Dir{dir: dir, behind: newWriteBehind()}
}

// Wait waits until every file put or closed so far is written, and
// returns the first error of writing one. A Dir of NewDir has none to
// wait for.
func (s *Dir) Wait() error {
	if s.behind == nil {
		return nil
	}
	return s.behind.wait()
}

// Count is how many files s has written.
func (s *Dir) Count() int { return int(s.count.Load()) }

// Put writes data to the file at p.
func (s *Dir) Put(p string, data []byte) error {
	if s.behind != nil {
		if err := s.behind.refuses(); err != nil {
			return err
		}
	}
	if err := s.mkdir(path.Dir(p)); err != nil {
		return err
	}
	name := filepath.Join(s.dir, filepath.FromSlash(p))
	if s.behind != nil && len(data) <= fileBuffer {
		return s.behind.put(name, data, func(err error) {
			if err == nil {
				s.count.Add(1)
			}
		})
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		return err
	}
	s.count.Add(1)
	return nil
}

// Create returns a writer for the file at p, buffered; the file is
// complete once the writer is closed.
func (s *Dir) Create(p string) (io.WriteCloser, error) {
	if err := s.mkdir(path.Dir(p)); err != nil {
		return nil, err
	}
	if s.behind != nil {
		if err := s.behind.refuses(); err != nil {
			return nil, err
		}
	}
	buf, _ := s.buffers.Get().(*[]byte)
	if buf == nil {
		b := make([]byte, 0, fileBuffer)
		buf = &b
	}
	return &dirFile{sink: s, name: filepath.Join(s.dir, filepath.FromSlash(p)), buf: buf}, nil
}

// mkdir makes the folder d under the sink's folder, once.
func (s *Dir) mkdir(d string) error {
	if d == "." {
		return nil
	}
	v, _ := s.dirs.LoadOrStore(d, new(madeDir))
	m := v.(*madeDir)
	m.once.Do(func() { m.err = os.MkdirAll(filepath.Join(s.dir, filepath.FromSlash(d)), 0o755) })
	return m.err
}

// dirFile is a file of a Dir being written: its first fileBuffer bytes
// are held, and the file is opened only when more come.
type dirFile struct {
	sink *Dir
	name string
	buf  *[]byte // what is not written yet; nil once closed
	f    *os.File
	err  error // the first error of writing, which Close returns
}

func (f *dirFile) Write(p []byte) (int, error) {
	return writeTo(f, p, (*os.File).Write)
}

// WriteString is Write without a copy of s.
func (f *dirFile) WriteString(s string) (int, error) {
	return writeTo(f, s, (*os.File).WriteString)
}

// writeTo adds p to what f holds, or, when it does not fit, writes what
// f holds to the file, then p (by direct, when p alone fills the buffer).
func writeTo[T []byte | string](f *dirFile, p T, direct func(*os.File, T) (int, error)) (int, error) {
	if f.buf == nil {
		return 0, os.ErrClosed
	}
	if f.err != nil {
		return 0, f.err
	}
	if len(*f.buf)+len(p) <= cap(*f.buf) {
		*f.buf = append(*f.buf, p...)
		return len(p), nil
	}
	if f.err = f.spill(); f.err != nil {
		return 0, f.err
	}
	if len(p) < cap(*f.buf) {
		*f.buf = append(*f.buf, p...)
		return len(p), nil
	}
	n, err := direct(f.f, p)
	f.err = err
	return n, err
}

// spill opens the file, if not yet, and writes what is held to it.
func (f *dirFile) spill() error {
	if f.f == nil {
		var err error
		if f.f, err = os.OpenFile(f.name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644); err != nil {
			return err
		}
	}
	_, err := f.f.Write(*f.buf)
	*f.buf = (*f.buf)[:0]
	return err
}

// Close writes what is held and closes the file; a file that was never
// opened is written whole, by the writers of a write-behind Dir. Its
// buffer then goes to the files created next.
func (f *dirFile) Close() error {
	if f.buf == nil {
		return os.ErrClosed
	}
	s, buf := f.sink, f.buf
	free := func() {
		*buf = (*buf)[:0]
		s.buffers.Put(buf)
	}
	if f.err != nil { // a write failed: the file is not whole
		f.buf = nil
		free()
		if f.f != nil {
			f.f.Close()
		}
		return f.err
	}
	if f.f == nil && s.behind != nil {
		f.buf = nil
		return s.behind.put(f.name, *buf, func(err error) {
			if err == nil {
				s.count.Add(1)
			}
			free()
		})
	}
	var err error
	if f.f == nil {
		err = os.WriteFile(f.name, *buf, 0o644)
	} else {
		err = f.spill()
		if cerr := f.f.Close(); err == nil {
			err = cerr
		}
	}
	f.buf = nil
	free()
	if err == nil {
		s.count.Add(1)
	}
	return err
}

// errWaited is the error of a file put into a write-behind Dir after Wait.
var errWaited = errors.New("write: a file put after Wait")

// writeBehindFiles is how many files of a write-behind Dir may wait to
// be written, at most fileBuffer bytes each.
const writeBehindFiles = 8

// writeBehind writes the files handed to it on goroutines of its own,
// one a processor, started with the first file.
type writeBehind struct {
	start, closing sync.Once
	queue          chan queuedFile
	wg             sync.WaitGroup
	gate           sync.RWMutex // held by put while it sends, by wait while it closes
	mu             sync.Mutex
	err            error // the first error of writing a file
	waited         bool  // Wait was called: nothing more may be put
}

// queuedFile is a file to write: its path, its bytes, and what to do once
// it is written, or failed to be.
type queuedFile struct {
	name string
	data []byte
	done func(error)
}

func newWriteBehind() *writeBehind {
	return &writeBehind{queue: make(chan queuedFile, writeBehindFiles)}
}

// put hands a file to the writers, or returns the error of one written
// before.
func (w *writeBehind) put(name string, data []byte, done func(error)) error {
	// The gate is held from the check to the send: wait cannot close the
	// queue in between.
	w.gate.RLock()
	defer w.gate.RUnlock()
	if err := w.refuses(); err != nil {
		return err
	}
	w.start.Do(func() {
		for range runtime.GOMAXPROCS(0) {
			w.wg.Go(w.write)
		}
	})
	w.queue <- queuedFile{name, data, done}
	return nil
}

// write writes the files of the queue until it is closed.
func (w *writeBehind) write() {
	for q := range w.queue {
		err := os.WriteFile(q.name, q.data, 0o644)
		if err != nil {
			w.mu.Lock()
			if w.err == nil {
				w.err = err
			}
			w.mu.Unlock()
		}
		q.done(err)
	}
}

// refuses is why a file may not be written now: the first error of
// writing one, or errWaited after wait; nil when it may.
func (w *writeBehind) refuses() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil && w.waited {
		return errWaited
	}
	return w.err
}

// failed is the first error of writing a file, or nil.
func (w *writeBehind) failed() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// wait closes the queue, waits for the writers and returns the first
// error of writing a file. Nothing may be put after it.
func (w *writeBehind) wait() error {
	w.gate.Lock()
	w.mu.Lock()
	w.waited = true
	w.mu.Unlock()
	w.closing.Do(func() { close(w.queue) })
	w.gate.Unlock()
	w.wg.Wait()
	return w.failed()
}

// Write puts files in outDir in one swap, as Publish does.
func Write(outDir string, files Files) error {
	return Publish(outDir, func(tmp string) error {
		if err := writeTree(tmp, files); err != nil {
			return fmt.Errorf("write %s: %w", outDir, err)
		}
		return nil
	})
}

// MarkerName is the file every output of publish holds. A build replaces
// a folder only when it is missing, empty or holds this file, and removes
// a temporary folder of an earlier build only when it holds it.
const MarkerName = ".gpucompare-output"

// markerLine is the first line of the marker, by which it is recognised.
const markerLine = "gpucompare output\n"

// MarkerText is the content of the marker: the same for every build, so
// that two builds of the same input stay byte-identical.
const MarkerText = markerLine +
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

// Publish puts a site in outDir as swap{}.publish does.
func Publish(outDir string, fill func(tmp string) error) error {
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
	if err := os.WriteFile(filepath.Join(tmp, MarkerName), []byte(MarkerText), 0o644); err != nil {
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
		"nothing in it was changed: remove it yourself, or choose another output folder", outDir, MarkerName)
}

// isMarked reports whether dir holds the marker: a regular file whose
// first line is markerLine.
func isMarked(dir string) bool {
	p := filepath.Join(dir, MarkerName)
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
		err = os.WriteFile(filepath.Join(dir, MarkerName), []byte(MarkerText), 0o644)
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
		if e.Name() == MarkerName {
			continue
		}
		errs = append(errs, os.RemoveAll(filepath.Join(dir, e.Name())))
		if !removed && step != nil {
			step(stepRemoving)
		}
		removed = true
	}
	if err := os.Remove(filepath.Join(dir, MarkerName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
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
