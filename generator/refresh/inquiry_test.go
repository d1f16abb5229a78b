package refresh

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"

	"gpucompare/generator/importer"
)

// fixtureAnswer is the response of an importer fixture of an inquiry, as
// the API sends it.
func fixtureAnswer(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("../importer/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Response json.RawMessage `json:"response"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Response
}

// TestDownloadInquiries refreshes an Alibaba Cloud DescribePrice source and
// a Tencent Cloud InquiryPriceRunInstances source from a server that checks
// each request's signature and answers with the documentation's example
// answers: each saved file holds the request of data/sources.yaml (without
// the key id and signature) beside the answer, and the importer reads from
// it the instance type, region and term the answer itself does not name.
func TestDownloadInquiries(t *testing.T) {
	aliyunAnswer := fixtureAnswer(t, "aliyun-describeprice/describeprice-doc-example.json")
	tencentAnswer := fixtureAnswer(t, "tencent-inquiryprice/prepaid-doc-example.json")
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch q := r.URL.Query(); {
		case r.Method == http.MethodGet && q.Get("Signature") == aliyunSignature("GET", q, canarySecret):
			w.Write(aliyunAnswer)
		case r.Method == http.MethodPost && r.Header.Get("X-TC-Action") == "InquiryPriceRunInstances" && strings.Contains(r.Header.Get("Authorization"), "Credential="+canaryID+"/"):
			w.Write(tencentAnswer)
		default:
			http.Error(w, `{"Code": "SignatureDoesNotMatch"}`, http.StatusBadRequest)
		}
	}))
	defer ts.Close()
	t.Setenv("GPUCOMPARE_TEST_ID", canaryID)
	t.Setenv("GPUCOMPARE_TEST_SECRET", canarySecret)
	aliyunURL := ts.URL + "/?Action=DescribePrice&Version=2014-05-26&RegionId=cn-beijing&ResourceType=instance&InstanceType=ecs.gn6i-c4g1.xlarge&PriceUnit=Year&Period=1"
	tencentURL := ts.URL + "/?Action=InquiryPriceRunInstances&Version=2017-03-12&Region=ap-beijing"
	tencentBody := `{"Placement": {"Zone": "ap-beijing-6"},
  "InstanceType": "GN7.2XLARGE32", "InstanceChargeType": "PREPAID", "InstanceChargePrepaid": {"Period": 1}}`
	sources := []*Source{
		{Provider: "alibaba-cloud", Format: "aliyun-describeprice", Secret: &Secret{Env: "GPUCOMPARE_TEST_SECRET", IDEnv: "GPUCOMPARE_TEST_ID", Sign: SignAliyunRPC},
			Files: []File{{Name: "gn6i-c4g1-xlarge-year.json", URL: aliyunURL}}},
		{Provider: "tencent-cloud", Format: "tencent-inquiryprice", Secret: &Secret{Env: "GPUCOMPARE_TEST_SECRET", IDEnv: "GPUCOMPARE_TEST_ID", Sign: SignTC3},
			Files: []File{{Name: "gn7-2xlarge32-month.json", URL: tencentURL, Body: tencentBody}}},
	}
	reads := []func(*os.File, string, *importer.List) error{
		func(f *os.File, name string, l *importer.List) error {
			return importer.ReadAliyunDescribePrice(f, name, l)
		},
		func(f *os.File, name string, l *importer.List) error {
			return importer.ReadTencentInquiryPrice(f, name, l)
		},
	}
	want := []string{
		"ecs.gn6i-c4g1.xlarge cn-beijing subscription_year 3712.8 CNY",
		"gn7.2xlarge32 ap-beijing subscription_month 1804.9 CNY",
	}
	cache := t.TempDir()
	for i, src := range sources {
		value, ok := src.Secret.Lookup()
		if !ok {
			t.Fatal("the key pair is not looked up")
		}
		f, _ := newFetcher(t)
		f.Client = WithSecret(ts.Client(), src, value)
		files, err := Download(context.Background(), f, src, cache)
		if err != nil {
			t.Fatalf("%s: %v", src.Provider, err)
		}
		data, _ := os.ReadFile(files[0])
		var saved struct {
			Request struct {
				URL  string          `json:"url"`
				Body json.RawMessage `json:"body"`
			} `json:"request"`
			Response json.RawMessage `json:"response"`
		}
		if err := json.Unmarshal(data, &saved); err != nil {
			t.Fatalf("%s: %v:\n%s", files[0], err, data)
		}
		if saved.Request.URL != src.Files[0].URL || strings.Contains(string(data), "CANARY") || strings.Contains(string(data), "Signature") {
			t.Errorf("%s: the saved request is %q, want the source's URL without the key or the signature:\n%s", src.Provider, saved.Request.URL, data)
		}
		if src.Files[0].Body != "" && !json.Valid(saved.Request.Body) {
			t.Errorf("%s: the saved body %s", src.Provider, saved.Request.Body)
		}
		fh, err := os.Open(files[0])
		if err != nil {
			t.Fatal(err)
		}
		var l importer.List
		err = reads[i](fh, files[0], &l)
		fh.Close()
		if err != nil {
			t.Fatalf("the importer does not read what refresh saved: %v\n%s", err, data)
		}
		if len(l.Offers) != 1 {
			t.Fatalf("%s: %d offers", src.Provider, len(l.Offers))
		}
		o := l.Offers[0]
		if got := o.Instance + " " + o.Region + " " + o.Model + " " + strconv.FormatFloat(o.Amount, 'f', -1, 64) + " " + o.Currency; got != want[i] {
			t.Errorf("%s: read %q, want %q", src.Provider, got, want[i])
		}
	}
}

