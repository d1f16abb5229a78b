package catalog

import (
	"cmp"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
)

var (
	idPattern       = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
	currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)
)

// Marketplace is the kind of provider that resells third-party hosts a
// team cannot contract: its offers are shown, labelled, and answer only
// when the reader includes marketplaces.
const Marketplace = "marketplace"

// The closed vocabularies of the catalog.
var (
	// ProviderKinds are what a provider is, to a buyer: a hyperscaler
	// (AWS, Azure, Google Cloud, OCI), a cloud operated in mainland China
	// (china_cloud, yuan prices, Chinese contracts), another general
	// public cloud (public_cloud), a GPU cloud running its own or
	// contracted data centres (gpu_cloud), a marketplace that resells
	// third-party hosts a team cannot contract (marketplace), or a lease
	// of machines for a term (on_prem_lease).
	ProviderKinds    = []string{"hyperscaler", "china_cloud", "public_cloud", "gpu_cloud", Marketplace, "on_prem_lease"}
	Granularities    = []string{"second", "minute", "hour", "month"}
	PricingModels    = []string{"on_demand", "spot", "reserved_1y", "reserved_3y", "savings_plan_1y", "savings_plan_3y", "cud_1y", "cud_3y", "capacity_block", "subscription_month", "subscription_year", "lease"}
	Payments         = []string{"no_upfront", "partial_upfront", "all_upfront"}
	InterconnectKind = []string{"nvlink", "infinity_fabric", "pcie", "none"}
	AcceleratorKinds = []string{"gpu", "tpu", "npu"}
	BenchmarkSuites  = []string{"mlperf-inference", "mlperf-training", "microbenchmark", "trial"}
	BenchmarkMetrics = []string{"throughput", "time"}
	// SourceKinds are the kinds of source a price point may cite, most
	// direct first.
	SourceKinds = []string{KindProvider, KindAggregator, KindArticle, KindEstimate}
	// FXKinds are the rates an exchange rate may be (FXRate.Kind): the
	// CFETS/PBoC central parity (中间价) and the US Federal Reserve's
	// noon buying rate in New York (H.10).
	FXKinds = []string{"central_parity", "noon_buying"}
	// FXSourceKinds are what the source of an exchange rate may be
	// (FXRate.SourceKind): the publisher's own notice or release, or a
	// news report of it.
	FXSourceKinds = []string{"notice", "report"}
	// Geos are the parts of the world a region may be in (Region.Geo),
	// in the order the matrix groups regions by.
	Geos = []string{"china-mainland", "hong-kong-taiwan", "asia-pacific", "north-america", "south-america", "europe", "middle-east", "africa"}
	// Accesses are the values of Region.Access besides "" (anyone).
	Accesses = []string{AccessRestricted}
)

// AccessRestricted is a region only customers the provider vets may buy
// in (Region.Access).
const AccessRestricted = "restricted"

// TermMonths is the term in months of a commitment model — paid for every
// hour of its term, used or not — and 0 for a model with no term. Models
// of one term are one kind of purchase under different names: a
// scenario's strategy buys them as one.
func TermMonths(model string) int {
	switch model {
	case "reserved_1y", "savings_plan_1y", "cud_1y", "subscription_year":
		return 12
	case "reserved_3y", "savings_plan_3y", "cud_3y":
		return 36
	case "subscription_month":
		return 1
	}
	return 0
}

// SameTerm lists the pricing models of a commitment's term, the model
// itself first; for a model with no term, only the model.
func SameTerm(model string) []string {
	out := []string{model}
	if n := TermMonths(model); n > 0 {
		for _, m := range PricingModels {
			if m != model && TermMonths(m) == n {
				out = append(out, m)
			}
		}
	}
	return out
}

// The kinds of source of a figure.
const (
	KindProvider   = "provider"   // the provider's own price page, API or document
	KindAggregator = "aggregator" // a third-party catalog of prices
	KindArticle    = "article"    // a blog post, guide or news article
	KindEstimate   = "estimate"   // worked out from a discount or from another offer
	// KindQuote is a price quoted to the team privately (a Quote of an
	// overlay): never a kind a catalog price point may cite, it ranks as
	// its own source kind in an internal build (pricing.OffersAt).
	KindQuote = "quote"
)

// Ranked reports whether figures of a source kind take part in rankings
// as they stand: a provider's and an aggregator's do; an article's and an
// estimate are listed, marked, and ranked only when the reader includes
// them. An empty kind (a point no validation saw) counts as ranked.
func Ranked(kind string) bool { return kind != KindArticle && kind != KindEstimate }

// AllRegions in a region list means every region of the provider.
const AllRegions = "all"

// record places the problems of one catalog record: its file, its node and
// how a message names it ("instance \"p4d.24xlarge\"").
type record struct {
	l    *loader
	file string
	at   *place
	name string
	// price, when set, is the price point the record is; its name is made
	// only when a diagnostic needs it, not once per point.
	price *PricePoint
}

// label is how a message names the record.
func (r record) label() string {
	if r.price != nil {
		return priceName(r.price)
	}
	return r.name
}

// priceName names a price point in messages: "price \"gn7/cn-beijing/spot\"".
func priceName(pp *PricePoint) string {
	return fmt.Sprintf("price %q", pp.Instance+"/"+pp.Region+"/"+pp.Model)
}

// pos is the position of key's value in the record, or of the record when
// the key is absent.
func (r record) pos(key string) Pos {
	if v := child(r.at, key); v != nil {
		return pos(r.file, v)
	}
	if r.at == nil {
		return Pos{File: r.file}
	}
	return pos(r.file, r.at)
}

func (r record) errorf(key, format string, args ...any) {
	r.l.errorf(r.pos(key), "%s: %s", r.label(), fmt.Sprintf(format, args...))
}

