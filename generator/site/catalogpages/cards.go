package catalogpages

import (
	"cmp"

	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/cards"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// CardLayouts are the page kinds with a social card, when the site has a
// URL (a card's address in og:image must be absolute).
var CardLayouts = map[string]bool{"home": true, "gpu": true, "instance": true, "provider": true}

// CardPath is the output path of the card of the page at path: card.png
// beside its index.html.
func CardPath(path string) string { return strings.TrimSuffix(path, "index.html") + cards.Name }

// CardTexts make the text of the card of each page that has one, one
// card at a time (Card), as it is drawn: the texts of every card of a
// large catalog are never held at once.
type CardTexts struct {
	pages  []cardPage // the pages with a card, in their order
	cat    *catalog.Catalog
	data   *derive.Data
	msgs   render.Messages
	prices pagemodel.Prices
	gpus   map[string]*catalog.GPU
	provs  map[string]*catalog.Provider
	ins    map[string]*catalog.Instance
}

// cardPage is what a card reads of its page.
type cardPage struct{ path, layout, title string }

// NewCardTexts makes the texts of the cards of pages: each page's title
// and the cheapest current price per GPU-hour of its offers, as the home
// table and a GPU model's page answer (HomePriceTable), with its age; of
// the edition's catalog, its derived data and messages, and the views of
// its prices.
func NewCardTexts(pages []*pagemodel.Page, cat *catalog.Catalog, data *derive.Data, msgs render.Messages, prices pagemodel.Prices) *CardTexts {
	c := &CardTexts{cat: cat, data: data, msgs: msgs, prices: prices,
		gpus: map[string]*catalog.GPU{}, provs: map[string]*catalog.Provider{}, ins: map[string]*catalog.Instance{}}
	for _, p := range pages {
		if p.Card != "" {
			c.pages = append(c.pages, cardPage{p.Path, p.Layout, p.Title})
		}
	}
	for _, g := range cat.GPUs {
		c.gpus[paths.GPU(g.ID)] = g
	}
	for _, pr := range cat.Providers {
		c.provs[paths.Provider(pr.ID)] = pr
		for _, in := range pr.Instances {
			c.ins[paths.Instance(in)] = in
		}
	}
	return c
}

// Len is the number of cards.
func (ct *CardTexts) Len() int { return len(ct.pages) }

// Card is the text of the i-th card, in the order of the pages. It is
// safe for concurrent use.
func (ct *CardTexts) Card(i int) (cards.Card, error) {
	p, cat, data, msgs, prices := ct.pages[i], ct.cat, ct.data, ct.msgs, ct.prices
	var err error
	t := msgs.TKeeping(&err)
	site := cat.Site.Title
	if site == "" {
		site = t("site.name")
	}
	c := cards.Card{Path: CardPath(p.path), Site: site}
	var offers []*pricing.Offer
	models := data.GPUs
	switch p.layout {
	case "home":
		c.Title, offers = t("home.title"), data.Priced
	case "gpu":
		g := ct.gpus[p.path]
		c.Kind, c.Title = t("card.kind.gpu"), p.title
		for _, o := range data.Priced {
			if o.Instance.GPU == g.ID {
				offers = append(offers, o)
			}
		}
		models = []*catalog.GPU{g}
	case "provider":
		pr := ct.provs[p.path]
		c.Kind, c.Title = t("card.kind.provider"), p.title
		for _, o := range data.Priced {
			if o.Provider == pr {
				offers = append(offers, o)
			}
		}
	case "instance":
		in := ct.ins[p.path]
		c.Kind, c.Title, c.Sub = t("card.kind.instance"), p.title, pagemodel.CatalogText(cat, in.Provider, "name")
		offers = data.OffersOf[in]
	}
	cell, gpu := cardAnswer(HomePriceTable(offers, models, cat.Site.Currency, "", cmp.Or(cat.Site.Language, catalog.BaseLanguage), -1, prices.AgeDate, prices.Trust, func(s string) string { return s }))
	if len(models) == 1 {
		gpu = nil // the page's own GPU model
	}
	lang := cmp.Or(cat.Site.Language, catalog.BaseLanguage)
	if p.layout == "home" && strings.HasPrefix(lang, "zh") && len(data.Mainland) > 0 {
		// The Chinese home page leads with the mainland view: its card
		// answers as that does, in yuan.
		c.Kind = t("mainland.tab")
		cell, gpu = mainlandAnswer(HomeMainlandOf(data.Mainland, nil, lang, prices.Trust, func(s string) string { return s }))
	}
	c.Price, c.Note = cardPrice(cat, msgs, cell, gpu, t)
	if cell != nil && cell.Other {
		// The mainland view's cheapest price where none is current
		// there, labelled as the view labels it.
		c.Note += t("card.mainland_other", t("mainland.not_current"))
	}
	return c, err
}

// mainlandAnswer is the cheapest pay-as-you-go answer of the mainland
// view, a current price before one that answers only because nothing of
// its GPU model is current there (Other); nil when none; and its GPU
// model.
func mainlandAnswer(m *HomeMainland) (*HomeCell, *catalog.GPU) {
	var best *HomeCell
	var gpu *catalog.GPU
	for _, r := range m.Rows {
		c := r.Cells[0]
		if c == nil {
			continue
		}
		if best == nil || best.Other && !c.Other || best.Other == c.Other && c.PerGPUHour < best.PerGPUHour {
			best, gpu = c, r.GPU
		}
	}
	return best, gpu
}

// cardAnswer is the cheapest on-demand answer of a home table: the
// lowest price per GPU-hour of its rows, a current one before one that
// answers only because nothing of its GPU model is current; nil when no
// row has one; and its GPU model.
func cardAnswer(t *HomePrices) (*HomeCell, *catalog.GPU) {
	var best *HomeCell
	var gpu *catalog.GPU
	for _, r := range t.Rows {
		c := r.Cells[0]
		if c == nil {
			continue
		}
		if best == nil || (c.Why == "") != (best.Why == "") && c.Why == "" || (c.Why == "") == (best.Why == "") && c.PerGPUHour < best.PerGPUHour {
			best, gpu = c, r.GPU
		}
	}
	return best, gpu
}

// cardPrice is the price line and the note under it of a card whose
// answer is c: the price per GPU-hour, then its pricing model, offer and
// age, and its GPU model when gpu is not nil; that there is none when c
// is nil.
func cardPrice(cat *catalog.Catalog, msgs render.Messages, c *HomeCell, gpu *catalog.GPU, t func(string, ...any) string) (price, note string) {
	if c == nil {
		return t("card.none"), ""
	}
	region := c.RegionIn(t)
	if gpu != nil {
		note = t("card.note_gpu", pagemodel.CatalogText(cat, gpu, "name"), c.Provider, c.Instance, region, c.Trust.Age)
	} else {
		note = t("card.note", t("home.tab.on_demand"), c.Provider, c.Instance, region, c.Trust.Age)
	}
	if c.Why != "" {
		note += t("card.fallback")
	}
	return t("card.price", render.FormatMoney(c.PerGPUHour), msgs.Cur(c.Currency)), note
}
