package render

import (
	"fmt"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
)

// TestSourceKindsRoundTrip: a citation of each known kind (sourceKinds),
// as the shipped catalog writes it, is its English message formatted
// with its parts, so the Chinese message says the same words; on a
// Chinese page the citation is the Chinese words, shown as the page's
// own (Native), keeping its addresses, figures and commits, and a
// quoted title as published; a citation of another shape stays the
// catalog's English.
func TestSourceKindsRoundTrip(t *testing.T) {
	zh, en := shippedMessages(t, "zh-CN"), shippedMessages(t, "en")
	for _, c := range []struct {
		src, key string
		keep     []string // parts the Chinese keeps as they stand
		quote    string
	}{
		{"github.com/sugarlxn/skypilot-catalog catalogs/v8/alicloud/vms.csv @b3e23ad (USD = CNY trade price x 0.138 per catalog fetch script; includes 40 GB ESSD system disk)", "alicloud_vms",
			[]string{"github.com/sugarlxn/skypilot-catalog catalogs/v8/alicloud/vms.csv @b3e23ad", "0.138", "40 GB ESSD"}, ""},
		{"conversion: .github/scripts/alicloud/fetch_gpu_vms.py (Price = DescribePrice TradePrice CNY x --cny-usd-rate) + workflow fetch-alicloud-catalog.yaml (--cny-usd-rate 0.138)", "alicloud_conversion",
			[]string{".github/scripts/alicloud/fetch_gpu_vms.py", "fetch-alicloud-catalog.yaml", "0.138"}, ""},
		{"github.com/sugarlxn/skypilot-catalog catalogs/v8/tencentcloud/vms.csv @1a2b3c4 (POSTPAID_BY_HOUR, UnitPriceDiscount; CNY x 0.14)", "tencent_vms",
			[]string{"catalogs/v8/tencentcloud/vms.csv @1a2b3c4", "0.14"}, ""},
		{"conversion: .github/scripts/tencentcloud/fetch_tencentcloud_catalog.py (InquiryPriceRunInstances POSTPAID_BY_HOUR UnitPriceDiscount, else UnitPrice, x 0.14)", "tencent_conversion",
			[]string{"fetch_tencentcloud_catalog.py", "0.14"}, ""},
		{"github.com/opentelekomcloud-docs/elastic-cloud-server@efcbeed umn/source/gpu-accelerated_ecss.rst (last changed 3830cb5, 2026-06-15)", "last_changed",
			[]string{"elastic-cloud-server@efcbeed umn/source/gpu-accelerated_ecss.rst", "3830cb5", "2026-06-15"}, ""},
		{"Tencent Cloud intl docs 'GPU Computing instances' (intl.cloud.tencent.com/document/product/560/19701; markdown copy in public GitHub index)", "tencent_intl_docs",
			[]string{"intl.cloud.tencent.com/document/product/560/19701"}, "GPU Computing instances"},
		{"github.com/tencentyun/intlcloud-documents@7ec1c2 yehe_doc/计算/GPU 云服务器/购买指南/价格总览_intl_en.md (Tencent Cloud's own international documentation, GPU price overview: 'The prices on this page are for Guangzhou Zone 3', pay-as-you-go, USD/hr)", "tencent_intl_quoted",
			[]string{"yehe_doc/计算/GPU 云服务器/购买指南/价格总览_intl_en.md"}, "The prices on this page are for Guangzhou Zone 3"},
		{"github.com/tencentyun/qcloud-documents@8ec0729 product/计算与网络/GPU 云服务器/购买指导/价格总览.md (Tencent Cloud's own China-site documentation, GPU price overview: '本页参考价格主要以中国大陆地区为主', compute only)", "tencent_cn_quoted",
			[]string{"product/计算与网络/GPU 云服务器/购买指导/价格总览.md", "中国站"}, "本页参考价格主要以中国大陆地区为主"},
		{"github.com/tencentyun/qcloud-documents@8ec0729 product/计算与网络/GPU 云服务器/购买指导/价格总览.md (GPU price overview table of Tencent Cloud's China site; GPU, vCPU and memory as given there)", "tencent_cn_table",
			[]string{"qcloud-documents@8ec0729", "中国站"}, ""},
		{"github.com/AlibabaCloudDocs/ecs@dadac11 cn.zh-CN/实例/选择实例规格/GPU计算型/GPU计算型实例概述.md (Alibaba Cloud's own ECS instance family page, last changed 2021-07-01)", "alibaba_family_page",
			[]string{"GPU计算型实例概述.md", "2021-07-01", "阿里云"}, ""},
		{"github.com/tencentyun/intlcloud-documents@7ec1c2 yehe_doc/计算/GPU 云服务器/购买指南/价格总览_intl_en.md (for ap-guangzhou, the international GPU price overview, Guangzhou Zone 3)", "tencent_intl_zone",
			[]string{"ap-guangzhou", "广州3区"}, ""},
		{"github.com/imroc/tke-guide@80449bd docs/ai/sglang-deepseek-v4.md (TKE practice guide, table '腾讯云 GPU 机型选择'; file last changed 57e569f, 2026-04-28)", "tke_guide",
			[]string{"“腾讯云 GPU 机型选择”", "57e569f", "2026-04-28"}, ""},
		{"github.com/opentelekomcloud-docs/elastic-cloud-server@0a1b2c3 umn/a.rst (2024-01-02; tables removed in later revisions)", "tables_removed",
			[]string{"umn/a.rst", "2024-01-02"}, ""},
		{"github.com/skypilot-org/skypilot-catalog catalogs/v6/azure/vms.csv @098741e7 (GPU rows; spot left out where the row repeats the on-demand price)", "gpu_rows_spot",
			[]string{"@098741e7", "抢占式"}, ""},
		{"github.com/skypilot-org/skypilot-catalog catalogs/v8/gcp/vms.csv @006059e0 (TPU rows; the price of a region's zones)", "tpu_rows",
			[]string{"@006059e0", "可用区"}, ""},
		{"same price in github.com/Azure/karpenter-provider-azure pkg/providers/pricing/zz_generated.pricing.go @2b431da (generated at 2026-06-18T03:43:41Z from the Azure Retail Prices API, Linux Consumption meters)", "azure_retail_same",
			[]string{"@2b431da", "2026-06-18T03:43:41Z"}, ""},
		{"github.com/tsaol/aws-gpu@7412fd2 data/p4d_instances.js ('Auto-generated from instances.vantage.sh data', Last updated 2026-01-21)", "vantage_generated",
			[]string{"data/p4d_instances.js", "2026-01-21"}, ""},
		{"github.com/tsaol/aws-gpu@7412fd2 data/p3dn_instances.js (vantage instances.json 'reserved' = yrTerm1Standard.noUpfront per scripts/utils.py)", "vantage_reserved",
			[]string{"1年期"}, ""},
		{"github.com/skypilot-org/skypilot-catalog catalogs/v7/aws/vms.csv @001367d (us-east-1, Linux On-Demand; spot = lowest us-east-1 AZ value at crawl)", "aws_region_spot",
			[]string{"us-east-1"}, ""},
		{"github.com/aws/karpenter-provider-aws@3c499175c pkg/providers/pricing/zz_generated.pricing_aws.go (generated 2025-04-28T13:22:31Z, us-east-1 Linux On-Demand from AWS Price List API)", "aws_price_list",
			[]string{"2025-04-28T13:22:31Z", "us-east-1"}, ""},
		{"github.com/aws/karpenter-provider-aws@655d473 pkg/providers/pricing/zz_generated.pricing_aws_cn.go (generated 2024-11-06T01:00:11Z, cn-north-1 Linux On-Demand from the AWS Price List API)", "aws_price_list_the",
			[]string{"cn-north-1"}, ""},
		{"github.com/Cyclenerd/google-cloud-pricing-cost-calculator pricing.yml hour_spot 1.1020155 in every build from @01c920c (2023-05-08) to @db148f6 (2023-06-15)", "hour_spot",
			[]string{"抢占式每小时价格 1.102，", "@db148f6"}, ""},
		{"github.com/tgarg01/silybench-data derived/csv/gpu_prices.csv @045df3bf (runpod.io/pricing checked 2026-09-25)", "page_checked",
			[]string{"runpod.io/pricing", "2026-09-25"}, ""},
		{"github.com/api-evangelist/paperspace plans/paperspace-plans-pricing.yml @0ff68f87 (paperspace.com/pricing read 2026-09-20)", "page_read",
			[]string{"paperspace.com/pricing"}, ""},
		{"unchanged through @6fc13b523 (generated 2026-07-20)", "unchanged_through_generated", []string{"@6fc13b523", "2026-07-20"}, ""},
		{"unchanged through @6fc13b523", "unchanged_through", []string{"@6fc13b523"}, ""},
		{"the same rate in @45e3e84 (2026-01-31) and @9dfcf8b (2026-02-01)", "same_rate_two", []string{"@45e3e84", "2026-02-01"}, ""},
		{"the same rate in @45e3e84 (2026-01-31), @9dfcf8b (2026-02-01) and @ff99bc1 (2026-03-01)", "same_rate_three", []string{"@ff99bc1", "2026-03-01"}, ""},
		{"github.com/skypilot-org/skypilot-catalog catalogs/v8/lambda/vms.csv @0f407038 (same price in all 17 regions)", "same_price_all_n", []string{"@0f407038", "17个地域"}, ""},
		{"github.com/skypilot-org/skypilot-catalog catalogs/v7/lambda/vms.csv @11580132 (same price in all regions)", "same_price_all", []string{"@11580132", "所有地域"}, ""},
		{"github.com/skypilot-org/skypilot-catalog catalogs/v7/gcp/vms.csv @017e250 (VM row + separate GPU row; total = sum)", "vm_gpu_rows", []string{"@017e250", "之和"}, ""},
		{"github.com/skypilot-org/skypilot-catalog catalogs/v6/azure/vms.csv @098741e7 (vCPUs, memory and regions of the row)", "row_specs", []string{"@098741e7", "内存"}, ""},
		{"github.com/stas00/ml-engineering compute/accelerator/README.md @744d01e (dense TFLOPS table)", "dense_table", []string{"@744d01e", "稠密"}, ""},
		{"github.com/stas00/ml-engineering compute/accelerator/README.md @744d01e (MAMF table)", "mamf_table", []string{"@744d01e", "MAMF"}, ""},
		{`date: github.com/dstackai/gpuhunt src/gpuhunt/resources/tpu_pricing.json @b707e74 (committed 2024-12-23), "TPU v6e" us-east5 "On Demand (USD)" 2.7 per chip-hour × 1 chip`, "tpu_chip_hour", []string{"来源版本 b707e74", "TPU v6e", "us-east5", "2.7", "1个芯片"}, ""},
		{`date: github.com/dstackai/gpuhunt src/gpuhunt/resources/tpu_pricing.json @b707e74 (committed 2024-12-23), "TPU v6e" asia-northeast1 "On Demand (USD)" 3.24 per chip-hour × 8 chips`, "tpu_chip_hours", []string{"（2024年12月23日）", "asia-northeast1", "3.24", "8个芯片"}, ""},
		{`date: github.com/dstackai/gpuhunt src/gpuhunt/resources/tpu_pricing.json @b707e74 (committed 2024-12-23), "TPU v5e" us-east5 "Spot (USD)" 0.6 per chip-hour × 1 chip`, "tpu_spot_chip_hour", []string{"us-east5", "抢占式", "0.6", "1个芯片"}, ""},
		{`date: github.com/dstackai/gpuhunt src/gpuhunt/resources/tpu_pricing.json @b707e74 (committed 2024-12-23), "TPU v5e" asia-southeast1 "Spot (USD)" 0.78 per chip-hour × 8 chips`, "tpu_spot_chip_hours", []string{"asia-southeast1", "0.78", "8个芯片"}, ""},
		{"github.com/koyakimu/ec2-capacity-blocks-for-ml-pricing-json@b3a54ae data/pricing.json (a scrape of", "scrape_of", []string{"@b3a54ae data/pricing.json", "抓取自"}, ""},
		{"github.com/aws/karpenter-provider-aws@1b59328e5 pkg/providers/pricing/zz_generated.pricing_aws.go (generated 2025-06-23T13:18:30Z)", "generated_at", []string{"@1b59328e5", "2025-06-23T13:18:30Z 生成"}, ""},
		{"region us-gov-west-1: github.com/aws/karpenter-provider-aws@6fc13b523 pkg/providers/pricing/zz_generated.pricing_aws_us_gov.go (generated 2026-07-20)", "region_generated_at", []string{"地域 us-gov-west-1", "@6fc13b523", "2026-07-20 生成"}, ""},
		{"(3 files of data/sources.yaml, read 2026-12-01)", "read_files", []string{"3个文件", "2026-12-01读取"}, ""},
		{"(read 2026-12-01)", "read_day", []string{"2026-12-01读取"}, ""},
	} {
		var parts []any
		matched := false
		for _, k := range sourceKinds {
			if sm := k.re.FindStringSubmatch(c.src); sm != nil {
				if k.key != c.key {
					t.Errorf("%q is of kind %s, want %s", c.src, k.key, c.key)
				}
				for _, p := range sm[1:] {
					parts = append(parts, p)
				}
				matched = true
				break
			}
		}
		if !matched {
			t.Errorf("%q is of no known kind", c.src)
			continue
		}
		if got := fmt.Sprintf(en["source_kind."+c.key], parts...); got != c.src {
			t.Errorf("%s: the English message gives %q, not the citation %q", c.key, got, c.src)
		}
		cs := zh.Cite(c.src)
		if len(cs) != 1 || len(cs[0]) != 1 {
			t.Fatalf("%q cited as %+v", c.src, cs)
		}
		p := cs[0][0]
		if !p.Native || p.Quote != c.quote || strings.Contains(p.Text, "%!") || p.Text == c.src {
			t.Errorf("%s in Chinese: %+v", c.key, p)
		}
		for _, k := range c.keep {
			if !strings.Contains(p.Text, k) {
				t.Errorf("%s in Chinese %q lost %q", c.key, p.Text, k)
			}
		}
		for _, w := range []string{"conversion", "trade price", "last changed", "markdown copy", "per catalog", "DescribePrice", "TradePrice", "POSTPAID", "UnitPrice", "rows", "spot", "On-Demand", "generated ", "Last updated", "checked", "read "} {
			if strings.Contains(p.Text, w) {
				t.Errorf("%s in Chinese %q still says %q", c.key, p.Text, w)
			}
		}
		if got := en.Cite(c.src); len(got) != 1 || got[0][0].Native || got[0][0].Text != c.src {
			t.Errorf("%s in English: %+v", c.key, got)
		}
	}
	// A scrape of a page: the words either side of the page's link are
	// each of a kind, the link stays the page's address.
	scrape := "github.com/koyakimu/ec2-capacity-blocks-for-ml-pricing-json@b3a54ae data/pricing.json (a scrape of https://aws.amazon.com/ec2/capacityblocks/pricing/; last_updated 2026-07-22T07:14:56Z)"
	if cs := zh.Cite(scrape); len(cs) != 1 || len(cs[0]) != 3 || !cs[0][0].Native || cs[0][1].URL == "" || !cs[0][2].Native ||
		!strings.Contains(cs[0][0].Text, "抓取自") || cs[0][2].Text != "，最后更新于 2026-07-22T07:14:56Z）" {
		t.Errorf("a scrape in Chinese: %+v", cs)
	}
	if cs := en.Cite(scrape); len(cs) != 1 || len(cs[0]) != 3 || cs[0][0].Native || cs[0][2].Native || cs[0][0].Text+cs[0][1].URL+cs[0][2].Text != scrape {
		t.Errorf("a scrape in English: %+v", cs)
	}
	// Another shape stays the catalog's words, marked so.
	if cs := zh.Cite("github.com/x/y@abc1234 a.md (some note)"); cs[0][0].Native {
		t.Errorf("a citation of no known kind was put in Chinese: %+v", cs)
	}
}