func (r record) warnf(key, format string, args ...any) {
	r.l.warnf(r.pos(key), "%s: %s", r.label(), fmt.Sprintf(format, args...))
}

func (r record) required(key, value, want string) bool {
	if strings.TrimSpace(value) == "" {
		r.errorf(key, "%s is missing: want %s", key, want)
		return false
	}
	return true
}

// aliases refuses an empty alias, each a name people search by, and
// more than MaxAliases of them.
func (r record) aliases(list []string) {
	if len(list) > MaxAliases {
		r.l.errorf(pos(r.file, item(r.at, "aliases", MaxAliases)), "%s: %s aliases: want at most %d, the other names people know it by", r.label(), grouped(float64(len(list))), MaxAliases)
	}
	for i, a := range list {
		if strings.TrimSpace(a) == "" {
			r.l.errorf(pos(r.file, item(r.at, "aliases", i)), "%s: aliases[%d] is empty: want another name people know it by, such as \"阿里云\"", r.label(), i)
		}
	}
}

func (r record) id(key, value string) {
	if r.required(key, value, "an id such as \"a100-sxm4-40gb\"") && !idPattern.MatchString(value) {
		r.errorf(key, "%s %q is not an id: want lowercase letters, digits, '.', '_' or '-', starting with a letter or digit", key, value)
	}
}

func (r record) oneOf(key, value string, allowed []string, required bool) {
	if value == "" {
		if required {
			r.errorf(key, "%s is missing: want one of %s", key, strings.Join(allowed, ", "))
		}
		return
	}
	if !slices.Contains(allowed, value) {
		hint := ""
		if near := nearest(value, allowed); near != "" {
			hint = fmt.Sprintf(" (did you mean %q?)", near)
		}
		r.errorf(key, "%s %q is not known%s: want one of %s", key, value, hint, strings.Join(allowed, ", "))
	}
}

// ownFile checks the id of a record that has a file of its own: a valid
// id, unique among its kind (files maps ids to files so far), and the name
// of its file. It returns false when the record repeats an id, and is to
// be checked no further.
func (r record) ownFile(id, kind string, files map[string]string) bool {
	r.id("id", id)
	if id == "" {
		return true
	}
	if first, dup := files[id]; dup {
		r.errorf("id", "duplicate %s id (first in %s)", kind, first)
		return false
	}
	files[id] = r.file
	if want := strings.TrimSuffix(path.Base(r.file), ".yaml"); id != want {
		r.errorf("id", "id %q differs from the file name: name the file %s.yaml", id, id)
	}
	return true
}

// positive checks an optional figure: when given it must be > 0.
func (r record) positive(key string, v *float64) {
	if v != nil && *v <= 0 {
		r.errorf(key, "%s must be > 0, got %s", key, num(*v))
	}
}

func (r record) date(key string, d Date, required bool) {
	if d == "" {
		if required {
			r.errorf(key, "%s is missing: want YYYY-MM-DD, YYYY-MM, YYYY or unknown (with the reason in as_of)", key)
		}
		return
	}
	if err := d.check(); err != nil {
		r.errorf(key, "%s: %v", key, err)
	}
}

// day checks an optional date that must be a whole day: the day a price
// list was read, which is always known to the day.
func (r record) day(key string, d Date) {
	if d == "" {
		return
	}
	if err := d.check(); err != nil {
		r.errorf(key, "%s: %v", key, err)
		return
	}
	if len(d) != len("2006-01-02") {
		r.errorf(key, "%s %s is not a day: want YYYY-MM-DD", key, d)
	}
}

func (r record) currency(key, c string) {
	if r.required(key, c, "an ISO 4217 code such as USD") && !currencyPattern.MatchString(c) {
		r.errorf(key, "%s %q is not a currency code: want three capital letters such as USD or CNY", key, c)
	}
}

// source checks a citation: present when needed, and any URL in it http(s).
func (r record) source(key, src string, needed bool) {
	if strings.TrimSpace(src) == "" {
		if needed {
			r.errorf(key, "%s is missing: every number that came from outside cites where (a URL or a citation in words)", key)
		}
		return
	}
	for tok := range strings.FieldsSeq(src) {
		if !strings.Contains(tok, ":") {
			continue // no scheme
		}
		tok = strings.TrimLeft(tok, "([<'\"")
		tok = strings.TrimRight(tok, "]>,;.'\"")
		for strings.HasSuffix(tok, ")") && strings.Count(tok, ")") > strings.Count(tok, "(") {
			tok = strings.TrimSuffix(tok, ")")
		}
		scheme, rest, ok := splitScheme(tok)
		if !ok {
			continue
		}
		scheme = strings.ToLower(scheme)
		looksLikeURL := strings.HasPrefix(rest, "//") || slices.Contains([]string{"javascript", "vbscript", "data", "file", "blob"}, scheme)
		if looksLikeURL && scheme != "http" && scheme != "https" {
			r.errorf(key, "%s URL %q has scheme %q: want http or https", key, tok, scheme)
		}
	}
}

// splitScheme splits a token that starts with a URL scheme, a letter and
// then letters, digits, '+', '.' or '-' up to the first ':', from the rest,
// which must not be empty (as `^([A-Za-z][A-Za-z0-9+.-]*):(.+)$` would
// for a token without white space).
func splitScheme(tok string) (scheme, rest string, ok bool) {
	i := strings.IndexByte(tok, ':')
	if i < 1 || i == len(tok)-1 {
		return "", "", false
	}
	for j := 0; j < i; j++ {
		c := tok[j]
		letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if !letter && (j == 0 || !('0' <= c && c <= '9' || c == '+' || c == '.' || c == '-')) {
			return "", "", false
		}
	}
	return tok[:i], tok[i+1:], true
}

