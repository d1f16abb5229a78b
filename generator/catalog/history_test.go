package catalog

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSeriesGroupsThePointsInOrder holds Series to a plain grouping of the
// points, on catalogs of points in random series and order.
func TestSeriesGroupsThePointsInOrder(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		c := &Catalog{}
		for range rnd.IntN(60) {
			c.Prices = append(c.Prices, &PricePoint{
				Provider: fmt.Sprint("p", rnd.IntN(2)),
				Instance: fmt.Sprint("i", rnd.IntN(3)),
				Region:   fmt.Sprint("r", rnd.IntN(2)),
				Model:    fmt.Sprint("m", rnd.IntN(3)),
				Extra:    &PriceExtra{Payment: fmt.Sprint("", rnd.IntN(2))},
			})
		}
		var wantKeys []SeriesKey
		want := map[SeriesKey][]*PricePoint{}
		for _, p := range c.Prices {
			k := SeriesKey{p.Provider, p.Instance, p.Region, p.Model, p.Payment()}
			if _, ok := want[k]; !ok {
				wantKeys = append(wantKeys, k)
			}
			want[k] = append(want[k], p)
		}
		keys, series := c.Series()
		if !slices.Equal(keys, wantKeys) || len(series) != len(want) {
			t.Fatalf("keys %v, want %v", keys, wantKeys)
		}
		for k, points := range want {
			if !slices.Equal(series[k], points) {
				t.Fatalf("series %v: %v, want %v", k, series[k], points)
			}
		}
		// A caller appending to one series leaves the others as they are.
		if len(keys) > 1 {
			first := slices.Clone(series[keys[1]])
			_ = append(series[keys[0]], &PricePoint{})
			if !slices.Equal(series[keys[1]], first) {
				t.Fatal("appending to a series changed another")
			}
		}
	}
}
