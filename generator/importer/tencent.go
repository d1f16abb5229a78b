package importer

import (
	"fmt"
	"io"
	"strings"
)

const tencentWhat = `a Tencent Cloud InquiryPriceRunInstances answer with its request ({"request": {"url": "https://cvm.tencentcloudapi.com/?Action=InquiryPriceRunInstances&Version=2017-03-12&Region=…", "body": {"Placement": {"Zone": …}, "InstanceType": …}}, "response": {"Response": {"Price": {"InstancePrice": {…}}}}})`

// tencentRequest is what of an InquiryPriceRunInstances request's body
// says what is priced.
type tencentRequest struct {
	Placement struct {
		Zone string `json:"Zone"`
	} `json:"Placement"`
	InstanceType          string `json:"InstanceType"`
	InstanceChargeType    string `json:"InstanceChargeType"`
	InstanceChargePrepaid struct {
		Period int `json:"Period"`
	} `json:"InstanceChargePrepaid"`
	InstanceCount int `json:"InstanceCount"`
}

// ReadTencentInquiryPrice reads the answer of Tencent Cloud's CVM
// InquiryPriceRunInstances (a POST signed with TC3-HMAC-SHA256) saved with
// its request (see inquiry). The request says what is priced: the URL's
// Region, the body's InstanceType (the catalog writes it in lower case)
// in a zone of that region, and InstanceChargeType: POSTPAID_BY_HOUR (the
// default) is on_demand, SPOTPAID spot, PREPAID (包年包月) with
// InstanceChargePrepaid.Period 1 or 12 subscription_month or
// subscription_year. The price is the answer's InstancePrice: by the hour
// its UnitPriceDiscount (else UnitPrice), for a subscription its
// DiscountPrice (else OriginalPrice), for the instance with the disks the
// request asks. The answer names no currency: CNY from the China site's
// host, USD from the international site's (cvm.intl.tencentcloudapi.com).
// No effective date is stated.
func ReadTencentInquiryPrice(r io.Reader, file string, l *List) error {
	l.Format = "tencent-inquiryprice"
	in, err := readInquiry(r, file, tencentWhat)
	if err != nil {
		return err
	}
	q := in.url.Query()
	if action := q.Get("Action"); action != "InquiryPriceRunInstances" {
		return fmt.Errorf("%s: the request's Action is %q: want InquiryPriceRunInstances, the request this answer is for", in.at(in.reqPos, in.reqRaw, "url"), action)
	}
	region := q.Get("Region")
	if region == "" {
		return fmt.Errorf("%s: the request's URL names no Region: want the region priced (Region=ap-beijing)", in.at(in.reqPos, in.reqRaw, "url"))
	}
	bodyAt := in.at(in.reqPos, in.reqRaw, "body")
	if len(in.body) == 0 {
		return fmt.Errorf("%s: the request has no body: want its JSON body, which names the instance type", in.reqPos)
	}
	var req tencentRequest
	if err := in.d.decodeAt(in.body, bodyAt, &req); err != nil {
		return err
	}
	switch {
	case req.InstanceType == "":
		return fmt.Errorf("%s: the request names no InstanceType: want the instance type priced", bodyAt)
	case !strings.HasPrefix(req.Placement.Zone, region+"-"):
		return fmt.Errorf("%s: the request's Placement.Zone %q is not in its Region %s: want a zone of %s such as %s-1", bodyAt, req.Placement.Zone, region, region, region)
	case req.InstanceCount > 1:
		return fmt.Errorf("%s: the request's InstanceCount is %d: want 1 (the price of one instance)", bodyAt, req.InstanceCount)
	}
	hourly := true
	model, term := "on_demand", "pay-as-you-go (POSTPAID_BY_HOUR), by the hour"
	switch req.InstanceChargeType {
	case "", "POSTPAID_BY_HOUR":
	case "SPOTPAID":
		model, term = "spot", "spot (SPOTPAID), by the hour"
	case "PREPAID":
		m, ok := subscriptionModel(req.InstanceChargePrepaid.Period)
		if !ok {
			return fmt.Errorf("%s: the request's InstanceChargePrepaid.Period is %d: want 1 (a month) or 12 (a year)", bodyAt, req.InstanceChargePrepaid.Period)
		}
		hourly, model = false, m
		term = "subscription (包年包月, PREPAID) of one " + map[string]string{"subscription_month": "month", "subscription_year": "year"}[m]
	default:
		return fmt.Errorf("%s: the request's InstanceChargeType is %q: want POSTPAID_BY_HOUR, SPOTPAID or PREPAID", bodyAt, req.InstanceChargeType)
	}
	resp, ok := in.members["Response"]
	if !ok {
		return fmt.Errorf("%s: the answer has no Response: want %s", in.response, tencentWhat)
	}
	var answer struct {
		Error *struct {
			Code    string `json:"Code"`
			Message string `json:"Message"`
		} `json:"Error"`
		Price *struct {
			InstancePrice *struct {
				UnitPrice         *float64 `json:"UnitPrice"`
				UnitPriceDiscount *float64 `json:"UnitPriceDiscount"`
				ChargeUnit        string   `json:"ChargeUnit"`
				OriginalPrice     *float64 `json:"OriginalPrice"`
				DiscountPrice     *float64 `json:"DiscountPrice"`
			} `json:"InstancePrice"`
		} `json:"Price"`
	}
	if err := in.d.decodeAt(resp.raw, resp.p, &answer); err != nil {
		return err
	}
	if e := answer.Error; e != nil {
		return errorAnswer(l, in.at(resp.p, resp.raw, "Error"), e.Code, e.Message)
	}
	if answer.Price == nil || answer.Price.InstancePrice == nil {
		return fmt.Errorf("%s: the answer has no Price.InstancePrice: want %s", resp.p, tencentWhat)
	}
	ip := answer.Price.InstancePrice
	var field string
	var v *float64
	switch {
	case hourly && ip.ChargeUnit != "HOUR":
		return fmt.Errorf("%s: the answer's InstancePrice is by %q, not by the HOUR, but the request asks %s: want the answer of this request", in.at(resp.p, resp.raw, "InstancePrice"), ip.ChargeUnit, term)
	case !hourly && ip.ChargeUnit == "HOUR":
		return fmt.Errorf("%s: the answer's InstancePrice is by the %s, but the request asks a PREPAID subscription: want the answer of this request", in.at(resp.p, resp.raw, "InstancePrice"), ip.ChargeUnit)
	case hourly && ip.UnitPriceDiscount != nil:
		field, v = "UnitPriceDiscount", ip.UnitPriceDiscount
	case hourly:
		field, v = "UnitPrice", ip.UnitPrice
	case ip.DiscountPrice != nil:
		field, v = "DiscountPrice", ip.DiscountPrice
	default:
		field, v = "OriginalPrice", ip.OriginalPrice
	}
	at := in.at(resp.p, resp.raw, field)
	if v == nil {
		at = in.at(resp.p, resp.raw, "InstancePrice")
	}
	amount, err := inquiryAmount(v, at, "InstancePrice."+field)
	if err != nil {
		return err
	}
	currency := "CNY"
	if strings.HasSuffix(in.url.Hostname(), ".intl.tencentcloudapi.com") {
		currency = "USD"
	}
	instance := strings.ToLower(req.InstanceType)
	if l.Covers == nil {
		l.Covers = map[string]bool{}
	}
	l.Covers[instance] = true
	l.Sites = true
	l.Offers = append(l.Offers, Offer{Instance: instance, Region: region, Model: model, Amount: amount, Currency: currency,
		Note:   "InquiryPriceRunInstances InstancePrice." + field + ", " + term + ", in " + req.Placement.Zone + ": the instance with the disks the request asks.",
		NoteZH: "腾讯云询价接口（`InquiryPriceRunInstances`）返回的实例价格（`" + field + "`），" + zhTerm(term) + "，可用区 `" + req.Placement.Zone + "`：含询价所列云硬盘的实例。",
		Pos:    at})
	return nil
}
