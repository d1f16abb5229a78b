package site

import (
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/render"
)

// withProvider is the golden catalog with one more provider and its prices.
func withProvider(t *testing.T, provider, prices string) fstest.MapFS {
	t.Helper()
	root, _ := readArchive(t, "testdata/site.txtar")
	root["data/providers/parts.yaml"] = &fstest.MapFile{Data: []byte(provider)}
	if prices != "" {
		root["data/prices/parts.yaml"] = &fstest.MapFile{Data: []byte(prices)}
	}
	return root
}

// partsCloud is the catalog of withProvider with a public cloud, Parts
// Cloud, in USD and one region, r1, holding instances (the items of its
// YAML list of instances) at prices (the items of its price file's list).
// Either may start on the line after the opening quote.
func partsCloud(t *testing.T, instances, prices string) fstest.MapFS {
	t.Helper()
	return withProvider(t, "id: parts\nname: Parts Cloud\nkind: public_cloud\ncurrency: USD\nregions: [{id: r1}]\ninstances:\n"+strings.TrimPrefix(instances, "\n"),
		"provider: parts\nprices:\n"+strings.TrimPrefix(prices, "\n"))
}

// partsInstance is an item of partsCloud's instances: one GPU of gpu in
// r1, named id, then the lines of extra.
func partsInstance(id, gpu, extra string) string {
	return "  - id: " + id + "\n    name: " + id + "\n    gpu: " + gpu + "\n    gpu_count: 1\n    regions: [r1]\n    source: s\n" + extra
}

// between is the part of page from the first from to the first to after it.
func between(t *testing.T, page, from, to string) string {
	t.Helper()
	i := strings.Index(page, from)
	if i < 0 {
		t.Fatalf("no %q in the page", from)
	}
	j := strings.Index(page[i:], to)
	if j < 0 {
		t.Fatalf("no %q after %q", to, from)
	}
	return page[i : i+j]
}

// row is the table row of page that links to href.
func row(t *testing.T, page, href string) string {
	t.Helper()
	i := strings.Index(page, `href="`+href+`"`)
	if i < 0 {
		t.Fatalf("no row links to %s", href)
	}
	start := strings.LastIndex(page[:i], "<tr")
	end := strings.Index(page[i:], "</tr>")
	return page[start : i+end]
}

// A price that is only part of the cost — here a GPU without its VM, the
// cheapest T4 by far — ranks nowhere, and is marked wherever it is listed.
func TestPartialPricesAreMarkedAndNotRanked(t *testing.T) {
	root := partsCloud(t, `
  - id: gpu-only
    name: T4 GPU only
    gpu: t4
    gpu_count: 4
    regions: [r1]
    price_incomplete: "GPU component only: the VM is billed apart"
    source: s
`, `
  - {instance: gpu-only, region: r1, model: on_demand, amount: 0.4, currency: USD, since: 2025-06-05, source: s, source_kind: provider}
`)
	files, _ := build(t, root, Options{})
	home := string(files["index.html"])

	// The home's cheapest T4 is the whole price of g4dn.xlarge, not 0.100.
	cheapest := between(t, home, `<section class="price-panel" id="prices-on_demand"`, "</section>")
	if strings.Contains(cheapest, "gpu-only") || !strings.Contains(cheapest, "g4dn.xlarge") {
		t.Errorf("home's cheapest table ranks the partial price:\n%s", cheapest)
	}
	// The chart of prices by GPU model leaves it out, and says so.
	if !strings.Contains(home, "1 offer is left out: its price is only part of the cost") {
		t.Error("the home's price chart does not say it leaves the partial price out")
	}
	if strings.Contains(between(t, home, `id="chart-home_price_by_gpu_on_demand"`, "</script>"), "T4 GPU only") {
		t.Error("the home's price chart plots the partial price")
	}

	// Listed, it is marked: on the GPU's list of instance types, in the
	// matrix, on its own page.
	gpu := string(files["gpus/t4/index.html"])
	if r := row(t, gpu, "../../instances/parts/gpu-only/index.html"); !strings.Contains(r, `<span class="tag partial" title="GPU component only: the VM is billed apart">part of the cost</span>`) {
		t.Errorf("the GPU page lists the partial price unmarked:\n%s", r)
	}
	if strings.Contains(gpu, `id="chart-gpus_t4_offers"`) {
		t.Error("the GPU page's chart of offers ranks the partial price against g4dn.xlarge")
	}
	if r := row(t, string(files["compare/index.html"]), "../instances/parts/gpu-only/index.html"); !strings.Contains(r, "tag partial") {
		t.Errorf("the matrix lists the partial price unmarked:\n%s", r)
	}
	if in := string(files["instances/parts/gpu-only/index.html"]); !strings.Contains(in, "<strong>Part of the cost only</strong> — GPU component only: the VM is billed apart.<br>") {
		t.Error("the instance page does not say, in a sentence of its own, that its price is part of the cost")
	}
	// The exports carry it, so that a spreadsheet can tell it apart.
	if !strings.Contains(string(files["compare/offers.json"]), `"price_incomplete": "GPU component only: the VM is billed apart"`) {
		t.Error("offers.json does not carry price_incomplete")
	}
	if !strings.Contains(string(files["compare/offers.csv"]), `,GPU component only: the VM is billed apart,`) {
		t.Error("offers.csv does not carry price_incomplete")
	}
}

