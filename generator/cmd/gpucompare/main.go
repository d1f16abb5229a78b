// Command gpucompare builds a static site for buying GPU compute from a
// YAML catalog of offers. It is a thin shell over the stages in generator/:
// catalog (load and check) → site (render and write).
//
// Usage:
//
//	gpucompare build [-root .] [-out public] [-base-url URL] [-pretty-urls]
//	gpucompare check [-root .] [-format text|json|github]
//	gpucompare diff -base GIT_REV | -base-dir DIR [-root .] [-format markdown|json] [-comment-limit BYTES] [-full-diff WHERE]
//	gpucompare report -o FILE.html [-root .] [-provider ID …] [-gpu ID …] [-scenario ID] [-date YYYY-MM-DD] [-lang LANG] [-full]
//	gpucompare serve [-root .] [-addr 127.0.0.1:8080] [-base-url URL]
//	gpucompare synth -offers N -o DIR
//	gpucompare import mlperf FILE.csv [-o OUT.yaml] [-source TEXT] [-round vX.Y] [-root DIR]
//	gpucompare import prices -format skypilot|aws-pricelist|azure-retail -provider ID -as-of YYYY-MM-DD [-root .] [-dry-run] [-retire] FILE...
//	gpucompare refresh [-root .] [-only PROVIDER] [-from-dir DIR] [-cache DIR] [-as-of YYYY-MM-DD] [-dry-run] [-retire]
package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"gpucompare/generator/catalog"
	"gpucompare/generator/diff"
	"gpucompare/generator/rootfs"
	"gpucompare/generator/server"
	"gpucompare/generator/site"
	"gpucompare/generator/synth"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `gpucompare builds a static site for buying GPU compute from a YAML catalog.

Usage:
  gpucompare build [-root .] [-out ROOT/public] [-base-url URL] [-pretty-urls]
  gpucompare check [-root .] [-format text|json|github] [-base GIT_REV]
  gpucompare diff -base GIT_REV | -base-dir DIR [-root .] [-format markdown|json] [-all-warnings] [-comment-limit BYTES] [-full-diff WHERE]
  gpucompare report -o FILE.html [-root .] [-provider ID ...] [-gpu ID ...] [-scenario ID] [-date YYYY-MM-DD] [-lang LANG] [-full]
  gpucompare serve [-root .] [-addr 127.0.0.1:8080] [-base-url URL]
  gpucompare synth -offers N -o DIR
  gpucompare import mlperf FILE.csv [-o OUT.yaml] [-source TEXT] [-round vX.Y] [-root DIR]
  gpucompare import prices -format FORMAT -provider ID -as-of YYYY-MM-DD [-root .] [-dry-run] [-retire] FILE...
  gpucompare refresh [-root .] [-only PROVIDER] [-from-dir DIR] [-cache DIR] [-dry-run] [-retire]
  gpucompare new [-root .] provider|gpu|benchmark|guide|scenario|instance|price ID

Commands that read a site root take -max-file-size SIZE (default 64MiB).
Run "gpucompare COMMAND -h" for the flags of a command.
`

// run executes one command line and returns the process exit code:
// 0 success, 1 bad input (every problem listed on stderr), 2 bad usage.
func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		// A bug must still end in one clear line, never a stack trace.
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "gpucompare: internal error: %v (please report it with the input that caused it)\n", r)
			code = 3
		}
	}()
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "build":
		return build(args[1:], stdout, stderr)
	case "check":
		return check(args[1:], stdout, stderr)
	case "diff":
		return diffCmd(args[1:], stdout, stderr)
	case "report":
		return reportCmd(args[1:], stdout, stderr)
	case "serve":
		return serveCmd(args[1:], stdout, stderr)
	case "synth":
		return synthCmd(args[1:], stdout, stderr)
	case "import":
		return importCmd(args[1:], stdout, stderr)
	case "refresh":
		return refreshCmd(args[1:], stdout, stderr)
	case "new":
		return newCmd(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "gpucompare: unknown command %q\n\n%s", args[0], usage)
	return 2
}

func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("gpucompare "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parse parses flags and refuses stray arguments; ok is false on bad usage.
func parse(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return 2, false
	}
	return 0, true
}

