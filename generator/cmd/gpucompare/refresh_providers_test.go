package main

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestRefreshProviderAPIs refreshes a copy of the catalog from the
// providers' own price APIs served by a fake server, with the importers'
// recorded answers: OCI's price list (answered 429 with a Retry-After
// first), Google's Billing Catalog in two pages linked by nextPageToken
// with the key in the query string, and Lambda's API with the key in a
// Bearer header. Each provider gets provider-sourced points, Google's
// dated by the SKUs' effectiveTime; the keys show nowhere.
func TestRefreshProviderAPIs(t *testing.T) {
	const gcpKey, lambdaKey = "CANARY-gcp-7c1e", "CANARY-lambda-94ad"
	read := func(name string) []byte {
		data, err := os.ReadFile("../../importer/testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	oci, skus, lambda := read("oci-pricelist/products-usd.json"), read("gcp-billing/skus-a2.json"), read("lambda-api/instance-types-doc-example.json")
	var mu sync.Mutex
	var log []string
	limited := 1
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		q := r.URL.Query()
		log = append(log, r.URL.Path+"?"+q.Get("pageToken"))
		switch r.URL.Path {
		case "/oci/products/":
			if limited > 0 {
				limited--
				w.Header().Set("Retry-After", "1")
				http.Error(w, "slow down", http.StatusTooManyRequests)
				return
			}
			w.Write(oci)
		case "/gcp/skus":
			switch {
			case q.Get("key") != gcpKey:
				http.Error(w, `{"error": {"code": 403}}`, http.StatusForbidden)
			case q.Get("pageToken") == "":
				w.Write([]byte(`{"skus": [], "nextPageToken": "p2"}`))
			default:
				w.Write(skus)
			}
		case "/lambda/instance-types":
			if r.Header.Get("Authorization") != "Bearer "+lambdaKey {
				http.Error(w, `{"error": {"code": "global/invalid-api-key"}}`, http.StatusUnauthorized)
				return
			}
			w.Write(lambda)
		default:
			http.NotFound(w, r)
		}
	}))
	defer ts.Close()
	trustTestServer(t, ts)
	root := t.TempDir()
	copyTree(t, "../../../data", filepath.Join(root, "data"))
	sources := `sources:
  - provider: oci
    format: oci-pricelist
    files:
      - {name: products.json, url: '` + ts.URL + `/oci/products/?currencyCode=USD'}
  - provider: google-cloud
    format: gcp-billing
    secret: {env: GPUCOMPARE_TEST_GCP_KEY, query: key}
    files:
      - {name: skus.json, pages: 5, url: '` + ts.URL + `/gcp/skus?pageSize=5000'}
  - provider: lambda
    format: lambda-api
    secret: {env: GPUCOMPARE_TEST_LAMBDA_KEY, header: Authorization, prefix: 'Bearer '}
    files:
      - {name: instance-types.json, url: '` + ts.URL + `/lambda/instance-types'}
`
	if err := os.WriteFile(filepath.Join(root, "data/sources.yaml"), []byte(sources), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GPUCOMPARE_TEST_GCP_KEY", gcpKey)
	t.Setenv("GPUCOMPARE_TEST_LAMBDA_KEY", lambdaKey)
	cache := t.TempDir()
	code, stdout, stderr := runRefresh(t, "-root", root, "-cache", cache, "-as-of", "2026-12-01")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if want := "/oci/products/? /oci/products/? /gcp/skus? /gcp/skus?p2 /lambda/instance-types?"; strings.Join(log, " ") != want {
		t.Errorf("requests %q; want %q", strings.Join(log, " "), want)
	}
	for _, want := range []string{
		"added     bm.gpu.h100.8 all on_demand: 80 → 80 USD (first seen 2026-12-01, since unknown)\n",
		"added     a2-highgpu-1g us-central1 on_demand: 3.673385 → 3.673385 USD (since 2023-03-24)\n",
		"added     gpu_1x_a100 all on_demand: ",
		"wrote data/prices/oci.yaml\n", "wrote data/prices/google-cloud.yaml\n", "wrote data/prices/lambda.yaml\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "429 Too Many Requests; retry 1 of 3 in 1s") {
		t.Errorf("stderr does not show the 429 waited out:\n%s", stderr)
	}
	gcp, _ := os.ReadFile(filepath.Join(root, "data/prices/google-cloud.yaml"))
	if !strings.Contains(string(gcp), "since: '2023-03-24'\n  as_of: '2026-12-01'\n  source: "+ts.URL+"/gcp/skus?pageSize=5000 (read 2026-12-01)\n  source_kind: provider\n") {
		t.Errorf("google-cloud.yaml has no dated provider point citing the API")
	}
	if code, out, errs := run2(t, "check", "-root", root); code != 0 {
		t.Errorf("check after the refresh: exit %d\n%s%s", code, out, errs)
	}
	all := stdout + stderr
	for _, dir := range []string{root, cache} {
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				data, _ := os.ReadFile(p)
				all += string(data)
			}
			return nil
		})
	}
	for _, key := range []string{gcpKey, lambdaKey} {
		if strings.Contains(all, key) {
			t.Errorf("the key %s shows in the output or a file", key)
		}
	}
}

func run2(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb strings.Builder
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}
