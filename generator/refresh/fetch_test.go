package refresh

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fixture is a real SkyPilot catalog the importer's tests read.
func fixture(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile("../importer/testdata/skypilot/lambda-vms.csv")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// server is a price-list server whose answers a test sets, and which
// records the conditional headers of each request.
type server struct {
	mu      sync.Mutex
	body    []byte
	etag    string
	lastMod string
	fail    int // answer 500 to this many requests first
	hits    int
	asked   []string // If-None-Match / If-Modified-Since of each request
	handler http.HandlerFunc
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.hits++
	s.asked = append(s.asked, r.Header.Get("If-None-Match")+"|"+r.Header.Get("If-Modified-Since"))
	h, fail := s.handler, s.fail > 0
	if fail {
		s.fail--
	}
	body, etag, lastMod := s.body, s.etag, s.lastMod
	s.mu.Unlock()
	switch {
	case h != nil:
		h(w, r)
		return
	case fail:
		http.Error(w, "boom", http.StatusInternalServerError)
		return
	case etag != "" && r.Header.Get("If-None-Match") == etag,
		etag == "" && lastMod != "" && r.Header.Get("If-Modified-Since") == lastMod:
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if etag != "" {
		w.Header().Set("ETag", etag)
	}
	if lastMod != "" {
		w.Header().Set("Last-Modified", lastMod)
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}

func newFetcher(t *testing.T) (*Fetcher, *strings.Builder) {
	t.Helper()
	var progress strings.Builder
	return &Fetcher{
		Timeout:  5 * time.Second,
		Retries:  2,
		Backoff:  func(int) time.Duration { return 0 },
		MaxSize:  1 << 20,
		Progress: &progress,
		State:    &State{Files: map[string]Validators{}},
	}, &progress
}

func TestFetchConditional(t *testing.T) {
	body := fixture(t)
	srv := &server{body: body, etag: `"v1"`}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	cache := t.TempDir()
	f, progress := newFetcher(t)
	ctx := context.Background()
	url := ts.URL + "/lambda/vms.csv"

	res, err := f.Fetch(ctx, url, cache, "lambda/vms.csv")
	if err != nil || res.NotModified || res.Size != int64(len(body)) {
		t.Fatalf("first fetch: %+v, %v", res, err)
	}
	if got := f.State.Files[url]; got.ETag != `"v1"` || got.File != "lambda/vms.csv" {
		t.Errorf("state after the first fetch: %+v", got)
	}

	// The state file carries the ETag to the next run, which asks with it
	// and keeps the copy on a 304.
	if err := f.State.Save(cache); err != nil {
		t.Fatal(err)
	}
	state, err := LoadState(cache)
	if err != nil {
		t.Fatal(err)
	}
	f.State = state
	res, err = f.Fetch(ctx, url, cache, "lambda/vms.csv")
	if err != nil || !res.NotModified {
		t.Fatalf("second fetch: %+v, %v; want 304 not modified", res, err)
	}
	if srv.asked[1] != `"v1"|` {
		t.Errorf("second request asked %q; want If-None-Match \"v1\"", srv.asked[1])
	}
	if got, _ := os.ReadFile(filepath.Join(cache, "lambda/vms.csv")); string(got) != string(body) {
		t.Errorf("the saved copy changed on a 304")
	}
	if !strings.Contains(progress.String(), "304 not modified: keeping lambda/vms.csv") {
		t.Errorf("progress = %q; want the 304 said", progress.String())
	}

	// A changed ETag brings the new body and the new ETag.
	srv.mu.Lock()
	srv.body, srv.etag = body[:200], `"v2"`
	srv.mu.Unlock()
	res, err = f.Fetch(ctx, url, cache, "lambda/vms.csv")
	if err != nil || res.NotModified || res.Size != 200 {
		t.Fatalf("fetch after a change: %+v, %v", res, err)
	}
	if srv.asked[2] != `"v1"|` {
		t.Errorf("third request asked %q; want If-None-Match \"v1\"", srv.asked[2])
	}
	if got, _ := os.ReadFile(filepath.Join(cache, "lambda/vms.csv")); string(got) != string(body[:200]) {
		t.Errorf("the saved copy is not the changed body")
	}
	if got := f.State.Files[url].ETag; got != `"v2"` {
		t.Errorf("ETag after the change = %q; want \"v2\"", got)
	}
}

func TestFetchLastModified(t *testing.T) {
	srv := &server{body: fixture(t), lastMod: "Tue, 01 Dec 2026 06:00:00 GMT"}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	cache := t.TempDir()
	f, _ := newFetcher(t)
	for i, want := range []bool{false, true} {
		res, err := f.Fetch(context.Background(), ts.URL+"/vms.csv", cache, "lambda/vms.csv")
		if err != nil || res.NotModified != want {
			t.Fatalf("fetch %d: %+v, %v; want NotModified %v", i+1, res, err, want)
		}
	}
	if srv.asked[1] != "|Tue, 01 Dec 2026 06:00:00 GMT" {
		t.Errorf("second request asked %q; want If-Modified-Since", srv.asked[1])
	}
}

// A saved copy that went missing is downloaded whole, not asked for
// conditionally.
func TestFetchLostCopy(t *testing.T) {
	srv := &server{body: fixture(t), etag: `"v1"`}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	cache := t.TempDir()
	f, _ := newFetcher(t)
	url := ts.URL + "/vms.csv"
	if _, err := f.Fetch(context.Background(), url, cache, "lambda/vms.csv"); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(cache, "lambda/vms.csv"))
	res, err := f.Fetch(context.Background(), url, cache, "lambda/vms.csv")
	if err != nil || res.NotModified {
		t.Fatalf("fetch of a lost copy: %+v, %v", res, err)
	}
	if srv.asked[1] != "|" {
		t.Errorf("request for a lost copy asked %q; want no validators", srv.asked[1])
	}
}

func TestFetch500(t *testing.T) {
	srv := &server{body: fixture(t), fail: 100}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	cache := t.TempDir()
	f, progress := newFetcher(t)
	url := ts.URL + "/vms.csv"
	_, err := f.Fetch(context.Background(), url, cache, "lambda/vms.csv")
	want := "GET " + url + ": the server answered 500 Internal Server Error (after 3 attempts)"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v; want %s", err, want)
	}
	if srv.hits != 3 {
		t.Errorf("%d requests; want 3 (one and 2 retries)", srv.hits)
	}
	if n := strings.Count(progress.String(), "; retry "); n != 2 {
		t.Errorf("progress has %d retry lines; want 2:\n%s", n, progress.String())
	}
	if _, err := os.Stat(filepath.Join(cache, "lambda/vms.csv")); err == nil {
		t.Errorf("a failed download left a file")
	}

	// A 500 that passes is retried into success.
	srv.fail = 1
	if _, err := f.Fetch(context.Background(), url, cache, "lambda/vms.csv"); err != nil {
		t.Fatalf("after one 500: %v", err)
	}
}

func TestFetch404NotRetried(t *testing.T) {
	srv := &server{handler: func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	f, _ := newFetcher(t)
	_, err := f.Fetch(context.Background(), ts.URL+"/x.csv", t.TempDir(), "p/x.csv")
	if err == nil || !strings.Contains(err.Error(), "404 Not Found: want 200 OK; check the url in data/sources.yaml") {
		t.Fatalf("err = %v", err)
	}
	if srv.hits != 1 {
		t.Errorf("%d requests; want 1: a 404 is not retried", srv.hits)
	}
}

func TestFetchTimeout(t *testing.T) {
	done := make(chan struct{})
	srv := &server{handler: func(w http.ResponseWriter, r *http.Request) {
		select { // answer only once the client gave up
		case <-r.Context().Done():
		case <-done:
		}
	}}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	defer close(done)
	f, _ := newFetcher(t)
	f.Timeout = 50 * time.Millisecond
	f.Retries = 1
	url := ts.URL + "/vms.csv"
	_, err := f.Fetch(context.Background(), url, t.TempDir(), "p/vms.csv")
	want := "GET " + url + ": no answer within 50ms (after 2 attempts)"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v; want %s", err, want)
	}
}

func TestFetchTruncated(t *testing.T) {
	body := fixture(t)
	srv := &server{body: body, etag: `"v1"`}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	cache := t.TempDir()
	f, _ := newFetcher(t)
	url := ts.URL + "/vms.csv"
	if _, err := f.Fetch(context.Background(), url, cache, "lambda/vms.csv"); err != nil {
		t.Fatal(err)
	}
	// The server now promises more than it sends.
	srv.handler = func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "5000")
		w.Write([]byte("InstanceType,AcceleratorName\n"))
	}
	_, err := f.Fetch(context.Background(), url, cache, "lambda/vms.csv")
	if err == nil || !strings.Contains(err.Error(), "the body was cut short: 29 of 5000 bytes (after 3 attempts)") {
		t.Fatalf("err = %v; want the body cut short", err)
	}
	if got, _ := os.ReadFile(filepath.Join(cache, "lambda/vms.csv")); string(got) != string(body) {
		t.Errorf("a truncated download replaced the saved copy")
	}
	if got := f.State.Files[url].ETag; got != `"v1"` {
		t.Errorf("ETag after a failed download = %q; want the old \"v1\"", got)
	}
}

