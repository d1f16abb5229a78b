package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpucompare/generator/importer"
	"gpucompare/generator/refresh"
)

// shippedSources is the shipped data/sources.yaml, parsed.
func shippedSources(t *testing.T) *refresh.Sources {
	t.Helper()
	data, err := os.ReadFile("../../../data/sources.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sources, err := refresh.ParseSources(data, "data/sources.yaml", importer.Formats)
	if err != nil {
		t.Fatal(err)
	}
	return sources
}

// shippedDataRoot is a temporary site root holding a copy of the shipped
// data/, with data/sources.yaml replaced by sources unless it is empty.
func shippedDataRoot(t *testing.T, sources string) string {
	t.Helper()
	root := t.TempDir()
	if err := os.CopyFS(filepath.Join(root, "data"), os.DirFS("../../../data")); err != nil {
		t.Fatal(err)
	}
	if sources != "" {
		if err := os.WriteFile(filepath.Join(root, "data/sources.yaml"), []byte(sources), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// docExampleAnswer is the answer ("response") of an importer fixture
// under generator/importer/testdata: a documentation's example answer.
func docExampleAnswer(t *testing.T, path string) []byte {
	t.Helper()
	raw, err := os.ReadFile("../../importer/testdata/" + path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Response json.RawMessage `json:"response"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Response
}

// serveProviderHosts answers every host refresh asks with handler until
// the test ends: the sources name the providers' own hosts, the
// connections go to a loopback TLS server whose certificate is
// example.com's.
func serveProviderHosts(t *testing.T, handler http.HandlerFunc) {
	t.Helper()
	ts := httptest.NewTLSServer(handler)
	t.Cleanup(ts.Close)
	tlsConf := ts.Client().Transport.(*http.Transport).TLSClientConfig.Clone()
	tlsConf.ServerName = "example.com"
	refreshGuardHook = func(g *refresh.Guard) {
		g.AllowAddr = netip.Addr.IsLoopback
		g.TLS = tlsConf
		g.DialAddr = func(string) string { return ts.Listener.Addr().String() }
	}
	t.Cleanup(func() { refreshGuardHook = nil })
}

// noSecretsIn fails the test for each of secrets found in output or in a
// regular file under dirs.
func noSecretsIn(t *testing.T, output string, dirs []string, secrets ...string) {
	t.Helper()
	for _, dir := range dirs {
		filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
			if err != nil || !info.Mode().IsRegular() {
				return err
			}
			data, _ := os.ReadFile(p)
			for _, s := range secrets {
				if strings.Contains(string(data), s) {
					t.Errorf("%s holds a key (%q)", p, s)
				}
			}
			return nil
		})
	}
	for _, s := range secrets {
		if strings.Contains(output, s) {
			t.Errorf("the output holds a key (%q)", s)
		}
	}
}
