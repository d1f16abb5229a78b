// Package compare is a page model of the last stage: the pages of the
// instance matrix (/compare/), their rows and the data scripts beside
// them, a function of an edition's catalog, derived data and messages.
package compare

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"maps"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/export"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// The instance matrix (/compare/) is one row per offer of pricing.Offers
// in the site currency, complete as HTML and split into pages of the
// site's matrix page size. Each row is one line: the offer, its price
// under the chosen pricing model and per GPU-hour, and the price's age
// and kind of source (CompareColumns); the other columns follow, which
// the script hides until the reader chooses them. Its first page also
// loads every offer as data — the shape of compare/offers.json — for
// static/matrix.js, which sorts, filters, converts and compares them in
// the browser without a round-trip, and draws only the rows in view. The
// offers are not in the page but in data scripts beside it
// (compare/offers-1.js …, offerChunks), each of a bounded size, so that
// no page grows with the catalog beyond its rows; the page's JSON script
// element holds the rest of the script's data.

// Data is the model of one page of the instance matrix.
type Data struct {
	Currency string
	Model    string // the pricing model of the normalised, date and source columns
	Models   []string
	// Choices are the pricing-model select's options (matrixChoices).
	Choices []string
	// CommitNote says the choices hold a commitment and a subscription
	// (包年包月) apart: each commitment's option says the subscription is
	// listed apart (matrix.commit_choice), as the home page's tab does.
	CommitNote bool
	Columns    []Column
	Rates      []*render.RateView // the conversions into Currency the prices use
	Rows       []*Row
	// RowsHTML is Rows as "compare-row" writes them, made beforehand on
	// every processor, in parts to be written in turn; nil has the table
	// write them itself.
	RowsHTML []template.HTML
	Total    int // offers on every page
	First    int // numbers of the page's first and last rows, from 1
	Last     int
	Pager    []pagemodel.PageLink // nil when the matrix fits one page
	Controls *matrixControls
	Script   template.JS // the JSON of a matrixScript, for the script; first page only
	// Mainland says the catalog has offers in mainland China: the
	// controls have the switch "mainland China only" (matrixScript's
	// Mainland); first page only.
	Mainland bool
	// DataScripts are the page-relative links to the scripts that hold
	// the offers for the script (offerChunks), loaded before ScriptURL;
	// first page only.
	DataScripts []string
	ScriptURL   string
	TableID     string                 // the id of the table; "" is "matrix"
	Exports     *pagemodel.ExportLinks // compare/offers.csv and .json; nil in a report
	LeftOut     leftOut                // the offers on every page the ranking leaves out, said on the first page; none in a report
	// Copies are the kinds of copy (catalog.CopyKinds) that mark a price
	// of some offer, under any model, as only a fork's or mirror's: each
	// page says once, under its table, what their short marks mean.
	Copies []string
}

// Column is a column of the matrix. Its key names it to the script
// and in the URL state: "gpu_count", "m:on_demand", "per_gpu".
type Column struct {
	Key   string
	Label string
	Unit  string // the line under the label: "/h", "USD/h, on-demand"
	Num   bool
	// Off marks a column the script hides until the reader chooses it
	// (the page without script shows every column).
	Off bool
}

// Row is an offer as a row of the matrix. It names the offer's
// fields rather than embedding the offer: a field promoted through an
// embedded pointer costs the template a search of the type on every row.
type Row struct {
	Offer       *pricing.Offer
	Provider    *catalog.Provider
	Instance    *catalog.Instance
	GPU         *catalog.GPU
	Region      string
	Currency    string // the site's, which the normalised prices are in
	ProviderURL string
	InstanceURL string
	GPUURL      string // empty when the catalog does not know the GPU
	GPUMemoryGB *float64
	RegionName  string
	Prices      []*Price // aligned with Data.Models; nil where the offer has no price
	// The normalised prices under the default model, in the site currency.
	PerGPU, PerGB, PerFP16, PerFP32 *float64
	Dated                           *Price // the default model's price, for the date and source
	Date                            *pagemodel.DateView
	// PerGPUText … PerFP32Text are the normalised prices as the cells
	// write them (formatDerived); "" when unknown.
	PerGPUText, PerGBText, PerFP16Text, PerFP32Text string
	Cites                                           []render.Citation // the citations of the row's source
	// Ref is the row's source in the report's numbered list of sources;
	// nil on the site.
	Ref *CitedSource
}

// Source is the text of the row's source, whose citations are Cites: the
// default model's price point's, or the instance type's when the offer has
// no public price; "" when it has neither.
func (r *Row) Source() string {
	switch {
	case r.Dated != nil:
		return r.Dated.Point.Source
	case r.Region == "":
		return r.Instance.Source
	}
	return ""
}

// Price is an offer's price under one model as a cell shows it,
// with the fields of the price named (not embedded) as in Row.
type Price struct {
	Price      *pricing.Price
	Point      *catalog.PricePoint
	Hourly     pricing.Hourly
	Display    float64
	Conversion pricing.Conversion
	Quoted     bool // Hourly is the amount the point states, not one computed from it
	Converted  bool // Display is converted from another currency at Rate
	Rate       *render.RateView
	Upfront    *float64 // the upfront payment, when there is one
	Amount     string   // Hourly.Amount as the cell writes it: as quoted (formatMoney) or computed (formatDerived)
	// Shown is Display as /compare/ writes it, in the display currency;
	// "" when no rate converts the price into it.
	Shown string
	// Title says all of the price on one line, for the cell's title: the
	// exact figure, the payment option, the upfront payment, the
	// discount, the amount as quoted and the rate it is converted at.
	Title string
	// Trust is the price's age and the kind of its source; the cell marks
	// a price rankings leave out (an article's figure, an estimate).
	Trust *pagemodel.TrustView
}

// matrixControls are the choices the script offers: the page shows them
// only once the script runs.
type matrixControls struct {
	Currencies []string
	Facets     []facet
}

// facet is a set of values to filter the offers by.
type facet struct {
	Key     string // provider, gpu, region, model
	Label   string
	Options []facetOption
	// Groups hold the options of the region facet by part of the world
	// (catalog.Geos), provider-wide prices first and regions the catalog
	// does not place last; nil for the other facets.
	Groups []facetGroup
	// More is how many values the facet leaves out of its list, to keep
	// within maxFacetBytes (foldFacet): the search box finds their offers.
	More int
}

// maxFacetBytes is about the most bytes the list of one facet of the
// matrix takes on its first page: a catalog of thousands of providers or
// regions lists those with the most offers and leaves the rest to the
// search box, so that the page's frame stays bounded.
const maxFacetBytes = 50_000

// foldFacet keeps in f's list the options with the most offers (the
// first listed among equals) that fit in about maxFacetBytes, in their
// order, and counts the others in f.More.
func foldFacet(f *facet) {
	cost := func(o facetOption) int {
		return len(template.HTMLEscapeString(o.Label)) + len(template.HTMLEscapeString(o.Note)) + len(template.HTMLEscapeString(o.Value)) + 80
	}
	total := 0
	for _, o := range f.Options {
		total += cost(o)
	}
	if total <= maxFacetBytes {
		return
	}
	byCount := make([]int, len(f.Options))
	for i := range byCount {
		byCount[i] = i
	}
	slices.SortStableFunc(byCount, func(i, j int) int { return cmp.Compare(f.Options[j].Count, f.Options[i].Count) })
	keep := make([]bool, len(f.Options))
	used := 0
	for _, i := range byCount {
		if c := cost(f.Options[i]); used+c <= maxFacetBytes {
			keep[i], used = true, used+c
		}
	}
	kept := f.Options[:0:0]
	for i, o := range f.Options {
		if keep[i] {
			kept = append(kept, o)
		}
	}
	f.More = len(f.Options) - len(kept)
	f.Options = kept
}

type facetOption struct {
	Value, Label string
	Note         string // said after the label: a region's name
	Count        int
}

// facetGroup is a part of the world and the regions of the offers in it.
type facetGroup struct {
	Key     string // a geo, "all" or "none"
	Label   string
	Count   int // offers in its regions
	Options []facetOption
}

