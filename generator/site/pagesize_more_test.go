package site

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare/generator/site/catalogpages"
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

// TestPagesWithinTwoMBForThousandsOfGPUsAndRates builds, in both
// editions, catalogs of thousands of GPU models, each of a long name HTML
// escapes into several bytes a character and with a current price, and of
// thousands of exchange rates, in under 2 MB of YAML. The chart of prices
// by GPU model keeps the 60 models priced by the most providers and says
// how many more it leaves out. No page passes 2 MB: the GPU list is in
// pages of catalogpages.MaxGPURows models, which together link every model, and the
// matrix's page keeps the records of the GPU models past 256 KB in data
// scripts beside it, which together with it hold every one.
func TestPagesWithinTwoMBForThousandsOfGPUsAndRates(t *testing.T) {
	for name, root := range map[string]fstest.MapFS{"many GPU models": manyGPUsRoot(t), "many rates": manyRatesRoot(t)} {
		t.Run(name, func(t *testing.T) {
			withChineseEdition(t, root)
			if n := yamlBytes(root); n > maxCatalogBytes {
				t.Fatalf("%d bytes of YAML, over %d", n, maxCatalogBytes)
			}
			files, _ := build(t, root, Options{})
			pages, largest, at := checkPageSizes(t, files)
			if name == "many GPU models" {
				for page, want := range map[string]string{
					"index.html":    "more GPU models with a price are left out of the chart and its table, which keep the 60 priced by the most providers",
					"zh/index.html": "个有报价的GPU型号未列入图表及其表格：只保留报价服务商最多的60个",
				} {
					if !strings.Contains(string(files[page]), want) {
						t.Errorf("%s does not say %q", page, want)
					}
				}
				// The GPU list's first page: the chart of prices by GPU model and
				// those of price against performance each say it.
				for page, want := range map[string]string{
					"gpus/index.html":    "more GPU models with a price are left out of the chart and its table, which keep the 60 priced by the most providers",
					"zh/gpus/index.html": "个有报价的GPU型号未列入图表及其表格：只保留报价服务商最多的60个",
				} {
					if n := strings.Count(string(files[page]), want); n != 2 {
						t.Errorf("%s says %q %d times, want twice", page, want, n)
					}
				}
				checkEveryGPUListed(t, root, files)
				for _, page := range []string{"gpus/index.html", "gpus/page-2.html", "compare/index.html", "zh/gpus/index.html", "zh/compare/index.html"} {
					t.Logf("%s: %d bytes", page, len(files[page]))
				}
			}
			t.Logf("%d pages and scripts, the largest %s of %d bytes", pages, at, largest)
		})
	}
}

// checkEveryGPUListed checks, in both editions, that the pages of the GPU
// list link every GPU model once, each page at most catalogpages.MaxGPURows of them
// and linking every other page, and that the matrix's page and the data
// scripts of GPU models it loads hold the record of every GPU model.
func checkEveryGPUListed(t *testing.T, root fstest.MapFS, files Files) {
	t.Helper()
	var ids []string
	for p := range root {
		if id, ok := strings.CutPrefix(p, "data/gpus/"); ok {
			ids = append(ids, strings.TrimSuffix(id, ".yaml"))
		}
	}
	pages := catalogpages.GPUsPages(len(ids))
	if pages < 2 {
		t.Fatalf("%d GPU models on %d page", len(ids), pages)
	}
	row := regexp.MustCompile(`<th scope="row"><a href="\.\./gpus/([^/"]+)/index\.html">`)
	for _, ed := range []string{"", "zh/"} {
		listed := map[string]int{}
		for i := 1; i <= pages; i++ {
			page := string(files[ed+catalogpages.GPUsPath(i)])
			body := page[strings.Index(page, `<table class="data matrix gpus"`):]
			body = body[:strings.Index(body, "</table>")]
			rows := row.FindAllStringSubmatch(body, -1)
			if len(rows) == 0 || len(rows) > catalogpages.MaxGPURows {
				t.Errorf("%s%s: %d GPU models, want 1 to %d", ed, catalogpages.GPUsPath(i), len(rows), catalogpages.MaxGPURows)
			}
			for _, m := range rows {
				listed[m[1]]++
			}
			for j := 1; j <= pages; j++ {
				if link := "../" + catalogpages.GPUsPath(j); j != i && !strings.Contains(page, `<a href="`+link+`">`) {
					t.Errorf("%s%s does not link page %d (%s)", ed, catalogpages.GPUsPath(i), j, link)
				}
			}
		}
		records := matrixGPUs(t, files, ed+"compare/")
		for _, id := range ids {
			if listed[id] != 1 {
				t.Errorf("%sgpus/: %s listed %d times, want once", ed, id, listed[id])
			}
			if strings.HasPrefix(id, "hg-") && !records[id] { // every one priced
				t.Errorf("%scompare/index.html: no record of %s in the page or its data scripts", ed, id)
			}
		}
	}
}

// matrixGPUs returns the ids of the GPU models the first page of the
// matrix in folder dir holds in its JSON block and in the data scripts
// of GPU models it loads.
func matrixGPUs(t *testing.T, files Files, dir string) map[string]bool {
	t.Helper()
	var d struct {
		GPUs  []struct{ ID string } `json:"gpus"`
		Count int                   `json:"gpu_count"`
	}
	page := string(files[dir+"index.html"])
	if err := json.Unmarshal([]byte(matrixBlock(t, page)), &d); err != nil {
		t.Fatal(err)
	}
	const open = "(window.gpucompareGPUs = window.gpucompareGPUs || []).push(\n"
	scripts := regexp.MustCompile(`<script src="(gpus-\d+\.js)"></script>`).FindAllStringSubmatch(page, -1)
	if len(scripts) == 0 {
		t.Errorf("%sindex.html loads no data script of GPU models", dir)
	}
	for _, m := range scripts {
		js := string(files[dir+m[1]])
		i := strings.Index(js, open)
		if i < 0 || !strings.HasSuffix(js, "\n);\n") {
			t.Fatalf("%s%s: not a data script of GPU models:\n%.300s", dir, m[1], js)
		}
		var more []struct{ ID string }
		if err := json.Unmarshal([]byte("["+js[i+len(open):len(js)-len("\n);\n")]+"]"), &more); err != nil {
			t.Fatalf("%s%s: %v", dir, m[1], err)
		}
		d.GPUs = append(d.GPUs, more...)
	}
	if len(d.GPUs) != d.Count {
		t.Errorf("%sindex.html: %d GPU records, gpu_count %d", dir, len(d.GPUs), d.Count)
	}
	ids := map[string]bool{}
	for _, g := range d.GPUs {
		ids[g.ID] = true
	}
	return ids
}
