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
