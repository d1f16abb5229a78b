package catalog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// supersedeProvider is a provider with a per-GPU listing (no vCPUs, no
// memory), an 8-GPU instance of the same GPU, two instance types of one
// GPU that differ in vCPUs, and one machine listed under two names.
const supersedeProvider = `id: aws
name: AWS
kind: gpu_cloud
currency: USD
regions:
  - id: us-east-1
instances:
  - {id: a100-per-gpu, name: A100 (per GPU), gpu: a100, gpu_count: 1, regions: [all], source: https://example.com/t}
  - {id: gpu_8x_a100, name: gpu_8x_a100, gpu: a100, gpu_count: 8, vcpus: 124, ram_gib: 1800, regions: [all], source: https://example.com/t}
  - {id: small, name: small, gpu: a100, gpu_count: 1, vcpus: 4, ram_gib: 16, regions: [all], source: https://example.com/t}
  - {id: large, name: large, gpu: a100, gpu_count: 1, vcpus: 8, ram_gib: 32, regions: [all], source: https://example.com/t}
  - {id: old-name, name: old-name, gpu: a100, gpu_count: 1, vcpus: 8, ram_gib: 32, regions: [all], source: https://example.com/t}
  - {id: p4d.24xlarge, name: p4d.24xlarge, gpu: a100, gpu_count: 8, regions: [us-east-1], source: https://example.com/t}
`

func supersedePrices(body string) string {
	return "provider: aws\nprices:\n" + body +
		"  - {instance: p4d.24xlarge, region: us-east-1, model: on_demand, amount: 32.77, currency: USD, since: 2025-06-01, source: https://example.com/p, source_kind: provider}\n"
}

func supersededWarnings(r Report) []string {
	var out []string
	for _, d := range r {
		if strings.Contains(d.Message, "superseded") {
			out = append(out, d.String())
		}
	}
	return out
}

