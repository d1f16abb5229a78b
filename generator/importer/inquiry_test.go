package importer

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixtureAs reads testdata/path with its text's old strings replaced by
// new ones (a request rewritten to a type the catalog prices).
func fixtureAs(t *testing.T, path, name string, read func(r *strings.Reader, file string, l *List) error, oldnew ...string) *List {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", path))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.NewReplacer(oldnew...).Replace(string(data))
	var l List
	if err := read(strings.NewReader(text), name, &l); err != nil {
		t.Fatal(err)
	}
	return &l
}

func readAliyun(r *strings.Reader, file string, l *List) error {
	return ReadAliyunDescribePrice(r, file, l)
}

func readTencent(r *strings.Reader, file string, l *List) error {
	return ReadTencentInquiryPrice(r, file, l)
}

// TestReadAliyunDescribePrice reads the API reference's example answer
// with its example request (no public recording of a real answer was
// found; its prices are the example's): the request names the instance
// type and region, pay-as-you-go by the hour by default; the price is the
// TradePrice in the answer's currency, placed at it.
func TestReadAliyunDescribePrice(t *testing.T) {
	l := readFixture(t, "aliyun-describeprice/describeprice-doc-example.json", "price.json", ReadAliyunDescribePrice)
	if len(l.Offers) != 1 {
		t.Fatalf("%d offers: %+v", len(l.Offers), l.Offers)
	}
	o := l.Offers[0]
	if o.Instance != "ecs.g6.large" || o.Region != "cn-hangzhou" || o.Model != "on_demand" || o.Amount != 3712.8 || o.Currency != "CNY" || o.Effective != "" || !strings.Contains(o.Note, "system disk") {
		t.Errorf("offer %+v", o)
	}
	if o.Pos.String() != "price.json:12:7" || !l.Covers["ecs.g6.large"] || len(l.Covers) != 1 {
		t.Errorf("offer at %s (want its TradePrice at price.json:12:7), covers %v", o.Pos, l.Covers)
	}
	for _, tt := range []struct{ query, model string }{
		{"&PriceUnit=Month&Period=1", "subscription_month"},
		{"&PriceUnit=Year&Period=1", "subscription_year"},
		{"&PriceUnit=Hour&SpotStrategy=SpotAsPriceGo", "spot"},
		{"&SpotStrategy=NoSpot", "on_demand"},
	} {
		l := fixtureAs(t, "aliyun-describeprice/describeprice-doc-example.json", "price.json", readAliyun, "InternetMaxBandwidthOut=5", "InternetMaxBandwidthOut=5"+tt.query)
		if l.Offers[0].Model != tt.model {
			t.Errorf("%s: model %s, want %s", tt.query, l.Offers[0].Model, tt.model)
		}
	}
}

// TestMergeAliyun merges the example's answer with its request rewritten
// to a type and region the catalog prices (ecs.gn6i-c4g1.xlarge in
// cn-beijing; the price is the example's, made up for that type) into a
// copy of the catalog's Alibaba Cloud prices (golden diff): a
// provider-sourced on-demand point after the community catalog's, undated
// and first seen on the day read.
func TestMergeAliyun(t *testing.T) {
	l := fixtureAs(t, "aliyun-describeprice/describeprice-doc-example.json", "price.json", readAliyun,
		"RegionId=cn-hangzhou", "RegionId=cn-beijing", "InstanceType=ecs.g6.large", "InstanceType=ecs.gn6i-c4g1.xlarge")
	before, after, sum := mergeShipped(t, "alibaba-cloud", l, "2026-12-01", "https://ecs.aliyuncs.com/?Action=DescribePrice&… (read 2026-12-01)")
	if len(sum.Added) != 1 || sum.Added[0].Instance != "ecs.gn6i-c4g1.xlarge" || sum.Added[0].FirstSeen != "2026-12-01" || len(sum.NewTypes) != 0 {
		t.Errorf("added %+v, new types %v", sum.Added, sum.NewTypes)
	}
	goldenDiff(t, "aliyun-describeprice/merge.diff", before, after)
}