// An instance type without an on-demand price shows its lowest price under
// another model, named; "no price in the catalog" is said only where the catalog
// says it.
func TestInstanceListSaysWhatPriceThereIs(t *testing.T) {
	root := withProvider(t, `id: parts
name: Parts Cloud
kind: on_prem_lease
currency: USD
instances:
  - {id: leased, name: Leased, gpu: t4, gpu_count: 8, regions: [all], source: s}
  - {id: unpriced, name: Unpriced, gpu: t4, gpu_count: 8, regions: [all], source: s}
  - {id: secret, name: Secret, gpu: t4, gpu_count: 8, regions: [all], price_not_public: on request, source: s}
`, `provider: parts
prices:
  - {instance: leased, region: all, model: lease, amount: 12, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: leased, region: all, model: capacity_block, amount: 16, currency: USD, since: 2025, source: s, source_kind: provider}
`)
	files, _ := build(t, root, Options{})
	page := string(files["providers/parts/index.html"])
	// 12 / 8 GPUs = 1.50 per GPU-hour under the lease, below the block's 2.
	if r := row(t, page, "../../instances/parts/leased/index.html"); !strings.Contains(r, `1.50&#8239;<span class="cur">USD</span></span><span class="card-unit">/GPU-h</span><span class="sub other-model">lease — no on-demand price</span> <span class="trust" data-source="s">`) ||
		strings.Contains(r, "not public") {
		t.Errorf("leased:\n%s", r)
	}
	if r := row(t, page, "../../instances/parts/unpriced/index.html"); strings.Contains(r, "not public") || !strings.Contains(r, `class="unknown"`) {
		t.Errorf("unpriced, and not said to be not public:\n%s", r)
	}
	if r := row(t, page, "../../instances/parts/secret/index.html"); !strings.Contains(r, ">no price in the catalog</span>") {
		t.Errorf("secret:\n%s", r)
	}
	// The matrix says it only of the instance type the catalog says it of.
	matrix := string(files["compare/index.html"])
	if r := row(t, matrix, "../instances/parts/unpriced/index.html"); strings.Contains(r, "not public") {
		t.Errorf("the matrix says unpriced is not public:\n%s", r)
	}
	if r := row(t, matrix, "../instances/parts/secret/index.html"); !strings.Contains(r, "no price in the catalog") {
		t.Errorf("the matrix does not say secret is not public:\n%s", r)
	}
}

