package api

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/export"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/write"
)

// offerDoc is the file of one offer: the offer as compare/offers.json
// holds it, each price with its age and verdict.
type offerDoc struct {
	head
	ID       string `json:"id"`
	Currency string `json:"currency"` // the display currency of display_hourly
	*export.OfferExport
	// Prices shadows the offer's prices of compare/offers.json with the
	// same figures and more.
	Prices      map[string]*price `json:"prices,omitempty"`
	InstanceAPI string            `json:"instance_api"`
	GPUAPI      string            `json:"gpu_api,omitempty"`
	ProviderAPI string            `json:"provider_api"`
}

// offers writes the file of each offer, in the order of
// compare/offers.json.
func (w *writer) offers() error {
	cat := w.in.Cat
	x := export.NewOfferExporter(cat, w.in.Msgs)
	for _, o := range w.in.Data.Priced {
		e := x.Of(o)
		if err := x.Err(); err != nil {
			return err
		}
		doc := offerDoc{head: w.head(KindOffer), ID: OfferID(o), Currency: cat.Site.Currency, OfferExport: e,
			InstanceAPI: InstancePath(o.Instance), ProviderAPI: ProviderPath(o.Provider.ID)}
		if o.GPU != nil {
			doc.GPUAPI = GPUPath(o.GPU.ID)
		}
		for model, pe := range e.Prices {
			if doc.Prices == nil {
				doc.Prices = map[string]*price{}
			}
			doc.Prices[model] = w.price(o, model, pe)
		}
		if err := w.put(OfferPath(o), doc); err != nil {
			return err
		}
		w.idx.add(ref{ID: doc.ID, API: OfferPath(o), Page: paths.Instance(o.Instance)})
	}
	return nil
}

// price is the price of o under model, as exported (pe), with its age
// and the answer rule's verdict.
func (w *writer) price(o *pricing.Offer, model string, pe *export.PriceExport) *price {
	pr := o.Prices[model]
	p := &price{PriceExport: pe, Freshness: pr.Freshness, Verdict: verdict(pr), Answers: o.Ranks(model), Fallback: pr.Fallback}
	if d, _ := catalog.AgeDate(pr.Point); d != "" {
		p.AgeDays = ageDays(d, w.in.AgeDate)
	}
	if per, ok := o.PerGPUHour(model); ok {
		p.PerGPUHour = round(per)
	}
	return p
}

// instanceDoc is the file of one instance type: its specs, its offers,
// every price point of its history and its price changes.
type instanceDoc struct {
	head
	ID              string   `json:"id"` // provider/instance
	Provider        string   `json:"provider"`
	ProviderName    string   `json:"provider_name"`
	Instance        string   `json:"instance"`
	Name            string   `json:"name"`
	Family          string   `json:"family,omitempty"`
	GPU             string   `json:"gpu"`
	GPUName         string   `json:"gpu_name,omitempty"`
	GPUCount        int      `json:"gpu_count"`
	GPUMemoryGB     *float64 `json:"gpu_memory_gb,omitempty"`
	VGPUProfile     string   `json:"vgpu_profile,omitempty"`
	VCPUs           *float64 `json:"vcpus,omitempty"`
	RAMGiB          *float64 `json:"ram_gib,omitempty"`
	NetworkGbps     *float64 `json:"network_gbps,omitempty"`
	Network         string   `json:"network,omitempty"`
	LocalStorage    string   `json:"local_storage,omitempty"`
	Interconnect    string   `json:"interconnect,omitempty"`
	RDMA            *bool    `json:"rdma,omitempty"`
	Regions         []string `json:"regions,omitempty"`
	PreviousGen     bool     `json:"previous_generation,omitempty"`
	PriceNotPublic  string   `json:"price_not_public,omitempty"`
	PriceIncomplete string   `json:"price_incomplete,omitempty"`
	Source          string   `json:"source,omitempty"`
	AsOf            string   `json:"as_of,omitempty"`
	Page            string   `json:"page"`
	ProviderAPI     string   `json:"provider_api"`
	GPUAPI          string   `json:"gpu_api,omitempty"`
	Offers          []ref    `json:"offers"`
	History         []point  `json:"history"` // in file order
	Changes         []change `json:"changes"` // newest first
}

