package derive

import (
	"slices"

	"gpucompare/generator/bench"
	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/pricing"
)

// A page's model is a function of what it reads of the edition's catalog
// and derived data. A model made through a Recorder reads the parts it
// needs through the Recorder's accessors, which note each Part; Value
// gives a part again from another build's catalog and data, so that a
// live preview can tell, before making a model, whether anything it read
// changed (package site's pageCache): when no part did, nor the page's
// frame, the model is the same.

// PartKind is a kind of part a model reads.
type PartKind uint8

const (
	// PartInstance is an instance type, with its provider's whole file:
	// its regions and every other instance type of it.
	PartInstance PartKind = iota + 1
	// PartGPU is a GPU model's record.
	PartGPU
	// PartPrices are the price points of an instance type (PricesOf).
	PartPrices
	// PartOffers are the priced offers of an instance type (OffersOf).
	PartOffers
	// PartChanges are the price changes of an instance type (ChangesOf).
	PartChanges
	// PartBenchmarks are the benchmark records, and where an instance
	// type stands in each group of comparable results (BenchGroups, not
	// the groups under the answer switches): its best cost in each
	// ranking, its rank and the ranking's length (Standing).
	PartBenchmarks
	// PartTrials are the teams' trials and their figures (Trials).
	PartTrials
	// PartQuotes are a team's private quotes.
	PartQuotes
	// PartSettings are what holds for the whole catalog: the site's
	// settings (its language, currency and freshness policy), the
	// exchange rates, the scoring, the source registry, and the day prices
	// are judged on (Ref).
	PartSettings
)

// Part is one part of the catalog or derived data that a model read:
// its kind and, for a record's part, the record's provider and id.
type Part struct {
	Kind         PartKind
	Provider, ID string
}

// Recorder notes what a model reads of an edition's catalog and derived
// data through its accessors. A nil *Recorder reads the same and notes
// nothing. It is not safe for concurrent use: a model is made on one
// goroutine.
type Recorder struct {
	parts []Part
}

// Parts are the parts read through r, in the order first read.
func (r *Recorder) Parts() []Part {
	if r == nil {
		return nil
	}
	return slices.Clone(r.parts)
}

func (r *Recorder) note(p Part) {
	if r != nil && !slices.Contains(r.parts, p) {
		r.parts = append(r.parts, p)
	}
}

// Instance notes the instance type in and its provider's file.
func (r *Recorder) Instance(in *catalog.Instance) {
	r.note(Part{Kind: PartInstance, Provider: in.Provider.ID, ID: in.ID})
}

// GPU is the GPU model id of cat, or nil.
func (r *Recorder) GPU(cat *catalog.Catalog, id string) *catalog.GPU {
	r.note(Part{Kind: PartGPU, ID: id})
	return cat.GPU(id)
}

// PricesOf are the price points of the instance type of k (Data.PricesOf).
func (r *Recorder) PricesOf(d *Data, k PriceKey) []*catalog.PricePoint {
	r.note(Part{Kind: PartPrices, Provider: k.Provider, ID: k.Instance})
	return d.PricesOf[k]
}

// OffersOf are the priced offers of in (Data.OffersOf).
func (r *Recorder) OffersOf(d *Data, in *catalog.Instance) []*pricing.Offer {
	r.note(Part{Kind: PartOffers, Provider: in.Provider.ID, ID: in.ID})
	return d.OffersOf[in]
}

// ChangesOf are the price changes of in (Data.ChangesOf).
func (r *Recorder) ChangesOf(d *Data, in *catalog.Instance) []*feed.Change {
	r.note(Part{Kind: PartChanges, Provider: in.Provider.ID, ID: in.ID})
	return d.ChangesOf[in]
}

// Benchmarks notes that the model reads the benchmarks and where in
// stands in their groups (Standing).
func (r *Recorder) Benchmarks(in *catalog.Instance) {
	r.note(Part{Kind: PartBenchmarks, Provider: in.Provider.ID, ID: in.ID})
}

