package report

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// The report's first page is a summary for a purchase file: the
// recommendation and the offers after it, the assumptions behind the
// figures, the risks in them, and the catalog's snapshot id and date.
//
// With a scenario, offers rank by what the scenario's workload costs on
// them over its whole period, each under the cheapest of the scenario's
// strategies (its tables, further on, rank each strategy apart). Without
// one, offers rank by the report's metric: the price of the whole
// instance per GPU-hour under the matrix's pricing model (on-demand where
// the offers have it), in the site currency. Either way only whole prices
// that a provider or a price catalog lists rank: estimates and article
// figures (priceKind), partial prices and fractional GPUs are left out,
// and the summary says how many and what the cheapest of them would be.

// summaryTop is how many offers the summary lists.
const summaryTop = 3

// reportSummary is the model of the report's first page.
type reportSummary struct {
	Scenario *kinds.ScenarioData // nil: the offers rank by the metric
	Model    string              // the pricing model of the metric
	Currency string
	// Top are the first offers of the ranking, at most summaryTop; empty
	// when no offer ranks.
	Top    []*summaryRow
	Ranked int // the offers ranked
	// Classes says the report answers per GPU class (reportData.Classes):
	// no offer is recommended across classes, and Top is empty.
	Classes bool
	Full    bool // the report is the full one (reportData.Full)
	// Assumptions and Risks are in the order shown.
	Assumptions []summaryItem
	Risks       []summaryItem
}

// Best is the recommended offer; nil when no offer ranks.
func (s *reportSummary) Best() *summaryRow {
	if len(s.Top) == 0 {
		return nil
	}
	return s.Top[0]
}

// summaryRow is one offer of the summary's ranking.
type summaryRow struct {
	Rank     int
	Offer    *pricing.Offer
	Anchor   string // the link to the offer's instance type in the report's sources: "#instance/…"
	Region   string // the region's name; "all regions" for a price that holds in all
	GPUs     string // "8 × A100 SXM4 40GB"
	Strategy string // the strategy it is costed under; "" by the metric
	Payment  string // how its commitments are paid, where the prices say: "all upfront"; "" when they do not
	// Figure is what the offer ranks by, as the table writes it: the total
	// ("≥ 248,010.82" when a lower bound), or the price per GPU-hour.
	Figure     string
	PerMonth   string // with a scenario: the cost a month, written as Figure is
	Hourly     string // by the metric: the instance's hourly price in the site currency
	LowerBound bool
	// Next is the difference to the next offer of the ranking, in the
	// site currency, and NextPct in percent of this one's figure, as
	// figures; "" for the last.
	Next, NextPct string
	Date          string // the date of the price it ranks by; "" when undated
	Undated       bool
	value         float64
}

// priceKind is what keeps a price out of rankings (pricing.Price.Why):
// "estimate" or "article" as its source kind says, "marketplace",
// "stale", "undated" or "superseded"; "" for a price that ranks.
func priceKind(pr *pricing.Price) string {
	if pr == nil || pr.Ranked() {
		return ""
	}
	return pr.Why()
}

// priceDate is the date a price is known to hold at: its effective date
// (since) when the sources give one, else the date its as-of text states
// ("2026-01-21 (…)", "…; as of 2026-01-21"); "" when the sources date it
// neither way — an undated price.
func priceDate(pt *catalog.PricePoint) catalog.Date {
	if pt.Since.Known() {
		return pt.Since
	}
	return pt.AsOfDate()
}

// CatalogDate is the day the catalog was checked: its newest date
// (catalog.NewestDate), the same date the site's pages, charts and
// llms.txt give as "catalog checked"; the zero time when it dates nothing
// to the day.
func CatalogDate(cat *catalog.Catalog) time.Time { return catalog.NewestDate(cat) }

// gpusText names an offer's accelerators: "8 × A100 SXM4 40GB".
func gpusText(o *pricing.Offer, x *render.Texter) string {
	name := o.Instance.GPU
	if o.GPU != nil {
		name = o.GPU.Name
	}
	if o.Instance.GPUCount <= 0 {
		return name
	}
	return x.T("report.gpus_of", o.Instance.GPUCount, name)
}

// regionText names an offer's region for the summary.
func regionText(o *pricing.Offer, x *render.Texter) string {
	switch o.Region {
	case catalog.AllRegions:
		return x.T("region.all")
	case "":
		return x.T("scenario.no_region")
	}
	if r := o.Provider.Region(o.Region); r != nil && r.Name != "" {
		return pagemodel.RegionName(r, cmp.Or(x.Lang(), catalog.BaseLanguage))
	}
	return o.Region
}

