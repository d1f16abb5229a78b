// Package llms is a writer of the write stage of its own: llms.txt and
// llms-full.txt at the root of each edition, for assistants (the
// llmstxt.org convention). llms.txt says what the site is, how fresh its
// prices are (the newest price date, the share of current prices) and
// links each section, GPU model, provider and data file; llms-full.txt
// holds the answer table of the home page and every current offer, by GPU
// model, as compact Markdown with each price's age and source.
//
// It takes the edition's catalog, its derived data, its messages (every
// word is one of them), the page models of the edition (for the sections
// and their titles), the home page's answers and the edition's links, and
// hands two files on to the write stage's sink. It renders no template.
package llms

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/markdown"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/write"
)

// The files it writes, at the root of an edition.
const (
	Path     = "llms.txt"
	FullPath = "llms-full.txt"
)

// Inputs are what an edition's llms.txt and llms-full.txt are made of.
type Inputs struct {
	// Cat is the edition's catalog; Data is derived from it on AgeDate.
	Cat     *catalog.Catalog
	Data    *derive.Data
	AgeDate time.Time
	// Msgs are the edition's messages; Lang its language.
	Msgs render.Messages
	Lang string
	// Pages are the page models of the edition: the sections llms.txt
	// links are those among them.
	Pages []*pagemodel.Page
	// Content are the content pages every page lists.
	Content []*content.ContentPage
	// Answers is the home page's answer table, every GPU model.
	Answers AnswerTable
	// Base is the absolute URL of the edition ending in "/", SiteBase the
	// site's, or both "" when the site has none: links are then relative
	// to the edition's root, Shared the prefix from it to the site's root
	// ("" or "../"), where the files every edition shares are.
	Base, SiteBase, Shared string
	// Pretty drops index.html from links.
	Pretty bool
	// Twin is the output path of the Markdown twin of the page at an
	// output path, "" when it has none: links go to twins where there
	// are.
	Twin func(path string) string
}

// AnswerTable is the home page's table of the cheapest whole price per
// GPU-hour of each GPU model, as the site applies the answer rule.
type AnswerTable struct {
	Currency string
	Columns  []string // the tabs' names, worded
	Rows     []AnswerRow
}

// AnswerRow is one GPU model of the answer table.
type AnswerRow struct {
	GPU   *catalog.GPU
	Cells []*AnswerCell // aligned with Columns; nil where no price answers
}

// AnswerCell is the answer of a GPU model under one tab.
type AnswerCell struct {
	Offer      *pricing.Offer
	Model      string
	PerGPUHour float64 // in AnswerTable.Currency
}

// Write writes llms.txt and llms-full.txt of the edition into out.
func Write(out write.Sink, in Inputs) error {
	w := &writer{in: in}
	w.t = in.Msgs.TKeeping(&w.err)
	short := w.short()
	if w.err != nil {
		return w.err
	}
	if err := out.Put(Path, []byte(short)); err != nil {
		return err
	}
	// Written as it is made: at 100,000 offers the file is some 40 MB,
	// which was held whole, with its rows, while the pages rendered.
	f, err := out.Create(FullPath)
	if err != nil {
		return err
	}
	b := bufio.NewWriterSize(f, 64<<10)
	w.full(b)
	if w.err == nil {
		w.err = b.Flush()
	}
	if w.err != nil {
		f.Close()
		return w.err
	}
	return f.Close()
}

type writer struct {
	in  Inputs
	t   func(key string, args ...any) string
	err error
}

// link is the link to the output path target from the edition's root,
// or to its Markdown twin when it has one: absolute when the site has a
// URL.
func (w *writer) link(target string) string {
	if w.in.Twin != nil {
		if twin := w.in.Twin(target); twin != "" {
			target = twin
		}
	}
	l := pagemodel.Linker{Pretty: w.in.Pretty}
	shared := pagemodel.SharedOutput(target)
	if w.in.Base == "" {
		if shared {
			l.Prefix = w.in.Shared
		}
		return l.To(target)
	}
	if shared {
		return w.in.SiteBase + l.To(target)
	}
	return w.in.Base + l.To(target)
}

// title is the title of page p, worded.
func (w *writer) title(p *pagemodel.Page) string {
	if p.Title != "" {
		return p.Title
	}
	return w.t(p.TitleKey)
}

