package server

import (
	"bufio"
	"bytes"
	"context"
	"html"
	"io"
	"net"
	"net/http"
	neturl "net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site"
)

// testRoot is a small site root: one GPU, one provider, one price.
const testRoot = `
-- data/site.yaml --
title: Test
currency: USD
-- data/gpus/a100.yaml --
id: a100
name: A100 SXM4 40GB
model: A100
vendor: NVIDIA
dense:
  fp32: 19.5
source: https://example.com/a100
-- data/providers/aws.yaml --
id: aws
name: AWS
kind: public_cloud
currency: USD
regions:
  - id: us-east-1
instances:
  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a100
    gpu_count: 8
    regions: [us-east-1]
    source: https://example.com/p4d
-- data/prices/aws.yaml --
provider: aws
prices:
  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 32.77
    currency: USD
    since: 2025-06-01
    source: https://example.com/price
    source_kind: provider
`

// priceFile is data/prices/aws.yaml with another instance and amount.
func priceFile(instance, amount string) string {
	return `provider: aws
prices:
  - instance: ` + instance + `
    region: us-east-1
    model: on_demand
    amount: ` + amount + `
    currency: USD
    since: 2025-06-01
    source: https://example.com/price
    source_kind: provider
`
}

const instancePage = "/instances/aws/p4d.24xlarge/"

// writeRoot writes the files of a txtar archive under dir.
func writeRoot(t *testing.T, dir, archive string) {
	t.Helper()
	for _, f := range txtar.Parse([]byte(archive)).Files {
		writeFile(t, filepath.Join(dir, f.Name), string(f.Data))
	}
}

func writeFile(t *testing.T, name, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// saveLikeAnEditor writes a file the way many editors save: a temporary
// file beside it, renamed over it.
func saveLikeAnEditor(t *testing.T, name, data string) {
	t.Helper()
	tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+".tmp")
	writeFile(t, tmp, data)
	if err := os.Rename(tmp, name); err != nil {
		t.Fatal(err)
	}
}

// logBuffer collects the server's log lines; it is written and read from
// different goroutines.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// running is a server started by start.
type running struct {
	*Server
	url string // "http://127.0.0.1:PORT"
	log *logBuffer
	// stop shuts the server down and returns what Serve returned.
	stop func() error
}

// start serves a site root on a loopback port with the full build, as
// gpucompare serve does, and shuts it down when the test ends.
func start(t testing.TB, root string) *running { return startWith(t, root, false) }

// startWith is start; with baseURL, the site is built with the URL served
// as its URL, as gpucompare serve builds it.
func startWith(t testing.TB, root string, baseURL bool) *running {
	t.Helper()
	return startGated(t, root, baseURL, nil)
}

// startGated is startWith, the pages open drafted first as gpucompare
// serve drafts them (Drafting); each whole build after the first waits
// for a value from gate first (nil: none), after the draft.
func startGated(t testing.TB, root string, baseURL bool, gate <-chan struct{}) *running {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	log := &logBuffer{}
	opts := site.Options{PrettyURLs: true}
	if baseURL {
		opts.BaseURL = "http://" + ln.Addr().String() + "/"
	}
	build, draft := Drafting(os.DirFS(root), opts)
	if gate != nil {
		whole := build
		build = func(changed []string) (site.Files, catalog.Report, error) {
			if changed != nil {
				<-gate
			}
			return whole(changed)
		}
	}
	s := New(Options{Root: root, Build: build, Draft: draft, Log: log})
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	var once sync.Once
	var serveErr error
	stop := func() error {
		once.Do(func() {
			cancel()
			select {
			case serveErr = <-served:
			case <-time.After(10 * time.Second):
				t.Errorf("Serve did not return 10s after its context ended")
			}
		})
		return serveErr
	}
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return &running{Server: s, url: "http://" + ln.Addr().String(), log: log, stop: stop}
}

// startListening serves testRoot from a temporary folder and opens an
// event stream, past its hello.
func startListening(t *testing.T) (root string, srv *running, events <-chan event) {
	t.Helper()
	root = t.TempDir()
	writeRoot(t, root, testRoot)
	srv = start(t, root)
	events = listen(t, srv.url)
	next(t, events, "hello")
	return root, srv, events
}

// get fetches a URL and returns its status, headers and body.
func get(t testing.TB, url string) (int, http.Header, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, string(body)
}

// event is one server-sent event.
type event struct{ name, data string }

