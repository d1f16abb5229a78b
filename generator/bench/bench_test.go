package bench

import (
	"math"
	"testing"

	"gpucompare/generator/catalog/catalogtest"
	"gpucompare/generator/pricing"
)

const benchCatalog = `
-- data/site.yaml --
title: T
currency: USD
-- data/gpus/h100.yaml --
{id: h100, name: H100 SXM5 80GB, vendor: NVIDIA, interconnect: {name: NVLink 4.0, kind: nvlink}, source: s}
-- data/gpus/tpu.yaml --
{id: tpu, name: TPU v5e, kind: tpu, vendor: Google}
-- data/providers/aws.yaml --
id: aws
name: AWS
kind: public_cloud
currency: USD
billing: {granularity: second, minimum_seconds: 60, source: s}
regions: [{id: us-east-1}]
instances:
  - {id: p5, name: p5.48xlarge, gpu: h100, gpu_count: 8, regions: [us-east-1], source: s}
-- data/providers/lambda.yaml --
id: lambda
name: Lambda
kind: gpu_cloud
currency: USD
billing: {granularity: hour, source: s}
instances:
  - {id: two, name: gpu_2x_h100_sxm5, gpu: h100, gpu_count: 2, regions: [all], source: s}
  - {id: three, name: three H100s, gpu: h100, gpu_count: 3, regions: [all], source: s}
-- data/prices/aws.yaml --
provider: aws
prices:
  - {instance: p5, region: us-east-1, model: on_demand, amount: 55.04, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: p5, region: us-east-1, model: spot, amount: 20.9934, currency: USD, since: unknown, source: s, source_kind: provider}
-- data/prices/lambda.yaml --
provider: lambda
prices:
  - {instance: two, region: all, model: on_demand, amount: 6.38, currency: USD, since: unknown, source: s, source_kind: provider}
  - {instance: three, region: all, model: on_demand, amount: 9, currency: USD, since: unknown, source: s, source_kind: provider}
-- data/benchmarks/llama.yaml --
id: llama
name: MLPerf Inference llama2-70b-99.9, Offline
suite: mlperf-inference
metric: throughput
unit: tokens/s
higher_is_better: true
results:
  - {round: Inference v4.0, division: closed, submitter: NVIDIA, gpu: h100, gpu_count: 8, value: 21805.8, interconnect: NVLink 4.0, source: s}
  - {round: Inference v3.1, division: closed, submitter: X, gpu: h100, gpu_count: 8, value: 20000, source: s}
-- data/benchmarks/sd.yaml --
id: sd
name: MLPerf Training Stable Diffusion
suite: mlperf-training
metric: time
unit: minutes
results:
  - {round: Training v3.1, division: closed, submitter: NVIDIA, gpu: h100, gpu_count: 1024, value: 2.5, source: s}
  - {round: Training v3.1, division: closed, submitter: NVIDIA, gpu: h100, value: 7.2, unit: seconds, source: s}
  - {round: Training v3.1, division: closed, submitter: Google, gpu: tpu, gpu_count: 4096, value: 44.68485, source: s}
`

func derive(t *testing.T) []*Group {
	t.Helper()
	cat, _ := catalogtest.Load(t, benchCatalog)
	return Derive(cat, pricing.Offers(cat, "USD"))
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6*math.Max(1, math.Abs(b)) }

