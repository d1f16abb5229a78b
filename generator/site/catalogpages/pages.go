package catalogpages

import (
	"cmp"
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
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// HomeData is the model of the home page.
type HomeData struct {
	// Prices is the answer the page opens with: the cheapest price per
	// GPU-hour of each main GPU model (HomePriceTable).
	Prices *HomePrices
	// Mainland is the cheapest price per GPU-hour of each GPU model in
	// mainland China, in yuan; MainlandFirst says it opens the page (the
	// Chinese edition) rather than standing one tab from Prices.
	Mainland                                        *HomeMainland
	MainlandFirst                                   bool
	Providers, GPUs, Instances, Offers, PricePoints int
	Guides                                          []*pagemodel.GuideSummary
	Pages                                           []pagemodel.Link
	Plan                                            *kinds.PlanLinks // nil when the catalog has no scenario and no scoring
}

// Kind is the page kind of the catalog's own records: the home
// page, the GPU list and each GPU, the providers and each provider, each
// instance type. It is a function of the edition's catalog, its derived
// data, the content pages it lists and the day prices' ages count to, with trust
// and price the views of a price, changeRows the rows of price changes
// and the kinds whose parts its pages show.
type Kind struct {
	cat        *catalog.Catalog
	data       *derive.Data
	listed     []*content.ContentPage // the content pages every page lists (kinds.ListedPages)
	ageDate    time.Time
	trust      func(pp *catalog.PricePoint, kind string) *pagemodel.TrustView
	price      func(in *catalog.Instance, pp *catalog.PricePoint) *pagemodel.PriceView
	changeRows func(p *pagemodel.Page, changes []*feed.Change) []*kinds.ChangeRow
	msgs       render.Messages // word the previews of shared links (share.go)

	// The kinds whose parts these pages show: the plans and guides of the
	// home page, the benchmark figures of GPU and instance pages.
	scenarios  *kinds.Scenarios
	guides     func(p *pagemodel.Page) []*pagemodel.GuideSummary
	benchmarks *kinds.Benchmarks
	// figures are the charts its pages share (chartKinds); nil shares none.
	figures *chartmodel.Shared
	newPage kinds.NewPage
	// why says, by GPU id, why a stale or undated on-demand price answers
	// for the GPU (HomeCell.Why and Months), as the home table words it;
	// made once, on first use (whyOnce).
	why     map[string]*HomeCell
	whyOnce sync.Once
}

// whyOf is the home table's on-demand cell of a GPU when a stale or
// undated price answers in it for want of a current one; nil otherwise.
func (k *Kind) whyOf(gpu string) *HomeCell {
	k.whyOnce.Do(func() {
		k.why = map[string]*HomeCell{}
		t := HomePriceTable(k.data.Priced, k.data.GPUs, k.cat.Site.Currency, "", k.lang(), -1, k.ageDate, k.trust, func(s string) string { return s })
		for _, r := range t.Rows {
			if c := r.Cells[0]; c != nil && c.Why != "" {
				k.why[r.GPU.ID] = c
			}
		}
	})
	return k.why[gpu]
}

// Inputs are what the catalog's page kind is a function of.
type Inputs struct {
	Cat     *catalog.Catalog // as the edition shows it
	Data    *derive.Data     // what follows from the catalog alone
	Listed  []*content.ContentPage
	AgeDate time.Time        // the day the ages of prices count to
	Prices  pagemodel.Prices // the views of a price and of its trust
	// ChangeRows are the rows of the price changes of an instance type.
	ChangeRows func(p *pagemodel.Page, changes []*feed.Change) []*kinds.ChangeRow
	Msgs       render.Messages
	// The kinds whose parts these pages show: the plans and guides of the
	// home page, the benchmark figures of GPU and instance pages.
	Scenarios  *kinds.Scenarios
	Guides     func(p *pagemodel.Page) []*pagemodel.GuideSummary
	Benchmarks *kinds.Benchmarks
	// Figures are the charts its pages share; nil shares none.
	Figures *chartmodel.Shared
	// NewPage makes the frame of a page: its links, navigation and
	// canonical URL.
	NewPage kinds.NewPage
}

// New is the catalog's page kind of the inputs in.
func New(in Inputs) *Kind {
	return &Kind{cat: in.Cat, data: in.Data, listed: in.Listed, ageDate: in.AgeDate, trust: in.Prices.Trust, price: in.Prices.Price, changeRows: in.ChangeRows, msgs: in.Msgs,
		scenarios: in.Scenarios, guides: in.Guides, benchmarks: in.Benchmarks, figures: in.Figures, newPage: in.NewPage}
}

// HomePage is the home page; its model is made as it renders.
func (k *Kind) HomePage() *pagemodel.Page {
	home := k.newPage("index.html", "home")
	home.TitleKey, home.DescKey = "home.title", "home.description"
	home.Script = home.Rel("static/home.js")
	home.Lazy(func() any { return k.HomeData(home) })
	return home
}

// GPUPages are the pages of the GPU list and the page of each GPU model;
// their models are made as they render. An error names a message the
// titles lack.
func (k *Kind) GPUPages() ([]*pagemodel.Page, error) {
	var out []*pagemodel.Page
	for i, n := 0, GPUsPages(len(k.cat.GPUs)); i < n; i++ {
		gpus := k.newPage(GPUsPath(i+1), "gpus")
		gpus.TitleKey, gpus.DescKey = "gpus.title", "gpus.description"
		if i > 0 {
			title, err := k.msgs.T("gpus.title_page", i+1)
			if err != nil {
				return nil, err
			}
			gpus.TitleKey, gpus.Title = "", title
		}
		gpus.Lazy(func() any { return k.GPUsData(gpus, i, n) })
		out = append(out, gpus)
	}
	for _, g := range k.cat.GPUs {
		p := k.newPage(paths.GPU(g.ID), "gpu")
		p.Title, p.DescKey = k.text(g, "name"), "gpu.description"
		if g.Kind != "" && g.Kind != "gpu" {
			p.DescKey = "gpu.description_accelerator"
		}
		p.Script = p.Rel("static/home.js")
		p.Lazy(func() any { return k.GPUData(p, g) })
		out = append(out, p)
	}
	return out, nil
}

// ProviderPages are the providers index, the page of each provider and,
// after each, the pages of its instance types; their models are made as
// they render.
func (k *Kind) ProviderPages() []*pagemodel.Page {
	provs := k.newPage("providers/index.html", "providers")
	provs.TitleKey, provs.DescKey = "providers.title", "providers.description"
	provs.Lazy(func() any { return k.ProvidersData(provs) })
	out := []*pagemodel.Page{provs}
	for _, pr := range k.cat.Providers {
		p := k.newPage(paths.Provider(pr.ID), "provider")
		p.Title, p.Description = k.text(pr, "name"), k.text(pr, "description")
		p.Script = p.Rel("static/home.js")
		p.Lazy(func() any { return k.ProviderData(p, pr) })
		out = append(out, p)
		for _, in := range pr.Instances {
			p := k.newPage(paths.Instance(in), "instance")
			p.Title, p.DescKey = k.text(in, "name"), "instance.description"
			p.Reads = &derive.Recorder{}
			p.Lazy(func() any { return k.InstanceData(p, in) })
			out = append(out, p)
		}
	}
	return out
}

// lang is the edition's language.
func (k *Kind) lang() string { return cmp.Or(k.cat.Site.Language, catalog.BaseLanguage) }

// text is the text of the field key of the catalog record rec in the
// edition's language (catalog.Text).
func (k *Kind) text(rec any, key string) string { return pagemodel.CatalogText(k.cat, rec, key) }

func (k *Kind) HomeData(p *pagemodel.Page) *HomeData {
	d := &HomeData{Providers: len(k.cat.Providers), GPUs: len(k.cat.GPUs), PricePoints: len(k.cat.Prices)}
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
		oldBefore = strconv.Itoa(k.ageDate.Year() - HomeYears)
	}
	d.Prices = HomePriceTable(k.data.Priced, k.data.GPUs, k.cat.Site.Currency, oldBefore, k.lang(), HomeRows, k.ageDate, k.trust, p.Rel)
	p.Share = homeShare(k.msgs, d.Prices, k.cat)
	if len(k.data.Mainland) > 0 {
		count := map[string]int{}
		for _, o := range k.data.Priced {
			count[o.Instance.GPU]++
		}
		d.Mainland = HomeMainlandOf(k.data.Mainland, count, k.lang(), k.trust, p.Rel)
		d.MainlandFirst = d.Mainland.First
	}
	d.Plan = k.scenarios.PlanLinks(p)
	d.Guides = k.guides(p)
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

// GPUsData is the model of the GPU matrix: dense and sparse figures in
// separate column groups, with only the precisions some GPU has. The GPUs
// the catalog knows by name only, with no figure in any column (Bare),
// come after the others, each in one line instead of a row of dashes.
type GPUsData struct {
	Dense, Sparse []precisionHead
	Rows          []*gpuRow
	Bare          []*gpuRow
	Cheapest      *cheapestTable
	Exports       *pagemodel.ExportLinks // gpus/gpus.csv and .json
	// Pager links the pages of a list of more than MaxGPURows models
	// (GPUsPath); nil when it is one page. First and Last number the
	// page's models, from 1, of Total.
	Pager              []pagemodel.PageLink
	First, Last, Total int
}

// Count is the number of GPU models in the matrix.
func (d *GPUsData) Count() int { return len(d.Rows) + len(d.Bare) }

// PageSize is the most GPU models a page of the list holds.
func (d *GPUsData) PageSize() int { return MaxGPURows }

// SpecColumns is the number of columns between a GPU's vendor and its
// instance count: what a bare row's one cell spans.
func (d *GPUsData) SpecColumns() int { return len(matrixSpecKeys) - 1 + len(d.Dense) + len(d.Sparse) }

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
	Dense, Sparse []*float64 // aligned with GPUsData.Dense and .Sparse
	Instances     int
	// From is its cheapest ranked on-demand offer per GPU-hour (the
	// cheapest table's cell), nil when it has none.
	From *cheapestCell
}