func num(v float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.6f", v), "0"), ".")
}

// languagePattern is a BCP 47 tag of a language and optional script and
// region: "en", "zh-CN", "zh-Hans".
var languagePattern = regexp.MustCompile(`^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$`)

// editionDirPattern is the folder of an edition: one lowercase segment.
var editionDirPattern = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// editions checks the site's editions: each a language of its own, in a
// folder of its own, in a currency the rates reach.
func (l *loader) editions() {
	file := path.Join(DataDir, "site.yaml")
	langs := map[string]bool{cmp.Or(l.cat.Site.Language, "en"): true}
	dirs := map[string]bool{}
	for i, e := range l.cat.Site.Editions {
		r := record{l: l, file: file, at: e.at, name: fmt.Sprintf("editions[%d]", i)}
		if r.required("language", e.Language, `a BCP 47 language tag, such as "zh-CN"`) {
			if !languagePattern.MatchString(e.Language) {
				r.errorf("language", "language %q is not a language tag: want one such as \"zh-CN\" or \"ja\"", e.Language)
			} else if langs[e.Language] {
				r.errorf("language", "language %q has an edition already: each edition is in a language of its own", e.Language)
			}
			langs[e.Language] = true
		}
		if r.required("dir", e.Dir, `the folder the edition is built in, such as "zh"`) {
			if !editionDirPattern.MatchString(e.Dir) {
				r.errorf("dir", "dir %q is not one folder name: want lowercase letters, digits and '-', such as \"zh\"", e.Dir)
			} else if dirs[e.Dir] {
				r.errorf("dir", "dir %q holds another edition already", e.Dir)
			}
			dirs[e.Dir] = true
		}
		if e.Currency != "" {
			r.currency("currency", e.Currency)
			if currencyPattern.MatchString(e.Currency) && currencyPattern.MatchString(l.cat.Site.Currency) && !convertible(l.cat, e.Currency) {
				r.errorf("currency", "currency %q has no rate to the site currency %s in data/fx.yaml", e.Currency, l.cat.Site.Currency)
			}
		}
	}
}

func (l *loader) validate() {
	if l.siteAt != nil {
		site := record{l: l, file: path.Join(DataDir, "site.yaml"), at: l.siteAt, name: "site"}
		site.required("title", l.cat.Site.Title, "the site's title")
		site.currency("currency", l.cat.Site.Currency)
		site.source("url", l.cat.Site.URL, false)
		if u := l.cat.Site.URL; u != "" && !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
			site.errorf("url", "url %q is not absolute: want http(s)://host/path/", u)
		}
		if n := l.cat.Site.MatrixPageSize; n < 0 || (n == 0 && child(l.siteAt, "matrix_page_size") != nil) {
			site.errorf("matrix_page_size", "matrix_page_size must be > 0, got %d", n)
		}
		if n := l.cat.Site.DiffThresholdPct; n < 0 || (n == 0 && child(l.siteAt, "diff_threshold_pct") != nil) {
			site.errorf("diff_threshold_pct", "diff_threshold_pct must be > 0 (a change in percent, either way), got %s", num(n))
		}
		for _, k := range []struct {
			key string
			n   int
		}{{"fresh_days", l.cat.Site.FreshDays}, {"stale_days", l.cat.Site.StaleDays}, {"feed_items", l.cat.Site.FeedItems}} {
			if k.n < 0 || (k.n == 0 && child(l.siteAt, k.key) != nil) {
				site.errorf(k.key, "%s must be > 0, got %d", k.key, k.n)
			}
		}
		l.editions()
		if f, s := l.cat.Site.Policy(); l.cat.Site.FreshDays >= 0 && l.cat.Site.StaleDays >= 0 && f >= s {
			site.errorf("stale_days", "stale_days (%d) must be more than fresh_days (%d): a price turns stale after it stops being fresh", s, f)
		}
	}

	for _, fx := range l.cat.FX {
		r := record{l: l, file: l.fxFile, at: fx.at, name: fmt.Sprintf("rate %s/%s %s", fx.Base, fx.Quote, fx.Date)}
		r.currency("base", fx.Base)
		r.currency("quote", fx.Quote)
		if fx.Rate <= 0 {
			r.errorf("rate", "rate must be > 0, got %s", num(fx.Rate))
		}
		r.date("date", fx.Date, true)
		r.source("source", fx.Source, true)
		r.oneOf("kind", fx.Kind, FXKinds, false)
		r.oneOf("source_kind", fx.SourceKind, FXSourceKinds, false)
	}

	l.cat.gpuByID = map[string]*GPU{}
	gpuFiles := map[string]string{}
	for _, g := range l.cat.GPUs {
		r := record{l: l, file: g.file, at: g.at, name: fmt.Sprintf("gpu %q", g.ID)}
		if !r.ownFile(g.ID, "gpu", gpuFiles) {
			continue
		}
		if g.ID != "" {
			l.cat.gpuByID[g.ID] = g
		}
		r.required("name", g.Name, "the name people read, such as \"A100 SXM4 40GB\"")
		r.required("vendor", g.Vendor, "the vendor, such as NVIDIA")
		l.translations(r, g)
		l.translations(record{l: l, file: g.file, at: child(g.at, "interconnect"), name: fmt.Sprintf("gpu %q interconnect", g.ID)}, &g.Interconnect)
		r.oneOf("kind", g.Kind, AcceleratorKinds, false)
		r.oneOf("figures_from", g.FiguresFrom, FiguresFromValues, false)
		r.date("released", g.Released, false)
		hasFigure := false
		for key, v := range map[string]*float64{"memory_gb": g.MemoryGB, "memory_bandwidth_gb_s": g.BandwidthGBs, "tdp_w": g.TDPWatts, "pcie_gen": g.PCIeGen} {
			r.positive(key, v)
			hasFigure = hasFigure || v != nil
		}
		for _, t := range []struct {
			key string
			tp  Throughput
		}{{"dense", g.Dense}, {"sparse", g.Sparse}} {
			sub := record{l: l, file: g.file, at: child(g.at, t.key), name: r.name + " " + t.key}
			if sub.at == nil {
				continue
			}
			for _, p := range Precisions {
				v := p.Of(t.tp)
				sub.positive(p.Key, v)
				hasFigure = hasFigure || v != nil
			}
		}
		ic := record{l: l, file: g.file, at: child(g.at, "interconnect"), name: r.name + " interconnect"}
		if ic.at != nil {
			ic.oneOf("kind", g.Interconnect.Kind, InterconnectKind, false)
			ic.positive("generation", g.Interconnect.Generation)
			ic.positive("bandwidth_gb_s", g.Interconnect.BidirGBs)
			hasFigure = hasFigure || g.Interconnect.BidirGBs != nil
		}
		r.source("source", g.Source, hasFigure)
	}

	l.cat.providerByID = map[string]*Provider{}
	providerFiles := map[string]string{}
	for _, p := range l.cat.Providers {
		r := record{l: l, file: p.file, at: p.at, name: fmt.Sprintf("provider %q", p.ID)}
		if !r.ownFile(p.ID, "provider", providerFiles) {
			continue
		}
		if p.ID != "" {
			l.cat.providerByID[p.ID] = p
		}
		l.validateProvider(r, p)
	}
	sourceRules{l}.validateSourceRegistry()
	l.validatePrices()
	l.validateBenchmarks()
	l.validateGuides()
	l.validateScenarios()
	trialRules{l}.validate()
	quoteRules{l}.validate()
	l.validateScoring()
	l.unusedLanguages()
	l.untranslatedNotes()
}