// matrixScript is what the script reads: the offers as compare/offers.json
// holds them (models cut to those the catalog prices in), the GPU models
// as gpus/gpus.json holds them (for the per-TFLOPS columns), where the site
// root is from the page, and the UI text it writes.
type matrixScript struct {
	export.OffersExport
	scriptSettings
}

// scriptSettings is the script's data after the offers.
type scriptSettings struct {
	// OfferCount is how many offers the data scripts hold, all of them.
	OfferCount int `json:"offer_count"`
	// OfferChunks is how many data scripts of offers there are
	// (OfferChunkPath) when more than one: the page loads the first, the
	// script the rest.
	OfferChunks int                `json:"offer_chunks,omitempty"`
	GPUs        []export.GPUExport `json:"gpus"`
	// GPUCount is how many GPU models the page's block (GPUs) and the
	// data scripts of GPU models (gpuParts) hold together; 0 when the
	// block holds them all.
	GPUCount int    `json:"gpu_count,omitempty"`
	Model    string `json:"default_model"`
	// Terms are the models of each commitment choice (pricing.Commitments)
	// that some offer prices, by its id: the script takes an offer's price
	// under one as pricing.Offer.Committed does.
	Terms    map[string][]string `json:"terms,omitempty"`
	Root     string              `json:"root"`
	Pretty   bool                `json:"pretty,omitempty"`
	Messages map[string]string   `json:"messages"`
	// FXCites are the sources of the exchange rates as the page renders
	// them, by the rate's source text (fxCites).
	FXCites map[string][][]citeSeg `json:"fx_cites,omitempty"`
	// Mainland says some offer holds by the rule of the home page's
	// mainland view (derive.MainlandQuoted: in mainland China, priced in
	// yuan as its provider quotes it): the switch "mainland China only"
	// keeps those, each marked mainland in the offers' data
	// (export.OfferExport.Mainland). MainlandOn says the switch is on by
	// default: in the Chinese edition, whose home page answers for
	// mainland China first.
	Mainland   bool `json:"mainland,omitempty"`
	MainlandOn bool `json:"mainland_on,omitempty"`
}

// MaxChunkBytes is the most bytes of offers one data script of the matrix
// holds; an offer larger than that alone is one script.
const MaxChunkBytes = 256 << 10

// OfferChunkPath is the path of the n-th data script of the matrix,
// counted from 1, beside its first page.
func OfferChunkPath(n int) string { return fmt.Sprintf("compare/offers-%d.js", n) }

// offerChunks writes offers, in order, as the matrix's data scripts: plain
// scripts, each appending its offers (each as compare/offers.json holds
// it) to the array window.gpucompareOffers, which static/matrix.js reads,
// so that they load by <script src> under the policy script-src 'self'
// and from file://, where no fetch() is allowed. Each holds at most
// MaxChunkBytes of offers. Each goes to emit as soon as it is made, so
// that they are never held all at once; it returns how many there are.
func offerChunks(offers []*pricing.Offer, exportOf func(*pricing.Offer) *export.OfferExport, emit func([]byte) error) (int, error) {
	var w export.JSONWriter
	return dataChunks(len(offers), "Offers", "gpucompareOffers", func(i int) ([]byte, error) {
		w.Reset()
		w.Offer(exportOf(offers[i]))
		return w.Bytes(), w.Err()
	}, emit)
}

// viewOrder is offers in the order of the script's default view, so that
// the first data script holds its first screen: by the price per
// GPU-hour under model, cheapest first; then the prices that do not
// answer by default (Price.Why), an article's or an estimate's after the
// others, then offers whose price is only part of the cost, each group
// cheapest first, then offers with no such price in
// the order they came; ties keep the order they came in. static/matrix.js
// sorts the same way (order), counting freshness to the reader's day.
func viewOrder(offers []*pricing.Offer, model string) []*pricing.Offer {
	type ranked struct {
		o     *pricing.Offer
		group int
		v     float64
	}
	rs := make([]ranked, len(offers))
	for i, o := range offers {
		v, ok := o.PerGPUHour(model)
		r := ranked{o: o, v: v}
		switch {
		case !ok:
			r.group = 4
		case !o.Rankable():
			r.group = 3
		case o.Prices[model].Why() != "" && !catalog.Ranked(o.Prices[model].Kind):
			r.group = 2
		case o.Prices[model].Why() != "":
			r.group = 1
		}
		rs[i] = r
	}
	slices.SortStableFunc(rs, func(a, b ranked) int {
		if c := cmp.Compare(a.group, b.group); c != 0 || a.group == 4 {
			return c
		}
		return cmp.Compare(a.v, b.v)
	})
	out := make([]*pricing.Offer, len(rs))
	for i := range rs {
		out[i] = rs[i].o
	}
	return out
}

// dataChunks writes n items, in order, each as encode writes it, as data
// scripts of the matrix, each appending its items to the array
// window[global] and holding at most MaxChunkBytes of them (an item
// larger than that alone is one script); what names the items in the
// script's first line. Each script goes to emit once made; it returns
// how many there are.
func dataChunks(n int, what, global string, encode func(i int) ([]byte, error), emit func([]byte) error) (int, error) {
	open := "(window." + global + " = window." + global + " || []).push(\n"
	var cur []byte
	first, k, count := 0, 0, 0
	flush := func() error {
		if k == 0 {
			return nil
		}
		head := fmt.Sprintf("// %s %d–%d of the instance matrix, written by gpucompare build:\n// compare/index.html loads this file before static/matrix.js.\n", what, first+1, first+k)
		chunk := make([]byte, 0, len(head)+len(open)+len(cur)+4)
		chunk = append(append(append(chunk, head...), open...), cur...)
		first, k, cur = first+k, 0, cur[:0]
		count++
		return emit(append(chunk, "\n);\n"...))
	}
	for i := range n {
		b, err := encode(i)
		if err != nil {
			return 0, err
		}
		if k > 0 && len(cur)+2+len(b) > MaxChunkBytes {
			if err := flush(); err != nil {
				return 0, err
			}
		}
		if k > 0 {
			cur = append(cur, ",\n"...)
		}
		cur = append(cur, b...)
		k++
	}
	if err := flush(); err != nil {
		return 0, err
	}
	return count, nil
}

// GPUChunkPath is the path of the n-th data script of the matrix's GPU
// models, counted from 1, beside its first page.
func GPUChunkPath(n int) string { return fmt.Sprintf("compare/gpus-%d.js", n) }

// gpuParts splits the GPU models of the matrix's script, in buyer order:
// those whose records fit in MaxChunkBytes stay in the page's JSON block,
// and the rest go to data scripts beside it (GPUChunkPath), each
// appending its records to window.gpucompareGPUs, which static/matrix.js
// reads with the page's, so that a catalog of thousands of GPU models
// keeps the page under 2 MB. A catalog whose GPU models all fit keeps them
// all in the page, with no script.
func gpuParts(gpus []export.GPUExport) (inline []export.GPUExport, chunks [][]byte, err error) {
	enc := make([][]byte, len(gpus))
	size := 0
	for i := range gpus {
		if enc[i], err = json.Marshal(gpus[i]); err != nil {
			return nil, nil, err
		}
		if size += len(enc[i]) + 1; size > MaxChunkBytes && inline == nil {
			inline = gpus[:i]
		}
	}
	if inline == nil {
		return gpus, nil, nil
	}
	rest := enc[len(inline):]
	_, err = dataChunks(len(rest), "GPU models", "gpucompareGPUs", func(i int) ([]byte, error) { return rest[i], nil },
		func(c []byte) error { chunks = append(chunks, c); return nil })
	return inline, chunks, err
}

