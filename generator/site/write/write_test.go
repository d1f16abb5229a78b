package write

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// Files of a Dir share buffers one after another: each file gets its
// own bytes, and a file closed twice does not hand its buffer on twice.
func TestDirSinkFilesShareBuffers(t *testing.T) {
	for _, behind := range []bool{false, true} {
		t.Run(fmt.Sprintf("write-behind=%v", behind), func(t *testing.T) { testDirSinkFilesShareBuffers(t, behind) })
	}
}

func testDirSinkFilesShareBuffers(t *testing.T, behind bool) {
	dir := t.TempDir()
	s := NewDir(dir)
	if behind {
		s = NewWriteBehindDir(dir)
	}
	want := map[string]string{"a.txt": "first", "b/c.txt": "second, longer", "d.txt": ""}
	for _, name := range []string{"a.txt", "b/c.txt", "d.txt"} {
		f, err := s.Create(name)
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
	if err := s.Wait(); err != nil {
		t.Fatal(err)
	}
	for name, text := range want {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || string(got) != text {
			t.Errorf("%s: %q, %v; want %q", name, got, err, text)
		}
	}
	if n := s.Count(); n != 3 {
		t.Errorf("%d files counted, want 3", n)
	}
}

// TestWriteBehindDirWritesEveryFile: files put and created from several
// goroutines at once, of every size about the buffer's, in one write or
// many, are each written whole once Wait returns, and counted.
func TestWriteBehindDirWritesEveryFile(t *testing.T) {
	dir := t.TempDir()
	s := NewWriteBehindDir(dir)
	sizes := []int{0, 1, fileBuffer - 1, fileBuffer, fileBuffer + 1, 3*fileBuffer + 7}
	want := map[string][]byte{}
	for g := range 4 {
		for i, n := range sizes {
			data := make([]byte, n)
			for j := range data {
				data[j] = byte(g*31 + i*7 + j)
			}
			want[fmt.Sprintf("g%d/put-%d.bin", g, i)] = data
			want[fmt.Sprintf("g%d/create-%d.bin", g, i)] = data
		}
	}
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for g := range 4 {
		wg.Go(func() {
			for i := range sizes {
				put := fmt.Sprintf("g%d/put-%d.bin", g, i)
				if err := s.Put(put, want[put]); err != nil {
					errs[g] = err
					return
				}
				name := fmt.Sprintf("g%d/create-%d.bin", g, i)
				f, err := s.Create(name)
				if err != nil {
					errs[g] = err
					return
				}
				// In pieces of every size below the buffer and past it,
				// by Write and by io.WriteString in turn.
				data := want[name]
				for k, piece := 0, 1; len(data) > 0; k, piece = k+1, piece*3 {
					n := min(piece, len(data))
					if k%2 == 0 {
						_, err = f.Write(data[:n])
					} else {
						_, err = io.WriteString(f, string(data[:n]))
					}
					if err != nil {
						errs[g] = err
						return
					}
					data = data[n:]
				}
				if err := f.Close(); err != nil {
					errs[g] = err
					return
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if err := s.Wait(); err != nil {
		t.Fatal(err)
	}
	for name, data := range want {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s: %d bytes, %v; want %d bytes", name, len(got), err, len(data))
		}
	}
	if n := s.Count(); n != len(want) {
		t.Errorf("%d files counted, want %d", n, len(want))
	}
}

// TestWriteBehindDirSaysWhatFailed: a file its writers cannot write
// makes Wait fail, and the files put or created after it.
func TestWriteBehindDirSaysWhatFailed(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "taken"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := NewWriteBehindDir(dir)
	if err := s.Put("taken", []byte("a folder is in the way")); err != nil {
		t.Fatalf("the file is written behind, yet Put failed: %v", err)
	}
	err := s.Wait()
	if err == nil || !strings.Contains(err.Error(), "taken") {
		t.Fatalf("Wait: %v, want the error of writing taken", err)
	}
	if err := s.Put("next", nil); err == nil {
		t.Error("a Put after a failed write: no error")
	}
	if _, err := s.Create("next"); err == nil {
		t.Error("a Create after a failed write: no error")
	}
	if s.Count() != 0 {
		t.Errorf("%d files counted, want 0", s.Count())
	}
}

// TestDirFileFailedIsNotWritten: a file whose writing failed half-way
// is not written whole from what was held, and its Close says why; a
// file put after Wait fails, and does not panic.
func TestDirFileFailedIsNotWritten(t *testing.T) {
	for _, behind := range []bool{false, true} {
		dir := t.TempDir()
		s := NewDir(dir)
		if behind {
			s = NewWriteBehindDir(dir)
		}
		f, err := s.Create("page.html")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write(make([]byte, 1000)); err != nil {
			t.Fatal(err)
		}
		inTheWay := filepath.Join(dir, "page.html")
		if err := os.Mkdir(inTheWay, 0o755); err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write(make([]byte, fileBuffer)); err == nil {
			t.Fatalf("write-behind=%v: a write past the buffer into a folder: no error", behind)
		}
		if err := os.Remove(inTheWay); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err == nil {
			t.Errorf("write-behind=%v: Close of a file whose write failed: no error", behind)
		}
		if err := s.Wait(); err != nil {
			t.Errorf("write-behind=%v: Wait: %v", behind, err)
		}
		if _, err := os.Stat(inTheWay); !errors.Is(err, fs.ErrNotExist) || s.Count() != 0 {
			t.Errorf("write-behind=%v: the failed file was written (%v), %d counted", behind, err, s.Count())
		}
		if behind {
			if err := s.Put("late.html", []byte("late")); !errors.Is(err, errWaited) {
				t.Errorf("a Put after Wait: %v, want %v", err, errWaited)
			}
			if err := s.Put("large.html", make([]byte, 2*fileBuffer)); !errors.Is(err, errWaited) {
				t.Errorf("a large Put after Wait: %v, want %v", err, errWaited)
			}
			if _, err := s.Create("late.html"); !errors.Is(err, errWaited) {
				t.Errorf("a Create after Wait: %v, want %v", err, errWaited)
			}
		}
	}
}

// TestWriteBehindDirWaitWhilePutting: files put while Wait runs are
// either written and counted or refused with errWaited; none panics.
func TestWriteBehindDirWaitWhilePutting(t *testing.T) {
	dir := t.TempDir()
	s := NewWriteBehindDir(dir)
	var wg sync.WaitGroup
	var written [4]int
	for g := range 4 {
		wg.Go(func() {
			for i := 0; ; i++ {
				err := s.Put(fmt.Sprintf("g%d-%d.txt", g, i), []byte("x"))
				if errors.Is(err, errWaited) {
					return
				}
				if err != nil {
					t.Error(err)
					return
				}
				written[g]++
			}
		})
	}
	for s.Count() < 100 {
		time.Sleep(time.Millisecond)
	}
	if err := s.Wait(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if n := written[0] + written[1] + written[2] + written[3]; s.Count() != n {
		t.Errorf("%d files counted, %d put", s.Count(), n)
	}
}

// previousSite and nextSite are the outputs of two builds, for the tests
// of the swap: several files and folders, so that a removal can be cut
// short half-way.
func previousSite() Files {
	return Files{"index.html": []byte("old"), "a/index.html": []byte("old a"), "b/c/index.html": []byte("old c"), "d.css": []byte("old d")}
}

func nextSite() Files {
	return Files{"index.html": []byte("new"), "a/index.html": []byte("new a"), "e/index.html": []byte("new e")}
}

// onDisk is what files look like under an output folder, marker included.
func onDisk(files Files) map[string]string {
	m := map[string]string{MarkerName: MarkerText}
	for p, b := range files {
		m[p] = string(b)
	}
	return m
}

// fillWith returns a fill for publish that writes files one at a time,
// calling at(stepFilling) once half of them are written.
func fillWith(files Files, at func(string)) func(tmp string) error {
	return func(tmp string) error {
		s := NewDir(tmp)
		for i, p := range files.Paths() {
			if i == len(files)/2 && at != nil {
				at(stepFilling)
			}
			if err := s.Put(p, files[p]); err != nil {
				return err
			}
		}
		return nil
	}
}

// stepFilling is a step inside fillWith: the new site is half written.
const stepFilling = "filling"

// exchangeWorks skips the test where folders cannot be exchanged in one
// step: there the output is missing for a moment (TestTwoRenames…).
func exchangeWorks(t *testing.T) {
	t.Helper()
	a, b := t.TempDir(), t.TempDir()
	if err := exchangeDirs(a, b); errors.Is(err, errors.ErrUnsupported) {
		t.Skip("this system cannot exchange two folders in one step")
	} else if err != nil {
		t.Fatal(err)
	}
}

// noTwoRenames makes publish fall back to its two renames.
func noTwoRenames(a, b string) error { return errors.ErrUnsupported }

// TestEveryStepOfTheSwapLeavesAWholeTree: at each step of replacing an
// output, the output folder holds the whole previous site or the whole
// next one, and at the end only the next one is left.
func TestEveryStepOfTheSwapLeavesAWholeTree(t *testing.T) {
	exchangeWorks(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	if err := Write(out, previousSite()); err != nil {
		t.Fatal(err)
	}
	old, next := onDisk(previousSite()), onDisk(nextSite())
	var steps []string
	at := func(step string) {
		steps = append(steps, step)
		if got := snapshot(t, out); !maps.Equal(got, old) && !maps.Equal(got, next) {
			t.Errorf("at step %q the output is neither site: %v", step, got)
		}
	}
	if err := (swap{at: at}).publish(out, fillWith(nextSite(), at)); err != nil {
		t.Fatal(err)
	}
	want := []string{stepCreated, stepFilling, stepFilled, stepSwapped, stepRemoving}
	if !slices.Equal(steps, want) {
		t.Errorf("steps %q, want %q", steps, want)
	}
	if got := snapshot(t, out); !maps.Equal(got, next) {
		t.Errorf("after the swap: %v", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary folders left behind: %v", entries)
	}
}

// TestTwoRenamesPutThePreviousSiteBack: where folders cannot be exchanged,
// the output is missing between the two renames, with the previous site
// whole beside it; a build killed there has the next build put it back
// first, so that a failing build leaves it as it was.
func TestTwoRenamesPutThePreviousSiteBack(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	if err := Write(out, previousSite()); err != nil {
		t.Fatal(err)
	}
	old := onDisk(previousSite())
	var steps []string
	at := func(step string) {
		steps = append(steps, step)
		if step != stepAside {
			return
		}
		if _, err := os.Lstat(out); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("between the renames: the output is there (%v)", err)
		}
		// What a build killed here leaves: the previous site aside, marked,
		// and no lock (the lock dies with the build).
		asides, _ := filepath.Glob(filepath.Join(dir, ".public.old-*"))
		if len(asides) != 1 || !maps.Equal(snapshot(t, filepath.Join(asides[0], "public")), old) || !isMarked(asides[0]) {
			t.Fatalf("between the renames: want the previous site marked aside, got %v", asides)
		}
		if err := os.CopyFS(filepath.Join(dir, ".public.old-killed"), os.DirFS(asides[0])); err != nil {
			t.Fatal(err)
		}
	}
	if err := (swap{exchange: noTwoRenames, at: at}).publish(out, fillWith(nextSite(), at)); err != nil {
		t.Fatal(err)
	}
	want := []string{stepCreated, stepFilling, stepFilled, stepAside, stepSwapped, stepRemoving}
	if !slices.Equal(steps, want) {
		t.Errorf("steps %q, want %q", steps, want)
	}

	// The killed build's copy of the previous site goes back in place, and
	// a build that then fails leaves it there.
	if err := os.RemoveAll(out); err != nil {
		t.Fatal(err)
	}
	late := errors.New("late failure")
	if err := Publish(out, func(string) error { return late }); err != late {
		t.Fatalf("got %v, want the error of the build", err)
	}
	if got := snapshot(t, out); !maps.Equal(got, old) {
		t.Errorf("after a failed build: %v, want the previous site", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary folders left behind: %v", entries)
	}
}

// TestBuildKilledAtEachStepLeavesAWholeTree kills a build (this test
// binary, run as TestKilledBuild) with SIGKILL at each step of replacing
// an output: the output holds the whole previous site or the whole next
// one, and the next build leaves the next site and nothing else.
func TestBuildKilledAtEachStepLeavesAWholeTree(t *testing.T) {
	exchangeWorks(t)
	old, next := onDisk(previousSite()), onDisk(nextSite())
	for _, step := range []string{stepCreated, stepFilling, stepFilled, stepSwapped, stepRemoving} {
		t.Run(step, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "public")
			if err := Write(out, previousSite()); err != nil {
				t.Fatal(err)
			}
			killBuild(t, out, step, "")
			if got := snapshot(t, out); !maps.Equal(got, old) && !maps.Equal(got, next) {
				t.Errorf("killed at %q: the output is neither site: %v", step, got)
			}
			if err := Write(out, nextSite()); err != nil {
				t.Fatal(err)
			}
			if got := snapshot(t, out); !maps.Equal(got, next) {
				t.Errorf("the build after: %v", got)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("the build after left temporary folders: %v", entries)
			}
		})
	}
}

// TestBuildKilledBetweenTwoRenames: where folders cannot be exchanged, a
// build killed between its renames leaves no output, and the next build,
// even one that fails, puts the previous site back.
func TestBuildKilledBetweenTwoRenames(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	if err := Write(out, previousSite()); err != nil {
		t.Fatal(err)
	}
	killBuild(t, out, stepAside, "two renames")
	if _, err := os.Lstat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("killed between the renames: the output is there (%v)", err)
	}
	late := errors.New("late failure")
	if err := Publish(out, func(string) error { return late }); err != late {
		t.Fatalf("got %v, want the error of the build", err)
	}
	if got := snapshot(t, out); !maps.Equal(got, onDisk(previousSite())) {
		t.Errorf("after a failed build: %v, want the previous site", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary folders left behind: %v", entries)
	}
}

// killBuild runs this test binary as TestKilledBuild, which writes
// nextSite into out and kills itself at step, with two renames when
// renames is not empty; it fails the test unless the build died there.
func killBuild(t *testing.T, out, step, renames string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestKilledBuild$")
	cmd.Env = append(os.Environ(), "GPUCOMPARE_TEST_KILL_OUT="+out, "GPUCOMPARE_TEST_KILL_AT="+step, "GPUCOMPARE_TEST_KILL_RENAMES="+renames)
	output, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != -1 {
		t.Fatalf("the build was not killed at %q: %v\n%s", step, err, output)
	}
}

// TestKilledBuild is a build for killBuild to kill; it does nothing
// unless killBuild runs it.
func TestKilledBuild(t *testing.T) {
	out, step := os.Getenv("GPUCOMPARE_TEST_KILL_OUT"), os.Getenv("GPUCOMPARE_TEST_KILL_AT")
	if out == "" || step == "" {
		t.Skip("run by killBuild")
	}
	at := func(s string) {
		if s == step {
			if p, err := os.FindProcess(os.Getpid()); err == nil {
				p.Kill()
			}
			select {} // SIGKILL ends the process before this returns.
		}
	}
	s := swap{at: at}
	if os.Getenv("GPUCOMPARE_TEST_KILL_RENAMES") != "" {
		s.exchange = noTwoRenames
	}
	if err := s.publish(out, fillWith(nextSite(), at)); err != nil {
		t.Fatal(err)
	}
}

// TestWriteReplacesOnlyItsOwnOutput: a folder of other files is refused
// with an error that names it and says what to do, and is left as it was;
// an empty folder, an earlier output, and the folder a symbolic link
// names are written.
func TestWriteReplacesOnlyItsOwnOutput(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(filepath.Join(home, ".ssh"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := Write(home, nextSite())
	want := `"` + home + `" holds files but no .gpucompare-output, so it is not an earlier output of gpucompare build; nothing in it was changed: remove it yourself, or choose another output folder`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	if got := snapshot(t, home); !maps.Equal(got, map[string]string{".ssh/id_rsa": "secret"}) {
		t.Errorf("the folder changed: %v", got)
	}

	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, files := range []Files{previousSite(), nextSite()} {
		if err := Write(empty, files); err != nil {
			t.Fatal(err)
		}
		if got := snapshot(t, empty); !maps.Equal(got, onDisk(files)) {
			t.Errorf("got %v", got)
		}
	}

	link := filepath.Join(dir, "link")
	if err := os.Symlink("empty", link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, previousSite()); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link is gone: %v", err)
	}
	if got := snapshot(t, empty); !maps.Equal(got, onDisk(previousSite())) {
		t.Errorf("through the link: %v", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("temporary folders left behind: %v", entries)
	}
}

// TestStaleFoldersAreOnlyTheBuildsOwn: the next build removes the marked
// temporary folders of killed builds, but neither a folder only named
// like one nor the temporary folder of a build still running.
func TestStaleFoldersAreOnlyTheBuildsOwn(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	stale, unlock, err := newMarkedDir(dir, ".public.new-")
	if err != nil {
		t.Fatal(err)
	}
	unlock() // as a killed build leaves it
	if err := writeTree(stale, previousSite()); err != nil {
		t.Fatal(err)
	}
	running, unlock, err := newMarkedDir(dir, ".public.new-")
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	mine := filepath.Join(dir, ".public.old-mine")
	if err := os.Mkdir(mine, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeTree(mine, Files{"notes.txt": []byte("mine")}); err != nil {
		t.Fatal(err)
	}
	if err := Write(out, nextSite()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the stale folder is still there (%v)", err)
	}
	if !isMarked(running) {
		t.Error("the folder of a running build was removed")
	}
	if got := snapshot(t, mine); !maps.Equal(got, map[string]string{"notes.txt": "mine"}) {
		t.Errorf("a folder named like a temporary one changed: %v", got)
	}
}

// TestConcurrentWritesAllSucceed: builds into one output at once each put
// a whole site in place, never removing one another's temporary folders;
// the last one stays, and nothing else.
// TestAnOutputPutInPlaceMeanwhileIsReplaced: when another build puts its
// output in place between the check that none is there and the rename,
// the build replaces that output as any previous one, instead of failing
// on a folder that is not empty.
func TestAnOutputPutInPlaceMeanwhileIsReplaced(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	at := func(step string) {
		if step == stepNoOutput {
			if err := Write(out, previousSite()); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := (swap{at: at}).publish(out, fillWith(nextSite(), nil)); err != nil {
		t.Fatal(err)
	}
	if got := snapshot(t, out); !maps.Equal(got, onDisk(nextSite())) {
		t.Errorf("the output is not the next site: %v", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary folders left behind: %v", entries)
	}
}

func TestConcurrentWritesAllSucceed(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	sites := []Files{previousSite(), nextSite(), previousSite(), nextSite(), {"index.html": []byte("fifth")}}
	errs := make([]error, len(sites))
	var wg sync.WaitGroup
	for i, files := range sites {
		wg.Go(func() { errs[i] = Write(out, files) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	got := snapshot(t, out)
	if !slices.ContainsFunc(sites, func(f Files) bool { return maps.Equal(got, onDisk(f)) }) {
		t.Errorf("the output is none of the sites: %v", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary folders left behind: %v", entries)
	}
}

func TestWriteIsAtomic(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	first := Files{"index.html": []byte("one"), "a/b/index.html": []byte("two")}
	if err := Write(out, first); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, out)

	// "a" is a file and a folder at once: the write fails part-way.
	broken := Files{"index.html": []byte("new"), "a": []byte("file"), "a/b/index.html": []byte("x")}
	if err := Write(out, broken); err == nil {
		t.Fatal("want an error")
	}
	if after := snapshot(t, out); !maps.Equal(before, after) {
		t.Errorf("a failed write changed the output:\nbefore %v\nafter  %v", before, after)
	}
	if err := Write(out, Files{"../escape": []byte("x")}); err == nil {
		t.Error("want an error for a path leaving the output")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary directories left behind: %v", entries)
	}

	second := Files{"index.html": []byte("three")}
	if err := Write(out, second); err != nil {
		t.Fatal(err)
	}
	if got := snapshot(t, out); !maps.Equal(got, map[string]string{"index.html": "three", MarkerName: MarkerText}) {
		t.Errorf("after a good write: %v", got)
	}
	if fi, err := os.Stat(out); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("output directory mode: %v %v", fi.Mode(), err)
	}
	entries, _ = os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary directories left behind: %v", entries)
	}
}

func TestWriteRefusesAFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	if err := os.WriteFile(out, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(out, Files{"index.html": nil}); err == nil {
		t.Error("want an error")
	}
	if data, _ := os.ReadFile(out); string(data) != "keep" {
		t.Error("file overwritten")
	}
}

// snapshot reads every file under dir.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return out
}
