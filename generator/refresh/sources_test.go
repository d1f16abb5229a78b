package refresh

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
)

var formats = []string{"skypilot", "aws-pricelist", "azure-retail", "gcp-billing"}

func TestParseSources(t *testing.T) {
	src := `# Price lists.
sources:
  - provider: lambda
    format: skypilot
    files:
      - {name: vms.csv, url: 'https://example.com/lambda/vms.csv'}
  - provider: azure
    format: azure-retail
    max_size: 8MiB
    files:
      - name: gpu.json
        url: https://prices.azure.com/api/retail/prices
        pages: 20
`
	s, err := ParseSources([]byte(src), "data/sources.yaml", formats)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Sources) != 2 || s.Find("azure").MaxSize != 8<<20 || s.Find("azure").Files[0].Pages != 20 || s.Find("lambda").Files[0].URL != "https://example.com/lambda/vms.csv" {
		t.Errorf("got %+v", s)
	}
	if s.Find("aws") != nil {
		t.Errorf("Find of an unlisted provider is not nil")
	}
}

func TestParseSourcesErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"sources: {}", "data/sources.yaml:1:1: want a sources: list of providers"},
		{"[]", "data/sources.yaml:1:1: want a mapping with a sources: list"},
		{"source: []", `data/sources.yaml:1:1: unknown field "source": want sources`},
		{"sources:\n  - {format: skypilot, files: [{name: a.csv, url: 'https://x/a'}]}", "data/sources.yaml:2:5: no provider: want the id of a provider in data/providers"},
		{"sources:\n  - {provider: p, format: csv, files: [{name: a.csv, url: 'https://x/a'}]}", `data/sources.yaml:2:5: provider "p": format "csv": want one of skypilot, aws-pricelist, azure-retail, gcp-billing`},
		{"sources:\n  - {provider: p, format: skypilot}", `data/sources.yaml:2:5: provider "p": no files: want a list of files, each with name and url`},
		{"sources:\n  - {provider: p, format: skypilot, files: [{name: a.csv, url: 'https://x/a'}]}\n  - {provider: p, format: skypilot, files: [{name: a.csv, url: 'https://x/a'}]}", `data/sources.yaml:3:5: provider "p" is listed twice with format "skypilot" and the same key (first at line 2): want one entry a provider and format, or another account's key (a provider's other site)`},
		{"sources:\n  - {provider: p, format: skypilot, files: [{name: a.csv, url: 'https://x/a'}]}\n  - {provider: p, format: gcp-billing, files: [{name: a.csv, url: 'https://x/b'}]}", `data/sources.yaml:3:48: provider "p": file name "a.csv" is used twice: want one name a file of the provider`},
		{"sources:\n  - {provider: p, format: skypilot, files: [{name: ../a.csv, url: 'https://x/a'}]}", `data/sources.yaml:2:45: provider "p": file name "../a.csv": want a plain file name such as vms.csv`},
		{"sources:\n  - {provider: p, format: skypilot, files: [{name: a.csv, url: 'https://x/a'}, {name: a.csv, url: 'https://x/b'}]}", `data/sources.yaml:2:80: provider "p": file name "a.csv" is used twice: want one name a file of the provider`},
		{"sources:\n  - {provider: p, format: skypilot, files: [{name: a.csv, url: 'ftp://x/a'}]}", `data/sources.yaml:2:45: provider "p": url "ftp://x/a": want an absolute https:// URL (refresh downloads over https only)`},
		{"sources:\n  - {provider: p, format: skypilot, files: [{name: a.csv, url: 'http://127.0.0.1/a'}]}", `data/sources.yaml:2:45: provider "p": url "http://127.0.0.1/a": want an absolute https:// URL (refresh downloads over https only)`},
		{"sources:\n  - {provider: p, format: skypilot, files: [{name: a.csv, url: '/a'}]}", `data/sources.yaml:2:45: provider "p": url "/a": want an absolute https:// URL (refresh downloads over https only)`},
		{"sources:\n  - {provider: p, format: skypilot, files: [{name: a.csv, url: 'https://x/a', pages: 3}]}", `data/sources.yaml:2:45: provider "p": pages: only azure-retail and gcp-billing pages link to a next page`},
		{"sources:\n  - {provider: p, format: skypilot, files: [{name: a.csv, url: 'https://x/a', body: '{query: x}'}]}", `data/sources.yaml:2:45: provider "p": body: want a JSON request body such as {"query": "…"}`},
		{"sources:\n  - {provider: p, format: skypilot, max_size: 2TB, files: [{name: a.csv, url: 'https://x/a'}]}", `data/sources.yaml:2:47: max_size "2TB": want a size such as 64MiB, 512KiB or 1048576 (bytes)`},
		{"sources:\n  - {provider: p, format: skypilot, files: [{name: a.csv, url: 'https://x/a', mirror: y}]}", `data/sources.yaml:2:79: provider "p": unknown field "mirror": want name, url, pages or body`},
		{"sources:\n  - {provider: p, formt: skypilot}", `data/sources.yaml:2:19: unknown field "formt": want provider, format, max_size, secret or files`},
	}
	for _, tt := range tests {
		_, err := ParseSources([]byte(tt.src), "data/sources.yaml", formats)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q:\n got %v\nwant %s", tt.src, err, tt.want)
		}
	}
}

// Download follows an Azure page's NextPageLink up to the file's pages,
// and FromDir finds the pages it saved.
func TestDownloadPages(t *testing.T) {
	var ts *httptest.Server
	ts = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("skip") {
		case "":
			w.Write([]byte(`{"Items": [], "NextPageLink": "` + ts.URL + `/prices?skip=100"}`))
		case "100":
			w.Write([]byte(`{"Items": [], "NextPageLink": "` + ts.URL + `/prices?skip=200"}`))
		case "200":
			w.Write([]byte(`{"Items": [], "NextPageLink": null}`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer ts.Close()
	for _, tt := range []struct{ pages, want int }{{0, 1}, {2, 2}, {10, 3}} {
		cache := t.TempDir()
		src := &Source{Provider: "azure", Format: "azure-retail", Files: []File{{Name: "gpu.json", URL: ts.URL + "/prices", Pages: tt.pages}}}
		f, _ := newFetcher(t)
		saved, err := Download(context.Background(), f, src, cache)
		if err != nil {
			t.Fatal(err)
		}
		if len(saved) != tt.want || filepath.Base(saved[len(saved)-1]) != PageName("gpu.json", tt.want) {
			t.Errorf("pages %d: saved %v; want %d pages", tt.pages, saved, tt.want)
		}
		got, err := FromDir(cache, src)
		if err != nil || len(got) != len(saved) {
			t.Errorf("pages %d: FromDir = %v, %v; want %v", tt.pages, got, err, saved)
		}
	}
	_, err := FromDir(t.TempDir(), &Source{Provider: "azure", Files: []File{{Name: "gpu.json", URL: "https://x/p"}}})
	if err == nil {
		t.Errorf("FromDir of an empty folder: no error")
	}
	if PageName("gpu.json", 3) != "gpu-3.json" || PageName("vms.csv", 1) != "vms.csv" {
		t.Errorf("PageName: %s %s", PageName("gpu.json", 3), PageName("vms.csv", 1))
	}
}