func TestReadAliyunDescribePriceErrors(t *testing.T) {
	doc := func(query, price string) string {
		return "{\"request\": {\"url\": \"https://ecs.aliyuncs.com/?Action=DescribePrice&RegionId=cn-beijing&InstanceType=ecs.gn6i-c4g1.xlarge" + query + "\"},\n \"response\": {\"RequestId\": \"x\",\n  \"PriceInfo\": {\"Price\": " + price + "}}}"
	}
	ok := `{"Currency": "CNY", "TradePrice": 11.714}`
	tests := []struct{ src, want string }{
		{doc("", `{"Currency": "CNY", "TradePrice": -1}`), `p.json:3:46: TradePrice -1 is negative`},
		{doc("", `{"Currency": "CNY"}`), `p.json:3:16: no TradePrice: want the price the answer states`},
		{doc("", `{"Currency": "EUR", "TradePrice": 1}`), `p.json:3:27: Currency "EUR": want CNY (the China site) or USD`},
		{doc("", `{"Currency": "CNY", "TradePrice": "cheap"}`), `p.json:3:16: Price.TradePrice is a JSON string: want a number`},
		{doc("", `{"Currency": "CNY", "TradePrice": 1, "DetailInfos": {"ResourcePriceModel": [{"Resource": "systemDisk"}]}}`), `p.json:3:63: the answer's DetailInfos price no instance`},
		{doc("&PriceUnit=Week", ok), `p.json:1:13: the request's PriceUnit is "Week": want Hour, Month or Year`},
		{doc("&PriceUnit=Month&Period=3", ok), `p.json:1:13: the request's Period is "3" with PriceUnit Month: want a subscription of 1 month or 1 year`},
		{doc("&PriceUnit=Year&SpotStrategy=SpotAsPriceGo", ok), `p.json:1:13: the request asks a spot price by the Year`},
		{doc("&Amount=4", ok), `p.json:1:13: the request's Amount is 4: want 1`},
		{strings.Replace(doc("", ok), "Action=DescribePrice", "Action=DescribeRenewalPrice", 1), `p.json:1:14: the request's Action is "DescribeRenewalPrice": want DescribePrice`},
		{strings.Replace(doc("", ok), "&InstanceType=ecs.gn6i-c4g1.xlarge", "", 1), `p.json:1:13: the request names no InstanceType`},
		{"{\"request\": {\"url\": \"https://ecs.aliyuncs.com/?Action=DescribePrice&RegionId=cn-beijing&InstanceType=x\"},\n \"response\": {\"RequestId\": \"x\", \"HostId\": \"ecs.aliyuncs.com\",\n  \"Code\": \"InvalidAccessKeyId.NotFound\", \"Message\": \"Specified access key is not found.\"}}",
			`p.json:3:11: the answer is an error, InvalidAccessKeyId.NotFound: Specified access key is not found.`},
		{"{\"response\": {\"PriceInfo\": {}}}", `p.json:1:1: no request: want the request the answer is for beside it`},
		{"{\"request\": {\"url\": \"http://ecs.aliyuncs.com/\"}, \"response\": {}}", `p.json:1:14: request url "http://ecs.aliyuncs.com/": want the https URL`},
		{"{\"request\": {\"url\": \"https://ecs.aliyuncs.com/?Action=DescribePrice&RegionId=a&InstanceType=b\"}, \"response\": {\"RequestId\": \"x\"}}", `p.json:1:124: the answer has no PriceInfo`},
		{"{\"request\": {}, \"answer\": {}}", `p.json:1:27: unknown member "answer": want request and response`},
		{"{\"request\": {\"url\": \"https://a/\"},\n \"response\": {\"PriceInfo\": {", `p.json:2:29: the JSON ends early`},
		{"{\"request\": {}}", `p.json:1:1: no response: want an Alibaba Cloud DescribePrice answer with its request`},
	}
	for _, tt := range tests {
		var l List
		err := ReadAliyunDescribePrice(strings.NewReader(tt.src), "p.json", &l)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s:\ngot  %v\nwant %s…", tt.src, err, tt.want)
		}
	}
}

// TestReadTencentInquiryPrice reads the API reference's example answers
// (recorded in Tencent Cloud's CLI; no public recording of a real answer
// was found; their prices are the examples') with their example requests:
// by the hour, the UnitPriceDiscount; a PREPAID month, the DiscountPrice;
// the instance type in lower case, the URL's region, yuan from the China
// site's host and dollars from the international site's.
func TestReadTencentInquiryPrice(t *testing.T) {
	var l List
	readFixtureInto(t, "tencent-inquiryprice/postpaid-doc-example.json", "postpaid.json", &l, ReadTencentInquiryPrice)
	readFixtureInto(t, "tencent-inquiryprice/prepaid-doc-example.json", "prepaid.json", &l, ReadTencentInquiryPrice)
	var got []string
	for _, o := range l.Offers {
		got = append(got, o.Instance+" "+o.Region+" "+o.Model+" "+amountText(o.Amount)+" "+o.Currency+" "+o.Pos.String())
		if o.Effective != "" || !strings.Contains(o.Note, "ap-shanghai-2") {
			t.Errorf("offer %+v", o)
		}
	}
	want := "s5.16xlarge256 ap-shanghai on_demand 3.33 CNY postpaid.json:16:17|s5.16xlarge256 ap-shanghai subscription_month 1804.9 CNY prepaid.json:10:17"
	if strings.Join(got, "|") != want {
		t.Errorf("offers\n%s\nwant\n%s", strings.Join(got, "|"), want)
	}
	intl := fixtureAs(t, "tencent-inquiryprice/postpaid-doc-example.json", "p.json", readTencent, "cvm.tencentcloudapi.com", "cvm.intl.tencentcloudapi.com", `"POSTPAID_BY_HOUR"`, `"SPOTPAID"`)
	if o := intl.Offers[0]; o.Currency != "USD" || o.Model != "spot" {
		t.Errorf("the international site's spot answer: %+v", o)
	}
	year := fixtureAs(t, "tencent-inquiryprice/prepaid-doc-example.json", "p.json", readTencent, `"Period": 1,`, `"Period": 12,`)
	if o := year.Offers[0]; o.Model != "subscription_year" || o.Amount != 1804.9 {
		t.Errorf("a 12-month PREPAID answer: %+v", o)
	}
}