// Measures are what the evaluation matrix can compute for a provider from
// the catalog; a criterion names one.
var Measures = []string{
	"price_per_fp16_tflops_hour", "price_per_gpu_hour", "max_gpu_memory_gb", "max_memory_bandwidth", "max_network_gbps",
	"nvlink_generation", "rdma", "gpudirect", "storage_iops", "billing_granularity", "spot_available", "reserved_discount",
	"dl_images", "k8s_device_plugin", "certifications", "mlps_level", "sla_percent", "physical_isolation", "hardware_encryption",
	"region_coverage", "support", "egress_price", "storage_price", "spot_notice_seconds", "minimum_charge_seconds",
	"gpu_breadth", "newest_gpu", "price_transparency",
}

func (l *loader) validateScoring() {
	s := l.cat.Scoring
	if s == nil {
		return
	}
	r := record{l: l, file: s.file, at: s.at, name: "scoring"}
	r.source("source", s.Source, false)
	if s.GPUClass != "" {
		var known []string
		for _, cl := range l.cat.GPUClasses() {
			known = append(known, cl.ID)
		}
		if !slices.Contains(known, s.GPUClass) {
			r.errorf("gpu_class", "gpu_class %q is not the class of any GPU in the catalog: want one of %s", s.GPUClass, strings.Join(known, ", "))
		}
	}
	r.source("gpu_class_source", s.GPUClassSource, false)
	ids := map[string]bool{}
	for _, c := range s.Criteria {
		cr := record{l: l, file: s.file, at: c.at, name: fmt.Sprintf("criterion %q", c.ID)}
		cr.id("id", c.ID)
		l.translations(cr, c)
		if ids[c.ID] {
			cr.errorf("id", "duplicate criterion id")
		}
		ids[c.ID] = true
		if c.ID == "class" {
			cr.errorf("id", "criterion id \"class\" is taken: the evaluation page's address keeps the GPU class under it; choose another id")
		}
		cr.required("name", c.Name, "the indicator's name, such as \"Price / performance\"")
		cr.oneOf("measure", c.Measure, Measures, true)
		cr.oneOf("better", c.Better, []string{"higher", "lower"}, true)
		if c.Weight < 0 {
			cr.errorf("weight", "weight must be >= 0, got %s", num(c.Weight))
		}
		cr.source("source", c.Source, false)
	}
}

