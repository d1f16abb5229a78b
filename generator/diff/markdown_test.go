package diff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"

	"gpucompare/generator/feed"
)

// hostile is catalog text a hostile pull request could hold: an image
// that would load from another site, a mention, a link that hides where
// it leads, raw HTML, autolinks, code, table and emphasis markup, math,
// entities, an issue reference, an e-mail address, line breaks that
// could start a heading or a quote, control and invalid bytes.
const hostile = "![x](https://evil.example/track.png) @someone @org/team [click](https://evil.example/c) " +
	"<img src=x onerror=alert(1)> <b>bold</b> <https://evil.example/a> https://evil.example/b_c?x=1&y=2 " +
	"www.evil.example/w `code` ``two`` a|b *em* _em_ ~~del~~ $x^2$ &#64;entity &lt;b&gt; #123 a\\b\\[c " +
	"user@example.com [^1] [ref]: https://evil.example/r\n# heading\r\n> quote \x00 \xff"

// shown is how hostile text reads in the comment: line breaks and other
// control characters as their code points (<U+000A>), an invalid byte as
// U+FFFD.
func shown(s string) string {
	var b strings.Builder
	for _, c := range strings.ToValidUTF8(s, "\uFFFD") {
		if c < 0x20 || c == 0x7f {
			fmt.Fprintf(&b, "<U+%04X>", c)
		} else {
			b.WriteRune(c)
		}
	}
	return b.String()
}

func hostileReport() *Report {
	h := hostile
	both := Added{Added: []string{h}, Removed: []string{h}}
	pct, rate, one := -12.5, 7.25, 1.0
	return &Report{
		Base: Base{Kind: Revision, Name: h},
		Shown: []ShownChange{{Provider: h, Instance: h, Region: h, Model: h, Why: []string{h},
			Old: &ShownPrice{Currency: h, Hourly: 1, Display: h, DisplayHourly: &one, FXRate: &rate, FXDate: h, PerGPUHour: &one}}},
		Prices: []PriceChange{{Provider: h, Instance: h, Region: h, Model: h, Payment: h, OldDisplay: h, NewDisplay: h, Percent: &pct, NewSince: h, Source: h},
			{Provider: "aws", Instance: "p4d", Region: "us-east-1", Model: "spot", Source: "https://evil.example/@someone/#12 then @someone"}},
		Points:     []PointEdit{{Provider: h, Instance: h, Region: h, Model: h, Payment: h, Point: 2, Since: h, Field: h, Old: h, New: h, Position: h}},
		Overwrites: []string{h},
		FX:         []FXChange{{Base: h, Quote: h, Date: h, OldRate: &rate, NewRate: &rate, Percent: &pct, Check: true, Offers: 3, Source: h}},
		Offers:     both, Instances: both, Providers: both, GPUs: both, Benchmarks: both, Guides: both, Scenarios: both,
		Records:     []RecordEdit{{Record: h, Field: h, Old: h, New: h}},
		NewWarnings: []string{h},
	}
}

