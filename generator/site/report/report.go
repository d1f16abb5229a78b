// Package report is the page models stage of the report (gpucompare
// report): the single HTML file of the chosen offers (File, made of its
// explicit Inputs), its snapshot id, and the site's one-page summary
// (/summary/), made from the report's answer per GPU class. Nothing here
// calls back into the orchestration (package site).
package report

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"slices"
	"strings"
	"time"

	"golang.org/x/net/html"

	"gpucompare/generator/catalog"
	"gpucompare/generator/charts"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/chartmodel"
	"gpucompare/generator/site/compare"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
	"gpucompare/generator/tmplexec"
)

// The report (gpucompare report) is one more rendering of the catalog: a
// single HTML file a buyer attaches to a purchase request. Its first page
// is a summary for the purchase file (reportSummary: the answer per GPU
// class when no workload or GPU model is chosen (ClassesOf), else
// the recommendation and the top offers; the assumptions and risks, the
// date and the catalog's snapshot id); then the sources of the offers it
// names. That is the whole report by default, a few printed pages. With
// Full, the summary is followed by every offer kept, sorted by its price
// per GPU-hour (reportOffersOf), a scenario's costs on them, their
// charts, every source behind the numbers shown, and an appendix of the
// offers without a price.
//
// It is made from the site's own parts — the shared templates and
// partials, compare.Row, the GPU matrix's charts, kinds.Scenarios.ScenarioData — with one
// difference in Links: the report's linker turns a page of the site into
// an anchor in the file (pagemodel.ReportAnchor), so an instance type's name leads
// to its sources, not to a page that is not there.
//
// The stylesheets, static/charts.js and the vendored ECharts are inlined,
// so opening the file makes no request of any kind. The file's
// Content-Security-Policy allows exactly its inline blocks, by the sha256
// of each block's bytes as rendered, and nothing else (reportPolicy).

// reportPath names the report as a page, for chart ids and links.
const reportPath = "report.html"

// ReportOptions are the choices of one report.
type ReportOptions struct {
	// Providers and GPUs keep the offers of those provider and GPU model
	// ids; empty keeps every one. Both given, an offer must match both.
	Providers []string
	GPUs      []string
	// Scenario is the id of the workload scenario whose costs the report
	// ranks over the chosen offers; empty leaves them out.
	Scenario string
	// Date is the build date shown on the first page, as its UTC day; the
	// zero time dates the report by the catalog's newest date
	// (CatalogDate), so that the same catalog gives the same file.
	Date time.Time
	// Lang is the language of the report's UI text, a catalogue of
	// templates/messages/; empty is the site's language (data/site.yaml).
	// A language without a catalogue is an error naming those there are.
	Lang string
	// Full adds to the summary, the chosen offers and their sources what
	// a purchase file does not need: every offer kept, the workload's
	// costs, the charts, every source behind them and the appendix of
	// offers without a price.
	Full bool
	// Internal says the catalog holds an overlay's private quotes: the
	// report says so at its top, and lists the quotes it covers.
	Internal bool
}

// UsageError is a report option the catalog cannot satisfy: an id it does
// not hold, or filters no offer passes. Each problem names what is valid.
type UsageError struct {
	Problems []string
}

func (e *UsageError) Error() string { return strings.Join(e.Problems, "\n") }

// Check refuses ids the catalog does not hold, naming the valid ones.
func (o ReportOptions) Check(cat *catalog.Catalog) error {
	var problems []string
	unknown := func(flag, kind string, ids []string, valid []string) {
		for _, id := range ids {
			if !slices.Contains(valid, id) {
				problems = append(problems, fmt.Sprintf("-%s %q: no %s of that id; the catalog has: %s", flag, id, kind, strings.Join(valid, ", ")))
			}
		}
	}
	var providers, gpus, scenarios []string
	for _, p := range cat.Providers {
		providers = append(providers, p.ID)
	}
	for _, g := range cat.GPUs {
		gpus = append(gpus, g.ID)
	}
	for _, s := range cat.Scenarios {
		scenarios = append(scenarios, s.ID)
	}
	slices.Sort(providers)
	slices.Sort(gpus)
	slices.Sort(scenarios)
	unknown("provider", "provider", o.Providers, providers)
	unknown("gpu", "GPU model", o.GPUs, gpus)
	if o.Scenario != "" {
		if len(scenarios) == 0 {
			problems = append(problems, fmt.Sprintf("-scenario %q: the catalog has no scenarios (data/scenarios/)", o.Scenario))
		} else {
			unknown("scenario", "scenario", []string{o.Scenario}, scenarios)
		}
	}
	if problems != nil {
		return &UsageError{Problems: problems}
	}
	return nil
}

