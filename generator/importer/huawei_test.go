package importer

import (
	"strings"
	"testing"
)

func readHuawei(r *strings.Reader, file string, l *List) error {
	return ReadHuaweiBSSRating(r, file, l)
}

// huaweiOnDemand is a pay-per-use inquiry of p2v.16xlarge.8 in
// cn-north-4 and its answer, in the fields of Huawei Cloud's Go SDK's
// ListOnDemandResourceRatingsResponse (no documented example answer of
// this inquiry was found, see testdata/README.md): its amounts are made
// up for the test, not Huawei Cloud's.
func huaweiOnDemand(product, answer string) string {
	if product == "" {
		product = `{"id": "1", "cloud_service_type": "hws.service.type.ec2", "resource_type": "hws.resource.type.vm", "resource_spec": "p2v.16xlarge.8.linux", "region": "cn-north-4", "usage_factor": "Duration", "usage_value": 1, "usage_measure_id": 4, "subscription_num": 1}`
	}
	if answer == "" {
		answer = `{"amount": 9.5, "discount_amount": 0.5, "official_website_amount": 10, "measure_id": 1, "currency": "CNY",
  "product_rating_results": [{"id": "1", "product_id": "x", "amount": 9.5, "discount_amount": 0.5, "official_website_amount": 10, "measure_id": 1}]}`
	}
	return "{\"request\": {\"url\": \"https://bss.myhuaweicloud.com/v2/bills/ratings/on-demand-resources\",\n  \"body\": {\"product_infos\": [" + product + "]}},\n \"response\": " + answer + "}"
}

// TestReadHuaweiBSSRating reads the ECS API guide's example of a
// yearly/monthly inquiry (s6.small.1 Linux in cn-east-2 for one month: its
// price, 32.2 yuan, is the example's), then the same with a year's term,
// and a pay-per-use inquiry in the SDK's fields, its amounts written as
// numbers or, as the international API documents them, strings.
func TestReadHuaweiBSSRating(t *testing.T) {
	l := readFixture(t, "huawei-bss-rating/period-doc-example.json", "rate.json", ReadHuaweiBSSRating)
	if len(l.Offers) != 1 {
		t.Fatalf("%d offers: %+v", len(l.Offers), l.Offers)
	}
	o := l.Offers[0]
	if o.Instance != "s6.small.1" || o.Region != "cn-east-2" || o.Model != "subscription_month" || o.Amount != 32.2 || o.Currency != "CNY" || o.Effective != "" || !strings.Contains(o.Note, "official_website_amount") {
		t.Errorf("offer %+v", o)
	}
	if o.Pos.String() != "rate.json:10:4" || !l.Covers["s6.small.1"] || l.Format != "huawei-bss-rating" {
		t.Errorf("offer at %s (want the product's official_website_amount at rate.json:10:4), covers %v", o.Pos, l.Covers)
	}
	for _, tt := range []struct{ period, model string }{
		{`"period_type": 3, "period_num": 1`, "subscription_year"},
		{`"period_type": 2, "period_num": 12`, "subscription_year"},
	} {
		l := fixtureAs(t, "huawei-bss-rating/period-doc-example.json", "rate.json", readHuawei, `"period_type": 2, "period_num": 1`, tt.period)
		if l.Offers[0].Model != tt.model {
			t.Errorf("%s: model %s, want %s", tt.period, l.Offers[0].Model, tt.model)
		}
	}
	for _, tt := range []struct{ answer, currency, at string }{
		{"", "CNY", "od.json:4:100"},
		{`{"currency": "USD", "product_rating_results": [{"id": "1", "official_website_amount": "10", "measure_id": 1}]}`, "USD", "od.json:3:73"},
	} {
		var l List
		if err := ReadHuaweiBSSRating(strings.NewReader(huaweiOnDemand("", tt.answer)), "od.json", &l); err != nil {
			t.Fatal(err)
		}
		if o := l.Offers[0]; o.Instance != "p2v.16xlarge.8" || o.Region != "cn-north-4" || o.Model != "on_demand" || o.Amount != 10 || o.Currency != tt.currency || o.Pos.String() != tt.at {
			t.Errorf("pay-per-use: %+v, want %s at %s", o, tt.currency, tt.at)
		}
	}
}

// TestMergeHuawei merges the guide's monthly example with its request
// rewritten to the flavour and region the catalog prices (p2v.16xlarge.8
// in cn-north-4; the price is the example's, made up for that flavour)
// into a copy of the catalog's Huawei Cloud prices (golden diff).
func TestMergeHuawei(t *testing.T) {
	l := fixtureAs(t, "huawei-bss-rating/period-doc-example.json", "rate.json", readHuawei,
		"s6.small.1.linux", "p2v.16xlarge.8.linux", `"cn-east-2"`, `"cn-north-4"`, "cn-east-2a", "cn-north-4a")
	before, after, sum := mergeShipped(t, "huawei-cloud", l, "2026-12-01", "https://bss.myhuaweicloud.com/v2/bills/ratings/period-resources/subscribe-rate (read 2026-12-01)")
	if len(sum.Added) != 1 || sum.Added[0].Instance != "p2v.16xlarge.8" || sum.Added[0].Model != "subscription_month" || len(sum.NewTypes) != 0 {
		t.Errorf("added %+v, new types %v", sum.Added, sum.NewTypes)
	}
	goldenDiff(t, "huawei-bss-rating/merge.diff", before, after)
}

