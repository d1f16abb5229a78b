package charts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

func TestFrontier(t *testing.T) {
	tests := []struct {
		name   string
		points []point
		want   []int
	}{
		{"none", nil, nil},
		{"one", []point{{Price: 2, Perf: 10}}, []int{0}},
		// B is cheaper and stronger than A: A is beaten.
		{"dominated on both", []point{{Price: 3, Perf: 10}, {Price: 2, Perf: 20}}, []int{1}},
		// A trade-off: cheaper and weaker, dearer and stronger. Both stay,
		// weakest first.
		{"trade-off", []point{{Price: 4, Perf: 40}, {Price: 1, Perf: 10}}, []int{1, 0}},
		// Equal price: the stronger beats the weaker.
		{"equal price", []point{{Price: 2, Perf: 10}, {Price: 2, Perf: 30}}, []int{1}},
		// Equal performance: the cheaper beats the dearer.
		{"equal performance", []point{{Price: 3, Perf: 10}, {Price: 2, Perf: 10}}, []int{1}},
		// Exact ties beat nothing: both stay, in input order.
		{"tie", []point{{Price: 2, Perf: 10}, {Price: 2, Perf: 10}, {Price: 5, Perf: 5}}, []int{0, 1}},
		// A staircase with points above it: only the steps stay.
		{"staircase", []point{
			{Price: 1, Perf: 65},    // 0: cheapest
			{Price: 3, Perf: 125},   // 1: beaten by 2
			{Price: 2.5, Perf: 125}, // 2
			{Price: 2.5, Perf: 100}, // 3: beaten by 2 (same price, weaker)
			{Price: 4, Perf: 312},   // 4
			{Price: 9, Perf: 312},   // 5: beaten by 4
			{Price: 3.9, Perf: 989}, // 6: cheaper and stronger than 4
		}, []int{0, 2, 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := frontier(tt.points); !slices.Equal(got, tt.want) {
				t.Errorf("frontier = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestFrontierIsWhatNothingBeats checks frontier against its definition on
// a grid of points, ties included.
func TestFrontierIsWhatNothingBeats(t *testing.T) {
	var pts []point
	for i := range 60 {
		pts = append(pts, point{Price: float64((i*7)%11 + 1), Perf: float64((i*5)%13 + 1)})
	}
	on := map[int]bool{}
	for _, i := range frontier(pts) {
		on[i] = true
	}
	for i, p := range pts {
		beaten := false
		for j, q := range pts {
			if j != i && q.Price <= p.Price && q.Perf >= p.Perf && (q.Price < p.Price || q.Perf > p.Perf) {
				beaten = true
			}
		}
		if on[i] == beaten {
			t.Errorf("point %d %+v: on frontier %v, beaten %v", i, p, on[i], beaten)
		}
	}
}

func TestID(t *testing.T) {
	for _, tt := range []struct{ page, kind, want string }{
		{"index.html", "price_by_gpu", "home_price_by_gpu"},
		{"gpus/index.html", "price_tflops", "gpus_price_tflops"},
		{"gpus/h100-sxm5-80gb/index.html", "offers", "gpus_h100_sxm5_80gb_offers"},
		{"instances/aws/p4d.24xlarge/index.html", "history", "instances_aws_p4d_24xlarge_history"},
		{"404.html", "x", "c_404_x"},
	} {
		if got := ID(tt.page, tt.kind); got != tt.want {
			t.Errorf("ID(%q, %q) = %q, want %q", tt.page, tt.kind, got, tt.want)
		}
	}
}

func TestNiceStep(t *testing.T) {
	for _, tt := range []struct {
		v    float64
		up   bool
		want float64
	}{
		{65, false, 50}, {18.7, false, 15}, {989 * 1.4, true, 1500}, {141 * 1.4, true, 200}, {0.35, false, 0.3}, {13.7, true, 15}, {0.29, false, 0.2}, {100, true, 100}, {100, false, 100}, {7.5, true, 10},
	} {
		if got := niceStep(tt.v, tt.up); got != tt.want {
			t.Errorf("niceStep(%v, %v) = %v, want %v", tt.v, tt.up, got, tt.want)
		}
	}
}

const testCatalog = `
-- data/site.yaml --
title: T
currency: USD
-- data/fx.yaml --
rates:
  - {base: USD, quote: CNY, rate: 7.0, date: 2025-01-02, source: https://example.com/fx}
-- data/gpus/a100.yaml --
id: a100
name: A100 SXM4 40GB
vendor: NVIDIA
memory_gb: 40
dense: {fp32: 19.5, fp16_bf16: 312}
source: https://example.com/a100
-- data/gpus/t4.yaml --
id: t4
name: T4
vendor: NVIDIA
memory_gb: 16
dense: {fp16_bf16: 65}
source: s
-- data/providers/aws.yaml --
id: aws
name: AWS
kind: public_cloud
currency: USD
regions: [{id: us-east-1}, {id: eu-west-1}]
instances:
  - {id: p4d, name: p4d.24xlarge, gpu: a100, gpu_count: 8, regions: [us-east-1, eu-west-1], source: s}
  - {id: g4, name: g4dn.xlarge, gpu: t4, gpu_count: 1, regions: [all], source: s}
  - {id: slice, name: vgpu-slice, gpu: a100, gpu_count: 1, gpu_memory_gb: 10, vgpu_profile: A100-10C, regions: [all], source: s}
-- data/providers/ali.yaml --
id: ali
name: '</script><script>window.__pwned=1</script>'
kind: public_cloud
currency: CNY
regions: [{id: cn-beijing}]
instances:
  - {id: gn7, name: '"><img src=x onerror="window.__pwned=1">', gpu: a100, gpu_count: 1, regions: [cn-beijing], source: s}
-- data/prices/aws.yaml --
provider: aws
checked: 2025-06-01
prices:
  - {instance: p4d, region: us-east-1, model: on_demand, amount: 32.77, currency: USD, since: 2024-01, source: s, source_kind: provider}
  - {instance: p4d, region: us-east-1, model: spot, amount: 9.831, currency: USD, since: unknown, source: s, source_kind: provider}
  - {instance: p4d, region: us-east-1, model: on_demand, amount: 21.96, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: p4d, region: us-east-1, model: reserved_1y, effective_hourly: 13, payment: all_upfront, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: p4d, region: eu-west-1, model: on_demand, amount: 30, currency: USD, since: unknown, source: s, source_kind: provider}
  - {instance: p4d, region: eu-west-1, model: spot, discount_pct: 60, currency: USD, since: unknown, source: s, source_kind: provider}
  - {instance: g4, region: all, model: on_demand, amount: 0.526, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: slice, region: all, model: on_demand, amount: 0.5, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
-- data/prices/ali.yaml --
provider: ali
checked: 2025-06-01
prices:
  - {instance: gn7, region: cn-beijing, model: on_demand, amount: 14, currency: CNY, since: unknown, source: s, source_kind: provider}
`

func load(t *testing.T) *Data {
	t.Helper()
	return loadFrom(t, testCatalog)
}

// loadFrom is load of another archive.
func loadFrom(t *testing.T, archive string) *Data {
	t.Helper()
	fsys := fstest.MapFS{}
	name := ""
	for _, line := range strings.Split(archive, "\n") {
		if strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --") {
			name = line[3 : len(line)-3]
			fsys[name] = &fstest.MapFile{}
			continue
		}
		if name != "" {
			fsys[name].Data = append(fsys[name].Data, line+"\n"...)
		}
	}
	cat, r := catalog.Load(fsys)
	if errs := r.Errors(); len(errs) > 0 {
		t.Fatalf("fixture does not load:\n%s", errs)
	}
	return &Data{
		Catalog: cat, GPUs: []*catalog.GPU{cat.GPU("a100"), cat.GPU("t4")},
		Offers: pricing.Offers(cat, "USD"), Currency: "USD",
		Text: func(key string, args ...any) string { return key + fmt.Sprint(args...) },
	}
}

func TestPriceByGPU(t *testing.T) {
	d := load(t)
	c, err := d.PriceByGPU("home_price_by_gpu", "on_demand")
	if err != nil || c == nil {
		t.Fatalf("PriceByGPU = %v, %v", c, err)
	}
	var provs []string
	for _, p := range c.Providers {
		provs = append(provs, p.ID)
	}
	// Providers in catalog order (files by name: ali before aws).
	if !slices.Equal(provs, []string{"ali", "aws"}) {
		t.Errorf("providers %v", provs)
	}
	if len(c.Rows) != 2 || c.Rows[0].GPU.ID != "a100" || c.Rows[1].GPU.ID != "t4" {
		t.Fatalf("rows %+v", c.Rows)
	}
	// A100 at AWS: the lower of 21.96/8 = 2.745 (us-east-1) and 30/8 = 3.75
	// (eu-west-1); the vGPU slice at 0.5 is not a GPU-hour and stays out.
	if got := c.Rows[0].Cells[1]; got == nil || got.PerGPUHour != 2.745 || got.Offer.Region != "us-east-1" {
		t.Errorf("A100 at AWS = %+v", got)
	}
	// A100 at the other provider: 14 CNY at 7 CNY per USD = 2 USD.
	if got := c.Rows[0].Cells[0]; got == nil || got.PerGPUHour != 2 || !got.Converted || got.Quoted != 14 {
		t.Errorf("A100 at ali = %+v", got)
	}
	if c.Rows[1].Cells[0] != nil {
		t.Error("T4 has no price at ali")
	}
	// Dated: 2025-06-01 (p4d) and 2025-06-01 (g4) in effect since; gn7,
	// with no effective date, checked on 2025-06-01 (its file's checked):
	// its age counts from that, so it is no undated price.
	if c.AsOf.Latest != "2025-06-01" || c.AsOf.Dated != 3 || c.AsOf.Undated != 0 || len(c.AsOf.Rates) != 1 {
		t.Errorf("as of %+v", c.AsOf)
	}
	// Without the checked date, gn7 has no date an age counts from: it is
	// left out (the A100 has a current price), and the note, counting the
	// prices shown, counts no undated one.
	u, err := loadFrom(t, strings.Replace(testCatalog, "provider: ali\nchecked: 2025-06-01\n", "provider: ali\n", 1)).PriceByGPU("home_price_by_gpu", "on_demand")
	if err != nil || u == nil || len(u.Providers) != 1 || u.AsOf.Undated != 0 || u.AsOf.Dated != 2 {
		t.Errorf("gn7 unchecked: as of %+v, %v; want it left out: 2 dated, none undated", u.AsOf, err)
	}
	if js, _ := c.JSON(); !strings.Contains(string(js), `"renderMode":"richText"`) {
		t.Error("the tooltip must draw on the canvas (richText)")
	}
}

func TestPricePerformanceMarksTheFrontier(t *testing.T) {
	d := load(t)
	c, err := d.PricePerformance("t", "m", "on_demand")
	if err != nil || c == nil || c.TFLOPS == nil || c.Memory == nil {
		t.Fatalf("PricePerformance = %+v, %v", c, err)
	}
	if c.Fractional != 1 {
		t.Errorf("fractional = %d, want the one vGPU slice", c.Fractional)
	}
	on := map[string]bool{}
	for _, r := range c.Rows {
		if r.OnTFLOPSFrontier {
			on[r.Offer.Instance.ID+"@"+r.Offer.Region] = true
		}
	}
	// T4 at 0.526 for 65 TFLOPS; the A100 at 2 USD (gn7) for 312. The
	// p4d at 2.745 and 3.75 is beaten by gn7.
	want := map[string]bool{"g4@all": true, "gn7@cn-beijing": true}
	if fmt.Sprint(on) != fmt.Sprint(want) {
		t.Errorf("frontier %v, want %v", on, want)
	}
	// The frontier's names come from a string formatter, not a function.
	js, _ := json.Marshal(c.TFLOPS.Options)
	if !bytes.Contains(js, []byte(`"formatter":"{b}"`)) {
		t.Errorf("no {b} label formatter in %s", js)
	}
}

func TestPriceHistory(t *testing.T) {
	d := load(t)
	in := d.Catalog.Provider("aws").Instance("p4d")
	var points []HistoryPoint
	for _, pp := range d.Catalog.PricesOf(in) {
		hp := HistoryPoint{Point: pp, Currency: pp.Currency}
		if h, ok := pricing.EffectiveHourly(pp, in.GPUCount, nil); ok {
			v := h.Amount / float64(in.GPUCount)
			hp.PerGPUHour = &v
		}
		points = append(points, hp)
	}
	h, err := d.PriceHistory("instances_aws_p4d_history", in, points)
	if err != nil || h == nil || len(h.Charts) != 1 {
		t.Fatalf("PriceHistory = %+v, %v", h, err)
	}
	// On the chart: on-demand 2024-01 and 2025-06-01 (us-east-1), reserved
	// 2025; off it: three undated points and the discount-only spot point,
	// which is undated too.
	if h.Plotted != 3 || h.Undated != 3 || h.NoHourly != 0 {
		t.Errorf("plotted %d, undated %d, no hourly %d", h.Plotted, h.Undated, h.NoHourly)
	}
	ps := d.Catalog.PricesOf(in)
	if h.Left(ps[0]) != "" || h.Left(ps[1]) != LeftUndated {
		t.Errorf("left: %q, %q", h.Left(ps[0]), h.Left(ps[1]))
	}
	js, _ := h.Charts[0].JSON()
	for _, want := range []string{`"type":"time"`, `["2024-01-01",4.096]`, `"name":"2024-01"`, `"step":"end"`} {
		if !strings.Contains(string(js), want) {
			t.Errorf("history options lack %s:\n%s", want, js)
		}
	}

	// A history with one dated price draws nothing, and says so.
	g4 := d.Catalog.Provider("aws").Instance("g4")
	pp := d.Catalog.PricesOf(g4)[0]
	h, _ = d.PriceHistory("x", g4, []HistoryPoint{{Point: pp, Currency: "USD", PerGPUHour: pp.Amount}})
	if h == nil || len(h.Charts) != 0 || h.Left(pp) != "" {
		t.Errorf("one dated point: %+v", h)
	}
}

func TestDiscountsAreMediansOffTheSameOffer(t *testing.T) {
	d := load(t)
	c, err := d.ProviderDiscounts("providers_discounts")
	if err != nil || c == nil {
		t.Fatalf("ProviderDiscounts = %+v, %v", c, err)
	}
	if !slices.Equal(c.Models, []string{"spot", "reserved_1y"}) || len(c.Rows) != 1 || c.Rows[0].Provider.ID != "aws" {
		t.Fatalf("models %v, rows %d", c.Models, len(c.Rows))
	}
	// Spot: 1 − 9.831/21.96 = 55.2% in us-east-1; 60% stated in eu-west-1.
	// Median of two is their mean: 57.6.
	spot := c.Rows[0].Cells[0]
	if spot.Offers != 2 || spot.Median != 57.6 || spot.Min != 55.2 || spot.Max != 60 {
		t.Errorf("spot %+v", spot)
	}
	// Reserved 1 year: 1 − 13/21.96 = 40.8%.
	if r := c.Rows[0].Cells[1]; r.Offers != 1 || r.Median != 40.8 {
		t.Errorf("reserved %+v", r)
	}
}

// TestChartsLeaveOutArticlesAndEstimates: a price from an article is not
// plotted, and the chart counts it; a discount an article states is not a
// provider's discount; a discount the provider states is, though the
// price worked out from it is an estimate.
func TestChartsLeaveOutArticlesAndEstimates(t *testing.T) {
	d := loadFrom(t, strings.NewReplacer(
		"amount: 14, currency: CNY, since: unknown, source: s, source_kind: provider}", "amount: 14, currency: CNY, since: unknown, source: a blog, source_kind: article}",
		"discount_pct: 60, currency: USD, since: unknown, source: s, source_kind: provider}", "discount_pct: 60, currency: USD, since: unknown, source: a blog, source_kind: article}",
	).Replace(testCatalog))
	c, err := d.PriceByGPU("p", "on_demand")
	if err != nil || c == nil {
		t.Fatalf("PriceByGPU = %v, %v", c, err)
	}
	if c.Unranked != 1 || len(c.Providers) != 1 || c.Providers[0].ID != "aws" {
		t.Errorf("unranked %d, providers %d: want the article's price left out and counted", c.Unranked, len(c.Providers))
	}
	disc, err := d.ProviderDiscounts("d")
	if err != nil || disc == nil {
		t.Fatalf("ProviderDiscounts = %v, %v", disc, err)
	}
	if spot := disc.Rows[0].Cells[0]; spot.Offers != 1 || spot.Median != 55.2 {
		t.Errorf("spot %+v: want us-east-1's 55.2 alone", spot)
	}
	// The provider's own discount counts (TestDiscountsAreMediansOffTheSameOffer), and its price is an estimate.
	if pr := load(t).Offers[2].Prices["spot"]; pr == nil || pr.Kind != catalog.KindEstimate || !pr.DiscountRanked() {
		t.Errorf("eu-west-1 spot: %+v", pr)
	}
}

// TestSameInputSameBytes builds every chart twice from two loads of the
// catalog: the options must be byte-identical, whatever the map order.
func TestSameInputSameBytes(t *testing.T) {
	build := func() []byte {
		d := load(t)
		var out []any
		a, _ := d.PriceByGPU("a", "on_demand")
		b, _ := d.PricePerformance("b", "c", "on_demand")
		c, _ := d.ProviderDiscounts("d")
		e, _ := d.GPUOffers("e", d.Catalog.GPU("a100"), "on_demand")
		out = append(out, a.Options, b.TFLOPS.Options, b.Memory.Options, c.Options, e.Options)
		js, err := json.Marshal(out)
		if err != nil {
			t.Fatal(err)
		}
		return js
	}
	first := build()
	for range 5 {
		if !bytes.Equal(first, build()) {
			t.Fatal("two builds of the same charts differ")
		}
	}
}

// TestCatalogTextStaysText: names go into the options as plain strings;
// escaping them for the page is the site's job (html/template), and no
// option carries a function marker go-echarts' renderer would turn into code.
func TestCatalogTextStaysText(t *testing.T) {
	d := load(t)
	c, _ := d.PriceByGPU("a", "on_demand")
	js, _ := json.Marshal(c.Options)
	if bytes.Contains(js, []byte("</script>")) {
		t.Error("encoding/json must escape < in names")
	}
	if !bytes.Contains(js, []byte(`\u003c/script\u003e\u003cscript\u003ewindow.__pwned=1\u003c/script\u003e`)) {
		t.Errorf("the provider's name is not in the options as text:\n%s", js)
	}
	if bytes.Contains(js, []byte("__f__")) {
		t.Error("options carry a go-echarts function marker")
	}
}

// TestPartialPricesAreNotRanked: a price that is only part of the cost (a
// GPU without its VM) is on no chart that ranks prices — neither the
// cheapest of a provider, nor a bar among whole prices, nor on the
// frontier — and each chart counts what it leaves out.
func TestPartialPricesAreNotRanked(t *testing.T) {
	d := load(t)
	// gn7 is the cheapest A100 (2 USD per GPU-hour) and on the frontier.
	gn7 := d.Catalog.Provider("ali").Instance("gn7")
	gn7.PriceIncomplete = "GPU component only"

	byGPU, err := d.PriceByGPU("p", "on_demand")
	if err != nil || byGPU == nil {
		t.Fatalf("PriceByGPU = %v, %v", byGPU, err)
	}
	for _, r := range byGPU.Rows {
		for _, op := range r.Cells {
			if op != nil && op.Offer.Instance == gn7 {
				t.Errorf("%s: the partial price %v is ranked", r.GPU.ID, op.PerGPUHour)
			}
		}
	}
	if len(byGPU.Providers) != 1 || byGPU.Providers[0].ID != "aws" || byGPU.Partial != 1 {
		t.Errorf("providers %v, partial %d: want aws only, 1 left out", byGPU.Providers, byGPU.Partial)
	}

	offers, err := d.GPUOffers("o", d.Catalog.GPU("a100"), "on_demand")
	if err != nil || offers == nil {
		t.Fatalf("GPUOffers = %v, %v", offers, err)
	}
	if len(offers.Rows) != 2 || offers.Rows[0].PerGPUHour != 2.745 || offers.Partial != 1 {
		t.Errorf("A100 offers: %d rows, cheapest %v, partial %d; want the two p4d, 2.745 first, 1 left out",
			len(offers.Rows), offers.Rows[0].PerGPUHour, offers.Partial)
	}

	perf, err := d.PricePerformance("t", "m", "on_demand")
	if err != nil || perf == nil {
		t.Fatalf("PricePerformance = %v, %v", perf, err)
	}
	on := map[string]bool{}
	for _, r := range perf.Rows {
		if r.Offer.Instance == gn7 {
			t.Errorf("the partial price is a mark: %+v", r.OfferPrice)
		}
		if r.OnTFLOPSFrontier {
			on[r.Offer.Instance.ID+"@"+r.Offer.Region] = true
		}
	}
	// Without gn7, the p4d at 2.745 for 312 TFLOPS is the strongest for its price.
	if want := map[string]bool{"g4@all": true, "p4d@us-east-1": true}; fmt.Sprint(on) != fmt.Sprint(want) {
		t.Errorf("frontier %v, want %v", on, want)
	}
	if perf.Partial != 1 {
		t.Errorf("partial = %d, want 1", perf.Partial)
	}
}

// TestCategoryNamesInFull: the names of offers and GPU models on a category
// axis reach the options whole (the browser wraps them to their row), so
// two offers whose names share a long start still read apart.
func TestCategoryNamesInFull(t *testing.T) {
	d := load(t)
	long := "p4d.24xlarge-with-a-name-longer-than-thirty-characters"
	d.Catalog.Provider("aws").Instance("p4d").Name = long
	d.Catalog.GPU("a100").Name = "A100 SXM4 40GB with a name past twenty-four"
	offers, err := d.GPUOffers("o", d.Catalog.GPU("a100"), "on_demand")
	if err != nil || offers == nil {
		t.Fatalf("GPUOffers = %v, %v", offers, err)
	}
	js, _ := json.Marshal(offers.Options)
	n := 0
	for _, op := range offers.Rows {
		if name := d.offerName(op.Offer, ""); strings.HasPrefix(name, long) {
			n++
			if !bytes.Contains(js, []byte(`"`+name+`"`)) {
				t.Errorf("the offer's name %q is not on the chart in full:\n%s", name, js)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d rows of p4d, want 2 (two regions)", n)
	}
	byGPU, err := d.PriceByGPU("p", "on_demand")
	if err != nil || byGPU == nil {
		t.Fatalf("PriceByGPU = %v, %v", byGPU, err)
	}
	if js, _ := json.Marshal(byGPU.Options); !bytes.Contains(js, []byte(`"A100 SXM4 40GB with a name past twenty-four"`)) {
		t.Errorf("the GPU's name is not on the chart in full:\n%s", js)
	}
	// A scenario's cost chart names its offers in full too.
	label := "g4dn.xlarge · AWS (China regions) · China (Ningxia)"
	costs, err := d.ScenarioCosts("c", "t", "USD a month", []string{label}, []CostStack{{Key: "on_demand", Name: "Compute", Values: []float64{1}}})
	if err != nil || costs == nil {
		t.Fatalf("ScenarioCosts = %v, %v", costs, err)
	}
	if js, _ := json.Marshal(costs.Options); !bytes.Contains(js, []byte(`"`+label+`"`)) {
		t.Errorf("the offer's name is not on the cost chart in full:\n%s", js)
	}
}

// TestMostMarkedKeepsTheMostProvidersInOrder checks the GPU models the
// charts of price against performance keep past MaxChartGPUs: those with
// the most marks (counted up to MaxMarksPerGPU), the first listed among
// equals, in their order.
func TestMostMarkedKeepsTheMostProvidersInOrder(t *testing.T) {
	var gpus []*catalog.GPU
	marks := map[*catalog.GPU]int{}
	for i, n := range []int{1, 3, 0, MaxMarksPerGPU + 5, 2, MaxMarksPerGPU, 3} {
		g := &catalog.GPU{ID: fmt.Sprint("g", i)}
		gpus = append(gpus, g)
		marks[g] = n
	}
	var got []string
	for _, g := range mostMarked(gpus, marks, 4) {
		got = append(got, g.ID)
	}
	// g3 and g5 (capped alike), then g1 and g6 (3 each, g1 first), in their order.
	if want := []string{"g1", "g3", "g5", "g6"}; !slices.Equal(got, want) {
		t.Errorf("kept %v, want %v", got, want)
	}
}

// TestRegionNamedInTheChartsLanguage: a chart in another language than
// the catalog's names an offer's region as its provider does in that
// language where the catalog has the name, and by its id where it has
// none or the chart is in the catalog's language.
func TestRegionNamedInTheChartsLanguage(t *testing.T) {
	d := load(t)
	d.Catalog.Provider("aws").Region("us-east-1").I18n = catalog.I18n{"zh-CN": {"name": "美国东部（弗吉尼亚北部）"}}
	var east, west *pricing.Offer
	for _, o := range d.Offers {
		if o.Instance.ID == "p4d" && o.Region == "us-east-1" {
			east = o
		}
		if o.Instance.ID == "p4d" && o.Region == "eu-west-1" {
			west = o
		}
	}
	if east == nil || west == nil {
		t.Fatal("the fixture has no p4d offer in us-east-1 and eu-west-1")
	}
	for _, c := range []struct {
		lang       string
		east, west string
	}{
		{"", "p4d.24xlarge · us-east-1", "p4d.24xlarge · eu-west-1"},
		{"en", "p4d.24xlarge · us-east-1", "p4d.24xlarge · eu-west-1"},
		{"zh-CN", "p4d.24xlarge · 美国东部（弗吉尼亚北部）", "p4d.24xlarge · eu-west-1"},
	} {
		d.Lang = c.lang
		if got := d.offerName(east, ""); got != c.east {
			t.Errorf("in %q: %q, want %q", c.lang, got, c.east)
		}
		if got := d.offerName(west, ""); got != c.west {
			t.Errorf("in %q: %q, want %q", c.lang, got, c.west)
		}
	}
}

// TestAsOfNamesTheNewestPriceAndTheCatalogDate: a chart's note tells
// apart the newest price it shows — when it took effect and when a source
// last quoted it — and the catalog's date, the newest of any kind, which
// a price the chart leaves out (a vGPU slice) may hold.
func TestAsOfNamesTheNewestPriceAndTheCatalogDate(t *testing.T) {
	src := strings.Replace(testCatalog,
		"amount: 0.526, currency: USD, since: 2025-06-01, source: s",
		"amount: 0.526, currency: USD, since: 2025-06-01, as_of: '2025-06-20', source: s", 1)
	src = strings.Replace(src,
		"amount: 0.5, currency: USD, since: 2025-06-01, source: s",
		"amount: 0.5, currency: USD, since: 2025-08-01, source: s", 1)
	if src == testCatalog {
		t.Fatal("the test catalog changed: no price to move")
	}
	c, err := loadFrom(t, src).PriceByGPU("home_price_by_gpu", "on_demand")
	if err != nil || c == nil {
		t.Fatalf("PriceByGPU = %v, %v", c, err)
	}
	if c.AsOf.Latest != "2025-06-20" || c.AsOf.Since != "2025-06-01" {
		t.Errorf("newest price shown: quoted %q, in effect since %q; want 2025-06-20, 2025-06-01", c.AsOf.Latest, c.AsOf.Since)
	}
	if c.AsOf.Catalog != "2025-08-01" {
		t.Errorf("catalog checked %q; want 2025-08-01, the slice's date, though the chart leaves the slice out", c.AsOf.Catalog)
	}
}

// Every provider of a catalog has a colour of its own, past the palette
// too, so that no two entries of a legend share one.
func TestProviderColorsDiffer(t *testing.T) {
	seen := map[string]int{}
	for i := range 200 {
		c := providerColor(i)
		if len(c) != 7 || c[0] != '#' {
			t.Fatalf("provider %d: colour %q, want #rrggbb", i, c)
		}
		if j, ok := seen[c]; ok {
			t.Fatalf("providers %d and %d share the colour %s", j, i, c)
		}
		seen[c] = i
	}
}
