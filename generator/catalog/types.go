package catalog

import (
	"cmp"

	"gpucompare/generator/note"
)

// Catalog is the whole validated catalog of one site root: every record,
// in a deterministic order (files by name, records by file order).
type Catalog struct {
	Site      Site
	FX        []FXRate
	GPUs      []*GPU
	Providers []*Provider
	// Prices holds every price point, grouped by provider file and kept in
	// file order: the history of an offer is the order of its points.
	Prices []*PricePoint
	// Benchmarks are in file-name order, their results in file order.
	Benchmarks []*Benchmark
	Guides     []*Guide
	Scenarios  []*Scenario
	Scoring    *Scoring // nil when data/scoring.yaml is absent
	// Sources is data/source-registry.yaml, nil when it is absent: then
	// a source's kind is the editor's word alone.
	Sources *SourceRegistry
	// Trials are the teams' own trials of offers (data/trials/), in
	// file-name order.
	Trials []*Trial
	// Quotes are a team's private quotes, from the data/quotes/ of an
	// overlay root (see WithOverlay); none without one.
	Quotes []*Quote

	gpuByID      map[string]*GPU
	providerByID map[string]*Provider
}

// Site holds the site settings of data/site.yaml.
type Site struct {
	Title    string `yaml:"title"`
	URL      string `yaml:"url"`      // absolute site URL, for feeds and the sitemap; may be empty
	Currency string `yaml:"currency"` // default display currency, ISO 4217
	Language string `yaml:"language"` // BCP 47 language of the UI of the site's root edition
	Tagline  string `yaml:"tagline"`
	// Editions are the site's editions in other languages, each built in
	// a folder of its own beside the root edition (zh/ for Chinese).
	Editions []Edition `yaml:"editions"`
	// MatrixPageSize is how many offers one page of the plain-HTML matrix
	// holds before it is split into pages; 0 means DefaultMatrixPageSize.
	MatrixPageSize int `yaml:"matrix_page_size"`
	// DiffThresholdPct is the price change, in percent either way, beyond
	// which the diff of a catalog edit asks a reviewer to check it; 0
	// means DefaultDiffThresholdPct.
	DiffThresholdPct float64 `yaml:"diff_threshold_pct"`
	// FreshDays and StaleDays are the freshness policy of price ages: a
	// price dated at most FreshDays ago is fresh, at most StaleDays ago
	// aging, older stale; 0 means DefaultFreshDays, DefaultStaleDays.
	FreshDays int `yaml:"fresh_days"`
	StaleDays int `yaml:"stale_days"`
	// FeedItems is how many of the latest items each feed holds; 0 means
	// DefaultFeedItems.
	FeedItems int `yaml:"feed_items"`
}

// Edition is one edition of the site in another language than the root
// edition's: every page again, under Dir, in Language.
type Edition struct {
	Language string `yaml:"language"` // BCP 47 language of its UI: "zh-CN"
	Dir      string `yaml:"dir"`      // the folder it is built in: "zh"
	// Currency is the currency its prices show in; empty means the site's.
	Currency string `yaml:"currency"`
	Title    string `yaml:"title"`   // the site's title in Language; empty means the site's
	Tagline  string `yaml:"tagline"` // the site's tagline in Language; empty means the site's

	at *place
}

// Languages are the languages of the site's editions, the root edition's
// first.
func (s Site) Languages() []string {
	out := []string{cmp.Or(s.Language, "en")}
	for _, e := range s.Editions {
		out = append(out, e.Language)
	}
	return out
}

// DefaultMatrixPageSize is the matrix page size when site.yaml sets none.
const DefaultMatrixPageSize = 1000

// DefaultDiffThresholdPct is the diff threshold when site.yaml sets none.
const DefaultDiffThresholdPct = 50

// DefaultFeedItems is how many of the latest items a feed holds when
// site.yaml sets none.
const DefaultFeedItems = 100

// FXFile is the shape of data/fx.yaml.
type FXFile struct {
	Rates []FXRate `yaml:"rates"`
}

// FXRate is one dated exchange rate: 1 Base = Rate Quote.
type FXRate struct {
	Base   string  `yaml:"base"`
	Quote  string  `yaml:"quote"`
	Rate   float64 `yaml:"rate"`
	Date   Date    `yaml:"date"`
	AsOf   string  `yaml:"as_of"` // why the date is what it is, when it is partial or unknown
	Source string  `yaml:"source"`
	// Caveat says what is unsure about the rate or its source ("page not
	// read; quoted in a public test"), kept apart from Source so that a
	// page shows a clean source. A rate with a caveat is used only for a
	// pair that has no rate without one.
	Caveat string `yaml:"caveat"`
	Note   string `yaml:"note"`
	// Kind is which rate it is (one of FXKinds: the PBoC central parity,
	// the Fed's noon buying rate), "" when unstated.
	Kind string `yaml:"kind"`
	// SourceKind says whether Source is the publisher's own notice of the
	// rate or a report of it (one of FXSourceKinds), "" when unstated.
	SourceKind string `yaml:"source_kind"`

	at *place
}

