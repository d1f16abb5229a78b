package catalog

import (
	"strings"
	"testing"
)

// TestShippedDatesFromPriceHistories pins dates read from price tables kept
// in git: the month a price first appears in Karpenter's price files (both
// the snapshot without it and the one with it fall in that month), the day
// of a Capacity Blocks capture, and the day of a public table in git
// (cloud-gpus.github.io, carsonpo/gpus) that shows the same price. Each must name the
// commit it was read at, so an edit that drops the date or its proof is
// seen.
func TestShippedDatesFromPriceHistories(t *testing.T) {
	cat := shipped(t)
	for _, c := range []struct {
		provider, instance, region, model string
		amount                            float64
		since                             Date
		asOf                              string
		cite                              string // in the source or the note
	}{
		{"aws", "g6.xlarge", "us-east-1", "on_demand", 0.8048, "2024-04", "2026-07-20", "karpenter-provider-aws@da07bf71a"},
		{"aws", "g6.48xlarge", "us-east-1", "on_demand", 13.3504, "2024-04", "2026-07-20", "@0416890af (generated 2024-04-01)"},
		{"aws", "p5.48xlarge", "us-east-1", "on_demand", 98.32, "2023-07", "2025-04-28", "karpenter-provider-aws@a1426d2eb"},
		{"aws", "p5en.48xlarge", "us-east-1", "on_demand", 84.8, "2025-03", "2025-04-28", "karpenter-provider-aws@ee90412be"},
		{"aws", "p6-b200.48xlarge", "us-east-1", "on_demand", 113.9328, "2025-07", "2026-07-20", "karpenter-provider-aws@dd200abd6"},
		{"aws", "p5.4xlarge", "us-east-1", "on_demand", 6.88, "2025-08", "2026-07-20", "karpenter-provider-aws@3fcf5bc52"},
		{"aws", "trn1n.32xlarge", "us-east-1", "on_demand", 24.78, "2023-04", "2026-07-20", "karpenter-provider-aws@6bdd21387"},
		{"aws", "p5.48xlarge", "us-gov-west-1", "on_demand", 117.984, "2024-11", "2025-05-12", "karpenter-provider-aws@a4240fc7b"},
		{"aws", "g6.xlarge", "us-gov-west-1", "on_demand", 1.0144, "2024-11", "2026-07-20", "@3a1c3cddd (generated 2024-11-05)"},
		{"aws", "p3dn.24xlarge", "us-gov-west-1", "on_demand", 37.454, Unknown, "2026-07-20", "zz_generated.pricing_aws_us_gov.go"},
		{"aws", "p5.48xlarge", "us-east-1", "capacity_block", 31.464, Unknown, "2026-03-01", "ec2-capacity-blocks-for-ml-pricing-json@ff99bc1"},
		{"aws", "p5.48xlarge", "us-east-1", "capacity_block", 41.528, Unknown, "2026-07-22", "ec2-capacity-blocks-for-ml-pricing-json@b3a54ae"},
		{"aws", "p4d.24xlarge", "us-west-2", "capacity_block", 11.8, Unknown, "2026-07-22", "@45e3e84 (2026-01-31)"},
		{"oci", "bm.gpu.h100.8", AllRegions, "on_demand", 80, Unknown, "2025-09-17", "cloud-gpus.github.io@61a3021"},
		{"oci", "vm.gpu2.1", AllRegions, "on_demand", 1.275, Unknown, "2025-09-15", "cloud-gpus.github.io@1aca24a"},
		{"lambda", "gpu_8x_v100", AllRegions, "on_demand", 4.4, Unknown, "2025-09-17", "cloud-gpus.github.io@61a3021"},
		{"runpod", "8x_a100-80gb-sxm", AllRegions, "on_demand", 15.12, Unknown, "2025-07-13", "carsonpo/gpus@d1e3f75"},
		{"nebius", "hgx-h100-per-gpu", AllRegions, "on_demand", 3.85, Unknown, "2026-09-25", "silybench-data"},
	} {
		name := c.provider + "/" + c.instance + " " + c.region + " " + c.model
		p, _ := refPrice{c.provider, c.instance, c.region, c.model, "USD", c.amount}.find(cat)
		if p == nil {
			t.Errorf("%s: no point of %v", name, c.amount)
			continue
		}
		if p.Since != c.since || p.AsOf() != c.asOf {
			t.Errorf("%s %v: since %q, as_of %q; want %q, %q", name, c.amount, p.Since, p.AsOf(), c.since, c.asOf)
		}
		if !strings.Contains(p.Source+" "+p.Note(), c.cite) {
			t.Errorf("%s %v: the source and note do not cite %q", name, c.amount, c.cite)
		}
	}
	// A point read from the Capacity Blocks captures alone has no since:
	// they state no effective date, and a rate that changed between two
	// captures of different months changed on a day they do not show.
	for _, p := range cat.Prices {
		if p.Model == "capacity_block" && strings.HasPrefix(p.Source, "github.com/koyakimu/ec2-capacity-blocks-for-ml-pricing-json") && p.Since.Known() {
			t.Errorf("%s %s %v: since %q: the captures of the Capacity Blocks page state no effective date", p.Instance, p.Region, *p.Amount, p.Since)
		}
	}
}
