package site

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// instanceModel is the page model of one instance type of a site root,
// made as a build makes it.
func instanceModel(t *testing.T, root fs.FS, provider, instance string) *catalogpages.InstanceData {
	t.Helper()
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatalf("catalog:\n%s", errs)
	}
	b := &builder{cat: cat, tmpl: &render.Templates{Msgs: englishTexter(t).M}, ageDate: time.Date(2026, 7, 30, 0, 0, 0, 0, time.UTC)}
	b.Data = derive.Make(b.cat)
	in := cat.Provider(provider).Instance(instance)
	p := &pagemodel.Page{Path: paths.Instance(in), Layout: "instance", Links: pagemodel.Linker{Prefix: "../../../"}}
	return catalogOf(b, nil).InstanceData(p, in)
}

// partsPrices is a history of an instance type of two GPUs in two regions,
// in file order: on-demand cut in r1 and raised less in r2, spot with an
// article's lower figure in r2, reserved for a year under two payment
// options, and a discount off on-demand that holds in every region.
const partsPrices = `provider: parts
prices:
  - {instance: x2, region: r1, model: on_demand, amount: 3.0, currency: USD, since: unknown, source: s1, source_kind: aggregator}
  - {instance: x2, region: r2, model: on_demand, amount: 2.8, currency: USD, since: unknown, source: s1, source_kind: aggregator}
  - {instance: x2, region: r1, model: on_demand, amount: 2.0, currency: USD, since: 2025-06-01, source: s2, source_kind: provider}
  - {instance: x2, region: r1, model: spot, amount: 0.9, currency: USD, since: 2025-06-01, source: s1, source_kind: aggregator}
  - {instance: x2, region: r2, model: on_demand, amount: 2.4, currency: USD, since: 2025-07-01, source: s2, source_kind: provider}
  - {instance: x2, region: all, model: reserved_3y, discount_pct: 50, currency: USD, since: unknown, as_of: undated, source: a guide, source_kind: article}
  - {instance: x2, region: r2, model: reserved_1y, effective_hourly: 1.5, payment: all_upfront, currency: USD, since: 2025-06-01, source: s1, source_kind: aggregator}
  - {instance: x2, region: r1, model: reserved_1y, amount: 1.6, payment: no_upfront, currency: USD, since: 2025-06-01, source: s1, source_kind: aggregator}
  - {instance: x2, region: r2, model: reserved_1y, amount: 1.7, payment: no_upfront, currency: USD, since: 2025-06-01, source: s1, source_kind: aggregator}
  - {instance: x2, region: r2, model: spot, amount: 0.3, currency: USD, since: 2025-07-01, source: a blog, source_kind: article}
`

const partsProvider = `id: parts
name: Parts Cloud
kind: public_cloud
currency: USD
regions: [{id: r1, name: Region One}, {id: r2, name: Region Two}]
instances:
  - {id: x2, name: X2, gpu: t4, gpu_count: 2, regions: [r1, r2], source: s}
`

// amountOf is the figure a price point states: its amount, else its
// effective rate, else its discount.
func amountOf(pp *catalog.PricePoint) string {
	switch {
	case pp.Amount != nil:
		return fmt.Sprint(*pp.Amount)
	case pp.EffectiveHourly() != nil:
		return fmt.Sprint(*pp.EffectiveHourly())
	case pp.DiscountPct() != nil:
		return fmt.Sprintf("-%v%%", *pp.DiscountPct())
	}
	return "?"
}