// GPU is one accelerator model. Its TFLOPS are dense figures; the vendor's
// 2:4-sparse figures, when kept, live apart in Sparse.
type GPU struct {
	ID           string   `yaml:"id"`
	Name         string   `yaml:"name" i18n:"name"`         // what people read: "A100 SXM4 40GB"
	Model        string   `yaml:"model" i18n:"name"`        // the chip family shared by variants: "A100"; a name, the same in a language without its own words (昇腾 910B)
	Variant      string   `yaml:"variant" i18n:"name"`      // form factor and memory: "SXM4 40GB"; a name, the same in a language without its own words
	Vendor       string   `yaml:"vendor" i18n:"name"`       // a name: 华为 for Huawei; the same in a language without its own
	Kind         string   `yaml:"kind"`                     // gpu (default) or another accelerator kind
	Architecture string   `yaml:"architecture" i18n:"name"` // "Hopper (GH100)": a name, with the catalog's words in brackets where a language has its own
	Released     Date     `yaml:"released"`
	MemoryGB     *float64 `yaml:"memory_gb"`
	MemoryType   string   `yaml:"memory_type"`
	BandwidthGBs *float64 `yaml:"memory_bandwidth_gb_s"`
	TDPWatts     *float64 `yaml:"tdp_w"`
	// Dense holds the dense peak figures (TFLOPS; TOPS for int8).
	Dense Throughput `yaml:"dense"`
	// Sparse holds the vendor's structured-sparsity figures, labelled apart.
	Sparse       Throughput   `yaml:"sparse"`
	Interconnect Interconnect `yaml:"interconnect"`
	PCIeGen      *float64     `yaml:"pcie_gen"`
	// FiguresFrom is whose figures these are: the vendor's own datasheet
	// or documentation (FiguresVendor, the default), or, for a GPU whose
	// vendor publishes none that was found, a secondary source's
	// (FiguresSecondary), which the notes name.
	FiguresFrom string `yaml:"figures_from"`
	Notes       string `yaml:"notes" i18n:"note"`
	Source      string `yaml:"source"`
	AsOf        string `yaml:"as_of" i18n:"asof"`
	I18n        I18n   `yaml:"i18n"`

	file string
	at   *place
}

// The values of a GPU's figures_from.
const (
	FiguresVendor    = "vendor"
	FiguresSecondary = "secondary"
)

// FiguresFromValues are the values figures_from may take.
var FiguresFromValues = []string{FiguresVendor, FiguresSecondary}

// VendorFigures reports whether the GPU's figures are its vendor's own.
func (g *GPU) VendorFigures() bool { return g.FiguresFrom != FiguresSecondary }

// Throughput is a set of peak figures by precision; nil means unknown.
type Throughput struct {
	FP64     *float64 `yaml:"fp64"`
	FP32     *float64 `yaml:"fp32"`
	TF32     *float64 `yaml:"tf32"`
	FP16BF16 *float64 `yaml:"fp16_bf16"` // FP16/BF16 tensor (FP16 where the GPU has no BF16)
	FP8      *float64 `yaml:"fp8"`
	INT8     *float64 `yaml:"int8"` // TOPS
}

// Interconnect is a GPU-to-GPU link.
type Interconnect struct {
	Name        string   `yaml:"name" i18n:"name"` // "NVLink 3.0", "Infinity Fabric", "PCIe Gen4 (no NVLink)": a name, whose words a language may have (PCIe Gen4（无NVLink）)
	Kind        string   `yaml:"kind"`             // nvlink, infinity_fabric, pcie, none
	Generation  *float64 `yaml:"generation"`       // 3 for NVLink 3.0
	BidirGBs    *float64 `yaml:"bandwidth_gb_s"`
	Description string   `yaml:"description" i18n:"note"`
	I18n        I18n     `yaml:"i18n"`
}