// point is one price point of an instance type's history, as quoted.
type point struct {
	Region          string   `json:"region"`
	Model           string   `json:"model"`
	Payment         string   `json:"payment,omitempty"`
	Amount          *float64 `json:"amount,omitempty"`
	Upfront         *float64 `json:"upfront,omitempty"`
	EffectiveHourly *float64 `json:"effective_hourly,omitempty"`
	DiscountPct     *float64 `json:"discount_pct,omitempty"`
	PerGPU          bool     `json:"per_gpu,omitempty"`
	Approximate     bool     `json:"approximate,omitempty"`
	RegionUnstated  bool     `json:"region_unstated,omitempty"`
	Currency        string   `json:"currency,omitempty"`
	Since           string   `json:"since"`
	AsOf            string   `json:"as_of,omitempty"`
	AgeDate         string   `json:"age_date,omitempty"`
	AgeDays         *int     `json:"age_days,omitempty"`
	Freshness       string   `json:"freshness"`
	FirstSeen       string   `json:"first_seen,omitempty"`
	LastSeen        string   `json:"last_seen,omitempty"`
	Source          string   `json:"source"`
	SourceKind      string   `json:"source_kind"`
}

func (w *writer) pointOf(pp *catalog.PricePoint) point {
	p := point{
		Region: pp.Region, Model: pp.Model, Payment: pp.Payment(), Amount: pp.Amount, Upfront: pp.Upfront(),
		EffectiveHourly: pp.EffectiveHourly(), DiscountPct: pp.DiscountPct(), PerGPU: pp.PerGPU, Approximate: pp.Approximate,
		RegionUnstated: pp.RegionUnstated, Currency: pp.Currency, Since: string(pp.Since), AsOf: pp.AsOf(),
		FirstSeen: string(pp.FirstSeen()), LastSeen: string(pp.LastSeen()), Source: pp.Source, SourceKind: pp.SourceKind,
	}
	d, _ := catalog.AgeDate(pp)
	p.AgeDate, p.AgeDays = string(d), ageDays(d, w.in.AgeDate)
	p.Freshness = catalog.Badge(d, w.in.AgeDate, w.fresh, w.stale)
	return p
}

// instances writes the file of each instance type, in catalog order.
func (w *writer) instances() error {
	cat, d := w.in.Cat, w.in.Data
	for _, p := range cat.Providers {
		for _, in := range p.Instances {
			doc := instanceDoc{
				head: w.head(KindInstance), ID: p.ID + "/" + in.ID, Provider: p.ID, ProviderName: p.Name, Instance: in.ID,
				Name: in.Name, Family: in.Family, GPU: in.GPU, GPUCount: in.GPUCount, GPUMemoryGB: cat.TotalGPUMemoryGB(in),
				VGPUProfile: in.VGPUProfile, VCPUs: in.VCPUs, RAMGiB: in.RAMGiB, NetworkGbps: in.NetworkGbps, Network: in.Network,
				LocalStorage: in.LocalStorage, Interconnect: in.Interconnect, RDMA: in.RDMA, Regions: in.Regions,
				PreviousGen: in.PreviousGen, PriceNotPublic: in.PriceNotPublic, PriceIncomplete: in.PriceIncomplete,
				Source: in.Source, AsOf: in.AsOf, Page: paths.Instance(in), ProviderAPI: ProviderPath(p.ID),
				Offers: []ref{}, History: []point{}, Changes: []change{},
			}
			if g := cat.GPU(in.GPU); g != nil {
				doc.GPUName, doc.GPUAPI = g.Name, GPUPath(g.ID)
			}
			for _, o := range d.OffersOf[in] {
				doc.Offers = append(doc.Offers, ref{ID: OfferID(o), Name: o.Region, API: OfferPath(o)})
			}
			for _, pp := range d.PricesOf[derive.PriceKey{Provider: p.ID, Instance: in.ID}] {
				doc.History = append(doc.History, w.pointOf(pp))
			}
			for _, c := range d.ChangesOf[in] {
				doc.Changes = append(doc.Changes, changeOf(c))
			}
			if err := w.put(InstancePath(in), doc); err != nil {
				return err
			}
			w.idx.add(ref{ID: doc.ID, Name: in.Name, API: InstancePath(in), Page: doc.Page})
		}
	}
	return nil
}

