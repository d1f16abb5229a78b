package kinds

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"gpucompare/generator/bench"
	"gpucompare/generator/catalog"
	"gpucompare/generator/charts"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// The benchmark pages: /benchmarks/ lists every benchmark by suite, and
// /benchmarks/<id>/ shows one benchmark's results and, for each group of
// comparable results (bench.Group: the same division, round and unit),
// the offers ranked by what a unit of work costs under each pricing model
// as the results ran, with a price–performance chart of the group under
// on-demand, and apart from them, without a chart, the rankings of the
// results split across instances ("if it scales across instances"). GPU
// pages list the results of their accelerator, instance pages their best
// figure in each group.

// resultAnchor and groupAnchor are the ids of a result's row and of a
// group's section on its benchmark's page; n counts from 1.
func resultAnchor(n int) string { return "result-" + strconv.Itoa(n) }
func groupAnchor(n int) string  { return "group-" + strconv.Itoa(n) }

// Benchmarks is the page kind of the benchmark pages, and of the
// benchmark figures of the GPU and instance pages: a function of the
// edition's catalog and its derived data, with newPage making the frame of
// a page of the edition and trust the trust badge of a price.
type Benchmarks struct {
	cat     *catalog.Catalog
	data    *derive.Data
	newPage func(path, layout string) *pagemodel.Page
	trust   func(pp *catalog.PricePoint, kind string) *pagemodel.TrustView
}

// text is the text of the field key of the catalog record rec in the
// edition's language (catalog.Text).
func (k *Benchmarks) text(rec any, key string) string {
	return pagemodel.CatalogText(k.cat, rec, key)
}

// Pages makes the benchmark index and one page per benchmark.
func (k *Benchmarks) Pages() []*pagemodel.Page {
	idx := k.newPage(paths.Benchmarks, "benchmarks")
	idx.TitleKey, idx.DescKey = "benchmarks.title", "benchmarks.description"
	idx.Data = k.benchmarksData(idx)
	out := []*pagemodel.Page{idx}
	for _, bm := range k.cat.Benchmarks {
		p := k.newPage(paths.Benchmark(bm.ID), "benchmark")
		p.Title, p.DescKey = cmp.Or(pagemodel.CatalogText(k.cat, bm, "name"), bm.Name), "benchmark.description"
		d := k.benchmarkData(p, bm)
		p.Data = d
		if len(d.Best) > 0 {
			p.AnswerScript = p.Rel("static/home.js") // the best offers' switches
		}
		out = append(out, p)
	}
	return out
}

// benchmarksData is the model of the benchmark index.
type benchmarksData struct {
	Suites     []*suiteList
	Benchmarks int
	Results    int // over every benchmark
	// Exports link the results and costs as CSV and JSON.
	ResultsCSV, ResultsJSON, CostsCSV, CostsJSON string
}

// suiteList is the benchmarks of one suite.
type suiteList struct {
	Suite string // catalog.BenchmarkSuites, named by message bench.suite.<suite>
	Rows  []*benchmarkRow
}

// benchmarkRow is a benchmark in the index.
type benchmarkRow struct {
	Benchmark *catalog.Benchmark
	URL       string
	Units     []string // the units of its results: the benchmark's, and any other a result states
	Rounds    []string // in the order the results name them
	Results   int
	Costed    int // results mapped onto at least one priced offer
}

