package kinds

import (
	"cmp"
	"fmt"
	"html/template"
	"io"
	"strings"

	"gpucompare/generator/catalog"
	gfm "gpucompare/generator/site/markdown"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/twins"
)

// HasChangesTwin reports whether page p, its model made, has a twin
// written by WriteChangesTwin: a page of /changes/ that shows no private
// quote's terms.
func HasChangesTwin(p *pagemodel.Page) bool {
	d, ok := p.Data.(*changesData)
	if !ok || p.Layout != "changes" {
		return false
	}
	for _, r := range d.Rows {
		if r.Trust != nil && r.Trust.Quote != nil {
			return false
		}
	}
	return true
}

// WriteChangesTwin writes the Markdown twin of page p of /changes/
// (…/index.md beside its index.html) to dst as it is made, a row at a
// time: the twin of a month at 100,000 offers is 2 MB, never held whole.
// It is written from the page's model as the layout "changes" and its row
// "change-row" show it to a reader without script: the heading, the
// caption, the table of the page's changes (each price's date, age,
// freshness and kind of source), what a change is and the feeds. It says
// what the page's HTML says read back as a twin (twins.Of), byte for byte
// (TestChangesTwinIsItsPage), without holding the tree of that HTML (a
// month's page at 100,000 offers is 7 MB, its tree 30 MB). msgs words it;
// agesTo says the day its ages are counted to. p must have one
// (HasChangesTwin).
func WriteChangesTwin(dst io.Writer, p *pagemodel.Page, msgs render.Messages, agesTo string) error {
	d, ok := p.Data.(*changesData)
	if !ok {
		return fmt.Errorf("%s: no twin of a page of %T", p.Path, p.Data)
	}
	var err error
	funcs := render.Funcs(msgs)
	w := changesTwin{
		p: p, msgs: msgs,
		out:      twins.NewOut(dst),
		t:        msgs.TKeeping(&err),
		notes:    twins.Notes{AgesTo: agesTo},
		tr:       funcs["tr"].(func(any, string) (template.HTML, error)),
		trs:      funcs["trs"].(func(any, string) string),
		instname: funcs["instname"].(func(*catalog.Instance) template.HTML),
		num:      funcs["num"].(func(any) string),
		date:     funcs["date"].(func(any) (string, error)),
	}
	w.page(d)
	if err = cmp.Or(err, w.err); err != nil {
		return fmt.Errorf("%s: %w", twins.Path(p.Path), err)
	}
	return w.out.Close(&w.notes)
}

// changesTwin writes the twin of a page of /changes/.
type changesTwin struct {
	p     *pagemodel.Page
	msgs  render.Messages
	t     func(string, ...any) string
	out   *twins.Out
	notes twins.Notes
	// The templates' helpers (render.Funcs) the row uses.
	tr       func(any, string) (template.HTML, error)
	trs      func(any, string) string
	instname func(*catalog.Instance) template.HTML
	num      func(any) string
	date     func(any) (string, error)
	err      error
}

// keep keeps the first error of the templates' helpers.
func (w *changesTwin) keep(err error) {
	if err != nil && w.err == nil {
		w.err = err
	}
}

// para writes a paragraph of Markdown, its white space collapsed.
func (w *changesTwin) para(md string) {
	if md = collapse(md); md != "" {
		w.out.WriteString(md)
		w.out.WriteString("\n\n")
	}
}

// text is the Markdown of the message key.
func (w *changesTwin) text(key string, args ...any) string { return gfm.Text(w.t(key, args...)) }

// link is a Markdown link with the text md (Markdown) to href, a link of
// the page, to its twin where it has one; md alone when href is none, as
// a twin reads a link of the page's HTML.
func (w *changesTwin) link(md, href string) string {
	h := gfm.Href(twins.Link(w.p.Path, href))
	if t := strings.TrimSpace(md); h != "" && t != "" {
		return "[" + t + "](" + h + ")"
	}
	return md
}