// maxFileSizeFlag adds -max-file-size to a command that reads a site
// root.
func maxFileSizeFlag(fs *flag.FlagSet) *rootfs.Size {
	size := rootfs.Size(rootfs.DefaultMaxFileSize)
	fs.Var(&size, "max-file-size", "refuse an input file larger than this: bytes, or a number with KiB, MiB or GiB")
	return &size
}

// openRoot opens the site root for reading (see rootfs), or says why it
// cannot. Close the root when done.
func openRoot(root string, maxFileSize *rootfs.Size, stderr io.Writer) (*rootfs.FS, bool) {
	if !isDir(root, stderr) {
		return nil, false
	}
	fsys, err := rootfs.Open(root, int64(*maxFileSize))
	if err != nil {
		fmt.Fprintf(stderr, "%s: cannot open the site root: %v\n", root, err)
		return nil, false
	}
	return fsys, true
}

// load loads and checks the catalog of the site root fsys, printing every
// diagnostic.
func load(fsys fs.FS, stderr io.Writer) (*catalog.Catalog, catalog.Report, bool) {
	cat, report := catalog.Load(fsys)
	fmt.Fprint(stderr, report.String())
	if n := len(report.Errors()); n > 0 {
		fmt.Fprintf(stderr, "%d error(s), %d warning(s): nothing written\n", n, len(report.Warnings()))
		return nil, report, false
	}
	return cat, report, true
}

func check(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check", stderr)
	root := fs.String("root", ".", "site root holding data/")
	format := fs.String("format", "text", "text, json, or github (workflow annotations)")
	base := fs.String("base", "", "a git revision to check the edit against: a price point it has whose price changed in place is an error")
	overlay := overlayFlag(fs)
	maxFileSize := maxFileSizeFlag(fs)
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if *format != "text" && *format != "json" && *format != "github" {
		fmt.Fprintf(stderr, "gpucompare check: unknown -format %q: want text, json or github\n", *format)
		return 2
	}
	fsys, ok := openRoot(*root, maxFileSize, stderr)
	if !ok {
		return 1
	}
	defer fsys.Close()
	catFS, closeOverlay, ok := withOverlay(fsys, *overlay, maxFileSize, stderr)
	if !ok {
		return 1
	}
	defer closeOverlay()
	cat, report := catalog.Load(catFS)
	if cat != nil {
		if _, errs := loadSources(fsys, cat); len(errs) > 0 {
			report = sortedReport(append(report, errs...))
		}
	}
	if len(report.Errors()) == 0 {
		// Stale prices are counted to the day a build counts ages to.
		ref, err := sourceDate(os.Getenv("SOURCE_DATE_EPOCH"))
		if err != nil {
			fmt.Fprintf(stderr, "gpucompare check: %v\n", err)
			return 2
		}
		if ref.IsZero() {
			ref = catalog.NewestDate(cat)
		}
		report = sortedReport(append(report, catalog.StaleWarnings(cat, ref)...))
	}
	if *base != "" && len(report.Errors()) == 0 {
		baseCat, _, _, _, ok := loadBase(*root, *base, "", nil, *maxFileSize, stderr)
		if !ok {
			return 1
		}
		report = sortedReport(append(report, diff.Overwrites(baseCat, cat)...))
	}
	switch *format {
	case "text":
		fmt.Fprint(stderr, report.String())
		if n := len(report.Errors()); n > 0 {
			fmt.Fprintf(stderr, "%d error(s), %d warning(s): nothing written\n", n, len(report.Warnings()))
			return 1
		}
		fmt.Fprintln(stdout, "catalog ok: "+counts(cat))
		return 0
	case "json", "github":
		if *format == "json" {
			writeJSONReport(stdout, cat, report)
		} else {
			writeAnnotations(stdout, report)
		}
		if len(report.Errors()) > 0 {
			return 1
		}
	}
	return 0
}

