package refresh

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strings"
)

// inquiries are the formats of price inquiry APIs, whose answer names
// neither the instance type, nor the region, nor the term it prices (the
// request does), by the signature scheme their requests need.
var inquiries = map[string]string{
	"aliyun-describeprice": SignAliyunRPC,
	"tencent-inquiryprice": SignTC3,
	"huawei-bss-rating":    SignHuaweiSDK,
}

// Inquiry reports whether the answers of a format are saved with their
// request.
func Inquiry(format string) bool { return inquiries[format] != "" }

// saveInquiry rewrites the answer saved in file as the importer reads an
// inquiry: the request it answers (the URL and body of data/sources.yaml,
// without what signing adds) beside the answer, unchanged:
//
//	{
//	  "request": {"url": "https://…", "body": {…}},
//	  "response": …
//	}
func saveInquiry(file, rawURL, body string) error {
	answer, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	if !json.Valid(answer) {
		return fmt.Errorf("%s: the answer to %s is not JSON: want the API's JSON answer", file, rawURL)
	}
	u, err := json.Marshal(rawURL)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	b.WriteString("{\n  \"request\": {\"url\": ")
	b.Write(u)
	if body != "" {
		b.WriteString(", \"body\": ")
		if err := json.Compact(&b, []byte(body)); err != nil {
			return fmt.Errorf("%s: body: %v", rawURL, err)
		}
	}
	b.WriteString("},\n  \"response\": ")
	b.Write(bytes.TrimSpace(answer))
	b.WriteString("\n}\n")
	return writeFile(file, b.Bytes())
}

// checkInquiryFile checks that a file of an inquiry source asks what its
// importer reads from the request: Alibaba Cloud's DescribePrice names the
// region and the instance type in its URL; Tencent Cloud's
// InquiryPriceRunInstances names its region in the URL and, in its body,
// the instance type, a zone of that region and the image ImageId, without
// which the API answers no price (sources.yaml's comment says which
// public image it names); a Huawei Cloud BSS inquiry is a POST to one of
// its two paths whose body's product_infos name one product.
func checkInquiryFile(f File, format string) error {
	u, err := url.Parse(f.URL)
	if err != nil {
		return nil // checkFile says so
	}
	q := u.Query()
	switch format {
	case "aliyun-describeprice":
		if q.Get("Action") != "DescribePrice" || q.Get("RegionId") == "" || q.Get("InstanceType") == "" {
			return fmt.Errorf("url %q: want a DescribePrice request naming its RegionId and InstanceType (…?Action=DescribePrice&RegionId=cn-beijing&InstanceType=ecs.gn7i-c8g1.2xlarge)", f.URL)
		}
	case "tencent-inquiryprice":
		region := q.Get("Region")
		if q.Get("Action") != "InquiryPriceRunInstances" || region == "" {
			return fmt.Errorf("url %q: want an InquiryPriceRunInstances request naming its Region (…?Action=InquiryPriceRunInstances&Version=2017-03-12&Region=ap-beijing)", f.URL)
		}
		var body struct {
			Placement struct {
				Zone string `json:"Zone"`
			} `json:"Placement"`
			InstanceType string `json:"InstanceType"`
			ImageId      string `json:"ImageId"`
		}
		if json.Unmarshal([]byte(f.Body), &body) != nil || body.InstanceType == "" || body.ImageId == "" || !strings.HasPrefix(body.Placement.Zone, region+"-") {
			return fmt.Errorf("body: want a JSON object naming the InstanceType, a Placement.Zone of %s (%s-3) and an ImageId (the API wants one)", region, region)
		}
	case "huawei-bss-rating":
		var body struct {
			ProductInfos []json.RawMessage `json:"product_infos"`
		}
		if path := strings.TrimSuffix(u.Path, "/"); path != "/v2/bills/ratings/on-demand-resources" && path != "/v2/bills/ratings/period-resources/subscribe-rate" {
			return fmt.Errorf("url %q: want a BSS price inquiry, …/v2/bills/ratings/on-demand-resources or …/v2/bills/ratings/period-resources/subscribe-rate", f.URL)
		}
		if json.Unmarshal([]byte(f.Body), &body) != nil || len(body.ProductInfos) != 1 {
			return fmt.Errorf("body: want a JSON object whose product_infos name one product, the flavour priced (its project_id is added from the secret's project_env)")
		}
	}
	return nil
}

// withProjectID is a Huawei Cloud inquiry's JSON body with its project_id
// set to project: the account's, which data/sources.yaml does not hold.
func withProjectID(body []byte, project string) ([]byte, error) {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(body, &doc); err != nil || doc == nil {
		return nil, fmt.Errorf("body: want a JSON object, to which the project_id is added")
	}
	p, err := json.Marshal(project)
	if err != nil {
		return nil, err
	}
	doc["project_id"] = p
	return json.Marshal(doc)
}