// TestTranslatedSourcesAndQuoteMeanings: a record's source with text in
// the page's language (citeOf) is split as the English is, its words the
// page's own with quotations and identifiers marked, its addresses links;
// without such text, or on an English page, the catalog's source shows
// as Cite puts it. A quotation a source kind keeps as published is
// followed by its meaning where the messages word it, on a Chinese page
// only.
func TestTranslatedSourcesAndQuoteMeanings(t *testing.T) {
	zh, en := shippedMessages(t, "zh-CN"), shippedMessages(t, "en")
	sla := catalog.SLA{Source: "https://example.com/sla (exclusions) ; https://example.com/faq ('no level stated')",
		I18n: catalog.I18n{"zh-CN": {"source": "https://example.com/sla （除外情形） ; https://example.com/faq （“no level stated”，`Billing`）"}}}
	got := citeOf(zh, sla, "source")
	if len(got) != 2 || len(got[0]) != 2 || got[0][0].URL != "https://example.com/sla" || !got[0][1].Native || got[0][1].HTML != " （除外情形）" {
		t.Fatalf("zh citeOf = %+v; want two citations, a link then the Chinese words", got)
	}
	if h := string(got[1][1].HTML); !strings.Contains(h, `<q lang="en">no level stated</q>`) || !strings.Contains(h, `<code lang="en">Billing</code>`) {
		t.Errorf("zh citeOf words = %q; want the quotation and the identifier marked as English", h)
	}
	if got := citeOf(en, sla, "source"); len(got) != 2 || got[0][1].Native || got[0][1].Text != " (exclusions)" {
		t.Errorf("en citeOf = %+v; want the catalog's own words", got)
	}
	sla.I18n = nil
	if got := citeOf(zh, sla, "source"); len(got) != 2 || got[0][1].Native || got[0][1].HTML != "" {
		t.Errorf("zh citeOf without Chinese text = %+v; want the catalog's English, not native", got)
	}
	const quoted = "github.com/tencentyun/intlcloud-documents@02ec31c yehe_doc/a/价格总览_intl_en.md (Tencent Cloud's own international documentation, GPU price overview: 'The prices on this page are for Guangzhou Zone 3', pay-as-you-go, USD/hr)"
	c := zh.Cite(quoted)
	if len(c) != 1 || c[0][0].Quote != "The prices on this page are for Guangzhou Zone 3" || c[0][0].Gloss != "（意为本页价格适用于广州三区）" {
		t.Errorf("zh Cite of a quoted price overview = %+v; want the quotation as published and its meaning after it", c)
	}
	if c := en.Cite(quoted); len(c) != 1 || c[0][0].Gloss != "" {
		t.Errorf("en Cite = %+v; want no meaning beside the catalog's own words", c)
	}
}