func (l *loader) validateScenarios() {
	files := map[string]string{}
	for _, s := range l.cat.Scenarios {
		r := record{l: l, file: s.file, at: s.at, name: fmt.Sprintf("scenario %q", s.ID)}
		if !r.ownFile(s.ID, "scenario", files) {
			continue
		}
		r.required("title", s.Title, "what the scenario is, such as \"Startup: spot under about $1.5 per GPU-hour\"")
		r.source("source", s.Source, false)
		l.translations(r, s)
		w := record{l: l, file: s.file, at: child(s.at, "workload"), name: r.name + " workload"}
		if w.at == nil {
			r.errorf("workload", "workload is missing: want gpu_hours_per_month, months, gpus_per_job and job_hours")
		} else {
			for key, v := range map[string]float64{"gpu_hours_per_month": s.Workload.GPUHoursPerMonth, "units_per_month": s.Workload.UnitsPerMonth, "months": s.Workload.Months, "job_hours": s.Workload.JobHours} {
				if v <= 0 && (child(w.at, key) != nil || key == "months" || key == "job_hours") {
					w.errorf(key, "%s must be > 0, got %s", key, num(v))
				}
			}
			switch hours, units := child(w.at, "gpu_hours_per_month") != nil, child(w.at, "units_per_month") != nil; {
			case hours && units:
				w.errorf("units_per_month", "the workload gives both gpu_hours_per_month and units_per_month: give one, GPU-hours or units of the benchmark's work")
			case !hours && !units:
				r.errorf("workload", "workload has no gpu_hours_per_month: want GPU-hours a month, or units_per_month with a benchmark (tokens, samples or training runs a month)")
			}
			if s.Workload.GPUsPerJob <= 0 {
				w.errorf("gpus_per_job", "gpus_per_job must be > 0, got %d", s.Workload.GPUsPerJob)
			}
			w.positive("min_gpu_memory_gb", s.Workload.MinGPUMemoryGB)
			if s.Workload.Splittable && s.Workload.GPUsPerJob == 1 {
				w.errorf("splittable", "splittable is for a job of several GPUs, and gpus_per_job is 1: leave splittable out")
			}
			for key, v := range map[string]float64{"checkpoint_overhead_pct": s.Workload.CheckpointOverheadPct, "storage_tb": s.Workload.StorageTB, "egress_tb_per_month": s.Workload.EgressTBPerMonth} {
				if v < 0 {
					w.errorf(key, "%s must be >= 0, got %s", key, num(v))
				}
			}
			validateWork(w, s.Workload)
		}
		for i, u := range s.Uncounted {
			if !slices.Contains(Uncounted, u) {
				l.errorf(pos(s.file, item(s.at, "uncounted", i)), "%s: uncounted %q is not known%s: want one of %s", r.name, u, suggest(u, Uncounted), strings.Join(Uncounted, ", "))
			}
		}
		lim := record{l: l, file: s.file, at: child(s.at, "limits"), name: r.name + " limits"}
		if lim.at != nil {
			lim.positive("max_per_gpu_hour", s.Limits.MaxPerGPUHour)
		}
		if len(s.Strategies) == 0 {
			r.errorf("strategies", "no strategies: want at least one, such as {id: on-demand, mix: [{model: on_demand, percent: 100}]}")
		}
		ids := map[string]bool{}
		for i, st := range s.Strategies {
			sr := record{l: l, file: s.file, at: item(s.at, "strategies", i), name: fmt.Sprintf("%s strategy %q", r.name, st.ID)}
			sr.id("id", st.ID)
			l.translations(sr, &s.Strategies[i])
			if ids[st.ID] {
				sr.errorf("id", "duplicate strategy id")
			}
			ids[st.ID] = true
			total := 0.0
			terms := map[int]string{} // a term's first model in the mix
			for j, sh := range st.Mix {
				hr := record{l: l, file: s.file, at: item(sr.at, "mix", j), name: sr.name + " mix"}
				hr.oneOf("model", sh.Model, PricingModels, true)
				if n := TermMonths(sh.Model); n > 0 {
					if first, ok := terms[n]; ok {
						hr.errorf("model", "%q and %q are commitments of the same term, and a share of either buys whichever of them an offer has: merge them into one share", first, sh.Model)
					} else {
						terms[n] = sh.Model
					}
				}
				if sh.Percent <= 0 || sh.Percent > 100 {
					hr.errorf("percent", "percent must be in (0, 100], got %s", num(sh.Percent))
				}
				total += sh.Percent
			}
			if len(st.Mix) > 0 && (total < 99.999 || total > 100.001) {
				sr.errorf("mix", "the shares add up to %s%%: want 100%%", num(total))
			}
		}
	}
}

// validateWork checks a workload given as an amount of work: a reference
// GPU of the catalog, a benchmark of the catalog, a precision the GPUs
// state dense figures in, and a figure of the reference GPU to convert by.
func validateWork(w record, wl Workload) {
	cat := w.l.cat
	if child(w.at, "units_per_month") != nil {
		validateUnits(w, wl)
		return
	}
	if wl.ReferenceGPU == "" {
		for _, key := range []string{"benchmark", "precision"} {
			if child(w.at, key) != nil {
				w.errorf(key, "%s converts work between GPUs, and the workload names no reference_gpu: add reference_gpu (the GPU whose hours gpu_hours_per_month counts, such as \"h100-sxm5-80gb\") or leave %s out", key, key)
			}
		}
		return
	}
	g := cat.GPU(wl.ReferenceGPU)
	if g == nil {
		hint := ""
		if near := nearest(wl.ReferenceGPU, gpuIDs(cat)); near != "" {
			hint = fmt.Sprintf(" (did you mean %q?)", near)
		}
		w.errorf("reference_gpu", "reference_gpu %q is not a GPU of data/gpus%s", wl.ReferenceGPU, hint)
		return
	}
	var b *Benchmark
	bad := false
	if wl.Benchmark != "" {
		if b = cat.Benchmark(wl.Benchmark); b == nil {
			w.errorf("benchmark", "benchmark %q is not a benchmark of data/benchmarks", wl.Benchmark)
			bad = true
		} else if !b.Converts() {
			w.errorf("benchmark", "benchmark %q measures %s, lower better: work converts by a throughput, higher better, such as \"mamf-bf16\"", b.ID, b.Metric)
			bad = true
		}
	}
	w.oneOf("precision", wl.Precision, precisionKeys(), false)
	p, ok := precisionByKey(cmp.Or(wl.Precision, "fp16_bf16"))
	if !ok || bad {
		return
	}
	measured := false
	if b != nil {
		_, measured = b.PerGPU(g.ID)
	}
	if p.Of(g.Dense) == nil && !measured {
		w.errorf("reference_gpu", "reference GPU %q has no dense %s figure and no result of the benchmark with its GPU count: the work cannot be converted to other GPUs; name a precision it has a figure for", g.ID, p.Label)
	}
}