// freshness is the paragraph on how fresh the prices are.
func (w *writer) freshness() string {
	t := derive.TallyOf(w.in.Data.Priced)
	fresh, _ := w.in.Cat.Site.Policy()
	share := "0"
	if t.Total > 0 {
		share = strconv.FormatFloat(float64(t.Current)*100/float64(t.Total), 'f', 0, 64)
	}
	newest := string(t.Newest)
	if newest == "" {
		newest = w.t("date.unknown")
	}
	checked := w.t("date.unknown")
	if d := catalog.NewestDate(w.in.Cat); !d.IsZero() {
		checked = d.Format(time.DateOnly)
	}
	return w.t("llms.freshness", t.Current, t.Total, share, fresh, newest, checked, w.in.AgeDate.Format(time.DateOnly))
}

// sections are the index pages llms.txt lists first, in this order,
// those the edition has.
var sections = []string{
	"index.html", "compare/index.html", "gpus/index.html", "providers/index.html", "changes/index.html",
	"guides/index.html", paths.Scenarios, paths.Benchmarks, paths.Evaluation,
}

// short is llms.txt.
func (w *writer) short() string {
	in := w.in
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", markdown.Text(in.Cat.Site.Title))
	if in.Cat.Site.Tagline != "" {
		fmt.Fprintf(&b, "> %s\n\n", markdown.Text(in.Cat.Site.Tagline))
	}
	fmt.Fprintf(&b, "%s\n\n%s\n\n", w.freshness(), w.t("llms.rule"))
	b.WriteString(w.mainland())
	byPath := map[string]*pagemodel.Page{}
	for _, p := range in.Pages {
		byPath[p.Path] = p
	}
	fmt.Fprintf(&b, "## %s\n\n", w.t("llms.sections"))
	fmt.Fprintf(&b, "- %s: %s\n", markdown.Link(w.t("llms.full_title"), w.link(FullPath)), w.t("llms.full_desc"))
	for _, s := range sections {
		if p := byPath[s]; p != nil {
			fmt.Fprintf(&b, "- %s\n", markdown.Link(w.title(p), w.link(s)))
		}
	}
	fmt.Fprintf(&b, "\n## %s\n\n", w.t("nav.gpus"))
	for _, g := range in.Data.GPUs {
		if byPath[paths.GPU(g.ID)] != nil {
			fmt.Fprintf(&b, "- %s\n", markdown.Link(pagemodel.CatalogText(in.Cat, g, "name"), w.link(paths.GPU(g.ID))))
		}
	}
	fmt.Fprintf(&b, "\n## %s\n\n", w.t("nav.providers"))
	for _, p := range in.Cat.Providers {
		if byPath[paths.Provider(p.ID)] != nil {
			fmt.Fprintf(&b, "- %s\n", markdown.Link(pagemodel.ProviderName(p, in.Lang), w.link(paths.Provider(p.ID))))
		}
	}
	fmt.Fprintf(&b, "\n## %s\n\n", w.t("llms.data"))
	fmt.Fprintf(&b, "- %s: %s\n", markdown.Link("api/v1/index.json", w.link("api/v1/index.json")), w.t("llms.api_desc"))
	fmt.Fprintf(&b, "- %s: %s\n", markdown.Link(paths.OffersJSON, w.link(paths.OffersJSON)), w.t("llms.offers_desc"))
	fmt.Fprintf(&b, "- %s: %s\n", markdown.Link(paths.OffersCSV, w.link(paths.OffersCSV)), w.t("llms.offers_desc"))
	fmt.Fprintf(&b, "- %s: %s\n", markdown.Link(paths.GPUsJSON, w.link(paths.GPUsJSON)), w.t("llms.gpus_desc"))
	if len(in.Content) > 0 {
		b.WriteString("\n## Optional\n\n")
		for _, c := range in.Content {
			line := markdown.Link(c.Title, w.link(c.Path))
			if c.Description != "" {
				line += ": " + markdown.Text(c.Description)
			}
			fmt.Fprintf(&b, "- %s\n", line)
		}
	}
	return b.String()
}

// money is an amount with its currency, as pages write it
// (render.FormatMoneyIn): yuan to the fen, other currencies to the cent
// or to four significant places below one.
func money(v float64, currency string) string {
	return render.FormatMoneyIn(v, currency) + " " + currency
}

// kind is the kind of a price's source in words, and, when every
// citation of pp's source is in a fork or mirror, that a purchase file
// cannot cite it.
func (w *writer) kind(kind string, pp *catalog.PricePoint) string {
	s := w.t("trust.kind." + kind)
	if c := w.in.Cat.Sources.CopiedOnly(pp.Source); c != nil {
		s += " · " + w.t("trust.copy_words."+c.Kind)
	}
	return s
}

// age is the date a price's age counts from and its age in days, or
// that it is undated.
func (w *writer) age(pp *catalog.PricePoint) string {
	d, _ := catalog.AgeDate(pp)
	at, ok := d.Time()
	if d == "" || !ok {
		return w.t("trust.undated")
	}
	days := int(w.in.AgeDate.Sub(at).Hours() / 24)
	return w.t("llms.age", string(d), days)
}

