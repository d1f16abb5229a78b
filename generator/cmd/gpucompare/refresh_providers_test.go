package main

import (
	"io"
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
	// The points cite the test server's address, which is no provider's
	// own domain: without the registry, check does not hold them to one
	// (catalog's TestProviderSourceKindFollowsWhereTheSourceIs does).
	if err := os.Remove(filepath.Join(root, "data/source-registry.yaml")); err != nil {
		t.Fatal(err)
	}
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
	all := stdout + stderr + filesText(root, cache)
	for _, key := range []string{gcpKey, lambdaKey} {
		if strings.Contains(all, key) {
			t.Errorf("the key %s shows in the output or a file", key)
		}
	}
}

// filesText is the text of every file under dirs, one after the other.
func filesText(dirs ...string) string {
	var all strings.Builder
	for _, dir := range dirs {
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				data, _ := os.ReadFile(p)
				all.Write(data)
			}
			return nil
		})
	}
	return all.String()
}

func run2(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb strings.Builder
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestRefreshRunPodGraphQL refreshes RunPod's two clouds from its GraphQL
// API served by a fake server: each source POSTs the query of its body,
// as JSON, with the key in a Bearer header; Secure Cloud prices go to
// runpod, Community Cloud's to runpod-community, per GPU and
// provider-sourced, citing the API. Without the key both are skipped
// with a warning and the run succeeds.
func TestRefreshRunPodGraphQL(t *testing.T) {
	const key = "CANARY-runpod-51fd"
	const query = `{"query": "query GpuTypes { gpuTypes { id displayName memoryInGb secureCloud communityCloud securePrice communityPrice secureSpotPrice communitySpotPrice } }"}`
	answer, err := os.ReadFile("../../importer/testdata/runpod-graphql/gpu-types-doc-example.json")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var log []string
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		body, _ := io.ReadAll(r.Body)
		log = append(log, r.Method+" "+r.URL.Path)
		switch {
		case r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" || string(body) != query:
			http.Error(w, `{"errors": [{"message": "want a POST of the query"}]}`, http.StatusBadRequest)
		case r.Header.Get("Authorization") != "Bearer "+key:
			http.Error(w, `{"errors": [{"message": "unauthorized"}]}`, http.StatusUnauthorized)
		default:
			w.Write(answer)
		}
	}))
	defer ts.Close()
	file := "      - name: gpu-types.json\n        url: " + ts.URL + "/graphql\n        body: '" + query + "'\n"
	root := catalogRefreshRoot(t, ts, "sources:\n"+
		"  - provider: runpod\n    format: runpod-graphql\n    secret: {env: GPUCOMPARE_TEST_RUNPOD_KEY, header: Authorization, prefix: 'Bearer '}\n    files:\n"+file+
		"  - provider: runpod-community\n    format: runpod-graphql\n    secret: {env: GPUCOMPARE_TEST_RUNPOD_KEY, header: Authorization, prefix: 'Bearer '}\n    files:\n"+file)
	cache := t.TempDir()

	t.Setenv("GPUCOMPARE_TEST_RUNPOD_KEY", "")
	code, stdout, stderr := runRefresh(t, "-root", root, "-cache", cache, "-as-of", "2026-12-01")
	if code != 0 || len(log) != 0 {
		t.Fatalf("no key: exit %d, requests %q; want 0 and none\n%s%s", code, log, stdout, stderr)
	}
	for _, want := range []string{
		"runpod: skipped: the environment variable GPUCOMPARE_TEST_RUNPOD_KEY that holds its key is not set",
		"runpod-community: skipped: the environment variable GPUCOMPARE_TEST_RUNPOD_KEY that holds its key is not set",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}

	t.Setenv("GPUCOMPARE_TEST_RUNPOD_KEY", key)
	code, stdout, stderr = runRefresh(t, "-root", root, "-cache", cache, "-as-of", "2026-12-01")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if got := strings.Join(log, " "); got != "POST /graphql POST /graphql" {
		t.Errorf("requests %q; want two POSTs", got)
	}
	for _, want := range []string{
		"added     h100-sxm-secure-per-gpu all on_demand: 3.49 → 2.99 USD (first seen 2026-12-01, since unknown)\n",
		"added     h100-sxm-community-per-gpu all on_demand: 2.69 → 2.69 USD (first seen 2026-12-01, since unknown)\n",
		"wrote data/prices/runpod.yaml\n", "wrote data/prices/runpod-community.yaml\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "POST "+ts.URL+"/graphql: 200 OK, ") {
		t.Errorf("stderr has no progress line of the POST:\n%s", stderr)
	}
	if !strings.Contains(stdout, "RTX 5090 (Secure Cloud, per GPU)") {
		t.Errorf("the RTX 5090, not in the catalog, is not reported:\n%s", stdout)
	}
	prices, _ := os.ReadFile(filepath.Join(root, "data/prices/runpod-community.yaml"))
	if !strings.Contains(string(prices), "  amount: 1.59\n  per_gpu: true\n  currency: USD\n  since: unknown\n  first_seen: '2026-12-01'\n  as_of: '2026-12-01'\n  source: "+ts.URL+"/graphql (read 2026-12-01)\n  source_kind: provider\n") {
		t.Errorf("runpod-community.yaml has no per-GPU provider point citing the API")
	}
	if code, out, errs := run2(t, "check", "-root", root); code != 0 {
		t.Errorf("check after the refresh: exit %d\n%s%s", code, out, errs)
	}
	if strings.Contains(stdout+stderr+filesText(root, cache), key) {
		t.Errorf("the key shows in the output or a file")
	}
}

