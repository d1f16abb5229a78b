package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

const huaweiWhat = `a Huawei Cloud BSS price inquiry answer with its request ({"request": {"url": "https://bss.myhuaweicloud.com/v2/bills/ratings/on-demand-resources", "body": {"product_infos": [{"id": "1", "cloud_service_type": "hws.service.type.ec2", "resource_type": "hws.resource.type.vm", "resource_spec": "….linux", "region": …}]}}, "response": {"currency": …, "product_rating_results": [{"id": "1", "official_website_amount": …}]}})`

// The paths of Huawei Cloud's two BSS price inquiries: pay-per-use
// (ListOnDemandResourceRatings) and yearly/monthly (ListRateOnPeriodDetail).
const (
	huaweiOnDemandPath = "/v2/bills/ratings/on-demand-resources"
	huaweiPeriodPath   = "/v2/bills/ratings/period-resources/subscribe-rate"
)

// huaweiProduct is one product of a Huawei Cloud price inquiry's request.
type huaweiProduct struct {
	ID               string   `json:"id"`
	CloudServiceType string   `json:"cloud_service_type"`
	ResourceType     string   `json:"resource_type"`
	ResourceSpec     string   `json:"resource_spec"`
	Region           string   `json:"region"`
	AvailableZone    string   `json:"available_zone"`
	UsageFactor      string   `json:"usage_factor"`
	UsageValue       *float64 `json:"usage_value"`
	UsageMeasureID   *int     `json:"usage_measure_id"`
	SubscriptionNum  *int     `json:"subscription_num"`
	PeriodType       *int     `json:"period_type"`
	PeriodNum        *int     `json:"period_num"`
}

// huaweiRating is one product's result in an answer.
type huaweiRating struct {
	ID                    string          `json:"id"`
	OfficialWebsiteAmount json.RawMessage `json:"official_website_amount"`
	MeasureID             *int            `json:"measure_id"`
}

