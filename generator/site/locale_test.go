package site

import (
	"html/template"
	"strings"
	"testing"
	"time"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/site/render"
)

// TestFormatsFollowTheLanguage: the template funcs that write dates,
// figures and amounts, with the shipped messages of each language. Dates
// are ISO 8601 in English, as the catalog writes them, and 年月日 in
// Chinese; figures group thousands with a comma in English, and in
// Chinese from five digits on (1979, 12,345.68); amounts keep their
// decimals in both; text that is not a date stays as it is.
func TestFormatsFollowTheLanguage(t *testing.T) {
	tfs := mustSub(t, gpucompare.Assets, "templates")
	const src = `{{date "2026-11-30"}}|{{date "2025-06-01"}}|{{date "2026-11"}}|{{date "2024-09"}}|{{date "2023"}}|` +
		`{{date .Date}}|{{date " 2025-06-01 "}}|{{date "unknown"}}|{{date "between 2024-09-04 and 2024-09-05"}}|` +
		`{{num 1234.56}}|{{num 1979}}|{{money 1234.5}}|{{money 0.70684}}|{{derived 12345.678}}`
	want := map[string]string{
		"en":    "2026-11-30|2025-06-01|2026-11|2024-09|2023|2024-02-07|2025-06-01|unknown|between 2024-09-04 and 2024-09-05|1,234.56|1,979|1,234.50|0.7068|12,345.68",
		"zh-CN": "2026年11月30日|2025年6月1日|2026年11月|2024年9月|2023年|2024年2月7日|2025年6月1日|unknown|between 2024-09-04 and 2024-09-05|1,234.56|1,979|1,234.50|0.7068|12,345.68",
	}
	for lang, want := range want {
		msgs, err := render.LoadMessages(tfs, lang, func(p catalog.Pos, f string, a ...any) { t.Errorf("%s: "+f, append([]any{lang}, a...)...) })
		if err != nil {
			t.Fatal(err)
		}
		tmpl, err := template.New("t").Funcs(render.Funcs(msgs)).Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := tmpl.Execute(&b, struct{ Date catalog.Date }{"2024-02-07"}); err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		if got := b.String(); got != want {
			t.Errorf("%s:\n got %s\nwant %s", lang, got, want)
		}
	}
}

// TestMoneySymbols: where an amount is written with its symbol (the
// changes page, feeds, diff), yuan are ¥ and dollars $, in every language;
// a currency without a symbol keeps its code.
func TestMoneySymbols(t *testing.T) {
	for _, c := range []struct {
		v        float64
		currency string
		want     string
	}{
		{11.71, "CNY", "¥11.71"},
		{21.96, "USD", "$21.96"},
		{1234.5, "CNY", "¥1234.50"},
		{0.70684, "USD", "$0.7068"},
		{3.5, "SGD", "3.50 SGD"},
	} {
		if got := feed.Money(c.v, c.currency); got != c.want {
			t.Errorf("feed.Money(%v, %q) = %q, want %q", c.v, c.currency, got, c.want)
		}
	}
}

// TestDateLayoutsOfTheScripts: static/age.js is given the layouts of a
// language that writes dates other than as ISO 8601 does (Chinese), and
// none for English, whose pages stay as they were.
func TestDateLayoutsOfTheScripts(t *testing.T) {
	tfs := mustSub(t, gpucompare.Assets, "templates")
	for lang, want := range map[string]string{
		"en":    "",
		"zh-CN": `"dates":{"day":"2006年1月2日","month":"2006年1月","year":"2006年"}`,
	} {
		msgs, err := render.LoadMessages(tfs, lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		js, err := ageScriptMessages(msgs, time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC), 90, 365)
		if err != nil {
			t.Fatal(err)
		}
		if want == "" {
			if strings.Contains(string(js), `"dates"`) {
				t.Errorf("%s: %s: want no date layouts", lang, js)
			}
		} else if !strings.Contains(string(js), want) {
			t.Errorf("%s: %s: want %s", lang, js, want)
		}
	}
}
