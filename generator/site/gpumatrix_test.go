package site

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/tools/txtar"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/render"
)

const cheapestCatalog = `
-- data/site.yaml --
title: T
currency: USD
-- data/fx.yaml --
rates:
  - {base: USD, quote: CNY, rate: 7, date: 2026-07-01, source: https://example.com/fx}
-- data/gpus/a100.yaml --
{id: a100, name: A100, vendor: NVIDIA}
-- data/providers/us.yaml --
id: us
name: US Cloud
kind: public_cloud
currency: USD
regions: [{id: r1, name: Region One}]
instances:
  - {id: eight, name: eight, gpu: a100, gpu_count: 8, regions: [r1], source: s}
  - {id: one, name: one, gpu: a100, gpu_count: 1, regions: [r1], source: s}
-- data/providers/cn.yaml --
id: cn
name: CN Cloud
kind: public_cloud
currency: CNY
regions: [{id: bj}]
instances:
  - {id: yuan, name: yuan, gpu: a100, gpu_count: 1, regions: [bj], source: s}
-- data/prices/us.yaml --
provider: us
prices:
  - {instance: eight, region: r1, model: on_demand, amount: 16, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: one, region: r1, model: on_demand, amount: 2, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: one, region: r1, model: spot, amount: 1, currency: USD, since: 2025, source: s, source_kind: provider}
-- data/prices/cn.yaml --
provider: cn
prices:
  - {instance: yuan, region: bj, model: on_demand, amount: 13.3, currency: CNY, since: 2025, source: s, source_kind: provider}
`

func TestCheapestOfferPerGPUAndModel(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, f := range txtar.Parse([]byte(cheapestCatalog)).Files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	cat, r := catalog.Load(fsys)
	if errs := r.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	b := &builder{cat: cat, Data: &derive.Data{GPUs: cat.GPUs}, tmpl: &render.Templates{Msgs: englishTexter(t).M}, ageDate: time.Date(2026, 7, 30, 0, 0, 0, 0, time.UTC)}
	p := frameOf(b).New("gpus/index.html", "gpus")
	tab := catalogOf(b, nil).Cheapest(p, pricing.Offers(cat, "USD"))
	if len(tab.Models) != 2 || tab.Models[0] != "on_demand" || tab.Models[1] != "spot" {
		t.Fatalf("models %v, want [on_demand spot]", tab.Models)
	}
	od, spot := tab.Rows[0].Cells[0], tab.Rows[0].Cells[1]
	// 13.3 CNY at 7 CNY/USD = 1.90 USD per GPU-hour beats 16/8 = 2 and 2/1 = 2.
	if od.Offer != "yuan" || !od.Converted || od.Quoted != 13.3 || od.QuotedIn != "CNY" || od.PerGPUHour != 1.9 {
		t.Errorf("on-demand cheapest = %+v", od)
	}
	if spot.Offer != "one" || spot.PerGPUHour != 1 || spot.Converted || spot.RegionName != "Region One" {
		t.Errorf("spot cheapest = %+v", spot)
	}
	if len(tab.Rates) != 1 || tab.Rates[0].Rate.Date != "2026-07-01" {
		t.Errorf("rates shown = %+v, want the one CNY rate used", tab.Rates)
	}
	if got := tab.Rows[0].Cells[0].URL; got != "../instances/cn/yuan/index.html" {
		t.Errorf("link %q", got)
	}
	// Each cell says how far to trust its price: the source's kind and
	// the date the price holds since.
	if tr := od.Trust; tr == nil || tr.Kind != "provider" || tr.Date != "2025" {
		t.Errorf("on-demand cheapest trust = %+v, want a provider price dated 2025", tr)
	}
	// The GPU matrix shows the on-demand cell as the GPU's price from.
	b.Priced = pricing.Offers(cat, "USD")
	d := catalogOf(b, nil).GPUsData(p, 0, 1)
	seen := 0
	for _, r := range append(d.Rows, d.Bare...) {
		if r.GPU.ID == tab.Rows[0].ID {
			seen++
			if r.From == nil || r.From.Offer != od.Offer || r.From.PerGPUHour != od.PerGPUHour {
				t.Errorf("%s: matrix price from %+v, want the cheapest on-demand %+v", r.GPU.ID, r.From, od)
			}
		}
	}
	if seen != 1 {
		t.Errorf("%s is in %d rows of the GPU matrix, want 1", tab.Rows[0].ID, seen)
	}
}

// TestGPUsWithoutFiguresCollapse: a GPU the catalog knows by name only
// comes after the others on the GPU matrix, in one line that says it has
// no public spec sheet figures instead of a row of dashes, and its page
// says so in one line; a GPU with some figures lists the rows it lacks in
// one line.
func TestGPUsWithoutFiguresCollapse(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	root["data/gpus/a40.yaml"] = &fstest.MapFile{Data: []byte("id: a40\nname: A40\nmodel: A40\nvendor: NVIDIA\nsource: a flavour list\n")}
	files, _ := build(t, root, Options{})

	matrix := string(files["gpus/index.html"])
	a40 := strings.Index(matrix, `<a href="../gpus/a40/index.html">A40</a>`)
	if a40 < 0 || a40 < strings.Index(matrix, `>T4</a>`) || a40 < strings.Index(matrix, `>A100 SXM4 40GB</a>`) {
		t.Fatalf("the A40 is not after the GPUs with figures:\n%s", matrix)
	}
	row := matrix[a40:]
	row = row[:strings.Index(row, "</tr>")]
	// The columns between vendor and instances: architecture, memory,
	// bandwidth, TDP, interconnect, released, and one a precision.
	precisions := strings.Count(matrix[:strings.Index(matrix, "</thead>")], `<th scope="col" class="num dense`) +
		strings.Count(matrix[:strings.Index(matrix, "</thead>")], `<th scope="col" class="num sparse`)
	if want := fmt.Sprintf(`<td colspan="%d" class="no-specs">no public spec sheet figures</td>`, 6+precisions); precisions == 0 || !strings.Contains(row, want) {
		t.Errorf("the A40's row has no %s:\n%s", want, row)
	}
	// Its price column may say it has no price; the spec columns have
	// no dashes.
	if specs := row[strings.Index(row, `<td class="num from">`)+1:]; strings.Contains(specs[strings.Index(specs, "<td"):], "—") {
		t.Errorf("the A40's row has dashes:\n%s", row)
	}
	if !strings.Contains(matrix, "3 GPU models · newest first, by release year. Last, 1 models with no public spec sheet figures.") {
		t.Error("the caption does not say the order")
	}

	page := string(files["gpus/a40/index.html"])
	if n := strings.Count(page, "No public spec sheet figures"); n != 1 {
		t.Errorf("the A40's page says it has no figures %d times, want once", n)
	}
	for _, dash := range []string{`<abbr class="unknown"`, "<h2>Peak throughput</h2>"} {
		if strings.Contains(page, dash) {
			t.Errorf("the A40's page has %s", dash)
		}
	}
	t4 := string(files["gpus/t4/index.html"])
	if want := `<p class="not-found"><span class="label">No public spec sheet figures:</span> architecture, release date, memory type, memory bandwidth, TDP, interconnect, interconnect bandwidth, PCIe generation.</p>`; !strings.Contains(t4, want) {
		t.Errorf("the T4's page has no %s", want)
	}
	if strings.Contains(t4[:strings.Index(t4, "</dl>")], `class="unknown"`) {
		t.Error("the T4's spec sheet has a row of an unknown figure")
	}
}