// TestRefreshVastOffers refreshes Vast.ai from its offer search served by
// a fake server with the importer's recorded answer: a GET with the
// search as the query string q, answered 503 once (retried), then the
// offers. The H100 SXM's median per GPU of the verified hosts' offers
// becomes a provider-sourced per-GPU point of the marketplace, citing the
// search; the offers of hosts not verified are skipped.
func TestRefreshVastOffers(t *testing.T) {
	const q = `{"verified": {"eq": true}, "rentable": {"eq": true}, "type": "on-demand"}`
	answer, err := os.ReadFile("../../importer/testdata/vast-offers/h100-sxm-asc.json")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var log []string
	busy := 1
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		log = append(log, r.Method+" "+r.URL.Path)
		switch {
		case r.Method != http.MethodGet || r.URL.Path != "/api/v0/bundles/" || r.URL.Query().Get("q") != q:
			http.Error(w, `{"error": "Invalid query: must be dict of conditions"}`, http.StatusBadRequest)
		case busy > 0:
			busy--
			http.Error(w, "busy", http.StatusServiceUnavailable)
		default:
			w.Write(answer)
		}
	}))
	defer ts.Close()
	url := ts.URL + "/api/v0/bundles/?q=%7B%22verified%22%3A%20%7B%22eq%22%3A%20true%7D%2C%20%22rentable%22%3A%20%7B%22eq%22%3A%20true%7D%2C%20%22type%22%3A%20%22on-demand%22%7D"
	root := catalogRefreshRoot(t, ts, "sources:\n  - provider: vast-ai\n    format: vast-offers\n    files:\n      - {name: offers.json, url: '"+url+"'}\n")
	code, stdout, stderr := runRefresh(t, "-root", root, "-cache", t.TempDir(), "-as-of", "2026-12-01")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if got := strings.Join(log, " "); got != "GET /api/v0/bundles/ GET /api/v0/bundles/" {
		t.Errorf("requests %q; want a GET retried once", got)
	}
	for _, want := range []string{
		"added     h100-sxm-marketplace-median all on_demand: 6.1489 → 1.735556 USD (first seen 2026-12-01, since unknown)\n",
		"wrote data/prices/vast-ai.yaml\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	prices, _ := os.ReadFile(filepath.Join(root, "data/prices/vast-ai.yaml"))
	if !strings.Contains(string(prices), "  amount: 1.735556\n  per_gpu: true\n  currency: USD\n  since: unknown\n  first_seen: '2026-12-01'\n  as_of: '2026-12-01'\n  source: "+url+" (read 2026-12-01)\n  source_kind: provider\n") {
		t.Errorf("vast-ai.yaml has no per-GPU provider point citing the search:\n%s", prices)
	}
	if code, out, errs := run2(t, "check", "-root", root); code != 0 {
		t.Errorf("check after the refresh: exit %d\n%s%s", code, out, errs)
	}
}

// catalogRefreshRoot is a site root holding a copy of the catalog whose
// sources.yaml is sources, for a refresh from the test server ts, which
// it trusts. The points cite the test server's address, which is no
// provider's own domain: without the registry, check does not hold them
// to one (catalog's TestProviderSourceKindFollowsWhereTheSourceIs does).
func catalogRefreshRoot(t *testing.T, ts *httptest.Server, sources string) string {
	t.Helper()
	trustTestServer(t, ts)
	root := t.TempDir()
	copyTree(t, "../../../data", filepath.Join(root, "data"))
	if err := os.Remove(filepath.Join(root, "data/source-registry.yaml")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "data/sources.yaml"), []byte(sources), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}