// encode is what json.Marshal writes of s with the export of each of
// offers as its offers, byte for byte, made offer by offer so that the
// exports of every offer are never held at once (export may return the
// same memory each time); the offers are written by a jsonWriter. s
// holds an empty list of offers. The page writes it as it is:
// html/template writes the JSON of the script's data in the same bytes,
// json.Marshal's.
func (s *matrixScript) encode(offers []*pricing.Offer, exportOf func(*pricing.Offer) *export.OfferExport) (template.JS, error) {
	head, err := json.Marshal(s.OffersExport)
	if err != nil {
		return "", err
	}
	tail, err := json.Marshal(s.scriptSettings)
	if err != nil {
		return "", err
	}
	if !bytes.HasSuffix(head, []byte(`"offers":[]}`)) || !bytes.HasPrefix(tail, []byte(`{"`)) {
		return "", errors.New("matrix script: the offers must be the last field of the offers and be empty, and settings must follow")
	}
	head, tail = head[:len(head)-len("]}")], tail[len("{"):]
	// Each offer encoded into one buffer and copied into blocks, and the
	// blocks once into a string of the exact size: a string grown as it
	// is written would leave larger ones behind, and more garbage.
	var w export.JSONWriter
	var blocks byteBlocks
	for i, o := range offers {
		w.Reset()
		if i > 0 {
			w.Raw(',')
		}
		w.Offer(exportOf(o))
		if err := w.Err(); err != nil {
			return "", err
		}
		blocks.write(w.Bytes())
	}
	var out strings.Builder
	out.Grow(len(head) + blocks.size + len("],") + len(tail))
	out.Write(head)
	for _, b := range blocks.blocks {
		out.Write(b)
	}
	out.WriteString("],")
	out.Write(tail)
	return template.JS(out.String()), nil
}

// byteBlocks holds bytes written in blocks of blockSize, so that what is
// written is never copied to grow a buffer.
type byteBlocks struct {
	blocks [][]byte
	size   int // bytes written
}

const blockSize = 64 << 10

func (bb *byteBlocks) write(p []byte) {
	bb.size += len(p)
	for len(p) > 0 {
		n := len(bb.blocks)
		if n == 0 || len(bb.blocks[n-1]) == cap(bb.blocks[n-1]) {
			bb.blocks = append(bb.blocks, make([]byte, 0, blockSize))
			n++
		}
		last := bb.blocks[n-1]
		k := min(len(p), cap(last)-len(last))
		bb.blocks[n-1] = append(last, p[:k]...)
		p = p[k:]
	}
}

// scriptMessages are the keys of the UI text static/matrix.js writes,
// besides the names of the catalog's vocabularies (models, payments,
// billing granularities).
var scriptMessages = []string{
	"matrix.converted", "matrix.rate", "matrix.rate_dated", "matrix.rate_kind", "matrix.rates", "matrix.rate_chain", "matrix.no_rate", "matrix.norm_unit",
	"matrix.status", "matrix.count", "matrix.print_partial", "matrix.compare", "matrix.select",
	"matrix.remove", "matrix.none", "matrix.field", "matrix.sort_by",
	"matrix.invalid", "matrix.file_stem", "price.upfront", "price.discount", "price.approximate_title",
	"unit.hour", "unit.month", "unit.year", "unit.per_gpu", "unit.gpu_hour", "units.gbps",
	"trust.marketplace", "trust.marketplace_title", "trust.last_seen", "trust.last_seen_title",
	"trust.restricted", "trust.restricted_title", "price.abroad.intl_site", "price.abroad_title.intl_site",
	"price.not_public", "price.not_public_title", "region.all", "date.unknown", "date.unknown_title",
	"date.month", "date.year", "instance.previous_gen", "price.partial", "provider.minimum", "col.as_of",
	"trust.undated", "matrix.gpu_times", "matrix.price_quoted", "matrix.price_exact", "matrix.rate_title",
	"matrix.prev_short", "matrix.partial_short", "matrix.print_caption", "untranslated.mark",
	"trust.copy_short.fork", "trust.copy_short.mirror",
	"currency_unit.USD", "currency_unit.CNY", "currency_unit.EUR", "punct.comma", "punct.semicolon", "punct.colon", "punct.space", "punct.amount_space",
}

// Kind is the page kind of the instance matrix (/compare/) and of
// its rows, which the report shows too: a function of the edition's
// catalog, its derived data and its messages, with newPage making the
// frame of a page of the edition, trust the trust badge of a price and
// pretty whether links drop "index.html". It cites each source once
// however many rows and workers cite it (cite).
type Kind struct {
	cat     *catalog.Catalog
	data    *derive.Data
	msgs    render.Messages
	newPage func(path, layout string) *pagemodel.Page
	trust   func(pp *catalog.PricePoint, kind string) *pagemodel.TrustView
	pretty  bool
	// row renders "compare-row" of the compare layout, to measure the
	// rows (matrixPageStarts); nil measures none.
	row func(w io.Writer, r *Row) error
	// ahead writes the rows of a page on every processor before the
	// page (Measure.Ahead).
	ahead bool
	// sizes are the sizes of rows a Rebuilder kept from its last build;
	// nil for a build that keeps none.
	sizes *RowSizes
	// render renders a page of the matrix whole, to measure its frame
	// (matrixPageStarts); nil measures none.
	render func(w io.Writer, p *pagemodel.Page) error

	citesMu sync.Mutex                   // guards cites
	cites   map[string][]render.Citation // cite of each source the rows cite (cite)

	// put writes a data script of the offers (offerChunks) at its path
	// (OfferChunkPath) as soon as Pages makes it; nil keeps them in
	// chunks. gpuChunks are those of the GPU models the page leaves out
	// (gpuParts), for the builder to write at GPUChunkPath.
	put               func(path string, data []byte) error
	chunks, gpuChunks [][]byte
}

// New is the matrix page kind of an edition: its catalog, its derived
// data and its messages, newPage making the frame of a page of the
// edition, trust the trust badge of a price (which the rows show without
// its source, withoutSource) and pretty whether links drop "index.html";
// m measures the rows and frames the pages are split by (a zero Measure
// measures none).
func New(cat *catalog.Catalog, data *derive.Data, msgs render.Messages, newPage func(path, layout string) *pagemodel.Page,
	trust func(pp *catalog.PricePoint, kind string) *pagemodel.TrustView, pretty bool, m Measure) *Kind {
	return &Kind{cat: cat, data: data, msgs: msgs, newPage: newPage, trust: withoutSource(trust), pretty: pretty,
		row: m.Row, ahead: m.Ahead, render: m.Render, sizes: m.Sizes}
}

// Measure is how the matrix measures what its pages are split by: Row
// renders "compare-row" of the compare layout (a row), Render a page
// of the matrix whole (its frame), and Sizes are the sizes of rows a
// Rebuilder kept from its last build (nil: none). Ahead has each page's
// rows written through Row on every processor before the page, for a
// build of one page alone (a draft): a build of many pages, already
// written on every processor, would hold each page's rows twice for
// nothing.
type Measure struct {
	Row    func(w io.Writer, r *Row) error
	Render func(w io.Writer, p *pagemodel.Page) error
	Sizes  *RowSizes
	Ahead  bool
}

// WriteChunks makes Pages write each data script of the offers through
// put as soon as it is made, so that they are never held all at once.
func (k *Kind) WriteChunks(put func(path string, data []byte) error) { k.put = put }

// Chunks are the data scripts of the offers (offerChunks) that Pages
// made, to be written at OfferChunkPath, when no WriteChunks was given.
func (k *Kind) Chunks() [][]byte { return k.chunks }

// GPUChunks are the data scripts of the GPU models the first page leaves
// out (gpuParts) that Pages made, to be written at GPUChunkPath.
func (k *Kind) GPUChunks() [][]byte { return k.gpuChunks }

// text is the text of the field key of the catalog record rec in the
// edition's language (catalog.Text).
func (k *Kind) text(rec any, key string) string { return pagemodel.CatalogText(k.cat, rec, key) }

