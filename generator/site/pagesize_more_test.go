package site

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare/generator/synth"
)

// manyGPUsRoot is a small synthetic catalog plus as many GPU models as fit
// in 2 MB of YAML, each with a long model name of characters HTML escapes
// and one instance type of one provider with a current price: a home
// table, a GPU list, charts and a matrix GPU facet of thousands of models.
func manyGPUsRoot(t testing.TB) fstest.MapFS {
	root := editableRoot(t, 40)
	used := yamlBytes(root)
	var instances, prices strings.Builder
	const head = "id: hostile-gpus\nname: Many GPUs Cloud\nkind: gpu_cloud\ncurrency: USD\nsource: \"" + synth.Source + "\"\ninstances:\n"
	used += len(head) + 100
	n := 0
	for ; ; n++ {
		id := fmt.Sprintf("hg-%05d", n)
		gpu := fmt.Sprintf("id: %s\nname: %q\nmodel: %q\nvendor: Synthetic\nmemory_gb: %d\ndense:\n  fp16_bf16: %d\nsource: %q\n", id, hostileName(n, 120), hostileName(n, 60), 8+n%120, 50+n%900, synth.Source)
		in := fmt.Sprintf("  - id: %s\n    name: X%d\n    gpu: %s\n    gpu_count: 1\n    regions: [all]\n    source: s\n", id, n, id)
		price := fmt.Sprintf("  - instance: %s\n    region: all\n    model: on_demand\n    amount: %g\n    currency: USD\n    since: 2025-12-01\n    source: s\n    source_kind: provider\n", id, 0.3+float64(n%997)/1000)
		if used+len(gpu)+len(in)+len(price) > maxCatalogBytes-1000 {
			break
		}
		used += len(gpu) + len(in) + len(price)
		root["data/gpus/"+id+".yaml"] = &fstest.MapFile{Data: []byte(gpu)}
		instances.WriteString(in)
		prices.WriteString(price)
	}
	if n < 1000 {
		t.Fatalf("%d GPU models; want thousands", n)
	}
	root["data/providers/hostile-gpus.yaml"] = &fstest.MapFile{Data: []byte(head + instances.String())}
	root["data/prices/hostile-gpus.yaml"] = &fstest.MapFile{Data: []byte("provider: hostile-gpus\nprices:\n" + prices.String())}
	return root
}

// manyRatesRoot is a small synthetic catalog plus as many exchange rates
// as fit in 2 MB of YAML: rates of thousands of currencies to the US
// dollar, each with a long note of characters HTML escapes.
func manyRatesRoot(t testing.TB) fstest.MapFS {
	root := editableRoot(t, 40)
	fx := string(root["data/fx.yaml"].Data)
	used := yamlBytes(root)
	var b strings.Builder
	n := 0
	for ; n < 26*26*26; n++ {
		code := string([]byte{byte('A' + n/676), byte('A' + n/26%26), byte('A' + n%26)})
		if code == "USD" || code == "CNY" || code == "EUR" {
			continue
		}
		rate := fmt.Sprintf("  - base: %s\n    quote: USD\n    rate: %g\n    date: 2025-01-02\n    source: s\n", code, 0.01+float64(n%997)/100)
		if used+len(rate) > maxCatalogBytes-1000 {
			break
		}
		used += len(rate)
		b.WriteString(rate)
	}
	if n < 1000 {
		t.Fatalf("%d rates; want thousands", n)
	}
	root["data/fx.yaml"] = &fstest.MapFile{Data: []byte(fx + b.String())}
	return root
}

// notYetBounded are the pages of the catalogs of
// TestPagesWithinTwoMBForThousandsOfGPUsAndRates that still pass 2 MB:
// the list of GPU models with its charts and tables, and the matrix's
// frame, which carries the record of every GPU model, and the embed page
// of the list's chart of price against performance, which holds the same
// chart and table. Each must still be over, so that the list shrinks as
// they are bounded.
var notYetBounded = map[string][]string{
	"many GPU models": {"gpus/index.html", "compare/index.html", "embed/price-performance/index.html"},
}

// TestPagesWithinTwoMBForThousandsOfGPUsAndRates builds, in both
// editions, catalogs of thousands of GPU models, each of a long name HTML
// escapes into several bytes a character and with a current price, and of
// thousands of exchange rates, in under 2 MB of YAML. The chart of prices
// by GPU model keeps the 60 models priced by the most providers and says
// how many more it leaves out. No page passes 2 MB but those of
// notYetBounded.
func TestPagesWithinTwoMBForThousandsOfGPUsAndRates(t *testing.T) {
	for name, root := range map[string]fstest.MapFS{"many GPU models": manyGPUsRoot(t), "many rates": manyRatesRoot(t)} {
		t.Run(name, func(t *testing.T) {
			withChineseEdition(t, root)
			if n := yamlBytes(root); n > maxCatalogBytes {
				t.Fatalf("%d bytes of YAML, over %d", n, maxCatalogBytes)
			}
			files, _ := build(t, root, Options{})
			pages, largest, at := checkPageSizes(t, files, notYetBounded[name])
			if name == "many GPU models" {
				for page, want := range map[string]string{
					"index.html":    "more GPU models with a price are left out of the chart and its table, which keep the 60 priced by the most providers",
					"zh/index.html": "个有报价的GPU型号未列入图表及其表格：只保留报价服务商最多的60个",
				} {
					if !strings.Contains(string(files[page]), want) {
						t.Errorf("%s does not say %q", page, want)
					}
				}
			}
			t.Logf("%d pages and scripts, the largest bounded one %s of %d bytes", pages, at, largest)
		})
	}
}