// sortedReport sorts diagnostics by file, line and column, as a load
// does.
func sortedReport(r catalog.Report) catalog.Report {
	slices.SortStableFunc(r, func(a, b catalog.Diagnostic) int {
		return cmp.Or(strings.Compare(a.Pos.File, b.Pos.File), cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
	return r
}

func counts(cat *catalog.Catalog) string {
	instances := 0
	for _, p := range cat.Providers {
		instances += len(p.Instances)
	}
	results := 0
	for _, b := range cat.Benchmarks {
		results += len(b.Results)
	}
	s := fmt.Sprintf("%d GPUs, %d providers, %d instance types, %d price points, %d exchange rates, %d benchmarks with %d results",
		len(cat.GPUs), len(cat.Providers), instances, len(cat.Prices), len(cat.FX), len(cat.Benchmarks), results)
	private := 0
	for _, t := range cat.Trials {
		if t.Private() {
			private++
		}
	}
	if len(cat.Quotes) > 0 || private > 0 {
		s += fmt.Sprintf(", %s and %s from the overlay", plural(len(cat.Quotes), "private quote"), plural(private, "private trial"))
	}
	return s
}

// plural is n and what it counts, with an s unless n is 1.
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func isDir(root string, stderr io.Writer) bool {
	if st, err := os.Stat(root); err != nil || !st.IsDir() {
		fmt.Fprintf(stderr, "%s: not a folder: -root names the site root holding data/\n", root)
		return false
	}
	return true
}

func build(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("build", stderr)
	root := fs.String("root", ".", "site root holding data/ (and optionally content/, templates/, static/)")
	out := fs.String("out", "", "output folder (default ROOT/public)")
	baseURL := fs.String("base-url", "", "absolute URL the site is served from, for feeds, sitemap and canonical links (default: url in data/site.yaml)")
	pretty := fs.Bool("pretty-urls", false, "link to folders instead of their index.html (for hosted sites)")
	preview := fs.Bool("preview", false, "a pull request's preview: every page asks search engines not to index it (robots noindex), and no sitemap is written")
	overlay := overlayFlag(fs)
	maxFileSize := maxFileSizeFlag(fs)
	memProfile := fs.String("memprofile", "", "write a heap profile of the build at its largest live heap to this file (go tool pprof)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the build to this file (go tool pprof)")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if *cpuProfile != "" {
		stop, err := profileCPU(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "gpucompare build: %v\n", err)
			return 2
		}
		defer func() {
			if err := stop(); err != nil {
				fmt.Fprintf(stderr, "gpucompare build: %v\n", err)
			}
		}()
	}
	if *memProfile != "" {
		prof := profilePeakHeap()
		defer func() {
			if err := prof.write(*memProfile, stderr); err != nil {
				fmt.Fprintf(stderr, "gpucompare build: %v\n", err)
			}
		}()
	}
	if *out == "" {
		*out = filepath.Join(*root, "public")
	}
	if err := checkOut(*root, *out); err != nil {
		fmt.Fprintf(stderr, "gpucompare build: %v\n", err)
		return 2
	}
	if err := checkOverlayOut(*overlay, *out); err != nil {
		fmt.Fprintf(stderr, "gpucompare build: %v\n", err)
		return 2
	}
	fsys, ok := openRoot(*root, maxFileSize, stderr)
	if !ok {
		return 1
	}
	defer fsys.Close()
	catFS, closeOverlay, ok := withOverlay(fsys, *overlay, maxFileSize, stderr)
	if !ok {
		return 1
	}
	defer closeOverlay()
	defer limitMemory()()
	cat, _, ok := load(catFS, stderr)
	if !ok {
		return 1
	}
	ageDate, err := sourceDate(os.Getenv("SOURCE_DATE_EPOCH"))
	if err != nil {
		fmt.Fprintf(stderr, "gpucompare build: %v\n", err)
		return 2
	}
	if err := checkOutKind(*out, *overlay != ""); err != nil {
		fmt.Fprintf(stderr, "gpucompare build: %v\n", err)
		fmt.Fprintf(stderr, "nothing written: %s is unchanged\n", *out)
		return 1
	}
	n, report, err := site.BuildTo(*out, cat, fsys, site.Options{BaseURL: *baseURL, PrettyURLs: *pretty, AgeDate: ageDate, Preview: *preview, Internal: *overlay != ""})
	fmt.Fprint(stderr, report.String())
	if err != nil || len(report.Errors()) > 0 {
		if len(report.Errors()) == 0 {
			fmt.Fprintf(stderr, "gpucompare: build: %v\n", err)
		}
		fmt.Fprintf(stderr, "nothing written: %s is unchanged\n", *out)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %d files to %s\n", n, *out)
	if line, err := searchIndexSize(*out); err != nil {
		fmt.Fprintf(stderr, "gpucompare build: %v\n", err)
	} else {
		fmt.Fprintln(stdout, line)
	}
	return 0
}

// searchIndexSize says how large the search index of the site built in
// out is, against the size of the site's HTML, which it must stay small
// beside: every reader who searches loads it whole.
func searchIndexSize(out string) (string, error) {
	index, err := os.Stat(filepath.Join(out, "search", "index.js"))
	if err != nil {
		return "", fmt.Errorf("search index: %w", err)
	}
	var html int64
	err = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".html" {
			return err
		}
		fi, err := d.Info()
		if err == nil {
			html += fi.Size()
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("search index: %w", err)
	}
	return fmt.Sprintf("search index: %s (%.1f%% of %s of HTML)", byteSize(index.Size()), 100*float64(index.Size())/float64(max(html, 1)), byteSize(html)), nil
}

// byteSize writes n bytes in kB or MB, to one decimal.
func byteSize(n int64) string {
	if n >= 1e6 {
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.1f kB", float64(n)/1e3)
}

// checkOut refuses an output folder that a build, which replaces its
// output whole, must not replace: the site root, a folder holding it, or
// a folder in its data/, content/, templates/ or static/, or a symbolic
// link to a folder outside the root (the build would replace that folder). Paths are
// compared absolute, with the symbolic links of the part that exists
// resolved.
func checkOut(root, out string) error {
	r, err := resolvePath(root)
	if err != nil {
		return err
	}
	o, err := resolvePath(out)
	if err != nil {
		return err
	}
	suggest := filepath.Join(root, "public")
	if fi, err := os.Lstat(out); err == nil && fi.Mode()&fs.ModeSymlink != 0 && !within(r, o) {
		return fmt.Errorf("-out %q is a symbolic link to a folder outside the site root (%s); a build would replace that folder whole: give it as -out if that is meant, or remove the link", out, o)
	}
	switch {
	case o == r:
		return fmt.Errorf("-out %q is the site root; a build replaces its output folder whole: choose a folder of its own, such as %q", out, suggest)
	case within(o, r):
		return fmt.Errorf("-out %q holds the site root %q; a build replaces its output folder whole: choose a folder of its own, such as %q", out, root, suggest)
	}
	for _, name := range []string{catalog.DataDir, "content", "templates", "static"} {
		in, err := resolvePath(filepath.Join(root, name))
		if err != nil {
			return err
		}
		if o == in || within(in, o) {
			return fmt.Errorf("-out %q is inside %q, which the build reads: choose a folder of its own, such as %q", out, filepath.Join(root, name), suggest)
		}
	}
	return nil
}

// resolvePath returns p absolute and clean, with the symbolic links of its
// longest existing part resolved.
func resolvePath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rest := ""
	for dir := abs; ; {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}

// within reports whether path lies inside dir (not dir itself); both are
// absolute and clean.
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func serveCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("serve", stderr)
	root := fs.String("root", ".", "site root holding data/ (and optionally content/, templates/, static/)")
	addr := fs.String("addr", "127.0.0.1:8080", "host:port to listen on; a port alone (:8080) is on 127.0.0.1 too, 0.0.0.0:8080 is every interface")
	baseURL := fs.String("base-url", "", "absolute URL for feeds, sitemap, canonical links and the 404 page (default: the URL served)")
	overlay := overlayFlag(fs)
	maxFileSize := maxFileSizeFlag(fs)
	if code, ok := parse(fs, args); !ok {
		return code
	}
	fsys, ok := openRoot(*root, maxFileSize, stderr)
	if !ok {
		return 1
	}
	defer fsys.Close()
	catFS, closeOverlay, ok := withOverlay(fsys, *overlay, maxFileSize, stderr)
	if !ok {
		return 1
	}
	defer closeOverlay()
	host, port, err := net.SplitHostPort(*addr)
	if err != nil {
		fmt.Fprintf(stderr, "gpucompare serve: -addr %q: want host:port, such as 127.0.0.1:8080\n", *addr)
		return 1
	}
	if host == "" {
		host = "127.0.0.1" // loopback unless told otherwise
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(host, port))
	if err != nil {
		fmt.Fprintf(stderr, "gpucompare serve: %v\n", err)
		if errors.Is(err, syscall.EADDRINUSE) {
			fmt.Fprintln(stderr, "gpucompare serve: another program listens there: stop it or choose another -addr")
		}
		return 1
	}
	// The URL to open: on every interface, this machine's loopback.
	at := ln.Addr().(*net.TCPAddr)
	shown := at.IP.String()
	if at.IP.IsUnspecified() {
		shown = "127.0.0.1"
		fmt.Fprintf(stderr, "gpucompare serve: warning: listening on every interface (%s): other machines can read the site\n", ln.Addr())
	}
	url := "http://" + net.JoinHostPort(shown, fmt.Sprint(at.Port)) + "/"
	opts := site.Options{BaseURL: *baseURL, PrettyURLs: true, Internal: *overlay != ""}
	if opts.BaseURL == "" {
		opts.BaseURL = url
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The first signal stops the server; from then on signals do what they
	// do by default, so a second Ctrl-C ends the process whatever it waits for.
	context.AfterFunc(ctx, stop)
	build, draft := server.Drafting(catFS, opts)
	srv := server.New(server.Options{Root: *root, Build: build, Draft: draft, Log: stderr, BaseURL: *baseURL})
	fmt.Fprintf(stdout, "serving %s at %s (Ctrl-C to stop)\n", *root, url)
	if err := srv.Serve(ctx, ln); err != nil {
		fmt.Fprintf(stderr, "gpucompare serve: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, "stopped")
	return 0
}

func synthCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("synth", stderr)
	offers := fs.Int("offers", 1000, "number of offers (instance type × region) to make")
	out := fs.String("o", "", "folder to write the site root into (its data/ must not exist yet)")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if *out == "" || *offers < 1 {
		fmt.Fprintln(stderr, "gpucompare synth: want -offers N (at least 1) and -o DIR")
		return 2
	}
	data := filepath.Join(*out, catalog.DataDir)
	if _, err := os.Stat(data); err == nil {
		fmt.Fprintf(stderr, "%s: already exists: synth writes a new catalog and replaces nothing; choose another -o\n", data)
		return 1
	}
	files := synth.Files(*offers)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		p := filepath.Join(*out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fmt.Fprintf(stderr, "gpucompare synth: %v\n", err)
			return 1
		}
		if err := os.WriteFile(p, files[name], 0o644); err != nil {
			fmt.Fprintf(stderr, "gpucompare synth: %v\n", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "wrote a synthetic catalog of %d offers to %s\n", *offers, data)
	return 0
}

// loadBase opens and loads the base named by -base or -base-dir, with the
// side files of its data/, saying on stderr why it cannot. Its warnings
// are not printed: they are the base's, not the edit's.
func loadBase(root, base, baseDir string, overlay fs.FS, maxFileSize rootfs.Size, stderr io.Writer) (*catalog.Catalog, catalog.Report, diff.Side, diff.Base, bool) {
	var (
		baseFS fs.FS
		b      diff.Base
		note   string
		err    error
		named  = base
	)
	if baseDir != "" {
		named = baseDir
		baseFS, b, note, err = diff.OpenFolder(baseDir)
	} else {
		baseFS, b, note, err = diff.OpenBase(root, base)
	}
	if err != nil {
		fmt.Fprintf(stderr, "base %s: %v\n", named, err)
		return nil, nil, nil, b, false
	}
	if note != "" {
		fmt.Fprintf(stderr, "base %s: %s\n", named, note)
	}
	if dir, ok := baseFS.(*rootfs.FS); ok {
		defer dir.Close()
		baseFS = dir.WithMaxFileSize(int64(maxFileSize))
	}
	catFS := baseFS
	if overlay != nil {
		catFS = catalog.WithOverlay(baseFS, overlay)
	}
	cat, report := catalog.Load(catFS)
	if errs := report.Errors(); len(errs) > 0 {
		fmt.Fprintf(stderr, "base %s does not load:\n%s", named, errs)
		return nil, nil, nil, b, false
	}
	side, err := diff.ReadSide(baseFS)
	if err != nil {
		fmt.Fprintf(stderr, "base %s: %v\n", named, err)
		return nil, nil, nil, b, false
	}
	return cat, report, side, b, true
}

func diffCmd(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("diff", stderr)
	root := flags.String("root", ".", "site root holding data/ (the head of the comparison)")
	base := flags.String("base", "", "a git revision of the repository holding ROOT (a name with a path separator that is no revision and names a folder is that folder)")
	baseDir := flags.String("base-dir", "", "a folder holding data/ to compare with, instead of -base")
	format := flags.String("format", "markdown", "markdown (a pull-request comment) or json")
	allWarnings := flags.Bool("all-warnings", false, "print every warning of the catalog, not only those the edit introduces")
	limit := flags.Int("comment-limit", diff.CommentLimit, "the most bytes the Markdown holds: a longer diff is cut at the end of a row, and says so")
	full := flags.String("full-diff", "", "where the full diff is kept, named in the Markdown when it is cut (the JSON of the diff in a workflow's artifact, an address)")
	overlay := overlayFlag(flags)
	baseOverlay := flags.String("base-overlay", "", "the overlay root the base is read with (an older copy of -overlay's, to see what changed in the quotes); default: -overlay's")
	maxFileSize := maxFileSizeFlag(flags)
	if code, ok := parse(flags, args); !ok {
		return code
	}
	if *baseOverlay != "" && *overlay == "" {
		fmt.Fprintln(stderr, "gpucompare diff: -base-overlay without -overlay: name the overlay the head is read with too")
		return 2
	}
	if (*base == "") == (*baseDir == "") || (*format != "markdown" && *format != "json") {
		fmt.Fprintln(stderr, "gpucompare diff: want one of -base GIT_REV and -base-dir DIR, and -format markdown or json")
		return 2
	}
	if *limit < 500 {
		fmt.Fprintf(stderr, "gpucompare diff: -comment-limit %d: want at least 500 bytes\n", *limit)
		return 2
	}
	fsys, ok := openRoot(*root, maxFileSize, stderr)
	if !ok {
		return 1
	}
	defer fsys.Close()
	headFS, closeOverlay, ok := withOverlay(fsys, *overlay, maxFileSize, stderr)
	if !ok {
		return 1
	}
	defer closeOverlay()
	var baseOver fs.FS
	if dir := cmp.Or(*baseOverlay, *overlay); dir != "" {
		over, ok := openOverlay(dir, maxFileSize, stderr)
		if !ok {
			return 1
		}
		defer over.Close()
		baseOver = over
	}
	head, headReport := catalog.Load(headFS)
	if errs := headReport.Errors(); len(errs) > 0 || *allWarnings {
		fmt.Fprint(stderr, headReport.String())
		if len(errs) > 0 {
			fmt.Fprintf(stderr, "%d error(s), %d warning(s)\n", len(errs), len(headReport.Warnings()))
			return 1
		}
	}
	baseCat, baseReport, baseSide, b, ok := loadBase(*root, *base, *baseDir, baseOver, *maxFileSize, stderr)
	if !ok {
		return 1
	}
	headSide, err := diff.ReadSide(fsys)
	if err != nil {
		fmt.Fprintf(stderr, "gpucompare diff: %v\n", err)
		return 1
	}
	r := diff.Compare(baseCat, head, baseReport, headReport)
	r.CompareSide(baseSide, headSide)
	r.Base = b
	// The warnings the edit introduces, once each; with -all-warnings,
	// every warning of the head was printed above.
	var warnings []string
	if !*allWarnings {
		warnings = r.NewWarnings
	}
	for _, w := range append(r.Overwrites, warnings...) {
		fmt.Fprintln(stderr, w)
	}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		enc.Encode(r)
		return 0
	}
	fmt.Fprint(stdout, r.MarkdownCut(*limit, *full))
	return 0
}
