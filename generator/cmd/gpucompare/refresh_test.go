package main

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"go.yaml.in/yaml/v3"

	"gpucompare/generator/importer"
	"gpucompare/generator/refresh"
)

// refreshRoot writes the site root of the import_prices script (a Lambda
// catalog) to a temporary folder with a data/sources.yaml naming url, and
// gives the folder and the script's vms.csv.
func refreshRoot(t *testing.T, sources string) (root string, vms []byte) {
	t.Helper()
	ar, err := txtar.ParseFile("testdata/script/import_prices.txtar")
	if err != nil {
		t.Fatal(err)
	}
	root = t.TempDir()
	for _, f := range ar.Files {
		if f.Name == "vms.csv" {
			vms = f.Data
		}
		if !strings.HasPrefix(f.Name, "data/") {
			continue
		}
		p := filepath.Join(root, filepath.FromSlash(f.Name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "data/sources.yaml"), []byte(sources), 0o644); err != nil {
		t.Fatal(err)
	}
	return root, vms
}

// trustTestServer lets refresh's downloads reach the loopback TLS server
// ts, through the test hook of the guard, until the test ends.
func trustTestServer(t *testing.T, ts *httptest.Server) {
	refreshGuardHook = func(g *refresh.Guard) {
		g.AllowAddr = netip.Addr.IsLoopback
		g.TLS = ts.Client().Transport.(*http.Transport).TLSClientConfig
	}
	t.Cleanup(func() { refreshGuardHook = nil })
}

func runRefresh(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb strings.Builder
	code = run(append([]string{"refresh"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func TestRefresh(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	status := http.StatusOK
	var vms []byte
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		asked = append(asked, r.Header.Get("If-None-Match"))
		switch {
		case status != http.StatusOK:
			http.Error(w, "down", status)
		case r.URL.Path != "/lambda/vms.csv":
			http.NotFound(w, r)
		case r.Header.Get("If-None-Match") == `"v1"`:
			w.WriteHeader(http.StatusNotModified)
		default:
			w.Header().Set("ETag", `"v1"`)
			w.Write(vms)
		}
	}))
	defer ts.Close()
	trustTestServer(t, ts)
	url := ts.URL + "/lambda/vms.csv"
	root, data := refreshRoot(t, "sources:\n  - provider: lambda\n    format: skypilot\n    files:\n      - {name: vms.csv, url: '"+url+"'}\n")
	vms = data
	cache := t.TempDir()
	prices := filepath.Join(root, "data/prices/lambda.yaml")

	// The first run downloads the list and imports it.
	code, stdout, stderr := runRefresh(t, "-root", root, "-cache", cache, "-as-of", "2026-12-01")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"== lambda (skypilot)\n",
		"added     gpu_1x_h100_pcie all on_demand: 1.99 → 2.49 USD (first seen 2026-12-01, since unknown)\n",
		"wrote data/prices/lambda.yaml\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "GET "+url+": 200 OK, ") {
		t.Errorf("stderr has no progress line:\n%s", stderr)
	}
	after, _ := os.ReadFile(prices)
	if !strings.Contains(string(after), "source: "+url+" (read 2026-12-01)") {
		t.Errorf("the new point does not cite the URL:\n%s", after)
	}

	// The next day the server says 304: the saved copy is imported again
	// and only checked moves.
	code, stdout, stderr = runRefresh(t, "-root", root, "-cache", cache, "-as-of", "2026-12-02")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if asked[1] != `"v1"` || !strings.Contains(stderr, "304 not modified") {
		t.Errorf("second run asked If-None-Match %q; stderr:\n%s", asked[1], stderr)
	}
	if !strings.Contains(stdout, "0 points added, 2 unchanged") {
		t.Errorf("second run:\n%s", stdout)
	}
	next, _ := os.ReadFile(prices)
	if want := strings.Replace(string(after), "checked: '2026-12-01'", "checked: '2026-12-02'", 1); string(next) != want {
		t.Errorf("second run changed more than checked:\n%s", next)
	}

	// A server that fails: a clear error, exit 1, nothing written.
	mu.Lock()
	status = http.StatusInternalServerError
	mu.Unlock()
	code, stdout, stderr = runRefresh(t, "-root", root, "-cache", cache, "-as-of", "2026-12-03", "-retries", "1")
	want := "lambda: GET " + url + ": the server answered 500 Internal Server Error (after 2 attempts): lambda not refreshed\n"
	if code != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "1 of 1 provider(s) not refreshed") {
		t.Errorf("exit %d; stderr:\n%s\nwant %s", code, stderr, want)
	}
	if got, _ := os.ReadFile(prices); string(got) != string(next) {
		t.Errorf("a failed refresh changed the price file")
	}

	// -from-dir reads the saved copies: no request at all.
	n := len(asked)
	code, stdout, stderr = runRefresh(t, "-root", root, "-from-dir", cache, "-as-of", "2026-12-03")
	if code != 0 || len(asked) != n || !strings.Contains(stdout, "checked 2026-12-03") {
		t.Errorf("-from-dir: exit %d, %d requests\n%s%s", code, len(asked)-n, stdout, stderr)
	}
	code, _, stderr = runRefresh(t, "-root", root, "-from-dir", t.TempDir(), "-as-of", "2026-12-03")
	if code != 1 || !strings.Contains(stderr, "lambda/vms.csv: no saved copy of "+url) {
		t.Errorf("-from-dir of an empty folder: exit %d\n%s", code, stderr)
	}
}

