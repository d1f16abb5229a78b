package site

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
)

// Write puts files in outDir in one swap: it writes them into a fresh
// temporary directory beside outDir, then renames the old outDir aside,
// renames the new one into its place, and only then removes the old one.
// When anything fails before the swap, outDir is left as it was and the
// temporary directory is removed.
func Write(outDir string, files Files) (err error) {
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
	if err := writeTree(tmp, files); err != nil {
		return fmt.Errorf("write %s: %w", outDir, err)
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
