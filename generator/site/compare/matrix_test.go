package compare

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/catalog/catalogtest"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/export"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/sitetest"
)

// The first matrix page's script data is encoded offer by offer; it must
// be what json.Marshal writes of the whole (html/template writes that).
func TestMatrixScriptEncodesWhatMarshalWrites(t *testing.T) {
	amount := 2.25
	for _, n := range []int{0, 1, 4} {
		offers := make([]*pricing.Offer, n)
		exports := map[*pricing.Offer]*export.OfferExport{}
		for i := range offers {
			offers[i] = new(pricing.Offer)
			exports[offers[i]] = &export.OfferExport{
				Provider: fmt.Sprintf("p%d", i), ProviderName: "</script><!--\u2028\u2029", InstanceName: "a&b",
				GPUCount: i, VCPUs: &amount, Prices: map[string]*export.PriceExport{"on_demand": {Amount: &amount, Currency: "USD", Hourly: 1.0 / 3}},
			}
		}
		s := &matrixScript{
			OffersExport:   export.OffersExport{Title: "<b>T</b>", Currency: "EUR", Models: []string{"spot"}, Offers: []*export.OfferExport{}},
			scriptSettings: scriptSettings{GPUs: []export.GPUExport{{ID: "g", Name: "G>"}}, Model: "spot", Root: "../", Messages: map[string]string{"b": "\u2028", "a": "<x>"}},
		}
		got, err := s.encode(offers, func(o *pricing.Offer) *export.OfferExport { return exports[o] })
		if err != nil {
			t.Fatal(err)
		}
		whole := *s
		for _, o := range offers {
			whole.Offers = append(whole.Offers, exports[o])
		}
		want, err := json.Marshal(&whole)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%d offers: encoded\n%s\njson.Marshal\n%s", n, got, want)
		}
	}
}

// TestMatrixKindAlone makes the pages of /compare/ of the small test site
// from its catalog, its derived offers and the English messages alone,
// without the other page kinds, a template or a build: one page, a row
// per priced offer in the derived order, and the prices of a row as its
// cells write them.
func TestMatrixKindAlone(t *testing.T) {
	cat := sitetest.SmallCatalog(t)
	data := derive.Make(cat)
	msgs := sitetest.Messages(t, "en")
	newPage := func(path, layout string) *pagemodel.Page { return &pagemodel.Page{Path: path, Layout: layout} }
	trust := func(pp *catalog.PricePoint, kind string) *pagemodel.TrustView {
		return &pagemodel.TrustView{Kind: kind, Source: pp.Source}
	}
	k := New(cat, data, msgs, newPage, trust, false, Measure{})
	pages, err := k.Pages()
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 1 || pages[0].Path != "compare/index.html" {
		t.Fatalf("%d pages; want compare/index.html alone", len(pages))
	}
	m, err := pages[0].Model()
	if err != nil {
		t.Fatal(err)
	}
	d := m.(*Data)
	if len(data.Priced) != 5 || len(d.Rows) != len(data.Priced) || d.Total != 5 || d.First != 1 || d.Last != 5 {
		t.Fatalf("%d rows (%d–%d of %d) of %d priced offers; want the test site's 5 (4 instance types, one in two regions)", len(d.Rows), d.First, d.Last, d.Total, len(data.Priced))
	}
	for i, r := range d.Rows {
		if r.Offer != data.Priced[i] {
			t.Errorf("row %d is %s/%s, not the derived offer %d", i+1, r.Provider.ID, r.Instance.ID, i+1)
		}
	}
	if len(k.Chunks()) != 1 || !strings.Contains(string(k.Chunks()[0]), `"instance":"p4d.24xlarge"`) {
		t.Errorf("%d data scripts; want one holding the offers", len(k.Chunks()))
	}
	var row *Row
	for _, r := range d.Rows {
		if r.Instance.ID == "p4d.24xlarge" && r.Region == "us-east-1" {
			row = r
		}
	}
	if row == nil {
		t.Fatal("no row of p4d.24xlarge in us-east-1")
	}
	// The newest on-demand price, 21.96 USD an hour for 8 GPUs.
	if row.Dated == nil || row.Dated.Amount != "21.96" || row.Dated.Shown != "21.96" || row.PerGPU == nil || *row.PerGPU != 21.96/8 || row.PerGPUText != "2.745" {
		t.Errorf("p4d.24xlarge in us-east-1: dated %+v, per GPU %q; want 21.96 an hour, 2.745 a GPU-hour", row.Dated, row.PerGPUText)
	}
	if row.Dated != nil && row.Dated.Trust != nil && row.Dated.Trust.Source != "" {
		t.Errorf("a row's price keeps its source on its trust badge (%q): the row has a column of its own for it", row.Dated.Trust.Source)
	}
	if want := "https://aws.amazon.com/ec2/pricing/on-demand/"; row.Source() != want || len(row.Cites) == 0 {
		t.Errorf("the row's source is %q (%d citations), want %s", row.Source(), len(row.Cites), want)
	}
	models := PricedModels(data.Priced)
	if i := slices.Index(models, "reserved_1y"); i < 0 || row.Prices[i] == nil || row.Prices[i].Amount != "13.70" && row.Prices[i].Amount != "13.7" {
		t.Errorf("p4d.24xlarge in us-east-1: the 1-year reserved price is not its effective 13.7 an hour (models %v)", models)
	}
}

