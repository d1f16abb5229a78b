package compare

import (
	"cmp"
	"fmt"
	"html/template"
	"io"
	"strings"

	gfm "gpucompare/generator/site/markdown"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/twins"
)

// HasTwin reports whether page p of /compare/, of model d, has a twin
// written by WriteTwin: not when it shows a private quote's terms (an
// internal build's), or a column by default that the twin does not
// write.
func HasTwin(p *pagemodel.Page, d *Data) bool {
	if p.Layout != "compare" {
		return false
	}
	for _, r := range d.Rows {
		if r.Dated != nil && r.Dated.Trust != nil && r.Dated.Trust.Quote != nil {
			return false
		}
	}
	return twinColumnsOf(d) != nil
}

// twinColumnsOf are the columns of d the twin writes: those shown by
// default, and the sources; nil when one shown by default is not of
// twinColumns.
func twinColumnsOf(d *Data) []Column {
	cols := []Column{}
	for _, c := range d.Columns {
		if c.Off && c.Key != "source" { // the matrix's sources, which its prices do not name
			continue
		}
		if !twinColumns[c.Key] {
			return nil
		}
		cols = append(cols, c)
	}
	return cols
}

// WriteTwin writes the Markdown twin of page p of /compare/ (…/index.md
// beside its index.html) to dst as it is made, a row at a time: the
// page's table is never held whole. It is written from the page's model
// d, as the layout "compare" and its partial "compare-table" are: what a
// reader sees without script — the heading, how the prices are
// compared, the rates the prices are converted at, the count of offers,
// and the table of the columns shown by default (and the sources, which
// the rows name nowhere else), each price with its age and kind of
// source — and the links to the exports. Not the page's HTML read back:
// a page of the matrix is its largest. msgs words it; agesTo says the
// day its ages are counted to. p must have one (HasTwin).
func WriteTwin(dst io.Writer, p *pagemodel.Page, d *Data, msgs render.Messages, agesTo string) error {
	cols := twinColumnsOf(d)
	if cols == nil {
		return fmt.Errorf("%s: a column the twin does not write is shown", twins.Path(p.Path))
	}
	var err error
	funcs := render.Funcs(msgs)
	w := twinWriter{
		p: p, d: d, msgs: msgs,
		out:   twins.NewOut(dst),
		t:     msgs.TKeeping(&err),
		notes: twins.Notes{AgesTo: agesTo},
		tr:    funcs["tr"].(func(any, string) (template.HTML, error)),
		trs:   funcs["trs"].(func(any, string) string),
	}
	w.page(cols)
	if err = cmp.Or(err, w.err); err != nil {
		return fmt.Errorf("%s: %w", twins.Path(p.Path), err)
	}
	return w.out.Close(&w.notes)
}

// twinColumns are the columns of /compare/ its twin writes.
var twinColumns = map[string]bool{"instance": true, "provider": true, "gpu": true, "region": true, "price": true,
	"per_gpu": true, "since": true, "source": true}

// twinWriter writes the twin of a page of /compare/.
type twinWriter struct {
	p     *pagemodel.Page
	d     *Data
	msgs  render.Messages
	t     func(string, ...any) string
	out   *twins.Out
	notes twins.Notes
	// tr and trs are the templates' (render.Funcs): a catalog record's
	// text in the page's language, as HTML marked when untranslated, and
	// as plain text.
	tr  func(any, string) (template.HTML, error)
	trs func(any, string) string
	err error
}

// para writes a paragraph of Markdown, its white space collapsed.
func (w *twinWriter) para(md string) {
	if md = collapse(md); md != "" {
		w.out.WriteString(md)
		w.out.WriteString("\n\n")
	}
}

// collapse is s's words as strings.Fields cuts them, joined by single
// spaces: white space as the page's reader sees it.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// text is the Markdown of the message key.
func (w *twinWriter) text(key string, args ...any) string { return gfm.Text(w.t(key, args...)) }

// link is a Markdown link with the text md (Markdown) to href, a link of
// the page, to its twin where it has one; md alone when href is none.
func (w *twinWriter) link(md, href string) string {
	h := gfm.Href(twins.Link(w.p.Path, href))
	if h == "" || md == "" {
		return md
	}
	return "[" + md + "](" + h + ")"
}