// listen opens the event stream of a server and returns its events as
// they come; the stream closes when the test ends.
func listen(t testing.TB, url string) <-chan event {
	t.Helper()
	return listenOn(t, url, "")
}

// listenOn is listen from the page at the URL path page, as the reload
// script of a page opens the stream ("": from no page).
func listenOn(t testing.TB, url, page string) <-chan event {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", url+prefix+"events?page="+neturl.QueryEscape(page), nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("events: Content-Type %q", ct)
	}
	events := make(chan event, 16)
	go func() {
		defer resp.Body.Close()
		defer close(events)
		sc := bufio.NewScanner(resp.Body)
		var ev event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.name != "" {
					events <- ev
				}
				ev = event{}
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				ev.data = strings.TrimPrefix(line, "data: ")
			}
		}
	}()
	return events
}

// next waits for the next event of a stream.
func next(t testing.TB, events <-chan event, what string) event {
	t.Helper()
	select {
	case ev, ok := <-events:
		if !ok {
			t.Fatalf("waiting for %s: the event stream ended", what)
		}
		return ev
	case <-time.After(20 * time.Second):
		t.Fatalf("no %s within 20s", what)
	}
	return event{}
}

// buildOf reads the build id the reload script of a page is tagged with.
func buildOf(page string) string {
	_, after, _ := strings.Cut(page, `livereload.js" data-build="`)
	id, _, _ := strings.Cut(after, `"`)
	return id
}

func TestEditedPriceShowsAfterReloadEvent(t *testing.T) {
	root := t.TempDir()
	writeRoot(t, root, testRoot)
	srv := start(t, root)

	status, _, page := get(t, srv.url+instancePage)
	if status != 200 || !strings.Contains(page, "32.77") {
		t.Fatalf("before the edit: status %d, price 32.77 shown: %v", status, strings.Contains(page, "32.77"))
	}
	events := listen(t, srv.url)
	hello := next(t, events, "hello")
	if hello.name != "hello" || hello.data != buildOf(page) {
		t.Fatalf("first event %+v, want hello with the page's build %q", hello, buildOf(page))
	}

	saveLikeAnEditor(t, filepath.Join(root, "data/prices/aws.yaml"), priceFile("p4d.24xlarge", "21.96"))
	ev := next(t, events, "reload after the edit")
	if ev.name != "reload" || ev.data == hello.data {
		t.Fatalf("after the edit: event %+v, want reload with a new build id", ev)
	}
	_, _, page = get(t, srv.url+instancePage)
	if !strings.Contains(page, "21.96") || strings.Contains(page, "32.77") {
		t.Errorf("after the reload event the page does not show the new price 21.96 alone")
	}
	if got := buildOf(page); got != ev.data {
		t.Errorf("page from build %q, reload event named build %q", got, ev.data)
	}
	if !strings.Contains(srv.log.String(), "data/prices/aws.yaml changed: rebuild") {
		t.Errorf("log does not name the edited file:\n%s", srv.log)
	}
}

func TestInvalidEditShowsErrorsUntilFixed(t *testing.T) {
	root, srv, events := startListening(t)

	// Catalog text is untrusted: the error page must show it as text.
	hostile := `'<script>alert(1)</script>'`
	prices := filepath.Join(root, "data/prices/aws.yaml")
	writeFile(t, prices, priceFile(hostile, "-3"))
	if ev := next(t, events, "reload after the bad edit"); ev.name != "reload" {
		t.Fatalf("after the bad edit: event %+v, want reload", ev)
	}
	want := []string{
		`data/prices/aws.yaml:3:15: price "<script>alert(1)</script>/us-east-1/on_demand": instance "<script>alert(1)</script>" is not an instance of provider "aws"`,
		`data/prices/aws.yaml:6:13: price "<script>alert(1)</script>/us-east-1/on_demand": amount must be > 0, got -3`,
	}
	for _, p := range []string{"/", instancePage, "/compare/", "/no/such/page/", "/index.html"} {
		status, h, page := get(t, srv.url+p)
		if status != http.StatusInternalServerError || !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
			t.Errorf("%s: status %d, type %q, want the error page with status 500", p, status, h.Get("Content-Type"))
		}
		for _, w := range want {
			if !strings.Contains(page, html.EscapeString(w)) {
				t.Errorf("%s: the error page does not show, escaped:\n%s", p, w)
			}
		}
		if strings.Contains(page, "<script>alert") {
			t.Errorf("%s: catalog text is in the error page as markup", p)
		}
		if buildOf(page) == "" {
			t.Errorf("%s: the error page has no reload script", p)
		}
	}
	// The site's stylesheet is still there for pages that ask for it.
	if status, _, _ := get(t, srv.url+"/static/style.css"); status != 200 {
		t.Errorf("static/style.css while the site does not build: status %d", status)
	}
	if log := srv.log.String(); !strings.Contains(log, "failed with 2 error(s)") || !strings.Contains(log, "data/prices/aws.yaml:6:13: ") {
		t.Errorf("log does not give the failed build's errors:\n%s", log)
	}

	writeFile(t, prices, priceFile("p4d.24xlarge", "21.96"))
	ev := next(t, events, "reload after the fix")
	if ev.name != "reload" {
		t.Fatalf("after the fix: event %+v, want reload", ev)
	}
	status, _, page := get(t, srv.url+instancePage)
	if status != 200 || !strings.Contains(page, "21.96") || buildOf(page) != ev.data {
		t.Errorf("after the fix: status %d, new price shown %v, build %q (event %q)", status, strings.Contains(page, "21.96"), buildOf(page), ev.data)
	}
}

