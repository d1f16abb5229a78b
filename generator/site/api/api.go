// Package api is a writer of the write stage of its own: the static JSON
// API of a build under api/v1/, for scripts and assistants that want the
// figures without reading HTML. It writes an index (index.json), one file
// per offer, instance type, GPU model, provider, benchmark and month of
// price changes, and a JSON Schema of each kind of file under
// api/v1/schemas/. Every price carries its age, its source kind and the
// verdict of the answer rule as the site applies it (pricing.Price.Why,
// Answers), judged in the derive stage on the day the pages count ages
// to.
//
// It takes the root edition's catalog, its derived data and its messages
// (which word how a price was derived, as compare/offers.json does), and
// hands its files on to the write stage's sink. Every file is
// json.MarshalIndent with one space and a final newline: keys in the
// order of the types below, maps by sorted key, so that the same input
// gives the same bytes. Paths inside the files are relative to the site
// root, as the url of compare/offers.json is.
package api

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/export"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/reuse"
	"gpucompare/generator/site/write"
)

// Version is the version of the API, the folder under api/ it lives in.
const Version = "v1"

// Dir is the folder of the API in a build.
const Dir = "api/" + Version + "/"

// SchemaDir is the folder of the API's JSON Schemas in a build.
const SchemaDir = Dir + "schemas/"

// The kinds of the API's files, each with its schema
// (schemas/<kind>.schema.json).
const (
	KindIndex     = "index"
	KindOffer     = "offer"
	KindInstance  = "instance"
	KindGPU       = "gpu"
	KindProvider  = "provider"
	KindBenchmark = "benchmark"
	KindChanges   = "changes"
)

// Kinds are the kinds of the API's files.
var Kinds = []string{KindIndex, KindOffer, KindInstance, KindGPU, KindProvider, KindBenchmark, KindChanges}

// Schema is the path of the schema of files of kind.
func Schema(kind string) string { return SchemaDir + kind + ".schema.json" }

// Inputs are what the API is made of.
type Inputs struct {
	// Cat is the root edition's catalog.
	Cat *catalog.Catalog
	// Data is derived from it on the day AgeDate (derive.MakeAt).
	Data *derive.Data
	// Msgs word how a price was derived (the basis of
	// compare/offers.json).
	Msgs render.Messages
	// AgeDate is the day ages are counted to.
	AgeDate time.Time
	// Sets are what a Rebuilder kept of the last build's files: each file
	// is encoded again only when its document changed. nil keeps none.
	Sets *reuse.Sets
}

// Index path and the paths of each file of the API.
const IndexPath = Dir + "index.json"

// NoRegion is the region segment of the file of an offer without a price
// (an instance type whose price is not public): a region id cannot be
// it, as the offer of such an instance type is its only one.
const NoRegion = "none"

// OfferID is the id of offer o in the API: provider/instance/region.
func OfferID(o *pricing.Offer) string {
	id := o.Provider.ID + "/" + o.Instance.ID + "/" + regionSegment(o.Region)
	if q := o.Quoted(); q != nil {
		id += "/quote-" + q.Quote.ID // an internal build's quote, beside the offer's list prices
	}
	return id
}

func regionSegment(r string) string {
	if r == "" {
		return NoRegion
	}
	return r
}

// OfferPath is the path of the file of offer o.
func OfferPath(o *pricing.Offer) string { return Dir + "offers/" + OfferID(o) + ".json" }

// InstancePath is the path of the file of an instance type.
func InstancePath(in *catalog.Instance) string {
	return Dir + "instances/" + in.Provider.ID + "/" + in.ID + ".json"
}

// GPUPath is the path of the file of a GPU model.
func GPUPath(id string) string { return Dir + "gpus/" + id + ".json" }

// ProviderPath is the path of the file of a provider.
func ProviderPath(id string) string { return Dir + "providers/" + id + ".json" }

// BenchmarkPath is the path of the file of a benchmark.
func BenchmarkPath(id string) string { return Dir + "benchmarks/" + id + ".json" }

// ChangesPath is the path of the file of the price changes of a month
// (derive.ChangeMonth.Key: "2025-06", "2023", "undated").
func ChangesPath(month string) string { return Dir + "changes/" + month + ".json" }

// Write writes every file of the API into out.
func Write(out write.Sink, in Inputs) error {
	w := &writer{out: out, in: in}
	w.fresh, w.stale = in.Cat.Site.Policy()
	for _, kind := range Kinds {
		// A schema follows from its kind alone.
		err := in.Sets.Put(out, "api "+Schema(kind), kind, func() ([]write.File, error) {
			data, err := schemaOf(kind)
			return []write.File{{Path: Schema(kind), Data: data}}, err
		})
		if err != nil {
			return err
		}
	}
	// Each step writes the files of one list of the index, in its order
	// (indexLists), and the index lists each file as it is written.
	if err := w.openIndex(); err != nil {
		return err
	}
	steps := []func() error{w.offers, w.instances, w.gpus, w.providers, w.benchmarks, w.changes}
	for _, step := range steps {
		w.idx.next()
		if err := step(); err != nil {
			w.idx.abandon()
			return err
		}
	}
	return w.idx.close()
}

// writer writes the files of the API, keeping what the index lists.
type writer struct {
	out          write.Sink
	in           Inputs
	fresh, stale int
	idx          *index // api/v1/index.json, being written
	// enc encodes each document of put into file, as Marshal does.
	enc  *json.Encoder
	file fileWriter
}

