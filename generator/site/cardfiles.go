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
	texts := catalogpages.NewCardTexts(pages, b.cat, b.Data, b.tmpl.Msgs, pricesOf(b))
	return cards.Write(b.files, cards.Inputs{Lang: b.lang(), Count: texts.Len(), Card: texts.Card}, sets)
}
