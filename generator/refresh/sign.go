package refresh

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The request signatures of the price APIs that want one per request,
// made from an access key pair rather than a key sent as it is: Alibaba
// Cloud's RPC signature (HMAC-SHA1, signature version 1.0) and Tencent
// Cloud's TC3-HMAC-SHA256. Each is written as its provider's
// documentation states it and tested against the documentation's worked
// example.

// aliyunEncode percent-encodes s as Alibaba Cloud's RPC signature wants:
// its UTF-8 bytes, A-Z, a-z, 0-9, "-", "_", "." and "~" as they are and
// every other byte as %XY in upper-case hexadecimal (so a space is %20,
// "*" %2A and "~" stays).
func aliyunEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
			continue
		}
		b.WriteString("%" + strings.ToUpper(hex.EncodeToString([]byte{c})))
	}
	return b.String()
}

// aliyunCanonicalQuery is the request's parameters, Signature left out,
// sorted by name, each name=value encoded (aliyunEncode) and joined with &.
func aliyunCanonicalQuery(params url.Values) string {
	names := make([]string, 0, len(params))
	for name := range params {
		if name != "Signature" {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	var parts []string
	for _, name := range names {
		for _, v := range params[name] {
			parts = append(parts, aliyunEncode(name)+"="+aliyunEncode(v))
		}
	}
	return strings.Join(parts, "&")
}

// aliyunStringToSign is HTTPMethod & encode("/") & encode(canonical
// query).
func aliyunStringToSign(method string, params url.Values) string {
	return method + "&" + aliyunEncode("/") + "&" + aliyunEncode(aliyunCanonicalQuery(params))
}

// aliyunSignature is Base64(HMAC-SHA1(AccessKeySecret + "&",
// StringToSign)).
func aliyunSignature(method string, params url.Values, secret string) string {
	m := hmac.New(sha1.New, []byte(secret+"&"))
	m.Write([]byte(aliyunStringToSign(method, params)))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// signAliyunRPC adds to the query of u the common parameters of a signed
// RPC request (AccessKeyId, SignatureMethod HMAC-SHA1, SignatureVersion
// 1.0, SignatureNonce, Timestamp in UTC, Format JSON unless set) and then
// its Signature, for a GET.
func signAliyunRPC(u *url.URL, id, secret string, now time.Time, nonce string) {
	q := u.Query()
	q.Set("AccessKeyId", id)
	q.Set("SignatureMethod", "HMAC-SHA1")
	q.Set("SignatureVersion", "1.0")
	q.Set("SignatureNonce", nonce)
	q.Set("Timestamp", now.UTC().Format("2006-01-02T15:04:05Z"))
	if q.Get("Format") == "" {
		q.Set("Format", "JSON")
	}
	q.Del("Signature")
	q.Set("Signature", aliyunSignature("GET", q, secret))
	u.RawQuery = aliyunCanonicalQuery(q) + "&Signature=" + aliyunEncode(q.Get("Signature"))
}

// tc3Request is what a TC3-HMAC-SHA256 signature covers: the method, the
// host (whose first label is the service: cvm of cvm.tencentcloudapi.com),
// the query string of a GET, the content type and the body, at a time.
type tc3Request struct {
	Method, Host, Query, ContentType string
	Payload                          []byte
	Timestamp                        int64
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func hmacSHA256(key []byte, msg string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(msg))
	return m.Sum(nil)
}

// tc3Service is the service of a host: its first label.
func tc3Service(host string) string {
	service, _, _ := strings.Cut(host, ".")
	return service
}

// tc3Scope is the credential scope: the UTC day of the timestamp, the
// service and "tc3_request".
func (r tc3Request) scope() string {
	day := time.Unix(r.Timestamp, 0).UTC().Format(time.DateOnly)
	return day + "/" + tc3Service(r.Host) + "/tc3_request"
}

// canonical is the CanonicalRequest: method, "/", the query, the headers
// content-type and host (lower case, each ending in a newline), the signed
// headers and the payload's SHA-256, one a line.
func (r tc3Request) canonical() string {
	return r.Method + "\n/\n" + r.Query + "\n" +
		"content-type:" + strings.ToLower(strings.TrimSpace(r.ContentType)) + "\nhost:" + strings.ToLower(r.Host) + "\n\n" +
		"content-type;host\n" + sha256Hex(r.Payload)
}

// stringToSign is TC3-HMAC-SHA256, the timestamp, the scope and the
// CanonicalRequest's SHA-256, one a line.
func (r tc3Request) stringToSign() string {
	return "TC3-HMAC-SHA256\n" + strconv.FormatInt(r.Timestamp, 10) + "\n" + r.scope() + "\n" + sha256Hex([]byte(r.canonical()))
}

// signature is HexEncode(HMAC-SHA256(SecretSigning, StringToSign)), where
// SecretSigning is HMAC-SHA256 chained from "TC3" + SecretKey over the
// day, the service and "tc3_request".
func (r tc3Request) signature(secretKey string) string {
	day := time.Unix(r.Timestamp, 0).UTC().Format(time.DateOnly)
	k := hmacSHA256([]byte("TC3"+secretKey), day)
	k = hmacSHA256(k, tc3Service(r.Host))
	k = hmacSHA256(k, "tc3_request")
	return hex.EncodeToString(hmacSHA256(k, r.stringToSign()))
}

// authorization is the Authorization header of the request.
func (r tc3Request) authorization(secretID, secretKey string) string {
	return "TC3-HMAC-SHA256 Credential=" + secretID + "/" + r.scope() + ", SignedHeaders=content-type;host, Signature=" + r.signature(secretKey)
}

// Huawei Cloud's SDK-HMAC-SHA256, as its SDKs sign a request (the API
// Gateway's AK/SK signature): the signed header is X-Sdk-Date, the
// request's time in UTC.
const huaweiDateFormat = "20060102T150405Z"

// huaweiCanonicalURI is the path with each segment percent-encoded
// (aliyunEncode's unreserved set) and a final "/".
func huaweiCanonicalURI(path string) string {
	segments := strings.Split(path, "/")
	for i, s := range segments {
		segments[i] = aliyunEncode(s)
	}
	p := strings.Join(segments, "/")
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return p
}

// huaweiCanonicalQuery is the query's parameters sorted by name, each
// name's values sorted, encoded and joined with &.
func huaweiCanonicalQuery(q url.Values) string {
	names := make([]string, 0, len(q))
	for name := range q {
		names = append(names, name)
	}
	slices.Sort(names)
	var parts []string
	for _, name := range names {
		values := slices.Clone(q[name])
		slices.Sort(values)
		for _, v := range values {
			parts = append(parts, aliyunEncode(name)+"="+aliyunEncode(v))
		}
	}
	return strings.Join(parts, "&")
}

// huaweiCanonicalRequest is the method, the canonical URI, the canonical
// query, the signed header x-sdk-date (a line and an empty one), the
// signed headers' names and the payload's SHA-256, one a line.
func huaweiCanonicalRequest(method string, u *url.URL, date string, payload []byte) string {
	return method + "\n" + huaweiCanonicalURI(u.Path) + "\n" + huaweiCanonicalQuery(u.Query()) + "\n" +
		"x-sdk-date:" + date + "\n\n" + "x-sdk-date\n" + sha256Hex(payload)
}

// huaweiSignature is HexEncode(HMAC-SHA256(SK, StringToSign)), where
// StringToSign is SDK-HMAC-SHA256, the date and the canonical request's
// SHA-256, one a line.
func huaweiSignature(method string, u *url.URL, date string, payload []byte, sk string) string {
	toSign := "SDK-HMAC-SHA256\n" + date + "\n" + sha256Hex([]byte(huaweiCanonicalRequest(method, u, date, payload)))
	return hex.EncodeToString(hmacSHA256([]byte(sk), toSign))
}

// huaweiAuthorization is the Authorization header of the request.
func huaweiAuthorization(method string, u *url.URL, date string, payload []byte, ak, sk string) string {
	return "SDK-HMAC-SHA256 Access=" + ak + ", SignedHeaders=x-sdk-date, Signature=" + huaweiSignature(method, u, date, payload, sk)
}
