package importer

import (
	"os"
	"strings"
	"testing"
)

// TestReadAliyunSpot reads the current API reference's example answer
// (with DetailInfos, Resource "instance") saved with a spot request: a
// SpotAsPriceGo inquiry in a zone is a spot price by the hour, the zone in
// its note.
func TestReadAliyunSpot(t *testing.T) {
	l := readFixture(t, "aliyun-describeprice/spot-doc-example.json", "spot.json", ReadAliyunDescribePrice)
	o := l.Offers[0]
	if len(l.Offers) != 1 || o.Model != "spot" || o.Amount != 3712.8 || o.Currency != "CNY" || !strings.Contains(o.Note, "in cn-hagzhou-i") || !l.Sites {
		t.Errorf("offers %+v, sites %v", l.Offers, l.Sites)
	}
	if o.Pos.String() != "spot.json:21:7" {
		t.Errorf("offer at %s, want its TradePrice at spot.json:21:7", o.Pos)
	}
	// The international site's answer: the same, in USD.
	intl := fixtureAs(t, "aliyun-describeprice/spot-doc-example.json", "spot.json", readAliyun, `"Currency": "CNY"`, `"Currency": "USD"`)
	if o := intl.Offers[0]; o.Currency != "USD" || o.Amount != 3712.8 {
		t.Errorf("the international site's answer: %+v", o)
	}
	// DetailInfos of another resource only: not this request's answer.
	other := `{"request": {"url": "https://ecs.aliyuncs.com/?Action=DescribePrice&RegionId=r&InstanceType=t&SpotStrategy=SpotAsPriceGo"},
 "response": {"PriceInfo": {"Price": {"Currency": "CNY", "TradePrice": 1, "DetailInfos": {"ResourcePriceModel": [{"Resource": "bandwidth"}]}}}}}`
	var l2 List
	if err := ReadAliyunDescribePrice(strings.NewReader(other), "p.json", &l2); err == nil || !strings.HasPrefix(err.Error(), "p.json:2:") || !strings.Contains(err.Error(), "price no instance") {
		t.Errorf("an answer pricing no instance: %v", err)
	}
}

// TestMergeAliyunSpot merges the spot example rewritten to a type, region
// and zone the shipped sources ask (ecs.gn6i-c4g1.xlarge, cn-beijing-f;
// the price is the example's, made up for that type) into a copy of the
// catalog: a provider-sourced point after the community catalog's undated
// spot price.
func TestMergeAliyunSpot(t *testing.T) {
	l := fixtureAs(t, "aliyun-describeprice/spot-doc-example.json", "spot.json", readAliyun,
		"RegionId=cn-hangzhou", "RegionId=cn-beijing", "InstanceType=ecs.g6.large", "InstanceType=ecs.gn6i-c4g1.xlarge", "ZoneId=cn-hagzhou-i", "ZoneId=cn-beijing-f")
	before, after, sum := mergeShipped(t, "alibaba-cloud", l, "2026-12-01", "https://ecs.aliyuncs.com/?Action=DescribePrice&… (read 2026-12-01)")
	if len(sum.Added) != 1 || sum.Added[0].Model != "spot" || sum.Added[0].Instance != "ecs.gn6i-c4g1.xlarge" {
		t.Errorf("added %+v", sum.Added)
	}
	goldenDiff(t, "aliyun-describeprice/merge-spot.diff", before, after)
}

