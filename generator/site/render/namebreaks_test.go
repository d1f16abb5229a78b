package render

import (
	"html/template"
	"testing"
)

// A name listed in site.name_breaks gets a <wbr> at each "|", escaped as
// the rest of the text; another name, or a part of one, is left alone.
func TestNameBreaksAtTheNamesOwnWords(t *testing.T) {
	const breaks = "亚马逊云科技|中国区域 浪潮（NF5468M6|整机租赁） A&B|C"
	for in, want := range map[template.HTML]template.HTML{
		"亚马逊云科技中国区域":       "亚马逊云科技<wbr>中国区域",
		"浪潮（NF5468M6整机租赁）": "浪潮（NF5468M6<wbr>整机租赁）",
		"亚马逊云科技":           "亚马逊云科技",
		"中国区域":             "中国区域",
		"A&amp;BC":         "A&amp;B<wbr>C",
	} {
		if got := nameBreaks(in, breaks); got != want {
			t.Errorf("nameBreaks(%q) = %q, want %q", in, got, want)
		}
	}
	if got := nameBreaks("亚马逊云科技中国区域", ""); got != "亚马逊云科技中国区域" {
		t.Errorf("with no breaks: %q", got)
	}
}