// Provider is a seller of GPU compute with its regions and instance types.
type Provider struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name" i18n:"name"`
	// Aliases are other names people search the provider by: its name in
	// another language ("阿里云"), a short name ("Aliyun").
	Aliases     []string `yaml:"aliases"`
	Kind        string   `yaml:"kind"` // one of ProviderKinds
	Homepage    string   `yaml:"homepage"`
	Currency    string   `yaml:"currency"` // the currency it quotes in
	Description string   `yaml:"description" i18n:"prose"`

	Billing        Billing        `yaml:"billing"`
	Spot           Spot           `yaml:"spot"`
	Egress         Rate           `yaml:"egress"`  // per GB
	Storage        Rate           `yaml:"storage"` // per GB-month
	SLA            SLA            `yaml:"sla"`
	Certifications Certifications `yaml:"certifications"`
	MLPS           *MLPS          `yaml:"mlps"` // nil: the catalog records no check of the provider's MLPS (等保) status
	Features       Features       `yaml:"features"`
	Isolation      []string       `yaml:"isolation" i18n:"note"` // offerings: dedicated hosts, bare metal…; in another language one text, a list as it writes one
	IsolationSrc   string         `yaml:"isolation_source" i18n:"citation"`
	Headquarters   string         `yaml:"headquarters"`
	Notes          string         `yaml:"notes" i18n:"note"`
	Source         string         `yaml:"source" i18n:"citation"`
	AsOf           string         `yaml:"as_of" i18n:"asof"`

	Regions   []*Region   `yaml:"regions"`
	Instances []*Instance `yaml:"instances"`
	// I18n holds the provider's name as it writes it in other languages,
	// and its description and notes translated.
	I18n I18n `yaml:"i18n"`

	file string
	at   *place
}

// Billing is how a provider meters time.
type Billing struct {
	Granularity    string   `yaml:"granularity"` // second, minute, hour, month
	MinimumSeconds *float64 `yaml:"minimum_seconds"`
	Note           string   `yaml:"note" i18n:"note"`
	Source         string   `yaml:"source" i18n:"citation"`
	// I18n holds the note and the as_of in other languages.
	I18n I18n `yaml:"i18n"`
	at   *place
}

// Spot is what a provider says of its interruptible capacity.
type Spot struct {
	Available     *bool    `yaml:"available"`
	Name          string   `yaml:"name" i18n:"name"` // the provider's own term: "Spot VMs", "preemptible instances"
	NoticeSeconds *float64 `yaml:"notice_seconds"`
	Note          string   `yaml:"note" i18n:"note"`
	Source        string   `yaml:"source" i18n:"citation"`
	// I18n holds the provider's own term in other languages, as it
	// writes it there (抢占式实例, 竞价实例), and the note.
	I18n I18n `yaml:"i18n"`
}

// Rate is a unit price with its currency (egress per GB, storage per GB-month).
type Rate struct {
	Price    *float64 `yaml:"price"`
	Currency string   `yaml:"currency"`
	Note     string   `yaml:"note" i18n:"note"`
	Source   string   `yaml:"source" i18n:"citation"`
	// I18n holds the note in other languages.
	I18n I18n `yaml:"i18n"`
}

// SLA is a compute availability commitment.
type SLA struct {
	Percent *float64 `yaml:"percent"`
	Note    string   `yaml:"note" i18n:"note"`
	Source  string   `yaml:"source" i18n:"citation"`
	// I18n holds the note in other languages.
	I18n I18n `yaml:"i18n"`
}

// Certifications lists compliance attestations with the source that lists them.
type Certifications struct {
	List   []string `yaml:"list"`
	Source string   `yaml:"source" i18n:"citation"`
	// I18n holds the source in other languages.
	I18n I18n `yaml:"i18n"`
}

// MLPS is what a provider's own pages state of its filing under China's
// classified protection scheme (等保, MLPS 2.0), and the day they were read.
type MLPS struct {
	// Level is the level the pages state, "1" to "5", or MLPSNoneStated
	// when they state none: unstated, which is no proof that there is none.
	Level string `yaml:"level"`
	// Filed is true when the pages state a filing (备案) but no level.
	Filed bool `yaml:"filed"`
	// Scope is what the filing covers, as the pages say ("the Tencent
	// public cloud platform"), when they say it.
	Scope   string `yaml:"scope" i18n:"note"`
	Checked Date   `yaml:"checked"` // the day the provider's own pages were read
	Source  string `yaml:"source" i18n:"citation"`
	// I18n holds the scope and the source in other languages.
	I18n I18n `yaml:"i18n"`
}

// MLPSNoneStated is the level of an MLPS record whose pages state none.
const MLPSNoneStated = "none-stated"

// MLPSLevels are the values an MLPS record's level takes.
var MLPSLevels = []string{"1", "2", "3", "4", "5", MLPSNoneStated}