// gpuDoc is the file of one GPU model: its specs as gpus/gpus.json holds
// them, the cheapest price per GPU-hour under each pricing model among
// the prices that answer by default, and its offers.
type gpuDoc struct {
	head
	export.GPUExport
	Kind     string `json:"accelerator_kind,omitempty"`
	Currency string `json:"currency"` // of per_gpu_hour
	// Cheapest is, by pricing model, the offer with the lowest price per
	// GPU-hour in the display currency among whole prices that answer by
	// default, as the GPU matrix picks it; the first in catalog order of
	// equal prices.
	Cheapest map[string]*cheapest `json:"cheapest"`
	Offers   []ref                `json:"offers"`
}

// cheapest is the cheapest offer of a GPU model under one pricing model.
type cheapest struct {
	Offer      string   `json:"offer"` // its id
	API        string   `json:"api"`
	Page       string   `json:"page"`
	PerGPUHour float64  `json:"per_gpu_hour"`
	Hourly     float64  `json:"hourly"` // of the whole instance, as quoted
	Currency   string   `json:"quoted_currency"`
	GPUCount   int      `json:"gpu_count"`
	Since      string   `json:"since"`
	AgeDate    string   `json:"age_date,omitempty"`
	AgeDays    *int     `json:"age_days,omitempty"`
	Freshness  string   `json:"freshness"`
	Verdict    string   `json:"verdict"`
	Fallback   bool     `json:"fallback,omitempty"`
	Source     string   `json:"source"`
	SourceKind string   `json:"source_kind"`
	FXRate     *float64 `json:"fx_rate,omitempty"`
	FXDate     string   `json:"fx_date,omitempty"`
}

// gpus writes the file of each GPU model, in buyer order.
func (w *writer) gpus() error {
	cat, d := w.in.Cat, w.in.Data
	offersOf := map[string][]*pricing.Offer{}
	for _, o := range d.Priced {
		offersOf[o.Instance.GPU] = append(offersOf[o.Instance.GPU], o)
	}
	for _, g := range d.GPUs {
		doc := gpuDoc{head: w.head(KindGPU), GPUExport: export.GPUExportOf(g), Kind: g.Kind, Currency: cat.Site.Currency,
			Cheapest: map[string]*cheapest{}, Offers: []ref{}}
		for _, o := range offersOf[g.ID] {
			doc.Offers = append(doc.Offers, ref{ID: OfferID(o), API: OfferPath(o)})
			if !o.Rankable() {
				continue
			}
			for model, pr := range o.Prices {
				if !pr.Ranked() {
					continue
				}
				per, ok := o.PerGPUHour(model)
				if !ok {
					continue
				}
				if c := doc.Cheapest[model]; c != nil && c.PerGPUHour <= pricing.Round(per, derivedPlaces) {
					continue
				}
				doc.Cheapest[model] = w.cheapestOf(o, pr, per)
			}
		}
		if err := w.put(GPUPath(g.ID), doc); err != nil {
			return err
		}
		w.idx.add(ref{ID: g.ID, Name: g.Name, API: GPUPath(g.ID), Page: paths.GPU(g.ID)})
	}
	return nil
}

func (w *writer) cheapestOf(o *pricing.Offer, pr *pricing.Price, per float64) *cheapest {
	c := &cheapest{
		Offer: OfferID(o), API: OfferPath(o), Page: paths.Instance(o.Instance), PerGPUHour: pricing.Round(per, derivedPlaces),
		Hourly: pricing.Round(pr.Hourly.Amount, derivedPlaces), Currency: pr.Hourly.Currency, GPUCount: o.Instance.GPUCount,
		Since: string(pr.Point.Since), Freshness: pr.Freshness, Verdict: verdict(pr), Fallback: pr.Fallback,
		Source: pr.Point.Source, SourceKind: pr.Kind,
	}
	if d, _ := catalog.AgeDate(pr.Point); d != "" {
		c.AgeDate, c.AgeDays = string(d), ageDays(d, w.in.AgeDate)
	}
	if pr.Converted && pr.Conversion.Factor != 1 {
		c.FXRate, c.FXDate = &pr.Conversion.Rate.Rate, string(pr.Conversion.Rate.Date)
	}
	return c
}

