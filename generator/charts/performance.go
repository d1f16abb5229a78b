package charts

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"gpucompare/generator/catalog"
)

// PricePerformance is the pair of charts of price against what an offer
// delivers: price per GPU-hour against dense FP16/BF16 TFLOPS per GPU, and
// against GPU memory per GPU, under one pricing model in the site currency.
// A mark is a provider's cheapest offer of a GPU model, as on the chart of
// prices by GPU model: its other offers of that GPU deliver the same per
// GPU for more, so they could never be on the frontier, and a catalog of
// thousands of offers still draws a readable chart. Each chart draws its
// Pareto frontier — the offers no other offer beats on both price and the
// figure — and names the offers on it. The two share one table, a row per
// mark.
type PricePerformance struct {
	TFLOPS, Memory *Chart // nil when no offer has the figure
	Model          string
	Currency       string
	Rows           []*PerfRow // in Data.GPUs order, then cheapest first, then catalog order
	AsOf           AsOf
	// Fractional counts the offers left out because they sell a slice of
	// a GPU (a vGPU profile).
	Fractional int
	// Partial counts the offers left out because their price is only part
	// of the cost (a GPU without its VM).
	Partial int
	// Unranked counts the offers left out because their price is an
	// article's figure or an estimate.
	Unranked int
	// More counts the marks left out past MaxMarksPerGPU.
	More int
	// MoreGPUs counts the GPU models with a mark that the charts leave
	// out, past MaxChartGPUs: they keep those with the most marks (the
	// most providers), in Data.GPUs order, as the chart of prices by GPU
	// model does.
	MoreGPUs int
}

// MaxMarksPerGPU is the most marks of one GPU model the charts of price
// against performance draw, its providers' cheapest: a dearer mark of the
// same GPU delivers the same TFLOPS for more, so it is not on the TFLOPS
// frontier, and a catalog of thousands of providers keeps a readable
// chart and a page under 2 MB.
const MaxMarksPerGPU = 12

// PerfRow is an offer with its figures per GPU.
type PerfRow struct {
	OfferPrice
	TFLOPS   *float64 // dense FP16/BF16 TFLOPS per GPU; nil when unknown
	MemoryGB *float64 // GB of GPU memory per GPU; nil when unknown
	// OnTFLOPSFrontier and OnMemoryFrontier say the offer is on the
	// frontier of the chart.
	OnTFLOPSFrontier, OnMemoryFrontier bool
}

// PricePerformance makes the two charts under model; nil when no offer
// has a price per GPU-hour. ids names the TFLOPS chart and the memory
// chart, in that order.
func (d *Data) PricePerformance(tflopsID, memoryID, model string) (*PricePerformance, error) {
	c := &PricePerformance{Model: model, Currency: d.Currency}
	type key struct {
		gpu  *catalog.GPU
		prov *catalog.Provider
	}
	best := map[key]*PerfRow{}
	for _, o := range d.Offers {
		if o.Prices[model] != nil && fractional(o.Instance) {
			c.Fractional++
		}
		if partial(o, model) {
			c.Partial++
		}
		if unranked(o, model) && !fractional(o.Instance) {
			c.Unranked++
		}
		op, ok := perGPU(o, model)
		if !ok {
			continue
		}
		k := key{o.GPU, o.Provider}
		if cur := best[k]; cur != nil && cur.PerGPUHour <= op.PerGPUHour {
			continue // the first of equal prices (catalog order) stays
		}
		r := &PerfRow{OfferPrice: op, TFLOPS: o.GPU.Dense.FP16BF16}
		if mem := d.Catalog.TotalGPUMemoryGB(o.Instance); mem != nil {
			per := *mem / float64(o.Instance.GPUCount)
			r.MemoryGB = &per
		}
		if best[k] == nil {
			c.Rows = append(c.Rows, r)
		} else {
			c.Rows[slices.Index(c.Rows, best[k])] = r
		}
		best[k] = r
	}
	if len(c.Rows) == 0 {
		return nil, nil
	}
	order := map[*catalog.GPU]int{}
	for i, g := range d.GPUs {
		order[g] = i
	}
	slices.SortStableFunc(c.Rows, func(a, b *PerfRow) int {
		return cmp.Or(cmp.Compare(order[a.Offer.GPU], order[b.Offer.GPU]), cmp.Compare(a.PerGPUHour, b.PerGPUHour))
	})
	marks := map[*catalog.GPU]int{}
	c.Rows = slices.DeleteFunc(c.Rows, func(r *PerfRow) bool {
		marks[r.Offer.GPU]++
		return marks[r.Offer.GPU] > MaxMarksPerGPU
	})
	var kept map[*catalog.GPU]bool // nil: every GPU model
	if len(marks) > MaxChartGPUs {
		c.MoreGPUs = len(marks) - MaxChartGPUs
		kept = map[*catalog.GPU]bool{}
		for _, g := range mostMarked(d.GPUs, marks, MaxChartGPUs) {
			kept[g] = true
		}
		c.Rows = slices.DeleteFunc(c.Rows, func(r *PerfRow) bool { return !kept[r.Offer.GPU] })
	}
	for g, n := range marks {
		if kept == nil || kept[g] {
			c.More += max(n-MaxMarksPerGPU, 0) // the dearer marks of the GPU models drawn
		}
	}
	var asOf asOfBuilder
	for _, r := range c.Rows {
		asOf.add(r.Price)
	}
	c.AsOf = asOf.done(d.Catalog)
	idx := d.providerIndex()

	t := d.Text
	var err error
	c.TFLOPS, err = d.perfChart(idx, tflopsID, t("chart.price_tflops.title", t("model."+model), d.Cur(d.Currency)), t("chart.axis.tflops"),
		c.Rows, func(r *PerfRow) *float64 { return r.TFLOPS }, func(r *PerfRow) { r.OnTFLOPSFrontier = true })
	if err != nil {
		return nil, err
	}
	c.Memory, err = d.perfChart(idx, memoryID, t("chart.price_memory.title", t("model."+model), d.Cur(d.Currency)), t("chart.axis.memory"),
		c.Rows, func(r *PerfRow) *float64 { return r.MemoryGB }, func(r *PerfRow) { r.OnMemoryFrontier = true })
	if err != nil {
		return nil, err
	}
	return c, nil
}