// TestMergeTencent merges the hourly example with its request rewritten to
// a type and region the catalog prices (GN7.2XLARGE32 in ap-beijing; the
// price is the example's, made up for that type) into a copy of the
// catalog's Tencent Cloud prices (golden diff).
func TestMergeTencent(t *testing.T) {
	l := fixtureAs(t, "tencent-inquiryprice/postpaid-doc-example.json", "inquiry.json", readTencent,
		"Region=ap-shanghai", "Region=ap-beijing", "ap-shanghai-2", "ap-beijing-6", "S5.16XLARGE256", "GN7.2XLARGE32")
	before, after, sum := mergeShipped(t, "tencent-cloud", l, "2026-12-01", "https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&… (read 2026-12-01)")
	if len(sum.Added) != 1 || sum.Added[0].Instance != "gn7.2xlarge32" || sum.Added[0].FirstSeen != "2026-12-01" || len(sum.NewTypes) != 0 {
		t.Errorf("added %+v, new types %v", sum.Added, sum.NewTypes)
	}
	goldenDiff(t, "tencent-inquiryprice/merge.diff", before, after)
}

func TestReadTencentInquiryPriceErrors(t *testing.T) {
	doc := func(url, body, price string) string {
		return "{\"request\": {\"url\": \"https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&Version=2017-03-12" + url + "\",\n  \"body\": " + body + "},\n \"response\": {\"Response\": {\"RequestId\": \"x\",\n  \"Price\": {\"InstancePrice\": " + price + "}}}}"
	}
	body := `{"Placement": {"Zone": "ap-beijing-6"}, "InstanceType": "GN7.2XLARGE32"}`
	prepaid := `{"Placement": {"Zone": "ap-beijing-6"}, "InstanceType": "GN7.2XLARGE32", "InstanceChargeType": "PREPAID", "InstanceChargePrepaid": {"Period": 1}}`
	hour := `{"UnitPrice": 9.7, "UnitPriceDiscount": 8.73, "ChargeUnit": "HOUR"}`
	tests := []struct{ src, want string }{
		{doc("&Region=ap-beijing", body, `{"UnitPrice": 9.7, "UnitPriceDiscount": -8.73, "ChargeUnit": "HOUR"}`), `p.json:4:49: InstancePrice.UnitPriceDiscount -8.73 is negative`},
		{doc("&Region=ap-beijing", body, `{"ChargeUnit": "HOUR"}`), `p.json:4:13: no InstancePrice.UnitPrice: want the price the answer states`},
		{doc("&Region=ap-beijing", body, `{"UnitPriceDiscount": "8.73", "ChargeUnit": "HOUR"}`), `p.json:3:27: Price.InstancePrice.UnitPriceDiscount is a JSON string: want a number`},
		// The request and the answer disagree: an hourly request answered
		// with a subscription's price, and the other way round.
		{doc("&Region=ap-beijing", body, `{"OriginalPrice": 6000, "DiscountPrice": 5000}`), `p.json:4:13: the answer's InstancePrice is by "", not by the HOUR, but the request asks`},
		{doc("&Region=ap-beijing", prepaid, hour), `p.json:4:13: the answer's InstancePrice is by the HOUR, but the request asks a PREPAID subscription: want the answer of this request`},
		{doc("&Region=ap-shanghai", body, hour), `p.json:2:3: the request's Placement.Zone "ap-beijing-6" is not in its Region ap-shanghai`},
		{doc("", body, hour), `p.json:1:14: the request's URL names no Region`},
		{doc("&Region=ap-beijing", `{"Placement": {"Zone": "ap-beijing-6"}}`, hour), `p.json:2:3: the request names no InstanceType`},
		{doc("&Region=ap-beijing", strings.Replace(prepaid, `"Period": 1`, `"Period": 3`, 1), `{"DiscountPrice": 1}`), `p.json:2:3: the request's InstanceChargePrepaid.Period is 3: want 1 (a month) or 12 (a year)`},
		{doc("&Region=ap-beijing", strings.Replace(body, `}`, `}, "InstanceChargeType": "CDHPAID"`, 1), hour), `p.json:2:3: the request's InstanceChargeType is "CDHPAID"`},
		{doc("&Region=ap-beijing", strings.Replace(body, `}`, `}, "InstanceCount": 3`, 1), hour), `p.json:2:3: the request's InstanceCount is 3: want 1`},
		{strings.Replace(doc("&Region=ap-beijing", body, hour), "InquiryPriceRunInstances", "InquiryPriceResetInstance", 1), `p.json:1:14: the request's Action is "InquiryPriceResetInstance": want InquiryPriceRunInstances`},
		{"{\"request\": {\"url\": \"https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&Region=ap-beijing\"}, \"response\": {}}", `p.json:1:13: the request has no body`},
		{"{\"request\": {\"url\": \"https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&Region=ap-beijing\", \"body\": " + body + "},\n \"response\": {\"Response\": {\"Error\": {\"Code\": \"AuthFailure.SignatureFailure\", \"Message\": \"The provided credentials could not be validated.\"}, \"RequestId\": \"x\"}}}",
			`p.json:2:28: the answer is an error, AuthFailure.SignatureFailure: The provided credentials could not be validated.`},
		{"{\"request\": {\"url\": \"https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&Region=ap-beijing\", \"body\": " + body + "},\n \"response\": {\"Response\": {\"RequestId\": \"x\"}}}", `p.json:2:27: the answer has no Price.InstancePrice`},
		{"{\"request\": {\"url\": \"https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&Region=ap-beijing\", \"body\": " + body + "},\n \"response\": {\"PriceInfo\": {}}}", `p.json:2:28: the answer has no Response`},
	}
	for _, tt := range tests {
		var l List
		err := ReadTencentInquiryPrice(strings.NewReader(tt.src), "p.json", &l)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s:\ngot  %v\nwant %s…", tt.src, err, tt.want)
		}
	}
}

