package pricing

import (
	"slices"
	"testing"

	"gpucompare/generator/catalog"
)

const tcoCatalog = `
-- data/site.yaml --
title: T
currency: USD
-- data/gpus/a100.yaml --
{id: a100, name: A100, model: A100, vendor: NVIDIA, memory_gb: 80, source: s}
-- data/providers/aws.yaml --
id: aws
name: AWS
kind: public_cloud
currency: USD
billing: {granularity: hour, source: s}
storage: {price: 0.1, currency: USD, source: s}
regions: [{id: r1}]
instances:
  - {id: one, name: one, gpu: a100, gpu_count: 1, regions: [r1], source: s}
  - {id: eight, name: eight, gpu: a100, gpu_count: 8, regions: [r1], source: s}
  - {id: four, name: four, gpu: a100, gpu_count: 4, regions: [r1], source: s}
-- data/prices/aws.yaml --
provider: aws
prices:
  - {instance: one, region: r1, model: on_demand, amount: 2, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: one, region: r1, model: spot, amount: 0.6, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: one, region: r1, model: reserved_1y, amount: 1.2, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: one, region: r1, model: reserved_3y, discount_pct: 50, currency: USD, since: 2025, source: seed, source_kind: provider}
  - {instance: eight, region: r1, model: on_demand, amount: 16, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: eight, region: r1, model: lease, amount: 1.2, per_gpu: true, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: eight, region: r1, model: cud_3y, amount: 10, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: four, region: r1, model: on_demand, amount: 8, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: four, region: r1, model: reserved_3y, discount_pct: 50, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: four, region: r1, model: savings_plan_3y, amount: 7, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: four, region: r1, model: cud_3y, amount: 6, currency: USD, since: 2025, source: s, source_kind: aggregator}
  - {instance: four, region: r1, model: cud_1y, amount: 3, currency: USD, since: 2025, source: s, source_kind: article}
`

func scenario(months float64, interruptible bool) *catalog.Scenario {
	mem := 40.0
	return &catalog.Scenario{ID: "s", Workload: catalog.Workload{
		GPUHoursPerMonth: 1000, Months: months, GPUsPerJob: 1, JobHours: 2.5,
		MinGPUMemoryGB: &mem, Interruptible: interruptible, CheckpointOverheadPct: 10, StorageTB: 2, EgressTBPerMonth: 1,
	}}
}

func mix(shares ...catalog.Share) catalog.Strategy { return catalog.Strategy{ID: "x", Mix: shares} }