// page writes the page: as the layout "compare" does, less what the
// reader does not see without script (the controls, the panel of
// selected offers, the pager, the scripts).
func (w *twinWriter) page(cols []Column) {
	d := w.d
	w.out.WriteString("# " + w.text("compare.title") + "\n\n")
	w.para(w.text("compare.intro"))
	w.para(w.text("compare.method_summary"))
	w.para(w.text("compare.method"))
	w.para(w.text("compare.method_columns") + " " + w.text("compare.unknown_legend"))
	if d.Controls != nil {
		w.para(w.text("matrix.filter_help"))
	}
	if len(d.Rates) > 0 {
		s := w.text("matrix.rates", w.msgs.Cur(d.Currency)) + w.text("punct.space")
		for i, r := range d.Rates {
			if i > 0 {
				s += w.text("punct.semicolon")
			}
			s += w.rateKind(r) + " " + w.cites(w.msgs.Cite(r.Source))
			if r.Caveat != "" {
				s += w.text("punct.space") + w.text("punct.open_mark") + gfm.Text(r.Caveat) + w.text("punct.close")
			}
		}
		w.para(s)
	}
	caption := ""
	if d.Pager != nil {
		caption = w.text("compare.caption_page", render.FormatNum(d.First), render.FormatNum(d.Last), render.FormatNum(d.Total))
	} else {
		caption = w.text("compare.caption", d.Total)
	}
	if l := d.LeftOut; l.Any() {
		caption += w.text("punct.space") + w.text("compare.left_out", l.Articles, l.Marketplace, l.Stale, l.Undated)
	}
	w.para(caption)
	w.table(cols)
	if e := d.Exports; e != nil {
		w.para(w.text(e.Label) + " " + w.link(w.text("exports.csv"), e.CSV) + " · " + w.link(w.text("exports.json"), e.JSON))
	}
	if d.Script == "" && d.Pager != nil {
		w.para(w.text("compare.script_note"))
	}
}

// rateDated is a rate and its date, as the partial "rate-dated" says it.
func (w *twinWriter) rateDated(r *render.RateView) string {
	rate, date := w.rateAndDate(r)
	return w.text("matrix.rate_dated", rate, date)
}

// rateAndDate are a rate ("1 USD = 6.81 CNY") and its date, each as the
// page's language writes it.
func (w *twinWriter) rateAndDate(r *render.RateView) (rate, date string) {
	rate = w.t("matrix.rate", w.msgs.Cur(r.Base), render.FormatNum(r.Rate), w.msgs.Cur(r.Quote))
	date = w.t("date.unknown")
	if r.Date != "unknown" {
		if s, err := w.msgs.Date(r.Date); err == nil {
			date = s
		} else {
			date = r.Date
		}
	}
	return rate, date
}

// rateKind is a rate of the list of rates, as the partial "rate-kind"
// says it: with its kind and its source's kind when the catalog states
// them, else as rateDated.
func (w *twinWriter) rateKind(r *render.RateView) string {
	if r.Kind == "" {
		return w.rateDated(r)
	}
	rate, date := w.rateAndDate(r)
	source := ""
	if r.SourceKind != "" {
		source = w.t("fx.source_kind." + r.SourceKind)
	}
	return w.text("matrix.rate_kind", rate, w.t("fx.kind."+r.Kind), date, source)
}