// page writes the page: as the layout "changes" does, less what the
// reader does not see without script (the filter) and the navigation
// of the months (a twin has no navigation).
func (w *changesTwin) page(d *changesData) {
	if d.Month != "" {
		w.para("# " + w.text("changes.month_heading", d.Label))
	} else {
		w.para("# " + w.text("changes.title"))
	}
	if len(d.Rows) == 0 {
		w.para(w.text("changes.none"))
	} else {
		all := d.Dated == len(d.Rows)
		var caption string
		switch {
		case d.Month != "" && all:
			caption = w.text("changes.month_caption_dated", len(d.Rows), d.Total)
		case d.Month != "":
			caption = w.text("changes.month_caption", len(d.Rows), d.Dated, d.Total)
		case all:
			caption = w.text("changes.latest_caption_dated", len(d.Rows), d.Total)
		default:
			caption = w.text("changes.latest_caption", len(d.Rows), d.Dated, d.Total)
		}
		w.para(caption + " " + w.link(w.text("changes.to_months"), "#months-heading"))
		if len(d.Unchanged) > 0 {
			w.para(w.text("changes.unchanged", strings.Join(d.Unchanged, w.t("provider.list_sep"))))
		}
		w.table(d.Rows)
	}
	w.para(w.text("changes.intro"))
	switch {
	case len(w.p.Feeds) > 0:
		s := w.text("changes.subscribe")
		for _, f := range w.p.Feeds {
			s += " " + w.link(gfm.Text(f.Title), f.URL)
		}
		w.para(s)
	case w.p.Site != nil && w.p.Site.Internal:
		w.para(w.text("changes.no_feeds_internal"))
	default:
		w.para(w.text("changes.no_feeds"))
	}
}

// table writes the table of the changes, a row at a time.
func (w *changesTwin) table(rows []*ChangeRow) {
	head := []string{w.text("col.date"), w.text("col.instance") + " · " + w.text("col.provider"), w.text("col.gpu"),
		w.text("col.region"), w.text("col.model"), w.text("col.old"), w.text("col.new"), w.text("col.change"), w.text("col.source")}
	for i := range head {
		head[i] = collapse(head[i])
	}
	gfm.TableHead(w.out, head, []bool{false, false, false, false, false, true, true, true, false})
	cells := make([]string, len(head))
	for _, r := range rows {
		w.row(cells, r)
		gfm.TableRow(w.out, cells)
	}
	w.out.WriteString("\n")
}

// row puts the cells of row r into cells, as the template "change-row"
// shows them.
func (w *changesTwin) row(cells []string, r *ChangeRow) {
	c := r.Change
	// the date, and under it the new price's trust
	date := "—"
	switch {
	case r.Date == nil:
	case r.Date.Unknown:
		date = w.text("date.unknown")
	default:
		s, err := w.date(r.Date.Value)
		w.keep(err)
		date = gfm.Text(s)
	}
	if r.Trust != nil {
		date += " " + w.trust(r.Trust)
	}
	cells[0] = collapse(date)
	// the instance type, and under it its provider
	provider, err := w.tr(r.Provider, "name")
	w.keep(err)
	cells[1] = collapse(w.link(gfm.HTMLText(string(w.instname(c.Instance))), r.InstanceURL) + " · " +
		w.link(gfm.HTMLText(string(provider)), r.ProviderURL))
	cells[2] = "—"
	if r.GPU != nil {
		cells[2] = collapse(w.link(gfm.Text(w.trs(r.GPU, "name")), r.GPUURL))
	}
	switch {
	case r.RegionName != "":
		cells[3] = collapse(gfm.Text(r.RegionName))
	case c.Series.Region == "all":
		cells[3] = collapse(w.text("region.all"))
	default:
		cells[3] = collapse(gfm.Text(c.Series.Region))
	}
	model := w.text("model." + c.Series.Model)
	if c.Series.Payment != "" {
		model += " · " + w.text("payment."+c.Series.Payment)
	}
	cells[4] = collapse(model)
	cells[5] = collapse(w.price(r.From, c.Old))
	cells[6] = collapse(w.price(r.To, c.New))
	cells[7] = "—"
	if r.Percent != "" {
		cells[7] = collapse(gfm.Text(r.Percent))
	}
	cells[8] = "—"
	if c.New != nil {
		cells[8] = w.cites(w.msgs.Cite(c.New.Source))
	}
}