// reportSummary makes the summary of the report d over the offers of b:
// d's matrix (its model and rates) and scenario must be made.
func (k *Kind) reportSummary(d *reportData, x *render.Texter) *reportSummary {
	s := &reportSummary{Scenario: d.Scenario, Model: d.Matrix.Model, Currency: d.Matrix.Currency, Full: d.Full}
	newRow := func(o *pricing.Offer) *summaryRow {
		return &summaryRow{Offer: o, Anchor: pagemodel.ReportAnchor(paths.Instance(o.Instance)), Region: regionText(o, x), GPUs: gpusText(o, x)}
	}
	var ranked, left []*summaryRow
	// The prices a row ranks on, for its date: the metric's, or those of
	// its strategy's mix.
	pricesOf := map[*summaryRow][]*pricing.Price{}
	if sd := d.Scenario; sd != nil {
		best := map[*pricing.Offer]*summaryRow{}
		bestLeft := map[*pricing.Offer]*summaryRow{}
		// add puts an offer's total under one strategy among the ranked
		// rows or, when a price of its mix is an estimate or an article's
		// figure, among those left out.
		add := func(sv *kinds.StrategyView, o *pricing.Offer, t pricing.TCO) {
			var prices []*pricing.Price
			var payments []string
			kind := ""
			for _, part := range t.Parts { // the models the offer buys; none for a part the commitments run entirely
				pr := o.Prices[part.Model]
				if pr == nil {
					continue
				}
				prices = append(prices, pr)
				kind = cmp.Or(kind, priceKind(pr))
				if p := pr.Point.Payment(); p != "" {
					payments = append(payments, x.T("report.payment", x.T("model."+part.Model), x.T("payment."+p)))
				}
			}
			row := newRow(o)
			row.Payment = strings.Join(payments, x.T("report.sentence_sep"))
			row.Strategy, row.value, row.LowerBound = sv.Name, t.Total, !t.Complete()
			row.Figure, row.PerMonth = atLeast(t.Total, row.LowerBound, x), atLeast(t.PerMonth, row.LowerBound, x)
			pricesOf[row] = prices
			into := best
			if kind != "" {
				into = bestLeft
			}
			if old := into[o]; old == nil || row.value < old.value {
				into[o] = row
			}
		}
		for _, sv := range sd.Strategies {
			for _, r := range sv.Rows {
				add(sv, r.Offer, r.TCO)
			}
			// The scenario ranks no offer whose price is an estimate or an
			// article's figure; the summary says where it would rank.
			for _, o := range k.data.Priced {
				if _, unranked := pricing.UnrankedModel(o, sv.Strategy); !unranked || !pricing.Eligible(k.cat, o, sd.Scenario, sv.Strategy, true) {
					continue
				}
				if t, ok, _ := pricing.ScenarioTCO(k.cat, o, sd.Scenario, sv.Strategy); ok {
					add(sv, o, t)
				}
			}
		}
		for _, o := range k.data.Priced { // catalog order between equal totals
			r, e := best[o], bestLeft[o]
			if r != nil {
				ranked = append(ranked, r)
			}
			if e != nil && (r == nil || e.value < r.value) {
				left = append(left, e)
			}
		}
	} else {
		for _, o := range k.data.Priced {
			v, ok := o.PerGPUHour(s.Model)
			if !ok || o.GPU == nil || !o.Rankable() || o.Instance.VGPUProfile != "" {
				continue
			}
			row := newRow(o)
			row.value, row.Figure, row.Hourly = v, render.FormatDerived(v), render.FormatDerived(o.Prices[s.Model].Display)
			pricesOf[row] = []*pricing.Price{o.Prices[s.Model]}
			if k := priceKind(o.Prices[s.Model]); k == pricing.WhySuperseded || k == pricing.WhyRestricted {
				continue // its provider no longer lists it, or an ordinary buyer cannot buy it: it would rank nowhere
			} else if k != "" {
				left = append(left, row)
				continue
			}
			ranked = append(ranked, row)
		}
	}
	byValue := func(a, b *summaryRow) int { return cmp.Compare(a.value, b.value) }
	slices.SortStableFunc(ranked, byValue)
	slices.SortStableFunc(left, byValue)
	for i, r := range ranked {
		r.Rank = i + 1
		if i > 0 && r.value == ranked[i-1].value {
			r.Rank = ranked[i-1].Rank
		}
		for _, pr := range pricesOf[r] {
			if pr == nil {
				continue
			}
			if dt := priceDate(pr.Point); dt == "" {
				r.Undated = true
			} else if r.Date == "" || catalogpages.Later(catalog.Date(r.Date), dt) {
				r.Date = string(dt) // the oldest of its prices
			}
		}
		if r.Undated {
			r.Date = ""
		}
		if i+1 < len(ranked) {
			diff := ranked[i+1].value - r.value
			r.Next = render.FormatDerived(diff)
			if r.value > 0 {
				r.NextPct = render.FormatNum(pricing.Round(100*diff/r.value, 1))
			}
		}
	}
	s.Ranked = len(ranked)
	if d.Classes == nil { // per GPU class, nothing ranks first across classes
		s.Top = ranked[:min(summaryTop, len(ranked))]
	}
	s.Classes = d.Classes != nil
	s.Assumptions = k.summaryAssumptions(d, x)
	s.Risks = k.summaryRisks(s, ranked, left, x)
	return s
}

