package kinds

import (
	"cmp"

	"gpucompare/generator/bench"
	"gpucompare/generator/catalog"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
)

// TrialRow is a figure of a team's own trial as the benchmark, GPU and
// instance pages list it: beside the published results, in a table of its
// own, marked as the team's trial with its dates and its team.
type TrialRow struct {
	*bench.TrialFigure
	InstanceURL  string
	ProviderURL  string
	BenchmarkURL string // "" for a figure in a unit of its own
	RegionName   string
	Start, End   *pagemodel.DateView
	// Trust is the trial's age from its end date, with its freshness badge.
	Trust *pagemodel.TrustView
	// Work is the work per unit of money at the price paid; WorkUnit
	// what the work counts, "" for a time (RunCost is then shown).
	Work     figureView
	WorkUnit string
	Currency string // the site's
	// Beside is the best published result on the same offer at the
	// catalog's price, in the same terms; PublishedURL its row.
	Beside       figureView
	PublishedURL string
}

// Trials are the rows of the trial figures keep selects, in ranking order
// (bench.Trials).
func (k *Benchmarks) Trials(p *pagemodel.Page, keep func(*bench.TrialFigure) bool) []*TrialRow {
	var out []*TrialRow
	for _, f := range k.data.Trials {
		if !keep(f) {
			continue
		}
		r := &TrialRow{TrialFigure: f, Start: pagemodel.NewDate(f.Trial.Start), End: pagemodel.NewDate(f.Trial.End), Currency: k.cat.Site.Currency}
		if f.Instance != nil {
			r.InstanceURL = p.Rel(paths.Instance(f.Instance))
		}
		r.ProviderURL = p.Rel(paths.Provider(f.Provider.ID))
		if reg := f.Provider.Region(f.Trial.Offer.Region); reg != nil {
			r.RegionName = cmp.Or(k.text(reg, "name"), reg.ID)
		}
		if f.Benchmark != nil {
			r.BenchmarkURL = p.Rel(paths.Benchmark(f.Benchmark.ID))
		}
		// A trial ages like a price: from its last day.
		r.Trust = k.trust(&catalog.PricePoint{Since: f.Trial.End}, "")
		r.Trust.Title = ""
		if !f.Time() {
			r.WorkUnit = bench.WorkUnit(f.Unit)
			r.Work = workFigure(f.WorkPerMoney)
		}
		if c := f.Published; c != nil {
			r.Beside = workFigure(c.WorkPerMoney)
			if f.Time() {
				r.Beside = figureView{Num: sig3(c.RunCost)}
			}
			for i, cr := range f.Benchmark.Results {
				if cr == c.Mapping.Result.Result {
					r.PublishedURL = r.BenchmarkURL + "#" + resultAnchor(i+1)
				}
			}
		}
		out = append(out, r)
	}
	return out
}

// BenchmarkTrials are the trial figures in the unit of benchmark bm.
func (k *Benchmarks) BenchmarkTrials(p *pagemodel.Page, bm *catalog.Benchmark) []*TrialRow {
	return k.Trials(p, func(f *bench.TrialFigure) bool { return f.Benchmark == bm })
}

// InstanceTrials are the trial figures measured on instance type in.
func (k *Benchmarks) InstanceTrials(p *pagemodel.Page, in *catalog.Instance) []*TrialRow {
	return k.Trials(p, func(f *bench.TrialFigure) bool { return f.Instance == in })
}

// GPUTrials are the trial figures measured on instance types of
// accelerator g.
func (k *Benchmarks) GPUTrials(p *pagemodel.Page, g *catalog.GPU) []*TrialRow {
	return k.Trials(p, func(f *bench.TrialFigure) bool { return f.Instance != nil && f.Instance.GPU == g.ID })
}
