package render

import (
	"html/template"
	"testing"
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
