// Package export is a writer of its own beside the pages: it writes the
// matrices as data for machines, compare/offers.csv and .json,
// gpus/gpus.csv and .json, and the benchmarks' results and costs. It
// takes the catalog, the derived data and the messages that word the
// notes, and writes to the io.Writers the orchestration hands it (the
// build's files, or a Rebuilder's kept ones); the matrix page embeds the
// same export of each offer (OfferExporter). It renders no template.
package export

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// The exports are the matrices as data, written at build time:
// compare/offers.csv and .json, gpus/gpus.csv and .json, and the
// benchmarks' results and costs (benchexport.go). Their columns are
// documented in the README; unknown values are empty cells in CSV and
// absent keys in JSON, never 0.

// Paths are every export's path.
var Paths = []string{
	paths.OffersCSV, paths.OffersJSON, paths.GPUsCSV, paths.GPUsJSON,
	paths.ResultsCSV, paths.ResultsJSON, paths.CostsCSV, paths.CostsJSON,
}

// OfferExport is one offer as the exports and the matrix script see it.
type OfferExport struct {
	Provider     string `json:"provider"`
	ProviderName string `json:"provider_name"`
	// ProviderKind is the provider's kind (catalog.ProviderKinds): a
	// marketplace's prices answer only when the reader includes them.
	ProviderKind string `json:"provider_kind,omitempty"`
	Instance     string `json:"instance"`
	InstanceName string `json:"instance_name"`
	URL          string `json:"url"` // the instance page, relative to the site root
	Region       string `json:"region,omitempty"`
	RegionName   string `json:"region_name,omitempty"`
	RegionGeo    string `json:"region_geo,omitempty"` // the region's part of the world (catalog.Geos)
	Mainland     bool   `json:"mainland,omitempty"`   // in mainland China, priced in yuan as quoted: the mainland view's rule (derive.MainlandQuoted)
	// RegionAccess is "restricted" when the region is open only to
	// customers the provider vets (catalog.Region.Access): its prices
	// answer nothing; RegionAccessNote says who may buy there.
	RegionAccess     string   `json:"region_access,omitempty"`
	RegionAccessNote string   `json:"region_access_note,omitempty"`
	GPU              string   `json:"gpu"`
	GPUName          string   `json:"gpu_name,omitempty"`
	GPUCount         int      `json:"gpu_count"`
	GPUMemoryGB      *float64 `json:"gpu_memory_gb,omitempty"`
	VCPUs            *float64 `json:"vcpus,omitempty"`
	RAMGiB           *float64 `json:"ram_gib,omitempty"`
	NetworkGbps      *float64 `json:"network_gbps,omitempty"`
	Network          string   `json:"network,omitempty"`
	Interconnect     string   `json:"interconnect,omitempty"`
	Billing          string   `json:"billing_granularity,omitempty"`
	MinimumSeconds   *float64 `json:"billing_minimum_seconds,omitempty"`
	Certifications   []string `json:"certifications,omitempty"`
	PreviousGen      bool     `json:"previous_generation,omitempty"`
	PriceNotPublic   string   `json:"price_not_public,omitempty"`
	VGPUProfile      string   `json:"vgpu_profile,omitempty"` // a slice of a GPU, not a whole one
	// PriceIncomplete says what the prices leave out, when they are only
	// part of the cost (a GPU without its VM): not to be ranked.
	PriceIncomplete string                  `json:"price_incomplete,omitempty"`
	Source          string                  `json:"source,omitempty"` // Of the instance type's specs
	Prices          map[string]*PriceExport `json:"prices,omitempty"`
}

