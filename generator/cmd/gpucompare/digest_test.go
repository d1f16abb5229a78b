package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestShippedOutputDigest builds what the shipped catalog ships, the whole
// site (both editions, exports) as make build does, again with a site URL
// as the Pages workflow builds it (feeds, sitemap), and the report
// in English and in Chinese as make report and make test-html do, and
// compares a SHA-256 of every output file with the reviewed list in
// testdata/shipped-output.sha256. A change of code that must not change
// output (a move of code between packages) keeps the list as it is; a
// change of output shows, file by file, which files it changed: rewrite
// the list with go test -update and review its diff.
func TestShippedOutputDigest(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	dir := t.TempDir()
	out, hosted := filepath.Join(dir, "public"), filepath.Join(dir, "hosted")
	run1 := func(args ...string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 0 {
			t.Fatalf("gpucompare %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
		}
	}
	run1("build", "-root", "../../..", "-out", out)
	run1("build", "-root", "../../..", "-out", hosted, "-base-url", "https://example.org/gpucompare/")
	// The Makefile's REPORT_FLAGS.
	run1("report", "-root", "../../..", "-o", filepath.Join(dir, "report.html"), "-scenario", "mid-size-reserved")
	run1("report", "-root", "../../..", "-o", filepath.Join(dir, "report-zh.html"), "-lang", "zh-CN", "-scenario", "mid-size-reserved")

	var list strings.Builder
	sum := func(name, file string) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&list, "%x  %s\n", sha256.Sum256(data), name)
	}
	for _, tree := range []string{out, hosted} {
		err := filepath.WalkDir(tree, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, err := filepath.Rel(dir, p)
			if err == nil {
				sum(filepath.ToSlash(rel), p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	sum("report.html", filepath.Join(dir, "report.html"))
	sum("report-zh.html", filepath.Join(dir, "report-zh.html"))
	got := list.String()

	const golden = "testdata/shipped-output.sha256"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if want := string(data); got != want {
		t.Errorf("the shipped output differs from %s (go test ./generator/cmd/gpucompare -run TestShippedOutputDigest -update, then review the diff):\n%s",
			golden, digestDiff(want, got))
	}
}

// digestDiff lists the files whose digest differs between two lists, and
// those only one of them holds.
func digestDiff(want, got string) string {
	parse := func(s string) map[string]string {
		m := map[string]string{}
		for line := range strings.Lines(s) {
			if sum, name, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "  "); ok {
				m[name] = sum
			}
		}
		return m
	}
	w, g := parse(want), parse(got)
	var lines []string
	note := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }
	for name, sum := range g {
		switch ws, ok := w[name]; {
		case !ok:
			note("  new:     %s\n", name)
		case ws != sum:
			note("  changed: %s\n", name)
		}
	}
	for name := range w {
		if _, ok := g[name]; !ok {
			note("  gone:    %s\n", name)
		}
	}
	slices.Sort(lines)
	if n := len(lines); n > 50 {
		lines = append(lines[:50], fmt.Sprintf("  … and %d more\n", n-50))
	}
	return strings.Join(lines, "")
}
