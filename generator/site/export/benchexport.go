package export

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"

	"gpucompare/generator/bench"
	"gpucompare/generator/catalog"
	"gpucompare/generator/note"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// The benchmark exports, beside /benchmarks/: results.csv and .json hold
// every result with its fields; costs.csv and .json every costed mapping
// Of a result onto an offer under each pricing model, ranked within its
// group of comparable results: as the result ran ("as_ran"), or split
// across instances ("split"), a ranking of its own. Their columns are documented in the README.
// As in the other exports, unknown values are empty cells in CSV and
// absent keys in JSON, never 0.

// resultExport is one benchmark result in results.json.
type resultExport struct {
	Benchmark      string  `json:"benchmark"`
	BenchmarkName  string  `json:"benchmark_name"`
	Suite          string  `json:"suite"`
	Metric         string  `json:"metric"`
	HigherIsBetter bool    `json:"higher_is_better"`
	Result         int     `json:"result"` // its number on the benchmark's page, from 1 in file order
	Round          string  `json:"round"`
	Division       string  `json:"division,omitempty"`
	Submitter      string  `json:"submitter,omitempty"`
	System         string  `json:"system,omitempty"`
	GPU            string  `json:"gpu"`
	GPUName        string  `json:"gpu_name,omitempty"`
	GPUKind        string  `json:"gpu_kind,omitempty"`
	GPUCount       *int    `json:"gpu_count,omitempty"` // absent when the source does not state it
	Provider       string  `json:"provider,omitempty"`
	Instance       string  `json:"instance,omitempty"`
	Interconnect   string  `json:"interconnect,omitempty"`
	Value          float64 `json:"value"`
	Unit           string  `json:"unit"`
	Approximate    bool    `json:"approximate,omitempty"`
	Software       string  `json:"software,omitempty"`
	Date           string  `json:"date,omitempty"`
	AsOf           string  `json:"as_of,omitempty"`
	Notes          string  `json:"notes,omitempty"`
	Source         string  `json:"source"`
	Offers         int     `json:"offers"`       // offers it is ranked on as it ran, one instance each
	OffersSplit    int     `json:"offers_split"` // offers it is ranked on only split across instances
	NotCosted      string  `json:"not_costed,omitempty"`
	NotCostedCode  string  `json:"not_costed_code,omitempty"`
	URL            string  `json:"url"` // the benchmark page, relative to the site root
}

// costExport is one costed mapping under one pricing model in costs.json.
type costExport struct {
	Benchmark       string   `json:"benchmark"`
	Round           string   `json:"round"`
	Division        string   `json:"division,omitempty"`
	Unit            string   `json:"unit"`
	Result          int      `json:"result"`
	Submitter       string   `json:"submitter,omitempty"`
	System          string   `json:"system,omitempty"`
	GPU             string   `json:"gpu"`
	GPUCount        int      `json:"gpu_count"`
	Value           float64  `json:"value"`
	Model           string   `json:"model"`
	Ranking         string   `json:"ranking"` // "as_ran" (one instance) or "split" (across instances)
	Rank            int      `json:"rank"`    // within the group, ranking and model, from 1; equal figures share a rank
	Provider        string   `json:"provider"`
	ProviderName    string   `json:"provider_name"`
	Instance        string   `json:"instance"`
	InstanceName    string   `json:"instance_name"`
	Region          string   `json:"region,omitempty"`
	Instances       int      `json:"instances"` // k
	GPUsPerInstance int      `json:"gpus_per_instance"`
	Currency        string   `json:"currency"`
	Hourly          float64  `json:"hourly"` // Of the k instances, in currency
	WorkPerMoney    *float64 `json:"work_per_money,omitempty"`
	WorkUnit        string   `json:"work_unit,omitempty"` // what work_per_money counts: "tokens"
	RunCost         *float64 `json:"run_cost,omitempty"`
	Billing         string   `json:"billing_granularity,omitempty"`
	MinimumSeconds  *float64 `json:"billing_minimum_seconds,omitempty"`
	Flags           []string `json:"flags,omitempty"`
	FlagCodes       []string `json:"flag_codes,omitempty"`
	QuotedHourly    float64  `json:"quoted_hourly"` // Of one instance, as quoted
	QuotedCurrency  string   `json:"quoted_currency"`
	FXRate          *float64 `json:"fx_rate,omitempty"`
	FXDate          string   `json:"fx_date,omitempty"`
	PriceSince      string   `json:"price_since"`
	PriceSource     string   `json:"price_source"`
	URL             string   `json:"url"` // the instance page, relative to the site root
}

