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
	root := t.TempDir()
	if err := os.CopyFS(filepath.Join(root, "data"), os.DirFS("../../../data")); err != nil {
		t.Fatal(err)
	}
	sources := `sources:
  - provider: tencent-cloud
    format: tencent-inquiryprice
    secret: {sign: tc3, id_env: GPUCOMPARE_TEST_UNSET_ID, env: GPUCOMPARE_TEST_UNSET_KEY}
    files:
      - name: gn7-2xlarge32-ap-beijing.json
        url: https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&Version=2017-03-12&Region=ap-beijing
        body: '{"Placement": {"Zone": "ap-beijing-6"}, "InstanceType": "GN7.2XLARGE32", "ImageId": "img-pmqg1cw7"}'
`
	if err := os.WriteFile(filepath.Join(root, "data/sources.yaml"), []byte(sources), 0o644); err != nil {
		t.Fatal(err)
	}
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
