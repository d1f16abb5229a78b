package charts

import (
	"cmp"
	"slices"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// OfferPrice is an offer's price per GPU-hour under one pricing model.
type OfferPrice struct {
	Offer *pricing.Offer
	Price *pricing.Price
	// PerGPUHour is in the site currency, exact; charts and tables round
	// it the same way when they show it.
	PerGPUHour float64
	// Quoted is the price per GPU-hour in the currency the provider
	// quotes, when that is not the site currency (Converted).
	Quoted    float64
	Converted bool
}

// perGPU prices an offer under model for a per-GPU chart; ok is false when
// it has no comparable price per GPU-hour under the model: a slice of a
// GPU, or a price that is only part of the cost (partial), which a chart
// that ranks prices leaves out.
func perGPU(o *pricing.Offer, model string) (OfferPrice, bool) {
	if o.GPU == nil || fractional(o.Instance) || partial(o, model) || unranked(o, model) {
		return OfferPrice{}, false
	}
	v, ok := o.PerGPUHour(model)
	if !ok {
		return OfferPrice{}, false
	}
	pr := o.Prices[model]
	return OfferPrice{
		Offer: o, Price: pr, PerGPUHour: v,
		Quoted: pr.Hourly.Amount / float64(o.Instance.GPUCount), Converted: pr.Conversion.Factor != 1,
	}, true
}

// partial reports whether the offer has a price under model that is only
// part of the cost (pricing.Offer.Rankable): the charts leave it out and
// count it, so that their notes can say so.
func partial(o *pricing.Offer, model string) bool {
	return !o.Rankable() && o.Prices[model] != nil
}

// unranked reports whether the offer has a whole price under model that
// comes from an article or is an estimate (pricing.Price.Ranked): the
// charts leave it out and count it, as they do partial prices.
func unranked(o *pricing.Offer, model string) bool {
	pr := o.Prices[model]
	return pr != nil && o.Rankable() && !pr.Ranked()
}

// GPUPrices is the chart of prices per GPU-hour by GPU model across
// providers: for each GPU model, each provider's lowest price per GPU-hour
// under one pricing model, in the site currency. Its table has a row per
// GPU model and a column per provider.
type GPUPrices struct {
	Chart
	Model     string
	Currency  string
	Providers []*catalog.Provider // the providers with a price, in catalog order
	Rows      []*GPUPriceRow      // the GPU models with a price, in Data.GPUs order
	AsOf      AsOf
	Partial   int // offers left out: their price is only part of the cost
	Unranked  int // offers left out: their price is an article's figure or an estimate
	// More counts the providers with a price that the chart leaves out,
	// past MaxChartProviders.
	More int
	// MoreGPUs counts the GPU models with a price that the chart leaves
	// out, past MaxChartGPUs.
	MoreGPUs int
}

// MaxChartGPUs is the most GPU models the chart of prices by GPU model
// draws, each a row of the chart and of its table: those priced by the
// most of its providers, in Data.GPUs order, so that a catalog of
// thousands of GPU models keeps its page under 2 MB. The GPU list and the
// matrix list every model.
const MaxChartGPUs = 60

// MaxChartProviders is the most providers the chart of prices by GPU model
// draws, each a series and a column of its table: those that are the
// cheapest for the most GPU models, then those that price the most, so
// that a catalog of thousands of providers neither clutters the chart nor
// makes its page grow past 2 MB. The matrix lists every offer.
const MaxChartProviders = 24

// MaxChartOffers is the most offers a chart of one GPU model's offers
// draws and tabulates, the cheapest: the matrix lists them all.
const MaxChartOffers = 100

// GPUPriceRow is a GPU model's lowest price at each provider.
type GPUPriceRow struct {
	GPU   *catalog.GPU
	Cells []*OfferPrice // aligned with Providers; nil where the provider has no price
}

// PriceByGPU makes the chart of prices per GPU-hour by GPU model and
// provider under model; nil when no offer has such a price.
func (d *Data) PriceByGPU(id, model string) (*GPUPrices, error) {
	type key struct {
		gpu  string
		prov *catalog.Provider
	}
	best := map[key]*OfferPrice{}
	hasProv := map[*catalog.Provider]bool{}
	partials, unrankedN := 0, 0
	for _, o := range d.Offers {
		if partial(o, model) {
			partials++
		}
		if unranked(o, model) {
			unrankedN++
		}
		op, ok := perGPU(o, model)
		if !ok {
			continue
		}
		k := key{o.GPU.ID, o.Provider}
		if cur := best[k]; cur == nil || op.PerGPUHour < cur.PerGPUHour { // the first of equal prices stays
			kept := op // allocated only here: most offers are not the cheapest
			best[k] = &kept
		}
		hasProv[o.Provider] = true
	}
	if len(best) == 0 {
		return nil, nil
	}
	c := &GPUPrices{Model: model, Currency: d.Currency, Partial: partials, Unranked: unrankedN}
	for _, p := range d.Catalog.Providers {
		if hasProv[p] {
			c.Providers = append(c.Providers, p)
		}
	}
	if len(c.Providers) > MaxChartProviders {
		c.More = len(c.Providers) - MaxChartProviders
		c.Providers = mostCheapest(c.Providers, best, func(k key) (string, *catalog.Provider) { return k.gpu, k.prov }, MaxChartProviders)
	}
	for _, g := range d.GPUs {
		row := &GPUPriceRow{GPU: g, Cells: make([]*OfferPrice, len(c.Providers))}
		any := false
		for i, p := range c.Providers {
			if op := best[key{g.ID, p}]; op != nil {
				row.Cells[i], any = op, true
			}
		}
		if any {
			c.Rows = append(c.Rows, row)
		}
	}
	if len(c.Rows) > MaxChartGPUs {
		c.MoreGPUs = len(c.Rows) - MaxChartGPUs
		c.Rows = mostPriced(c.Rows, MaxChartGPUs)
	}
	var asOf asOfBuilder
	for _, r := range c.Rows {
		for _, op := range r.Cells {
			if op != nil {
				asOf.add(op.Price)
			}
		}
	}
	c.AsOf = asOf.done(d.Catalog)

	t := d.Text
	model_ := t("model." + model)
	c.ID, c.Title = id, t("chart.price_by_gpu.title", model_, d.Cur(d.Currency))
	names := make([]string, len(c.Rows))
	for i, r := range c.Rows {
		names[i] = d.GPUName(r.GPU) // static/charts.js wraps it to its row
	}
	s := charts.NewScatter()
	s.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: id}),
		charts.WithTitleOpts(opts.Title{Show: opts.Bool(false), Title: c.Title}),
		charts.WithAnimation(false),
		charts.WithColorsOpts(palette),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		charts.WithLegendOpts(legend()),
		charts.WithGridOpts(opts.Grid{Left: "8", Right: "24", Top: legendTop, Bottom: "44", ContainLabel: opts.Bool(true)}),
		charts.WithXAxisOpts(valueXAxis(t("chart.axis.per_gpu_hour", d.Cur(d.Currency)), "value")),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Name: "", Data: names, Inverse: opts.Bool(true),
			AxisLabel: &opts.AxisLabel{Interval: "0"}, SplitLine: &opts.SplitLine{Show: opts.Bool(true)}}),
	)
	idx := d.providerIndex()
	for i, p := range c.Providers {
		var data []opts.ScatterData
		for row, r := range c.Rows {
			if op := r.Cells[i]; op != nil {
				data = append(data, opts.ScatterData{Name: d.offerName(op.Offer, ""), Value: []any{shown(op.PerGPUHour), row}})
			}
		}
		color, symbol := providerStyle(idx[p])
		s.AddSeries(d.ProviderName(p), data,
			charts.WithScatterChartOpts(opts.ScatterChart{Symbol: symbol, SymbolSize: 10}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: color, Opacity: opts.Float(0.9)}))
	}
	var err error
	if c.Options, err = finish(s); err != nil {
		return nil, err
	}
	c.Height = height(len(c.Rows), 30, 110)
	c.encode()
	return c, nil
}