// validateUnits checks a workload given as units of a benchmark's work:
// a benchmark of the catalog whose unit counts work, with a result to
// cost by, and neither a reference GPU nor a precision (the units are
// costed by the results alone).
func validateUnits(w record, wl Workload) {
	for _, key := range []string{"reference_gpu", "precision"} {
		if child(w.at, key) != nil {
			w.errorf(key, "a workload of units_per_month is costed by its benchmark's results alone: leave %s out", key)
		}
	}
	if wl.Benchmark == "" {
		w.errorf("units_per_month", "units_per_month counts the units of a benchmark's work, and the workload names no benchmark: add benchmark (such as \"mlperf-training-llama2-70b-lora\", runs a month, or \"mlperf-inference-llama2-70b-99-offline\", tokens a month)")
		return
	}
	b := w.l.cat.Benchmark(wl.Benchmark)
	if b == nil {
		w.errorf("benchmark", "benchmark %q is not a benchmark of data/benchmarks", wl.Benchmark)
		return
	}
	if _, _, ok := b.WorkUnit(); !ok {
		w.errorf("benchmark", "benchmark %q counts in %q, which is neither a rate over time (tokens/s, samples/s, TFLOPS) nor a time to train (minutes): its results cannot count units of work", b.ID, b.Unit)
		return
	}
	for _, r := range b.Results {
		if r.GPUCount > 0 && r.Value > 0 && (r.Unit == "" || r.Unit == b.Unit) {
			return
		}
	}
	w.errorf("benchmark", "benchmark %q has no result with a GPU count in %q: no offer could be costed for its units", b.ID, b.Unit)
}

func (l *loader) validateBenchmarks() {
	files := map[string]string{}
	for _, b := range l.cat.Benchmarks {
		r := record{l: l, file: b.file, at: b.at, name: fmt.Sprintf("benchmark %q", b.ID)}
		if !r.ownFile(b.ID, "benchmark", files) {
			continue
		}
		r.required("name", b.Name, "the name people read, such as \"MLPerf Inference v4.0 llama2-70b, Offline\"")
		r.oneOf("suite", b.Suite, BenchmarkSuites, true)
		l.translations(r, b)
		r.oneOf("metric", b.Metric, BenchmarkMetrics, true)
		r.required("unit", b.Unit, "the unit of the results, such as tokens/s or minutes")
		r.source("source", b.Source, false)
		if len(b.Results) == 0 {
			r.errorf("results", "no results: a benchmark holds at least one")
		}
		for i, res := range b.Results {
			rr := record{l: l, file: b.file, at: res.at, name: fmt.Sprintf("benchmark %q result %d", b.ID, i+1)}
			rr.required("round", res.Round, "the round or date of the run, such as \"Inference v4.0\"")
			l.translations(rr, res)
			if rr.required("gpu", res.GPU, "an accelerator id from data/gpus/") && l.cat.GPU(res.GPU) == nil {
				rr.errorf("gpu", "gpu %q does not exist%s", res.GPU, suggest(res.GPU, gpuIDs(l.cat)))
			}
			if child(res.at, "gpu_count") != nil && res.GPUCount <= 0 {
				rr.errorf("gpu_count", "gpu_count must be > 0, got %d: leave it out when the source does not state it", res.GPUCount)
			}
			if child(res.at, "nodes") != nil {
				switch {
				case res.Nodes <= 0:
					rr.errorf("nodes", "nodes must be > 0, got %d: leave it out when the source does not state it", res.Nodes)
				case res.GPUCount <= 0:
					rr.errorf("nodes", "nodes needs gpu_count: the GPUs of all the nodes together")
				case res.GPUCount%res.Nodes != 0:
					rr.errorf("nodes", "gpu_count %d is not a whole number of GPUs on each of %d nodes: want the nodes the system had, each with the same GPUs", res.GPUCount, res.Nodes)
				}
			}
			if child(res.at, "value") == nil {
				rr.errorf("value", "value is missing: want the result in %s", cmp.Or(res.Unit, b.Unit))
			} else if res.Value <= 0 {
				rr.errorf("value", "value must be > 0, got %s", num(res.Value))
			}
			if (res.Provider == "") != (res.Instance == "") {
				given := "instance"
				if res.Provider != "" {
					given = "provider"
				}
				rr.errorf(given, "provider and instance go together: name both or neither")
			} else if res.Provider != "" {
				if p := l.cat.Provider(res.Provider); p == nil {
					rr.errorf("provider", "provider %q does not exist%s", res.Provider, suggest(res.Provider, providerIDs(l.cat)))
				} else if p.Instance(res.Instance) == nil {
					rr.errorf("instance", "instance %q is not an instance of provider %q%s", res.Instance, p.ID, suggest(res.Instance, p.instanceIDs()))
				}
			}
			rr.date("date", res.Date, false)
			rr.source("source", res.Source, true)
		}
	}
}

// validateMLPS checks a provider's MLPS (等保) record: a level it states
// (or none-stated), the day the provider's own pages were read, and where.
func validateMLPS(r record, m *MLPS) {
	switch {
	case child(r.at, "level") == nil || m.Level == "":
		r.errorf("level", "level is missing: want 1 to 5, the level the provider's pages state, or %s", MLPSNoneStated)
	case !slices.Contains(MLPSLevels, m.Level):
		r.errorf("level", "level %q is not an MLPS level: want 1 to 5, the level the provider's pages state, or %s", m.Level, MLPSNoneStated)
	case m.Filed && m.Level != MLPSNoneStated:
		r.errorf("filed", "filed goes with level %s: a stated level is a filing; leave filed out", MLPSNoneStated)
	}
	if m.Checked == "" {
		r.errorf("checked", "checked is missing: want the day the provider's own pages were read, YYYY-MM-DD")
	} else {
		r.day("checked", m.Checked)
	}
	r.source("source", m.Source, true)
}

