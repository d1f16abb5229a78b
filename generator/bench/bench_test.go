package bench

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"gpucompare/generator/catalog/catalogtest"
	"gpucompare/generator/note"
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
  - {round: Inference v4.1, division: closed, submitter: Y, gpu: h100, gpu_count: 2, value: 6000, source: s}
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
  - {round: Training v3.1, division: closed, submitter: Z, gpu: h100, gpu_count: 8, value: 30, source: s}
`

func derive(t *testing.T) []*Group {
	t.Helper()
	cat, _ := catalogtest.Load(t, benchCatalog)
	return Derive(cat, pricing.Offers(cat, "USD"))
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6*math.Max(1, math.Abs(b)) }

func TestWorkPerDollar(t *testing.T) {
	groups := derive(t)
	// Rounds are never mixed: v4.0, v3.1 and v4.1 are groups of their own.
	if len(groups) != 5 || groups[0].Round != "Inference v4.0" || groups[1].Round != "Inference v3.1" || groups[2].Round != "Inference v4.1" {
		t.Fatalf("groups: %d, first %q, second %q", len(groups), groups[0].Round, groups[1].Round)
	}
	// The 8-GPU result ran in one system: as it ran, only p5.48xlarge
	// holds it: 21,805.8 tokens/s × 3,600 s / 55.04 $ = 1,426,250.87 tokens
	// per dollar.
	od := groups[0].Ranks["on_demand"]
	if len(od) != 1 || od[0].Mapping.Offer.Instance.ID != "p5" || od[0].Mapping.Instances != 1 || !near(od[0].WorkPerMoney, 1426250.8720930233) {
		t.Fatalf("on-demand as it ran: %v", od)
	}
	if f := od[0].Mapping.Flags; len(f) != 0 {
		t.Errorf("p5 flags = %q", f)
	}
	// Spot: 21,805.8 × 3,600 / 20.9934 = 3,739,375.2…
	if sp := groups[0].Ranks["spot"]; len(sp) != 1 || !near(sp[0].WorkPerMoney, 21805.8*3600/20.9934) {
		t.Errorf("spot ranks = %v", sp)
	}
	// Split across four 2-GPU instances it would give 21,805.8 × 3,600 /
	// (4 × 6.38) = 3,076,050.16 tokens per dollar, more than p5, but only
	// if it scales across instances: a ranking of its own. The 3-GPU offer
	// neither holds 8 nor divides it.
	split := groups[0].Split["on_demand"]
	if len(split) != 1 {
		t.Fatalf("want 1 split mapping (gpu_2x ×4), got %d", len(split))
	}
	best := split[0]
	if best.Mapping.Offer.Instance.ID != "two" || best.Mapping.Instances != 4 || !best.Mapping.Split() || !near(best.WorkPerMoney, 21805.8*3600/25.52) || !near(best.Hourly, 25.52) {
		t.Errorf("split = %s ×%d, %v per $", best.Mapping.Offer.Instance.ID, best.Mapping.Instances, best.WorkPerMoney)
	}
	if f := best.Mapping.Flags; !reflect.DeepEqual(f, []note.Note{note.New(SplitRun, 4, 8)}) {
		t.Errorf("flags = %v, want split across 4 instances of the 8 GPUs", f)
	}
	if r := groups[0].Results[0]; r.AsRan() != 1 || r.SplitOnly() != 1 {
		t.Errorf("as ran %d, split only %d; want 1 and 1", r.AsRan(), r.SplitOnly())
	}
	if WorkUnit("tokens/s") != "tokens" || WorkUnit("TFLOPS") != "TFLOP" {
		t.Error("WorkUnit")
	}
}

// TestResultMapsOntoLargerInstances checks that a result maps onto every
// instance that holds its GPUs, paying for the whole instance.
func TestResultMapsOntoLargerInstances(t *testing.T) {
	g := derive(t)[2] // 6,000 tokens/s on 2 H100s
	// gpu_2x: 6,000 × 3,600 / 6.38 = 3,385,579.94; the 3-GPU instance,
	// / 9 = 2,400,000; p5, / 55.04 = 392,441.86.
	want := []struct {
		id  string
		per float64
		fl  []note.Note
	}{
		{"two", 6000 * 3600 / 6.38, nil},
		{"three", 2400000, []note.Note{note.New(Spare, 2, 3, 3)}},
		{"p5", 392441.86046511627, []note.Note{note.New(Spare, 2, 8, 8)}},
	}
	od := g.Ranks["on_demand"]
	if len(od) != len(want) || len(g.Split["on_demand"]) != 0 {
		t.Fatalf("got %d as it ran, %d split; want 3 and 0", len(od), len(g.Split["on_demand"]))
	}
	for i, w := range want {
		c := od[i]
		if c.Mapping.Offer.Instance.ID != w.id || c.Mapping.Instances != 1 || !near(c.WorkPerMoney, w.per) {
			t.Errorf("%d: %s ×%d at %v, want %s ×1 at %v", i+1, c.Mapping.Offer.Instance.ID, c.Mapping.Instances, c.WorkPerMoney, w.id, w.per)
		}
		if got := c.Mapping.Flags; !reflect.DeepEqual(got, w.fl) {
			t.Errorf("%s flags %v, want %v", w.id, got, w.fl)
		}
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
	// 30 minutes on 8 H100s. p5 ×1, billed per second: 55.04 × 0.5 = 27.52.
	od := minutes.Ranks["on_demand"]
	if len(od) != 1 || od[0].Mapping.Offer.Instance.ID != "p5" || od[0].Mapping.Instances != 1 || !near(od[0].RunCost, 27.52) {
		t.Fatalf("as it ran: %v", od)
	}
	// Four gpu_2x, billed by the hour: a whole hour each, 4 × 6.38 = 25.52;
	// cheaper, but only if the run scales across instances.
	split := minutes.Split["on_demand"]
	if len(split) != 1 || split[0].Mapping.Instances != 4 || !near(split[0].RunCost, 25.52) {
		t.Fatalf("split: %v", split)
	}
	// Unknown count and a TPU: listed, not costed, and say why.
	if r := seconds.Results[0]; !reflect.DeepEqual(r.NotCosted, note.New(UnknownCount)) || len(r.Mappings) != 0 {
		t.Errorf("unknown count: %v", r.NotCosted)
	}
	if r := minutes.Results[1]; !reflect.DeepEqual(r.NotCosted, note.New(NotGPU, "TPU")) {
		t.Errorf("tpu: %v", r.NotCosted)
	}
}

// TestResultLargerThanAnyOfferIsNotCosted checks that a result on more
// GPUs than any offer of its accelerator holds in one instance is not
// costed, in either ranking, and says why: the catalog states no cluster
// size, so nothing shows that 128 p5.48xlarge can run it together.
func TestResultLargerThanAnyOfferIsNotCosted(t *testing.T) {
	var minutes *Group
	for _, g := range derive(t) {
		if g.Benchmark.ID == "sd" && g.Unit == "minutes" {
			minutes = g
		}
	}
	r := minutes.Results[0] // 1,024 H100s
	want := note.New(TooLarge, note.Count(1024), "H100 SXM5 80GB", 8)
	if !reflect.DeepEqual(r.NotCosted, want) || r.Largest != 8 || len(r.Mappings) != 0 {
		t.Errorf("got %v (largest %d, %d mappings), want %v", r.NotCosted, r.Largest, len(r.Mappings), want)
	}
	for _, costs := range [][]*Cost{minutes.Ranks["on_demand"], minutes.Split["on_demand"]} {
		for _, c := range costs {
			if c.Mapping.Result == r {
				t.Errorf("the 1,024-GPU result is ranked on %s ×%d", c.Mapping.Offer.Instance.ID, c.Mapping.Instances)
			}
		}
	}
}

// TestNoteCodesAreListed checks that every note a result or a mapping
// carries has a code of NotCostedCodes or FlagCodes, the lists the site
// checks its messages against.
func TestNoteCodesAreListed(t *testing.T) {
	seen := 0
	for _, g := range derive(t) {
		for _, r := range g.Results {
			if c := r.NotCosted.Code; c != "" {
				seen++
				if !slices.Contains(NotCostedCodes, c) {
					t.Errorf("result not costed with code %q, not in NotCostedCodes", c)
				}
			}
			for _, m := range r.Mappings {
				for _, f := range m.Flags {
					seen++
					if !slices.Contains(FlagCodes, f.Code) {
						t.Errorf("flag code %q, not in FlagCodes", f.Code)
					}
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no note met")
	}
}