// providerDoc is the file of one provider.
type providerDoc struct {
	head
	ID             string   `json:"id"`
	Name           string   `json:"name"`
	ProviderKind   string   `json:"provider_kind"`
	Homepage       string   `json:"homepage,omitempty"`
	Headquarters   string   `json:"headquarters,omitempty"`
	Billing        string   `json:"billing_granularity,omitempty"`
	MinimumSeconds *float64 `json:"billing_minimum_seconds,omitempty"`
	SpotAvailable  *bool    `json:"spot_available,omitempty"`
	SLAPercent     *float64 `json:"sla_percent,omitempty"`
	Certifications []string `json:"certifications,omitempty"`
	MLPS           *mlps    `json:"mlps,omitempty"`
	Source         string   `json:"source,omitempty"`
	AsOf           string   `json:"as_of,omitempty"`
	Page           string   `json:"page"`
	Regions        []region `json:"regions"`
	Instances      []ref    `json:"instances"`
}

// mlps is a provider's MLPS (等保) record: the level its own pages state
// ("1" to "5", or "none-stated"), whether they state a filing without a
// level, what it covers, the day they were read and where.
type mlps struct {
	Level   string `json:"level"`
	Filed   bool   `json:"filed,omitempty"`
	Scope   string `json:"scope,omitempty"`
	Checked string `json:"checked"`
	Source  string `json:"source"`
}

type region struct {
	ID       string `json:"id"`
	Name     string `json:"name,omitempty"`
	Location string `json:"location,omitempty"`
	Geo      string `json:"geo,omitempty"`
}

// providers writes the file of each provider, in catalog order.
func (w *writer) providers() error {
	for _, p := range w.in.Cat.Providers {
		doc := providerDoc{
			head: w.head(KindProvider), ID: p.ID, Name: p.Name, ProviderKind: p.Kind, Homepage: p.Homepage,
			Headquarters: p.Headquarters, Billing: p.Billing.Granularity, MinimumSeconds: p.Billing.MinimumSeconds,
			SpotAvailable: p.Spot.Available, SLAPercent: p.SLA.Percent, Certifications: p.Certs(),
			Source: p.Source, AsOf: p.AsOf, Page: paths.Provider(p.ID), Regions: []region{}, Instances: []ref{},
		}
		if m := p.MLPS; m != nil {
			doc.MLPS = &mlps{Level: m.Level, Filed: m.Filed, Scope: m.Scope, Checked: string(m.Checked), Source: m.Source}
		}
		for _, r := range p.Regions {
			doc.Regions = append(doc.Regions, region{r.ID, r.Name, r.Location, r.Geo})
		}
		for _, in := range p.Instances {
			doc.Instances = append(doc.Instances, ref{ID: p.ID + "/" + in.ID, Name: in.Name, API: InstancePath(in), Page: paths.Instance(in)})
		}
		if err := w.put(ProviderPath(p.ID), doc); err != nil {
			return err
		}
		w.idx.add(ref{ID: p.ID, Name: p.Name, API: ProviderPath(p.ID), Page: doc.Page})
	}
	return nil
}

// benchmarkDoc is the file of one benchmark: its results as
// benchmarks/results.json holds them.
type benchmarkDoc struct {
	head
	ID             string                 `json:"id"`
	Name           string                 `json:"name"`
	Suite          string                 `json:"suite"`
	Task           string                 `json:"task,omitempty"`
	Scenario       string                 `json:"scenario,omitempty"`
	Metric         string                 `json:"metric"`
	Unit           string                 `json:"unit"`
	HigherIsBetter bool                   `json:"higher_is_better"`
	Source         string                 `json:"source,omitempty"`
	Page           string                 `json:"page"`
	Costs          string                 `json:"costs"` // benchmarks/costs.json, its costs on each offer
	Results        []*export.ResultExport `json:"results"`
}

