package guide

import (
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
