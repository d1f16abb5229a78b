package refresh

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestDownloadGCPPages reads a Billing Catalog list of three pages, each
// linked by its nextPageToken, with the key in the query string: the
// second page is answered 429 with a Retry-After first and asked again
// after it; the pages are saved as NAME, NAME-2, NAME-3; the key goes with
// every request and shows nowhere.
func TestDownloadGCPPages(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	limited := 1
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		q := r.URL.Query()
		asked = append(asked, q.Get("pageToken")+"|"+q.Get("key")+"|"+q.Get("pageSize"))
		switch q.Get("pageToken") {
		case "":
			w.Write([]byte(`{"skus": [], "nextPageToken": "tok/2+"}`))
		case "tok/2+":
			if limited > 0 {
				limited--
				w.Header().Set("Retry-After", "1")
				http.Error(w, "quota", http.StatusTooManyRequests)
				return
			}
			w.Write([]byte(`{"skus": [], "nextPageToken": "tok3"}`))
		case "tok3":
			w.Write([]byte(`{"skus": [], "nextPageToken": ""}`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer ts.Close()
	src := &Source{Provider: "google-cloud", Format: "gcp-billing", Secret: &Secret{Env: "K", Query: "key"},
		Files: []File{{Name: "skus.json", URL: ts.URL + "/v1/services/6F81-5844-456A/skus?pageSize=5000", Pages: 10}}}
	f, progress := newFetcher(t)
	f.Client = WithSecret(ts.Client(), src, canary)
	cache := t.TempDir()
	saved, err := Download(context.Background(), f, src, cache)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range saved {
		names = append(names, filepath.Base(s))
	}
	if strings.Join(names, " ") != "skus.json skus-2.json skus-3.json" {
		t.Errorf("saved %v; want three pages", names)
	}
	want := []string{"|" + canary + "|5000", "tok/2+|" + canary + "|5000", "tok/2+|" + canary + "|5000", "tok3|" + canary + "|5000"}
	if strings.Join(asked, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests (pageToken|key|pageSize):\n%s\nwant\n%s", strings.Join(asked, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(progress.String(), "429 Too Many Requests; retry 1 of 2 in 1s") {
		t.Errorf("progress does not say the 429 was waited out as asked:\n%s", progress)
	}
	if err := f.State.Save(cache); err != nil {
		t.Fatal(err)
	}
	state, _ := os.ReadFile(filepath.Join(cache, StateFile))
	for _, text := range []string{progress.String(), string(state)} {
		if strings.Contains(text, "k3y") {
			t.Errorf("the key shows:\n%s", text)
		}
	}

	// A page cap stops the walk: pages 2 reads two pages.
	src.Files[0].Pages = 2
	saved, err = Download(context.Background(), f, src, t.TempDir())
	if err != nil || len(saved) != 2 {
		t.Errorf("with pages 2: %v, %v", saved, err)
	}

	// A page that is not JSON stops the walk with its name.
	bad := filepath.Join(t.TempDir(), "p.json")
	os.WriteFile(bad, []byte("<html>"), 0o644)
	if _, err := nextGCPPage(bad, ts.URL); err == nil || !strings.Contains(err.Error(), "p.json: not a Cloud Billing Catalog page") {
		t.Errorf("a page that is not JSON: %v", err)
	}
}
