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
		If          string            `yaml:"if"`
		Needs       any               `yaml:"needs"`
		Concurrency any               `yaml:"concurrency"`
		Steps       []struct {
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			If   string            `yaml:"if"`
			With map[string]string `yaml:"with"`
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
// or runs gpucompare, the nightly refresh's included (its download and
// build have a read-only token, its push builds nothing).
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
			if !writes || job.Uses != "" {
				continue
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
	_, names := workflowFiles(t)
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
	for _, step := range wf.Jobs["deploy"].Steps {
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

// triggers are the events a workflow runs on, with their types.
type triggers struct {
	On map[string]struct {
		Types []string `yaml:"types"`
	} `yaml:"on"`
}

// TestPreviewRemovedByMain: a closed pull request's preview is taken
// down by main's workflow (pull_request_target, closed), which checks out,
// builds and reads nothing of the pull request but its number, and
// removes with preview-put.yml (preview-branch.sh from main's checkout);
// the pull request's own workflow no longer runs on closing.
func TestPreviewRemovedByMain(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	var on triggers
	wf, text := readWorkflow(t, root, "preview-remove.yml")
	if err := yaml.Unmarshal([]byte(text), &on); err != nil {
		t.Fatal(err)
	}
	if len(on.On) != 1 || !slices.Equal(on.On["pull_request_target"].Types, []string{"closed"}) {
		t.Errorf("preview-remove.yml: runs on %v; want pull_request_target, closed, only", on.On)
	}
	if fmt.Sprint(wf.Permissions) != "map[]" {
		t.Errorf("preview-remove.yml: workflow permissions %v; want none, each job its own", wf.Permissions)
	}
	for _, bad := range []string{"pull_request.head", "actions/checkout", "github.head_ref", "merge_commit_sha", "run:"} {
		if strings.Contains(text, bad) {
			t.Errorf("preview-remove.yml: holds %q: it reads, checks out or runs something of the pull request", bad)
		}
	}
	if len(wf.Jobs) != 1 || wf.Jobs["remove"].Uses != "./.github/workflows/preview-put.yml" || !strings.Contains(text, "action: remove") ||
		!strings.Contains(text, "pr: ${{ github.event.pull_request.number }}") {
		t.Errorf("preview-remove.yml: does not remove pr-<number> with preview-put.yml:\n%s", text)
	}
	_, put := readWorkflow(t, root, "preview-put.yml")
	if !strings.Contains(put, "ref: ${{ github.event.repository.default_branch }}") {
		t.Error("preview-put.yml: does not check out main for its scripts")
	}
	var prOn triggers
	_, pr := readWorkflow(t, root, "preview.yml")
	if err := yaml.Unmarshal([]byte(pr), &prOn); err != nil || slices.Contains(prOn.On["pull_request"].Types, "closed") {
		t.Error("preview.yml: the pull request's own workflow still runs on closing")
	}
}

// TestFailedPreviewIsSaid: when a preview's run fails — the pull
// request's catalog check, main's build of its preview, putting it
// online, or the nightly refresh's preview — a job of main's runs
// .github/scripts/preview-failed.sh (TestFailedPreviewComment in
// generator/cmd/prpreview), so that the bot's comment never goes on
// showing an earlier commit's preview as this one's; the pull request's
// run keeps its number also when its check fails; a preview put online
// sets the commit's status.
func TestFailedPreviewIsSaid(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	for file, needs := range map[string][]string{"preview-publish.yml": {"build", "put"}, "refresh.yml": {"preview", "put"}} {
		wf, _ := readWorkflow(t, root, file)
		found := false
		for name, job := range wf.Jobs {
			runs := false
			for _, step := range job.Steps {
				runs = runs || strings.Contains(step.Run, ".github/scripts/preview-failed.sh")
			}
			if !runs {
				continue
			}
			found = true
			if !strings.Contains(job.If, "always()") {
				t.Errorf("%s: job %s runs only when what it needs succeeded: %q", file, name, job.If)
			}
			for _, n := range needs {
				if !strings.Contains(fmt.Sprint(job.Needs), n) || !strings.Contains(job.If, "needs."+n+".result == 'failure'") {
					t.Errorf("%s: job %s does not follow the failure of %s (needs %v, if %q)", file, name, n, job.Needs, job.If)
				}
			}
			if job.Permissions["pull-requests"] != "write" || job.Permissions["statuses"] != "write" || job.Permissions["contents"] == "write" {
				t.Errorf("%s: job %s has permissions %v; want pull-requests and statuses to write, no more", file, name, job.Permissions)
			}
		}
		if !found {
			t.Errorf("%s: no job says that a failed run left no preview", file)
		}
	}
	pub, _ := readWorkflow(t, root, "preview-publish.yml")
	if f := pub.Jobs["failed"]; !strings.Contains(f.If, "github.event.workflow_run.conclusion == 'failure'") {
		t.Errorf("preview-publish.yml: a failed catalog check of the pull request's run is not said: %q", f.If)
	}
	pr, _ := readWorkflow(t, root, "preview.yml")
	for _, step := range pr.Jobs["catalog"].Steps {
		if strings.HasPrefix(step.Uses, "actions/upload-artifact@") && step.If != "${{ !cancelled() }}" {
			t.Errorf("preview.yml: the artifact is kept only when the check passes (if %q)", step.If)
		}
	}
	_, put := readWorkflow(t, root, "preview-put.yml")
	if !strings.Contains(put, `"repos/$REPO/statuses/$SHA" -f state=success -f context=preview -f target_url="$URL"`) {
		t.Error("preview-put.yml: a preview put online does not set the commit's status")
	}
}

// TestPagesOneDeploymentAtATime: every deployment of the site is
// pages.yml's one job, in one concurrency group that cancels nothing, and
// that job builds main, adds the previews and deploys in that order, so a
// preview's deployment never goes online with an older main than one
// before it; no other workflow deploys, and none cancels a run in
// progress.
func TestPagesOneDeploymentAtATime(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	wf, _ := readWorkflow(t, root, "pages.yml")
	if len(wf.Jobs) != 1 {
		t.Fatalf("pages.yml has %d jobs; want one, so that no other deployment comes between its build and its deployment", len(wf.Jobs))
	}
	job := wf.Jobs["deploy"]
	if fmt.Sprint(job.Concurrency) != "map[cancel-in-progress:false group:pages]" {
		t.Errorf("pages.yml: concurrency %v; want the group pages, cancel-in-progress false", job.Concurrency)
	}
	var order []string
	for _, step := range job.Steps {
		switch {
		case strings.HasPrefix(step.Uses, "actions/checkout@"):
			if step.With["ref"] != "main" {
				t.Errorf("pages.yml: checks out %q, not main", step.With["ref"])
			}
			order = append(order, "checkout")
		case strings.Contains(step.Run, "make build"):
			order = append(order, "build")
		case strings.Contains(step.Run, "PREVIEW_BRANCH"):
			order = append(order, "previews")
		case strings.HasPrefix(step.Uses, "actions/upload-pages-artifact@"):
			order = append(order, "upload")
		case strings.HasPrefix(step.Uses, "actions/deploy-pages@"):
			order = append(order, "deploy")
		}
	}
	if got := strings.Join(order, " "); got != "checkout build previews upload deploy" {
		t.Errorf("pages.yml: steps %q; want checkout build previews upload deploy in one job", got)
	}
	names, _ := filepath.Glob(filepath.Join(root, ".github/workflows/*.yml"))
	for _, path := range names {
		name := filepath.Base(path)
		wf, text := readWorkflow(t, root, name)
		if strings.Contains(text, "cancel-in-progress: true") {
			t.Errorf("%s: cancels a run in progress", name)
		}
		if name == "pages.yml" {
			continue
		}
		if strings.Contains(text, "actions/deploy-pages@") || strings.Contains(text, "actions/upload-pages-artifact@") {
			t.Errorf("%s: deploys the site itself, outside pages.yml's concurrency group", name)
		}
		for jname, job := range wf.Jobs {
			if job.Permissions["pages"] == "write" && job.Uses != "./.github/workflows/pages.yml" && job.Uses != "./.github/workflows/preview-put.yml" {
				t.Errorf("%s: job %s can deploy (pages: write) without pages.yml", name, jname)
			}
		}
	}
}

// TestPagesAddsPreviewsBesideMain runs pages.yml's step that adds the
// previews on a preview branch holding, beside two previews, a file at
// its root, a folder that is not pr-<n>/ and a preview named as a folder
// of main's site: only pr-<n>/ folders are added, and nothing of main's
// built site is replaced.
func TestPagesAddsPreviewsBesideMain(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	wf, _ := readWorkflow(t, root, "pages.yml")
	var script string
	for _, step := range wf.Jobs["deploy"].Steps {
		if strings.Contains(step.Run, "PREVIEW_BRANCH") {
			script = step.Run
		}
	}
	if script == "" {
		t.Fatal("pages.yml: no step adds the previews")
	}
	git := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.org", "GIT_CONFIG_GLOBAL=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(dir string, files map[string]string) {
		for name, body := range files {
			p := filepath.Join(dir, name)
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	previews := t.TempDir()
	git(previews, "init", "-q", "-b", "gh-pages-previews")
	write(previews, map[string]string{
		"pr-3/index.html": "preview 3", "pr-12/compare/index.html": "preview 12", "previews.txt": "3\n12\n",
		"index.html": "HOSTILE root", "static/style.css": "HOSTILE style", "pr-x/index.html": "HOSTILE pr-x", "pr-07/index.html": "HOSTILE 07",
		"pr-5/index.html": "HOSTILE over main's pr-5",
	})
	git(previews, "add", ".")
	git(previews, "commit", "-q", "-m", "previews")
	site := t.TempDir()
	git(site, "init", "-q", "-b", "main")
	git(site, "remote", "add", "origin", "file://"+previews)
	main := map[string]string{"public/index.html": "main", "public/static/style.css": "main style", "public/pr-5/index.html": "main's page pr-5"}
	write(site, main)
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
	cmd.Dir = site
	cmd.Env = append(os.Environ(), "PREVIEW_BRANCH=gh-pages-previews", "RUNNER_TEMP="+t.TempDir(), "GH_TOKEN=t", "REPO=o/r", "GIT_CONFIG_GLOBAL=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the step: %v\n%s", err, out)
	}
	var got []string
	filepath.WalkDir(filepath.Join(site, "public"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(site, p)
			body, _ := os.ReadFile(p)
			got = append(got, filepath.ToSlash(rel)+"="+string(body))
		}
		return nil
	})
	want := []string{"public/index.html=main", "public/pr-12/compare/index.html=preview 12", "public/pr-3/index.html=preview 3", "public/pr-5/index.html=main's page pr-5", "public/static/style.css=main style"}
	if !slices.Equal(got, want) {
		t.Errorf("public holds\n%q\nwant\n%q\n%s", got, want, out)
	}
	if !strings.Contains(string(out), "pr-5 is a folder of main's site") {
		t.Errorf("a preview over main's folder is not warned of:\n%s", out)
	}
}

// TestCheckoutsKeepNoCredentials: every checkout of every workflow leaves
// no token in the folder it checks out (persist-credentials: false), so
// no later step, and no code it runs, can push with it; the one that
// keeps it is the refresh's job pull-request, whose create-pull-request
// pushes the branch and which builds and runs nothing. Each workflow
// gives its jobs at most contents: read, the rest each job asks for.
func TestCheckoutsKeepNoCredentials(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(root, ".github/workflows/*.yml"))
	checkouts := 0
	for _, path := range names {
		name := filepath.Base(path)
		wf, _ := readWorkflow(t, root, name)
		if p := fmt.Sprint(wf.Permissions); p != "map[]" && p != "map[contents:read]" {
			t.Errorf("%s: workflow permissions %v; want none or contents: read, the rest per job", name, p)
		}
		for jname, job := range wf.Jobs {
			for _, step := range job.Steps {
				if !strings.HasPrefix(step.Uses, "actions/checkout@") {
					continue
				}
				checkouts++
				if name == "refresh.yml" && jname == "pull-request" {
					for _, s := range job.Steps {
						if s.Run != "" && (strings.Contains(s.Run, "go ") || strings.Contains(s.Run, "bin/") || strings.Contains(s.Run, "make")) {
							t.Errorf("%s: job %s keeps the token and runs %q", name, jname, s.Run)
						}
					}
					continue
				}
				if step.With["persist-credentials"] != "false" {
					t.Errorf("%s: job %s checks out keeping the token (persist-credentials: %q)", name, jname, step.With["persist-credentials"])
				}
			}
		}
	}
	if checkouts < 9 {
		t.Errorf("%d checkouts found: the test misses them", checkouts)
	}
}

// TestPreviewsMayHaveAnOriginOfTheirOwn: with the repository variable
// PREVIEW_REPOSITORY set, previews are pushed to that repository (with
// the secret PREVIEW_TOKEN) and served from its address
// (PREVIEW_PAGES_URL), never deployed with main's site; unset, they stay
// under pr-<n>/ of the site. Either way the site's own scripts keep
// nothing a preview could share or poison: no service worker, no cookie,
// no web storage.
func TestPreviewsMayHaveAnOriginOfTheirOwn(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	put, text := readWorkflow(t, root, "preview-put.yml")
	for _, want := range []string{"PREVIEW_REPOSITORY: ${{ vars.PREVIEW_REPOSITORY }}", "PREVIEW_TOKEN: ${{ secrets.PREVIEW_TOKEN }}"} {
		if !strings.Contains(text, want) {
			t.Errorf("preview-put.yml: the branch's step lacks %q", want)
		}
	}
	if put.Jobs["deploy"].If != "vars.PREVIEW_REPOSITORY == ''" {
		t.Errorf("preview-put.yml: deploys main's site with previews served elsewhere (if %q)", put.Jobs["deploy"].If)
	}
	pages, _ := readWorkflow(t, root, "pages.yml")
	for _, step := range pages.Jobs["deploy"].Steps {
		if strings.Contains(step.Run, "PREVIEW_BRANCH") && step.If != "vars.PREVIEW_REPOSITORY == ''" {
			t.Errorf("pages.yml: adds the previews to main's site when another repository serves them (if %q)", step.If)
		}
	}
	for _, name := range []string{"preview-publish.yml", "refresh.yml"} {
		_, text := readWorkflow(t, root, name)
		if !strings.Contains(text, "PAGES_URL: ${{ vars.PREVIEW_PAGES_URL || steps.pages.outputs.base_url }}") {
			t.Errorf("%s: the preview's address is not the other origin's when one is set", name)
		}
	}
	for _, name := range []string{"preview-publish.yml", "refresh.yml", "preview-remove.yml"} {
		_, text := readWorkflow(t, root, name)
		if !strings.Contains(text, "PREVIEW_TOKEN: ${{ secrets.PREVIEW_TOKEN }}") {
			t.Errorf("%s: does not pass PREVIEW_TOKEN to preview-put.yml", name)
		}
	}
	shared := regexp.MustCompile(`serviceWorker|document\.cookie|localStorage|sessionStorage|indexedDB|caches\.open`)
	filepath.WalkDir(filepath.Join(root, "static"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".js") || strings.Contains(p, "/vendor/") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if m := shared.Find(data); m != nil {
			t.Errorf("%s: uses %s, which a preview on the same origin would share", p, m)
		}
		return nil
	})
}

// workflowFiles are the repository's root and the paths of its workflows.
func workflowFiles(t *testing.T) (string, []string) {
	t.Helper()
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	names, err := filepath.Glob(filepath.Join(root, ".github/workflows/*.yml"))
	if err != nil || len(names) < 5 {
		t.Fatalf("workflows %v: %v", names, err)
	}
	return root, names
}
