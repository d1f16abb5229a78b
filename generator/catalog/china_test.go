package catalog

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The China market of the shipped catalog: the providers that quote in
// yuan, a few pinned offers of each, and the rule every yuan price taken
// from a USD price catalog keeps (the USD figure is the yuan price × 0.138).

func TestShippedChinaProviders(t *testing.T) {
	cat := shipped(t)
	var yuan []string
	for _, p := range cat.Providers {
		if p.Currency == "CNY" {
			yuan = append(yuan, p.ID)
		}
	}
	want := []string{"alibaba-cloud", "aws-china", "baidu-ai-cloud", "huawei-cloud", "tencent-cloud", "volcano-engine"}
	for _, id := range want {
		if !slices.Contains(yuan, id) {
			t.Errorf("provider %q does not quote in CNY (providers quoting in CNY: %v)", id, yuan)
		}
	}
	if len(yuan) < len(want) {
		t.Errorf("%d providers quote in CNY, want at least %d: %v", len(yuan), len(want), yuan)
	}

	for _, c := range []struct{ provider, region, name, geo string }{
		{"volcano-engine", "cn-beijing", "华北2(北京)", "china-mainland"},
		{"baidu-ai-cloud", "bj", "华北-北京", "china-mainland"},
		{"baidu-ai-cloud", "hkg", "香港", "hong-kong-taiwan"},
		{"alibaba-cloud", "cn-hongkong", "China (Hong Kong)", "hong-kong-taiwan"},
		{"tencent-cloud", "ap-nanjing", "Nanjing", "china-mainland"},
	} {
		p := cat.Provider(c.provider)
		if p == nil {
			t.Errorf("no provider %q", c.provider)
			continue
		}
		reg := p.Region(c.region)
		if reg == nil || reg.Name != c.name || reg.Geo != c.geo {
			t.Errorf("region %q of %q: %+v, want name %q, geo %q", c.region, c.provider, reg, c.name, c.geo)
		}
	}

	// A provider whose prices are not public keeps its instance types,
	// each saying so with the day it was checked.
	baidu := cat.Provider("baidu-ai-cloud")
	if baidu == nil {
		t.Fatal("no provider baidu-ai-cloud")
	}
	in := baidu.Instance("bcc.hgn5ib.c116m978.8a100-80g")
	if in == nil {
		t.Fatal("baidu-ai-cloud has no instance bcc.hgn5ib.c116m978.8a100-80g")
	}
	if in.GPU != "a100-sxm4-80gb" || in.GPUCount != 8 || !strings.Contains(in.PriceNotPublic, "checked 2026-12-01") {
		t.Errorf("bcc.hgn5ib.c116m978.8a100-80g: gpu %s × %d, price_not_public %q", in.GPU, in.GPUCount, in.PriceNotPublic)
	}
	for _, pp := range cat.Prices {
		if pp.Provider == "baidu-ai-cloud" || pp.Provider == "volcano-engine" {
			t.Errorf("price %s/%s of %s: no public price was found, so there should be none", pp.Instance, pp.Region, pp.Provider)
		}
	}
}

func TestShippedChinaPrices(t *testing.T) {
	cat := shipped(t)
	for _, c := range []struct {
		provider, instance, region, model string
		amount                            float64
		gpu                               string
		gpus                              int
		commit                            string
	}{
		{"alibaba-cloud", "ecs.gn7i-c8g1.2xlarge", "cn-hangzhou", "on_demand", 9.6166, "a10-pcie-24gb", 1, "b3e23ad"},
		{"alibaba-cloud", "ecs.gn8is.2xlarge", "cn-shanghai", "on_demand", 14.4991045, "l20-48gb", 1, "b3e23ad"},
		{"alibaba-cloud", "ecs.gn8is-8x.32xlarge", "cn-shenzhen", "on_demand", 115.40483, "l20-48gb", 8, "b3e23ad"},
		{"alibaba-cloud", "ecs.ebmgn7v.32xlarge", "cn-beijing", "on_demand", 227.484, "a800-40gb", 8, "b3e23ad"},
		{"alibaba-cloud", "ecs.ebmgn7v.32xlarge", "cn-beijing", "spot", 50.112, "a800-40gb", 8, "b3e23ad"},
		{"alibaba-cloud", "ecs.gn7s-c8g1.2xlarge", "cn-hangzhou", "on_demand", 16.607, "a30-pcie-24gb", 1, "b3e23ad"},
		{"tencent-cloud", "pnv4.7xlarge116", "ap-beijing", "on_demand", 10.74, "a10-pcie-24gb", 1, "3193645"},
		{"tencent-cloud", "gt4.41xlarge948", "ap-nanjing", "on_demand", 224.2, "a100-sxm4-40gb", 8, "3193645"},
	} {
		var in *Instance
		if p := cat.Provider(c.provider); p != nil {
			in = p.Instance(c.instance)
		}
		if in == nil {
			t.Errorf("%s has no instance %q", c.provider, c.instance)
			continue
		}
		if in.GPU != c.gpu || in.GPUCount != c.gpus {
			t.Errorf("%s: gpu %s × %d, want %s × %d", c.instance, in.GPU, in.GPUCount, c.gpu, c.gpus)
		}
		found := false
		for _, pp := range cat.PricesOf(in) {
			if pp.Region != c.region || pp.Model != c.model {
				continue
			}
			found = true
			if pp.Amount == nil || *pp.Amount != c.amount || pp.Currency != "CNY" {
				t.Errorf("%s/%s %s: %s %s, want %v CNY", c.instance, c.region, c.model, refShow(pp.Amount), pp.Currency, c.amount)
			}
			// A community fork of SkyPilot's catalog, made from the
			// providers' price APIs: an aggregator's figures, as SkyPilot's
			// are (data/source-registry.yaml), cited at the fork's commit.
			if pp.SourceKind != KindAggregator || !strings.Contains(pp.Source, "@"+c.commit) {
				t.Errorf("%s/%s: source %q (%s), want an aggregator source at commit %s", c.instance, c.region, pp.Source, pp.SourceKind, c.commit)
			}
		}
		if !found {
			t.Errorf("%s has no %s price in %s", c.instance, c.model, c.region)
		}
	}
}

// usdFigure is how a yuan price taken from a USD catalog states the
// catalog's own figure. Figures quoted as "(instances.csv)" are the
// reference file's rounded copies of it, so they are not exact.
var usdFigure = regexp.MustCompile(`The catalog's USD figure, ([0-9.]+),`)

func TestShippedYuanPricesMatchTheirCatalogFigure(t *testing.T) {
	cat := shipped(t)
	n := 0
	for _, pp := range cat.Prices {
		m := usdFigure.FindStringSubmatch(pp.Note())
		if m == nil || pp.Currency != "CNY" || pp.Amount == nil {
			continue
		}
		n++
		usd, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			t.Fatal(err)
		}
		if got := math.Round(*pp.Amount*0.138*1e8) / 1e8; math.Abs(got-usd) > 1e-8 {
			t.Errorf("price %s/%s/%s of %s: %v CNY × 0.138 = %v, but the note gives the catalog figure %v", pp.Instance, pp.Region, pp.Model, pp.Provider, *pp.Amount, got, usd)
		}
	}
	if n < 216 {
		t.Errorf("%d yuan prices state their catalog USD figure, want at least 216", n)
	}
}
