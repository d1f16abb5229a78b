package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestContributingCommands runs every command of CONTRIBUTING.md as the
// guide words it: each ```sh block, on a fresh copy of the shipped
// catalog committed to a git repository of its own (for -base HEAD),
// with a SkyPilot price list saved where the guide says it is. Each
// command must exit 0.
func TestContributingCommands(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	guide, err := os.ReadFile(filepath.Join(repo, "CONTRIBUTING.md"))
	if err != nil {
		t.Fatal(err)
	}
	prices, err := os.ReadFile(filepath.Join(repo, "generator/importer/testdata/skypilot/lambda-vms.csv"))
	if err != nil {
		t.Fatal(err)
	}
	// The Lambda API's example answer, the copy of data/sources.yaml's
	// second Lambda source.
	lambdaAPI, err := os.ReadFile(filepath.Join(repo, "generator/importer/testdata/lambda-api/instance-types-doc-example.json"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := shellBlocks(string(guide))
	if len(blocks) < 10 {
		t.Fatalf("CONTRIBUTING.md has %d sh blocks; want the guide's commands", len(blocks))
	}
	ran := map[string]bool{}
	for _, block := range blocks {
		dir := t.TempDir()
		copyTree(t, filepath.Join(repo, "data"), filepath.Join(dir, "data"))
		copyTree(t, filepath.Join(repo, "schemas"), filepath.Join(dir, "schemas"))
		writeFile(t, filepath.Join(dir, "vms.csv"), prices)
		writeFile(t, filepath.Join(dir, "saved", "lambda", "vms.csv"), prices)
		writeFile(t, filepath.Join(dir, "saved", "lambda", "instance-types.json"), lambdaAPI)
		for _, args := range [][]string{{"init", "-q"}, {"add", "data", "schemas"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "catalog"}} {
			cmd := exec.Command("git", args...)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v\n%s", args, err, out)
			}
		}
		// The private overlay the guide keeps beside the clone.
		writeFile(t, filepath.Join(dir, "..", "gpucompare-quotes", "data", "quotes", "p5-us-east-1-2026.yaml"), []byte(contributingQuote))
		t.Chdir(dir)
		for _, line := range block {
			args := strings.Fields(line)
			if args[0] != "gpucompare" {
				t.Errorf("CONTRIBUTING.md: %q is not a gpucompare command: the test runs only those", line)
				continue
			}
			var stdout, stderr bytes.Buffer
			if code := run(args[1:], &stdout, &stderr); code != 0 {
				t.Errorf("%s: exit %d\n%s%s", line, code, stdout.String(), stderr.String())
			}
			ran[args[1]] = true
		}
	}
	for _, cmd := range []string{"check", "new", "import", "refresh", "diff", "build"} {
		if !ran[cmd] {
			t.Errorf("CONTRIBUTING.md shows no gpucompare %s", cmd)
		}
	}
}

// shellBlocks returns the command lines of each ```sh block of a
// Markdown text, comments and blank lines left out.
func shellBlocks(md string) [][]string {
	var blocks [][]string
	var cur []string
	in := false
	for _, line := range strings.Split(md, "\n") {
		switch {
		case !in && strings.TrimSpace(line) == "```sh":
			in, cur = true, nil
		case in && strings.TrimSpace(line) == "```":
			in = false
			blocks = append(blocks, cur)
		case in:
			if l := strings.TrimSpace(line); l != "" && !strings.HasPrefix(l, "#") {
				cur = append(cur, l)
			}
		}
	}
	return blocks
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		writeFile(t, filepath.Join(to, rel), data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// contributingQuote is a quote for a shipped offer, as CONTRIBUTING.md's
// private overlay holds.
const contributingQuote = `id: p5-us-east-1-2026
offer:
  provider: aws
  instance: p5.48xlarge
  region: us-east-1
  model: on_demand
amount: 80.5
currency: USD
term: 12 months
valid_from: 2026-01-01
valid_until: 2026-12-31
reference: Q-2026-0412
contact_role: account manager
`