// Stated is the level the pages state, 1 to 5; 0 when they state none
// (or m is nil).
func (m *MLPS) Stated() int {
	if m == nil || len(m.Level) != 1 || m.Level[0] < '1' || m.Level[0] > '5' {
		return 0
	}
	return int(m.Level[0] - '0')
}

// NoneStated reports whether the pages read state neither a filing nor a
// level.
func (m *MLPS) NoneStated() bool { return m != nil && m.Stated() == 0 && !m.Filed }

// Features are yes/no capabilities; nil means unknown.
type Features struct {
	RDMA               *bool  `yaml:"rdma"`
	GPUDirect          *bool  `yaml:"gpudirect"`
	PhysicalIsolation  *bool  `yaml:"physical_isolation"`
	HardwareEncryption *bool  `yaml:"hardware_encryption"`
	DLImages           *bool  `yaml:"dl_images"`
	K8sDevicePlugin    *bool  `yaml:"k8s_device_plugin"`
	Source             string `yaml:"source" i18n:"citation"`
	// I18n holds the source in other languages.
	I18n I18n `yaml:"i18n"`
}

// Region is one place a provider sells from.
type Region struct {
	ID       string `yaml:"id"`
	Name     string `yaml:"name" i18n:"name"`
	Location string `yaml:"location" i18n:"name"`
	// Aliases are other names people search the region by: the name of
	// its place in another language ("北京").
	Aliases []string `yaml:"aliases"`
	// Geo is the part of the world the region is in, one of Geos, as its
	// name or id says ("US East (N. Virginia)" is north-america); "" when
	// the catalog does not say.
	Geo string `yaml:"geo"`
	// Access is who may buy in the region: "" (anyone with an account)
	// or AccessRestricted (only customers the provider vets, as AWS
	// GovCloud takes only US entities and US persons). A price in a
	// restricted region is listed, labelled with AccessNote, and never
	// answers (pricing.Price.Why).
	Access string `yaml:"access"`
	// AccessNote says in a sentence who may buy there; AccessSource cites
	// the provider's own statement.
	AccessNote   string `yaml:"access_note" i18n:"note"`
	AccessSource string `yaml:"access_source"`
	// I18n holds the region's name as its provider writes it in other
	// languages ("华北2（北京）").
	I18n I18n `yaml:"i18n"`
	at   *place
}

// Instance is one instance type (or lease) of a provider.
type Instance struct {
	ID string `yaml:"id"`
	// Name is the name the provider sells it by; a name that says more
	// than a name ("NVIDIA H200 141GB HGX (per GPU)") takes its words in
	// other languages in I18n.
	Name           string   `yaml:"name" i18n:"name"`
	Family         string   `yaml:"family"`
	GPU            string   `yaml:"gpu"` // a GPU id
	GPUCount       int      `yaml:"gpu_count"`
	GPUMemoryGB    *float64 `yaml:"gpu_memory_gb"` // total, when it is not count × the GPU's memory (vGPU slices)
	VGPUProfile    string   `yaml:"vgpu_profile"`
	VCPUs          *float64 `yaml:"vcpus"`
	RAMGiB         *float64 `yaml:"ram_gib"`
	NetworkGbps    *float64 `yaml:"network_gbps"`
	Network        string   `yaml:"network"` // as the provider words it, when it is not one number
	LocalStorage   string   `yaml:"local_storage"`
	Interconnect   string   `yaml:"interconnect"` // GPU-to-GPU link of this instance type
	RDMA           *bool    `yaml:"rdma"`
	GPUDirect      *bool    `yaml:"gpudirect"`          // GPUDirect RDMA to the network, as a source states it
	Isolated       *bool    `yaml:"physical_isolation"` // a whole machine to one tenant: bare metal, a lease
	Regions        []string `yaml:"regions"`            // region ids, or "all"
	PreviousGen    bool     `yaml:"previous_generation"`
	Claims         *Claims  `yaml:"claims"`
	Notes          string   `yaml:"notes" i18n:"note"`
	Source         string   `yaml:"source"`
	AsOf           string   `yaml:"as_of" i18n:"asof"`
	PriceNotPublic string   `yaml:"price_not_public" i18n:"note"` // why there is no public price, when there is none
	// PriceIncomplete says what the prices leave out ("GPU component only:
	// the VM is billed apart"); such offers are shown but left out of
	// rankings, which need whole prices.
	PriceIncomplete string `yaml:"price_incomplete" i18n:"note"`
	// I18n holds the instance type's name, notes, price_not_public and
	// price_incomplete in other languages.
	I18n I18n `yaml:"i18n"`

	Provider *Provider `yaml:"-"`
	at       *place
}

