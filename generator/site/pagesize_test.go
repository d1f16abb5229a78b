package site

import (
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare/generator/site/compare"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/synth"
)

// maxCatalogBytes is the most bytes of YAML of a catalog whose every
// HTML page and script is held to compare.MaxPageBytes: 2 MB (decimal).
const maxCatalogBytes = 2_000_000

// TestEveryPageWithinTwoMB builds the shipped catalog; a synthetic catalog
// of as many offers as fit in 2 MB of YAML; and an adversarial one, whose
// instance types each carry long texts (network and interconnect at their
// limit of 200 characters, why the price is partial at 1,500, of
// characters HTML escapes into four or five bytes) repeated on the row of every region they are offered
// in. Every HTML page and every script of each is held to 2 MB: the
// matrix's offers are in its data scripts, not in its page, and its HTML
// rows are split into pages by count and by bytes.
func TestEveryPageWithinTwoMB(t *testing.T) {
	roots := map[string]fs.FS{"shipped": os.DirFS("../..")}
	for name, root := range map[string]fstest.MapFS{"synthetic": editableRoot(t, 3000), "adversarial": adversarialRoot(t)} {
		yaml := yamlBytes(root)
		if yaml > maxCatalogBytes || yaml < maxCatalogBytes*8/10 {
			t.Fatalf("the %s catalog has %d bytes of YAML; want just under %d", name, yaml, maxCatalogBytes)
		}
		roots[name] = root
	}
	for name, root := range roots {
		t.Run(name, func(t *testing.T) {
			files, _ := build(t, root, Options{})
			pages, largest, at := checkPageSizes(t, files)
			if pages < 50 {
				t.Fatalf("%d pages: the build is not the whole site", pages)
			}
			t.Logf("%d pages and scripts, the largest %s of %d bytes", pages, at, largest)
		})
	}
}

// TestPagesWithinTwoMBForThousandsOfRecords builds catalogs of thousands
// of providers and of thousands of regions, each of a long name HTML
// escapes into several bytes a character, in under 2 MB of YAML. The
// matrix's facets list the providers and regions with the most offers and
// leave the rest to the search box, and its rows give way to a frame
// larger than the 150,000 bytes kept for it; the charts keep the
// providers cheapest for the most GPU models, a GPU model's cheapest
// offers and marks; a GPU's or a provider's list of instance types its
// first ones, linking the matrix for the rest; the providers index its
// first 1,000 providers, linking the search box for the rest; a provider
// page its first 500 regions and an instance type's price history its
// first 100 regions under each pricing model, linking the matrix filtered
// to them, where the search entry of a region the provider page leaves
// out links. No page passes 2 MB, and each cut says so in both editions.
func TestPagesWithinTwoMBForThousandsOfRecords(t *testing.T) {
	for name, root := range map[string]fstest.MapFS{"many providers": manyProvidersRoot(t), "many regions": manyRegionsRoot(t)} {
		t.Run(name, func(t *testing.T) {
			withChineseEdition(t, root)
			files, _ := build(t, root, Options{})
			pages, largest, at := checkPageSizes(t, files)
			for page, says := range cutsSay[name] {
				for _, want := range says {
					if !regexp.MustCompile(want).Match(files[page]) {
						t.Errorf("%s does not say %q", page, want)
					}
				}
			}
			if name == "many providers" {
				for page, says := range map[string][]string{
					"index.html":                  {"more providers with a price are left out of the chart and its table"},
					"gpus/syn-g1-16gb/index.html": {`<p class="help list-more"><a href="../../compare/index.html#gpu=syn-g1-16gb">`, "dearer offers are left out of the chart and its table, which keep the 100 cheapest"},
					"gpus/index.html":             {"dearer marks are left out: the charts keep the 12 cheapest providers of each GPU model"},
				} {
					for _, want := range says {
						if !strings.Contains(string(files[page]), want) {
							t.Errorf("%s does not say %q", page, want)
						}
					}
				}
			}
			if name == "many regions" {
				index := ""
				for p, data := range files {
					if strings.HasPrefix(p, "search/index") && strings.HasSuffix(p, ".js") {
						index += string(data)
					}
				}
				for _, want := range []string{`"providers/hostile-regions/index.html#region-r-00499"`, `"compare/index.html#provider=hostile-regions\u0026region=r-00500"`, `"compare/index.html#provider=hostile-regions\u0026region=r-04000"`} {
					if !strings.Contains(index, want) {
						t.Errorf("no search entry links %s", want)
					}
				}
				if strings.Contains(index, "#region-r-00500") {
					t.Errorf("a search entry links the region r-00500 on the provider page, which leaves it out")
				}
			}
			first := string(files["compare/index.html"])
			more := regexp.MustCompile(`<p class="sub facet-more">([\d,]+) more, each with fewer offers, are not listed here`).FindStringSubmatch(first)
			if more == nil {
				t.Fatalf("compare/index.html: no facet says what it leaves out")
			}
			t.Logf("%d pages and scripts, the largest %s of %d bytes; the matrix's first page %d bytes; a facet leaves %s out", pages, at, largest, len(first), more[1])
		})
	}
}