func TestRefreshUsage(t *testing.T) {
	root, _ := refreshRoot(t, "sources:\n  - {provider: lambda, format: skypilot, files: [{name: vms.csv, url: 'https://example.com/vms.csv'}]}\n")
	code, _, stderr := runRefresh(t, "-root", root, "-only", "aws", "-from-dir", t.TempDir())
	if code != 2 || !strings.Contains(stderr, `-only "aws": not in data/sources.yaml: want one of lambda`) {
		t.Errorf("-only aws: exit %d\n%s", code, stderr)
	}
	code, _, stderr = runRefresh(t, "-root", root, "-as-of", "tomorrow")
	if code != 2 || !strings.Contains(stderr, `-as-of "tomorrow" is not a day`) {
		t.Errorf("-as-of tomorrow: exit %d\n%s", code, stderr)
	}

	root, _ = refreshRoot(t, "sources:\n  - {provider: azure, format: azure-retail, files: [{name: p.json, url: 'https://example.com/p'}]}\n")
	code, _, stderr = runRefresh(t, "-root", root, "-from-dir", t.TempDir())
	if code != 1 || stderr != "data/sources.yaml:2:5: provider \"azure\" is not in data/providers: add it there or remove its source\n" {
		t.Errorf("unknown provider: exit %d\n%s", code, stderr)
	}
	// check reports it too, so a pull request cannot break the nightly
	// refresh unnoticed.
	var out, errb strings.Builder
	if code := run([]string{"check", "-root", root}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "data/sources.yaml:2:5: provider \"azure\" is not in data/providers") {
		t.Errorf("check of an unknown provider's source: exit %d\n%s", code, errb.String())
	}
	root, _ = refreshRoot(t, "sources:\n  - {provider: lambda, format: vms, files: [{name: p.json, url: 'https://example.com/p'}]}\n")
	code, _, stderr = runRefresh(t, "-root", root, "-from-dir", t.TempDir())
	if code != 1 || stderr != "data/sources.yaml:2:5: provider \"lambda\": format \"vms\": want one of "+strings.Join(importer.Formats, ", ")+"\n" {
		t.Errorf("bad format: exit %d\n%s", code, stderr)
	}
	out.Reset()
	if code := run([]string{"check", "-root", root, "-format", "github"}, &out, &errb); code != 1 || !strings.Contains(out.String(), "::error file=data/sources.yaml,line=2,col=5::") {
		t.Errorf("check -format github of a bad format: exit %d\n%s", code, out.String())
	}
	os.Remove(filepath.Join(root, "data/sources.yaml"))
	code, _, stderr = runRefresh(t, "-root", root)
	if code != 1 || !strings.Contains(stderr, "data/sources.yaml: no such file") {
		t.Errorf("no sources.yaml: exit %d\n%s", code, stderr)
	}
}

