package main

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
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
			"tree": treeCmd,
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
