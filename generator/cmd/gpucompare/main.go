// Command gpucompare builds a static site for buying GPU compute from a
// YAML catalog of offers. It is a thin shell over the stages in generator/:
// catalog (load and check) → site (render and write).
//
// Usage:
//
//	gpucompare build [-root .] [-out public] [-base-url URL] [-pretty-urls]
//	gpucompare check [-root .] [-format text|json|github]
//	gpucompare diff -base DIR_OR_GIT_REV [-root .] [-format markdown|json]
//	gpucompare report -o FILE.html [-root .] [-provider ID …] [-gpu ID …] [-scenario ID] [-date YYYY-MM-DD]
//	gpucompare serve [-root .] [-addr 127.0.0.1:8080] [-base-url URL]
//	gpucompare synth -offers N -o DIR
//	gpucompare import mlperf FILE.csv [-o OUT.yaml] [-source TEXT] [-round vX.Y] [-root DIR]
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"syscall"

	"gpucompare/generator/catalog"
	"gpucompare/generator/diff"
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
  gpucompare check [-root .] [-format text|json|github]
  gpucompare diff -base DIR_OR_GIT_REV [-root .] [-format markdown|json]
  gpucompare report -o FILE.html [-root .] [-provider ID ...] [-gpu ID ...] [-scenario ID] [-date YYYY-MM-DD]
  gpucompare serve [-root .] [-addr 127.0.0.1:8080] [-base-url URL]
  gpucompare synth -offers N -o DIR
  gpucompare import mlperf FILE.csv [-o OUT.yaml] [-source TEXT] [-round vX.Y] [-root DIR]

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

// load loads and checks the catalog of root, printing every diagnostic.
func load(root string, stderr io.Writer) (*catalog.Catalog, catalog.Report, bool) {
	if !isDir(root, stderr) {
		return nil, nil, false
	}
	cat, report := catalog.Load(os.DirFS(root))
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
	if code, ok := parse(fs, args); !ok {
		return code
	}
	switch *format {
	case "text":
		cat, _, ok := load(*root, stderr)
		if !ok {
			return 1
		}
		fmt.Fprintln(stdout, "catalog ok: "+counts(cat))
		return 0
	case "json", "github":
		if !isDir(*root, stderr) {
			return 1
		}
		cat, report := catalog.Load(os.DirFS(*root))
		if *format == "json" {
			writeJSONReport(stdout, cat, report)
		} else {
			writeAnnotations(stdout, report)
		}
		if len(report.Errors()) > 0 {
			return 1
		}
		return 0
	}
	fmt.Fprintf(stderr, "gpucompare check: unknown -format %q: want text, json or github\n", *format)
	return 2
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
	return fmt.Sprintf("%d GPUs, %d providers, %d instance types, %d price points, %d exchange rates, %d benchmarks with %d results",
		len(cat.GPUs), len(cat.Providers), instances, len(cat.Prices), len(cat.FX), len(cat.Benchmarks), results)
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
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if *out == "" {
		*out = filepath.Join(*root, "public")
	}
	limitMemory(*root)
	cat, _, ok := load(*root, stderr)
	if !ok {
		return 1
	}
	ageDate, err := sourceDate(os.Getenv("SOURCE_DATE_EPOCH"))
	if err != nil {
		fmt.Fprintf(stderr, "gpucompare build: %v\n", err)
		return 2
	}
	n, report, err := site.BuildTo(*out, cat, os.DirFS(*root), site.Options{BaseURL: *baseURL, PrettyURLs: *pretty, AgeDate: ageDate})
	fmt.Fprint(stderr, report.String())
	if err != nil || len(report.Errors()) > 0 {
		if len(report.Errors()) == 0 {
			fmt.Fprintf(stderr, "gpucompare: build: %v\n", err)
		}
		fmt.Fprintf(stderr, "nothing written: %s is unchanged\n", *out)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %d files to %s\n", n, *out)
	return 0
}

func serveCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("serve", stderr)
	root := fs.String("root", ".", "site root holding data/ (and optionally content/, templates/, static/)")
	addr := fs.String("addr", "127.0.0.1:8080", "host:port to listen on; a port alone (:8080) is on 127.0.0.1 too, 0.0.0.0:8080 is every interface")
	baseURL := fs.String("base-url", "", "absolute URL for feeds, sitemap, canonical links and the 404 page (default: the URL served)")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if !isDir(*root, stderr) {
		return 1
	}
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
	opts := site.Options{BaseURL: *baseURL, PrettyURLs: true}
	if opts.BaseURL == "" {
		opts.BaseURL = url
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := server.New(server.Options{Root: *root, Build: server.Rebuild(*root, opts), Log: stderr})
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

func diffCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("diff", stderr)
	root := fs.String("root", ".", "site root holding data/ (the head of the comparison)")
	base := fs.String("base", "", "a folder holding data/, or a git revision of the repository holding ROOT")
	format := fs.String("format", "markdown", "markdown (a pull-request comment) or json")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if *base == "" || (*format != "markdown" && *format != "json") {
		fmt.Fprintln(stderr, "gpucompare diff: want -base DIR_OR_GIT_REV and -format markdown or json")
		return 2
	}
	head, headReport, ok := load(*root, stderr)
	if !ok {
		return 1
	}
	baseFS, err := diff.OpenBase(*root, *base)
	if err != nil {
		fmt.Fprintf(stderr, "base %s: %v\n", *base, err)
		return 1
	}
	baseCat, baseReport := catalog.Load(baseFS)
	if errs := baseReport.Errors(); len(errs) > 0 {
		fmt.Fprintf(stderr, "base %s does not load:\n%s", *base, errs)
		return 1
	}
	r := diff.Compare(baseCat, head, baseReport, headReport)
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		enc.Encode(r)
		return 0
	}
	fmt.Fprint(stdout, r.Markdown(*base))
	return 0
}
