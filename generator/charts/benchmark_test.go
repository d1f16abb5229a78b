package charts

import (
	"encoding/json"
	"strings"
	"testing"

	"gpucompare/generator/bench"
)

// benchCatalog adds to testCatalog three benchmarks on the A100, whose
// priced offers are p4d.24xlarge (8 GPUs) at 21.96 USD an hour in
// us-east-1 and 30 in eu-west-1, and gn7 (1 GPU) at 14 CNY = 2 USD.
const benchCatalog = testCatalog + `-- data/benchmarks/one.yaml --
id: one
name: One result on 8 GPUs
suite: trial
metric: throughput
unit: tokens/s
higher_is_better: true
results:
  - {round: r1, gpu: a100, gpu_count: 8, value: 9000, source: s}
-- data/benchmarks/single.yaml --
id: single
name: One result on 1 GPU
suite: trial
metric: throughput
unit: tokens/s
higher_is_better: true
results:
  - {round: r1, gpu: a100, gpu_count: 1, value: 1200, source: s}
-- data/benchmarks/two.yaml --
id: two
name: Two results on 8 GPUs
suite: trial
metric: throughput
unit: tokens/s
higher_is_better: true
results:
  - {round: r1, gpu: a100, gpu_count: 8, value: 9000, source: s, submitter: Acme, system: Big Box with 8 cards}
  - {round: r1, gpu: a100, gpu_count: 8, value: 12000, source: s, submitter: Acme, system: Bigger Box}
`

// TestBenchmarkChartNeedsPointsThatVary checks that a benchmark group's
// scatter is drawn only for three distinct marks or more that vary on
// both axes, and only from the mappings as the results ran.
func TestBenchmarkChartNeedsPointsThatVary(t *testing.T) {
	d := loadFrom(t, benchCatalog)
	groups := map[string]*bench.Group{}
	for _, g := range bench.Derive(d.Catalog, d.Offers) {
		groups[g.Benchmark.ID] = g
	}
	// One 8-GPU result: two marks as it ran (p4d in two regions); the
	// eight gn7 it could be split across are not a third.
	if c, err := d.BenchmarkCosts("one", groups["one"], "on_demand"); c != nil || err != nil {
		t.Errorf("one result on two offers: chart %v, %v; want none", c != nil, err)
	}
	// One 1-GPU result: three marks or more (gn7, p4d ×2), all at
	// 1,200 tokens/s: a flat line, not a chart.
	if n := len(groups["single"].Ranks["on_demand"]); n < 3 {
		t.Fatalf("the 1-GPU result has %d mappings, want 3 or more", n)
	}
	if c, err := d.BenchmarkCosts("single", groups["single"], "on_demand"); c != nil || err != nil {
		t.Errorf("one result on a flat line: chart %v, %v; want none", c != nil, err)
	}
	// Two results on p4d in two regions: four marks, (21.96, 9,000),
	// (30, 9,000), (21.96, 12,000), (30, 12,000); us-east-1 at 12,000
	// beats the other three, alone on the frontier.
	c, err := d.BenchmarkCosts("two", groups["two"], "on_demand")
	if err != nil || c == nil {
		t.Fatalf("two results: chart %v, %v", c, err)
	}
	if len(c.OnFrontier) != 1 {
		t.Errorf("%d on the frontier, want 1", len(c.OnFrontier))
	}
	for cost := range c.OnFrontier {
		if m := cost.Mapping; m.Offer.Region != "us-east-1" || m.Result.Value != 12000 || m.Split() {
			t.Errorf("on the frontier: %s %s, %v", m.Offer.Instance.ID, m.Offer.Region, m.Result.Value)
		}
	}
	js, _ := json.Marshal(c.Options)
	if marks := strings.Count(string(js), `"value":[`); marks != 4+1 { // four marks and the frontier's one point
		t.Errorf("%d points drawn, want 5: %s", marks, js)
	}
}

// TestBenchmarkChartNamesResultsInTheEditionsWords: a mark names its
// result by submitter and system in the catalog's language, and by its
// number in the page's table in another, whose chart text cannot mark
// a name as English.
func TestBenchmarkChartNamesResultsInTheEditionsWords(t *testing.T) {
	d := loadFrom(t, benchCatalog)
	var two *bench.Group
	for _, g := range bench.Derive(d.Catalog, d.Offers) {
		if g.Benchmark.ID == "two" {
			two = g
		}
	}
	for lang, want := range map[string][]string{"": {"Acme Big Box with 8 cards", "Acme Bigger Box"}, "zh-CN": {"benchmark.result_ref1", "benchmark.result_ref2"}} {
		d.Lang = lang
		c, err := d.BenchmarkCosts("two", two, "on_demand")
		if err != nil || c == nil {
			t.Fatalf("%q: chart %v, %v", lang, c, err)
		}
		js, _ := json.Marshal(c.Options)
		for _, w := range want {
			if !strings.Contains(string(js), w+`"`) {
				t.Errorf("%q: no mark named %q: %s", lang, w, js)
			}
		}
		if lang != "" && strings.Contains(string(js), "Acme") {
			t.Errorf("%q: a submitter in the chart's text: %s", lang, js)
		}
	}
}