// TestMatrixFrameTakesItsBytesFromTheRows splits rows of 30,000 bytes into
// the matrix's pages under a first page's frame of 900,000 bytes (its
// pager growing with the pages) and later pages' of 50,000: each page's
// frame and rows stay within MaxPageBytes, the first page holds fewer rows
// than the others, which hold MaxMatrixRowBytes of rows; without frames
// every page holds MaxMatrixRowBytes.
func TestMatrixFrameTakesItsBytesFromTheRows(t *testing.T) {
	const row = 30_000
	sizes := slices.Repeat([]int{row}, 200)
	frames := func(pages int) (int, int, error) { return 900_000 + 60*pages, 50_000 + 60*pages, nil }
	all := func(int) ([]int, error) { return sizes, nil }
	starts, err := pageStarts(len(sizes), sizes, all, 1000, frames)
	if err != nil {
		t.Fatal(err)
	}
	pages := len(starts) - 1
	first, later, _ := frames(pages)
	for i := range pages {
		frame := later
		if i == 0 {
			frame = first
		}
		rows := starts[i+1] - starts[i]
		if total := frame + rows*row; total > MaxPageBytes {
			t.Errorf("page %d: a frame of %d and %d rows: %d bytes, over %d", i+1, frame, rows, total, MaxPageBytes)
		}
		if i > 0 && i < pages-1 && rows != MaxMatrixRowBytes/row {
			t.Errorf("page %d holds %d rows; want %d", i+1, rows, MaxMatrixRowBytes/row)
		}
	}
	if got, want := starts[1], (MaxPageBytes-first-frameSlack)/row; got != want {
		t.Errorf("the first page holds %d rows; want %d", got, want)
	}
	plain, err := pageStarts(len(sizes), sizes, all, 1000, nil)
	if err != nil {
		t.Fatal(err)
	}
	if plain[1] != MaxMatrixRowBytes/row {
		t.Errorf("without frames the first page holds %d rows; want %d", plain[1], MaxMatrixRowBytes/row)
	}
}

// TestMatrixFirstPageIsSplitByItsOwnRows splits rows that take 20,000
// bytes on the first page and 30,000 on the others (whose links are
// longer): the first page holds as many rows as its own sizes allow,
// the later pages as theirs do, and the later sizes are asked for only
// from the first page's end on, and not at all when every row fits the
// first page.
func TestMatrixFirstPageIsSplitByItsOwnRows(t *testing.T) {
	const n, firstRow, laterRow = 300, 20_000, 30_000
	first := slices.Repeat([]int{firstRow}, n)
	var asked []int
	later := func(i int) ([]int, error) {
		asked = append(asked, i)
		return slices.Repeat([]int{laterRow}, n), nil
	}
	starts, err := pageStarts(n, first, later, 1000, nil)
	if err != nil {
		t.Fatal(err)
	}
	perFirst, perLater := MaxMatrixRowBytes/firstRow, MaxMatrixRowBytes/laterRow
	if starts[1] != perFirst || starts[2]-starts[1] != perLater {
		t.Errorf("pages start at %v; want the first page to hold %d rows, the second %d", starts, perFirst, perLater)
	}
	if len(asked) != 1 || asked[0] != perFirst {
		t.Errorf("the later sizes were asked from %v; want once, from %d", asked, perFirst)
	}
	asked = nil
	if starts, err := pageStarts(perFirst, first, later, 1000, nil); err != nil || !slices.Equal(starts, []int{0, perFirst}) || asked != nil {
		t.Errorf("%d rows that fit the first page: pages start at %v (%v), later sizes asked from %v; want one page, none asked", perFirst, starts, err, asked)
	}
	if starts, err := pageStarts(n, first, later, 10, nil); err != nil || starts[1] != 10 || starts[2] != 20 {
		t.Errorf("pages of 10 rows start at %v (%v); want 0, 10, 20…", starts, err)
	}
}

