package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestPreviewWorkflowCommands runs every gpucompare command of the
// pull-request preview workflow, as the workflow words it, on the shipped
// catalog: the workflow cannot run here, its commands can.
func TestPreviewWorkflowCommands(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, ".github/workflows/preview.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		Jobs map[string]struct {
			Env   map[string]string `yaml:"env"`
			Steps []struct {
				Run string `yaml:"run"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	// What GitHub would fill in; the base branch is this checkout's HEAD.
	expand := strings.NewReplacer(
		`"origin/$BASE_REF"`, "HEAD",
		`"$PREVIEW_URL"`, "https://previews.example.org/gpucompare/pr-1/",
		"-out out/site", "-out "+filepath.Join(out, "preview"),
	)
	t.Chdir(root)
	ran := map[string]bool{}
	for _, job := range wf.Jobs {
		for _, step := range job.Steps {
			for _, line := range strings.Split(step.Run, "\n") {
				line = strings.TrimSpace(line)
				if !strings.HasPrefix(line, "bin/gpucompare ") {
					continue
				}
				line, _, _ = strings.Cut(expand.Replace(line), ">") // output redirection
				args := strings.Fields(line)[1:]
				for i, a := range args {
					args[i] = strings.Trim(a, `"`)
				}
				var stdout, stderr bytes.Buffer
				if code := run(args, &stdout, &stderr); code != 0 {
					t.Errorf("%v: exit %d\n%s%s", args, code, stdout.String(), stderr.String())
				}
				ran[args[0]] = true
				if args[0] == "check" && slices.Contains(args, "-base") {
					ran["check -base"] = true
				}
			}
		}
	}
	for _, cmd := range []string{"check", "check -base", "build", "diff"} {
		if !ran[cmd] {
			t.Errorf("the workflow no longer runs gpucompare %s", cmd)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "preview", "index.html")); err != nil {
		t.Errorf("the preview was not built: %v", err)
	}
	sitemap, err := os.ReadFile(filepath.Join(out, "preview", "sitemap.xml"))
	if err != nil || !bytes.Contains(sitemap, []byte("<loc>https://previews.example.org/gpucompare/pr-1/compare/")) {
		t.Errorf("the preview's sitemap does not use the preview's sub-path: %v\n%.300s", err, sitemap)
	}
}
