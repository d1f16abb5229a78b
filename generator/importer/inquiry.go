package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/url"
	"strings"
)

// An inquiry is the answer of a price inquiry API (Alibaba Cloud's ECS
// DescribePrice, Tencent Cloud's CVM InquiryPriceRunInstances, Huawei
// Cloud's BSS price inquiries) saved with
// the request that asked for it, since the answer names neither the
// instance type nor the region nor the term: those are the request's.
// `refresh` saves each such answer as
//
//	{"request": {"url": "https://…?Action=…&…", "body": {…}},
//	 "response": {…the answer as the API gave it…}}
//
// with the URL and body of data/sources.yaml (without the signature and
// key id that refresh adds on the way out).
type inquiry struct {
	d        *jsonDoc
	url      *url.URL
	body     json.RawMessage
	reqPos   Pos
	reqRaw   json.RawMessage
	members  map[string]inquiryMember // the answer's members by name
	response Pos
}

type inquiryMember struct {
	raw json.RawMessage
	p   Pos
}

// readInquiry reads an inquiry file: a request with its URL (and body)
// and the response.
func readInquiry(r io.Reader, file, what string) (*inquiry, error) {
	d, err := readJSONDoc(r, file, what)
	if err != nil {
		return nil, err
	}
	in := &inquiry{d: d, members: map[string]inquiryMember{}}
	var request json.RawMessage
	err = d.walk("response", func(name string, raw json.RawMessage, p Pos) error {
		if name == "" {
			return fmt.Errorf("%s: response is a JSON array: want the API's answer, an object, in %s", p, what)
		}
		if _, ok := in.members[name]; !ok {
			in.members[name] = inquiryMember{raw, p}
		}
		if in.response == (Pos{}) {
			in.response = p
		}
		return nil
	}, func(key string, raw json.RawMessage, p Pos) error {
		if key != "request" {
			return fmt.Errorf("%s: unknown member %q: want request and response, in %s", p, key, what)
		}
		request, in.reqPos = raw, p
		return nil
	})
	if err != nil {
		return nil, err
	}
	if in.response == (Pos{}) {
		in.response = d.pos(0)
	}
	if request == nil {
		return nil, fmt.Errorf("%s: no request: want the request the answer is for beside it, in %s", d.pos(0), what)
	}
	var req struct {
		URL  string          `json:"url"`
		Body json.RawMessage `json:"body"`
	}
	if err := d.decodeAt(request, in.reqPos, &req); err != nil {
		return nil, err
	}
	u, err := url.Parse(req.URL)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("%s: request url %q: want the https URL the answer was asked with", in.at(in.reqPos, request, "url"), req.URL)
	}
	in.url, in.body, in.reqRaw = u, req.Body, request
	return in, nil
}

// at is the place of the first member named key inside raw, which is at
// p; p itself when raw has none.
func (in *inquiry) at(p Pos, raw json.RawMessage, key string) Pos {
	k := bytes.Index(raw, []byte(`"`+key+`"`))
	if k < 0 {
		return p
	}
	nl := bytes.Count(raw[:k], []byte("\n"))
	if nl == 0 {
		return Pos{File: p.File, Line: p.Line, Col: p.Col + k}
	}
	return Pos{File: p.File, Line: p.Line + nl, Col: k - bytes.LastIndexByte(raw[:k], '\n')}
}

// price checks an amount the answer states at p.
func inquiryAmount(v *float64, p Pos, field string) (float64, error) {
	switch {
	case v == nil:
		return 0, fmt.Errorf("%s: no %s: want the price the answer states", p, field)
	case *v < 0 || math.IsNaN(*v) || math.IsInf(*v, 0):
		return 0, fmt.Errorf("%s: %s %s is negative: want a price, 0 or more", p, field, amountText(*v))
	}
	return *v, nil
}

// subscriptionModel is the catalog model of a subscription of months.
func subscriptionModel(months int) (string, bool) {
	switch months {
	case 1:
		return "subscription_month", true
	case 12:
		return "subscription_year", true
	}
	return "", false
}

// errorAnswer is what an inquiry answered with an error does: an error
// about the key, the signature or the account's rights, which every
// answer of the run would give, fails the provider's import; any other
// (the type sold out or not sold in that zone, a request the provider
// no longer takes) skips that one price, counted with its reason, so
// that the provider's other answers still land.
func errorAnswer(l *List, at Pos, code, msg string) error {
	what := fmt.Sprintf("%s: the answer is an error, %s: %s", at, code, msg)
	for _, p := range keyErrorCodes {
		if strings.HasPrefix(code, p) {
			return fmt.Errorf("%s: want a price (ask again, or fix the request)", what)
		}
	}
	l.skip(what + ": no price read for this request")
	return nil
}

// keyErrorCodes are the prefixes of the error codes about the caller, not
// the request: Alibaba Cloud's, Tencent Cloud's and Huawei Cloud's (its
// API gateway's APIGW and its billing center's access denials).
var keyErrorCodes = []string{
	"InvalidAccessKeyId", "SignatureDoesNotMatch", "SignatureNonceUsed", "InvalidTimeStamp", "IncompleteSignature", "Forbidden",
	"AuthFailure", "UnauthorizedOperation", "InvalidCredential",
	"APIGW.", "CBC.0150", "CBC.0151",
}
