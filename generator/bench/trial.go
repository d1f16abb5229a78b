package bench

import (
	"cmp"
	"slices"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// A team's own trial (catalog.Trial) is costed at the price it paid, not
// at the catalog's: its figures were measured on the whole instance, so a
// unit of work costs the price paid per hour over the work of an hour.
// Trials are ranked among themselves, in rankings of their own beside the
// published results of their benchmark, never among them. A trial ages
// like a price: its end date against the site's freshness policy; a stale
// trial is listed, marked, and not ranked.

// TrialFigure is one figure of a trial with what a unit of its work cost.
type TrialFigure struct {
	Trial  *catalog.Trial
	Figure *catalog.TrialFigure
	// Benchmark is the benchmark whose unit the figure is in; nil for a
	// figure in a unit of its own.
	Benchmark *catalog.Benchmark
	Unit      string
	Instance  *catalog.Instance
	Provider  *catalog.Provider
	// Paid is the price paid per hour of the instance in the site
	// currency, with the conversion used; Converted is false when the
	// catalog has no rate (Paid is then 0 and nothing is costed).
	Paid       float64
	Conversion pricing.Conversion
	Converted  bool
	// WorkPerMoney is, for a throughput, the work one unit of money
	// bought; RunCost is, for a time, what one run cost.
	WorkPerMoney, RunCost float64
	// Freshness is the trial's badge on the day ages count to: its end
	// date under the site's freshness policy (catalog.Badge).
	Freshness string
	// Rank is its place among the current trials of its unit, from 1; 0
	// for a stale or undated trial, or one not costed.
	Rank int
	// Published is the best published result of the figure's benchmark
	// costed on the same offer (instance type and region) under the
	// trial's pricing model at the catalog's price, as the benchmark's
	// ranking has it; nil when it has none.
	Published *Cost
}

// Time reports whether the figure is a time (a cost per run).
func (f *TrialFigure) Time() bool { return timeSeconds(f.Unit) > 0 }

// Value is the figure rankings sort on.
func (f *TrialFigure) Value() float64 {
	if f.Time() {
		return f.RunCost
	}
	return f.WorkPerMoney
}

// Current reports whether the trial answers in a ranking: costed, and
// neither stale nor undated.
func (f *TrialFigure) Current() bool {
	return f.Converted && (f.Freshness == catalog.Fresh || f.Freshness == catalog.Aging)
}

// Trials costs every figure of every trial of cat at the price it paid,
// judged fresh or not on day ref, and ranks each unit's current figures,
// best first, the others after them; groups are the benchmark groups
// (Derive) the published results beside each figure come from. The
// figures are in the order of their rankings: benchmark figures by
// benchmark in catalog order, then figures of their own units by unit.
func Trials(cat *catalog.Catalog, groups []*Group, ref time.Time) []*TrialFigure {
	rates := pricing.Rates(cat.FX)
	fresh, stale := cat.Site.Policy()
	var out []*TrialFigure
	for _, t := range cat.Trials {
		prov := cat.Provider(t.Offer.Provider)
		if prov == nil {
			continue
		}
		in := prov.Instance(t.Offer.Instance)
		for _, f := range t.Figures {
			tf := &TrialFigure{Trial: t, Figure: f, Benchmark: cat.Benchmark(f.Benchmark), Unit: f.UnitOf(cat),
				Instance: in, Provider: prov, Freshness: catalog.Badge(t.End, ref, fresh, stale)}
			if c, ok := rates.Convert(t.Paid.Currency, cat.Site.Currency); ok && t.Paid.Amount != nil {
				tf.Conversion, tf.Converted, tf.Paid = c, true, c.Apply(*t.Paid.Amount)
			}
			if tf.Converted && tf.Paid > 0 {
				if secs := timeSeconds(tf.Unit); secs > 0 {
					tf.RunCost = tf.Paid * f.Value * secs / 3600
				} else {
					tf.WorkPerMoney = f.Value * 3600 / tf.Paid
				}
			}
			tf.Published = published(groups, tf)
			out = append(out, tf)
		}
	}
	order := map[string]int{}
	for i, b := range cat.Benchmarks {
		order[b.ID] = i
	}
	slices.SortStableFunc(out, func(a, b *TrialFigure) int {
		if (a.Benchmark == nil) != (b.Benchmark == nil) {
			if a.Benchmark != nil {
				return -1
			}
			return 1
		}
		if a.Benchmark != nil {
			if c := cmp.Compare(order[a.Benchmark.ID], order[b.Benchmark.ID]); c != 0 {
				return c
			}
		} else if c := cmp.Compare(a.Unit, b.Unit); c != 0 {
			return c
		}
		if a.Current() != b.Current() {
			if a.Current() {
				return -1
			}
			return 1
		}
		if a.Time() {
			return cmp.Compare(a.Value(), b.Value())
		}
		return cmp.Compare(b.Value(), a.Value())
	})
	rank, key := 0, ""
	for _, f := range out {
		k := f.Unit
		if f.Benchmark != nil {
			k = "benchmark " + f.Benchmark.ID
		}
		if k != key {
			rank, key = 0, k
		}
		if f.Current() {
			rank++
			f.Rank = rank
		}
	}
	return out
}

// published is the best published result of the figure's benchmark on
// the trial's offer, under its pricing model, as it ran.
func published(groups []*Group, tf *TrialFigure) *Cost {
	if tf.Benchmark == nil || tf.Instance == nil {
		return nil
	}
	var best *Cost
	for _, g := range groups {
		if g.Benchmark != tf.Benchmark || g.Unit != tf.Unit {
			continue
		}
		for _, c := range g.Ranks[tf.Trial.Offer.Model] {
			o := c.Mapping.Offer
			if o.Instance != tf.Instance || (o.Region != tf.Trial.Offer.Region && o.Region != catalog.AllRegions) {
				continue
			}
			if best == nil || (g.Time() && c.Value() < best.Value()) || (!g.Time() && c.Value() > best.Value()) {
				best = c
			}
			break // the group's ranking is best first
		}
	}
	return best
}