// Pages makes the pages of the instance matrix.
func (k *Kind) Pages() ([]*pagemodel.Page, error) {
	var terr error
	t := k.msgs.TKeeping(&terr)
	display := k.cat.Site.Currency
	models := PricedModels(k.data.Priced)
	model := "on_demand"
	if len(models) > 0 && !slices.Contains(models, model) {
		model = models[0]
	}
	columns := CompareColumns(t, models, model, k.msgs.Cur(display))
	size := cmp.Or(k.cat.Site.MatrixPageSize, catalog.DefaultMatrixPageSize)
	rates := k.Rates(display)
	x := export.NewOfferExporter(k.cat, k.msgs)
	emit := func(c []byte) error {
		k.chunks = append(k.chunks, c)
		return nil
	}
	if k.put != nil {
		written := 0
		emit = func(c []byte) error {
			written++
			return k.put(OfferChunkPath(written), c)
		}
	}
	chunks, err := offerChunks(viewOrder(k.data.Priced, model), x.Of, emit)
	if err == nil {
		err = x.Err()
	}
	if err != nil {
		return nil, err
	}
	gpus := k.scriptGPUs()
	inline, gpuChunks, err := gpuParts(gpus)
	if err != nil {
		return nil, err
	}
	k.gpuChunks = gpuChunks
	// first is the frame of the first page: its controls and the
	// script's data, which the other pages do not have.
	var first *Data
	firstFrame := func(p *pagemodel.Page, t func(string, ...any) string) (*Data, error) {
		if first != nil {
			return first, nil
		}
		d := &Data{Controls: k.matrixControls(t, models, display)}
		s := k.matrixScript(p, t, models, model)
		s.GPUs = inline
		if chunks > 1 {
			s.OfferChunks = chunks
		}
		if len(gpuChunks) > 0 {
			s.GPUCount = len(gpus)
		}
		script, err := s.encode(nil, nil)
		if err != nil {
			return nil, err
		}
		d.Script, d.Mainland = script, s.Mainland
		// Only the first data script of offers loads with the page: it
		// holds the first screen of the script's view (viewOrder); the
		// script inserts the others when the reader asks for more.
		if chunks > 0 {
			d.DataScripts = append(d.DataScripts, strings.TrimPrefix(OfferChunkPath(1), "compare/")) // beside the page
		}
		for j := range gpuChunks {
			d.DataScripts = append(d.DataScripts, strings.TrimPrefix(GPUChunkPath(j+1), "compare/"))
		}
		d.ScriptURL = p.Rel("static/matrix.js")
		first = d
		return d, nil
	}
	newPage := func(i int) *pagemodel.Page {
		p := k.newPage(Path(i+1), "compare")
		p.TitleKey, p.DescKey = "compare.title", "compare.description"
		if i > 0 {
			p.TitleKey, p.Title = "", t("compare.title_page", i+1)
		}
		return p
	}
	copies := k.copyKinds()
	// frames measures the first and a later page of the matrix, of pages
	// pages, with no rows: what the rows of each leave of MaxPageBytes.
	var frames func(pages int) (int, int, error)
	if k.render != nil && k.row != nil {
		frames = func(pages int) (int, int, error) {
			var sizes [2]int
			for i := range sizes {
				p := newPage(i)
				d := &Data{Currency: display, Model: model, Models: models, Choices: matrixChoices(models), CommitNote: commitNote(models), Columns: columns, Rates: rates,
					Total: len(k.data.Priced), First: len(k.data.Priced), Last: len(k.data.Priced),
					Exports: &pagemodel.ExportLinks{Label: "compare.exports", CSV: p.Rel(paths.OffersCSV), JSON: p.Rel(paths.OffersJSON)}}
				if i == 0 {
					f, err := firstFrame(p, t)
					if err != nil {
						return 0, 0, err
					}
					d.Controls, d.Script, d.Mainland, d.DataScripts, d.ScriptURL = f.Controls, f.Script, f.Mainland, f.DataScripts, f.ScriptURL
					d.LeftOut = leftOutOf(k.data.Priced, model)
				}
				d.Copies = copies
				for j := range max(pages, 2) {
					d.Pager = append(d.Pager, pagemodel.PageLink{Label: strconv.Itoa(j + 1), URL: p.Rel(Path(j + 1)), Current: i == j})
				}
				p.Data = d
				var buf bytes.Buffer
				if err := k.render(&buf, p); err != nil {
					return 0, 0, err
				}
				sizes[i] = buf.Len()
			}
			return sizes[0], sizes[1], nil
		}
	}
	starts, firstRows, err := k.matrixPageStarts(models, model, size, frames)
	if err != nil {
		return nil, err
	}
	n := len(starts) - 1
	pagePaths := make([]string, n)
	for i := range pagePaths {
		pagePaths[i] = Path(i + 1)
	}

	var out []*pagemodel.Page
	for i := range pagePaths {
		p := newPage(i)
		p.Model = func() (any, error) {
			var terr error
			t := k.msgs.TKeeping(&terr)
			lo, hi := starts[i], starts[i+1]
			d := &Data{
				Currency: display, Model: model, Models: models, Choices: matrixChoices(models), CommitNote: commitNote(models), Columns: columns, Rates: rates,
				Total: len(k.data.Priced), First: lo + 1, Last: hi,
				Exports: &pagemodel.ExportLinks{Label: "compare.exports", CSV: p.Rel(paths.OffersCSV), JSON: p.Rel(paths.OffersJSON)},
				Copies:  copies,
			}
			if i == 0 && firstRows.rows != nil {
				d.Rows, d.RowsHTML = firstRows.rows[:hi:hi], firstRows.html(hi)
			} else {
				rows, html, err := k.rows(p, k.data.Priced[lo:hi], models, model)
				if err != nil {
					return nil, err
				}
				d.Rows, d.RowsHTML = rows, html
			}
			if n > 1 {
				for j, target := range pagePaths {
					d.Pager = append(d.Pager, pagemodel.PageLink{Label: strconv.Itoa(j + 1), URL: p.Rel(target), Current: i == j})
				}
			}
			if i == 0 {
				f, err := firstFrame(p, t)
				if err != nil {
					return nil, err
				}
				d.Controls, d.Script, d.Mainland, d.DataScripts, d.ScriptURL = f.Controls, f.Script, f.Mainland, f.DataScripts, f.ScriptURL
				d.LeftOut = leftOutOf(k.data.Priced, model)
			}
			return d, terr
		}
		out = append(out, p)
	}
	return out, terr
}

// MaxMatrixRowBytes is the most bytes of HTML rows one page of the matrix
// holds, beside at most the site's matrix page size of rows: what keeps a
// page under 2,000,000 bytes when the catalog repeats long texts (an
// instance type's network, interconnect or why its price is partial) on
// the row of every region it is offered in. The rest, 150,000 bytes, is
// left to the page's frame: the header, the filters and facets, the
// script's data block and the pager of the first page (some 70,000 bytes
// for the shipped catalog). A frame larger than that, measured, takes its
// bytes from its page's rows (matrixPageStarts), and no page passes
// MaxPageBytes.
const MaxMatrixRowBytes = 1_850_000

// MaxPageBytes is the most bytes a page of the site may have: 2,000,000
// (decimal), whatever the catalog, for a catalog of at most 2 MB of YAML.
const MaxPageBytes = 2_000_000

// frameSlack is what the measure of a matrix page's frame may miss: the
// numbers of its caption and its pager's current link.
const frameSlack = 2_000

// matrixPageStarts are the indexes into the priced offers at which the
// pages of the matrix start, then their count: a page ends after size
// rows, or before the row that would take its rows past
// MaxMatrixRowBytes or past what its frame leaves of MaxPageBytes
// (frames, of the first and of a later page, with a pager of so many
// pages). A page holds at least one row. Each row is measured as
// "compare-row" writes it on its page: the first page's candidates
// (firstRows) as the first page writes them, and the others as a later
// page does (whose links are longer), only once the first page is known
// to leave them out.
func (k *Kind) matrixPageStarts(models []string, model string, size int, frames func(pages int) (int, int, error)) ([]int, *firstRows, error) {
	offers := k.data.Priced
	first, err := k.firstRows(models, model, min(len(offers), size))
	if err != nil {
		return nil, nil, err
	}
	sizes, from := make([]int, len(offers)), len(offers)
	later := func(i int) ([]int, error) {
		if i < from && k.row != nil {
			if err := k.measureRows(sizes[i:from], offers[i:from], k.newPage(Path(2), "compare"), models, model); err != nil {
				return nil, err
			}
			from = i
		}
		return sizes, nil
	}
	starts, err := pageStarts(len(offers), first.sizes, later, size, frames)
	return starts, first, err
}

