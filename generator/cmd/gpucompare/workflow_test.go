package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// workflow is what the tests read of a GitHub Actions workflow.
type workflow struct {
	Permissions any `yaml:"permissions"`
	Jobs        map[string]struct {
		Permissions map[string]string `yaml:"permissions"`
		Uses        string            `yaml:"uses"`
		Steps       []struct {
			Uses string `yaml:"uses"`
			Run  string `yaml:"run"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

func readWorkflow(t *testing.T, root, name string) (workflow, string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, ".github/workflows", name))
	if err != nil {
		t.Fatal(err)
	}
	var wf workflow
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return wf, string(data)
}

// TestPreviewWorkflowCommands runs every gpucompare command of the
// pull-request preview workflow, as the workflow words it, on the shipped
// catalog: the workflow cannot run here, its commands can. The commands of
// the publishing side are .github/scripts/preview-build.sh's, which
// generator/cmd/prpreview's TestPublishStep runs.
func TestPreviewWorkflowCommands(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	// What GitHub would fill in; the base branch is this checkout's HEAD.
	expand := strings.NewReplacer(
		`"origin/$BASE_REF"`, "HEAD",
		`"$RUNNER_TEMP/preview-full"`, filepath.Join(out, "full"),
	)
	t.Chdir(root)
	ran := map[string]bool{}
	for _, name := range []string{"preview.yml:catalog", "preview-full.yml:full"} {
		file, job, _ := strings.Cut(name, ":")
		wf, _ := readWorkflow(t, root, file)
		for _, step := range wf.Jobs[job].Steps {
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
				key := name + ": " + args[0]
				if args[0] == "check" && slices.Contains(args, "-base") && slices.Contains(args, "github") {
					key += " -base -format github"
				}
				ran[key] = true
			}
		}
	}
	for _, cmd := range []string{"preview.yml:catalog: check -base -format github", "preview-full.yml:full: build"} {
		if !ran[cmd] {
			t.Errorf("the workflow no longer runs %s", cmd)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "full", "index.html")); err != nil {
		t.Errorf("the full build was not made: %v", err)
	}
}

// TestPreviewWorkflowsTrustNoPullRequest: the workflows that run a pull
// request's code have a read-only token and no secret, the catalog's keeps
// its catalog only, the full build's waits for a maintainer's approval; the publishing side builds with main's code through the
// scripts TestPublishStep runs, and no job with a write permission builds
// or runs gpucompare.
func TestPreviewWorkflowsTrustNoPullRequest(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	var prText string
	for _, file := range []string{"preview.yml", "preview-full.yml"} {
		pr, text := readWorkflow(t, root, file)
		if fmt.Sprint(pr.Permissions) != "map[contents:read]" {
			t.Errorf("%s: permissions %v; want contents: read only", file, pr.Permissions)
		}
		for name, job := range pr.Jobs {
			if job.Permissions != nil {
				t.Errorf("%s: job %s asks for permissions %v", file, name, job.Permissions)
			}
		}
		if strings.Contains(text, "secrets.") {
			t.Errorf("%s: uses a secret", file)
		}
		if file == "preview.yml" {
			prText = text
		} else if !strings.Contains(text, "environment: preview-full") {
			t.Errorf("%s: the full build does not wait for a maintainer's approval (environment preview-full)", file)
		}
	}
	if !strings.Contains(prText, `tar --create --file "$RUNNER_TEMP/preview/catalog.tar" $dirs`) || !strings.Contains(prText, `dirs="data content"`) {
		t.Error("preview.yml: does not keep data/ and content/ as catalog.tar")
	}

	for _, name := range []string{"preview-publish.yml", "preview-put.yml", "refresh.yml", "pages.yml"} {
		wf, text := readWorkflow(t, root, name)
		if name == "preview-publish.yml" {
			if !strings.Contains(text, `.github/scripts/preview-build.sh "$RUNNER_TEMP/catalog.tar"`) {
				t.Errorf("%s: does not build with .github/scripts/preview-build.sh from the catalog it took from git", name)
			}
			if strings.Contains(text, `pr/catalog.tar`) {
				t.Errorf("%s: reads the catalog of the pull request's artifact, which its own workflow made", name)
			}
			if !strings.Contains(text, "ref: ${{ github.event.repository.default_branch }}") {
				t.Errorf("%s: does not check out main", name)
			}
			if !strings.Contains(text, `"repos/$REPO/actions/runs/$RUN_ID/approvals"`) {
				t.Errorf("%s: links a full build without reading its approval", name)
			}
		}
		if name == "preview-put.yml" && !strings.Contains(text, ".github/scripts/preview-branch.sh") {
			t.Errorf("%s: does not publish with .github/scripts/preview-branch.sh", name)
		}
		for jname, job := range wf.Jobs {
			writes := false
			for p, v := range job.Permissions {
				if v == "write" && p != "pages" && p != "id-token" {
					writes = true
				}
			}
			if !writes || job.Uses != "" || name == "refresh.yml" && jname == "refresh" {
				continue // the refresh writes what it made, and runs only main's code
			}
			for _, step := range job.Steps {
				if strings.Contains(step.Run, "gpucompare") || strings.Contains(step.Run, "go build") || strings.Contains(step.Run, "preview-build.sh") {
					t.Errorf("%s: job %s has write permissions %v and builds:\n%s", name, jname, job.Permissions, step.Run)
				}
			}
		}
	}
}

var pinned = regexp.MustCompile(`^[a-z0-9-]+/[a-z0-9-]+@[0-9a-f]{40}$`)

// TestActionsArePinned: every action a workflow uses from another
// repository is pinned by its full commit, with its tag in a comment; a
// tag can be moved to other code, a commit cannot.
func TestActionsArePinned(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	names, err := filepath.Glob(filepath.Join(root, ".github/workflows/*.yml"))
	if err != nil || len(names) < 5 {
		t.Fatalf("workflows %v: %v", names, err)
	}
	uses := regexp.MustCompile(`(?m)^\s*(?:-\s*)?uses:\s*(\S+)(.*)$`)
	seen := 0
	for _, path := range names {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range uses.FindAllStringSubmatch(string(data), -1) {
			if strings.HasPrefix(m[1], "./") {
				continue // this repository's own
			}
			seen++
			if !pinned.MatchString(m[1]) || !regexp.MustCompile(`^ # v\d+\.\d+\.\d+$`).MatchString(m[2]) {
				t.Errorf("%s: uses: %s%s: want owner/action@<full commit> # vX.Y.Z", filepath.Base(path), m[1], m[2])
			}
		}
	}
	if seen < 10 {
		t.Errorf("%d actions found: the pattern misses them", seen)
	}
}