func TestFetchSizeCap(t *testing.T) {
	body := fixture(t)
	for _, declared := range []bool{true, false} {
		srv := &server{handler: func(w http.ResponseWriter, r *http.Request) {
			if declared {
				w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			}
			w.Write(body)
			w.(http.Flusher).Flush()
		}}
		ts := httptest.NewServer(srv)
		f, _ := newFetcher(t)
		f.MaxSize = 100
		cache := t.TempDir()
		_, err := f.Fetch(context.Background(), ts.URL+"/vms.csv", cache, "p/vms.csv")
		ts.Close()
		if err == nil || !strings.Contains(err.Error(), "larger than the size cap 100 bytes: raise max_size in data/sources.yaml") {
			t.Fatalf("declared %v: err = %v", declared, err)
		}
		if srv.hits != 1 {
			t.Errorf("declared %v: %d requests; want 1: a size over the cap is not retried", declared, srv.hits)
		}
		if _, err := os.Stat(filepath.Join(cache, "p/vms.csv")); err == nil {
			t.Errorf("declared %v: a refused download left a file", declared)
		}
	}
}

// While a body arrives the progress says how much of it has.
func TestFetchProgress(t *testing.T) {
	body := fixture(t)
	ts := httptest.NewServer(&server{body: body})
	defer ts.Close()
	f, progress := newFetcher(t)
	f.ProgressEvery = time.Nanosecond
	if _, err := f.Fetch(context.Background(), ts.URL+"/vms.csv", t.TempDir(), "p/vms.csv"); err != nil {
		t.Fatal(err)
	}
	if want := "GET " + ts.URL + "/vms.csv: 1.4 KiB of 1.4 KiB (100%)\n"; !strings.Contains(progress.String(), want) {
		t.Errorf("progress = %q; want %q", progress.String(), want)
	}
}

