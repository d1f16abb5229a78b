package catalogpages

import (
	"cmp"
	"slices"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
)

// An instance type's page answers first: a panel of its current prices,
// one row per pricing model and payment option, each the lowest across the
// regions it is priced in, with its age and the kind of its source. Its
// price history follows, by pricing model, and under each by series (a
// region and payment option), newest first, folded when long.

// foldHistoryAt is the number of price points above which an instance
// type's history folds each pricing model's part, its summary in view.
const foldHistoryAt = 4

// panelRow is one row of an instance type's price panel: the lowest
// current price under one pricing model and payment option.
type panelRow struct {
	Model, Payment string
	// Price is the current point, as stated (its Region may be "all").
	Price *pagemodel.PriceView
	// Region and RegionName are where the price is lowest: a region id,
	// or "all" when the point holds in every region alike.
	Region, RegionName string
	// Regions counts the regions with a current price under the model and
	// option, an international site's price in mainland China left out
	// when the China site's is chosen; 0 when the price holds in every
	// region alike.
	Regions int
	// Series is the anchor of the price's series in the history.
	Series string
	// Worked says the point states only a discount off on-demand: the
	// price is worked out from the on-demand price in Region, and
	// HourlyText and PerGPUText give it.
	Worked                 bool
	HourlyText, PerGPUText string
	Currency               string
	Trust                  *pagemodel.TrustView // with the kind of the price: an estimate when worked out
	// ConvertedPerGPU is the price per GPU-hour in the page's currency
	// when the provider quotes it in another, at the catalog's rate
	// (Rates, the one conversion made): the lowest is chosen in that one
	// currency (pricing.Price.Before). "" when quoted in the page's
	// currency.
	ConvertedPerGPU, ConvertedTo string
	Rates                        []pricing.Conversion
}

// panelRegion is the one region every row of a price panel is in, and
// the only one priced under its model and option — said once above the
// panel rather than on each row; nil when the rows name more than one.
func panelRegion(rows []*panelRow) *panelRow {
	for _, r := range rows {
		if r.Regions > 1 || r.Region != rows[0].Region {
			return nil
		}
	}
	if len(rows) == 0 {
		return nil
	}
	return rows[0]
}

