package catalog

// SeriesKey names one price series: an offer (instance type × region) under
// one pricing model and payment option (a 1-year reservation paid upfront is
// another series than one paid monthly, not a price change).
type SeriesKey struct {
	Provider, Instance, Region, Model, Payment string
}

// Series is the key of the series p belongs to.
func (p *PricePoint) Series() SeriesKey {
	return SeriesKey{p.Provider, p.Instance, p.Region, p.Model, p.Payment()}
}

// Series returns every price series of the catalog, each in history order
// (file order), and the keys in the order their first point appears.
func (c *Catalog) Series() ([]SeriesKey, map[SeriesKey][]*PricePoint) {
	return seriesOf(c.Prices)
}

// seriesOf groups price points by series, as Catalog.Series does.
func seriesOf(prices []*PricePoint) ([]SeriesKey, map[SeriesKey][]*PricePoint) {
	// Sized for a series per point, the most there can be: growing a list
	// of keys or the map would copy them over and over.
	keys := make([]SeriesKey, 0, len(prices))
	series := make(map[SeriesKey][]*PricePoint, len(prices))
	// The first point of each series has its place in one array for all;
	// a series of more points grows out of it.
	firsts := make([]*PricePoint, len(prices))
	for _, p := range prices {
		k := p.Series()
		s, ok := series[k]
		if !ok {
			n := len(keys)
			keys = append(keys, k)
			s = firsts[n : n : n+1]
		}
		series[k] = append(s, p)
	}
	return keys, series
}

// SamePrice reports whether two points state the same price.
func SamePrice(a, b *PricePoint) bool {
	eq := func(x, y *float64) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	return a.Currency == b.Currency && a.PerGPU == b.PerGPU && a.Payment() == b.Payment() &&
		eq(a.Amount, b.Amount) && eq(a.Upfront(), b.Upfront()) && eq(a.EffectiveHourly(), b.EffectiveHourly()) && eq(a.DiscountPct(), b.DiscountPct())
}

// checkHistories checks that each series runs oldest first and warns about
// price changes that have no date (they show as undated and cannot go into
// feeds) and about listings a newer one of the provider supersedes.
//
// It runs only on a catalog without errors, in which the prices of a
// provider are all in the one file named for it: each price file holds
// whole series, and the files are checked on the worker pool.
func (l *loader) checkHistories() {
	l.eachPriceFile("histories", func(sub *loader, f priceFile) {
		sub.checkHistory(f.Prices)
		sourceRules{sub}.checkSuperseded(sub.cat.Provider(f.Provider), f.Prices)
		sourceRules{sub}.checkCopiedPrices(f.Prices)
	})
}

// checkHistory checks the series of prices, in the order their first
// points come.
func (l *loader) checkHistory(prices []*PricePoint) {
	keys, series := seriesOf(prices)
	for _, k := range keys {
		points := series[k]
		latest := points[0] // the latest dated point so far
		for i := 1; i < len(points); i++ {
			older, newer := points[i-1], points[i]
			r := record{l: l, file: newer.file, at: newer.at, price: newer}
			if before(newer.Since, latest.Since) {
				r.errorf("since", "since %s is before %s of an earlier point (line %d): the points of a series go oldest first", newer.Since, latest.Since, latest.at.line)
			}
			if newer.Since.Known() {
				latest = newer
			}
			switch {
			case SamePrice(older, newer) || newer.Since.Known():
			case newer.FirstSeen() != "":
				r.warnf("since", "the price changes here but its source gives no date (an import first saw it %s): it shows as undated and stays out of feeds", newer.FirstSeen())
			default:
				r.warnf("since", "the price changes here but the change has no date: it shows as undated and stays out of feeds")
			}
		}
	}
}

// before reports whether a is surely earlier than b, comparing partial
// dates only as far as both are precise.
func before(a, b Date) bool {
	if !a.Known() || !b.Known() {
		return false
	}
	n := min(len(a), len(b))
	return a[:n] < b[:n]
}

// Pos is where the value of key stands in p's file during a load, or
// where p stands once the catalog is loaded.
func (p *PricePoint) Pos(key string) Pos {
	return record{file: p.file, at: p.at}.pos(key)
}
