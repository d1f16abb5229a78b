package render

import (
	"io/fs"
	"slices"
	"testing"

	"gpucompare"
	"gpucompare/generator/catalog"
)

// shippedTemplates are the templates embedded in the binary.
func shippedTemplates(t *testing.T) fs.FS {
	t.Helper()
	sub, err := fs.Sub(gpucompare.Assets, "templates")
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

// shippedMessages are the shipped templates' messages in lang ("en",
// "zh-CN").
func shippedMessages(t *testing.T, lang string) Messages {
	t.Helper()
	m, err := LoadMessages(shippedTemplates(t), lang, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestEveryLayoutCompiles: the shipped templates render through tmplexec,
// none falls back to html/template.
func TestEveryLayoutCompiles(t *testing.T) {
	ts, err := LoadTemplates(shippedTemplates(t), "en", func(catalog.Pos, string, ...any) {})
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range Layouts {
		if ts.programs[kind] == nil {
			t.Errorf("layout %s: not compiled", kind)
		}
	}
}

// TestTipTakesTheRecordsTranslation: tip's tooltip is the record's text
// in the page's language where it has one, unmarked; else the catalog's
// own, marked as English with the mark of untranslated text.
func TestTipTakesTheRecordsTranslation(t *testing.T) {
	m := Messages{"site.language": "zh-CN", "untranslated.mark": "英文"}
	in := &catalog.Instance{PriceIncomplete: "GPU <only>", I18n: catalog.I18n{"zh-CN": {"price_incomplete": "仅含 GPU"}}}
	if got, want := string(m.tip("tag partial", in, "price_incomplete", "部分价格")), `<span class="tag partial" title="仅含 GPU">部分价格</span>`; got != want {
		t.Errorf("translated: got %s, want %s", got, want)
	}
	in.I18n = nil
	if got, want := string(m.tip("tag partial", in, "price_incomplete", "部分价格")), `<span class="tag partial" lang="en" title="GPU &lt;only&gt; (英文)"><span lang="zh-CN">部分价格</span></span>`; got != want {
		t.Errorf("untranslated: got %s, want %s", got, want)
	}
	en := Messages{"site.language": "en"}
	if got, want := string(en.tip("", in, "price_incomplete", "partial")), `<span title="GPU &lt;only&gt;">partial</span>`; got != want {
		t.Errorf("English: got %s, want %s", got, want)
	}
}

// TestFormatResult: a measured figure is shown to four significant
// digits, never with the noise of a division.
func TestFormatResult(t *testing.T) {
	for v, want := range map[float64]string{27.9688844837: "27.97", 1235.67: "1,236", 0.123456: "0.1235", 4096: "4,096", 9.99996: "10", 0: "0", 156.45: "156.5"} {
		if got := FormatResult(v); got != want {
			t.Errorf("FormatResult(%v) = %q, want %q", v, got, want)
		}
	}
}

// TestProseDates: a translated catalog text writes its ISO dates as the
// language does, but not inside a source's quotation, and the English
// text keeps them.
func TestProseDates(t *testing.T) {
	zh := Messages{"site.language": "zh-CN", "date.layout_day": "2006年1月2日"}
	for in, want := range map[string]string{
		"CVM SLA 自 2020-11-01 起生效":  "CVM SLA 自2020年11月1日起生效",
		"原文“2020-11-01”；2021-02-03": "原文“2020-11-01”；2021年2月3日",
		"file-2020-11-01.yaml":      "file-2020-11-01.yaml",
	} {
		if got := zh.ProseDates(in); got != want {
			t.Errorf("zh ProseDates(%q) = %q, want %q", in, got, want)
		}
	}
	en := Messages{"site.language": "en", "date.layout_day": "2006-01-02"}
	if got := en.ProseDates("since 2020-11-01"); got != "since 2020-11-01" {
		t.Errorf("en ProseDates = %q", got)
	}
}

func TestBesides(t *testing.T) {
	for _, c := range []struct {
		name  string
		words any
		want  []string
	}{
		{"华北2（北京）", []string{"北京", "Peking", "Peking"}, []string{"Peking"}},
		{"China (Hangzhou)", "Hangzhou", nil},
		{"华北-北京", "Beijing", []string{"Beijing"}},
		{"x", "", nil},
		{"x", []string(nil), nil},
	} {
		if got := Besides(c.name, c.words); !slices.Equal(got, c.want) {
			t.Errorf("Besides(%q, %q) = %q, want %q", c.name, c.words, got, c.want)
		}
	}
}
