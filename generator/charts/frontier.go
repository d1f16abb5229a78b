package charts

import (
	"cmp"
	"math"
	"slices"
)

// point is an offer on a price–performance chart: its price (lower is
// better) and a figure of what it delivers (higher is better).
type point struct {
	Price, Perf float64
}

// frontier returns the indexes of the points on the Pareto frontier —
// those no other point beats, where one point beats another when it costs
// no more and delivers no less, and is strictly better on one of the two.
// Points that tie on both stay on the frontier together. The indexes come
// in order of performance, then price, then index, so a line drawn through
// them in that order is the frontier from the cheapest to the strongest.
func frontier(points []point) []int {
	order := make([]int, len(points))
	for i := range order {
		order[i] = i
	}
	// Strongest first; of equal performance, cheapest first.
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(-cmp.Compare(points[a].Perf, points[b].Perf), cmp.Compare(points[a].Price, points[b].Price))
	})
	var out []int
	// minStronger is the lowest price among the points stronger than the
	// current run of equal performance.
	minStronger := math.Inf(1)
	for i := 0; i < len(order); {
		j := i
		for j < len(order) && points[order[j]].Perf == points[order[i]].Perf {
			j++
		}
		// Within a run, the cheapest beat the rest; they stay unless a
		// stronger point costs no more.
		cheapest := points[order[i]].Price
		if cheapest < minStronger {
			for _, k := range order[i:j] {
				if points[k].Price == cheapest {
					out = append(out, k)
				}
			}
			minStronger = cheapest
		}
		i = j
	}
	slices.SortStableFunc(out, func(a, b int) int {
		return cmp.Or(cmp.Compare(points[a].Perf, points[b].Perf), cmp.Compare(points[a].Price, points[b].Price), cmp.Compare(a, b))
	})
	return out
}