// atLeast writes a computed amount, as a lower bound when it is one.
func atLeast(v float64, lower bool, x *render.Texter) string {
	if lower {
		return x.T("scenario.at_least", render.FormatDerived(v))
	}
	return render.FormatDerived(v)
}

// summaryItem is one assumption or risk: what it is about, and what it
// says.
type summaryItem struct {
	Label, Text string
}

// item is the summary item of the messages report.label.<name> and key.
func item(x *render.Texter, name, key string, args ...any) summaryItem {
	return summaryItem{Label: x.T("report.label." + name), Text: x.T(key, args...)}
}

// counted is key, or key+"_1" when n, the count its text starts with, is
// one: "1 offer has", "2 offers have".
func counted(key string, n int) string {
	if n == 1 {
		return key + "_1"
	}
	return key
}

// summaryAssumptions are the figures the ranking assumes: the workload
// and term, or the metric; the currency and the rates of the prices.
func (k *Kind) summaryAssumptions(d *reportData, x *render.Texter) []summaryItem {
	var out []summaryItem
	if sd := d.Scenario; sd != nil {
		w := sd.Scenario.Workload
		if b := k.cat.Benchmark(w.Benchmark); w.UnitsPerMonth > 0 && b != nil {
			out = append(out, item(x, "workload", "report.assume.workload_units", render.FormatNum(w.UnitsPerMonth), kinds.WorkUnitName(b, x), cmp.Or(pagemodel.CatalogText(k.cat, b, "name"), b.Name),
				render.FormatNum(w.Months), w.GPUsPerJob, render.FormatNum(w.JobHours), render.FormatNum(w.StorageTB), render.FormatNum(w.EgressTBPerMonth)))
		} else {
			out = append(out, item(x, "workload", "report.assume.workload", render.FormatNum(w.GPUHoursPerMonth), render.FormatNum(w.Months), w.GPUsPerJob, render.FormatNum(w.JobHours),
				render.FormatNum(w.StorageTB), render.FormatNum(w.EgressTBPerMonth)))
		}
		var names []string
		for _, st := range sd.Strategies {
			names = append(names, x.T("report.quoted", st.Name))
		}
		out = append(out, item(x, "strategies", "report.assume.strategies", strings.Join(names, x.T("report.list_sep"))))
		var limits []string
		if m := w.MinGPUMemoryGB; m != nil {
			limits = append(limits, x.T("report.assume.memory", render.FormatNum(*m)))
		}
		limits = append(limits, sd.Limits...)
		if w.Interruptible && w.CheckpointOverheadPct > 0 {
			limits = append(limits, x.T("report.assume.spot", render.FormatNum(w.CheckpointOverheadPct)))
		}
		if limits != nil {
			out = append(out, summaryItem{Label: x.T("report.label.limits"), Text: strings.Join(limits, x.T("report.sentence_sep")) + x.T("site.full_stop")})
		}
		out = append(out, item(x, "term", "report.assume.term", pricing.HoursPerMonth))
	} else {
		gpus := x.T("report.all_gpus")
		if d.GPUs != nil {
			gpus = strings.Join(d.GPUs, x.T("report.list_sep"))
		}
		if d.Classes != nil {
			out = append(out, item(x, "metric", "report.assume.metric_classes", x.M.Cur(d.Matrix.Currency)))
		} else {
			out = append(out, item(x, "metric", "report.assume.metric", x.T("model."+d.Matrix.Model), x.M.Cur(d.Matrix.Currency), gpus))
		}
		out = append(out, item(x, "workload", "report.assume.no_workload"))
	}
	if len(d.Matrix.Rates) == 0 {
		out = append(out, item(x, "currency", "report.assume.currency", x.M.CurName(d.Matrix.Currency)))
	} else {
		var rates []string
		notes, _ := render.FxNotes(d.Matrix.Currency, d.Matrix.Rates)
		for _, n := range notes {
			s, err := x.M.FxNote(n)
			if err != nil && x.Err == nil {
				x.Err = err
			}
			rates = append(rates, s)
		}
		out = append(out, item(x, "currency", "report.assume.rates", x.M.CurName(d.Matrix.Currency), strings.Join(rates, " ")))
	}
	out = append(out, item(x, "prices", "report.assume.latest"))
	return out
}

