package render

import (
	"html/template"
	"testing"

	"gpucompare/generator/catalog"
)

// TestTHPutsInHTMLArgumentsAndEscapesTheRest: th keeps a name marked by
// own as it is and escapes the message and every other argument, so a
// round named in the catalog's language is marked on a Chinese page and
// catalog text cannot make markup.
func TestTHPutsInHTMLArgumentsAndEscapesTheRest(t *testing.T) {
	m := Messages{"site.language": "zh-CN", "k": "轮次%s，%s分区 <%d>"}
	got, err := m.th("k", m.own("Inference v4.0"), "<b>closed</b>", 3)
	if err != nil {
		t.Fatal(err)
	}
	want := template.HTML(`轮次<span lang="en">Inference v4.0</span>，&lt;b&gt;closed&lt;/b&gt;分区 &lt;3&gt;`)
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if _, err := m.th("missing"); err == nil {
		t.Error("no error for a message that does not exist")
	}
}

// TestTranslatedTextShowsIdentifiersAsCode: an identifier a catalog
// text's translation sets in backquotes shows as code in the catalog's
// language (`bj`, an API field), escaped, and plain without its marks
// where the text is an attribute's; the catalog's own text keeps its
// backquotes as written.
func TestTranslatedTextShowsIdentifiersAsCode(t *testing.T) {
	p := &catalog.Provider{Notes: "Regions: bj.", I18n: catalog.I18n{"zh-CN": {"notes": "地域：北京（`bj`），`a<b>` 字段。"}}}
	zh := Messages{"site.language": "zh-CN"}
	got, err := zh.tr(p, "notes")
	if err != nil {
		t.Fatal(err)
	}
	if want := template.HTML(`地域：北京（<code lang="en">bj</code>），<code lang="en">a&lt;b&gt;</code> 字段。`); got != want {
		t.Errorf("tr: got  %s\nwant %s", got, want)
	}
	if got, want := zh.trs(p, "notes"), "地域：北京（bj），a<b> 字段。"; got != want {
		t.Errorf("trs: got %q, want %q", got, want)
	}
	p.Notes, p.I18n = "Field `x`.", nil
	if got, _ := (Messages{"site.language": "en"}).tr(p, "notes"); got != "Field `x`." {
		t.Errorf("the catalog's own text: got %s", got)
	}
}
