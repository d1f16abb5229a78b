package site

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"net/url"
	"slices"
	"strings"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/export"
	"gpucompare/generator/site/fingerprint"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// The price-change pages and feeds: /changes/ lists every change newest
// first; feeds of the dated ones are written site-wide and per provider and
// GPU model, each as RSS (feed.xml), Atom (atom.xml) and JSON Feed
// (feed.json). Feeds need absolute URLs, so they are written only when the
// site has one (-base-url or url in data/site.yaml).

// changeRow is one change as /changes/ and the instance pages show it.
type changeRow struct {
	Change      *feed.Change
	Title       string
	Date        *dateView
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
	Trust *trustView
}

// changesData is the model of a page of /changes/: /changes/ itself,
// which lists the latest months, or the page of one month.
type changesData struct {
	Rows      []*changeRow // the changes of the page, newest first
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

// Output paths of the pages of /changes/ and of their rows' scripts.
func changesPath(month string) string {
	if month == "" {
		return "changes/index.html"
	}
	return "changes/" + month + "/index.html"
}
func changesScript(month string) string { return "changes/" + month + "/changes.js" }

// monthKeys are the keys of months.
func monthKeys(months []derive.ChangeMonth) []string {
	out := make([]string, len(months))
	for i, m := range months {
		out[i] = m.Key
	}
	return out
}

// changesKind is the page kind of /changes/ and its months: a function of
// the edition's catalog, its derived changes and its messages, with trust
// the trust badge of a price. Its rows are shown on instance pages too,
// and its words in the feeds.
type changesKind struct {
	cat   *catalog.Catalog
	data  *derive.Data
	msgs  render.Messages
	trust func(pp *catalog.PricePoint, kind string) *trustView
}

// changesOf is the changes page kind of the edition b builds.
func changesOf(b *builder) *changesKind {
	return &changesKind{cat: b.cat, data: b.Data, msgs: b.tmpl.Msgs, trust: b.trust}
}

// lang is the edition's language.
func (k *changesKind) lang() string { return cmp.Or(k.cat.Site.Language, catalog.BaseLanguage) }

// text is the text of the field key of the catalog record rec in the
// edition's language (catalog.Text).
func (k *changesKind) text(rec any, key string) string { return pagemodel.CatalogText(k.cat, rec, key) }

// monthLabel is the words of a month's key: the month as the language
// writes it (2025-06, 2025年6月).
func (k *changesKind) monthLabel(key string) string {
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

// words are the message catalogue's words for telling changes.
func (k *changesKind) words() feed.Words {
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
		// The body of a feed item in the edition's language; in English it
		// stays the command line's.
		w.Body = &feed.BodyWords{Since: t("feeds.body.since"), AsOf: t("feeds.body.as_of"), AsOfEnd: t("feeds.body.as_of_end"),
			Source: t("feeds.body.source"), Previous: t("feeds.body.previous"), Note: t("feeds.body.note"),
			Date: func(d string) string {
				if s, err := k.msgs.Date(d); err == nil {
					return s
				}
				return d
			}}
	}
	return w
}

func (k *changesKind) changeRows(p *page, changes []*feed.Change) []*changeRow {
	w := k.words()
	rows := make([]*changeRow, 0, len(changes))
	for _, c := range changes {
		in := c.Instance
		r := &changeRow{
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
		if c.From != nil {
			r.From = feed.Money(c.From.Amount, c.From.Currency)
		}
		if c.To != nil {
			r.To = feed.Money(c.To.Amount, c.To.Currency)
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
func (k *changesKind) changesData(p *page, month string) *changesData {
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
			Key: m.Key, Label: k.monthLabel(m.Key), URL: p.Rel(changesPath(m.Key)), Script: p.Rel(changesScript(m.Key)),
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
	d.Rows = k.changeRows(p, shown)
	providers, gpus, models := map[string]string{}, map[string]string{}, map[string]string{}
	w := k.words()
	for _, c := range k.data.Changes {
		in := c.Instance
		providers[in.Provider.ID] = in.Provider.Name
		if g := k.cat.GPU(in.GPU); g != nil {
			gpus[g.ID] = g.Name
		}
		models[c.Series.Model] = w.Model(c.Series.Model)
	}
	for _, c := range shown {
		if c.Dated() {
			d.Dated++
		}
	}
	d.Providers, d.GPUs, d.Models = options(providers), options(gpus), options(models)
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

// feedScope is one set of feeds: site-wide, or of one provider or GPU.
type feedScope struct {
	dir     string // output folder: "", "providers/aws/", "gpus/h100-sxm5-80gb/"
	title   string
	page    string // output path of the page the feeds accompany
	changes []*feed.Change
}

func (b *builder) feedScopes() []feedScope {
	t := func(key string, args ...any) string {
		s, _ := b.tmpl.Msgs.T(key, args...)
		return s
	}
	site := cmp.Or(b.cat.Site.Title, "gpucompare")
	scopes := []feedScope{{dir: "", title: t("feeds.site_title", site), page: "changes/index.html", changes: b.Changes}}
	for _, p := range b.cat.Providers {
		var cs []*feed.Change
		for _, c := range b.Changes {
			if c.Instance.Provider == p {
				cs = append(cs, c)
			}
		}
		scopes = append(scopes, feedScope{dir: "providers/" + p.ID + "/", title: t("feeds.scope_title", site, p.Name), page: paths.Provider(p.ID), changes: cs})
	}
	for _, g := range b.cat.GPUs {
		var cs []*feed.Change
		for _, c := range b.Changes {
			if c.Instance.GPU == g.ID {
				cs = append(cs, c)
			}
		}
		scopes = append(scopes, feedScope{dir: "gpus/" + g.ID + "/", title: t("feeds.scope_title", site, g.Name), page: paths.GPU(g.ID), changes: cs})
	}
	return scopes
}

// feedLinks are the alternate links of a page: the site's feeds, and the
// feeds of the provider or GPU the page is about. Nil without a site URL.
func (b *builder) feedLinks(p *page, scopeDir string) []feedLink {
	if b.base == "" {
		return nil
	}
	t := func(key string, args ...any) string {
		s, _ := b.tmpl.Msgs.T(key, args...)
		return s
	}
	var out []feedLink
	add := func(dir, label string) {
		out = append(out,
			feedLink{Title: t("feeds.rss", label), Type: "application/rss+xml", URL: p.Rel(dir + "feed.xml")},
			feedLink{Title: t("feeds.atom", label), Type: "application/atom+xml", URL: p.Rel(dir + "atom.xml")},
			feedLink{Title: t("feeds.json", label), Type: "application/feed+json", URL: p.Rel(dir + "feed.json")})
	}
	add("", t("feeds.all"))
	if scopeDir != "" {
		add(scopeDir, t("feeds.this"))
	}
	return out
}

// feedDir is the folder of the feeds of the provider or GPU a page is
// about, or "" for other pages.
func feedDir(path string) string {
	for _, section := range []string{"providers/", "gpus/"} {
		if rest, ok := strings.CutPrefix(path, section); ok && strings.Count(rest, "/") == 1 && strings.HasSuffix(rest, "/index.html") {
			return strings.TrimSuffix(path, "index.html")
		}
	}
	return ""
}

// feeds writes every feed, or warns that it cannot without a site URL.
func (b *builder) feeds() error {
	if b.base == "" {
		b.warnf(catalog.Pos{File: "data/site.yaml"}, "no site url (url: in data/site.yaml, or -base-url): the price-change feeds need absolute URLs and were not written")
		return nil
	}
	u, err := url.Parse(b.base)
	if err != nil {
		return err
	}
	host := u.Hostname()
	abs := linker{Pretty: b.opts.PrettyURLs}
	item := feed.Item{
		Words:        changesOf(b).words(),
		TagAuthority: host,
		InstanceURL:  func(in *catalog.Instance) string { return b.base + abs.To(paths.Instance(in)) },
	}
	entries := b.feedEntries(item)
	all, err := entries.of(b.Changes)
	if err != nil {
		return err
	}
	// A feed with no dated change is as new as the catalog's newest change,
	// so the same catalog always gives the same bytes.
	var newest time.Time
	for _, e := range all {
		if t := e.Date(); t.After(newest) {
			newest = t
		}
	}
	desc, _ := b.tmpl.Msgs.T("feeds.description")
	// Each feed holds its latest items only (changes are newest first).
	entries.max = cmp.Or(b.cat.Site.FeedItems, catalog.DefaultFeedItems)
	for _, s := range b.feedScopes() {
		f := feed.Feed{
			Title: s.title, Description: desc, PageURL: b.base + abs.To(s.page),
			FeedURL: b.base + s.dir, Updated: newest,
		}
		paths := [3]string{s.dir + "feed.xml", s.dir + "atom.xml", s.dir + "feed.json"}
		if b.kept == nil {
			// Nothing is kept for a next build: each document goes
			// straight into its file, entry by entry.
			if err := b.feedFiles(paths, f, entries, s.changes); err != nil {
				return err
			}
			continue
		}
		// What the feed is made of besides the messages: the feed, its
		// changes, and what the item's URLs and ids are made of.
		inputs := feedInputs{f.Title, f.Description, f.PageURL, f.FeedURL, f.Updated.Unix(), f.Updated.Nanosecond(), s.changes, b.base, b.opts.PrettyURLs, entries.max}
		err := b.putMade("feeds "+s.dir, inputs, func() ([]madeFile, error) {
			es, err := entries.of(s.changes)
			if err != nil {
				return nil, err
			}
			docs, err := feed.Assemble(f, es)
			return []madeFile{{paths[0], docs.RSS}, {paths[1], docs.Atom}, {paths[2], docs.JSON}}, err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// feedFiles writes the RSS, Atom and JSON documents of one feed of changes
// into the files at paths entry by entry, without joining them first.
func (b *builder) feedFiles(paths [3]string, f feed.Feed, entries *feedEntries, changes []*feed.Change) error {
	es, err := entries.of(changes)
	if err != nil {
		return err
	}
	parts, err := feed.AssembleParts(f, es)
	if err != nil {
		return err
	}
	for i, doc := range [3]feed.Doc{parts.RSS, parts.Atom, parts.JSON} {
		if err := b.writeFile(paths[i], doc); err != nil {
			return err
		}
	}
	return nil
}

// writeFile adds a file to the build that w writes.
func (b *builder) writeFile(path string, w io.WriterTo) (err error) {
	f, err := b.create(path)
	if err != nil {
		return err
	}
	defer export.CloseInto(f, &err)
	_, err = w.WriteTo(f)
	return err
}

// feedInputs are what the documents of one feed are made of, besides the
// messages of the templates: its Feed (the instant of Updated, which
// feed.Render writes in UTC), its changes, and the site URL and URL style
// that its items' links and ids are made of.
type feedInputs struct {
	Title, Description, PageURL, FeedURL string
	Updated                              int64 // Unix seconds
	UpdatedNanos                         int
	Changes                              []*feed.Change
	Base                                 string
	PrettyURLs                           bool
	Max                                  int // the most items a feed holds
}

// feedEntries are the entries of the feeds of one build (feed.Entry): each
// dated change encoded once for every feed that lists it, or, for a
// Rebuilder, taken from the last build when the change has the same
// fingerprint and the site URL and URL style are the same.
type feedEntries struct {
	item feed.Item
	// max is how many entries a feed holds at most, the latest
	// (feed_items of data/site.yaml); 0 means all.
	max  int
	made map[*feed.Change]*feed.Entry             // nil: an undated change
	keys map[*feed.Change]fingerprint.Fingerprint // of each change, for a Rebuilder
	kept map[fingerprint.Fingerprint]*feed.Entry  // for the next build
}

// entryInputs are what the entry of a change is made of besides the
// messages: the change, and the site URL and URL style of its links and id.
type entryInputs struct {
	Change     *feed.Change
	Base       string
	PrettyURLs bool
}

func (b *builder) feedEntries(item feed.Item) *feedEntries {
	e := &feedEntries{item: item, made: map[*feed.Change]*feed.Entry{}}
	u := b.keptUnits()
	if u == nil {
		return e
	}
	w := fingerprint.NewWalker(u)
	e.keys, e.kept = map[*feed.Change]fingerprint.Fingerprint{}, map[fingerprint.Fingerprint]*feed.Entry{}
	for _, c := range b.Changes {
		f, ok := w.Of(entryInputs{c, b.base, b.opts.PrettyURLs})
		if !ok {
			continue
		}
		e.keys[c] = f
		if en, hit := b.kept.entries[f]; hit {
			e.made[c], e.kept[f] = en, en
		}
	}
	b.kept.entries = e.kept
	return e
}

// of returns the entries of the dated changes, in order: the first
// e.max of them when e.max is set.
func (e *feedEntries) of(changes []*feed.Change) ([]*feed.Entry, error) {
	out := make([]*feed.Entry, 0, len(changes))
	for _, c := range changes {
		if e.max > 0 && len(out) == e.max {
			break
		}
		en, ok := e.made[c]
		if !ok {
			var err error
			if en, err = e.item.Entry(c); err != nil {
				return nil, err
			}
			e.made[c] = en
			if f, ok := e.keys[c]; ok && en != nil {
				e.kept[f] = en
			}
		}
		if en != nil {
			out = append(out, en)
		}
	}
	return out, nil
}

// changeScriptInputs are what the rows' script of a month is made of
// besides the templates: its changes, the GPU models the rows name, the
// URL style of their links, and the day and policy their ages count to.
type changeScriptInputs struct {
	Month        string
	Changes      []*feed.Change
	GPUs         []*catalog.GPU
	PrettyURLs   bool
	AgeDate      int64 // Unix seconds
	Fresh, Stale int
}

// changeScripts writes the rows' script of every month of /changes/
// (changesScript), from which static/changes.js filters the changes of
// every month on any page of /changes/: a file loaded by <script src>, as
// file:// allows no fetch. Each row is the page's row, its links from the
// site's root folder, with what the filters match on.
func (b *builder) changeScripts() error {
	t := b.tmpl.ByLayout["changes"]
	if t == nil || t.Lookup("change-row") == nil {
		return nil // a site's own templates without the rows' template
	}
	root := &page{Links: linker{Pretty: b.opts.PrettyURLs}}
	fresh, stale := b.cat.Site.Policy()
	for _, m := range b.Months {
		inputs := changeScriptInputs{m.Key, m.Changes, b.cat.GPUs, b.opts.PrettyURLs, b.ageDate.Unix(), fresh, stale}
		err := b.putMade("changes script "+m.Key, inputs, func() ([]madeFile, error) {
			data, err := changesOf(b).changeScript(t, root, m)
			return []madeFile{{changesScript(m.Key), data}}, err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// changeScript is the rows' script of month m: each row as [provider,
// GPU ("" when unknown), pricing model, direction, the row's HTML].
func (k *changesKind) changeScript(t *template.Template, root *page, m derive.ChangeMonth) ([]byte, error) {
	var buf, row bytes.Buffer
	// The script is a file of its own, never inside a page: <, > and &
	// need no escaping, and U+2028 and U+2029 are escaped all the same.
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	buf.WriteString("// The price changes of one month of /changes/, for its filter (static/changes.js).\n")
	buf.WriteString("(window.gpucompareChanges = window.gpucompareChanges || {})[")
	if err := enc.Encode(m.Key); err != nil {
		return nil, err
	}
	buf.Truncate(buf.Len() - 1) // Encode ends with a newline
	buf.WriteString("] = [\n")
	for i, r := range k.changeRows(root, m.Changes) {
		row.Reset()
		if err := t.ExecuteTemplate(&row, "change-row", r); err != nil {
			return nil, fmt.Errorf("%s: %w", changesScript(m.Key), err)
		}
		gpu := ""
		if r.GPU != nil {
			gpu = r.GPU.ID
		}
		if i > 0 {
			buf.WriteString(",")
		}
		if err := enc.Encode([]string{r.Provider.ID, gpu, r.Change.Series.Model, r.Direction, strings.TrimSpace(row.String())}); err != nil {
			return nil, err
		}
	}
	buf.WriteString("];\n")
	return buf.Bytes(), nil
}
