package bench

import (
	"math"
	"reflect"
	"slices"
	"strings"
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
checked: 2025-06-01
prices:
  - {instance: p5, region: us-east-1, model: on_demand, amount: 55.04, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: p5, region: us-east-1, model: spot, amount: 20.9934, currency: USD, since: unknown, source: s, source_kind: provider}
-- data/prices/lambda.yaml --
provider: lambda
checked: 2025-06-01
prices:
  - {instance: two, region: all, model: on_demand, amount: 6.38, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: three, region: all, model: on_demand, amount: 9, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
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

// TestResultOnFewerGPUsIsChargedPerGPUHour checks that a result maps onto
// every instance that holds its GPUs and, on an instance with more GPUs
// than it ran on, is charged per GPU-hour for the GPUs it used.
func TestResultOnFewerGPUsIsChargedPerGPUHour(t *testing.T) {
	g := derive(t)[2] // 6,000 tokens/s on 2 H100s
	// The 3-GPU instance, 2/3 of 9 $ = 6 $/h: 6,000 × 3,600 / 6 = 3,600,000;
	// gpu_2x, whole: 6,000 × 3,600 / 6.38 = 3,385,579.94; p5, 2/8 of
	// 55.04 $ = 13.76 $/h: 6,000 × 3,600 / 13.76 = 1,569,767.44.
	want := []struct {
		id     string
		hourly float64
		per    float64
		fl     []note.Note
	}{
		{"three", 6, 3600000, []note.Note{note.New(PerGPU, 2, 3)}},
		{"two", 6.38, 6000 * 3600 / 6.38, nil},
		{"p5", 13.76, 1569767.4418604651, []note.Note{note.New(PerGPU, 2, 8)}},
	}
	od := g.Ranks["on_demand"]
	if len(od) != len(want) || len(g.Split["on_demand"]) != 0 {
		t.Fatalf("got %d as it ran, %d split; want 3 and 0", len(od), len(g.Split["on_demand"]))
	}
	for i, w := range want {
		c := od[i]
		if c.Mapping.Offer.Instance.ID != w.id || c.Mapping.Instances != 1 || !near(c.Hourly, w.hourly) || !near(c.WorkPerMoney, w.per) {
			t.Errorf("%d: %s ×%d at %v $/h, %v per $; want %s ×1 at %v $/h, %v per $", i+1, c.Mapping.Offer.Instance.ID, c.Mapping.Instances, c.Hourly, c.WorkPerMoney, w.id, w.hourly, w.per)
		}
		if got := c.Mapping.Flags; !reflect.DeepEqual(got, w.fl) {
			t.Errorf("%s flags %v, want %v", w.id, got, w.fl)
		}
	}
}

// perGPUCatalog has single-GPU micro-benchmark results (MAMF-like) and
// offers of one and of eight GPUs.
const perGPUCatalog = `
-- data/site.yaml --
title: T
currency: USD
-- data/gpus/h100.yaml --
{id: h100, name: H100 SXM5 80GB, vendor: NVIDIA, source: s}
-- data/gpus/a100.yaml --
{id: a100, name: A100 SXM4 80GB, vendor: NVIDIA, source: s}
-- data/providers/aws.yaml --
id: aws
name: AWS
kind: public_cloud
currency: USD
billing: {granularity: second, source: s}
regions: [{id: us-east-1}]
instances:
  - {id: p5, name: p5.48xlarge, gpu: h100, gpu_count: 8, regions: [us-east-1], source: s}
-- data/providers/lambda.yaml --
id: lambda
name: Lambda
kind: gpu_cloud
currency: USD
billing: {granularity: second, source: s}
instances:
  - {id: h1, name: gpu_1x_h100, gpu: h100, gpu_count: 1, regions: [all], source: s}
  - {id: a1, name: gpu_1x_a100, gpu: a100, gpu_count: 1, regions: [all], source: s}
  - {id: a8, name: gpu_8x_a100, gpu: a100, gpu_count: 8, regions: [all], source: s}
  - {id: dear, name: dear_1x_a100, gpu: a100, gpu_count: 1, regions: [all], source: s}
-- data/prices/aws.yaml --
provider: aws
prices:
  - {instance: p5, region: us-east-1, model: on_demand, amount: 55.04, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
-- data/prices/lambda.yaml --
provider: lambda
prices:
  - {instance: h1, region: all, model: on_demand, amount: 2.99, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: a1, region: all, model: on_demand, amount: 1.29, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: a8, region: all, model: on_demand, amount: 14.32, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: dear, region: all, model: on_demand, amount: 4, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
-- data/benchmarks/mamf.yaml --
id: mamf
name: MAMF BF16
suite: microbenchmark
metric: throughput
unit: TFLOPS
higher_is_better: true
results:
  - {round: n/a, submitter: S, gpu: h100, gpu_count: 1, value: 794.5, source: s}
  - {round: n/a, submitter: S, gpu: a100, gpu_count: 1, value: 271.2, source: s}
`

// TestPerGPUResultRanksPerGPUHour works out p5.48xlarge's rank by hand
// for a result that ran on one of its eight GPUs. TFLOP per dollar is
// TFLOPS × 3,600 s ÷ the price of the GPUs the result used:
//
//	gpu_1x_h100   794.5 × 3,600 / 2.99           = 956,588.63
//	gpu_1x_a100   271.2 × 3,600 / 1.29           = 756,837.21
//	gpu_8x_a100   271.2 × 3,600 / (14.32 / 8 = 1.79) = 545,430.17
//	p5.48xlarge   794.5 × 3,600 / (55.04 / 8 = 6.88) = 415,726.74
//	dear_1x_a100  271.2 × 3,600 / 4              = 244,080
//
// so p5.48xlarge ranks 4th of 5. Charged for all eight GPUs it would have
// 2,860,200 / 55.04 = 51,965.84 and rank last.
func TestPerGPUResultRanksPerGPUHour(t *testing.T) {
	cat, _ := catalogtest.Load(t, perGPUCatalog)
	groups := Derive(cat, pricing.Offers(cat, "USD"))
	if len(groups) != 1 {
		t.Fatalf("%d groups, want 1", len(groups))
	}
	want := []struct {
		id  string
		per float64
	}{{"h1", 956588.6287625418}, {"a1", 756837.2093023256}, {"a8", 545430.1675977654}, {"p5", 415726.74418604653}, {"dear", 244080}}
	od := groups[0].Ranks["on_demand"]
	if len(od) != len(want) {
		t.Fatalf("%d ranked, want %d", len(od), len(want))
	}
	for i, w := range want {
		if c := od[i]; c.Mapping.Offer.Instance.ID != w.id || !near(c.WorkPerMoney, w.per) {
			t.Errorf("rank %d: %s at %v TFLOP per $, want %s at %v", i+1, c.Mapping.Offer.Instance.ID, c.WorkPerMoney, w.id, w.per)
		}
	}
	p5 := od[3].Mapping
	if !p5.PerGPU() || p5.Share != 0.125 || !near(od[3].Hourly, 6.88) || !reflect.DeepEqual(p5.Flags, []note.Note{note.New(PerGPU, 1, 8)}) {
		t.Errorf("p5: per GPU %v, share %v, hourly %v, flags %v; want per GPU, 1/8, 6.88, [per_gpu 1 8]", p5.PerGPU(), p5.Share, od[3].Hourly, p5.Flags)
	}
	if h1 := od[0].Mapping; h1.PerGPU() || h1.Share != 1 || len(h1.Flags) != 0 {
		t.Errorf("a result that used the whole instance is charged per GPU-hour: share %v, flags %v", h1.Share, h1.Flags)
	}
}

// nodesCatalog has the offers of benchCatalog, AWS stating RDMA, and a
// training result on 8 nodes of 8 H100s.
var nodesCatalog = strings.Replace(benchCatalog[:strings.Index(benchCatalog, "-- data/benchmarks/")],
	"billing: {granularity: second, minimum_seconds: 60, source: s}\n", "billing: {granularity: second, minimum_seconds: 60, source: s}\nfeatures: {rdma: true, source: s}\n", 1) + `-- data/benchmarks/lora.yaml --
id: lora
name: MLPerf Training Llama 2 70B LoRA
suite: mlperf-training
metric: time
unit: minutes
results:
  - {round: Training v5.0, division: closed, submitter: X, gpu: h100, gpu_count: 64, nodes: 8, value: 20, source: s}
  - {round: Training v5.0, division: closed, submitter: Y, gpu: h100, gpu_count: 20, nodes: 4, value: 50, source: s}
`

// TestTrainingRunOnNodesOfTheSameShape works out the cost of one
// training run by hand. The result ran on 8 nodes of 8 H100s for 20
// minutes; p5.48xlarge has 8 H100s, so as it ran it takes 8 instances:
//
//	8 instances × 55.04 $/h × 20/60 h = 146.773… $
//
// (AWS bills by the second: 1,200 s, over its 60 s minimum). Lambda's
// 2-GPU instance has another shape: 64 / 2 = 32 instances, billed by the
// whole hour, 32 × 6.38 = 204.16 $, ranked apart, only if it scales. The
// 3-GPU instance divides neither. The 20-GPU system of 4 nodes of 5 has
// no offer of 5 GPUs; 20 / 2 = 10 gpu_2x, only if it scales.
func TestTrainingRunOnNodesOfTheSameShape(t *testing.T) {
	cat, _ := catalogtest.Load(t, nodesCatalog)
	groups := Derive(cat, pricing.Offers(cat, "USD"))
	if len(groups) != 1 {
		t.Fatalf("%d groups, want 1", len(groups))
	}
	g := groups[0]
	od := g.Ranks["on_demand"]
	if len(od) != 1 {
		t.Fatalf("%d as ran, want 1 (p5 × 8)", len(od))
	}
	c := od[0]
	if c.Mapping.Offer.Instance.ID != "p5" || c.Mapping.Instances != 8 || c.Mapping.Split() || !near(c.RunCost, 8*55.04*20/60) || !near(c.RunCost, 146.77333333333334) || !near(c.Hourly, 440.32) {
		t.Errorf("as ran: %s ×%d, split %v, run %v, hourly %v; want p5 ×8, 146.77, 440.32", c.Mapping.Offer.Instance.ID, c.Mapping.Instances, c.Mapping.Split(), c.RunCost, c.Hourly)
	}
	if len(c.Mapping.Flags) != 0 {
		t.Errorf("p5 flags %v: AWS states RDMA", c.Mapping.Flags)
	}
	split := g.Split["on_demand"]
	if len(split) != 2 {
		t.Fatalf("%d split, want 2", len(split))
	}
	s := split[1] // the 4 × 5 system's split is cheaper, first
	if s.Mapping.Offer.Instance.ID != "two" || s.Mapping.Instances != 32 || !s.Mapping.Split() || !near(s.RunCost, 204.16) {
		t.Errorf("if it scales: %s ×%d at %v, want two ×32 at 204.16", s.Mapping.Offer.Instance.ID, s.Mapping.Instances, s.RunCost)
	}
	want := []note.Note{note.New(Shape, 32, 2, 8, 8), note.New(Cluster, note.Count(32))}
	if !reflect.DeepEqual(s.Mapping.Flags, want) {
		t.Errorf("flags %v, want %v", s.Mapping.Flags, want)
	}
	// The 4 × 5 system: 10 gpu_2x for 50 min, billed a whole hour each.
	if r := g.Results[1]; r.AsRan() != 0 || r.SplitOnly() != 1 || split[0].Mapping.Result != r || split[0].Mapping.Instances != 10 || !near(split[0].RunCost, 63.8) {
		t.Errorf("4 × 5 GPUs: %d as ran, %d if it scales (%v $); want 0, 1 (10 × 6.38 = 63.80 $)", r.AsRan(), r.SplitOnly(), split[0].RunCost)
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

// TestRentedTPUIsNotSaidUnrented: "its accelerator is a TPU, not a GPU,
// and no offer in the catalog rents it" was said of every TPU result,
// while the catalog priced TPU v5e offers. With an offer of 8 chips, the
// 4,096-chip run is not costed because no offer holds that many, and
// says so; the denial stays for a catalog with no such offer.
func TestRentedTPUIsNotSaidUnrented(t *testing.T) {
	archive := strings.Replace(benchCatalog, "  - {id: three, name: three H100s, gpu: h100, gpu_count: 3, regions: [all], source: s}\n",
		"  - {id: three, name: three H100s, gpu: h100, gpu_count: 3, regions: [all], source: s}\n  - {id: v5e, name: tpu-v5litepod-8, gpu: tpu, gpu_count: 8, regions: [all], source: s}\n", 1)
	const three = "  - {instance: three, region: all, model: on_demand, amount: 9, currency: USD, since: 2025-06-01, source: s, source_kind: provider}\n"
	if !strings.Contains(archive, three) {
		t.Fatal("the fixture's price of three H100s is not where the test adds the TPU's")
	}
	archive = strings.Replace(archive, three, three+"  - {instance: v5e, region: all, model: on_demand, amount: 9.6, currency: USD, since: 2025-06-01, source: s, source_kind: provider}\n", 1)
	cat, _ := catalogtest.Load(t, archive)
	var tpu *Result
	for _, g := range Derive(cat, pricing.Offers(cat, "USD")) {
		for _, r := range g.Results {
			if r.GPU != nil && r.GPU.ID == "tpu" {
				tpu = r
			}
		}
	}
	if tpu == nil {
		t.Fatal("no TPU result")
	}
	if tpu.NotCosted.Code == NotGPU {
		t.Errorf("a TPU the catalog rents is said to be rented by no offer: %v", tpu.NotCosted)
	}
	if tpu.NotCosted.Code != TooLarge {
		t.Errorf("tpu: %v, want too large for the 8-chip offer", tpu.NotCosted)
	}
}