func (k *Benchmarks) benchmarksData(p *pagemodel.Page) *benchmarksData {
	d := &benchmarksData{
		Benchmarks: len(k.cat.Benchmarks),
		ResultsCSV: p.Rel(paths.ResultsCSV), ResultsJSON: p.Rel(paths.ResultsJSON),
		CostsCSV: p.Rel(paths.CostsCSV), CostsJSON: p.Rel(paths.CostsJSON),
	}
	bySuite := map[string]*suiteList{}
	suites := slices.Clone(catalog.BenchmarkSuites)
	for _, bm := range k.cat.Benchmarks {
		if !slices.Contains(suites, bm.Suite) {
			suites = append(suites, bm.Suite)
		}
	}
	for _, s := range suites {
		bySuite[s] = &suiteList{Suite: s}
	}
	for _, bm := range k.cat.Benchmarks {
		r := &benchmarkRow{Benchmark: bm, URL: p.Rel(paths.Benchmark(bm.ID)), Results: len(bm.Results)}
		for _, g := range k.data.GroupsOf(bm) {
			if !slices.Contains(r.Units, g.Unit) {
				r.Units = append(r.Units, g.Unit)
			}
			if !slices.Contains(r.Rounds, g.Round) && g.Round != "" {
				r.Rounds = append(r.Rounds, g.Round)
			}
			for _, res := range g.Results {
				if len(res.Mappings) > 0 {
					r.Costed++
				}
			}
		}
		d.Results += r.Results
		bySuite[bm.Suite].Rows = append(bySuite[bm.Suite].Rows, r)
	}
	for _, s := range suites {
		if l := bySuite[s]; len(l.Rows) > 0 {
			d.Suites = append(d.Suites, l)
		}
	}
	return d
}

// benchmarkData is the model of a benchmark's page.
type benchmarkData struct {
	Benchmark *catalog.Benchmark
	Currency  string
	Rounds    []string // the rounds of its results, in the order they come
	Results   []*resultRow
	Groups    []*groupView
	NotCosted int // results not costed
	// Best are the tops of the rankings as the results ran, by group:
	// the answer the page opens with.
	Best []*bestGroup
	// Trials are the teams' own trials in the benchmark's unit, ranked
	// apart from the published results (bench.Trials).
	Trials []*TrialRow
}

// bestGroup is a group with the first offer of each of its rankings, in
// pricing.Models order.
type bestGroup struct {
	Group *groupView
	Rows  []*bestRow
}

// bestRow is the first offer of one ranking, with how far to trust its
// price.
type bestRow struct {
	Table *rankTable
	Row   *rankRow
	Trust *pagemodel.TrustView
	// Why says why a stale or undated price answers: catalog.Stale (its
	// price is Months old) or catalog.Undated, as the home table words
	// it; "" for a current price.
	Why    string
	Months int
	// Show are the masks of the states of the answer switches the row
	// answers under (derive.IncludeOf), space-separated ("0 2"), where
	// another state has another first offer for its pricing model;
	// Hidden when the default state (0) is not among them.
	Show   string
	Hidden bool
}

// resultRow is one result in a benchmark's results table.
type resultRow struct {
	*bench.Result
	N           int    // its number on the page, from 1 in file order
	Anchor      string // the id of its row
	GPUURL      string // "" when the accelerator is not in the catalog
	InstanceURL string // the instance type it ran on, when the catalog names one
	Instance    *catalog.Instance
	Date        *pagemodel.DateView
	AsOfNote    string // the result's as_of, unless it only repeats its date
}

// groupView is a group of comparable results with its rankings.
type groupView struct {
	*bench.Group
	N        int
	Anchor   string
	WorkUnit string // what a throughput counts ("tokens"); "" for a time
	Results  []*resultRow
	Costed   int          // results with at least one mapping
	Tables   []*rankTable // one per pricing model with a ranking, pricing.Models order
	// SplitTables rank the mappings across several instances the same
	// way (bench.Group.Split); they never have a chart or a frontier.
	SplitTables []*rankTable
	// Rates are the conversions into the site currency the rankings use,
	// one per quoted currency.
	Rates []pricing.Conversion
}

// rankTable is a group's ranking under one pricing model, as the results
// ran or, when Split, across instances.
type rankTable struct {
	Model    string
	Split    bool
	Group    *groupView
	Currency string // the site's
	Rows     []*rankRow
	// Chart is the group's price–performance figure, on the table of the
	// model it is drawn for; nil on the others.
	Chart *pagemodel.ChartView
	// NoChart says the table is the one a chart would be drawn for, but
	// its marks are too few to compare.
	NoChart bool
	// CostsCSV and CostsJSON link benchmarks/costs.csv and .json, which
	// hold every row of every ranking, for the rows a page does not show.
	CostsCSV, CostsJSON string
}