// Trials notes that the model reads the trials and their figures.
func (r *Recorder) Trials() { r.note(Part{Kind: PartTrials}) }

// Quotes notes that the model reads the private quotes.
func (r *Recorder) Quotes() { r.note(Part{Kind: PartQuotes}) }

// Settings notes that the model reads what holds for the whole catalog.
func (r *Recorder) Settings() { r.note(Part{Kind: PartSettings}) }

// settings are the parts of a catalog that PartSettings names.
type settings struct {
	Site    catalog.Site
	FX      []catalog.FXRate
	Scoring *catalog.Scoring
	Sources *catalog.SourceRegistry
	Ref     int64
}

// Value is part p of d and its catalog cat: what a Recorder's accessor
// gave for it, for it to be compared with another build's (a nil of the
// part's type when its record is gone).
func (d *Data) Value(cat *catalog.Catalog, p Part) any {
	switch p.Kind {
	case PartInstance:
		if pr := cat.Provider(p.Provider); pr != nil {
			return pr.Instance(p.ID)
		}
		return (*catalog.Instance)(nil)
	case PartGPU:
		return cat.GPU(p.ID)
	case PartPrices:
		return d.PricesOf[PriceKey{p.Provider, p.ID}]
	case PartOffers, PartChanges, PartBenchmarks:
		var in *catalog.Instance
		if pr := cat.Provider(p.Provider); pr != nil {
			in = pr.Instance(p.ID)
		}
		switch {
		case p.Kind == PartOffers:
			return d.OffersOf[in]
		case p.Kind == PartChanges:
			return d.ChangesOf[in]
		case in == nil:
			return []GroupStanding(nil)
		}
		return struct {
			Benchmarks []*catalog.Benchmark
			Groups     []GroupStanding
		}{cat.Benchmarks, d.Standing(in)}
	case PartTrials:
		return struct {
			Trials  []*catalog.Trial
			Figures []*bench.TrialFigure
		}{cat.Trials, d.Trials}
	case PartQuotes:
		return cat.Quotes
	case PartSettings:
		return settings{cat.Site, cat.FX, cat.Scoring, cat.Sources, d.Ref.UnixNano()}
	}
	return nil
}

// GroupStanding is where an instance type stands in a group of comparable
// benchmark results: the group, and by pricing model its best cost in the
// ranking of results as they ran (Ranks) and in that of results split
// across instances (Split), where it is ranked.
type GroupStanding struct {
	Benchmark             *catalog.Benchmark
	Division, Round, Unit string
	Ranks, Split          map[string]Standing
}

// Standing is the best cost of an instance type in a ranking of costs:
// its figures, its rank (equal figures share the first's) and how many
// the ranking holds.
type Standing struct {
	Rank, Of, Instances   int
	WorkPerMoney, RunCost float64
}

// Standing is where in stands in each benchmark group, in their order.
func (d *Data) Standing(in *catalog.Instance) []GroupStanding {
	out := make([]GroupStanding, len(d.BenchGroups))
	for i, g := range d.BenchGroups {
		out[i] = GroupStanding{Benchmark: g.Benchmark, Division: g.Division, Round: g.Round, Unit: g.Unit,
			Ranks: standings(g.Ranks, in), Split: standings(g.Split, in)}
	}
	return out
}

// standings are the best costs of in in rankings, by pricing model; nil
// when it is in none.
func standings(rankings map[string][]*bench.Cost, in *catalog.Instance) map[string]Standing {
	var out map[string]Standing
	for model, costs := range rankings {
		for j, c := range costs {
			if c.Mapping.Offer.Instance != in {
				continue
			}
			rank := bench.Rank(costs, j)
			if out == nil {
				out = map[string]Standing{}
			}
			out[model] = Standing{Rank: rank, Of: len(costs), Instances: c.Mapping.Instances, WorkPerMoney: c.WorkPerMoney, RunCost: c.RunCost}
			break
		}
	}
	return out
}
