package catalogpages

import (
	"strings"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/catalog/catalogtest"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/sitetest"
	"gpucompare/generator/site/twins"
)

// tenRecords is a catalog of ten records: the site, two GPU models, a
// provider with two instance types, and four prices, one of them
// superseded by a later one.
const tenRecords = `
-- data/site.yaml --
title: GPU offers
currency: USD
-- data/gpus/a100.yaml --
id: a100
name: A100 SXM4 40GB
vendor: NVIDIA
memory_gb: 40
dense:
  fp16_bf16: 312
source: https://www.example.com/a100.pdf
-- data/gpus/t4.yaml --
id: t4
name: T4
vendor: NVIDIA
memory_gb: 16
source: https://www.example.com/t4.pdf
-- data/providers/aws.yaml --
id: aws
name: AWS
kind: public_cloud
currency: USD
regions:
  - id: us-east-1
    name: US East (N. Virginia)
instances:
  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a100
    gpu_count: 8
    regions: [us-east-1]
    source: https://www.example.com/p4
  - id: g4dn.xlarge
    name: g4dn.xlarge
    gpu: t4
    gpu_count: 1
    regions: [all]
    source: https://www.example.com/g4
-- data/prices/aws.yaml --
provider: aws
prices:
  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 32.7726
    currency: USD
    since: 2024-01
    source: https://www.example.com/on-demand
    source_kind: provider
  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 21.96
    currency: USD
    since: 2025-06-05
    source: https://www.example.com/on-demand
    source_kind: provider
  - instance: p4d.24xlarge
    region: us-east-1
    model: spot
    amount: 6.588
    currency: USD
    since: 2025-06-01
    source: https://www.example.com/spot
    source_kind: provider
  - instance: g4dn.xlarge
    region: all
    model: on_demand
    amount: 0.526
    currency: USD
    since: 2025-06-05
    source: https://www.example.com/on-demand
    source_kind: provider
`

// tenRecordKind is the catalog's page kind of tenRecords, made from the
// catalog, its derived data and the English messages alone, with the
// benchmark, scenario and change kinds of the same catalog.
func tenRecordKind(t *testing.T) (*Kind, *catalog.Catalog) {
	t.Helper()
	cat, _ := catalogtest.Load(t, tenRecords)
	msgs := sitetest.Messages(t, "en")
	day := catalog.NewestDate(cat)
	data := derive.MakeAt(cat, day)
	prices := pagemodel.Prices{Cat: cat, Msgs: msgs, AgeDate: day}
	newPage := func(path, layout string) *pagemodel.Page { return &pagemodel.Page{Path: path, Layout: layout} }
	return New(Inputs{Cat: cat, Data: data, AgeDate: day, Prices: prices, Msgs: msgs,
		ChangeRows: kinds.NewChanges(cat, data, msgs, newPage, prices.Trust).Rows,
		Scenarios:  kinds.NewScenarios(cat, data, msgs, newPage, prices.Trust, nil, nil),
		Benchmarks: kinds.NewBenchmarks(cat, data, newPage, prices.Trust),
		Guides:     func(*pagemodel.Page) []*pagemodel.GuideSummary { return nil },
		NewPage:    newPage,
	}), cat
}