func TestScenarioTCO(t *testing.T) {
	cat := loadTxtar(t, tcoCatalog)
	offers := Offers(cat, "USD")
	one, eight := offers[0], offers[1]

	// On-demand, billed by the hour: 1,000 GPU-hours in jobs of 2.5 h = 400 jobs,
	// each billed 3 h: 400 × 3 × 2 = 2,400 a month. Storage 2 TB × 1,000 GB × 0.1 = 200;
	// egress unknown and left out. 2,600 a month, 15,600 over 6 months.
	tco, ok, why := ScenarioTCO(cat, one, scenario(6, true), mix(catalog.Share{Model: "on_demand", Percent: 100}))
	if !ok || !near(tco.Compute, 2400) || !near(tco.Storage, 200) || tco.EgressKnown || !near(tco.Total, 15600) {
		t.Errorf("on-demand: %+v ok=%v %v", tco, ok, why)
	}
	if p := tco.Parts[0]; !near(p.Jobs, 400) || p.JobHours != 2.5 || p.Instances != 1 {
		t.Errorf("on-demand part: %+v, want 400 jobs of 2.5 h on 1 instance", p)
	}
	if want := []Note{{Kind: EgressUnknown}}; !slices.Equal(tco.Notes, want) {
		t.Errorf("on-demand notes %+v, want %+v", tco.Notes, want)
	}
	// The 8-GPU instance runs each 1-GPU job alone: 400 × 3 h × 16 = 19,200 a month.
	if tco, _, _ := ScenarioTCO(cat, eight, scenario(6, true), mix(catalog.Share{Model: "on_demand", Percent: 100})); !near(tco.Compute, 19200) || tco.Parts[0].Instances != 1 {
		t.Errorf("8-GPU instance for 1-GPU jobs: %v on %d instance(s)", tco.Compute, tco.Parts[0].Instances)
	}
	// A 4-GPU job on the 1-GPU instance runs on 4 of them.
	s := scenario(6, true)
	s.Workload.GPUsPerJob, s.Workload.Splittable = 4, true
	if tco, _, _ := ScenarioTCO(cat, one, s, mix(catalog.Share{Model: "on_demand", Percent: 100})); !near(tco.Parts[0].Jobs, 100) || tco.Parts[0].Instances != 4 {
		t.Errorf("4-GPU jobs on a 1-GPU instance: %+v", tco.Parts[0])
	}
	// Spot with 10% checkpoint overhead: 2.75 h billed as 3 h: 400 × 3 × 0.6 = 720.
	tco, ok, _ = ScenarioTCO(cat, one, scenario(6, true), mix(catalog.Share{Model: "spot", Percent: 100}))
	if !ok || !near(tco.Compute, 720) || !near(tco.Parts[0].JobHours, 2.75) {
		t.Errorf("spot: %v, a job %v h", tco.Compute, tco.Parts[0].JobHours)
	}
	if want := []Note{{Kind: SpotOverhead, Model: "spot", Value: 10}, {Kind: EgressUnknown}}; !slices.Equal(tco.Notes, want) {
		t.Errorf("spot notes %+v, want %+v", tco.Notes, want)
	}
	for _, tt := range []struct {
		name  string
		offer *Offer
		s     *catalog.Scenario
		model string
		want  Reason
	}{
		{"uninterruptible on spot", one, scenario(6, false), "spot", Reason{Kind: Uninterruptible, Model: "spot"}},
		{"a 1-year reservation over a 6-month project", one, scenario(6, true), "reserved_1y", Reason{Kind: Outlasts, Model: "reserved_1y", Months: 12}},
		{"no spot price", eight, scenario(6, true), "spot", Reason{Kind: NoPrice, Model: "spot"}},
	} {
		if _, ok, why := ScenarioTCO(cat, tt.offer, tt.s, mix(catalog.Share{Model: tt.model, Percent: 100})); ok || why != tt.want {
			t.Errorf("%s: ok=%v %+v, want %+v", tt.name, ok, why, tt.want)
		}
	}
	// 70% reserved 1-year + 30% spot over 12 months: 700 GPU-hours need ceil(700/730) = 1
	// reserved instance: 1 × 1.2 × 730 = 876. Its 30 spare GPU-hours run 30 of spot's 300,
	// so spot buys 270 GPU-hours = 108 jobs × 3 h × 0.6 = 194.4.
	tco, ok, _ = ScenarioTCO(cat, one, scenario(12, true), mix(catalog.Share{Model: "reserved_1y", Percent: 70}, catalog.Share{Model: "spot", Percent: 30}))
	if !ok || !near(tco.Parts[0].PerMonth, 876) || tco.Parts[0].Instances != 1 || tco.Parts[0].Jobs != 0 || !near(tco.Parts[1].PerMonth, 194.4) || !near(tco.Parts[1].Jobs, 108) || !near(tco.Parts[1].GPUHours, 270) || !near(tco.Total, (876+194.4+200)*12) {
		t.Errorf("reserved + spot: %+v", tco)
	}
	if want := []Note{{Kind: SpotOverhead, Model: "spot", Value: 10}, {Kind: Covered, Model: "spot", Value: 30}, {Kind: EgressUnknown}}; !slices.Equal(tco.Notes, want) {
		t.Errorf("reserved + spot notes %+v, want %+v (a sourced reserved price is no discount)", tco.Notes, want)
	}
	// 20% reserved + 40% spot + 40% on-demand: the one reserved instance has 730 − 200 = 530
	// spare GPU-hours. On-demand is the dearer per GPU-hour (2 × 3 h / 2.5 = 2.4 against
	// 0.6 × 3 h / 2.5 = 0.72): all its 400 GPU-hours run there and it buys none; the other
	// 130 go to spot, which buys 270 = 108 jobs × 3 h × 0.6 = 194.4.
	tco, ok, _ = ScenarioTCO(cat, one, scenario(12, true), mix(catalog.Share{Model: "reserved_1y", Percent: 20}, catalog.Share{Model: "spot", Percent: 40}, catalog.Share{Model: "on_demand", Percent: 40}))
	if p := tco.Parts; !ok || !near(p[0].PerMonth, 876) || !near(p[1].Covered, 130) || !near(p[1].PerMonth, 194.4) || p[2].Covered != 400 || p[2].GPUHours != 0 || p[2].Jobs != 0 || p[2].PerMonth != 0 || !near(tco.Compute, 876+194.4) {
		t.Errorf("reserved + spot + on-demand: %+v", tco)
	}
	if want := []Note{{Kind: SpotOverhead, Model: "spot", Value: 10}, {Kind: Covered, Model: "spot", Value: 130}, {Kind: CoveredAll, Model: "on_demand", Value: 400}, {Kind: EgressUnknown}}; !slices.Equal(tco.Notes, want) {
		t.Errorf("reserved + spot + on-demand notes %+v, want %+v", tco.Notes, want)
	}
	// Two commitments of one instance each (500 and 300 GPU-hours) have 230 + 430 spare:
	// more than spot's 200, which buys nothing, so no spot run takes the overhead.
	tco, ok, _ = ScenarioTCO(cat, one, scenario(36, true), mix(catalog.Share{Model: "reserved_1y", Percent: 50}, catalog.Share{Model: "reserved_3y", Percent: 30}, catalog.Share{Model: "spot", Percent: 20}))
	if p := tco.Parts; !ok || p[0].Instances != 1 || p[1].Instances != 1 || p[2].Covered != 200 || p[2].PerMonth != 0 || !near(tco.Compute, 876+730) {
		t.Errorf("two commitments + spot: %+v", tco)
	}
	if want := []Note{{Kind: DiscountOnly, Model: "reserved_3y", Value: 50}, {Kind: CoveredAll, Model: "spot", Value: 200}, {Kind: EgressUnknown}}; !slices.Equal(tco.Notes, want) {
		t.Errorf("two commitments + spot notes %+v, want %+v", tco.Notes, want)
	}
	// Only a discount is sourced for 3 years: 50% off 2 = 1 an hour, and the note says so.
	tco, ok, _ = ScenarioTCO(cat, one, scenario(36, true), mix(catalog.Share{Model: "reserved_3y", Percent: 100}))
	if !ok || !near(tco.Compute, 2*730) || !slices.Equal(tco.Notes, []Note{{Kind: DiscountOnly, Model: "reserved_3y", Value: 50}, {Kind: EgressUnknown}}) {
		t.Errorf("discount-only reserved: %+v", tco)
	}
	// A price no rate converts, and an instance of unknown GPU count.
	one.Prices["on_demand"].Converted = false
	if _, ok, why := ScenarioTCO(cat, one, scenario(6, true), mix(catalog.Share{Model: "on_demand", Percent: 100})); ok || why != (Reason{Kind: NoRate, Model: "on_demand"}) {
		t.Errorf("unconverted price: ok=%v %+v", ok, why)
	}
	eight.Instance.GPUCount = 0
	if _, ok, why := ScenarioTCO(cat, eight, scenario(6, true), mix(catalog.Share{Model: "on_demand", Percent: 100})); ok || why != (Reason{Kind: NoGPUCount}) {
		t.Errorf("unknown GPU count: ok=%v %+v", ok, why)
	}
}