func (l *loader) validateProvider(r record, p *Provider) {
	r.required("name", p.Name, "the name people read, such as \"Alibaba Cloud\"")
	r.oneOf("kind", p.Kind, ProviderKinds, true)
	r.currency("currency", p.Currency)
	r.source("homepage", p.Homepage, false)
	r.source("source", p.Source, false)
	r.source("isolation_source", p.IsolationSrc, false)
	r.aliases(p.Aliases)
	l.translations(r, p)

	// Sub-blocks cite their own source or fall back on the provider's.
	sub := func(key string) record {
		return record{l: l, file: p.file, at: child(p.at, key), name: r.name + " " + key}
	}
	cited := func(key, own string, hasFigure bool) {
		s := sub(key)
		if s.at == nil {
			return
		}
		s.source("source", own, hasFigure && p.Source == "")
	}
	b := sub("billing")
	b.oneOf("granularity", p.Billing.Granularity, Granularities, false)
	if p.Billing.MinimumSeconds != nil && *p.Billing.MinimumSeconds < 0 {
		b.errorf("minimum_seconds", "minimum_seconds must be >= 0, got %s", num(*p.Billing.MinimumSeconds))
	}
	cited("billing", p.Billing.Source, p.Billing.Granularity != "" || p.Billing.MinimumSeconds != nil)
	sub("spot").positive("notice_seconds", p.Spot.NoticeSeconds)
	cited("spot", p.Spot.Source, p.Spot.Available != nil || p.Spot.NoticeSeconds != nil)
	// The terms' notes take their text in other languages in their own
	// i18n, as a price's note does.
	for _, t := range []struct {
		key string
		rec any
	}{{"billing", &p.Billing}, {"spot", &p.Spot}, {"egress", &p.Egress}, {"storage", &p.Storage}, {"sla", &p.SLA}, {"certifications", &p.Certifications}, {"mlps", p.MLPS}, {"features", &p.Features}} {
		if t.rec == (*MLPS)(nil) {
			continue
		}
		if s := sub(t.key); s.at != nil {
			l.translations(s, t.rec)
		}
	}
	for _, rate := range []struct {
		key string
		r   Rate
	}{{"egress", p.Egress}, {"storage", p.Storage}} {
		s := sub(rate.key)
		if rate.r.Price != nil && *rate.r.Price < 0 {
			s.errorf("price", "price must be >= 0, got %s", num(*rate.r.Price))
		}
		if rate.r.Price != nil {
			s.currency("currency", rate.r.Currency)
		}
		cited(rate.key, rate.r.Source, rate.r.Price != nil)
	}
	sla := sub("sla")
	if v := p.SLA.Percent; v != nil && (*v <= 0 || *v > 100) {
		sla.errorf("percent", "percent must be in (0, 100], got %s", num(*v))
	}
	cited("sla", p.SLA.Source, p.SLA.Percent != nil)
	cited("certifications", p.Certifications.Source, len(p.Certifications.List) > 0)
	certs := sub("certifications")
	for i, c := range p.Certifications.List {
		if IsMLPSName(c) {
			l.errorf(pos(p.file, item(certs.at, "list", i)), "%s: list[%d] %q is an MLPS (等保) status: state it in the provider's mlps record instead (mlps: {level: 1 to 5 or %s, checked: YYYY-MM-DD, source: …})", certs.label(), i, c, MLPSNoneStated)
		}
	}
	if p.MLPS != nil {
		validateMLPS(sub("mlps"), p.MLPS)
	}
	cited("features", p.Features.Source, true)

	regions := map[string]bool{}
	for _, reg := range p.Regions {
		rr := record{l: l, file: p.file, at: reg.at, name: fmt.Sprintf("region %q of provider %q", reg.ID, p.ID)}
		rr.id("id", reg.ID)
		if reg.ID == AllRegions {
			rr.errorf("id", "%q is reserved: it means every region of the provider", AllRegions)
		}
		if regions[reg.ID] {
			rr.errorf("id", "duplicate region id")
		}
		rr.oneOf("geo", reg.Geo, Geos, false)
		rr.oneOf("access", reg.Access, Accesses, false)
		if reg.Access != "" && strings.TrimSpace(reg.AccessNote) == "" {
			rr.errorf("access", "access %q needs an access_note: a sentence saying who may buy in the region", reg.Access)
		}
		if reg.Access == "" && reg.AccessNote != "" {
			rr.errorf("access_note", "access_note without access: set access: %s, or drop the note", AccessRestricted)
		}
		rr.source("access_source", reg.AccessSource, reg.Access != "")
		l.translations(rr, reg)
		rr.aliases(reg.Aliases)
		regions[reg.ID] = true
	}

	seen := map[string]bool{}
	for _, in := range p.Instances {
		ir := record{l: l, file: p.file, at: in.at, name: fmt.Sprintf("instance %q", in.ID)}
		ir.id("id", in.ID)
		if seen[in.ID] {
			ir.errorf("id", "duplicate instance id in provider %q", p.ID)
		}
		seen[in.ID] = true
		ir.required("name", in.Name, "the provider's own name, such as \"p4d.24xlarge\"")
		if ir.required("gpu", in.GPU, "a GPU id from data/gpus/") && l.cat.GPU(in.GPU) == nil {
			ir.errorf("gpu", "gpu %q does not exist%s", in.GPU, suggest(in.GPU, gpuIDs(l.cat)))
		}
		if child(in.at, "gpu_count") == nil {
			ir.errorf("gpu_count", "gpu_count is missing: want the number of GPUs, such as 8")
		} else if in.GPUCount <= 0 {
			ir.errorf("gpu_count", "gpu_count must be > 0, got %d", in.GPUCount)
		}
		for key, v := range map[string]*float64{"gpu_memory_gb": in.GPUMemoryGB, "vcpus": in.VCPUs, "ram_gib": in.RAMGiB, "network_gbps": in.NetworkGbps} {
			ir.positive(key, v)
		}
		for i, reg := range in.Regions {
			if reg != AllRegions && !regions[reg] {
				l.errorf(pos(p.file, item(in.at, "regions", i)), "%s: region %q is not a region of provider %q%s", ir.name, reg, p.ID, suggest(reg, p.regionIDs()))
			}
		}
		ir.source("source", in.Source, true)
		l.translations(ir, in)
		if c := in.Claims; c != nil {
			cr := record{l: l, file: p.file, at: c.at, name: ir.name + " claims"}
			cr.positive("tflops", c.TFLOPS)
			if c.TFLOPS != nil {
				cr.oneOf("precision", c.Precision, precisionKeys(), true)
			}
			cr.source("source", c.Source, true)
		}
	}
}

