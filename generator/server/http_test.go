package server

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site"
)

// fixed is a BuildFunc that always gives the same files.
func fixed(files site.Files) BuildFunc {
	return func([]string) (site.Files, catalog.Report, error) { return files, nil, nil }
}

var testFiles = filesOf(map[string]string{
	"index.html":                 "<!DOCTYPE html><html><head><title>Home</title></head><body>home</body></html>",
	"gpus/index.html":            "<!DOCTYPE html><html><head><title>GPUs</title></head><body>gpus</body></html>",
	"gpus/a100/index.html":       "<!DOCTYPE html><html><head><title>A100</title></head><body>a100</body></html>",
	"404.html":                   "<!DOCTYPE html><html><head><title>Not found</title></head><body>no such page</body></html>",
	"static/style.css":           "body{}",
	"static/matrix.js":           "'use strict';",
	"compare/offers.json":        "[]",
	"compare/offers.csv":         "a,b\n",
	"feed.xml":                   "<rss/>",
	"static/vendor/x/LICENSE":    "license",
	"static/vendor/x/font.woff2": "wOF2",
})

func filesOf(m map[string]string) site.Files {
	files := site.Files{}
	for p, data := range m {
		files[p] = []byte(data)
	}
	return files
}

func TestServesTheBuildFromMemory(t *testing.T) {
	s := New(Options{Build: fixed(testFiles)})
	s.Rebuild(nil)
	ts := httptest.NewServer(s)
	defer ts.Close()

	tests := []struct {
		method, path string
		status       int
		ctype        string
		body         string // the body must hold it
		injected     bool   // the reload script is added
	}{
		{"GET", "/", 200, "text/html; charset=utf-8", "home", true},
		{"GET", "/index.html", 200, "text/html; charset=utf-8", "home", true},
		{"GET", "/gpus/", 200, "text/html; charset=utf-8", "gpus", true},
		{"GET", "/gpus/a100/", 200, "text/html; charset=utf-8", "a100", true},
		{"GET", "/gpus/a100/index.html", 200, "text/html; charset=utf-8", "a100", true},
		{"GET", "/gpus/nope/", 404, "text/html; charset=utf-8", "no such page", true},
		{"GET", "/nope.css", 404, "text/html; charset=utf-8", "no such page", true},
		{"GET", "/../../etc/passwd", 404, "text/html; charset=utf-8", "no such page", true},
		{"GET", "/static/style.css", 200, "text/css; charset=utf-8", "body{}", false},
		{"GET", "/static/matrix.js", 200, "text/javascript; charset=utf-8", "'use strict';", false},
		{"GET", "/compare/offers.json", 200, "application/json", "[]", false},
		{"GET", "/compare/offers.csv", 200, "text/csv; charset=utf-8", "a,b", false},
		{"GET", "/feed.xml", 200, "application/xml", "<rss/>", false},
		{"GET", "/static/vendor/x/font.woff2", 200, "font/woff2", "wOF2", false},
		{"GET", "/static/vendor/x/LICENSE", 200, "application/octet-stream", "license", false},
		{"GET", prefix + "livereload.js", 200, "text/javascript; charset=utf-8", "EventSource", false},
		{"GET", prefix + "error.css", 200, "text/css; charset=utf-8", "diagnostics", false},
		{"HEAD", "/gpus/", 200, "text/html; charset=utf-8", "", false},
		{"POST", "/", 405, "text/plain; charset=utf-8", "method not allowed", false},
	}
	client := ts.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	for _, tt := range tests {
		req, _ := http.NewRequest(tt.method, ts.URL+tt.path, nil)
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status {
			t.Errorf("%s %s: status %d, want %d", tt.method, tt.path, resp.StatusCode, tt.status)
		}
		if got := resp.Header.Get("Content-Type"); got != tt.ctype {
			t.Errorf("%s %s: Content-Type %q, want %q", tt.method, tt.path, got, tt.ctype)
		}
		if got := resp.Header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("%s %s: Cache-Control %q, want no-store", tt.method, tt.path, got)
		}
		if !strings.Contains(string(body), tt.body) {
			t.Errorf("%s %s: body %q does not hold %q", tt.method, tt.path, body, tt.body)
		}
		if got := strings.Contains(string(body), `<script src="/__gpucompare/livereload.js"`); got != tt.injected {
			t.Errorf("%s %s: reload script added: %v, want %v", tt.method, tt.path, got, tt.injected)
		}
	}

	// A folder named without its slash redirects, so its page's relative
	// links resolve.
	resp, err := client.Get(ts.URL + "/gpus/a100?x=1")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusFound || loc != "/gpus/a100/?x=1" {
		t.Errorf("/gpus/a100?x=1: status %d, Location %q, want 302 to /gpus/a100/?x=1", resp.StatusCode, loc)
	}
}

