package compare

import (
	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// leftOut are the offers of the matrix whose price under its default
// model is listed, marked, and left out of the ranking until the reader
// includes it (pricing.Price.Why): an article's figure or an estimate,
// and a marketplace's price. An offer its provider no longer lists is
// counted in neither.
type leftOut struct {
	Articles, Marketplace int
}

// leftOutOf counts the offers of offers that leftOut names, under model.
func leftOutOf(offers []*pricing.Offer, model string) leftOut {
	var n leftOut
	for _, o := range offers {
		pr := o.Prices[model]
		if pr == nil || pr.Superseded || !o.Rankable() {
			continue
		}
		switch {
		case !catalog.Ranked(pr.Kind):
			n.Articles++
		case pr.Marketplace:
			n.Marketplace++
		}
	}
	return n
}
