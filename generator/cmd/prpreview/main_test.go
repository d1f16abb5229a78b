package main

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repoRoot is the repository's root, holding .github/ and the shipped
// catalog.
const repoRoot = "../../.."

// hostile are the entries a pull request's own run could put in its
// archive beside its catalog, none of which may reach a preview, each
// with what prpreview says of it.
var hostile = []struct {
	h    tar.Header
	body string
	why  string
}{
	{tar.Header{Name: "static/phish.html", Typeflag: tar.TypeReg}, "<script>PHISH-MARKER</script>", "outside data/ and content/"},
	{tar.Header{Name: "templates/base.html", Typeflag: tar.TypeReg}, "HOSTILE-TEMPLATE-MARKER", "outside data/ and content/"},
	{tar.Header{Name: "templates/layouts/home.html", Typeflag: tar.TypeReg}, "HOSTILE-TEMPLATE-MARKER", "outside data/ and content/"},
	{tar.Header{Name: "generator/cmd/gpucompare/main.go", Typeflag: tar.TypeReg}, "package main // HOSTILE-GENERATOR-MARKER", "outside data/ and content/"},
	{tar.Header{Name: ".github/workflows/preview-publish.yml", Typeflag: tar.TypeReg}, "HOSTILE-WORKFLOW-MARKER", "outside data/ and content/"},
	{tar.Header{Name: "data/outside", Typeflag: tar.TypeSymlink, Linkname: "OUTSIDE"}, "", "not a regular file or folder"},
	{tar.Header{Name: "content/secret.md", Typeflag: tar.TypeSymlink, Linkname: "OUTSIDE/secret.md"}, "", "not a regular file or folder"},
	{tar.Header{Name: "content/hard.md", Typeflag: tar.TypeLink, Linkname: "static/phish.html"}, "", "not a regular file or folder"},
	{tar.Header{Name: "../escape.html", Typeflag: tar.TypeReg}, "ESCAPE-MARKER", `a name with ".."`},
	{tar.Header{Name: "data/../../escape.html", Typeflag: tar.TypeReg}, "ESCAPE-MARKER", `a name with ".."`},
	{tar.Header{Name: "content/../static/phish2.html", Typeflag: tar.TypeReg}, "PHISH-MARKER", `a name with ".."`},
	{tar.Header{Name: "/tmp/abs-escape.html", Typeflag: tar.TypeReg}, "ESCAPE-MARKER", "an absolute or empty name"},
	{tar.Header{Name: "data//gpus/x.yaml", Typeflag: tar.TypeReg}, "x", "not a clean relative name"},
	{tar.Header{Name: "data/site.yaml", Typeflag: tar.TypeReg}, "title: HOSTILE-SECOND-COPY\n", "a second entry of the same name"},
	// A link to a folder outside, then a file through it: the link is left
	// out, so the file is written inside, where its name says.
	{tar.Header{Name: "content/through", Typeflag: tar.TypeSymlink, Linkname: "OUTSIDE"}, "", "not a regular file or folder"},
	{tar.Header{Name: "content/through/page.md", Typeflag: tar.TypeReg}, "---\ntitle: Through\ndescription: A page.\n---\n\nThrough.\n", ""},
}

