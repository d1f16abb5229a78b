package site

import (
	"cmp"
	"fmt"
	"gpucompare/generator/site/twins"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/chartmodel"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/feeds"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// newPage makes the frame of a page at path: its links, navigation and
// canonical URL.
func (b *builder) newPage(p, layout string) *pagemodel.Page {
	pg := &pagemodel.Page{Path: p, Layout: layout, Site: b.siteInfo}
	up := strings.Repeat("../", strings.Count(p, "/"))
	pg.Links = pagemodel.Linker{Prefix: up, Shared: up + strings.Repeat("../", strings.Count(b.ed.Dir, "/")), Pretty: b.opts.PrettyURLs}
	if !b.opts.Internal {
		pg.Feeds = feeds.Links(pg, b.base, b.tmpl.Msgs)
	}
	if layout == "404" && b.base != "" {
		pg.Links.Prefix, pg.Links.Shared = b.base, b.siteBase
	}
	if layout != "embed" { // the embed pages are the root edition's alone
		pg.Alternates = alternates(pg, b.eds, b.ed, b.siteBase, b.opts.PrettyURLs)
	}
	if b.base != "" && layout != "404" {
		pg.Canonical = b.base + pagemodel.Linker{Pretty: b.opts.PrettyURLs}.To(p)
		if pg.Canonical == b.base+"./" {
			pg.Canonical = b.base
		}
	}
	pg.Styles = pg.Rel("static/style.css")
	if twins.Has(p) {
		pg.Twin = "index.md"
	}
	if b.base != "" && cardLayouts[layout] {
		pg.Card = b.base + cardPath(p)
	}
	// the iframe of the embed page of each site-wide chart it shows
	// (the GPU list shows the home page's too)
	for _, e := range paths.Embeds {
		if b.base != "" && b.ed.root() && (e.Page == p || p == "gpus/index.html" && e.Kind == "price_by_gpu") {
			if pg.Embeds == nil {
				pg.Embeds = map[string]string{}
			}
			pg.Embeds[e.Kind] = b.base + strings.TrimSuffix(paths.Embed(e.Name), "index.html")
		}
	}
	switch layout {
	case "home", "compare", "gpus", "gpu", "provider", "instance", "benchmark", "guide", "scenario", "changes", "summary":
		pg.AgeScript = pg.Rel("static/age.js")
	}
	pg.Icon, pg.IconICO = pg.Rel("static/favicon.svg"), pg.Rel("static/favicon.ico")
	pg.HomeURL = pg.Rel("index.html")
	pg.SearchURL = pg.Rel(searchPath)
	if layout != "404" {
		pg.SearchIndex, pg.SearchScript = pg.Rel(searchIndexPath), pg.Rel("static/search.js")
		pg.SwitchScript = pg.Rel("static/switches.js")
		pg.QueryScript = pg.Rel("static/query.js")
	}
	for _, n := range []struct{ key, target string }{
		{"nav.compare", "compare/index.html"},
		{"nav.gpus", "gpus/index.html"},
		{"nav.providers", "providers/index.html"},
		{"nav.benchmarks", paths.Benchmarks},
		{"nav.guides", guidesPath},
		{"nav.scenarios", paths.Scenarios},
		{"nav.evaluation", paths.Evaluation},
		{"nav.changes", "changes/index.html"},
	} {
		if n.target == guidesPath && len(b.cat.Guides) == 0 {
			continue
		}
		if (n.target == paths.Scenarios && len(b.cat.Scenarios) == 0) || (n.target == paths.Evaluation && b.cat.Scoring == nil) {
			continue
		}
		section := strings.TrimSuffix(n.target, "index.html")
		pg.Nav = append(pg.Nav, pagemodel.NavLink{Key: n.key, URL: pg.Rel(n.target), Current: strings.HasPrefix(p, section)})
	}
	for _, c := range b.content {
		if c.Path == "methodology/index.html" {
			pg.Nav = append(pg.Nav, pagemodel.NavLink{Key: "nav.methodology", URL: pg.Rel(c.Path), Current: p == c.Path})
		}
	}
	return pg
}

// pages makes every page of the site, in a fixed order: the frame of each
// (path, title, links), and the model of the few whose model is made with
// the page; render makes the others' models, and every page's charts, as
// it renders the page (fill). rows are the sizes of the matrix's rows a
// Rebuilder kept (nil: none), which the matrix is split into pages by.
func (b *builder) pages(rows *rowSizes) ([]*pagemodel.Page, error) {
	cat := b.cat
	fresh, stale := b.cat.Site.Policy()
	ageMsgs, err := ageScriptMessages(b.tmpl.Msgs, b.ageDate, fresh, stale)
	if err != nil {
		return nil, err
	}
	listed, all := kinds.ListedPages(b.content)
	b.siteInfo = &pagemodel.SiteInfo{Title: cat.Site.Title, Tagline: cat.Site.Tagline, Lang: b.lang(), Pages: listed, AllPages: all, AgeMessages: ageMsgs, NoIndex: b.opts.Preview || b.opts.Internal, Internal: b.opts.Internal}
	b.siteInfo.ExpiredQuotes = expiredQuotes(cat, b.ageDate, b.lang())
	ck := catalogOf(b)

	var out []*pagemodel.Page
	add := func(p *pagemodel.Page) { out = append(out, p) }

	home := b.newPage("index.html", "home")
	home.TitleKey, home.DescKey = "home.title", "home.description"
	home.Script = home.Rel("static/home.js")
	home.Lazy(func() any { return ck.homeData(home) })
	add(home)
	add(b.summaryPage())

	mk := matrixOf(b)
	mk.sizes = rows
	mk.put = b.put // each data script of offers is written once made, none held
	matrix, err := mk.matrixPages()
	if err != nil {
		return nil, err
	}
	for i, c := range mk.gpuChunks {
		if err := b.put(gpuChunkPath(i+1), c); err != nil {
			return nil, err
		}
	}
	for _, p := range matrix {
		add(p)
	}

	for i, n := 0, gpusPages(len(cat.GPUs)); i < n; i++ {
		gpus := b.newPage(gpusPath(i+1), "gpus")
		gpus.TitleKey, gpus.DescKey = "gpus.title", "gpus.description"
		if i > 0 {
			title, err := b.tmpl.Msgs.T("gpus.title_page", i+1)
			if err != nil {
				return nil, err
			}
			gpus.TitleKey, gpus.Title = "", title
		}
		gpus.Lazy(func() any { return ck.gpusData(gpus, i, n) })
		add(gpus)
	}
	for _, g := range cat.GPUs {
		p := b.newPage(paths.GPU(g.ID), "gpu")
		p.Title, p.DescKey = g.Name, "gpu.description"
		p.Script = p.Rel("static/home.js")
		p.Lazy(func() any { return ck.gpuData(p, g) })
		add(p)
	}

	provs := b.newPage("providers/index.html", "providers")
	provs.TitleKey, provs.DescKey = "providers.title", "providers.description"
	provs.Lazy(func() any { return ck.providersData(provs) })
	add(provs)
	for _, pr := range cat.Providers {
		p := b.newPage(paths.Provider(pr.ID), "provider")
		p.Title, p.Description = b.text(pr, "name"), b.text(pr, "description")
		p.Script = p.Rel("static/home.js")
		p.Lazy(func() any { return ck.providerData(p, pr) })
		add(p)
		for _, in := range pr.Instances {
			p := b.newPage(paths.Instance(in), "instance")
			p.Title, p.DescKey = in.Name, "instance.description"
			p.Lazy(func() any { return ck.instanceData(p, in) })
			add(p)
		}
	}

	for _, p := range benchmarksOf(b).Pages() {
		add(p)
	}

	plan, err := scenariosOf(b).Pages()
	if err != nil {
		return nil, err
	}
	out = append(out, plan...)
	eval, err := evaluationOf(b).Page()
	if err != nil {
		return nil, err
	}
	if eval != nil {
		add(eval)
	}

	guides, err := guidesOf(b).guidePages()
	if err != nil {
		return nil, err
	}
	out = append(out, guides...)

	out = append(out, changesOf(b).Pages()...)
	if b.ed.root() {
		// The embed pages are the root edition's: the Chinese edition's
		// would show the catalog's English names again in more pages.
		out = append(out, kinds.NewEmbeds(b.newPage, nil).Pages()...)
	}

	for _, c := range b.content {
		p := b.newPage(c.Path, "page")
		p.Title, p.Description = c.Title, c.Description
		p.Data = c
		add(p)
	}
	if p := kinds.PagesIndex(b.content, b.newPage); p != nil {
		add(p)
	}

	search, err := b.searchPage(out)
	if err != nil {
		return nil, err
	}
	add(search)

	add(kinds.NotFound(b.newPage, b.inline404))

	seen := map[string]*pagemodel.Page{}
	for _, p := range out {
		if prev, ok := seen[p.Path]; ok {
			if c, ok := p.Data.(*content.ContentPage); ok {
				return nil, fmt.Errorf("%s: its page %s is taken by the %s page", c.File, p.Path, prev.Layout)
			}
			return nil, fmt.Errorf("%s: two pages, %s and %s", p.Path, prev.Layout, p.Layout)
		}
		seen[p.Path] = p
	}
	return out, nil
}

// priceView is a price point as pages show it. It holds the point's fields
// rather than embedding the point: templates read them row by row, and a
// field promoted through an embedded pointer costs a search of the type.
type priceView struct {
	PricePoint *catalog.PricePoint

	Instance, Region, Model, Provider             string
	Amount, Upfront, EffectiveHourly, DiscountPct *float64
	Payment                                       string
	PerGPU, Approximate                           bool
	RegionUnstated                                bool // the source names no region
	Since                                         catalog.Date
	AsOf, Source, Note                            string
	NotCharted                                    string // why the point is not on the page's history chart, as a message key; "" when it is
	// Display strings, made once so a table cell reads a field: the amount
	// as quoted (money), and the price per GPU-hour as quoted or computed.
	AmountText, PerGPUText string

	Currency   string   // the point's currency, else its provider's
	Unit       string   // what the amount is per: hour, month or year
	PerGPUHour *float64 // effective price per GPU-hour (pricing.EffectiveHourly ÷ GPUs)
	// PerGPUQuoted says PerGPUHour is a figure the source quotes, not one
	// computed: the hourly amount of a one-GPU instance, or a per-GPU quote.
	// Pages write it as quoted, the same digits as the amount.
	PerGPUQuoted bool
	RegionName   string // the region's name; empty for "all" or an unknown region
	Date         *pagemodel.DateView
	SourceRef    int                  // the number of its source among the page's notes; 0 when none
	Trust        *pagemodel.TrustView // its age and the kind of its source
}

func (b *builder) price(in *catalog.Instance, pp *catalog.PricePoint) *priceView {
	if pp == nil {
		return nil
	}
	v := &priceView{
		PricePoint: pp, Instance: pp.Instance, Region: pp.Region, Model: pp.Model, Provider: pp.Provider,
		Amount: pp.Amount, Upfront: pp.Upfront, EffectiveHourly: pp.EffectiveHourly, DiscountPct: pp.DiscountPct,
		Payment: pp.Payment, PerGPU: pp.PerGPU, Approximate: pp.Approximate, RegionUnstated: pp.RegionUnstated, Since: pp.Since,
		AsOf: pp.AsOf, Source: pp.Source, Note: pp.Note,
		Currency: cmp.Or(pp.Currency, in.Provider.Currency), Unit: "hour",
	}
	switch pp.Model {
	case "subscription_month":
		v.Unit = "month"
	case "subscription_year":
		v.Unit = "year"
	}
	if r := in.Provider.Region(pp.Region); r != nil {
		v.RegionName = cmp.Or(r.Name, r.ID)
	}
	if per, quoted, ok := perGPUHour(in, pp); ok {
		v.PerGPUQuoted = quoted
		if quoted {
			v.PerGPUHour = quotedHourly(pp) // the point's own figure
		} else {
			v.PerGPUHour = &per
		}
	}
	v.Date = pagemodel.NewDate(pp.Since)
	v.Trust = b.trust(pp, pp.SourceKind)
	if pp.Amount != nil {
		v.AmountText = render.FormatMoney(pp.Amount)
	}
	switch {
	case v.PerGPUHour == nil:
	case v.PerGPUQuoted:
		v.PerGPUText = render.FormatMoney(v.PerGPUHour)
	default:
		v.PerGPUText = render.FormatDerived(v.PerGPUHour)
	}
	return v
}

// perGPUHour is the effective price of an instance per GPU-hour under
// pp, as its priceView holds it: quoted says it is a figure the source
// quotes (a per-GPU quote, or the hourly amount of a one-GPU instance)
// rather than one computed; ok is false when it cannot be derived.
func perGPUHour(in *catalog.Instance, pp *catalog.PricePoint) (per float64, quoted, ok bool) {
	h, ok := pricing.EffectiveHourly(pp, in.GPUCount, nil)
	if !ok || in.GPUCount <= 0 {
		return 0, false, false
	}
	if q := quotedHourly(pp); q != nil && (pp.PerGPU || in.GPUCount == 1) {
		return *q, true, true
	}
	return h.Amount / float64(in.GPUCount), false, true
}

// quotedHourly is the hourly figure a point quotes as it stands — its
// effective rate, or an hourly amount with nothing upfront — or nil when
// its hourly price has to be computed.
func quotedHourly(pp *catalog.PricePoint) *float64 {
	switch {
	case pp.EffectiveHourly != nil:
		return pp.EffectiveHourly
	case pp.Model == "subscription_month" || pp.Model == "subscription_year":
		return nil // per month or year: the hourly figure is computed
	case pp.Upfront != nil && *pp.Upfront > 0 && pricing.TermHours(pp.Model) > 0:
		return nil // upfront spread over the term
	case pp.Amount != nil:
		return pp.Amount
	}
	return nil
}

// homeData is the model of the home page.
type homeData struct {
	// Prices is the answer the page opens with: the cheapest price per
	// GPU-hour of each main GPU model (homePriceTable).
	Prices *homePrices
	// Mainland is the cheapest price per GPU-hour of each GPU model in
	// mainland China, in yuan; MainlandFirst says it opens the page (the
	// Chinese edition) rather than standing one tab from Prices.
	Mainland                                        *homeMainland
	MainlandFirst                                   bool
	Providers, GPUs, Instances, Offers, PricePoints int
	Guides                                          []*guideSummary
	Pages                                           []pagemodel.Link
	Plan                                            *kinds.PlanLinks // nil when the catalog has no scenario and no scoring
}

// catalogKind is the page kind of the catalog's own records: the home
// page, the GPU list and each GPU, the providers and each provider, each
// instance type. It is a function of the edition's catalog, its derived
// data, the content pages it lists and the day prices' ages count to, with trust
// and price the views of a price, changeRows the rows of price changes
// and the kinds whose parts its pages show.
type catalogKind struct {
	cat        *catalog.Catalog
	data       *derive.Data
	listed     []*content.ContentPage // the content pages every page lists (kinds.ListedPages)
	ageDate    time.Time
	trust      func(pp *catalog.PricePoint, kind string) *pagemodel.TrustView
	price      func(in *catalog.Instance, pp *catalog.PricePoint) *priceView
	changeRows func(p *pagemodel.Page, changes []*feed.Change) []*kinds.ChangeRow
	msgs       render.Messages // word the previews of shared links (share.go)

	// The kinds whose parts these pages show: the plans and guides of the
	// home page, the benchmark figures of GPU and instance pages.
	scenarios  *kinds.Scenarios
	guides     *guideKind
	benchmarks *kinds.Benchmarks
	// figures are the charts its pages share (chartKinds); nil shares none.
	figures *chartmodel.Shared
	// why says, by GPU id, why a stale or undated on-demand price answers
	// for the GPU (homeCell.Why and Months), as the home table words it;
	// made once, on first use (whyOnce).
	why     map[string]*homeCell
	whyOnce sync.Once
}

// whyOf is the home table's on-demand cell of a GPU when a stale or
// undated price answers in it for want of a current one; nil otherwise.
func (k *catalogKind) whyOf(gpu string) *homeCell {
	k.whyOnce.Do(func() {
		k.why = map[string]*homeCell{}
		t := homePriceTable(k.data.Priced, k.data.GPUs, k.cat.Site.Currency, "", k.lang(), -1, k.ageDate, k.trust, func(s string) string { return s })
		for _, r := range t.Rows {
			if c := r.Cells[0]; c != nil && c.Why != "" {
				k.why[r.GPU.ID] = c
			}
		}
	})
	return k.why[gpu]
}

// catalogOf is the catalog's page kind of the edition b builds.
func catalogOf(b *builder) *catalogKind {
	var listed []*content.ContentPage
	if b.siteInfo != nil {
		listed = b.siteInfo.Pages
	}
	return &catalogKind{cat: b.cat, data: b.Data, listed: listed, ageDate: b.ageDate, trust: b.trust, price: b.price, changeRows: changesOf(b).Rows, msgs: b.tmpl.Msgs,
		scenarios: scenariosOf(b), guides: guidesOf(b), benchmarks: benchmarksOf(b)}
}

// lang is the edition's language.
func (k *catalogKind) lang() string { return cmp.Or(k.cat.Site.Language, catalog.BaseLanguage) }

// text is the text of the field key of the catalog record rec in the
// edition's language (catalog.Text).
func (k *catalogKind) text(rec any, key string) string { return pagemodel.CatalogText(k.cat, rec, key) }

func (k *catalogKind) homeData(p *pagemodel.Page) *homeData {
	d := &homeData{Providers: len(k.cat.Providers), GPUs: len(k.cat.GPUs), PricePoints: len(k.cat.Prices)}
	for _, pr := range k.cat.Providers {
		d.Instances += len(pr.Instances)
	}
	for _, o := range k.data.Priced {
		if o.Region != "" {
			d.Offers++
		}
	}
	oldBefore := ""
	if !k.ageDate.IsZero() {
		oldBefore = strconv.Itoa(k.ageDate.Year() - homeYears)
	}
	d.Prices = homePriceTable(k.data.Priced, k.data.GPUs, k.cat.Site.Currency, oldBefore, k.lang(), homeRows, k.ageDate, k.trust, p.Rel)
	p.Share = homeShare(k.msgs, d.Prices, k.cat)
	if len(k.data.Mainland) > 0 {
		count := map[string]int{}
		for _, o := range k.data.Priced {
			count[o.Instance.GPU]++
		}
		d.Mainland = homeMainlandOf(k.data.Mainland, count, k.lang(), k.trust, p.Rel)
		d.MainlandFirst = strings.HasPrefix(k.lang(), "zh")
	}
	d.Plan = k.scenarios.PlanLinks(p)
	d.Guides = k.guides.guideSummaries(p)
	for _, c := range k.listed {
		d.Pages = append(d.Pages, pagemodel.Link{Title: c.Title, Description: c.Description, URL: p.Rel(c.Path)})
	}
	return d
}

func boolInt(v bool) int {
	if v {
		return 1
	}
	return 0
}

// gpusData is the model of the GPU matrix: dense and sparse figures in
// separate column groups, with only the precisions some GPU has. The GPUs
// the catalog knows by name only, with no figure in any column (Bare),
// come after the others, each in one line instead of a row of dashes.
type gpusData struct {
	Dense, Sparse []precisionHead
	Rows          []*gpuRow
	Bare          []*gpuRow
	Cheapest      *cheapestTable
	Exports       *exportLinks // gpus/gpus.csv and .json
	// Pager links the pages of a list of more than maxGPURows models
	// (gpusPath); nil when it is one page. First and Last number the
	// page's models, from 1, of Total.
	Pager              []pageLink
	First, Last, Total int
}

// Count is the number of GPU models in the matrix.
func (d *gpusData) Count() int { return len(d.Rows) + len(d.Bare) }

// PageSize is the most GPU models a page of the list holds.
func (d *gpusData) PageSize() int { return maxGPURows }

// SpecColumns is the number of columns between a GPU's vendor and its
// instance count: what a bare row's one cell spans.
func (d *gpusData) SpecColumns() int { return len(matrixSpecKeys) - 1 + len(d.Dense) + len(d.Sparse) }

// matrixSpecKeys are the spec sheet rows (specKeys) the GPU matrix has
// columns for; "throughput" stands for its dense and sparse columns.
var matrixSpecKeys = []string{"released", "architecture", "memory", "bandwidth", "throughput", "tdp", "interconnect"}

// precisionHead is a precision as a column heading: its label and unit,
// without the func of catalog.Precision, so that the page model has a
// fingerprint (fingerprint.go).
type precisionHead struct{ Label, Unit string }

type gpuRow struct {
	GPU           *catalog.GPU
	URL           string
	Dense, Sparse []*float64 // aligned with gpusData.Dense and .Sparse
	Instances     int
	// From is its cheapest ranked on-demand offer per GPU-hour (the
	// cheapest table's cell), nil when it has none.
	From *cheapestCell
}

// gpusData is the model of page page (from 0) of the pages pages of the
// GPU list.
func (k *catalogKind) gpusData(p *pagemodel.Page, page, pages int) *gpusData {
	gpus, offers := k.data.GPUs, k.data.Priced
	d := &gpusData{Exports: &exportLinks{"gpus.exports", p.Rel(paths.GPUsCSV), p.Rel(paths.GPUsJSON)}}
	if pages > 1 {
		gpus, offers = k.gpusPage(page)
		d.First, d.Last, d.Total = page*maxGPURows+1, page*maxGPURows+len(gpus), len(k.data.GPUs)
		for j := range pages {
			d.Pager = append(d.Pager, pageLink{Label: strconv.Itoa(j + 1), URL: p.Rel(gpusPath(j + 1)), Current: j == page})
		}
	}
	d.Cheapest = k.cheapest(p, offers)
	has := func(sparse bool, pr catalog.Precision) bool {
		for _, g := range k.cat.GPUs {
			t := g.Dense
			if sparse {
				t = g.Sparse
			}
			if pr.Of(t) != nil {
				return true
			}
		}
		return false
	}
	var dense, sparse []catalog.Precision
	for _, pr := range catalog.Precisions {
		if has(false, pr) {
			dense = append(dense, pr)
			d.Dense = append(d.Dense, precisionHead{pr.Label, pr.Unit})
		}
		if has(true, pr) {
			sparse = append(sparse, pr)
			d.Sparse = append(d.Sparse, precisionHead{pr.Label, pr.Unit})
		}
	}
	count := map[string]int{}
	for _, pr := range k.cat.Providers {
		for _, in := range pr.Instances {
			count[in.GPU]++
		}
	}
	from := map[string]*cheapestCell{}
	if i := slices.Index(d.Cheapest.Models, "on_demand"); i >= 0 {
		for _, r := range d.Cheapest.Rows {
			from[r.ID] = r.Cells[i]
		}
	}
	for _, g := range gpus {
		r := &gpuRow{GPU: g, URL: p.Rel(paths.GPU(g.ID)), Instances: count[g.ID], From: from[g.ID]}
		for _, pr := range dense {
			r.Dense = append(r.Dense, pr.Of(g.Dense))
		}
		for _, pr := range sparse {
			r.Sparse = append(r.Sparse, pr.Of(g.Sparse))
		}
		if slices.ContainsFunc(matrixSpecKeys, func(k string) bool { return gpuKnows(g, k) }) {
			d.Rows = append(d.Rows, r)
		} else {
			d.Bare = append(d.Bare, r)
		}
	}
	return d
}

// gpuData is the model of a GPU's page.
type gpuData struct {
	GPU      *catalog.GPU
	Released *pagemodel.DateView
	Year     string // release year for the lead; "" when unknown
	// Known holds the spec sheet rows the catalog gives a figure for, by
	// key; Unknown the keys of the others, in page order, which the page
	// lists in one line instead of a row of dashes each (specKeys).
	Known   map[string]bool
	Unknown []string
	// ProviderNames are the providers selling an instance type with this
	// GPU, in catalog order.
	ProviderNames []string
	Figures       []figure
	Instances     instanceList
	// Offers counts its priced offers, which CompareURL shows in the
	// instance matrix.
	Offers     int
	CompareURL string
	Benchmarks []*kinds.BenchResult // the benchmark results run on it
	Trials     []*kinds.TrialRow    // the teams' own trials on its instance types
	// Answer is the cheapest whole on-demand price per GPU-hour of the
	// GPU, by the home table's rule (homePriceTable): a line for each
	// different answer under the states of the switches, the default's
	// first, which static/home.js shows as the URL's switches choose;
	// nil when the GPU has no such price.
	Answer   []*homeLine
	Currency string
}

// figure is one precision of a GPU, dense and sparse side by side.
type figure struct {
	Label, Unit   string
	Dense, Sparse *float64
}

// instanceList is a table of instance types; the page it is on says
// which of provider and GPU go without saying.
type instanceList struct {
	ShowProvider, ShowGPU bool
	Rows                  []*instanceRow
	// Currency is the site's: the list compares and shows prices in it.
	Currency string
	// Rates are the rates its prices were converted at, one per currency.
	Rates []render.FxNote
	// Switches says the page has the switches of its answer
	// (static/home.js): each row names the states its price answers under
	// (instanceRow.Under).
	Switches bool
	// More counts the rows past maxListRows that the list leaves out
	// (cut), which MoreURL, the matrix filtered to the same offers,
	// lists.
	More    int
	MoreURL string
}

// maxListRows is the most instance types a list shows: a GPU or a provider
// with thousands of them lists the first in instanceList.sort's order and
// links the matrix for the rest, so that its page stays under 2 MB.
const maxListRows = 200

// Count is how many instance types the list holds, listed or not.
func (l *instanceList) Count() int { return len(l.Rows) + l.More }

// cut keeps the first maxListRows rows and links the rest at moreURL.
func (l *instanceList) cut(moreURL string) {
	if len(l.Rows) > maxListRows {
		l.More, l.MoreURL = len(l.Rows)-maxListRows, moreURL
		l.Rows = l.Rows[:maxListRows]
	}
}

// add appends the row of an instance type, and the rate its price was
// converted at to the list's rates.
func (l *instanceList) add(r *instanceRow) {
	l.Rows = append(l.Rows, r)
	if r.Conversion != nil {
		n := render.NoteOf(r.Conversion.From, r.Conversion.Rate)
		if !slices.ContainsFunc(l.Rates, func(o render.FxNote) bool { return o.From == n.From }) {
			l.Rates = append(l.Rates, n)
		}
	}
}

// sort puts the rows in the order a buyer reads them: the types one can
// price first, and of those the ones worth buying first — the current
// generation before the previous one (still listed, but being retired),
// a whole price before one that is only part of the cost (a GPU without
// its VM reads cheap and is not), an on-demand price before another
// model's, a price that answers (current, of a provider a team can
// contract, from the provider or a price catalog) before one that does
// not, and an offer its provider no longer lists last — then the
// lowest price per GPU-hour in the site currency first, a price that does
// not convert after those that do. Ties keep the catalog's order. Price
// alone would put an old T4 above every current H100 on a provider's page;
// generation alone would hide the cheapest choice under dearer ones.
//
// A list with the switches of its page's answer (Switches) gives each row
// its place under each state of them (instanceRow.Order), the same order
// with "answers" as the state has it (pricing.Price.Answers), for
// static/home.js to put the rows in when the reader turns a switch.
func (l *instanceList) sort() {
	slices.SortStableFunc(l.Rows, byBuyer)
	if !l.Switches {
		return
	}
	places := make([][len(homeIncludes)]int, len(l.Rows))
	at := make(map[*instanceRow]int, len(l.Rows))
	for i, r := range l.Rows {
		at[r] = i
	}
	for m := range homeIncludes {
		state := strconv.Itoa(m)
		under := func(r *instanceRow) bool {
			return r.From != nil && slices.Contains(strings.Fields(r.Under), state)
		}
		order := slices.Clone(l.Rows)
		slices.SortStableFunc(order, func(a, b *instanceRow) int { return byBuyerWith(a, b, under) })
		for place, r := range order {
			places[at[r]][m] = place
		}
	}
	for i, r := range l.Rows {
		var words []string
		for _, place := range places[i] {
			words = append(words, strconv.Itoa(place))
		}
		r.Order = strings.Join(words, " ")
	}
}

// byBuyer compares two instance rows in instanceList.sort's order.
func byBuyer(a, b *instanceRow) int {
	return byBuyerWith(a, b, func(r *instanceRow) bool { return r.From != nil && r.Answers })
}

// byBuyerWith is byBuyer with ranked telling the rows whose price answers.
func byBuyerWith(a, b *instanceRow, ranked func(*instanceRow) bool) int {
	priced := func(r *instanceRow) bool { return r.From != nil && r.From.PerGPUHour != nil }
	superseded := func(r *instanceRow) bool { return r.From != nil && r.From.Trust != nil && r.From.Trust.LastSeen != "" }
	first := func(x, y bool) int { // x before not x
		switch {
		case x == y:
			return 0
		case x:
			return -1
		}
		return 1
	}
	if c := cmp.Or(
		first(priced(a), priced(b)),
		first(!a.Instance.PreviousGen, !b.Instance.PreviousGen),
		first(!a.Partial, !b.Partial),
		first(!a.Other, !b.Other),
		first(ranked(a), ranked(b)),
		first(!superseded(a), !superseded(b)),
		first(a.Display != nil, b.Display != nil),
	); c != 0 || a.Display == nil {
		return c
	}
	return cmp.Compare(*a.Display, *b.Display)
}

// instanceRow is an instance type in a list, with its lowest latest
// on-demand price per GPU-hour — or, when it has none, its lowest under
// another pricing model, which the list names.
type instanceRow struct {
	Provider    *catalog.Provider
	ProviderURL string
	Instance    *catalog.Instance
	URL         string
	GPU         *catalog.GPU
	GPUURL      string
	// From is the lowest on-demand price per GPU-hour; when there is none,
	// the lowest under any other model (its Model names it, and Other is
	// set); nil when the instance type has no price per GPU-hour at all.
	From  *priceView
	Other bool
	// Display is From per GPU-hour in the site currency, the figure the
	// list shows and compares; Conversion is the rate it was converted at,
	// nil when From is quoted in the site currency.
	Display    *float64
	Conversion *pricing.Conversion
	// NotPublic says the catalog states the price is not public (and
	// holds no price): the list says so rather than "no on-demand price".
	NotPublic bool
	// Partial says its prices are only part of the cost (a GPU without its
	// VM): the list marks the price so that no one reads it as whole.
	Partial bool
	// Answers says From may answer by default (pricing.Price.Ranked):
	// current, from a provider or a price catalog, not a marketplace's,
	// still listed. Marketplace says its provider is a marketplace: the
	// list marks it.
	Answers     bool
	Marketplace bool
	// Why and Months say why From, a stale or undated on-demand price,
	// answers: no on-demand price of the GPU is current (homeCell.Why);
	// "" for any other price.
	Why    string
	Months int
	// Under are the masks of the states of the switches (homeIncludes)
	// under which From answers, space-separated ("1 3"): static/home.js
	// marks the row as one that does not answer under the others.
	Under string
	// Order is the row's place in the list under each state of the
	// switches, by its mask, space-separated ("0 2 0 2"), in a list with
	// switches (instanceList.sort); "" in another.
	Order string
}

func (k *catalogKind) instanceRow(p *pagemodel.Page, in *catalog.Instance) *instanceRow {
	r := &instanceRow{Provider: in.Provider, ProviderURL: p.Rel(paths.Provider(in.Provider.ID)), Instance: in, URL: p.Rel(paths.Instance(in)),
		Partial: in.PriceIncomplete != ""}
	if g := k.cat.GPU(in.GPU); g != nil {
		r.GPU, r.GPUURL = g, p.Rel(paths.GPU(g.ID))
	}
	from := k.lowestPerGPU(in, func(model string) bool { return model == "on_demand" })
	if from == nil {
		from = k.lowestPerGPU(in, func(string) bool { return true })
		r.Other = from != nil
	}
	if from != nil {
		r.From = k.price(in, from.Point)
		r.Answers, r.Marketplace = from.Ranked(), from.Marketplace
		var under []string
		for m, inc := range homeIncludes {
			if from.Answers(inc) {
				under = append(under, strconv.Itoa(m))
			}
		}
		r.Under = strings.Join(under, " ")
		if c := k.whyOf(in.GPU); c != nil && from.Fallback && !r.Other {
			r.Why, r.Months = c.Why, c.Months
		}
	}
	if r.From != nil && r.From.PerGPUHour != nil {
		if c, ok := pricing.Rates(k.cat.FX).Convert(r.From.Currency, k.cat.Site.Currency); ok {
			d := c.Apply(*r.From.PerGPUHour)
			r.Display = &d
			if c.From != c.To {
				r.Conversion = &c
			}
		}
	}
	priced := false
	for _, o := range k.data.OffersOf[in] {
		priced = priced || len(o.Prices) > 0
	}
	r.NotPublic = in.PriceNotPublic != "" && !priced
	return r
}

// lowestPerGPU is the latest price of an instance type with the
// lowest price per GPU-hour, compared in the site currency (prices quoted
// in another are converted at the catalog's rate, pricing.Rates), among
// the pricing models keep accepts; nil when none has a price per
// GPU-hour. A price rankings use (pricing.Price.Ranked) wins over an
// article's figure or an estimate, however low; a price that converts wins
// over one that does not; of equal prices the first, in offer and
// pricing.Models order, stays.
func (k *catalogKind) lowestPerGPU(in *catalog.Instance, keep func(model string) bool) *pricing.Price {
	rates, display := pricing.Rates(k.cat.FX), k.cat.Site.Currency
	var from *pricing.Price
	least, ranked, converts := 0.0, false, false
	for _, o := range k.data.OffersOf[in] {
		for _, model := range pricing.Models {
			pr := o.Prices[model]
			if pr == nil || !keep(model) {
				continue
			}
			per, _, ok := perGPUHour(in, pr.Point)
			if !ok {
				continue
			}
			c, conv := rates.Convert(cmp.Or(pr.Point.Currency, in.Provider.Currency), display)
			if conv {
				per = c.Apply(per)
			}
			better := pr.Ranked() != ranked && pr.Ranked() ||
				pr.Ranked() == ranked && (conv != converts && conv || conv == converts && per < least)
			if from == nil || better {
				from, least, ranked, converts = pr, per, pr.Ranked(), conv
			}
		}
	}
	return from
}

func (k *catalogKind) gpuData(p *pagemodel.Page, g *catalog.GPU) *gpuData {
	d := &gpuData{GPU: g, Released: pagemodel.NewDate(g.Released)}
	if g.Released.Known() {
		d.Year = string(g.Released)[:4]
	}
	for _, pr := range catalog.Precisions {
		f := figure{Label: pr.Label, Unit: pr.Unit, Dense: pr.Of(g.Dense), Sparse: pr.Of(g.Sparse)}
		if f.Dense != nil || f.Sparse != nil {
			d.Figures = append(d.Figures, f)
		}
	}
	d.Known = map[string]bool{}
	for _, k := range specKeys {
		if gpuKnows(g, k) {
			d.Known[k] = true
		} else {
			d.Unknown = append(d.Unknown, k)
		}
	}
	d.Instances.ShowProvider, d.Instances.Currency, d.Instances.Switches = true, k.cat.Site.Currency, true
	for _, in := range k.cat.InstancesOfGPU(g.ID) {
		d.Instances.add(k.instanceRow(p, in))
		if !slices.Contains(d.ProviderNames, in.Provider.Name) {
			d.ProviderNames = append(d.ProviderNames, in.Provider.Name)
		}
	}
	d.Instances.sort()
	var mine []*pricing.Offer
	for _, o := range k.data.Priced {
		if o.Instance.GPU == g.ID {
			d.Offers++
			mine = append(mine, o)
		}
	}
	d.Currency = k.cat.Site.Currency
	if t := homePriceTable(mine, []*catalog.GPU{g}, d.Currency, "", k.lang(), -1, k.ageDate, k.trust, p.Rel); len(t.Rows) == 1 {
		if l := t.Rows[0].Lines[0]; l[0].Cell != nil || len(l) > 1 {
			d.Answer = l
		}
		p.Share = gpuShare(k.msgs, k.text(g, "name"), t.Rows[0].Cells[0])
	}
	d.CompareURL = p.Rel(matrixPath(1)) + "#" + url.Values{"gpu": {g.ID}}.Encode()
	d.Instances.cut(d.CompareURL)
	d.Benchmarks = k.benchmarks.GPUBenchmarks(p, g)
	d.Trials = k.benchmarks.GPUTrials(p, g)
	return d
}

// specKeys are the rows of a GPU's spec sheet that hold figures, in the
// order its page shows them; "throughput" stands for the table of peak
// figures. Their labels are the messages gpu.term.<key>.
var specKeys = []string{"architecture", "released", "memory", "memory_type", "bandwidth", "tdp", "interconnect", "interconnect_bw", "pcie", "throughput"}

// gpuKnows reports whether the catalog gives g a figure for the spec
// sheet row key; "throughput" is known when any peak figure is.
func gpuKnows(g *catalog.GPU, key string) bool {
	switch key {
	case "architecture":
		return g.Architecture != ""
	case "released":
		return g.Released.Known()
	case "memory":
		return g.MemoryGB != nil
	case "memory_type":
		return g.MemoryType != ""
	case "bandwidth":
		return g.BandwidthGBs != nil
	case "tdp":
		return g.TDPWatts != nil
	case "interconnect":
		return g.Interconnect.Name != ""
	case "interconnect_bw":
		return g.Interconnect.BidirGBs != nil
	case "pcie":
		return g.PCIeGen != nil
	case "throughput":
		for _, pr := range catalog.Precisions {
			if pr.Of(g.Dense) != nil || pr.Of(g.Sparse) != nil {
				return true
			}
		}
	}
	return false
}

// providerRow is a provider in the providers index.
type providerRow struct {
	Provider   *catalog.Provider
	URL        string
	Regions    int  // regions the catalog names; 0 is unknown unless AllRegions
	AllRegions bool // no region named, and instance types sold in "all"
	Instances  int
}

// providersIndex is the model of the providers index: its first
// maxProviderRows providers in catalog order, and how many more the search
// box finds (SearchURL), so that its page stays under 2 MB.
type providersIndex struct {
	Rows      []*providerRow
	More      int
	SearchURL string
}

// maxProviderRows is the most providers the providers index lists.
const maxProviderRows = 1000

// Count is how many providers the catalog holds, listed or not.
func (x *providersIndex) Count() int { return len(x.Rows) + x.More }

func (k *catalogKind) providersData(p *pagemodel.Page) *providersIndex {
	x := &providersIndex{SearchURL: p.Rel(searchPath)}
	for i, pr := range k.cat.Providers {
		if i >= maxProviderRows {
			x.More++
			continue
		}
		x.Rows = append(x.Rows, &providerRow{Provider: pr, URL: p.Rel(paths.Provider(pr.ID)), Regions: len(pr.Regions), AllRegions: soldEverywhere(pr), Instances: len(pr.Instances)})
	}
	return x
}

// soldEverywhere reports whether a provider names no region but sells an
// instance type in "all" of its regions: its regions are not listed, yet
// not unknown either.
func soldEverywhere(pr *catalog.Provider) bool {
	if len(pr.Regions) > 0 {
		return false
	}
	for _, in := range pr.Instances {
		if slices.Contains(in.Regions, catalog.AllRegions) {
			return true
		}
	}
	return false
}

// providerData is the model of a provider's page.
type providerData struct {
	Provider   *catalog.Provider
	Features   []feature
	Known      map[string]bool // terms the catalog says anything of, by key
	Unknown    []string        // keys of the terms it says nothing of, in table order
	Notes      string          // the provider's notes, unless a term shows the same text
	AllRegions bool
	Instances  instanceList
	// Regions are the provider's first maxRegionRows regions in catalog
	// order; MoreRegions counts the rest, each of which the matrix
	// filtered to the provider (MoreRegionsURL) and its region lists.
	Regions        []*catalog.Region
	MoreRegions    int
	MoreRegionsURL string
}

// maxRegionRows is the most regions a provider page lists, and the most
// regions an instance type's price history shows under one pricing model:
// a provider of thousands of regions keeps its page under 2 MB. The search
// entry of a region past them links the matrix filtered to it
// (regionURL).
const maxRegionRows = 500

// regionURL is where a provider's i-th region is listed: its row on the
// provider page, or the matrix filtered to the provider and the region
// when the page leaves it out. The path is relative to the site's root.
func regionURL(pr *catalog.Provider, i int) (path, frag string) {
	if i < maxRegionRows {
		return paths.Provider(pr.ID), "region-" + pr.Regions[i].ID
	}
	return matrixPath(1), url.Values{"provider": {pr.ID}, "region": {pr.Regions[i].ID}}.Encode()
}

// feature is a yes/no capability with its message key.
type feature struct {
	Key   string
	Value *bool
}

func (k *catalogKind) providerData(p *pagemodel.Page, pr *catalog.Provider) *providerData {
	f := pr.Features
	d := &providerData{Provider: pr, Features: []feature{
		{"rdma", f.RDMA}, {"gpudirect", f.GPUDirect}, {"physical_isolation", f.PhysicalIsolation},
		{"hardware_encryption", f.HardwareEncryption}, {"dl_images", f.DLImages}, {"k8s_device_plugin", f.K8sDevicePlugin},
	}}
	anyFeature := f.Source != ""
	for _, x := range d.Features {
		anyFeature = anyFeature || x.Value != nil
	}
	d.Known = map[string]bool{}
	for _, t := range []struct {
		key   string
		known bool
	}{
		{"billing", pr.Billing.Granularity != "" || pr.Billing.MinimumSeconds != nil || pr.Billing.Note != "" || pr.Billing.Source != ""},
		{"spot", pr.Spot.Available != nil || pr.Spot.Name != "" || pr.Spot.NoticeSeconds != nil || pr.Spot.Note != "" || pr.Spot.Source != ""},
		{"egress", pr.Egress.Price != nil || pr.Egress.Note != "" || pr.Egress.Source != ""},
		{"storage", pr.Storage.Price != nil || pr.Storage.Note != "" || pr.Storage.Source != ""},
		{"sla", pr.SLA.Percent != nil || pr.SLA.Note != "" || pr.SLA.Source != ""},
		{"certifications", len(pr.Certifications.List) > 0 || pr.Certifications.Source != ""},
		{"features", anyFeature},
		{"isolation", len(pr.Isolation) > 0 || pr.IsolationSrc != ""},
	} {
		if t.known {
			d.Known[t.key] = true
		} else {
			d.Unknown = append(d.Unknown, t.key)
		}
	}
	d.Notes = pr.Notes
	for _, n := range []string{pr.Billing.Note, pr.Spot.Note, pr.Egress.Note, pr.Storage.Note, pr.SLA.Note} {
		if strings.TrimSpace(n) == strings.TrimSpace(pr.Notes) {
			d.Notes = ""
		}
	}
	d.AllRegions = soldEverywhere(pr)
	d.Regions = pr.Regions
	if len(d.Regions) > maxRegionRows {
		d.Regions, d.MoreRegions = d.Regions[:maxRegionRows], len(d.Regions)-maxRegionRows
		d.MoreRegionsURL = p.Rel(matrixPath(1)) + "#" + url.Values{"provider": {pr.ID}}.Encode()
	}
	d.Instances.ShowGPU, d.Instances.Currency, d.Instances.Switches = true, k.cat.Site.Currency, true
	for _, in := range pr.Instances {
		d.Instances.add(k.instanceRow(p, in))
	}
	d.Instances.sort()
	d.Instances.cut(p.Rel(matrixPath(1)) + "#" + url.Values{"provider": {pr.ID}}.Encode())
	return d
}

// instanceData is the model of an instance type's page.
type instanceData struct {
	Provider    *catalog.Provider
	ProviderURL string
	Instance    *catalog.Instance
	GPU         *catalog.GPU
	GPUURL      string
	GPUMemoryGB *float64
	AllRegions  bool
	Regions     []string // names of the regions it is sold in
	// RegionIDs are the first maxFactRegions regions it is sold in, which
	// its facts name; MoreRegions counts the rest.
	RegionIDs   []string
	MoreRegions int
	Claim       *claimView
	Changes     []*kinds.ChangeRow // the price changes of this instance type, newest first
	Panel       []*panelRow        // its lowest current price under each pricing model and payment option
	PanelRegion *panelRow          // the row whose region every row of Panel is in alone (panelRegion); nil when they name several
	Prices      []*priceView       // history order
	History     []*historyGroup    // Prices by pricing model, and by series under each, newest first
	FoldHistory bool               // the history is long: each pricing model's part is folded
	// ClaimedLink is the GPU interconnect its claims name, shown as
	// claimed where the specifications give none; LinkDisputed says the
	// claims check disagrees with it (Claim.GPULink is the GPU's own).
	ClaimedLink  string
	LinkDisputed bool
	Sources      []string               // the distinct sources of Prices, numbered from 1 in first use
	Benchmarks   []*kinds.InstanceBench // its best on-demand figure in each group of comparable results
	Trials       []*kinds.TrialRow      // the teams' own trials on it
	Quotes       []*quoteView           // the team's private quotes for it, from an overlay
}

// claimView sets an instance type's advertised figures beside what its GPU
// model and count give, with the catalog's claims-check verdicts.
type claimView struct {
	*catalog.Claims
	Precision     string   // label of the claimed precision: "FP16/BF16"
	Unit          string   // TFLOPS or TOPS
	Dense, Sparse *float64 // count × the GPU's figure at that precision
	GPULink       string   // the GPU's interconnect, to set beside a claimed one
	GPUPCIe       *float64
}

func (k *catalogKind) instanceData(p *pagemodel.Page, in *catalog.Instance) *instanceData {
	pr := in.Provider
	d := &instanceData{Provider: pr, ProviderURL: p.Rel(paths.Provider(pr.ID)), Instance: in, GPUMemoryGB: k.cat.TotalGPUMemoryGB(in)}
	g := k.cat.GPU(in.GPU)
	if g != nil {
		d.GPU, d.GPUURL = g, p.Rel(paths.GPU(g.ID))
	}
	for _, r := range in.Regions {
		if r == catalog.AllRegions {
			d.AllRegions = true
			continue
		}
		name := r
		if reg := pr.Region(r); reg != nil {
			name = cmp.Or(reg.Name, reg.ID)
		}
		d.Regions = append(d.Regions, name)
		if len(d.RegionIDs) < maxFactRegions {
			d.RegionIDs = append(d.RegionIDs, r)
		} else {
			d.MoreRegions++
		}
	}
	ref := map[string]int{}
	for _, pp := range k.data.PricesOf[derive.PriceKey{Provider: pr.ID, Instance: in.ID}] {
		v := k.price(in, pp)
		if pp.Source != "" {
			if ref[pp.Source] == 0 {
				d.Sources = append(d.Sources, pp.Source)
				ref[pp.Source] = len(d.Sources)
			}
			v.SourceRef = ref[pp.Source]
		}
		d.Prices = append(d.Prices, v)
	}
	d.Panel = k.panelRows(in)
	d.PanelRegion = panelRegion(d.Panel)
	d.History = historyGroups(d.Prices)
	cutHistory(d.History, p.Rel(matrixPath(1))+"#"+url.Values{"provider": {pr.ID}, "gpu": {in.GPU}}.Encode())
	d.FoldHistory = len(d.Prices) > foldHistoryAt
	if in.Claims != nil {
		d.Claim = claimData(in.Claims, g, in.GPUCount)
		if in.Interconnect == "" {
			d.ClaimedLink = in.Claims.Interconnect
			d.LinkDisputed = slices.Contains(in.Claims.Disputed, "interconnect")
		}
	}
	d.Changes = k.changeRows(p, k.data.ChangesOf[in])
	d.Benchmarks = k.benchmarks.InstanceBenchmarks(p, in)
	d.Trials = k.benchmarks.InstanceTrials(p, in)
	d.Quotes = instanceQuotes(k.cat, in, k.ageDate)
	return d
}

func claimData(c *catalog.Claims, g *catalog.GPU, count int) *claimView {
	v := &claimView{Claims: c}
	key := strings.ToLower(c.Precision)
	if key == "fp16" || key == "bf16" {
		key = "fp16_bf16"
	}
	i := slices.IndexFunc(catalog.Precisions, func(p catalog.Precision) bool { return p.Key == key })
	if i >= 0 {
		v.Precision, v.Unit = catalog.Precisions[i].Label, catalog.Precisions[i].Unit
	}
	if g == nil {
		return v
	}
	v.GPULink, v.GPUPCIe = g.Interconnect.Name, g.PCIeGen
	times := func(f *float64) *float64 {
		if f == nil {
			return nil
		}
		x := *f * float64(count)
		return &x
	}
	if i >= 0 {
		v.Dense, v.Sparse = times(catalog.Precisions[i].Of(g.Dense)), times(catalog.Precisions[i].Of(g.Sparse))
	}
	return v
}