func TestNewFolderIsWatched(t *testing.T) {
	root, srv, events := startListening(t)

	// content/ does not exist when the server starts.
	writeFile(t, filepath.Join(root, "content/notes/first.md"), "---\ntitle: First\n---\nHello.\n")
	next(t, events, "reload after content/ was made")
	if status, _, _ := get(t, srv.url+"/notes/first/"); status != 200 {
		t.Fatalf("/notes/first/: status %d", status)
	}
	// A file added to the new folder later is seen too.
	writeFile(t, filepath.Join(root, "content/notes/second.md"), "---\ntitle: Second\n---\nAgain.\n")
	for {
		next(t, events, "reload after content/notes/second.md was written")
		if status, _, _ := get(t, srv.url+"/notes/second/"); status == 200 {
			break
		}
	}
}

func TestShutdownEndsEventStreams(t *testing.T) {
	http.DefaultClient.CloseIdleConnections()
	before := runtime.NumGoroutine()
	_, srv, events := startListening(t)
	if n := srv.openStreams(); n != 1 {
		t.Fatalf("%d event streams open, want 1", n)
	}
	if err := srv.stop(); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	select {
	case _, ok := <-events:
		if ok {
			t.Fatal("an event after shutdown")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the event stream is still open after shutdown")
	}
	if n := srv.openStreams(); n != 0 {
		t.Errorf("%d event streams still registered after shutdown", n)
	}
	// The server, its watcher and its streams leave no goroutine behind.
	http.DefaultClient.CloseIdleConnections()
	for deadline := time.Now().Add(5 * time.Second); runtime.NumGoroutine() > before; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines before the server, %d after it stopped:\n%s", before, runtime.NumGoroutine(), buf[:runtime.Stack(buf, true)])
		}
	}
}

// hangingBuild is a BuildFunc whose builds after the first ok ones never
// end until the test does; started hears of each build as it starts.
func hangingBuild(t *testing.T, ok int) (BuildFunc, <-chan int) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	started := make(chan int, 16)
	n := 0
	return func([]string) (site.Files, catalog.Report, error) {
		n++ // builds run one at a time
		started <- n
		if n > ok {
			<-release
		}
		return testFiles, nil, nil
	}, started
}

// serveUntilCancelled runs Serve on a loopback port and returns the URL,
// a func that cancels its context, and the channel Serve returns on.
func serveUntilCancelled(t *testing.T, root string, build BuildFunc) (string, context.CancelFunc, <-chan error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := New(Options{Root: root, Build: build})
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	return "http://" + ln.Addr().String(), cancel, served
}

// waitStopped fails unless Serve returns nil within 5s.
func waitStopped(t *testing.T, served <-chan error, stopped time.Time) {
	t.Helper()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
		t.Logf("Serve returned %v after its context ended", time.Since(stopped).Round(time.Millisecond))
	case <-time.After(5 * time.Second):
		t.Fatal("Serve still runs 5s after its context ended, held by a build that never ends")
	}
}

func TestHungFirstBuildDoesNotKeepServeRunning(t *testing.T) {
	build, started := hangingBuild(t, 0)
	_, cancel, served := serveUntilCancelled(t, t.TempDir(), build)
	<-started
	cancel()
	waitStopped(t, served, time.Now())
}