// price is an old or new price of a change as the row shows it: its
// amount, else the discount its point states, else unknown.
func (w *changesTwin) price(amount string, p *catalog.PricePoint) string {
	switch {
	case amount != "":
		return gfm.Text(amount)
	case p != nil && p.DiscountPct() != nil:
		return w.text("price.discount", w.num(p.DiscountPct()))
	}
	return "—"
}

// cites is the Markdown of a source's citations, as the partial "cites"
// shows them and a twin reads them: each a run of words and links, the
// edition's separator between two; "—" for none.
func (w *changesTwin) cites(cs []render.Citation) string {
	if len(cs) == 0 {
		return "—"
	}
	sep := "; "
	if strings.HasPrefix(w.p.Path, "zh/") {
		sep = "；"
	}
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteString(sep)
		}
		for _, part := range c {
			switch {
			case part.URL != "":
				b.WriteString(w.link(gfm.Text(part.Label), part.URL))
			case part.HTML != "":
				b.WriteString(gfm.HTMLText(string(part.HTML)))
			default:
				b.WriteString(gfm.Text(part.Text + part.Quote + part.Gloss))
			}
		}
	}
	return collapse(b.String())
}

// trust is a price's trust as the partial "price-trust" shows it and a
// twin reads it (twins' trust): its age (with its date when the age
// counts from it), its freshness, its kind of source linked to the source
// (a web address) or citing it in a footnote, a copy's words, when its
// source last listed it, a restriction, and an international site's price.
func (w *changesTwin) trust(v *pagemodel.TrustView) string {
	var parts []string
	add := func(md string) {
		if md = collapse(md); md != "" {
			parts = append(parts, md)
		}
	}
	switch {
	case v.Date != "" && v.Since != "":
		add(w.text("trust.checked_pre") + gfm.Text(v.Age) + w.text("trust.checked_post"))
	case v.Date != "":
		if s := collapse(gfm.Text(v.Age)); s != "" {
			parts = append(parts, gfm.Text(v.Date)+" ("+s+")")
			w.notes.Aged()
		}
	default:
		add(gfm.Text(v.Age))
	}
	if v.Date != "" {
		add(w.text("trust.badge." + v.Badge))
	}
	if v.Kind != "" {
		if kind := collapse(w.text("trust.kind." + v.Kind)); kind != "" {
			if h := gfm.Href(v.Source); h != "" && strings.HasPrefix(h, "http") {
				kind = "[" + kind + "](" + h + ")"
			} else if v.Source != "" {
				kind += w.notes.Ref(gfm.Text(v.Source))
			}
			parts = append(parts, kind)
		}
	}
	if v.Copy != "" {
		if v.Short {
			add(w.text("trust.copy_short." + v.Copy))
		} else if collapse(w.text("trust.copy."+v.Copy)) != "" {
			parts = append(parts, w.text("trust.copy_words."+v.Copy))
		}
	}
	if v.LastSeen != "" {
		seen, err := w.date(v.LastSeen)
		w.keep(err)
		add(w.text("trust.last_seen", seen))
	}
	if v.Restricted != "" {
		add(w.text("trust.restricted"))
	}
	if v.IntlSite {
		add(w.text("price.abroad.intl_site"))
	}
	return strings.Join(parts, " · ")
}

// collapse is s's words as strings.Fields cuts them, joined by single
// spaces: white space as the page's reader sees it.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