// cites is the Markdown of a source's citations, as the partial "cites"
// shows them: each a run of words and links, one after another,
// separated by "; "; "—" for none.
func (w *twinWriter) cites(cs []render.Citation) string {
	if len(cs) == 0 {
		return "—"
	}
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteString("; ")
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

// table writes the table of the offers, a row at a time: a column of
// cols each.
func (w *twinWriter) table(cols []Column) {
	head := make([]string, len(cols))
	right := make([]bool, len(cols))
	for i, c := range cols {
		head[i] = collapse(gfm.Text(c.Label + " " + c.Unit))
		right[i] = c.Num
	}
	// Each row is written as it is made: the cells of a page's rows held
	// 21 MB at 100,000 offers otherwise.
	gfm.TableHead(w.out, head, right)
	row := make([]string, len(cols))
	for _, r := range w.d.Rows {
		for i, c := range cols {
			row[i] = collapse(w.cellOf(r, c.Key))
		}
		gfm.TableRow(w.out, row)
	}
	w.out.WriteByte('\n')
}

// cellOf is the Markdown of the cell of row r in the column key, as the
// partial "compare-table" writes it.
func (w *twinWriter) cellOf(r *Row, key string) string {
	switch key {
	case "instance":
		s := w.link(gfm.Text(r.Instance.Name), r.InstanceURL)
		if r.Instance.PreviousGen {
			s += " " + w.text("matrix.prev_short")
		}
		if r.Instance.PriceIncomplete != "" {
			s += " " + w.text("matrix.partial_short")
		}
		return s
	case "provider":
		name, err := w.tr(r.Provider, "name")
		if err != nil && w.err == nil {
			w.err = err
		}
		return w.link(gfm.HTMLText(string(name)), r.ProviderURL)
	case "gpu":
		gpu := gfm.Text(r.Instance.GPU)
		if r.GPUURL != "" {
			gpu = w.link(gfm.Text(w.trs(r.GPU, "name")), r.GPUURL)
		}
		return w.text("matrix.gpu_times", r.Instance.GPUCount) + " " + gpu
	case "region":
		switch {
		case r.Region == "":
			return "—"
		case r.Region == "all":
			return w.text("region.all")
		case r.RegionName != "" && r.RegionName != r.Region:
			return gfm.Text(r.RegionName) + " " + gfm.Text(r.Region)
		}
		return gfm.Text(r.Region)
	case "price":
		switch {
		case r.Dated != nil:
			return w.price(r.Dated)
		case r.Region == "" && r.Instance.PriceNotPublic != "":
			return w.text("price.not_public")
		}
		return "—"
	case "per_gpu":
		if r.PerGPUText == "" {
			return "—"
		}
		return gfm.Text(r.PerGPUText)
	case "since":
		if r.Dated == nil || r.Dated.Trust == nil {
			return "—"
		}
		return w.trust(r.Dated.Trust)
	case "source":
		return w.cites(r.Cites)
	}
	return ""
}

// price is a price as the partial "dprice" shows it: in the display
// currency, then as quoted when converted; as quoted when no rate
// converts it.
func (w *twinWriter) price(v *Price) string {
	s := ""
	if v.Point.Approximate {
		s = "≈"
	}
	quoted := gfm.Text(v.Amount) + w.text("punct.amount_space") + gfm.Text(w.msgs.Cur(v.Hourly.Currency))
	if v.Shown == "" {
		return s + quoted
	}
	s += gfm.Text(v.Shown)
	if v.Converted {
		s += " " + quoted
	}
	return s
}

// trust is a price's age and kind of source, as the partial
// "price-trust" shows them and a twin writes them: its date and age, its
// freshness, its kind of source linked to the source (a web address) or
// citing it in a footnote, when its source last listed it, and whether it
// is an international site's price in mainland China:
// "2026-09-20 (17 days) · fresh · [aggregator](…)".
func (w *twinWriter) trust(v *pagemodel.TrustView) string {
	var parts []string
	switch {
	case v.Date != "":
		parts = append(parts, gfm.Text(v.Date)+" ("+gfm.Text(v.Age)+")", w.text("trust.badge."+v.Badge))
		w.notes.Aged()
	case v.Age != "":
		parts = append(parts, gfm.Text(v.Age))
	}
	if v.Kind != "" {
		kind := w.text("trust.kind." + v.Kind)
		if h := gfm.Href(v.Source); h != "" && strings.HasPrefix(h, "http") {
			kind = "[" + kind + "](" + h + ")"
		} else if v.Source != "" {
			kind += w.notes.Ref(gfm.Text(v.Source))
		}
		parts = append(parts, kind)
	}
	if v.LastSeen != "" {
		seen, err := w.msgs.Date(v.LastSeen)
		if err != nil {
			seen = v.LastSeen
		}
		parts = append(parts, w.text("trust.last_seen", seen))
	}
	if v.IntlSite {
		parts = append(parts, w.text("price.abroad.intl_site"))
	}
	return strings.Join(parts, " · ")
}