// MaxRankingRows is the most rows of a ranking a benchmark page shows, the
// best first; the rest are counted under the table and are in
// benchmarks/costs.csv and .json. A benchmark with many results and offers
// ranks thousands of mappings, which would make a page of megabytes.
const MaxRankingRows = 100

// Shown are the rows of the ranking its page shows: the first
// MaxRankingRows.
func (t *rankTable) Shown() []*rankRow { return t.Rows[:min(len(t.Rows), MaxRankingRows)] }

// More is how many rows of the ranking its page does not show.
func (t *rankTable) More() int { return len(t.Rows) - len(t.Shown()) }

// rankRow is one costed mapping in a ranking.
type rankRow struct {
	Rank        int // equal figures share a rank
	Cost        *bench.Cost
	Result      *resultRow
	ResultURL   string // the result's row on the page
	InstanceURL string
	ProviderURL string
	RegionName  string // "" for all regions
	PerInstance int    // GPUs per instance
	Figure      figureView
	Quoted      *float64 // the hourly price of the k instances as quoted, when converted
	QuotedIn    string
	OnFrontier  bool
}

// figureView is a work-per-money figure written for reading: three
// significant digits, in millions or billions when it is that large
// (Scale "m", "bn", or "" for the number as it stands).
type figureView struct {
	Num   string
	Scale string
}

// workFigure writes a work-per-money figure: 3,076,050 → 3.08 (millions),
// 244,098 → 244,098, 45.17 → 45.2.
func workFigure(v float64) figureView {
	switch a := math.Abs(v); {
	case a >= 1e9:
		return figureView{sig3(v / 1e9), "bn"}
	case a >= 1e6:
		return figureView{sig3(v / 1e6), "m"}
	case a >= 1000:
		return figureView{Num: render.Group(strconv.FormatFloat(math.Round(v), 'f', 0, 64))}
	}
	return figureView{Num: sig3(v)}
}

// sig3 writes v to three significant digits (two decimals at most below
// 1,000): 3.0760 → "3.08", 14.26 → "14.3", 142.6 → "143", 0.01234 → "0.0123".
func sig3(v float64) string {
	if v == 0 {
		return "0"
	}
	places := max(0, 2-int(math.Floor(math.Log10(math.Abs(v)))))
	r := pricing.Round(v, places)
	if p := max(0, 2-int(math.Floor(math.Log10(math.Abs(r))))); p < places { // 9.996 → 10.0
		places = p
		r = pricing.Round(v, places)
	}
	return render.Group(strconv.FormatFloat(r, 'f', places, 64))
}

