package refresh

import (
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestAliyunSignatureWorkedExample reproduces the worked example of
// Alibaba Cloud's RPC signature documentation (ECS "Request signatures",
// https://www.alibabacloud.com/help/doc-detail/28139.htm, and
// https://help.aliyun.com/document_detail/148140.html; the later page
// https://help.aliyun.com/document_detail/315526.html masks its nonce):
// ECS DescribeRegions with AccessKeyId testid and AccessKeySecret
// testsecret gives the StringToSign below and the signature
// OLeaidS1JvxuMvnyHOwuJ+uX5qY=. The values were read from the copies of
// the example in public implementations' tests, which agree.
func TestAliyunSignatureWorkedExample(t *testing.T) {
	params := url.Values{
		"AccessKeyId": {"testid"}, "Action": {"DescribeRegions"}, "Format": {"XML"},
		"SignatureMethod": {"HMAC-SHA1"}, "SignatureNonce": {"3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf"},
		"SignatureVersion": {"1.0"}, "Timestamp": {"2016-02-23T12:46:24Z"}, "Version": {"2014-05-26"},
	}
	const wantString = "GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26"
	if got := aliyunStringToSign("GET", params); got != wantString {
		t.Errorf("StringToSign\ngot  %s\nwant %s", got, wantString)
	}
	if got := aliyunSignature("GET", params, "testsecret"); got != "OLeaidS1JvxuMvnyHOwuJ+uX5qY=" {
		t.Errorf("signature %s, want OLeaidS1JvxuMvnyHOwuJ+uX5qY=", got)
	}
	// The same request made by signAliyunRPC from its own parameters.
	u, _ := url.Parse("https://ecs.aliyuncs.com/?Action=DescribeRegions&Version=2014-05-26&Format=XML")
	signAliyunRPC(u, "testid", "testsecret", time.Date(2016, 2, 23, 12, 46, 24, 0, time.UTC), "3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf")
	if !strings.HasSuffix(u.RawQuery, "&Signature=OLeaidS1JvxuMvnyHOwuJ%2BuX5qY%3D") {
		t.Errorf("signed query %s lacks the documented signature", u.RawQuery)
	}
}

// TestAliyunEncode checks the encoding rules the documentation states:
// only A-Z a-z 0-9 - _ . ~ stay; a space is %20, not +; "*" is %2A; other
// UTF-8 bytes are %XY each.
func TestAliyunEncode(t *testing.T) {
	for in, want := range map[string]string{
		"a b*c~d": "a%20b%2Ac~d", "ecs.gn7i-c8g1.2xlarge": "ecs.gn7i-c8g1.2xlarge",
		"包年包月": "%E5%8C%85%E5%B9%B4%E5%8C%85%E6%9C%88", `"+/=`: "%22%2B%2F%3D",
	} {
		if got := aliyunEncode(in); got != want {
			t.Errorf("aliyunEncode(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTC3SignatureWorkedExample reproduces the worked example of Tencent
// Cloud's signature v3 documentation
// (https://cloud.tencent.com/document/api/213/30654, "Signature v3";
// English https://www.tencentcloud.com/document/api/213/33224): a POST of
// CVM DescribeInstances at timestamp 1551113065 with SecretKey
// Gu5t9xGARNpq86cd98joQYCN3EXAMPLE gives the hashed payload, the hashed
// CanonicalRequest, the StringToSign and the signature below.
func TestTC3SignatureWorkedExample(t *testing.T) {
	r := tc3Request{Method: "POST", Host: "cvm.tencentcloudapi.com", ContentType: "application/json; charset=utf-8",
		Payload:   []byte(`{"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]}`),
		Timestamp: 1551113065}
	if got := sha256Hex(r.Payload); got != "35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064" {
		t.Errorf("hashed payload %s", got)
	}
	wantCanonical := "POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064"
	if got := r.canonical(); got != wantCanonical {
		t.Errorf("CanonicalRequest\ngot  %q\nwant %q", got, wantCanonical)
	}
	wantString := "TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031"
	if got := r.stringToSign(); got != wantString {
		t.Errorf("StringToSign\ngot  %q\nwant %q", got, wantString)
	}
	const sig = "72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168"
	if got := r.signature("Gu5t9xGARNpq86cd98joQYCN3EXAMPLE"); got != sig {
		t.Errorf("signature %s, want %s", got, sig)
	}
	if got, want := r.authorization("AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE", "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE"),
		"TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature="+sig; got != want {
		t.Errorf("Authorization\ngot  %s\nwant %s", got, want)
	}
}

// TestHuaweiSignatureSDKExamples reproduces the worked examples of Huawei
// Cloud's Go SDK's signer tests (github.com/huaweicloud/huaweicloud-sdk-go-v3
// @54c11bc core/auth/signer/signer_test.go, TestSigner_Sign and
// TestSigner_canonicalQueryString): key pair AccessKey/SecretKey, host
// example.huaweicloud.com, path /path, X-Sdk-Date 20060102T150405Z; a GET
// of limit=1, and a POST of key=value whose body is the SDK's JSON of
// {Name: test, Id: 1} (with the encoder's final newline).
func TestHuaweiSignatureSDKExamples(t *testing.T) {
	for _, tt := range []struct {
		method, url, body, want string
	}{
		{"GET", "https://example.huaweicloud.com/path?limit=1", "",
			"SDK-HMAC-SHA256 Access=AccessKey, SignedHeaders=x-sdk-date, Signature=5a2ce64c865e0e6046321c6f3d5a77ba8413eeaf355c3166c03d58d02ac79624"},
		{"POST", "https://example.huaweicloud.com/path?key=value", "{\"Name\":\"test\",\"Id\":1}\n",
			"SDK-HMAC-SHA256 Access=AccessKey, SignedHeaders=x-sdk-date, Signature=cecc2af119b18ab70b4d094c0750f3b42c02f254903179a0fc2cc72fc9db4f59"},
	} {
		u, _ := url.Parse(tt.url)
		if got := huaweiAuthorization(tt.method, u, "20060102T150405Z", []byte(tt.body), "AccessKey", "SecretKey"); got != tt.want {
			t.Errorf("%s %s:\ngot  %s\nwant %s", tt.method, tt.url, got, tt.want)
		}
	}
	q := url.Values{"limit": {"1"}, "enable": {"true"}, "test": {"一 (&=?!#%.*)"}, "path": {"/tmp/123"}, "multi": {"3", "1", "2"}}
	if got, want := huaweiCanonicalQuery(q), "enable=true&limit=1&multi=1&multi=2&multi=3&path=%2Ftmp%2F123&test=%E4%B8%80%20%28%26%3D%3F%21%23%25.%2A%29"; got != want {
		t.Errorf("canonical query %s, want %s", got, want)
	}
	if got := huaweiCanonicalURI("/v2/bills/ratings/on-demand-resources"); got != "/v2/bills/ratings/on-demand-resources/" {
		t.Errorf("canonical URI %s", got)
	}
}
