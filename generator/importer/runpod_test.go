package importer

import (
	"io"
	"strings"
	"testing"
)

// readRunPodFixture reads testdata/runpod-graphql/gpu-types-doc-example.json
// for one cloud. No public recording of a gpuTypes answer was found (every
// hit for "communitySpotPrice" in the code index was a hand-written test
// dictionary). The fixture is the GraphQL envelope {"data": {"gpuTypes":
// […]}} around: the "Get GPU by Id" example output of
// github.com/runpod/docs@6e616d7 sdks/python/apis.mdx ("NVIDIA A100 80GB
// PCIe", values unchanged), and two types whose id, displayName and
// memoryInGb are those of github.com/runpod/docs@ba1309b
// references/gpu-types.mdx ("NVIDIA H100 80GB HBM3", "NVIDIA GeForce RTX
// 5090"), their prices made up. The query (gpuTypes { id displayName
// memoryInGb securePrice communityPrice secureSpotPrice communitySpotPrice
// … }) follows github.com/runpod/runpod-python runpod/api/queries/gpus.py.
func readRunPodFixture(t *testing.T, community bool) *List {
	t.Helper()
	return readFixture(t, "runpod-graphql/gpu-types-doc-example.json", "gpu-types.json", func(r io.Reader, file string, l *List) error {
		return ReadRunPodGPUTypes(r, file, community, l)
	})
}

// TestReadRunPodGPUTypes reads the fixture for each cloud: per-GPU prices
// in region all, spot where stated, the catalog's instance ids for the
// types it maps and the display name with the cloud for the others; a
// Secure Cloud A100, which the catalog prices as a one-GPU instance type,
// per instance.
func TestReadRunPodGPUTypes(t *testing.T) {
	secure := readRunPodFixture(t, false)
	var got []string
	for _, o := range secure.Offers {
		got = append(got, o.Instance+" "+o.Model+" "+amountText(o.Amount))
		if o.PerGPU == (o.Instance == "1x_a100-80gb") || o.Region != "all" || o.Currency != "USD" || o.Effective != "" || o.Spec.GPUCount != 1 {
			t.Errorf("secure offer %+v", o)
		}
	}
	if want := "1x_a100-80gb on_demand 1.89|h100-sxm-secure-per-gpu on_demand 2.99|h100-sxm-secure-per-gpu spot 1.75|RTX 5090 (Secure Cloud, per GPU) on_demand 0.94"; strings.Join(got, "|") != want {
		t.Errorf("secure offers\ngot  %s\nwant %s", strings.Join(got, "|"), want)
	}
	if p := secure.Offers[1].Pos.String(); p != "gpu-types.json:25:7" {
		t.Errorf("the H100 offer is at %s, want its entry at gpu-types.json:25:7", p)
	}
	community := readRunPodFixture(t, true)
	got = nil
	for _, o := range community.Offers {
		got = append(got, o.Instance+" "+o.Model+" "+amountText(o.Amount))
	}
	if want := "a100-pcie-community-per-gpu on_demand 1.59|a100-pcie-community-per-gpu spot 0.89|h100-sxm-community-per-gpu on_demand 2.69"; strings.Join(got, "|") != want {
		t.Errorf("community offers\ngot  %s\nwant %s", strings.Join(got, "|"), want)
	}
	if community.Skipped["GPU type not offered in Community Cloud"] != 1 {
		t.Errorf("the RTX 5090, not in Community Cloud, is not skipped: %v", community.Skipped)
	}
}

