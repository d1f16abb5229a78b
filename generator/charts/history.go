package charts

import (
	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"gpucompare/generator/catalog"
)

// HistoryPoint is a price point of an instance type as its page's table
// shows it: with the price per GPU-hour the table gives.
type HistoryPoint struct {
	Point    *catalog.PricePoint
	Currency string
	// PerGPUHour is the price per GPU-hour in Currency; nil when the
	// point gives no hourly price (it states only a discount).
	PerGPUHour *float64
	// Quoted says PerGPUHour is the figure as the source quotes it, not a
	// computed one, and is shown with all its digits.
	Quoted bool
}

// Reasons a price point is left off a history chart.
const (
	LeftUndated  = "undated"   // no date: it cannot be placed in time
	LeftNoHourly = "no_hourly" // no hourly price: a discount without a base
	LeftAlone    = "alone"     // no price change in its currency is dated: no line to draw
)

// History is the price history of an instance type: a chart per currency
// its points are quoted in, with one line per price series (pricing model
// and payment option, and region when it is sold in several), over the
// dates the points took effect. The table behind it is the page's table
// of every price point; Left tells which of them are not on a chart, and why.
type History struct {
	Charts []*HistoryChart
	left   map[*catalog.PricePoint]string
	// Plotted counts the points on a chart; Undated and NoHourly those
	// left off for want of a date or of an hourly price; Total all of them.
	Plotted, Undated, NoHourly, Total int
}

// HistoryChart is the history chart of the points quoted in one currency.
type HistoryChart struct {
	Chart
	Currency string
	Latest   catalog.Date // the latest date on the chart
}

// Left is why a point is not on a chart (LeftUndated, LeftNoHourly,
// LeftAlone), or ""
// when it is. A nil History has no chart, and nothing is on it.
func (h *History) Left(pp *catalog.PricePoint) string {
	if h == nil {
		return ""
	}
	return h.left[pp]
}

// PriceHistory makes the history of an instance type from its points in
// history order. A currency gets a chart only when one of its series has
// prices at two dates or more; a History without Charts says why none was
// drawn (Undated, NoHourly). It is nil when there are no points.
func (d *Data) PriceHistory(id string, in *catalog.Instance, points []HistoryPoint) (*History, error) {
	if len(points) == 0 {
		return nil, nil
	}
	h := &History{left: map[*catalog.PricePoint]string{}, Total: len(points)}
	type key struct{ currency, region, model, payment string }
	var keys []key
	series := map[key][]HistoryPoint{}
	var currencies []string
	count := map[string]int{}
	dates := map[key]map[catalog.Date]bool{}
	regions := map[string]bool{}
	for _, p := range points {
		switch {
		case !p.Point.Since.Known():
			h.left[p.Point] = LeftUndated
			h.Undated++
			continue
		case p.PerGPUHour == nil:
			h.left[p.Point] = LeftNoHourly
			h.NoHourly++
			continue
		}
		k := key{p.Currency, p.Point.Region, p.Point.Model, p.Point.Payment}
		if _, ok := series[k]; !ok {
			keys = append(keys, k)
		}
		series[k] = append(series[k], p)
		if dates[k] == nil {
			dates[k] = map[catalog.Date]bool{}
		}
		dates[k][p.Point.Since] = true
		if count[p.Currency] == 0 {
			currencies = append(currencies, p.Currency)
		}
		count[p.Currency]++
		regions[p.Point.Region] = true
	}
	// A currency gets a chart when a series of it has prices at two dates
	// or more: a line to draw, not dots on one day.
	changes := map[string]bool{}
	for _, k := range keys {
		if len(dates[k]) >= 2 {
			changes[k.currency] = true
		}
	}
	t := d.Text
	for _, cur := range currencies {
		if !changes[cur] {
			for _, k := range keys {
				if k.currency == cur {
					for _, p := range series[k] {
						h.left[p.Point] = LeftAlone
					}
				}
			}
			continue
		}
		c := &HistoryChart{Currency: cur}
		c.ID = id
		if len(currencies) > 1 {
			c.ID = id + "_" + cur
		}
		c.Title = t("chart.history.title", in.Name, cur)
		l := charts.NewLine()
		l.SetGlobalOptions(
			charts.WithInitializationOpts(opts.Initialization{ChartID: c.ID}),
			charts.WithTitleOpts(opts.Title{Show: opts.Bool(false), Title: c.Title}),
			charts.WithAnimation(false),
			charts.WithColorsOpts(palette),
			charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
			charts.WithLegendOpts(legend()),
			charts.WithGridOpts(opts.Grid{Left: leftMargin, Right: "32", Top: legendTop, Bottom: "44", ContainLabel: opts.Bool(true)}),
			charts.WithXAxisOpts(valueXAxis(t("chart.axis.since"), "time")),
			charts.WithYAxisOpts(valueYAxis(t("chart.axis.per_gpu_hour", cur), "value")),
		)
		n := 0
		for _, k := range keys {
			if k.currency == cur {
				n++
			}
		}
		l.MultiSeries = make(charts.MultiSeries, 0, n) // a series is a large struct: grow the list once
		for _, k := range keys {
			if k.currency != cur {
				continue
			}
			name := t("model." + k.model)
			if k.payment != "" {
				name += ", " + t("payment."+k.payment)
			}
			if len(regions) > 1 {
				r := k.region
				if r == catalog.AllRegions {
					r = t("region.all")
				}
				name += " · " + r
			}
			var data []opts.LineData
			for _, p := range series[k] {
				tm, _ := p.Point.Since.Time()
				v := *p.PerGPUHour
				if !p.Quoted {
					v = shown(v)
				}
				data = append(data, opts.LineData{Name: string(p.Point.Since), Value: []any{tm.Format("2006-01-02"), v}})
				if later(p.Point.Since, c.Latest) {
					c.Latest = p.Point.Since
				}
				h.Plotted++
			}
			// The series is made as Line.AddSeries makes it, less the
			// reflective defaults it fills in, which set nothing for a
			// line series and cost more than the rest of a history chart
			// (a build of 10,000 offers draws a few thousand).
			s := charts.SingleSeries{Name: name, Type: types.ChartLine, Data: data}
			s.ConfigureSeriesOpts(
				charts.WithSeriesAnimation(false),
				charts.WithLineChartOpts(opts.LineChart{Step: "end", Symbol: "circle", SymbolSize: 8, ShowSymbol: opts.Bool(true)}),
				charts.WithLineStyleOpts(opts.LineStyle{Width: 2}))
			l.MultiSeries = append(l.MultiSeries, s)
		}
		var err error
		if c.Options, err = finish(l); err != nil {
			return nil, err
		}
		c.Height = 3
		h.Charts = append(h.Charts, c)
	}
	if len(h.Charts) == 0 {
		h.left, h.Plotted = nil, 0 // no chart: nothing is left off one
	}
	return h, nil
}
