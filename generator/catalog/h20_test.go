package catalog

import (
	"strings"
	"testing"
)

// TestShippedH20 pins the H20 to what a vendor states: NVIDIA publishes
// no H20 datasheet, so every throughput, bandwidth and power figure is
// unknown and only the memory of its name is kept; the notes keep the
// figures once here (Ant Group's table, a buyer's, not NVIDIA's) and say
// where the vendor's were looked for. The ebmgn8v type carries the eight
// GPUs Alibaba's own solution names H20.
func TestShippedH20(t *testing.T) {
	cat := shipped(t)
	g := cat.GPU("h20-96gb")
	if g == nil {
		t.Fatal(`no GPU "h20-96gb"`)
	}
	checkFigures(t, "h20-96gb", []pinnedFigure{{"memory_gb", g.MemoryGB, 96}})
	noVendorFigures(t, g, "FP16/BF16 148 and FP8 296")

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

// TestShippedH800 pins the H800 likewise: no NVIDIA datasheet, so only the
// memory of its name; the Ant Group table's figures (the H100 SXM's, with
// NVLink cut to 400 GB/s) stay in the notes, not in the figures.
func TestShippedH800(t *testing.T) {
	g := shipped(t).GPU("h800-sxm-80gb")
	if g == nil {
		t.Fatal(`no GPU "h800-sxm-80gb"`)
	}
	checkFigures(t, "h800-sxm-80gb", []pinnedFigure{{"memory_gb", g.MemoryGB, 80}})
	noVendorFigures(t, g, "FP16/BF16 989 and FP8 1,979")
}

// noVendorFigures checks a China-market Hopper record that no NVIDIA
// datasheet covers: no figure but its memory, marked secondary, citing
// the Ant Group table whose figures its notes keep (dropped) in both
// editions.
func noVendorFigures(t *testing.T, g *GPU, dropped string) {
	t.Helper()
	if g.BandwidthGBs != nil || g.TDPWatts != nil || g.Interconnect.BidirGBs != nil || g.Dense != (Throughput{}) || g.Sparse != (Throughput{}) {
		t.Errorf("%s: throughput, bandwidth, TDP or interconnect figures remain; NVIDIA states none of them", g.ID)
	}
	if g.VendorFigures() {
		t.Errorf("%s: not marked figures_from: secondary", g.ID)
	}
	if !strings.Contains(g.Source, "lm-sys.github.io blog/2025-09-26-sglang-ant-group.md @2896b37") {
		t.Errorf("%s source %q does not cite the Ant Group table", g.ID, g.Source)
	}
	if !strings.Contains(g.Notes, dropped) || !strings.Contains(g.Notes, "dropped") {
		t.Errorf("%s: the notes do not keep the dropped figures %q", g.ID, dropped)
	}
	if zh := g.I18n["zh-CN"]["notes"]; !strings.Contains(zh, "已删除") {
		t.Errorf("%s: the Chinese notes do not say which figures were dropped", g.ID)
	}
}