// TestParseSourcesInquirySecret refuses a price inquiry source without the
// signature its API needs.
func TestParseSourcesInquirySecret(t *testing.T) {
	formats := []string{"aliyun-describeprice", "tencent-inquiryprice"}
	for _, tt := range []struct{ src, want string }{
		{"sources:\n- provider: alibaba-cloud\n  format: aliyun-describeprice\n  files: [{name: a.json, url: 'https://ecs.aliyuncs.com/?Action=DescribePrice'}]\n",
			"s.yaml:2:3: provider \"alibaba-cloud\": format aliyun-describeprice asks a price inquiry API: want secret: {sign: aliyun-rpc"},
		{"sources:\n- provider: tencent-cloud\n  format: tencent-inquiryprice\n  secret: {sign: aliyun-rpc, id_env: A, env: B}\n  files: [{name: a.json, url: 'https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances', body: '{}'}]\n",
			"s.yaml:2:3: provider \"tencent-cloud\": format tencent-inquiryprice asks a price inquiry API: want secret: {sign: tc3"},
	} {
		_, err := ParseSources([]byte(tt.src), "s.yaml", formats)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("got %v\nwant %s…", err, tt.want)
		}
	}
	ok := "sources:\n- provider: tencent-cloud\n  format: tencent-inquiryprice\n  secret: {sign: tc3, id_env: A, env: B}\n  files: [{name: a.json, url: 'https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&Region=ap-beijing', body: '{\"Placement\": {\"Zone\": \"ap-beijing-3\"}, \"ImageId\": \"img-pmqg1cw7\", \"InstanceType\": \"GN7.2XLARGE32\"}'}]\n"
	if _, err := ParseSources([]byte(ok), "s.yaml", formats); err != nil {
		t.Errorf("a signed inquiry source: %v", err)
	}
}

// TestDownloadInquiryNotJSON refuses an inquiry's answer that is not JSON
// (a proxy's page): the importer could not read it.
func TestDownloadInquiryNotJSON(t *testing.T) {
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("<html>maintenance</html>"))
	}))
	defer ts.Close()
	src := &Source{Provider: "alibaba-cloud", Format: "aliyun-describeprice",
		Files: []File{{Name: "a.json", URL: ts.URL + "/?Action=DescribePrice&RegionId=cn-beijing&InstanceType=ecs.gn6i-c4g1.xlarge"}}}
	f, _ := newFetcher(t)
	f.Client = ts.Client()
	_, err := Download(context.Background(), f, src, t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "a.json: the answer to https://") || !strings.Contains(err.Error(), "is not JSON: want the API's JSON answer") {
		t.Errorf("error %v, want the answer refused as not JSON", err)
	}
}

// TestParseSourcesInquiryRequest refuses, with its place, an inquiry
// request that does not name what its importer reads from it: a
// DescribePrice without its InstanceType, an InquiryPriceRunInstances
// without an ImageId (the API wants one) or with a zone of another region.
func TestParseSourcesInquiryRequest(t *testing.T) {
	formats := []string{"aliyun-describeprice", "tencent-inquiryprice"}
	tencent := func(body string) string {
		return "sources:\n- provider: tencent-cloud\n  format: tencent-inquiryprice\n  secret: {sign: tc3, id_env: A, env: B}\n  files:\n  - name: a.json\n    url: 'https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&Region=ap-beijing'\n    body: '" + body + "'\n"
	}
	for _, tt := range []struct{ src, want string }{
		{"sources:\n- provider: alibaba-cloud\n  format: aliyun-describeprice\n  secret: {sign: aliyun-rpc, id_env: A, env: B}\n  files: [{name: a.json, url: 'https://ecs.aliyuncs.com/?Action=DescribePrice&RegionId=cn-beijing'}]\n",
			"s.yaml:5:11: provider \"alibaba-cloud\": url \"https://ecs.aliyuncs.com/?Action=DescribePrice&RegionId=cn-beijing\": want a DescribePrice request naming its RegionId and InstanceType"},
		{tencent(`{"Placement": {"Zone": "ap-beijing-3"}, "InstanceType": "GN7.2XLARGE32"}`),
			"s.yaml:6:5: provider \"tencent-cloud\": body: want a JSON object naming the InstanceType, a Placement.Zone of ap-beijing (ap-beijing-3) and an ImageId"},
		{tencent(`{"Placement": {"Zone": "ap-shanghai-5"}, "ImageId": "img-pmqg1cw7", "InstanceType": "GN7.2XLARGE32"}`),
			"s.yaml:6:5: provider \"tencent-cloud\": body: want a JSON object naming the InstanceType, a Placement.Zone of ap-beijing"},
	} {
		_, err := ParseSources([]byte(tt.src), "s.yaml", formats)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("got %v\nwant %s…", err, tt.want)
		}
	}
}