// validatePrices checks the price files, each on the worker pool: a price
// point's checks read the catalog and report, nothing more.
func (l *loader) validatePrices() {
	l.eachPriceFile("values", (*loader).validatePriceFile)
}

func (l *loader) validatePriceFile(f priceFile) {
	fr := record{l: l, file: f.name, at: f.at, name: "prices"}
	prov := l.cat.Provider(f.Provider)
	if fr.required("provider", f.Provider, "the provider id these prices belong to") && prov == nil {
		fr.errorf("provider", "provider %q does not exist%s", f.Provider, suggest(f.Provider, providerIDs(l.cat)))
	}
	if want := strings.TrimSuffix(path.Base(f.name), ".yaml"); f.Provider != "" && f.Provider != want {
		fr.errorf("provider", "provider %q differs from the file name: name the file %s.yaml", f.Provider, f.Provider)
	}
	fr.day("checked", f.Checked)
	for _, pp := range f.Prices {
		l.validatePrice(prov, pp)
	}
}

func (l *loader) validatePrice(prov *Provider, pp *PricePoint) {
	r := record{l: l, file: pp.file, at: pp.at, price: pp}
	l.translations(r, pp)
	var in *Instance
	if r.required("instance", pp.Instance, "an instance id of the provider") && prov != nil {
		if in = prov.Instance(pp.Instance); in == nil {
			r.errorf("instance", "instance %q is not an instance of provider %q%s", pp.Instance, prov.ID, suggest(pp.Instance, prov.instanceIDs()))
		}
	}
	if r.required("region", pp.Region, "a region id of the provider, or all") && prov != nil && pp.Region != AllRegions {
		switch {
		case prov.Region(pp.Region) == nil:
			r.errorf("region", "region %q is not a region of provider %q%s", pp.Region, prov.ID, suggest(pp.Region, prov.regionIDs()))
		case in != nil && !slices.Contains(in.Regions, pp.Region) && !slices.Contains(in.Regions, AllRegions):
			r.errorf("region", "instance %q is not offered in region %q: add the region to its regions", in.ID, pp.Region)
		}
	}
	r.oneOf("model", pp.Model, PricingModels, true)
	r.oneOf("payment", pp.Payment(), Payments, false)
	r.positive("amount", pp.Amount)
	r.positive("effective_hourly", pp.EffectiveHourly())
	if pp.Upfront() != nil && *pp.Upfront() < 0 {
		r.errorf("upfront", "upfront must be >= 0, got %s", num(*pp.Upfront()))
	}
	if d := pp.DiscountPct(); d != nil && (*d <= 0 || *d >= 100) {
		r.errorf("discount_pct", "discount_pct must be between 0 and 100 (exclusive), got %s", num(*d))
	}
	if pp.Amount == nil && pp.EffectiveHourly() == nil && pp.DiscountPct() == nil {
		r.errorf("amount", "no price: want amount (or effective_hourly, or discount_pct against on-demand)")
	}
	if pp.RegionUnstated && pp.Region != AllRegions {
		r.errorf("region_unstated", "region_unstated is for a price whose source names no region: want region %q, got %q", AllRegions, pp.Region)
	}
	if r.required("currency", pp.Currency, "the currency the provider quoted, such as USD") {
		r.currency("currency", pp.Currency)
		siteOK := currencyPattern.MatchString(l.cat.Site.Currency)
		if siteOK && currencyPattern.MatchString(pp.Currency) && !convertible(l.cat, pp.Currency) {
			r.errorf("currency", "currency %q has no rate to the site currency %s in data/fx.yaml", pp.Currency, l.cat.Site.Currency)
		}
	}
	r.date("since", pp.Since, true)
	r.day("first_seen", pp.FirstSeen())
	r.day("last_seen", pp.LastSeen())
	r.source("source", pp.Source, true)
	r.oneOf("source_kind", pp.SourceKind, SourceKinds, true)
	sourceRules{l}.checkSourceKind(r, prov, pp)
}

// convertible reports whether an amount in cur can be shown in the site
// currency with a rate from fx.yaml.
func convertible(cat *Catalog, cur string) bool {
	if cur == cat.Site.Currency {
		return true
	}
	for _, fx := range cat.FX {
		if (fx.Base == cur && fx.Quote == cat.Site.Currency) || (fx.Quote == cur && fx.Base == cat.Site.Currency) {
			return true
		}
	}
	return false
}

func suggest(s string, known []string) string {
	if near := nearest(s, known); near != "" {
		return fmt.Sprintf(" (did you mean %q?)", near)
	}
	return ""
}

// gpuIDs and providerIDs list the ids cat defines, for messages.
func gpuIDs(cat *Catalog) []string {
	var out []string
	for _, g := range cat.GPUs {
		out = append(out, g.ID)
	}
	return out
}

func providerIDs(cat *Catalog) []string {
	var out []string
	for _, p := range cat.Providers {
		out = append(out, p.ID)
	}
	return out
}

func (p *Provider) regionIDs() []string {
	var out []string
	for _, r := range p.Regions {
		out = append(out, r.ID)
	}
	return out
}

func (p *Provider) instanceIDs() []string {
	var out []string
	for _, in := range p.Instances {
		out = append(out, in.ID)
	}
	return out
}