// TestErrorAnswerOfOneRequestIsSkipped: an inquiry answered with an
// error about the request (the type sold out, or not sold in that zone)
// is skipped and counted with its position and the provider's words, so
// that the provider's other answers still land; an error about the key
// fails the import (TestRead…Errors).
func TestErrorAnswerOfOneRequestIsSkipped(t *testing.T) {
	tencent := "{\"request\": {\"url\": \"https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&Region=ap-beijing\", \"body\": {\"Placement\": {\"Zone\": \"ap-beijing-6\"}, \"ImageId\": \"img-pmqg1cw7\", \"InstanceType\": \"GN7.2XLARGE32\"}},\n \"response\": {\"Response\": {\"Error\": {\"Code\": \"ResourceInsufficient.SpecifiedInstanceType\", \"Message\": \"The specified instance type is sold out.\"}, \"RequestId\": \"x\"}}}"
	aliyun := "{\"request\": {\"url\": \"https://ecs.aliyuncs.com/?Action=DescribePrice&RegionId=cn-beijing&InstanceType=ecs.gn6i-c4g1.xlarge\"},\n \"response\": {\"RequestId\": \"x\", \"Code\": \"InvalidInstanceType.NotFound\", \"Message\": \"The specified InstanceType does not exist.\"}}"
	for _, tc := range []struct {
		name, src, want string
		read            func(io.Reader, string, *List) error
	}{
		{"tencent", tencent, "p.json:2:28: the answer is an error, ResourceInsufficient.SpecifiedInstanceType: The specified instance type is sold out.: no price read for this request", ReadTencentInquiryPrice},
		{"aliyun", aliyun, "p.json:2:41: the answer is an error, InvalidInstanceType.NotFound: The specified InstanceType does not exist.: no price read for this request", ReadAliyunDescribePrice},
	} {
		var l List
		if err := tc.read(strings.NewReader(tc.src), "p.json", &l); err != nil {
			t.Errorf("%s: %v, want the price skipped", tc.name, err)
			continue
		}
		if len(l.Offers) != 0 || len(l.Skipped) != 1 || l.Skipped[tc.want] != 1 || l.Covers[""] || len(l.Covers) != 0 {
			t.Errorf("%s: offers %v, skipped %v, covers %v; want none, %q once, none", tc.name, l.Offers, l.Skipped, l.Covers, tc.want)
		}
	}
}
