package charts

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
)

// point is an offer on a price–performance chart: its price (lower is
// better) and a figure of what it delivers (higher is better).
type point struct {
	Price, Perf float64
}

// frontier returns the indexes of the points on the Pareto frontier —
// those no other point beats, where one point beats another when it costs
// no more and delivers no less, and is strictly better on one of the two.
// Points that tie on both stay on the frontier together; a point with a
// NaN figure compares with nothing and is left off. The indexes come in
// order of performance, then price, then index, so a line drawn through
// them in that order is the frontier from the cheapest to the strongest.
func frontier(points []point) []int {
	order := make([]int, 0, len(points))
	for i, p := range points {
		if !math.IsNaN(p.Price) && !math.IsNaN(p.Perf) {
			order = append(order, i)
		}
	}
	// Strongest first; of equal performance, cheapest first.
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(-cmp.Compare(points[a].Perf, points[b].Perf), cmp.Compare(points[a].Price, points[b].Price))
	})
	var out []int
	// minStronger is the lowest price among the points stronger than the
	// current run of equal performance, when there are any.
	minStronger, stronger := 0.0, false
	for i := 0; i < len(order); {
		// Each pass takes one run of equal performance, at least one point.
		j := i + 1
		for j < len(order) && points[order[j]].Perf == points[order[i]].Perf {
			j++
		}
		// Within a run, the cheapest beat the rest; they stay unless a
		// stronger point costs no more.
		cheapest := points[order[i]].Price
		if !stronger || cheapest < minStronger {
			for _, k := range order[i:j] {
				if points[k].Price == cheapest {
					out = append(out, k)
				}
			}
			minStronger, stronger = cheapest, true
		}
		i = j
	}
	slices.SortStableFunc(out, func(a, b int) int {
		return cmp.Or(cmp.Compare(points[a].Perf, points[b].Perf), cmp.Compare(points[a].Price, points[b].Price), cmp.Compare(a, b))
	})
	return out
}

// minPoints is the fewest distinct points a price–performance scatter is
// drawn for: below it, or when the points do not vary on both axes (one
// result on many offers lies on a flat line), the table says it all.
const minPoints = 3

// scatterWorthy reports whether points at (xs[i], ys[i]) make a chart worth
// drawing: at least minPoints distinct, varying on both axes.
func scatterWorthy(xs, ys []float64) bool {
	type xy struct{ x, y float64 }
	seen, xSeen, ySeen := map[xy]bool{}, map[float64]bool{}, map[float64]bool{}
	for i := range xs {
		seen[xy{xs[i], ys[i]}], xSeen[xs[i]], ySeen[ys[i]] = true, true, true
	}
	return len(seen) >= minPoints && len(xSeen) > 1 && len(ySeen) > 1
}

// providerScatter adds one provider's points to a frontier scatter, in the
// provider's colour and symbol (providerStyle of its index).
func providerScatter(s *charts.Scatter, name string, index int, data []opts.ScatterData) {
	color, symbol := providerStyle(index)
	s.AddSeries(name, data,
		charts.WithScatterChartOpts(opts.ScatterChart{Symbol: symbol, SymbolSize: 9}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: color, Opacity: opts.Float(0.85)}))
}

// frontierLine draws a Pareto frontier over a scatter: a dashed line
// through its points, each named. Below and right of the frontier nothing
// is cheaper and stronger, so the names go to the right, clear of the
// other points.
func frontierLine(name string, data []opts.LineData) *charts.Line {
	line := charts.NewLine()
	line.AddSeries(name, data,
		charts.WithLineChartOpts(opts.LineChart{Symbol: "emptyCircle", SymbolSize: 14, ShowSymbol: opts.Bool(true)}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: "#16202e"}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: "#16202e", Width: 1.5, Type: "dashed"}),
		charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Position: "right", Formatter: "{b}", Color: "#16202e", FontSize: 11}),
		charts.WithLabelLayoutOpts(opts.LabelLayout{HideOverlap: opts.Bool(true)}),
	)
	return line
}