// Claims are figures a provider or guide advertises for an instance type,
// kept apart from what the GPU model and count give.
type Claims struct {
	TFLOPS       *float64 `yaml:"tflops"`
	Precision    string   `yaml:"precision"` // the precision the claim names: fp32, fp16, tf32…
	Interconnect string   `yaml:"interconnect"`
	PCIe         string   `yaml:"pcie"` // "4.0", "Gen4"
	Text         string   `yaml:"text"` // the claim as stated
	Source       string   `yaml:"source"`

	// Disagreements are the claims check's verdicts where a claim disagrees
	// with what the GPU model and count give; empty when all agree.
	Disagreements []string `yaml:"-"`
	// Verdicts are the same verdicts as notes, for a page to word in its
	// language (ClaimWords words them in English).
	Verdicts []note.Note `yaml:"-"`
	// Disputed are the keys of the claims those verdicts are on, in the
	// same order: "tflops", "interconnect", "pcie".
	Disputed []string `yaml:"-"`
	at       *place
}

// PriceFile is the shape of a data/prices/<provider>.yaml file.
type PriceFile struct {
	Provider string `yaml:"provider"`
	// Checked is the day the prices were last compared with a public price
	// list (gpucompare import prices); a price unchanged since is current
	// as of that day.
	Checked Date          `yaml:"checked"`
	Prices  []*PricePoint `yaml:"prices"`
}

// PricePoint is one dated price of an offer under a pricing model. The
// fields most points leave unset are in Extra, nil when all are, so that
// a catalog of many points stays small; read them through the accessors
// of the same names (Upfront, Note…), which give the zero value without
// Extra. In YAML they stand beside the others.
type PricePoint struct {
	Instance string `yaml:"instance"`
	Region   string `yaml:"region"` // a region id or "all"
	Model    string `yaml:"model"`  // on_demand, spot, reserved_1y …
	// Amount is the hourly price (or per month / year for subscriptions),
	// in Currency, per instance unless PerGPU.
	Amount      *float64 `yaml:"amount"`
	PerGPU      bool     `yaml:"per_gpu"`
	Approximate bool     `yaml:"approximate"`
	// RegionUnstated says that the source gives the price for no region
	// (region "all" then means "not stated", not "every region"): the
	// price is shown once, in a row of its own, never in each region's.
	RegionUnstated bool   `yaml:"region_unstated"`
	Currency       string `yaml:"currency"`
	Since          Date   `yaml:"since"`
	// Checked is the checked day of the point's price file: the day its
	// prices were last compared with a public price list.
	Checked Date   `yaml:"-"`
	Source  string `yaml:"source"`
	// SourceKind is what kind of source the figure comes from: one of
	// SourceKinds (provider, aggregator, article, estimate).
	SourceKind string `yaml:"source_kind"`
	// Extra holds the fields few points set; nil when the point sets none.
	Extra *PriceExtra `yaml:",inline"`

	Provider string `yaml:"-"` // the provider id of the file
	file     string
	at       *place
}

// PriceExtra is the part of a price point that few points set: terms of
// commitments, the days an import saw the price, words about its date,
// a note.
type PriceExtra struct {
	Upfront         *float64 `yaml:"upfront"`
	EffectiveHourly *float64 `yaml:"effective_hourly"` // as the source states it, upfront included
	DiscountPct     *float64 `yaml:"discount_pct"`     // against on-demand, when that is all a source states
	Payment         string   `yaml:"payment"`          // no_upfront, partial_upfront, all_upfront
	// FirstSeen is the day an import first saw this price, when its source
	// gives no effective date: the change happened on or before that day,
	// and Since stays unknown.
	FirstSeen Date `yaml:"first_seen"`
	// LastSeen is the last day the offer was seen in its source, set when
	// an import finds it gone (gpucompare import prices -retire).
	LastSeen Date   `yaml:"last_seen"`
	AsOf     string `yaml:"as_of" i18n:"asof"`
	Note     string `yaml:"note" i18n:"note"`
	// I18n holds the note in other languages.
	I18n I18n `yaml:"i18n"`
	// Quoted is the quote a point stands for, when it is made from one
	// (pricing.OffersAt) rather than read from a price file.
	Quoted *QuoteTerms `yaml:"-"`
}

// noExtra is the extra of a point that has none: all unset.
var noExtra PriceExtra

// extra is p's extra, or an unset one; not to be written.
func (p *PricePoint) extra() *PriceExtra {
	if p.Extra == nil {
		return &noExtra
	}
	return p.Extra
}