// PriceExport is the latest price of an offer under one pricing model.
type PriceExport struct {
	Amount          *float64 `json:"amount,omitempty"` // as quoted
	Upfront         *float64 `json:"upfront,omitempty"`
	EffectiveHourly *float64 `json:"effective_hourly,omitempty"` // as quoted
	DiscountPct     *float64 `json:"discount_pct,omitempty"`
	PerGPU          bool     `json:"per_gpu,omitempty"`
	Approximate     bool     `json:"approximate,omitempty"`
	RegionUnstated  bool     `json:"region_unstated,omitempty"` // the source names no region
	Payment         string   `json:"payment,omitempty"`
	Currency        string   `json:"currency"`
	// Hourly is the derived effective hourly price of the whole instance
	// in Currency, and Basis how it was derived.
	Hourly float64 `json:"hourly"`
	Basis  string  `json:"basis"`
	// DisplayHourly is Hourly in the site currency at the rate of FXDate.
	DisplayHourly *float64 `json:"display_hourly,omitempty"`
	FXRate        *float64 `json:"fx_rate,omitempty"`
	FXDate        string   `json:"fx_date,omitempty"`
	Since         string   `json:"since"`
	AsOf          string   `json:"as_of,omitempty"`
	// AgeDate is the date the price's age counts from (catalog.AgeDate):
	// its since, as-of, file's checked day or first-seen day; absent when
	// undated.
	AgeDate string `json:"age_date,omitempty"`
	// LastSeen is the last day the source listed the offer, when it no
	// longer does: a superseded offer answers nothing.
	LastSeen string `json:"last_seen,omitempty"`
	// ValidUntil is the last valid day of a private quote (source kind
	// quote): a quote is current until then, whatever its age.
	ValidUntil string `json:"valid_until,omitempty"`
	Source     string `json:"source"`
	// SourceKind is the kind of source of the price (pricing.Price.Kind):
	// provider, aggregator, article or estimate.
	SourceKind string `json:"source_kind"`
	// SourceCopy is the kind of copy, fork or mirror, every citation of
	// the source is in, by the source registry
	// (catalog.SourceRegistry.CopiedOnly): a purchase file cannot cite
	// the price. Absent when a citation names another place.
	SourceCopy string `json:"source_copy,omitempty"`
	// IntlSite says the price is its provider's international site's
	// list price in a region of mainland China, not in yuan
	// (pricing.IntlSitePoint): not what the China site charges there.
	IntlSite bool `json:"intl_site,omitempty"`
}

// OffersExport is the whole of compare/offers.json.
type OffersExport struct {
	Title    string         `json:"title"`
	Currency string         `json:"currency"` // the display currency of display_hourly
	FX       []fxExport     `json:"fx"`
	Models   []string       `json:"models"`
	Offers   []*OfferExport `json:"offers"`
}

type fxExport struct {
	Base   string  `json:"base"`
	Quote  string  `json:"quote"`
	Rate   float64 `json:"rate"`
	Date   string  `json:"date"`
	Source string  `json:"source"`
	Caveat string  `json:"caveat,omitempty"`
	// Kind is which rate it is (central_parity, noon_buying), and
	// SourceKind whether the source is its publisher's notice or a
	// report of it: omitted when the catalog does not say.
	Kind       string `json:"kind,omitempty"`
	SourceKind string `json:"source_kind,omitempty"`
}

// offerExporter makes the exports of offers one at a time in the same
// memory: the export it returns holds until the next.
type offerExporter struct {
	cat    *catalog.Catalog
	msgs   render.Messages
	export OfferExport
	prices []exportedPrice // by the index of the model in pricing.Models
	// bases are the bases worded so far, in the site's language.
	bases map[basisKey]string
	err   error // the first basis that could not be worded
}

// basisKey is what the wording of a pricing.Hourly's basis depends on.
type basisKey struct {
	code string
	of   float64
	gpus int
}

// exportedPrice is a priceExport with room for the figures it points to.
type exportedPrice struct {
	PriceExport
	display, fxRate float64
}

// NewOfferExporter returns an exporter of the offers of cat, wording
// their prices' bases with msgs.
func NewOfferExporter(cat *catalog.Catalog, msgs render.Messages) *offerExporter {
	return &offerExporter{cat: cat, msgs: msgs, prices: make([]exportedPrice, len(pricing.Models)), bases: map[basisKey]string{}}
}

// basis words how h follows from its point, in the site's language: "hourly",
// "upfront over 8760 h + hourly", "hourly × 8 GPUs".
func (x *offerExporter) basis(h *pricing.Hourly) string {
	k := basisKey{h.Basis, h.Of, h.GPUs}
	s, ok := x.bases[k]
	if !ok {
		var err error
		if s, err = x.msgs.Notes("exports.basis.", h.BasisNotes(), ""); err != nil && x.err == nil {
			x.err = err
		}
		x.bases[k] = s
	}
	return s
}

// Err is the first basis x could not word.
func (x *offerExporter) Err() error { return x.err }

