package pricing

import (
	"testing"

	"gpucompare/generator/catalog"
)

// workCatalog has four 8-GPU instance types, billed by the hour: H100s at
// 10 a GPU-hour, A100s at 3, T4s at 1, and GPUs with no figure to convert
// by at 1. The benchmark measured the H100 at 800 per GPU and the A100 at
// 2,000 on 8 GPUs (250 per GPU); the T4 has no result, so it converts by
// dense FP16/BF16: 1,000 against 60 TFLOPS.
const workCatalog = `
-- data/site.yaml --
title: T
currency: USD
-- data/gpus/h100.yaml --
{id: h100, name: H100, model: H100, vendor: NVIDIA, memory_gb: 80, dense: {fp16_bf16: 1000}, source: s}
-- data/gpus/a100.yaml --
{id: a100, name: A100, model: A100, vendor: NVIDIA, memory_gb: 80, dense: {fp16_bf16: 300}, source: s}
-- data/gpus/t4.yaml --
{id: t4, name: T4, model: T4, vendor: NVIDIA, memory_gb: 16, dense: {fp16_bf16: 60}, source: s}
-- data/gpus/x.yaml --
{id: x, name: X, model: X, vendor: Other, memory_gb: 16, source: s}
-- data/benchmarks/mm.yaml --
id: mm
name: MM
suite: microbenchmark
metric: throughput
unit: TFLOPS
higher_is_better: true
source: s
results:
  - {round: r1, gpu: h100, gpu_count: 1, value: 800, source: s}
  - {round: r1, gpu: a100, gpu_count: 8, value: 2000, source: s}
-- data/providers/cloud.yaml --
id: cloud
name: Cloud
kind: gpu_cloud
currency: USD
billing: {granularity: hour, source: s}
regions: [{id: r1}]
instances:
  - {id: p5, name: p5, gpu: h100, gpu_count: 8, regions: [r1], source: s}
  - {id: p4, name: p4, gpu: a100, gpu_count: 8, regions: [r1], source: s}
  - {id: g4, name: g4, gpu: t4, gpu_count: 8, regions: [r1], source: s}
  - {id: xx, name: xx, gpu: x, gpu_count: 8, regions: [r1], source: s}
-- data/prices/cloud.yaml --
provider: cloud
prices:
  - {instance: p5, region: r1, model: on_demand, amount: 80, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: p4, region: r1, model: on_demand, amount: 24, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: g4, region: r1, model: on_demand, amount: 8, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: xx, region: r1, model: on_demand, amount: 8, currency: USD, since: 2025, source: s, source_kind: provider}
`

// TestEightH100MonthIsPricedByTheWork: an 8×H100 job for a month is
// 5,840 H100-hours of work (8 GPUs × 730 h), one job of 730 hours. Every
// GPU-hour counted the same, the 8×T4 was the cheapest (5,840 GPU-hours at
// 1 = 5,840); costed by the work, each offer pays for the hours its GPU
// takes to do it, and says how they were converted.
func TestEightH100MonthIsPricedByTheWork(t *testing.T) {
	cat := loadTxtar(t, workCatalog)
	offers := Offers(cat, "USD")
	s := &catalog.Scenario{ID: "h100-month", Workload: catalog.Workload{
		GPUHoursPerMonth: 5840, Months: 1, GPUsPerJob: 8, JobHours: 730,
		ReferenceGPU: "h100", Benchmark: "mm",
	}}
	onDemand := mix(catalog.Share{Model: "on_demand", Percent: 100})
	want := map[string]struct {
		total, factor float64
		by            string
	}{
		// The H100 itself: one 730-hour job × 80 an hour = 58,400.
		"p5": {58400, 1, "same"},
		// By the benchmark: 800 / 250 = 3.2 A100-hours an H100-hour; the
		// job runs 730 × 3.2 = 2,336 h × 24 an hour = 56,064.
		"p4": {56064, 3.2, "benchmark"},
		// By dense FP16/BF16: 1,000 / 60 = 16.667 T4-hours an H100-hour;
		// the job runs 12,166.67 h, billed 12,167 h × 8 an hour = 97,336.
		"g4": {97336, 1000.0 / 60, "tflops"},
	}
	for _, o := range offers {
		tco, ok, why := ScenarioTCO(cat, o, s, onDemand)
		id := o.Instance.ID
		if id == "xx" {
			// No benchmark result and no dense FP16/BF16 figure: listed
			// apart, with the reason.
			if ok || why.Kind != NoConversion {
				t.Errorf("xx: ok=%v, reason %+v, want NoConversion", ok, why)
			}
			continue
		}
		w := want[id]
		if !ok || !near(tco.Total, w.total) || !near(tco.Conversion.Factor, w.factor) || tco.Conversion.By != w.by {
			t.Errorf("%s: total %v (ok=%v %+v), conversion %+v; want %v by %s × %v", id, tco.Total, ok, why, tco.Conversion, w.total, w.by, w.factor)
		}
	}
	// Every GPU-hour the same, as before: the T4s came first.
	s.Workload.ReferenceGPU, s.Workload.Benchmark = "", ""
	if tco, _, _ := ScenarioTCO(cat, offers[2], s, onDemand); !near(tco.Total, 5840) || tco.Conversion.By != "same" {
		t.Errorf("g4 in plain GPU-hours: %v by %q, want 5,840", tco.Total, tco.Conversion.By)
	}
}