// mostMarked is the n of gpus (in their order) with the most marks, the
// first listed among equals.
func mostMarked(gpus []*catalog.GPU, marks map[*catalog.GPU]int, n int) []*catalog.GPU {
	var with []*catalog.GPU
	for _, g := range gpus {
		if marks[g] > 0 {
			with = append(with, g)
		}
	}
	order := slices.Clone(with)
	slices.SortStableFunc(order, func(a, b *catalog.GPU) int { return min(marks[b], MaxMarksPerGPU) - min(marks[a], MaxMarksPerGPU) })
	keep := map[*catalog.GPU]bool{}
	for _, g := range order[:n] {
		keep[g] = true
	}
	return slices.DeleteFunc(with, func(g *catalog.GPU) bool { return !keep[g] })
}

// perfChart draws price per GPU-hour against the figure perf of each row
// that has it, one series per provider, with the frontier as a line through
// the offers on it, each labelled with its instance type's name. mark is
// called for each row on the frontier. nil when no row has the figure.
func (d *Data) perfChart(idx map[*catalog.Provider]int, id, title, xName string, rows []*PerfRow, perf func(*PerfRow) *float64, mark func(*PerfRow)) (*Chart, error) {
	var plotted []*PerfRow
	var points []point
	for _, r := range rows {
		if v := perf(r); v != nil && *v > 0 {
			plotted = append(plotted, r)
			points = append(points, point{Price: shown(r.PerGPUHour), Perf: *v})
		}
	}
	if len(plotted) == 0 {
		return nil, nil
	}
	t := d.Text
	xs, ys := make([]float64, len(points)), make([]float64, len(points))
	for i, p := range points {
		xs[i], ys[i] = p.Perf, p.Price
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
		charts.WithYAxisOpts(logAxisY(t("chart.axis.per_gpu_hour_log", d.Cur(d.Currency)), ys)),
	)
	for _, p := range d.Catalog.Providers {
		var data []opts.ScatterData
		for i, r := range plotted {
			if r.Offer.Provider == p {
				data = append(data, opts.ScatterData{Name: d.offerName(r.Offer, "") + " · " + d.GPUName(r.Offer.GPU), Value: []any{points[i].Perf, points[i].Price}})
			}
		}
		if len(data) == 0 {
			continue
		}
		providerScatter(s, d.ProviderName(p), idx[p], data)
	}
	front := frontier(points)
	var data []opts.LineData
	for _, i := range front {
		mark(plotted[i])
		data = append(data, opts.LineData{Name: d.instanceName(plotted[i].Offer.Instance), Value: []any{points[i].Perf, points[i].Price}})
	}
	s.Overlap(frontierLine(t("chart.frontier"), data))
	m, err := finish(s)
	if err != nil {
		return nil, err
	}
	return &Chart{ID: id, Title: title, Options: m, Height: 6}, nil
}

// logAxisX is a logarithmic x axis spanning the values vs, from the
// niceStep at or below the least less a tenth to the one at or above 1.4
// times the greatest, which leaves room for the name of the strongest
// offer.
func logAxisX(name string, vs []float64) opts.XAxis {
	a := valueXAxis(name, "log")
	a.Min, a.Max = niceStep(slices.Min(vs)/1.1, false), niceStep(1.4*slices.Max(vs), true)
	a.AxisLabel = &opts.AxisLabel{ShowMinLabel: opts.Bool(true), ShowMaxLabel: opts.Bool(true), HideOverlap: opts.Bool(true)}
	return a
}

// logAxisY is a logarithmic y axis spanning the values vs, from the
// niceStep at or below 0.7 times the least, which leaves room for the name
// of the cheapest offer under it, to the one at or above the greatest.
func logAxisY(name string, vs []float64) opts.YAxis {
	a := valueYAxis(name, "log")
	a.Min, a.Max = niceStep(0.7*slices.Min(vs), false), niceStep(slices.Max(vs), true)
	a.AxisLabel = &opts.AxisLabel{ShowMinLabel: opts.Bool(true), ShowMaxLabel: opts.Bool(true)}
	return a
}

// niceStep rounds v > 0 down (or up) to 1, 1.5, 2, 3, 5 or 7 times a
// power of ten: bounds a logarithmic axis can end at without much empty
// room.
func niceStep(v float64, up bool) float64 {
	p := math.Pow(10, math.Floor(math.Log10(v)))
	steps := []float64{1, 1.5, 2, 3, 5, 7, 10}
	if up {
		for _, s := range steps {
			if s*p >= v*(1-1e-12) {
				return roundPow(s * p)
			}
		}
	}
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i]*p <= v*(1+1e-12) {
			return roundPow(steps[i] * p)
		}
	}
	return roundPow(p)
}

// roundPow drops the float noise of a product with a power of ten
// (0.30000000000000004 → 0.3).
func roundPow(v float64) float64 {
	return math.Round(v*1e9) / 1e9
}
