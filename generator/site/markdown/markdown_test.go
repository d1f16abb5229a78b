package markdown

import (
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
)

// TestCatalogTextStaysText: hostile catalog text can open no link, tag,
// emphasis or table cell, and a link goes only to a relative path or an
// http(s) URL.
func TestCatalogTextStaysText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a|b", `a\|b`},
		{"[x](javascript:alert(1))", `\[x\](javascript:alert(1))`},
		{"<script>", `&lt;script&gt;`},
		{"&lt;b&gt; AT&T", `\&lt;b\&gt; AT\&T`},
		{"*bold* _em_ `code`", "\\*bold\\* \\_em\\_ \\`code\\`"},
		{"two\nlines\r\n", "two lines "},
		{`back\slash`, `back\\slash`},
	} {
		if got := Text(tc.in); got != tc.want {
			t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct{ text, href, want string }{
		{"p5", "instances/aws/p5/index.html", "[p5](instances/aws/p5/index.html)"},
		{"x", "javascript:alert(1)", "x"},
		{"x", "JaVaScRiPt:alert(1)", "x"},
		{"x", "data:text/html,<b>", "x"},
		{"x", "https://example.com/a b)c", "[x](https://example.com/a%20b%29c)"},
		{"a]b", "https://example.com/", `[a\]b](https://example.com/)`},
	} {
		if got := Link(tc.text, tc.href); got != tc.want {
			t.Errorf("Link(%q, %q) = %q, want %q", tc.text, tc.href, got, tc.want)
		}
	}
	if got := Source("skypilot-catalog@001367d catalogs/v7/aws/vms.csv"); strings.Contains(got, "](") {
		t.Errorf("a citation in words became a link: %s", got)
	}
	if got := Source("https://aws.amazon.com/ec2/pricing/"); got != "[https://aws.amazon.com/ec2/pricing/](https://aws.amazon.com/ec2/pricing/)" {
		t.Errorf("a URL source: %s", got)
	}
}

// TestTableIsGFM writes a table with a figure column aligned right.
func TestTableIsGFM(t *testing.T) {
	var b strings.Builder
	Table(&b, []string{"GPU", "Price"}, []bool{false, true}, [][]string{{"H100", "3.09"}})
	want := "| GPU | Price |\n| --- | ---: |\n| H100 | 3.09 |\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestAppendTextIsText holds AppendText to Text's escaping, byte for byte,
// and Text's shortcut for text with nothing to escape to its replacer.
func TestAppendTextIsText(t *testing.T) {
	cases := []string{"", "plain", "a|b", "[x](y)", "<b>&amp;</b>", "*_~#!`\\", "a\r\nb\rc\nd\te", "\r\r\n\n", "价格 | H100 \r", "end\r"}
	cases = append(cases, randomStrings(1, "ab |[]<>*_~#!`\\&\r\n\t\xe4\xbb\xb7", 2000, 12)...)
	for _, s := range cases {
		if got, want := Text(s), textEscaper.Replace(s); got != want {
			t.Fatalf("Text(%q) = %q, want %q", s, got, want)
		}
		if got, want := string(AppendText([]byte("pre"), s)), "pre"+Text(s); got != want {
			t.Fatalf("AppendText(%q) = %q, want %q", s, got, want)
		}
	}
}

// Href's and Source's shortcuts (a plain relative path, a source with no
// scheme) give what url.Parse's reading gives.
func TestHrefAndSourceShortcutsAreExact(t *testing.T) {
	href := func(h string) string { // Href without its shortcut
		u, err := url.Parse(h)
		if err != nil || u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" || u.Scheme != "" && u.Host == "" {
			return ""
		}
		return hrefEscaper.Replace(h)
	}
	source := func(s string) string { // Source without its shortcut
		if u, err := url.Parse(s); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && !strings.ContainsAny(s, " \t\n") {
			if h := href(s); h != "" {
				return "[" + Text(s) + "](" + h + ")"
			}
			return Text(s)
		}
		return Text(s)
	}
	cases := []string{"", "instances/aws/p5/index.html", "../gpus/h100/#prices", "//evil.example/x", "a%zzb", "%41", "x?y=1&z=2",
		"https://example.com/a b", "http:", "https://", "mailto:x@y", "javascript:alert(1)", "AWS pricing page", "a:b"}
	cases = append(cases, randomStrings(3, "aZ09/._-#?=&~+:% ()<>|\t\nhtps", 5000, 14)...)
	for _, s := range cases {
		if got, want := Href(s), href(s); got != want {
			t.Fatalf("Href(%q) = %q, want %q", s, got, want)
		}
		if got, want := Source(s), source(s); got != want {
			t.Fatalf("Source(%q) = %q, want %q", s, got, want)
		}
	}
}

// randomStrings are n strings of fewer than max bytes of alphabet, the
// same for the same seed.
func randomStrings(seed uint64, alphabet string, n, max int) []string {
	r := rand.New(rand.NewPCG(seed, seed+1))
	out := make([]string, n)
	for k := range out {
		b := make([]byte, r.IntN(max))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		out[k] = string(b)
	}
	return out
}