// mostPriced is the n of rows (in their order) priced by the most
// providers, the first listed among equals.
func mostPriced(rows []*GPUPriceRow, n int) []*GPUPriceRow {
	priced := func(r *GPUPriceRow) int {
		k := 0
		for _, op := range r.Cells {
			if op != nil {
				k++
			}
		}
		return k
	}
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return priced(rows[b]) - priced(rows[a]) })
	order = order[:n]
	slices.Sort(order)
	out := make([]*GPUPriceRow, n)
	for i, j := range order {
		out[i] = rows[j]
	}
	return out
}

// mostCheapest is the n of providers (in their order) that are the
// cheapest for the most GPU models in best, then price the most of them,
// the first listed among equals.
func mostCheapest[K comparable](providers []*catalog.Provider, best map[K]*OfferPrice, split func(K) (string, *catalog.Provider), n int) []*catalog.Provider {
	cheapest := map[string]float64{}
	for k, op := range best {
		g, _ := split(k)
		if v, ok := cheapest[g]; !ok || op.PerGPUHour < v {
			cheapest[g] = op.PerGPUHour
		}
	}
	wins, priced := map[*catalog.Provider]int{}, map[*catalog.Provider]int{}
	for k, op := range best {
		g, p := split(k)
		priced[p]++
		if op.PerGPUHour == cheapest[g] {
			wins[p]++
		}
	}
	ranked := slices.Clone(providers)
	slices.SortStableFunc(ranked, func(a, b *catalog.Provider) int {
		return cmp.Or(cmp.Compare(wins[b], wins[a]), cmp.Compare(priced[b], priced[a]))
	})
	keep := map[*catalog.Provider]bool{}
	for _, p := range ranked[:n] {
		keep[p] = true
	}
	return slices.DeleteFunc(slices.Clone(providers), func(p *catalog.Provider) bool { return !keep[p] })
}