// checkPageSizes fails t for each HTML page or script of files over
// compare.MaxPageBytes but those of known (paths in any edition), and for each of
// known within it; it returns how many there are and the largest of the
// others.
func checkPageSizes(t *testing.T, files Files) (pages, largest int, at string) {
	t.Helper()
	for p, data := range files {
		if !strings.HasSuffix(p, ".html") && !strings.HasSuffix(p, ".js") {
			continue
		}
		pages++
		if len(data) > compare.MaxPageBytes {
			t.Errorf("%s: %d bytes, over %d", p, len(data), compare.MaxPageBytes)
		}
		if len(data) > largest {
			largest, at = len(data), p
		}
	}
	return pages, largest, at
}

// cutsSay are, per catalog of TestPagesWithinTwoMBForThousandsOfRecords,
// patterns of what its pages say of the records they leave out, in both
// editions.
var cutsSay = map[string]map[string][]string{
	"many providers": {
		"providers/index.html":    {`<p class="help list-more"><a href="\.\./search/index\.html">[\d,]+ more providers, after these in the same order, are not listed here`},
		"zh/providers/index.html": {`<p class="help list-more"><a href="\.\./search/index\.html">另有[\d,]+家云服务商`},
	},
	"many regions": {
		"providers/hostile-regions/index.html":      {`<p class="help list-more"><a href="\.\./\.\./compare/index\.html#provider=hostile-regions">[\d,]+ more regions, after these in the same order, are not listed here`, `id="region-r-00499"`},
		"zh/providers/hostile-regions/index.html":   {`<p class="help list-more"><a href="\.\./\.\./compare/index\.html#provider=hostile-regions">另有[\d,]+个地域`},
		"instances/hostile-regions/x/index.html":    {`<a href="\.\./\.\./\.\./compare/index\.html#gpu=syn-g1-16gb&amp;provider=hostile-regions">[\d,]+ more regions, after these in the same order, with [\d,]+ prices under this pricing model, are not listed here`, ` and [\d,]+ more \(the matrix lists each\)`},
		"zh/instances/hostile-regions/x/index.html": {`另有[\d,]+个地域（按同一顺序排在这些之后）在该计费模式下的`, `等，另有[\d,]+个（比价矩阵逐一列出）`},
	},
}

// withChineseEdition adds the Chinese edition, in the catalog's
// currency, to the site of a synthetic catalog.
func withChineseEdition(t testing.TB, root fstest.MapFS) {
	site := root["data/site.yaml"]
	if site == nil {
		t.Fatal("no data/site.yaml")
	}
	root["data/site.yaml"] = &fstest.MapFile{Data: append(slices.Clone(site.Data), "editions:\n  - language: zh-CN\n    dir: zh\n"...)}
}

// adversarialRoot is a synthetic catalog whose instance types each carry
// long texts, shown on the matrix row of each of their offers, in under
// 2 MB of YAML.
func adversarialRoot(t testing.TB) fstest.MapFS {
	root := editableRoot(t, 1800)
	long := func(what string, n int) string {
		return strings.Repeat(what+" & <more> ", n)[:n]
	}
	texts := fmt.Sprintf("    network: %q\n    interconnect: %q\n    price_incomplete: %q\n", long("25 Gbps", 200), long("NVLink", 200), long("partial", 1500))
	gbps := regexp.MustCompile(`(?m)^    network_gbps: \d+\n`)
	n := 0
	for p, f := range root {
		if strings.HasPrefix(p, "data/providers/") {
			data := gbps.ReplaceAllStringFunc(string(f.Data), func(string) string { n++; return texts })
			root[p] = &fstest.MapFile{Data: []byte(data)}
		}
	}
	if n < 200 {
		t.Fatalf("%d instance types with long texts; want at least 200", n)
	}
	return root
}

// TestBenchmarkRankingsShowTheirFirstRows builds the shipped catalog: the
// rankings of a benchmark page show their first kinds.MaxRankingRows rows,
// best first, and say under the table how many more there are, linking
// benchmarks/costs.csv and .json, which hold them.
func TestBenchmarkRankingsShowTheirFirstRows(t *testing.T) {
	files, _ := build(t, os.DirFS("../.."), Options{})
	const page = "benchmarks/mlperf-training-llama2-70b-lora/index.html"
	html := string(files[page])
	ranking := regexp.MustCompile(`(?s)<h[45] class="ranking-heading[^"]*">.*?<span class="sub">([\d,]+) offers ranked</span>.*?<tbody>(.*?)</tbody>\s*</table>\s*</div>(\s*<p class="help ranking-more">([\d,]+) more offers are ranked below these; every ranking in full is in the benchmark costs: <a href="\.\./\.\./benchmarks/costs\.csv" type="text/csv">CSV</a> · <a href="\.\./\.\./benchmarks/costs\.json" type="application/json">JSON</a></p>)?`)
	tables := ranking.FindAllStringSubmatch(html, -1)
	if len(tables) == 0 {
		t.Fatalf("%s: no ranking", page)
	}
	cut := 0
	for i, m := range tables {
		total, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
		rows := strings.Count(m[2], "<tr")
		more, _ := strconv.Atoi(strings.ReplaceAll(m[4], ",", ""))
		if want := min(total, kinds.MaxRankingRows); rows != want || more != total-want {
			t.Errorf("%s: ranking %d of %d offers shows %d rows and says %d more; want %d and %d", page, i+1, total, rows, more, want, total-want)
		}
		if more > 0 {
			cut++
		}
	}
	if cut == 0 {
		t.Errorf("%s: no ranking is cut: the test is not testing", page)
	}
	for _, p := range []string{"benchmarks/costs.csv", "benchmarks/costs.json"} {
		if files[p] == nil {
			t.Errorf("%s not built", p)
		}
	}
	if n := len(files[page]); n > compare.MaxPageBytes*6/10 {
		t.Errorf("%s: %d bytes; want well under %d", page, n, compare.MaxPageBytes)
	}
}

