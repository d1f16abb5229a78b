package compare

import (
	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// leftOut are the offers of the matrix whose price under its default
// model is listed, marked, and left out of the ranking until the reader
// includes it, each under the first reason pricing.Price.Why gives: an
// article's figure or an estimate, a marketplace's price, a stale price,
// an undated one (the site's freshness policy, counted to the build's
// day, as the matrix script counts them to the reader's). An offer its
// provider no longer lists is counted in none.
type leftOut struct {
	Articles, Marketplace, Stale, Undated int
}

// Any reports whether anything is left out.
func (n leftOut) Any() bool { return n.Articles+n.Marketplace+n.Stale+n.Undated > 0 }

// leftOutOf counts the offers of offers that leftOut names, under model.
func leftOutOf(offers []*pricing.Offer, model string) leftOut {
	var n leftOut
	for _, o := range offers {
		pr := o.Prices[model]
		if pr == nil || pr.Superseded || pr.Restricted || !o.Rankable() {
			continue
		}
		switch pr.Why() {
		case "":
		case pricing.WhyMarketplace:
			n.Marketplace++
		case catalog.Stale:
			n.Stale++
		case catalog.Undated:
			n.Undated++
		default:
			n.Articles++
		}
	}
	return n
}