// TestMergeTencentSpot merges the hourly example's answer saved with a
// SPOTPAID request (no documented spot example was found: the answer's
// schema is the same, InstancePrice by the HOUR) rewritten to
// GN7.2XLARGE32 in ap-beijing-6: the catalog has no Tencent spot price,
// so a new series starts, in CNY.
func TestMergeTencentSpot(t *testing.T) {
	l := fixtureAs(t, "tencent-inquiryprice/postpaid-doc-example.json", "spot.json", readTencent,
		"Region=ap-shanghai", "Region=ap-beijing", "ap-shanghai-2", "ap-beijing-6", "S5.16XLARGE256", "GN7.2XLARGE32", `"POSTPAID_BY_HOUR"`, `"SPOTPAID"`)
	before, after, sum := mergeShipped(t, "tencent-cloud", l, "2026-12-01", "https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&… (read 2026-12-01)")
	if len(sum.Added) != 1 || sum.Added[0].Model != "spot" || sum.Added[0].Currency != "CNY" {
		t.Errorf("added %+v", sum.Added)
	}
	goldenDiff(t, "tencent-inquiryprice/merge-spot.diff", before, after)
}

// TestMergeTencentSites merges the hourly example rewritten to
// GN7.2XLARGE32 in ap-guangzhou, a series the catalog prices in USD (from
// the international site's price list), once as the international site
// answers it (cvm.intl.tencentcloudapi.com: USD, a new point) and once as
// the China site does (CNY: the other site's price, skipped, not refused).
func TestMergeTencentSites(t *testing.T) {
	rewrite := []string{"Region=ap-shanghai", "Region=ap-guangzhou", "ap-shanghai-2", "ap-guangzhou-3", "S5.16XLARGE256", "GN7.2XLARGE32"}
	intl := fixtureAs(t, "tencent-inquiryprice/postpaid-doc-example.json", "intl.json", readTencent,
		append(rewrite, "cvm.tencentcloudapi.com", "cvm.intl.tencentcloudapi.com")...)
	before, after, sum := mergeShipped(t, "tencent-cloud", intl, "2026-12-01", "https://cvm.intl.tencentcloudapi.com/?Action=InquiryPriceRunInstances&… (read 2026-12-01)")
	if len(sum.Added) != 1 || sum.Added[0].Currency != "USD" || sum.Added[0].Region != "ap-guangzhou" {
		t.Errorf("the international site's answer: added %+v", sum.Added)
	}
	goldenDiff(t, "tencent-inquiryprice/merge-intl.diff", before, after)

	china := fixtureAs(t, "tencent-inquiryprice/postpaid-doc-example.json", "china.json", readTencent, rewrite...)
	before, after, sum = mergeShipped(t, "tencent-cloud", china, "2026-12-01", "https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&… (read 2026-12-01)")
	if len(sum.Added) != 0 || string(before) != string(after) || sum.Skipped["the catalog's latest point is in the other site's currency (China site CNY, international site USD)"] != 1 {
		t.Errorf("the China site's answer for a USD series: added %+v, skipped %v", sum.Added, sum.Skipped)
	}
}

// TestReadSpotErrors: a spot request's answer that is not by the hour is
// refused at its place, and so is a spot request for a subscription term.
func TestReadSpotErrors(t *testing.T) {
	data, err := os.ReadFile("testdata/tencent-inquiryprice/prepaid-doc-example.json")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), `"InstanceChargeType": "PREPAID"`, `"InstanceChargeType": "SPOTPAID"`, 1)
	var l List
	err = ReadTencentInquiryPrice(strings.NewReader(text), "spot.json", &l)
	if err == nil || !strings.HasPrefix(err.Error(), "spot.json:9:") || !strings.Contains(err.Error(), "not by the HOUR, but the request asks spot (SPOTPAID)") {
		t.Errorf("a spot request with a subscription's answer: %v", err)
	}
	data, err = os.ReadFile("testdata/aliyun-describeprice/spot-doc-example.json")
	if err != nil {
		t.Fatal(err)
	}
	text = strings.Replace(string(data), "SpotStrategy=SpotAsPriceGo", "SpotStrategy=SpotAsPriceGo&PriceUnit=Month", 1)
	l = List{}
	err = ReadAliyunDescribePrice(strings.NewReader(text), "spot.json", &l)
	if err == nil || !strings.HasPrefix(err.Error(), "spot.json:2:") || !strings.Contains(err.Error(), "asks a spot price by the Month") {
		t.Errorf("a spot request by the month: %v", err)
	}
}