// TestSourceKindAddressAsCode: a kind whose address holds Chinese shows
// it as code on a Chinese page, the quotation after the words, so the
// address's marks are not read as the sentence's; other kinds show none.
func TestSourceKindAddressAsCode(t *testing.T) {
	zh := shippedMessages(t, "zh-CN")
	src := "github.com/tencentyun/qcloud-documents@8ec0729 product/计算与网络/GPU 云服务器/购买指导/价格总览.md (Tencent Cloud's own China-site documentation, GPU price overview: '本页参考价格主要以中国大陆地区为主', compute only)"
	p := zh.Cite(src)[0][0]
	want := `<code lang="en">github.com/tencentyun/qcloud-documents@8ec0729 product/计算与网络/GPU 云服务器/购买指导/价格总览.md</code>（腾讯云自己的中国站文档`
	if h := string(p.HTML); !strings.HasPrefix(h, want) || !strings.HasSuffix(h, "<q>本页参考价格主要以中国大陆地区为主</q>") {
		t.Errorf("HTML %q, want it to start %q and end with the quotation", h, want)
	}
	other := zh.Cite("github.com/opentelekomcloud-docs/elastic-cloud-server@efcbeed umn/source/gpu-accelerated_ecss.rst (last changed 3830cb5, 2026-06-15)")[0][0]
	if other.HTML != "" {
		t.Errorf("a kind without Chinese in its address has HTML %q", other.HTML)
	}
}