// keep reports whether the options keep an offer.
func (o ReportOptions) keep(of *pricing.Offer) bool {
	return (len(o.Providers) == 0 || slices.Contains(o.Providers, of.Provider.ID)) &&
		(len(o.GPUs) == 0 || slices.Contains(o.GPUs, of.Instance.GPU))
}

// Snapshot is the id of a catalog's content: the sha256, in hex, of every
// file under data/ of root but hidden ones (a name starting with "."),
// in the order of their slash-separated paths, each as its path, a NUL
// byte, its length as 8 bytes big-endian and its bytes. The same files
// always give the same id, whatever the date or the report's filters;
// any change of a byte, a name, or a file added or removed gives another.
func Snapshot(root fs.FS) (string, error) {
	var paths []string
	err := fs.WalkDir(root, catalog.DataDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != catalog.DataDir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.IsDir() { // a link is read as the file it leads to
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	slices.Sort(paths)
	h := sha256.New()
	for _, p := range paths {
		data, err := fs.ReadFile(root, p)
		if err != nil {
			return "", err
		}
		io.WriteString(h, p)
		h.Write([]byte{0})
		binary.Write(h, binary.BigEndian, uint64(len(data)))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Inputs are what a report is made of beside its options.
type Inputs struct {
	Cat  *catalog.Catalog // in the report's language
	Root fs.FS            // the site root, for data/ (the snapshot id)
	// Templates and Static are the site root's templates/ and static/,
	// or the ones embedded in the binary.
	Templates, Static fs.FS
	AgeDate           time.Time // the day the ages of prices count to
	// Warnf reports a warning of the build at a position of the catalog.
	Warnf func(pos catalog.Pos, format string, args ...any)
	// Kinds makes the page kinds the report takes its parts from, once
	// its messages, its site's frame and its offers (data) are known.
	Kinds func(msgs render.Messages, site *pagemodel.SiteInfo, data *derive.Data) Kinds
}

// Kinds are the page kinds of the site the report takes its parts from.
type Kinds struct {
	Prices    pagemodel.Prices // the views of a price and of its trust
	Matrix    *compare.Kind    // the rows of /compare/
	Scenarios *kinds.Scenarios // a workload's costs
}

// reportData is the model of the report.
type reportData struct {
	Title string // the site's title
	// Date is the report's date, YYYY-MM-DD (UTC): the build date given,
	// else the catalog's newest (CatalogDate); "" when neither is known.
	Date          string
	CatalogDate   bool
	Snapshot      string // the catalog's snapshot id, in full
	SnapshotShort string
	Providers     []string // the names of the providers chosen; nil for all
	GPUs          []string // the names of the GPU models chosen; nil for all
	Count         int      // the offers shown
	CatalogOffers int      // the offers of the whole catalog
	Matrix        *compare.Data
	// Offers are the matrix as the report shows it: sorted by the metric,
	// the offers without a price apart (reportOffersOf).
	Offers   *reportOffers
	Summary  *reportSummary
	Scenario *kinds.ScenarioData // nil without -scenario
	// Classes is the answer per GPU class: nil when a workload or GPU
	// models are chosen (the summary recommends among the offers) or no
	// offer has a whole price.
	Classes *Classes
	// Mainland is the mainland view's pay-as-you-go answer
	// (reportMainland), before the answer per GPU class in the Chinese
	// report; nil in the English one, with a workload or GPU models
	// chosen, or when the catalog prices nothing in mainland China.
	Mainland []*mainlandLine
	// Full says the report holds every offer kept, the workload's costs,
	// the charts and the appendix; else it is the summary and the sources
	// of the offers it names.
	Full    bool
	Sources *reportSources
	// Quotes are the team's quotes for the offers kept, and Trials its
	// own trials on them; Internal says the report holds private quotes
	// (ReportOptions.Internal), ExpiredQuotes those no longer counted.
	Quotes        []*reportQuote
	Trials        []*reportTrial
	Internal      bool
	ExpiredQuotes []*pagemodel.ExpiredQuote
	// The inline blocks: the stylesheets and, when there are charts, the
	// scripts that draw them, in the order they run.
	Styles  []template.CSS
	Scripts []template.JS
}

// reportSources are the sources behind what the report shows: for each
// instance type its specs and the price points of its prices, for each
// provider its facts, for each GPU model its specs, the exchange rates,
// and every http(s) URL among them.
type reportSources struct {
	Instances []*instanceSources
	Providers []*catalog.Provider
	GPUs      []*catalog.GPU
	Rates     []*render.RateView
	URLs      []string
	// cite splits a source into citations in the report's language.
	cite func(string) []render.Citation
	// Cited is every distinct source text among them, once each, numbered
	// in the order the Sources section first names it; the section and the
	// matrix point to a source by its number (Ref) instead of repeating it.
	Cited []*compare.CitedSource
	refs  map[string]*compare.CitedSource
}

// Ref is the numbered source of the text src; nil when src is empty or
// not among the report's sources.
func (s *reportSources) Ref(src string) *compare.CitedSource { return s.refs[src] }

// number gives src the next number, unless it has one or is empty.
func (s *reportSources) number(src string) {
	if src == "" || s.refs[src] != nil {
		return
	}
	c := &compare.CitedSource{N: len(s.Cited) + 1, Text: src, Cites: s.cite(src)}
	s.Cited = append(s.Cited, c)
	s.refs[src] = c
}

// instanceSources is an instance type and the points of the prices shown.
type instanceSources struct {
	Instance *catalog.Instance
	Points   []*reportPoint
}

// reportPoint is a price point behind a price shown, and the price as
// its source states it.
type reportPoint struct {
	*catalog.PricePoint
	Date   *pagemodel.DateView
	Quoted *pagemodel.PriceView
}

// Anchor is where an instance type, provider or GPU model is in the
// report (pagemodel.ReportAnchor's targets), for the id of its sources.
func (s *instanceSources) Anchor() string {
	return pagemodel.ReportAnchor(paths.Instance(s.Instance))[1:]
}

func (s *reportSources) ProviderAnchor(p *catalog.Provider) string {
	return pagemodel.ReportAnchor(paths.Provider(p.ID))[1:]
}
func (s *reportSources) GPUAnchor(g *catalog.GPU) string {
	return pagemodel.ReportAnchor(paths.GPU(g.ID))[1:]
}

// File renders the report of the site root: the offers chosen, the page
// model, then the file with its policy. An option the catalog cannot
// satisfy is a *UsageError; the same catalog, options and date always
// give the same bytes.
func File(in Inputs, opts ReportOptions) ([]byte, error) {
	if err := opts.Check(in.Cat); err != nil {
		return nil, err
	}
	cat, root, tfs, sfs := in.Cat, in.Root, in.Templates, in.Static
	// An edition's folder ("zh") names its language ("zh-CN"), as the
	// site's own paths do.
	for _, e := range cat.Site.Editions {
		if opts.Lang != "" && opts.Lang == e.Dir {
			opts.Lang = e.Language
		}
	}
	lang := cmp.Or(opts.Lang, cat.Site.Language, "en")
	if opts.Lang != "" {
		langs, err := messageLanguages(tfs)
		if err != nil {
			return nil, fmt.Errorf("templates: %w", err)
		}
		if !slices.Contains(langs, opts.Lang) {
			return nil, fmt.Errorf("-lang %q: no messages for that language (templates/messages/%s.yaml); there are: %s", opts.Lang, opts.Lang, strings.Join(langs, ", "))
		}
	}
	msgs, err := render.LoadMessages(tfs, lang, in.Warnf)
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	if _, err := fs.Stat(tfs, "messages/"+lang+".yaml"); err != nil {
		lang = "en" // loadMessages warned: the text is English
	}
	t, err := render.ParseShared(tfs, msgs)
	if err == nil {
		err = render.ParseFile(tfs, t, "report.html")
	}
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	siteInfo := &pagemodel.SiteInfo{Title: cat.Site.Title, Tagline: cat.Site.Tagline, Lang: lang}
	data := &derive.Data{GPUs: derive.GPUOrder(cat.GPUs)} // the offers the report keeps, below
	ks := in.Kinds(msgs, siteInfo, data)

	all := pricing.OffersAt(cat, cat.Site.Currency, in.AgeDate)
	for _, o := range all {
		if opts.keep(o) {
			data.Priced = append(data.Priced, o)
		}
	}
	if len(data.Priced) == 0 {
		return nil, &UsageError{Problems: []string{fmt.Sprintf("no offer is of provider %s and GPU model %s: the report would be empty",
			orAll(opts.Providers), orAll(opts.GPUs))}}
	}
	snap, err := Snapshot(root)
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}

	p := &pagemodel.Page{Path: reportPath, Layout: "report", Site: siteInfo, Links: pagemodel.Linker{Anchors: true}}
	x := &render.Texter{M: msgs}
	d := &reportData{
		Title:    cmp.Or(cat.Site.Title, x.T("site.name")),
		Snapshot: snap, SnapshotShort: snap[:12], Count: len(data.Priced), CatalogOffers: len(all), Full: opts.Full,
	}
	date := opts.Date
	if date.IsZero() {
		date, d.CatalogDate = CatalogDate(cat), true
	}
	if !date.IsZero() {
		d.Date = date.UTC().Format(time.DateOnly)
	}
	for _, pr := range cat.Providers {
		if slices.Contains(opts.Providers, pr.ID) {
			d.Providers = append(d.Providers, pagemodel.ProviderName(pr, cmp.Or(x.Lang(), catalog.BaseLanguage)))
		}
	}
	for _, g := range data.GPUs {
		if slices.Contains(opts.GPUs, g.ID) {
			d.GPUs = append(d.GPUs, g.Name)
		}
	}
	p.Data = d
	rk := &Kind{cat: cat, data: data, price: ks.Prices.Price, matrix: ks.Matrix}
	if d.Matrix, err = rk.reportMatrix(p, x); err != nil {
		return nil, fmt.Errorf("matrix: %w", err)
	}

	cd := &charts.Data{Catalog: cat, GPUs: data.GPUs, Offers: data.Priced, Currency: cat.Site.Currency, Text: x.T, Unit: x.M.Cur, Units: x.M.UnitName, Lang: x.Lang()}
	if opts.Full {
		// The figures of the GPU matrix: prices by GPU model and provider,
		// one per pricing model, and price against performance.
		p.Layout = "gpus"
		err = (*chartmodel.Shared)(nil).GPUMatrix(cd, p)
		p.Layout = "report"
		if err != nil {
			return nil, fmt.Errorf("charts: %w", err)
		}
	}
	if opts.Scenario != "" {
		s := cat.Scenarios[slices.IndexFunc(cat.Scenarios, func(s *catalog.Scenario) bool { return s.ID == opts.Scenario })]
		sp := &pagemodel.Page{Path: reportPath, Layout: "scenario", Site: siteInfo, Links: p.Links}
		if sp.Data, err = ks.Scenarios.ScenarioData(sp, s, x); err != nil {
			return nil, fmt.Errorf("scenario %q: %w", s.ID, err)
		}
		if opts.Full {
			if err := ks.Scenarios.Charts(cd, sp); err != nil {
				return nil, fmt.Errorf("scenario %q: charts: %w", s.ID, err)
			}
			p.Charts = append(p.Charts, sp.Charts...)
		}
		d.Scenario = sp.Data.(*kinds.ScenarioData)
	}
	if opts.Scenario == "" && len(opts.GPUs) == 0 {
		d.Classes = rk.ClassesOf(cat.Site.Currency, lang, oldBeforeOf(in.AgeDate), in.AgeDate, ks.Prices.Trust, pagemodel.ReportAnchor)
		if d.Classes != nil {
			d.Classes.Links, d.Classes.Refs = opts.Full, true
			d.Mainland = reportMainland(derive.Mainland(cat, data.Priced, data.GPUs), lang, ks.Prices.Trust)
		}
	}
	d.Offers = reportOffersOf(d.Matrix, x)
	own := reportOwn{cat: cat, day: in.AgeDate, lang: lang, trust: ks.Prices.Trust}
	d.Quotes, d.Trials = own.reportQuotes(opts, all), own.reportTrials(opts, all)
	d.Internal = opts.Internal
	if opts.Internal {
		d.ExpiredQuotes = catalogpages.ExpiredQuotes(cat, in.AgeDate, lang)
	}
	d.Summary = rk.reportSummary(d, x)
	if opts.Full {
		d.Sources = rk.reportSources(d, data.Priced, nil)
	} else {
		offers, points := d.chosen()
		d.Sources = rk.reportSources(d, offers, points)
	}
	if x.Err != nil {
		return nil, x.Err
	}

	for _, name := range []string{"style.css", "report.css"} {
		src, err := fs.ReadFile(sfs, name)
		if err != nil {
			return nil, fmt.Errorf("assets: %w", err)
		}
		d.Styles = append(d.Styles, template.CSS(InlineText(src)))
	}
	if p.ChartScripts() {
		for _, name := range []string{"vendor/echarts/echarts.min.js", "charts.js"} {
			src, err := fs.ReadFile(sfs, name)
			if err != nil {
				return nil, fmt.Errorf("assets: %w", err)
			}
			d.Scripts = append(d.Scripts, template.JS(InlineText(src)))
		}
	}

	var buf bytes.Buffer
	if err := executeReport(&buf, t, msgs, p); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	return WithPolicy(buf.Bytes(), reportPolicy)
}

// executeReport renders the report page p with the templates t: through
// tmplexec when it compiles them, else through html/template.
func executeReport(w io.Writer, t *template.Template, msgs render.Messages, p *pagemodel.Page) error {
	const name = "templates/report.html"
	if render.CompilePrograms {
		// html/template escapes the templates at their first execution.
		err := t.ExecuteTemplate(io.Discard, name, nil)
		var escErr *template.Error
		if !errors.As(err, &escErr) {
			if prog, err := tmplexec.Compile(t, name, render.Funcs(msgs)); err == nil {
				return prog.Execute(w, p)
			}
		}
	}
	return t.ExecuteTemplate(w, name, p)
}

// messageLanguages are the languages tfs has messages for, sorted: the
// names of the files messages/<lang>.yaml but the glossary
// (messages/glossary.yaml, which pairs terms of the languages, and is no
// language of its own).
func messageLanguages(tfs fs.FS) ([]string, error) {
	entries, err := fs.ReadDir(tfs, "messages")
	if err != nil {
		return nil, err
	}
	var langs []string
	for _, e := range entries {
		if lang, ok := strings.CutSuffix(e.Name(), ".yaml"); ok && !e.IsDir() && lang != "glossary" && !strings.HasPrefix(lang, ".") {
			langs = append(langs, lang)
		}
	}
	return langs, nil
}

// orAll names a filter's ids, or "(any)" when it has none.
func orAll(ids []string) string {
	if len(ids) == 0 {
		return "(any)"
	}
	return strings.Join(ids, ", ")
}

// InlineText is an asset as the report inlines it: line endings as the
// HTML parser leaves them (CR LF and CR become LF), so the hash of the
// block in the file is the hash the browser computes.
func InlineText(src []byte) string {
	s := strings.ReplaceAll(string(src), "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// Kind makes the parts of the report that follow from its catalog
// and derived data alone (the offers it keeps): the matrix, the sources
// and the summary, with price the view of a price and matrix the rows of
// the instance matrix.
type Kind struct {
	cat    *catalog.Catalog
	data   *derive.Data
	price  func(in *catalog.Instance, pp *catalog.PricePoint) *pagemodel.PriceView
	matrix *compare.Kind
}

// reportMatrix is the instance matrix of the chosen offers, the rows of
// /compare/ in catalog order: the model of the report's metric (on-demand,
// unless no offer has it), the rates, and every offer's matrixRow.
func (k *Kind) reportMatrix(p *pagemodel.Page, x *render.Texter) (*compare.Data, error) {
	display := k.cat.Site.Currency
	models := compare.PricedModels(k.data.Priced)
	model := "on_demand"
	if len(models) > 0 && !slices.Contains(models, model) {
		model = models[0]
	}
	m := k.matrix
	d := &compare.Data{
		Currency: display, Model: model, Models: models, Columns: compare.Columns(x.T, models, model, x.M.Cur(display)),
		Rates: m.Rates(display), Total: len(k.data.Priced), First: 1, Last: len(k.data.Priced),
	}
	for _, o := range k.data.Priced {
		d.Rows = append(d.Rows, m.Row(p, o, models, model))
	}
	return d, x.Err
}

// reportOffers is the report's matrix as it shows it: the priced offers,
// one line each, cheapest per GPU-hour under the metric's model first;
// and the offers without any price, for the appendix.
type reportOffers struct {
	Model    string // the metric's pricing model
	Currency string
	// Columns are the pricing models whose price per GPU-hour has a column
	// of its own: the metric's first, then spot and the reserved terms the
	// offers have.
	Columns []string
	// Others are the further models the offers have, shown in one column
	// as the cheapest of them; nil when there are none.
	Others   []string
	Rows     []*reportRow
	Ranked   int          // the rows with a rank
	Appendix []*reportRow // the offers without any price, in catalog order, unranked
}

// GroupSpan is how many columns the prices per GPU-hour take.
func (r *reportOffers) GroupSpan() int {
	if r.Others != nil {
		return len(r.Columns) + 1
	}
	return len(r.Columns)
}

// reportRow is an offer in the report's matrix.
type reportRow struct {
	Row *compare.Row
	// Rank is its place among the whole prices a provider or a price
	// catalog lists (equal prices share one); 0 for a row that does not
	// rank: an estimate or article figure, a partial price, a fractional
	// GPU, or no price under the metric's model.
	Rank   int
	GPUs   string         // "8 × A100 SXM4 40GB"
	Region string         // the region's name, "all regions" for a price that holds in all
	Kind   string         // priceKind of the metric's price
	Quoted *compare.Price // the metric's price, as quoted; nil when none
	Cells  []*perGPUCell
	Other  *perGPUCell // the cheapest under Others; nil when none
	Date   string      // priceDate of the metric's price; "" when undated or none
	value  float64
	known  bool
}

// perGPUCell is an offer's price per GPU-hour under one model, in the
// site currency.
type perGPUCell struct {
	Text  string
	Model string // the model it is under
	Kind  string // priceKind of its price
	value float64
}

// mainModels are the pricing models the report's matrix gives a column
// each, beside the metric's, when the offers have them.
var mainModels = []string{"on_demand", "spot", "reserved_1y", "reserved_3y"}

// reportOffersOf sorts the matrix m by the metric: rows with a price per
// GPU-hour under m.Model first, cheapest first (catalog order between
// equals), then the priced rows without one, in catalog order; rows with
// no price go to the appendix.
func reportOffersOf(m *compare.Data, x *render.Texter) *reportOffers {
	r := &reportOffers{Model: m.Model, Currency: m.Currency, Columns: []string{m.Model}}
	for _, model := range m.Models {
		switch {
		case model == m.Model:
		case slices.Contains(mainModels, model):
			r.Columns = append(r.Columns, model)
		default:
			r.Others = append(r.Others, model)
		}
	}
	cell := func(o *pricing.Offer, model string) *perGPUCell {
		v, ok := o.PerGPUHour(model)
		if !ok {
			return nil
		}
		return &perGPUCell{Text: render.FormatMoneyIn(v, m.Currency), Model: model, Kind: priceKind(o.Prices[model]), value: v}
	}
	for _, mr := range m.Rows {
		o := mr.Offer
		row := &reportRow{Row: mr, GPUs: gpusText(o, x), Region: regionText(o, x)}
		if len(o.Prices) == 0 {
			r.Appendix = append(r.Appendix, row)
			continue
		}
		row.Kind, row.Quoted = priceKind(o.Prices[m.Model]), mr.Dated
		for _, model := range r.Columns {
			row.Cells = append(row.Cells, cell(o, model))
		}
		for _, model := range r.Others {
			if c := cell(o, model); c != nil && (row.Other == nil || c.value < row.Other.value) {
				row.Other = c
			}
		}
		if c := row.Cells[0]; c != nil {
			row.value, row.known = c.value, true
		}
		if pr := o.Prices[m.Model]; pr != nil {
			row.Date = string(priceDate(pr.Point))
		}
		r.Rows = append(r.Rows, row)
	}
	slices.SortStableFunc(r.Rows, func(a, b *reportRow) int {
		if a.known != b.known {
			if a.known {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.value, b.value)
	})
	var last *reportRow
	for _, row := range r.Rows {
		o := row.Row.Offer
		if !row.known || row.Kind != "" || !o.Rankable() || o.GPU == nil || o.Instance.VGPUProfile != "" {
			continue
		}
		r.Ranked++
		row.Rank = r.Ranked
		if last != nil && last.value == row.value {
			row.Rank = last.Rank
		}
		last = row
	}
	return r
}

// chosen are the offers the summary names, and the price points behind
// the prices it shows (nil: every price of those offers): the answer per
// GPU class's, or the top offers of the recommendation.
func (d *reportData) chosen() ([]*pricing.Offer, map[*catalog.PricePoint]bool) {
	if d.Classes != nil {
		offers, points := d.Classes.Offers(), d.Classes.Points()
		for _, l := range d.Mainland {
			if !slices.Contains(offers, l.offer) {
				offers = append(offers, l.offer)
			}
			points[l.point] = true
		}
		return offers, points
	}
	var offers []*pricing.Offer
	for _, r := range d.Summary.Top {
		offers = append(offers, r.Offer)
	}
	return offers, nil
}

// reportSources gathers the sources of what the report shows: the specs
// and prices of offers, their providers and GPU models, the exchange
// rates of the matrix, and the scenario's. points, when not nil, keeps
// only the price points it holds, and only their sources and the rates':
// the answer per GPU class shows no specs.
func (k *Kind) reportSources(d *reportData, offers []*pricing.Offer, points map[*catalog.PricePoint]bool) *reportSources {
	s := &reportSources{Rates: d.Matrix.Rates, cite: k.matrix.Cite}
	byInstance := map[*catalog.Instance]*instanceSources{}
	seen := map[*catalog.PricePoint]bool{}
	providers := map[*catalog.Provider]bool{}
	gpus := map[*catalog.GPU]bool{}
	for _, o := range offers {
		is := byInstance[o.Instance]
		if is == nil {
			is = &instanceSources{Instance: o.Instance}
			byInstance[o.Instance] = is
			s.Instances = append(s.Instances, is)
		}
		for _, m := range pricing.Models {
			if pr := o.Prices[m]; pr != nil && !seen[pr.Point] && (points == nil || points[pr.Point]) {
				seen[pr.Point] = true
				is.Points = append(is.Points, &reportPoint{PricePoint: pr.Point, Date: pagemodel.NewDate(pr.Point.Since), Quoted: k.price(o.Instance, pr.Point)})
			}
		}
		providers[o.Provider] = true
		if o.GPU != nil {
			gpus[o.GPU] = true
		}
	}
	for _, p := range k.cat.Providers {
		if providers[p] {
			s.Providers = append(s.Providers, p)
		}
	}
	for _, g := range k.data.GPUs {
		if gpus[g] {
			s.GPUs = append(s.GPUs, g)
		}
	}

	s.refs = map[string]*compare.CitedSource{}
	urls := map[string]bool{}
	add := func(src string) {
		s.number(src)
		for _, c := range render.Cite(src) {
			for _, part := range c {
				if part.URL != "" {
					urls[part.URL] = true
				}
			}
		}
	}
	for _, is := range s.Instances {
		if points == nil {
			add(is.Instance.Source)
		}
		for _, pp := range is.Points {
			add(pp.Source)
		}
	}
	if points != nil { // the prices' sources alone, with no entries of their own
		s.Instances, s.Providers, s.GPUs = nil, nil, nil
	}
	for _, p := range s.Providers {
		srcs := []string{p.Source, p.Billing.Source, p.Certifications.Source}
		if p.MLPS != nil {
			srcs = append(srcs, p.MLPS.Source)
		}
		for _, src := range srcs {
			add(src)
		}
	}
	for _, g := range s.GPUs {
		add(g.Source)
	}
	for _, r := range s.Rates {
		add(r.Source)
	}
	if d.Scenario != nil {
		add(d.Scenario.Scenario.Source)
	}
	for u := range urls {
		s.URLs = append(s.URLs, u)
	}
	slices.Sort(s.URLs)
	for _, r := range d.Matrix.Rows {
		r.Ref = s.Ref(r.Source())
	}
	if d.Classes != nil {
		for _, row := range d.Classes.Rows {
			for _, c := range row.Cells {
				if c != nil && c.Point != nil {
					c.Ref = s.Ref(c.Point.Source)
				}
			}
		}
	}
	for _, l := range d.Mainland {
		l.Ref = s.Ref(l.point.Source)
	}
	return s
}

// mainlandLine is a GPU model of the report's mainland answer: the home
// page's mainland view's pay-as-you-go cell, and its numbered source.
type mainlandLine struct {
	GPU   *catalog.GPU
	Cell  *catalogpages.HomeCell
	Ref   *compare.CitedSource
	offer *pricing.Offer
	point *catalog.PricePoint
}

// reportMainland is the report's mainland answer in lang: in the Chinese
// report, whose buyers pay in yuan, the cheapest pay-as-you-go price per
// GPU-hour of each GPU model in mainland China (derive.Mainland, the home
// page's mainland view), before the answer per GPU class; nil in any
// other language.
func reportMainland(rows []*derive.MainlandRow, lang string, trust func(*catalog.PricePoint, string) *pagemodel.TrustView) []*mainlandLine {
	if len(rows) == 0 {
		return nil
	}
	view := catalogpages.HomeMainlandOf(rows, nil, lang, trust, pagemodel.ReportAnchor)
	if !view.First {
		return nil
	}
	var out []*mainlandLine
	for i, r := range rows {
		if c := r.Cells[0]; c != nil {
			out = append(out, &mainlandLine{GPU: r.GPU, Cell: view.Rows[i].Cells[0], offer: c.Offer, point: c.Price.Point})
		}
	}
	return out
}

// policyPlaceholder stands in the report's template for its policy until
// the blocks it allows are rendered; it must be the content of the first
// meta element of the file, before any catalog text.
const policyPlaceholder = "report-policy-placeholder"

// WithPolicy fills in the policy of a rendered page with inline blocks
// (the report, and the 404 page of a site without a URL): policy given
// the sha256 of every inline script (but JSON data blocks, which a
// browser does not run and a policy does not check) and of every style
// element, over their bytes as they stand in the file. It refuses a file
// whose inline blocks it cannot vouch for: a script or style that is not
// plain text the parser would read back unchanged, or a style attribute.
func WithPolicy(doc []byte, policy func(scripts, styles []string) string) ([]byte, error) {
	blocks, err := inlineBlocks(doc)
	if err != nil {
		return nil, err
	}
	var scripts, styles []string
	for _, bl := range blocks {
		if bl.data {
			continue
		}
		sum := sha256.Sum256(bl.body)
		h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if bl.tag == "script" {
			scripts = append(scripts, h)
		} else {
			styles = append(styles, h)
		}
	}
	pol := policy(scripts, styles)
	meta := []byte(`<meta http-equiv="Content-Security-Policy" content="` + policyPlaceholder + `">`)
	i := bytes.Index(doc, meta)
	if i < 0 || bytes.Contains(doc[:i], []byte("<meta http-equiv")) || bytes.Count(doc, []byte(policyPlaceholder)) != 1 {
		return nil, errors.New("policy: the template must hold one <meta http-equiv=\"Content-Security-Policy\" content=\"" + policyPlaceholder + "\"> in its head, before any other text")
	}
	out := make([]byte, 0, len(doc)+len(pol))
	out = append(out, doc[:i]...)
	if strings.ContainsAny(pol, "\"&<>") { // never: hashes are base64
		return nil, fmt.Errorf("policy: %q needs escaping", pol)
	}
	out = append(out, bytes.Replace(meta, []byte(policyPlaceholder), []byte(pol), 1)...)
	return append(out, doc[i+len(meta):]...), nil
}

// reportPolicy is the policy of a report whose inline scripts and styles
// have the hashes given: nothing else loads, runs or styles.
func reportPolicy(scripts, styles []string) string {
	list := func(hs []string) string {
		if len(hs) == 0 {
			return "'none'"
		}
		return strings.Join(hs, " ")
	}
	return "default-src 'none'; script-src " + list(scripts) + "; style-src " + list(styles) +
		"; img-src 'none'; font-src 'none'; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'"
}

// dataIcon reports whether a link element is an icon given as a data:
// URL, which makes no request.
func dataIcon(tok html.Token) bool {
	var rel, href string
	for _, a := range tok.Attr {
		switch a.Key {
		case "rel":
			rel = a.Val
		case "href":
			href = a.Val
		}
	}
	return rel == "icon" && strings.HasPrefix(href, "data:")
}

// inlineBlock is a script or style element of a document and its body.
type inlineBlock struct {
	tag  string // script or style
	data bool   // a script of type application/json: data, never run
	body []byte // the bytes between its tags, as they stand in the file
}

// inlineBlocks lists the script and style elements of doc, refusing what
// the report must not hold: a script with src, a style attribute, a
// stylesheet link, or a block whose body holds a NUL, a CR (the parser
// changes both, so the browser would hash other bytes), or text that
// would end it early or nest a comment ("</script", "<!--").
func inlineBlocks(doc []byte) ([]inlineBlock, error) {
	z := html.NewTokenizer(bytes.NewReader(doc))
	var out []inlineBlock
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if z.Err() == io.EOF {
				return out, nil
			}
			return nil, z.Err()
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			for _, a := range tok.Attr {
				if a.Key == "style" {
					return nil, fmt.Errorf("policy: <%s style=…>: the report allows no style attribute", tok.Data)
				}
			}
			if tok.Data == "link" && !dataIcon(tok) {
				return nil, errors.New("policy: <link>: the page inlines its stylesheets")
			}
			if tok.Data != "script" && tok.Data != "style" {
				continue
			}
			bl := inlineBlock{tag: tok.Data}
			for _, a := range tok.Attr {
				switch {
				case a.Key == "src":
					return nil, errors.New("policy: <script src>: the report inlines its scripts")
				case a.Key == "type" && tok.Data == "script":
					if a.Val != "application/json" {
						return nil, fmt.Errorf("policy: <script type=%q>: want a plain script or application/json", a.Val)
					}
					bl.data = true
				}
			}
			if z.Next() == html.TextToken {
				bl.body = bytes.Clone(z.Raw())
				z.Next()
			}
			if t := z.Token(); t.Type != html.EndTagToken || t.Data != bl.tag {
				return nil, fmt.Errorf("policy: a <%s> block does not end where it should", bl.tag)
			}
			lower := bytes.ToLower(bl.body)
			for _, bad := range []string{"\x00", "\r", "</" + bl.tag, "<!--"} {
				if bytes.Contains(lower, []byte(bad)) {
					return nil, fmt.Errorf("policy: a <%s> block holds %q", bl.tag, bad)
				}
			}
			out = append(out, bl)
		}
	}
}
