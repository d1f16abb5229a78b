package guide

import (
	"os"
	"slices"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/catalog/catalogtest"
	"gpucompare/generator/pricing"
)

const small = `
-- data/site.yaml --
title: T
currency: USD
-- data/fx.yaml --
rates:
  - {base: USD, quote: CNY, rate: 7, date: 2026-07-01, source: s}
-- data/gpus/a100.yaml --
{id: a100, name: A100 SXM4 80GB, model: A100, vendor: NVIDIA, memory_gb: 80, dense: {fp16_bf16: 312}, interconnect: {name: NVLink 3.0, kind: nvlink, generation: 3}, source: s}
-- data/gpus/t4.yaml --
{id: t4, name: T4, model: T4, vendor: NVIDIA, memory_gb: 16, dense: {fp16_bf16: 65}, source: s}
-- data/providers/aws.yaml --
id: aws
name: AWS
kind: public_cloud
currency: USD
certifications: {list: [ISO 27001], source: s}
regions: [{id: us-east-1}]
instances:
  - {id: p4de, name: p4de.24xlarge, gpu: a100, gpu_count: 8, regions: [us-east-1], source: s}
  - {id: g4dn, name: g4dn.xlarge, gpu: t4, gpu_count: 1, regions: [us-east-1], source: s}
-- data/providers/ali.yaml --
id: ali
name: Alibaba Cloud
kind: public_cloud
currency: CNY
certifications: {list: [MLPS level 3], source: s}
regions: [{id: cn-beijing}]
instances:
  - {id: gn7e, name: ecs.gn7e, gpu: a100, gpu_count: 1, regions: [cn-beijing], source: s}
-- data/prices/aws.yaml --
provider: aws
prices:
  - {instance: p4de, region: us-east-1, model: on_demand, amount: 27.44, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: g4dn, region: us-east-1, model: on_demand, amount: 0.526, currency: USD, since: 2025, source: s, source_kind: provider}
-- data/prices/ali.yaml --
provider: ali
prices:
  - {instance: gn7e, region: cn-beijing, model: on_demand, amount: 34.826, currency: CNY, since: 2025, source: s, source_kind: provider}
`

func load(t *testing.T, archive string) *catalog.Catalog {
	t.Helper()
	cat, _ := catalogtest.Load(t, archive)
	return cat
}

func f(v float64) *float64 { return &v }

func names(l *ShortList) string {
	var out []string
	for _, p := range l.Picks {
		out = append(out, p.Offer.Instance.ID)
	}
	return strings.Join(out, " ")
}

func TestShortListFollowsThePrices(t *testing.T) {
	// The seeds' large-model branch: dense FP16 ≥ 312 TFLOPS, NVLink ≥ 3, 80 GB cards.
	q := &catalog.Query{MinGPUMemoryGB: f(80), Where: []catalog.Bound{
		{Field: "gpu.dense.fp16_bf16", Min: f(312)}, {Field: "gpu.interconnect.generation", Min: f(3)},
	}}
	cat := load(t, small)
	l := Evaluate(cat, pricing.Offers(cat, "USD"), q)
	// p4de: 27.44 / 8 = 3.43 per GPU-hour; gn7e: 34.826 CNY / 7 = 4.975.
	if names(l) != "p4de gn7e" || l.Matched != 2 {
		t.Fatalf("short list %q (%d matched), want p4de gn7e", names(l), l.Matched)
	}
	if l.Picks[0].Key != 3.43 {
		t.Errorf("p4de per GPU-hour %v, want 3.43", l.Picks[0].Key)
	}
	// A yuan price cut moves gn7e ahead: 20 CNY / 7 = 2.857 per GPU-hour.
	cheaper := load(t, strings.Replace(small, "amount: 34.826, currency: CNY", "amount: 20, currency: CNY", 1))
	if l := Evaluate(cheaper, pricing.Offers(cheaper, "USD"), q); names(l) != "gn7e p4de" {
		t.Errorf("after the cut: %q, want gn7e p4de", names(l))
	}
}

