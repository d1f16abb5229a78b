package diff

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repo makes a git repository whose one commit holds data/site.yaml
// saying "committed", with a remote-tracking origin/main at it.
func repo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root := t.TempDir()
	write(t, filepath.Join(root, "data/site.yaml"), "title: committed\n")
	for _, args := range [][]string{
		{"init", "-q"},
		{"add", "data"},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "base"},
		{"update-ref", "refs/remotes/origin/main", "HEAD"},
	} {
		cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return root
}

func write(t *testing.T, name, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// siteTitle reads data/site.yaml of a base.
func siteTitle(t *testing.T, fsys fs.FS) string {
	t.Helper()
	data, err := fs.ReadFile(fsys, "data/site.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(data))
}

func TestBaseIsARevisionBeforeAFolderOfTheSameName(t *testing.T) {
	root := repo(t)
	// A pull request adds a folder named like the revision its preview
	// compares with, to make the comparison its own.
	write(t, filepath.Join(root, "origin/main/data/site.yaml"), "title: planted\n")
	t.Chdir(root)

	fsys, b, note, err := OpenBase(".", "origin/main")
	if err != nil {
		t.Fatal(err)
	}
	if b != (Base{Kind: Revision, Name: "origin/main"}) || siteTitle(t, fsys) != "title: committed" {
		t.Errorf("-base origin/main: %v holding %q, want the revision holding %q", b, siteTitle(t, fsys), "title: committed")
	}
	if want := `"origin/main" is a git revision and a folder: comparing with the revision; for the folder, pass -base-dir origin/main`; note != want {
		t.Errorf("note %q, want %q", note, want)
	}

	// -base-dir names the folder.
	fsys, b, _, err = OpenFolder("origin/main")
	if err != nil || b != (Base{Kind: Folder, Name: "origin/main"}) || siteTitle(t, fsys) != "title: planted" {
		t.Errorf("-base-dir origin/main: %v, %v", b, err)
	}
}

func TestBaseFolders(t *testing.T) {
	root := repo(t)
	write(t, filepath.Join(root, "old/data/site.yaml"), "title: old\n")
	t.Chdir(root)

	// A name with a path separator that git does not know is a folder.
	for _, name := range []string{"./old", "old/", filepath.Join(root, "old")} {
		fsys, b, note, err := OpenBase(".", name)
		if err != nil || b != (Base{Kind: Folder, Name: name}) || note != "" || siteTitle(t, fsys) != "title: old" {
			t.Errorf("-base %s: %v, note %q, error %v; want the folder", name, b, note, err)
		}
	}
	// Without one, it is a revision only.
	for _, tt := range []struct{ name, err string }{
		{"old", `"old" is not a git revision of the repository at .; to compare with the folder old, pass -base-dir old`},
		{"nosuch", `"nosuch" is neither a git revision of the repository at . nor a folder (a folder is named with -base-dir)`},
		{"nosuch/dir", `"nosuch/dir" is neither a git revision of the repository at . nor a folder (a folder is named with -base-dir)`},
	} {
		if _, _, _, err := OpenBase(".", tt.name); err == nil || err.Error() != tt.err {
			t.Errorf("-base %s: error %v, want %s", tt.name, err, tt.err)
		}
	}
	if _, _, _, err := OpenFolder("nosuch"); err == nil || err.Error() != "nosuch: not a folder: -base-dir names a site root holding data/" {
		t.Errorf("-base-dir nosuch: %v", err)
	}
}
