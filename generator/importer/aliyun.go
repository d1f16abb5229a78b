package importer

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

const aliyunWhat = `an Alibaba Cloud DescribePrice answer with its request ({"request": {"url": "https://ecs.aliyuncs.com/?Action=DescribePrice&RegionId=…&InstanceType=…"}, "response": {"PriceInfo": {"Price": {"TradePrice": …, "Currency": …}}}})`

// ReadAliyunDescribePrice reads the answer of Alibaba Cloud's ECS
// DescribePrice (an RPC GET signed with an AccessKey pair) saved with its
// request (see inquiry). The request says what is priced: RegionId,
// InstanceType, and the term: pay-as-you-go by the hour (PriceUnit Hour,
// the default) is on_demand, or spot with a SpotStrategy other than
// NoSpot; PriceUnit Month (Period 1) or Year (Period 1), a subscription
// (包年包月), is subscription_month or subscription_year. The price is the
// answer's TradePrice (the original price less the standard discounts),
// in its Currency: CNY on the China site, USD on the international one.
// DescribePrice prices the instance type with the system disk it adds by
// default, which the point's note says. A spot price is the zone's the
// request names (ZoneId: spot prices differ between zones), which the note
// says too. The answer's DetailInfos, when given, must price the instance
// (Resource instance or InstanceType, as the reference's example and field
// list write it). No effective date is stated.
func ReadAliyunDescribePrice(r io.Reader, file string, l *List) error {
	l.Format = "aliyun-describeprice"
	in, err := readInquiry(r, file, aliyunWhat)
	if err != nil {
		return err
	}
	q := in.url.Query()
	reqAt := func(key string) Pos { return in.at(in.reqPos, in.reqRaw, key) }
	if action := q.Get("Action"); action != "DescribePrice" {
		return fmt.Errorf("%s: the request's Action is %q: want DescribePrice, the request this answer is for", reqAt("url"), action)
	}
	if rt := q.Get("ResourceType"); rt != "" && rt != "instance" {
		return fmt.Errorf("%s: the request's ResourceType is %q: want instance (an instance type's price)", in.reqPos, rt)
	}
	itype, region := q.Get("InstanceType"), q.Get("RegionId")
	switch {
	case itype == "":
		return fmt.Errorf("%s: the request names no InstanceType: want the instance type priced in its URL", in.reqPos)
	case region == "":
		return fmt.Errorf("%s: the request names no RegionId: want the region priced in its URL", in.reqPos)
	case q.Get("Amount") != "" && q.Get("Amount") != "1":
		return fmt.Errorf("%s: the request's Amount is %s: want 1 (the price of one instance)", in.reqPos, q.Get("Amount"))
	}
	model, term := "on_demand", "pay-as-you-go, by the hour"
	spot := q.Get("SpotStrategy") != "" && q.Get("SpotStrategy") != "NoSpot"
	switch unit := q.Get("PriceUnit"); unit {
	case "", "Hour":
		if spot {
			model, term = "spot", "spot ("+q.Get("SpotStrategy")+"), by the hour"
			if z := q.Get("ZoneId"); z != "" {
				term += ", in " + z
			}
		}
	case "Month", "Year":
		period, err := strconv.Atoi(q.Get("Period"))
		if q.Get("Period") == "" {
			period, err = 1, nil
		}
		months := period
		if unit == "Year" {
			months *= 12
		}
		m, ok := subscriptionModel(months)
		switch {
		case spot:
			return fmt.Errorf("%s: the request asks a spot price by the %s: want PriceUnit Hour for spot", in.reqPos, unit)
		case err != nil || !ok:
			return fmt.Errorf("%s: the request's Period is %q with PriceUnit %s: want a subscription of 1 month or 1 year (PriceUnit Month or Year, Period 1)", in.reqPos, q.Get("Period"), unit)
		}
		model, term = m, "subscription (包年包月) of one "+map[string]string{"subscription_month": "month", "subscription_year": "year"}[m]
	default:
		return fmt.Errorf("%s: the request's PriceUnit is %q: want Hour, Month or Year", in.reqPos, unit)
	}
	if code, ok := in.members["Code"]; ok {
		var c, msg string
		json.Unmarshal(code.raw, &c)
		json.Unmarshal(in.members["Message"].raw, &msg)
		return errorAnswer(l, code.p, c, msg)
	}
	pi, ok := in.members["PriceInfo"]
	if !ok {
		return fmt.Errorf("%s: the answer has no PriceInfo: want %s", in.response, aliyunWhat)
	}
	var info struct {
		Price struct {
			Currency    string   `json:"Currency"`
			TradePrice  *float64 `json:"TradePrice"`
			DetailInfos *struct {
				ResourcePriceModel []struct {
					Resource string `json:"Resource"`
				} `json:"ResourcePriceModel"`
			} `json:"DetailInfos"`
		} `json:"Price"`
	}
	if err := in.d.decodeAt(pi.raw, pi.p, &info); err != nil {
		return err
	}
	price := info.Price
	amount, err := inquiryAmount(price.TradePrice, in.at(pi.p, pi.raw, "TradePrice"), "TradePrice")
	if err != nil {
		return err
	}
	if price.Currency != "CNY" && price.Currency != "USD" {
		return fmt.Errorf("%s: Currency %q: want CNY (the China site) or USD (the international site)", in.at(pi.p, pi.raw, "Currency"), price.Currency)
	}
	if d := price.DetailInfos; d != nil && len(d.ResourcePriceModel) > 0 {
		found := false
		for _, m := range d.ResourcePriceModel {
			r := strings.ToLower(m.Resource)
			found = found || r == "instancetype" || r == "instance"
		}
		if !found {
			return fmt.Errorf("%s: the answer's DetailInfos price no instance (Resource instance or InstanceType): want the answer of an instance type's request (ResourceType instance)", in.at(pi.p, pi.raw, "DetailInfos"))
		}
	}
	if l.Covers == nil {
		l.Covers = map[string]bool{}
	}
	l.Covers[itype] = true
	l.Sites = true
	l.Offers = append(l.Offers, Offer{Instance: itype, Region: region, Model: model, Amount: amount, Currency: price.Currency,
		Note:   "DescribePrice TradePrice, " + term + ": the instance type with the system disk DescribePrice prices by default.",
		NoteZH: "阿里云询价接口（`DescribePrice`）返回的成交价，" + zhTerm(term) + "：含询价默认计入的系统盘的实例规格。",
		Pos:    in.at(pi.p, pi.raw, "TradePrice")})
	return nil
}
