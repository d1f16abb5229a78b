package refresh

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
)

// inquiries are the formats of price inquiry APIs, whose answer names
// neither the instance type, nor the region, nor the term it prices (the
// request does), by the signature scheme their requests need.
var inquiries = map[string]string{
	"aliyun-describeprice": SignAliyunRPC,
	"tencent-inquiryprice": SignTC3,
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