// TestReadHuaweiBSSRatingErrors refuses, at its place, an answer that does
// not fit its request, an error answer and a request the importer cannot
// price.
func TestReadHuaweiBSSRatingErrors(t *testing.T) {
	product := `{"id": "1", "cloud_service_type": "hws.service.type.ec2", "resource_type": "hws.resource.type.vm", "resource_spec": "p2v.16xlarge.8.linux", "region": "cn-north-4", "usage_factor": "Duration", "usage_value": 1, "usage_measure_id": 4}`
	with := func(old, new string) string { return strings.Replace(product, old, new, 1) }
	answer := func(result string) string {
		return `{"currency": "CNY", "product_rating_results": [` + result + `]}`
	}
	tests := []struct{ src, want string }{
		{huaweiOnDemand("", answer(`{"id": "1", "official_website_amount": -3, "measure_id": 1}`)), `p.json:3:73: official_website_amount -3 is negative`},
		{huaweiOnDemand("", answer(`{"id": "1", "official_website_amount": "ten", "measure_id": 1}`)), `p.json:3:73: official_website_amount "ten": want a number`},
		{huaweiOnDemand("", answer(`{"id": "1", "measure_id": 1}`)), `p.json:3:60: no official_website_amount: want the price the answer states`},
		{huaweiOnDemand("", answer(`{"id": "1", "official_website_amount": 3, "measure_id": 2}`)), `p.json:3:103: the product's measure_id is 2: want 1`},
		{huaweiOnDemand("", answer(`{"id": "2", "official_website_amount": 3, "measure_id": 1}`)), `p.json:3:60: the answer prices no product "1"`},
		{huaweiOnDemand("", `{"currency": "EUR", "product_rating_results": []}`), `p.json:3:27: currency "EUR": want CNY (the China site) or USD`},
		{huaweiOnDemand("", `{"currency": "CNY"}`), `p.json:3:27: the answer has no product_rating_results`},
		{huaweiOnDemand("", `{"error_code": "CBC.0150", "error_msg": "Access denied."}`), `p.json:3:29: the answer is an error, CBC.0150: Access denied.: want a price`},
		{huaweiOnDemand(with(`"usage_value": 1`, `"usage_value": 730`), ""), `p.json:2:3: the request prices usage Duration 730 of unit 4: want one hour`},
		{huaweiOnDemand(with(".linux", ".win"), ""), `p.json:2:3: the request's resource_spec is "p2v.16xlarge.8.win": want a Linux flavour's`},
		{huaweiOnDemand(with("hws.resource.type.vm", "hws.resource.type.volume"), ""), `p.json:2:3: the request prices hws.service.type.ec2 hws.resource.type.volume: want an ECS flavour`},
		{huaweiOnDemand(with(`"region": "cn-north-4", `, ""), ""), `p.json:2:3: the request names no region`},
		{huaweiOnDemand(with(`"id": "1", `, ""), ""), `p.json:2:3: the request's product has no id`},
		{huaweiOnDemand(product+", "+product, ""), `p.json:2:3: the request asks 2 products: want one`},
		{huaweiOnDemand(with(`"region"`, `"subscription_num": 3, "region"`), ""), `p.json:2:3: the request's subscription_num is 3: want 1`},
		{strings.Replace(huaweiOnDemand("", ""), "on-demand-resources", "period-resources/subscribe-renew", 1), `p.json:1:14: the request's path is "/v2/bills/ratings/period-resources/subscribe-renew": want`},
		{strings.Replace(huaweiOnDemand("", ""), "on-demand-resources", "period-resources/subscribe-rate", 1), `p.json:2:3: the request's period_type (none), period_num (none): want a subscription of one month (2, 1) or one year (3, 1)`},
		{"{\"request\": {\"url\": \"https://bss.myhuaweicloud.com/v2/bills/ratings/on-demand-resources\"}, \"response\": {}}", `p.json:1:13: the request has no body`},
	}
	for _, tt := range tests {
		var l List
		err := ReadHuaweiBSSRating(strings.NewReader(tt.src), "p.json", &l)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s:\ngot  %v\nwant %s…", tt.src, err, tt.want)
		}
	}
	// A yearly/monthly answer without its official_website_rating_result.
	var l List
	src := strings.Replace(huaweiOnDemand(with(`"usage_factor": "Duration", "usage_value": 1, "usage_measure_id": 4`, `"period_type": 2, "period_num": 1`), ""), "on-demand-resources", "period-resources/subscribe-rate", 1)
	if err := ReadHuaweiBSSRating(strings.NewReader(src), "p.json", &l); err == nil || !strings.HasPrefix(err.Error(), "p.json:3:25: the answer has no official_website_rating_result") {
		t.Errorf("a monthly answer in the pay-per-use shape: %v", err)
	}
}
