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
	"strings"
	"testing/fstest"

	"gpucompare/generator/rootfs"
)

// OpenBase opens the base of a diff: a folder holding data/, or else a git
// revision of the repository that holds root, read with git without
// touching the work tree.
func OpenBase(root, base string) (fs.FS, error) {
	if st, err := os.Stat(base); err == nil && st.IsDir() {
		return rootfs.Open(base, 0)
	}
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
		return nil, fmt.Errorf("%q is neither a folder nor a git revision of the repository at %s", base, root)
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