// TestMergeRunPod merges the fixture into copies of the catalog's RunPod
// prices (golden diffs): Secure Cloud's H100 SXM gets a provider-sourced
// per-GPU point and a spot series, undated and first seen on the day read;
// Community Cloud's H100 SXM, the same price as the aggregator's, is
// recorded as the provider's. The types the catalog lacks are reported,
// never added.
func TestMergeRunPod(t *testing.T) {
	const src = "https://api.runpod.io/graphql (read 2026-12-01)"
	before, after, sum := mergeShipped(t, "runpod", readRunPodFixture(t, false), "2026-12-01", src)
	var added []string
	for _, a := range sum.Added {
		added = append(added, a.Instance+" "+a.Model+" "+a.Now+" "+string(a.FirstSeen))
	}
	if want := "1x_a100-80gb on_demand 1.89 2026-12-01|h100-sxm-secure-per-gpu on_demand 2.99 2026-12-01|h100-sxm-secure-per-gpu spot 1.75 2026-12-01"; strings.Join(added, "|") != want {
		t.Errorf("runpod added\ngot  %s\nwant %s", strings.Join(added, "|"), want)
	}
	if got := strings.Join(sum.NewTypes, "|"); got != "RTX 5090 (Secure Cloud, per GPU)" {
		t.Errorf("runpod new types %q", got)
	}
	var missing []string
	for _, m := range sum.Missing {
		missing = append(missing, m.Instance+" "+m.Model)
	}
	// The types the fixture lacks (1x_a100-80gb's spot: secureSpotPrice
	// is null); never 8x_a100-80gb and the other types of several GPUs,
	// which this list does not price.
	if want := "1x_a100-80gb spot|1x_a100-80gb-sxm on_demand|h100-pcie-secure-per-gpu on_demand|h100-nvl-secure-per-gpu on_demand|h200-secure-per-gpu on_demand|b200-secure-per-gpu on_demand|l40s-secure-per-gpu on_demand|rtx-4090-secure-per-gpu on_demand"; strings.Join(missing, "|") != want {
		t.Errorf("runpod missing\ngot  %s\nwant %s", strings.Join(missing, "|"), want)
	}
	if !strings.Contains(string(after), "  amount: 2.99\n  per_gpu: true\n  currency: USD\n  since: unknown\n  first_seen: '2026-12-01'\n  as_of: '2026-12-01'\n  source: "+src+"\n  source_kind: provider\n") {
		t.Errorf("no per-GPU provider point citing the API:\n%s", after)
	}
	goldenDiff(t, "runpod-graphql/merge-runpod.diff", before, after)

	before, after, sum = mergeShipped(t, "runpod-community", readRunPodFixture(t, true), "2026-12-01", src)
	added = nil
	for _, a := range sum.Added {
		added = append(added, a.Instance+" "+a.Model+" "+a.Now)
	}
	if want := "a100-pcie-community-per-gpu on_demand 1.59|h100-sxm-community-per-gpu on_demand 2.69|a100-pcie-community-per-gpu spot 0.89"; strings.Join(added, "|") != want {
		t.Errorf("runpod-community added\ngot  %s\nwant %s", strings.Join(added, "|"), want)
	}
	if len(sum.NewTypes) != 0 {
		t.Errorf("runpod-community new types %v", sum.NewTypes)
	}
	goldenDiff(t, "runpod-graphql/merge-runpod-community.diff", before, after)
}

func TestReadRunPodGPUTypesErrors(t *testing.T) {
	entry := func(fields string) string {
		return "{\"data\": {\"gpuTypes\": [\n  {" + fields + "}]}}"
	}
	tests := []struct{ src, want string }{
		{`{"errors": [{"message": "You must be authenticated"}], "data": null}`, `p.json:1:1: the API answered an error, "You must be authenticated"`},
		{`{"data": {"pods": []}}`, `p.json:1:1: no data.gpuTypes: want a RunPod GraphQL answer`},
		{`{"data": {"gpuTypes": {"id": "x"}}}`, `p.json:1:23: gpuTypes is not a list`},
		{entry(`"id": "NVIDIA L4", "securePrice": -0.4`), `p.json:2:3: NVIDIA L4: price -0.4 is negative`},
		{entry(`"securePrice": 0.4`), `p.json:2:3: GPU type without an id`},
		{entry(`"id": "NVIDIA L4", "securePrice": "cheap"`), `p.json:2:3: securePrice is a JSON string`},
	}
	for _, tt := range tests {
		var l List
		err := ReadRunPodGPUTypes(strings.NewReader(tt.src), "p.json", false, &l)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s:\ngot  %v\nwant %s…", tt.src, err, tt.want)
		}
	}
}