// firstRows are the candidates for the first page of the matrix, the
// first rows of the priced offers, as that page writes them: each row's
// size and, when the kind writes rows ahead (Measure.Ahead), the rows
// and their HTML, made once for both.
type firstRows struct {
	sizes []int
	rows  []*Row
	// parts hold the HTML of rows, one part a processor (inParts): a
	// part's rows [lo, lo+len(ends)), row i of the part ending at
	// ends[i-lo] of its html.
	parts []rowPart
}

// rowPart is the HTML of consecutive rows (firstRows.parts).
type rowPart struct {
	html string
	lo   int
	ends []int
}

// html is the HTML of the first n rows, one part a processor.
func (f *firstRows) html(n int) []template.HTML {
	var out []template.HTML
	for _, p := range f.parts {
		if p.lo >= n || len(p.ends) == 0 {
			continue
		}
		out = append(out, template.HTML(p.html[:p.ends[min(n-p.lo, len(p.ends))-1]]))
	}
	return out
}

// firstRows measures the first priced offers, up to n, as rows of the
// first page, on every processor (inParts), a block of firstRowsBlock
// rows at a time until their bytes pass MaxMatrixRowBytes, more than a
// first page holds; when the kind writes rows ahead it keeps them and
// their HTML (firstRows.parts). A row whose size the last build
// measured (k.sizes) is not written again.
func (k *Kind) firstRows(models []string, model string, n int) (*firstRows, error) {
	f := &firstRows{}
	if k.row == nil {
		f.sizes = make([]int, n)
		return f, nil
	}
	p := k.newPage(Path(1), "compare")
	used := 0
	for lo := 0; lo < n && used <= MaxMatrixRowBytes; lo += firstRowsBlock {
		hi := min(n, lo+firstRowsBlock)
		if err := k.firstBlock(f, p, lo, hi, models, model); err != nil {
			return nil, err
		}
		for _, b := range f.sizes[lo:hi] {
			used += b
		}
	}
	return f, nil
}

// firstRowsBlock is how many rows firstRows measures at a time: a
// matrix_page_size far above what a page's bytes allow has it measure
// (and a draft keep) at most this many rows past the first page.
const firstRowsBlock = 512

// firstBlock appends to f the rows [lo, hi) of the priced offers on
// the first page p, measured and, when the kind writes rows ahead, kept
// with their HTML.
func (k *Kind) firstBlock(f *firstRows, p *pagemodel.Page, lo, hi int, models []string, model string) error {
	offers := k.data.Priced[lo:hi]
	sizes := make([]int, len(offers))
	if !k.ahead {
		err := k.measureRows(sizes, offers, p, models, model)
		f.sizes = append(f.sizes, sizes...)
		return err
	}
	rows, blockParts, err := k.writeRows(p, offers, sizes, models, model)
	for i := range blockParts {
		blockParts[i].lo += lo
	}
	f.sizes, f.rows, f.parts = append(f.sizes, sizes...), append(f.rows, rows...), append(f.parts, blockParts...)
	return err
}

// writeRows makes the rows of offers on page p and writes them as
// "compare-row" does, on every processor (inParts), one part a
// processor, each part's rows counted from 0; sizes[i] is set to the
// bytes of row i.
func (k *Kind) writeRows(p *pagemodel.Page, offers []*pricing.Offer, sizes []int, models []string, model string) ([]*Row, []rowPart, error) {
	count := parts(len(offers))
	rows, out := make([]*Row, len(offers)), make([]rowPart, count)
	err := inParts(count, len(offers), func(part, lo, hi int) error {
		var b strings.Builder
		ends := make([]int, 0, hi-lo)
		for i := lo; i < hi; i++ {
			rows[i] = k.Row(p, offers[i], models, model)
			start := b.Len()
			if err := k.row(&b, rows[i]); err != nil {
				return err
			}
			ends = append(ends, b.Len())
			sizes[i] = b.Len() - start
		}
		out[part] = rowPart{html: b.String(), lo: lo, ends: ends}
		return nil
	})
	return rows, out, err
}

// measureRows sets sizes[i] to the bytes "compare-row" writes for
// offers[i] on page p, on every processor (inParts). A row whose size
// the last build measured (k.sizes) is not written again.
func (k *Kind) measureRows(sizes []int, offers []*pricing.Offer, p *pagemodel.Page, models []string, model string) error {
	measure := func(row *Row) (int, error) {
		var n byteCount
		err := k.row(&n, row)
		return int(n), err
	}
	return inParts(parts(len(offers)), len(offers), func(_, lo, hi int) error {
		size := k.sizes.sizer(measure)
		for i := lo; i < hi; i++ {
			n, err := size(k.Row(p, offers[i], models, model))
			if err != nil {
				return err
			}
			sizes[i] = n
		}
		return nil
	})
}

// rows are the rows of offers on page p and, when the kind writes rows
// ahead (Measure.Ahead), the HTML of them all as the table writes them,
// made on every processor (inParts), one part a processor.
func (k *Kind) rows(p *pagemodel.Page, offers []*pricing.Offer, models []string, model string) ([]*Row, []template.HTML, error) {
	if k.row == nil || !k.ahead {
		rows := make([]*Row, len(offers))
		for i, o := range offers {
			rows[i] = k.Row(p, o, models, model)
		}
		return rows, nil, nil
	}
	rows, written, err := k.writeRows(p, offers, make([]int, len(offers)), models, model)
	if err != nil {
		return nil, nil, err
	}
	out := make([]template.HTML, len(written))
	for i, part := range written {
		out[i] = template.HTML(part.html)
	}
	return rows, out, nil
}

// inParts runs do on the items [lo, hi) of n, in count parts numbered
// from 0 (parts(n), asked once by the caller: the processors may change
// meanwhile), each on a goroutine of its own, and joins their errors.
func inParts(count, n int, do func(part, lo, hi int) error) error {
	errs := make([]error, count)
	var wg sync.WaitGroup
	for part := range count {
		wg.Go(func() { errs[part] = do(part, part*n/count, (part+1)*n/count) })
	}
	wg.Wait()
	return errors.Join(errs...)
}

// parts is how many parts inParts cuts n rows into: one a processor, of
// at least minRowsPerWorker rows.
func parts(n int) int { return max(1, min(runtime.GOMAXPROCS(0), n/minRowsPerWorker)) }

// minRowsPerWorker is the fewest rows inParts gives a goroutine of its
// own: fewer are made sooner than a goroutine starts.
const minRowsPerWorker = 64

// byteCount is a writer that counts the bytes written to it.
type byteCount int

func (c *byteCount) Write(p []byte) (int, error) {
	*c += byteCount(len(p))
	return len(p), nil
}

func (c *byteCount) WriteString(s string) (int, error) {
	*c += byteCount(len(s))
	return len(s), nil
}

// pageStarts are matrixPageStarts of n rows: the first page's
// candidates of first bytes each (the first min(n, size) rows, or as
// many of them as pass MaxMatrixRowBytes), the others of the bytes
// later(i) gives them from index i on. A page ends after size rows, or
// before the row that would take its rows past MaxMatrixRowBytes or
// past what its frame (frames, when not nil) leaves of MaxPageBytes.
func pageStarts(n int, first []int, later func(i int) ([]int, error), size int, frames func(pages int) (int, int, error)) ([]int, error) {
	split := func(firstBudget, laterBudget int) ([]int, error) {
		end, used := 0, 0
		for end < n && end < len(first) && (end == 0 || end < size && used+first[end] <= firstBudget) {
			used += first[end]
			end++
		}
		starts := []int{0}
		if end == n {
			return append(starts, n), nil
		}
		sizes, err := later(end)
		if err != nil {
			return nil, err
		}
		starts = append(starts, end)
		rows, used := 0, 0
		for i := end; i < n; i++ {
			if rows > 0 && (rows == size || used+sizes[i] > laterBudget) {
				starts = append(starts, i)
				rows, used = 0, 0
			}
			rows, used = rows+1, used+sizes[i]
		}
		return append(starts, n), nil
	}
	starts, err := split(MaxMatrixRowBytes, MaxMatrixRowBytes)
	if err != nil || frames == nil {
		return starts, err
	}
	// A frame's pager grows with the pages, which a smaller budget makes
	// more of: measure again until the count of pages holds.
	for range 8 {
		firstFrame, laterFrame, err := frames(len(starts) - 1)
		if err != nil {
			return nil, err
		}
		next, err := split(min(MaxMatrixRowBytes, MaxPageBytes-firstFrame-frameSlack), min(MaxMatrixRowBytes, MaxPageBytes-laterFrame-frameSlack))
		if err != nil {
			return nil, err
		}
		if len(next) <= len(starts) {
			return next, nil
		}
		starts = next
	}
	return nil, errors.New("matrix: the pages' frames do not settle")
}