// TestInstancePricePanel answers first: under each pricing model and
// payment option, the lowest latest price across the regions, where it is,
// how many regions are priced, and how far to trust it. An article's lower
// spot figure does not win over an aggregator's; the discount that holds
// in every region is worked out from the cheapest on-demand, and marked an
// estimate.
func TestInstancePricePanel(t *testing.T) {
	d := instanceModel(t, withProvider(t, partsProvider, partsPrices), "parts", "x2")
	var got []string
	for _, r := range d.Panel {
		s := fmt.Sprintf("%s/%s %s in %s of %d, %s %s", r.Model, r.Payment, amountOf(r.Price.PricePoint), r.Region, r.Regions, r.Trust.Kind, r.Trust.Age)
		if r.Worked {
			s += " ≈" + r.HourlyText + " per GPU ≈" + r.PerGPUText
		}
		got = append(got, s)
	}
	want := []string{
		"on_demand/ 2 in r1 of 2, provider 1 year",
		"spot/ 0.9 in r1 of 2, aggregator 1 year",
		"reserved_1y/no_upfront 1.6 in r1 of 2, aggregator 1 year",
		"reserved_1y/all_upfront 1.5 in r2 of 1, aggregator 1 year",
		"reserved_3y/ -50% in r1 of 2, estimate undated ≈" + render.FormatDerived(1.0) + " per GPU ≈" + render.FormatDerived(0.5),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("panel:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if d.PanelRegion != nil {
		t.Errorf("the panel's rows are in two regions, yet it names one: %s", d.PanelRegion.Region)
	}
	if r := d.Panel[0]; r.RegionName != "Region One" || r.Series != "history-r1-on_demand" {
		t.Errorf("on-demand: region name %q, series %q; want %q, %q", r.RegionName, r.Series, "Region One", "history-r1-on_demand")
	}
}

// TestInstanceHistoryBySeries groups the history by pricing model, and
// under each by region (in the order of their first point) and payment
// option, each series newest first: the cut in r1 reads 2 before 3.
func TestInstanceHistoryBySeries(t *testing.T) {
	d := instanceModel(t, withProvider(t, partsProvider, partsPrices), "parts", "x2")
	var got []string
	for _, g := range d.History {
		got = append(got, fmt.Sprintf("%s (%d regions, %d prices)", g.ID, g.Regions, g.Points))
		for _, s := range g.Series {
			var amounts []string
			for _, v := range s.Points {
				amounts = append(amounts, amountOf(v.PricePoint))
			}
			got = append(got, fmt.Sprintf("  %s: %s", s.ID, strings.Join(amounts, ", ")))
		}
	}
	want := []string{
		"history-on_demand (2 regions, 4 prices)",
		"  history-r1-on_demand: 2, 3",
		"  history-r2-on_demand: 2.4, 2.8",
		"history-spot (2 regions, 2 prices)",
		"  history-r1-spot: 0.9",
		"  history-r2-spot: 0.3",
		"history-reserved_1y (2 regions, 3 prices)",
		"  history-r1-reserved_1y-no_upfront: 1.6",
		"  history-r2-reserved_1y-no_upfront: 1.7",
		"  history-r2-reserved_1y-all_upfront: 1.5",
		"history-reserved_3y (0 regions, 1 prices)",
		"  history-all-reserved_3y: -50%",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("history:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !d.FoldHistory {
		t.Errorf("%d prices: the history is long, yet not folded", len(d.Prices))
	}
	if len(d.Prices) != 10 {
		t.Errorf("%d prices in history order, want all 10", len(d.Prices))
	}
}

// TestInstancePageAnswersFirst renders the page: the current prices come
// before the specifications, each with its age and kind of source; a short
// history is shown open, a long one folded.
func TestInstancePageAnswersFirst(t *testing.T) {
	files, _ := build(t, withProvider(t, partsProvider, partsPrices), Options{AgeDate: time.Date(2026, 7, 30, 0, 0, 0, 0, time.UTC)})
	page := string(files["instances/parts/x2/index.html"])
	panel, specs := strings.Index(page, `<section class="price-panel"`), strings.Index(page, `<h2>Specifications</h2>`)
	if panel < 0 || specs < 0 || panel > specs {
		t.Fatalf("the price panel (at %d) does not come before the specifications (at %d)", panel, specs)
	}
	row := between(t, page, `<tr class="panel-on_demand">`, "</tr>")
	for _, want := range []string{
		`<a href="#history-r1-on_demand">on-demand</a>`,
		`<span class="money">2.00&#8239;<span class="cur">USD</span><span class="unit">/h</span></span>`,
		`Region One <span class="id">r1</span> <span class="sub">lowest of 2 regions priced</span>`,
		`<span class="age" data-date="2025-06-01" title="In effect since 2025-06-01">1 year</span> <span class="fresh fresh-stale" data-date="2025-06-01" title="Fresh: dated at most 90 days ago; aging: at most 365 days; stale: older">stale</span> <span class="kind kind-provider"`,
	} {
		if !strings.Contains(row, want) {
			t.Errorf("the on-demand row lacks %s:\n%s", want, row)
		}
	}
	if row := between(t, page, `<tr class="panel-reserved_3y">`, "</tr>"); !strings.Contains(row, `<span class="kind kind-estimate"`) {
		t.Errorf("the worked-out reserved price is not marked an estimate:\n%s", row)
	}
	if !strings.Contains(page, `<details class="history-group" id="history-on_demand">`) {
		t.Error("a history of 10 prices is not folded")
	}
	short := string(files["instances/aws/g4dn.xlarge/index.html"])
	if !strings.Contains(short, `<details class="history-group" id="history-on_demand" open>`) {
		t.Error("a short history is folded")
	}
}

// TestInterconnectFromClaims shows a GPU interconnect the specifications
// lack but the claims name as advertised, not as unknown, with the GPU
// model's own where the claims check disagrees.
func TestInterconnectFromClaims(t *testing.T) {
	files, _ := build(t, withProvider(t, `id: parts
name: Parts Cloud
kind: public_cloud
currency: USD
regions: [{id: r1}]
instances:
  - id: a8
    name: A8
    gpu: a100-sxm4-40gb
    gpu_count: 8
    regions: [r1]
    source: s
    claims:
      interconnect: NVLink 2.0
      text: 8x A100, NVLink 2.0
      source: a guide
`, ""), Options{})
	page := string(files["instances/parts/a8/index.html"])
	got := between(t, page, `<dt>GPU interconnect</dt>`, "</dd>")
	for _, want := range []string{"NVLink 2.0 ", `<a class="tag claimed" href="#claims"`, ">as advertised</a>", "The GPU model&#39;s own: NVLink 3.0 (see the claims check)"} {
		if !strings.Contains(got, want) {
			t.Errorf("the interconnect row lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, `class="unknown"`) {
		t.Errorf("the interconnect row shows unknown beside a claim that names it:\n%s", got)
	}
	// The specifications' own figure, where there is one, stays.
	p4d := between(t, string(files["instances/aws/p4d.24xlarge/index.html"]), `<dt>GPU interconnect</dt>`, "</dd>")
	if !strings.Contains(p4d, "<dd>NVSwitch") || strings.Contains(p4d, "claimed") {
		t.Errorf("p4d.24xlarge's own interconnect is not shown as it is:\n%s", p4d)
	}
}

// TestInstancePanelComparesInOneCurrency: an instance type priced in
// dollars in one region (a year old) and in yuan in another (undated)
// answers the lower in the page's currency, yuan converted at the
// catalog's rate (7.17): 24.6 CNY (3.431 USD) under 3.46 USD, shown in
// yuan with its dollar figure; and 25 CNY (3.487 USD) loses to 3.46 USD,
// which shows no converted figure.
func TestInstancePanelComparesInOneCurrency(t *testing.T) {
	provider := strings.Replace(partsProvider, "currency: USD", "currency: CNY", 1)
	for _, c := range []struct {
		yuan             string
		want, region     string
		converted, curTo string
	}{
		{"24.6", "24.6 CNY", "r2", render.FormatDerived(24.6 / 7.17 / 2), "USD"},
		{"25", "3.46 USD", "r1", "", ""},
	} {
		prices := `provider: parts
prices:
  - {instance: x2, region: r1, model: on_demand, amount: 3.46, currency: USD, since: 2024-06-01, source: s2, source_kind: provider}
  - {instance: x2, region: r2, model: on_demand, amount: ` + c.yuan + `, currency: CNY, since: unknown, as_of: unknown (catalog commit abc1234), source: s1, source_kind: aggregator}
`
		d := instanceModel(t, withProvider(t, provider, prices), "parts", "x2")
		if len(d.Panel) != 1 {
			t.Fatalf("%d panel rows, want 1 (on-demand)", len(d.Panel))
		}
		r := d.Panel[0]
		got := amountOf(r.Price.PricePoint) + " " + r.Currency
		if got != c.want || r.Region != c.region || r.ConvertedPerGPU != c.converted || r.ConvertedTo != c.curTo {
			t.Errorf("yuan at %s: lowest %s in %s, converted %q %s; want %s in %s, converted %q %s",
				c.yuan, got, r.Region, r.ConvertedPerGPU, r.ConvertedTo, c.want, c.region, c.converted, c.curTo)
		}
	}
}

// TestInstanceHeadlineTakesChinaSitePriceInMainland: in two regions of
// mainland China, a year-old dollar price (the international site's list
// price, 3.46 USD) and an undated yuan price of the China site (25 CNY,
// 3.487 USD at the catalog's rate) — the headline is the yuan price, by
// the rule of every mainland answer, though the dollar price is lower,
// and it is no "lowest of 2 regions"; the dollar price, in the history,
// is marked as the international site's. Outside mainland China the
// dollar price wins (TestInstancePanelComparesInOneCurrency).
func TestInstanceHeadlineTakesChinaSitePriceInMainland(t *testing.T) {
	provider := strings.Replace(partsProvider, "currency: USD", "currency: CNY", 1)
	provider = strings.Replace(provider, "regions: [{id: r1, name: Region One}, {id: r2, name: Region Two}]",
		"regions: [{id: r1, name: Region One, geo: china-mainland}, {id: r2, name: Region Two, geo: china-mainland}]", 1)
	prices := `provider: parts
prices:
  - {instance: x2, region: r1, model: on_demand, amount: 3.46, currency: USD, since: 2024-06-01, source: s2, source_kind: provider}
  - {instance: x2, region: r2, model: on_demand, amount: 25, currency: CNY, since: unknown, as_of: unknown (catalog commit abc1234), source: s1, source_kind: aggregator}
`
	d := instanceModel(t, withProvider(t, provider, prices), "parts", "x2")
	if len(d.Panel) != 1 {
		t.Fatalf("%d panel rows, want 1 (on-demand)", len(d.Panel))
	}
	r := d.Panel[0]
	if got := amountOf(r.Price.PricePoint) + " " + r.Currency; got != "25 CNY" || r.Region != "r2" || r.Regions != 1 || r.Trust.IntlSite {
		t.Errorf("headline %s in %s, lowest of %d regions, international site %v; want 25 CNY in r2, of 1 region, not the international site's",
			got, r.Region, r.Regions, r.Trust.IntlSite)
	}
	marked := map[string]bool{}
	for _, g := range d.History {
		for _, s := range g.Series {
			for _, pv := range s.Points {
				marked[pv.Region] = pv.Trust.IntlSite
			}
		}
	}
	if !marked["r1"] || marked["r2"] {
		t.Errorf("history marks the international site's price by region %v; want r1 (dollars) only", marked)
	}
}

// TestUndatedPriceShowsNoAgeAndAgedPriceNoUnknownDate: a price with no
// effective date whose age counts from its as-of date says "as of" that
// date in the history, not "date unknown" beside its age; a price with
// no date at all says it is undated and shows no age. The converted
// figure of the panel's yuan price is shown with the rate in its title.
func TestUndatedPriceShowsNoAgeAndAgedPriceNoUnknownDate(t *testing.T) {
	provider := strings.Replace(partsProvider, "currency: USD", "currency: CNY", 1)
	prices := `provider: parts
prices:
  - {instance: x2, region: r1, model: on_demand, amount: 3.46, currency: USD, since: unknown, as_of: 2024-12-24, source: s2, source_kind: provider}
  - {instance: x2, region: r2, model: on_demand, amount: 24.6, currency: CNY, since: unknown, as_of: unknown (catalog commit abc1234), source: s1, source_kind: aggregator}
`
	files, _ := build(t, withProvider(t, provider, prices), Options{AgeDate: time.Date(2026, 7, 30, 0, 0, 0, 0, time.UTC)})
	page := string(files["instances/parts/x2/index.html"])
	r1 := between(t, page, `<tbody id="history-r1-on_demand">`, "</tbody>")
	if strings.Contains(r1, "date unknown") || !strings.Contains(r1, `<span class="date-seen"`) || !strings.Contains(r1, "as of 2024-12-24") || !strings.Contains(r1, `<span class="age" data-date="2024-12-24"`) {
		t.Errorf("a price seen on 2024-12-24 with no effective date: want \"as of 2024-12-24\" and its age, no \"date unknown\":\n%s", r1)
	}
	r2 := between(t, page, `<tbody id="history-r2-on_demand">`, "</tbody>")
	if strings.Contains(r2, `class="age" data-date`) || strings.Contains(r2, "fresh-") || !strings.Contains(r2, "age-undated") {
		t.Errorf("an undated price: want no age and no freshness badge, only undated:\n%s", r2)
	}
	row := between(t, page, `<tr class="panel-on_demand">`, "</tr>")
	if !strings.Contains(row, `<span class="sub p-converted" title="CNY prices converted at 1 USD = 7.17 CNY (2025-06-02).">≈ `+render.FormatDerived(24.6/7.17/2)+` USD per GPU-hour at the stated rate</span>`) {
		t.Errorf("the panel's yuan price lacks its dollar figure and rate:\n%s", row)
	}
}

// TestGuideNamedInstanceSaysWhatItIs: an instance type whose source is a
// seed guide (what the guide names, such as Alibaba Cloud's "GNN") is
// marked as the guide's name, and its region "all", which the guide left
// unstated, is not stated rather than every region; an instance type of
// the provider's own list, also in "all", keeps every region.
func TestGuideNamedInstanceSaysWhatItIs(t *testing.T) {
	provider := `id: parts
name: Parts Cloud
kind: public_cloud
currency: USD
regions: [{id: r1, name: Region One}]
instances:
  - {id: gnn, name: GNN, gpu: t4, gpu_count: 8, regions: [all], source: 'industry buyer''s guide (Chinese), section "3.4 服务商对比矩阵"'}
  - {id: x8, name: X8, gpu: t4, gpu_count: 8, regions: [all], source: s}
`
	root := withProvider(t, provider, "")
	for _, c := range []struct {
		id                            string
		guideNamed, unstated, allRegs bool
	}{
		{"gnn", true, true, false},
		{"x8", false, false, true},
	} {
		d := instanceModel(t, root, "parts", c.id)
		if d.GuideNamed != c.guideNamed || d.RegionsUnstated != c.unstated || d.AllRegions != c.allRegs {
			t.Errorf("%s: guide-named %v, regions unstated %v, all regions %v; want %v, %v, %v",
				c.id, d.GuideNamed, d.RegionsUnstated, d.AllRegions, c.guideNamed, c.unstated, c.allRegs)
		}
	}
}