// GPUsData is the model of page page (from 0) of the pages pages of the
// GPU list.
func (k *Kind) GPUsData(p *pagemodel.Page, page, pages int) *GPUsData {
	gpus, offers := k.data.GPUs, k.data.Priced
	d := &GPUsData{Exports: &pagemodel.ExportLinks{Label: "gpus.exports", CSV: p.Rel(paths.GPUsCSV), JSON: p.Rel(paths.GPUsJSON)}}
	if pages > 1 {
		gpus, offers = k.gpusPage(page)
		d.First, d.Last, d.Total = page*MaxGPURows+1, page*MaxGPURows+len(gpus), len(k.data.GPUs)
		for j := range pages {
			d.Pager = append(d.Pager, pagemodel.PageLink{Label: strconv.Itoa(j + 1), URL: p.Rel(GPUsPath(j + 1)), Current: j == page})
		}
	}
	d.Cheapest = k.Cheapest(p, offers)
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

// GPUData is the model of a GPU's page.
type GPUData struct {
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
	Instances     InstanceList
	// Offers counts its priced offers, which CompareURL shows in the
	// instance matrix.
	Offers     int
	CompareURL string
	Benchmarks []*kinds.BenchResult // the benchmark results run on it
	Trials     []*kinds.TrialRow    // the teams' own trials on its instance types
	// Answer is the cheapest whole on-demand price per GPU-hour of the
	// GPU, by the home table's rule (HomePriceTable): a line for each
	// different answer under the states of the switches, the default's
	// first, which static/home.js shows as the URL's switches choose;
	// nil when the GPU has no such price.
	Answer   []*HomeLine
	Currency string
	// Mainland is the GPU's cheapest pay-as-you-go price per GPU-hour in
	// mainland China, in yuan, as the home page's mainland view answers
	// it (derive.Mainland): a current price, else the cheapest other,
	// marked; nil when no mainland offer quotes one in yuan.
	Mainland *HomeCell
	// MainlandFirst says Mainland comes before Answer: in the Chinese
	// edition, whose buyers pay in yuan (HomeMainland.First).
	MainlandFirst bool
}

// figure is one precision of a GPU, dense and sparse side by side.
type figure struct {
	Label, Unit   string
	Dense, Sparse *float64
}

// InstanceList is a table of instance types; the page it is on says
// which of provider and GPU go without saying.
type InstanceList struct {
	ShowProvider, ShowGPU bool
	Rows                  []*InstanceRow
	// Currency is the site's: the list compares and shows prices in it.
	Currency string
	// Rates are the rates its prices were converted at, one per currency.
	Rates []render.FxNote
	// Switches says the page has the switches of its answer
	// (static/home.js): each row names the states its price answers under
	// (InstanceRow.Under).
	Switches bool
	// More counts the rows past maxListRows that the list leaves out
	// (cut), which MoreURL, the matrix filtered to the same offers,
	// lists.
	More    int
	MoreURL string
	// Why and Months are the note every row whose price answers shares
	// (InstanceRow.Why), said once above the list instead of on each row;
	// "" when the rows' notes differ or none has one.
	Why    string
	Months int
	// Mixed says the list holds priced rows that answer by default and
	// priced rows that do not: the list says it puts the first ones first.
	Mixed bool
}

// maxListRows is the most instance types a list shows: a GPU or a provider
// with thousands of them lists the first in InstanceList.sort's order and
// links the matrix for the rest, so that its page stays under 2 MB.
const maxListRows = 200

// Count is how many instance types the list holds, listed or not.
func (l *InstanceList) Count() int { return len(l.Rows) + l.More }

// cut keeps the first maxListRows rows and links the rest at moreURL.
func (l *InstanceList) cut(moreURL string) {
	if len(l.Rows) > maxListRows {
		l.More, l.MoreURL = len(l.Rows)-maxListRows, moreURL
		l.Rows = l.Rows[:maxListRows]
	}
}

// add appends the row of an instance type, and the rate its price was
// converted at to the list's rates.
func (l *InstanceList) add(r *InstanceRow) {
	l.Rows = append(l.Rows, r)
	if r.Conversion != nil {
		n := render.NoteOf(r.Conversion.From, r.Conversion.Rate)
		if !slices.ContainsFunc(l.Rates, func(o render.FxNote) bool { return o.From == n.From }) {
			l.Rates = append(l.Rates, n)
		}
	}
}

// sort puts the rows in the order a buyer reads them: the types one can
// price first, and of those the ones whose price answers first — a price
// flagged stale, undated (while the switches leave those out), superseded,
// or otherwise not answering, after every one that answers, however cheap
// — then the ones worth buying first: the current
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
// its place under each state of them (InstanceRow.Order), the same order
// with "answers" as the state has it (pricing.Price.Answers), for
// static/home.js to put the rows in when the reader turns a switch.
func (l *InstanceList) sort() {
	slices.SortStableFunc(l.Rows, byBuyer)
	l.shareWhy()
	if !l.Switches {
		return
	}
	places := make([][len(HomeIncludes)]int, len(l.Rows))
	at := make(map[*InstanceRow]int, len(l.Rows))
	for i, r := range l.Rows {
		at[r] = i
	}
	for m := range HomeIncludes {
		under := func(r *InstanceRow) bool { return r.answersUnder&(1<<m) != 0 }
		order := slices.Clone(l.Rows)
		slices.SortStableFunc(order, func(a, b *InstanceRow) int { return byBuyerWith(a, b, under) })
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

// shareWhy lifts the note of the rows whose price answers to the list
// when they all carry the same one, and sets Mixed.
func (l *InstanceList) shareWhy() {
	answering, lesser, same := 0, 0, true
	why, months := "", 0
	for _, r := range l.Rows {
		if r.From == nil || r.From.PerGPUHour == nil {
			continue
		}
		if !r.Answers {
			lesser++
			continue
		}
		if answering == 0 {
			why, months = r.Why, r.Months
		}
		answering++
		same = same && r.Why == why && r.Months == months
	}
	l.Mixed = answering > 0 && lesser > 0
	if !same || why == "" || answering < 2 {
		return
	}
	l.Why, l.Months = why, months
	for _, r := range l.Rows {
		if r.Answers {
			r.Why, r.Months = "", 0
		}
	}
}

// byBuyer compares two instance rows in InstanceList.sort's order.
func byBuyer(a, b *InstanceRow) int {
	return byBuyerWith(a, b, func(r *InstanceRow) bool { return r.From != nil && r.Answers })
}

// byBuyerWith is byBuyer with ranked telling the rows whose price answers.
func byBuyerWith(a, b *InstanceRow, ranked func(*InstanceRow) bool) int {
	priced := func(r *InstanceRow) bool { return r.From != nil && r.From.PerGPUHour != nil }
	superseded := func(r *InstanceRow) bool { return r.From != nil && r.From.Trust != nil && r.From.Trust.LastSeen != "" }
	intlSite := func(r *InstanceRow) bool { return r.From != nil && r.From.Trust != nil && r.From.Trust.IntlSite }
	first := func(x, y bool) int { // x before not x
		switch {
		case x == y:
			return 0
		case x:
			return -1
		}
		return 1
	}
	// flagged: a price that does not answer under the state (stale or
	// undated while those are left out, an article's or an estimate, a
	// marketplace's), or one no longer listed.
	flagged := func(r *InstanceRow) bool { return !ranked(r) || superseded(r) }
	if c := cmp.Or(
		first(priced(a), priced(b)),
		first(!priced(a) || !flagged(a), !priced(b) || !flagged(b)),
		first(!a.Instance.PreviousGen, !b.Instance.PreviousGen),
		first(!a.Partial, !b.Partial),
		first(!a.Other, !b.Other),
		first(ranked(a), ranked(b)),
		first(!superseded(a), !superseded(b)),
		// An international site's price, shown in its own currency, after
		// the prices in the site's: no column mixes two currencies' order.
		first(!intlSite(a), !intlSite(b)),
		first(a.Display != nil, b.Display != nil),
	); c != 0 || a.Display == nil {
		return c
	}
	return cmp.Compare(*a.Display, *b.Display)
}

// InstanceRow is an instance type in a list, with its lowest latest
// on-demand price per GPU-hour — or, when it has none, its lowest under
// another pricing model, which the list names.
type InstanceRow struct {
	Provider    *catalog.Provider
	ProviderURL string
	Instance    *catalog.Instance
	URL         string
	GPU         *catalog.GPU
	GPUURL      string
	// From is the lowest on-demand price per GPU-hour; when there is none,
	// the lowest under any other model (its Model names it, and Other is
	// set); nil when the instance type has no price per GPU-hour at all.
	From  *pagemodel.PriceView
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
	// Abroad says From is a China cloud's price that is not its China
	// site's yuan price of a mainland region (derive.Abroad): the list
	// marks it in words; "" for any other price.
	Abroad string
	// Why and Months say why From, a stale or undated on-demand price,
	// answers: no on-demand price of the GPU is current (HomeCell.Why);
	// "" for any other price.
	Why    string
	Months int
	// Order is the row's place in the list under each state of the
	// switches, by its mask, space-separated ("0 2 0 2"), in a list with
	// switches (InstanceList.sort); "" in another.
	Order string
	// answersUnder has bit m set when From answers under state m of the
	// switches (HomeIncludes).
	answersUnder uint
}

// Under are the masks of the states of the switches (HomeIncludes)
// under which the row's price answers, space-separated ("1 3"):
// static/home.js marks the row as one that does not answer under the
// others.
func (r *InstanceRow) Under() string {
	var under []string
	for m := range HomeIncludes {
		if r.answersUnder&(1<<m) != 0 {
			under = append(under, strconv.Itoa(m))
		}
	}
	return strings.Join(under, " ")
}

func (k *Kind) InstanceRow(p *pagemodel.Page, in *catalog.Instance) *InstanceRow {
	r := &InstanceRow{Provider: in.Provider, ProviderURL: p.Rel(paths.Provider(in.Provider.ID)), Instance: in, URL: p.Rel(paths.Instance(in)),
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
		// The price's trust marks an international site's price
		// (pagemodel.TrustView.IntlSite); the list marks the rest.
		if a := derive.Abroad(in.Provider, from.Point); a != "intl_site" {
			r.Abroad = a
		}
		for m, inc := range HomeIncludes {
			if from.Answers(inc) {
				r.answersUnder |= 1 << m
			}
		}
		if c := k.whyOf(in.GPU); c != nil && from.Fallback && !r.Other {
			r.Why, r.Months = c.Why, c.Months
		}
	}
	if r.From != nil && r.From.PerGPUHour != nil {
		if c, ok := pricing.Rates(k.cat.FX).Convert(r.From.Currency, k.cat.Site.Currency); ok {
			d := c.Apply(*r.From.PerGPUHour)
			r.Display = &d
			// An international site's list price in a mainland region
			// keeps its own currency on the page (it ranks by Display):
			// converted, it would read as the China site's yuan price.
			if c.From != c.To && !pricing.IntlSitePoint(in.Provider, from.Point) {
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
// GPU-hour. The China site's price in yuan wins over an international
// site's list price in a mainland region (pricing.BeforeChinaSite); a
// price rankings use (pricing.Price.Ranked) wins over an article's figure
// or an estimate, however low; a price that converts wins
// over one that does not; of equal prices the first, in offer and
// pricing.Models order, stays.
func (k *Kind) lowestPerGPU(in *catalog.Instance, keep func(model string) bool) *pricing.Price {
	rates, display := pricing.Rates(k.cat.FX), k.cat.Site.Currency
	var from *pricing.Price
	least, ranked, intl, converts := 0.0, false, false, false
	for _, o := range k.data.OffersOf[in] {
		for _, model := range pricing.Models {
			pr := o.Prices[model]
			if pr == nil || !keep(model) {
				continue
			}
			per, _, ok := pagemodel.PerGPUHour(in, pr.Point)
			if !ok {
				continue
			}
			c, conv := rates.Convert(cmp.Or(pr.Point.Currency, in.Provider.Currency), display)
			if conv {
				per = c.Apply(per)
			}
			// Of prices that may answer alike with stale ones included,
			// the China site's yuan price before an international site's
			// list price in a mainland region (pricing.BeforeChinaSite).
			abroad := pricing.IntlSitePoint(in.Provider, pr.Point)
			stale := pricing.Include{Stale: true}
			better := false
			switch {
			case from == nil:
				better = true
			case pr.Answers(stale) == from.Answers(stale) && abroad != intl:
				better = !abroad
			case pr.Ranked() != ranked:
				better = pr.Ranked()
			default:
				better = conv != converts && conv || conv == converts && per < least
			}
			if better {
				from, least, ranked, intl, converts = pr, per, pr.Ranked(), abroad, conv
			}
		}
	}
	return from
}

func (k *Kind) GPUData(p *pagemodel.Page, g *catalog.GPU) *GPUData {
	d := &GPUData{GPU: g, Released: pagemodel.NewDate(g.Released)}
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
		d.Instances.add(k.InstanceRow(p, in))
		if name := k.text(in.Provider, "name"); !slices.Contains(d.ProviderNames, name) {
			d.ProviderNames = append(d.ProviderNames, name)
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
	if t := HomePriceTable(mine, []*catalog.GPU{g}, d.Currency, "", k.lang(), -1, k.ageDate, k.trust, p.Rel); len(t.Rows) == 1 {
		if l := t.Rows[0].Lines[0]; l[0].Cell != nil || len(l) > 1 {
			d.Answer = l
		}
		p.Share = gpuShare(k.msgs, k.text(g, "name"), t.Rows[0].Cells[0])
	}
	for _, r := range k.data.Mainland {
		if r.GPU.ID == g.ID {
			m := HomeMainlandOf([]*derive.MainlandRow{r}, nil, k.lang(), k.trust, p.Rel)
			d.Mainland, _ = mainlandAnswer(m)
			d.MainlandFirst = m.First
		}
	}
	d.CompareURL = p.Rel(paths.Matrix(1)) + "#" + url.Values{"gpu": {g.ID}}.Encode()
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

// ProvidersIndex is the model of the providers index: its first
// maxProviderRows providers in catalog order, and how many more the search
// box finds (SearchURL), so that its page stays under 2 MB.
type ProvidersIndex struct {
	Rows      []*providerRow
	More      int
	SearchURL string
}

// maxProviderRows is the most providers the providers index lists.
const maxProviderRows = 1000

// Count is how many providers the catalog holds, listed or not.
func (x *ProvidersIndex) Count() int { return len(x.Rows) + x.More }

func (k *Kind) ProvidersData(p *pagemodel.Page) *ProvidersIndex {
	x := &ProvidersIndex{SearchURL: p.Rel(paths.Search)}
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

// ProviderData is the model of a provider's page.
type ProviderData struct {
	Provider   *catalog.Provider
	Features   []feature
	Known      map[string]bool // terms the catalog says anything of, by key
	Unknown    []string        // keys of the terms it says nothing of, in table order
	Notes      string          // the provider's notes, unless a term shows the same text
	AllRegions bool
	Instances  InstanceList
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
// (RegionURL).
const maxRegionRows = 500

// RegionURL is where a provider's i-th region is listed: its row on the
// provider page, or the matrix filtered to the provider and the region
// when the page leaves it out. The path is relative to the site's root.
func RegionURL(pr *catalog.Provider, i int) (path, frag string) {
	if i < maxRegionRows {
		return paths.Provider(pr.ID), "region-" + pr.Regions[i].ID
	}
	return paths.Matrix(1), url.Values{"provider": {pr.ID}, "region": {pr.Regions[i].ID}}.Encode()
}

// feature is a yes/no capability with its message key.
type feature struct {
	Key   string
	Value *bool
}

func (k *Kind) ProviderData(p *pagemodel.Page, pr *catalog.Provider) *ProviderData {
	f := pr.Features
	d := &ProviderData{Provider: pr, Features: []feature{
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
	if pr.MLPS != nil { // a record of a check; none is not listed as not found
		d.Known["mlps"] = true
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
		d.MoreRegionsURL = p.Rel(paths.Matrix(1)) + "#" + url.Values{"provider": {pr.ID}}.Encode()
	}
	d.Instances.ShowGPU, d.Instances.Currency, d.Instances.Switches = true, k.cat.Site.Currency, true
	for _, in := range pr.Instances {
		d.Instances.add(k.InstanceRow(p, in))
	}
	d.Instances.sort()
	d.Instances.cut(p.Rel(paths.Matrix(1)) + "#" + url.Values{"provider": {pr.ID}}.Encode())
	return d
}

// InstanceData is the model of an instance type's page.
type InstanceData struct {
	Provider    *catalog.Provider
	ProviderURL string
	Instance    *catalog.Instance
	GPU         *catalog.GPU
	GPUURL      string
	GPUMemoryGB *float64
	AllRegions  bool
	// GuideNamed says it is a record of what a buyer's guide names, not an
	// instance type the provider lists (catalog.Instance.GuideNamed): the
	// page says so, and its regions, "all" as the guide names none, are
	// not stated (RegionsUnstated) rather than every region.
	GuideNamed, RegionsUnstated bool
	Regions                     []string // names of the regions it is sold in
	// RegionIDs are the first maxFactRegions regions it is sold in, which
	// its facts name; MoreRegions counts the rest.
	RegionIDs   []string
	MoreRegions int
	Claim       *claimView
	Changes     []*kinds.ChangeRow     // the price changes of this instance type, newest first
	Panel       []*panelRow            // its lowest current price under each pricing model and payment option
	PanelRegion *panelRow              // the row whose region every row of Panel is in alone (panelRegion); nil when they name several
	Prices      []*pagemodel.PriceView // history order
	History     []*historyGroup        // Prices by pricing model, and by series under each, newest first
	FoldHistory bool                   // the history is long: each pricing model's part is folded
	// ClaimedLink is the GPU interconnect its claims name, shown as
	// claimed where the specifications give none; LinkDisputed says the
	// claims check disagrees with it (Claim.GPULink is the GPU's own).
	ClaimedLink  string
	LinkDisputed bool
	Sources      []string               // the distinct sources of Prices, numbered from 1 in first use
	Benchmarks   []*kinds.InstanceBench // its best on-demand figure in each group of comparable results
	Trials       []*kinds.TrialRow      // the teams' own trials on it
	Quotes       []*QuoteView           // the team's private quotes for it, from an overlay
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

func (k *Kind) InstanceData(p *pagemodel.Page, in *catalog.Instance) *InstanceData {
	// Every part of the catalog and derived data the model reads is read
	// through reads, which notes it (derive.Recorder): the instance type with
	// its provider, its GPU model, its prices, offers and changes, the
	// benchmarks, trials and quotes, and the catalog's settings.
	reads := p.Reads
	reads.Instance(in)
	reads.Settings()
	pr := in.Provider
	g := reads.GPU(k.cat, in.GPU)
	d := &InstanceData{Provider: pr, ProviderURL: p.Rel(paths.Provider(pr.ID)), Instance: in, GPUMemoryGB: k.cat.TotalGPUMemoryGB(in)}
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
	if d.GuideNamed = in.GuideNamed(); d.GuideNamed && d.AllRegions && len(d.Regions) == 0 {
		d.AllRegions, d.RegionsUnstated = false, true
	}
	ref := map[string]int{}
	for _, pp := range reads.PricesOf(k.data, derive.PriceKey{Provider: pr.ID, Instance: in.ID}) {
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
	d.Panel = k.panelRows(in, reads.OffersOf(k.data, in))
	d.PanelRegion = panelRegion(d.Panel)
	d.History = historyGroups(d.Prices, d.RegionsUnstated)
	cutHistory(d.History, p.Rel(paths.Matrix(1))+"#"+url.Values{"provider": {pr.ID}, "gpu": {in.GPU}}.Encode())
	d.FoldHistory = len(d.Prices) > foldHistoryAt
	if in.Claims != nil {
		d.Claim = claimData(in.Claims, g, in.GPUCount)
		if in.Interconnect == "" {
			d.ClaimedLink = in.Claims.Interconnect
			d.LinkDisputed = slices.Contains(in.Claims.Disputed, "interconnect")
		}
	}
	d.Changes = k.changeRows(p, reads.ChangesOf(k.data, in))
	reads.Benchmarks(in)
	d.Benchmarks = k.benchmarks.InstanceBenchmarks(p, in)
	reads.Trials()
	d.Trials = k.benchmarks.InstanceTrials(p, in)
	reads.Quotes()
	d.Quotes = InstanceQuotes(k.cat, in, k.ageDate)
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