// TestResearchLeaseIsCostedFromTheArticle: the research institute's lease
// has only an article's price (1.2 a GPU-hour for 8 GPUs: 9.6 an hour).
// Rankings leave it out by default; with articles included it is costed:
// 4,000 GPU-hours a month take ceil(4,000 / (730 × 8)) = 1 leased server,
// paid every hour: 9.6 × 730 = 7,008 a month, 168,192 over 24 months,
// noted as an article's figure.
func TestResearchLeaseIsCostedFromTheArticle(t *testing.T) {
	cat := loadTxtar(t, `
-- data/site.yaml --
title: T
currency: USD
-- data/gpus/a30.yaml --
{id: a30, name: A30, model: A30, vendor: NVIDIA, memory_gb: 24, dense: {fp32: 10.32}, source: s}
-- data/providers/lessor.yaml --
id: lessor
name: Lessor
kind: on_prem_lease
currency: USD
regions: [{id: here}]
instances:
  - {id: nf, name: NF5468M6, gpu: a30, gpu_count: 8, regions: [all], source: s}
-- data/prices/lessor.yaml --
provider: lessor
prices:
  - {instance: nf, region: all, model: lease, amount: 1.2, per_gpu: true, currency: USD, since: unknown, as_of: unknown (an article), source: s, source_kind: article}
`)
	o := Offers(cat, "USD")[0]
	s := &catalog.Scenario{ID: "research", Workload: catalog.Workload{
		GPUHoursPerMonth: 4000, Months: 24, GPUsPerJob: 8, JobHours: 12, ReferenceGPU: "a30", Precision: "fp32",
	}}
	lease := mix(catalog.Share{Model: "lease", Percent: 100})
	if Eligible(cat, o, s, lease, false) {
		t.Error("an article's lease price ranks without the reader's switch")
	}
	if !Eligible(cat, o, s, lease, true) {
		t.Error("an article's lease price is left out with articles included")
	}
	tco, ok, why := ScenarioTCO(cat, o, s, lease)
	if !ok || !near(tco.PerMonth, 7008) || !near(tco.Total, 168192) || tco.Parts[0].Instances != 1 {
		t.Fatalf("lease: %+v ok=%v %+v, want 7,008 a month on 1 server", tco, ok, why)
	}
	if len(tco.Notes) != 1 || tco.Notes[0] != (Note{Kind: FromArticle, Model: "lease"}) {
		t.Errorf("lease notes %+v, want the article's", tco.Notes)
	}
}