// Path is the output path of page n of the matrix, counted from 1.
func Path(n int) string { return paths.Matrix(n) }

// PricedModels are the pricing models some offer has a price under, in
// the order of pricing.Models.
func PricedModels(offers []*pricing.Offer) []string {
	var out []string
	for _, m := range pricing.Models {
		for _, o := range offers {
			if o.Prices[m] != nil {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// matrixChoices are the options of the matrix's pricing-model select for
// the priced models: each model, but a commitment of a term in place of
// the term's models (pricing.Commitments), where the first of them would
// be, so that "1-year commitment" takes a reserved instance, a savings plan
// or committed use alike, each row naming its own.
func matrixChoices(models []string) []string {
	var out []string
	for _, m := range models {
		if c, ok := pricing.CommitmentOf(m); ok {
			m = c.ID
		}
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}

// commitNote says models hold both a commitment's and a subscription's:
// the matrix's select lists them apart and says so on the commitment.
func commitNote(models []string) bool {
	commit := slices.ContainsFunc(models, func(m string) bool { _, ok := pricing.CommitmentOf(m); return ok })
	return commit && (slices.Contains(models, "subscription_month") || slices.Contains(models, "subscription_year"))
}

// commitmentIDs are the ids of pricing.Commitments.
func commitmentIDs() []string {
	var out []string
	for _, c := range pricing.Commitments {
		out = append(out, c.ID)
	}
	return out
}

// The precisions of the per-TFLOPS columns.
var (
	fp16 = precision("fp16_bf16")
	fp32 = precision("fp32")
)

func precision(key string) catalog.Precision {
	i := slices.IndexFunc(catalog.Precisions, func(p catalog.Precision) bool { return p.Key == key })
	return catalog.Precisions[i]
}

// Columns lists the columns in the order the rows hold their cells
// (templates/layouts/compare.html); display is the display currency as
// the language writes it beside an amount (元, not CNY, in Chinese), as
// the matrix script writes it in the units it sets.
func Columns(t func(string, ...any) string, models []string, model, display string) []Column {
	hour, modelName := t("unit.hour"), t("model."+model)
	norm := t("matrix.norm_unit", display, hour, modelName)
	cols := []Column{
		{Key: "instance", Label: t("col.instance")},
		{Key: "provider", Label: t("col.provider")},
		{Key: "gpu", Label: t("col.gpu")},
		{Key: "gpu_count", Label: t("col.gpu_count"), Num: true},
		{Key: "region", Label: t("col.region")},
	}
	for _, m := range models {
		cols = append(cols, Column{Key: "m:" + m, Label: capitalize(t("model." + m)), Unit: hour, Num: true})
	}
	return append(cols,
		Column{Key: "per_gpu", Label: t("col.norm_gpu"), Unit: norm, Num: true},
		Column{Key: "per_gb", Label: t("col.norm_gb"), Unit: norm, Num: true},
		Column{Key: "per_fp16", Label: t("col.norm_tflops", fp16.Label), Unit: norm, Num: true},
		Column{Key: "per_fp32", Label: t("col.norm_tflops", fp32.Label), Unit: norm, Num: true},
		Column{Key: "since", Label: t("col.since"), Unit: modelName},
		Column{Key: "source", Label: t("col.source"), Unit: modelName},
		Column{Key: "gpu_memory", Label: t("col.gpu_memory"), Unit: t("units.gb"), Num: true},
		Column{Key: "vcpus", Label: t("col.vcpus"), Num: true},
		Column{Key: "ram", Label: t("col.ram"), Unit: t("units.gib"), Num: true},
		Column{Key: "network", Label: t("col.network"), Num: true},
		Column{Key: "interconnect", Label: t("col.interconnect")},
		Column{Key: "billing", Label: t("col.billing")},
		Column{Key: "certifications", Label: t("col.certifications")},
	)
}

// CompareColumns lists the columns of /compare/ in the order its rows
// hold their cells (the partial "compare-table"): the answer first —
// instance type, provider, GPUs, region, the price under the chosen model,
// the price per GPU-hour and the price's age and kind of source — then
// the columns the script shows only when chosen (Off): the GPU count, a
// price per pricing model, the prices per GB and per TFLOPS, the source,
// the specs, billing and certifications.
func CompareColumns(t func(string, ...any) string, models []string, model, display string) []Column {
	hour, modelName := t("unit.hour"), t("model."+model)
	norm := t("matrix.norm_unit", display, hour, modelName)
	cols := []Column{
		{Key: "instance", Label: t("col.instance")},
		{Key: "provider", Label: t("col.provider")},
		{Key: "gpu", Label: t("col.gpu_config")},
		{Key: "region", Label: t("col.region")},
		{Key: "price", Label: t("matrix.col_price"), Unit: norm, Num: true},
		{Key: "per_gpu", Label: t("col.norm_gpu"), Unit: norm, Num: true},
		{Key: "since", Label: t("matrix.col_age"), Unit: modelName},
		{Key: "gpu_count", Label: t("matrix.col_gpu_count"), Num: true, Off: true},
	}
	for _, m := range models {
		cols = append(cols, Column{Key: "m:" + m, Label: capitalize(t("model." + m)), Unit: display + hour, Num: true, Off: true})
	}
	for _, c := range []Column{
		{Key: "per_gb", Label: t("col.norm_gb"), Unit: norm, Num: true},
		{Key: "per_fp16", Label: t("col.norm_tflops", fp16.Label), Unit: norm, Num: true},
		{Key: "per_fp32", Label: t("col.norm_tflops", fp32.Label), Unit: norm, Num: true},
		{Key: "source", Label: t("col.source"), Unit: modelName},
		{Key: "gpu_memory", Label: t("col.gpu_memory"), Unit: t("units.gb"), Num: true},
		{Key: "vcpus", Label: t("col.vcpus"), Num: true},
		{Key: "ram", Label: t("col.ram"), Unit: t("units.gib"), Num: true},
		{Key: "network", Label: t("col.network"), Num: true},
		{Key: "interconnect", Label: t("col.interconnect")},
		{Key: "billing", Label: t("col.billing")},
		{Key: "certifications", Label: t("col.certifications")},
	} {
		c.Off = true
		cols = append(cols, c)
	}
	return cols
}

// capitalize upper-cases the first letter of a name for a heading:
// "on-demand" heads its column as "On-demand".
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

func (k *Kind) Row(p *pagemodel.Page, o *pricing.Offer, models []string, model string) *Row {
	in := o.Instance
	r := &Row{
		Offer: o, Provider: o.Provider, Instance: o.Instance, GPU: o.GPU, Region: o.Region, Currency: k.cat.Site.Currency,
		ProviderURL: p.Rel(paths.Provider(o.Provider.ID)),
		InstanceURL: p.Rel(paths.Instance(in)),
		GPUMemoryGB: k.cat.TotalGPUMemoryGB(in),
	}
	if o.GPU != nil {
		r.GPUURL = p.Rel(paths.GPU(o.GPU.ID))
	}
	if reg := o.Provider.Region(o.Region); reg != nil {
		r.RegionName = cmp.Or(k.text(reg, "name"), reg.ID)
	}
	r.Prices = make([]*Price, len(models))
	for i, m := range models {
		r.Prices[i] = k.Price(o.Prices[m])
		if v := r.Prices[i]; v != nil {
			v.Trust.Short = true // the page's legend says what the copy mark means (Data.Copies)
		}
	}
	some := func(v float64, ok bool) *float64 {
		if !ok {
			return nil
		}
		return &v
	}
	r.PerGPU = some(o.PerGPUHour(model))
	r.PerGB = some(o.PerGPUMemoryGBHour(k.cat, model))
	r.PerFP16 = some(o.PerTFLOPSHour(fp16, model))
	r.PerFP32 = some(o.PerTFLOPSHour(fp32, model))
	cur := k.cat.Site.Currency // the offers' figures are in the site's currency
	r.PerGPUText, r.PerGBText, r.PerFP16Text, r.PerFP32Text = render.FormatMoneyIn(r.PerGPU, cur), render.FormatMoneyIn(r.PerGB, cur), render.FormatMoneyIn(r.PerFP16, cur), render.FormatMoneyIn(r.PerFP32, cur)
	if i := slices.Index(models, model); i >= 0 && r.Prices[i] != nil {
		r.Dated = r.Prices[i]
		r.Date = pagemodel.NewDate(r.Dated.Point.Since)
	}
	if src := r.Source(); src != "" {
		r.Cites = k.Cite(src)
	}
	return r
}

// Cite is cite(s), made once per distinct source of a build: the matrix
// cites the same few sources on thousands of rows. It is safe for
// concurrent use.
func (k *Kind) Cite(s string) []render.Citation {
	k.citesMu.Lock()
	defer k.citesMu.Unlock()
	c, ok := k.cites[s]
	if !ok {
		c = k.msgs.Cite(s)
		if k.cites == nil {
			k.cites = map[string][]render.Citation{}
		}
		k.cites[s] = c
	}
	return c
}

// copyKinds are the kinds of copy (catalog.CopyKinds) some priced
// offer's price, under any model, is only in, by the source registry
// (SourceRegistry.CopiedOnly): the marks the matrix's rows may carry,
// the script's included.
func (k *Kind) copyKinds() []string {
	var kinds []string
	seen := map[string]bool{}
	for _, o := range k.data.Priced {
		for _, pr := range o.Prices {
			if pr == nil || seen[pr.Point.Source] {
				continue
			}
			seen[pr.Point.Source] = true
			if c := k.cat.Sources.CopiedOnly(pr.Point.Source); c != nil && !slices.Contains(kinds, c.Kind) {
				kinds = append(kinds, c.Kind)
			}
		}
	}
	return slices.DeleteFunc(slices.Clone(catalog.CopyKinds), func(c string) bool { return !slices.Contains(kinds, c) })
}

func (k *Kind) Price(pr *pricing.Price) *Price {
	if pr == nil {
		return nil
	}
	v := &Price{Price: pr, Point: pr.Point, Hourly: pr.Hourly, Display: pr.Display, Conversion: *pr.Conversion, Trust: k.trust(pr.Point, pr.Kind)}
	q := pagemodel.QuotedHourly(pr.Point)
	v.Quoted = q != nil && !pr.Point.PerGPU && *q == pr.Hourly.Amount
	v.Amount = render.FormatMoneyIn(pr.Hourly.Amount, pr.Hourly.Currency) // quoted or derived, read alike
	if u := pr.Point.Upfront(); u != nil && *u > 0 {
		v.Upfront = u
	}
	if pr.Converted && pr.Conversion.From != pr.Conversion.To {
		v.Converted, v.Rate = true, pagemodel.NewRateView(pr.Conversion.Rate)
	}
	if pr.Converted {
		v.Shown = render.FormatMoneyIn(pr.Display, pr.Conversion.To)
	}
	v.Title = k.priceTitle(v)
	return v
}

// priceTitle says all of a price on one line: "21.957642 USD/h; all
// upfront; 120,000.00 upfront; 3.711 CNY/h as quoted, 1 USD = 6.8067 CNY
// (2026-07-01)".
func (k *Kind) priceTitle(v *Price) string {
	var terr error
	t := k.msgs.TKeeping(&terr) // every key is checked once a build (scriptMessages)
	hour := t("unit.hour")
	exact := render.FormatExact(v.Display)
	cur := k.cat.Site.Currency
	if !v.Price.Converted {
		exact, cur = render.FormatExact(v.Hourly.Amount), v.Hourly.Currency
	}
	parts := []string{t("matrix.price_exact", exact, k.msgs.Cur(cur)+hour)}
	if p := v.Point.Payment(); p != "" {
		parts = append(parts, t("payment."+p))
	}
	if v.Upfront != nil {
		parts = append(parts, t("price.upfront", render.FormatMoney(v.Upfront)+titleSpace(t)+k.msgs.Cur(v.Point.Currency)))
	}
	if d := v.Point.DiscountPct(); d != nil {
		parts = append(parts, t("price.discount", render.FormatNum(d)))
	}
	if v.Converted {
		parts = append(parts, t("matrix.price_quoted", render.FormatExact(v.Hourly.Amount), k.msgs.Cur(v.Hourly.Currency)+hour)+t("punct.comma")+
			t("matrix.rate_title", t("matrix.rate_dated", t("matrix.rate", k.msgs.Cur(v.Rate.Base), render.FormatNum(v.Rate.Rate), k.msgs.Cur(v.Rate.Quote)), rateDate(t, k.msgs.DateKeeping(&terr), v.Rate.Date))))
	}
	return strings.Join(parts, t("punct.semicolon"))
}

// titleSpace is the space between an amount and its currency in a
// title: a plain space, none where the language sets none
// (punct.amount_space).
func titleSpace(t func(string, ...any) string) string {
	if t("punct.amount_space") == "" {
		return ""
	}
	return " "
}

// rateDate is the date of a rate as a title says it, written by date.
func rateDate(t func(string, ...any) string, date func(string) string, d string) string {
	if d == "unknown" || d == "" {
		return t("date.unknown")
	}
	return date(d)
}

// Rates are the rates the matrix converts with into the display
// currency, one per quoted currency, in the order of the currencies.
func (k *Kind) Rates(display string) []*render.RateView {
	seen := map[string]*render.RateView{}
	for _, o := range k.data.Priced {
		for _, pr := range o.Prices {
			c := pr.Hourly.Currency
			if _, ok := seen[c]; ok || c == display {
				continue
			}
			seen[c] = nil
			if conv, ok := pricing.Rates(k.cat.FX).Convert(c, display); ok {
				seen[c] = pagemodel.NewRateView(conv.Rate)
			}
		}
	}
	var out []*render.RateView
	for _, c := range slices.Sorted(maps.Keys(seen)) {
		if seen[c] != nil {
			out = append(out, seen[c])
		}
	}
	return out
}

// matrixControls lists the currencies (the site's first, then every
// quoted currency and every currency of the exchange rates) and the facets.
func (k *Kind) matrixControls(t func(string, ...any) string, models []string, display string) *matrixControls {
	c := &matrixControls{Currencies: []string{display}}
	others := map[string]bool{}
	for _, o := range k.data.Priced {
		for _, pr := range o.Prices {
			others[pr.Hourly.Currency] = true
		}
	}
	for _, fx := range k.cat.FX {
		others[fx.Base], others[fx.Quote] = true, true
	}
	delete(others, display)
	c.Currencies = append(c.Currencies, slices.Sorted(maps.Keys(others))...)

	type counter struct {
		f     *facet
		index map[string]int
	}
	add := func(cn *counter, value, label string) {
		i, ok := cn.index[value]
		if !ok {
			i = len(cn.f.Options)
			cn.index[value] = i
			cn.f.Options = append(cn.f.Options, facetOption{Value: value, Label: label})
		}
		cn.f.Options[i].Count++
	}
	facets := []*counter{
		{&facet{Key: "provider", Label: t("matrix.facet_provider")}, map[string]int{}},
		{&facet{Key: "gpu", Label: t("matrix.facet_gpu")}, map[string]int{}},
		{&facet{Key: "region", Label: t("matrix.facet_region")}, map[string]int{}},
		{&facet{Key: "model", Label: t("matrix.facet_model")}, map[string]int{}},
	}
	for _, m := range models {
		facets[3].index[m] = len(facets[3].f.Options)
		facets[3].f.Options = append(facets[3].f.Options, facetOption{Value: m, Label: t("model." + m)})
	}
	geo := map[string]string{} // region id → its part of the world, as first seen
	lang := cmp.Or(k.cat.Site.Language, catalog.BaseLanguage)
	for _, o := range k.data.Priced {
		add(facets[0], o.Provider.ID, pagemodel.ProviderName(o.Provider, lang))
		gpu := o.Instance.GPU
		if o.GPU != nil {
			gpu = cmp.Or(pagemodel.CatalogText(k.cat, o.GPU, "name"), o.GPU.Name)
		}
		add(facets[1], o.Instance.GPU, gpu)
		switch o.Region {
		case "":
		case catalog.AllRegions:
			add(facets[2], o.Region, t("region.all"))
		default:
			add(facets[2], o.Region, o.Region)
			if _, ok := geo[o.Region]; !ok {
				geo[o.Region] = ""
				if reg := o.Provider.Region(o.Region); reg != nil {
					geo[o.Region] = reg.Geo
					i := facets[2].index[o.Region]
					if name := pagemodel.RegionName(reg, lang); name != "" && name != reg.ID {
						facets[2].f.Options[i].Note = name
					}
				}
			}
		}
		for _, m := range models {
			if o.Prices[m] != nil {
				add(facets[3], m, "")
			}
		}
	}
	// GPUs in buyer order, regions by id; providers and models as listed.
	order := map[string]int{}
	for i, g := range k.data.GPUs {
		order[g.ID] = i
	}
	slices.SortStableFunc(facets[1].f.Options, func(x, y facetOption) int {
		ix, okx := order[x.Value]
		iy, oky := order[y.Value]
		return cmp.Or(-cmp.Compare(boolInt(okx), boolInt(oky)), cmp.Compare(ix, iy), cmp.Compare(x.Value, y.Value))
	})
	slices.SortStableFunc(facets[2].f.Options, func(x, y facetOption) int {
		return cmp.Or(-cmp.Compare(boolInt(x.Value == catalog.AllRegions), boolInt(y.Value == catalog.AllRegions)), strings.Compare(x.Value, y.Value))
	})
	for _, f := range facets {
		foldFacet(f.f)
	}
	facets[2].f.Groups = regionGroups(t, facets[2].f.Options, geo)
	for _, f := range facets {
		c.Facets = append(c.Facets, *f.f)
	}
	return c
}

// regionGroups puts the options of the region facet into groups by the
// part of the world of each region (geo, by region id): provider-wide
// prices ("all") first, then catalog.Geos in order, then the regions the
// catalog does not place. Options keep their order within a group.
func regionGroups(t func(string, ...any) string, options []facetOption, geo map[string]string) []facetGroup {
	keys := append(append([]string{catalog.AllRegions}, catalog.Geos...), "none")
	groups := make([]facetGroup, len(keys))
	for i, k := range keys {
		groups[i] = facetGroup{Key: k, Label: t("geo." + k)}
	}
	for _, o := range options {
		k := o.Value
		if k != catalog.AllRegions {
			k = cmp.Or(geo[o.Value], "none")
		}
		i := slices.Index(keys, k)
		groups[i].Options = append(groups[i].Options, o)
		groups[i].Count += o.Count
	}
	return slices.DeleteFunc(groups, func(g facetGroup) bool { return len(g.Options) == 0 })
}

// matrixScript is the data of the first page for the script, without
// its offers (encode adds them).
// scriptGPUs are the records of the GPU models some offer of the matrix
// has, in buyer order: what the script reads for the per-TFLOPS and spec
// columns.
func (k *Kind) scriptGPUs() []export.GPUExport {
	used := map[string]bool{}
	for _, o := range k.data.Priced {
		used[o.Instance.GPU] = true
	}
	var gpus []export.GPUExport
	for _, g := range k.data.GPUs {
		if used[g.ID] {
			gpus = append(gpus, export.GPUExportOf(g))
		}
	}
	return gpus
}

func (k *Kind) matrixScript(p *pagemodel.Page, t func(string, ...any) string, models []string, model string) *matrixScript {
	s := &matrixScript{
		OffersExport: export.OffersDoc(k.cat),
		scriptSettings: scriptSettings{
			Model:      model,
			Root:       strings.TrimSuffix(p.Rel("index.html"), "index.html"),
			Pretty:     k.pretty,
			Messages:   map[string]string{},
			OfferCount: len(k.data.Priced),
		},
	}
	if s.Root == "./" {
		s.Root = ""
	}
	s.Models = models
	for _, c := range pricing.Commitments {
		var in []string
		for _, m := range c.Models {
			if slices.Contains(models, m) {
				in = append(in, m)
			}
		}
		if len(in) > 0 {
			if s.Terms == nil {
				s.Terms = map[string][]string{}
			}
			s.Terms[c.ID] = in
		}
	}
	keys := slices.Clone(scriptMessages)
	sourceKinds := catalog.SourceKinds
	if len(k.cat.Quotes) > 0 {
		sourceKinds = append(slices.Clone(sourceKinds), catalog.KindQuote)    // an internal build's quotes
		keys = append(keys, "quote.kind", "quote.valid_until", "punct.comma") // the script words a quote's terms
	}
	for prefix, words := range map[string][]string{"model": append(slices.Clone(pricing.Models), commitmentIDs()...), "payment": catalog.Payments, "granularity": catalog.Granularities,
		"fx.kind": catalog.FXKinds, "fx.source_kind": catalog.FXSourceKinds,
		"trust.kind": sourceKinds, "trust.kind_title": sourceKinds,
		"trust.badge": {catalog.Fresh, catalog.Aging, catalog.Stale, catalog.Undated}} {
		for _, w := range words {
			keys = append(keys, prefix+"."+w)
		}
	}
	for _, k := range keys {
		s.Messages[k] = t(k)
	}
	fresh, stale := k.cat.Site.Policy()
	s.Messages["trust.badge_title"] = t("trust.badge_title", fresh, stale)
	var sources []string
	for _, fx := range k.cat.FX {
		sources = append(sources, fx.Source)
	}
	s.FXCites = fxCites(k.msgs, sources)
	s.Mainland, s.MainlandOn = MainlandSwitch(k.cat, k.data.Priced)
	return s
}

// MainlandSwitch says whether the matrix has its switch "mainland China
// only", which keeps the offers of the rule of the mainland view
// (derive.MainlandQuoted): shown when some priced offer holds by it. on
// says the switch is on by default: in the Chinese edition, whose home
// page answers for mainland China first. A link into the matrix states
// the switch where it wants it otherwise (the URL state's cn).
func MainlandSwitch(cat *catalog.Catalog, priced []*pricing.Offer) (shown, on bool) {
	shown = slices.ContainsFunc(priced, derive.MainlandQuoted)
	return shown, shown && strings.HasPrefix(cat.Site.Language, "zh")
}

// withoutSource is trust without the price's source on its view: a row of
// the matrix has its source in a column of its own, which the page's
// Markdown twin keeps, so that the rows, and the matrix's pages they
// fill, stay as small as they were.
func withoutSource(trust func(*catalog.PricePoint, string) *pagemodel.TrustView) func(*catalog.PricePoint, string) *pagemodel.TrustView {
	return func(pp *catalog.PricePoint, kind string) *pagemodel.TrustView {
		v := trust(pp, kind)
		if v != nil {
			v.Source = ""
		}
		return v
	}
}

// boolInt is 1 for true, 0 for false, to compare by.
func boolInt(v bool) int {
	if v {
		return 1
	}
	return 0
}

// CitedSource is one distinct source text of the report and its number,
// which a row of the matrix in the report points to (Row.Ref).
type CitedSource struct {
	N     int
	Text  string
	Cites []render.Citation
}

// Anchor is the id of the source in the report's list of sources.
func (c *CitedSource) Anchor() string { return fmt.Sprintf("source-%d", c.N) }
