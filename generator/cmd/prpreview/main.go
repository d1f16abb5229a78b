// Command prpreview is the trusted half of a pull request's preview: it
// runs in main's workflows, built from main, on what a pull request's
// own run left behind, which may be anything.
//
//	prpreview extract -artifact catalog.tar -out DIR
//
// writes into DIR, which must be missing or empty, only the folders data/
// and content/ of the archive, and in them only folders and regular files
// under clean relative names. Every other entry (another folder such as
// static/ or templates/, a symbolic or hard link, a device, a name with
// "..", an absolute name, a name twice) is left out, with a line on stderr
// saying why, in the form of a workflow warning. DIR is then a site root
// with no templates/ or static/: a build of it uses the ones embedded in
// the gpucompare binary, main's.
//
//	prpreview comment -diff diff.md [-url PREVIEW_URL] [-sha SHA] [-changed FILE]
//	                  [-run-url URL] [-max 60000]
//
// prints the comment for the pull request: the preview's link (with
// -url, which needs -sha: the comment names the commit it shows), a note
// when the pull request changes files outside data/ and content/ (the
// names in -changed, one a line) that its preview shows the catalog only,
// and the summary of diff.md, cut at a line end within -max bytes. A cut
// summary says so, and where the whole of it is.
package main

import (
	"archive/tar"
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: prpreview extract|comment [flags]")
		return 2
	}
	switch args[0] {
	case "extract":
		return extractCmd(args[1:], stderr)
	case "comment":
		return commentCmd(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "prpreview: unknown command %q: want extract or comment\n", args[0])
	return 2
}

// The bounds of an archive: a catalog is a few megabytes.
const (
	maxEntries = 20000
	maxBytes   = 256 << 20
)

// catalogDirs are the only folders a preview takes from a pull request.
var catalogDirs = []string{"data", "content"}

func extractCmd(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("extract", flag.ContinueOnError)
	fs.SetOutput(stderr)
	archive := fs.String("artifact", "", "the tar archive of the pull request's run")
	out := fs.String("out", "", "the folder to write data/ and content/ into (missing or empty)")
	if err := fs.Parse(args); err != nil || *archive == "" || *out == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: prpreview extract -artifact FILE.tar -out DIR")
		return 2
	}
	f, err := os.Open(*archive)
	if err != nil {
		fmt.Fprintf(stderr, "prpreview: %v\n", err)
		return 1
	}
	defer f.Close()
	n, err := extract(f, *out, func(name, why string) {
		fmt.Fprintf(stderr, "::warning::artifact: %q left out: %s\n", name, why)
	})
	if err != nil {
		fmt.Fprintf(stderr, "prpreview: %s: %v\n", *archive, err)
		return 1
	}
	fmt.Fprintf(stderr, "prpreview: %d files of data/ and content/ written to %s\n", n, *out)
	return 0
}

// extract writes the folders and regular files of r under data/ and
// content/ into out, calling skip for every other entry, and returns the
// number of files written. out must be missing or empty: nothing in it
// can then be a link, so every file lands where its name says.
func extract(r io.Reader, out string, skip func(name, why string)) (int, error) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return 0, err
	}
	if ents, err := os.ReadDir(out); err != nil {
		return 0, err
	} else if len(ents) > 0 {
		return 0, fmt.Errorf("%s is not empty", out)
	}
	tr := tar.NewReader(r)
	seen := map[string]bool{}
	files, entries := 0, 0
	var total int64
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files, nil
		}
		if err != nil {
			return files, err
		}
		if entries++; entries > maxEntries {
			return files, fmt.Errorf("more than %d entries", maxEntries)
		}
		name := strings.TrimSuffix(strings.TrimPrefix(h.Name, "./"), "/")
		if why := refuse(name, h.Typeflag); why != "" {
			skip(h.Name, why)
			continue
		}
		if seen[name] {
			skip(h.Name, "a second entry of the same name")
			continue
		}
		seen[name] = true
		dst := filepath.Join(out, filepath.FromSlash(name))
		if h.Typeflag == tar.TypeDir {
			if err := os.MkdirAll(dst, 0o755); err != nil {
				return files, err
			}
			continue
		}
		if total += h.Size; total > maxBytes {
			return files, fmt.Errorf("more than %d MiB of files", maxBytes>>20)
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return files, err
		}
		w, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return files, err
		}
		_, err = io.Copy(w, io.LimitReader(tr, h.Size))
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return files, err
		}
		files++
	}
}

// refuse says why an entry of the archive is left out, or "" to take it.
func refuse(name string, typ byte) string {
	switch {
	case name == "" || strings.HasPrefix(name, "/"):
		return "an absolute or empty name"
	case slices.Contains(strings.Split(name, "/"), ".."):
		return `a name with ".."`
	case path.Clean(name) != name || strings.ContainsAny(name, "\\\x00"):
		return "not a clean relative name"
	case typ != tar.TypeReg && typ != tar.TypeDir:
		return "not a regular file or folder (a link, a device…)"
	}
	top, _, _ := strings.Cut(name, "/")
	if !slices.Contains(catalogDirs, top) {
		return "outside data/ and content/: a preview takes only the catalog and the pages"
	}
	if name == top && typ != tar.TypeDir {
		return top + " is not a folder"
	}
	return ""
}

func commentCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("comment", flag.ContinueOnError)
	fs.SetOutput(stderr)
	diffFile := fs.String("diff", "", "the summary, gpucompare diff -format markdown")
	var c comment
	fs.StringVar(&c.URL, "url", "", "the preview's address (none: the summary alone, as a pull request's body)")
	fs.StringVar(&c.SHA, "sha", "", "the commit previewed")
	changed := fs.String("changed", "", "the files the pull request changes, one a line")
	fs.StringVar(&c.RunURL, "run-url", "", "where the whole summary is, when it is cut")
	fs.IntVar(&c.Max, "max", 60000, "the most bytes of the summary the comment holds")
	if err := fs.Parse(args); err != nil || *diffFile == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: prpreview comment -diff FILE [-url URL] [-sha SHA] [-changed FILE] [-run-url URL] [-max BYTES]")
		return 2
	}
	if c.URL != "" && !isHex(c.SHA) {
		fmt.Fprintf(stderr, "prpreview: -url needs -sha, the commit previewed (7 to 64 hex digits), got %q: a comment names the commit it shows\n", c.SHA)
		return 2
	}
	diff, err := os.ReadFile(*diffFile)
	if err != nil {
		fmt.Fprintf(stderr, "prpreview: %v\n", err)
		return 1
	}
	c.Diff = string(diff)
	if *changed != "" {
		f, err := os.Open(*changed)
		if err != nil {
			fmt.Fprintf(stderr, "prpreview: %v\n", err)
			return 1
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if line := sc.Text(); line != "" {
				c.Changed = append(c.Changed, line)
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			fmt.Fprintf(stderr, "prpreview: %s: %v\n", *changed, err)
			return 1
		}
	}
	io.WriteString(stdout, c.String())
	return 0
}

// comment is the bot's comment on a pull request's preview.
type comment struct {
	Diff    string   // gpucompare diff -format markdown
	URL     string   // the preview
	SHA     string   // the commit previewed
	Changed []string // the files the pull request changes
	RunURL  string   // where the whole summary is
	Max     int      // the most bytes of Diff shown
}

func (c comment) String() string {
	var b strings.Builder
	if c.URL != "" {
		fmt.Fprintf(&b, "**[Preview](%s)**", c.URL)
		if sha := c.SHA; isHex(sha) {
			fmt.Fprintf(&b, " of %s", sha[:min(len(sha), 12)])
		}
		b.WriteString(", built by `main`'s gpucompare, templates and static files from this pull request's `data/` and `content/`.\n\n")
	}
	if others := outside(c.Changed); len(others) > 0 {
		fmt.Fprintf(&b, "> [!NOTE]\n> This pull request also changes %s. The preview shows its catalog only: none of those changes is built or shown.", strings.Join(others, ", "))
		b.WriteString(" A maintainer who has read them can ask for a full build with the label `preview-full` and approve its run: the site as this pull request's own code builds it, a download linked from the commit's status `preview-full`, never published (see CONTRIBUTING.md).\n\n")
	}
	diff, cut := cutAt(c.Diff, c.Max)
	b.WriteString(diff)
	if !strings.HasSuffix(diff, "\n") {
		b.WriteString("\n")
	}
	if cut {
		fmt.Fprintf(&b, "\n**The summary is cut here**: it has %d bytes and a comment shows %d.", len(c.Diff), len(diff))
		if c.RunURL != "" {
			fmt.Fprintf(&b, " The whole of it is `diff.md` in the artifact of [the run that built the preview](%s).", c.RunURL)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// cutAt returns s whole, or its first lines within max bytes (its first
// max bytes at a character's start when its first line is longer) and
// true.
func cutAt(s string, max int) (string, bool) {
	if len(s) <= max {
		return s, false
	}
	if i := strings.LastIndexByte(s[:max], '\n'); i > 0 {
		return s[:i+1], true
	}
	i := max
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i], true
}

// outside names what of changed lies outside data/ and content/: each
// top folder or file once, in code spans, sorted; a name of other
// characters than letters, digits, ".", "_" and "-" (which a comment
// could show as something else) is counted, not named.
func outside(changed []string) []string {
	named, other := map[string]bool{}, 0
	for _, f := range changed {
		top, _, _ := strings.Cut(f, "/")
		if slices.Contains(catalogDirs, top) && strings.Contains(f, "/") {
			continue
		}
		if !safeName(top) {
			other++
			continue
		}
		if strings.Contains(f, "/") {
			top += "/"
		}
		named["`"+top+"`"] = true
	}
	out := make([]string, 0, len(named)+1)
	for n := range named {
		out = append(out, n)
	}
	slices.Sort(out)
	// A comment has room for the summary, not for thousands of names.
	if len(out) > maxNamed {
		other += len(out) - maxNamed
		out = out[:maxNamed]
	}
	if other > 0 {
		out = append(out, fmt.Sprintf("%d other %s", other, map[bool]string{true: "file", false: "files"}[other == 1]))
	}
	return out
}

// maxNamed is the most files or folders outside the catalog a comment
// names; the rest are counted.
const maxNamed = 20

func safeName(s string) bool {
	if s == "" || len(s) > 100 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

func isHex(s string) bool {
	if len(s) < 7 || len(s) > 64 {
		return false
	}
	return strings.Trim(s, "0123456789abcdef") == ""
}
