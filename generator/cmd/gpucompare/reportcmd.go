package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"gpucompare/generator/site"
)

// ids is a flag that may repeat and takes comma-separated lists:
// -provider aws,azure -provider lambda.
type ids []string

func (v *ids) String() string { return strings.Join(*v, ",") }

func (v *ids) Set(s string) error {
	for _, id := range strings.Split(s, ",") {
		if id = strings.TrimSpace(id); id == "" {
			return errors.New("empty id in the list")
		}
		*v = append(*v, id)
	}
	return nil
}

// reportCmd writes the single-file report: gpucompare report -o FILE.html
// [-root .] [-provider ID …] [-gpu ID …] [-scenario ID] [-date YYYY-MM-DD]
// [-lang LANG] [-full].
func reportCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("report", stderr)
	root := fs.String("root", ".", "site root holding data/ (and optionally templates/, static/)")
	out := fs.String("o", "", "the HTML file to write (replaced only once the new one is complete)")
	var providers, gpus ids
	fs.Var(&providers, "provider", "keep the offers of these provider ids (repeat, or a comma list; default every provider)")
	fs.Var(&gpus, "gpu", "keep the offers of these GPU model ids (repeat, or a comma list; default every GPU model)")
	scenario := fs.String("scenario", "", "a scenario id: rank its workload's costs over the offers kept (default none)")
	date := fs.String("date", "", "the date on the first page, YYYY-MM-DD (default SOURCE_DATE_EPOCH when set, else the catalog's newest date)")
	lang := fs.String("lang", "", "the language of the report's text: a catalogue of templates/messages/, as en or zh-CN, or an edition's folder, as zh (default the site's language, data/site.yaml)")
	full := fs.Bool("full", false, "the full report: besides the summary and the sources of the offers it names, every offer kept, the workload's costs, the charts, every source and the offers without a price (default the summary alone, a few printed pages)")
	force := fs.Bool("force", false, "replace -o even when it is not a report (a file without the report's marker comment); never a file inside data/, content/, templates/ or static/")
	overlay := overlayFlag(fs)
	maxFileSize := maxFileSizeFlag(fs)
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if *out == "" {
		fmt.Fprintln(stderr, "gpucompare report: want -o FILE.html")
		return 2
	}
	if err := reportTarget(*root, *out, *force); err != nil {
		fmt.Fprintf(stderr, "gpucompare report: %v\nnothing written: %s is unchanged\n", err, *out)
		return 1
	}
	when, err := reportDate(*date, os.Getenv("SOURCE_DATE_EPOCH"))
	if err != nil {
		fmt.Fprintf(stderr, "gpucompare report: %v\n", err)
		return 2
	}
	fsys, ok := openRoot(*root, maxFileSize, stderr)
	if !ok {
		return 1
	}
	defer fsys.Close()
	if err := checkOverlayOut(*overlay, *out); err != nil {
		fmt.Fprintf(stderr, "gpucompare report: %v\nnothing written: %s is unchanged\n", err, *out)
		return 1
	}
	catFS, closeOverlay, ok := withOverlay(fsys, *overlay, maxFileSize, stderr)
	if !ok {
		return 1
	}
	defer closeOverlay()
	cat, _, ok := load(catFS, stderr)
	if !ok {
		return 1
	}
	opts := site.ReportOptions{Providers: providers, GPUs: gpus, Scenario: *scenario, Date: when, Lang: *lang, Full: *full, Internal: *overlay != ""}
	data, report, err := site.Report(cat, fsys, opts)
	fmt.Fprint(stderr, report.String())
	var usage *site.UsageError
	if errors.As(err, &usage) {
		for _, p := range usage.Problems {
			fmt.Fprintf(stderr, "gpucompare report: %s\n", p)
		}
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "gpucompare report: %v\nnothing written: %s is unchanged\n", err, *out)
		return 1
	}
	if err := writeFileAtomic(*out, markReport(data)); err != nil {
		fmt.Fprintf(stderr, "gpucompare report: %v\nnothing written: %s is unchanged\n", err, *out)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s (%d bytes)\n", *out, len(data))
	return 0
}

// reportMarker starts the comment every report carries on its second line,
// by which report -o knows a file it may replace.
const reportMarker = "<!-- gpucompare report"

