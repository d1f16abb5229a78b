package refresh

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
)

// guarded is a fetcher kept to a guard that allows the hosts of urls; its
// test hooks trust the test servers' certificate and, with loopback, let
// it reach them on 127.0.0.1.
func guarded(t *testing.T, ts *httptest.Server, loopback bool, urls ...string) *Fetcher {
	t.Helper()
	s := &Sources{Sources: []Source{{Provider: "p"}}}
	for _, u := range urls {
		s.Sources[0].Files = append(s.Sources[0].Files, File{URL: u})
	}
	g := NewGuard(s)
	g.TLS = ts.Client().Transport.(*http.Transport).TLSClientConfig
	if loopback {
		g.AllowAddr = netip.Addr.IsLoopback
	}
	f, _ := newFetcher(t)
	f.Guard, f.Client = g, g.Client()
	return f
}

// counted is a TLS test server that counts its requests.
func counted(t *testing.T, h http.HandlerFunc) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts, &n
}

func TestGuardRefusesRedirectToAnotherHost(t *testing.T) {
	other, otherHits := counted(t, func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("internal")) })
	named, _ := counted(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/secret", http.StatusFound)
	})
	f := guarded(t, named, true, named.URL+"/vms.csv")
	_, err := f.Fetch(context.Background(), named.URL+"/vms.csv", t.TempDir(), "p/vms.csv")
	if err == nil || !strings.Contains(err.Error(), "refused "+other.URL+"/secret: host "+strings.TrimPrefix(other.URL, "https://")+" is not named in data/sources.yaml") {
		t.Errorf("err = %v, want the redirect refused", err)
	}
	if otherHits.Load() != 0 {
		t.Errorf("the other host got %d requests", otherHits.Load())
	}
	// Refused, not tried again.
	if strings.Contains(err.Error(), "attempts") {
		t.Errorf("a refusal was retried: %v", err)
	}
}

func TestGuardRefusesNextPageToAnotherHost(t *testing.T) {
	other, otherHits := counted(t, func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"Items":[],"NextPageLink":null}`))
	})
	named, _ := counted(t, func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"Items":[],"NextPageLink":"` + other.URL + `/page2"}`))
	})
	f := guarded(t, named, true, named.URL+"/prices")
	src := &Source{Provider: "azure", Format: "azure-retail", Files: []File{{Name: "gpu.json", URL: named.URL + "/prices", Pages: 3}}}
	_, err := Download(context.Background(), f, src, t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "refused "+other.URL+"/page2: host") {
		t.Errorf("err = %v, want the next page refused", err)
	}
	if otherHits.Load() != 0 {
		t.Errorf("the other host got %d requests", otherHits.Load())
	}
}

func TestGuardRefusesHTTP(t *testing.T) {
	named, _ := counted(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://"+r.Host+"/plain", http.StatusFound)
	})
	f := guarded(t, named, true, named.URL+"/vms.csv")
	_, err := f.Fetch(context.Background(), named.URL+"/vms.csv", t.TempDir(), "p/vms.csv")
	if err == nil || !strings.Contains(err.Error(), "not https: refresh downloads over https only") {
		t.Errorf("err = %v, want the redirect to http refused", err)
	}
	u, _ := url.Parse("http://" + strings.TrimPrefix(named.URL, "https://") + "/vms.csv")
	if err := f.Guard.Check(u); err == nil {
		t.Errorf("Check(%s) = nil, want refused", u)
	}
}

// TestGuardRefusesLoopbackAtDial: without the test hook, a named host
// that is, or resolves to, a loopback address is refused as it is
// dialled: the server never hears of it.
func TestGuardRefusesLoopbackAtDial(t *testing.T) {
	named, hits := counted(t, func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("internal")) })
	byName := strings.Replace(named.URL, "127.0.0.1", "localhost", 1)
	f := guarded(t, named, false, named.URL+"/a", byName+"/b")
	for _, u := range []string{named.URL + "/a", byName + "/b"} {
		_, err := f.Fetch(context.Background(), u, t.TempDir(), "p/a")
		if err == nil || !strings.Contains(err.Error(), "a loopback address: refresh connects to public addresses only") {
			t.Errorf("GET %s: err = %v, want the loopback address refused", u, err)
		}
	}
	if hits.Load() != 0 {
		t.Errorf("the loopback server got %d requests", hits.Load())
	}
}