func (k *Benchmarks) benchmarkData(p *pagemodel.Page, bm *catalog.Benchmark) *benchmarkData {
	d := &benchmarkData{Benchmark: bm, Currency: k.cat.Site.Currency}
	rows := map[*catalog.Result]*resultRow{}
	groups := k.data.GroupsOf(bm)
	// Results in file order, numbered; each is in exactly one group.
	byResult := map[*catalog.Result]*bench.Result{}
	for _, g := range groups {
		for _, r := range g.Results {
			byResult[r.Result] = r
		}
	}
	for i, cr := range bm.Results {
		r := byResult[cr]
		if r == nil {
			continue
		}
		row := &resultRow{Result: r, N: i + 1, Anchor: resultAnchor(i + 1), Date: pagemodel.NewDate(cr.Date), AsOfNote: cr.AsOf}
		if cr.AsOf == string(cr.Date) {
			row.AsOfNote = ""
		}
		if r.GPU != nil {
			row.GPUURL = p.Rel(paths.GPU(r.GPU.ID))
		}
		if pr := k.cat.Provider(cr.Provider); pr != nil {
			if in := pr.Instance(cr.Instance); in != nil {
				row.Instance, row.InstanceURL = in, p.Rel(paths.Instance(in))
			}
		}
		if r.NotCosted.Code != "" {
			d.NotCosted++
		}
		rows[cr] = row
		d.Results = append(d.Results, row)
		if cr.Round != "" && !slices.Contains(d.Rounds, cr.Round) {
			d.Rounds = append(d.Rounds, cr.Round)
		}
	}
	for i, g := range groups {
		gv := &groupView{Group: g, N: i + 1, Anchor: groupAnchor(i + 1)}
		if !g.Time() {
			gv.WorkUnit = bench.WorkUnit(g.Unit)
		}
		for _, r := range g.Results {
			gv.Results = append(gv.Results, rows[r.Result])
			if len(r.Mappings) > 0 {
				gv.Costed++
			}
		}
		rates := map[string]pricing.Conversion{}
		gv.Tables = rankTables(k, p, g.Ranks, rows, rates)
		gv.SplitTables = rankTables(k, p, g.Split, rows, rates)
		for _, t := range gv.Tables {
			t.Group, t.Currency = gv, d.Currency
		}
		for _, t := range gv.SplitTables {
			t.Group, t.Currency, t.Split = gv, d.Currency, true
		}
		for _, c := range slices.Sorted(maps.Keys(rates)) {
			gv.Rates = append(gv.Rates, rates[c])
		}
		d.Groups = append(d.Groups, gv)
		if len(gv.Tables) == 0 {
			continue
		}
		d.Best = append(d.Best, k.bestGroup(p, gv, rows))
	}
	d.Trials = k.BenchmarkTrials(p, bm)
	return d
}

// bestGroup is the first offer of each ranking of the group gv, under
// each state of the answer switches (derive.Data.BenchGroupsWith, ranked
// at the prices that answer under it): the default's rows as the group's
// rankings have them, and, where a state has another first offer for a
// pricing model, a row for it after, with the states it answers under.
func (k *Benchmarks) bestGroup(p *pagemodel.Page, gv *groupView, rows map[*catalog.Result]*resultRow) *bestGroup {
	best := &bestGroup{Group: gv}
	g := gv.Group
	for _, model := range pricing.Models {
		var tops []*bestRow
		var masks [][]string
		for m, groups := range k.data.BenchGroupsWith {
			i := slices.IndexFunc(groups, func(h *bench.Group) bool {
				return h.Benchmark == g.Benchmark && h.Division == g.Division && h.Round == g.Round && h.Unit == g.Unit
			})
			if i < 0 || len(groups[i].Ranks[model]) == 0 {
				continue
			}
			top := groups[i].Ranks[model][0]
			at := slices.IndexFunc(tops, func(b *bestRow) bool {
				c := b.Row.Cost
				return c.Mapping.Offer == top.Mapping.Offer && c.Mapping.Instances == top.Mapping.Instances &&
					c.Mapping.Share == top.Mapping.Share && c.Value() == top.Value()
			})
			if at < 0 {
				var t *rankTable
				if m == 0 {
					t = gv.Tables[slices.IndexFunc(gv.Tables, func(t *rankTable) bool { return t.Model == model })]
				} else {
					t = rankTables(k, p, map[string][]*bench.Cost{model: {top}}, rows, map[string]pricing.Conversion{})[0]
					t.Group, t.Currency = gv, gv.Tables[0].Currency
				}
				pr := top.Mapping.Offer.Prices[model]
				row := &bestRow{Table: t, Row: t.Rows[0], Trust: k.trust(pr.Point, pr.Kind)}
				if pr.Freshness == catalog.Stale || pr.Freshness == catalog.Undated {
					row.Why = catalog.Undated
					if d, _ := catalog.AgeDate(pr.Point); d != "" {
						row.Why, row.Months = catalog.Stale, catalog.MonthsOld(d, k.data.Ref)
					}
				}
				tops, masks, at = append(tops, row), append(masks, nil), len(tops)
			}
			masks[at] = append(masks[at], strconv.Itoa(m))
		}
		if len(tops) > 1 || len(tops) == 1 && masks[0][0] != "0" {
			for i, b := range tops {
				b.Show, b.Hidden = strings.Join(masks[i], " "), masks[i][0] != "0"
			}
		}
		best.Rows = append(best.Rows, tops...)
	}
	return best
}

