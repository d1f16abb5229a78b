package catalogpages

import (
	"cmp"
	"fmt"
	"maps"
	"slices"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
)

// MaxGPURows is the most GPU models a page of the GPU list holds: a
// catalog of more lists them on pages of MaxGPURows (GPUsPath), the most
// offered first, so that each page stays under 2 MB; a catalog of fewer
// lists them all on one page, newest first.
const MaxGPURows = 200

// GPUsPages is how many pages the list of n GPU models takes.
func GPUsPages(n int) int { return max(1, (n+MaxGPURows-1)/MaxGPURows) }

// GPUsPath is the path of the n-th page of the GPU list, from 1; a later
// page is a file beside the GPU pages' folders, a name no GPU's id makes.
func GPUsPath(n int) string {
	if n == 1 {
		return "gpus/index.html"
	}
	return fmt.Sprintf("gpus/page-%d.html", n)
}

// gpusPage is the GPU models of page page (from 0) of a GPU list of more
// than one page, and their priced offers: the models with the most
// offers in the matrix first, then in buyer order.
func (k *Kind) gpusPage(page int) ([]*catalog.GPU, []*pricing.Offer) {
	count := map[string]int{}
	for _, o := range k.data.Priced {
		count[o.Instance.GPU]++
	}
	gpus := slices.Clone(k.data.GPUs)
	slices.SortStableFunc(gpus, func(a, b *catalog.GPU) int { return count[b.ID] - count[a.ID] })
	gpus = gpus[page*MaxGPURows : min(len(gpus), (page+1)*MaxGPURows)]
	in := map[string]bool{}
	for _, g := range gpus {
		in[g.ID] = true
	}
	var offers []*pricing.Offer
	for _, o := range k.data.Priced {
		if in[o.Instance.GPU] {
			offers = append(offers, o)
		}
	}
	return gpus, offers
}

// cheapestTable is the GPU matrix's second table: for each GPU model and
// each pricing model, the offer with the lowest price per GPU-hour, compared
// in the site currency (quoted amounts converted with the dated rates shown
// under the table).
type cheapestTable struct {
	Currency string
	Models   []string // the pricing models some offer is priced under, in pricing.Models order
	Rows     []*cheapestRow
	Rates    []pricing.Conversion // the conversions used, one per currency
}

type cheapestRow struct {
	ID    string // the GPU's
	Name  string
	URL   string
	Cells []*cheapestCell // aligned with Models; nil where no offer has that model
}

// cheapestCell is the cheapest offer of a GPU model under one pricing model.
type cheapestCell struct {
	PerGPUHour   float64 // site currency
	Quoted       float64 // per GPU-hour in the quoted currency
	QuotedIn     string  // the quoted currency
	Converted    bool    // the quoted currency is not the site's
	Offer        string  // instance type name
	ProviderName string
	RegionName   string // "" for all regions
	URL          string // the instance page
	Trust        *pagemodel.TrustView
}

// Cheapest builds the cheapest-offer table from the priced offers.
func (k *Kind) Cheapest(p *pagemodel.Page, offers []*pricing.Offer) *cheapestTable {
	t := &cheapestTable{Currency: k.cat.Site.Currency}
	best := map[string]map[string]*cheapestCell{} // gpu id → model → cell
	rates := map[string]pricing.Conversion{}
	for _, o := range offers {
		if !o.Rankable() {
			continue
		}
		for model, pr := range o.Prices {
			if !pr.Ranked() {
				continue // an article's figure or an estimate is no cheapest price
			}
			per, ok := o.PerGPUHour(model)
			if !ok {
				continue
			}
			cells := best[o.Instance.GPU]
			if cells == nil {
				cells = map[string]*cheapestCell{}
				best[o.Instance.GPU] = cells
			}
			if c := cells[model]; c != nil && c.PerGPUHour <= per {
				continue // the first of equal prices (catalog order) stays
			}
			c := &cheapestCell{
				PerGPUHour: per, Quoted: pr.Hourly.Amount / float64(o.Instance.GPUCount), QuotedIn: pr.Hourly.Currency,
				Converted: pr.Conversion.Factor != 1, Offer: k.text(o.Instance, "name"), ProviderName: cmp.Or(k.text(o.Provider, "name"), o.Provider.Name),
				URL: p.Rel(paths.Instance(o.Instance)), Trust: k.trust(pr.Point, pr.Kind),
			}
			if r := o.Provider.Region(o.Region); r != nil {
				c.RegionName = cmp.Or(k.text(r, "name"), r.ID)
			}
			cells[model] = c
			if c.Converted {
				rates[pr.Hourly.Currency] = *pr.Conversion
			}
		}
	}
	for _, m := range pricing.Models {
		for _, cells := range best {
			if cells[m] != nil {
				t.Models = append(t.Models, m)
				break
			}
		}
	}
	for _, g := range k.data.GPUs {
		cells := best[g.ID]
		if cells == nil {
			continue
		}
		row := &cheapestRow{ID: g.ID, Name: cmp.Or(pagemodel.CatalogText(k.cat, g, "name"), g.Name), URL: p.Rel(paths.GPU(g.ID))}
		for _, m := range t.Models {
			row.Cells = append(row.Cells, cells[m])
		}
		t.Rows = append(t.Rows, row)
	}
	for _, cur := range slices.Sorted(maps.Keys(rates)) {
		t.Rates = append(t.Rates, rates[cur])
	}
	return t
}