func TestEligible(t *testing.T) {
	cat := loadTxtar(t, tcoCatalog)
	offers := Offers(cat, "USD")
	max := 1.5
	s := scenario(6, true)
	s.Limits.MaxPerGPUHour = &max
	// Spot at 0.6 per GPU-hour is under 1.5; on-demand at 2 is not.
	if !Eligible(cat, offers[0], s, mix(catalog.Share{Model: "spot", Percent: 100}), false) {
		t.Error("spot under the ceiling is not eligible")
	}
	if Eligible(cat, offers[0], s, mix(catalog.Share{Model: "on_demand", Percent: 100}), false) {
		t.Error("on-demand over the ceiling is eligible")
	}
	if Eligible(cat, offers[1], s, mix(catalog.Share{Model: "spot", Percent: 100}), false) {
		t.Error("an offer without a spot price is eligible")
	}
}

// eightGPUJobs is a workload of 8-GPU jobs: 4,000 GPU-hours a month in jobs
// of 12 h, nothing stored or sent out.
func eightGPUJobs(months float64) *catalog.Scenario {
	return &catalog.Scenario{ID: "s", Workload: catalog.Workload{GPUHoursPerMonth: 4000, Months: months, GPUsPerJob: 8, JobHours: 12, Interruptible: true, CheckpointOverheadPct: 10}}
}

