package report

import (
	"strconv"
	"strings"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/compare"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
)

// Without a workload or a choice of GPU models, the report answers per
// GPU class, as the home page does, never across classes: a consumer card
// from a marketplace is no answer to a buyer of H100s. Its first page is
// then the home table of the report's offers (catalogpages.HomePriceTable, so the
// prices it takes are the home page's), every GPU model with a whole
// price a row, each cell naming its offer, the price's date, age and kind
// of source, and the source by its number.

// Classes is the report's answer per GPU class.
type Classes struct {
	Currency string
	Tabs     []catalogpages.HomeTab
	Rows     []*classRow
	Rates    []pricing.Conversion
	// Links says the table links its GPU models and instances: on the
	// site's summary and in the full report, not in the short one.
	Links bool
	// Refs says each cell names its source by its number under the
	// report's Sources: in the report, not on the site.
	Refs bool
}

// classRow is one GPU model of the answer.
type classRow struct {
	GPU    *catalog.GPU
	Anchor string // the GPU model's entry under Sources
	Cells  []*classCell
}

// classCell is the cheapest price of a GPU model under a tab's pricing
// models (catalogpages.HomeCell) and what the report adds: the offer and price point
// it comes from, the price's date, and its numbered source.
type classCell struct {
	*catalogpages.HomeCell
	Offer *pricing.Offer
	Point *catalog.PricePoint
	// Date is the day the price's age and freshness count from
	// (catalog.AgeDate): the date shown beside them; "" when undated.
	Date string
	Ref  *compare.CitedSource
}

// ClassesOf makes the answer per GPU class over the offers of k,
// with ages counted to ageDate (the report's day); nil when no offer has a whole price.
// trust is the builder's; link makes the links to pages of the site
// (pagemodel.ReportAnchor in the report, the page's Rel on the site).
func (k *Kind) ClassesOf(currency, lang, oldBefore string, ageDate time.Time, trust func(*catalog.PricePoint, string) *pagemodel.TrustView, link func(string) string) *Classes {
	// catalogpages.HomeCell keeps the trust view of its price, not the price: the
	// views made here say which point each is of.
	pointOf := map[*pagemodel.TrustView]*catalog.PricePoint{}
	trustOf := func(pp *catalog.PricePoint, kind string) *pagemodel.TrustView {
		v := trust(pp, kind)
		pointOf[v] = pp
		return v
	}
	home := catalogpages.HomePriceTable(k.data.Priced, k.data.GPUs, currency, oldBefore, lang, -1, ageDate, trustOf, link)
	if len(home.Rows) == 0 {
		return nil
	}
	offerOf := map[*catalog.PricePoint]*pricing.Offer{}
	for _, o := range k.data.Priced {
		for _, pr := range o.Prices {
			if offerOf[pr.Point] == nil {
				offerOf[pr.Point] = o
			}
		}
	}
	c := &Classes{Currency: home.Currency, Tabs: home.Tabs, Rates: home.Rates}
	for _, hr := range home.Rows {
		row := &classRow{GPU: hr.GPU, Anchor: link(paths.GPU(hr.GPU.ID))}
		for _, hc := range hr.Cells {
			if hc == nil {
				row.Cells = append(row.Cells, nil)
				continue
			}
			pp := pointOf[hc.Trust]
			aged, _ := catalog.AgeDate(pp)
			row.Cells = append(row.Cells, &classCell{HomeCell: hc, Offer: offerOf[pp], Point: pp, Date: string(aged)})
		}
		c.Rows = append(c.Rows, row)
	}
	return c
}

// oldBeforeOf is the year before which a chip is old on the home table,
// counted back from the age date; "" when there is none.
func oldBeforeOf(ageDate time.Time) string {
	if ageDate.IsZero() {
		return ""
	}
	return strconv.Itoa(ageDate.Year() - catalogpages.HomeYears)
}

// Offers are the offers the answer names, once each, in the order of its
// rows and tabs.
func (c *Classes) Offers() []*pricing.Offer {
	var out []*pricing.Offer
	seen := map[*pricing.Offer]bool{}
	for _, r := range c.Rows {
		for _, cell := range r.Cells {
			if cell != nil && cell.Offer != nil && !seen[cell.Offer] {
				seen[cell.Offer] = true
				out = append(out, cell.Offer)
			}
		}
	}
	return out
}

// SpotMarked reports whether a cell of a tab other than on-demand and
// the commitments is marked as another provider's than its row's
// on-demand answer (catalogpages.HomeCell.OtherProvider): such a cell
// carries a mark, explained once under the table, where a 1-year cell
// says so in words.
func (c *Classes) SpotMarked() bool {
	for _, r := range c.Rows {
		for i, cell := range r.Cells {
			if cell != nil && cell.OtherProvider && i < len(c.Tabs) && !strings.HasPrefix(c.Tabs[i].ID, "commit") {
				return true
			}
		}
	}
	return false
}

// Points are the price points behind the answer's prices.
func (c *Classes) Points() map[*catalog.PricePoint]bool {
	out := map[*catalog.PricePoint]bool{}
	for _, r := range c.Rows {
		for _, cell := range r.Cells {
			if cell != nil && cell.Point != nil {
				out[cell.Point] = true
			}
		}
	}
	return out
}
