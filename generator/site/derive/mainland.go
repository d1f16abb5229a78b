package derive

import (
	"cmp"
	"slices"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// The mainland view answers "what does one GPU cost per hour in mainland
// China": for each GPU model, the cheapest price per GPU-hour among the
// offers in regions of mainland China (catalog geo china-mainland), in
// yuan, under each of MainlandTabs: a current price where there is one,
// else the cheapest other, labelled (MainlandAnswers). Only prices quoted
// in yuan answer: a mainland company contracts with the China site of a
// cloud and pays in yuan, while an amount in dollars for a mainland
// region is the international site's or an article's quote in dollars,
// not what the China site charges, so it is left out rather than
// converted (the cell's Conversion is the identity).

// MainlandCurrency is the currency of the mainland view: what buyers in
// mainland China pay in (pricing.MainlandCurrency).
const MainlandCurrency = pricing.MainlandCurrency

// MainlandTab is a column set of the mainland view: the pricing models
// whose cheapest price it shows.
type MainlandTab struct {
	ID     string // names its messages (mainland.tab.<id>) and its tab
	Models []string
}

// MainlandTabs are pay-as-you-go (按量计费) and subscription by the month
// or the year (包年包月), the two ways the China clouds sell.
var MainlandTabs = []MainlandTab{
	{"on_demand", []string{"on_demand"}},
	{"subscription", []string{"subscription_month", "subscription_year"}},
}

// MainlandRow is one GPU model of the mainland view.
type MainlandRow struct {
	GPU   *catalog.GPU
	Cells []*MainlandCell // aligned with MainlandTabs; nil where none
}

// MainlandCell is the cheapest price per GPU-hour of a GPU model in
// mainland China under the models of one tab.
type MainlandCell struct {
	Offer *pricing.Offer
	Model string
	Price *pricing.Price
	// Answers says the price answers by default (MainlandAnswers): the
	// cell chose it over any that does not. Current says it is current,
	// too: a cell that is not holds the cheapest price of a GPU model with
	// no current one (a stale or undated price standing in, or an
	// article's or an estimate), labelled so.
	Answers, Current bool
	// PerGPUHour is in MainlandCurrency; Quoted the same in the quoted
	// currency, converted by Conversion (the identity for yuan).
	PerGPUHour float64
	Quoted     float64
	Conversion pricing.Conversion
}

// InMainland reports whether offer o is sold in a region of mainland
// China (pricing.Offer.InMainland).
func InMainland(o *pricing.Offer) bool { return o.InMainland() }

// MainlandQuoted reports whether offer o holds by the rule of the
// mainland view: sold in a region of mainland China and priced there in
// yuan as its provider quotes it, every price it has
// (pricing.Offer.MainlandQuoted, where the rule lives so that scenarios
// and guides limited to mainland China apply it too). The matrix's
// switch "mainland China only" keeps these offers (compare/offers.json's
// mainland), the evaluation's "mainland China clouds first" ranks them
// first, and the home page's mainland view chooses its prices among
// theirs (MainlandAnswers).
func MainlandQuoted(o *pricing.Offer) bool { return o.MainlandQuoted() }

// MainlandAnswers is which prices the mainland view chooses from, and
// whether a price is current: the offer's price under model, of a whole
// instance with whole GPUs (no vGPU slice, no part of the cost), quoted
// in yuan (MainlandCurrency), of an offer in mainland China quoted so
// (MainlandQuoted); current where it answers as the home table's prices
// do (pricing.Offer.Ranks: a source of a kind rankings use). A GPU model
// with no current price in mainland China is answered by its cheapest
// other price, which the view labels as such. It is the one place the
// view's selection is made.
func MainlandAnswers(o *pricing.Offer, model string) (ok, current bool) {
	if pr := o.Prices[model]; pr == nil || o.Instance.VGPUProfile != "" || o.Instance.GPUCount <= 0 || !o.Rankable() || !MainlandQuoted(o) {
		return false, false
	}
	return true, o.Ranks(model)
}

// Mainland derives the mainland view of the priced offers: a row for
// each GPU model of gpus with a price under some tab, cheapest first
// (cheaperFirst).
func Mainland(cat *catalog.Catalog, offers []*pricing.Offer, gpus []*catalog.GPU) []*MainlandRow {
	rates := pricing.Rates(cat.FX)
	best := map[string][]*MainlandCell{}
	for _, o := range offers {
		for i, tab := range MainlandTabs {
			for _, model := range tab.Models {
				ok, current := MainlandAnswers(o, model)
				if !ok {
					continue
				}
				pr := o.Prices[model]
				conv, ok := rates.Convert(pr.Hourly.Currency, MainlandCurrency)
				if !ok {
					continue
				}
				quoted := pr.Hourly.Amount / float64(o.Instance.GPUCount)
				per := conv.Apply(quoted)
				cells := best[o.Instance.GPU]
				if cells == nil {
					cells = make([]*MainlandCell, len(MainlandTabs))
					best[o.Instance.GPU] = cells
				}
				// A current price before any other, then the cheaper; the
				// first of equal prices (catalog order) stays.
				if c := cells[i]; c != nil && (c.Answers && !current || c.Answers == current && c.PerGPUHour <= per) {
					continue
				}
				// A stale or undated price that answers because nothing
				// current exists (pricing.Price.Fallback) is not current.
				cells[i] = &MainlandCell{Offer: o, Model: model, Price: pr, Answers: current, Current: current && !pr.Fallback, PerGPUHour: per, Quoted: quoted, Conversion: conv}
			}
		}
	}
	var rows []*MainlandRow
	for _, g := range gpus {
		if cells := best[g.ID]; cells != nil {
			rows = append(rows, &MainlandRow{GPU: g, Cells: cells})
		}
	}
	slices.SortStableFunc(rows, cheaperFirst)
	return rows
}

// cheaperFirst orders the rows of the mainland view as its lead says:
// by the price of the first tab (按量计费), cheapest first, a price from
// an article or an estimate after the others however low; a row with no
// price there after those that have one, by the next tab's; equal
// prices in buyer order.
func cheaperFirst(a, b *MainlandRow) int {
	for i := range MainlandTabs {
		x, y := a.Cells[i], b.Cells[i]
		switch {
		case x == nil && y == nil:
			continue
		case x == nil:
			return 1
		case y == nil:
			return -1
		}
		if rx, ry := catalog.Ranked(x.Price.Kind), catalog.Ranked(y.Price.Kind); rx != ry {
			if rx {
				return -1
			}
			return 1
		}
		return cmp.Compare(x.PerGPUHour, y.PerGPUHour)
	}
	return 0
}

// Abroad says why a price of a China cloud — a provider with a region of
// mainland China — is not what its China site charges, by the rule of
// the mainland view (MainlandAnswers): "intl_site" for a price of a
// mainland region quoted in another currency than yuan (its international
// site's list price), "intl_region" for a price of a region outside
// mainland China; "" for a mainland region's price in yuan, and for every
// price of a provider with no region in mainland China. Pages mark the
// price with its words (price.abroad.<reason>).
func Abroad(p *catalog.Provider, pp *catalog.PricePoint) string {
	if p == nil || pp == nil || !slices.ContainsFunc(p.Regions, func(r *catalog.Region) bool { return r.Geo == "china-mainland" }) {
		return ""
	}
	if !InMainland(&pricing.Offer{Provider: p, Region: pp.Region}) {
		return "intl_region"
	}
	if cmp.Or(pp.Currency, p.Currency) != MainlandCurrency {
		return "intl_site"
	}
	return ""
}
