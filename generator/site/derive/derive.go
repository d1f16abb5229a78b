// Package derive is the first stage after the catalog is validated: it
// makes, once, what the pages, exports and feeds of an edition are made
// of and that follows from the catalog alone: the offers with comparable
// prices in the site currency, the benchmark results mapped onto them,
// the offers, price points and price changes of each instance type, the
// changes by month and the GPU models in buyer order. What it makes is
// not changed after (Data); it renders no template and does no I/O.
package derive

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"time"

	"gpucompare/generator/bench"
	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/pricing"
)

// Data is what an edition's pages are made of that follows from its
// catalog alone. It is not changed once made.
type Data struct {
	// Ref is the day prices are judged current or not on (MakeAt).
	Ref time.Time
	// GPUs are the GPU models in buyer order (GPUOrder).
	GPUs []*catalog.GPU
	// Priced are the offers with comparable prices, in the site currency.
	Priced []*pricing.Offer
	// BenchGroups are the benchmark results mapped onto the priced
	// offers, in groups of comparable results (bench.Derive).
	BenchGroups []*bench.Group
	// Trials are the figures of the teams' own trials, costed at the
	// price each paid and ranked apart from the published results
	// (bench.Trials).
	Trials []*bench.TrialFigure
	// BenchGroupsWith are the same under each state of the answer
	// switches, by its mask (IncludeOf): 0 is BenchGroups.
	BenchGroupsWith [4][]*bench.Group
	// OffersOf are the priced offers of each instance type.
	OffersOf map[*catalog.Instance][]*pricing.Offer
	// Changes are every price change, newest first; Months the same by
	// month, newest first (ChangeMonths); ChangesOf those of each
	// instance type, newest first.
	Changes   []*feed.Change
	Months    []ChangeMonth
	ChangesOf map[*catalog.Instance][]*feed.Change
	// PricesOf are the price points of each instance type.
	PricesOf map[PriceKey][]*catalog.PricePoint
	// Mainland is the cheapest price per GPU-hour of each GPU model in
	// mainland China, in yuan (Mainland).
	Mainland []*MainlandRow
}

// Make derives the Data of cat, on two goroutines: the offers with
// comparable prices, the benchmark groups and the offers of each instance
// type; the price changes, those of each instance type and the price
// points of each.
func Make(cat *catalog.Catalog) *Data { return MakeAt(cat, catalog.NewestDate(cat)) }

// MakeAt is Make with prices judged current or not on day ref, the day
// the pages count ages to (pricing.OffersAt): which prices answer by
// default (pricing.Price.Why) is decided here, once, for every page.
func MakeAt(cat *catalog.Catalog, ref time.Time) *Data { return makeAt(cat, ref, true) }

// MakeWithoutSwitchesAt is MakeAt for pages other than the benchmark
// pages, the only ones that read the benchmark groups under the answer
// switches that are not the default: it leaves BenchGroupsWith[1:] nil,
// so that serve's draft of such a page waits for none of the three
// mappings of every benchmark result they take.
func MakeWithoutSwitchesAt(cat *catalog.Catalog, ref time.Time) *Data {
	return makeAt(cat, ref, false)
}

// makeAt is MakeAt, with the groups under the switches when switches.
func makeAt(cat *catalog.Catalog, ref time.Time, switches bool) *Data {
	d := &Data{Ref: ref, GPUs: GPUOrder(cat.GPUs)}
	var wg sync.WaitGroup
	wg.Go(func() {
		d.Priced = pricing.OffersAt(cat, cat.Site.Currency, ref)
		// The groups under each state of the switches are made side by
		// side: serve's draft of a benchmark page waits for them.
		var groups sync.WaitGroup
		for m := 1; switches && m < len(d.BenchGroupsWith); m++ {
			groups.Go(func() { d.BenchGroupsWith[m] = bench.DeriveWith(cat, d.Priced, IncludeOf(m)) })
		}
		d.BenchGroups = bench.Derive(cat, d.Priced)
		d.Trials = bench.Trials(cat, d.BenchGroups, ref)
		d.BenchGroupsWith[0] = d.BenchGroups
		d.Mainland = Mainland(cat, d.Priced, d.GPUs)
		groups.Wait()
		d.OffersOf = map[*catalog.Instance][]*pricing.Offer{}
		for _, o := range d.Priced {
			d.OffersOf[o.Instance] = append(d.OffersOf[o.Instance], o)
		}
	})
	wg.Go(func() {
		d.Changes = feed.Changes(cat)
		d.Months = ChangeMonths(d.Changes)
		d.ChangesOf = map[*catalog.Instance][]*feed.Change{}
		for _, c := range d.Changes {
			d.ChangesOf[c.Instance] = append(d.ChangesOf[c.Instance], c)
		}
		d.PricesOf = map[PriceKey][]*catalog.PricePoint{}
		for _, pp := range cat.Prices {
			k := PriceKey{pp.Provider, pp.Instance}
			d.PricesOf[k] = append(d.PricesOf[k], pp)
		}
	})
	wg.Wait()
	return d
}

// IncludeOf is the state of the answer switches of mask m: 1 "include
// stale prices", 2 "include marketplaces", 3 both (the URL's stale=1 and
// market=1).
func IncludeOf(m int) pricing.Include {
	return pricing.Include{Stale: m&1 != 0, Marketplaces: m&2 != 0}
}