// Of is offer o as the exports and the matrix script see it.
func (x *offerExporter) Of(o *pricing.Offer) *OfferExport {
	in, p := o.Instance, o.Provider
	e := &x.export
	prices := e.Prices
	clear(prices)
	// Names in the edition's language: the matrix of an edition reads
	// them; the exports at the top are the root edition's.
	lang := x.cat.Site.Language
	name := func(rec any) string { s, _ := catalog.Text(rec, "name", lang); return s }
	*e = OfferExport{
		Provider: p.ID, ProviderName: name(p), ProviderKind: p.Kind, Instance: in.ID, InstanceName: in.Name,
		URL: paths.Instance(in), Region: o.Region, GPU: in.GPU, GPUCount: in.GPUCount,
		GPUMemoryGB: x.cat.TotalGPUMemoryGB(in), VCPUs: in.VCPUs, RAMGiB: in.RAMGiB,
		NetworkGbps: in.NetworkGbps, Network: in.Network, Interconnect: in.Interconnect,
		Billing: p.Billing.Granularity, MinimumSeconds: p.Billing.MinimumSeconds,
		Certifications: p.Certs(), PreviousGen: in.PreviousGen, PriceNotPublic: in.PriceNotPublic, VGPUProfile: in.VGPUProfile,
		PriceIncomplete: in.PriceIncomplete, Source: in.Source, Prices: prices,
	}
	if r := p.Region(o.Region); r != nil {
		e.RegionName, e.RegionGeo = name(r), r.Geo
		if r.Access != "" {
			e.RegionAccess = r.Access
			e.RegionAccessNote, _ = catalog.Text(r, "access_note", lang)
		}
	} else if o.Region == catalog.AllRegions && len(p.Regions) > 0 {
		// A price of every region has their part of the world when they
		// share one.
		e.RegionGeo = p.Regions[0].Geo
		for _, r := range p.Regions {
			if r.Geo != e.RegionGeo {
				e.RegionGeo = ""
			}
		}
	}
	e.Mainland = derive.MainlandQuoted(o)
	if o.GPU != nil {
		e.GPUName = o.GPU.Name
	}
	found := 0
	for i, model := range pricing.Models {
		if found == len(o.Prices) {
			break
		}
		pr := o.Prices[model]
		if pr == nil {
			continue
		}
		found++
		pt := pr.Point
		f := exportFigures(pr)
		xp := &x.prices[i]
		*xp = exportedPrice{PriceExport: PriceExport{
			Amount: pt.Amount, Upfront: pt.Upfront(), EffectiveHourly: pt.EffectiveHourly(), DiscountPct: pt.DiscountPct(),
			PerGPU: pt.PerGPU, Approximate: pt.Approximate, RegionUnstated: pt.RegionUnstated, Payment: pt.Payment(), Currency: pr.Hourly.Currency,
			Hourly: f.hourly, Basis: x.basis(&pr.Hourly),
			Since: string(pt.Since), AsOf: pt.AsOf(), LastSeen: string(pt.LastSeen()), Source: pt.Source, SourceKind: pr.Kind,
		}}
		if d, _ := catalog.AgeDate(pt); d != "" {
			xp.AgeDate = string(d)
		}
		if c := x.cat.Sources.CopiedOnly(pt.Source); c != nil {
			xp.SourceCopy = c.Kind
		}
		xp.IntlSite = pricing.IntlSitePoint(o.Provider, pt)
		if q := o.Quoted(); q != nil {
			xp.ValidUntil = string(q.Quote.ValidUntil)
		}
		if f.converted {
			xp.display = f.display
			xp.DisplayHourly = &xp.display
			if f.rated {
				xp.fxRate = f.fxRate
				xp.FXRate, xp.FXDate = &xp.fxRate, f.fxDate
			}
		}
		if e.Prices == nil {
			e.Prices = make(map[string]*PriceExport, len(pricing.Models))
		}
		e.Prices[model] = &xp.PriceExport
	}
	return e
}

// derivedPlaces is how many decimals derived figures keep in the exports:
// enough for any price, without float noise (6.588000000000001).
const derivedPlaces = 6

func ptr[T any](v T) *T { return &v }

