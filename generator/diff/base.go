package diff

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing/fstest"

	"gpucompare/generator/rootfs"
)

// Base is what a diff compares the catalog with: a git revision of the
// repository holding the site root, or a folder holding data/.
type Base struct {
	Kind string `json:"kind"` // "revision" or "folder"
	Name string `json:"name"` // as given on the command line
}

// Kinds of Base.
const (
	Revision = "revision"
	Folder   = "folder"
)

// String names the base for a reader: "git revision origin/main",
// "folder ../base".
func (b Base) String() string {
	switch {
	case b.Name == "":
		return "the base"
	case b.Kind == Folder:
		return "folder " + b.Name
	}
	return "git revision " + b.Name
}

// OpenBase opens the base named by -base. A name is a git revision of the
// repository that holds root, read with git without touching the work
// tree, whatever folders the work tree holds: a pull request that adds a
// folder named like the revision (origin/main/data/) must not become its
// own base. A name that is no revision but holds a path separator and
// names a folder (../base, ./base) is that folder. The Base says which
// was used; note, if not empty, says that the name was both.
func OpenBase(root, name string) (fsys fs.FS, b Base, note string, err error) {
	isDir := strings.ContainsAny(name, `/`+string(filepath.Separator)) && dirExists(name)
	fsys, err = openRevision(root, name)
	switch {
	case err == nil && isDir:
		note = fmt.Sprintf("%q is a git revision and a folder: comparing with the revision; for the folder, pass -base-dir %s", name, name)
		return fsys, Base{Kind: Revision, Name: name}, note, nil
	case err == nil:
		return fsys, Base{Kind: Revision, Name: name}, "", nil
	case isDir:
		return OpenFolder(name)
	case errors.Is(err, errNoRevision) && dirExists(name):
		return nil, Base{}, "", fmt.Errorf("%q is not a git revision of the repository at %s; to compare with the folder %s, pass -base-dir %s", name, root, name, name)
	case errors.Is(err, errNoRevision):
		return nil, Base{}, "", fmt.Errorf("%q is neither a git revision of the repository at %s nor a folder (a folder is named with -base-dir)", name, root)
	}
	return nil, Base{}, "", err
}

// OpenFolder opens a base named by -base-dir: a folder holding data/.
func OpenFolder(base string) (fs.FS, Base, string, error) {
	if st, err := os.Stat(base); err == nil && st.IsDir() {
		fsys, err := rootfs.Open(base, 0)
		if err != nil {
			return nil, Base{}, "", err
		}
		return fsys, Base{Kind: Folder, Name: base}, "", nil
	}
	return nil, Base{}, "", fmt.Errorf("%s: not a folder: -base-dir names a site root holding data/", base)
}

func dirExists(name string) bool {
	st, err := os.Stat(name)
	return err == nil && st.IsDir()
}

// errNoRevision is the error of openRevision for a name git does not know.
var errNoRevision = errors.New("not a git revision")

// openRevision reads data/ of a git revision of the repository holding
// root into memory.
func openRevision(root, base string) (fs.FS, error) {
	git := func(args ...string) ([]byte, error) {
		cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
		}
		return out, nil
	}
	if _, err := git("rev-parse", "--verify", "--quiet", base+"^{commit}"); err != nil {
		return nil, errNoRevision
	}
	prefix, err := git("rev-parse", "--show-prefix")
	if err != nil {
		return nil, err
	}
	dir := strings.TrimSpace(string(prefix)) + "data"
	if _, err := git("rev-parse", "--verify", "--quiet", base+":"+dir); err != nil {
		return nil, fmt.Errorf("revision %s has no %s/", base, dir)
	}
	archive, err := git("archive", "--format=tar", base, "--", ":(top)"+dir)
	if err != nil {
		return nil, err
	}
	fsys := fstest.MapFS{}
	tr := tar.NewReader(bytes.NewReader(archive))
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading revision %s: %v", base, err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			return nil, err
		}
		fsys[strings.TrimPrefix(h.Name, strings.TrimSuffix(dir, "data"))] = &fstest.MapFile{Data: data}
	}
	return fsys, nil
}