// TestShippedSources reads the shipped data/sources.yaml: it loads, names
// only providers of the catalog, asks only https URLs, and -from-dir
// imports a saved SkyPilot catalog into the shipped Lambda prices (dry run).
func TestShippedSources(t *testing.T) {
	sources := shippedSources(t)
	want := []string{"aws", "aws", "aws-china", "azure", "google-cloud", "google-cloud", "lambda", "lambda", "runpod", "runpod", "runpod-community", "vast-ai", "oci", "oci", "alibaba-cloud", "alibaba-cloud", "tencent-cloud", "tencent-cloud", "huawei-cloud"}
	var got []string
	for _, s := range sources.Sources {
		got = append(got, s.Provider)
		for _, f := range s.Files {
			if !strings.HasPrefix(f.URL, "https://") {
				t.Errorf("%s: %s is not https", s.Provider, f.URL)
			}
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("providers %v; want %v", got, want)
	}

	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "lambda"), 0o755)
	vms, err := os.ReadFile("../../importer/testdata/skypilot/lambda-vms.csv")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "lambda/vms.csv"), vms, 0o644)
	saveLambdaAPI(t, dir)
	code, stdout, stderr := runRefresh(t, "-root", "../../..", "-only", "lambda", "-from-dir", dir, "-as-of", "2026-12-01", "-dry-run")
	if code != 0 || !strings.Contains(stdout, "dry run: data/prices/lambda.yaml not written") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestShippedSourcesSkipWithoutKeys refreshes the shipped catalog's