// Extras is p's extra to set fields of, made when p has none.
func (p *PricePoint) Extras() *PriceExtra {
	if p.Extra == nil {
		p.Extra = &PriceExtra{}
	}
	return p.Extra
}

// Upfront is the price paid upfront for a commitment; nil when none is stated.
func (p *PricePoint) Upfront() *float64 { return p.extra().Upfront }

// EffectiveHourly is the hourly price upfront included, as the source
// states it; nil when it states none.
func (p *PricePoint) EffectiveHourly() *float64 { return p.extra().EffectiveHourly }

// DiscountPct is the discount against on-demand, when that is all a
// source states; nil otherwise.
func (p *PricePoint) DiscountPct() *float64 { return p.extra().DiscountPct }

// Payment is how a commitment is paid: no_upfront, partial_upfront,
// all_upfront, or "".
func (p *PricePoint) Payment() string { return p.extra().Payment }

// FirstSeen is the day an import first saw the price (PriceExtra.FirstSeen).
func (p *PricePoint) FirstSeen() Date { return p.extra().FirstSeen }

// LastSeen is the last day the offer was seen in its source
// (PriceExtra.LastSeen).
func (p *PricePoint) LastSeen() Date { return p.extra().LastSeen }

// AsOf says why the point's date is what it is, in words.
func (p *PricePoint) AsOf() string { return p.extra().AsOf }

// Note is the point's note.
func (p *PricePoint) Note() string { return p.extra().Note }

// I18n holds the point's note in other languages.
func (p *PricePoint) I18n() I18n { return p.extra().I18n }

// Quoted is the quote the point stands for, nil for a point of a price file.
func (p *PricePoint) Quoted() *QuoteTerms { return p.extra().Quoted }

// Benchmark is one benchmark (an MLPerf task and scenario, a micro-benchmark
// or a team's own trial) with its results.
type Benchmark struct {
	ID          string `yaml:"id"`
	Name        string `yaml:"name" i18n:"name"`
	Suite       string `yaml:"suite"`            // mlperf-inference, mlperf-training, microbenchmark, trial
	Task        string `yaml:"task" i18n:"name"` // "llama2-70b-99.9", "resnet50"
	Scenario    string `yaml:"scenario" i18n:"name"`
	Description string `yaml:"description" i18n:"prose"`
	// Metric is throughput (work per second) or time (time to finish a run).
	Metric         string `yaml:"metric"`
	Unit           string `yaml:"unit"` // "tokens/s", "samples/s", "minutes"
	HigherIsBetter bool   `yaml:"higher_is_better"`
	Source         string `yaml:"source"`

	Results []*Result `yaml:"results"`
	I18n    I18n      `yaml:"i18n"`

	file string
	at   *place
}

// Result is one benchmark result, tied to an accelerator model and count
// and, when known, an instance type.
type Result struct {
	Round     string `yaml:"round"` // "Inference v4.0"
	Division  string `yaml:"division"`
	Submitter string `yaml:"submitter"`
	System    string `yaml:"system"`
	GPU       string `yaml:"gpu"` // accelerator id in data/gpus/
	// GPUCount is the number of accelerators; 0 (absent) when the source
	// does not state it — such a result is listed, not costed.
	GPUCount int `yaml:"gpu_count"`
	// Nodes is the number of nodes (servers) the system had, when the
	// source states it: gpu_count / nodes GPUs each, the shape an offer
	// must have to run the result as it ran. 0 (absent) when unknown.
	Nodes        int     `yaml:"nodes,omitempty"`
	Provider     string  `yaml:"provider"` // with Instance, the instance type the result ran on, when known
	Instance     string  `yaml:"instance"`
	Interconnect string  `yaml:"interconnect"` // the GPU link of the system, when stated: "NVLink 4.0"
	Value        float64 `yaml:"value"`
	Unit         string  `yaml:"unit"` // when it is not the benchmark's own: such results are compared only with their like
	Software     string  `yaml:"software"`
	Approximate  bool    `yaml:"approximate"`
	Date         Date    `yaml:"date"`
	// AsOf is why the date is what it is, in words, when it is more than
	// the date ("2026-08-22 (repo commit date)", "unknown").
	AsOf   string `yaml:"as_of" i18n:"asof"`
	Notes  string `yaml:"notes" i18n:"note"`
	Source string `yaml:"source"`
	// I18n holds the result's notes and as-of in other languages.
	I18n I18n `yaml:"i18n"`

	at *place
}