// TestTenRecordPages builds the home, GPU and instance page models of a
// ten-record catalog without the rest of the site: the home table
// answers with the cheapest current on-demand price per GPU-hour of each
// GPU model (21.96 / 8 GPUs = 2.745 for the A100, 0.526 for the T4), the
// GPU page answers the same, and the instance page holds its three
// prices, numbered by their two sources, its current ones in its panel.
func TestTenRecordPages(t *testing.T) {
	k, cat := tenRecordKind(t)

	home := k.HomeData(&pagemodel.Page{Path: "index.html", Layout: "home"})
	if home.Providers != 1 || home.GPUs != 2 || home.Instances != 2 || home.PricePoints != 4 {
		t.Errorf("home counts: %d providers, %d GPUs, %d instance types, %d prices; want 1, 2, 2, 4", home.Providers, home.GPUs, home.Instances, home.PricePoints)
	}
	want := map[string]float64{"a100": 2.745, "t4": 0.526}
	if len(home.Prices.Rows) != len(want) {
		t.Fatalf("home table: %d rows, want %d", len(home.Prices.Rows), len(want))
	}
	for _, r := range home.Prices.Rows {
		c := r.Cells[0]
		if c == nil || c.PerGPUHour != want[r.GPU.ID] || c.Model != "on_demand" || c.Why != "" {
			t.Errorf("home table, %s on demand: %+v, want a current %v per GPU-hour", r.GPU.ID, c, want[r.GPU.ID])
		}
	}
	if c := home.Prices.Rows[0].Cells[0]; c != nil && c.OfferOf().Instance.ID != "p4d.24xlarge" && home.Prices.Rows[0].GPU.ID == "a100" {
		t.Errorf("the A100's answer is of %s, want p4d.24xlarge", c.OfferOf().Instance.ID)
	}

	a100 := cat.GPU("a100")
	gp := &pagemodel.Page{Path: "gpus/a100/index.html", Layout: "gpu"}
	g := k.GPUData(gp, a100)
	if len(g.Answer) == 0 || g.Answer[0].Cell == nil || g.Answer[0].Cell.PerGPUHour != 2.745 {
		t.Errorf("A100 page answer: %+v, want 2.745 per GPU-hour", g.Answer)
	}
	if g.Offers != 1 || len(g.Instances.Rows) != 1 || g.Instances.Rows[0].Display == nil || *g.Instances.Rows[0].Display != 2.745 {
		t.Errorf("A100 page: %d offers, rows %+v; want 1 offer, p4d.24xlarge at 2.745", g.Offers, g.Instances.Rows)
	}
	if len(g.Unknown) == 0 || g.Known["memory"] != true || g.Known["throughput"] != true {
		t.Errorf("A100 spec sheet: known %v, unknown %v", g.Known, g.Unknown)
	}
	if !strings.Contains(gp.Share, "2.745") {
		t.Errorf("A100 page: the preview of a shared link %q does not give its price", gp.Share)
	}

	var got []string
	for _, p := range k.ProviderPages() {
		got = append(got, p.Path+" "+p.Title)
	}
	if w := "providers/index.html |providers/aws/index.html AWS|instances/aws/p4d.24xlarge/index.html p4d.24xlarge|instances/aws/g4dn.xlarge/index.html g4dn.xlarge"; strings.Join(got, "|") != w {
		t.Errorf("provider pages:\n%s\nwant\n%s", strings.Join(got, "|"), w)
	}

	in := cat.Providers[0].Instances[0]
	ip := &pagemodel.Page{Path: "instances/aws/p4d.24xlarge/index.html", Layout: "instance"}
	d := k.InstanceData(ip, in)
	if len(d.Prices) != 3 || len(d.Sources) != 2 {
		t.Fatalf("p4d.24xlarge: %d prices from %d sources, want 3 from 2", len(d.Prices), len(d.Sources))
	}
	for _, v := range d.Prices {
		if v.SourceRef < 1 || v.SourceRef > 2 || v.Trust == nil || v.PerGPUHour == nil {
			t.Errorf("p4d.24xlarge price %+v: want a source number, a trust view and a price per GPU-hour", v)
		}
	}
	if *d.GPUMemoryGB != 320 {
		t.Errorf("p4d.24xlarge GPU memory %v GB, want 8 × 40 = 320", *d.GPUMemoryGB)
	}
	panel := map[string]float64{}
	for _, r := range d.Panel {
		panel[r.Model] = *r.Price.Amount
	}
	if panel["on_demand"] != 21.96 || panel["spot"] != 6.588 {
		t.Errorf("p4d.24xlarge panel %v, want on demand 21.96 (not the superseded 32.7726) and spot 6.588", panel)
	}
}

