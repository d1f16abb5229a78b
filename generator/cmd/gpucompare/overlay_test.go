package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
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

// TestPublicBuildHoldsNoOverlayValue is a property test: whatever a
// private overlay holds (amounts, references, roles, notes), a build
// without -overlay has none of it in any byte of any file, even with the
// overlay beside the site root; the same overlay passed with -overlay is
// read, and its build is marked internal.
func TestPublicBuildHoldsNoOverlayValue(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/script/overlay.txtar")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(35, 3))
	word := func(n int) string {
		const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		b := make([]byte, n)
		for i := range b {
			b[i] = letters[rng.IntN(len(letters))]
		}
		return string(b)
	}
	for i := range 6 {
		dir := t.TempDir()
		for _, f := range ar.Files {
			if strings.HasPrefix(f.Name, "data/") {
				writeFile(t, filepath.Join(dir, "site", f.Name), f.Data)
			}
		}
		values := []string{
			fmt.Sprintf("%.6f", 1+rng.Float64()*40), // an amount
			"Q-" + word(12),                         // a reference
			"role " + word(10),                      // a contact role
			"notes " + word(8) + " " + word(8),      // notes
			fmt.Sprintf("%.4f", 5+rng.Float64()*40), // a stated discount
		}
		quote := fmt.Sprintf(`id: q%d
offer:
  provider: aws
  instance: p4d.24xlarge
  region: us-east-1
  model: on_demand
amount: %s
currency: USD
term: 12 months
valid_from: 2025-06-01
valid_until: 2099-12-31
discount_pct: %s
reference: %s
contact_role: %s
notes: %s
`, i, values[0], values[4], values[1], values[2], values[3])
		writeFile(t, filepath.Join(dir, "private/data/quotes", fmt.Sprintf("q%d.yaml", i)), []byte(quote))

		public := filepath.Join(dir, "public")
		if code := run([]string{"build", "-root", filepath.Join(dir, "site"), "-out", public}, io.Discard, io.Discard); code != 0 {
			t.Fatalf("public build: exit %d", code)
		}
		// Every file: pages, the JSON API, the Markdown twins, llms.txt
		// and llms-full.txt, the exports, feeds and sitemap.
		files, kinds := 0, map[string]int{}
		err := filepath.WalkDir(public, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			files++
			rel, _ := filepath.Rel(public, path)
			switch {
			case strings.HasPrefix(rel, "api/"):
				kinds["api"]++
			case strings.HasSuffix(rel, ".md"):
				kinds["twins"]++
			case strings.HasPrefix(filepath.Base(rel), "llms"):
				kinds["llms"]++
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, v := range values {
				if bytes.Contains(data, []byte(v)) {
					t.Errorf("%s holds the overlay's %q, built without -overlay", path, v)
				}
			}
			return nil
		})
		if err != nil || files < 10 || kinds["api"] == 0 || kinds["twins"] == 0 || kinds["llms"] < 2 {
			t.Fatalf("public build: %d files (%v), %v: the walk misses a kind of file", files, kinds, err)
		}
		if _, err := os.Stat(filepath.Join(public, ".gpucompare-internal")); err == nil {
			t.Error("a public build is marked internal")
		}
		// Nor a report, short or full, in either language: the file a
		// purchase request attaches is public unless made with -overlay.
		for _, args := range [][]string{{}, {"-full"}, {"-lang", "zh-CN", "-full"}} {
			rep := filepath.Join(dir, "report.html")
			if code := run(append([]string{"report", "-root", filepath.Join(dir, "site"), "-o", rep, "-force"}, args...), io.Discard, io.Discard); code != 0 {
				t.Fatalf("report %v: exit %d", args, code)
			}
			data, err := os.ReadFile(rep)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range values {
				if bytes.Contains(data, []byte(v)) {
					t.Errorf("report %v holds the overlay's %q, made without -overlay", args, v)
				}
			}
		}

		// The same overlay passed with -overlay is shown: the property
		// above is not true only because quotes are never shown.
		internal := filepath.Join(dir, "internal")
		if code := run([]string{"build", "-root", filepath.Join(dir, "site"), "-overlay", filepath.Join(dir, "private"), "-out", internal}, io.Discard, io.Discard); code != 0 {
			t.Fatalf("internal build: exit %d", code)
		}
		page, err := os.ReadFile(filepath.Join(internal, "instances/aws/p4d.24xlarge/index.html"))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range values[1:4] {
			if !bytes.Contains(page, []byte(v)) {
				t.Errorf("the internal build's instance page does not show the overlay's %q", v)
			}
		}

		// And the report made with it shows them.
		rep := filepath.Join(dir, "internal-report.html")
		if code := run([]string{"report", "-root", filepath.Join(dir, "site"), "-overlay", filepath.Join(dir, "private"), "-o", rep}, io.Discard, io.Discard); code != 0 {
			t.Fatalf("report -overlay: exit %d", code)
		}
		data, err := os.ReadFile(rep)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range values[1:4] {
			if !bytes.Contains(data, []byte(v)) {
				t.Errorf("the report made with -overlay does not show the overlay's %q", v)
			}
		}

		var stdout bytes.Buffer
		if code := run([]string{"check", "-root", filepath.Join(dir, "site"), "-overlay", filepath.Join(dir, "private")}, &stdout, io.Discard); code != 0 || !strings.Contains(stdout.String(), "1 private quote and") {
			t.Fatalf("check -overlay: exit %d, %q: the overlay was not read", code, stdout.String())
		}
	}
}