// WithID is a copy of the chart with another id, for another page that
// shows the same; the copies share their rows and options, which no one
// changes once made.
func (c *GPUPrices) WithID(id string) *GPUPrices {
	cp := *c
	cp.ID = id
	return &cp
}

// offerName names an offer in a tooltip: "p4d.24xlarge · us-east-1", with
// its provider first when the chart does not say it otherwise.
func (d *Data) offerName(o *pricing.Offer, provider string) string {
	s := d.instanceName(o.Instance)
	if provider != "" {
		s += " · " + provider
	}
	if r := d.regionName(o); r != "" {
		s += " · " + r
	}
	return s
}

// regionName is the region of an offer as charts name it: its id (short,
// and what price lists use), or, in another language than the catalog's,
// the name its provider gives it in that language where the catalog has
// one (美国中北部 for northcentralus); "" for all regions and no region.
func (d *Data) regionName(o *pricing.Offer) string {
	if o.Region == catalog.AllRegions {
		return ""
	}
	if d.Lang != "" && d.Lang != catalog.BaseLanguage {
		if r := o.Provider.Region(o.Region); r != nil && r.I18n[d.Lang]["name"] != "" {
			return r.I18n[d.Lang]["name"]
		}
	}
	return o.Region
}

// OfferPrices is the chart of one GPU model's offers by price per GPU-hour
// under one pricing model, cheapest first. Its table has a row per offer.
type OfferPrices struct {
	Chart
	Model    string
	Currency string
	Rows     []*OfferPrice
	AsOf     AsOf
	Partial  int // offers left out: their price is only part of the cost
	Unranked int // offers left out: their price is an article's figure or an estimate
	// More counts the dearer offers past MaxChartOffers, which the chart
	// leaves out.
	More int
}