// render renders a comment as GitHub does, near enough: GFM (tables,
// strikethrough, autolinks of bare addresses) with raw HTML let through,
// so that any HTML the comment makes shows.
func render(t *testing.T, md string) string {
	t.Helper()
	var out bytes.Buffer
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote), goldmark.WithRendererOptions(gmhtml.WithUnsafe()))
	if err := gm.Convert([]byte(md), &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

var (
	tagPattern  = regexp.MustCompile(`<(/?)([a-zA-Z0-9]+)[^>]*>`)
	linkPattern = regexp.MustCompile(`<a href="([^"]*)"[^>]*>(.*?)</a>`)
	cellPattern = regexp.MustCompile(`(?s)<(td|li)[^>]*>(.*?)</(td|li)>`)
	// mention is what GitHub turns into a mention or a cross-reference
	// in the text of a rendered comment outside links and code.
	mention      = regexp.MustCompile(`(?:^|[^A-Za-z0-9_])[@#][A-Za-z0-9]`)
	inLinkOrCode = regexp.MustCompile(`(?s)<a [^>]*>.*?</a>|<code>.*?</code>`)
)

// plain is the text of rendered HTML, as a reader sees it, with the
// invisible word joiners left out.
func plain(h string) string {
	return strings.ReplaceAll(html.UnescapeString(tagPattern.ReplaceAllString(h, "")), wordJoiner, "")
}

func TestMarkdownIsInert(t *testing.T) {
	r := hostileReport()
	md := r.Markdown()
	out := render(t, md)

	// Only the comment's own structure: no image, no HTML from the text,
	// no emphasis, no heading or quote.
	allowed := map[string]bool{"p": true, "strong": true, "code": true, "h3": true, "table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true, "ul": true, "li": true, "a": true}
	for _, m := range tagPattern.FindAllStringSubmatch(out, -1) {
		if !allowed[strings.ToLower(m[2])] {
			t.Errorf("the comment renders a <%s> element: %s", m[2], m[0])
		}
	}
	if n := strings.Count(out, "<strong>"); n != 1 {
		t.Errorf("%d <strong>, want 1 (the summary's)", n)
	}
	if n := strings.Count(out, "<code>"); n != 4 {
		t.Errorf("%d code spans, want 4 (the base, the name of the offers' file and the fields)", n)
	}
	if cells := 7 + 2*7 + 7 + 7 + 7*3 + 4; strings.Count(out, "<td") != cells {
		t.Errorf("%d table cells, want %d: the text split or joined cells", strings.Count(out, "<td"), cells)
	}
	// A link is a web address shown as itself, so a reader sees where it leads.
	for _, m := range linkPattern.FindAllStringSubmatch(out, -1) {
		href, label := html.UnescapeString(m[1]), html.UnescapeString(m[2])
		if href != label && href != "http://"+label {
			t.Errorf("a link to %q reads %q", href, label)
		}
	}
	// No mention and no cross-reference outside links and code.
	if text := html.UnescapeString(tagPattern.ReplaceAllString(inLinkOrCode.ReplaceAllString(out, ""), "")); mention.MatchString(text) {
		i := mention.FindStringIndex(text)[0]
		t.Errorf("the comment mentions %q in %q", text[i:i+3], text[max(0, i-60):min(len(text), i+60)])
	}

	// Every value reads as the catalog writes it.
	h := shown(hostile)
	model := shown(feed.English.Model(hostile) + " (" + strings.ReplaceAll(hostile, "_", " ") + ")")
	r0 := r.Shown[0]
	want := []string{
		h + "/" + h + " " + h, shown(feed.English.Model(hostile)), shown(shownText(r0.Old)), "—", shown(perGPUHour(r0.Old, nil)), "removed", h,
		h + "/" + h + " " + h, model, h, h, "−12.5%", h, h,
		"aws/p4d us-east-1", "spot", "—", "—", "new", "", "https://evil.example/@someone/#12 then @someone",
		"1 " + h + " in " + h, h, "7.25", "7.25", "−12.5% ⚠ check this", "3", h,
		h, // the overwrite
		h + "/" + h + " " + h, model, "2 (since " + h + ")", h, h, h, h,
	}
	for _, kind := range []string{"Offers", "Instance types", "Providers", "GPUs", "Benchmarks", "Guides", "Scenarios"} {
		want = append(want, kind, h, h)
	}
	want = append(want, h, h, h, h, h) // the spec edit, then the warning
	cells := cellPattern.FindAllStringSubmatch(out, -1)
	if len(cells) != len(want) {
		t.Fatalf("%d cells and list items, want %d:\n%s", len(cells), len(want), out)
	}
	for i, c := range cells {
		if got := plain(c[2]); got != want[i] {
			t.Errorf("cell %d reads\n%q\nwant\n%q", i, got, want[i])
		}
	}
	summary, _, _ := strings.Cut(plain(out), "\n")
	if wantSummary := "Catalog diff against git revision " + h + ":"; !strings.HasPrefix(summary, wantSummary) {
		t.Errorf("summary line\n%q\nwant it to start\n%q", summary, wantSummary)
	}
	if !strings.Contains(md, "<https://evil.example/@someone/#12>") {
		t.Errorf("a source's web address is not a link to itself:\n%s", md)
	}
}

func TestCode(t *testing.T) {
	for in, want := range map[string]string{
		"HEAD~1":      "`HEAD~1`",
		"a`b":         "``a`b``",
		"`a``":        "``` `a`` ```",
		" lead":       "`  lead `",
		"a\nb":        "`a<U+000A>b`",
		"a\u202eb":    "`a<U+202E>b`",
		"":            "—",
		"origin/main": "`origin/main`",
	} {
		if got := code(in); got != want {
			t.Errorf("code(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSummaryNamesTheBase(t *testing.T) {
	r := &Report{Prices: []PriceChange{{Provider: "aws", Instance: "p4d", Region: "us-east-1", Model: "on_demand", NewDisplay: "$1.00"}}}
	for _, tt := range []struct {
		base     Base
		md, json string
	}{
		{Base{Kind: Revision, Name: "origin/main"}, "**Catalog diff against git revision `origin/main`:** 1 price change (0 down, 0 up).\n",
			`"summary": "Catalog diff against git revision origin/main: 1 price change (0 down, 0 up).",` + "\n" + `  "base": {` + "\n" + `    "kind": "revision",` + "\n" + `    "name": "origin/main"`},
		{Base{Kind: Folder, Name: "../base"}, "**Catalog diff against folder `../base`:** 1 price change (0 down, 0 up).\n",
			`"summary": "Catalog diff against folder ../base: 1 price change (0 down, 0 up).",` + "\n" + `  "base": {` + "\n" + `    "kind": "folder",` + "\n" + `    "name": "../base"`},
	} {
		r.Base = tt.base
		if md, _, _ := strings.Cut(r.Markdown(), "\n"); md+"\n" != tt.md {
			t.Errorf("%v: Markdown summary %q, want %q", tt.base, md, tt.md)
		}
		out, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(out), "{\n  "+tt.json) {
			t.Errorf("%v: JSON starts\n%s\nwant\n{\n  %s", tt.base, out, tt.json)
		}
	}
}

// TestMarkdownShowsInvisibleCharacters: bidi controls, zero-width
// characters and C0/C1 control characters in catalog text reach the
// comment's table cells as visible escapes (<U+202E>), never raw, so a
// reviewer reads the text in the order and with the characters it has;
// a web address stops before one.
func TestMarkdownShowsInvisibleCharacters(t *testing.T) {
	const evil = "\u202eevil\u202c a\u200bb\u2066x\u2069 c\u0080d e\u009bf\u200dg\ufeff\u2060\u200f|`<\tnew\nline"
	base, br := load(t, baseCatalog)
	head, hr := load(t, edit(
		"model: spot, amount: 5, currency: USD, since: 2025, source: s,",
		"model: spot, amount: 4, currency: USD, since: 2025, source: "+strconv.Quote("https://aws.amazon.com/x\u202eevil "+evil)+",",
		"{id: v100, name: V100,", "{id: v100, name: "+strconv.Quote("V100 "+evil)+",",
	))
	r := Compare(base, head, br, hr)
	r.Base = Base{Kind: Revision, Name: "HEAD~1"}
	md := r.Markdown()
	for _, c := range "\u202e\u202c\u200b\u2066\u2069\u0080\u009b\u200d\ufeff\u200f\t" {
		if strings.ContainsRune(md, c) {
			t.Errorf("the comment holds %U raw", c)
		}
	}
	if strings.Count(md, "\u2060") != strings.Count(md, "@\u2060")+strings.Count(md, "#\u2060") {
		t.Error("the comment holds a word joiner of the catalog's raw")
	}
	out := render(t, md)
	text := plain(out)
	want := "<U+202E>evil<U+202C> a<U+200B>b<U+2066>x<U+2069> c<U+0080>d e<U+009B>f<U+200D>g<U+FEFF><U+2060><U+200F>|`<<U+0009>new<U+000A>line"
	if !strings.Contains(text, "V100 "+want) {
		t.Errorf("the GPU's name does not read as escapes:\n%s", text)
	}
	if !strings.Contains(md, "<https://aws.amazon.com/x>") || strings.Contains(out, `href="https://aws.amazon.com/x&lt;U`) {
		t.Errorf("a web address runs past a bidi control:\n%s", md)
	}
	if !strings.Contains(text, "https://aws.amazon.com/x<U+202E>evil "+want) {
		t.Errorf("the source does not read as escapes:\n%s", text)
	}
}
