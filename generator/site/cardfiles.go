package site

import (
	"gpucompare/generator/site/cards"
	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/reuse"
)

// cards writes the social card of each page that has one (Page.Card)
// with package cards: its title and the cheapest current price per
// GPU-hour of its offers, as the home table and a GPU model's page answer
// (catalogpages.HomePriceTable), with its age.
func (b *builder) cards(pages []*pagemodel.Page, sets *reuse.Sets) error {
	texts, err := catalogpages.CardTexts(pages, b.cat, b.Data, b.tmpl.Msgs, pricesOf(b))
	if err != nil || len(texts) == 0 {
		return err
	}
	return cards.Write(b.files, cards.Inputs{Lang: b.lang(), Cards: texts}, sets)
}
