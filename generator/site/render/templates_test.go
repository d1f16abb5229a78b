package render

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

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
		if s, err := ts.set(kind); err != nil || s.prog == nil {
			t.Errorf("layout %s: not compiled (%v)", kind, err)
		}
	}
}

// TestLayoutSetsAreMadeWhenAskedAndLetGo: LoadTemplates makes no
// layout's set; a set is made when a page of it renders and is the same
// set until Release lets go of it; made again, it renders the same
// bytes. A Rebuilder's templates (KeepSets) keep their sets.
func TestLayoutSetsAreMadeWhenAskedAndLetGo(t *testing.T) {
	ts, err := LoadTemplates(shippedTemplates(t), "en", func(catalog.Pos, string, ...any) {})
	if err != nil {
		t.Fatal(err)
	}
	if len(ts.sets) != 0 {
		t.Errorf("%d sets made at load, want none", len(ts.sets))
	}
	render := func() string {
		var b strings.Builder
		if err := ts.ExecutePart(&b, "compare", "na", nil); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	first := render()
	if first == "" {
		t.Fatal(`"na" renders nothing: the test is not testing`)
	}
	s, _ := ts.set("compare")
	if again, _ := ts.set("compare"); again != s || len(ts.sets) != 1 || CompilePrograms && len(ts.parts) != 1 {
		t.Errorf("the set of compare made again while held, or other sets made (%d sets, %d parts)", len(ts.sets), len(ts.parts))
	}
	ts.Release("compare")
	if len(ts.sets) != 0 || len(ts.parts) != 0 {
		t.Errorf("after Release: %d sets, %d parts held", len(ts.sets), len(ts.parts))
	}
	if got := render(); got != first {
		t.Errorf("the set made again renders %q, want %q", got, first)
	}
	if again, _ := ts.set("compare"); again == s {
		t.Error("Release kept the set")
	}
	ts.KeepSets()
	ts.Release("compare")
	if len(ts.sets) != 1 {
		t.Errorf("KeepSets: %d sets held after Release, want 1", len(ts.sets))
	}
	if _, err := ts.set("nosuch"); err == nil {
		t.Error("a layout that does not exist has a set")
	}
}

// TestLayoutErrorsAtLoad: a layout whose file does not parse, or calls a
// function there is none of, fails LoadTemplates, though its set is
// made only later.
func TestLayoutErrorsAtLoad(t *testing.T) {
	for name, src := range map[string]string{"syntax": "{{define \"layout\"}}{{if}}{{end}}", "function": "{{define \"layout\"}}{{nosuchfunc 1}}{{end}}"} {
		tfs := fstest.MapFS{}
		fs.WalkDir(shippedTemplates(t), ".", func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				data, _ := fs.ReadFile(shippedTemplates(t), p)
				tfs[p] = &fstest.MapFile{Data: data}
			}
			return nil
		})
		tfs["layouts/gpu.html"] = &fstest.MapFile{Data: []byte(src)}
		if _, err := LoadTemplates(tfs, "en", func(catalog.Pos, string, ...any) {}); err == nil || !strings.Contains(err.Error(), "layouts/gpu.html") {
			t.Errorf("%s: LoadTemplates gives %v, want an error naming layouts/gpu.html", name, err)
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