// markReport puts the marker comment after the report's doctype.
func markReport(data []byte) []byte {
	const comment = reportMarker + ": gpucompare report wrote this file; the next report -o into it replaces it -->\n"
	doctype := 0
	if i := bytes.IndexByte(data, '\n'); i >= 0 && bytes.HasPrefix(bytes.ToLower(data), []byte("<!doctype")) {
		doctype = i + 1
	}
	return slices.Concat(data[:doctype], []byte(comment), data[doctype:])
}

// siteFolders are the folders of a site root that a report never replaces
// a file in, -force or not.
var siteFolders = []string{"data", "content", "templates", "static"}

// reportTarget refuses an -o that report must not replace: a path inside
// the site root's data/, content/, templates/ or static/ (named through
// symlinks or .. or not), or, unless force, an existing file that lacks
// the report marker.
func reportTarget(root, out string, force bool) error {
	dir, base := filepath.Split(out)
	if dir == "" {
		dir = "."
	}
	if base == "" || base == "." || base == ".." {
		return fmt.Errorf("%s: want a file name", out)
	}
	// The operating system resolves a symlink before the .. after it, so
	// does EvalSymlinks; a folder that does not exist cannot be written.
	if rdir, err := filepath.EvalSymlinks(dir); err == nil {
		target := filepath.Join(rdir, base)
		if t, err := filepath.EvalSymlinks(target); err == nil {
			target = t
		}
		target, _ = filepath.Abs(target)
		rroot, err := filepath.EvalSymlinks(root)
		if err == nil {
			rroot, _ = filepath.Abs(rroot)
		}
		for _, f := range siteFolders {
			if rel, err := filepath.Rel(filepath.Join(rroot, f), target); err == nil && filepath.IsLocal(rel) {
				return fmt.Errorf("%s is inside the site root's %s/: a report is never written into data/, content/, templates/ or static/; give a path outside them", out, f)
			}
		}
	}
	if force {
		return nil
	}
	f, err := os.Open(out)
	if err != nil {
		return nil // nothing to replace; writing says why it cannot
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil // writeFileAtomic refuses a folder
	}
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	if !bytes.Contains(head[:n], []byte(reportMarker)) {
		return fmt.Errorf("%s is not a report (it lacks the %q marker): give another file, or -force to replace it", out, reportMarker)
	}
	return nil
}

// sourceDate is the day SOURCE_DATE_EPOCH (seconds since 1970) names, in
// UTC, or the zero time when it is not set: the day a build counts the
// ages of prices to (site.Options.AgeDate).
func sourceDate(epoch string) (time.Time, error) {
	if epoch == "" {
		return time.Time{}, nil
	}
	s, err := strconv.ParseInt(epoch, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH=%q: want seconds since 1970-01-01", epoch)
	}
	return time.Unix(s, 0).UTC(), nil
}

// reportDate is the build date of a report: -date when given, else
// SOURCE_DATE_EPOCH (seconds since 1970) when set, in UTC; else the zero
// time, which dates the report by its catalog's newest date, so that the
// same catalog gives the same bytes on any day.
func reportDate(flag, epoch string) (time.Time, error) {
	switch {
	case flag != "":
		t, err := time.Parse(time.DateOnly, flag)
		if err != nil {
			return time.Time{}, fmt.Errorf("-date %q: want YYYY-MM-DD", flag)
		}
		return t, nil
	case epoch != "":
		return sourceDate(epoch)
	}
	return time.Time{}, nil
}

// writeFileAtomic writes data to name through a temporary file in the
// same folder, renamed over name once complete: a reader sees the old
// file or the new one, never part of one, and on any error the old file
// is untouched.
func writeFileAtomic(name string, data []byte) (err error) {
	dir, base := filepath.Split(name)
	if dir == "" {
		dir = "."
	}
	if fi, err := os.Stat(name); err == nil && fi.IsDir() {
		return fmt.Errorf("write %s: is a folder", name)
	}
	f, err := os.CreateTemp(dir, "."+base+".new-")
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	defer func() {
		if err != nil {
			os.Remove(f.Name())
		}
	}()
	if _, err = f.Write(data); err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	return nil
}