// TestCheckWarnsOnSupersededListings: a per-GPU listing or a duplicate
// that a newer listing of the same provider supersedes is warned about,
// at the position of its current point; two sizes of one GPU, a retired
// listing and a listing no newer one follows are not.
func TestCheckWarnsOnSupersededListings(t *testing.T) {
	for _, c := range []struct {
		name, prices string
		want         []string
	}{
		{
			name: "per-GPU listing, newer 8-GPU instance",
			prices: `  - {instance: a100-per-gpu, region: all, model: on_demand, amount: 1.29, per_gpu: true, currency: USD, since: 2024-09, as_of: "2025-09-17", source: https://example.com/t, source_kind: aggregator}
  - {instance: gpu_8x_a100, region: all, model: on_demand, amount: 15.92, currency: USD, since: unknown, as_of: "2026-09-20", source: https://example.com/t, source_kind: aggregator}
`,
			want: []string{`data/prices/aws.yaml:3:16: warning: price "a100-per-gpu/all/on_demand": superseded: this per-GPU listing of a100 (dated 2025-09-17) has a newer one from the same provider, "gpu_8x_a100" (8× a100, dated 2026-09-20): mark it last_seen with the reason in its note, or correct the dates`},
		},
		{
			name: "the same machine under an older name",
			prices: `  - {instance: old-name, region: all, model: on_demand, amount: 1.5, currency: USD, since: 2025-01-01, source: https://example.com/t, source_kind: aggregator}
  - {instance: large, region: all, model: on_demand, amount: 1.9, currency: USD, since: 2026-01-01, source: https://example.com/t, source_kind: aggregator}
`,
			want: []string{`data/prices/aws.yaml:3:16: warning: price "old-name/all/on_demand": superseded: this listing of a100 (dated 2025-01-01) has a newer one from the same provider, "large" (1× a100, dated 2026-01-01): mark it last_seen with the reason in its note, or correct the dates`},
		},
		{
			name: "two sizes of one GPU are two offers",
			prices: `  - {instance: small, region: all, model: on_demand, amount: 1.1, currency: USD, since: 2025-01-01, source: https://example.com/t, source_kind: aggregator}
  - {instance: large, region: all, model: on_demand, amount: 1.9, currency: USD, since: 2026-01-01, source: https://example.com/t, source_kind: aggregator}
`,
		},
		{
			name: "retired with last_seen",
			prices: `  - {instance: a100-per-gpu, region: all, model: on_demand, amount: 1.29, per_gpu: true, currency: USD, since: 2024-09, last_seen: 2025-09-17, source: https://example.com/t, source_kind: aggregator}
  - {instance: gpu_8x_a100, region: all, model: on_demand, amount: 15.92, currency: USD, since: 2026-09-20, source: https://example.com/t, source_kind: aggregator}
`,
		},
		{
			name: "another pricing model",
			prices: `  - {instance: a100-per-gpu, region: all, model: spot, amount: 0.9, per_gpu: true, currency: USD, since: 2024-09, source: https://example.com/t, source_kind: aggregator}
  - {instance: gpu_8x_a100, region: all, model: on_demand, amount: 15.92, currency: USD, since: 2026-09-20, source: https://example.com/t, source_kind: aggregator}
`,
		},
		{
			name: "the per-GPU listing is the newer",
			prices: `  - {instance: a100-per-gpu, region: all, model: on_demand, amount: 1.29, per_gpu: true, currency: USD, since: 2026-10-01, source: https://example.com/t, source_kind: aggregator}
  - {instance: gpu_8x_a100, region: all, model: on_demand, amount: 15.92, currency: USD, since: 2026-09-20, source: https://example.com/t, source_kind: aggregator}
`,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, r := load(t, map[string]string{"data/providers/aws.yaml": supersedeProvider, "data/prices/aws.yaml": supersedePrices(c.prices)})
			if errs := r.Errors(); len(errs) > 0 {
				t.Fatalf("fixture does not load:\n%s", errs)
			}
			got := supersededWarnings(r)
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// TestShippedSupersededListingsAreRetired: Lambda's per-GPU A100 listings
// of a community table, which Lambda's own 2026 list no longer carries,
// are retired with last_seen and the reason, and the shipped catalog has
// no superseded listing left unretired.
func TestShippedSupersededListingsAreRetired(t *testing.T) {
	cat, r := Load(os.DirFS(filepath.Join("..", "..")))
	if errs := r.Errors(); len(errs) > 0 {
		t.Fatalf("the shipped catalog does not load:\n%s", errs)
	}
	if got := supersededWarnings(r); len(got) > 0 {
		t.Errorf("superseded listings not retired:\n%s", strings.Join(got, "\n"))
	}
	for _, c := range []struct{ provider, instance, lastSeen, reason string }{
		{"lambda", "a100-40gb-per-gpu", "2025-09-17", "gpu_1x_a100 and gpu_1x_a100_sxm4 at 1.99"},
		{"lambda", "a100-80gb-per-gpu", "2025-09-17", "gpu_8x_a100_80gb_sxm4 at 22.32 (2.79 a GPU)"},
		{"coreweave", "h100-hgx-80gb-gpu-component", "2023-04-25", "h100-per-gpu-instance-basis"},
	} {
		var last *PricePoint
		for _, pp := range cat.Prices {
			if pp.Provider == c.provider && pp.Instance == c.instance && pp.Model == "on_demand" {
				last = pp
			}
		}
		if last == nil {
			t.Errorf("%s/%s: no on-demand price", c.provider, c.instance)
			continue
		}
		if last.LastSeen() != Date(c.lastSeen) || !strings.Contains(last.Note(), "Retired: superseded") || !strings.Contains(last.Note(), c.reason) {
			t.Errorf("%s/%s: last_seen %q, note %q: want last_seen %s and the reason (%q)", c.provider, c.instance, last.LastSeen(), last.Note(), c.lastSeen, c.reason)
		}
	}
}