func TestHungRebuildDoesNotKeepServeRunning(t *testing.T) {
	root := t.TempDir()
	writeRoot(t, root, testRoot)
	build, started := hangingBuild(t, 1)
	url, cancel, served := serveUntilCancelled(t, root, build)
	<-started
	writeFile(t, filepath.Join(root, "data/prices/aws.yaml"), priceFile("p4d.24xlarge", "21.96"))
	if n := <-started; n != 2 {
		t.Fatalf("build %d started, want the rebuild, 2", n)
	}
	// While the rebuild hangs, the last site is still served.
	if status, _, page := get(t, url+"/gpus/"); status != 200 || !strings.Contains(page, "gpus") {
		t.Errorf("GET /gpus/ while a rebuild hangs: status %d", status)
	}
	cancel()
	waitStopped(t, served, time.Now())
}

// TestOpenPageReloadsBeforeTheWholeBuild checks that after an edit the
// page open (its event stream says which) is rendered first and told to
// reload while the rest of the site is still being built, with the new
// price; that a page requested meanwhile is answered from the new build
// once it is built, never from the one before; and that the whole build
// keeps the draft's build id, so the page open does not reload twice.
func TestOpenPageReloadsBeforeTheWholeBuild(t *testing.T) {
	root := t.TempDir()
	writeRoot(t, root, testRoot)
	gate := make(chan struct{})
	srv := startGated(t, root, false, gate)
	const other = "/compare/"
	_, _, page := get(t, srv.url+instancePage)
	_, _, before := get(t, srv.url+other)
	if !strings.Contains(page, "32.77") || !strings.Contains(before, "32.77") {
		t.Fatalf("before the edit: the price 32.77 is not on %s and %s", instancePage, other)
	}
	events := listenOn(t, srv.url, instancePage)
	hello := next(t, events, "hello")

	saveLikeAnEditor(t, filepath.Join(root, "data/prices/aws.yaml"), priceFile("p4d.24xlarge", "21.96"))
	// The whole build waits for the gate: this reload is the draft's.
	ev := next(t, events, "reload after the edit")
	if ev.name != "reload" || ev.data == hello.data {
		t.Fatalf("after the edit: event %+v, want reload with a new build id", ev)
	}
	if st := srv.state.Load(); st.building == nil {
		t.Fatalf("the reload came from a whole build; want it from the draft")
	}
	_, _, page = get(t, srv.url+instancePage)
	if !strings.Contains(page, "21.96") || buildOf(page) != ev.data {
		t.Errorf("the page open after the reload: new price shown %v, build %q; want 21.96 of build %q", strings.Contains(page, "21.96"), buildOf(page), ev.data)
	}
	// A page the draft lacks waits for the whole build.
	later := make(chan string, 1)
	go func() {
		resp, err := http.Get(srv.url + other)
		if err != nil {
			later <- err.Error()
			return
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		later <- string(body)
	}()
	gate <- struct{}{}
	got := <-later
	if !strings.Contains(got, "21.96") || strings.Contains(got, "32.77") || buildOf(got) != ev.data {
		t.Errorf("%s requested during the build: new price alone %v, build %q; want 21.96 of build %q", other,
			strings.Contains(got, "21.96") && !strings.Contains(got, "32.77"), buildOf(got), ev.data)
	}
	if st := srv.state.Load(); st.building != nil || st.id != ev.data {
		t.Errorf("after the whole build: state of build %q, a draft %v; want the whole build under the draft's id %q", st.id, st.building != nil, ev.data)
	}
	if log := srv.log.String(); !strings.Contains(log, "data/prices/aws.yaml changed: 1 open page(s) drafted") {
		t.Errorf("the log does not say the open page was drafted:\n%s", log)
	}
	// The next edit's reload is the next event: none came for the whole build.
	saveLikeAnEditor(t, filepath.Join(root, "data/prices/aws.yaml"), priceFile("p4d.24xlarge", "20.5"))
	gate <- struct{}{}
	if ev2 := next(t, events, "reload after the second edit"); ev2.data == ev.data {
		t.Errorf("a second reload for build %q; want the next edit's", ev.data)
	}
}

func TestPageFile(t *testing.T) {
	for in, want := range map[string]string{
		"/": "index.html", "/compare/": "compare/index.html", "/compare": "compare/index.html",
		"/zh/gpus/h100/": "zh/gpus/h100/index.html", "/404.html": "404.html", "/a%20b/": "a b/index.html",
		"/static/style.css": "", "": "", "compare/": "",
	} {
		if got := pageFile(in); got != want {
			t.Errorf("pageFile(%q) = %q, want %q", in, got, want)
		}
	}
}
