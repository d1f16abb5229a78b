package catalog

import (
	"strings"
	"testing"
)

// TestShippedH20 pins the H20 figures and offers to what their sources
// state: the dense FP16/BF16 and FP8 figures are those of Ant Group's
// H20-96G vs H800-80G table (not twice them, the sparse reading a later
// edit could take from press copy); FP32, INT8 and TDP, which no vendor
// states (NVIDIA publishes no H20 datasheet) and no source a reader can
// open gives, are unknown; and the ebmgn8v type carries the eight GPUs
// Alibaba's own solution names H20.
func TestShippedH20(t *testing.T) {
	cat := shipped(t)
	g := cat.GPU("h20-96gb")
	if g == nil {
		t.Fatal(`no GPU "h20-96gb"`)
	}
	checkFigures(t, "h20-96gb", []pinnedFigure{
		{"memory_gb", g.MemoryGB, 96},
		{"memory_bandwidth_gb_s", g.BandwidthGBs, 4000},
		{"dense.fp16_bf16", g.Dense.FP16BF16, 148},
		{"dense.fp8", g.Dense.FP8, 296},
	})
	if g.Dense.FP32 != nil || g.Dense.INT8 != nil || g.TDPWatts != nil {
		t.Errorf("h20-96gb FP32 %s, INT8 %s, TDP %s: want unknown, as no vendor states them", refShow(g.Dense.FP32), refShow(g.Dense.INT8), refShow(g.TDPWatts))
	}
	if g.Sparse.FP16BF16 != nil || g.Sparse.FP8 != nil {
		t.Errorf("h20-96gb has sparse figures; NVIDIA publishes none and no source read gives them")
	}
	if !strings.Contains(g.Source, "lm-sys.github.io blog/2025-09-26-sglang-ant-group.md @2896b37") {
		t.Errorf("h20-96gb source %q does not cite the Ant Group table", g.Source)
	}

	p := cat.Provider("alibaba-cloud")
	if p == nil {
		t.Fatal(`no provider "alibaba-cloud"`)
	}
	want := map[string]int{"ecs.ebmgn8v.48xlarge": 8, "ecs.gn8v.4xlarge": 1, "ecs.gn8v.6xlarge": 1}
	for _, in := range p.Instances {
		n, ok := want[in.ID]
		if !ok {
			continue
		}
		delete(want, in.ID)
		if in.GPU != "h20-96gb" || in.GPUCount != n {
			t.Errorf("%s: %d x %q, want %d x h20-96gb", in.ID, in.GPUCount, in.GPU, n)
		}
	}
	for id := range want {
		t.Errorf("alibaba-cloud has no instance type %q", id)
	}
	if in := p.Instance("ecs.ebmgn8v.48xlarge"); in != nil && !strings.Contains(in.Source, "quickstart-vllm-ack@b4287af") {
		t.Errorf("ecs.ebmgn8v.48xlarge source %q does not cite the document that names its GPU", in.Source)
	}

	tc := cat.Provider("tencent-cloud")
	if tc == nil {
		t.Fatal(`no provider "tencent-cloud"`)
	}
	for id, n := range map[string]int{"pnv6.16xlarge640": 4, "pnv6.32xlarge1280": 8, "pnv6.96xlarge2304": 8, "hccpnv6.96xlarge2304": 8} {
		in := tc.Instance(id)
		if in == nil {
			t.Errorf("tencent-cloud has no instance type %q", id)
			continue
		}
		if in.GPU != "h20-96gb" || in.GPUCount != n || !strings.Contains(in.Source, "imroc/tke-guide@80449bd") {
			t.Errorf("%s: %d x %q from %q, want %d x h20-96gb from the TKE guide that names the GPU", id, in.GPUCount, in.GPU, in.Source, n)
		}
	}

	prices := map[string]float64{}
	for _, pp := range cat.Prices {
		if pp.Provider == "alibaba-cloud" && strings.HasPrefix(pp.Instance, "ecs.gn8v.") && pp.Amount != nil {
			prices[pp.Instance+"/"+pp.Region+"/"+pp.Model] = *pp.Amount
		}
	}
	for key, amount := range map[string]float64{
		"ecs.gn8v.4xlarge/cn-wulanchabu/on_demand": 34.65,
		"ecs.gn8v.6xlarge/cn-wulanchabu/on_demand": 36.6486,
	} {
		if got, ok := prices[key]; !ok || got != amount {
			t.Errorf("alibaba-cloud %s = %v (found %v), want %v CNY (SkyPilot catalog @b3e23ad, USD / 0.138)", key, got, ok, amount)
		}
	}
}

// TestShippedH800 pins the H800 to the same table: the dense figures of
// the H100 SXM, and the NVLink cut to 400 GB/s that sets it apart.
func TestShippedH800(t *testing.T) {
	g := shipped(t).GPU("h800-sxm-80gb")
	if g == nil {
		t.Fatal(`no GPU "h800-sxm-80gb"`)
	}
	checkFigures(t, "h800-sxm-80gb", []pinnedFigure{
		{"memory_gb", g.MemoryGB, 80},
		{"memory_bandwidth_gb_s", g.BandwidthGBs, 3352},
		{"dense.fp16_bf16", g.Dense.FP16BF16, 989},
		{"dense.fp8", g.Dense.FP8, 1979},
	})
	if b := g.Interconnect.BidirGBs; b == nil || *b != 400 {
		t.Errorf("h800-sxm-80gb interconnect = %+v, want NVLink 400 GB/s", g.Interconnect)
	}
}