// The home's cheapest GPU-hours are written as every amount is (four
// significant digits), even one the source quotes with nine; the exact
// figure is in the title.
func TestHomeCheapestIsRoundedAsDerived(t *testing.T) {
	root := withProvider(t, `id: parts
name: Parts Cloud
kind: gpu_cloud
currency: USD
instances:
  - {id: one, name: One, gpu: t4, gpu_count: 1, regions: [all], source: s}
`, `provider: parts
prices:
  - {instance: one, region: all, model: on_demand, amount: 0.104517808, currency: USD, since: 2025, source: s, source_kind: provider}
`)
	files, _ := build(t, root, Options{})
	cheapest := between(t, string(files["index.html"]), `<section class="price-panel" id="prices-on_demand"`, "</section>")
	if !strings.Contains(cheapest, `<span class="money" title="0.104517808 USD per GPU-hour">0.1045</span>`) || strings.Count(cheapest, "0.104517808") != 1 {
		t.Errorf("cheapest table:\n%s", cheapest)
	}
}

// A count of undated prices agrees with its number: "1 of 3 prices has
// no date", not "have".
func TestUndatedCountAgrees(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	// The spot price of p4d.24xlarge is the one undated price of three.
	if page := string(files["providers/index.html"]); !strings.Contains(page, "Newest price shown: in effect since 2025-06-05; catalog checked 2025-06-05. 1 of the 3 prices shown has no date in its sources:") {
		t.Error("no singular count of the one undated price")
	}
}

