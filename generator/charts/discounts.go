package charts

import (
	"cmp"
	"slices"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// discountModels are the pricing models whose discount against on-demand
// the discount chart shows: interruptible capacity and commitments.
// Capacity blocks, subscriptions and leases are other products, not a
// discount on the same one.
var discountModels = []string{"spot", "reserved_1y", "reserved_3y", "savings_plan_1y", "savings_plan_3y", "cud_1y", "cud_3y"}

// Discounts is the chart of each provider's discount against on-demand
// under spot and commitment pricing: for each provider and model, the
// median discount over the offers priced both ways, in percent. Its table
// has a row per provider and a column per model.
type Discounts struct {
	Chart
	Models []string       // the models some provider discounts, in pricing order
	Rows   []*DiscountRow // the providers with a discount, in catalog order
	AsOf   AsOf           // of the prices compared, both sides
}

// DiscountRow is a provider's discounts, aligned with Discounts.Models.
type DiscountRow struct {
	Provider *catalog.Provider
	Cells    []*Discount // nil where the provider has no offer priced both ways
}

// Discount sums up the discounts of a provider's offers under one model,
// in percent off the on-demand price of the same offer (70 is 70% off),
// rounded to one decimal as the chart and the table show them.
type Discount struct {
	Median, Min, Max float64
	Offers           int
}

// ProviderDiscounts makes the discount chart; nil when no offer is priced
// both on demand and under a discount model.
func (d *Data) ProviderDiscounts(id string) (*Discounts, error) {
	type key struct {
		prov  *catalog.Provider
		model string
	}
	pcts := map[key][]float64{}
	var asOf asOfBuilder
	for _, o := range d.Offers {
		od := o.Prices["on_demand"]
		if od == nil || od.Hourly.Amount <= 0 || !od.Ranked() {
			continue
		}
		counted := false
		for _, m := range discountModels {
			pr := o.Prices[m]
			if pr == nil || pr.Hourly.Currency != od.Hourly.Currency || !pr.DiscountRanked() {
				continue
			}
			k := key{o.Provider, m}
			pcts[k] = append(pcts[k], (1-pr.Hourly.Amount/od.Hourly.Amount)*100)
			asOf.add(pr)
			counted = true
		}
		if counted {
			asOf.add(od)
		}
	}
	if len(pcts) == 0 {
		return nil, nil
	}
	c := &Discounts{}
	for _, m := range pricing.Models {
		if !slices.Contains(discountModels, m) {
			continue
		}
		for k := range pcts {
			if k.model == m {
				c.Models = append(c.Models, m)
				break
			}
		}
	}
	for _, p := range d.Catalog.Providers {
		row := &DiscountRow{Provider: p, Cells: make([]*Discount, len(c.Models))}
		any := false
		for i, m := range c.Models {
			if v := pcts[key{p, m}]; len(v) > 0 {
				row.Cells[i], any = summarize(v), true
			}
		}
		if any {
			c.Rows = append(c.Rows, row)
		}
	}
	c.AsOf = asOf.done(d.Catalog)

	t := d.Text
	c.ID, c.Title = id, t("chart.discounts.title")
	// A bar per provider and model it discounts, grouped by provider; one
	// series per model, stacked, so each bar has its model's colour and
	// the legend names the models.
	type bar struct {
		row   *DiscountRow
		model int
	}
	var bars []bar
	var labels []string
	for _, r := range c.Rows {
		for i, m := range c.Models {
			if r.Cells[i] != nil {
				bars = append(bars, bar{r, i})
				labels = append(labels, t("chart.discounts.bar", d.ProviderName(r.Provider), t("model."+m)))
			}
		}
	}
	b := charts.NewBar()
	b.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: id}),
		charts.WithTitleOpts(opts.Title{Show: opts.Bool(false), Title: c.Title}),
		charts.WithAnimation(false),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		// Each bar's name says its provider and model: no legend.
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}),
		charts.WithGridOpts(opts.Grid{Left: "8", Right: "48", Top: "12", Bottom: "44", ContainLabel: opts.Bool(true)}),
		charts.WithXAxisOpts(valueXAxis(t("chart.axis.discount"), "value")),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Inverse: opts.Bool(true), AxisLabel: &opts.AxisLabel{Interval: "0"}}),
	)
	b.SetXAxis(labels).XYReversal()
	for i, m := range c.Models {
		data := make([]opts.BarData, len(bars))
		for j, br := range bars {
			data[j] = opts.BarData{Name: d.ProviderName(br.row.Provider), Value: "-"} // ECharts' empty value
			if br.model == i {
				data[j].Value = br.row.Cells[i].Median
			}
		}
		b.AddSeries(t("model."+m), data,
			charts.WithBarChartOpts(opts.BarChart{Stack: "discount", BarCategoryGap: "30%"}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: modelPalette[slices.Index(discountModels, m)]}),
			charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Position: "right", Formatter: "{c}%"}))
	}
	var err error
	if c.Options, err = finish(b); err != nil {
		return nil, err
	}
	c.Height = height(len(bars), rowHeight, 70)
	return c, nil
}

// modelPalette colours the discountModels, in their order: spot, then
// the commitments, a shorter term lighter than a longer one.
var modelPalette = []string{"#e8710a", "#1b5fad", "#0d3a6e", "#1d8a4e", "#0f5530", "#7b4fb5", "#4a2d70"}

// summarize gives the median, least and greatest of a non-empty list.
func summarize(v []float64) *Discount {
	s := slices.Clone(v)
	slices.SortFunc(s, cmp.Compare[float64])
	n := len(s)
	med := s[n/2]
	if n%2 == 0 {
		med = (s[n/2-1] + s[n/2]) / 2
	}
	return &Discount{Median: pricing.Round(med, 1), Min: pricing.Round(s[0], 1), Max: pricing.Round(s[n-1], 1), Offers: n}
}
