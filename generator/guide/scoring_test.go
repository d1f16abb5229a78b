package guide

import (
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// scoringCatalog: AWS has an SLA and per-second billing; Alibaba has
// per-hour billing and no stated SLA.
var scoringCatalog = strings.Replace(strings.Replace(small,
	"certifications: {list: [ISO 27001], source: s}", "certifications: {list: [ISO 27001], source: s}\nbilling: {granularity: second, source: s}\nsla: {percent: 99.5, source: s}", 1),
	"certifications: {list: [MLPS level 3], source: s}", "certifications: {list: [MLPS level 3], source: s}\nbilling: {granularity: hour, source: s}", 1)

func TestScoringNormalisesAndLeavesUnknownsOut(t *testing.T) {
	cat := load(t, scoringCatalog)
	offers := pricing.Offers(cat, "USD")
	criteria := []*catalog.Criterion{
		{ID: "price", Measure: "price_per_gpu_hour", Better: "lower", Weight: 2},
		{ID: "billing", Measure: "billing_granularity", Better: "higher", Weight: 1},
		{ID: "sla", Measure: "sla_percent", Better: "higher", Weight: 1},
	}
	got := Score(cat, offers, criteria, "a100-80gb")
	byID := map[string]*Scored{}
	for _, s := range got {
		byID[s.Provider.ID] = s
	}
	aws, ali := byID["aws"], byID["ali"]
	// Cheapest A100 80GB on-demand per GPU-hour: AWS p4de 27.44/8 = 3.43,
	// Alibaba 34.826/7 = 4.975 (g4dn's T4 is another class).
	// Lower is better: AWS 100, Alibaba 0. Billing: second 3 vs hour 1: 100 vs 0.
	// SLA: only AWS states one: 100 (all known values equal), Alibaba unknown.
	if aws.Scores["price"] != 100 || ali.Scores["price"] != 0 || aws.Scores["billing"] != 100 || ali.Scores["billing"] != 0 || aws.Scores["sla"] != 100 {
		t.Errorf("scores: aws %v, ali %v", aws.Scores, ali.Scores)
	}
	if _, ok := ali.Scores["sla"]; ok {
		t.Error("an unknown SLA was scored")
	}
	// AWS: (100×2 + 100 + 100)/4 = 100 over all the weight.
	// Alibaba: (0×2 + 0)/3 = 0 over 3 of 4 weight: the SLA's weight is left out, not scored 0.
	if aws.Score != 100 || aws.Weight != 1 || ali.Score != 0 || math.Abs(ali.Weight-0.75) > 1e-9 {
		t.Errorf("aws %v (%v), ali %v (%v)", aws.Score, aws.Weight, ali.Score, ali.Weight)
	}
	if got[0].Provider.ID != "aws" {
		t.Error("not ranked best first")
	}
}

func TestEveryMeasureIsComputable(t *testing.T) {
	cat := load(t, scoringCatalog)
	offers := pricing.Offers(cat, "USD")
	for _, m := range catalog.Measures {
		// Must not panic; unknown is fine.
		Measure(cat, offers, cat.Providers[0], m)
	}
}

func TestOfferScoresTakeTheirOwnFiguresAndTheirProvidersTerms(t *testing.T) {
	cat := load(t, scoringCatalog)
	offers := pricing.Offers(cat, "USD")
	criteria := []*catalog.Criterion{
		{ID: "price", Measure: "price_per_gpu_hour", Better: "lower", Weight: 2},
		{ID: "memory", Measure: "max_gpu_memory_gb", Better: "higher", Weight: 1},
		{ID: "billing", Measure: "billing_granularity", Better: "higher", Weight: 1},
		{ID: "sla", Measure: "sla_percent", Better: "higher", Weight: 1},
	}
	got := ScoreOffers(cat, offers, criteria, Score(cat, offers, criteria, "a100-80gb"))
	byID := map[string]*ScoredOffer{}
	var order []string
	for _, s := range got {
		byID[s.Offer.Instance.ID] = s
		order = append(order, s.Offer.Instance.ID)
	}
	g4dn, p4de, gn7e := byID["g4dn"], byID["p4de"], byID["gn7e"]
	// Per GPU-hour: g4dn 0.526, p4de 27.44/8 = 3.43, gn7e 34.826/7 = 4.9751….
	// p4de: 100 − (3.43 − 0.526)/(4.9751… − 0.526)×100 = 34.729…
	wantP4de := 100 - (3.43-0.526)/(34.826/7-0.526)*100
	if g4dn.Scores["price"] != 100 || gn7e.Scores["price"] != 0 || math.Abs(p4de.Scores["price"]-wantP4de) > 1e-9 {
		t.Errorf("price scores: g4dn %v, p4de %v (want %v), gn7e %v", g4dn.Scores["price"], p4de.Scores["price"], wantP4de, gn7e.Scores["price"])
	}
	// Memory is the offer's own GPU: g4dn's T4 (16 GB) scores 0, though
	// its provider also sells 80 GB cards.
	if g4dn.Values["memory"] != 16 || g4dn.Scores["memory"] != 0 || p4de.Scores["memory"] != 100 {
		t.Errorf("memory: g4dn %v/%v, p4de %v", g4dn.Values["memory"], g4dn.Scores["memory"], p4de.Scores["memory"])
	}
	// Billing and SLA are the provider's: AWS per second and 99.5 %,
	// Alibaba per hour and no SLA (unknown, left out).
	if g4dn.Scores["billing"] != 100 || gn7e.Scores["billing"] != 0 || p4de.Scores["sla"] != 100 {
		t.Errorf("provider terms: g4dn %v, gn7e %v, p4de %v", g4dn.Scores, gn7e.Scores, p4de.Scores)
	}
	if _, ok := gn7e.Scores["sla"]; ok {
		t.Error("an unknown SLA was scored")
	}
	// g4dn (100×2 + 0 + 100 + 100)/5 = 80; p4de (34.73×2 + 100×3)/5;
	// gn7e (0×2 + 100 + 0)/4 = 25 over 4 of 5 weight.
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	if !near(g4dn.Score, 80) || !near(p4de.Score, (wantP4de*2+300)/5) || !near(gn7e.Score, 25) || !near(gn7e.Weight, 0.8) {
		t.Errorf("scores: g4dn %v, p4de %v, gn7e %v (%v)", g4dn.Score, p4de.Score, gn7e.Score, gn7e.Weight)
	}
	if strings.Join(order, " ") != "g4dn p4de gn7e" {
		t.Errorf("order %v", order)
	}
}

// evalCatalog has three GPU classes and four providers: "big" sells
// every class and states RDMA on its H100 instance type only; "cn"
// quotes A100s in yuan and says it has no RDMA; "cheap" sells T4s only;
// "dark" lists an A100 bare-metal lease with no public price.
const evalCatalog = `
-- data/site.yaml --
title: T
currency: USD
-- data/fx.yaml --
rates:
  - {base: USD, quote: CNY, rate: 8, date: 2024-01-02, source: s}
  - {base: USD, quote: CNY, rate: 7, date: 2026-07-01, source: s}
-- data/gpus/a100.yaml --
{id: a100, name: A100 SXM4 80GB, model: A100, vendor: NVIDIA, memory_gb: 80, dense: {fp16_bf16: 312}, source: s}
-- data/gpus/h100.yaml --
{id: h100, name: H100 SXM5 80GB, model: H100, vendor: NVIDIA, memory_gb: 80, dense: {fp16_bf16: 989}, source: s}
-- data/gpus/t4.yaml --
{id: t4, name: T4, model: T4, vendor: NVIDIA, memory_gb: 16, dense: {fp16_bf16: 65}, source: s}
-- data/providers/big.yaml --
id: big
name: Big
kind: public_cloud
currency: USD
sla: {percent: 99.99, source: s}
certifications: {list: [A, B, C, D, E, F, G, H, I, J, K, L, M, N], source: s}
regions: [{id: r}]
instances:
  - {id: h8, name: h8, gpu: h100, gpu_count: 8, rdma: true, gpudirect: true, regions: [r], source: s}
  - {id: a1, name: a1, gpu: a100, gpu_count: 1, regions: [r], source: s}
  - {id: t1, name: t1, gpu: t4, gpu_count: 1, regions: [r], source: s}
-- data/providers/cn.yaml --
id: cn
name: CN
kind: public_cloud
currency: CNY
certifications: {list: [A, B, C, D, E, F, G, H, I, J, K, L], source: s}
features: {rdma: false, source: s}
regions: [{id: c}]
instances:
  - {id: a8, name: a8, gpu: a100, gpu_count: 8, regions: [c], source: s}
-- data/providers/cheap.yaml --
id: cheap
name: Cheap
kind: gpu_cloud
currency: USD
sla: {percent: 99.9, source: s}
regions: [{id: r}]
instances:
  - {id: t1, name: t1, gpu: t4, gpu_count: 1, regions: [r], source: s}
-- data/providers/dark.yaml --
id: dark
name: Dark
kind: on_prem_lease
currency: USD
certifications: {list: [A, B, C, D, E, F, G, H, I, J, K, L], source: s}
regions: [{id: r}]
instances:
  - {id: lease, name: lease, gpu: a100, gpu_count: 8, physical_isolation: true, regions: [r], price_not_public: on request, source: s}
-- data/prices/big.yaml --
provider: big
prices:
  - {instance: h8, region: r, model: on_demand, amount: 32, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: a1, region: r, model: on_demand, amount: 2, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: t1, region: r, model: on_demand, amount: 0.5, currency: USD, since: 2025, source: s, source_kind: provider}
-- data/prices/cn.yaml --
provider: cn
prices:
  - {instance: a8, region: c, model: on_demand, amount: 84, currency: CNY, since: 2025, source: s, source_kind: provider}
-- data/prices/cheap.yaml --
provider: cheap
prices:
  - {instance: t1, region: r, model: on_demand, amount: 0.3, currency: USD, since: 2025, source: s, source_kind: provider}
`

// evalCriteria weigh 10 in all: price 4, certifications, RDMA and SLA 2 each.
var evalCriteria = []*catalog.Criterion{
	{ID: "price", Measure: "price_per_gpu_hour", Better: "lower", Weight: 4},
	{ID: "certs", Measure: "certifications", Better: "higher", Weight: 2},
	{ID: "rdma", Measure: "rdma", Better: "higher", Weight: 2},
	{ID: "sla", Measure: "sla_percent", Better: "higher", Weight: 2},
}

// scoredByID scores the providers under a class and returns them by id,
// with the ids of the ranked and of the apart in the order Score gives.
func scoredByID(t *testing.T, cat *catalog.Catalog, class string) (map[string]*Scored, string, string) {
	t.Helper()
	got := Score(cat, pricing.Offers(cat, "USD"), evalCriteria, class)
	by := map[string]*Scored{}
	var ranked, apart []string
	for _, s := range got {
		by[s.Provider.ID] = s
		if s.Ranked() {
			if len(apart) > 0 {
				t.Errorf("%s ranked after a provider with too little data", s.Provider.ID)
			}
			ranked = append(ranked, s.Provider.ID)
		} else {
			apart = append(apart, s.Provider.ID)
		}
	}
	return by, strings.Join(ranked, " "), strings.Join(apart, " ")
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestPricesCompareWithinTheGPUClass(t *testing.T) {
	cat := load(t, evalCatalog)
	by, _, _ := scoredByID(t, cat, "a100-80gb")
	// A100 80GB per GPU-hour: big's a1 2.00; cn's a8 84 CNY / 7 (the
	// latest dated rate, not 8) / 8 GPUs = 1.50. Cheap sells no A100 and
	// dark has no public price: unknown, not 0, and not 100 for being
	// the only T4 seller's cheapest card.
	if v := by["cn"].Values["price"]; !near(v, 1.5) {
		t.Errorf("cn's A100 price per GPU-hour %v, want 84/7/8 = 1.5", v)
	}
	if by["big"].Scores["price"] != 0 || by["cn"].Scores["price"] != 100 {
		t.Errorf("price scores: big %v, cn %v; want 0 and 100", by["big"].Scores["price"], by["cn"].Scores["price"])
	}
	for _, id := range []string{"cheap", "dark"} {
		if v, ok := by[id].Values["price"]; ok {
			t.Errorf("%s has no A100 price, got %v", id, v)
		}
	}
	// Under the T4 class, cheap's 0.30 beats big's 0.50, and cn is unknown.
	by, _, _ = scoredByID(t, cat, "t4-16gb")
	if by["cheap"].Scores["price"] != 100 || by["big"].Scores["price"] != 0 {
		t.Errorf("T4 price scores: cheap %v, big %v", by["cheap"].Scores["price"], by["big"].Scores["price"])
	}
	if _, ok := by["cn"].Scores["price"]; ok {
		t.Error("cn sells no T4 but was scored on the T4 price")
	}
}

func TestCountsScoreAsAShareOfTheMostListed(t *testing.T) {
	cat := load(t, evalCatalog)
	by, _, _ := scoredByID(t, cat, "a100-80gb")
	// 14, 12 and 12 certifications listed: 100, 12/14 × 100, 12/14 × 100 —
	// not 0 for listing two fewer than the most.
	if by["big"].Scores["certs"] != 100 || !near(by["cn"].Scores["certs"], 1200.0/14) || !near(by["dark"].Scores["certs"], 1200.0/14) {
		t.Errorf("certification scores: big %v, cn %v, dark %v", by["big"].Scores["certs"], by["cn"].Scores["certs"], by["dark"].Scores["certs"])
	}
	if _, ok := by["cheap"].Scores["certs"]; ok {
		t.Error("cheap lists no certification but was scored on them")
	}
}

func TestFeaturesReadTheInstanceTypes(t *testing.T) {
	cat := load(t, evalCatalog)
	offers := pricing.Offers(cat, "USD")
	// RDMA: big states it on h8 only: yes. cn says no for the provider:
	// no. Cheap and dark state nothing: unknown.
	want := map[string]string{"big": "1", "cn": "0", "cheap": "unknown", "dark": "unknown"}
	for _, p := range cat.Providers {
		got := "unknown"
		if v, ok := Measure(cat, offers, p, "rdma"); ok {
			got = strconv.FormatFloat(v, 'f', -1, 64)
		}
		if got != want[p.ID] {
			t.Errorf("%s RDMA: %s, want %s", p.ID, got, want[p.ID])
		}
	}
	if v, ok := Measure(cat, offers, cat.Provider("big"), "gpudirect"); !ok || v != 1 {
		t.Errorf("big's GPUDirect %v %v, want yes from h8", v, ok)
	}
	if v, ok := Measure(cat, offers, cat.Provider("dark"), "physical_isolation"); !ok || v != 1 {
		t.Errorf("dark's physical isolation %v %v, want yes from its lease", v, ok)
	}
	// An offer has its own instance type's feature: big's a1 does not
	// inherit h8's RDMA (unknown), cn's a8 has the provider's "no".
	one := func(provider, instance string) []*pricing.Offer {
		return slices.DeleteFunc(slices.Clone(offers), func(o *pricing.Offer) bool {
			return o.Provider.ID != provider || o.Instance.ID != instance
		})
	}
	if v, ok := Measure(cat, one("big", "a1"), cat.Provider("big"), "rdma"); ok {
		t.Errorf("big's a1 RDMA %v, want unknown", v)
	}
	if v, ok := Measure(cat, one("cn", "a8"), cat.Provider("cn"), "rdma"); !ok || v != 0 {
		t.Errorf("cn's a8 RDMA %v %v, want no", v, ok)
	}
	if !OfferMeasure("rdma") || !OfferMeasure("gpudirect") || !OfferMeasure("physical_isolation") {
		t.Error("RDMA, GPUDirect and isolation are not read from each offer")
	}
}

func TestTooLittleDataIsNotRanked(t *testing.T) {
	cat := load(t, evalCatalog)
	// A100 80GB, weights price 4, certs 2, RDMA 2, SLA 2 (10):
	// big: price 0, certs 100, SLA 100, and RDMA unknown: only its H100
	// type h8 states RDMA, and within the class its A100 offers count:
	// 400/8 = 50 on 80 %.
	// cn: price 100, certs 85.71, RDMA 0, SLA unknown: (400 + 171.43)/8 = 71.43 on 80 %.
	// cheap: SLA 0 only (2 of 10, 20 %); dark: certs only (20 %): apart.
	by, ranked, apart := scoredByID(t, cat, "a100-80gb")
	if ranked != "cn big" || apart != "cheap dark" {
		t.Errorf("A100: ranked %q, apart %q; want \"cn big\", \"cheap dark\"", ranked, apart)
	}
	if !near(by["big"].Score, 50) || !near(by["big"].Weight, 0.8) || !near(by["cn"].Score, (400+2*1200.0/14)/8) || !near(by["cn"].Weight, 0.8) || !near(by["cheap"].Weight, 0.2) {
		t.Errorf("big %v, cn %v (%v), cheap share %v", by["big"].Score, by["cn"].Score, by["cn"].Weight, by["cheap"].Weight)
	}
	// H100 80GB: only big has a price (100): big (400+600)/10 = 100.
	// cn loses its price and rests on 4 of 10: apart, listed in catalog order.
	by, ranked, apart = scoredByID(t, cat, "h100-80gb")
	if ranked != "big" || apart != "cheap cn dark" || !near(by["big"].Score, 100) {
		t.Errorf("H100: ranked %q (big %v), apart %q; want \"big\" (100), \"cheap cn dark\"", ranked, by["big"].Score, apart)
	}
	// T4 16GB: cheap 100 on price and 0 on SLA: (400 + 0)/6 = 66.67 on
	// 60 %, ahead of big's (0 + 600)/10 = 60.
	by, ranked, apart = scoredByID(t, cat, "t4-16gb")
	if ranked != "cheap big" || apart != "cn dark" || !near(by["cheap"].Score, 400.0/6) {
		t.Errorf("T4: ranked %q (cheap %v), apart %q; want \"cheap big\", \"cn dark\"", ranked, by["cheap"].Score, apart)
	}
	// Exactly half the weight is enough.
	if !(&Scorecard{Weight: 0.5}).Ranked() || (&Scorecard{Weight: 0.4999}).Ranked() {
		t.Error("the bound is not half the weight")
	}
}

func TestDefaultGPUClass(t *testing.T) {
	cat := load(t, evalCatalog)
	offers := pricing.Offers(cat, "USD")
	// A100 80GB and T4 16GB each have two providers priced, H100 one:
	// the first of the most priced in catalog order.
	if got := DefaultClass(cat, offers); got != "a100-80gb" {
		t.Errorf("default class %q, want a100-80gb", got)
	}
	chosen := load(t, evalCatalog+"-- data/scoring.yaml --\nsource: s\ngpu_class: h100-80gb\ncriteria:\n  - {id: price, name: P, measure: price_per_gpu_hour, better: lower, weight: 1, source: s}\n")
	if got := DefaultClass(chosen, pricing.Offers(chosen, "USD")); got != "h100-80gb" {
		t.Errorf("default class %q, want the scoring file's h100-80gb", got)
	}
	var ids []string
	for _, c := range PriceClasses(cat, offers) {
		ids = append(ids, c.ID+"="+strconv.Itoa(c.Providers))
	}
	if got := strings.Join(ids, " "); got != "a100-80gb=2 h100-80gb=1 t4-16gb=2" {
		t.Errorf("classes %s", got)
	}
}

// TestScoreWithinAClassTakesOnlyTheClassOffersFigures checks that, with a
// GPU class, a provider's figures taken from offers (GPU memory and
// bandwidth) are those of its offers of the class: Alibaba also rents a
// B200 (180 GB, 7,700 GB/s), which must not stand in its A100 80GB row.
func TestScoreWithinAClassTakesOnlyTheClassOffersFigures(t *testing.T) {
	archive := strings.Replace(small, "-- data/providers/aws.yaml --", `-- data/gpus/b200.yaml --
{id: b200, name: B200, model: B200, vendor: NVIDIA, memory_gb: 180, memory_bandwidth_gb_s: 7700, dense: {fp16_bf16: 2250}, source: s}
-- data/providers/aws.yaml --`, 1)
	archive = strings.Replace(archive, "  - {id: gn7e, name: ecs.gn7e, gpu: a100, gpu_count: 1, regions: [cn-beijing], source: s}",
		"  - {id: gn7e, name: ecs.gn7e, gpu: a100, gpu_count: 1, regions: [cn-beijing], source: s}\n  - {id: gn8, name: ecs.gn8, gpu: b200, gpu_count: 8, regions: [cn-beijing], source: s}", 1)
	archive = strings.Replace(archive, "  - {instance: gn7e, region: cn-beijing, model: on_demand, amount: 34.826, currency: CNY, since: 2025, source: s, source_kind: provider}",
		"  - {instance: gn7e, region: cn-beijing, model: on_demand, amount: 34.826, currency: CNY, since: 2025, source: s, source_kind: provider}\n  - {instance: gn8, region: cn-beijing, model: on_demand, amount: 700, currency: CNY, since: 2025, source: s, source_kind: provider}", 1)
	cat := load(t, archive)
	offers := pricing.Offers(cat, "USD")
	criteria := []*catalog.Criterion{
		{ID: "price", Measure: "price_per_gpu_hour", Better: "lower", Weight: 2},
		{ID: "memory", Measure: "max_gpu_memory_gb", Better: "higher", Weight: 1},
		{ID: "bandwidth", Measure: "max_memory_bandwidth", Better: "higher", Weight: 1},
		{ID: "certs", Measure: "certifications", Better: "higher", Weight: 1},
	}
	byID := func(class string) map[string]*Scored {
		out := map[string]*Scored{}
		for _, s := range Score(cat, offers, criteria, class) {
			out[s.Provider.ID] = s
		}
		return out
	}
	in := byID("a100-80gb")
	ali, aws := in["ali"], in["aws"]
	if ali.Values["memory"] != 80 || aws.Values["memory"] != 80 {
		t.Errorf("A100 80GB memory: ali %v, aws %v; want 80 and 80 (not the B200's 180)", ali.Values["memory"], aws.Values["memory"])
	}
	if v, ok := ali.Values["bandwidth"]; ok {
		t.Errorf("ali's A100 80GB bandwidth is %v: the catalog's A100 states none, the 7,700 GB/s is the B200's", v)
	}
	// Both have 80 GB: 100 each; the provider's own terms stay the
	// provider's: one certification each, 100 each.
	if ali.Scores["memory"] != 100 || aws.Scores["memory"] != 100 || ali.Values["certs"] != 1 {
		t.Errorf("scores: ali %v, aws %v", ali.Scores, aws.Scores)
	}
	if b := byID("b200-180gb")["ali"]; b.Values["memory"] != 180 || b.Values["bandwidth"] != 7700 {
		t.Errorf("B200 class: ali %v, want 180 GB and 7,700 GB/s", b.Values)
	}
	if _, ok := byID("b200-180gb")["aws"].Values["memory"]; ok {
		t.Error("AWS has no B200 offer, yet a memory figure in the B200 class")
	}
}

// TestScoreUnderTheSwitches, on the site's current-first fixture
// (generator/site/testdata/current.txtar): the price criteria measure
// the prices that answer under the reader's switches
// (pricing.Price.Answers) within the A100's class: cloud's current 2.00
// and no price for the marketplace by default; cloud's stale 1.00 with
// "include stale prices"; the marketplace's 1.50 with "include
// marketplaces"; the superseded 0.50 never. An offer is comparable under
// the same rule, and the H100's stale price, standing in for want of a
// current one, under every state.
func TestScoreUnderTheSwitches(t *testing.T) {
	archive, err := os.ReadFile("../site/testdata/current.txtar")
	if err != nil {
		t.Fatal(err)
	}
	cat := load(t, string(archive))
	offers := pricing.Offers(cat, "USD")
	class := "a100-40gb"
	for state, want := range map[int][2]float64{0: {2, -1}, 1: {1, -1}, 2: {2, 1.5}, 3: {1, 1.5}} {
		got := [2]float64{-1, -1}
		for _, s := range ScoreUnder(cat, offers, evalCriteria, class, pricing.Switches[state]) {
			if v, ok := s.Values["price"]; ok {
				got[slices.Index([]string{"cloud", "market"}, s.Provider.ID)] = v
			}
		}
		if got != want {
			t.Errorf("state %d: cloud, market price %v; want %v (-1 unknown)", state, got, want)
		}
	}
	for _, o := range offers {
		want := map[string][4]bool{"current-1x": {true, true, true, true}, "stale-1x": {false, true, false, true}, "market-1x": {false, false, true, true}, "h100-1x": {true, true, true, true}}[o.Instance.ID]
		var got [4]bool
		for state, inc := range pricing.Switches {
			got[state] = ComparableUnder(o, inc)
		}
		if got != want {
			t.Errorf("%s comparable under the states %v, want %v", o.Instance.ID, got, want)
		}
	}
}
