package render

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// FxNote is one rate that prices of a ranking, chart or price column were
// converted at: the currency converted, and the rate as the catalog states
// it. The sentence beside the ranking (messages.fxNote) names both; the
// methodology page states the rule with the same sentence.
type FxNote struct {
	From        string // the currency converted from
	Base, Quote string
	Rate        float64 // 1 Base = Rate Quote
	Date        string  // as the catalog dates it; "unknown" when unknown
	Source      string
	Caveat      string // what is unsure about the rate, apart from its source
	Kind        string // which rate it is (catalog.FXKinds), "" when unstated
	SourceKind  string // the publisher's notice or a report of it (catalog.FXSourceKinds)
}

// FxNotes makes the notes of a list of rates into the display currency,
// one per currency converted from, in list order: the list is the
// conversions of a page (pricing.Conversion) or the rates of a matrix
// (rateView). It is the template function fxnotes.
func FxNotes(display string, v any) ([]FxNote, error) {
	var out []FxNote
	add := func(n FxNote) {
		if n.From == "" || n.From == display || slices.ContainsFunc(out, func(o FxNote) bool { return o.From == n.From }) {
			return
		}
		out = append(out, n)
	}
	switch rates := v.(type) {
	case nil:
	case []pricing.Conversion:
		for _, c := range rates {
			if c.From != c.To {
				add(NoteOf(c.From, c.Rate))
			}
		}
	case []*RateView:
		for _, r := range rates {
			from := r.Base
			if from == display {
				from = r.Quote
			}
			add(FxNote{From: from, Base: r.Base, Quote: r.Quote, Rate: r.Rate, Date: r.Date, Source: r.Source, Kind: r.Kind, SourceKind: r.SourceKind})
		}
	case []FxNote:
		for _, n := range rates {
			add(n)
		}
	default:
		return nil, fmt.Errorf("fxnotes: want conversions or rates, got %T", v)
	}
	return out, nil
}

// NoteOf is the note of converting from a currency at a catalog rate
// (nil: no rate, a note of the currency alone).
func NoteOf(from string, fx *catalog.FXRate) FxNote {
	if fx == nil {
		return FxNote{From: from}
	}
	return FxNote{From: from, Base: fx.Base, Quote: fx.Quote, Rate: fx.Rate, Date: string(fx.Date), Source: fx.Source, Caveat: fx.Caveat, Kind: fx.Kind, SourceKind: fx.SourceKind}
}

// FxNote is the sentence beside a ranking that converted prices at n
// (message fx.note): "CNY prices converted at 1 USD = 6.8067 CNY
// (2026-07-01)." A rate whose kind the catalog states is named, with
// the kind of its source (message fx.note_kind): "USD prices converted
// at the central parity rate (PBoC, CFETS) of 2026-06-30: 1 USD =
// 6.8109 CNY, as a news report gives it." It is the template function
// fxnote.
func (m Messages) FxNote(n FxNote) (string, error) {
	date, err := m.Date(n.Date)
	if date == string(catalog.Unknown) {
		date, err = m.T("date.unknown")
	}
	if err != nil {
		return "", err
	}
	if n.Kind == "" {
		return m.T("fx.note", m.Cur(n.From), m.Cur(n.Base), FormatNum(n.Rate), m.Cur(n.Quote), date)
	}
	kind, err := m.T("fx.kind." + n.Kind)
	if err != nil {
		return "", err
	}
	var source string
	if n.SourceKind != "" {
		if source, err = m.T("fx.source_kind." + n.SourceKind); err != nil {
			return "", err
		}
	}
	return m.T("fx.note_kind", m.Cur(n.From), kind, date, m.Cur(n.Base), FormatNum(n.Rate), m.Cur(n.Quote), source)
}

// siteRates are the notes of every currency the catalog's prices are
// quoted in, other than the site's, that converts into it: the rates
// every ranking of the site converts at, by currency.
func siteRates(cat *catalog.Catalog) []FxNote {
	display := cat.Site.Currency
	var currencies []string
	for _, pp := range cat.Prices {
		cur := pp.Currency
		if p := cat.Provider(pp.Provider); cur == "" && p != nil {
			cur = p.Currency
		}
		if cur != "" && cur != display && !slices.Contains(currencies, cur) {
			currencies = append(currencies, cur)
		}
	}
	slices.Sort(currencies)
	rates := pricing.Rates(cat.FX)
	var out []FxNote
	for _, cur := range currencies {
		if c, ok := rates.Convert(cur, display); ok {
			out = append(out, NoteOf(cur, c.Rate))
		}
	}
	return out
}

// FxRule is the methodology's statement of how prices in different
// currencies are compared (message fx.rule), followed by the sentence
// each ranking carries (fxNote) for every rate the catalog converts at.
func (m Messages) FxRule(cat *catalog.Catalog) (string, error) {
	display := cmp.Or(cat.Site.Currency, "USD")
	notes := siteRates(cat)
	if len(notes) == 0 {
		return m.T("fx.rule_one", m.Cur(display), m.Cur(display))
	}
	texts := make([]string, len(notes))
	for i, n := range notes {
		s, err := m.FxNote(n)
		if err != nil {
			return "", err
		}
		texts[i] = s
	}
	return m.T("fx.rule", m.Cur(display), strings.Join(texts, " "), m.Cur(display))
}

// RateView is an exchange rate as the catalog states it: 1 Base = Rate Quote.
type RateView struct {
	Base, Quote string
	Rate        float64
	Date        string // as the catalog dates it; "unknown" when unknown
	Source      string
	Caveat      string
	Kind        string // which rate it is (catalog.FXKinds), "" when unstated
	SourceKind  string // the publisher's notice or a report of it (catalog.FXSourceKinds)
}
