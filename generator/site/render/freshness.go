package render

import (
	"bytes"
	"cmp"
	"fmt"
	"strings"

	"gpucompare/generator/catalog"
)

// MarkdownShortcodes are the shortcodes whose text the code writes as
// Markdown, every catalog text in it escaped (escapeMarkdown); the text
// of any other shortcode is escaped whole.
var MarkdownShortcodes = map[string]bool{"data-age": true}

// providerAge is the data age of one provider's current prices — the
// last point of each series — as the methodology page lists it.
type providerAge struct {
	Name           string
	Provider       *catalog.Provider
	Prices         int
	Newest, Oldest catalog.Date // "" when every price is undated
	Undated        int
}

// providerAges is the data age of each provider that has prices, in the
// catalog's order of providers.
func providerAges(cat *catalog.Catalog) []providerAge {
	keys, series := cat.Series()
	by := map[string]*providerAge{}
	for _, k := range keys {
		s := series[k]
		d, _ := catalog.AgeDate(s[len(s)-1])
		a := by[k.Provider]
		if a == nil {
			a = &providerAge{}
			by[k.Provider] = a
		}
		a.Prices++
		if d == "" {
			a.Undated++
			continue
		}
		if a.Newest == "" || laterDate(d, a.Newest) {
			a.Newest = d
		}
		if a.Oldest == "" || laterDate(a.Oldest, d) {
			a.Oldest = d
		}
	}
	var out []providerAge
	for _, p := range cat.Providers {
		if a := by[p.ID]; a != nil {
			a.Name, a.Provider = p.Name, p
			out = append(out, *a)
		}
	}
	return out
}

// laterDate reports whether a starts after b; dates that start on the
// same day ("2025-06", "2025-06-01") compare as text.
func laterDate(a, b catalog.Date) bool {
	at, _ := a.Time()
	bt, _ := b.Time()
	if at.Equal(bt) {
		return a > b
	}
	return at.After(bt)
}

// DataAgeTable is the Markdown table of the shortcode "data-age": for each
// provider, how many current prices it has, the newest and oldest date
// their ages count from (catalog.AgeDate), and the share undated.
func (m Messages) DataAgeTable(cat *catalog.Catalog) (string, error) {
	var err error
	t := m.TKeeping(&err)
	esc := func(s string) string { return string(EscapeMarkdown(s)) }
	var b strings.Builder
	fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n|---|--:|---|---|--:|\n",
		esc(t("data_age.provider")), esc(t("data_age.prices")), esc(t("data_age.newest")), esc(t("data_age.oldest")), esc(t("data_age.undated")))
	for _, a := range providerAges(cat) {
		date := func(d catalog.Date) string {
			if d == "" {
				return esc(t("trust.undated"))
			}
			return esc(m.DateKeeping(&err)(string(d)))
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s |\n", esc(cmp.Or(m.trs(a.Provider, "name"), a.Name)), a.Prices, date(a.Newest), date(a.Oldest),
			esc(fmt.Sprintf("%d%%", (a.Undated*100+a.Prices/2)/a.Prices)))
	}
	return b.String(), err
}

// EscapeMarkdown escapes every ASCII punctuation mark of text with a
// backslash, so that Markdown shows the text as it is (CommonMark
// "Backslash escapes").
func EscapeMarkdown(text string) []byte {
	const punct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
	var b bytes.Buffer
	for _, r := range text {
		if strings.ContainsRune(punct, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.Bytes()
}