// rankTables are the tables of a group's rankings, one per pricing model
// with costs, in pricing.Models order; rows holds the page's result rows,
// and rates gains the conversion of every price quoted in another currency.
func rankTables(k *Benchmarks, p *pagemodel.Page, ranks map[string][]*bench.Cost, rows map[*catalog.Result]*resultRow, rates map[string]pricing.Conversion) []*rankTable {
	var out []*rankTable
	for _, model := range pricing.Models {
		costs := ranks[model]
		if len(costs) == 0 {
			continue
		}
		t := &rankTable{Model: model, CostsCSV: p.Rel(paths.CostsCSV), CostsJSON: p.Rel(paths.CostsJSON)}
		for j, c := range costs {
			m := c.Mapping
			o := m.Offer
			row := &rankRow{
				Rank: j + 1, Cost: c, Result: rows[m.Result.Result],
				InstanceURL: p.Rel(paths.Instance(o.Instance)), ProviderURL: p.Rel(paths.Provider(o.Provider.ID)),
				PerInstance: o.Instance.GPUCount, Figure: workFigure(c.WorkPerMoney),
			}
			row.ResultURL = "#" + row.Result.Anchor
			if j > 0 && c.Value() == costs[j-1].Value() {
				row.Rank = t.Rows[j-1].Rank
			}
			if r := o.Provider.Region(o.Region); r != nil {
				row.RegionName = cmp.Or(k.text(r, "name"), r.ID)
			}
			if pr := o.Prices[model]; pr.Conversion.Factor != 1 {
				row.Quoted, row.QuotedIn = pagemodel.Ptr(pr.Hourly.Amount*m.Share*float64(m.Instances)), pr.Hourly.Currency
				rates[pr.Hourly.Currency] = *pr.Conversion
			}
			t.Rows = append(t.Rows, row)
		}
		out = append(out, t)
	}
	return out
}

// ChartTable is the ranking the group's chart is drawn for: on-demand
// when the group is priced on demand, else the first model ranked.
func (g *groupView) ChartTable() *rankTable {
	for _, t := range g.Tables {
		if t.Model == pagemodel.ChartModel {
			return t
		}
	}
	if len(g.Tables) > 0 {
		return g.Tables[0]
	}
	return nil
}

// SuiteKey is the message key of the benchmark's suite.
func (d *benchmarkData) SuiteKey() string { return (&suiteList{Suite: d.Benchmark.Suite}).Key() }

// MixedRounds reports whether the benchmark's results come from more than
// one round, which its rankings never mix.
func (d *benchmarkData) MixedRounds() bool { return len(d.Rounds) > 1 }

// Charts gives a benchmark page its figures: each group's
// price–performance chart under the model of its ChartTable, whose rows
// it marks on the frontier.
func (k *Benchmarks) Charts(d *charts.Data, p *pagemodel.Page) error {
	data := p.Data.(*benchmarkData)
	for _, g := range data.Groups {
		t := g.ChartTable()
		if t == nil {
			continue
		}
		c, err := d.BenchmarkCosts(charts.ID(p.Path, fmt.Sprintf("group%d_%s", g.N, t.Model)), g.Group, t.Model)
		if err != nil {
			return fmt.Errorf("group %d: %w", g.N, err)
		}
		if c == nil {
			t.NoChart = true
			continue
		}
		t.Chart = &pagemodel.ChartView{Kind: "benchmark", Charts: []*charts.Chart{&c.Chart}, Table: c, Model: t.Model, Page: p}
		p.Charts = append(p.Charts, t.Chart)
		for _, r := range t.Rows {
			r.OnFrontier = c.OnFrontier[r.Cost]
		}
	}
	return nil
}

