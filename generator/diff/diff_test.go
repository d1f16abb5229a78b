package diff

import (
	"strings"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/catalog/catalogtest"
)

const baseCatalog = `
-- data/site.yaml --
title: T
currency: USD
-- data/gpus/a100.yaml --
{id: a100, name: A100, model: A100, vendor: NVIDIA, memory_gb: 40, dense: {fp32: 19.5}, source: s}
-- data/gpus/v100.yaml --
{id: v100, name: V100, vendor: NVIDIA, source: s}
-- data/providers/aws.yaml --
id: aws
name: AWS
kind: public_cloud
currency: USD
regions: [{id: us-east-1}, {id: eu-west-1}]
instances:
  - {id: p4d, name: p4d.24xlarge, gpu: a100, gpu_count: 8, regions: [us-east-1, eu-west-1], source: s}
  - {id: p3, name: p3.2xlarge, gpu: v100, gpu_count: 1, regions: [us-east-1], source: s}
-- data/prices/aws.yaml --
provider: aws
prices:
  - {instance: p4d, region: us-east-1, model: on_demand, amount: 32.7726, currency: USD, since: unknown, source: old, source_kind: provider}
  - {instance: p4d, region: us-east-1, model: spot, amount: 5, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: p3, region: us-east-1, model: on_demand, amount: 3.06, currency: USD, since: unknown, source: s, source_kind: provider}
`

// edit applies replacements to the base catalog, one after the other.
func edit(pairs ...string) string {
	s := baseCatalog
	for i := 0; i+1 < len(pairs); i += 2 {
		s = strings.Replace(s, pairs[i], pairs[i+1], 1)
	}
	return s
}

func load(t *testing.T, archive string) (*catalog.Catalog, catalog.Report) {
	t.Helper()
	return catalogtest.Load(t, archive)
}

func TestCompare(t *testing.T) {
	base, br := load(t, baseCatalog)
	head, hr := load(t, edit(
		// a price cut appended to the history
		"  - {instance: p4d, region: us-east-1, model: spot", "  - {instance: p4d, region: us-east-1, model: on_demand, amount: 21.957642, currency: USD, since: 2025-06-01, source: https://aws.amazon.com/blogs/aws/, source_kind: provider}\n  - {instance: p4d, region: us-east-1, model: spot",
		// a new offer in a region
		"  - {instance: p4d, region: us-east-1, model: spot", "  - {instance: p4d, region: eu-west-1, model: on_demand, amount: 30, currency: USD, since: 2025, source: s, source_kind: provider}\n  - {instance: p4d, region: us-east-1, model: spot",
		// a spec edit and a claim the check disagrees with
		"memory_gb: 40, dense: {fp32: 19.5}", "memory_gb: 40, memory_bandwidth_gb_s: 1555, dense: {fp32: 19.5}",
		"gpu_count: 8, regions: [us-east-1, eu-west-1], source: s}", "gpu_count: 8, regions: [us-east-1, eu-west-1], source: s, claims: {tflops: 624, precision: fp32, source: seed}}",
		// a GPU removed with the instance that used it
		"-- data/gpus/v100.yaml --\n{id: v100, name: V100, vendor: NVIDIA, source: s}\n", "",
		"  - {id: p3, name: p3.2xlarge, gpu: v100, gpu_count: 1, regions: [us-east-1], source: s}\n", "",
		"  - {instance: p3, region: us-east-1, model: on_demand, amount: 3.06, currency: USD, since: unknown, source: s, source_kind: provider}\n", "",
	))
	r := Compare(base, head, br, hr)
	r.Base = Base{Kind: Revision, Name: "HEAD~1"}
	md := r.Markdown()
	for _, want := range []string{
		"**Catalog diff against git revision `HEAD~1`:** 3 shown price changes (1 down, 0 up), 3 price changes (1 down, 0 up), 1 offer added, 1 offer removed, 1 instance type removed, 1 GPU removed, 2 record edits, 1 new warning.",
		`| aws/p4d us-east-1 | on-demand | \$32.77 | \$21.96 | −33.0% | 2025-06-01 | <https://aws.amazon.com/blogs/aws/> |`,
		`| aws/p4d eu-west-1 | on-demand | — | \$30.00 | new | 2025 | s |`,
		`| aws/p3 us-east-1 | on-demand | \$3.06 | — | removed |  | s |`,
		"| Offers | aws/p4d in eu-west-1 | aws/p3 in us-east-1 |",
		"| GPUs | — | v100 |",
		"| gpu \"a100\" | `memory_bandwidth_gb_s` | — | 1555 |",
		"| instance \"aws/p4d\" | `claims` | — | tflops: 624, precision: fp32, source: seed |",
		`warning: instance "p4d" claims: "FP32 624 TFLOPS" disagrees`,
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
}

func TestNoChanges(t *testing.T) {
	base, br := load(t, baseCatalog)
	r := Compare(base, base, br, br)
	if !r.Empty() {
		t.Fatalf("a catalog against itself changes: %+v", r)
	}
	r.Base = Base{Kind: Folder, Name: "../main"}
	if got := r.Markdown(); got != "**Catalog diff against folder `../main`:** no changes to prices, price points, exchange rates or records.\n" {
		t.Errorf("got %q", got)
	}
}
