package main

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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

	remote := bareRemote(t, dir)
	env = append(env, "REMOTE="+remote)
	branch := func(args ...string) map[string][]byte {
		t.Helper()
		cmd := exec.Command(filepath.Join(scripts, "preview-branch.sh"), args...)
		cmd.Env = env
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("preview-branch.sh %v: %v\n%s", args, err, b)
		}
		return branchFiles(t, remote)
	}
	// Another pull request's preview is there already, and stays.
	other := filepath.Join(dir, "other")
	os.MkdirAll(other, 0o755)
	os.WriteFile(filepath.Join(other, "index.html"), []byte("pr 3"), 0o644)
	branch("3", "publish", other)

	files := branch("7", "publish", filepath.Join(out, "site"))
	pages := 0
	for name, data := range files {
		if name == "pr-3/index.html" || name == "previews.txt" {
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
			if !bytes.Contains(data, []byte(siteCSP)) && name != "pr-7/404.html" {
				t.Errorf("%s: not under the site's policy %s", name, siteCSP)
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

// branchFiles returns the files of the preview branch of the repository
// remote, by name.
func branchFiles(t *testing.T, remote string) map[string][]byte {
	t.Helper()
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

// TestPreviewBranchBounds runs .github/scripts/preview-branch.sh with a
// cap of 3 previews and 1,000 bytes a preview: a preview over the size is
// refused and the branch is left as it was; beyond the cap the preview
// published longest ago is dropped (a preview republished counts as new,
// and a folder from before the list counts as the oldest); a removed
// preview leaves the list.
func TestPreviewBranchBounds(t *testing.T) {
	dir := t.TempDir()
	root, _ := filepath.Abs(repoRoot)
	script := filepath.Join(root, ".github", "scripts", "preview-branch.sh")
	remote := bareRemote(t, dir)
	env := append(os.Environ(), "REMOTE="+remote, "PREVIEW_MAX=3", "PREVIEW_MAX_BYTES=1000")
	site := func(pr string, size int) string {
		p := filepath.Join(dir, "site-"+pr)
		os.MkdirAll(filepath.Join(p, "compare"), 0o755)
		os.WriteFile(filepath.Join(p, "index.html"), []byte("pr "+pr), 0o644)
		os.WriteFile(filepath.Join(p, "compare", "index.html"), bytes.Repeat([]byte("x"), size), 0o644)
		return p
	}
	branch := func(args ...string) (string, error) {
		cmd := exec.Command(script, args...)
		cmd.Env = env
		b, err := cmd.CombinedOutput()
		return string(b), err
	}
	// A folder made before the list, pushed as an older script would.
	if out, err := branch("2", "publish", site("2", 10)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	previews := func() (string, []string) {
		files := branchFiles(t, remote)
		var prs []string
		for name := range files {
			if pr, ok := strings.CutSuffix(name, "/index.html"); ok && strings.HasPrefix(pr, "pr-") && !strings.Contains(pr, "/") {
				prs = append(prs, pr)
			}
		}
		slices.Sort(prs)
		return string(files["previews.txt"]), prs
	}
	for _, pr := range []string{"5", "9", "7"} {
		if out, err := branch(pr, "publish", site(pr, 10)); err != nil {
			t.Fatalf("publish %s: %v\n%s", pr, err, out)
		}
	}
	if list, prs := previews(); list != "5\n9\n7\n" || !slices.Equal(prs, []string{"pr-5", "pr-7", "pr-9"}) {
		t.Errorf("after 2, 5, 9, 7 with a cap of 3: list %q, folders %v; want 5 9 7 kept, 2 dropped", list, prs)
	}
	// 5 again is the newest; 11 then drops 9, the oldest.
	branch("5", "publish", site("5", 20))
	if out, err := branch("11", "publish", site("11", 10)); err != nil || !strings.Contains(out, "pr-9: dropped") {
		t.Errorf("publish 11: %v; want pr-9 dropped:\n%s", err, out)
	}
	if list, prs := previews(); list != "7\n5\n11\n" || !slices.Equal(prs, []string{"pr-11", "pr-5", "pr-7"}) {
		t.Errorf("after 5 again and 11: list %q, folders %v; want 7 5 11", list, prs)
	}
	// Too large: refused, with the reason, and the branch as it was.
	out, err := branch("13", "publish", site("13", 2000))
	if err == nil || !strings.Contains(out, "more than the 1000 a preview may have: not published") {
		t.Errorf("a preview of 2,000 bytes: %v; want a refusal:\n%s", err, out)
	}
	if list, prs := previews(); list != "7\n5\n11\n" || slices.Contains(prs, "pr-13") {
		t.Errorf("a refused preview changed the branch: list %q, folders %v", list, prs)
	}
	// Removed: out of the folders and the list.
	branch("5", "remove")
	if list, prs := previews(); list != "7\n11\n" || !slices.Equal(prs, []string{"pr-11", "pr-7"}) {
		t.Errorf("after removing 5: list %q, folders %v; want 7 11", list, prs)
	}
}

// fakeGH writes into dir a program gh that stands for GitHub's: it
// answers the pull request's state with state and logs every call, with
// the body of a comment, to dir/gh.log. It returns the PATH to run with.
func fakeGH(t *testing.T, dir, state string) string {
	t.Helper()
	bin := filepath.Join(dir, "fakebin")
	os.MkdirAll(bin, 0o755)
	script := `#!/usr/bin/env bash
log=` + filepath.Join(dir, "gh.log") + `
echo "gh $*" >> "$log"
prev=
for a in "$@"; do
  if [ "$prev" = --body-file ]; then echo "--- body" >> "$log"; cat "$a" >> "$log"; echo "--- end" >> "$log"; fi
  prev=$a
done
if [ "$1 $2" = "api repos/o/r/pulls/7" ]; then echo "` + state + `"; fi
`
	if err := os.WriteFile(filepath.Join(bin, "gh"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin + string(os.PathListSeparator) + os.Getenv("PATH")
}

// TestFailedPreviewComment runs .github/scripts/preview-failed.sh, which
// main's workflows run when a preview's run fails, against a stand-in for
// GitHub: the bot's last comment is replaced by one that names the commit
// that has no preview and the run that failed, and the commit's status
// "preview" fails with the run's link; when the pull request has moved on
// to another commit nothing is said; a number that is not one is refused.
func TestFailedPreviewComment(t *testing.T) {
	root, _ := filepath.Abs(repoRoot)
	script := filepath.Join(root, ".github", "scripts", "preview-failed.sh")
	sha := "0123456789abcdef0123456789abcdef01234567"
	runURL := "https://github.com/o/r/actions/runs/42"
	call := func(state string, args ...string) (string, string, error) {
		dir := t.TempDir()
		cmd := exec.Command(script, args...)
		cmd.Env = append(os.Environ(), "PATH="+fakeGH(t, dir, state), "REPO=o/r", "GH_TOKEN=t")
		out, err := cmd.CombinedOutput()
		log, _ := os.ReadFile(filepath.Join(dir, "gh.log"))
		return string(out), string(log), err
	}

	out, log, err := call("open "+sha, "7", sha, runURL, "building the preview with main's code")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := "**No preview of 0123456789ab**: building the preview with main's code failed ([the run](" + runURL + "))."
	if !strings.Contains(log, "gh pr comment 7 --repo o/r --body-file") || !strings.Contains(log, "--edit-last") || !strings.Contains(log, want) {
		t.Errorf("the comment is not replaced by the failure's, naming the commit and the run:\n%s", log)
	}
	if !strings.Contains(log, "gh api repos/o/r/statuses/"+sha+" -f state=failure -f context=preview -f target_url="+runURL) {
		t.Errorf("the commit's status preview is not failed with the run's link:\n%s", log)
	}

	other := strings.Repeat("f", 40)
	out, log, err = call("open "+other, "7", sha, runURL, "the catalog check")
	if err != nil || strings.Contains(log, "pr comment") || strings.Contains(log, "statuses") {
		t.Errorf("a pull request at another commit: %v; want nothing said:\n%s%s", err, out, log)
	}

	for _, args := range [][]string{
		{"07", sha, runURL, "x"},
		{"7;x", sha, runURL, "x"},
		{"7", "HEAD", runURL, "x"},
		{"7", sha, "javascript:alert(1)", "x"},
		{"7", sha, runURL, "[click](https://evil.example)"},
	} {
		if out, log, err := call("open "+sha, args...); err == nil || strings.Contains(log, "pr comment") {
			t.Errorf("%q: %v; want a refusal and no comment:\n%s%s", args, err, out, log)
		}
	}
}

// TestCommentNamesTheCommit: a preview's comment always names the commit
// it shows; asked for one without a commit, prpreview refuses.
func TestCommentNamesTheCommit(t *testing.T) {
	dir := t.TempDir()
	diff := filepath.Join(dir, "diff.md")
	os.WriteFile(diff, []byte("No changes.\n"), 0o644)
	for _, sha := range []string{"", "HEAD", "main"} {
		var stdout, stderr bytes.Buffer
		args := []string{"comment", "-diff", diff, "-url", "https://example.org/pr-7/"}
		if sha != "" {
			args = append(args, "-sha", sha)
		}
		if code := run(args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "-url needs -sha") {
			t.Errorf("-sha %q: exit %d, %s; want a refusal", sha, code, stderr.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"comment", "-diff", diff, "-url", "https://example.org/pr-7/", "-sha", "0123456789abcdef"}, &stdout, &stderr); code != 0 ||
		!strings.HasPrefix(stdout.String(), "**[Preview](https://example.org/pr-7/)** of 0123456789ab,") {
		t.Errorf("exit %d: %s%s", code, stdout.String(), stderr.String())
	}
}

// siteCSP is the policy of every page of the site, previews included: a
// preview's pages may run no script but the site's own files.
const siteCSP = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'">`

// TestPreviewBranchOfAnotherRepository: with PREVIEW_REPOSITORY naming
// another repository, preview-branch.sh pushes there (with PREVIEW_TOKEN,
// or REMOTE here) and marks the branch .nojekyll, as that repository's
// Pages serves the branch itself; a name that is not owner/name, or no
// token, is refused before anything is pushed.
func TestPreviewBranchOfAnotherRepository(t *testing.T) {
	dir := t.TempDir()
	root, _ := filepath.Abs(repoRoot)
	script := filepath.Join(root, ".github", "scripts", "preview-branch.sh")
	remote := bareRemote(t, dir)
	site := filepath.Join(dir, "site")
	os.MkdirAll(site, 0o755)
	os.WriteFile(filepath.Join(site, "index.html"), []byte("pr 7"), 0o644)
	branch := func(env ...string) (string, error) {
		cmd := exec.Command(script, "7", "publish", site)
		cmd.Env = append(os.Environ(), env...)
		b, err := cmd.CombinedOutput()
		return string(b), err
	}
	if out, err := branch("PREVIEW_REPOSITORY=someone-else/gpucompare-previews", "REMOTE="+remote); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	files := branchFiles(t, remote)
	if string(files["pr-7/index.html"]) != "pr 7" || files[".nojekyll"] == nil {
		t.Errorf("the other repository's branch holds %v; want pr-7/ and .nojekyll", slices.Sorted(maps.Keys(files)))
	}
	for _, bad := range []string{"o/../x", "o/r/s", "-o/r", "o", "o/r;x"} {
		if out, err := branch("PREVIEW_REPOSITORY="+bad, "REMOTE="+remote); err == nil || !strings.Contains(out, "is not owner/name") {
			t.Errorf("PREVIEW_REPOSITORY=%q: %v; want a refusal:\n%s", bad, err, out)
		}
	}
	if out, err := branch("PREVIEW_REPOSITORY=o/r", "PREVIEW_TOKEN=", "REMOTE="); err == nil || !strings.Contains(out, "PREVIEW_TOKEN or REMOTE is needed") {
		t.Errorf("no token: %v; want a refusal:\n%s", err, out)
	}
}

// bareRemote makes an empty bare repository in dir, standing for GitHub's,
// and returns its path.
func bareRemote(t *testing.T, dir string) string {
	t.Helper()
	remote := filepath.Join(dir, "remote.git")
	if b, err := exec.Command("git", "init", "-q", "--bare", remote).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, b)
	}
	return remote
}