func TestLeaseBillsEveryHour(t *testing.T) {
	cat := loadTxtar(t, tcoCatalog)
	eight := Offers(cat, "USD")[1]
	// 1.2 a GPU-hour × 8 GPUs = 9.6 an hour for the whole server, paid all
	// 730 h of the month though the work needs 4,000 of its 5,840 GPU-hours:
	// 7,008 a month, 168,192 over 24 months — not 4,000 × 1.2 = 4,800.
	tco, ok, why := ScenarioTCO(cat, eight, eightGPUJobs(24), mix(catalog.Share{Model: "lease", Percent: 100}))
	if p := tco.Parts[0]; !ok || p.Instances != 1 || !near(p.PerMonth, 7008) || !near(tco.Total, 168192) {
		t.Errorf("lease: ok=%v %v, %+v, total %v; want 1 instance, 7,008 a month, 168,192", ok, why, p, tco.Total)
	}
}

func TestUnsplittableJobNeedsOneInstance(t *testing.T) {
	cat := loadTxtar(t, tcoCatalog)
	one := Offers(cat, "USD")[0]
	s := eightGPUJobs(6)
	onDemand := mix(catalog.Share{Model: "on_demand", Percent: 100})
	if _, ok, why := ScenarioTCO(cat, one, s, onDemand); ok || why != (Reason{Kind: Unsplittable}) {
		t.Errorf("8-GPU job on a 1-GPU instance: ok=%v %+v, want %+v", ok, why, Reason{Kind: Unsplittable})
	}
	// Split: 4,000 / (8 × 12) = 41.67 jobs, each on 8 instances for 12 h at 2:
	// 41.67 × 8 × 12 × 2 = 8,000 a month.
	s.Workload.Splittable = true
	if tco, ok, _ := ScenarioTCO(cat, one, s, onDemand); !ok || tco.Parts[0].Instances != 8 || !near(tco.Compute, 8000) {
		t.Errorf("split 8-GPU job: ok=%v %+v", ok, tco.Parts[0])
	}
}

func TestCommitmentsOfOneTermAreOneShare(t *testing.T) {
	cat := loadTxtar(t, tcoCatalog)
	offers := Offers(cat, "USD")
	one, eight, four := offers[0], offers[1], offers[2]
	// four: reserved 3y at 50% off 8 = 4 (an estimate), a savings plan at 7
	// and committed use at 6: a ranked price first, then the cheapest.
	for _, m := range []string{"reserved_3y", "savings_plan_3y", "cud_3y"} {
		if got := four.Bought(m); got != "cud_3y" {
			t.Errorf("four buys %s as %s, want cud_3y", m, got)
		}
	}
	// An article's 1-year figure is all four has: bought, and left to
	// Eligible to rank or not.
	if got := four.Bought("reserved_1y"); got != "cud_1y" {
		t.Errorf("four buys reserved_1y as %s, want cud_1y", got)
	}
	if got := eight.Bought("reserved_3y"); got != "cud_3y" {
		t.Errorf("eight buys reserved_3y as %s, want cud_3y, its one 3-year price", got)
	}
	if got, want := one.Bought("reserved_1y"), "reserved_1y"; got != want {
		t.Errorf("one buys reserved_1y as %s, want %s", got, want)
	}
	if got, want := one.Bought("spot"), "spot"; got != want {
		t.Errorf("one buys spot as %s, want %s", got, want)
	}
	// A 3-year reserved strategy costs eight's committed-use price: 1 instance
	// × 10 × 730 = 7,300 a month, and names it.
	tco, ok, why := ScenarioTCO(cat, eight, eightGPUJobs(36), mix(catalog.Share{Model: "reserved_3y", Percent: 100}))
	if p := tco.Parts[0]; !ok || p.Model != "cud_3y" || !near(p.PerMonth, 7300) {
		t.Errorf("3-year reserved on committed use: ok=%v %v %+v", ok, why, p)
	}
}

