package refresh

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// canary is a key no test output may show.
const canary = "CANARY-k3y+/=with&odd?chars"

func TestParseSourcesSecret(t *testing.T) {
	src := `sources:
  - provider: google-cloud
    format: skypilot
    secret: {env: GPUCOMPARE_GCP_API_KEY, query: key}
    files:
      - {name: a.json, url: 'https://cloudbilling.googleapis.com/v1/services/6F81-5844-456A/skus'}
  - provider: lambda
    format: skypilot
    secret: {env: LAMBDA_API_KEY, header: Authorization, prefix: 'Bearer '}
    files:
      - {name: a.json, url: 'https://cloud.lambdalabs.com/api/v1/instance-types'}
`
	s, err := ParseSources([]byte(src), "data/sources.yaml", formats)
	if err != nil {
		t.Fatal(err)
	}
	if got := *s.Find("google-cloud").Secret; got != (Secret{Env: "GPUCOMPARE_GCP_API_KEY", Query: "key"}) {
		t.Errorf("google-cloud secret = %+v", got)
	}
	if got := *s.Find("lambda").Secret; got != (Secret{Env: "LAMBDA_API_KEY", Header: "Authorization", Prefix: "Bearer "}) {
		t.Errorf("lambda secret = %+v", got)
	}
	bad := []struct{ secret, want string }{
		{"{env: key, query: key}", `data/sources.yaml:2:85: secret env "key": want the name of an environment variable such as GPUCOMPARE_GCP_API_KEY`},
		{"{env: K}", "data/sources.yaml:2:85: secret: want one of query (the parameter the key goes in) or header (the header it goes in)"},
		{"{env: K, query: key, header: X}", "data/sources.yaml:2:85: secret: want one of query (the parameter the key goes in) or header (the header it goes in)"},
		{"{env: K, query: key, prefix: 'Bearer '}", "data/sources.yaml:2:85: secret prefix: only a header key has a prefix"},
		{"{env: K, header: 'X: y'}", `data/sources.yaml:2:85: secret header "X: y": want a header name such as Authorization`},
		{"{env: K, query: key, value: abc}", `data/sources.yaml:2:106: secret: unknown field "value": want env, query, header, prefix, sign, id_env or project_env`},
		{"K", "data/sources.yaml:2:85: secret: want a mapping with env and query, or env and header"},
		{"{env: K, id_env: I, sign: hmac}", `data/sources.yaml:2:85: secret sign "hmac": want aliyun-rpc, tc3 or huawei-sdk`},
		{"{env: K, sign: tc3}", `data/sources.yaml:2:85: secret env "K", id_env "": want the names of the environment variables holding the key pair's secret and id`},
		{"{env: K, id_env: I, sign: tc3, header: Authorization}", "data/sources.yaml:2:85: secret: a signed request sends no key as it is: want sign, env and id_env without query, header or prefix"},
		{"{env: K, id_env: I, query: key}", "data/sources.yaml:2:85: secret id_env, project_env: only a key pair that signs requests (sign) has an id and a project"},
		{"{env: K, query: key, project_env: P}", "data/sources.yaml:2:85: secret id_env, project_env: only a key pair that signs requests (sign) has an id and a project"},
		{"{env: K, id_env: I, sign: tc3, project_env: P}", `data/sources.yaml:2:85: secret project_env "P": only a huawei-sdk key pair names a project, in an environment variable such as GPUCOMPARE_HUAWEI_PROJECT_ID`},
	}
	for _, tt := range bad {
		src := "sources:\n  - {provider: p, format: skypilot, files: [{name: a, url: 'https://x/a'}], secret: " + tt.secret + "}"
		_, err := ParseSources([]byte(src), "data/sources.yaml", formats)
		if err == nil || err.Error() != tt.want {
			t.Errorf("secret %s: got %v\nwant %s", tt.secret, err, tt.want)
		}
	}
}