func TestWorkPerDollar(t *testing.T) {
	groups := derive(t)
	// Rounds are never mixed: v4.0 and v3.1 are groups of their own.
	if len(groups) != 4 || groups[0].Round != "Inference v4.0" || groups[1].Round != "Inference v3.1" {
		t.Fatalf("groups: %d, first %q, second %q", len(groups), groups[0].Round, groups[1].Round)
	}
	od := groups[0].Ranks["on_demand"]
	if len(od) != 2 {
		t.Fatalf("want 2 on-demand mappings (p5 ×1, gpu_2x ×4; the 3-GPU offer does not divide 8), got %d", len(od))
	}
	// p5: 21,805.8 tokens/s × 3,600 s / 55.04 $ = 1,426,250.87 tokens per dollar.
	// gpu_2x ×4: 21,805.8 × 3,600 / (4 × 6.38) = 3,076,050.16 tokens per dollar: ranked first.
	best, second := od[0], od[1]
	if best.Mapping.Offer.Instance.ID != "two" || best.Mapping.Instances != 4 || !near(best.WorkPerMoney, 21805.8*3600/25.52) || !near(best.Hourly, 25.52) {
		t.Errorf("best = %s ×%d, %v per $", best.Mapping.Offer.Instance.ID, best.Mapping.Instances, best.WorkPerMoney)
	}
	if second.Mapping.Offer.Instance.ID != "p5" || !near(second.WorkPerMoney, 1426250.8720930233) {
		t.Errorf("second = %s, %v per $", second.Mapping.Offer.Instance.ID, second.WorkPerMoney)
	}
	// Spot: 21,805.8 × 3,600 / 20.9934 = 3,739,375.2…
	if sp := groups[0].Ranks["spot"]; len(sp) != 1 || !near(sp[0].WorkPerMoney, 21805.8*3600/20.9934) {
		t.Errorf("spot ranks = %v", sp)
	}
	// The 2-GPU offer lacks nothing it states, but the run is split.
	if f := best.Mapping.Flags; len(f) != 1 || f[0] != "split across 4 instances: the result ran its 8 GPUs in one system" {
		t.Errorf("flags = %q", f)
	}
	if c := best.Mapping.FlagCodes; len(c) != 1 || c[0] != "split" {
		t.Errorf("flag codes = %q", c)
	}
	if WorkUnit("tokens/s") != "tokens" || WorkUnit("TFLOPS") != "TFLOP" {
		t.Error("WorkUnit")
	}
}

func TestCostPerRun(t *testing.T) {
	groups := derive(t)
	var minutes, seconds *Group
	for _, g := range groups {
		if g.Benchmark.ID == "sd" && g.Unit == "minutes" {
			minutes = g
		}
		if g.Benchmark.ID == "sd" && g.Unit == "seconds" {
			seconds = g
		}
	}
	od := minutes.Ranks["on_demand"]
	if len(od) != 2 {
		t.Fatalf("want 2 mappings, got %d", len(od))
	}
	// p5 ×128, billed per second: 2.5 min = 150 s; 55.04 × 150/3600 × 128 = 293.5466…; cheaper, first.
	// gpu_2x ×512, billed hourly: a whole hour each: 6.38 × 1 × 512 = 3,266.56.
	if c := od[0]; c.Mapping.Offer.Instance.ID != "p5" || c.Mapping.Instances != 128 || !near(c.RunCost, 55.04*150/3600*128) {
		t.Errorf("first = %s ×%d costs %v", c.Mapping.Offer.Instance.ID, c.Mapping.Instances, c.RunCost)
	}
	if c := od[1]; c.Mapping.Instances != 512 || !near(c.RunCost, 3266.56) {
		t.Errorf("second = ×%d costs %v", c.Mapping.Instances, c.RunCost)
	}
	if f := od[0].Mapping.Flags; len(f) != 1 || f[0] != "a cluster of 128 instances: the catalog does not say the offer has RDMA between instances" {
		t.Errorf("flags %q", f)
	}
	if c := od[0].Mapping.FlagCodes; len(c) != 1 || c[0] != "cluster" {
		t.Errorf("flag codes %q", c)
	}
	// Unknown count and a TPU: listed, not costed, and say why.
	if r := seconds.Results[0]; r.NotCosted != "the source does not state how many accelerators ran it" || r.Why != "unknown_count" || len(r.Mappings) != 0 {
		t.Errorf("unknown count: %q (%s)", r.NotCosted, r.Why)
	}
	if r := minutes.Results[1]; r.NotCosted != "its accelerator is a TPU, not a GPU, and no offer in the catalog rents it" || r.Why != "not_gpu" {
		t.Errorf("tpu: %q (%s)", r.NotCosted, r.Why)
	}
}
