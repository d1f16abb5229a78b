// Package catalogpages is the page models stage of the catalog's own
// records: the page models of the home, GPU list, GPU, provider list,
// provider and instance pages (Kind: their pages, models and figures),
// with the home table of prices they share (HomePriceTable), the previews
// of shared links, the texts of the social cards (CardTexts) and the
// Markdown twins of the GPU, provider and instance pages (Twin).
//
// Each is a function of its explicit inputs (Inputs: the edition's
// catalog, its derived data, the views of prices, the day ages count to,
// and the kinds whose parts the pages show); nothing here calls back into
// the orchestration (package site).
package catalogpages
