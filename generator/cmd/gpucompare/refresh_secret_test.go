package main

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestRefreshSecret refreshes a source whose API wants a key in the query
// string: skipped with a warning while its variable is unset, the run still
// a success; with it set, the key reaches the server, and a canary value of
// it shows in no output, error or file, even from a server that echoes it
// in its answer and in a redirect.
func TestRefreshSecret(t *testing.T) {
	const canary = "CANARY-9f2c+key/="
	var mu sync.Mutex
	var keys []string
	loop := false
	var vms []byte
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		keys = append(keys, r.URL.Query().Get("key"))
		switch {
		case r.URL.Query().Get("key") == "":
			http.Error(w, "no key", http.StatusForbidden)
		case loop:
			http.Redirect(w, r, "/lambda/vms.csv?"+r.URL.RawQuery, http.StatusFound)
		default:
			// A CSV comment-free echo: the key in a column no reader uses.
			w.Write(append(vms, []byte("cpu_echo,,,,,,us-east-1,,"+r.URL.RawQuery+"\n")...))
		}
	}))
	defer ts.Close()
	trustTestServer(t, ts)
	u := ts.URL + "/lambda/vms.csv"
	root, data := refreshRoot(t, "sources:\n  - provider: lambda\n    format: skypilot\n    secret: {env: GPUCOMPARE_TEST_LAMBDA_KEY, query: key}\n    files:\n      - {name: vms.csv, url: '"+u+"'}\n")
	vms = data
	cache := t.TempDir()
	prices := filepath.Join(root, "data/prices/lambda.yaml")
	before, _ := os.ReadFile(prices)

	t.Setenv("GPUCOMPARE_TEST_LAMBDA_KEY", "")
	code, stdout, stderr := runRefresh(t, "-root", root, "-cache", cache, "-as-of", "2026-12-01")
	if code != 0 || len(keys) != 0 {
		t.Fatalf("no key: exit %d, %d requests; want 0 and none\n%s%s", code, len(keys), stdout, stderr)
	}
	if want := "lambda: skipped: the environment variable GPUCOMPARE_TEST_LAMBDA_KEY that holds its key is not set"; !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	if got, _ := os.ReadFile(prices); string(got) != string(before) {
		t.Errorf("a skipped source changed the price file")
	}

	t.Setenv("GPUCOMPARE_TEST_LAMBDA_KEY", canary)
	code, stdout, stderr = runRefresh(t, "-root", root, "-cache", cache, "-as-of", "2026-12-01")
	if code != 0 || !strings.Contains(stdout, "wrote data/prices/lambda.yaml") {
		t.Fatalf("with the key: exit %d\n%s%s", code, stdout, stderr)
	}
	if len(keys) != 1 || keys[0] != canary {
		t.Errorf("the server got keys %q; want the canary once", keys)
	}
	outputs := stdout + stderr

	// A redirect loop echoing the key: the client's error names the
	// redirect's URL.
	mu.Lock()
	loop = true
	mu.Unlock()
	code, stdout, stderr = runRefresh(t, "-root", root, "-cache", cache, "-as-of", "2026-12-02", "-retries", "0")
	if code != 1 || !strings.Contains(stderr, "more than 10 redirects") {
		t.Errorf("redirect loop: exit %d; want 1 with the error\n%s", code, stderr)
	}
	outputs += stdout + stderr

	forms := []string{canary, url.QueryEscape(canary), url.PathEscape(canary), "9f2c"}
	for _, dir := range []string{root, cache} {
		filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
			if err != nil || !info.Mode().IsRegular() {
				return err
			}
			data, _ := os.ReadFile(p)
			for _, f := range forms {
				if strings.Contains(string(data), f) {
					t.Errorf("%s holds the key (as %q)", p, f)
				}
			}
			return nil
		})
	}
	if data, _ := os.ReadFile(filepath.Join(cache, "lambda/vms.csv")); !strings.Contains(string(data), "key=[redacted]") {
		t.Errorf("the saved copy does not hold the echo, redacted: the test checks nothing\n%s", data)
	}
	for _, f := range forms {
		if strings.Contains(outputs, f) {
			t.Errorf("the output holds the key (as %q):\n%s", f, outputs)
		}
	}
}

// TestRefreshOnlyAllSources refreshes -only a provider with two sources:
// both are read, in order; the keyed one, its variable unset, is skipped
// with a warning and the run still succeeds.
func TestRefreshOnlyAllSources(t *testing.T) {
	var mu sync.Mutex
	var paths []string
	var vms []byte
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		paths = append(paths, r.URL.Path)
		w.Write(vms)
	}))
	defer ts.Close()
	trustTestServer(t, ts)
	root, data := refreshRoot(t, `sources:
  - provider: lambda
    format: skypilot
    files:
      - {name: vms.csv, url: '`+ts.URL+`/vms.csv'}
  - provider: lambda
    format: lambda-api
    secret: {env: GPUCOMPARE_TEST_UNSET_KEY, header: Authorization, prefix: 'Bearer '}
    files:
      - {name: instance-types.json, url: '`+ts.URL+`/instance-types'}
`)
	vms = data
	t.Setenv("GPUCOMPARE_TEST_UNSET_KEY", "")
	code, stdout, stderr := runRefresh(t, "-root", root, "-cache", t.TempDir(), "-as-of", "2026-12-01", "-only", "lambda")
	if code != 0 || strings.Join(paths, " ") != "/vms.csv" {
		t.Fatalf("exit %d, requests %v; want 0 and the SkyPilot list only\n%s%s", code, paths, stdout, stderr)
	}
	for _, want := range []string{"== lambda (skypilot)\n", "== lambda (lambda-api): skipped, no key in GPUCOMPARE_TEST_UNSET_KEY\n", "wrote data/prices/lambda.yaml\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "lambda: skipped: the environment variable GPUCOMPARE_TEST_UNSET_KEY that holds its key is not set") {
		t.Errorf("stderr has no warning:\n%s", stderr)
	}
}