func TestCoveredUsageNeedsNoPrice(t *testing.T) {
	cat := loadTxtar(t, tcoCatalog)
	eight := Offers(cat, "USD")[1]
	s := eightGPUJobs(36)
	s.Workload.GPUHoursPerMonth = 5840
	// 80% of 5,840 = 4,672 GPU-hours need one 8-GPU instance always on:
	// 5,840, 1,168 to spare — all of spot's 20%. eight has no spot price and
	// needs none: 1 × 10 × 730 = 7,300 a month, 262,800 over 36 months.
	st := mix(catalog.Share{Model: "reserved_3y", Percent: 80}, catalog.Share{Model: "spot", Percent: 20})
	tco, ok, why := ScenarioTCO(cat, eight, s, st)
	if p := tco.Parts; !ok || !near(p[0].PerMonth, 7300) || !near(p[1].Covered, 1168) || p[1].GPUHours != 0 || p[1].PerMonth != 0 || !near(tco.Total, 262800) {
		t.Errorf("covered spot without a price: ok=%v %v %+v", ok, why, tco)
	}
	if want := []Note{{Kind: CoveredAll, Model: "spot", Value: 1168}}; !slices.Equal(tco.Notes, want) {
		t.Errorf("notes %+v, want %+v", tco.Notes, want)
	}
	// 10 / 8 = 1.25 a GPU-hour under the ceiling of 2; spot, not bought, is not checked.
	max := 2.0
	s.Limits.MaxPerGPUHour = &max
	if !Eligible(cat, eight, s, st, false) {
		t.Error("an offer whose commitment covers all usage is not eligible without a usage price")
	}
	// 7,000 GPU-hours: 80% = 5,600 on one instance leaves 240 to spare, less
	// than spot's 1,400: spot needs its price.
	s.Workload.GPUHoursPerMonth = 7000
	if _, ok, why := ScenarioTCO(cat, eight, s, st); ok || why != (Reason{Kind: NoPrice, Model: "spot"}) {
		t.Errorf("uncovered spot without a price: ok=%v %+v", ok, why)
	}
}

// The matrix's "1-year commitment" and "3-year commitment" take whichever
// model of the term the offer has a price under, by Bought's rule.
func TestMatrixCommitmentTakesAnyModelOfItsTerm(t *testing.T) {
	cat := loadTxtar(t, tcoCatalog)
	offers := Offers(cat, "USD")
	one, eight, four := offers[0], offers[1], offers[2]
	y1, y3 := Commitments[0], Commitments[1]
	if y1.ID != "commit_1y" || y3.ID != "commit_3y" {
		t.Fatalf("commitments %+v", Commitments)
	}
	for _, m := range []string{"reserved_1y", "savings_plan_1y", "cud_1y"} {
		if c, ok := CommitmentOf(m); !ok || c.ID != "commit_1y" {
			t.Errorf("CommitmentOf(%s) = %v %v, want commit_1y", m, c.ID, ok)
		}
	}
	if _, ok := CommitmentOf("spot"); ok {
		t.Error("spot is not a commitment")
	}
	for _, c := range []struct {
		o     *Offer
		com   Commitment
		model string // "" for no price
		amt   float64
	}{
		{one, y1, "reserved_1y", 1.2},
		{one, y3, "reserved_3y", 1}, // 50% off on-demand 2: its only 3-year price
		{eight, y1, "", 0},
		{eight, y3, "cud_3y", 10},
		{four, y1, "cud_1y", 3}, // an article's figure, the term's only price
		{four, y3, "cud_3y", 6}, // ranked and cheaper than the savings plan's 7
	} {
		pr := c.o.Committed(c.com)
		if c.model == "" {
			if pr != nil {
				t.Errorf("%s %s: %s %v, want no price", c.o.Instance.ID, c.com.ID, pr.Model, pr.Display)
			}
			continue
		}
		if pr == nil || pr.Model != c.model || !near(pr.Display, c.amt) {
			t.Errorf("%s %s: %+v, want %s at %v", c.o.Instance.ID, c.com.ID, pr, c.model, c.amt)
		}
	}
}
