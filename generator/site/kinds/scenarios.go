package kinds

import (
	"bytes"
	"cmp"
	"fmt"
	"html/template"
	"math"
	"slices"
	"strings"

	"github.com/yuin/goldmark/parser"

	"gpucompare/generator/catalog"
	"gpucompare/generator/charts"
	"gpucompare/generator/guide"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// The scenario pages: /scenarios/ lists the workload scenarios, and
// /scenarios/<id>/ costs one scenario on every offer under each of its
// strategies (pricing.Eligible, then pricing.ScenarioTCO), ranked by the
// total over the whole period — a total that leaves out an unknown price is
// a lower bound, written "≥ …", and ranks by the part that is known — with
// the basis and the notes of every part,
// the offers left out grouped by why, and a stacked chart of the cheapest.
// A calculator (static/tco.js) reruns the same rules in the browser on the
// buyer's own workload and split, from the per-offer data the page ships
// as JSON; without script the shipped scenario's tables stand.
//
// The notes, bases and reasons are written here, from what
// pricing.ScenarioTCO finds, with message templates that the page also
// ships to the script, so the browser writes the same words.

// tcoTop is how many offers a strategy's chart shows.
const tcoTop = 10

// Scenarios is the page kind of the scenario pages: a function of the
// edition's catalog, its derived data and its messages, with newPage
// making the frame of a page of the edition, trust the trust badge of a
// price, prose the catalog's Markdown and eval the evaluation's rates.
type Scenarios struct {
	cat     *catalog.Catalog
	data    *derive.Data
	msgs    render.Messages
	newPage func(path, layout string) *pagemodel.Page
	trust   func(pp *catalog.PricePoint, kind string) *pagemodel.TrustView
	prose   func(rec any, key string, render func(string) (template.HTML, error)) (template.HTML, error)
	eval    *Evaluation
}

// text is the text of the field key of the catalog record rec in the
// edition's language (catalog.Text).
func (k *Scenarios) text(rec any, key string) string {
	return pagemodel.CatalogText(k.cat, rec, key)
}

// Pages makes the scenario index and one page per scenario; none
// when the catalog has no scenario.
func (k *Scenarios) Pages() ([]*pagemodel.Page, error) {
	if len(k.cat.Scenarios) == 0 {
		return nil, nil
	}
	x := &render.Texter{M: k.msgs}
	idx := k.newPage(paths.Scenarios, "scenarios")
	idx.TitleKey, idx.DescKey = "scenarios.title", "scenarios.description"
	d := &scenariosData{Currency: k.cat.Site.Currency}
	idx.Data = d
	out := []*pagemodel.Page{idx}
	for _, s := range k.cat.Scenarios {
		p := k.newPage(paths.Scenario(s.ID), "scenario")
		p.Title, p.Description = k.text(s, "title"), k.text(s, "description")
		sd, err := k.ScenarioData(p, s, x)
		if err != nil {
			return nil, fmt.Errorf("scenario %q: %w", s.ID, err)
		}
		p.Data = sd
		p.Script = p.Rel("static/tco.js")
		out = append(out, p)
		row := &scenarioRow{Scenario: s, URL: idx.Rel(p.Path)}
		for _, st := range sd.Strategies {
			row.Strategies = append(row.Strategies, st.Name)
		}
		if first := sd.Strategies[0]; len(first.Rows) > 0 {
			top := first.Rows[0]
			row.Best, row.BestURL, row.BestStrategy = top, idx.Rel(paths.Instance(top.Offer.Instance)), first.Name
		}
		d.Rows = append(d.Rows, row)
	}
	return out, x.Err
}

// scenariosData is the model of the scenario index.
type scenariosData struct {
	Currency string
	Rows     []*scenarioRow
}

// scenarioRow is a scenario in the index, with the cheapest offer under
// its first strategy.
type scenarioRow struct {
	Scenario     *catalog.Scenario
	URL          string
	Strategies   []string
	Best         *tcoRow // nil when the first strategy ranks no offer
	BestURL      string
	BestStrategy string
}

// ScenarioData is the model of a scenario's page.
type ScenarioData struct {
	Scenario   *catalog.Scenario
	Advice     template.HTML
	Currency   string
	Inputs     []*inputView
	Limits     []string // the scenario's limits, written out
	Strategies []*StrategyView
	// Answer is the cheapest offer under each strategy that ranks one,
	// in strategy order: the page's first table.
	Answer []*answerRow
	// Dearer says why the strategy the scenario is named for costs more
	// than the cheapest the first table shows; nil when it does not.
	// Converted says every offer of that table is priced in another
	// currency than the page's yuan ("" when one is not).
	Dearer    *DearerView
	Converted string
	Offers    int // the offers of the catalog, each ranked or left out under each strategy
	// Rates are the rates the rankings convert prices quoted in another
	// currency at, one per currency, said beside each ranking.
	Rates []render.FxNote
	// Plan is the trial plan of the offers ranked first under the first
	// strategy that ranks any; nil when none does.
	Plan *PlanView
	data *tcoScript
}

// answerRow is the cheapest offer under one strategy, with how far to
// trust each price its cost is made of.
type answerRow struct {
	Strategy *StrategyView
	Row      *tcoRow
	Trust    []partTrust
}

// partTrust is the trust of the price one share of a strategy pays.
type partTrust struct {
	Model string
	Trust *pagemodel.TrustView
}

// inputView is one workload input: shown as an example figure, and a
// field of the calculator.
type inputView struct {
	Field string // the form field and URL key: "gpu_hours_per_month"
	Kind  string // number, optional (blank is none), bool
	Value string // the form value: "2920", "" for none, "1" for true
	Shown string // as the page shows it: "2,920"
	Min   string
	Step  string
	Set   bool   // for bool, whether it is on
	Unit  string // its unit, "" for none
	// Options are a select's choices (Kind "select"), the first the
	// empty one.
	Options []inputOption
}

// inputOption is one choice of a select input.
type inputOption struct {
	Value, Label string
	Selected     bool
}

// Key is the message key of the input's label.
func (v *inputView) Key() string { return "scenario.input." + v.Field }

// StrategyView is one strategy's ranking.
type StrategyView struct {
	Strategy    catalog.Strategy
	Name        string
	Anchor      string
	Rows        []*tcoRow
	Left        []*leftGroup // why offers are not ranked, most common reason first
	Lefts       int          // offers left out
	LowerBounds string       // says how lower bounds rank, when some totals are; "" when none are, or when it ranks one offer
	// Unranked says the rows are offers whose prices rankings leave out
	// (stale, undated, marketplace, article or estimate), ranked because
	// no other offer can run the strategy (each row marked with its
	// kinds); false when they are not.
	Unranked bool
	Chart    *pagemodel.ChartView
	data     *ScenarioData
}

// Months and Currency are what the strategy's totals are over and in.
func (v *StrategyView) Months() float64  { return v.data.Months() }
func (v *StrategyView) Currency() string { return v.data.Currency }

// Rates are the rates its ranking converts at (ScenarioData.Rates).
func (v *StrategyView) Rates() []render.FxNote { return v.data.Rates }

// tcoRow is an offer's cost under a strategy.
type tcoRow struct {
	Rank        int // equal totals share a rank
	TCO         pricing.TCO
	Offer       *pricing.Offer
	InstanceURL string
	ProviderURL string
	RegionName  string // "" for a price that holds in all regions; "on premises" for an on-premises lease (onPrem)
	Parts       []partView
	Storage     *float64 // per month; nil when the price is unknown
	Egress      *float64
	Notes       []string
	// Conversion says how the work became the offer's GPU-hours, for a
	// workload of work (a reference GPU); "" otherwise.
	Conversion template.HTML
	// Kinds are the kinds of the unranked sources its prices come from
	// ("article", "estimate"), for a strategy no other offer can run.
	Kinds []string
}

// partView is the compute bought under one pricing model, per month.
type partView struct {
	Model    string
	PerMonth float64
	Basis    string
}

// leftGroup is the offers a strategy leaves out for one reason.
type leftGroup struct {
	Reason string
	Offers []string // "instance · provider · region"
}

func (k *Scenarios) ScenarioData(p *pagemodel.Page, s *catalog.Scenario, x *render.Texter) (*ScenarioData, error) {
	cat := k.cat
	d := &ScenarioData{Scenario: s, Currency: cat.Site.Currency, Offers: len(k.data.Priced)}
	d.Rates, _ = render.FxNotes(d.Currency, k.eval.evaluationRates())
	if s.Advice != "" {
		html, err := k.prose(s, "advice", renderMarkdown)
		if err != nil {
			return nil, err
		}
		d.Advice = html
	}
	d.Inputs = append([]*inputView{k.referenceInput(s, x), k.gpuModelInput(s, x)}, scenarioInputs(s)...)
	for _, in := range d.Inputs {
		if in.Kind == "select" {
			continue
		}
		switch in.Field {
		case "max_per_gpu_hour":
			in.Unit = x.T("scenario.unit."+in.Field, x.M.Cur(d.Currency))
		case "units_per_month":
			in.Unit = WorkUnitName(cat.Benchmark(s.Workload.Benchmark), x)
		default:
			in.Unit = x.T("scenario.unit." + in.Field)
		}
	}
	if m := s.Limits.MaxPerGPUHour; m != nil {
		d.Limits = append(d.Limits, x.T("scenario.limit.ceiling", render.FormatDerived(*m), x.M.Cur(d.Currency)))
	}
	if len(s.Limits.GPUModels) > 0 {
		d.Limits = append(d.Limits, x.T("scenario.limit.gpu_models", strings.Join(s.Limits.GPUModels, x.T("scenario.list_sep"))))
	}
	if len(s.Limits.ProviderKinds) > 0 {
		var kinds []string
		for _, k := range s.Limits.ProviderKinds {
			kinds = append(kinds, x.T("kind."+k))
		}
		d.Limits = append(d.Limits, x.T("scenario.limit.provider_kinds", strings.Join(kinds, x.T("scenario.list_sep"))))
	}
	if slices.Equal(s.Limits.Geo, []string{pricing.MainlandGeo}) {
		// Mainland China as the site's mainland answers have it: a region
		// there and prices in yuan (pricing.Offer.MainlandQuoted).
		d.Limits = append(d.Limits, x.T("scenario.limit.mainland"))
	} else if len(s.Limits.Geo) > 0 {
		var geos []string
		for _, g := range s.Limits.Geo {
			geos = append(geos, x.T("geo."+g))
		}
		d.Limits = append(d.Limits, x.T("scenario.limit.geo", strings.Join(geos, x.T("scenario.list_sep"))))
	}
	if len(s.Limits.Certifications) > 0 {
		d.Limits = append(d.Limits, x.T("scenario.limit.certifications", certNames(s, x)))
	}
	for _, st := range s.Strategies {
		sv := k.rank(p, s, st, false, x)
		if len(sv.Rows) == 0 {
			// No offer with a ranked price can run it: the offers whose
			// prices rankings leave out stand in,
			// marked (a persona's own strategy, such as a lease, is
			// still shown).
			if un := k.rank(p, s, st, true, x); len(un.Rows) > 0 {
				un.Unranked = true
				sv = un
			}
		}
		sv.data = d
		if len(sv.Rows) > 1 && slices.ContainsFunc(sv.Rows, func(r *tcoRow) bool { return !r.TCO.Complete() }) {
			sv.LowerBounds = x.T("scenario.ranked_lower_bounds") // one offer is compared with none
		}
		slices.SortStableFunc(sv.Rows, func(a, b *tcoRow) int { return cmp.Compare(a.TCO.PerMonth, b.TCO.PerMonth) })
		for i, r := range sv.Rows {
			r.Rank = i + 1
			if i > 0 && r.TCO.PerMonth == sv.Rows[i-1].TCO.PerMonth {
				r.Rank = sv.Rows[i-1].Rank
			}
		}
		d.Strategies = append(d.Strategies, sv)
		if len(sv.Rows) > 0 {
			d.Answer = append(d.Answer, k.answerRow(sv))
		}
	}
	d.Dearer, d.Converted = dearer(cat, s, d, x), convertedAll(d, x)
	for _, sv := range d.Strategies {
		if len(sv.Rows) == 0 {
			continue
		}
		var offers []*pricing.Offer
		for _, r := range sv.Rows {
			offers = append(offers, r.Offer)
		}
		// A trial runs on demand, before a commitment; an offer without
		// an on-demand price is tried under the strategy's first model.
		models := []string{"on_demand"}
		if len(sv.Strategy.Mix) > 0 {
			models = append(models, sv.Strategy.Mix[0].Model)
		}
		plan := guide.PlanTrial(k.cat, offers, models)
		if bm := k.cat.Benchmark(s.Workload.Benchmark); bm != nil {
			plan.Benchmark = bm
		}
		d.Plan = TrialPlan(k.cat, p, plan, "trials", k.text(s, "title"), sv.Name, x)
		break
	}
	d.data = k.tcoData(p, s, x)
	return d, x.Err
}

// rank costs a scenario's strategy on every offer: the offers that can
// run it, ranked cheapest first (equal totals share a rank), and the
// others grouped by why they cannot, the most common reason first.
// estimates ranks the offers whose prices come from articles or are
// estimates too, each row marked with those kinds.
func (k *Scenarios) rank(p *pagemodel.Page, s *catalog.Scenario, st catalog.Strategy, estimates bool, x *render.Texter) *StrategyView {
	cat := k.cat
	currency := cat.Site.Currency
	sv := &StrategyView{Strategy: st, Name: cmp.Or(k.text(st, "name"), st.ID), Anchor: "strategy-" + st.ID}
	left := map[string]*leftGroup{}
	for _, o := range k.data.Priced {
		why := leftOut(cat, o, s, st, currency, estimates, x)
		if why == "" {
			t, ok, reason := pricing.ScenarioTCO(cat, o, s, st)
			if ok {
				r := k.tcoRow(p, t, x)
				r.Conversion = conversionText(cat, s.Workload, t.Conversion, x)
				if estimates {
					r.Kinds = unrankedKinds(t)
				}
				sv.Rows = append(sv.Rows, r)
				continue
			}
			why = reasonText(o, s.Workload, reason, currency, x)
		}
		g := left[why]
		if g == nil {
			g = &leftGroup{Reason: why}
			left[why] = g
			sv.Left = append(sv.Left, g)
		}
		g.Offers = append(g.Offers, offerLabel(o, x))
		sv.Lefts++
	}
	slices.SortStableFunc(sv.Left, func(a, b *leftGroup) int { return cmp.Compare(len(b.Offers), len(a.Offers)) })
	return sv
}

// unrankedKinds are the kinds of the sources of a cost's prices that
// rankings leave out unless the reader includes them, each once, in the
// order of its parts: "article", "estimate".
func unrankedKinds(t pricing.TCO) []string {
	var out []string
	for _, part := range t.Parts {
		pr := t.Offer.Prices[part.Model]
		if pr == nil || pr.Ranked() || part.Covered > 0 && part.GPUHours == 0 {
			continue
		}
		if !slices.Contains(out, pr.Kind) {
			out = append(out, pr.Kind)
		}
	}
	return out
}

// conversionText says how a workload of work became an offer's GPU-hours:
// "1 A100 SXM4 80GB-hour of work takes 0.3413 GPU-hours here, by the
// results of MAMF BF16: 794.5 against 271.2 TFLOPS per GPU"; "" for a
// workload of GPU-hours.
func conversionText(cat *catalog.Catalog, w catalog.Workload, c catalog.Conversion, x *render.Texter) template.HTML {
	if c.By == "units" {
		return x.TH("scenario.conv.units", render.FormatNum(w.UnitsPerMonth), WorkUnitName(c.Benchmark, x),
			render.FormatNum(pricing.Round(w.UnitsPerMonth*c.Factor, 2)), benchmarkName(cat, c.Benchmark), resultHTML(c, x))
	}
	ref := cat.GPU(w.ReferenceGPU)
	if ref == nil {
		return ""
	}
	name := cmp.Or(pagemodel.CatalogText(cat, ref, "name"), ref.ID)
	factor := render.FormatNum(pricing.Round(c.Factor, 4))
	switch c.By {
	case "benchmark":
		return x.TH("scenario.conv.benchmark", name, factor, benchmarkName(cat, c.Benchmark), render.FormatNum(pricing.Round(c.Own, 4)), render.FormatNum(pricing.Round(c.Ref, 4)), x.M.UnitName(c.Unit))
	case "tflops":
		return x.TH("scenario.conv.tflops", name, factor, c.Precision, render.FormatNum(c.Own), render.FormatNum(c.Ref), x.M.UnitName(c.Unit))
	}
	return x.TH("scenario.conv.same", name)
}

// benchmarkName is the name of benchmark b in the edition's language.
func benchmarkName(cat *catalog.Catalog, b *catalog.Benchmark) string {
	return cmp.Or(pagemodel.CatalogText(cat, b, "name"), b.Name)
}

// WorkUnitName is what a benchmark's results count as units of work, as
// a reader reads it: "runs" of a time to train, "tokens" of tokens/s.
func WorkUnitName(b *catalog.Benchmark, x *render.Texter) string {
	if b == nil {
		return ""
	}
	unit, _, _ := b.WorkUnit()
	if b.Metric == "time" {
		return x.T("scenario.units.runs")
	}
	return unit
}

// resultParts names the result a workload of units is costed by on a
// GPU, with its figure, as resultHTML does, in parts the page's script
// sets as text: "4 GPU-hours a run: 30 minutes on 8 GPUs, DGX H100
// (Training v5.1)"; "3,600 tokens/s per GPU: 28,800 on 8 GPUs, …". The
// result's system (or submitter) and a round the messages do not name
// are parts in the catalog's language, marked as such on a page in
// another.
func resultParts(c catalog.Conversion, x *render.Texter) []tcoPart {
	r := c.Result
	const who, round = "\uE000", "\uE001"
	var text string
	if c.Benchmark.Metric == "time" {
		text = x.T("scenario.conv.result_time", render.FormatNum(pricing.Round(c.Own, 4)), render.FormatNum(pricing.Round(r.Value, 2)), x.M.UnitName(c.Unit), r.GPUCount, who, round)
	} else {
		text = x.T("scenario.conv.result_rate", render.FormatNum(pricing.Round(c.Own, 4)), x.M.UnitName(c.Unit), render.FormatNum(pricing.Round(r.Value, 4)), r.GPUCount, who, round)
	}
	own := ""
	if l := x.Lang(); l != "" && l != catalog.BaseLanguage {
		own = catalog.BaseLanguage
	}
	name := tcoPart{T: cmp.Or(r.System, r.Submitter), L: own}
	rn := tcoPart{T: r.Round, L: own}
	if s := x.M["round_name."+r.Round]; s != "" {
		rn = tcoPart{T: s}
	}
	var parts []tcoPart
	for i, piece := range strings.Split(text, who) {
		if i > 0 && name.T != "" {
			parts = append(parts, name)
		}
		for j, p := range strings.Split(piece, round) {
			if j > 0 && rn.T != "" {
				parts = append(parts, rn)
			}
			if p != "" {
				parts = append(parts, tcoPart{T: p})
			}
		}
	}
	return parts
}

// tcoPart is a part of a text the page's script sets: its words, and the
// language they are in where it is not the page's (L, "" for the page's).
type tcoPart struct {
	T string `json:"t"`
	L string `json:"l,omitempty"`
}

// resultHTML is resultParts as HTML: the result's system (or submitter)
// and round, names the catalog writes in its own language, marked as
// that language on a page in another.
func resultHTML(c catalog.Conversion, x *render.Texter) template.HTML {
	r := c.Result
	who := x.Own(cmp.Or(r.System, r.Submitter))
	if c.Benchmark.Metric == "time" {
		return x.TH("scenario.conv.result_time", render.FormatNum(pricing.Round(c.Own, 4)), render.FormatNum(pricing.Round(r.Value, 2)), x.M.UnitName(c.Unit), r.GPUCount, who, x.Round(r.Round))
	}
	return x.TH("scenario.conv.result_rate", render.FormatNum(pricing.Round(c.Own, 4)), x.M.UnitName(c.Unit), render.FormatNum(pricing.Round(r.Value, 4)), r.GPUCount, who, x.Round(r.Round))
}

// renderMarkdown converts catalog Markdown (a scenario's advice) as the
// content pages are: raw HTML dropped, javascript: links refused.
func renderMarkdown(src string) (template.HTML, error) {
	var buf bytes.Buffer
	ctx := parser.NewContext(parser.WithIDs(content.NewHeadingIDs()))
	if err := content.NewMarkdown().Convert([]byte(src), &buf, parser.WithContext(ctx)); err != nil {
		return "", err
	}
	return template.HTML(buf.String()), nil // goldmark without WithUnsafe: raw HTML is dropped
}

// scenarioInputs are the workload inputs of a scenario, in form order,
// with the scenario's ceiling on the price per GPU-hour last.
func scenarioInputs(s *catalog.Scenario) []*inputView {
	w := s.Workload
	number := func(field string, v float64, min, step string) *inputView {
		return &inputView{Field: field, Kind: "number", Value: fmtInput(v), Shown: render.FormatNum(v), Min: min, Step: step}
	}
	optional := func(field string, v *float64, min string) *inputView {
		in := &inputView{Field: field, Kind: "optional", Min: min, Step: "any"}
		if v != nil {
			in.Value, in.Shown = fmtInput(*v), render.FormatNum(*v)
		}
		return in
	}
	interruptible := &inputView{Field: "interruptible", Kind: "bool", Set: w.Interruptible}
	if w.Interruptible {
		interruptible.Value = "1"
	}
	splittable := &inputView{Field: "splittable", Kind: "bool", Set: w.Splittable}
	if w.Splittable {
		splittable.Value = "1"
	}
	work := number("gpu_hours_per_month", w.GPUHoursPerMonth, "0", "any")
	if w.UnitsPerMonth > 0 {
		work = number("units_per_month", w.UnitsPerMonth, "0", "any")
	}
	return []*inputView{
		work,
		number("months", w.Months, "0", "any"),
		number("gpus_per_job", float64(w.GPUsPerJob), "1", "1"),
		splittable,
		number("job_hours", w.JobHours, "0", "any"),
		optional("min_gpu_memory_gb", w.MinGPUMemoryGB, "0"),
		interruptible,
		number("checkpoint_overhead_pct", w.CheckpointOverheadPct, "0", "any"),
		number("storage_tb", w.StorageTB, "0", "any"),
		number("egress_tb_per_month", w.EgressTBPerMonth, "0", "any"),
		optional("max_per_gpu_hour", s.Limits.MaxPerGPUHour, "0"),
	}
}

// referenceInput is the choice of the GPU whose hours the workload's
// GPU-hours are: none (every GPU-hour counts the same), or each GPU of the
// catalog, in the order pages list them.
func (k *Scenarios) referenceInput(s *catalog.Scenario, x *render.Texter) *inputView {
	if s.Workload.UnitsPerMonth > 0 {
		// Units of a benchmark's work: the benchmark they count, the one
		// choice (the calculator changes how many).
		b := k.cat.Benchmark(s.Workload.Benchmark)
		name := cmp.Or(benchmarkName(k.cat, b), b.ID)
		return &inputView{Field: "benchmark", Kind: "select", Value: b.ID, Shown: name,
			Options: []inputOption{{Value: b.ID, Label: name, Selected: true}}}
	}
	ref := s.Workload.ReferenceGPU
	in := &inputView{Field: "reference_gpu", Kind: "select", Value: ref, Shown: x.T("scenario.any_gpu")}
	in.Options = append(in.Options, inputOption{Label: in.Shown, Selected: ref == ""})
	for _, g := range k.data.GPUs {
		name := cmp.Or(k.text(g, "name"), g.ID)
		in.Options = append(in.Options, inputOption{Value: g.ID, Label: name, Selected: g.ID == ref})
		if g.ID == ref {
			in.Shown = name
		}
	}
	return in
}

// gpuModelInput is the choice of the GPU model the offers are of: the
// scenario's own (its GPU model limits, or any), or one of the GPU models
// the catalog prices, in the order pages list GPUs. A model picked
// replaces the scenario's limit; as shipped, none is picked.
func (k *Scenarios) gpuModelInput(s *catalog.Scenario, x *render.Texter) *inputView {
	first := x.T("scenario.any_model")
	if len(s.Limits.GPUModels) > 0 {
		first = x.T("scenario.scenario_models", strings.Join(s.Limits.GPUModels, x.T("scenario.list_sep")))
	}
	in := &inputView{Field: "gpu_model", Kind: "select", Shown: first, Options: []inputOption{{Label: first, Selected: true}}}
	priced := map[string]bool{}
	for _, o := range k.data.Priced {
		if o.GPU != nil && o.Rankable() {
			priced[o.GPU.Model] = true
		}
	}
	for _, g := range k.data.GPUs {
		if priced[g.Model] {
			in.Options = append(in.Options, inputOption{Value: g.Model, Label: g.Model})
			delete(priced, g.Model) // each model once
		}
	}
	return in
}

// fmtInput writes a figure as a form value: no grouping, no exponent.
func fmtInput(v float64) string {
	return strings.ReplaceAll(render.FormatNum(v), ",", "")
}

// offerLabel names an offer in a list: "p4d.24xlarge · AWS · us-east-1".
func offerLabel(o *pricing.Offer, x *render.Texter) string {
	region := o.Region
	switch {
	case onPrem(o):
		region = x.T("region.on_prem")
	case regionUnstated(o):
		region = x.T("region.unstated")
	case region == catalog.AllRegions:
		region = x.T("region.all")
	case region == "":
		region = x.T("scenario.no_region")
	default:
		if r := o.Provider.Region(region); r != nil && r.Name != "" {
			region = pagemodel.RegionName(r, x.Lang())
		}
	}
	return x.T("scenario.offer_label", pagemodel.InstanceName(o.Instance, x.Lang()), pagemodel.ProviderName(o.Provider, x.Lang()), region)
}

// answerRow is the first row of a strategy's ranking, with the trust of
// the price of each share the strategy buys (the same model once).
func (k *Scenarios) answerRow(sv *StrategyView) *answerRow {
	r := sv.Rows[0]
	a := &answerRow{Strategy: sv, Row: r}
	for _, part := range r.TCO.Parts {
		pr := r.Offer.Prices[part.Model]
		if pr == nil || slices.ContainsFunc(a.Trust, func(t partTrust) bool { return t.Model == part.Model }) {
			continue
		}
		a.Trust = append(a.Trust, partTrust{Model: part.Model, Trust: k.trust(pr.Point, pr.Kind)})
	}
	return a
}

func (k *Scenarios) tcoRow(p *pagemodel.Page, t pricing.TCO, x *render.Texter) *tcoRow {
	o := t.Offer
	r := &tcoRow{TCO: t, Offer: o, InstanceURL: p.Rel(paths.Instance(o.Instance)), ProviderURL: p.Rel(paths.Provider(o.Provider.ID))}
	if reg := o.Provider.Region(o.Region); reg != nil {
		r.RegionName = cmp.Or(k.text(reg, "name"), reg.ID)
	}
	if onPrem(o) {
		r.RegionName = x.T("region.on_prem")
	} else if regionUnstated(o) {
		r.RegionName = x.T("region.unstated")
	}
	for _, part := range t.Parts {
		r.Parts = append(r.Parts, partView{Model: part.Model, PerMonth: part.PerMonth, Basis: partBasis(o, part, x)})
	}
	if t.StorageKnown {
		r.Storage = pagemodel.Ptr(t.Storage)
	}
	if t.EgressKnown {
		r.Egress = pagemodel.Ptr(t.Egress)
	}
	r.Notes = tcoNotes(t.Notes, x)
	return r
}

// partBasis says how a part's cost follows: instances reserved all month
// for a commitment; jobs, their hours and instances for a usage model,
// billed as the provider bills; nothing bought for a usage part the
// commitments' spare hours run entirely.
func partBasis(o *pricing.Offer, part pricing.Part, x *render.Texter) string {
	if pricing.Committed(part.Model) {
		return x.T("scenario.basis.committed", part.Instances, x.T("model."+part.Model), pricing.HoursPerMonth)
	}
	if part.Covered > 0 && part.GPUHours == 0 {
		return x.T("scenario.basis.covered")
	}
	billed := x.T("scenario.basis.granularity_unknown")
	if g := o.Provider.Billing.Granularity; g != "" {
		billed = x.T("granularity." + g)
	}
	if m := o.Provider.Billing.MinimumSeconds; m != nil && *m > 0 {
		billed = x.T("scenario.basis.minimum", billed, render.FormatNum(*m))
	}
	return x.T("scenario.basis.jobs", render.FormatNum(pricing.Round(part.Jobs, 2)), render.FormatNum(pricing.Round(part.JobHours, 2)), part.Instances, billed)
}

// tcoNotes words the notes of an offer's cost.
func tcoNotes(notes []pricing.Note, x *render.Texter) []string {
	var out []string
	for _, n := range notes {
		switch n.Kind {
		case pricing.DiscountOnly:
			out = append(out, x.T("scenario.note.discount_only", x.T("model."+n.Model), render.FormatNum(n.Value)))
		case pricing.SpotOverhead:
			out = append(out, x.T("scenario.note.spot_overhead", render.FormatNum(n.Value)))
		case pricing.StorageUnknown:
			out = append(out, x.T("scenario.note.storage_unknown"))
		case pricing.EgressUnknown:
			out = append(out, x.T("scenario.note.egress_unknown"))
		case pricing.Covered:
			out = append(out, x.T("scenario.note.covered", x.T("model."+n.Model), render.FormatNum(pricing.Round(n.Value, 2))))
		case pricing.CoveredAll:
			out = append(out, x.T("scenario.note.covered_all", x.T("model."+n.Model), render.FormatNum(pricing.Round(n.Value, 2))))
		case pricing.FromArticle:
			out = append(out, x.T("scenario.note.article", x.T("model."+n.Model)))
		case pricing.Estimated:
			out = append(out, x.T("scenario.note.estimate", x.T("model."+n.Model)))
		case pricing.StalePrice:
			out = append(out, x.T("scenario.note.stale", x.T("model."+n.Model)))
		case pricing.UndatedPrice:
			out = append(out, x.T("scenario.note.undated", x.T("model."+n.Model)))
		case pricing.MarketplacePrice:
			out = append(out, x.T("scenario.note.marketplace", x.T("model."+n.Model)))
		}
	}
	return out
}

// leftOut says why the scenario's limits leave an offer out, or "" when
// they do not, checked as pricing.Eligible checks them; what
// pricing.ScenarioTCO then refuses, reasonText words. static/tco.js says
// the same in the same order.
//
// estimates lets through the offers whose prices come from articles or
// are estimates.
func leftOut(cat *catalog.Catalog, o *pricing.Offer, s *catalog.Scenario, st catalog.Strategy, currency string, estimates bool, x *render.Texter) string {
	in := o.Instance
	switch {
	case o.GPU == nil:
		return x.T("scenario.why.no_gpu")
	case !o.Rankable():
		return x.T("scenario.why.partial")
	}
	// By default a price answers when it is ranked (pricing.Price.Ranked);
	// "include estimates" (estimates) lets in any other still listed, as
	// it did before the page had the two answer switches, which let in
	// the stale and undated prices and the marketplaces'
	// (pricing.Price.Answers, in static/tco.js).
	if m, ok := pricing.UnrankedModel(o, st); ok && !estimates {
		return x.T("scenario.why.unranked", x.T("model."+m))
	}
	// An offer its provider no longer lists answers nothing, switch or
	// not, before any limit, as static/tco.js says.
	for _, sh := range pricing.Bought(o, st).Mix {
		if pr := o.Prices[sh.Model]; pr != nil && (pr.Superseded || pr.Restricted) {
			return x.T("scenario.why.unranked", x.T("model."+sh.Model))
		}
	}
	if m := s.Workload.MinGPUMemoryGB; m != nil {
		total := cat.TotalGPUMemoryGB(in)
		if total == nil {
			return x.T("scenario.why.memory_unknown")
		}
		if *total/float64(in.GPUCount) < *m {
			return x.T("scenario.why.memory", render.FormatNum(*m))
		}
	}
	if len(s.Limits.GPUModels) > 0 && !slices.Contains(s.Limits.GPUModels, o.GPU.Model) {
		return x.T("scenario.why.gpu_model")
	}
	if len(s.Limits.ProviderKinds) > 0 && !slices.Contains(s.Limits.ProviderKinds, o.Provider.Kind) {
		return x.T("scenario.why.provider_kind")
	}
	if len(s.Limits.Geo) > 0 && !o.InGeo(s.Limits.Geo) {
		if intlSite(s, o) {
			return x.T("scenario.why.intl_site")
		}
		return x.T("scenario.why.geo")
	}
	if !pricing.StatesAll(o.Provider, s.Limits.Certifications) {
		return x.T("scenario.why.certification", certNames(s, x))
	}
	if max := s.Limits.MaxPerGPUHour; max != nil {
		bought := pricing.Bought(o, st)
		w, _, _ := pricing.Work(cat, o, s)
		for _, sh := range bought.Mix {
			if !pricing.NeedsPrice(w, in.GPUCount, bought.Mix, sh.Model) {
				continue
			}
			if why, missing := o.Missing(sh.Model); missing {
				return reasonText(o, s.Workload, why, currency, x)
			}
			if in.GPUCount <= 0 {
				return x.T("scenario.why.gpu_count")
			}
			if v, _ := o.PerGPUHour(sh.Model); v > *max {
				return x.T("scenario.why.ceiling", x.T("model."+sh.Model), render.FormatDerived(*max), x.M.Cur(currency))
			}
		}
	}
	return ""
}

// reasonText words why pricing.ScenarioTCO cannot cost a strategy on an
// offer.
func reasonText(o *pricing.Offer, w catalog.Workload, why pricing.Reason, currency string, x *render.Texter) string {
	switch why.Kind {
	case pricing.NoGPUCount:
		return x.T("scenario.why.gpu_count")
	case pricing.NoPrice:
		if o.Instance.PriceNotPublic != "" && len(o.Prices) == 0 {
			return x.T("scenario.why.not_public")
		}
		if term := catalog.SameTerm(why.Model); len(term) > 1 {
			names := make([]string, len(term))
			for i, m := range term {
				names[i] = x.T("model." + m)
			}
			return x.T("scenario.why.no_term_price", x.T(render.ShareKey(why.Model)), strings.Join(names, x.T("scenario.term_sep")))
		}
		return x.T("scenario.why.no_price", x.T("model."+why.Model))
	case pricing.Unsplittable:
		return x.T("scenario.why.unsplittable", w.GPUsPerJob, o.Instance.GPUCount)
	case pricing.NoRate:
		return x.T("scenario.why.no_rate", x.M.Cur(o.Prices[why.Model].Hourly.Currency), x.M.Cur(currency))
	case pricing.Uninterruptible:
		return x.T("scenario.why.uninterruptible")
	case pricing.Outlasts:
		return x.T("scenario.why.outlasts", x.T("model."+why.Model), render.FormatNum(why.Months), render.FormatNum(w.Months))
	case pricing.NoConversion:
		if w.UnitsPerMonth > 0 {
			return x.T("scenario.why.no_result")
		}
		p := catalog.WorkPrecision(w)
		return x.T("scenario.why.no_conversion", p.Label)
	}
	return ""
}

// RegionShown is the region of a row's offer as the table names it: ""
// for a price that holds in all regions, but for an on-premises lease
// or a price whose source names no region.
func (r *tcoRow) RegionShown() string {
	if r.Offer.Region == catalog.AllRegions {
		return r.RegionName
	}
	return cmp.Or(r.RegionName, r.Offer.Region)
}

// Models are the pricing models of the strategy's mix, in its order.
func (v *StrategyView) Models() []string {
	var out []string
	for _, sh := range v.Strategy.Mix {
		out = append(out, sh.Model)
	}
	return out
}

// Months is the scenario's period, as the totals are for.
func (d *ScenarioData) Months() float64 { return d.Scenario.Workload.Months }

// Charts gives each strategy of a scenario page its stacked chart
// of the cheapest offers, per month by part.
func (k *Scenarios) Charts(d *charts.Data, p *pagemodel.Page) error {
	data := p.Data.(*ScenarioData)
	for i, sv := range data.Strategies {
		n := min(tcoTop, len(sv.Rows))
		if n == 0 {
			continue
		}
		labels := make([]string, n)
		for j, r := range sv.Rows[:n] {
			labels[j] = d.Text("scenario.chart.bar", k.text(r.Offer.Instance, "name"), d.ProviderName(r.Offer.Provider), cmp.Or(r.RegionShown(), d.Text("region.all")))
		}
		var stacks []charts.CostStack
		for k, sh := range sv.Strategy.Mix {
			st := charts.CostStack{Key: sh.Model, Name: d.Text("scenario.chart.compute", d.Text(render.ShareKey(sh.Model))), Values: make([]float64, n)}
			for j, r := range sv.Rows[:n] {
				st.Values[j] = r.Parts[k].PerMonth
			}
			stacks = append(stacks, st)
		}
		w := data.Scenario.Workload
		for _, part := range []struct {
			key  string
			has  bool
			of   func(r *tcoRow) *float64
			name string
		}{
			{"storage", w.StorageTB > 0, func(r *tcoRow) *float64 { return r.Storage }, "scenario.chart.storage"},
			{"egress", w.EgressTBPerMonth > 0, func(r *tcoRow) *float64 { return r.Egress }, "scenario.chart.egress"},
		} {
			if !part.has {
				continue
			}
			st := charts.CostStack{Key: part.key, Name: d.Text(part.name), Values: make([]float64, n)}
			for j, r := range sv.Rows[:n] {
				st.Values[j] = math.NaN()
				if v := part.of(r); v != nil {
					st.Values[j] = *v
				}
			}
			stacks = append(stacks, st)
		}
		c, err := d.ScenarioCosts(charts.ID(p.Path, fmt.Sprintf("tco%d", i+1)),
			d.Text("scenario.chart.title", sv.Name, d.Cur(d.Currency)), d.Text("scenario.chart.axis", d.Cur(d.Currency)), labels, stacks)
		if err != nil || c == nil {
			return err
		}
		sv.Chart = &pagemodel.ChartView{Kind: "tco", Charts: []*charts.Chart{&c.Chart}, Table: c, Page: p}
		p.Charts = append(p.Charts, sv.Chart)
	}
	return nil
}

// tcoScript is what static/tco.js needs to cost the scenario again: the
// shipped workload, limits and strategies, every offer's figures in the
// site currency, and the message templates it writes with.
type tcoScript struct {
	Currency      string              `json:"currency"`
	HoursPerMonth int                 `json:"hoursPerMonth"`
	Terms         map[string]float64  `json:"terms"`     // term hours of the commitment models
	Committed     map[string]bool     `json:"committed"` // the models paid for every hour, used or not (pricing.Committed)
	SameTerm      map[string][]string `json:"sameTerm"`  // a commitment's models of its term, itself first (catalog.SameTerm)
	Shares        map[string]string   `json:"shares"`    // pricing model → the name of a strategy's share of it (shareKey)
	Workload      map[string]any      `json:"workload"`
	Limits        tcoLimits           `json:"limits"`
	Strategies    []tcoStrategy       `json:"strategies"`
	Offers        []tcoOffer          `json:"offers"`
	Top           int                 `json:"top"`
	Heights       []int               `json:"heights"`   // the chart size classes' pixel heights
	Frame         int                 `json:"frame"`     // a cost chart's legend and axis, in pixels
	RowHeight     int                 `json:"rowHeight"` // a bar's row, in pixels
	Colors        map[string]string   `json:"colors"`
	Text          map[string]string   `json:"text"`
	Models        map[string]string   `json:"models"` // pricing model → its name
	Granularities map[string]string   `json:"granularities"`
	// GPUs are the figures work converts by (catalog.ConvertWork), by GPU
	// id: every GPU of the catalog, since the reader may pick any as the
	// reference; Work the benchmark and precision they are of.
	GPUs map[string]tcoGPU `json:"gpus"`
	Work tcoWork           `json:"work"`
}

// tcoGPU is a GPU as work converts: its name, its dense figure of the
// workload's precision and its best result per GPU of the workload's
// benchmark (nil when unknown).
type tcoGPU struct {
	Name   string   `json:"n"`
	TFLOPS *float64 `json:"t"`
	Bench  *float64 `json:"b"`
	// For a workload of units: the GPU-hours one unit takes on it
	// (catalog.Benchmark.UnitHours) and the result that says so, written
	// out in parts (resultParts); absent without a result.
	UnitHours *float64  `json:"u,omitempty"`
	Result    []tcoPart `json:"ur,omitempty"`
}

// tcoWork names what work converts by: the benchmark (its name and unit,
// "" without one) and the precision (its label and unit).
type tcoWork struct {
	// Units is what a workload of units counts ("training runs",
	// "tokens"); "" for a workload of GPU-hours.
	Units         string `json:"units,omitempty"`
	Benchmark     string `json:"benchmark"`
	BenchmarkUnit string `json:"benchmarkUnit"`
	Precision     string `json:"precision"`
	PrecisionUnit string `json:"precisionUnit"`
}

type tcoLimits struct {
	Max    *float64 `json:"max"`
	Models []string `json:"models"`
	Kinds  []string `json:"kinds"`
	// Certs names the certifications the limits require (certNames), for
	// the reason an offer is left out; "" when they require none.
	Certs string `json:"certs,omitempty"`
}

type tcoStrategy struct {
	ID   string     `json:"id"`
	Name string     `json:"name"`
	Mix  []tcoShare `json:"mix"`
}

type tcoShare struct {
	Model   string  `json:"model"`
	Percent float64 `json:"percent"`
}

// tcoOffer is an offer as the calculator costs it.
type tcoOffer struct {
	Instance    string `json:"i"`
	Provider    string `json:"p"`
	Region      string `json:"r"` // its name, "" for all regions
	Label       string `json:"l"` // as lists of left-out offers name it
	InstanceURL string `json:"iu"`
	ProviderURL string `json:"pu"`
	GPUs        int    `json:"n"`
	// MemPerGPU is the GPU memory per GPU in GB, as pricing.Eligible
	// divides it; nil when unknown.
	MemPerGPU      *float64            `json:"mem"`
	GPUModel       *string             `json:"gm"` // nil when the GPU is not in the catalog
	GPU            string              `json:"g"`  // its GPU's id, "" when not in the catalog
	Kind           string              `json:"k"`
	Rankable       bool                `json:"rk"`
	NotPublic      bool                `json:"np"`
	Granularity    string              `json:"gr"`
	MinimumSeconds float64             `json:"min"`
	Storage        *tcoRate            `json:"st"`
	Egress         *tcoRate            `json:"eg"`
	Prices         map[string]tcoPrice `json:"m"`
	// OutOfGeo says the offer is not in the scenario's limits' parts of
	// the world (pricing.Offer.InGeo); IntlSite, that it is for its
	// international site's price in a mainland China region (intlSite).
	OutOfGeo bool `json:"og,omitempty"`
	IntlSite bool `json:"oi,omitempty"`
	// Uncertified says the offer's provider does not state a
	// certification the scenario's limits require (pricing.StatesAll).
	Uncertified bool `json:"oc,omitempty"`
}

// certNames are the certifications a scenario's limits require, as the
// language names them (render.CertName), in a list.
func certNames(s *catalog.Scenario, x *render.Texter) string {
	var names []string
	for _, c := range s.Limits.Certifications {
		names = append(names, render.CertName(x.M, c))
	}
	return strings.Join(names, x.T("scenario.list_sep"))
}

// intlSite reports whether a scenario limited to mainland China leaves
// offer o out for its price, its international site's in another
// currency than yuan, though its region is there (pricing.Offer.IntlSite).
func intlSite(s *catalog.Scenario, o *pricing.Offer) bool {
	return slices.Contains(s.Limits.Geo, pricing.MainlandGeo) && o.IntlSite()
}

// tcoRate is a per-GB price in its quoted currency and the factor into
// the site currency, applied in pricing's order (price × GB × factor).
type tcoRate struct {
	Price  float64 `json:"p"`
	Factor float64 `json:"f"`
}

// tcoPrice is an offer's price under one model: the effective hourly
// price of the instance in the site currency, the discount when that is
// all a source states, or the quoted currency when no rate converts it.
type tcoPrice struct {
	Hourly   *float64 `json:"h,omitempty"`
	Discount *float64 `json:"d,omitempty"`
	NoRate   string   `json:"x,omitempty"`
	// Unranked is why rankings leave the price out unless the reader
	// includes it (pricing.Price.Why); "" for the rest. Answers are then
	// the states of the switches it answers under, a bit each: 1 stale
	// prices, 2 marketplaces, 4 estimates, so bit 5 (1 + 4) set says it
	// answers with stale prices and estimates included.
	Unranked string `json:"u,omitempty"`
	Answers  int    `json:"a,omitempty"`
	// Kind and Date are what the page's first table says of the price:
	// its kind of source and the date its age counts from ("" when
	// undated).
	Kind string `json:"s,omitempty"`
	Date string `json:"t,omitempty"`
	// Checked says Date is when the price was last checked, not its
	// effective date (pagemodel.TrustView.Since): the age then reads
	// "last checked: 4 months", as the page's table writes it.
	Checked bool `json:"ck,omitempty"`
	// Copy is the kind of copy, fork or mirror, every citation of the
	// price's source is in (pagemodel.TrustView.Copy): the table marks it
	// as the page does.
	Copy string `json:"c,omitempty"`
}

// tcoMessages are the messages static/tco.js writes with.
var tcoMessages = []string{
	"scenario.why.no_gpu", "scenario.why.partial", "scenario.why.memory_unknown", "scenario.why.memory",
	"scenario.why.gpu_model", "scenario.why.provider_kind", "scenario.why.geo", "scenario.why.intl_site", "scenario.why.certification", "scenario.why.ceiling", "scenario.why.gpu_count",
	"scenario.why.not_public", "scenario.why.no_price", "scenario.why.no_rate", "scenario.why.uninterruptible",
	"scenario.why.outlasts", "scenario.why.unsplittable", "scenario.why.no_term_price", "scenario.term_sep",
	"scenario.note.discount_only", "scenario.note.spot_overhead", "scenario.note.storage_unknown", "scenario.note.egress_unknown",
	"scenario.note.covered", "scenario.note.covered_all", "scenario.note.article", "scenario.note.estimate", "scenario.why.unranked",
	"scenario.note.stale", "scenario.note.undated", "scenario.note.marketplace",
	"scenario.at_least", "scenario.ranked_lower_bounds",
	"currency_unit.USD", "currency_unit.CNY", "currency_unit.EUR", "punct.amount_space",
	"scenario.basis.committed", "scenario.basis.covered", "scenario.basis.jobs", "scenario.basis.granularity_unknown", "scenario.basis.minimum",
	"scenario.chart.bar", "scenario.chart.compute", "scenario.chart.storage", "scenario.chart.egress", "scenario.chart.title",
	"scenario.ranked", "scenario.ranked_1", "scenario.ranked_none", "scenario.left", "scenario.left_n", "scenario.left_1", "scenario.left_names", "scenario.col.compute",
	"scenario.months", "scenario.months_1", "scenario.answer_lead", "scenario.mix_invalid", "scenario.input_invalid", "scenario.changed", "scenario.unknown_storage",
	"scenario.unknown_egress", "region.all", "unknown.title",
	"scenario.conv.same", "scenario.conv.benchmark", "scenario.conv.tflops", "scenario.conv.units", "scenario.why.no_conversion", "scenario.why.no_result", "scenario.why.gpu_pick", "scenario.ranked_unranked",
	"trust.kind.provider", "trust.kind.aggregator", "trust.kind.article", "trust.kind.estimate",
	"trust.kind_title.provider", "trust.kind_title.aggregator", "trust.kind_title.article", "trust.kind_title.estimate",
	"trust.undated", "trust.undated_title", "trust.badge_title", "trust.checked_pre", "trust.checked_post",
	"trust.badge.fresh", "trust.badge.aging", "trust.badge.stale", "trust.badge.undated",
	"trust.copy.fork", "trust.copy.mirror", "trust.copy_title.fork", "trust.copy_title.mirror", "trust.copy_words.fork", "trust.copy_words.mirror",
}

func (k *Scenarios) tcoData(p *pagemodel.Page, s *catalog.Scenario, x *render.Texter) *tcoScript {
	cat := k.cat
	w := s.Workload
	d := &tcoScript{
		Currency: cat.Site.Currency, HoursPerMonth: pricing.HoursPerMonth, Terms: map[string]float64{}, Top: tcoTop,
		Workload: map[string]any{
			"gpu_hours_per_month": w.GPUHoursPerMonth, "months": w.Months, "gpus_per_job": w.GPUsPerJob, "job_hours": w.JobHours,
			"min_gpu_memory_gb": w.MinGPUMemoryGB, "interruptible": w.Interruptible, "checkpoint_overhead_pct": w.CheckpointOverheadPct,
			"storage_tb": w.StorageTB, "egress_tb_per_month": w.EgressTBPerMonth, "max_per_gpu_hour": s.Limits.MaxPerGPUHour,
			"splittable": w.Splittable, "reference_gpu": w.ReferenceGPU, "units_per_month": w.UnitsPerMonth,
			"gpu_model": "",    // the calculator's choice of a GPU model in place of the limits: none as shipped
			"estimates": false, // the switch that ranks articles' figures and estimates too: off as shipped
			"stale":     false, // "include stale prices", off as shipped
			"market":    false, // "include marketplaces", off as shipped
		},
		Limits: tcoLimits{Max: s.Limits.MaxPerGPUHour, Models: s.Limits.GPUModels, Kinds: s.Limits.ProviderKinds, Certs: certNames(s, x)},
		Colors: map[string]string{"storage": charts.CostColor("storage"), "egress": charts.CostColor("egress")},
		Text:   map[string]string{}, Models: map[string]string{}, Granularities: map[string]string{},
		Committed: map[string]bool{}, SameTerm: map[string][]string{}, Shares: map[string]string{},
	}
	prec := catalog.WorkPrecision(w)
	d.Work = tcoWork{Precision: prec.Label, PrecisionUnit: prec.Unit}
	b := cat.Benchmark(w.Benchmark)
	if b != nil {
		d.Work.Benchmark, d.Work.BenchmarkUnit = benchmarkName(cat, b), b.Unit
	}
	units := w.UnitsPerMonth > 0 && b != nil
	if units {
		d.Work.Units = WorkUnitName(b, x)
	}
	d.GPUs = map[string]tcoGPU{}
	for _, g := range cat.GPUs {
		tg := tcoGPU{Name: cmp.Or(k.text(g, "name"), g.ID), TFLOPS: prec.Of(g.Dense)}
		if units {
			if c, ok := cat.ConvertWork(w, g); ok {
				tg.UnitHours, tg.Result = pagemodel.Ptr(c.Factor), resultParts(c, x)
			}
		} else if b != nil {
			if v, ok := b.PerGPU(g.ID); ok {
				tg.Bench = &v
			}
		}
		d.GPUs[g.ID] = tg
	}
	d.Heights = charts.Heights()
	d.Frame, d.RowHeight = charts.CostFrame, charts.RowHeight
	for _, m := range pricing.Models {
		if t := pricing.TermHours(m); t > 0 {
			d.Terms[m] = t
		}
		d.Models[m] = x.T("model." + m)
		d.Shares[m] = x.T(render.ShareKey(m))
		if pricing.Committed(m) {
			d.Committed[m] = true
		}
		if t := catalog.SameTerm(m); len(t) > 1 {
			d.SameTerm[m] = t
		}
		d.Colors[m] = charts.CostColor(m)
	}
	for _, g := range catalog.Granularities {
		d.Granularities[g] = x.T("granularity." + g)
	}
	for _, k := range tcoMessages {
		d.Text[k] = x.T(k) // without arguments: the template as it stands
	}
	for _, st := range s.Strategies {
		ts := tcoStrategy{ID: st.ID, Name: cmp.Or(k.text(st, "name"), st.ID)}
		for _, sh := range st.Mix {
			ts.Mix = append(ts.Mix, tcoShare{Model: sh.Model, Percent: sh.Percent})
		}
		d.Strategies = append(d.Strategies, ts)
	}
	rates := pricing.Rates(cat.FX)
	rate := func(r catalog.Rate) *tcoRate {
		if r.Price == nil {
			return nil
		}
		c, ok := rates.Convert(r.Currency, cat.Site.Currency)
		if !ok {
			return nil
		}
		return &tcoRate{Price: *r.Price, Factor: c.Factor}
	}
	for _, o := range k.data.Priced {
		in := o.Instance
		to := tcoOffer{
			Instance: k.text(in, "name"), Provider: k.text(o.Provider, "name"), Label: offerLabel(o, x),
			InstanceURL: p.Rel(paths.Instance(in)), ProviderURL: p.Rel(paths.Provider(o.Provider.ID)),
			GPUs: in.GPUCount, Kind: o.Provider.Kind, Rankable: o.Rankable(), NotPublic: in.PriceNotPublic != "" && len(o.Prices) == 0,
			Granularity: o.Provider.Billing.Granularity, Storage: rate(o.Provider.Storage), Egress: rate(o.Provider.Egress),
			Prices: map[string]tcoPrice{}, OutOfGeo: len(s.Limits.Geo) > 0 && !o.InGeo(s.Limits.Geo),
		}
		to.IntlSite = to.OutOfGeo && intlSite(s, o)
		to.Uncertified = !pricing.StatesAll(o.Provider, s.Limits.Certifications)
		if onPrem(o) {
			to.Region = x.T("region.on_prem")
		} else if regionUnstated(o) {
			to.Region = x.T("region.unstated")
		} else if o.Region != catalog.AllRegions {
			to.Region = o.Region
			if r := o.Provider.Region(o.Region); r != nil {
				to.Region = cmp.Or(k.text(r, "name"), r.ID)
			}
		}
		if m := o.Provider.Billing.MinimumSeconds; m != nil {
			to.MinimumSeconds = *m
		}
		if o.GPU != nil {
			to.GPUModel = &o.GPU.Model
			to.GPU = o.GPU.ID
		}
		if total := cat.TotalGPUMemoryGB(in); total != nil {
			to.MemPerGPU = pagemodel.Ptr(*total / float64(in.GPUCount))
			if math.IsInf(*to.MemPerGPU, 0) || math.IsNaN(*to.MemPerGPU) {
				to.MemPerGPU = pagemodel.Ptr(math.MaxFloat64) // no GPU count: pricing.Eligible's division passes any minimum
			}
		}
		for m, pr := range o.Prices {
			tp := tcoPrice{}
			if pr.Converted {
				tp.Hourly = pagemodel.Ptr(pr.Display)
				if pr.Hourly.OffOnDemand {
					tp.Discount = pr.Point.DiscountPct()
				}
			} else {
				tp.NoRate = pr.Hourly.Currency
			}
			if !pr.Ranked() {
				tp.Unranked = pr.Why()
				for state := range 8 {
					if pr.Answers(pricing.Include{Stale: state&1 != 0, Marketplaces: state&2 != 0, Estimates: state&4 != 0}) {
						tp.Answers |= 1 << state
					}
				}
			}
			tp.Kind = pr.Kind
			if c := cat.Sources.CopiedOnly(pr.Point.Source); c != nil {
				tp.Copy = c.Kind
			}
			if d, from := catalog.AgeDate(pr.Point); d != "" {
				tp.Date = string(d)
				tp.Checked = from != catalog.FromSince && pr.Point.Since.Known()
			}
			to.Prices[m] = tp
		}
		d.Offers = append(d.Offers, to)
	}
	return d
}

// JSON is the calculator's data, for a <script type="application/json">
// block (pagemodel.JSONScript).
func (d *ScenarioData) JSON() (template.JS, error) {
	return pagemodel.JSONScript(d.data)
}

// PlanLinks are the home page's links to the plan pages: each scenario
// and the evaluation matrix.
type PlanLinks struct {
	Scenarios     []pagemodel.Link
	ScenariosURL  string
	EvaluationURL string // "" without data/scoring.yaml
}

func (k *Scenarios) PlanLinks(p *pagemodel.Page) *PlanLinks {
	if len(k.cat.Scenarios) == 0 && k.cat.Scoring == nil {
		return nil
	}
	l := &PlanLinks{}
	if len(k.cat.Scenarios) > 0 {
		l.ScenariosURL = p.Rel(paths.Scenarios)
	}
	for _, s := range k.cat.Scenarios {
		l.Scenarios = append(l.Scenarios, pagemodel.Link{Title: k.text(s, "title"), Description: k.text(s, "persona"), URL: p.Rel(paths.Scenario(s.ID))})
	}
	if k.cat.Scoring != nil {
		l.EvaluationURL = p.Rel(paths.Evaluation)
	}
	return l
}
