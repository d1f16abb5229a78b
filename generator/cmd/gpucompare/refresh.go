package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/importer"
	"gpucompare/generator/refresh"
	"gpucompare/generator/rootfs"
)

const refreshUsage = `usage: gpucompare refresh [-root .] [-only PROVIDER] [-from-dir DIR] [-cache DIR] [-as-of YYYY-MM-DD] [-dry-run] [-retire]
`

// refreshGuardHook, set by tests only, loosens the guard of refresh's
// downloads so that they reach a test's own loopback TLS server.
var refreshGuardHook func(*refresh.Guard)

// refreshCmd downloads the price lists data/sources.yaml names, or reads
// saved copies of them, and imports each into its provider's price file.
// It is the only command that touches the network.
func refreshCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("refresh", stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), refreshUsage)
		fs.PrintDefaults()
	}
	root := fs.String("root", ".", "site root holding data/ and data/sources.yaml")
	only := fs.String("only", "", "refresh this provider only")
	fromDir := fs.String("from-dir", "", "read saved copies from DIR/PROVIDER/NAME instead of downloading (the layout of -cache)")
	cache := fs.String("cache", defaultRefreshCache(), "folder for the downloaded copies and the state file of their ETags")
	asOf := fs.String("as-of", time.Now().UTC().Format(time.DateOnly), "the day the price lists are read, in UTC")
	dryRun := fs.Bool("dry-run", false, "download and print what would change; write no price file")
	retire := fs.Bool("retire", false, "mark each offer a price list no longer has with last_seen")
	timeout := fs.Duration("timeout", 10*time.Minute, "time limit of each download attempt, body included")
	retries := fs.Int("retries", 3, "how many times a failed download is tried again (network error, 429, 5xx, cut-short body)")
	maxSize := rootfs.Size(256 << 20)
	fs.Var(&maxSize, "max-size", "largest file downloaded, unless the source's max_size says otherwise")
	maxFileSize := maxFileSizeFlag(fs)
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if _, err := time.Parse(time.DateOnly, *asOf); err != nil {
		fmt.Fprintf(stderr, "gpucompare refresh: -as-of %q is not a day: want YYYY-MM-DD\n", *asOf)
		return 2
	}
	if *retries < 0 || *retries > 10 {
		fmt.Fprintf(stderr, "gpucompare refresh: -retries %d: want 0 to 10\n", *retries)
		return 2
	}

	fsys, ok := openRoot(*root, maxFileSize, stderr)
	if !ok {
		return 1
	}
	cat, report := catalog.Load(fsys)
	if errs := report.Errors(); len(errs) > 0 {
		fsys.Close()
		fmt.Fprint(stderr, errs.String())
		fmt.Fprintf(stderr, "%s: the catalog has %d error(s): nothing refreshed\n", *root, len(errs))
		return 1
	}
	sources, errs := loadSources(fsys, cat)
	fsys.Close()
	if len(errs) > 0 {
		fmt.Fprint(stderr, errs.String())
		return 1
	}
	if sources == nil {
		fmt.Fprintf(stderr, "%s: no such file: want the price lists to refresh, one entry a provider (see README)\n", refresh.SourcesFile)
		return 1
	}
	todo := sources.Sources
	if *only != "" {
		s := sources.Find(*only)
		if s == nil {
			var ids []string
			for _, s := range sources.Sources {
				if !slices.Contains(ids, s.Provider) {
					ids = append(ids, s.Provider)
				}
			}
			fmt.Fprintf(stderr, "gpucompare refresh: -only %q: not in %s: want one of %s\n", *only, refresh.SourcesFile, strings.Join(ids, ", "))
			return 2
		}
		todo = nil // every source of the provider, in their order
		for _, s := range sources.Sources {
			if s.Provider == *only {
				todo = append(todo, s)
			}
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var fetcher *refresh.Fetcher
	if *fromDir == "" {
		state, err := refresh.LoadState(*cache)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		guard := refresh.NewGuard(sources)
		if refreshGuardHook != nil {
			refreshGuardHook(guard)
		}
		fetcher = &refresh.Fetcher{
			Guard:         guard,
			Client:        guard.Client(),
			Timeout:       *timeout,
			Retries:       *retries,
			Backoff:       refresh.DefaultBackoff,
			Progress:      stderr,
			State:         state,
			UserAgent:     "gpucompare-refresh",
			ProgressEvery: 10 * time.Second,
		}
	}

	// The keys of the sources that need one: read once, and redacted from
	// everything the run prints, its errors included.
	secrets, redactor := sourceSecrets(todo, fetcher != nil)
	stdout, stderr = redactor.Writer(stdout), redactor.Writer(stderr)
	if fetcher != nil {
		fetcher.Progress = stderr
	}

	failed := 0
	var err error
	for i := range todo {
		src := &todo[i]
		secret, hasSecret := secrets[sourceKey(src)]
		if fetcher != nil && src.Secret != nil && !hasSecret {
			fmt.Fprintf(stderr, "%s: skipped: the environment variable %s that holds its key is not set (see README, \"Refreshing prices\")\n", src.Provider, src.Secret.Missing())
			fmt.Fprintf(stdout, "== %s (%s): skipped, no key in %s\n", src.Provider, src.Format, src.Secret.Missing())
			continue
		}
		fmt.Fprintf(stdout, "== %s (%s)\n", src.Provider, src.Format)
		var files []string
		if fetcher == nil {
			files, err = refresh.FromDir(*fromDir, src)
		} else {
			fetcher.MaxSize = int64(maxSize)
			if src.MaxSize > 0 {
				fetcher.MaxSize = int64(src.MaxSize)
			}
			client := fetcher.Client
			if hasSecret {
				fetcher.Client = refresh.WithSecret(client, src, secret)
			}
			files, err = refresh.Download(ctx, fetcher, src, *cache)
			fetcher.Client = client
			if err == nil && hasSecret {
				err = redactor.RedactFiles(files)
			}
			if serr := fetcher.State.Save(*cache); serr != nil && err == nil {
				err = fmt.Errorf("%s: %v", filepath.Join(*cache, refresh.StateFile), serr)
			}
			err = redactor.Error(err)
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v: %s not refreshed\n", src.Provider, err, src.Provider)
			failed++
			if ctx.Err() != nil { // stopped: the rest is not refreshed either
				failed += len(todo) - i - 1
				break
			}
			continue
		}
		for i, f := range files {
			if strings.HasPrefix(f, "-") { // a file, not a flag of the import
				files[i] = "." + string(filepath.Separator) + f
			}
		}
		var urls []string
		for _, f := range src.Files {
			urls = append(urls, f.URL)
		}
		largest := max(int64(*maxFileSize), int64(maxSize), int64(src.MaxSize))
		args := []string{
			"-format", src.Format, "-provider", src.Provider, "-as-of", *asOf, "-root", *root,
			"-source", citeURLs(urls, *asOf),
			"-max-file-size", rootfs.Size(largest).String(),
		}
		if *dryRun {
			args = append(args, "-dry-run")
		}
		if *retire {
			args = append(args, "-retire")
		}
		if code := importPricesCmd(append(args, files...), stdout, stderr); code != 0 {
			fmt.Fprintf(stderr, "%s: the import failed: %s not refreshed\n", src.Provider, src.Provider)
			failed++
		}
	}
	if failed > 0 {
		fmt.Fprintf(stderr, "gpucompare refresh: %d of %d provider(s) not refreshed\n", failed, len(todo))
		return 1
	}
	return 0
}

// sourceSecrets reads the key of each source of todo that needs one from
// its environment variable, when the run downloads: by sourceKey, the
// sources whose variable is unset left out. The redactor hides every
// key read.
func sourceSecrets(todo []refresh.Source, download bool) (map[string]string, *refresh.Redactor) {
	secrets := map[string]string{}
	redactor := refresh.NewRedactor()
	if !download {
		return secrets, redactor
	}
	for _, src := range todo {
		if src.Secret == nil {
			continue
		}
		if v, ok := src.Secret.Lookup(); ok {
			secrets[sourceKey(&src)] = v
			redactor.Add(v)
		}
	}
	return secrets, redactor
}

// sourceKey names a source: its provider, format and key's variables.
func sourceKey(s *refresh.Source) string { return s.Key() }

// loadSources reads and checks data/sources.yaml of a site root whose
// catalog is cat: nil without diagnostics when the root has none.
func loadSources(fsys iofs.FS, cat *catalog.Catalog) (*refresh.Sources, catalog.Report) {
	data, err := iofs.ReadFile(fsys, refresh.SourcesFile)
	if errors.Is(err, iofs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, catalog.Report{{Pos: catalog.Pos{File: refresh.SourcesFile}, Severity: catalog.Error, Message: err.Error()}}
	}
	sources, err := refresh.ParseSources(data, refresh.SourcesFile, importer.Formats)
	var serr *refresh.Error
	if errors.As(err, &serr) {
		return nil, catalog.Report{{Pos: catalog.Pos{File: serr.File, Line: serr.Line, Col: serr.Col}, Severity: catalog.Error, Message: serr.Msg}}
	}
	if err != nil {
		return nil, catalog.Report{{Pos: catalog.Pos{File: refresh.SourcesFile}, Severity: catalog.Error, Message: err.Error()}}
	}
	var report catalog.Report
	for _, s := range sources.Sources {
		if cat.Provider(s.Provider) == nil {
			report = append(report, catalog.Diagnostic{Pos: catalog.Pos{File: refresh.SourcesFile, Line: s.Line, Col: s.Col}, Severity: catalog.Error,
				Message: fmt.Sprintf("provider %q is not in data/providers: add it there or remove its source", s.Provider)})
		}
	}
	if len(report) > 0 {
		return nil, report
	}
	return sources, nil
}

// citeURLs is the source a refreshed point cites: its price list's URL, or
// for a list of many files what their URLs share, with the day read.
func citeURLs(urls []string, asOf string) string {
	if len(urls) == 1 {
		return urls[0] + " (read " + asOf + ")"
	}
	prefix, suffix := urls[0], urls[0]
	for _, u := range urls[1:] {
		for !strings.HasPrefix(u, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
		for !strings.HasSuffix(u, suffix) {
			suffix = suffix[1:]
		}
	}
	// Cut at path separators, so the shared parts read as whole segments.
	prefix = prefix[:strings.LastIndex(prefix, "/")+1]
	if i := strings.Index(suffix, "/"); i >= 0 {
		suffix = suffix[i:]
	} else {
		suffix = ""
	}
	return fmt.Sprintf("%s…%s (%d files of %s, read %s)", prefix, suffix, len(urls), refresh.SourcesFile, asOf)
}

// defaultRefreshCache is the user's cache folder for refresh, or a folder
// in the working directory when the system has none.
func defaultRefreshCache() string {
	if dir, err := os.UserCacheDir(); err == nil {
		return filepath.Join(dir, "gpucompare", "refresh")
	}
	return ".gpucompare-refresh"
}