// OffersDoc is compare/offers.json without its offers: an empty list.
func OffersDoc(cat *catalog.Catalog) OffersExport {
	doc := OffersExport{Title: cat.Site.Title, Currency: cat.Site.Currency, Models: pricing.Models, Offers: []*OfferExport{}}
	for _, fx := range cat.FX {
		doc.FX = append(doc.FX, fxExport{fx.Base, fx.Quote, fx.Rate, string(fx.Date), fx.Source, fx.Caveat, fx.Kind, fx.SourceKind})
	}
	return doc
}

// WriteOffers writes compare/offers.json into jw and compare/offers.csv
// into cw, offer by offer.
func WriteOffers(jw, cw io.Writer, cat *catalog.Catalog, msgs render.Messages, offers []*pricing.Offer) error {
	list, err := newIndentedList(jw, OffersDoc(cat))
	if err != nil {
		return err
	}
	line := appendCSVLine(nil, offersCSVHead(cat.Site.Currency))
	if _, err := cw.Write(line); err != nil {
		return err
	}
	x := NewOfferExporter(cat, msgs)
	for _, o := range offers {
		e := x.Of(o)
		if x.err != nil {
			return x.err
		}
		if err := list.Add(e); err != nil {
			return err
		}
		line = appendOfferCSV(line[:0], e, pricing.Models)
		if _, err := cw.Write(line); err != nil {
			return err
		}
	}
	return list.Close()
}

// appendCSVLine appends fields as a line of CSV, as csv.Writer writes it.
func appendCSVLine(dst []byte, fields []string) []byte {
	for i, f := range fields {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendCSVField(dst, f)
	}
	return append(dst, '\n')
}

// CloseInto closes f, keeping the first error in *err.
func CloseInto(f io.Closer, err *error) {
	if cerr := f.Close(); *err == nil {
		*err = cerr
	}
}

// indentedList writes, element by element, what json.MarshalIndent(doc,
// "", " ") and a newline write for a doc whose last field is a list of
// offers: the same indentation and escaping, byte for byte, without the
// list held whole.
type indentedList struct {
	w    io.Writer
	n    int        // elements written
	json JSONWriter // the next element, in a buffer reused
}

// listTail is how json.MarshalIndent(doc, "", " ") ends when doc's last
// field is an empty list.
const listTail = "[]\n}"

// newIndentedList writes the head of doc, up to the list of its last field,
// which doc must hold empty (not nil); add writes the list's elements.
func newIndentedList(w io.Writer, doc any) (*indentedList, error) {
	head, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		return nil, err
	}
	if !bytes.HasSuffix(head, []byte(listTail)) {
		return nil, fmt.Errorf("json list: %T does not end in an empty list", doc)
	}
	_, err = w.Write(head[:len(head)-len(listTail)])
	return &indentedList{w: w, json: JSONWriter{indent: true}}, err
}

// Add writes the next offer of the list.
func (l *indentedList) Add(e *OfferExport) error {
	buf := l.json.buf[:0]
	if l.n == 0 {
		buf = append(buf, "[\n"+JsonPrefix...)
	} else {
		buf = append(buf, ",\n"+JsonPrefix...)
	}
	l.n++
	l.json.buf = buf
	l.json.Offer(e)
	if err := l.json.err; err != nil {
		return err
	}
	_, err := l.w.Write(l.json.buf)
	return err
}

// Close writes the end of the list and of doc, and a newline.
func (l *indentedList) Close() error {
	end := "\n ]\n}\n"
	if l.n == 0 {
		end = listTail + "\n"
	}
	_, err := io.WriteString(l.w, end)
	return err
}

// offersCSVHead is the head line of compare/offers.csv.
func offersCSVHead(display string) []string {
	head := []string{"provider", "instance", "region", "gpu", "gpu_count", "gpu_memory_gb", "vcpus", "ram_gib", "network_gbps", "network", "interconnect", "billing_granularity", "billing_minimum_seconds", "previous_generation", "price_not_public", "price_incomplete", "url"}
	for _, m := range pricing.Models {
		head = append(head, m+"_hourly", m+"_currency", m+"_hourly_"+display, m+"_since", m+"_source", m+"_source_kind")
	}
	return head
}

