package render

import (
	"html/template"
	"strings"
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

// TestEnglishNamesEachSeedGuide: the English edition names a seed
// guide by its own name, told apart by the section it cites, in a
// citation of one section or of several, each with its quotation.
func TestEnglishNamesEachSeedGuide(t *testing.T) {
	en := shippedMessages(t, "en")
	for src, want := range map[string]string{
		`industry buyer's guide (Chinese), section "三、GPU云服务器选购策略：五步构建最优方案 › 3.1 需求精准定位" ('计算密集型任务')`:                          en["source_seed.guide_b"],
		`industry buyer's guide (Chinese), section "五、未来趋势与选型建议 › 最终建议" ('初创团队'), section "四、选型决策树与优化建议 › 2. 成本控制策略" ('短期项目')`: en["source_seed.guide"],
	} {
		cs := en.Cite(src)
		if len(cs) != 1 || len(cs[0]) == 0 || !strings.HasPrefix(cs[0][0].Text, want+", section") {
			t.Errorf("%s: got %+v, want it to start with %q", src, cs, want)
		}
	}
	if en["source_seed.guide"] == en["source_seed.guide_b"] {
		t.Error("the two seed guides have one English name")
	}
}

// TestTranslatedTextShowsQuotationsAsQ: a quotation a catalog text's
// translation sets in “” shows as a quotation, <q>, escaped: in the
// catalog's language when it holds Latin letters and no Han character,
// in the page's otherwise; plain, where the text is an attribute's, it
// keeps its marks, and the catalog's own text is as written.
func TestTranslatedTextShowsQuotationsAsQ(t *testing.T) {
	p := &catalog.Provider{Notes: `Per hour ("H100 $3.09 / hour").`, I18n: catalog.I18n{"zh-CN": {"notes": "按小时计价（“H100 $3.09 / hour”），“TensorCore加速”，“<b>&x</b>”，“`bj`”，“≥”。"}}}
	zh := Messages{"site.language": "zh-CN"}
	got, err := zh.tr(p, "notes")
	if err != nil {
		t.Fatal(err)
	}
	want := template.HTML(`按小时计价（<q lang="en">H100 $3.09 / hour</q>），<q>TensorCore加速</q>，<q lang="en">&lt;b&gt;&amp;x&lt;/b&gt;</q>，<q lang="en"><code lang="en">bj</code></q>，<q>≥</q>。`)
	if got != want {
		t.Errorf("tr: got  %s\nwant %s", got, want)
	}
	if got, want := zh.trs(p, "notes"), "按小时计价（“H100 $3.09 / hour”），“TensorCore加速”，“<b>&x</b>”，“bj”，“≥”。"; got != want {
		t.Errorf("trs: got %q, want %q", got, want)
	}
	if got, _ := (Messages{"site.language": "en"}).tr(p, "notes"); got != template.HTML(`Per hour (&#34;H100 $3.09 / hour&#34;).`) {
		t.Errorf("the catalog's own text: got %s", got)
	}
	p.Notes, p.I18n = "“a”", nil
	if got, _ := (Messages{"site.language": "en"}).tr(p, "notes"); got != "“a”" {
		t.Errorf("the catalog's own text: got %s", got)
	}
}

// TestRoundsListedInTheLanguage: the rounds of a benchmark page's lead
// are each named as the language names them (推理 v4.0), joined by its
// comma; a round the messages do not name stays marked as the catalog's.
// A native reader's review found the list in English on a Chinese page.
func TestRoundsListedInTheLanguage(t *testing.T) {
	m := Messages{"site.language": "zh-CN", "punct.comma": "，", "round_name.Inference v4.0": "推理 v4.0", "round_name.Inference v4.1": "推理 v4.1"}
	got := roundNames(m, []string{"Inference v4.0", "Inference v4.1", "Training v9"})
	want := template.HTML(`推理 v4.0，推理 v4.1，<span lang="en">Training v9</span>`)
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
