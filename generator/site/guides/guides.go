// Package guides is the page models stage of the decision guides: the
// guides index and a page per guide (Kind, made by New of its explicit
// inputs), with the short lists of their outcomes over the priced offers.
// Nothing here calls back into the orchestration (package site).
package guides

import (
	"bytes"
	"cmp"
	"fmt"
	"html/template"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"

	"gpucompare/generator/catalog"
	"gpucompare/generator/charts"
	"gpucompare/generator/guide"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/compare"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// Decision guides (/guides/) are trees of questions whose answers lead to
// further questions or to outcomes. A guide's page shows its tree three
// ways: as plain nested HTML, complete without JavaScript and in print;
// as a step-by-step wizard that static/guide.js builds from the guide's
// JSON block, one question at a time with the path in the URL's hash; and
// as a tree chart whose data is the plain tree. Each outcome with a query
// shows its short list (guide.Evaluate over the priced offers), so the
// recommendation follows the prices, with a link into the instance matrix
// carrying the conditions the matrix's URL state can express.

// IndexPath is the output path of the guides index.
const IndexPath = paths.Guides

// Path is the output path of a guide's page.
func Path(id string) string { return "guides/" + id + "/index.html" }

// guidesData is the model of the guides index.
type guidesData struct {
	Guides []*pagemodel.GuideSummary
}

// guideData is the model of a guide's page.
type guideData struct {
	Guide    *catalog.Guide
	Currency string               // the site currency the short lists compare in
	Root     *guideNode           // the first question, its answers and all that follows
	Tree     *pagemodel.ChartView // the tree chart
	Levels   int                  // node levels of the tree chart, for its width
	Script   *guideScript
	// Switches says the page has short lists, which the answer switches
	// ("include stale prices", "include marketplaces") choose among.
	Switches bool
}

// guideNode is a question or an outcome where the plain tree shows it.
// A node that several answers lead to is shown in full the first time, in
// page order; after that Ref is set and the page links to it.
type guideNode struct {
	Anchor   string // the id of its element: "q-workload", "o-cpu"
	Level    int    // the level of its heading, 3 to 6
	Question *catalog.Question
	Answers  []*answerView
	Outcome  *outcomeView
	Ref      bool
}

// answerView is an answer with the node it leads to.
type answerView struct {
	Answer *catalog.Answer
	Next   *guideNode
}

// outcomeView is an outcome with its advice converted and its short list.
type outcomeView struct {
	Outcome *catalog.Outcome
	Anchor  string
	Advice  template.HTML // goldmark output: raw HTML in the advice is dropped
	List    *shortListView
	// Lists are the short list under each state of the answer switches
	// (catalogpages.HomeIncludes) that gives a different one, the default's (List)
	// first, each with the states it answers under (shortListView.Show);
	// the page ships them all and static/home.js shows the chosen one.
	// Nil when every state gives List.
	Lists []*shortListView
}

// shortListView is an outcome's short list as the page shows it.
type shortListView struct {
	Currency  string
	Model     string // the pricing model prices are compared under
	Sort      string // the query's sort key: per_gpu_hour, hourly …
	KeyColumn bool   // the sort key is not the price itself, and has a column
	Matched   int
	Stale     bool // no current price meets the conditions: the rows are stale or undated prices (guide.ShortList.Stale)
	Rows      []*pickRow
	// Near are the offers that miss the fewest conditions, when none
	// meets them all (guide.Evaluate).
	Near []*pickRow
	// Ask is what to ask the providers for when no offer states what
	// the query asks (askFor); nil when some offer meets it.
	Ask        []string
	Rates      []*render.RateView // the conversions into Currency the rows use
	Conditions []string           // what the query asks, in words
	// MatrixURL opens the instance matrix with the conditions it can
	// express; empty when nothing matches. Dropped are the conditions it
	// cannot express; GPUsFrom and ProvidersFrom say when GPU or provider
	// conditions come through as the GPU models or providers that meet them.
	MatrixURL               string
	Dropped                 []string
	GPUsFrom, ProvidersFrom int
	// Partial counts the offers the matrix link also shows whose price is
	// only part of the cost (a GPU without its VM): short lists leave them out.
	Partial int
	// Unranked counts the offers the matrix link also shows whose price is
	// an article's figure or an estimate: short lists leave them out too.
	Unranked int
	// Plan is the trial plan the list ends with; nil when it has no offer.
	Plan *kinds.PlanView
	// Show are the masks of the states of the answer switches this list
	// answers under (catalogpages.HomeIncludes), space-separated ("0 2"), where the
	// outcome has several lists (outcomeView.Lists); Hidden when the
	// default state (0) is not among them.
	Show   string
	Hidden bool
}

// pickRow is one offer of a short list.
type pickRow struct {
	*pricing.Offer
	Rank        int
	InstanceURL string
	ProviderURL string
	GPUURL      string
	RegionName  string
	Price       *compare.Price       // the price compared, in Currency
	Point       *pagemodel.PriceView // the price point as quoted
	ShowQuote   bool                 // the quote differs from the figure shown
	Key         float64              // the value sorted on, in Currency
	Date        *pagemodel.DateView
	// Model is the pricing model of Price when it is not the query's: a
	// nearest offer without a price under it is shown at its on-demand.
	Model string
	// Misses says what a nearest offer lacks, in the buyer's words.
	Misses []string
}

// guideScript is what static/guide.js reads: the guide's questions and
// answers, the outcomes' titles (their content is on the page), and the
// text the script writes.
type guideScript struct {
	Start     string                     `json:"start"`
	Questions map[string]*scriptQuestion `json:"questions"`
	Outcomes  map[string]string          `json:"outcomes"`
	Messages  map[string]string          `json:"messages"`
}

type scriptQuestion struct {
	Text    string         `json:"text"`
	Help    string         `json:"help,omitempty"`
	Answers []scriptAnswer `json:"answers"`
}

type scriptAnswer struct {
	Text string `json:"text"`
	Next string `json:"next"`
}

// guideMessages are the keys of the UI text static/guide.js writes.
var guideMessages = []string{"guide.wizard_question", "guide.wizard_result", "guide.wizard_change", "guide.wizard_answered"}

// Kind is the page kind of the decision guides: a function of the
// edition's catalog, its derived data and its messages (Inputs).
type Kind struct {
	cat         *catalog.Catalog
	data        *derive.Data
	msgs        render.Messages
	newPage     func(path, layout string) *pagemodel.Page
	price       func(in *catalog.Instance, pp *catalog.PricePoint) *pagemodel.PriceView
	matrixPrice func(pr *pricing.Price) *compare.Price
	prose       func(rec any, key string, render func(string) (template.HTML, error)) (template.HTML, error)
	warnf       func(pos catalog.Pos, format string, args ...any)
}

// Inputs are what the guides' pages are made of.
type Inputs struct {
	Cat  *catalog.Catalog // as the edition shows it
	Data *derive.Data     // what follows from the catalog alone
	Msgs render.Messages
	// NewPage makes the frame of a page of the edition.
	NewPage func(path, layout string) *pagemodel.Page
	// Price is the view of a price point as quoted (pagemodel.Prices),
	// MatrixPrice the view of a price the matrix shows (compare.Kind).
	Price       func(in *catalog.Instance, pp *catalog.PricePoint) *pagemodel.PriceView
	MatrixPrice func(pr *pricing.Price) *compare.Price
	// Prose is the catalog's Markdown field key of rec, converted by render.
	Prose func(rec any, key string, render func(string) (template.HTML, error)) (template.HTML, error)
	// Warnf reports a warning of the build at a position of the catalog.
	Warnf func(pos catalog.Pos, format string, args ...any)
}

// New is the guides' page kind made of in.
func New(in Inputs) *Kind {
	return &Kind{cat: in.Cat, data: in.Data, msgs: in.Msgs, newPage: in.NewPage,
		price: in.Price, matrixPrice: in.MatrixPrice, prose: in.Prose, warnf: in.Warnf}
}

// text is the text of the field key of the catalog record rec in the
// edition's language (catalog.Text).
func (k *Kind) text(rec any, key string) string { return pagemodel.CatalogText(k.cat, rec, key) }

// Pages makes the guides index and a page per guide; none when the
// catalog has no guide.
func (k *Kind) Pages() ([]*pagemodel.Page, error) {
	if len(k.cat.Guides) == 0 {
		return nil, nil
	}
	var terr error
	t := k.msgs.TKeeping(&terr)
	index := k.newPage(IndexPath, "guides")
	index.TitleKey, index.DescKey = "guides.title", "guides.description"
	index.Data = &guidesData{Guides: k.Summaries(index)}
	out := []*pagemodel.Page{index}
	for _, g := range k.cat.Guides {
		p := k.newPage(Path(g.ID), "guide")
		p.Title, p.Description = k.text(g, "title"), k.text(g, "description")
		d, err := k.guideData(p, g, t)
		if err != nil {
			return nil, fmt.Errorf("guide %q: %w", g.ID, err)
		}
		p.Data = d
		p.Script = p.Rel("static/guide.js")
		if d.Switches {
			p.AnswerScript = p.Rel("static/home.js")
		}
		out = append(out, p)
	}
	return out, terr
}

// Summaries lists the guides for a page.
func (k *Kind) Summaries(p *pagemodel.Page) []*pagemodel.GuideSummary {
	var out []*pagemodel.GuideSummary
	for _, g := range k.cat.Guides {
		out = append(out, &pagemodel.GuideSummary{Guide: g, URL: p.Rel(Path(g.ID)), Questions: len(g.Questions), Outcomes: len(g.Outcomes)})
	}
	return out
}

func (k *Kind) guideData(p *pagemodel.Page, g *catalog.Guide, t func(string, ...any) string) (*guideData, error) {
	d := &guideData{Guide: g, Currency: k.cat.Site.Currency}
	// Heading ids of the advice must not take the ids of the tree.
	ids := content.NewHeadingIDs()
	for _, q := range g.Questions {
		ids.Put([]byte("q-" + q.ID))
	}
	for _, o := range g.Outcomes {
		ids.Put([]byte("o-" + o.ID))
	}
	for _, id := range []string{"guide-wizard", "wizard-heading", "wizard-path", "wizard-step", "wizard-back", "wizard-restart", "guide-data", "guide-chart", "chart-heading", "tree-heading"} {
		ids.Put([]byte(id))
	}
	md := content.NewMarkdown()
	byID := map[string]*outcomeView{}
	for _, o := range g.Outcomes {
		v := &outcomeView{Outcome: o, Anchor: "o-" + o.ID}
		html, err := k.prose(o, "advice", func(s string) (template.HTML, error) { return markdown(md, ids, s) })
		if err != nil {
			return nil, fmt.Errorf("outcome %q: advice: %w", o.ID, err)
		}
		v.Advice = html
		if o.Query != nil {
			v.List, v.Lists = k.switchedLists(p, o.Query, t)
			d.Switches = true
			// The trial plan takes current prices first whatever the
			// switches: one plan, shown with each of the outcome's lists.
			l := guide.Evaluate(k.cat, k.data.Priced, o.Query)
			var offers []*pricing.Offer
			for _, pk := range l.Picks {
				offers = append(offers, pk.Offer)
			}
			plan := guide.PlanTrial(k.cat, offers, []string{l.Model})
			x := &render.Texter{M: k.msgs}
			v.List.Plan = kinds.TrialPlan(k.cat, p, plan, "trials/"+o.ID, k.text(o, "title"), k.text(g, "title"), x)
			if x.Err != nil {
				return nil, fmt.Errorf("outcome %q: trial plan: %w", o.ID, x.Err)
			}
			for _, l := range v.Lists {
				l.Plan = v.List.Plan
			}
			if v.List.Matched == 0 {
				k.warnf(g.OutcomePos(o), "guide %q outcome %q: its query matches no offer", g.ID, o.ID)
			}
		}
		byID[o.ID] = v
	}
	d.Root = guideTree(g, byID)

	d.Script = &guideScript{Start: g.Start, Questions: map[string]*scriptQuestion{}, Outcomes: map[string]string{}, Messages: map[string]string{}}
	for _, q := range g.Questions {
		sq := &scriptQuestion{Text: k.text(q, "text"), Help: k.text(q, "help")}
		for _, a := range q.Answers {
			sq.Answers = append(sq.Answers, scriptAnswer{Text: k.text(a, "text"), Next: a.Next})
		}
		d.Script.Questions[q.ID] = sq
	}
	for _, o := range g.Outcomes {
		d.Script.Outcomes[o.ID] = k.text(o, "title")
	}
	for _, k := range guideMessages {
		d.Script.Messages[k] = t(k)
	}

	cd := &charts.Data{Catalog: k.cat, GPUs: k.data.GPUs, Offers: k.data.Priced, Currency: k.cat.Site.Currency, Text: t, Unit: k.msgs.Cur, Units: k.msgs.UnitName, Lang: k.msgs["site.language"]}
	tree, err := cd.GuideTree(charts.ID(p.Path, "tree"), g)
	if err != nil {
		return nil, err
	}
	d.Levels = tree.Levels
	d.Tree = &pagemodel.ChartView{Kind: "guide_tree", Charts: []*charts.Chart{&tree.Chart}, Table: tree, Page: p}
	p.Charts = append(p.Charts, d.Tree)
	return d, nil
}

// markdown converts catalog Markdown with the site's converter (raw HTML
// is dropped, and so is the target of a link goldmark deems dangerous,
// such as javascript:), giving headings ids that ids has not handed out.
func markdown(md goldmark.Markdown, ids *content.HeadingIDs, src string) (template.HTML, error) {
	if strings.TrimSpace(src) == "" {
		return "", nil
	}
	var buf bytes.Buffer
	ctx := parser.NewContext(parser.WithIDs(ids))
	if err := md.Convert([]byte(src), &buf, parser.WithContext(ctx)); err != nil {
		return "", err
	}
	return template.HTML(buf.String()), nil
}

// guideTree lays out the plain tree of a validated guide from its start.
func guideTree(g *catalog.Guide, outcomes map[string]*outcomeView) *guideNode {
	questions := map[string]*catalog.Question{}
	for _, q := range g.Questions {
		questions[q.ID] = q
	}
	shown := map[string]bool{}
	var walk func(id string, depth int) *guideNode
	walk = func(id string, depth int) *guideNode {
		n := &guideNode{Level: min(3+depth, 6)}
		q := questions[id]
		if q != nil {
			n.Anchor, n.Question = "q-"+id, q
		} else {
			n.Anchor, n.Outcome = "o-"+id, outcomes[id]
		}
		if shown[id] {
			n.Ref = true
			return n
		}
		shown[id] = true
		if q != nil {
			for _, a := range q.Answers {
				n.Answers = append(n.Answers, &answerView{Answer: a, Next: walk(a.Next, depth+1)})
			}
		}
		return n
	}
	return walk(g.Start, 0)
}

// switchedLists evaluates a query under each state of the answer
// switches (catalogpages.HomeIncludes): the default's short list, and, where another
// state gives a different one, every distinct list with the states it
// answers under.
func (k *Kind) switchedLists(p *pagemodel.Page, q *catalog.Query, t func(string, ...any) string) (*shortListView, []*shortListView) {
	var lists []*shortListView
	var masks [][]string
	for m, inc := range catalogpages.HomeIncludes {
		v := k.shortList(p, q, inc, t)
		at := slices.IndexFunc(lists, func(w *shortListView) bool { return sameList(v, w) })
		if at < 0 {
			lists, masks, at = append(lists, v), append(masks, nil), len(lists)
		}
		masks[at] = append(masks[at], strconv.Itoa(m))
	}
	if len(lists) == 1 {
		return lists[0], nil
	}
	for i, v := range lists {
		v.Show, v.Hidden = strings.Join(masks[i], " "), i > 0
	}
	return lists[0], lists
}

// sameList reports whether two views of a query's short list show the
// same answer: the same offers at the same prices, counts and notes.
func sameList(a, b *shortListView) bool {
	same := func(x, y []*pickRow) bool {
		return slices.EqualFunc(x, y, func(r, s *pickRow) bool {
			return r.Offer == s.Offer && r.Price.Display == s.Price.Display && r.Key == s.Key && r.Model == s.Model
		})
	}
	return a.Matched == b.Matched && a.Stale == b.Stale && a.Unranked == b.Unranked && a.Partial == b.Partial &&
		same(a.Rows, b.Rows) && same(a.Near, b.Near)
}

// shortList evaluates a query over the priced offers with the answer
// switches inc and makes its view.
func (k *Kind) shortList(p *pagemodel.Page, q *catalog.Query, inc pricing.Include, t func(string, ...any) string) *shortListView {
	display := k.cat.Site.Currency
	l := guide.EvaluateWith(k.cat, k.data.Priced, q, inc)
	v := &shortListView{Currency: display, Model: l.Model, Sort: l.Sort, KeyColumn: l.Sort != "hourly", Matched: l.Matched, Stale: l.Stale}
	rates := map[string]*render.RateView{}
	for i, pk := range l.Picks {
		v.Rows = append(v.Rows, k.pickRow(p, pk, i+1, rates))
	}
	for _, n := range l.Near {
		r := k.pickRow(p, &n.Pick, 0, rates)
		if n.Price.Model != l.Model {
			r.Model = n.Price.Model
		}
		for _, m := range n.Misses {
			r.Misses = append(r.Misses, k.missText(t, n.Offer, l, m))
		}
		v.Near = append(v.Near, r)
	}
	for _, k := range slices.Sorted(maps.Keys(rates)) {
		v.Rates = append(v.Rates, rates[k])
	}
	if l.Matched == 0 {
		v.Ask = askFor(l, t)
	}
	link := k.matrixLink(q, l, t)
	v.Conditions = link.conditions
	if l.Matched > 0 {
		v.MatrixURL = p.Rel(compare.Path(1)) + "#" + link.state.Encode()
		v.Dropped, v.GPUsFrom, v.ProvidersFrom = link.dropped, link.gpusFrom, link.providersFrom
		for _, o := range k.data.Priced {
			pr := o.Prices[l.Model]
			if pr == nil || !carried(k.cat, o, q, link) {
				continue
			}
			switch {
			case !o.Rankable():
				v.Partial++
			case !guide.Answers(o, l.Model, inc) && !(l.Stale && pr.Answers(pricing.Include{Stale: true, Marketplaces: inc.Marketplaces})):
				v.Unranked++ // a stale price the list falls back to is in it
			}
		}
	}
	return v
}

// pickRow makes the row of an offer a short list shows, noting the rate
// its price is converted with in rates.
func (k *Kind) pickRow(p *pagemodel.Page, pk *guide.Pick, rank int, rates map[string]*render.RateView) *pickRow {
	o := pk.Offer
	r := &pickRow{
		Offer: o, Rank: rank,
		InstanceURL: p.Rel(paths.Instance(o.Instance)),
		ProviderURL: p.Rel(paths.Provider(o.Provider.ID)),
		Price:       k.matrixPrice(pk.Price),
		Point:       k.price(o.Instance, pk.Price.Point),
		Key:         pk.Key,
		Date:        pagemodel.NewDate(pk.Price.Point.Since),
	}
	if o.GPU != nil {
		r.GPUURL = p.Rel(paths.GPU(o.GPU.ID))
	}
	if reg := o.Provider.Region(o.Region); reg != nil {
		r.RegionName = cmp.Or(k.text(reg, "name"), reg.ID)
	}
	r.ShowQuote = !r.Price.Quoted || r.Price.Converted || pk.Price.Hourly.Currency != k.cat.Site.Currency || pk.Price.Point.Approximate
	if rv := r.Price.Rate; rv != nil {
		rates[rv.Base+"/"+rv.Quote] = rv
	}
	return r
}

// askFor says what to ask a provider for when no offer in the catalog
// states what a query asks: for each condition a provider can answer
// for — a certification, a feature, RDMA, the GPU interconnect, a price
// under the pricing model — that the nearest offers miss (every one of
// them when there are no nearest offers), in the query's order: "its
// 等保三级 certificate or filing record, covering the instance type and
// region you buy". Conditions only a different offer can meet (a GPU
// model, a region, a bound) are not asked for.
func askFor(l *guide.ShortList, t func(string, ...any) string) []string {
	q := l.Query
	missed := func(kind, want string) bool {
		if len(l.Near) == 0 {
			return true
		}
		return slices.ContainsFunc(l.Near, func(n *guide.Near) bool {
			return slices.ContainsFunc(n.Misses, func(m guide.Miss) bool { return m.Kind == kind && m.Want == want })
		})
	}
	var out []string
	for _, c := range q.Certifications {
		if missed("certifications", c) {
			out = append(out, t("guide.ask.certification", c))
		}
	}
	for _, f := range q.Features {
		if missed("features", f) {
			out = append(out, t("guide.ask.feature", t("guide.feature."+f)))
		}
	}
	if q.RDMA != nil && *q.RDMA && missed("rdma", "") {
		out = append(out, t("guide.ask.rdma"))
	}
	if q.Interconnect != "" && missed("interconnect", "") {
		out = append(out, t("guide.ask.interconnect", t("guide.link."+q.Interconnect)))
	}
	if q.PricingModel != "" && missed("pricing_model", l.Model) {
		out = append(out, t("guide.ask.model", t("model."+l.Model)))
	}
	return out
}

// missText says in the buyer's words what an offer lacks of a condition
// of the query: "no MLPS level 3 certification listed", "region us-east-1
// is not in China mainland", "memory per GPU: 24 GB, not at least 40 GB".
func (k *Kind) missText(t func(string, ...any) string, o *pricing.Offer, l *guide.ShortList, m guide.Miss) string {
	q, in := l.Query, o.Instance
	switch m.Kind {
	case "gpu_models":
		return t("guide.miss.gpu_models", o.GPU.Model, orList(t, q.GPUModels))
	case "gpus":
		return t("guide.miss.gpus", o.GPU.Name)
	case "min_gpu_memory_gb":
		if m.Have == nil {
			return t("guide.miss.memory_unknown")
		}
		return t("guide.miss.memory", render.FormatNum(pricing.Round(*m.Have, 1)), render.FormatNum(q.MinGPUMemoryGB))
	case "min_gpu_count":
		return t("guide.miss.gpu_count_min", in.GPUCount, q.MinGPUCount)
	case "max_gpu_count":
		return t("guide.miss.gpu_count_max", in.GPUCount, q.MaxGPUCount)
	case "interconnect":
		return t("guide.miss.interconnect", t("guide.link."+q.Interconnect))
	case "rdma":
		return t("guide.miss.rdma_" + render.Tri(q.RDMA))
	case "providers":
		return t("guide.miss.providers", k.text(o.Provider, "name"))
	case "provider_kinds":
		return t("guide.miss.provider_kinds", t("kind."+o.Provider.Kind))
	case "regions", "geo":
		if m.Kind == "geo" && slices.Contains(q.Geos, pricing.MainlandGeo) && o.IntlSite() {
			return t("guide.miss.intl_site")
		}
		var want string
		if m.Kind == "regions" {
			want = orList(t, q.Regions)
		} else {
			var names []string
			for _, g := range q.Geos {
				names = append(names, t("geo."+g))
			}
			want = orList(t, names)
		}
		if reg := o.Provider.Region(o.Region); reg != nil {
			return t("guide.miss.region", cmp.Or(k.text(reg, "name"), reg.ID), want)
		}
		return t("guide.miss.region_all", want)
	case "certifications":
		return t("guide.miss.certification", m.Want)
	case "features":
		return t("guide.miss.feature", t("guide.feature."+m.Want))
	case "pricing_model":
		return t("guide.miss.model", t("model."+m.Want))
	case "where":
		label, unit := fieldLabel(t, m.Bound.Field)
		if m.Bound.Currency != "" {
			unit = k.msgs.Cur(m.Bound.Currency)
		}
		if m.Have == nil {
			return t("guide.miss.unknown", label)
		}
		have := render.FormatNum(pricing.Round(*m.Have, 2))
		if m.Bound.Currency != "" {
			have = render.FormatMoney(*m.Have)
		}
		want := boundText(t, k.msgs.Cur, m.Bound)
		if _, after, ok := strings.Cut(want, ": "); ok {
			want = after
		}
		return strings.TrimSpace(t("guide.miss.bound", label, have, unit, want))
	}
	return m.Kind
}

// matrixLinkState is what a query becomes in the matrix: its conditions in
// words, the matrix's URL state (static/matrix.js: facets provider, gpu,
// region and model as lists of ids, "f.<column>" conditions on numeric
// columns such as ">=8" or "1..8", "m" the pricing model, "s" the sort
// column), and the conditions that state cannot hold.
type matrixLinkState struct {
	conditions []string
	state      url.Values
	dropped    []string
	// gpusFrom and providersFrom count the GPU models and providers the
	// gpu and provider facets list for conditions on GPU specs, provider
	// kinds, certifications and features; 0 when the query has none.
	gpusFrom, providersFrom int
	memoryByGPU             bool     // the minimum memory per GPU is in the gpu facet
	geoRegions              []string // the region facet for the query's geo
	geoProviders            bool     // the provider facet keeps the providers with a region there
	// mainland says the query's geo, mainland China alone, is the
	// matrix's switch "mainland China only": the same rule
	// (pricing.Offer.MainlandQuoted), so exact.
	mainland bool
}

// matrixColumnOf is the matrix column of an instance spec a query may bound.
var matrixColumnOf = map[string]string{"instance.vcpus": "vcpus", "instance.ram_gib": "ram", "instance.network_gbps": "network"}

// matrixSortOf is the matrix column of a query's sort key; "" for the
// price of the pricing model, the matrix's "m:<model>".
var matrixSortOf = map[string]string{"per_gpu_hour": "per_gpu", "per_gb_hour": "per_gb", "per_fp16_tflops_hour": "per_fp16", "per_fp32_tflops_hour": "per_fp32"}

// matrixLink describes a query in words and turns it into the matrix's URL
// state. Conditions that depend only on the GPU model (models, GPU ids and
// bounds on GPU specs) become the gpu facet: the GPU models, among those
// offered, that meet them all; conditions on the provider alone (providers,
// kinds, certifications, features) become the provider facet the same way.
// Both are exact. So are regions (with the offers priced in "all" regions,
// as the query counts them), GPU counts, bounds on the instance columns,
// the pricing model and the sort. Minimum GPU memory per GPU, the GPU
// interconnect and RDMA have no matrix filter. Mainland China alone is
// the matrix's switch "mainland China only", which the link states
// wherever it differs from the edition's default (on in the Chinese
// edition): off for every other query.
func (k *Kind) matrixLink(q *catalog.Query, l *guide.ShortList, t func(string, ...any) string) matrixLinkState {
	var s matrixLinkState
	s.state = url.Values{}
	say := func(carried bool, text string) {
		s.conditions = append(s.conditions, text)
		if !carried {
			s.dropped = append(s.dropped, text)
		}
	}
	gpuLevel, providerLevel := false, false

	if len(q.GPUModels) > 0 {
		gpuLevel = true
		say(true, t("guide.cond.gpu_models", orList(t, q.GPUModels)))
	}
	if len(q.GPUs) > 0 {
		gpuLevel = true
		var names []string
		for _, id := range q.GPUs {
			if g := k.cat.GPU(id); g != nil {
				names = append(names, g.Name)
			}
		}
		say(true, t("guide.cond.gpus", orList(t, names)))
	}
	memoryByGPU := false
	if q.MinGPUMemoryGB != nil {
		// Memory per GPU is the GPU model's unless an instance type states
		// its own (a vGPU slice). The gpu facet carries the condition when
		// no offer priced under the model has a figure of its own that
		// judges it otherwise; it narrows the matrix without losing a match
		// when no such figure passes where the GPU model's fails.
		exact, narrows := true, true
		for _, o := range k.data.Priced {
			if o.GPU == nil || o.Prices[l.Model] == nil {
				continue
			}
			own, model := memoryMeets(k.cat, o.GPU, o.Instance, q), memoryMeets(k.cat, o.GPU, nil, q)
			exact = exact && own == model
			narrows = narrows && !(own && !model)
		}
		memoryByGPU = narrows
		gpuLevel = gpuLevel || memoryByGPU
		text := t("guide.cond.min_memory", render.FormatNum(q.MinGPUMemoryGB))
		s.conditions = append(s.conditions, text)
		switch {
		case exact:
		case narrows:
			s.dropped = append(s.dropped, t("guide.link_memory_slices", text))
		default:
			s.dropped = append(s.dropped, text)
		}
	}
	switch lo, hi := q.MinGPUCount, q.MaxGPUCount; {
	case lo > 0 && lo == hi:
		say(true, t("guide.cond.gpu_count_exact", lo))
		s.state.Set("f.gpu_count", "="+strconv.Itoa(lo))
	case lo > 0 && hi > 0:
		say(true, t("guide.cond.gpu_count_range", lo, hi))
		s.state.Set("f.gpu_count", fmt.Sprintf("%d..%d", lo, hi))
	case lo > 0:
		say(true, t("guide.cond.gpu_count_min", lo))
		s.state.Set("f.gpu_count", ">="+strconv.Itoa(lo))
	case hi > 0:
		say(true, t("guide.cond.gpu_count_max", hi))
		s.state.Set("f.gpu_count", "<="+strconv.Itoa(hi))
	}
	if q.Interconnect != "" {
		say(false, t("guide.cond.interconnect", t("guide.link."+q.Interconnect)))
	}
	if q.RDMA != nil {
		say(false, t("guide.cond.rdma_"+render.Tri(q.RDMA)))
	}
	if len(q.Providers) > 0 {
		providerLevel = true
		var names []string
		for _, id := range q.Providers {
			if p := k.cat.Provider(id); p != nil {
				names = append(names, k.text(p, "name"))
			}
		}
		say(true, t("guide.cond.providers", orList(t, names)))
	}
	if len(q.ProviderKinds) > 0 {
		providerLevel = true
		var kinds []string
		for _, k := range q.ProviderKinds {
			kinds = append(kinds, t("kind."+k))
		}
		say(true, t("guide.cond.provider_kinds", orList(t, kinds)))
	}
	for _, c := range q.Certifications {
		providerLevel = true
		say(true, t("guide.cond.certification", c))
	}
	for _, f := range q.Features {
		providerLevel = true
		// The provider facet carries it exactly unless an instance type
		// states the feature otherwise than its provider.
		exact := !k.offered(func(o *pricing.Offer) bool {
			own := guide.InstanceFeature(o.Instance, f)
			return own != nil && *own != o.Provider.Features.Has(f)
		})
		say(exact, t("guide.cond.feature", t("guide.feature."+f)))
	}
	if len(q.Regions) > 0 {
		say(true, t("guide.cond.regions", orList(t, q.Regions)))
		regions := slices.Clone(q.Regions)
		for _, o := range k.data.Priced {
			if o.Region == catalog.AllRegions {
				regions = append(regions, catalog.AllRegions)
				break
			}
		}
		s.state.Set("region", strings.Join(regions, ","))
	}
	switchShown, switchOn := compare.MainlandSwitch(k.cat, k.data.Priced)
	if len(q.Geos) > 0 {
		text := geoCondition(t, q.Geos)
		switch {
		case len(q.Regions) > 0:
			say(false, text)
		case mainlandOnly(q) && switchShown:
			s.mainland = true
			say(true, text)
		default:
			// The regions there, and, for prices that hold in every region,
			// the providers with a region there: exact unless an instance
			// type priced for every region is offered only elsewhere.
			s.geoRegions = geoRegions(k.data.Priced, q.Geos)
			s.state.Set("region", strings.Join(s.geoRegions, ","))
			s.geoProviders = slices.Contains(s.geoRegions, catalog.AllRegions)
			providerLevel = providerLevel || s.geoProviders
			exact := true
			for _, o := range k.data.Priced {
				if o.Prices[l.Model] != nil && geoCarried(o, q, s.geoRegions, s.geoProviders) != guide.InGeo(o, q.Geos) {
					exact = false
				}
			}
			say(exact, text)
		}
	}
	if switchShown && s.mainland != switchOn {
		s.state.Set("cn", map[bool]string{false: "0", true: "1"}[s.mainland])
	}
	bounds := map[string][2]*float64{} // matrix column → tightest min and max
	for _, bd := range q.Where {
		text := boundText(t, k.msgs.Cur, &bd)
		switch col := matrixColumnOf[bd.Field]; {
		case strings.HasPrefix(bd.Field, "gpu."):
			gpuLevel = true
			say(true, text)
		case col != "":
			say(true, text)
			cur := bounds[col]
			if bd.Min != nil && (cur[0] == nil || *bd.Min > *cur[0]) {
				cur[0] = bd.Min
			}
			if bd.Max != nil && (cur[1] == nil || *bd.Max < *cur[1]) {
				cur[1] = bd.Max
			}
			bounds[col] = cur
		default:
			say(false, text)
		}
	}
	for _, col := range slices.Sorted(maps.Keys(bounds)) {
		lo, hi := bounds[col][0], bounds[col][1]
		switch {
		case lo != nil && hi != nil:
			s.state.Set("f."+col, plainNum(*lo)+".."+plainNum(*hi))
		case lo != nil:
			s.state.Set("f."+col, ">="+plainNum(*lo))
		default:
			s.state.Set("f."+col, "<="+plainNum(*hi))
		}
	}
	s.memoryByGPU = memoryByGPU
	say(true, t("guide.cond.model", t("model."+l.Model)))
	s.state.Set("model", l.Model)
	models := compare.PricedModels(k.data.Priced)
	matrixModel := "on_demand"
	if len(models) > 0 && !slices.Contains(models, matrixModel) {
		matrixModel = models[0]
	}
	if l.Model != matrixModel {
		s.state.Set("m", l.Model)
	}
	say(true, t("guide.cond.sort", t("guide.sort_phrase."+l.Sort)))
	if col := matrixSortOf[l.Sort]; col != "" {
		s.state.Set("s", col)
	} else if l.Model != matrixModel {
		s.state.Set("s", "m:"+l.Model)
	}

	// The facets list what is offered and meets the conditions.
	if gpuLevel {
		var ids []string
		for _, g := range k.data.GPUs {
			if k.offered(func(o *pricing.Offer) bool { return o.GPU == g }) && gpuMeets(g, q) && (!memoryByGPU || memoryMeets(k.cat, g, nil, q)) {
				ids = append(ids, g.ID)
			}
		}
		s.gpusFrom = len(ids)
		s.state.Set("gpu", strings.Join(ids, ","))
	}
	if providerLevel {
		var ids []string
		for _, p := range k.cat.Providers {
			if k.offered(func(o *pricing.Offer) bool { return o.Provider == p }) && providerMeets(p, q) && (!s.geoProviders || providerInGeo(p, q.Geos)) {
				ids = append(ids, p.ID)
			}
		}
		s.providersFrom = len(ids)
		s.state.Set("provider", strings.Join(ids, ","))
	}
	return s
}

// carried reports whether an offer meets the conditions of a query that
// its matrix link (matrixLink) carries, the pricing model aside.
func carried(cat *catalog.Catalog, o *pricing.Offer, q *catalog.Query, link matrixLinkState) bool {
	in := o.Instance
	if o.GPU == nil || !gpuMeets(o.GPU, q) || !providerMeets(o.Provider, q) || link.memoryByGPU && !memoryMeets(cat, o.GPU, nil, q) {
		return false
	}
	if q.MinGPUCount > 0 && in.GPUCount < q.MinGPUCount || q.MaxGPUCount > 0 && in.GPUCount > q.MaxGPUCount {
		return false
	}
	if len(q.Regions) > 0 && !slices.Contains(q.Regions, o.Region) && o.Region != catalog.AllRegions {
		return false
	}
	if link.mainland && !o.MainlandQuoted() {
		return false
	}
	if len(q.Regions) == 0 && len(q.Geos) > 0 && !link.mainland && !geoCarried(o, q, link.geoRegions, slices.Contains(link.geoRegions, catalog.AllRegions)) {
		return false
	}
	for _, bd := range q.Where {
		if matrixColumnOf[bd.Field] == "" {
			continue
		}
		v := catalog.QueryFields[bd.Field](o.GPU, in)
		if v == nil || bd.Min != nil && *v < *bd.Min || bd.Max != nil && *v > *bd.Max {
			return false
		}
	}
	return true
}

// offered reports whether some priced offer is one f accepts.
func (k *Kind) offered(f func(*pricing.Offer) bool) bool {
	return slices.ContainsFunc(k.data.Priced, f)
}

// gpuMeets reports whether a GPU model meets every condition of a query on
// the GPU alone, as guide.Evaluate judges them: unknown is not a match.
func gpuMeets(g *catalog.GPU, q *catalog.Query) bool {
	if len(q.GPUModels) > 0 && !slices.Contains(q.GPUModels, g.Model) || len(q.GPUs) > 0 && !slices.Contains(q.GPUs, g.ID) {
		return false
	}
	for _, bd := range q.Where {
		if !strings.HasPrefix(bd.Field, "gpu.") {
			continue
		}
		get := catalog.QueryFields[bd.Field]
		if get == nil {
			return false
		}
		v := get(g, &catalog.Instance{})
		if v == nil || bd.Min != nil && *v < *bd.Min || bd.Max != nil && *v > *bd.Max {
			return false
		}
	}
	return true
}

// memoryMeets reports whether the memory per GPU meets a query's minimum,
// as guide.Evaluate judges it: the instance type's own figure when in is
// given, else the GPU model's.
func memoryMeets(cat *catalog.Catalog, g *catalog.GPU, in *catalog.Instance, q *catalog.Query) bool {
	if q.MinGPUMemoryGB == nil {
		return true
	}
	per := g.MemoryGB
	if in != nil {
		total := cat.TotalGPUMemoryGB(in)
		if total == nil || in.GPUCount <= 0 {
			return false
		}
		v := *total / float64(in.GPUCount)
		per = &v
	}
	return per != nil && *per >= *q.MinGPUMemoryGB
}

// providerMeets reports whether a provider meets every condition of a query
// on the provider alone, as guide.Evaluate judges them.
func providerMeets(p *catalog.Provider, q *catalog.Query) bool {
	if len(q.Providers) > 0 && !slices.Contains(q.Providers, p.ID) || len(q.ProviderKinds) > 0 && !slices.Contains(q.ProviderKinds, p.Kind) {
		return false
	}
	for _, want := range q.Certifications {
		if !p.States(want) {
			return false
		}
	}
	for _, f := range q.Features {
		if !p.Features.Has(f) && !slices.ContainsFunc(p.Instances, func(in *catalog.Instance) bool {
			own := guide.InstanceFeature(in, f)
			return own != nil && *own
		}) {
			return false
		}
	}
	return true
}

// boundText says a bound of a query in words: "memory bandwidth: at least
// 600 GB/s", "price per GPU-hour: at most 1.5 USD".
func boundText(t func(string, ...any) string, cur func(code string) string, bd *catalog.Bound) string {
	label, unit := fieldLabel(t, bd.Field)
	if bd.Currency != "" {
		unit = cur(bd.Currency) // 美元 in Chinese, USD in English
	}
	var text string
	switch {
	case bd.Min != nil && bd.Max != nil:
		text = t("guide.cond.between", label, render.FormatNum(bd.Min), render.FormatNum(bd.Max), unit)
	case bd.Min != nil && bd.Field == "gpu.interconnect.generation":
		// A generation is an ordinal: "generation 3 or later", 第3代及以上.
		text = t("guide.cond.generation_at_least", label, render.FormatNum(bd.Min))
	case bd.Min != nil:
		text = t("guide.cond.at_least", label, render.FormatNum(bd.Min), unit)
	default:
		text = t("guide.cond.at_most", label, render.FormatNum(bd.Max), unit)
	}
	return strings.TrimSpace(text)
}

// mainlandOnly reports whether a query's part of the world is mainland
// China alone.
func mainlandOnly(q *catalog.Query) bool {
	return slices.Equal(q.Geos, []string{pricing.MainlandGeo})
}

// geoCondition says a query's parts of the world in words: mainland China
// alone as the rule of the site's mainland answers has it, "in a region
// of mainland China, priced in yuan"; others by their regions.
func geoCondition(t func(string, ...any) string, geos []string) string {
	if slices.Equal(geos, []string{pricing.MainlandGeo}) {
		return t("guide.cond.mainland")
	}
	var names []string
	for _, g := range geos {
		names = append(names, t("geo."+g))
	}
	return t("guide.cond.geo", orList(t, names))
}

// geoCarried reports whether an offer passes the region facet of a query's
// geo, and, when byProvider, the provider facet that keeps the providers
// with a region there.
func geoCarried(o *pricing.Offer, q *catalog.Query, regions []string, byProvider bool) bool {
	return slices.Contains(regions, o.Region) && (!byProvider || providerInGeo(o.Provider, q.Geos))
}

// providerInGeo reports whether a provider has a region in one of the
// parts of the world.
func providerInGeo(p *catalog.Provider, geos []string) bool {
	return slices.ContainsFunc(p.Regions, func(r *catalog.Region) bool { return slices.Contains(geos, r.Geo) })
}

// geoRegions lists the regions of the priced offers that are in one of the
// parts of the world, as the matrix's region facet takes them, with "all"
// when an offer priced for every region is offered there (guide.InGeo).
func geoRegions(offers []*pricing.Offer, geos []string) []string {
	var out []string
	for _, o := range offers {
		if o.Region != "" && !slices.Contains(out, o.Region) && guide.InGeo(o, geos) {
			out = append(out, o.Region)
		}
	}
	slices.Sort(out)
	return out
}

// fieldLabel names a numeric spec of a query's bound and its unit.
func fieldLabel(t func(string, ...any) string, field string) (label, unit string) {
	for _, kind := range []string{"dense", "sparse"} {
		if key, ok := strings.CutPrefix(field, "gpu."+kind+"."); ok {
			for _, p := range catalog.Precisions {
				if p.Key == key {
					return t("guide.field."+kind, p.Label), p.Unit
				}
			}
		}
	}
	key := strings.ReplaceAll(field, ".", "_")
	if strings.HasPrefix(field, "price.") {
		return t("guide.field." + key), "" // in the bound's currency
	}
	return t("guide.field." + key), t("guide.field_unit." + key)
}

// orList joins names as alternatives: "A100, H100 or H200".
func orList(t func(string, ...any) string, names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return t("guide.or", strings.Join(names[:len(names)-1], t("guide.or_sep")), names[len(names)-1])
}

// plainNum writes a number as the matrix's filters read it: no grouping.
func plainNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