// cell makes catalog text safe for a spreadsheet: text that a spreadsheet
// would run as a formula (starting with = + - @, tab or carriage return)
// gets a leading apostrophe, which spreadsheets show as text.
func cell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// fnum writes a number as its shortest decimal, or "" when unknown.
func fnum(v *float64) string {
	if v == nil {
		return ""
	}
	return strconv.FormatFloat(*v, 'f', -1, 64)
}

// GPUExport is one GPU model in gpus.json.
type GPUExport struct {
	ID           string             `json:"id"`
	Name         string             `json:"name"`
	Model        string             `json:"model,omitempty"`
	Vendor       string             `json:"vendor"`
	Architecture string             `json:"architecture,omitempty"`
	Released     string             `json:"released,omitempty"`
	MemoryGB     *float64           `json:"memory_gb,omitempty"`
	MemoryType   string             `json:"memory_type,omitempty"`
	BandwidthGBs *float64           `json:"memory_bandwidth_gb_s,omitempty"`
	TDPWatts     *float64           `json:"tdp_w,omitempty"`
	Dense        map[string]float64 `json:"dense,omitempty"`  // TFLOPS (int8: TOPS)
	Sparse       map[string]float64 `json:"sparse,omitempty"` // the vendor's 2:4-sparse figures
	Interconnect string             `json:"interconnect,omitempty"`
	PCIeGen      *float64           `json:"pcie_gen,omitempty"`
	URL          string             `json:"url"`
	Source       string             `json:"source,omitempty"`
	// FiguresFrom is whose the figures are: "vendor" (its datasheet or
	// documentation) or "secondary" (no vendor document was found).
	FiguresFrom string `json:"figures_from"`
}

func figures(t catalog.Throughput) map[string]float64 {
	m := map[string]float64{}
	for _, p := range catalog.Precisions {
		if v := p.Of(t); v != nil {
			m[p.Key] = *v
		}
	}
	if len(m) == 0 {
		return nil
	}
	return m
}

// GPUExportOf is a GPU model as gpus.json and the matrix script see it.
func GPUExportOf(g *catalog.GPU) GPUExport {
	return GPUExport{
		ID: g.ID, Name: g.Name, Model: g.Model, Vendor: g.Vendor, Architecture: g.Architecture, Released: string(g.Released),
		MemoryGB: g.MemoryGB, MemoryType: g.MemoryType, BandwidthGBs: g.BandwidthGBs, TDPWatts: g.TDPWatts,
		Dense: figures(g.Dense), Sparse: figures(g.Sparse), Interconnect: g.Interconnect.Name, PCIeGen: g.PCIeGen,
		URL: paths.GPU(g.ID), Source: g.Source, FiguresFrom: figuresFrom(g),
	}
}

// figuresFrom is the GPU's figures_from, its default written out.
func figuresFrom(g *catalog.GPU) string {
	if g.VendorFigures() {
		return catalog.FiguresVendor
	}
	return catalog.FiguresSecondary
}

func GPUExports(gpus []*catalog.GPU) (jsonData, csvData []byte, err error) {
	var rows []GPUExport
	head := []string{"id", "name", "vendor", "architecture", "released", "memory_gb", "memory_type", "memory_bandwidth_gb_s", "tdp_w"}
	for _, p := range catalog.Precisions {
		head = append(head, p.Key+"_dense")
	}
	for _, p := range catalog.Precisions {
		head = append(head, p.Key+"_sparse")
	}
	head = append(head, "interconnect", "pcie_gen", "url", "source", "figures_from")
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write(head)
	for _, g := range gpus {
		rows = append(rows, GPUExportOf(g))
		line := []string{cell(g.ID), cell(g.Name), cell(g.Vendor), cell(g.Architecture), cell(string(g.Released)), fnum(g.MemoryGB), cell(g.MemoryType), fnum(g.BandwidthGBs), fnum(g.TDPWatts)}
		for _, p := range catalog.Precisions {
			line = append(line, fnum(p.Of(g.Dense)))
		}
		for _, p := range catalog.Precisions {
			line = append(line, fnum(p.Of(g.Sparse)))
		}
		line = append(line, cell(g.Interconnect.Name), fnum(g.PCIeGen), cell(paths.GPU(g.ID)), cell(g.Source), figuresFrom(g))
		w.Write(line)
	}
	w.Flush()
	jsonData, err = json.MarshalIndent(rows, "", " ")
	return append(jsonData, '\n'), buf.Bytes(), err
}