// put writes doc as the file at path: the bytes of the last build when
// doc has the fingerprint it had then (Inputs.Sets). The document is
// encoded straight into its file, as Marshal makes it, by one encoder
// whose buffers serve every file: Marshal held each document twice
// (marshalled, then indented) and left both to the collector.
func (w *writer) put(path string, doc any) error {
	return w.in.Sets.Write(w.out, "api "+path, doc, func(out write.Sink) error {
		f, err := out.Create(path)
		if err != nil {
			return err
		}
		if w.enc == nil {
			w.enc = json.NewEncoder(&w.file)
			w.enc.SetIndent("", " ")
		}
		w.file.Writer = f
		err = w.enc.Encode(doc)
		w.file.Writer = nil
		if err != nil {
			f.Close()
			return fmt.Errorf("%s: %w", path, err)
		}
		return f.Close()
	})
}

// fileWriter is the file an encoder of the API writes to: a new one for
// each document.
type fileWriter struct{ io.Writer }

// Marshal is doc as every file of the API holds it: indented by one
// space, ending in a newline.
func Marshal(doc any) ([]byte, error) {
	data, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// head is what every file of the API starts with.
type head struct {
	API    string `json:"api_version"` // Version
	Kind   string `json:"kind"`        // one of Kinds
	Schema string `json:"schema"`      // the path of its schema
	// AgesTo is the day ages and verdicts are counted to (Inputs.AgeDate).
	AgesTo string `json:"ages_counted_to,omitempty"`
}

func (w *writer) head(kind string) head {
	h := head{API: Version, Kind: kind, Schema: Schema(kind)}
	if !w.in.AgeDate.IsZero() {
		h.AgesTo = w.in.AgeDate.Format(time.DateOnly)
	}
	return h
}

// ref is a reference from one file of the API to another.
type ref struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
	API  string `json:"api"`            // its file
	Page string `json:"page,omitempty"` // its page, relative to the site root
}

// price is the latest price of an offer under one pricing model: the
// figures of compare/offers.json, with its age and the answer rule's
// verdict.
type price struct {
	*export.PriceExport
	// AgeDays is how many days before ages_counted_to the price's age
	// counts from (age_date); absent when undated.
	AgeDays *int `json:"age_days,omitempty"`
	// Freshness is its badge under the site's policy: fresh, aging,
	// stale or undated.
	Freshness string `json:"freshness"`
	// Verdict is why it does not answer by default (pricing.Price.Why):
	// superseded, article, estimate, marketplace, stale, undated; or
	// current when it does.
	Verdict string `json:"verdict"`
	// Answers says the site takes it for answers (the cheapest, ranked
	// first) without the reader's switches: a whole, current price, or a
	// stale one where nothing current exists (Fallback).
	Answers  bool `json:"answers"`
	Fallback bool `json:"fallback,omitempty"`
	// PerGPUHour is display_hourly per GPU.
	PerGPUHour *float64 `json:"display_per_gpu_hour,omitempty"`
}

// VerdictCurrent is the verdict of a price that answers by default.
const VerdictCurrent = "current"

// verdict is the verdict of pr (price.Verdict).
func verdict(pr *pricing.Price) string {
	if w := pr.Why(); w != "" {
		return w
	}
	return VerdictCurrent
}

// ageDays is how many whole days d is before ref; nil when undated.
func ageDays(d catalog.Date, ref time.Time) *int {
	t, ok := d.Time()
	if d == "" || !ok || ref.IsZero() {
		return nil
	}
	n := int(ref.Sub(t).Hours() / 24)
	return &n
}

// derivedPlaces is how many decimals derived figures keep, as in the
// exports.
const derivedPlaces = 6

func round(v float64) *float64 { r := pricing.Round(v, derivedPlaces); return &r }

// change is one price change.
type change struct {
	Provider string `json:"provider"`
	Instance string `json:"instance"`
	Region   string `json:"region"`
	Model    string `json:"model"`
	Payment  string `json:"payment,omitempty"`
	// Date is when it took effect (the since of the newer point), absent
	// when undated.
	Date string `json:"date,omitempty"`
	// From and To are the compared prices in their currencies: quoted
	// amounts when both points quote one, else effective hourly prices;
	// absent when a point states only a discount.
	From         *float64 `json:"from,omitempty"`
	FromCurrency string   `json:"from_currency,omitempty"`
	To           *float64 `json:"to,omitempty"`
	ToCurrency   string   `json:"to_currency,omitempty"`
	// Percent is the change in percent (−33 for a cut of a third),
	// absent when the two are not comparable.
	Percent    *float64 `json:"percent,omitempty"`
	Direction  string   `json:"direction,omitempty"` // down or up
	OldSince   string   `json:"old_since,omitempty"`
	Source     string   `json:"source"` // of the newer point
	SourceKind string   `json:"source_kind"`
	Page       string   `json:"page"`         // the instance page
	API        string   `json:"instance_api"` // the instance type's file
}

func changeOf(c *feed.Change) change {
	in := c.Instance
	e := change{
		Provider: in.Provider.ID, Instance: in.ID, Region: c.Series.Region, Model: c.Series.Model, Payment: c.Series.Payment,
		OldSince: string(c.Old.Since), Source: c.New.Source, SourceKind: c.New.SourceKind,
		Direction: c.Direction(), Page: paths.Instance(in), API: InstancePath(in),
	}
	if c.Dated() {
		e.Date = string(c.Date())
	}
	if c.From != nil {
		e.From, e.FromCurrency = round(c.From.Amount), c.From.Currency
	}
	if c.To != nil {
		e.To, e.ToCurrency = round(c.To.Amount), c.To.Currency
	}
	if c.Percent != nil {
		e.Percent = round(*c.Percent)
	}
	return e
}