// TestForkOnlyPriceIsMarked: a price whose every citation is in a fork
// the source registry lists carries the fork mark (TrustView.Copy) on the
// home table and its instance page, and its Markdown twin says in words
// that a purchase file cannot cite it; a price an organisation's own page
// states carries none.
func TestForkOnlyPriceIsMarked(t *testing.T) {
	fork := "github.com/someone/skypilot-catalog@abc catalogs/v8/aws/vms.csv"
	src := strings.Replace(tenRecords, `    amount: 0.526
    currency: USD
    since: 2025-06-05
    source: https://www.example.com/on-demand
    source_kind: provider
`, `    amount: 0.526
    currency: USD
    since: 2025-06-05
    source: `+fork+`
    source_kind: aggregator
`, 1) + `-- data/source-registry.yaml --
providers:
  - provider: aws
    domains: [example.com]
copies:
  - at: github.com/someone/skypilot-catalog
    kind: fork
    of: a personal fork of the SkyPilot catalog
    source_kind: aggregator
`
	if src == tenRecords {
		t.Fatal("fixture: the g4dn.xlarge price was not replaced")
	}
	cat, _ := catalogtest.Load(t, src)
	msgs := sitetest.Messages(t, "en")
	day := catalog.NewestDate(cat)
	data := derive.MakeAt(cat, day)
	prices := pagemodel.Prices{Cat: cat, Msgs: msgs, AgeDate: day}
	newPage := func(path, layout string) *pagemodel.Page { return &pagemodel.Page{Path: path, Layout: layout} }
	k := New(Inputs{Cat: cat, Data: data, AgeDate: day, Prices: prices, Msgs: msgs,
		ChangeRows: kinds.NewChanges(cat, data, msgs, newPage, prices.Trust).Rows,
		Scenarios:  kinds.NewScenarios(cat, data, msgs, newPage, prices.Trust, nil, nil),
		Benchmarks: kinds.NewBenchmarks(cat, data, newPage, prices.Trust),
		Guides:     func(*pagemodel.Page) []*pagemodel.GuideSummary { return nil },
		NewPage:    newPage,
	})

	want := map[string]string{"a100": "", "t4": "fork"}
	home := k.HomeData(&pagemodel.Page{Path: "index.html", Layout: "home"})
	for _, r := range home.Prices.Rows {
		c := r.Cells[0]
		if c == nil || c.Trust == nil {
			t.Fatalf("home table, %s on demand: no price", r.GPU.ID)
		}
		if c.Trust.Copy != want[r.GPU.ID] {
			t.Errorf("home table, %s on demand: copy mark %q, want %q", r.GPU.ID, c.Trust.Copy, want[r.GPU.ID])
		}
	}
	for _, in := range cat.Providers[0].Instances {
		d := k.InstanceData(&pagemodel.Page{Path: "instances/aws/" + in.ID + "/index.html", Layout: "instance"}, in)
		for _, v := range d.Prices {
			if got, w := v.Trust.Copy, want[in.GPU]; got != w {
				t.Errorf("%s, %s: copy mark %q, want %q", in.ID, v.Model, got, w)
			}
		}
	}

	tr := msgs.TKeeping(new(error))
	note, err := msgs.T("trust.copy_words.fork")
	if err != nil || note == "" {
		t.Fatalf("no words for the fork mark: %q, %v", note, err)
	}
	for _, c := range []struct {
		v    *pagemodel.TrustView
		want bool
	}{
		{&pagemodel.TrustView{Kind: "aggregator", Copy: "fork", Age: "1 day"}, true},
		{&pagemodel.TrustView{Kind: "aggregator", Age: "1 day"}, false},
	} {
		got := trustText(c.v, "", tr, new(twins.Notes))
		if strings.Contains(got, note) != c.want {
			t.Errorf("twin of a price with copy mark %q: %q; want the words %q: %v", c.v.Copy, got, note, c.want)
		}
	}
}
