package charts

import (
	"encoding/binary"
	"math"
	"slices"
	"testing"
	"time"
)

// frontierWithin runs frontier on pts and fails the test when it has not
// returned within a deadline: a loop that does not advance never returns.
func frontierWithin(t *testing.T, pts []point) []int {
	t.Helper()
	done := make(chan []int, 1)
	go func() { done <- frontier(pts) }()
	select {
	case out := <-done:
		return out
	case <-time.After(30 * time.Second):
		t.Fatalf("frontier did not return within 30 s on %v", pts)
		return nil
	}
}

// checkFrontier checks what frontier returns for pts against its
// definition: no point beats a point on it, every other comparable point
// is beaten, points with a NaN figure are left off, and the indexes come
// once each, by performance, then price, then index.
func checkFrontier(t *testing.T, pts []point) {
	t.Helper()
	out := frontierWithin(t, pts)
	comparable := func(p point) bool { return !math.IsNaN(p.Price) && !math.IsNaN(p.Perf) }
	beats := func(q, p point) bool {
		return q.Price <= p.Price && q.Perf >= p.Perf && (q.Price < p.Price || q.Perf > p.Perf)
	}
	on := map[int]bool{}
	for k, i := range out {
		if i < 0 || i >= len(pts) || on[i] {
			t.Fatalf("frontier %v of %v: index %d out of range or repeated", out, pts, i)
		}
		on[i] = true
		if !comparable(pts[i]) {
			t.Errorf("frontier %v of %v: point %d has a NaN figure", out, pts, i)
		}
		if k > 0 {
			a, b := pts[out[k-1]], pts[i]
			if a.Perf > b.Perf || a.Perf == b.Perf && (a.Price > b.Price || a.Price == b.Price && out[k-1] > i) {
				t.Errorf("frontier %v of %v: not in order of performance, price, index", out, pts)
			}
		}
	}
	for i, p := range pts {
		if !comparable(p) {
			continue
		}
		beaten := false
		for j, q := range pts {
			if j != i && comparable(q) && beats(q, p) {
				beaten = true
				break
			}
		}
		if on[i] == beaten {
			t.Errorf("frontier %v of %v: point %d %+v on frontier %v, beaten %v", out, pts, i, p, on[i], beaten)
		}
	}
}

// TestFrontierOnAnyFloat is the frontier of points with NaN, infinite and
// extreme figures: it returns, and keeps to its definition. A NaN
// performance once stopped the loop over runs of equal performance from
// advancing, and the build hung.
func TestFrontierOnAnyFloat(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for _, pts := range [][]point{
		{{Price: 2, Perf: nan}},
		{{Price: 2, Perf: nan}, {Price: 1, Perf: 10}, {Price: 3, Perf: nan}},
		{{Price: nan, Perf: 10}, {Price: 2, Perf: 10}, {Price: 1, Perf: 5}},
		{{Price: nan, Perf: nan}, {Price: nan, Perf: nan}},
		{{Price: inf, Perf: inf}, {Price: 1, Perf: 1}},
		{{Price: inf, Perf: 5}, {Price: inf, Perf: 5}},
		{{Price: -inf, Perf: -inf}, {Price: 0, Perf: 0}, {Price: math.MaxFloat64, Perf: math.SmallestNonzeroFloat64}},
		{{Price: 1, Perf: -0.0}, {Price: 1, Perf: 0}},
	} {
		checkFrontier(t, pts)
	}
	if got := frontierWithin(t, []point{{Price: 2, Perf: nan}, {Price: 1, Perf: 10}}); !slices.Equal(got, []int{1}) {
		t.Errorf("frontier = %v, want [1]: the NaN point left off", got)
	}
}

// FuzzFrontier feeds frontier points made of any 64-bit patterns, NaN and
// infinities among them: it always returns, and what it returns is the
// frontier.
func FuzzFrontier(f *testing.F) {
	pair := func(price, perf float64) []byte {
		return binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(nil, math.Float64bits(price)), math.Float64bits(perf))
	}
	f.Add(slices.Concat(pair(2, 10), pair(1, 5), pair(3, 10)))
	f.Add(slices.Concat(pair(2, math.NaN()), pair(1, 10)))
	f.Add(slices.Concat(pair(math.Inf(1), math.Inf(1)), pair(math.NaN(), 1), pair(1, math.Inf(-1))))
	f.Add(slices.Concat(pair(1, 1), pair(1, 1), pair(0, -0.0)))
	f.Fuzz(func(t *testing.T, data []byte) {
		var pts []point
		for len(data) >= 16 && len(pts) < 64 {
			pts = append(pts, point{
				Price: math.Float64frombits(binary.LittleEndian.Uint64(data)),
				Perf:  math.Float64frombits(binary.LittleEndian.Uint64(data[8:])),
			})
			data = data[16:]
		}
		checkFrontier(t, pts)
	})
}
