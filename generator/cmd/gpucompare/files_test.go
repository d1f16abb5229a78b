//go:build unix

package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/tools/txtar"
)

// smallSite is a site root that builds: a catalog, a page, a stylesheet.
const smallSite = `
-- data/site.yaml --
title: Test
currency: USD
-- data/gpus/a100.yaml --
{id: a100, name: A100, model: A100, vendor: NVIDIA, dense: {fp32: 19.5}, source: s}
-- data/providers/aws.yaml --
id: aws
name: AWS
kind: public_cloud
currency: USD
regions: [{id: us-east-1}]
instances:
  - {id: p4d.24xlarge, name: p4d.24xlarge, gpu: a100, gpu_count: 8, regions: [us-east-1], source: https://example.com/p4d}
-- data/prices/aws.yaml --
provider: aws
prices:
  - {instance: p4d.24xlarge, region: us-east-1, model: on_demand, amount: 32.77, currency: USD, since: 2025-06-01, source: https://example.com/p, source_kind: provider}
-- content/about.md --
---
title: About
---
About this site.
`

// writeSite writes smallSite into a new folder and returns it.
func writeSite(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, f := range txtar.Parse([]byte(smallSite)).Files {
		p := filepath.Join(root, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// runWithin runs gpucompare with args and fails the test if it has not
// returned within 20 s: a command that waits on a file must not hang.
func runWithin(t *testing.T, args ...string) (code int, stderr string) {
	t.Helper()
	type result struct {
		code   int
		stderr string
	}
	done := make(chan result, 1)
	go func() {
		var out, errOut syncBuffer
		code := run(args, &out, &errOut)
		done <- result{code, errOut.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.stderr
	case <-time.After(20 * time.Second):
		t.Fatalf("gpucompare %s: still running after 20 s", strings.Join(args, " "))
		return 0, ""
	}
}

// fifoRefused is the error for a named pipe at path.
func fifoRefused(path string) string {
	return path + ": a named pipe (FIFO), not a regular file: a site root holds regular files and folders only; remove it or replace it with a regular file"
}

func TestNamedPipesRefused(t *testing.T) {
	for _, pipe := range []string{"data/prices/pipe.yaml", "content/pipe.md", "static/pipe.css"} {
		t.Run(pipe, func(t *testing.T) {
			root := writeSite(t)
			if err := os.MkdirAll(filepath.Join(root, "static"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(filepath.Join(root, filepath.FromSlash(pipe)), 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), "public")
			code, stderr := runWithin(t, "build", "-root", root, "-out", out)
			if code != 1 || !strings.Contains(stderr, fifoRefused(pipe)) {
				t.Errorf("build: exit %d, want 1 with %q; stderr:\n%s", code, fifoRefused(pipe), stderr)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("build wrote %s", out)
			}
			code, stderr = runWithin(t, "report", "-root", root, "-o", filepath.Join(t.TempDir(), "r.html"))
			if code != 1 {
				t.Errorf("report: exit %d, want 1; stderr:\n%s", code, stderr)
			}
			// check reads only data/.
			code, stderr = runWithin(t, "check", "-root", root)
			if want := map[bool]int{true: 1, false: 0}[strings.HasPrefix(pipe, "data/")]; code != want {
				t.Errorf("check: exit %d, want %d; stderr:\n%s", code, want, stderr)
			}
		})
	}
}

// TestServeShowsANamedPipeAsAnError serves a root with a named pipe from
// the start, and one where the pipe is made while serving: the watcher
// sees it, and the rebuild refuses it.
func TestServeShowsANamedPipeAsAnError(t *testing.T) {
	for _, tt := range []struct {
		pipe  string
		later bool
	}{{"data/prices/pipe.yaml", false}, {"content/pipe.md", false}, {"static/pipe.css", false}, {"content/new.md", true}} {
		pipe := tt.pipe
		t.Run(pipe, func(t *testing.T) {
			root := writeSite(t)
			if err := os.MkdirAll(filepath.Join(root, "static"), 0o755); err != nil {
				t.Fatal(err)
			}
			mkfifo := func() {
				if err := syscall.Mkfifo(filepath.Join(root, filepath.FromSlash(pipe)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if !tt.later {
				mkfifo()
			}
			var out, errOut syncBuffer
			exit := make(chan int, 1)
			go func() { exit <- run([]string{"serve", "-root", root, "-addr", ":0"}, &out, &errOut) }()
			url := regexp.MustCompile(`at (http://127\.0\.0\.1:\d+/)`)
			deadline := time.Now().Add(20 * time.Second)
			var page string
			for !strings.Contains(page, pipe+": a named pipe (FIFO)") {
				if tt.later && strings.Contains(page, "About") {
					mkfifo() // once the first build is served
					tt.later = false
				}
				if time.Now().After(deadline) {
					t.Fatalf("no page names the pipe within 20 s; page %q, stderr %q", page, errOut.String())
				}
				time.Sleep(20 * time.Millisecond)
				m := url.FindStringSubmatch(out.String())
				if m == nil {
					continue
				}
				client := http.Client{Timeout: 5 * time.Second}
				resp, err := client.Get(m[1])
				if err != nil {
					continue
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				page = string(body)
			}
			if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			select {
			case code := <-exit:
				if code != 0 {
					t.Errorf("exit %d after SIGINT, want 0; stderr:\n%s", code, errOut.String())
				}
			case <-time.After(20 * time.Second):
				t.Fatal("serve still runs 20 s after SIGINT")
			}
		})
	}
}

func TestLinkToDevZeroRefused(t *testing.T) {
	root := writeSite(t)
	if err := os.Symlink("/dev/zero", filepath.Join(root, "data", "prices", "zero.yaml")); err != nil {
		t.Fatal(err)
	}
	want := "data/prices/zero.yaml: a symbolic link that leads outside the site root"
	code, stderr := runWithin(t, "check", "-root", root)
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("check: exit %d, want 1 with %q; stderr:\n%s", code, want, stderr)
	}
	if err := os.Remove(filepath.Join(root, "data", "prices", "zero.yaml")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "static"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(root, "static", "zero.bin")); err != nil {
		t.Fatal(err)
	}
	want = "static/zero.bin: a symbolic link that leads outside the site root"
	code, stderr = runWithin(t, "build", "-root", root, "-out", filepath.Join(t.TempDir(), "public"))
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("build: exit %d, want 1 with %q; stderr:\n%s", code, want, stderr)
	}
}

// TestServeBuildsAsBuildDoes: a named pipe in templates/ that no
// template names stops neither build nor serve; serve hashes templates/
// to know when to parse it again, and must not stop at the pipe.
func TestServeBuildsAsBuildDoes(t *testing.T) {
	root := writeSite(t)
	if err := os.CopyFS(filepath.Join(root, "templates"), os.DirFS(filepath.Join("..", "..", "..", "templates"))); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "templates", "notes.pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stderr := runWithin(t, "build", "-root", root, "-out", filepath.Join(t.TempDir(), "public")); code != 0 {
		t.Fatalf("build: exit %d; stderr:\n%s", code, stderr)
	}
	var out, errOut syncBuffer
	exit := make(chan int, 1)
	go func() { exit <- run([]string{"serve", "-root", root, "-addr", ":0"}, &out, &errOut) }()
	url := regexp.MustCompile(`at (http://127\.0\.0\.1:\d+/)`)
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(errOut.String(), "files") && !strings.Contains(errOut.String(), "error") {
		if time.Now().After(deadline) {
			t.Fatalf("no build logged within 20 s; stderr %q", errOut.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	m := url.FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no URL printed; stdout %q", out.String())
	}
	resp, err := http.Get(m[1] + "about/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "About this site.") {
		t.Errorf("GET about/: status %d; stderr:\n%s\nbody:\n%.2000s", resp.StatusCode, errOut.String(), body)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exit:
	case <-time.After(20 * time.Second):
		t.Fatal("serve still runs 20 s after SIGINT")
	}
}