// benchmarks writes the file of each benchmark, in catalog order.
func (w *writer) benchmarks() error {
	results, err := export.BenchResults(w.in.Cat, w.in.Data, w.in.Msgs)
	if err != nil {
		return err
	}
	of := map[string][]*export.ResultExport{}
	for _, r := range results {
		of[r.Benchmark] = append(of[r.Benchmark], r)
	}
	for _, bm := range w.in.Cat.Benchmarks {
		doc := benchmarkDoc{
			head: w.head(KindBenchmark), ID: bm.ID, Name: bm.Name, Suite: bm.Suite, Task: bm.Task, Scenario: bm.Scenario,
			Metric: bm.Metric, Unit: bm.Unit, HigherIsBetter: bm.HigherIsBetter, Source: bm.Source,
			Page: paths.Benchmark(bm.ID), Costs: paths.CostsJSON, Results: of[bm.ID],
		}
		if doc.Results == nil {
			doc.Results = []*export.ResultExport{}
		}
		if err := w.put(BenchmarkPath(bm.ID), doc); err != nil {
			return err
		}
		w.idx.add(ref{ID: bm.ID, Name: bm.Name, API: BenchmarkPath(bm.ID), Page: doc.Page})
	}
	return nil
}

// changesDoc is the file of the price changes of one month.
type changesDoc struct {
	head
	// Month is "2025-06", a year the sources date no month of ("2023"),
	// or "undated".
	Month   string   `json:"month"`
	Page    string   `json:"page"`
	Changes []change `json:"changes"` // newest first
}

// changes writes the file of each month of price changes, newest first.
func (w *writer) changes() error {
	for _, m := range w.in.Data.Months {
		doc := changesDoc{head: w.head(KindChanges), Month: m.Key, Page: paths.Changes(m.Key), Changes: []change{}}
		for _, c := range m.Changes {
			doc.Changes = append(doc.Changes, changeOf(c))
		}
		if err := w.putChanges(ChangesPath(m.Key), doc); err != nil {
			return err
		}
		w.idx.add(ref{ID: m.Key, API: ChangesPath(m.Key), Page: doc.Page})
	}
	return nil
}

// putChanges writes doc as the file at path, as put does, the bytes
// Marshal makes of it, but each change marshalled as it is written: a
// month of changes at 100,000 offers is a file of 3 MB, which Marshal
// held twice and more while indenting it.
func (w *writer) putChanges(path string, doc changesDoc) error {
	return w.in.Sets.Write(w.out, "api "+path, doc, func(out write.Sink) error {
		f, err := out.Create(path)
		if err != nil {
			return err
		}
		if err := writeChanges(f, doc); err != nil {
			f.Close()
			return fmt.Errorf("%s: %w", path, err)
		}
		return f.Close()
	})
}

// writeChanges writes doc to f as Marshal does: its fields, then the
// list of changes (the last field) one change at a time, each indented
// as an element of a list of the file's top object.
func writeChanges(f io.Writer, doc changesDoc) error {
	list := doc.Changes
	doc.Changes = []change{}
	head, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		return err
	}
	const empty = "[]\n}"
	if !bytes.HasSuffix(head, []byte(empty)) {
		return fmt.Errorf("the list of changes does not end the file")
	}
	bw := bufio.NewWriter(f)
	bw.Write(head[:len(head)-len(empty)])
	if len(list) == 0 {
		bw.WriteString("[]")
	} else {
		bw.WriteString("[\n")
		for i, c := range list {
			data, err := json.MarshalIndent(c, "  ", " ")
			if err != nil {
				return err
			}
			bw.WriteString("  ")
			bw.Write(data)
			if i < len(list)-1 {
				bw.WriteByte(',')
			}
			bw.WriteByte('\n')
		}
		bw.WriteString(" ]")
	}
	bw.WriteString("\n}\n")
	return bw.Flush()
}

// priceCounts are the latest prices of the offers by verdict.
type priceCounts struct {
	Total int `json:"total"`
	// Current are those that answer by default.
	Current    int            `json:"current"`
	ByVerdict  map[string]int `json:"by_verdict"`
	NewestDate string         `json:"newest_date,omitempty"`
}

// countsOf are the counts of t, by the API's verdicts.
func countsOf(t derive.Tally) priceCounts {
	c := priceCounts{Total: t.Total, Current: t.Current, ByVerdict: map[string]int{}, NewestDate: string(t.Newest)}
	for w, n := range t.Why {
		c.ByVerdict[w] = n
	}
	if t.Current > 0 {
		c.ByVerdict[VerdictCurrent] = t.Current
	}
	return c
}