// Guide is a decision tree: questions whose answers lead to further
// questions or to outcomes; an outcome is advice plus, optionally, a query
// over the catalog that makes its short list.
type Guide struct {
	ID          string      `yaml:"id"`
	Title       string      `yaml:"title" i18n:"prose"`
	Description string      `yaml:"description" i18n:"prose"`
	Start       string      `yaml:"start"` // the first question's id
	Source      string      `yaml:"source"`
	Questions   []*Question `yaml:"questions"`
	Outcomes    []*Outcome  `yaml:"outcomes"`
	I18n        I18n        `yaml:"i18n"`

	file string
	at   *place
}

// Question is one step of a guide.
type Question struct {
	ID      string    `yaml:"id"`
	Text    string    `yaml:"text" i18n:"prose"`
	Help    string    `yaml:"help" i18n:"prose"`
	Answers []*Answer `yaml:"answers"`
	I18n    I18n      `yaml:"i18n"`
	at      *place
}

// Answer leads to the question or outcome named by Next.
type Answer struct {
	Text string `yaml:"text" i18n:"prose"`
	Next string `yaml:"next"`
	I18n I18n   `yaml:"i18n"`
	at   *place
}

// Outcome ends a path through a guide.
type Outcome struct {
	ID     string `yaml:"id"`
	Title  string `yaml:"title" i18n:"prose"`
	Advice string `yaml:"advice" i18n:"prose"` // Markdown
	Query  *Query `yaml:"query"`               // nil for advice only
	Source string `yaml:"source"`
	I18n   I18n   `yaml:"i18n"`
	at     *place
}

// Query selects and orders offers for an outcome's short list.
type Query struct {
	GPUModels      []string `yaml:"gpu_models"` // chip families: "A100", "H100"
	GPUs           []string `yaml:"gpus"`       // GPU ids
	MinGPUMemoryGB *float64 `yaml:"min_gpu_memory_gb"`
	MinGPUCount    int      `yaml:"min_gpu_count"`
	MaxGPUCount    int      `yaml:"max_gpu_count"`
	Interconnect   string   `yaml:"interconnect"` // nvlink, infinity_fabric
	RDMA           *bool    `yaml:"rdma"`
	Providers      []string `yaml:"providers"`
	ProviderKinds  []string `yaml:"provider_kinds"`
	Regions        []string `yaml:"regions"`
	Geos           []string `yaml:"geo"` // parts of the world (Geos) the offer's region must be in: "china-mainland"
	Certifications []string `yaml:"certifications"`
	Features       []string `yaml:"features"`      // physical_isolation, hardware_encryption, dl_images …
	PricingModel   string   `yaml:"pricing_model"` // the model prices are compared under; on_demand by default
	Where          []Bound  `yaml:"where"`
	Sort           string   `yaml:"sort"` // per_gpu_hour (default), hourly, per_gb_hour, per_fp16_tflops_hour, per_fp32_tflops_hour
	Limit          int      `yaml:"limit"`
	at             *place
}

// Bound limits a numeric spec of an offer's GPU or instance, or its price
// (QueryPriceFields), which is in Currency.
type Bound struct {
	Field    string   `yaml:"field"` // "gpu.dense.fp16_bf16", "gpu.memory_bandwidth_gb_s", "gpu.interconnect.generation", "instance.network_gbps", "price.per_gpu_hour"
	Min      *float64 `yaml:"min"`
	Max      *float64 `yaml:"max"`
	Currency string   `yaml:"currency"` // the currency of a price bound: "USD"
	at       *place
}

// Scenario is a workload to cost over time: its inputs are the buyer's
// (example figures, not facts from outside), its prices the catalog's.
type Scenario struct {
	ID          string     `yaml:"id"`
	Title       string     `yaml:"title" i18n:"prose"`
	Persona     string     `yaml:"persona" i18n:"prose"` // startup, mid-size, research …
	Description string     `yaml:"description" i18n:"prose"`
	Advice      string     `yaml:"advice" i18n:"prose"`    // Markdown
	Source      string     `yaml:"source" i18n:"citation"` // where the persona or strategy comes from
	Workload    Workload   `yaml:"workload"`
	Limits      Limits     `yaml:"limits"`
	Strategies  []Strategy `yaml:"strategies"`
	// Uncounted are costs or grants the scenario names that its totals
	// leave out, each one of Uncounted: "subsidies".
	Uncounted []string `yaml:"uncounted"`
	I18n      I18n     `yaml:"i18n"`

	file string
	at   *place
}

// Uncounted are what a scenario's totals may say they leave out
// (Scenario.Uncounted): grants such as government subsidies, and the
// space, power and cooling hardware of one's own needs.
var Uncounted = []string{"subsidies", "facilities"}