// panelRows makes the price panel of an instance type in from its offers:
// under each pricing model (pricing.Models order) and payment option
// (unnamed first, then catalog.Payments order), the lowest current price
// across its regions, as pricing.BeforeChinaSite chooses — a provider's or
// an aggregator's figure over an article's or an estimate, however low;
// the China site's price in yuan over an international site's list price
// in a mainland region; then the lower in the page's currency, a price quoted in another converted at
// the catalog's rate; of equal prices the first region, in offer order.
func (c *Kind) panelRows(in *catalog.Instance, offers []*pricing.Offer) []*panelRow {
	type option struct{ model, payment string }
	best := map[option]*pricing.Price{}
	at := map[option]*pricing.Offer{}
	regions, intlRegions := map[option]int{}, map[option]int{}
	for _, o := range offers {
		for _, pr := range o.Prices {
			for _, op := range pr.Options {
				k := option{op.Model, op.Point.Payment()}
				regions[k]++
				if pricing.IntlSitePoint(o.Provider, op.Point) {
					intlRegions[k]++
				}
				if best[k] == nil || pricing.BeforeChinaSite(o, op, at[k], best[k]) {
					best[k], at[k] = op, o
				}
			}
		}
	}
	keys := make([]option, 0, len(best))
	for k := range best {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(x, y option) int {
		return cmp.Or(cmp.Compare(slices.Index(pricing.Models, x.model), slices.Index(pricing.Models, y.model)),
			cmp.Compare(slices.Index(catalog.Payments, x.payment), slices.Index(catalog.Payments, y.payment)))
	})
	var rows []*panelRow
	for _, k := range keys {
		pr, o := best[k], at[k]
		pp := pr.Point
		// An international site's price passed over for the China
		// site's is no region the price is the lowest of.
		if !pricing.IntlSitePoint(o.Provider, pp) {
			regions[k] -= intlRegions[k]
		}
		r := &panelRow{Model: k.model, Payment: k.payment, Price: c.price(in, pp), Region: o.Region, Regions: regions[k],
			Series: seriesID(pp.Region, pp.Model, pp.Payment()), Currency: pr.Hourly.Currency, Trust: c.trust(pp, pr.Kind)}
		if pp.Region == catalog.AllRegions && !pr.Hourly.OffOnDemand {
			r.Region, r.Regions = catalog.AllRegions, 0
		}
		if reg := in.Provider.Region(r.Region); reg != nil {
			r.RegionName = cmp.Or(c.text(reg, "name"), reg.ID)
		}
		// An international site's list price in a mainland region shows
		// in its own currency only: converted, it would read as what the
		// China site charges in yuan.
		if pr.Converted && pr.Conversion.From != pr.Conversion.To && in.GPUCount > 0 && !pricing.IntlSitePoint(o.Provider, pp) {
			r.ConvertedPerGPU, r.ConvertedTo, r.Rates = render.FormatMoneyIn(pr.Display/float64(in.GPUCount), pr.Conversion.To), pr.Conversion.To, []pricing.Conversion{*pr.Conversion}
		}
		if pr.Hourly.OffOnDemand {
			r.Worked = true
			r.HourlyText = render.FormatMoneyIn(pr.Hourly.Amount, pr.Hourly.Currency)
			if in.GPUCount > 0 {
				r.PerGPUText = render.FormatMoneyIn(pr.Hourly.Amount/float64(in.GPUCount), pr.Hourly.Currency)
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// historyGroup is the price history of an instance type under one
// pricing model: its series, one per region and payment option.
type historyGroup struct {
	ID      string // the anchor of the group on the page: "history-on_demand"
	Model   string
	Series  []*priceSeries
	Regions int // how many regions its series are in; 0 when only in "all" of them
	// Unstated says every price of a group in no region is one whose
	// source names none (pagemodel.PriceView.RegionUnstated).
	Unstated bool
	Points   int
	// More counts the regions past maxHistoryRegions whose series the
	// page leaves out (cutHistory), and MorePoints their prices; MoreURL
	// is the matrix filtered to the instance type's provider and GPU
	// model, which lists each region's current price.
	More, MorePoints int
	MoreURL          string
}

// maxHistoryRegions is the most regions whose series a group of an
// instance type's price history shows: an instance type sold in thousands
// of regions keeps its page under 2 MB.
const maxHistoryRegions = 100

// maxFactRegions is the most regions an instance type's facts name.
const maxFactRegions = 50

// cutHistory keeps the series of each group's first maxHistoryRegions
// regions, in the group's order, and links moreURL for the rest.
func cutHistory(groups []*historyGroup, moreURL string) {
	for _, g := range groups {
		regions := 0
		for i, s := range g.Series {
			if s.Region != catalog.AllRegions && (i == 0 || g.Series[i-1].Region != s.Region) {
				regions++
			}
			if regions > maxHistoryRegions {
				for _, r := range g.Series[i:] {
					g.MorePoints += len(r.Points)
				}
				g.More, g.MoreURL = g.Regions-maxHistoryRegions, moreURL
				g.Series = g.Series[:i]
				break
			}
		}
	}
}

// priceSeries is one series of an instance type's price history: its
// points in one region under one pricing model and payment option, newest
// first (the last in history order first).
type priceSeries struct {
	ID                 string // the anchor of the series on the page: "history-us-east-1-on_demand"
	Model, Payment     string
	Region, RegionName string
	// Unstated says its prices are for no region their sources name
	// (its Region is "all").
	Unstated bool
	Points   []*pagemodel.PriceView
}

// historyGroups groups the price views of an instance type's history by
// pricing model (pricing.Models order), and each model's by series —
// regions in the order their first point appears, then payment options
// unnamed first and in catalog.Payments order — each series newest first.
// unstated says that no price of the instance type names its region
// (InstanceData.RegionsUnstated): a series of every region is then one
// of no region its source names.
func historyGroups(prices []*pagemodel.PriceView, unstated bool) []*historyGroup {
	type key struct{ model, region, payment string }
	var order []key
	by := map[key]*priceSeries{}
	firstRegion := map[string]int{}
	for _, v := range prices {
		if _, ok := firstRegion[v.Region]; !ok {
			firstRegion[v.Region] = len(firstRegion)
		}
		k := key{v.Model, v.Region, v.Payment}
		s := by[k]
		if s == nil {
			s = &priceSeries{ID: seriesID(v.Region, v.Model, v.Payment), Model: v.Model, Payment: v.Payment, Region: v.Region, RegionName: v.RegionName}
			by[k] = s
			order = append(order, k)
		}
		s.Points = append(s.Points, v)
	}
	slices.SortStableFunc(order, func(x, y key) int {
		return cmp.Or(cmp.Compare(slices.Index(pricing.Models, x.model), slices.Index(pricing.Models, y.model)),
			cmp.Compare(firstRegion[x.region], firstRegion[y.region]),
			cmp.Compare(slices.Index(catalog.Payments, x.payment), slices.Index(catalog.Payments, y.payment)))
	})
	var out []*historyGroup
	for i, k := range order {
		s := by[k]
		slices.Reverse(s.Points)
		if i == 0 || k.model != order[i-1].model {
			out = append(out, &historyGroup{ID: seriesID("", k.model, ""), Model: k.model})
		}
		g := out[len(out)-1]
		if k.region != catalog.AllRegions && (len(g.Series) == 0 || g.Series[len(g.Series)-1].Region != k.region) {
			g.Regions++
		}
		g.Series = append(g.Series, s)
		g.Points += len(s.Points)
	}
	for _, g := range out {
		for _, s := range g.Series {
			s.Unstated = s.Region == catalog.AllRegions && (unstated ||
				!slices.ContainsFunc(s.Points, func(v *pagemodel.PriceView) bool { return !v.RegionUnstated }))
		}
		g.Unstated = g.Regions == 0 && !slices.ContainsFunc(g.Series, func(s *priceSeries) bool { return !s.Unstated })
	}
	return out
}

// seriesID is the anchor of a price series: "history-us-east-1-on_demand",
// with the payment option when one is named; of a group without a region.
func seriesID(region, model, payment string) string {
	return "history-" + strings.Join(slices.DeleteFunc([]string{region, model, payment}, func(s string) bool { return s == "" }), "-")
}
