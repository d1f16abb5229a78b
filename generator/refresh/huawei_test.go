package refresh

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpucompare/generator/importer"
)

// TestDownloadHuaweiInquiry refreshes a Huawei Cloud BSS price inquiry
// from a server that checks each request as Huawei Cloud's gateway would:
// its SDK-HMAC-SHA256 signature recomputed with the key pair's secret over
// the body as sent, and the account's project id in that body. It answers
// with the ECS API guide's example; the saved file holds the request of
// data/sources.yaml (without the project id) beside the answer, which the
// importer reads. Neither the key pair nor the project id is written
// anywhere, and without the project id's variable the source has no key.
func TestDownloadHuaweiInquiry(t *testing.T) {
	const project = "CANARY-project-05041fea"
	answer := fixtureAnswer(t, "huawei-bss-rating/period-doc-example.json")
	sent := 0
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		date := r.Header.Get("X-Sdk-Date")
		want := huaweiAuthorization(r.Method, r.URL, date, body, canaryID, canarySecret)
		if date == "" || r.Header.Get("Authorization") != want || !strings.Contains(string(body), `"project_id":"`+project+`"`) {
			http.Error(w, `{"error_code": "APIGW.0301", "error_msg": "Incorrect IAM authentication information"}`, http.StatusUnauthorized)
			return
		}
		sent++
		w.Write(answer)
	}))
	defer ts.Close()
	body := `{"product_infos": [{"id": "1", "cloud_service_type": "hws.service.type.ec2", "resource_type": "hws.resource.type.vm", "resource_spec": "p2v.16xlarge.8.linux", "region": "cn-north-4", "period_type": 2, "period_num": 1, "subscription_num": 1}]}`
	src := &Source{Provider: "huawei-cloud", Format: "huawei-bss-rating",
		Secret: &Secret{Env: "GPUCOMPARE_TEST_SECRET", IDEnv: "GPUCOMPARE_TEST_ID", ProjectEnv: "GPUCOMPARE_TEST_PROJECT", Sign: SignHuaweiSDK},
		Files:  []File{{Name: "p2v.16xlarge.8.cn-north-4.month.json", URL: ts.URL + "/v2/bills/ratings/period-resources/subscribe-rate", Body: body}}}
	t.Setenv("GPUCOMPARE_TEST_ID", canaryID)
	t.Setenv("GPUCOMPARE_TEST_SECRET", canarySecret)
	t.Setenv("GPUCOMPARE_TEST_PROJECT", "")
	if _, ok := src.Secret.Lookup(); ok || src.Secret.Missing() != "GPUCOMPARE_TEST_ID, GPUCOMPARE_TEST_SECRET and GPUCOMPARE_TEST_PROJECT" {
		t.Fatalf("a key pair without its project is looked up, or its warning names %q", src.Secret.Missing())
	}
	t.Setenv("GPUCOMPARE_TEST_PROJECT", project)
	value, ok := src.Secret.Lookup()
	if !ok {
		t.Fatal("the key pair is not looked up")
	}
	f, progress := newFetcher(t)
	f.Client = WithSecret(ts.Client(), src, value)
	cache := t.TempDir()
	files, err := Download(context.Background(), f, src, cache)
	if err != nil || sent != 1 {
		t.Fatalf("sent %d: %v", sent, err)
	}
	in, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var l importer.List
	if err := importer.ReadHuaweiBSSRating(in, files[0], &l); err != nil {
		t.Fatal(err)
	}
	if o := l.Offers[0]; o.Instance != "p2v.16xlarge.8" || o.Region != "cn-north-4" || o.Model != "subscription_month" || o.Amount != 32.2 || o.Currency != "CNY" {
		t.Errorf("read %+v", o)
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
	for _, canary := range []string{"CANARY"} {
		if strings.Contains(written.String(), canary) || strings.Contains(progress.String(), canary) {
			t.Errorf("a key or the project id is written:\n%s\n%s", written.String(), progress.String())
		}
	}
	if len(NewRedactor(value).forms) < 6 {
		t.Errorf("the redactor does not hold the id, the secret and the project")
	}
}

// TestSignedRequestHuaweiGET refuses to sign a Huawei Cloud GET (the
// inquiries are POSTs of a JSON body), without sending it.
func TestSignedRequestHuaweiGET(t *testing.T) {
	sent := 0
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { sent++ }))
	defer ts.Close()
	src := &Source{Provider: "p", Format: "skypilot", Secret: &Secret{Env: "S", IDEnv: "I", Sign: SignHuaweiSDK},
		Files: []File{{Name: "a.json", URL: ts.URL + "/v2/bills/ratings/on-demand-resources"}}}
	f, _ := newFetcher(t)
	f.Client = WithSecret(ts.Client(), src, canaryID+pairSep+canarySecret)
	_, err := Download(context.Background(), f, src, t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "a huawei-sdk signature signs a POST of a JSON body") || strings.Contains(err.Error(), "CANARY") || sent != 0 {
		t.Errorf("error %v, %d sent", err, sent)
	}
}