// GPUOffers makes the chart of the offers of GPU model g by price per
// GPU-hour under model; nil when fewer than two offers have such a price,
// since one bar compares nothing (the page lists a single offer anyway).
func (d *Data) GPUOffers(id string, g *catalog.GPU, model string) (*OfferPrices, error) {
	c := &OfferPrices{Model: model, Currency: d.Currency}
	var asOf asOfBuilder
	var rows []OfferPrice // one array for all rows
	for _, o := range d.Offers {
		if o.GPU != g {
			continue
		}
		if partial(o, model) {
			c.Partial++
		}
		if unranked(o, model) {
			c.Unranked++
		}
		if op, ok := perGPU(o, model); ok {
			rows = append(rows, op)
			asOf.add(op.Price)
		}
	}
	if len(rows) < 2 {
		return nil, nil
	}
	c.Rows = make([]*OfferPrice, len(rows))
	for i := range rows {
		c.Rows[i] = &rows[i]
	}
	slices.SortStableFunc(c.Rows, func(a, b *OfferPrice) int { return cmp.Compare(a.PerGPUHour, b.PerGPUHour) })
	if len(c.Rows) > MaxChartOffers {
		c.More = len(c.Rows) - MaxChartOffers
		c.Rows = c.Rows[:MaxChartOffers]
		asOf = asOfBuilder{}
		for _, op := range c.Rows {
			asOf.add(op.Price)
		}
	}
	c.AsOf = asOf.done(d.Catalog)

	t := d.Text
	c.ID, c.Title = id, t("chart.gpu_offers.title", d.GPUName(g), t("model."+model), d.Cur(d.Currency))
	// A bar per offer, named by instance type and region and coloured by
	// its provider. The legend names the providers through a series of no
	// data for each, in its colour; it only explains, so clicking it does
	// nothing. Past maxBars offers a slider on the axis pages through them,
	// cheapest first.
	idx := d.providerIndex()
	labels := make([]string, len(c.Rows))
	data := make([]opts.BarData, len(c.Rows))
	var provs []*catalog.Provider
	styles := map[int]*opts.ItemStyle{} // by provider index: one a provider, shared by its bars
	for i, op := range c.Rows {
		p := op.Offer.Provider
		labels[i] = d.offerName(op.Offer, "") // in full: static/charts.js wraps it to its row
		name := d.offerName(op.Offer, d.ProviderName(op.Offer.Provider))
		if op.Offer.Quoted() != nil { // a private quote beside the list price of the same offer
			labels[i], name = t("chart.gpu_offers.quote_label", labels[i]), t("chart.gpu_offers.quote_label", name)
		}
		pi := idx[p]
		if styles[pi] == nil {
			color, _ := providerStyle(pi)
			styles[pi] = &opts.ItemStyle{Color: color}
		}
		data[i] = opts.BarData{Name: name, Value: shown(op.PerGPUHour), ItemStyle: styles[pi]}
		if !slices.Contains(provs, p) {
			provs = append(provs, p)
		}
	}
	slices.SortStableFunc(provs, func(a, b *catalog.Provider) int { return cmp.Compare(idx[a], idx[b]) })
	names := make([]string, len(provs))
	for i, p := range provs {
		names[i] = d.ProviderName(p)
	}
	lg := legend()
	lg.Data, lg.Icon = names, "roundRect"
	gridRight := "48"
	var zoom []opts.DataZoom
	if len(c.Rows) > maxBars {
		gridRight = "72"
		zoom = append(zoom, opts.DataZoom{Type: "slider", YAxisIndex: 0, End: float32(100 * maxBars / float64(len(c.Rows))), FilterMode: "empty"})
	}
	b := charts.NewBar()
	b.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: id}),
		charts.WithTitleOpts(opts.Title{Show: opts.Bool(false), Title: c.Title}),
		charts.WithAnimation(false),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		charts.WithLegendOpts(lg),
		charts.WithGridOpts(opts.Grid{Left: "8", Right: gridRight, Top: legendTop, Bottom: "44", ContainLabel: opts.Bool(true)}),
		charts.WithXAxisOpts(valueXAxis(t("chart.axis.per_gpu_hour", d.Cur(d.Currency)), "value")),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Inverse: opts.Bool(true), AxisLabel: &opts.AxisLabel{Interval: "0"}}),
		charts.WithDataZoomOpts(zoom...),
	)
	b.SetXAxis(labels).XYReversal()
	b.AddSeries(t("model."+model), data,
		charts.WithBarChartOpts(opts.BarChart{BarCategoryGap: "30%"}),
		charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Position: "right", Formatter: "{c}"}))
	for _, p := range provs {
		// A scatter series: an empty bar series would still take its
		// share of every bar's width.
		color, _ := providerStyle(idx[p])
		b.MultiSeries = append(b.MultiSeries, charts.SingleSeries{Name: d.ProviderName(p), Type: types.ChartScatter, Data: []opts.ScatterData{}, ItemStyle: &opts.ItemStyle{Color: color}})
	}
	var err error
	if c.Options, err = finish(b); err != nil {
		return nil, err
	}
	c.Options["legend"] = fixedLegend{Legend: c.Options["legend"].(opts.Legend)}
	c.Height = height(min(len(c.Rows), maxBars), rowHeight, 110)
	return c, nil
}

// fixedLegend is a legend that only explains: clicking it hides nothing.
type fixedLegend struct {
	opts.Legend
	SelectedMode bool `json:"selectedMode"`
}

// maxBars is how many bars a chart of offers shows at once; a slider
// pages through the rest.
const maxBars = 30

// instanceName is an instance type's name in the chart's language
// (catalog.Text): the words a name holds beside the name ("per GPU")
// are in that language where the catalog has them.
func (d *Data) instanceName(in *catalog.Instance) string {
	s, _ := catalog.Text(in, "name", cmp.Or(d.Lang, catalog.BaseLanguage))
	return s
}