// TestServeOverlay: serve -overlay serves the internal site from
// memory: the banner, the quote ranked as the cheapest offer, no sitemap
// and no feed.
func TestServeOverlay(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/script/overlay.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "data/") || strings.HasPrefix(f.Name, "private/") {
			writeFile(t, filepath.Join(dir, f.Name), f.Data)
		}
	}
	var out, errOut syncBuffer
	exit := make(chan int, 1)
	go func() {
		exit <- run([]string{"serve", "-root", dir, "-overlay", filepath.Join(dir, "private"), "-addr", ":0"}, &out, &errOut)
	}()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(errOut.String(), "files") && !strings.Contains(errOut.String(), "error") {
		if time.Now().After(deadline) {
			t.Fatalf("no build logged within 20 s; stderr %q", errOut.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	m := regexp.MustCompile(`at (http://127\.0\.0\.1:\d+/)`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no URL printed; stdout %q", out.String())
	}
	get := func(path string) (int, string) {
		resp, err := http.Get(m[1] + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	code, home := get("")
	for _, want := range []string{`<p class="internal-banner" role="note">`, `<meta name="robots" content="noindex">`, `title="3.35875 USD per GPU-hour">3.359</span>`, "your quote, valid until 2025-09-30, −18% against list"} {
		if code != 200 || !strings.Contains(home, want) {
			t.Errorf("GET /: status %d, no %q", code, want)
		}
	}
	for _, path := range []string{"sitemap.xml", "feed.xml"} {
		if code, _ := get(path); code != http.StatusNotFound {
			t.Errorf("GET /%s: status %d, want 404: an internal site has none", path, code)
		}
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

// TestWorkflowsNeverPassAnOverlay: the workflows build and publish the
// public site only; an overlay is a team's own, never CI's. Neither they
// nor the Makefile targets they run name one.
func TestWorkflowsNeverPassAnOverlay(t *testing.T) {
	root, names := workflowFiles(t)
	names = append(names, filepath.Join(root, "Makefile"))
	overlay := regexp.MustCompile(`(?i)overlay`)
	builds := 0
	for _, path := range names {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		builds += strings.Count(string(data), "gpucompare build") + strings.Count(string(data), "make build")
		for n, line := range strings.Split(string(data), "\n") {
			if overlay.MatchString(line) {
				t.Errorf("%s:%d: names an overlay: %s", filepath.Base(path), n+1, strings.TrimSpace(line))
			}
		}
	}
	if builds == 0 {
		t.Error("no workflow builds the site: the check reads the wrong files")
	}
}