// mainlandMatrixCatalog has a China cloud with a mainland region priced
// in yuan (cny), the same region priced in dollars from its international
// site (intl), and a region outside mainland China (hk), in yuan.
const mainlandMatrixCatalog = `
-- data/site.yaml --
title: t
currency: USD
-- data/fx.yaml --
rates:
  - {base: USD, quote: CNY, rate: 7, date: 2025-06-02, source: https://www.example.com/fx}
-- data/gpus/a100.yaml --
id: a100
name: A100
model: A100
vendor: NVIDIA
memory_gb: 40
source: https://www.example.com/a100
-- data/providers/cn.yaml --
id: cn
name: CN Cloud
kind: public_cloud
currency: CNY
regions:
  - {id: cn-a, name: A, geo: china-mainland}
  - {id: hk, name: HK, geo: hong-kong-taiwan}
instances:
  - {id: cny, name: cny, gpu: a100, gpu_count: 1, regions: [cn-a, hk], source: https://www.example.com/cny}
  - {id: intl, name: intl, gpu: a100, gpu_count: 1, regions: [cn-a], source: https://www.example.com/intl}
-- data/prices/cn.yaml --
provider: cn
prices:
  - {instance: cny, region: cn-a, model: on_demand, amount: 14, currency: CNY, since: 2025-06, source: https://www.example.com/p, source_kind: provider}
  - {instance: cny, region: hk, model: on_demand, amount: 10, currency: CNY, since: 2025-06, source: https://www.example.com/p, source_kind: provider}
  - {instance: intl, region: cn-a, model: on_demand, amount: 1.2, currency: USD, since: 2025-06, source: https://www.example.com/intl, source_kind: provider}
`

// TestMatrixMainlandSwitchKeepsTheHomeRule: the offers the switch
// "mainland China only" keeps are marked in the script's data by the
// home page's mainland rule (derive.MainlandQuoted): a mainland region's
// yuan price is; the same region's price in dollars (an international
// site's, which the page would show converted) and a yuan price outside
// mainland China are not; and the page has the switch.
func TestMatrixMainlandSwitchKeepsTheHomeRule(t *testing.T) {
	cat, _ := catalogtest.Load(t, mainlandMatrixCatalog)
	data := derive.Make(cat)
	newPage := func(path, layout string) *pagemodel.Page { return &pagemodel.Page{Path: path, Layout: layout} }
	trust := func(pp *catalog.PricePoint, kind string) *pagemodel.TrustView {
		return &pagemodel.TrustView{Kind: kind}
	}
	k := New(cat, data, sitetest.Messages(t, "en"), newPage, trust, false, Measure{})
	pages, err := k.Pages()
	if err != nil {
		t.Fatal(err)
	}
	m, err := pages[0].Model()
	if err != nil {
		t.Fatal(err)
	}
	d := m.(*Data)
	if !d.Mainland || !strings.Contains(string(d.Script), `"mainland":true`) {
		t.Errorf("the page has no mainland switch (%v) or its data does not say so", d.Mainland)
	}
	got := map[string]bool{}
	var all strings.Builder
	for _, c := range k.Chunks() {
		all.Write(c)
	}
	for _, part := range strings.Split(all.String(), `{"provider":`)[1:] {
		var o struct {
			Instance string `json:"instance"`
			Region   string `json:"region"`
		}
		if err := json.NewDecoder(strings.NewReader(`{"provider":` + part)).Decode(&o); err != nil {
			t.Fatal(err)
		}
		got[o.Instance+"/"+o.Region] = strings.Contains(part, `"mainland":true`)
	}
	if want := map[string]bool{"cny/cn-a": true, "cny/hk": false, "intl/cn-a": false}; !maps.Equal(got, want) {
		t.Errorf("offers the switch keeps: %v, want %v", got, want)
	}
}