// regionName is the name of an offer's region in the edition's language.
func (w *writer) regionName(o *pricing.Offer) string {
	if r := o.Provider.Region(o.Region); r != nil {
		return pagemodel.RegionName(r, w.in.Lang)
	}
	if o.Region == catalog.AllRegions {
		return w.t("region.all")
	}
	return o.Region
}

// full writes llms-full.txt to b, a table row at a time.
func (w *writer) full(b *bufio.Writer) {
	in := w.in
	fmt.Fprintf(b, "# %s\n\n", markdown.Text(in.Cat.Site.Title+" — "+w.t("llms.full_title")))
	if in.Cat.Site.Tagline != "" {
		fmt.Fprintf(b, "> %s\n\n", markdown.Text(in.Cat.Site.Tagline))
	}
	fmt.Fprintf(b, "%s\n\n%s\n\n", w.freshness(), w.t("llms.rule"))

	a := in.Answers
	fmt.Fprintf(b, "## %s\n\n%s\n\n", w.t("home.answer_title"), w.t("home.answer_lead", a.Currency))
	head := append([]string{w.t("llms.col.gpu")}, a.Columns...)
	markdown.TableHead(b, head, nil)
	var row []string
	for _, r := range a.Rows {
		row = append(row[:0], markdown.Link(pagemodel.CatalogText(in.Cat, r.GPU, "name"), w.link(paths.GPU(r.GPU.ID))))
		for _, c := range r.Cells {
			row = append(row, w.answerCell(c, a.Currency))
		}
		markdown.TableRow(b, row)
	}

	fmt.Fprintf(b, "\n## %s\n\n%s\n", w.t("llms.current_title"), w.t("llms.current_lead", in.Cat.Site.Currency))
	byGPU := map[string][]*pricing.Offer{}
	for _, o := range in.Data.Priced {
		byGPU[o.Instance.GPU] = append(byGPU[o.Instance.GPU], o)
	}
	head = []string{w.t("llms.col.provider"), w.t("llms.col.instance"), w.t("llms.col.region"), w.t("llms.col.gpus"),
		w.t("llms.col.model"), w.t("llms.col.per_gpu_hour", in.Cat.Site.Currency), w.t("llms.col.hourly"), w.t("llms.col.age"), w.t("llms.col.source")}
	right := []bool{false, false, false, true, false, true, true}
	for _, g := range in.Data.GPUs {
		started := false
		for _, o := range byGPU[g.ID] {
			for _, model := range pricing.Models {
				pr := o.Prices[model]
				if pr == nil || pr.Why() != "" || !o.Rankable() {
					continue
				}
				if !started {
					// The GPU's heading and table only once it has a row.
					fmt.Fprintf(b, "\n### %s\n\n", markdown.Link(pagemodel.CatalogText(in.Cat, g, "name"), w.link(paths.GPU(g.ID))))
					markdown.TableHead(b, head, right)
					started = true
				}
				per := "—"
				if v, ok := o.PerGPUHour(model); ok {
					per = render.FormatMoneyIn(v, in.Cat.Site.Currency)
				}
				markdown.TableRow(b, append(row[:0],
					markdown.Text(pagemodel.ProviderName(o.Provider, in.Lang)),
					markdown.Link(pagemodel.InstanceName(o.Instance, in.Lang), w.link(paths.Instance(o.Instance))),
					markdown.Text(w.regionName(o)), strconv.Itoa(o.Instance.GPUCount), markdown.Text(w.t("model."+model)),
					per, markdown.Text(money(pr.Hourly.Amount, pr.Hourly.Currency)), markdown.Text(w.age(pr.Point)),
					markdown.Text(w.kind(pr.Kind, pr.Point))+": "+markdown.Source(pr.Point.Source),
				))
			}
		}
	}
}

// answerCell is a cell of the answer table: the price per GPU-hour, the
// offer, the price's age and source, and why a stale price answers.
func (w *writer) answerCell(c *AnswerCell, currency string) string {
	if c == nil {
		return "—"
	}
	o, pr := c.Offer, c.Offer.Prices[c.Model]
	s := money(c.PerGPUHour, currency) + " — " + pagemodel.ProviderName(o.Provider, w.in.Lang) + " " + pagemodel.InstanceName(o.Instance, w.in.Lang) +
		", " + w.regionName(o) + ", " + w.t("model."+c.Model) + " · " + w.age(pr.Point) + " · " + w.kind(pr.Kind, pr.Point)
	if pr.Fallback {
		s += " · " + w.t("llms.fallback")
	}
	return markdown.Text(s)
}
