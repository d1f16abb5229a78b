package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// watched are the folders of a site root whose files make the site.
var watched = []string{"data", "content", "templates", "static"}

// watcher reports the edits under the watched folders of a root.
// fsnotify watches one folder at a time, so every folder below them is
// added, at the start and whenever one is created. The root itself is
// watched too, for a watched folder created after the start.
type watcher struct {
	root string
	fs   *fsnotify.Watcher
	log  io.Writer
}

func newWatcher(root string, log io.Writer) (*watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("watch: %w", err)
	}
	w := &watcher{root: root, fs: fw, log: log}
	if err := fw.Add(root); err != nil {
		fw.Close()
		return nil, fmt.Errorf("watch %s: %w", root, err)
	}
	for _, dir := range watched {
		if err := w.addTree(filepath.Join(root, dir)); err != nil {
			fw.Close()
			return nil, err
		}
	}
	return w, nil
}

// addTree watches dir and every folder below it but hidden ones (.git,
// an editor's backups). A dir that does not exist is skipped.
func (w *watcher) addTree(dir string) error {
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // gone already, or never there
			}
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if p != dir && strings.HasPrefix(d.Name(), ".") {
			return fs.SkipDir
		}
		return w.fs.Add(p)
	})
	if err != nil {
		return fmt.Errorf("watch %s: %w", dir, err)
	}
	return nil
}

// relevant returns the path of an event relative to the root, slash
// separated, and whether it may change the site: a file or folder under a
// watched folder, not hidden, not an editor's backup (name~), and more
// than a change of mode.
func (w *watcher) relevant(ev fsnotify.Event) (string, bool) {
	if !ev.Has(fsnotify.Create) && !ev.Has(fsnotify.Write) && !ev.Has(fsnotify.Remove) && !ev.Has(fsnotify.Rename) {
		return "", false
	}
	rel, err := filepath.Rel(w.root, ev.Name)
	if err != nil {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	top, _, _ := strings.Cut(rel, "/")
	if !slices.Contains(watched, top) {
		return "", false
	}
	for part := range strings.SplitSeq(rel, "/") {
		if strings.HasPrefix(part, ".") {
			return "", false
		}
	}
	if strings.HasSuffix(rel, "~") {
		return "", false
	}
	return rel, true
}

// run sends the edits to build until ctx is done, then closes the
// watcher. An edit is one or more file events followed by quiet time: a
// save that writes a temporary file and renames it, or a checkout that
// touches many files, makes one build with every path it changed.
func (w *watcher) run(ctx context.Context, quiet quietPeriod, build func(changed []string)) {
	defer w.fs.Close()
	paths := make(chan string)
	go func() {
		defer close(paths)
		for {
			select {
			case <-ctx.Done():
				return
			case ev, ok := <-w.fs.Events:
				if !ok {
					return
				}
				rel, ok := w.relevant(ev)
				if !ok {
					continue
				}
				if ev.Has(fsnotify.Create) {
					// A new folder: watch it and what is already in it.
					if fi, err := os.Lstat(ev.Name); err == nil && fi.IsDir() {
						if err := w.addTree(ev.Name); err != nil {
							fmt.Fprintf(w.log, "gpucompare serve: %v\n", err)
						}
					}
				}
				select {
				case paths <- rel:
				case <-ctx.Done():
					return
				}
			case err, ok := <-w.fs.Errors:
				if !ok {
					return
				}
				fmt.Fprintf(w.log, "gpucompare serve: watch: %v\n", err)
				if errors.Is(err, fsnotify.ErrEventOverflow) {
					// Events were lost: build everything.
					select {
					case paths <- ".":
					case <-ctx.Done():
						return
					}
				}
			}
		}
	}()
	debounce(paths, quiet, build)
}

// quietPeriod is how long the file events of an edit must have stopped
// before its build starts: short after a single write, so that a save
// reloads at once, and longer while writes keep coming — a burst of
// events that has lasted a while (a checkout, a script rewriting files),
// or one that starts soon after the last build — so that one build
// follows it, not many.
type quietPeriod struct {
	short, long time.Duration
}

// wait is the quiet time after an event of a burst that began burst ago,
// when the last build ended since ago (hadBuild false: none yet): the
// time the burst has lasted so far, at least short and at most long, or
// long when the burst began within long of the last build's end.
func (q quietPeriod) wait(burst, since time.Duration, hadBuild bool) time.Duration {
	if hadBuild && since-burst < q.long {
		return q.long
	}
	return min(max(burst, q.short), q.long)
}

// debounce calls fire with the paths received on in, sorted and without
// repeats, once none has come for the quiet time q gives (quietPeriod).
// It returns when in is closed. While fire runs, paths wait in the
// channel and make the next call.
func debounce(in <-chan string, q quietPeriod, fire func([]string)) {
	timer := time.NewTimer(q.long)
	timer.Stop()
	pending := map[string]bool{}
	var burstStart, lastEnd time.Time
	hadBuild := false
	for {
		select {
		case p, ok := <-in:
			if !ok {
				timer.Stop()
				return
			}
			now := time.Now()
			if len(pending) == 0 {
				burstStart = now
			}
			pending[p] = true
			timer.Reset(q.wait(now.Sub(burstStart), now.Sub(lastEnd), hadBuild))
		case <-timer.C:
			changed := make([]string, 0, len(pending))
			for p := range pending {
				changed = append(changed, p)
			}
			slices.Sort(changed)
			clear(pending)
			fire(changed)
			lastEnd, hadBuild = time.Now(), true
		}
	}
}
