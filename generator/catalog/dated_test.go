package catalog

import (
	"testing"
)

// TestShippedPricesAreDated pins the share of the shipped catalog's price
// points that carry an effective date (since) and the share that carry a
// date of some kind (since, or an as_of that is a day, month or year), so
// that an edit which drops dates, or adds undated points in bulk, is seen.
// The targets are 30% and 90%; the floors are what the public
// sources read so far support (see the commit history of data/prices).
func TestShippedPricesAreDated(t *testing.T) {
	cat := shipped(t)
	var effective, dated int
	isDate := func(d Date) bool {
		_, ok := d.Time()
		return d.Known() && ok
	}
	for _, p := range cat.Prices {
		switch {
		case isDate(p.Since):
			effective++
			dated++
		case p.AsOfDate() != "":
			dated++
		}
	}
	n := len(cat.Prices)
	if n == 0 {
		t.Fatal("the shipped catalog has no price points")
	}
	t.Logf("%d price points: %d (%.1f%%) with since, %d (%.1f%%) with since or as_of",
		n, effective, pct(effective, n), dated, pct(dated, n))
	const minEffective, minDated = 14.0, 60.0
	if got := pct(effective, n); got < minEffective {
		t.Errorf("%.1f%% of price points have an effective date (since), want at least %.0f%%", got, minEffective)
	}
	if got := pct(dated, n); got < minDated {
		t.Errorf("%.1f%% of price points have a date (since or as_of), want at least %.0f%%", got, minDated)
	}
}

func pct(k, n int) float64 { return 100 * float64(k) / float64(n) }
