package charts

import (
	"slices"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"gpucompare/generator/bench"
	"gpucompare/generator/catalog"
)

// BenchmarkCosts is the price–performance chart of a group of comparable
// benchmark results (bench.Group) under one pricing model, in the site
// currency: each mark is a result mapped onto an offer (k instances). For a
// throughput metric it sets the hourly price of the k instances against
// the throughput the result reached; for a time metric, the cost of one
// run against its time. Either way the Pareto frontier — the mappings no
// other beats on both — is drawn and its offers named. The table beside it
// is the group's ranking under the model, with the frontier marked
// (OnFrontier).
type BenchmarkCosts struct {
	Chart
	Model    string
	Currency string
	// Time says the metric is a time (lower is better): the chart is the
	// cost of a run against the time, not the price against throughput.
	Time bool
	// OnFrontier holds the costs on the frontier.
	OnFrontier map[*bench.Cost]bool
}

// BenchmarkCosts makes the chart of group g's ranking as the results ran
// (Group.Ranks) under model; nil when its marks are too few to compare
// (scatterWorthy: fewer than three distinct, or all on one line), where
// the ranking's table alone says it. The mappings split across instances
// are never drawn: they hold only if the work scales.
func (d *Data) BenchmarkCosts(id string, g *bench.Group, model string) (*BenchmarkCosts, error) {
	costs := g.Ranks[model]
	if len(costs) < minPoints {
		return nil, nil
	}
	c := &BenchmarkCosts{Model: model, Currency: d.Currency, Time: g.Time(), OnFrontier: map[*bench.Cost]bool{}}
	t := d.Text
	points := make([]point, len(costs))
	xs, ys := make([]float64, len(costs)), make([]float64, len(costs))
	for i, cost := range costs {
		r := cost.Mapping.Result
		if c.Time {
			// Faster is better: the frontier wants more of Perf.
			points[i] = point{Price: shown(cost.RunCost), Perf: -r.Value}
			xs[i], ys[i] = r.Value, points[i].Price
		} else {
			points[i] = point{Price: shown(cost.Hourly), Perf: r.Value}
			xs[i], ys[i] = points[i].Price, r.Value
		}
	}
	if !scatterWorthy(xs, ys) {
		return nil, nil
	}
	var title, xName, yName string
	if c.Time {
		title = t("bench.chart.title_time", t("model."+model), d.Cur(d.Currency))
		xName, yName = t("bench.chart.axis_time", d.UnitName(g.Unit)), t("bench.chart.axis_run_cost", d.Cur(d.Currency))
	} else {
		title = t("bench.chart.title_throughput", t("model."+model), d.Cur(d.Currency))
		xName, yName = t("bench.chart.axis_hourly", d.Cur(d.Currency)), t("bench.chart.axis_throughput", d.UnitName(g.Unit))
	}
	s := charts.NewScatter()
	s.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: id}),
		charts.WithTitleOpts(opts.Title{Show: opts.Bool(false), Title: title}),
		charts.WithAnimation(false),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		charts.WithLegendOpts(legend()),
		charts.WithGridOpts(opts.Grid{Left: leftMargin, Right: "24", Top: legendTop, Bottom: "44", ContainLabel: opts.Bool(true)}),
		charts.WithXAxisOpts(logAxisX(xName, xs)),
		charts.WithYAxisOpts(logAxisY(yName, ys)),
	)
	several := len(g.Results) > 1
	label := func(cost *bench.Cost) string {
		m := cost.Mapping
		if m.Instances == 1 {
			return d.instanceName(m.Offer.Instance)
		}
		return t("bench.chart.instances", thousands(m.Instances), d.instanceName(m.Offer.Instance))
	}
	name := func(cost *bench.Cost) string {
		s := label(cost) + " · " + d.ProviderName(cost.Mapping.Offer.Provider)
		if r := d.regionName(cost.Mapping.Offer); r != "" {
			s += " · " + r
		}
		if r := cost.Mapping.Result; several && d.Lang != "" && d.Lang != catalog.BaseLanguage {
			// A result's submitter and system are names in the catalog's
			// language, which a chart's text cannot mark as such: another
			// language's chart names the result by its number in the
			// page's table, where they are shown marked ("结果13").
			s += " · " + t("benchmark.result_ref", slices.Index(g.Benchmark.Results, r.Result)+1)
		} else if several {
			s += " · " + r.Submitter
			if r.System != "" {
				s += " " + r.System
			}
		}
		return s
	}
	idx := d.providerIndex()
	for _, p := range d.Catalog.Providers {
		var data []opts.ScatterData
		for i, cost := range costs {
			if cost.Mapping.Offer.Provider == p {
				data = append(data, opts.ScatterData{Name: name(cost), Value: []any{xs[i], ys[i]}})
			}
		}
		if len(data) == 0 {
			continue
		}
		providerScatter(s, d.ProviderName(p), idx[p], data)
	}
	var data []opts.LineData
	for _, i := range frontier(points) {
		c.OnFrontier[costs[i]] = true
		data = append(data, opts.LineData{Name: label(costs[i]), Value: []any{xs[i], ys[i]}})
	}
	s.Overlap(frontierLine(t("chart.frontier"), data))
	m, err := finish(s)
	if err != nil {
		return nil, err
	}
	c.Chart = Chart{ID: id, Title: title, Options: m, Height: 6}
	return c, nil
}

// thousands writes a count with its thousands grouped: 10752 → "10,752".
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
