package site

import (
	"cmp"
	"maps"
	"net/url"
	"slices"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
)

// The home page opens with its answer: what a GPU-hour of each main GPU
// model costs now. For each GPU model and each of homeTabs, the table
// holds the cheapest whole price per GPU-hour among the latest prices of
// the offers, compared in the site currency: a whole price is the price of
// a whole instance (not a part of its cost, such as a GPU without its VM,
// and not a vGPU slice), and only providers' and aggregators' figures take
// part (pricing.Offer.Ranks). Amounts quoted in another currency are
// converted with the catalog's latest dated rate, stated once under the
// table; an amount with no rate to the site currency cannot be compared,
// and is left out.
//
// Which GPU models are rows: those with such a price under at least one
// of homeTabs, chips of the last homeYears years first, then the chips whole-priced by the most providers first (the
// catalog's nearest measure of what buyers can rent widely), a chip's
// variants together, each by its own providers, then the most offered,
// then the largest GPU memory (it decides which models fit), then the
// newest chip (releaseYears), then in buyer order (derive.GPUOrder), up to
// homeRows; the GPU matrix lists the others.

// homeTab is a column set of the home table: the pricing models whose
// cheapest price it shows.
type homeTab struct {
	ID     string // names its messages (home.tab.<id>) and its tab in the page's URL
	Models []string
}

// homeTabs are the column sets of the home table, one switch apart:
// on-demand, spot, and the cheapest commitment for one year, however the
// provider calls it.
var homeTabs = []homeTab{
	{"on_demand", []string{"on_demand"}},
	{"spot", []string{"spot"}},
	{"commit_1y", []string{"reserved_1y", "savings_plan_1y", "cud_1y"}},
}

// homeRows is the most GPU models the home table shows, so that it fits
// the first screen.
const homeRows = 16

// homeYears is how many years back from the build's age date a chip's
// release counts as current on the home table.
const homeYears = 8

// compareBool orders false before true.
func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// homePrices is the home page's table of prices per GPU-hour.
type homePrices struct {
	Currency string    // the site currency every figure is in
	Tabs     []homeTab // homeTabs
	Rows     []*homePriceRow
	// Rates are the conversions used by the figures shown, one per
	// quoted currency other than Currency, by currency code.
	Rates []pricing.Conversion
	// More is how many GPU models with a whole price are not rows.
	More int
}

// homePriceRow is one GPU model of the home table.
type homePriceRow struct {
	GPU        *catalog.GPU
	URL        string      // the GPU's page
	CompareURL string      // the instance matrix filtered to the GPU
	Offers     int         // the offers of the GPU in the matrix, priced or not
	Cells      []*homeCell // aligned with homePrices.Tabs
}

// homeCell is the cheapest whole price per GPU-hour of a GPU model under
// the pricing models of a tab; nil in homePriceRow.Cells where it has
// none.
type homeCell struct {
	Model string // the pricing model of the price
	// Named says the tab has several pricing models, so the cell names
	// Model.
	Named      bool
	PerGPUHour float64 // in the site currency
	// Quoted is the price per GPU-hour in QuotedIn, the currency of the
	// source; Converted says QuotedIn is not the site currency.
	Quoted      float64
	QuotedIn    string
	Converted   bool
	Conversion  pricing.Conversion
	Approximate bool   // the source gives the amount as approximate
	Payment     string // the payment option of a reserved price; "" when none
	Provider    string // the provider's name
	Instance    string // the instance type's name
	InstanceURL string
	Region      string // the region's name, or its id; "all" when the price holds in every region
	Trust       *trustView
}

