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

	"gpucompare/generator/importer"
)

// TestShippedInquirySources sends every request of the shipped
// data/sources.yaml's Alibaba Cloud, Tencent Cloud and Huawei Cloud price
// inquiries, its
// host swapped for a server that checks each signature as the provider
// would (recomputed with the key pair's secret) and answers with the
// documentation's example answer of the term asked; the importer then
// reads from each saved file the instance type, region and term its name
// says (hour, month, year or spot; intl. before it for an international
// site's source, which has its own key pair). So every shipped entry is a
// well-formed, signed request whose answer the importer can read.
func TestShippedInquirySources(t *testing.T) {
	data, err := os.ReadFile("../../data/sources.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sources, err := ParseSources(data, "data/sources.yaml", importer.Formats)
	if err != nil {
		t.Fatal(err)
	}
	aliyun := fixtureAnswer(t, "aliyun-describeprice/describeprice-doc-example.json")
	prepaid := fixtureAnswer(t, "tencent-inquiryprice/prepaid-doc-example.json")
	postpaid := fixtureAnswer(t, "tencent-inquiryprice/postpaid-doc-example.json")
	huawei := fixtureAnswer(t, "huawei-bss-rating/period-doc-example.json")
	// No documented example answer of the pay-per-use inquiry was found: an
	// answer in its SDK's fields, its amount made up.
	huaweiOnDemand := []byte(`{"currency": "CNY", "product_rating_results": [{"id": "1", "official_website_amount": 10, "measure_id": 1}]}`)
	var mu sync.Mutex
	bad := 0
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		q := r.URL.Query()
		switch {
		case r.Method == http.MethodGet && q.Get("AccessKeyId") == canaryID && q.Get("Signature") == aliyunSignature("GET", q, canarySecret):
			w.Write(aliyun)
			return
		case r.Method == http.MethodPost && r.Header.Get("X-Sdk-Date") != "":
			if r.Header.Get("Authorization") == huaweiAuthorization(r.Method, r.URL, r.Header.Get("X-Sdk-Date"), body, canaryID, canarySecret) && strings.Contains(string(body), `"project_id":"p-1"`) {
				if strings.Contains(r.URL.Path, "period") {
					w.Write(huawei)
				} else {
					w.Write(huaweiOnDemand)
				}
				return
			}
		case r.Method == http.MethodPost:
			stamp, _ := strconv.ParseInt(r.Header.Get("X-TC-Timestamp"), 10, 64)
			req := tc3Request{Method: r.Method, Host: r.Host, ContentType: r.Header.Get("Content-Type"), Payload: body, Timestamp: stamp}
			if r.Header.Get("Authorization") == req.authorization(canaryID, canarySecret) && r.Header.Get("X-TC-Region") != "" {
				if strings.Contains(string(body), `"PREPAID"`) {
					w.Write(prepaid)
				} else {
					w.Write(postpaid)
				}
				return
			}
		}
		mu.Lock()
		bad++
		mu.Unlock()
		http.Error(w, `{"Code": "SignatureDoesNotMatch"}`, http.StatusBadRequest)
	}))
	defer ts.Close()
	server, _ := url.Parse(ts.URL)
	t.Setenv("GPUCOMPARE_TEST_ID", canaryID)
	t.Setenv("GPUCOMPARE_TEST_SECRET", canarySecret)
	t.Setenv("GPUCOMPARE_TEST_PROJECT", "p-1")

	read := map[string]func(io.Reader, string, *importer.List) error{
		"aliyun-describeprice": importer.ReadAliyunDescribePrice,
		"tencent-inquiryprice": importer.ReadTencentInquiryPrice,
		"huawei-bss-rating":    importer.ReadHuaweiBSSRating,
	}
	models := map[string]string{"hour": "on_demand", "month": "subscription_month", "year": "subscription_year", "spot": "spot"}
	checked, spot, sites := map[string]int{}, map[string]int{}, map[string]int{}
	for _, shipped := range sources.Sources {
		if read[shipped.Format] == nil {
			continue
		}
		src := shipped
		src.Secret = &Secret{Env: "GPUCOMPARE_TEST_SECRET", IDEnv: "GPUCOMPARE_TEST_ID", Sign: shipped.Secret.Sign}
		if shipped.Secret.ProjectEnv != "" {
			src.Secret.ProjectEnv = "GPUCOMPARE_TEST_PROJECT"
		}
		src.Files = nil
		for _, f := range shipped.Files {
			u, _ := url.Parse(f.URL)
			u.Host = server.Host
			f.URL = u.String()
			src.Files = append(src.Files, f)
		}
		value, _ := src.Secret.Lookup()
		f, _ := newFetcher(t)
		f.Client = WithSecret(ts.Client(), &src, value)
		files, err := Download(context.Background(), f, &src, t.TempDir())
		if err != nil {
			t.Fatalf("%s: %v", src.Provider, err)
		}
		for _, file := range files {
			// NAME is [intl.]instance.region.term.json (intl. for an
			// international site's); the instance type has dots.
			base := strings.TrimSuffix(filepath.Base(file), ".json")
			intl := strings.HasPrefix(base, "intl.")
			base = strings.TrimPrefix(base, "intl.")
			k := strings.LastIndexByte(base, '.')
			term := base[k+1:]
			base = base[:k]
			k = strings.LastIndexByte(base, '.')
			instance, region := base[:k], base[k+1:]
			in, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			var l importer.List
			err = read[src.Format](in, file, &l)
			in.Close()
			if err != nil {
				t.Errorf("%s: %v", filepath.Base(file), err)
				continue
			}
			if o := l.Offers[0]; len(l.Offers) != 1 || o.Instance != instance || o.Region != region || o.Model != models[term] {
				t.Errorf("%s: read %s %s %s, want %s %s %s", filepath.Base(file), o.Instance, o.Region, o.Model, instance, region, models[term])
			}
			if intl != strings.Contains(shipped.Files[0].URL, "intl") && src.Provider == "tencent-cloud" {
				t.Errorf("%s: an international site's file in a source of %s", filepath.Base(file), shipped.Files[0].URL)
			}
			if intl {
				sites[src.Provider+" "+shipped.Secret.IDEnv]++
			}
			if l.Offers[0].Model == "spot" {
				spot[src.Provider]++
			}
			checked[src.Provider]++
		}
	}
	if bad > 0 {
		t.Errorf("%d requests were not signed as the provider checks", bad)
	}
	if checked["alibaba-cloud"] < 3 || checked["tencent-cloud"] < 3 || checked["huawei-cloud"] != 3 {
		t.Errorf("checked %v: want the shipped Alibaba Cloud and Tencent Cloud inquiries", checked)
	}
	if spot["alibaba-cloud"] == 0 || spot["tencent-cloud"] == 0 {
		t.Errorf("spot inquiries checked %v: want Alibaba Cloud's and Tencent Cloud's", spot)
	}
	if sites["alibaba-cloud GPUCOMPARE_ALIYUN_INTL_ACCESS_KEY_ID"] == 0 || sites["tencent-cloud GPUCOMPARE_TENCENT_INTL_SECRET_ID"] == 0 || len(sites) != 2 {
		t.Errorf("international inquiries checked %v: want Alibaba Cloud's and Tencent Cloud's, each with its own key", sites)
	}
}
