package pricing

import (
	"cmp"
	"slices"

	"gpucompare/generator/catalog"
)

// MainlandGeo is the part of the world (catalog.Geos) of mainland China.
const MainlandGeo = "china-mainland"

// MainlandCurrency is what buyers in mainland China pay in: the China
// sites of the clouds quote and charge in yuan.
const MainlandCurrency = "CNY"

// InMainland reports whether offer o is sold in a region of mainland
// China: its region's, or for a price that holds in every region, each
// of its provider's regions is there.
func (o *Offer) InMainland() bool {
	if o.Region == catalog.AllRegions {
		if len(o.Provider.Regions) == 0 {
			return false
		}
		for _, r := range o.Provider.Regions {
			if r.Geo != MainlandGeo {
				return false
			}
		}
		return true
	}
	r := o.Provider.Region(o.Region)
	return r != nil && r.Geo == MainlandGeo
}

// MainlandQuoted reports whether offer o is a mainland China offer: sold
// in a region of mainland China (InMainland) and priced there in yuan
// (MainlandCurrency) as its provider quotes it, every price it has. An
// offer with no price does not hold, nor does a mainland region's price
// in dollars: the international site's list price, which the China site
// does not charge, so that a mainland company cannot buy at it. It is the
// one rule of "in mainland China" of every answer: the home page's
// mainland view, the matrix's switch "mainland China only", the
// evaluation's "mainland China clouds first", and a guide's or a
// scenario's limit to mainland China (InGeo).
func (o *Offer) MainlandQuoted() bool {
	if len(o.Prices) == 0 || !o.InMainland() {
		return false
	}
	for _, pr := range o.Prices {
		if pr.Hourly.Currency != MainlandCurrency {
			return false
		}
	}
	return true
}

// InGeo reports whether an offer is in one of the parts of the world. In
// mainland China (MainlandGeo) it is by the rule of every mainland answer
// (MainlandQuoted): a region there and every price in yuan. Elsewhere it
// is its region's geo, or, for a price that holds in every region, that
// of one of the regions the instance type is offered in.
func (o *Offer) InGeo(geos []string) bool {
	if slices.Contains(geos, MainlandGeo) && o.MainlandQuoted() {
		return true
	}
	in := func(geo string) bool { return geo != MainlandGeo && slices.Contains(geos, geo) }
	inRegion := func(id string) bool {
		r := o.Provider.Region(id)
		return r != nil && in(r.Geo)
	}
	if o.Region != catalog.AllRegions {
		return inRegion(o.Region)
	}
	if len(o.Instance.Regions) == 0 || slices.Contains(o.Instance.Regions, catalog.AllRegions) {
		return slices.ContainsFunc(o.Provider.Regions, func(r *catalog.Region) bool { return in(r.Geo) })
	}
	return slices.ContainsFunc(o.Instance.Regions, inRegion)
}

// IntlSite reports whether offer o is in a region of mainland China but
// is no mainland China offer (MainlandQuoted) for a price in another
// currency than yuan: its provider's international site's list price.
// Pages say so where a limit to mainland China leaves it out.
func (o *Offer) IntlSite() bool {
	return len(o.Prices) > 0 && o.InMainland() && !o.MainlandQuoted()
}

// IntlSitePoint reports whether price point pp of provider p is its
// international site's list price in mainland China: a price of a region
// there (InMainland) quoted in another currency than yuan, which the
// China site does not charge. Pages mark such a price wherever they show
// it, and a mainland company cannot buy at it.
func IntlSitePoint(p *catalog.Provider, pp *catalog.PricePoint) bool {
	if p == nil || pp == nil {
		return false
	}
	return (&Offer{Provider: p, Region: pp.Region}).InMainland() && cmp.Or(pp.Currency, p.Currency) != MainlandCurrency
}

// BeforeChinaSite is Price.Before with the rule of every mainland answer
// (MainlandQuoted) added, for the headline of an instance type: of two
// prices that may answer alike with stale ones included, the one that is
// not an international site's list price in mainland China
// (IntlSitePoint) comes first, however low the other; else Before
// decides. p is a price of offer o, q of offer qo.
func BeforeChinaSite(o *Offer, p *Price, qo *Offer, q *Price) bool {
	inc := Include{Stale: true}
	if p.Answers(inc) == q.Answers(inc) {
		if a, b := IntlSitePoint(o.Provider, p.Point), IntlSitePoint(qo.Provider, q.Point); a != b {
			return b
		}
	}
	return p.Before(q)
}