// A 503 with Retry-After waits as long as the server asks, within a bound.
func TestFetchRetryAfter(t *testing.T) {
	n := 0
	srv := &server{handler: func(w http.ResponseWriter, r *http.Request) {
		if n++; n == 1 {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte("InstanceType\n"))
	}}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	f, progress := newFetcher(t)
	if _, err := f.Fetch(context.Background(), ts.URL+"/vms.csv", t.TempDir(), "p/vms.csv"); err != nil {
		t.Fatal(err)
	}
	if want := "503 Service Unavailable; retry 1 of 2 in 1s\n"; !strings.Contains(progress.String(), want) {
		t.Errorf("progress = %q; want %q", progress.String(), want)
	}
	resp := &http.Response{Header: http.Header{"Retry-After": {"86400"}}}
	if got := retryAfter(resp); got != maxRetryAfter {
		t.Errorf("Retry-After of a day waits %s; want %s", got, maxRetryAfter)
	}
}

// A refresh stopped (Ctrl-C) is not retried.
func TestFetchStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	srv := &server{handler: func(w http.ResponseWriter, r *http.Request) {
		cancel()
		<-r.Context().Done()
	}}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	f, _ := newFetcher(t)
	_, err := f.Fetch(ctx, ts.URL+"/vms.csv", t.TempDir(), "p/vms.csv")
	if want := "GET " + ts.URL + "/vms.csv: stopped: context canceled"; err == nil || err.Error() != want {
		t.Fatalf("err = %v; want %s", err, want)
	}
	if srv.hits != 1 {
		t.Errorf("%d requests; want 1", srv.hits)
	}
}

// FuzzParseSources: any text gives sources or an error, never a panic,
// and the sources it gives pass their own checks.
func FuzzParseSources(f *testing.F) {
	f.Add([]byte("sources:\n  - {provider: lambda, format: skypilot, files: [{name: vms.csv, url: 'https://x/vms.csv'}]}\n"))
	f.Add([]byte("sources:\n  - provider: azure\n    format: azure-retail\n    max_size: 8MiB\n    files:\n      - {name: a.json, url: 'https://x/p', pages: 3}\n"))
	f.Add([]byte("sources: [1, {a: b}]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSources(data, "data/sources.yaml", []string{"skypilot", "aws-pricelist", "azure-retail"})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "data/sources.yaml") {
				t.Errorf("error without the file: %v", err)
			}
			return
		}
		for _, src := range s.Sources {
			if src.Provider == "" || len(src.Files) == 0 {
				t.Errorf("accepted %+v", src)
			}
			for _, file := range src.Files {
				if file.Name == "" || strings.ContainsAny(file.Name, "/\\") || !strings.Contains(file.URL, "://") {
					t.Errorf("accepted file %+v", file)
				}
			}
		}
	})
}

// A body that stops arriving is cut by the attempt's time limit.
func TestFetchBodyTimeout(t *testing.T) {
	done := make(chan struct{})
	srv := &server{handler: func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "5000")
		w.Write([]byte("InstanceType,AcceleratorName\n"))
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-done:
		}
	}}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	defer close(done)
	f, _ := newFetcher(t)
	f.Timeout = 50 * time.Millisecond
	f.Retries = 0
	cache := t.TempDir()
	_, err := f.Fetch(context.Background(), ts.URL+"/vms.csv", cache, "p/vms.csv")
	if want := "GET " + ts.URL + "/vms.csv: the body did not arrive within 50ms"; err == nil || err.Error() != want {
		t.Fatalf("err = %v; want %s", err, want)
	}
	if entries, _ := os.ReadDir(filepath.Join(cache, "p")); len(entries) != 0 {
		t.Errorf("a cut download left %v", entries)
	}
}