// GroupsOf are the benchmark groups of bm, in their order.
func (d *Data) GroupsOf(bm *catalog.Benchmark) []*bench.Group {
	var out []*bench.Group
	for _, g := range d.BenchGroups {
		if g.Benchmark == bm {
			out = append(out, g)
		}
	}
	return out
}

// PriceKey names the price history of one instance type.
type PriceKey struct{ Provider, Instance string }

// ChangeMonth is the changes of one page of /changes/<key>/: one month
// ("2025-06"), one year where the sources date no month ("2023"), or the
// undated ones ("undated").
type ChangeMonth struct {
	Key     string
	Changes []*feed.Change // newest first
}

// UndatedMonth is the key of the page of the undated changes.
const UndatedMonth = "undated"

// The latest months /changes/ lists: the newest, then whole older months
// while it holds fewer than LatestMin changes and would hold no more than
// LatestMax.
const (
	LatestMin = 20
	LatestMax = 200
)

// MonthOf is the key of the page of /changes/ that lists c.
func MonthOf(c *feed.Change) string {
	d := c.Date()
	switch {
	case !c.Dated() || !d.Known():
		return UndatedMonth
	case d.Precision() == "year":
		return string(d)
	case len(d) >= 7:
		return string(d[:7])
	}
	return UndatedMonth
}

// ChangeMonths groups changes, newest first, by their months, newest
// first: a year the sources date no month of comes after that year's
// months, and the undated changes last.
func ChangeMonths(changes []*feed.Change) []ChangeMonth {
	at := map[string]int{}
	var out []ChangeMonth
	for _, c := range changes {
		k := MonthOf(c)
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, ChangeMonth{Key: k})
		}
		out[i].Changes = append(out[i].Changes, c)
	}
	order := func(k string) string {
		switch {
		case k == UndatedMonth:
			return ""
		case len(k) == 4:
			return k + "-00"
		}
		return k
	}
	slices.SortStableFunc(out, func(a, b ChangeMonth) int { return cmp.Compare(order(b.Key), order(a.Key)) })
	return out
}

// GPUOrder sorts GPU models the way a buyer scans them: newest first by
// release year, then by vendor and name. A model the catalog does not
// date sorts with the newest dated variant of its chip (an undated A100
// PCIe 80GB beside the A100s of 2020), or else of its architecture (an
// undated A10G beside the A10 of 2021: both are Ampere GA102); one with
// neither comes after the dated ones. The year only orders rows: pages
// show the catalog's date.
func GPUOrder(gpus []*catalog.GPU) []*catalog.GPU {
	year := ReleaseYears(gpus)
	out := slices.Clone(gpus)
	slices.SortStableFunc(out, func(x, y *catalog.GPU) int {
		return cmp.Or(
			-cmp.Compare(year(x), year(y)),
			cmp.Compare(strings.ToLower(x.Vendor), strings.ToLower(y.Vendor)),
			cmp.Compare(strings.ToLower(x.Name), strings.ToLower(y.Name)),
			cmp.Compare(x.ID, y.ID),
		)
	})
	return out
}

// ReleaseYears returns the release year of a GPU among gpus: its own, else
// the latest of its chip's other variants (same vendor and model), else the
// latest of its architecture's; "" when none is known.
func ReleaseYears(gpus []*catalog.GPU) func(*catalog.GPU) string {
	type group struct{ vendor, name string }
	chipYear, archYear := map[group]string{}, map[group]string{}
	for _, g := range gpus {
		if !g.Released.Known() {
			continue
		}
		y := string(g.Released)[:4]
		if g.Model != "" {
			c := group{g.Vendor, g.Model}
			chipYear[c] = max(chipYear[c], y)
		}
		if g.Architecture != "" {
			a := group{g.Vendor, g.Architecture}
			archYear[a] = max(archYear[a], y)
		}
	}
	return func(g *catalog.GPU) string {
		if g.Released.Known() {
			return string(g.Released)[:4]
		}
		if y := chipYear[group{g.Vendor, g.Model}]; g.Model != "" && y != "" {
			return y
		}
		if g.Architecture != "" {
			return archYear[group{g.Vendor, g.Architecture}]
		}
		return ""
	}
}

// Tally counts the latest prices of offers, one per offer and pricing
// model, by whether they answer by default (pricing.Price.Why).
type Tally struct {
	Total int
	// Current are those that answer by default: Why is "".
	Current int
	// Why counts the others by their reason.
	Why map[string]int
	// Newest is the newest full day a price's age counts from
	// (catalog.AgeDate); "" when none is dated to the day.
	Newest catalog.Date
}

// TallyOf counts the latest prices of offers.
func TallyOf(offers []*pricing.Offer) Tally {
	t := Tally{Why: map[string]int{}}
	for _, o := range offers {
		for _, pr := range o.Prices {
			t.Total++
			if w := pr.Why(); w != "" {
				t.Why[w]++
			} else {
				t.Current++
			}
			if d, _ := catalog.AgeDate(pr.Point); d.Precision() == "day" && d > t.Newest {
				t.Newest = d
			}
		}
	}
	return t
}