// Bench makes benchmarks/results and benchmarks/costs as JSON and CSV.
func Bench(cat *catalog.Catalog, d *derive.Data, msgs render.Messages) ([]File, error) {
	results, costs, err := benchRows(cat, d, msgs)
	if err != nil {
		return nil, err
	}
	cur := cat.Site.Currency
	rj, err := json.MarshalIndent(struct {
		Title   string          `json:"title"`
		Results []*resultExport `json:"results"`
	}{cat.Site.Title, results}, "", " ")
	if err != nil {
		return nil, err
	}
	cj, err := json.MarshalIndent(struct {
		Title    string        `json:"title"`
		Currency string        `json:"currency"`
		Costs    []*costExport `json:"costs"`
	}{cat.Site.Title, cur, costs}, "", " ")
	if err != nil {
		return nil, err
	}
	return []File{
		{paths.ResultsJSON, append(rj, '\n')}, {paths.CostsJSON, append(cj, '\n')},
		{paths.ResultsCSV, resultsCSV(results)}, {paths.CostsCSV, costsCSV(costs)},
	}, nil
}

// benchRows are the results in benchmark and file order, and the costs in
// group, pricing model and rank order.
func benchRows(cat *catalog.Catalog, d *derive.Data, msgs render.Messages) ([]*resultExport, []*costExport, error) {
	var err error // the first note that could not be worded
	word := func(prefix string, ns ...note.Note) string {
		s, e := msgs.Notes(prefix, ns, "")
		if e != nil && err == nil {
			err = e
		}
		return s
	}
	var results []*resultExport
	var costs []*costExport
	number := map[*bench.Result]int{}
	for _, bm := range cat.Benchmarks {
		byResult := map[*catalog.Result]*bench.Result{}
		groups := d.GroupsOf(bm)
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
			number[r] = i + 1
			e := &resultExport{
				Benchmark: bm.ID, BenchmarkName: bm.Name, Suite: bm.Suite, Metric: bm.Metric, HigherIsBetter: bm.HigherIsBetter,
				Result: i + 1, Round: cr.Round, Division: cr.Division, Submitter: cr.Submitter, System: cr.System,
				GPU: cr.GPU, Provider: cr.Provider, Instance: cr.Instance, Interconnect: cr.Interconnect,
				Value: cr.Value, Unit: r.Unit, Approximate: cr.Approximate, Software: cr.Software,
				Date: string(cr.Date), AsOf: cr.AsOf, Notes: cr.Notes, Source: cr.Source,
				Offers: r.AsRan(), OffersSplit: r.SplitOnly(), NotCostedCode: r.NotCosted.Code, URL: paths.Benchmark(bm.ID),
			}
			if r.NotCosted.Code != "" {
				e.NotCosted = word("exports.not_costed.", r.NotCosted)
			}
			if r.GPU != nil {
				e.GPUName, e.GPUKind = r.GPU.Name, r.GPU.Kind
			}
			if cr.GPUCount > 0 {
				e.GPUCount = ptr(cr.GPUCount)
			}
			results = append(results, e)
		}
		for _, g := range groups {
			for _, model := range pricing.Models {
				for _, ranking := range []struct {
					name  string
					ranks map[string][]*bench.Cost
				}{{"as_ran", g.Ranks}, {"split", g.Split}} {
					ranked := ranking.ranks[model]
					rank := 0
					for j, c := range ranked {
						if j == 0 || c.Value() != ranked[j-1].Value() {
							rank = j + 1
						}
						e := costExportOf(cat, g, c, number[c.Mapping.Result], rank)
						for _, f := range c.Mapping.Flags {
							e.Flags = append(e.Flags, word("exports.flag.", f))
						}
						e.Ranking = ranking.name
						costs = append(costs, e)
					}
				}
			}
		}
	}
	return results, costs, err
}

// codes are the codes of notes.
func codes(ns []note.Note) []string {
	var out []string
	for _, n := range ns {
		out = append(out, n.Code)
	}
	return out
}