// Alibaba Cloud, Tencent Cloud and Huawei Cloud price inquiries with their key pairs'
// variables unset: each is skipped with a warning naming the variables,
// nothing is asked of the network, the run succeeds and the price files
// are untouched.
func TestShippedSourcesSkipWithoutKeys(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ provider, vars string }{
		{"alibaba-cloud", "GPUCOMPARE_ALIYUN_ACCESS_KEY_ID and GPUCOMPARE_ALIYUN_ACCESS_KEY_SECRET"},
		{"tencent-cloud", "GPUCOMPARE_TENCENT_SECRET_ID and GPUCOMPARE_TENCENT_SECRET_KEY"},
		{"huawei-cloud", "GPUCOMPARE_HUAWEI_ACCESS_KEY_ID, GPUCOMPARE_HUAWEI_SECRET_ACCESS_KEY and GPUCOMPARE_HUAWEI_PROJECT_ID"},
	} {
		for _, v := range strings.FieldsFunc(tt.vars, func(r rune) bool { return r == ',' || r == ' ' }) {
			if v == "and" {
				continue
			}
			t.Setenv(v, "")
		}
		before, err := os.ReadFile(filepath.Join(root, "data/prices", tt.provider+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := runRefresh(t, "-root", root, "-cache", t.TempDir(), "-only", tt.provider, "-as-of", "2026-12-01")
		want := tt.provider + ": skipped: the environment variable " + tt.vars + " that holds its key is not set"
		if code != 0 || !strings.Contains(stderr, want) {
			t.Errorf("%s: exit %d, want 0 and %q\n%s%s", tt.provider, code, want, stdout, stderr)
		}
		if after, _ := os.ReadFile(filepath.Join(root, "data/prices", tt.provider+".yaml")); string(after) != string(before) {
			t.Errorf("%s: a skipped source changed its price file", tt.provider)
		}
	}
}

// saveLambdaAPI saves the Lambda API's example answer (see the importer's
// testdata) as dir's copy of the lambda-api source.
func saveLambdaAPI(t *testing.T, dir string) {
	t.Helper()
	data, err := os.ReadFile("../../importer/testdata/lambda-api/instance-types-doc-example.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "lambda/instance-types.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRefreshWorkflowCommands runs the gpucompare commands of the nightly
// refresh workflow, as it words them, on the shipped catalog: refresh with
// -from-dir in place of the network (a saved SkyPilot catalog for Lambda,
// dry run), then check and diff.
func TestRefreshWorkflowCommands(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, ".github/workflows/refresh.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		On   map[string]any `yaml:"on"`
		Jobs map[string]struct {
			Steps []struct {
				Uses string            `yaml:"uses"`
				Run  string            `yaml:"run"`
				With map[string]string `yaml:"with"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	if _, ok := wf.On["schedule"]; !ok {
		t.Errorf("the workflow does not run on a schedule")
	}
	if _, ok := wf.On["workflow_dispatch"]; !ok {
		t.Errorf("the workflow cannot be run on demand")
	}
	saved := t.TempDir()
	vms, err := os.ReadFile("../../importer/testdata/skypilot/lambda-vms.csv")
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(saved, "lambda"), 0o755)
	os.WriteFile(filepath.Join(saved, "lambda/vms.csv"), vms, 0o644)
	saveLambdaAPI(t, saved)
	out := t.TempDir()
	expand := strings.NewReplacer(
		`-cache "$RUNNER_TEMP/refresh-cache" ${ONLY:+-only "$ONLY"}`, "-from-dir "+saved+" -only lambda -dry-run",
		`"$RUNNER_TEMP/refresh/diff.md"`, "",
		`"$RUNNER_TEMP/out/site"`, filepath.Join(out, "site"),
		`"$url"`, "https://example.org/gpucompare/pr-1/",
	)
	t.Chdir(root)
	var ran []string
	var body string
	// The refresh, the pull request, then its preview.
	for _, name := range []string{"refresh", "pull-request", "preview"} {
		for _, step := range wf.Jobs[name].Steps {
			if strings.HasPrefix(step.Uses, "peter-evans/create-pull-request@") {
				body = step.With["body-path"]
			}
			for _, line := range strings.Split(step.Run, "\n") {
				line = strings.TrimPrefix(strings.TrimSpace(line), "if ")
				if !strings.HasPrefix(line, "bin/gpucompare ") {
					continue
				}
				line, _, _ = strings.Cut(expand.Replace(line), ";") // end of the if
				line, _, _ = strings.Cut(line, ">")                 // output redirection
				args := strings.Fields(line)[1:]
				for i, a := range args {
					args[i] = strings.Trim(a, `"`)
				}
				code, stdout, stderr := runRefreshArgs(args)
				if code != 0 {
					t.Errorf("%v: exit %d\n%s%s", args, code, stdout, stderr)
				}
				ran = append(ran, strings.Join(args[:1], ""))
				if args[0] == "diff" && !strings.Contains(stdout, "against git revision `HEAD`") {
					t.Errorf("diff does not name its base:\n%.300s", stdout)
				}
			}
		}
	}
	if strings.Join(ran, " ") != "refresh check diff build" {
		t.Errorf("the workflow runs %v; want refresh, check, diff, then the preview's build", ran)
	}
	if body != "${{ runner.temp }}/refresh/body.md" {
		t.Errorf("the pull request's body is %q; want the summary", body)
	}
	// The preview is marked as one: noindex, no sitemap.
	if index, err := os.ReadFile(filepath.Join(out, "site", "index.html")); err != nil || !strings.Contains(string(index), `<meta name="robots" content="noindex">`) {
		t.Errorf("the refresh's preview is not built with -preview: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "site", "sitemap.xml")); err == nil {
		t.Error("the refresh's preview has a sitemap")
	}
}

func runRefreshArgs(args []string) (code int, stdout, stderr string) {
	var out, errb strings.Builder
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestCiteURLs(t *testing.T) {
	aws := "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/current/"
	tests := []struct {
		urls []string
		want string
	}{
		{[]string{"https://x/lambda/vms.csv"}, "https://x/lambda/vms.csv (read 2026-12-01)"},
		{[]string{aws + "us-east-1/index.csv", aws + "us-west-2/index.csv", aws + "eu-west-1/index.csv"},
			aws + "…/index.csv (3 files of data/sources.yaml, read 2026-12-01)"},
		{[]string{"https://a.example/p.json", "https://b.example/q.json"}, "https://… (2 files of data/sources.yaml, read 2026-12-01)"},
	}
	for _, tt := range tests {
		if got := citeURLs(tt.urls, "2026-12-01"); got != tt.want {
			t.Errorf("citeURLs(%q) = %q; want %q", tt.urls, got, tt.want)
		}
	}
}

// A saved copy under a folder named like a flag is read as a file.
func TestRefreshFromDirDash(t *testing.T) {
	root, vms := refreshRoot(t, "sources:\n  - {provider: lambda, format: skypilot, files: [{name: vms.csv, url: 'https://example.com/vms.csv'}]}\n")
	os.MkdirAll(filepath.Join(root, "-saved", "lambda"), 0o755)
	os.WriteFile(filepath.Join(root, "-saved", "lambda", "vms.csv"), vms, 0o644)
	t.Chdir(root)
	code, stdout, stderr := runRefresh(t, "-from-dir", "-saved", "-as-of", "2026-12-01", "-dry-run")
	if code != 0 || !strings.Contains(stdout, "1 point added") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestRefreshRefusesInternalAddresses: a sources.yaml naming an internal
// address over https gets no request through: refused as it is dialled,
// exit 1, the price file untouched.
func TestRefreshRefusesInternalAddresses(t *testing.T) {
	var hits sync.Map
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Store(r.URL.Path, true)
	}))
	defer ts.Close()
	byName := strings.Replace(ts.URL, "127.0.0.1", "localhost", 1)
	for _, url := range []string{ts.URL + "/vms.csv", byName + "/vms.csv"} {
		root, _ := refreshRoot(t, "sources:\n  - provider: lambda\n    format: skypilot\n    files:\n      - {name: vms.csv, url: '"+url+"'}\n")
		before, _ := os.ReadFile(filepath.Join(root, "data/prices/lambda.yaml"))
		code, stdout, stderr := runRefresh(t, "-root", root, "-cache", t.TempDir(), "-as-of", "2026-12-01", "-retries", "0")
		if code != 1 || !strings.Contains(stderr, "GET "+url+": refused address ") || !strings.Contains(stderr, ": a loopback address: refresh connects to public addresses only") {
			t.Errorf("%s: exit %d\n%s%s", url, code, stdout, stderr)
		}
		if after, _ := os.ReadFile(filepath.Join(root, "data/prices/lambda.yaml")); string(after) != string(before) {
			t.Errorf("%s: the price file changed", url)
		}
	}
	hits.Range(func(k, _ any) bool { t.Errorf("the internal server was asked for %s", k); return true })
}

// TestRefreshWorkflowSecrets checks that the nightly workflow passes every
// variable a shipped source reads its key from (a key pair's id too) to
// the refresh, from the repository secret of the same name, in the
// refresh step's env only; that the workflow asks no permission at its
// top (permissions: {}, each job asks its own); and that it runs only on
// its schedule and on demand (main's code: never on a pull request or a
// push, where another branch's code would run with the keys).
func TestRefreshWorkflowSecrets(t *testing.T) {
	sources := shippedSources(t)
	wf, err := os.ReadFile("../../../.github/workflows/refresh.yml")
	if err != nil {
		t.Fatal(err)
	}
	n, named := 0, map[string]bool{}
	for _, s := range sources.Sources {
		if s.Secret == nil {
			continue
		}
		for _, v := range []string{s.Secret.Env, s.Secret.IDEnv, s.Secret.ProjectEnv} {
			if v == "" {
				continue
			}
			if !named[v] {
				n++
			}
			named[v] = true
			if line := v + ": ${{ secrets." + v + " }}"; !strings.Contains(string(wf), line) {
				t.Errorf("%s (%s): the workflow does not pass %q", s.Provider, s.Format, line)
			}
		}
	}
	if n < 11 {
		t.Errorf("%d variables checked: want the shipped sources' keys", n)
	}
	var doc struct {
		On          map[string]any `yaml:"on"`
		Permissions map[string]any `yaml:"permissions"`
		Jobs        map[string]struct {
			Env   map[string]string `yaml:"env"`
			Steps []struct {
				Name string            `yaml:"name"`
				Env  map[string]string `yaml:"env"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(wf, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Permissions == nil || len(doc.Permissions) != 0 || !strings.Contains(string(wf), "\npermissions: {}\n") {
		t.Errorf("the workflow's top-level permissions are %v: want permissions: {}", doc.Permissions)
	}
	for on := range doc.On {
		if on != "schedule" && on != "workflow_dispatch" {
			t.Errorf("the workflow runs on %s: want only schedule and workflow_dispatch", on)
		}
	}
	passed := 0
	for name, job := range doc.Jobs {
		for k, v := range job.Env {
			if strings.Contains(v, "secrets.GPUCOMPARE_") {
				t.Errorf("job %s passes %s to every step: want the keys in the refresh step's env only", name, k)
			}
		}
		for _, step := range job.Steps {
			for k, v := range step.Env {
				if !strings.Contains(v, "secrets.GPUCOMPARE_") {
					continue
				}
				if name != "refresh" || step.Name != "Refresh prices" {
					t.Errorf("job %s, step %q is passed %s: want the keys in the refresh step's env only", name, step.Name, k)
				}
				passed++
			}
		}
	}
	if passed != n {
		t.Errorf("the refresh step is passed %d keys, the sources name %d", passed, n)
	}
}
