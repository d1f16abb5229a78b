package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRefreshInquiryFromDir refreshes Tencent Cloud from a saved price
// inquiry, as refresh saves it (the documentation's example answer beside
// a request rewritten to a type the catalog prices, GN7.2XLARGE32 in
// ap-beijing; its price is the example's): without the key pair, which
// -from-dir does not need, the import reads the instance type, region and
// term from the saved request and adds the provider's point.
func TestRefreshInquiryFromDir(t *testing.T) {
	sources := `sources:
  - provider: tencent-cloud
    format: tencent-inquiryprice
    secret: {sign: tc3, id_env: GPUCOMPARE_TEST_UNSET_ID, env: GPUCOMPARE_TEST_UNSET_KEY}
    files:
      - name: gn7-2xlarge32-ap-beijing.json
        url: https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&Version=2017-03-12&Region=ap-beijing
        body: '{"Placement": {"Zone": "ap-beijing-6"}, "InstanceType": "GN7.2XLARGE32", "ImageId": "img-pmqg1cw7"}'
`
	root := shippedDataRoot(t, sources)
	example, err := os.ReadFile("../../importer/testdata/tencent-inquiryprice/postpaid-doc-example.json")
	if err != nil {
		t.Fatal(err)
	}
	saved := strings.NewReplacer("Region=ap-shanghai", "Region=ap-beijing", "ap-shanghai-2", "ap-beijing-6", "S5.16XLARGE256", "GN7.2XLARGE32").Replace(string(example))
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "tencent-cloud"), 0o755)
	if err := os.WriteFile(filepath.Join(dir, "tencent-cloud", "gn7-2xlarge32-ap-beijing.json"), []byte(saved), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(root, "data/prices/tencent-cloud.yaml"))
	code, stdout, stderr := runRefresh(t, "-root", root, "-from-dir", dir, "-as-of", "2026-12-01")
	if code != 0 || !strings.Contains(stdout, "1 point added") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	after, _ := os.ReadFile(filepath.Join(root, "data/prices/tencent-cloud.yaml"))
	if added := string(after); !strings.Contains(added, "amount: 3.33\n  currency: CNY\n  since: unknown\n  first_seen: '2026-12-01'") || !strings.Contains(added, "source_kind: provider\n  note: 'InquiryPriceRunInstances InstancePrice.UnitPriceDiscount") {
		t.Errorf("the price file after the refresh:\n%s", after)
	}
	// A saved answer whose request is not this source's kind is refused,
	// at its place, and the price file is left as it was.
	os.WriteFile(filepath.Join(dir, "tencent-cloud", "gn7-2xlarge32-ap-beijing.json"), []byte(strings.Replace(saved, `"ChargeUnit": "HOUR"`, `"ChargeUnit": "MONTH"`, 1)), 0o644)
	os.WriteFile(filepath.Join(root, "data/prices/tencent-cloud.yaml"), before, 0o644)
	code, stdout, stderr = runRefresh(t, "-root", root, "-from-dir", dir, "-as-of", "2026-12-01")
	if now, _ := os.ReadFile(filepath.Join(root, "data/prices/tencent-cloud.yaml")); code != 1 || !strings.Contains(stdout+stderr, `gn7-2xlarge32-ap-beijing.json:9:13: the answer's InstancePrice is by "MONTH", not by the HOUR, but the request asks pay-as-you-go (POSTPAID_BY_HOUR), by the hour: want the answer of this request`) || string(now) != string(before) {
		t.Errorf("a mismatched answer: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestRefreshHuaweiFromDir refreshes Huawei Cloud from the shipped
// data/sources.yaml and a saved monthly inquiry, as refresh saves it (the
// ECS API guide's example answer beside the shipped request of
// p2v.16xlarge.8 in cn-north-4; its price, 32.2 yuan, is the example's):
// the point is a provider subscription_month point of that flavour. An
// answer that is an error is refused with its place, the price file as it
// was.
func TestRefreshHuaweiFromDir(t *testing.T) {
	root := shippedDataRoot(t, "")
	example, err := os.ReadFile("../../importer/testdata/huawei-bss-rating/period-doc-example.json")
	if err != nil {
		t.Fatal(err)
	}
	saved := strings.NewReplacer("s6.small.1.linux", "p2v.16xlarge.8.linux", `"cn-east-2"`, `"cn-north-4"`, `, "available_zone": "cn-east-2a"`, "").Replace(string(example))
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "huawei-cloud"), 0o755)
	write := func(text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, "huawei-cloud", "p2v.16xlarge.8.cn-north-4.month.json"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(saved)
	// Only the monthly inquiry is saved here: the hourly and yearly files
	// of the shipped source are dropped from a copy of the source list.
	sources, err := os.ReadFile(filepath.Join(root, "data/sources.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	start := strings.Index(string(sources), "  - provider: huawei-cloud")
	huawei := string(sources[start:])
	for _, term := range []string{"hour", "year"} {
		k := strings.Index(huawei, "      - name: p2v.16xlarge.8.cn-north-4."+term+".json")
		end := strings.Index(huawei[k+1:], "      - name:")
		if end < 0 {
			huawei = huawei[:k]
		} else {
			huawei = huawei[:k] + huawei[k+1+end:]
		}
	}
	os.WriteFile(filepath.Join(root, "data/sources.yaml"), []byte("sources:\n"+huawei), 0o644)
	before, _ := os.ReadFile(filepath.Join(root, "data/prices/huawei-cloud.yaml"))
	code, stdout, stderr := runRefresh(t, "-root", root, "-from-dir", dir, "-as-of", "2026-12-01")
	if code != 0 || !strings.Contains(stdout, "1 point added") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	after, _ := os.ReadFile(filepath.Join(root, "data/prices/huawei-cloud.yaml"))
	if !strings.Contains(string(after), "model: subscription_month\n  amount: 32.2\n  currency: CNY\n  since: unknown\n  first_seen: '2026-12-01'") || !strings.Contains(string(after), "source_kind: provider") {
		t.Errorf("the price file after the refresh:\n%s", after)
	}
	write(strings.Replace(saved, `"official_website_rating_result"`, `"error_code": "CBC.0150", "error_msg": "Access denied.", "x"`, 1))
	os.WriteFile(filepath.Join(root, "data/prices/huawei-cloud.yaml"), before, 0o644)
	code, stdout, stderr = runRefresh(t, "-root", root, "-from-dir", dir, "-as-of", "2026-12-01")
	if now, _ := os.ReadFile(filepath.Join(root, "data/prices/huawei-cloud.yaml")); code != 1 || !strings.Contains(stdout+stderr, "p2v.16xlarge.8.cn-north-4.month.json:4:16: the answer is an error, CBC.0150: Access denied.") || string(now) != string(before) {
		t.Errorf("an error answer: exit %d\n%s%s", code, stdout, stderr)
	}
}
