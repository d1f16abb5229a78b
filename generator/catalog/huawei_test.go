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
	checkFigures(t, "ascend-910b2", []pinnedFigure{
		{"dense fp16_bf16", g.Dense.FP16BF16, 353.89},
		{"memory_gb", g.MemoryGB, 64},
		{"memory_bandwidth_gb_s", g.BandwidthGBs, 1600},
	})
	if g.Dense.FP32 != nil || g.Sparse.FP16BF16 != nil {
		t.Error("ascend-910b2: no source read gives FP32 or a sparse figure; keep them unknown")
	}
	for _, s := range []string{"huaweicloud/huaweicloud-skills@d128959", "Ascend910B2"} {
		if !strings.Contains(g.Source, s) {
			t.Errorf("ascend-910b2: source %q lacks %q", g.Source, s)
		}
	}
}

func TestShippedHuaweiPrice(t *testing.T) {
	cat := shipped(t)
	hw := cat.Provider("huawei-cloud")
	if hw == nil {
		t.Fatal("no provider huawei-cloud")
	}
	if reg := hw.Region("cn-north-4"); reg == nil || reg.Geo != "china-mainland" {
		t.Errorf("huawei-cloud region cn-north-4: %+v, want geo china-mainland", reg)
	} else if got, _ := Text(reg, "name", "zh-CN"); got != "华北-北京四" {
		t.Errorf("huawei-cloud cn-north-4: zh-CN name %q, want 华北-北京四", got)
	}
	in := hw.Instance("p2v.16xlarge.8")
	if in == nil {
		t.Fatal("huawei-cloud has no instance p2v.16xlarge.8")
	}
	if in.PriceNotPublic != "" || !strings.Contains(in.Notes, "ringochen06/deepjump@7296e6a") || strings.Contains(in.Notes, "not recoverable") {
		t.Errorf("p2v.16xlarge.8: price_not_public %q, notes %q", in.PriceNotPublic, in.Notes)
	}
	// The one Huawei Cloud price: a third party's reading of the purchase
	// page, so an article, approximate, dated by the plan's commit.
	var got []*PricePoint
	for _, pp := range cat.Prices {
		if pp.Provider == "huawei-cloud" {
			got = append(got, pp)
		}
	}
	if len(got) != 1 {
		t.Fatalf("%d Huawei Cloud prices, want 1", len(got))
	}
	pp := got[0]
	if pp.Instance != "p2v.16xlarge.8" || pp.Region != "cn-north-4" || pp.Model != "on_demand" ||
		pp.Amount == nil || *pp.Amount != 131.5 || pp.Currency != "CNY" || !pp.Approximate {
		t.Errorf("Huawei Cloud price: %s/%s/%s %v %s approximate %v, want p2v.16xlarge.8/cn-north-4/on_demand 131.5 CNY approximate",
			pp.Instance, pp.Region, pp.Model, pp.Amount, pp.Currency, pp.Approximate)
	}
	if pp.SourceKind != KindArticle || !strings.HasPrefix(pp.AsOf(), "2026-07-13") || pp.Since.Known() ||
		!strings.Contains(pp.Source, "ringochen06/deepjump@7296e6a") {
		t.Errorf("Huawei Cloud price: kind %q, as_of %q, since %q, source %q", pp.SourceKind, pp.AsOf(), pp.Since, pp.Source)
	}
	// No other Huawei flavour claims the catalog holds no Huawei price.
	for _, in := range hw.Instances {
		if strings.Contains(in.PriceNotPublic, "in the catalog yet") {
			t.Errorf("huawei-cloud/%s: price_not_public %q", in.ID, in.PriceNotPublic)
		}
	}
}
