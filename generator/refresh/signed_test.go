package refresh

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The key pair of the signed-request tests: canaries that must show
// nowhere.
const canaryID, canarySecret = "CANARY-id-LTAI5t+9x", "CANARY-secret-8Zq/="

// TestSignedRequests downloads from a server that checks each request's
// signature as the provider would, recomputing it with the key pair's
// secret: an Alibaba Cloud RPC GET, and a Tencent Cloud TC3 POST whose
// URL's Action, Version and Region go as X-TC- headers. The server echoes
// what it received; neither the id nor the secret shows in the progress,
// the state file or the saved copies once redacted, and a source whose
// variables are not both set has no key.
func TestSignedRequests(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		body, _ := io.ReadAll(r.Body)
		switch r.URL.Path {
		case "/ecs/":
			q := r.URL.Query()
			want := aliyunSignature("GET", q, canarySecret)
			if q.Get("Signature") != want || q.Get("AccessKeyId") != canaryID || q.Get("SignatureNonce") == "" || q.Get("Format") != "JSON" {
				http.Error(w, `{"Code": "SignatureDoesNotMatch"}`, http.StatusBadRequest)
				return
			}
			seen = append(seen, "GET "+q.Get("Action")+" "+q.Get("InstanceType"))
			w.Write([]byte(`{"echo": "` + r.URL.RawQuery + `"}`))
		case "/":
			ts, _ := strconv.ParseInt(r.Header.Get("X-TC-Timestamp"), 10, 64)
			req := tc3Request{Method: r.Method, Host: r.Host, ContentType: r.Header.Get("Content-Type"), Payload: body, Timestamp: ts}
			if r.URL.RawQuery != "" || r.Header.Get("Authorization") != req.authorization(canaryID, canarySecret) {
				http.Error(w, `{"Response": {"Error": {"Code": "AuthFailure.SignatureFailure"}}}`, http.StatusUnauthorized)
				return
			}
			seen = append(seen, "POST "+r.Header.Get("X-TC-Action")+" "+r.Header.Get("X-TC-Version")+" "+r.Header.Get("X-TC-Region")+" "+string(body))
			w.Write([]byte(`{"Response": {"echo": "` + r.Header.Get("Authorization") + `"}}`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer ts.Close()

	t.Setenv("GPUCOMPARE_TEST_ID", canaryID)
	t.Setenv("GPUCOMPARE_TEST_SECRET", "")
	aliyun := &Source{Provider: "alibaba-cloud", Format: "skypilot", Secret: &Secret{Env: "GPUCOMPARE_TEST_SECRET", IDEnv: "GPUCOMPARE_TEST_ID", Sign: SignAliyunRPC},
		Files: []File{{Name: "price.json", URL: ts.URL + "/ecs/?Action=DescribePrice&Version=2014-05-26&RegionId=cn-hangzhou&InstanceType=ecs.gn7i-c8g1.2xlarge"}}}
	if _, ok := aliyun.Secret.Lookup(); ok || aliyun.Secret.Missing() != "GPUCOMPARE_TEST_ID and GPUCOMPARE_TEST_SECRET" {
		t.Fatalf("a key pair without its secret is looked up, or its warning names %q", aliyun.Secret.Missing())
	}
	t.Setenv("GPUCOMPARE_TEST_SECRET", canarySecret)
	value, ok := aliyun.Secret.Lookup()
	if !ok {
		t.Fatal("the key pair is not looked up")
	}
	tencent := &Source{Provider: "tencent-cloud", Format: "skypilot", Secret: &Secret{Env: "GPUCOMPARE_TEST_SECRET", IDEnv: "GPUCOMPARE_TEST_ID", Sign: SignTC3},
		Files: []File{{Name: "inquiry.json", URL: ts.URL + "/?Action=InquiryPriceRunInstances&Version=2017-03-12&Region=ap-guangzhou",
			Body: `{"Placement": {"Zone": "ap-guangzhou-6"}, "InstanceType": "GN7.2XLARGE32", "ImageId": "img-pmqg1cw7"}`}}}

	f, progress := newFetcher(t)
	cache := t.TempDir()
	red := NewRedactor(value)
	var files []string
	for _, src := range []*Source{aliyun, tencent} {
		f.Client = WithSecret(ts.Client(), src, value)
		got, err := Download(context.Background(), f, src, cache)
		if err != nil {
			t.Fatalf("%s: %v", src.Provider, err)
		}
		files = append(files, got...)
	}
	want := []string{
		"GET DescribePrice ecs.gn7i-c8g1.2xlarge",
		`POST InquiryPriceRunInstances 2017-03-12 ap-guangzhou {"Placement": {"Zone": "ap-guangzhou-6"}, "InstanceType": "GN7.2XLARGE32", "ImageId": "img-pmqg1cw7"}`,
	}
	if strings.Join(seen, "\n") != strings.Join(want, "\n") {
		t.Errorf("the server accepted\n%s\nwant\n%s", strings.Join(seen, "\n"), strings.Join(want, "\n"))
	}
	if data, _ := os.ReadFile(files[0]); !strings.Contains(string(data), url.QueryEscape(canaryID)) {
		t.Fatalf("the echoing server's answer %s does not hold the id: the test checks nothing", data)
	}
	if err := red.RedactFiles(files); err != nil {
		t.Fatal(err)
	}
	if err := f.State.Save(cache); err != nil {
		t.Fatal(err)
	}
	var written strings.Builder
	filepath.Walk(cache, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			data, _ := os.ReadFile(p)
			written.Write(data)
		}
		return nil
	})
	for what, text := range map[string]string{"progress": progress.String(), "files": written.String()} {
		for _, form := range red.forms {
			if strings.Contains(text, form) {
				t.Errorf("the key pair (as %q) is in the %s:\n%s", form, what, text)
			}
		}
	}
	if len(red.forms) < 4 {
		t.Errorf("the redactor holds %d forms: want the id's and the secret's", len(red.forms))
	}
}

// TestSignedRequestWrongMethod refuses to sign what the scheme does not
// sign (an Alibaba Cloud RPC POST, a Tencent Cloud TC3 GET), without
// sending it.
func TestSignedRequestWrongMethod(t *testing.T) {
	sent := 0
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { sent++ }))
	defer ts.Close()
	for _, tt := range []struct {
		sign, body, want string
	}{
		{SignAliyunRPC, `{"a": 1}`, "an aliyun-rpc signature signs a GET"},
		{SignTC3, "", "a tc3 signature signs a POST of a JSON body"},
	} {
		src := &Source{Provider: "p", Format: "skypilot", Secret: &Secret{Env: "S", IDEnv: "I", Sign: tt.sign},
			Files: []File{{Name: "a.json", URL: ts.URL + "/?Action=X", Body: tt.body}}}
		f, _ := newFetcher(t)
		f.Client = WithSecret(ts.Client(), src, canaryID+pairSep+canarySecret)
		_, err := Download(context.Background(), f, src, t.TempDir())
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "CANARY") {
			t.Errorf("%s: error %v, want %q without the key", tt.sign, err, tt.want)
		}
	}
	if sent != 0 {
		t.Errorf("%d requests sent unsigned", sent)
	}
}