// homePriceTable makes the home table from the priced offers (converted
// into currency), with gpus in buyer order; chips released before the year
// oldBefore ("2018"; "" for none) come after the others. trust says how
// far to trust a price, and rel links to an output path from the home
// page.
func homePriceTable(offers []*pricing.Offer, gpus []*catalog.GPU, currency, oldBefore, lang string,
	trust func(*catalog.PricePoint, string) *trustView, rel func(string) string) *homePrices {
	t := &homePrices{Currency: currency, Tabs: homeTabs}
	best := map[string][]*homeCell{} // gpu id → cells aligned with homeTabs
	count := map[string]int{}
	providers := map[string]map[string]bool{} // gpu id → the providers with a whole price of it
	rates := map[string]pricing.Conversion{}
	for _, o := range offers {
		count[o.Instance.GPU]++
		if o.Instance.VGPUProfile != "" {
			continue // a slice of a GPU is not a GPU-hour
		}
		for i, tab := range homeTabs {
			for _, model := range tab.Models {
				if !o.Ranks(model) {
					continue
				}
				per, ok := o.PerGPUHour(model)
				if !ok {
					continue
				}
				if providers[o.Instance.GPU] == nil {
					providers[o.Instance.GPU] = map[string]bool{}
				}
				providers[o.Instance.GPU][o.Provider.ID] = true
				cells := best[o.Instance.GPU]
				if cells == nil {
					cells = make([]*homeCell, len(homeTabs))
					best[o.Instance.GPU] = cells
				}
				if c := cells[i]; c != nil && c.PerGPUHour <= per {
					continue // the first of equal prices (catalog and tab order) stays
				}
				cells[i] = homeCellOf(o, model, per, lang, trust, rel)
				cells[i].Named = len(tab.Models) > 1
			}
		}
	}
	var rows []*homePriceRow
	for _, g := range gpus {
		cells := best[g.ID]
		if cells == nil {
			continue
		}
		rows = append(rows, &homePriceRow{
			GPU: g, URL: rel(paths.GPU(g.ID)), CompareURL: rel(matrixPath(1)) + "#" + url.Values{"gpu": {g.ID}}.Encode(),
			Offers: count[g.ID], Cells: cells,
		})
	}
	year := derive.ReleaseYears(gpus)
	// A chip's variants (H100 SXM, PCIe, NVL) stand together, the chip
	// ranked by the providers of any of them.
	family := func(g *catalog.GPU) string {
		if g.Model == "" {
			return "id " + g.ID
		}
		return g.Vendor + " " + g.Model
	}
	familyProviders := map[string]map[string]bool{}
	for _, r := range rows {
		f := family(r.GPU)
		if familyProviders[f] == nil {
			familyProviders[f] = map[string]bool{}
		}
		maps.Copy(familyProviders[f], providers[r.GPU.ID])
	}
	old := func(g *catalog.GPU) bool { y := year(g); return y != "" && y < oldBefore }
	slices.SortStableFunc(rows, func(x, y *homePriceRow) int {
		fx, fy := family(x.GPU), family(y.GPU)
		return cmp.Or(
			compareBool(old(x.GPU), old(y.GPU)),
			-cmp.Compare(len(familyProviders[fx]), len(familyProviders[fy])),
			cmp.Compare(fx, fy),
			-cmp.Compare(len(providers[x.GPU.ID]), len(providers[y.GPU.ID])),
			-cmp.Compare(x.Offers, y.Offers),
			-cmp.Compare(memoryGB(x.GPU), memoryGB(y.GPU)),
			-cmp.Compare(year(x.GPU), year(y.GPU)),
		)
	})
	if len(rows) > homeRows {
		t.More = len(rows) - homeRows
		rows = rows[:homeRows]
	}
	t.Rows = rows
	for _, r := range rows {
		for _, c := range r.Cells {
			if c != nil && c.Converted {
				rates[c.QuotedIn] = c.Conversion
			}
		}
	}
	for _, cur := range slices.Sorted(maps.Keys(rates)) {
		t.Rates = append(t.Rates, rates[cur])
	}
	return t
}

// homeCellOf is the cell of offer o's price under model, per the GPU-hour
// per in the site currency.
func homeCellOf(o *pricing.Offer, model string, per float64, lang string,
	trust func(*catalog.PricePoint, string) *trustView, rel func(string) string) *homeCell {
	pr := o.Prices[model]
	c := &homeCell{
		Model: model, PerGPUHour: per,
		Quoted: pr.Hourly.Amount / float64(o.Instance.GPUCount), QuotedIn: pr.Hourly.Currency,
		Converted: pr.Conversion.From != pr.Conversion.To, Conversion: pr.Conversion,
		Approximate: pr.Point.Approximate, Payment: pr.Point.Payment,
		Provider: pagemodel.ProviderName(o.Provider, lang), Instance: o.Instance.Name, InstanceURL: rel(paths.Instance(o.Instance)),
		Region: o.Region, Trust: trust(pr.Point, pr.Kind),
	}
	if r := o.Provider.Region(o.Region); r != nil {
		c.Region = cmp.Or(pagemodel.RegionName(r, lang), r.ID)
	}
	return c
}

// memoryGB is a GPU's memory in GB; -1 when unknown, so that it sorts
// last.
func memoryGB(g *catalog.GPU) float64 {
	if g.MemoryGB == nil {
		return -1
	}
	return *g.MemoryGB
}
