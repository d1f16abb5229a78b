package catalogpages

import (
	"cmp"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

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
// Only prices that answer by default take part (pricing.Price.Ranked):
// current, not superseded, not a marketplace's. Where no such price of a
// GPU model exists under a tab, a stale or undated one answers in its
// place, and the cell says so ("no current price; newest is 14 months
// old"). The reader's two switches, "include stale prices" and "include
// marketplaces" (HomeIncludes), each kept in the page's URL, let those in
// too: each cell's answer under each state of the switches is made here,
// the same rule as by default (pricing.Price.Answers), and the page
// carries the answers that differ as rows the script shows in place of
// the default's (static/home.js).
//
// Which GPU models are rows: those with such a price, with both switches
// on, under at least one of homeTabs, chips of the last HomeYears years first, then the chips whole-priced by the most providers first (the
// catalog's nearest measure of what buyers can rent widely), a chip's
// variants together, each by its own providers, then the most offered,
// then the largest GPU memory (it decides which models fit), then the
// newest chip (releaseYears), then in buyer order (derive.GPUOrder), up to
// HomeRows; the GPU matrix lists the others.

// HomeTab is a column set of the home table: the pricing models whose
// cheapest price it shows.
type HomeTab struct {
	ID     string // names its messages (home.tab.<id>) and its tab in the page's URL
	Models []string
}

// homeTabs are the column sets of the home table, one switch apart:
// on-demand, spot, and the cheapest commitment for one year, however the
// provider calls it.
var homeTabs = []HomeTab{
	{"on_demand", []string{"on_demand"}},
	{"spot", []string{"spot"}},
	{"commit_1y", []string{"reserved_1y", "savings_plan_1y", "cud_1y"}},
}

// HomeRows is the most GPU models the home table shows, so that it fits
// the first screen.
const HomeRows = 16

// HomeYears is how many years back from the build's age date a chip's
// release counts as current on the home table.
const HomeYears = 8

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

// HomePrices is the home page's table of prices per GPU-hour.
type HomePrices struct {
	Currency string    // the site currency every figure is in
	Tabs     []HomeTab // homeTabs
	Rows     []*HomePriceRow
	// Rates are the conversions used by the figures shown, one per
	// quoted currency other than Currency, by currency code.
	Rates []pricing.Conversion
	// More is how many GPU models with a whole price are not rows.
	More int
}

// HomePriceRow is one GPU model of the home table.
type HomePriceRow struct {
	GPU        *catalog.GPU
	URL        string      // the GPU's page
	CompareURL string      // the instance matrix filtered to the GPU
	Offers     int         // the offers of the GPU in the matrix, priced or not
	Cells      []*HomeCell // aligned with HomePrices.Tabs: the answers by default
	// Lines are, aligned with HomePrices.Tabs, the lines of the row in
	// the tab's table: the default's first, then one for each other
	// answer the switches give (HomeLine).
	Lines [][]*HomeLine
}

// HomeIncludes are the states of the home table's switches, by the mask
// a line names them with (HomeLine.Show): 0 by default, 1 with stale
// prices, 2 with marketplaces, 3 with both.
var HomeIncludes = pricing.Switches

// homeCellSet are a GPU model's cells under each state of the switches,
// by its mask, each aligned with homeTabs.
type homeCellSet [len(HomeIncludes)][]*HomeCell

// HomeLine is one line of a GPU model's row in a tab's table: the answer
// under the states of the switches it names.
type HomeLine struct {
	Row  *HomePriceRow
	Cell *HomeCell // nil: no price answers under these states
	// Show are the masks of the states the line answers under (HomeIncludes),
	// space-separated ("0 1"); Default says 0 is among them, so that the
	// page without its script shows it.
	Show    string
	Default bool
	// Marketplaces says, of a line without a price, that marketplaces
	// price the GPU model under the tab all the same.
	Marketplaces bool
}

// HomeCell is the cheapest whole price per GPU-hour of a GPU model under
// the pricing models of a tab; nil in HomePriceRow.Cells where it has
// none.
type HomeCell struct {
	Model    string // the pricing model of the price
	Currency string // the currency of PerGPUHour
	// Named says the tab has several pricing models, so the cell names
	// Model.
	Named      bool
	PerGPUHour float64 // in Currency: the site's, or the mainland view's
	// Quoted is the price per GPU-hour in QuotedIn, the currency of the
	// source; Converted says QuotedIn is not the site currency.
	Quoted      float64
	QuotedIn    string
	Converted   bool
	Conversion  pricing.Conversion
	Approximate bool // the source gives the amount as approximate
	// Other says the price is not current (the mainland view's answer
	// for a GPU model with no current price there: derive.MainlandCell).
	Other bool
	// OtherKind is the kind of source of a price that is not current for
	// it (catalog.Ranked is false: "article", "estimate"), the reason
	// pages give instead of "not current"; "" for any other price.
	OtherKind   string
	Payment     string // the payment option of a reserved price; "" when none
	Provider    string // the provider's name
	Instance    string // the instance type's name
	InstanceURL string
	Region      string // the region's name, or its id; "all" when the price holds in every region
	// RegionUnstated says the source names no region for the price
	// (catalog.PricePoint.RegionUnstated): its Region is "all", which
	// pages then do not claim.
	RegionUnstated bool
	Trust          *pagemodel.TrustView
	// Marketplace says the provider is a marketplace of third-party hosts.
	Marketplace bool
	// Why says why a stale or undated price answers by default: no price
	// of the GPU model under the tab is current. "stale" with Months, the
	// age in whole months of the newest of its prices; "undated" when
	// none is dated; "" for a current price, or under a switch.
	Why    string
	Months int
	// OtherProvider says, of a spot or 1-year cell, that its provider is
	// not the one of its row's on-demand answer under the same switches,
	// so the two prices are not one provider's price and its discount;
	// OwnOnDemand is then that provider's own on-demand price per GPU-hour
	// of the GPU model (OwnOnDemand), 0 when none answers.
	OtherProvider bool
	OwnOnDemand   float64
	// price is the price the cell shows, which tells two cells apart;
	// offer is its offer.
	price *pricing.Price
	offer *pricing.Offer
}

// OfferOf is the offer of the price the cell shows.
func (c *HomeCell) OfferOf() *pricing.Offer { return c.offer }

// PriceOf is the price the cell shows.
func (c *HomeCell) PriceOf() *pricing.Price { return c.price }

// HomePriceTable makes the home table from the priced offers (converted
// into currency), with gpus in buyer order; chips released before the year
// oldBefore ("2018"; "" for none) come after the others; at most limit
// rows (a negative limit: every GPU model with a price). trust says how
// far to trust a price, and rel links to an output path from the home
// page.
func HomePriceTable(offers []*pricing.Offer, gpus []*catalog.GPU, currency, oldBefore, lang string, limit int, ref time.Time,
	trust func(*catalog.PricePoint, string) *pagemodel.TrustView, rel func(string) string) *HomePrices {
	t := &HomePrices{Currency: currency, Tabs: homeTabs}
	best := map[string]*homeCellSet{}     // gpu id → its cells
	newest := map[string][]catalog.Date{} // gpu id → by tab, the newest date of its stale prices ("-": undated)
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
				per, ok := o.PerGPUHour(model)
				if !ok || !o.Answers(model, HomeIncludes[len(HomeIncludes)-1]) {
					continue
				}
				if providers[o.Instance.GPU] == nil {
					providers[o.Instance.GPU] = map[string]bool{}
				}
				providers[o.Instance.GPU][o.Provider.ID] = true
				set := best[o.Instance.GPU]
				if set == nil {
					set = &homeCellSet{}
					for m := range set {
						set[m] = make([]*HomeCell, len(homeTabs))
					}
					best[o.Instance.GPU] = set
					newest[o.Instance.GPU] = make([]catalog.Date, len(homeTabs))
				}
				pr := o.Prices[model]
				if pr.Fallback {
					d, _ := catalog.AgeDate(pr.Point)
					if n := newest[o.Instance.GPU][i]; n == "" || n == "-" && d != "" || d != "" && n != "-" && Later(d, n) {
						newest[o.Instance.GPU][i] = cmp.Or(d, "-")
					}
				}
				for m, inc := range HomeIncludes {
					if !o.Answers(model, inc) {
						continue
					}
					// By default, a stale price standing in for a current
					// one comes after every current price of the tab; the
					// first of equal prices (catalog and tab order) stays.
					if c := set[m][i]; c != nil {
						if m == 0 && c.price.Fallback != pr.Fallback {
							if !c.price.Fallback {
								continue
							}
						} else if c.PerGPUHour <= per {
							continue
						}
					}
					set[m][i] = homeCellOf(o, model, per, lang, trust, rel)
					set[m][i].Currency = currency
					set[m][i].Named = len(tab.Models) > 1
				}
			}
		}
	}
	var rows []*HomePriceRow
	for _, g := range gpus {
		set := best[g.ID]
		if set == nil {
			continue
		}
		for m := range set {
			markOtherProviders(set[m], offers, HomeIncludes[m])
		}
		r := &HomePriceRow{
			GPU: g, URL: rel(paths.GPU(g.ID)), CompareURL: rel(paths.Matrix(1)) + "#" + url.Values{"gpu": {g.ID}}.Encode(),
			Offers: count[g.ID], Cells: set[0], Lines: make([][]*HomeLine, len(homeTabs)),
		}
		for i := range homeTabs {
			if c := set[0][i]; c != nil && c.price.Fallback {
				c.Why = catalog.Undated
				if d := newest[g.ID][i]; d != "-" {
					c.Why, c.Months = catalog.Stale, monthsOld(d, ref)
				}
			}
			r.Lines[i] = homeLinesOf(r, i, set)
		}
		rows = append(rows, r)
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
	slices.SortStableFunc(rows, func(x, y *HomePriceRow) int {
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
	if limit >= 0 && len(rows) > limit {
		t.More = len(rows) - limit
		rows = rows[:limit]
	}
	t.Rows = rows
	// The note under the tables states the rate of every figure shown in
	// any state of the switches, not only by default.
	for _, r := range rows {
		for _, lines := range r.Lines {
			for _, l := range lines {
				if c := l.Cell; c != nil && c.Converted {
					rates[c.QuotedIn] = c.Conversion
				}
			}
		}
	}
	for _, cur := range slices.Sorted(maps.Keys(rates)) {
		t.Rates = append(t.Rates, rates[cur])
	}
	return t
}

// homeLinesOf makes the lines of row r in tab i from its cells under
// each state of the switches: one line per different answer, the
// default's first.
func homeLinesOf(r *HomePriceRow, i int, set *homeCellSet) []*HomeLine {
	var lines []*HomeLine
	for m := range HomeIncludes {
		c := set[m][i]
		var at *HomeLine
		for _, l := range lines {
			if l.Cell == c || l.Cell != nil && c != nil && l.Cell.price == c.price && l.Cell.OtherProvider == c.OtherProvider && l.Cell.OwnOnDemand == c.OwnOnDemand {
				at = l
			}
		}
		if at == nil {
			at = &HomeLine{Row: r, Cell: c, Default: m == 0}
			lines = append(lines, at)
		}
		at.Show = strings.TrimSpace(at.Show + " " + strconv.Itoa(m))
	}
	if lines[0].Cell == nil {
		for _, l := range lines[1:] {
			lines[0].Marketplaces = lines[0].Marketplaces || l.Cell != nil && l.Cell.Marketplace
		}
	}
	return lines
}

// markOtherProviders marks each spot or commitment answer of cells (a
// row's cells under the switches inc, aligned with homeTabs) whose
// provider is not its on-demand answer's, with that provider's own
// on-demand price for comparison: a buyer reading 3.09 on demand beside
// 2.91 on spot or 7.67 reserved for a year must not take them for one
// provider's prices.
func markOtherProviders(cells []*HomeCell, offers []*pricing.Offer, inc pricing.Include) {
	if len(cells) == 0 || cells[0] == nil || cells[0].offer == nil {
		return
	}
	od := cells[0].offer.Provider
	for _, c := range cells[1:] {
		if c == nil || c.offer == nil || c.offer.Provider == od {
			continue
		}
		c.OtherProvider = true
		c.OwnOnDemand = OwnOnDemand(c.offer, offers, inc)
	}
}

// OwnOnDemand is the on-demand price per GPU-hour, in the display
// currency, that o's provider asks for o's GPU model under the switches
// inc (the home table's answering prices): o's own when it has one, so
// the difference shown is o's; else the cheapest of the provider's other
// offers of the GPU model; 0 when it has none.
func OwnOnDemand(o *pricing.Offer, offers []*pricing.Offer, inc pricing.Include) float64 {
	const model = "on_demand"
	ok := func(x *pricing.Offer) (float64, bool) {
		if x.Instance.VGPUProfile != "" || !x.Answers(model, inc) {
			return 0, false
		}
		return x.PerGPUHour(model)
	}
	if per, has := ok(o); has {
		return per
	}
	best := 0.0
	for _, x := range offers {
		if x.Provider != o.Provider || x.Instance.GPU != o.Instance.GPU {
			continue
		}
		if per, has := ok(x); has && (best == 0 || per < best) {
			best = per
		}
	}
	return best
}

// Marked reports whether a line of the table, in any state of the
// switches, is marked as another provider's than its row's on-demand
// answer (HomeCell.OtherProvider): the note under the table then says
// what the mark means.
func (t *HomePrices) Marked() bool {
	for _, r := range t.Rows {
		for _, lines := range r.Lines {
			for _, l := range lines {
				if l.Cell != nil && l.Cell.OtherProvider {
					return true
				}
			}
		}
	}
	return false
}

// monthsOld is how many whole months old something dated d is on day
// ref (catalog.MonthsOld).
func monthsOld(d catalog.Date, ref time.Time) int { return catalog.MonthsOld(d, ref) }

// RegionIn is the cell's region in words: its name, or that the price
// holds in every region, or that its source names none.
func (c *HomeCell) RegionIn(t func(string, ...any) string) string {
	switch {
	case c.RegionUnstated:
		return t("region.unstated")
	case c.Region == catalog.AllRegions:
		return t("region.all")
	}
	return c.Region
}

// homeCellOf is the cell of offer o's price under model, per the GPU-hour
// per in the site currency.
func homeCellOf(o *pricing.Offer, model string, per float64, lang string,
	trust func(*catalog.PricePoint, string) *pagemodel.TrustView, rel func(string) string) *HomeCell {
	pr := o.Prices[model]
	c := &HomeCell{
		Model: model, PerGPUHour: per,
		Quoted: pr.Hourly.Amount / float64(o.Instance.GPUCount), QuotedIn: pr.Hourly.Currency,
		Converted: pr.Conversion.From != pr.Conversion.To, Conversion: *pr.Conversion,
		Approximate: pr.Point.Approximate, Payment: pr.Point.Payment(),
		Provider: pagemodel.ProviderName(o.Provider, lang), Instance: pagemodel.InstanceName(o.Instance, lang), InstanceURL: rel(paths.Instance(o.Instance)),
		Region: o.Region, RegionUnstated: pr.Point.RegionUnstated, Trust: trust(pr.Point, pr.Kind),
		Marketplace: pr.Marketplace, price: pr, offer: o,
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

// HomeMainland is the mainland view of the home page: the cheapest price
// per GPU-hour of each GPU model in mainland China, in yuan
// (derive.Mainland). First on the Chinese home page; one tab away on the
// others.
type HomeMainland struct {
	Currency string // derive.MainlandCurrency
	Tabs     []derive.MainlandTab
	Rows     []*HomePriceRow
	Rates    []pricing.Conversion // the conversions of the figures shown, by currency
	Other    bool                 // some figure is not current
	// NoneCurrent is, by tab, whether the tab shows figures and none of
	// them is current: the page says so above its table.
	NoneCurrent []bool
	// First says the view comes before the answer in the site currency
	// on the pages that show both: in the Chinese edition, whose buyers
	// pay in yuan.
	First bool
}

// HomeMainlandOf makes the mainland view's model from the derived rows.
func HomeMainlandOf(rows []*derive.MainlandRow, count map[string]int, lang string,
	trust func(*catalog.PricePoint, string) *pagemodel.TrustView, rel func(string) string) *HomeMainland {
	m := &HomeMainland{Currency: derive.MainlandCurrency, Tabs: derive.MainlandTabs, First: strings.HasPrefix(lang, "zh")}
	shown, current := make([]bool, len(derive.MainlandTabs)), make([]bool, len(derive.MainlandTabs))
	rates := map[string]pricing.Conversion{}
	for _, r := range rows {
		row := &HomePriceRow{
			GPU: r.GPU, URL: rel(paths.GPU(r.GPU.ID)), CompareURL: rel(paths.Matrix(1)) + "#" + url.Values{"gpu": {r.GPU.ID}}.Encode(),
			Offers: count[r.GPU.ID], Cells: make([]*HomeCell, len(r.Cells)),
		}
		for i, mc := range r.Cells {
			if mc == nil {
				continue
			}
			o, pr := mc.Offer, mc.Price
			c := &HomeCell{
				Model: mc.Model, Currency: derive.MainlandCurrency, Named: len(derive.MainlandTabs[i].Models) > 1, PerGPUHour: mc.PerGPUHour,
				Quoted: mc.Quoted, QuotedIn: pr.Hourly.Currency, Converted: mc.Conversion.From != mc.Conversion.To, Conversion: mc.Conversion,
				Approximate: pr.Point.Approximate, Payment: pr.Point.Payment(), Other: !mc.Current,
				Provider: pagemodel.ProviderName(o.Provider, lang), Instance: pagemodel.InstanceName(o.Instance, lang), InstanceURL: rel(paths.Instance(o.Instance)),
				Region: o.Region, RegionUnstated: pr.Point.RegionUnstated, Trust: trust(pr.Point, pr.Kind),
			}
			if c.Other && !catalog.Ranked(pr.Kind) {
				c.OtherKind = pr.Kind
			}
			if reg := o.Provider.Region(o.Region); reg != nil {
				c.Region = cmp.Or(pagemodel.RegionName(reg, lang), reg.ID)
			}
			if c.Converted {
				rates[c.QuotedIn] = c.Conversion
			}
			m.Other = m.Other || c.Other
			shown[i], current[i] = true, current[i] || mc.Current
			row.Cells[i] = c
		}
		m.Rows = append(m.Rows, row)
	}
	for _, cur := range slices.Sorted(maps.Keys(rates)) {
		m.Rates = append(m.Rates, rates[cur])
	}
	m.NoneCurrent = make([]bool, len(shown))
	for i := range shown {
		m.NoneCurrent[i] = shown[i] && !current[i]
	}
	return m
}

// Later reports whether the date a is later than b; of equal prefixes,
// the more precise date is the later.
func Later(a, b catalog.Date) bool {
	n := min(len(a), len(b))
	if a[:n] != b[:n] {
		return a[:n] > b[:n]
	}
	return len(a) > len(b)
}
