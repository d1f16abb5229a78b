package catalog

import (
	"strings"
	"testing"
)

// goodTrial is a complete trial of the base catalog's offer, with a figure
// in the unit of the benchmark the cases add and one in its own unit.
const goodTrial = `id: t1
team: ml-platform
offer:
  provider: aws
  instance: p4d.24xlarge
  region: us-east-1
  model: on_demand
start: 2025-06-02
end: 2025-06-06
workload:
  model: Llama 3.1 8B
  framework: vLLM
  framework_version: "0.6.3"
  precision: bf16
  batch: 64
  recipe: https://example.com/recipe
figures:
  - benchmark: llm
    value: 12000
  - unit: images/s
    value: 800
paid:
  amount: 30
  currency: USD
  total: 2880
notes:
  stability: no crash in four days
  interruptions: none
  support: answered within two hours
`

const trialBenchmark = `id: llm
name: LLM
suite: mlperf-inference
metric: throughput
unit: tokens/s
higher_is_better: true
results:
  - round: v4.0
    gpu: a100
    gpu_count: 8
    value: 10000
    source: https://example.com/mlperf
`

func TestTrialLoads(t *testing.T) {
	c, r := load(t, map[string]string{"data/benchmarks/llm.yaml": trialBenchmark, "data/trials/t1.yaml": goodTrial})
	if len(r) != 0 {
		t.Fatalf("want no diagnostics, got:\n%s", r)
	}
	tr := c.Trial("t1")
	if tr == nil || len(tr.Figures) != 2 || *tr.Paid.Amount != 30 || tr.Workload.Batch != 64 {
		t.Fatalf("trial decoded wrong: %+v", tr)
	}
	if u := tr.Figures[0].UnitOf(c); u != "tokens/s" {
		t.Errorf("figure of a benchmark: unit %q, want the benchmark's tokens/s", u)
	}
	if u := tr.Figures[1].UnitOf(c); u != "images/s" {
		t.Errorf("figure of its own unit: unit %q, want images/s", u)
	}
	if got := c.TrialsOf(c.Provider("aws").Instance("p4d.24xlarge")); len(got) != 1 {
		t.Errorf("TrialsOf the instance: %d trials, want 1", len(got))
	}
}

func TestTrialValidationErrors(t *testing.T) {
	tests := []struct {
		name, trial, want string
	}{
		{
			name: "offer not in the catalog",
			trial: strings.NewReplacer("instance: p4d.24xlarge", "instance: p4d.24xlarge", "region: us-east-1", "region: eu-west-1", "model: on_demand", "model: ondemand").
				Replace(goodTrial),
			want: `data/trials/t1.yaml:6:11: trial "t1" offer: region "eu-west-1" is not a region of provider "aws" (did you mean "us-east-1"?)
data/trials/t1.yaml:7:10: trial "t1" offer: model "ondemand" is not known (did you mean "on_demand"?): want one of ` + strings.Join(PricingModels, ", ") + `
`,
		},
		{
			name:  "unknown instance",
			trial: strings.Replace(goodTrial, "instance: p4d.24xlarge", "instance: p4d.24xlarg", 1),
			want: `data/trials/t1.yaml:5:13: trial "t1" offer: instance "p4d.24xlarg" is not an instance of provider "aws" (did you mean "p4d.24xlarge"?)
`,
		},
		{
			name:  "end before start, a month for a day",
			trial: strings.NewReplacer("start: 2025-06-02", "start: 2025-06", "end: 2025-06-06", "end: 2025-05-30").Replace(goodTrial),
			want: `data/trials/t1.yaml:8:8: trial "t1": start 2025-06 is not a day: want YYYY-MM-DD
`,
		},
		{
			name:  "end before start",
			trial: strings.Replace(goodTrial, "end: 2025-06-06", "end: 2025-05-30", 1),
			want: `data/trials/t1.yaml:9:6: trial "t1": end 2025-05-30 is before start 2025-06-02: want the last day of the trial
`,
		},
		{
			name:  "workload without framework version, unknown precision",
			trial: strings.NewReplacer("  framework_version: \"0.6.3\"\n", "", "precision: bf16", "precision: bfloat").Replace(goodTrial),
			want: `data/trials/t1.yaml:11:3: trial "t1" workload: framework_version is missing: want the framework's version, such as "0.6.3"
data/trials/t1.yaml:13:14: trial "t1" workload: precision "bfloat" is not known (did you mean "bf16"?): want one of ` + strings.Join(TrialPrecisions, ", ") + `
`,
		},
		{
			name: "figures: unknown benchmark, a unit apart from the benchmark's, none at all",
			trial: strings.Replace(goodTrial, `  - benchmark: llm
    value: 12000
  - unit: images/s
    value: 800
`, `  - benchmark: lm
    value: 12000
  - benchmark: llm
    unit: tokens/min
    value: 3
  - value: 800
`, 1),
			want: `data/trials/t1.yaml:18:16: trial "t1" figure 1: benchmark "lm" is not a benchmark of data/benchmarks (did you mean "llm"?)
data/trials/t1.yaml:21:11: trial "t1" figure 2: unit "tokens/min" differs from the unit of benchmark "llm" (tokens/s): a figure of a benchmark is in its unit; leave unit out, or the benchmark
data/trials/t1.yaml:23:12: trial "t1" figure 3: a figure names the benchmark whose unit it is in, or its own unit: want benchmark: ID or unit: such as tokens/s
`,
		},
		{
			name:  "paid in a currency without a rate",
			trial: strings.Replace(goodTrial, "currency: USD", "currency: EUR", 1),
			want: `data/trials/t1.yaml:24:13: trial "t1" paid: no exchange rate from EUR to the site currency USD in data/fx.yaml: add one, dated and sourced
`,
		},
		{
			name:  "paid nothing",
			trial: strings.Replace(goodTrial, "amount: 30", "amount: 0", 1),
			want: `data/trials/t1.yaml:23:11: trial "t1" paid: amount must be > 0, got 0
`,
		},
		{
			name:  "id not the file name, no team",
			trial: strings.NewReplacer("id: t1", "id: t2", "team: ml-platform\n", "").Replace(goodTrial),
			want: `data/trials/t1.yaml:1:1: trial "t2": team is missing: want the team that ran it, such as "ml-platform" (a team, never a person's name)
data/trials/t1.yaml:1:5: trial "t2": id "t2" differs from the file name: name the file t2.yaml
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, r := load(t, map[string]string{"data/benchmarks/llm.yaml": trialBenchmark, "data/trials/t1.yaml": tt.trial})
			if got := r.Errors().String(); got != tt.want {
				t.Errorf("errors:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}