// ReadHuaweiBSSRating reads the answer of one of Huawei Cloud's BSS price
// inquiries (a POST signed with SDK-HMAC-SHA256) saved with its request
// (see inquiry): ListOnDemandResourceRatings (POST
// /v2/bills/ratings/on-demand-resources) or ListRateOnPeriodDetail (POST
// /v2/bills/ratings/period-resources/subscribe-rate). The request's one
// product says what is priced: an ECS flavour (cloud_service_type
// hws.service.type.ec2, resource_type hws.resource.type.vm) whose
// resource_spec is the flavour with the OS, of which only Linux
// (FLAVOUR.linux, no licence) is read, in its region; on demand for one
// hour (usage_factor Duration, usage_value 1, usage_measure_id 4, the
// hour), or a subscription (包年/包月) of one month (period_type 2,
// period_num 1) or one year (period_type 3, period_num 1, or 2 and 12).
// The price is the product's official_website_amount, the list price
// before the account's discounts, in the answer's currency (CNY on the
// China site, USD on the international one), measure_id 1 (a yuan or a
// dollar). The flavour is priced without its disks. No effective date is
// stated.
func ReadHuaweiBSSRating(r io.Reader, file string, l *List) error {
	l.Format = "huawei-bss-rating"
	in, err := readInquiry(r, file, huaweiWhat)
	if err != nil {
		return err
	}
	urlAt, bodyAt := in.at(in.reqPos, in.reqRaw, "url"), in.at(in.reqPos, in.reqRaw, "body")
	path := strings.TrimSuffix(in.url.Path, "/")
	if path != huaweiOnDemandPath && path != huaweiPeriodPath {
		return fmt.Errorf("%s: the request's path is %q: want %s (pay-per-use) or %s (yearly/monthly), the inquiries this answer can be of", urlAt, in.url.Path, huaweiOnDemandPath, huaweiPeriodPath)
	}
	if len(in.body) == 0 {
		return fmt.Errorf("%s: the request has no body: want its JSON body, whose product_infos name the flavour priced", in.reqPos)
	}
	var req struct {
		ProductInfos []huaweiProduct `json:"product_infos"`
	}
	if err := in.d.decodeAt(in.body, bodyAt, &req); err != nil {
		return err
	}
	if len(req.ProductInfos) != 1 {
		return fmt.Errorf("%s: the request asks %d products: want one product_infos entry, the flavour priced", bodyAt, len(req.ProductInfos))
	}
	p := req.ProductInfos[0]
	flavour, linux := strings.CutSuffix(p.ResourceSpec, ".linux")
	switch {
	case p.CloudServiceType != "hws.service.type.ec2" || p.ResourceType != "hws.resource.type.vm":
		return fmt.Errorf("%s: the request prices %s %s: want an ECS flavour (hws.service.type.ec2, hws.resource.type.vm)", bodyAt, p.CloudServiceType, p.ResourceType)
	case !linux || flavour == "":
		return fmt.Errorf("%s: the request's resource_spec is %q: want a Linux flavour's, FLAVOUR.linux (p2v.16xlarge.8.linux)", bodyAt, p.ResourceSpec)
	case p.ID == "":
		return fmt.Errorf("%s: the request's product has no id: want the id its result is named by (\"1\")", bodyAt)
	case p.Region == "":
		return fmt.Errorf("%s: the request names no region: want the region priced (cn-north-4)", bodyAt)
	case p.SubscriptionNum != nil && *p.SubscriptionNum != 1:
		return fmt.Errorf("%s: the request's subscription_num is %d: want 1 (the price of one instance)", bodyAt, *p.SubscriptionNum)
	}
	model, term := "on_demand", "pay-per-use (按需), one hour"
	if path == huaweiOnDemandPath {
		if p.UsageFactor != "Duration" || p.UsageValue == nil || *p.UsageValue != 1 || p.UsageMeasureID == nil || *p.UsageMeasureID != 4 {
			return fmt.Errorf("%s: the request prices usage %s %s of unit %s: want one hour (usage_factor Duration, usage_value 1, usage_measure_id 4)", bodyAt, p.UsageFactor, optionalText(p.UsageValue), optionalInt(p.UsageMeasureID))
		}
	} else {
		months := -1
		if p.PeriodType != nil && p.PeriodNum != nil {
			switch *p.PeriodType {
			case 2:
				months = *p.PeriodNum
			case 3:
				months = 12 * *p.PeriodNum
			}
		}
		m, ok := subscriptionModel(months)
		if !ok {
			return fmt.Errorf("%s: the request's period_type %s, period_num %s: want a subscription of one month (2, 1) or one year (3, 1)", bodyAt, optionalInt(p.PeriodType), optionalInt(p.PeriodNum))
		}
		model = m
		term = "subscription (包年/包月) of one " + map[string]string{"subscription_month": "month", "subscription_year": "year"}[m]
	}

	if code, ok := in.members["error_code"]; ok {
		var c, msg string
		json.Unmarshal(code.raw, &c)
		json.Unmarshal(in.members["error_msg"].raw, &msg)
		return errorAnswer(l, code.p, c, msg)
	}
	cur, ok := in.members["currency"]
	var currency string
	if ok {
		json.Unmarshal(cur.raw, &currency)
	}
	if currency != "CNY" && currency != "USD" {
		at := in.response
		if ok {
			at = cur.p
		}
		return fmt.Errorf("%s: currency %q: want CNY (the China site) or USD (the international site)", at, currency)
	}
	// The products' results: at the top of a pay-per-use answer, inside
	// official_website_rating_result in a yearly/monthly one.
	results, resultsAt := in.members["product_rating_results"], Pos{}
	if path == huaweiPeriodPath {
		owr, ok := in.members["official_website_rating_result"]
		if !ok {
			return fmt.Errorf("%s: the answer has no official_website_rating_result: want a yearly/monthly inquiry's answer", in.response)
		}
		var o struct {
			Results json.RawMessage `json:"product_rating_results"`
		}
		if err := in.d.decodeAt(owr.raw, owr.p, &o); err != nil {
			return err
		}
		results = inquiryMember{o.Results, in.at(owr.p, owr.raw, "product_rating_results")}
	} else {
		results.p = in.at(results.p, results.raw, "product_rating_results")
	}
	resultsAt = results.p
	if len(results.raw) == 0 {
		return fmt.Errorf("%s: the answer has no product_rating_results: want the price of the request's product %q", in.response, p.ID)
	}
	var ratings []huaweiRating
	if err := in.d.decodeAt(results.raw, resultsAt, &ratings); err != nil {
		return err
	}
	var rating *huaweiRating
	for i := range ratings {
		if ratings[i].ID == p.ID {
			rating = &ratings[i]
		}
	}
	if rating == nil {
		return fmt.Errorf("%s: the answer prices no product %q: want the result of the request's product", resultsAt, p.ID)
	}
	at := in.at(resultsAt, results.raw, "official_website_amount")
	if rating.MeasureID != nil && *rating.MeasureID != 1 {
		return fmt.Errorf("%s: the product's measure_id is %d: want 1 (an amount in yuan or dollars)", in.at(resultsAt, results.raw, "measure_id"), *rating.MeasureID)
	}
	v, err := huaweiAmount(rating.OfficialWebsiteAmount, at)
	if err != nil {
		return err
	}
	amount, err := inquiryAmount(v, at, "official_website_amount")
	if err != nil {
		return err
	}
	if l.Covers == nil {
		l.Covers = map[string]bool{}
	}
	l.Covers[flavour] = true
	l.Offers = append(l.Offers, Offer{Instance: flavour, Region: p.Region, Model: model, Amount: amount, Currency: currency,
		Note:   "BSS price inquiry official_website_amount (the list price), " + term + ", Linux: the flavour without its disks.",
		NoteZH: "华为云询价接口返回的官网价（目录价），" + zhTerm(term) + "，Linux：不含云硬盘的规格。",
		Pos:    at})
	return nil
}

// huaweiAmount reads an amount the answer writes as a number or, as the
// international site's API documents it, as a decimal string.
func huaweiAmount(raw json.RawMessage, at Pos) (*float64, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	text := string(raw)
	if raw[0] == '"' {
		if err := json.Unmarshal(raw, &text); err != nil {
			return nil, fmt.Errorf("%s: official_website_amount %s: want a number", at, raw)
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
	if err != nil {
		return nil, fmt.Errorf("%s: official_website_amount %s: want a number", at, raw)
	}
	return &v, nil
}

func optionalText(v *float64) string {
	if v == nil {
		return "(none)"
	}
	return amountText(*v)
}

func optionalInt(v *int) string {
	if v == nil {
		return "(none)"
	}
	return strconv.Itoa(*v)
}