// unitsBenchmarks add to workCatalog a time to train and a throughput
// counted in tokens: the H100 trained in 30 minutes on 8 GPUs (4
// GPU-hours a run) and in 5 minutes on 64 (5.33: not its fewest), the
// A100 in 90 minutes on 8 (12 GPU-hours a run); the H100 served 28,800
// tokens/s on 8 GPUs (3,600 a GPU: 12,960,000 a GPU-hour). The T4 has
// no result of either.
const unitsBenchmarks = `
-- data/benchmarks/lora.yaml --
id: lora
name: LoRA
suite: trial
metric: time
unit: minutes
source: s
results:
  - {round: r1, submitter: A, system: big, gpu: h100, gpu_count: 64, value: 5, source: s}
  - {round: r1, submitter: B, system: eight, gpu: h100, gpu_count: 8, value: 30, source: s}
  - {round: r1, submitter: C, system: old, gpu: a100, gpu_count: 8, value: 90, source: s}
-- data/benchmarks/tok.yaml --
id: tok
name: Tok
suite: trial
metric: throughput
unit: tokens/s
higher_is_better: true
source: s
results:
  - {round: r1, system: serve, gpu: h100, gpu_count: 8, value: 28800, source: s}
`

// TestUnitsOfWorkAreCostedByEachGPUsResults: 100 training runs a month
// take 100 × 4 = 400 H100-hours (the 8-GPU result; the 64-GPU one takes
// 5.33 a run), 5 jobs of 8 GPUs × 10 hours at 80 an hour: 4,000; and
// 100 × 12 = 1,200 A100-hours, 15 jobs at 24 × 10: 3,600, the cheaper.
// The T4 has no result: not costed, with the reason, not guessed from
// its TFLOPS. 1,296,000,000 tokens a month take 100 H100-hours: 1,000.
func TestUnitsOfWorkAreCostedByEachGPUsResults(t *testing.T) {
	cat := loadTxtar(t, workCatalog+unitsBenchmarks)
	offers := Offers(cat, "USD")
	onDemand := mix(catalog.Share{Model: "on_demand", Percent: 100})
	runs := &catalog.Scenario{ID: "runs", Workload: catalog.Workload{
		UnitsPerMonth: 100, Benchmark: "lora", Months: 1, GPUsPerJob: 8, JobHours: 10,
	}}
	want := map[string]struct {
		total, hours, perGPU float64
		system               string
	}{
		"p5": {4000, 4, 4, "eight"},
		"p4": {3600, 12, 12, "old"},
	}
	for _, o := range offers {
		tco, ok, why := ScenarioTCO(cat, o, runs, onDemand)
		id := o.Instance.ID
		w, listed := want[id]
		if !listed {
			if ok || why.Kind != NoConversion {
				t.Errorf("%s: ok=%v, reason %+v, want NoConversion (no result of its GPU)", id, ok, why)
			}
			continue
		}
		c := tco.Conversion
		if !ok || !near(tco.Total, w.total) || c.By != "units" || !near(c.Factor, w.hours) || !near(c.Own, w.perGPU) || c.Result == nil || c.Result.System != w.system {
			t.Errorf("%s: total %v (ok=%v %+v), conversion %+v; want %v by result %q, %v GPU-hours a run", id, tco.Total, ok, why, c, w.total, w.system, w.hours)
		}
	}
	tokens := &catalog.Scenario{ID: "tokens", Workload: catalog.Workload{
		UnitsPerMonth: 1296e6, Benchmark: "tok", Months: 1, GPUsPerJob: 8, JobHours: 10,
	}}
	tco, ok, _ := ScenarioTCO(cat, offers[0], tokens, onDemand)
	if !ok || !near(tco.Parts[0].GPUHours, 100) || !near(tco.Total, 1000) || !near(tco.Conversion.Own, 3600) {
		t.Errorf("tokens on p5: %v GPU-hours, total %v (ok=%v), %+v; want 100 and 1,000 by 3,600 tokens/s a GPU", tco.Parts[0].GPUHours, tco.Total, ok, tco.Conversion)
	}
	if u, h, _ := cat.Benchmark("tok").WorkUnit(); u != "tokens" || !near(h, 1.0/3600) {
		t.Errorf("tok counts %q over %v h, want tokens over a second", u, h)
	}
}