// TestPagesBuildCountsAgesToTheCommit runs the hosted site's build step,
// with make replaced by a command that prints what the build would see:
// SOURCE_DATE_EPOCH is the commit time of the checkout, so the ages the
// HTML states are counted to the day of the commit published, not to the
// catalog's newest date.
func TestPagesBuildCountsAgesToTheCommit(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	want, err := exec.Command("git", "-C", root, "log", "-1", "--format=%ct").Output()
	if err != nil {
		t.Fatalf("git log: %v (the test reads the checkout's own commit)", err)
	}
	wf, _ := readWorkflow(t, root, "pages.yml")
	var script string
	for _, step := range wf.Jobs["build"].Steps {
		if strings.Contains(step.Run, "make build") {
			script = step.Run
		}
	}
	if script == "" {
		t.Fatal("pages.yml: no step runs make build")
	}
	script = regexp.MustCompile(`(?m)^\s*make build.*$`).ReplaceAllString(script, `printf '%s\n' "$(printenv SOURCE_DATE_EPOCH)"`)
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "SOURCE_DATE_EPOCH=", "BASE_URL=https://example.org/")
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("the build step: %v", err)
	}
	if strings.TrimSpace(string(got)) != strings.TrimSpace(string(want)) {
		t.Errorf("the build sees SOURCE_DATE_EPOCH=%q; want the commit time %q", strings.TrimSpace(string(got)), strings.TrimSpace(string(want)))
	}
}

// TestPreviewCatalogComesFromTheCommit runs preview-publish.yml's step
// that takes a pull request's catalog: from a repository whose
// refs/pull/7/head is the commit the run built, it archives that commit's
// data/ and content/ and nothing else; when the ref is another commit
// (the artifact claimed one the pull request does not hold), it fails and
// writes no archive.
func TestPreviewCatalogComesFromTheCommit(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	wf, _ := readWorkflow(t, root, "preview-publish.yml")
	var script string
	for _, step := range wf.Jobs["build"].Steps {
		if strings.Contains(step.Run, "git archive") {
			script = step.Run
		}
	}
	if script == "" {
		t.Fatal("preview-publish.yml: no step takes the catalog with git archive")
	}
	git := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.org", "GIT_CONFIG_GLOBAL=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	origin := t.TempDir()
	git(origin, "init", "-q", "-b", "main")
	for name, body := range map[string]string{"data/site.yaml": "title: pr\n", "content/about.md": "# About\n", "static/phish.html": "<script>alert(1)</script>\n", "templates/base.html": "x\n"} {
		p := filepath.Join(origin, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git(origin, "add", ".")
	git(origin, "commit", "-q", "-m", "pr")
	head := git(origin, "rev-parse", "HEAD")
	git(origin, "update-ref", "refs/pull/7/head", head)
	clone := t.TempDir()
	git(clone, "clone", "-q", "file://"+origin, ".")

	run := func(sha string) (string, error) {
		tmp := t.TempDir()
		cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
		cmd.Dir = clone
		cmd.Env = append(os.Environ(), "RUNNER_TEMP="+tmp, "PR=7", "HEAD_SHA="+sha, "GH_TOKEN=t", "GIT_CONFIG_GLOBAL=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil {
			return filepath.Join(tmp, "catalog.tar"), fmt.Errorf("%v\n%s", err, out)
		}
		return filepath.Join(tmp, "catalog.tar"), nil
	}
	tarPath, err := run(head)
	if err != nil {
		t.Fatalf("the step: %v", err)
	}
	list, err := exec.Command("tar", "-tf", tarPath).Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Fields(string(list))
	if !slices.Contains(got, "data/site.yaml") || !slices.Contains(got, "content/about.md") {
		t.Errorf("the archive lacks the pull request's catalog: %q", got)
	}
	for _, name := range got {
		if !strings.HasPrefix(name, "data/") && !strings.HasPrefix(name, "content/") {
			t.Errorf("the archive holds %q, outside data/ and content/", name)
		}
	}
	other := strings.Repeat("0", len(head))
	tarPath, err = run(other)
	if err == nil || !strings.Contains(err.Error(), "not the commit the run built") {
		t.Errorf("a head the ref does not point at: err %v; want a refusal", err)
	}
	if _, statErr := os.Stat(tarPath); statErr == nil {
		t.Errorf("a refused run wrote %s", tarPath)
	}
}
