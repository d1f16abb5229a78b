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
-- data/prices/aws.yaml --
provider: aws
prices:
  - {instance: one, region: r1, model: on_demand, amount: 2, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: one, region: r1, model: spot, amount: 0.6, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: one, region: r1, model: reserved_1y, amount: 1.2, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: one, region: r1, model: reserved_3y, discount_pct: 50, currency: USD, since: 2025, source: seed, source_kind: provider}
  - {instance: eight, region: r1, model: on_demand, amount: 16, currency: USD, since: 2025, source: s, source_kind: provider}
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
	s.Workload.GPUsPerJob = 4
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
	if want := []Note{{Kind: SpotOverhead, Model: "spot", Value: 10}, {Kind: Covered, Model: "spot", Value: 130}, {Kind: Covered, Model: "on_demand", Value: 400}, {Kind: EgressUnknown}}; !slices.Equal(tco.Notes, want) {
		t.Errorf("reserved + spot + on-demand notes %+v, want %+v", tco.Notes, want)
	}
	// Two commitments of one instance each (500 and 300 GPU-hours) have 230 + 430 spare:
	// more than spot's 200, which buys nothing, so no spot run takes the overhead.
	tco, ok, _ = ScenarioTCO(cat, one, scenario(36, true), mix(catalog.Share{Model: "reserved_1y", Percent: 50}, catalog.Share{Model: "reserved_3y", Percent: 30}, catalog.Share{Model: "spot", Percent: 20}))
	if p := tco.Parts; !ok || p[0].Instances != 1 || p[1].Instances != 1 || p[2].Covered != 200 || p[2].PerMonth != 0 || !near(tco.Compute, 876+730) {
		t.Errorf("two commitments + spot: %+v", tco)
	}
	if want := []Note{{Kind: DiscountOnly, Model: "reserved_3y", Value: 50}, {Kind: Covered, Model: "spot", Value: 200}, {Kind: EgressUnknown}}; !slices.Equal(tco.Notes, want) {
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