// TestSecretNeverShown downloads with a key sent in the query string from
// a server that echoes the request in its answers, fails, redirects to
// another host and finally redirects in a loop with the key in the URL: the
// key reaches the source's host, and no other; the progress lines, the
// errors, the state file and the saved copies never show it.
func TestSecretNeverShown(t *testing.T) {
	var mu sync.Mutex
	var gotKeys, otherKeys []string
	other := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		otherKeys = append(otherKeys, r.URL.Query().Get("key")+r.Header.Get("Authorization"))
		mu.Unlock()
		w.Write([]byte("{}"))
	}))
	defer other.Close()
	fails := 1
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		gotKeys = append(gotKeys, r.URL.Query().Get("key"))
		switch r.URL.Path {
		case "/echo":
			if fails > 0 {
				fails--
				w.Header().Set("Retry-After", "0")
				http.Error(w, "slow down: "+r.URL.String(), http.StatusTooManyRequests)
				return
			}
			w.Write([]byte(`{"self": "` + r.URL.String() + `", "key": "` + r.URL.Query().Get("key") + `"}`))
		case "/away":
			http.Redirect(w, r, other.URL+"/x", http.StatusFound)
		case "/loop":
			http.Redirect(w, r, "/loop?"+r.URL.RawQuery, http.StatusFound)
		default:
			http.Error(w, "no such page "+r.URL.String(), http.StatusForbidden)
		}
	}))
	defer ts.Close()

	src := &Source{Provider: "p", Format: "skypilot", Secret: &Secret{Env: "GPUCOMPARE_TEST_KEY", Query: "key"},
		Files: []File{{Name: "a.json", URL: ts.URL + "/echo?pageSize=5000"}}}
	f, progress := newFetcher(t)
	f.Client = WithSecret(ts.Client(), src, canary)
	red := NewRedactor(canary)
	cache := t.TempDir()
	ctx := context.Background()
	files, err := Download(ctx, f, src, cache)
	if err != nil {
		t.Fatal(err)
	}
	if len(gotKeys) != 2 || gotKeys[0] != canary || gotKeys[1] != canary {
		t.Errorf("keys the source's host got = %q; want the key with each of 2 requests", gotKeys)
	}
	if data, _ := os.ReadFile(files[0]); !strings.Contains(string(data), canary) {
		t.Fatalf("the echoing server's answer %s does not hold the key: the test checks nothing", data)
	}
	if err := red.RedactFiles(files); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(files[0]); !strings.Contains(string(data), `"key": "[redacted]"`) {
		t.Errorf("saved copy after RedactFiles = %s; want the key replaced", data)
	}

	var errs []string
	for _, path := range []string{"/forbidden", "/away", "/loop"} {
		// The client takes the test server's TLS roots; the other host's
		// are added so the redirect to it succeeds.
		c := WithSecret(ts.Client(), src, canary)
		c.Transport.(*secretTransport).base.(*http.Transport).TLSClientConfig.RootCAs.AddCert(other.Certificate())
		f.Client = c
		_, err := f.Fetch(ctx, ts.URL+path, cache, "p/"+strings.TrimPrefix(path, "/"))
		if path == "/away" {
			if err != nil {
				t.Errorf("GET /away: %v", err)
			}
			continue
		}
		if err == nil {
			t.Fatalf("GET %s: no error", path)
		}
		errs = append(errs, err.Error())
	}
	if len(otherKeys) != 1 || otherKeys[0] != "" {
		t.Errorf("the other host got keys %q; want one request without the key", otherKeys)
	}
	if !strings.Contains(errs[1], "stopped after 10 redirects") || strings.Contains(errs[1], "key=") {
		t.Errorf("redirect loop error = %q; want the loop's URL without the key", errs[1])
	}
	if err := f.State.Save(cache); err != nil {
		t.Fatal(err)
	}
	var written []string
	filepath.Walk(cache, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			data, _ := os.ReadFile(p)
			written = append(written, p+": "+string(data))
		}
		return nil
	})
	for what, text := range map[string]string{"progress": progress.String(), "errors": strings.Join(errs, "\n"), "files": strings.Join(written, "\n")} {
		for _, form := range red.forms {
			if strings.Contains(text, form) {
				t.Errorf("the key (as %q) is in the %s:\n%s", form, what, text)
			}
		}
	}
}

func TestRedactorError(t *testing.T) {
	red := NewRedactor(canary)
	inner := &timeoutErr{"dial https://x/?key=" + url.QueryEscape(canary)}
	err := red.Error(inner)
	if strings.Contains(err.Error(), "k3y") {
		t.Errorf("error %q shows the key", err)
	}
	var te interface{ Timeout() bool }
	if !errors.As(err, &te) || !te.Timeout() {
		t.Errorf("a redacted time-out is no longer a time-out")
	}
	if errors.Is(err, inner) {
		t.Errorf("the redacted error still wraps the one showing the key")
	}
	plain := errors.New("no key here")
	if red.Error(plain) != plain || red.Error(nil) != nil {
		t.Errorf("an error without the key is changed")
	}
}

type timeoutErr struct{ msg string }

func (e *timeoutErr) Error() string { return e.msg }
func (e *timeoutErr) Timeout() bool { return true }

// TestSecretHeader sends the key in a header with its prefix, to the
// source's host only: a redirect to another host goes without it.
func TestSecretHeader(t *testing.T) {
	var got []string
	other := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, "other:"+r.Header.Get("Authorization"))
		w.Write([]byte("{}"))
	}))
	defer other.Close()
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, "source:"+r.Header.Get("Authorization"))
		if r.URL.Path == "/away" {
			http.Redirect(w, r, other.URL+"/x", http.StatusFound)
			return
		}
		w.Write([]byte(`{"data": {}}`))
	}))
	defer ts.Close()
	src := &Source{Provider: "lambda", Format: "lambda-api", Secret: &Secret{Env: "K", Header: "Authorization", Prefix: "Bearer "},
		Files: []File{{Name: "types.json", URL: ts.URL + "/api/v1/instance-types"}}}
	c := WithSecret(ts.Client(), src, canary)
	c.Transport.(*secretTransport).base.(*http.Transport).TLSClientConfig.RootCAs.AddCert(other.Certificate())
	for _, path := range []string{"/api/v1/instance-types", "/away"} {
		resp, err := c.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	want := []string{"source:Bearer " + canary, "source:Bearer " + canary, "other:"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Authorization headers %q; want %q", got, want)
	}
}