func TestConditions(t *testing.T) {
	cat := load(t, small)
	offers := pricing.Offers(cat, "USD")
	for _, tt := range []struct {
		name string
		q    catalog.Query
		want string
	}{
		{"compliance", catalog.Query{Certifications: []string{"mlps level 3"}}, "gn7e"},
		{"model family", catalog.Query{GPUModels: []string{"T4"}}, "g4dn"},
		{"one card", catalog.Query{MaxGPUCount: 1}, "g4dn gn7e"},
		{"NVLink", catalog.Query{Interconnect: "nvlink", MinGPUCount: 8}, "p4de"},
		// T4's interconnect generation is unknown: unknown is not a match.
		{"unknown is no match", catalog.Query{Where: []catalog.Bound{{Field: "gpu.interconnect.generation", Max: f(10)}}}, "p4de gn7e"},
		// g4dn: 0.526 / 65 = 0.0081; p4de: 27.44 / 2,496 = 0.0110.
		{"by FP16 TFLOPS-hour", catalog.Query{Sort: "per_fp16_tflops_hour", Limit: 2}, "g4dn p4de"},
		{"RDMA unknown everywhere", catalog.Query{RDMA: func() *bool { b := true; return &b }()}, ""},
		{"no spot prices", catalog.Query{PricingModel: "spot"}, ""},
	} {
		if got := names(Evaluate(cat, offers, &tt.q)); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestPartialPricesAreNotRanked: a GPU component price without its VM is
// not a price of a machine, and stays off short lists.
func TestPartialPricesAreNotRanked(t *testing.T) {
	partial := strings.Replace(small, "{id: g4dn, name: g4dn.xlarge, gpu: t4, gpu_count: 1, regions: [us-east-1], source: s}",
		`{id: g4dn, name: g4dn.xlarge, gpu: t4, gpu_count: 1, regions: [us-east-1], source: s, price_incomplete: "GPU component only"}`, 1)
	cat := load(t, partial)
	if got := names(Evaluate(cat, pricing.Offers(cat, "USD"), &catalog.Query{GPUModels: []string{"T4"}})); got != "" {
		t.Errorf("a partial price is ranked: %q", got)
	}
}

// TestArticlesAndEstimatesAreNotRanked: a price from an article, however
// low, and one worked out from a discount stay off short lists; the
// provider's price of the same model stays on them.
func TestArticlesAndEstimatesAreNotRanked(t *testing.T) {
	cat := load(t, strings.Replace(small, "  - {instance: g4dn, region: us-east-1, model: on_demand, amount: 0.526, currency: USD, since: 2025, source: s, source_kind: provider}\n",
		`  - {instance: g4dn, region: us-east-1, model: on_demand, amount: 0.526, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: g4dn, region: us-east-1, model: spot, amount: 0.05, currency: USD, since: 2025, source: a blog, source_kind: article}
  - {instance: p4de, region: us-east-1, model: reserved_3y, discount_pct: 60, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: g4dn, region: us-east-1, model: reserved_3y, amount: 0.3, currency: USD, since: 2025, source: s, source_kind: provider}
`, 1))
	offers := pricing.Offers(cat, "USD")
	if got := names(Evaluate(cat, offers, &catalog.Query{PricingModel: "spot"})); got != "" {
		t.Errorf("an article's spot price is ranked: %q", got)
	}
	// p4de's 3-year price, 60% off its on-demand price, is an estimate: it
	// is not on the list at all.
	if got := names(Evaluate(cat, offers, &catalog.Query{PricingModel: "reserved_3y"})); got != "g4dn" {
		t.Errorf("reserved 3 years: %q, want g4dn alone", got)
	}
	if got := names(Evaluate(cat, offers, &catalog.Query{})); got != "g4dn p4de gn7e" {
		t.Errorf("on-demand: %q, want g4dn p4de gn7e", got)
	}
}

// residency is small with the parts of the world of its regions, and a
// Tencent Cloud with its regions in mainland China that lists no
// certification and prices a T4 in yuan for every region.
var residency = strings.NewReplacer(
	"regions: [{id: us-east-1}]", "regions: [{id: us-east-1, geo: north-america}]",
	"regions: [{id: cn-beijing}]", "regions: [{id: cn-beijing, geo: china-mainland}]",
).Replace(small) + `-- data/providers/tencent.yaml --
id: tencent
name: Tencent Cloud
kind: public_cloud
currency: CNY
regions: [{id: ap-beijing, geo: china-mainland}, {id: ap-guangzhou, geo: china-mainland}]
instances:
  - {id: gn7, name: GN7.2XLARGE32, gpu: t4, gpu_count: 1, regions: [all], source: s}
-- data/prices/tencent.yaml --
provider: tencent
prices:
  - {instance: gn7, region: all, model: on_demand, amount: 7, currency: CNY, since: 2025, source: s, source_kind: provider}
`

func kinds(n *Near) string {
	var out []string
	for _, m := range n.Misses {
		out = append(out, m.Kind)
	}
	return strings.Join(out, " ")
}

func TestOutcomeMatchingNothingListsTheNearestOffers(t *testing.T) {
	cat := load(t, residency)
	// MLPS level 3 in mainland China, 100 GB per GPU. By hand:
	//   gn7e (Alibaba, cn-beijing, 80 GB, 4.975 USD/GPU-h) misses memory: 1;
	//   gn7 (Tencent, all regions incl. ap-beijing, 16 GB, 1.0) misses
	//   the certification and memory: 2;
	//   g4dn (AWS, us-east-1, 16 GB, 0.526) and p4de (AWS, 80 GB, 3.43)
	//   miss geo, certification and memory: 3, g4dn the cheaper, and one
	//   offer per provider leaves p4de out.
	q := &catalog.Query{Certifications: []string{"MLPS level 3"}, Geos: []string{"china-mainland"}, MinGPUMemoryGB: f(100)}
	l := Evaluate(cat, pricing.Offers(cat, "USD"), q)
	if l.Matched != 0 || len(l.Picks) != 0 {
		t.Fatalf("matched %d, want 0", l.Matched)
	}
	var got []string
	for _, n := range l.Near {
		got = append(got, n.Offer.Instance.ID+": "+kinds(n))
	}
	want := []string{"gn7e: min_gpu_memory_gb", "gn7: min_gpu_memory_gb certifications", "g4dn: min_gpu_memory_gb geo certifications"}
	if !slices.Equal(got, want) {
		t.Fatalf("nearest %q, want %q", got, want)
	}
	if m := l.Near[0].Misses[0]; m.Have == nil || *m.Have != 80 {
		t.Errorf("gn7e's memory per GPU %v, want 80", m.Have)
	}
	if m := l.Near[1].Misses[1]; m.Want != "MLPS level 3" {
		t.Errorf("gn7's missed certification %q, want MLPS level 3", m.Want)
	}
	// A query that matches leaves Near empty.
	if l := Evaluate(cat, pricing.Offers(cat, "USD"), &catalog.Query{Certifications: []string{"MLPS level 3"}}); names(l) != "gn7e" || l.Near != nil {
		t.Errorf("matching query: %q with %d nearest, want gn7e and none", names(l), len(l.Near))
	}
}

func TestNearestOfferWithoutThePricingModel(t *testing.T) {
	cat := load(t, residency)
	// No offer has a lease price: each is shown at its on-demand price,
	// missing the model; the cheapest per GPU-hour of each provider.
	l := Evaluate(cat, pricing.Offers(cat, "USD"), &catalog.Query{PricingModel: "lease"})
	var got []string
	for _, n := range l.Near {
		got = append(got, n.Offer.Instance.ID+"@"+n.Price.Model+": "+kinds(n))
	}
	want := []string{"g4dn@on_demand: pricing_model", "gn7@on_demand: pricing_model", "gn7e@on_demand: pricing_model"}
	if !slices.Equal(got, want) {
		t.Errorf("nearest %q, want %q", got, want)
	}
}

func TestDataInMainlandChina(t *testing.T) {
	cat := load(t, residency)
	// gn7e is in cn-beijing; gn7 is priced for every region of Tencent,
	// all of which are in mainland China; AWS's us-east-1 is in North
	// America. gn7: 7 CNY / 7 = 1.0 per GPU-hour; gn7e: 4.975.
	l := Evaluate(cat, pricing.Offers(cat, "USD"), &catalog.Query{Geos: []string{"china-mainland"}})
	if names(l) != "gn7 gn7e" {
		t.Errorf("mainland China: %q, want gn7 gn7e", names(l))
	}
	// An instance type offered in all regions only where none is in the
	// part of the world asked for is not in it.
	if l := Evaluate(cat, pricing.Offers(cat, "USD"), &catalog.Query{Geos: []string{"europe"}}); names(l) != "" {
		t.Errorf("Europe: %q, want none", names(l))
	}
}

// TestMainlandChinaIsTheMainlandViewsRule: a query's mainland China is the
// rule of the site's mainland answers (pricing.Offer.MainlandQuoted), not
// the region's alone. Tencent's GN7.5XLARGE80 in Guangzhou at 2.01 USD,
// its international site's list price, is in a mainland region but no
// mainland offer: the China site does not charge it. With a region in
// Singapore too, Tencent's yuan price for every region is no mainland
// offer either, as the home page's mainland view has it; both stay out,
// and say what they miss: the place, not a certification.
func TestMainlandChinaIsTheMainlandViewsRule(t *testing.T) {
	archive := residency + `  - {instance: gn7x, region: ap-guangzhou, model: on_demand, amount: 2.01, currency: USD, since: 2025, source: s, source_kind: provider}
`
	archive = strings.Replace(archive, "  - {id: gn7, name: GN7.2XLARGE32, gpu: t4, gpu_count: 1, regions: [all], source: s}\n",
		"  - {id: gn7, name: GN7.2XLARGE32, gpu: t4, gpu_count: 1, regions: [all], source: s}\n  - {id: gn7x, name: GN7.5XLARGE80, gpu: t4, gpu_count: 1, regions: [ap-guangzhou], source: s}\n", 1)
	cat := load(t, archive)
	offers := pricing.Offers(cat, "USD")
	mainland := &catalog.Query{Geos: []string{"china-mainland"}}
	if got := names(Evaluate(cat, offers, mainland)); got != "gn7 gn7e" {
		t.Errorf("mainland China: %q, want gn7 gn7e (not gn7x, priced in dollars)", got)
	}
	// The region alone would have it: cheaper per GPU-hour than gn7e.
	if got := names(Evaluate(cat, offers, &catalog.Query{Regions: []string{"ap-guangzhou"}})); got != "gn7 gn7x" {
		t.Errorf("Guangzhou: %q, want gn7 gn7x", got)
	}
	for _, o := range offers {
		if o.Instance.ID == "gn7x" {
			if got := Misses(cat, o, "on_demand", mainland); len(got) != 1 || got[0].Kind != "geo" {
				t.Errorf("gn7x misses %+v, want geo", got)
			}
		}
	}

	cat = load(t, strings.Replace(archive, "{id: ap-guangzhou, geo: china-mainland}]", "{id: ap-guangzhou, geo: china-mainland}, {id: ap-singapore, geo: asia-pacific}]", 1))
	if got := names(Evaluate(cat, pricing.Offers(cat, "USD"), mainland)); got != "gn7e" {
		t.Errorf("with a region abroad: %q, want gn7e (not gn7, priced for every region)", got)
	}
	// Its regions elsewhere answer as before: asia-pacific has it.
	if got := names(Evaluate(cat, pricing.Offers(cat, "USD"), &catalog.Query{Geos: []string{"asia-pacific"}})); got != "gn7" {
		t.Errorf("Asia-Pacific: %q, want gn7", got)
	}
}

func TestBudgetBounds(t *testing.T) {
	cat := load(t, residency)
	offers := pricing.Offers(cat, "USD")
	for _, tt := range []struct {
		name string
		b    catalog.Bound
		want string
	}{
		// Per GPU-hour: g4dn 0.526, gn7 7 CNY = 1.0, p4de 27.44 / 8 = 3.43,
		// gn7e 34.826 CNY / 7 = 4.975.
		{"per GPU-hour in dollars", catalog.Bound{Field: "price.per_gpu_hour", Max: f(3.43), Currency: "USD"}, "g4dn gn7 p4de"},
		// In yuan: 0.526 × 7 = 3.682 CNY, gn7 7 CNY; 5 CNY keeps g4dn alone.
		{"per GPU-hour in yuan", catalog.Bound{Field: "price.per_gpu_hour", Max: f(5), Currency: "CNY"}, "g4dn"},
		// A month of 730 hours: g4dn 383.98 USD, gn7 730 USD, p4de 20,031.2.
		{"per month", catalog.Bound{Field: "price.per_month", Max: f(730), Currency: "USD"}, "g4dn gn7"},
		{"per month, from", catalog.Bound{Field: "price.per_month", Min: f(384), Currency: "USD"}, "gn7 p4de gn7e"},
		// The whole instance per hour: p4de 27.44 > 20, gn7e 4.975.
		{"hourly", catalog.Bound{Field: "price.hourly", Min: f(2), Max: f(20), Currency: "USD"}, "gn7e"},
	} {
		if got := names(Evaluate(cat, offers, &catalog.Query{Where: []catalog.Bound{tt.b}})); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestMissKindsAreListed checks that every condition an offer misses has a
// kind of MissKinds, the list the site checks its wording against.
func TestMissKindsAreListed(t *testing.T) {
	cat := load(t, residency)
	yes, no := true, false
	seen := map[string]bool{}
	for _, q := range []*catalog.Query{
		{GPUModels: []string{"none"}, GPUs: []string{"none"}, MinGPUMemoryGB: f(1000), MinGPUCount: 100,
			Interconnect: "infinity_fabric", RDMA: &yes, Providers: []string{"none"}, ProviderKinds: []string{"none"},
			Regions: []string{"none"}, Geos: []string{"none"}, Certifications: []string{"none"}, Features: []string{"none"},
			PricingModel: "lease", Where: []catalog.Bound{{Field: "price.per_gpu_hour", Max: f(0), Currency: "USD"}}},
		{MaxGPUCount: 1, MinGPUCount: 1, RDMA: &no},
	} {
		for _, o := range pricing.Offers(cat, "USD") {
			for _, m := range Misses(cat, o, "on_demand", q) {
				seen[m.Kind] = true
			}
		}
		for _, n := range Evaluate(cat, pricing.Offers(cat, "USD"), q).Near {
			for _, m := range n.Misses {
				seen[m.Kind] = true
			}
		}
	}
	for k := range seen {
		if !slices.Contains(MissKinds, k) {
			t.Errorf("miss kind %q is not in MissKinds", k)
		}
	}
	for _, k := range MissKinds {
		if !seen[k] {
			t.Errorf("no offer misses %q", k)
		}
	}
}

// TestFeatureMatchesEveryOfferThatStatesIt: the physical-isolation outcome
// asked for a lease as well, so no cloud that states physical isolation
// could meet it. A feature is the offer's: its instance type's own
// statement (a bare-metal type), else its provider's, under any pricing
// model; a type that states it has none is left out even where its
// provider offers it, and unknown is never a match.
func TestFeatureMatchesEveryOfferThatStatesIt(t *testing.T) {
	archive := strings.Replace(small, "certifications: {list: [ISO 27001], source: s}\n",
		"certifications: {list: [ISO 27001], source: s}\nfeatures: {physical_isolation: true, source: s}\n", 1)
	archive = strings.Replace(archive, "- {id: g4dn, name: g4dn.xlarge, gpu: t4, gpu_count: 1, regions: [us-east-1], source: s}",
		"- {id: g4dn, name: g4dn.xlarge, gpu: t4, gpu_count: 1, regions: [us-east-1], physical_isolation: false, source: s}", 1)
	// Alibaba Cloud states nothing of isolation, but its bare-metal type does.
	archive = strings.Replace(archive, "- {id: gn7e, name: ecs.gn7e, gpu: a100, gpu_count: 1, regions: [cn-beijing], source: s}",
		"- {id: gn7e, name: ecs.gn7e, gpu: a100, gpu_count: 1, regions: [cn-beijing], physical_isolation: true, source: s}", 1)
	cat := load(t, archive)
	l := Evaluate(cat, pricing.Offers(cat, "USD"), &catalog.Query{Features: []string{"physical_isolation"}})
	// p4de: AWS states it (27.44 / 8 = 3.43 a GPU-hour); gn7e: its type
	// states it (34.826 CNY / 7 = 4.975); g4dn: its type states it has none.
	if names(l) != "p4de gn7e" || l.Matched != 2 {
		t.Errorf("physical isolation: %q (%d matched), want p4de gn7e", names(l), l.Matched)
	}
	// A feature nobody states matches nothing: the nearest offers miss it.
	l = Evaluate(cat, pricing.Offers(cat, "USD"), &catalog.Query{Features: []string{"hardware_encryption"}})
	if l.Matched != 0 || len(l.Near) == 0 || l.Near[0].Misses[0] != (Miss{Kind: "features", Want: "hardware_encryption"}) {
		t.Errorf("hardware encryption: %d matched, near %+v", l.Matched, l.Near)
	}
}

// TestNothingCurrentFallsBackToStalePrices: the Alibaba A100's price is
// dated 2023, stale on the catalog's newest day (the rate's, 2026-07-01),
// while AWS's A100 price, of 2026-06-01, is current. A query for Alibaba's offers finds no current
// price: rather than "nothing matches", its short list is the stale price,
// marked Stale; a query a current price meets is not marked.
func TestNothingCurrentFallsBackToStalePrices(t *testing.T) {
	archive := strings.Replace(small, "amount: 34.826, currency: CNY, since: 2025,", "amount: 34.826, currency: CNY, since: 2023-01-01,", 1)
	archive = strings.Replace(archive, "amount: 27.44, currency: USD, since: 2025,", "amount: 27.44, currency: USD, since: 2026-06-01,", 1)
	cat := load(t, archive)
	offers := pricing.Offers(cat, "USD")
	l := Evaluate(cat, offers, &catalog.Query{Providers: []string{"ali"}})
	if names(l) != "gn7e" || !l.Stale || l.Matched != 1 || len(l.Near) != 0 {
		t.Errorf("picks %q, stale %v, matched %d, near %d; want gn7e from its stale price", names(l), l.Stale, l.Matched, len(l.Near))
	}
	if l := Evaluate(cat, offers, &catalog.Query{Providers: []string{"aws"}, GPUModels: []string{"A100"}}); names(l) != "p4de" || l.Stale {
		t.Errorf("picks %q, stale %v; want p4de, current", names(l), l.Stale)
	}
}

// TestRestrictedRegionsNeverInAShortList holds the shipped guides to the
// rule of every answer: an offer in a region its provider opens only to
// customers it vets (AWS GovCloud) is in no short list, with any switch,
// though its price is often the cheapest that meets the conditions.
func TestRestrictedRegionsNeverInAShortList(t *testing.T) {
	cat, report := catalog.Load(os.DirFS("../.."))
	if errs := report.Errors(); len(errs) > 0 {
		t.Fatalf("the shipped catalog does not load:\n%s", errs)
	}
	offers := pricing.Offers(cat, cat.Site.Currency)
	restricted := 0
	for _, o := range offers {
		if r := o.Provider.Region(o.Region); r != nil && r.Access == catalog.AccessRestricted {
			restricted++
		}
	}
	if restricted == 0 {
		t.Fatal("the shipped catalog has no offer in a restricted region: the test tests nothing")
	}
	lists := 0
	for _, g := range cat.Guides {
		for _, out := range g.Outcomes {
			if out.Query == nil {
				continue
			}
			for _, inc := range append(pricing.Switches[:], pricing.Include{Stale: true, Marketplaces: true, Estimates: true}) {
				l := EvaluateWith(cat, offers, out.Query, inc)
				lists++
				for _, p := range l.Picks {
					if r := p.Offer.Provider.Region(p.Offer.Region); r != nil && r.Access == catalog.AccessRestricted {
						t.Errorf("guide %q outcome %q (switches %+v): %s in %s is picked", g.ID, out.ID, inc, p.Offer.Instance.ID, p.Offer.Region)
					}
				}
			}
		}
	}
	if lists == 0 {
		t.Fatal("no short list evaluated")
	}
}

// TestShippedMainlandOutcomesListMainlandOffers holds the shipped guides'
// outcomes limited to mainland China (the 等保三级 one, data residency) to
// the rule of the site's mainland answers, with any switch and no limit
// on length: every offer they list is in a mainland region and priced in
// yuan (pricing.Offer.MainlandQuoted). Tencent Cloud's GN7.2XLARGE32 in
// Guangzhou, priced in dollars by its international site, met the
// 等保三级 outcome's conditions by its region alone; it must not be listed,
// though the same query by region lists it.
func TestShippedMainlandOutcomesListMainlandOffers(t *testing.T) {
	cat, report := catalog.Load(os.DirFS("../.."))
	if errs := report.Errors(); len(errs) > 0 {
		t.Fatalf("the shipped catalog does not load:\n%s", errs)
	}
	offers := pricing.Offers(cat, cat.Site.Currency)
	listed := func(l *ShortList, provider, instance, region string) bool {
		return slices.ContainsFunc(l.Picks, func(p *Pick) bool {
			return p.Offer.Provider.ID == provider && p.Offer.Instance.ID == instance && p.Offer.Region == region
		})
	}
	outcomes := 0
	for _, g := range cat.Guides {
		for _, out := range g.Outcomes {
			if out.Query == nil || !slices.Contains(out.Query.Geos, pricing.MainlandGeo) {
				continue
			}
			outcomes++
			q := *out.Query
			q.Limit = len(offers)
			for _, inc := range append(pricing.Switches[:], pricing.Include{Stale: true, Marketplaces: true, Estimates: true}) {
				l := EvaluateWith(cat, offers, &q, inc)
				if len(l.Picks) == 0 {
					t.Errorf("guide %q outcome %q (switches %+v) lists nothing", g.ID, out.ID, inc)
				}
				for _, p := range l.Picks {
					if !p.Offer.MainlandQuoted() {
						t.Errorf("guide %q outcome %q (switches %+v): %s/%s in %s is listed, not a mainland offer in yuan", g.ID, out.ID, inc, p.Offer.Provider.ID, p.Offer.Instance.ID, p.Offer.Region)
					}
				}
			}
			if out.ID != "mlps-level-3" {
				continue
			}
			all := pricing.Include{Stale: true, Marketplaces: true, Estimates: true}
			if l := EvaluateWith(cat, offers, &q, all); listed(l, "tencent-cloud", "gn7.2xlarge32", "ap-guangzhou") {
				t.Errorf("the 等保三级 outcome lists Tencent Cloud's GN7.2XLARGE32 in Guangzhou, priced in dollars")
			}
			byRegion := q
			byRegion.Geos, byRegion.Regions = nil, []string{"ap-guangzhou"}
			if l := EvaluateWith(cat, offers, &byRegion, all); !listed(l, "tencent-cloud", "gn7.2xlarge32", "ap-guangzhou") {
				t.Errorf("the 等保三级 query by region does not list GN7.2XLARGE32 in Guangzhou: the test no longer tests the dollar price")
			}
		}
	}
	if outcomes < 2 {
		t.Fatalf("%d shipped outcomes limited to mainland China, want the 等保三级 and the residency ones", outcomes)
	}
}