// The catalog's text ends as a sentence before the next one: a full stop
// is added where it has none, never a second one.
func TestSentenceEndsOnce(t *testing.T) {
	m := render.Messages{"site.full_stop": "."}
	for in, want := range map[string]string{
		"billed apart":   "billed apart.",
		"billed apart. ": "billed apart.",
		"billed apart!":  "billed apart!",
		"计费另算。":          "计费另算。",
		"":               "",
	} {
		if got, err := m.Sentence(in); got != want || err != nil {
			t.Errorf("sentence(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// With no history chart, the page says why: how many prices the sources
// leave undated, or that they date none of them.
func TestNoHistorySaysWhatIsUndated(t *testing.T) {
	root := partsCloud(t, `
  - {id: undated, name: Undated, gpu: t4, gpu_count: 1, regions: [r1], source: s}
  - {id: half, name: Half, gpu: t4, gpu_count: 1, regions: [r1], source: s}
`, `
  - {instance: undated, region: r1, model: on_demand, amount: 0.9, currency: USD, since: unknown, source: s, source_kind: provider}
  - {instance: undated, region: r1, model: spot, amount: 0.3, currency: USD, since: unknown, source: s, source_kind: provider}
  - {instance: half, region: r1, model: on_demand, amount: 0.9, currency: USD, since: 2025-06-05, source: s, source_kind: provider}
  - {instance: half, region: r1, model: spot, amount: 0.3, currency: USD, since: unknown, source: s, source_kind: provider}
`)
	files, _ := build(t, root, Options{})
	for page, want := range map[string]string{
		"instances/parts/undated/index.html": "No source of these prices gives the date it took effect, so no price trend can be drawn.",
		"instances/parts/half/index.html":    "1 of these 2 prices are undated, so no price trend can be drawn.",
	} {
		if got := between(t, string(files[page]), `<p class="help chart-none">`, "</p>"); !strings.HasSuffix(got, want) {
			t.Errorf("%s: %q, want it to end %q", page, got, want)
		}
	}
}

// A price from an article — here the cheapest T4 by far — and one worked
// out from a discount rank nowhere unless the reader includes them, and
// are marked wherever they are listed.
func TestArticlesAndEstimatesAreMarkedAndNotRanked(t *testing.T) {
	root := partsCloud(t, `
  - {id: t4x4, name: T4 x4, gpu: t4, gpu_count: 4, regions: [r1], source: s}
`, `
  - {instance: t4x4, region: r1, model: on_demand, amount: 0.4, currency: USD, since: 2025-06-05, source: a blog post, source_kind: article}
  - {instance: t4x4, region: r1, model: reserved_1y, discount_pct: 50, currency: USD, since: 2025-06-05, source: s, source_kind: provider}
`)
	files, _ := build(t, root, Options{})
	home := string(files["index.html"])

	// The home's cheapest T4 is g4dn.xlarge's 0.526, not the article's
	// 0.100; nor is its 1-year price the estimate.
	cheapest := between(t, home, `<section class="price-panel" id="prices-on_demand"`, "</section>")
	if strings.Contains(cheapest, "t4x4") || !strings.Contains(cheapest, "g4dn.xlarge") {
		t.Errorf("home's cheapest table ranks the article's price:\n%s", cheapest)
	}
	if year := between(t, home, `<section class="price-panel" id="prices-commit_1y"`, "</section>"); strings.Contains(year, "t4x4") {
		t.Errorf("home's 1-year table ranks the estimate:\n%s", year)
	}
	if !strings.Contains(home, "1 offer is left out: its price is stale or undated, a marketplace&#39;s, no longer listed, in a restricted region, from an article or an estimate") {
		t.Error("the home's price chart does not say it leaves the article's price out")
	}
	// Nor is it the GPU matrix's cheapest T4, on demand or reserved.
	gpus := between(t, string(files["gpus/index.html"]), `<table class="data matrix cheapest">`, "</table>")
	if strings.Contains(gpus, "t4x4") {
		t.Errorf("the GPU matrix's cheapest offers rank an article's price or an estimate:\n%s", gpus)
	}

	// Listed, it is marked: on the GPU's list, in the matrix (the estimate
	// too), on its own page.
	article := `<span class="kind kind-article" title="From an article or guide: left out of rankings unless you include them">article</span>`
	estimate := `<span class="kind kind-estimate" title="Worked out from a discount or from another offer: left out of rankings unless you include them">estimate</span>`
	if r := row(t, string(files["gpus/t4/index.html"]), "../../instances/parts/t4x4/index.html"); !strings.Contains(r, article) {
		t.Errorf("the GPU page lists the article's price unmarked:\n%s", r)
	}
	if r := row(t, string(files["compare/index.html"]), "../instances/parts/t4x4/index.html"); !strings.Contains(r, article) || !strings.Contains(r, estimate) {
		t.Errorf("the matrix lists the article's price or the estimate unmarked:\n%s", r)
	}
	if !strings.Contains(string(files["instances/parts/t4x4/index.html"]), article) {
		t.Error("the instance page lists the article's price unmarked")
	}
	// The exports say which is which.
	if csv := string(files["compare/offers.csv"]); !strings.Contains(csv, ",a blog post,article,") || !strings.Contains(csv, ",estimate,") {
		t.Error("offers.csv does not give the kinds of source")
	}

	// The scenario leaves it out, and says why; the calculator ranks it
	// when the reader includes estimates and articles' figures.
	scen := string(files["scenarios/small/index.html"])
	if !strings.Contains(scen, "its on-demand price is stale or undated, a marketplace&#39;s, no longer listed, in a restricted region, from an article or an estimate, which rankings leave out unless you include them") {
		t.Error("the scenario does not say why it leaves the article's price out")
	}
	cat, _ := catalog.Load(root)
	s := cat.Scenarios[0]
	for _, o := range pricing.Offers(cat, cat.Site.Currency) {
		if o.Instance.ID != "t4x4" {
			continue
		}
		for _, st := range s.Strategies {
			if st.ID == "on-demand" && (pricing.Eligible(cat, o, s, st, false) || !pricing.Eligible(cat, o, s, st, true)) {
				t.Errorf("%s: eligible %v, with estimates included %v; want false, true", st.ID, pricing.Eligible(cat, o, s, st, false), pricing.Eligible(cat, o, s, st, true))
			}
		}
	}
}
