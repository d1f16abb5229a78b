package main

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	// A test that needs gpucompare as a process of its own runs this
	// binary with GPUCOMPARE_TEST_RUN=1 and the command's arguments.
	if os.Getenv("GPUCOMPARE_TEST_RUN") == "1" {
		setProcessHooks()
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	testscript.Main(m, map[string]func(){
		"gpucompare": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the command-line scenarios in testdata/script: each
// file holds a site root inline and the commands run on it, with the exit
// codes, output and files they must give.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"tree":      treeCmd,
			"fill":      fillCmd,
			"append":    appendCmd,
			"pages-say": pagesSayCmd,
		},
	})
}

// treeCmd prints every file under a folder with the SHA-256 of its bytes,
// so a script can compare a whole output tree before and after a command.
func treeCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: tree DIR")
	}
	root := ts.MkAbs(args[0])
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		fmt.Fprintf(ts.Stdout(), "%x %s\n", sha256.Sum256(data), filepath.ToSlash(rel))
		return nil
	})
	ts.Check(err)
}

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		want int
	}{
		{nil, 2},
		{[]string{"frobnicate"}, 2},
		{[]string{"build", "-nosuchflag"}, 2},
		{[]string{"check", "extra"}, 2},
		{[]string{"check", "-root", filepath.Join(dir, "missing")}, 1},
		{[]string{"check", "-root", dir}, 1}, // a folder without data/
		{[]string{"build", "-root", dir, "-out", dir}, 2},
		{[]string{"build", "-root", dir, "-out", filepath.Dir(dir)}, 2},
		{[]string{"build", "-root", dir, "-out", filepath.Join(dir, "data")}, 2},
		{[]string{"help"}, 0},
		// A language without messages is no usage error: the catalog is
		// fine, the site's templates lack the language.
		{[]string{"report", "-root", "../../..", "-o", filepath.Join(dir, "report.html"), "-lang", "fr"}, 1},
		{[]string{"import", "prices", "-format", "csv", "-provider", "aws", "-as-of", "2026-12-01", "f"}, 2},
		{[]string{"import", "prices", "-format", "skypilot", "-provider", "aws", "-as-of", "2026-12", "f"}, 2},
		{[]string{"import", "prices", "-format", "skypilot", "-provider", "aws", "-as-of", "2026-12-01"}, 2},
		{[]string{"import", "prices", "-format", "skypilot", "-as-of", "2026-12-01", "f"}, 2},
		{[]string{"import", "prices", "-format", "skypilot", "-provider", "aws", "-as-of", "2026-12-01", "-root", dir, "f"}, 1},
	}
	for _, tt := range tests {
		var out, errOut stringsBuilder
		if got := run(tt.args, &out, &errOut); got != tt.want {
			t.Errorf("gpucompare %v: exit %d, want %d; stderr:\n%s", tt.args, got, tt.want, errOut)
		}
	}
}

type stringsBuilder struct{ b []byte }

func (s *stringsBuilder) Write(p []byte) (int, error) { s.b = append(s.b, p...); return len(p), nil }
func (s *stringsBuilder) String() string              { return string(s.b) }

// fillCmd fills in placeholders of a skeleton, as a person would: for
// each key=value, the first line of FILE that gives key an empty value
// or "" gets value instead, its comment kept.
func fillCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: fill FILE key=value...")
	}
	file := ts.MkAbs(args[0])
	data, err := os.ReadFile(file)
	ts.Check(err)
	lines := strings.Split(string(data), "\n")
	for _, kv := range args[1:] {
		key, value, ok := strings.Cut(kv, "=")
		if !ok {
			ts.Fatalf("fill: %q is not key=value", kv)
		}
		re := regexp.MustCompile(`^(\s*(?:- )?` + regexp.QuoteMeta(key) + `:)(?: "")?(\s*#.*)?$`)
		done := false
		for i, l := range lines {
			if m := re.FindStringSubmatch(l); m != nil {
				lines[i] = m[1] + " " + value + m[2]
				done = true
				break
			}
		}
		if !done {
			ts.Fatalf("fill: no placeholder for %s in %s", key, args[0])
		}
	}
	ts.Check(os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644))
}

// appendCmd appends the file SRC to the file DST, as a person pastes a
// record at the end of a file.
func appendCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: append SRC DST")
	}
	data, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	f, err := os.OpenFile(ts.MkAbs(args[1]), os.O_APPEND|os.O_WRONLY, 0)
	ts.Check(err)
	_, err = f.Write(data)
	ts.Check(err)
	ts.Check(f.Close())
}

// TestNewPriceFileHasSchemaLine checks that the price file import prices
// starts for a provider without one names its schema on its first line.
func TestNewPriceFileHasSchemaLine(t *testing.T) {
	got, err := readPriceFile(filepath.Join(t.TempDir(), "data/prices/lambda.yaml"), "lambda")
	if err != nil {
		t.Fatal(err)
	}
	want := "# yaml-language-server: $schema=../../schemas/prices.schema.json\nprovider: lambda\nprices: []\n"
	if string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// pagesSayCmd checks that every HTML page under a folder holds each of
// the given strings, and that there is at least one page.
func pagesSayCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: pages-say DIR TEXT...")
	}
	pages := 0
	err := filepath.WalkDir(ts.MkAbs(args[0]), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		pages++
		for _, want := range args[1:] {
			if !strings.Contains(string(data), want) {
				ts.Fatalf("%s: no %q", path, want)
			}
		}
		return nil
	})
	ts.Check(err)
	if pages == 0 {
		ts.Fatalf("%s: no HTML page", args[0])
	}
}