// yamlBytes is how many bytes of catalog YAML root holds.
func yamlBytes(root fstest.MapFS) int {
	n := 0
	for p, f := range root {
		if strings.HasPrefix(p, "data/") {
			n += len(f.Data)
		}
	}
	return n
}

// hostileName is a name of n characters that HTML escapes into four or
// five bytes each, distinct by i.
func hostileName(i, n int) string {
	s := fmt.Sprintf("%d ", i) + strings.Repeat("&<>\"", n)
	return s[:n]
}

// manyProvidersRoot is a small synthetic catalog plus as many providers
// as fit in 2 MB of YAML, each with a long name of characters HTML
// escapes, one instance type of a long name and one current price: a
// matrix with thousands of providers in its provider facet, a providers
// page listing them all and a GPU page with an offer of each.
func manyProvidersRoot(t testing.TB) fstest.MapFS {
	root := editableRoot(t, 40)
	used := yamlBytes(root)
	for i := 0; ; i++ {
		id := fmt.Sprintf("hostile-%05d", i)
		prov := fmt.Sprintf("id: %s\nname: %q\nkind: gpu_cloud\ncurrency: USD\nsource: %q\ninstances:\n  - id: x\n    name: %q\n    gpu: syn-g1-16gb\n    gpu_count: 1\n    regions: [all]\n    source: %q\n",
			id, hostileName(i, 120), synth.Source, hostileName(i, 100), synth.Source)
		price := fmt.Sprintf("provider: %s\nprices:\n  - instance: x\n    region: all\n    model: on_demand\n    amount: %g\n    currency: USD\n    since: 2025-12-01\n    source: %q\n    source_kind: provider\n",
			id, 0.3+float64(i%997)/1000, synth.Source)
		if used+len(prov)+len(price) > maxCatalogBytes-1000 {
			if i < 1000 {
				t.Fatalf("%d providers; want thousands", i)
			}
			return root
		}
		used += len(prov) + len(price)
		root["data/providers/"+id+".yaml"] = &fstest.MapFile{Data: []byte(prov)}
		root["data/prices/"+id+".yaml"] = &fstest.MapFile{Data: []byte(price)}
	}
}

// manyRegionsRoot is a small synthetic catalog plus one provider with as
// many regions as fit in 2 MB of YAML, each with a long name of
// characters HTML escapes and a current price of its one instance type:
// a matrix with thousands of regions in its region facet and a provider
// page that lists them all.
func manyRegionsRoot(t testing.TB) fstest.MapFS {
	root := editableRoot(t, 40)
	used := yamlBytes(root)
	var regions, ids, prices strings.Builder
	const head = "id: hostile-regions\nname: Many Regions Cloud\nkind: gpu_cloud\ncurrency: USD\nsource: \"" + synth.Source + "\"\nregions:\n"
	used += len(head) + 200
	n := 0
	for ; ; n++ {
		id := fmt.Sprintf("r-%05d", n)
		region := fmt.Sprintf("  - id: %s\n    name: %q\n    geo: %s\n", id, hostileName(n, 120), []string{"europe", "asia-pacific", "north-america"}[n%3])
		price := fmt.Sprintf("  - instance: x\n    region: %s\n    model: on_demand\n    amount: %g\n    currency: USD\n    since: 2025-12-01\n    source: s\n    source_kind: provider\n", id, 0.3+float64(n%997)/1000)
		if used+len(region)+len(price)+len(id)+2 > maxCatalogBytes-1000 {
			break
		}
		used += len(region) + len(price) + len(id) + 2
		regions.WriteString(region)
		if n > 0 {
			ids.WriteString(", ")
		}
		ids.WriteString(id)
		prices.WriteString(price)
	}
	if n < 1000 {
		t.Fatalf("%d regions; want thousands", n)
	}
	prov := head + regions.String() + "instances:\n  - id: x\n    name: X\n    gpu: syn-g1-16gb\n    gpu_count: 1\n    regions: [" + ids.String() + "]\n    source: \"" + synth.Source + "\"\n"
	root["data/providers/hostile-regions.yaml"] = &fstest.MapFile{Data: []byte(prov)}
	root["data/prices/hostile-regions.yaml"] = &fstest.MapFile{Data: []byte("provider: hostile-regions\nprices:\n" + prices.String())}
	return root
}