func TestRefusedAddrs(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1": "a loopback address", "::1": "a loopback address",
		"169.254.169.254": "a link-local address", "fe80::1": "a link-local address",
		"10.1.2.3": "a private address", "192.168.0.1": "a private address", "172.16.0.1": "a private address", "fd00::1": "a private address", "100.64.0.1": "a private address",
		"0.0.0.0": "the unspecified address", "::": "the unspecified address",
		"8.8.8.8": "", "2606:4700::1111": "",
	} {
		if got := refusedAddr(netip.MustParseAddr(addr).Unmap()); got != want {
			t.Errorf("refusedAddr(%s) = %q, want %q", addr, got, want)
		}
	}
	// An IPv4 address written as IPv6 is refused as what it is.
	g := &Guard{}
	if err := g.control("tcp", "[::ffff:127.0.0.1]:443", nil); err == nil {
		t.Error("control allowed ::ffff:127.0.0.1")
	}
}

// TestGuardKeepsPOST asks a source with a body: it goes as a POST of the
// body, as JSON, to the named host, and the guard refuses it elsewhere
// (another host, a loopback address) as it refuses a GET, before any
// request; a 307 redirect to another host, which would carry the body
// along, is refused too.
func TestGuardKeepsPOST(t *testing.T) {
	const body = `{"query": "query { gpuTypes { id } }"}`
	var got string
	other, otherHits := counted(t, func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("internal")) })
	named, hits := counted(t, func(w http.ResponseWriter, r *http.Request) {
		if b, err := io.ReadAll(r.Body); err == nil {
			got = r.Method + " " + r.Header.Get("Content-Type") + " " + string(b)
		}
		if r.URL.Path == "/moved" {
			http.Redirect(w, r, other.URL+"/graphql", http.StatusTemporaryRedirect)
			return
		}
		w.Write([]byte(`{"data": {"gpuTypes": []}}`))
	})
	f := guarded(t, named, true, named.URL+"/graphql")
	if _, err := f.FetchBody(context.Background(), named.URL+"/graphql", body, t.TempDir(), "p/g.json"); err != nil {
		t.Fatal(err)
	}
	if want := "POST application/json " + body; got != want {
		t.Errorf("the server got %q; want %q", got, want)
	}
	if len(f.State.Files) != 0 {
		t.Errorf("a POST's answer has validators kept: %v", f.State.Files)
	}
	_, err := f.FetchBody(context.Background(), named.URL+"/moved", body, t.TempDir(), "p/g.json")
	if err == nil || !strings.Contains(err.Error(), "refused "+other.URL+"/graphql") || otherHits.Load() != 0 {
		t.Errorf("a redirect of the POST to another host: err = %v, %d requests there", err, otherHits.Load())
	}
	before := hits.Load()
	f = guarded(t, named, false, named.URL+"/graphql")
	_, err = f.FetchBody(context.Background(), named.URL+"/graphql", body, t.TempDir(), "p/g.json")
	if err == nil || !strings.HasPrefix(err.Error(), "POST "+named.URL+"/graphql: ") || !strings.Contains(err.Error(), "a loopback address") || hits.Load() != before {
		t.Errorf("a POST to a loopback address: err = %v", err)
	}
	_, err = f.FetchBody(context.Background(), other.URL+"/graphql", body, t.TempDir(), "p/g.json")
	if err == nil || !strings.Contains(err.Error(), "is not named in data/sources.yaml") {
		t.Errorf("a POST to another host: err = %v", err)
	}
}