// Workload is what a scenario runs.
type Workload struct {
	GPUHoursPerMonth      float64  `yaml:"gpu_hours_per_month"`
	Months                float64  `yaml:"months"`
	GPUsPerJob            int      `yaml:"gpus_per_job"`
	JobHours              float64  `yaml:"job_hours"`
	MinGPUMemoryGB        *float64 `yaml:"min_gpu_memory_gb"`
	Interruptible         bool     `yaml:"interruptible"`
	CheckpointOverheadPct float64  `yaml:"checkpoint_overhead_pct"` // extra time a spot run needs to checkpoint and resume
	StorageTB             float64  `yaml:"storage_tb"`
	EgressTBPerMonth      float64  `yaml:"egress_tb_per_month"`
	// Splittable says a job of several GPUs may run across instances of
	// fewer GPUs each (eight 1-GPU VMs for an 8-GPU job). It is off by
	// default: a multi-GPU job then needs them all in one instance.
	Splittable bool `yaml:"splittable"`
	// ReferenceGPU makes the workload an amount of work: its GPU-hours
	// (and job hours) are hours of this GPU (a data/gpus id), and an
	// offer of another GPU is costed for the hours its GPU takes to do
	// the same work (WorkConversion). Without it every GPU-hour counts
	// the same.
	ReferenceGPU string `yaml:"reference_gpu"`
	// Benchmark is the benchmark whose results convert the work first,
	// where it has results for both GPUs; Precision is the dense figure
	// (Precisions' key, fp16_bf16 by default) that converts it otherwise.
	Benchmark string `yaml:"benchmark"`
	Precision string `yaml:"precision"`
	// UnitsPerMonth makes the workload an amount of work in the units of
	// Benchmark's results, in place of gpu_hours_per_month: tokens or
	// samples of a throughput ("tokens/s"), runs of a time to train. Each
	// offer is costed for the GPU-hours its own GPU takes for them by the
	// benchmark's results (Benchmark.UnitHours); an offer whose GPU has no
	// result is not costed, and says so.
	UnitsPerMonth float64 `yaml:"units_per_month"`
}

// Limits narrow the offers a scenario considers.
type Limits struct {
	MaxPerGPUHour *float64 `yaml:"max_per_gpu_hour"` // in the site currency
	GPUModels     []string `yaml:"gpu_models"`
	ProviderKinds []string `yaml:"provider_kinds"`
	// Geo keeps the offers in regions of these parts of the world (Geos),
	// as a guide's query does: data that must stay in mainland China.
	Geo []string `yaml:"geo"`
	// Certifications keeps the offers of providers that state every one
	// of these compliance certifications (Provider.States), as a guide's
	// query does: 等保三级 for finance in mainland China.
	Certifications []string `yaml:"certifications"`
}

// Strategy splits a scenario's GPU-hours across pricing models.
type Strategy struct {
	ID   string  `yaml:"id"`
	Name string  `yaml:"name" i18n:"prose"`
	Mix  []Share `yaml:"mix"`
	I18n I18n    `yaml:"i18n"`
}

// Share is the part of the GPU-hours bought under one pricing model. A
// commitment stands for every commitment of its term (TermMonths): a share
// of reserved_3y buys whichever 3-year commitment an offer has — reserved,
// savings plan or committed use.
type Share struct {
	Model   string  `yaml:"model"`
	Percent float64 `yaml:"percent"`
}

// Scoring is data/scoring.yaml: the evaluation matrix's criteria.
type Scoring struct {
	Source string `yaml:"source"`
	// GPUClass is the GPU class (GPU.Class) the price criteria compare
	// within by default; the buyer may pick another on the page. Empty:
	// the class with the most providers priced.
	GPUClass string `yaml:"gpu_class"`
	// GPUClassSource says why that class: where it comes from.
	GPUClassSource string       `yaml:"gpu_class_source"`
	Criteria       []*Criterion `yaml:"criteria"`
	file           string
	at             *place
}

// Criterion is one indicator of the evaluation matrix: what is measured
// from the catalog, which way is better, and its default weight.
type Criterion struct {
	ID          string  `yaml:"id"`
	Name        string  `yaml:"name" i18n:"prose"`
	Description string  `yaml:"description" i18n:"prose"`
	Measure     string  `yaml:"measure"` // one of the measures the scoring stage computes
	Better      string  `yaml:"better"`  // higher or lower
	Weight      float64 `yaml:"weight"`
	Source      string  `yaml:"source"` // where the indicator comes from (a buyer's guide, say)
	// I18n holds its name and description in other languages.
	I18n I18n `yaml:"i18n"`
	at   *place
}
