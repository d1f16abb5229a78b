package charts

import (
	"fmt"
	"math"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
)

// CostStack is one part of the stacked cost bars of a scenario: the
// compute bought under one pricing model, storage or egress.
type CostStack struct {
	// Key is a pricing model, or "storage" or "egress"; it picks the
	// colour (CostColor).
	Key  string
	Name string
	// Values are aligned with the bars; NaN where the part is unknown
	// (a storage or egress price the provider does not give), which the
	// chart leaves out of the bar, as the total does.
	Values []float64
}

// Costs is the stacked bar chart of what a scenario costs on its
// cheapest offers: one bar per offer, stacked by part. Its numbers are
// the first rows of the page's ranking table, which stands beside it.
type Costs struct {
	Chart
	Bars int
}

// ScenarioCosts makes the stacked cost chart: labels name the bars, top
// first, and stacks are the parts in the order they stack; axis names the
// value axis. nil when there is no bar.
func (d *Data) ScenarioCosts(id, title, axis string, labels []string, stacks []CostStack) (*Costs, error) {
	if len(labels) == 0 {
		return nil, nil
	}
	for _, s := range stacks {
		if len(s.Values) != len(labels) {
			return nil, fmt.Errorf("chart %s: stack %q has %d values for %d bars", id, s.Key, len(s.Values), len(labels))
		}
	}
	c := &Costs{Bars: len(labels)}
	c.ID, c.Title = id, title
	b := charts.NewBar()
	b.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: id}),
		charts.WithTitleOpts(opts.Title{Show: opts.Bool(false), Title: title}),
		charts.WithAnimation(false),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		charts.WithLegendOpts(legend()),
		charts.WithGridOpts(opts.Grid{Left: "8", Right: "24", Top: legendTop, Bottom: "44", ContainLabel: opts.Bool(true)}),
		charts.WithXAxisOpts(valueXAxis(axis, "value")),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Inverse: opts.Bool(true), AxisLabel: &opts.AxisLabel{Interval: "0"}}),
	)
	b.SetXAxis(labels).XYReversal() // in full: static/charts.js wraps them to the row
	for _, s := range stacks {
		data := make([]opts.BarData, len(labels))
		for i, v := range s.Values {
			data[i] = opts.BarData{Name: labels[i], Value: "-"} // ECharts' empty value
			if !math.IsNaN(v) {
				data[i].Value = shown(v)
			}
		}
		b.AddSeries(s.Name, data,
			charts.WithBarChartOpts(opts.BarChart{Stack: "cost", BarCategoryGap: "30%"}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: CostColor(s.Key)}))
	}
	var err error
	if c.Options, err = finish(b); err != nil {
		return nil, err
	}
	c.Height = height(len(labels), rowHeight, CostFrame)
	return c, nil
}

// CostFrame is the height in pixels of a cost chart's legend and axis;
// a bar's row is rowHeight.
const CostFrame = 110

// RowHeight is the height in pixels of a bar's row in a cost chart.
const RowHeight = rowHeight

// costColors colour the parts of a cost: each pricing model as the
// discount chart colours it, on-demand and the other products in colours
// of their own, storage and egress apart from all of them.
var costColors = map[string]string{
	"on_demand":          "#5f6b7a",
	"capacity_block":     "#11869b",
	"subscription_month": "#9aa01a",
	"subscription_year":  "#b8860b",
	"lease":              "#8a5a2b",
	"storage":            "#d63d8f",
	"egress":             "#2f2f8f",
}

// CostColor is the colour of a part of a cost, the same on every chart
// and for the page script that redraws one.
func CostColor(key string) string {
	for i, m := range discountModels {
		if m == key {
			return modelPalette[i]
		}
	}
	if c, ok := costColors[key]; ok {
		return c
	}
	return "#8a94a3"
}

// Heights are the pixel heights of the size classes 1 … MaxHeight, for a
// page script that resizes a chart it redraws.
func Heights() []int { return heights[:] }

// HeightFor is the size class of a stacked cost chart of n bars.
func HeightFor(n int) int { return height(n, rowHeight, CostFrame) }