func TestInjectScript(t *testing.T) {
	const tag = `<script src="/__gpucompare/livereload.js" data-build="b-1" defer></script>` + "\n"
	tests := []struct{ in, want string }{
		{"<html><head><title>x</title></head><body>y</body></html>", "<html><head><title>x</title>" + tag + "</head><body>y</body></html>"},
		{"<HTML><HEAD></HEAD><BODY></BODY></HTML>", "<HTML><HEAD>" + tag + "</HEAD><BODY></BODY></HTML>"},
		{"<p>a</p></body><p>b</p></body>", "<p>a</p></body><p>b</p>" + tag + "</body>"},
		{"<p>fragment</p>", "<p>fragment</p>" + tag},
		// Offsets stay right past a letter whose lower case is longer.
		{"<p>İİİ</p></BODY>", "<p>İİİ</p>" + tag + "</BODY>"},
	}
	for _, tt := range tests {
		if got := string(injectScript([]byte(tt.in), "b-1")); got != tt.want {
			t.Errorf("injectScript(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestFailedBuildWithoutPositionsShowsItsError(t *testing.T) {
	fail := true
	s := New(Options{Build: func([]string) (site.Files, catalog.Report, error) {
		if fail {
			return nil, catalog.Report{{Pos: catalog.Pos{File: "data/site.yaml"}, Severity: catalog.Warning, Message: "no site url <b>"}},
				errors.New("templates: layouts/home.html: unexpected <end>")
		}
		return testFiles, nil, nil
	}})
	s.Rebuild(nil)
	ts := httptest.NewServer(s)
	defer ts.Close()
	status, _, page := get(t, ts.URL+"/gpus/")
	if status != 500 {
		t.Errorf("status %d, want 500", status)
	}
	for _, want := range []string{"templates: layouts/home.html: unexpected &lt;end&gt;", "data/site.yaml: warning: no site url &lt;b&gt;"} {
		if !strings.Contains(page, want) {
			t.Errorf("the error page does not show %q:\n%s", want, page)
		}
	}
	// With no site built yet, other files are simply not there.
	if status, _, _ := get(t, ts.URL+"/static/style.css"); status != 404 {
		t.Errorf("static/style.css before any build succeeded: status %d, want 404", status)
	}
	fail = false
	s.Rebuild([]string{"templates/layouts/home.html"})
	if status, _, page := get(t, ts.URL+"/gpus/"); status != 200 || !strings.Contains(page, "gpus") {
		t.Errorf("after the fix: status %d, page %q", status, page)
	}
}

func TestBuildThatPanicsKeepsServing(t *testing.T) {
	s := New(Options{Build: func([]string) (site.Files, catalog.Report, error) { panic("boom") }})
	s.Rebuild(nil)
	ts := httptest.NewServer(s)
	defer ts.Close()
	status, _, page := get(t, ts.URL+"/")
	if status != 500 || !strings.Contains(page, "internal error: boom") {
		t.Errorf("status %d, page:\n%s", status, page)
	}
}

func TestEventStreamIsRemovedWhenThePageGoes(t *testing.T) {
	s := New(Options{Build: fixed(testFiles), KeepAlive: 10 * time.Millisecond})
	s.Rebuild(nil)
	ts := httptest.NewServer(s)
	defer ts.Close()

	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+prefix+"events", nil)
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	// The hello, then keep-alive comments while nothing happens.
	buf := make([]byte, 4096)
	var got []byte
	for !strings.Contains(string(got), ": keep-alive\n\n") {
		n, err := resp.Body.Read(buf)
		if err != nil {
			t.Fatalf("reading the stream: %v (so far %q)", err, got)
		}
		got = append(got, buf[:n]...)
	}
	if !strings.HasPrefix(string(got), "retry: 1000\nevent: hello\ndata: "+s.state.Load().id+"\n\n") {
		t.Errorf("the stream starts %q", got)
	}
	if n := s.openStreams(); n != 1 {
		t.Errorf("%d streams open, want 1", n)
	}
	cancel()
	resp.Body.Close()
	deadline := time.Now().Add(5 * time.Second)
	for s.openStreams() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d streams still registered 5s after the page went", s.openStreams())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestDebounceMakesOneBuildOfABurst(t *testing.T) {
	in := make(chan string)
	var calls [][]string
	done := make(chan struct{})
	go func() {
		debounce(in, quietPeriod{200 * time.Millisecond, 200 * time.Millisecond}, func(changed []string) { calls = append(calls, changed) })
		close(done)
	}()
	// An editor's save: a temporary file, a rename, and a write again.
	for _, p := range []string{"data/prices/.aws.yaml.tmp", "data/prices/aws.yaml", "data/prices/aws.yaml", "data/gpus/a100.yaml"} {
		in <- p
	}
	time.Sleep(600 * time.Millisecond)
	in <- "static/style.css"
	time.Sleep(600 * time.Millisecond)
	close(in)
	<-done
	want := [][]string{
		{"data/gpus/a100.yaml", "data/prices/.aws.yaml.tmp", "data/prices/aws.yaml"},
		{"static/style.css"},
	}
	if !slices.EqualFunc(calls, want, slices.Equal) {
		t.Errorf("builds %q, want %q", calls, want)
	}
}

func TestQuietPeriodIsShortForASingleWrite(t *testing.T) {
	const ms = time.Millisecond
	q := quietPeriod{10 * ms, 100 * ms}
	for _, c := range []struct {
		name         string
		burst, since time.Duration
		hadBuild     bool
		want         time.Duration
	}{
		{"the first write", 0, 0, false, 10 * ms},
		{"a save's events within a millisecond", 1 * ms, 5 * time.Second, true, 10 * ms},
		{"a burst lasting 40ms", 40 * ms, 5 * time.Second, true, 40 * ms},
		{"a burst lasting a second", time.Second, 5 * time.Second, true, 100 * ms},
		{"a write 30ms after the last build", 0, 30 * ms, true, 100 * ms},
		{"a write 150ms after the last build", 0, 150 * ms, true, 10 * ms},
		{"a burst begun 20ms after the last build", 200 * ms, 220 * ms, true, 100 * ms},
	} {
		if got := q.wait(c.burst, c.since, c.hadBuild); got != c.want {
			t.Errorf("%s: quiet %v, want %v", c.name, got, c.want)
		}
	}
}

func TestRedirectsStayOnThisServer(t *testing.T) {
	s := New(Options{Build: fixed(testFiles)})
	s.Rebuild(nil)
	tests := []struct{ target, want string }{
		{"/gpus/a100?x=1", "/gpus/a100/?x=1"},
		{"/gpus", "/gpus/"},
		// The path names a folder only once cleaned; the redirect names it
		// cleaned, never the host an unclean path seems to start with.
		{"//evil.example/..%2fgpus", "/gpus/"},
		{"//evil.example/../gpus", "/gpus/"},
		{"/\\evil.example/..%2fgpus", "/gpus/"},
		{"/%2fevil.example/..%2fgpus", "/gpus/"},
		{"/./gpus/./a100?to=//evil.example", "/gpus/a100/?to=//evil.example"},
	}
	for _, tt := range tests {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("GET", tt.target, nil)
		r.Host = "localhost:8080"
		s.ServeHTTP(w, r)
		if loc := w.Header().Get("Location"); w.Code != http.StatusFound || loc != tt.want {
			t.Errorf("GET %s: status %d, Location %q, want 302 to %q", tt.target, w.Code, loc, tt.want)
		}
	}
}

func TestHostHeaderMustNameThisServer(t *testing.T) {
	tests := []struct {
		listen  string // the listener's address
		baseURL string
		allowed []string
		refused []string
	}{
		{"127.0.0.1:8080", "",
			[]string{"127.0.0.1:8080", "localhost:8080", "LocalHost:8080", "[::1]:8080"},
			[]string{"evil.example:8080", "evil.example", "127.0.0.1:9090", "localhost", "localhost.:8080", "127.0.0.1", "", "10.0.0.1:8080", "127.0.0.1.evil.example:8080"}},
		{"[::1]:8080", "",
			[]string{"[::1]:8080", "localhost:8080", "127.0.0.1:8080", "[0:0::1]:8080"},
			[]string{"evil.example:8080", "[::2]:8080"}},
		{"127.0.0.1:80", "",
			[]string{"127.0.0.1", "localhost", "localhost:80", "[::1]"},
			[]string{"evil.example", "evil.example:80"}},
		// -base-url adds its host, the port its scheme's when it names none.
		{"127.0.0.1:8080", "https://preview.example.org/pr-1/",
			[]string{"127.0.0.1:8080", "preview.example.org", "preview.example.org:443", "PREVIEW.example.org"},
			[]string{"preview.example.org:8080", "evil.example:8080", "example.org"}},
		{"127.0.0.1:8080", "http://devbox:8080/",
			[]string{"devbox:8080", "localhost:8080"},
			[]string{"devbox", "devbox:80"}},
		// Every interface: the machine's own addresses, and loopback names.
		{"0.0.0.0:8080", "",
			[]string{"127.0.0.1:8080", "localhost:8080", "[::1]:8080"},
			[]string{"evil.example:8080", "0.0.0.0:8080", "203.0.113.7:8080"}},
	}
	for _, tt := range tests {
		addr, err := net.ResolveTCPAddr("tcp", tt.listen)
		if err != nil {
			t.Fatal(err)
		}
		s := New(Options{Build: fixed(testFiles), BaseURL: tt.baseURL})
		s.listenOn(addr)
		s.Rebuild(nil)
		for _, host := range tt.allowed {
			if code := hostStatus(s, host, "/"); code != http.StatusOK {
				t.Errorf("listening on %s, base URL %q: Host %q: status %d, want 200", tt.listen, tt.baseURL, host, code)
			}
		}
		for _, host := range tt.refused {
			for _, p := range []string{"/", prefix + "events", prefix + "livereload.js", "/gpus"} {
				if code := hostStatus(s, host, p); code != http.StatusForbidden {
					t.Errorf("listening on %s, base URL %q: Host %q, path %s: status %d, want 403", tt.listen, tt.baseURL, host, p, code)
				}
			}
		}
	}

	// The reason is short plain text.
	s := New(Options{Build: fixed(testFiles)})
	s.listenOn(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080})
	s.Rebuild(nil)
	w := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/", nil)
	r.Host = "evil.example:8080"
	s.ServeHTTP(w, r)
	want := `host "evil.example:8080" is not an address of this server: open the URL gpucompare serve printed, or name this host with -base-url` + "\n"
	if w.Code != 403 || w.Body.String() != want || w.Header().Get("Content-Type") != "text/plain; charset=utf-8" {
		t.Errorf("refused: status %d, type %q, body %q; want 403, text/plain, %q", w.Code, w.Header().Get("Content-Type"), w.Body, want)
	}
}

func TestHostsOfEveryInterface(t *testing.T) {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Skipf("no interface addresses: %v", err)
	}
	s := New(Options{Build: fixed(testFiles)})
	s.listenOn(&net.TCPAddr{IP: net.IPv4zero, Port: 8080})
	s.Rebuild(nil)
	for _, a := range addrs {
		ipnet, ok := a.(*net.IPNet)
		if !ok || ipnet.IP.IsLinkLocalUnicast() {
			continue
		}
		host := net.JoinHostPort(ipnet.IP.String(), "8080")
		if code := hostStatus(s, host, "/"); code != http.StatusOK {
			t.Errorf("listening on every interface: Host %q (an interface's address): status %d, want 200", host, code)
		}
	}
}