// costExportOf is the export of the cost c of group g, its result the
// nth of its benchmark, ranked rank under its pricing model.
func costExportOf(cat *catalog.Catalog, g *bench.Group, c *bench.Cost, n, rank int) *costExport {
	m := c.Mapping
	o, r := m.Offer, m.Result
	pr := o.Prices[c.Model]
	e := &costExport{
		Benchmark: g.Benchmark.ID, Round: g.Round, Division: g.Division, Unit: g.Unit, Result: n,
		Submitter: r.Submitter, System: r.System, GPU: r.Result.GPU, GPUCount: r.GPUCount, Value: r.Value,
		Model: c.Model, Rank: rank, Provider: o.Provider.ID, ProviderName: o.Provider.Name,
		Instance: o.Instance.ID, InstanceName: o.Instance.Name, Region: o.Region,
		Instances: m.Instances, GPUsPerInstance: o.Instance.GPUCount, Currency: cat.Site.Currency,
		Hourly: pricing.Round(c.Hourly, derivedPlaces), Billing: o.Provider.Billing.Granularity, MinimumSeconds: o.Provider.Billing.MinimumSeconds,
		FlagCodes:    codes(m.Flags),
		QuotedHourly: pricing.Round(pr.Hourly.Amount, derivedPlaces), QuotedCurrency: pr.Hourly.Currency,
		PriceSince: string(pr.Point.Since), PriceSource: pr.Point.Source, URL: paths.Instance(o.Instance),
	}
	if g.Time() {
		e.RunCost = ptr(pricing.Round(c.RunCost, derivedPlaces))
	} else {
		e.WorkPerMoney, e.WorkUnit = ptr(pricing.Round(c.WorkPerMoney, derivedPlaces)), bench.WorkUnit(g.Unit)
	}
	if pr.Conversion.Factor != 1 {
		e.FXRate, e.FXDate = ptr(pr.Conversion.Rate.Rate), string(pr.Conversion.Rate.Date)
	}
	return e
}

// resultsCSV is one line per result.
func resultsCSV(rows []*resultExport) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{"benchmark", "benchmark_name", "suite", "metric", "higher_is_better", "result", "round", "division", "submitter", "system",
		"gpu", "gpu_name", "gpu_kind", "gpu_count", "provider", "instance", "interconnect", "value", "unit", "approximate", "software",
		"date", "as_of", "notes", "source", "offers", "offers_split", "not_costed", "url"})
	for _, r := range rows {
		count := ""
		if r.GPUCount != nil {
			count = strconv.Itoa(*r.GPUCount)
		}
		w.Write([]string{cell(r.Benchmark), cell(r.BenchmarkName), cell(r.Suite), cell(r.Metric), strconv.FormatBool(r.HigherIsBetter),
			strconv.Itoa(r.Result), cell(r.Round), cell(r.Division), cell(r.Submitter), cell(r.System),
			cell(r.GPU), cell(r.GPUName), cell(r.GPUKind), count, cell(r.Provider), cell(r.Instance), cell(r.Interconnect),
			fnum(&r.Value), cell(r.Unit), strconv.FormatBool(r.Approximate), cell(r.Software),
			cell(r.Date), cell(r.AsOf), cell(r.Notes), cell(r.Source), strconv.Itoa(r.Offers), strconv.Itoa(r.OffersSplit), cell(r.NotCosted), cell(r.URL)})
	}
	w.Flush()
	return buf.Bytes()
}

// costsCSV is one line per costed mapping and pricing model.
func costsCSV(rows []*costExport) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{"benchmark", "round", "division", "unit", "result", "submitter", "system", "gpu", "gpu_count", "value",
		"model", "ranking", "rank", "provider", "instance", "region", "instances", "gpus_per_instance", "currency", "hourly",
		"work_per_money", "work_unit", "run_cost", "billing_granularity", "billing_minimum_seconds", "flags",
		"quoted_hourly", "quoted_currency", "fx_rate", "fx_date", "price_since", "price_source", "url"})
	for _, c := range rows {
		w.Write([]string{cell(c.Benchmark), cell(c.Round), cell(c.Division), cell(c.Unit), strconv.Itoa(c.Result), cell(c.Submitter), cell(c.System),
			cell(c.GPU), strconv.Itoa(c.GPUCount), fnum(&c.Value),
			cell(c.Model), cell(c.Ranking), strconv.Itoa(c.Rank), cell(c.ProviderName), cell(c.InstanceName), cell(c.Region), strconv.Itoa(c.Instances),
			strconv.Itoa(c.GPUsPerInstance), cell(c.Currency), fnum(&c.Hourly),
			fnum(c.WorkPerMoney), cell(c.WorkUnit), fnum(c.RunCost), cell(c.Billing), fnum(c.MinimumSeconds), cell(strings.Join(c.Flags, "; ")),
			fnum(&c.QuotedHourly), cell(c.QuotedCurrency), fnum(c.FXRate), cell(c.FXDate), cell(c.PriceSince), cell(c.PriceSource), cell(c.URL)})
	}
	w.Flush()
	return buf.Bytes()
}

// File is an export made whole: its output path and bytes.
type File struct {
	Path string
	Data []byte
}