// prArchive writes a pull request's archive as its own run could: the
// shipped data/ and content/ with the site's tagline changed, then every
// entry of hostile, the symbolic links pointing to outside (a folder
// holding secret.md). It returns the archive's path.
func prArchive(t *testing.T, dir, outside string) string {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, top := range catalogDirs {
		err := filepath.WalkDir(filepath.Join(repoRoot, top), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(repoRoot, p)
			name := filepath.ToSlash(rel)
			if d.IsDir() {
				return tw.WriteHeader(&tar.Header{Name: name + "/", Typeflag: tar.TypeDir, Mode: 0o755})
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if name == "data/site.yaml" {
				data = regexpReplaceLine(t, data, "tagline: ", "tagline: 'PR-SEVEN-TAGLINE-MARKER'")
			}
			if err := tw.WriteHeader(&tar.Header{Name: name, Typeflag: tar.TypeReg, Mode: 0o644, Size: int64(len(data))}); err != nil {
				return err
			}
			_, err = tw.Write(data)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range hostile {
		h := e.h
		h.Mode, h.Size = 0o644, int64(len(e.body))
		h.Linkname = strings.Replace(h.Linkname, "OUTSIDE", outside, 1)
		if h.Typeflag != tar.TypeReg {
			h.Size = 0
		}
		if err := tw.WriteHeader(&h); err != nil {
			t.Fatal(err)
		}
		if h.Size > 0 {
			tw.Write([]byte(e.body))
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "catalog.tar")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// regexpReplaceLine replaces the first line of data starting with prefix.
func regexpReplaceLine(t *testing.T, data []byte, prefix, line string) []byte {
	t.Helper()
	lines := strings.SplitAfter(string(data), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, prefix) {
			lines[i] = line + "\n"
			return []byte(strings.Join(lines, ""))
		}
	}
	t.Fatalf("no line %q", prefix)
	return nil
}

// TestExtractTakesOnlyTheCatalog: of a hostile archive, extract writes
// the catalog's folders and files and nothing else, each entry left out
// named with its reason; nothing lands outside the folder.
func TestExtractTakesOnlyTheCatalog(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(dir, "outside")
	os.MkdirAll(outside, 0o755)
	os.WriteFile(filepath.Join(outside, "secret.md"), []byte("---\ntitle: SECRET-OUTSIDE-MARKER\n---\n"), 0o644)
	archive := prArchive(t, dir, outside)
	out := filepath.Join(dir, "a", "b", "root")
	var stderr bytes.Buffer
	if code := run([]string{"extract", "-artifact", archive, "-out", out}, io.Discard, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, e := range hostile {
		if want := "::warning::artifact: \"" + e.h.Name + "\" left out: " + e.why; e.why != "" && !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q", want)
		}
	}
	if _, err := os.Lstat(filepath.Join(outside, "page.md")); err == nil {
		t.Error("a file was written through a link, outside")
	}
	if _, err := os.Stat(filepath.Join(out, "content/through/page.md")); err != nil {
		t.Errorf("content/through/page.md: %v", err)
	}
	var got []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(out, p)
		if d.Type()&fs.ModeSymlink != 0 || !d.Type().IsRegular() && !d.IsDir() {
			t.Errorf("%s: not a regular file or folder", p)
		}
		if d.Type().IsRegular() {
			got = append(got, filepath.ToSlash(rel))
		}
		return nil
	})
	for _, p := range got {
		if strings.HasPrefix(p, "../") && p != "../../../catalog.tar" && p != "../../../outside/secret.md" {
			t.Errorf("%s: written outside the folder", p)
		} else if !strings.HasPrefix(p, "../") && !strings.HasPrefix(p, "data/") && !strings.HasPrefix(p, "content/") {
			t.Errorf("%s: written, not of the catalog", p)
		}
	}
	site, err := os.ReadFile(filepath.Join(out, "data/site.yaml"))
	if err != nil || !bytes.Contains(site, []byte("PR-SEVEN-TAGLINE-MARKER")) {
		t.Errorf("data/site.yaml is not the pull request's: %v\n%.200s", err, site)
	}
	if len(got) < 40 {
		t.Errorf("%d files written: want the catalog", len(got))
	}

	// A folder that is not empty is refused: a link in it could lead out.
	stderr.Reset()
	if code := run([]string{"extract", "-artifact", archive, "-out", out}, io.Discard, &stderr); code != 1 || !strings.Contains(stderr.String(), "is not empty") {
		t.Errorf("into a folder not empty: exit %d, %s", code, stderr.String())
	}
}

// TestCommentSaysWhenCut: a summary longer than the comment holds is cut
// at a line's end, and the comment says so and where the whole is; one
// that fits is whole and says nothing of it.
func TestCommentSaysWhenCut(t *testing.T) {
	line := "| p4d.24xlarge | on-demand | us-east-1 | $32.77 → $21.96 | −33% |\n"
	long := strings.Repeat(line, 2000)
	c := comment{Diff: long, URL: "https://example.org/g/pr-7/", SHA: "0123456789abcdef0123", RunURL: "https://github.com/o/r/actions/runs/9", Max: 60000}
	got := c.String()
	shown := 60000 / len(line) * len(line)
	if !strings.Contains(got, fmt.Sprintf("**The summary is cut here**: it has %d bytes and a comment shows %d.", len(long), shown)) ||
		!strings.Contains(got, "[the run that built the preview](https://github.com/o/r/actions/runs/9)") {
		t.Errorf("a cut summary does not say so:\n%s", got[len(got)-400:])
	}
	body, _, _ := strings.Cut(got, "\n**The summary is cut here**")
	if !strings.HasSuffix(body, line) || len(body) > shown+400 {
		t.Errorf("not cut at a line's end within the limit: %d bytes, ends %q", len(body), body[len(body)-80:])
	}
	if !strings.HasPrefix(got, "**[Preview](https://example.org/g/pr-7/)** of 0123456789ab, built by `main`'s gpucompare") {
		t.Errorf("the comment does not start with the link:\n%.200s", got)
	}

	c.Diff = strings.Repeat(line, 10)
	if got := c.String(); strings.Contains(got, "cut") || !strings.Contains(got, c.Diff) {
		t.Errorf("a summary that fits is not whole:\n%s", got)
	}

	// One long line is cut at a character's start.
	c.Diff, c.Max = strings.Repeat("€", 100), 50
	got = c.String()
	if shown, _, _ := strings.Cut(got, "\n**The summary"); !strings.HasSuffix(shown, strings.Repeat("€", 16)+"\n") || !strings.Contains(got, "a comment shows 48.") {
		t.Errorf("a long line is not cut at a character:\n%s", got)
	}
}

// TestCommentCatalogOnly: a pull request that changes more than data/
// and content/ is told that its preview shows the catalog only, naming
// what else it changes (a name that could be read as Markdown counted,
// not shown), and how a maintainer approves a full build.
func TestCommentCatalogOnly(t *testing.T) {
	c := comment{Diff: "No changes.\n", URL: "https://example.org/pr-7/", Max: 60000,
		Changed: []string{"data/prices/aws.yaml", "content/about.md", "static/phish.html", "templates/base.html", "static/x.js", "Makefile", "@someone <img src=x>/a", "data"}}
	got := c.String()
	want := "This pull request also changes `Makefile`, `data`, `static/`, `templates/`, 1 other file. The preview shows its catalog only"
	if !strings.Contains(got, want) || !strings.Contains(got, "ask for a full build with the label `preview-full` and approve its run") {
		t.Errorf("want %q in\n%s", want, got)
	}
	if strings.Contains(got, "@someone") || strings.Contains(got, "<img") {
		t.Errorf("a file name is shown as it is:\n%s", got)
	}
	c.Changed = []string{"data/prices/aws.yaml", "content/about.md"}
	if got := c.String(); strings.Contains(got, "catalog only") {
		t.Errorf("a catalog edit is told its preview shows the catalog only:\n%s", got)
	}
}

// TestCommentNamesAFewFiles: a pull request changing thousands of files
// outside the catalog gets a comment that names 20 and counts the rest,
// so the whole comment stays within GitHub's 65,536 characters.
func TestCommentNamesAFewFiles(t *testing.T) {
	c := comment{Diff: strings.Repeat("| a | b |\n", 6000), URL: "https://example.org/pr-7/", Max: 60000}
	for i := range 3000 {
		c.Changed = append(c.Changed, fmt.Sprintf("%s-%04d.go", strings.Repeat("f", 90), i))
	}
	got := c.String()
	if n := strings.Count(got, "`"+strings.Repeat("f", 90)); n != maxNamed {
		t.Errorf("the comment names %d files; want %d", n, maxNamed)
	}
	if want := fmt.Sprintf("%d other files", 3000-maxNamed); !strings.Contains(got, want) {
		t.Errorf("the comment does not count the rest (%q)", want)
	}
	if len(got) > 65536 {
		t.Errorf("the comment has %d bytes, over GitHub's 65,536", len(got))
	}
}

// TestPublishStep runs the publishing side of a preview as
// preview-publish.yml does, with main's binaries built from this
// repository, on a hostile pull request's archive: .github/scripts/
// preview-build.sh builds the preview and its summary, preview-branch.sh
// puts it on the preview branch of a repository standing for GitHub's.
// Nothing of the archive but its catalog reaches the branch; the
// catalog's change does, and the preview is marked noindex.
func TestPublishStep(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	for _, cmd := range []string{"gpucompare", "prpreview"} {
		if out, err := exec.Command("go", "build", "-o", filepath.Join(bin, cmd), "../"+cmd).CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", cmd, err, out)
		}
	}
	outside := filepath.Join(dir, "outside")
	os.MkdirAll(outside, 0o755)
	os.WriteFile(filepath.Join(outside, "secret.md"), []byte("---\ntitle: SECRET-OUTSIDE-MARKER\ndescription: x\n---\n\nSECRET-OUTSIDE-MARKER\n"), 0o644)
	archive := prArchive(t, dir, outside)
	root, _ := filepath.Abs(repoRoot)
	scripts := filepath.Join(root, ".github", "scripts")
	env := append(os.Environ(), "GPUCOMPARE="+filepath.Join(bin, "gpucompare"), "PRPREVIEW="+filepath.Join(bin, "prpreview"), "SOURCE_DATE_EPOCH=1796083200")

	out := filepath.Join(dir, "out")
	cmd := exec.Command(filepath.Join(scripts, "preview-build.sh"), archive, root, "https://example.org/gpucompare/pr-7/", out)
	cmd.Env = env
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("preview-build.sh: %v\n%s", err, b)
	}
	diff, err := os.ReadFile(filepath.Join(out, "diff.md"))
	if err != nil || !bytes.Contains(diff, []byte("PR-SEVEN-TAGLINE-MARKER")) {
		t.Errorf("diff.md does not tell the catalog's change: %v\n%.600s", err, diff)
	}

	remote := filepath.Join(dir, "remote.git")
	if b, err := exec.Command("git", "init", "-q", "--bare", remote).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, b)
	}
	env = append(env, "REMOTE="+remote)
	branch := func(args ...string) map[string][]byte {
		t.Helper()
		cmd := exec.Command(filepath.Join(scripts, "preview-branch.sh"), args...)
		cmd.Env = env
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("preview-branch.sh %v: %v\n%s", args, err, b)
		}
		b, err := exec.Command("git", "--git-dir", remote, "archive", "--format=tar", "gh-pages-previews").Output()
		if err != nil {
			t.Fatalf("git archive: %v", err)
		}
		files := map[string][]byte{}
		tr := tar.NewReader(bytes.NewReader(b))
		for {
			h, err := tr.Next()
			if err == io.EOF {
				return files
			}
			if err != nil {
				t.Fatal(err)
			}
			if h.Typeflag == tar.TypeReg {
				files[h.Name], _ = io.ReadAll(tr)
			} else if h.Typeflag != tar.TypeDir && h.Typeflag != tar.TypeXGlobalHeader {
				t.Errorf("%s: not a regular file or folder on the branch", h.Name)
			}
		}
	}
	// Another pull request's preview is there already, and stays.
	other := filepath.Join(dir, "other")
	os.MkdirAll(other, 0o755)
	os.WriteFile(filepath.Join(other, "index.html"), []byte("pr 3"), 0o644)
	branch("3", "publish", other)

	files := branch("7", "publish", filepath.Join(out, "site"))
	pages := 0
	for name, data := range files {
		if name == "pr-3/index.html" {
			continue
		}
		if !strings.HasPrefix(name, "pr-7/") {
			t.Errorf("%s: published outside pr-7/", name)
		}
		for _, marker := range []string{"PHISH-MARKER", "HOSTILE-", "SECRET-OUTSIDE-MARKER", "ESCAPE-MARKER"} {
			if bytes.Contains(data, []byte(marker)) {
				t.Errorf("%s: holds %s from the pull request's archive", name, marker)
			}
		}
		if strings.Contains(name, "phish") || strings.Contains(name, "secret") || strings.Contains(name, "escape") {
			t.Errorf("%s: published from the pull request's archive", name)
		}
		if strings.HasSuffix(name, ".html") {
			pages++
			if !bytes.Contains(data, []byte(`<meta name="robots" content="noindex">`)) {
				t.Errorf("%s: not marked noindex", name)
			}
		}
	}
	if files["pr-7/sitemap.xml"] != nil {
		t.Error("the preview has a sitemap")
	}
	if !bytes.Contains(files["pr-7/index.html"], []byte(`<link rel="canonical" href="https://example.org/gpucompare/pr-7/index.html">`)) {
		t.Error("pr-7/index.html is not built for the preview's address")
	}
	if !bytes.Contains(files["pr-7/index.html"], []byte("PR-SEVEN-TAGLINE-MARKER")) {
		t.Error("pr-7/index.html does not show the pull request's catalog")
	}
	if style, err := os.ReadFile(filepath.Join(root, "static/style.css")); err != nil || !bytes.Equal(files["pr-7/static/style.css"], style) {
		t.Errorf("pr-7/static/style.css is not main's: %v", err)
	}
	if pages < 100 {
		t.Errorf("%d pages published: want the whole site", pages)
	}
	if string(files["pr-3/index.html"]) != "pr 3" {
		t.Error("another pull request's preview was lost")
	}
	for _, p := range []string{filepath.Join(dir, "escape.html"), "/tmp/abs-escape.html", filepath.Join(root, "escape.html")} {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("%s: written outside", p)
		}
	}

	files = branch("7", "remove", filepath.Join(dir, "no-site")) // as the workflow words it
	for name := range files {
		if strings.HasPrefix(name, "pr-7/") {
			t.Fatalf("%s: the preview of a closed pull request stays", name)
		}
	}
	if string(files["pr-3/index.html"]) != "pr 3" {
		t.Error("another pull request's preview was lost")
	}
}