// BenchResult is a result of an accelerator as its GPU page lists it.
type BenchResult struct {
	*bench.Result
	Benchmark *catalog.Benchmark
	URL       string // the result's row on its benchmark's page
}

// GPUBenchmarks are the results run on accelerator g, in benchmark order.
func (k *Benchmarks) GPUBenchmarks(p *pagemodel.Page, g *catalog.GPU) []*BenchResult {
	var out []*BenchResult
	for _, bm := range k.cat.Benchmarks {
		byResult := map[*catalog.Result]*bench.Result{}
		for _, gr := range k.data.GroupsOf(bm) {
			for _, r := range gr.Results {
				byResult[r.Result] = r
			}
		}
		for i, cr := range bm.Results {
			if cr.GPU == g.ID && byResult[cr] != nil {
				out = append(out, &BenchResult{Result: byResult[cr], Benchmark: bm, URL: p.Rel(paths.Benchmark(bm.ID)) + "#" + resultAnchor(i+1)})
			}
		}
	}
	return out
}

// InstanceBench is an instance type's best on-demand figure in one group
// of comparable results: as a result ran, or else split across instances.
type InstanceBench struct {
	// Group names the group of comparable results. It holds what the page
	// shows of the group, not the group itself, whose costs follow every
	// price of its GPUs: an instance page is made again only when its own
	// figure, rank or the group's name changes.
	Group     InstanceBenchGroup
	URL       string  // the group's section on its benchmark's page
	RunCost   float64 // of a time metric: the cost of one run (bench.Cost)
	Instances int     // the instances the result's run takes (bench.Mapping)
	Figure    figureView
	WorkUnit  string // "" for a time metric
	Currency  string // of the figure: the site's
	Rank      int    // among the group's on-demand mappings, from 1
	Of        int
	// Split says the figure is from the ranking across instances: it holds
	// only if the work scales across them.
	Split bool
}

// InstanceBenchGroup is what an instance page shows of a group of
// comparable results (bench.Group): its benchmark, division, round and
// unit.
type InstanceBenchGroup struct {
	Benchmark             *catalog.Benchmark
	Division, Round, Unit string
}

// InstanceBenchmarks are the instance type's best on-demand figures, one
// per group of comparable results its offers are ranked in: in the
// ranking as the results ran, or, when it is not there, in the ranking
// across instances.
func (k *Benchmarks) InstanceBenchmarks(p *pagemodel.Page, in *catalog.Instance) []*InstanceBench {
	var out []*InstanceBench
	for _, bm := range k.cat.Benchmarks {
		for i, g := range k.data.GroupsOf(bm) {
			ib := bestOf(g.Ranks[pagemodel.ChartModel], in)
			if ib == nil {
				if ib = bestOf(g.Split[pagemodel.ChartModel], in); ib != nil {
					ib.Split = true
				}
			}
			if ib == nil {
				continue
			}
			ib.Group = InstanceBenchGroup{Benchmark: g.Benchmark, Division: g.Division, Round: g.Round, Unit: g.Unit}
			ib.URL, ib.Currency = p.Rel(paths.Benchmark(bm.ID))+"#"+groupAnchor(i+1), k.cat.Site.Currency
			if !g.Time() {
				ib.WorkUnit = bench.WorkUnit(g.Unit)
			}
			out = append(out, ib)
		}
	}
	return out
}

// bestOf is the best of the costs, ranked best first, on instance type in,
// with its rank; nil when none is on it.
func bestOf(costs []*bench.Cost, in *catalog.Instance) *InstanceBench {
	for j, c := range costs {
		if c.Mapping.Offer.Instance != in {
			continue
		}
		rank := bench.Rank(costs, j)
		return &InstanceBench{RunCost: c.RunCost, Instances: c.Mapping.Instances, Figure: workFigure(c.WorkPerMoney), Rank: rank, Of: len(costs)}
	}
	return nil
}

// Key is the message key of the suite's name: bench.suite.mlperf_inference.
func (s *suiteList) Key() string { return "bench.suite." + strings.ReplaceAll(s.Suite, "-", "_") }
