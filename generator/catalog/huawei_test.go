package catalog

import (
	"strings"
	"testing"
)

// Huawei Cloud, Volcano Engine and Baidu AI Cloud in the shipped catalog:
// the Ascend figures, and what the public sources give and do not give.

func TestShippedAscend910B2(t *testing.T) {
	cat := shipped(t)
	g := cat.GPU("ascend-910b2")
	if g == nil {
		t.Fatal("no GPU record ascend-910b2")
	}
	if g.Kind != "npu" || g.Vendor != "Huawei" {
		t.Errorf("ascend-910b2: kind %q, vendor %q, want npu, Huawei", g.Kind, g.Vendor)
	}
	// The Cube peak of the 910B2 (24 AI cores at 1.8 GHz), dense; not the
	// 910B1's 378.88 nor the variant-less 256 of the same repository's
	// skill page.
	for _, c := range []struct {
		what string
		got  *float64
		want float64
	}{
		{"dense fp16_bf16", g.Dense.FP16BF16, 353.89},
		{"memory_gb", g.MemoryGB, 64},
		{"memory_bandwidth_gb_s", g.BandwidthGBs, 1600},
	} {
		switch {
		case c.got == nil:
			t.Errorf("ascend-910b2 %s: unknown, want %v", c.what, c.want)
		case *c.got != c.want:
			t.Errorf("ascend-910b2 %s: %v, want %v", c.what, *c.got, c.want)
		}
	}
	if g.Dense.FP32 != nil || g.Sparse.FP16BF16 != nil {
		t.Error("ascend-910b2: no source read gives FP32 or a sparse figure; keep them unknown")
	}
	for _, s := range []string{"huaweicloud/huaweicloud-skills@d128959", "Ascend910B2"} {
		if !strings.Contains(g.Source, s) {
			t.Errorf("ascend-910b2: source %q lacks %q", g.Source, s)
		}
	}
}

func TestShippedHuaweiP2vNote(t *testing.T) {
	cat := shipped(t)
	hw := cat.Provider("huawei-cloud")
	if hw == nil {
		t.Fatal("no provider huawei-cloud")
	}
	in := hw.Instance("p2v.16xlarge.8")
	if in == nil {
		t.Fatal("huawei-cloud has no instance p2v.16xlarge.8")
	}
	// The third-party figure names its repository and commit, no longer
	// "repo name not recoverable".
	if !strings.Contains(in.Notes, "ringochen06/deepjump@7296e6a") || strings.Contains(in.Notes, "not recoverable") {
		t.Errorf("p2v.16xlarge.8 notes: %q", in.Notes)
	}
}