// hostStatus is the status of a GET of target with the given Host header.
// The request's context is done already, so an event stream that is
// answered ends after its first event.
func hostStatus(s *Server, host, target string) int {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := httptest.NewRecorder()
	r := httptest.NewRequestWithContext(ctx, "GET", target, nil)
	r.Host = host
	s.ServeHTTP(w, r)
	return w.Code
}

// TestOnlyEmbedPagesMayBeFramed: an embed page says any site may frame
// it; every other page, the 404 page included, that none may (in the
// header: a meta policy cannot say it); other files say nothing.
func TestOnlyEmbedPagesMayBeFramed(t *testing.T) {
	files := filesOf(map[string]string{
		"embed/price-by-gpu/index.html":    `<!DOCTYPE html><html><head></head><body class="kind-embed">chart</body></html>`,
		"zh/embed/price-by-gpu/index.html": `<!DOCTYPE html><html><head></head><body class="kind-embed">图表</body></html>`,
	})
	for p, data := range testFiles {
		files[p] = data
	}
	s := New(Options{Build: fixed(files)})
	s.Rebuild(nil)
	ts := httptest.NewServer(s)
	defer ts.Close()
	for _, tt := range []struct{ path, csp, xfo string }{
		{"/embed/price-by-gpu/", "frame-ancestors *", ""},
		{"/zh/embed/price-by-gpu/", "frame-ancestors *", ""},
		{"/", "frame-ancestors 'none'", "DENY"},
		{"/gpus/a100/", "frame-ancestors 'none'", "DENY"},
		{"/nope/", "frame-ancestors 'none'", "DENY"},
		{"/static/style.css", "", ""},
	} {
		res, err := ts.Client().Get(ts.URL + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if csp, xfo := res.Header.Get("Content-Security-Policy"), res.Header.Get("X-Frame-Options"); csp != tt.csp || xfo != tt.xfo {
			t.Errorf("%s: Content-Security-Policy %q, X-Frame-Options %q; want %q, %q", tt.path, csp, xfo, tt.csp, tt.xfo)
		}
	}
}
