package kinds

import (
	"cmp"
	"slices"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// The price-change pages: /changes/ lists the changes of the latest
// months newest first, and each month has a page of its own; their rows
// are shown on instance pages too. The feeds of the dated changes are a
// writer of their own (package feeds).

// ChangeRow is one change as /changes/ and the instance pages show it.
type ChangeRow struct {
	Change      *feed.Change
	Title       string
	Date        *pagemodel.DateView
	Provider    *catalog.Provider
	ProviderURL string
	InstanceURL string
	GPU         *catalog.GPU // nil when unknown
	GPUURL      string
	RegionName  string // "" for all regions
	From, To    string
	Percent     string
	Direction   string // down, up, or ""
	// Trust is the age of the new price, its freshness and the kind of
	// its source.
	Trust *pagemodel.TrustView
}

// changesData is the model of a page of /changes/: /changes/ itself,
// which lists the latest months, or the page of one month.
type changesData struct {
	Rows      []*ChangeRow // the changes of the page, newest first
	Providers []option     // the filter's choices: every provider, GPU and
	GPUs      []option     // pricing model with a change, in any month
	Models    []option
	Dated     int // how many of Rows have a date and are in the feeds
	Total     int // how many changes all months hold
	// Month is the key of the month the page shows ("2025-06"), "" on
	// /changes/; Label is its words.
	Month, Label string
	Months       []*monthLink // every month, newest first
	Newer, Older *monthLink   // the months beside a month page; nil at the ends
	// Unchanged names the China clouds of the catalog (kind china_cloud)
	// none of whose offers has a change in any month, so that the page
	// says why a mainland buyer finds none of them; empty when each has
	// one, or the catalog has none.
	Unchanged []string
	// Root is the page's link to the site's root folder, which
	// static/changes.js puts before the links of the rows it adds from
	// the months' scripts.
	Root string
}

// option is one choice of a filter.
type option struct{ Value, Label string }

// monthLink is one month of the month navigation of /changes/.
type monthLink struct {
	Key, Label string
	URL        string // of its page
	Script     string // of its rows' script, for the filter
	Count      int
	Current    bool // the page shown is this month's
	Here       bool // its changes are on the page shown
}

// latestMonths is how many of months, newest first, /changes/ lists.
func latestMonths(months []derive.ChangeMonth) int {
	n, rows := 0, 0
	for _, m := range months {
		if n > 0 && (rows >= derive.LatestMin || rows+len(m.Changes) > derive.LatestMax) {
			break
		}
		n++
		rows += len(m.Changes)
	}
	return n
}

// monthKeys are the keys of months.
func monthKeys(months []derive.ChangeMonth) []string {
	out := make([]string, len(months))
	for i, m := range months {
		out[i] = m.Key
	}
	return out
}

// Changes is the page kind of /changes/ and its months: a function of
// the edition's catalog, its derived changes and its messages, with
// newPage making the frame of a page of the edition and trust the trust
// badge of a price. Its rows are shown on instance pages too (Rows), and
// its words in the feeds (Words).
type Changes struct {
	cat     *catalog.Catalog
	data    *derive.Data
	msgs    render.Messages
	newPage NewPage
	trust   Trust
}

// NewChanges is the changes page kind of an edition.
func NewChanges(cat *catalog.Catalog, data *derive.Data, msgs render.Messages, newPage NewPage, trust Trust) *Changes {
	return &Changes{cat: cat, data: data, msgs: msgs, newPage: newPage, trust: trust}
}

// Pages makes /changes/, which lists the latest months, and the page of
// each month; their models are made as they render.
func (k *Changes) Pages() []*pagemodel.Page {
	var out []*pagemodel.Page
	for _, month := range append([]string{""}, monthKeys(k.data.Months)...) {
		p := k.newPage(paths.Changes(month), "changes")
		p.TitleKey, p.DescKey = "changes.title", "changes.description"
		if month != "" {
			label := k.monthLabel(month)
			p.TitleKey, p.DescKey = "", ""
			p.Title, _ = k.msgs.T("changes.month_title", label)
			p.Description, _ = k.msgs.T("changes.month_description", label)
		}
		p.Lazy(func() any { return k.changesData(p, month) })
		p.Script = p.Rel("static/changes.js")
		out = append(out, p)
	}
	return out
}

// lang is the edition's language.
func (k *Changes) lang() string { return cmp.Or(k.cat.Site.Language, catalog.BaseLanguage) }

// text is the text of the field key of the catalog record rec in the
// edition's language (catalog.Text).
func (k *Changes) text(rec any, key string) string { return pagemodel.CatalogText(k.cat, rec, key) }

// monthLabel is the words of a month's key: the month as the language
// writes it (2025-06, 2025年6月).
func (k *Changes) monthLabel(key string) string {
	if key == derive.UndatedMonth {
		s, err := k.msgs.T("changes.undated_month")
		if err != nil {
			return key
		}
		return s
	}
	s, err := k.msgs.Date(key)
	if err != nil {
		return key
	}
	return s
}

// money is a price of a change as the edition's language writes it:
// its amount, its currency's unit and the hour or GPU-hour, no space
// between ("3.473美元/小时", "1.20美元/GPU小时").
func (k *Changes) money(amount float64, currency string, perGPU bool) string {
	unit := "unit.hour"
	if perGPU {
		unit = "unit.gpu_hour"
	}
	u, _ := k.msgs.T(unit)
	return feed.Amount(amount) + k.msgs.Cur(currency) + u
}

// Words are the message catalogue's words for telling changes.
func (k *Changes) Words() feed.Words {
	t := func(key string) string {
		s, err := k.msgs.T(key)
		if err != nil {
			return key
		}
		return s
	}
	w := feed.Words{
		Model:      func(m string) string { return t("model." + m) },
		AllRegions: t("region.all"),
		PerGPU:     t("unit.per_gpu"),
		Off:        t("changes.off"),
		Comma:      t("punct.comma"),
		Colon:      t("punct.colon"),
		Open:       t("punct.open"),
		Close:      t("punct.close"),
	}
	if k.lang() != catalog.BaseLanguage {
		// A region by its name in the edition's language; in English, by
		// its id.
		w.Name = func(in *catalog.Instance) string { return cmp.Or(k.text(in, "name"), in.Name) }
		w.Region = func(in *catalog.Instance, id string) string {
			if r := in.Provider.Region(id); r != nil {
				return cmp.Or(k.text(r, "name"), id)
			}
			return id
		}
		// A price as the edition writes it: "3.473美元/小时", not "$3.473".
		w.Money = k.money
		// The body of a feed item in the edition's language; in English it
		// stays the command line's.
		w.Body = &feed.BodyWords{Since: t("feeds.body.since"), AsOf: t("feeds.body.as_of"), AsOfEnd: t("feeds.body.as_of_end"),
			Source: t("feeds.body.source"), Previous: t("feeds.body.previous"), Note: t("feeds.body.note"),
			Foreign: catalog.BaseLanguage,
			Date: func(d string) string {
				if s, err := k.msgs.Date(d); err == nil {
					return s
				}
				return d
			}}
	}
	return w
}

// Rows are the rows of changes as page p shows them, linked from it.
func (k *Changes) Rows(p *pagemodel.Page, changes []*feed.Change) []*ChangeRow {
	w := k.Words()
	rows := make([]*ChangeRow, 0, len(changes))
	for _, c := range changes {
		in := c.Instance
		r := &ChangeRow{
			Change: c, Title: c.Title(w), Date: pagemodel.NewDate(c.Date()), Provider: in.Provider,
			ProviderURL: p.Rel(paths.Provider(in.Provider.ID)), InstanceURL: p.Rel(paths.Instance(in)),
			Direction: c.Direction(), Trust: k.trust(c.New, c.New.SourceKind),
		}
		if g := k.cat.GPU(in.GPU); g != nil {
			r.GPU, r.GPUURL = g, p.Rel(paths.GPU(g.ID))
		}
		if reg := in.Provider.Region(c.Series.Region); reg != nil {
			r.RegionName = cmp.Or(k.text(reg, "name"), reg.ID)
		}
		money := func(h *pricing.Hourly, p *catalog.PricePoint) string {
			if k.lang() == catalog.BaseLanguage {
				return feed.Money(h.Amount, h.Currency)
			}
			return k.money(h.Amount, h.Currency, p.PerGPU && h.Basis == pricing.BasisQuoted)
		}
		if c.From != nil {
			r.From = money(c.From, c.Old)
		}
		if c.To != nil {
			r.To = money(c.To, c.New)
		}
		if c.Percent != nil {
			r.Percent = feed.Percent(*c.Percent)
		}
		rows = append(rows, r)
	}
	return rows
}

// changesData is the model of the page of /changes/ p that shows month,
// or, for "", the latest months.
func (k *Changes) changesData(p *pagemodel.Page, month string) *changesData {
	months := k.data.Months
	d := &changesData{Month: month, Total: len(k.data.Changes), Root: p.Rel("")}
	if d.Root == "./" {
		d.Root = ""
	}
	here := map[string]bool{}
	if month == "" {
		for _, m := range months[:latestMonths(months)] {
			here[m.Key] = true
		}
	} else {
		here[month] = true
		d.Label = k.monthLabel(month)
	}
	var shown []*feed.Change
	cur := -1
	for i, m := range months {
		l := &monthLink{
			Key: m.Key, Label: k.monthLabel(m.Key), URL: p.Rel(paths.Changes(m.Key)), Script: p.Rel(paths.ChangesScript(m.Key)),
			Count: len(m.Changes), Current: m.Key == month, Here: here[m.Key],
		}
		d.Months = append(d.Months, l)
		if l.Here {
			shown = append(shown, m.Changes...)
		}
		if l.Current {
			cur = i
		}
	}
	if cur > 0 {
		d.Newer = d.Months[cur-1]
	}
	if cur >= 0 && cur+1 < len(d.Months) {
		d.Older = d.Months[cur+1]
	}
	d.Rows = k.Rows(p, shown)
	providers, gpus, models := map[string]string{}, map[string]string{}, map[string]string{}
	w := k.Words()
	for _, c := range k.data.Changes {
		in := c.Instance
		providers[in.Provider.ID] = k.text(in.Provider, "name")
		if g := k.cat.GPU(in.GPU); g != nil {
			gpus[g.ID] = k.text(g, "name")
		}
		models[c.Series.Model] = w.Model(c.Series.Model)
	}
	for _, c := range shown {
		if c.Dated() {
			d.Dated++
		}
	}
	d.Providers, d.GPUs, d.Models = options(providers), options(gpus), options(models)
	for _, pr := range k.cat.Providers {
		if _, changed := providers[pr.ID]; pr.Kind == "china_cloud" && !changed {
			d.Unchanged = append(d.Unchanged, k.text(pr, "name"))
		}
	}
	return d
}

func options(m map[string]string) []option {
	var out []option
	for v, l := range m {
		out = append(out, option{v, l})
	}
	slices.SortFunc(out, func(a, b option) int { return cmp.Compare(strings.ToLower(a.Label), strings.ToLower(b.Label)) })
	return out
}
