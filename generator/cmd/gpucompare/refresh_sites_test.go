package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestRefreshSitesCanary refreshes Tencent Cloud from its two sites'
// sources, as data/sources.yaml lists them: the China site's (a spot
// inquiry to cvm.tencentcloudapi.com) and the international site's (an
// hourly inquiry to cvm.intl.tencentcloudapi.com of a series the catalog
// prices in USD), each with its own key pair, both answered by a test
// server with the documentation's hourly example. With the international
// pair unset, that source is skipped with a warning, the China site's spot
// price is added in yuan and the run succeeds. With both pairs set to
// canary values, each source signs with its own pair, the international
// answer is added in dollars to its series, and no secret shows in any
// output or file.
func TestRefreshSitesCanary(t *testing.T) {
	answer := docExampleAnswer(t, "tencent-inquiryprice/postpaid-doc-example.json")
	var mu sync.Mutex
	var auths []string
	serveProviderHosts(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		auths = append(auths, r.Header.Get("Authorization"))
		mu.Unlock()
		w.Write(answer)
	})
	sources := `sources:
  - provider: tencent-cloud
    format: tencent-inquiryprice
    secret: {sign: tc3, id_env: GPUCOMPARE_TEST_TC_ID, env: GPUCOMPARE_TEST_TC_KEY}
    files:
      - name: gn7.2xlarge32.ap-beijing.spot.json
        url: 'https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&Version=2017-03-12&Region=ap-beijing'
        body: '{"Placement": {"Zone": "ap-beijing-6"}, "ImageId": "img-pmqg1cw7", "InstanceType": "GN7.2XLARGE32", "InstanceChargeType": "SPOTPAID", "InstanceCount": 1}'
  - provider: tencent-cloud
    format: tencent-inquiryprice
    secret: {sign: tc3, id_env: GPUCOMPARE_TEST_TC_INTL_ID, env: GPUCOMPARE_TEST_TC_INTL_KEY}
    files:
      - name: intl.gn7.2xlarge32.ap-guangzhou.hour.json
        url: 'https://cvm.intl.tencentcloudapi.com/?Action=InquiryPriceRunInstances&Version=2017-03-12&Region=ap-guangzhou'
        body: '{"Placement": {"Zone": "ap-guangzhou-3"}, "ImageId": "img-pmqg1cw7", "InstanceType": "GN7.2XLARGE32", "InstanceChargeType": "POSTPAID_BY_HOUR", "InstanceCount": 1}'
`
	root := shippedDataRoot(t, sources)
	prices := filepath.Join(root, "data/prices/tencent-cloud.yaml")
	before, _ := os.ReadFile(prices)
	cache := t.TempDir()

	const chinaKey, intlKey = "CANARY-cn-7d1e+key/=", "CANARY-intl-4b8a+key/="
	t.Setenv("GPUCOMPARE_TEST_TC_ID", "AKIDchina")
	t.Setenv("GPUCOMPARE_TEST_TC_KEY", chinaKey)
	t.Setenv("GPUCOMPARE_TEST_TC_INTL_ID", "")
	t.Setenv("GPUCOMPARE_TEST_TC_INTL_KEY", "")
	code, stdout, stderr := runRefresh(t, "-root", root, "-cache", cache, "-as-of", "2026-12-01")
	if code != 0 || len(auths) != 1 || !strings.Contains(auths[0], "Credential=AKIDchina/") {
		t.Fatalf("the international pair unset: exit %d, authorizations %q; want 0 and the China pair's one\n%s%s", code, auths, stdout, stderr)
	}
	if want := "tencent-cloud: skipped: the environment variable GPUCOMPARE_TEST_TC_INTL_"; !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	after, _ := os.ReadFile(prices)
	if len(after) <= len(before) || !strings.Contains(string(after), "region: ap-beijing\n  model: spot\n  amount: 3.33\n  currency: CNY") {
		t.Errorf("no China site spot point in the price file:\n%s", stdout)
	}
	outputs := stdout + stderr

	t.Setenv("GPUCOMPARE_TEST_TC_INTL_ID", "AKIDintl")
	t.Setenv("GPUCOMPARE_TEST_TC_INTL_KEY", intlKey)
	mid := after
	code, stdout, stderr = runRefresh(t, "-root", root, "-cache", t.TempDir(), "-as-of", "2026-12-02")
	if code != 0 || len(auths) != 3 || !strings.Contains(auths[1], "Credential=AKIDchina/") || !strings.Contains(auths[2], "Credential=AKIDintl/") {
		t.Fatalf("both pairs: exit %d, authorizations %q; want 0, each source signed with its own pair\n%s%s", code, auths, stdout, stderr)
	}
	if now, _ := os.ReadFile(prices); strings.Count(string(now), "region: ap-guangzhou\n  model: on_demand\n  amount: 3.33\n  currency: USD") != 1 || len(now) <= len(mid) {
		t.Errorf("no international site's point in the price file:\n%s", stdout)
	}
	outputs += stdout + stderr
	noSecretsIn(t, outputs, []string{root, cache}, chinaKey, intlKey, "7d1e", "4b8a")
}