// summaryRisks are what may make the ranking wrong: undated prices, lower
// bounds, estimates and article figures left out, partial prices, offers
// without a public price. left are the offers that would rank, or rank
// lower than they would, but for an estimate or article figure, each at
// its cheapest figure from one, cheapest first.
func (k *Kind) summaryRisks(s *reportSummary, ranked, left []*summaryRow, x *render.Texter) []summaryItem {
	var out []summaryItem
	// Of the top, the ranks that have the property, in the words of the
	// messages key+"_none", "_all" and "_some".
	which := func(key string, has func(*summaryRow) bool) string {
		var ranks []string
		for _, r := range s.Top {
			if has(r) {
				ranks = append(ranks, fmt.Sprintf("#%d", r.Rank))
			}
		}
		switch {
		case len(s.Top) == 0:
			return ""
		case ranks == nil:
			return " " + x.T(key+"_none", len(s.Top))
		case len(ranks) == len(s.Top) && len(ranks) > 1:
			return " " + x.T(key+"_all", len(s.Top))
		}
		return " " + x.T(key+"_some", strings.Join(ranks, x.T("report.list_sep")))
	}
	with := func(it summaryItem, more string) summaryItem {
		it.Text += more
		return it
	}

	points := map[*catalog.PricePoint]bool{}
	undated := 0
	for _, o := range k.data.Priced {
		for _, pr := range o.Prices {
			if !points[pr.Point] {
				points[pr.Point] = true
				if priceDate(pr.Point) == "" {
					undated++
				}
			}
		}
	}
	out = append(out, with(item(x, "undated", counted("report.risk.undated", undated), undated, len(points)), which("report.risk.undated", func(r *summaryRow) bool { return r.Undated })))

	if s.Scenario != nil {
		lower := 0
		for _, r := range ranked {
			if r.LowerBound {
				lower++
			}
		}
		if lower == 0 {
			out = append(out, item(x, "lower", "report.risk.lower_zero"))
		} else {
			out = append(out, with(item(x, "lower", counted("report.risk.lower", lower), lower, len(ranked)), which("report.risk.lower", func(r *summaryRow) bool { return r.LowerBound })))
		}
	}

	if len(left) == 0 {
		out = append(out, item(x, "estimates", "report.risk.estimates_none"))
	} else {
		c := left[0]
		would := 1
		for _, r := range ranked {
			if r.value < c.value && r.Offer != c.Offer {
				would++
			}
		}
		name := x.T("scenario.offer_label", pagemodel.InstanceName(c.Offer.Instance, x.Lang()), pagemodel.ProviderName(c.Offer.Provider, cmp.Or(x.Lang(), catalog.BaseLanguage)), c.Region)
		if s.Classes {
			out = append(out, item(x, "estimates", counted("report.risk.estimates_classes", len(left)), len(left)))
		} else if s.Scenario != nil {
			out = append(out, item(x, "estimates", counted("report.risk.estimates_scenario", len(left)), len(left), name, x.T("report.quoted", c.Strategy), c.Figure, x.M.Cur(s.Currency), would))
		} else {
			out = append(out, item(x, "estimates", counted("report.risk.estimates_metric", len(left)), len(left), name, c.Figure, s.Currency, would))
		}
	}

	partial, unpriced := 0, 0
	for _, o := range k.data.Priced {
		switch {
		case len(o.Prices) == 0:
			unpriced++
		case !o.Rankable():
			partial++
		}
	}
	if partial > 0 {
		out = append(out, item(x, "partial", counted("report.risk.partial", partial), partial))
	}
	if unpriced > 0 {
		key := "report.risk.unpriced"
		if !s.Full {
			key = "report.risk.unpriced_short"
		}
		out = append(out, item(x, "unpriced", counted(key, unpriced), unpriced))
	}
	return out
}
