package kinds

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/catalog/catalogtest"
	"gpucompare/generator/guide"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/sitetest"
)

// englishTexter words messages in English, from the shipped templates.
func englishTexter(t *testing.T) *render.Texter {
	t.Helper()
	return &render.Texter{M: sitetest.Messages(t, "en")}
}

func TestPercentagesKeepTheirPrecision(t *testing.T) {
	x := englishTexter(t)
	for _, tt := range []struct {
		measure string
		v       float64
		want    string
	}{
		{"sla_percent", 99.99, "99.99 %"},
		{"sla_percent", 99.5, "99.5 %"},
		{"sla_percent", 99.999, "99.999 %"},
		{"reserved_discount", 99.96, "99.96 % off"},
		{"reserved_discount", 37.04, "37 % off"},
		{"price_transparency", 0.02, "0.02 % priced"},
		{"price_transparency", 100.0 / 3, "33.3 % priced"},
	} {
		if got := measured(tt.measure, tt.v, "USD", x); got != tt.want {
			t.Errorf("%s %v: %q, want %q", tt.measure, tt.v, got, tt.want)
		}
	}
	// A share just under half of the weight does not read as half.
	for share, want := range map[float64]float64{0.496: 49.6, 0.4999: 49.99, 0.5: 50, 0.79: 79, 0.9996: 99.96, 0.004: 0.4} {
		if got := sharePercent(share); got != want {
			t.Errorf("share %v: %v %%, want %v", share, got, want)
		}
	}
}

// evaluationPage makes the evaluation page of the catalog in a txtar
// file from its derived data and the English messages alone.
func evaluationPage(t *testing.T, file string) (*pagemodel.Page, *catalog.Catalog) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cat, _ := catalogtest.Load(t, string(src))
	e := NewEvaluation(cat, derive.Make(cat), englishTexter(t).M,
		func(path, layout string) *pagemodel.Page { return &pagemodel.Page{Path: path, Layout: layout} })
	p, err := e.Page()
	if err != nil {
		t.Fatal(err)
	}
	return p, cat
}

// TestEvaluationKindAlone makes the evaluation page from the catalog of
// TestEvaluationByHand, its derived data and the English messages alone,
// without the other page kinds, a template or a build: the page kind is a
// function of those inputs.
func TestEvaluationKindAlone(t *testing.T) {
	p, _ := evaluationPage(t, "../testdata/evaluation.txtar")
	if p.Path != paths.Evaluation || p.Layout != "evaluation" {
		t.Fatalf("page %s of layout %s", p.Path, p.Layout)
	}
	d := p.Data.(*EvaluationData)
	var got []string
	for _, r := range d.Rows {
		got = append(got, fmt.Sprintf("%d %s %g", r.Rank, r.Scored.Provider.Name, r.Score))
	}
	for _, r := range d.Apart {
		got = append(got, "apart "+r.Scored.Provider.Name)
	}
	if want := []string{"1 CN 71.4", "2 Big 50", "apart Cheap", "apart Dark"}; !slices.Equal(got, want) {
		t.Errorf("rows %q, want %q", got, want)
	}
}

// TestEvaluationRanksOffersAsScoreOffers: the evaluation kind of the small
// test site lists the best offerTop of the ranking guide.ScoreOffers
// gives the offers of the default GPU class that have a comparable
// on-demand price, and hands the script every offer of that pool to rank
// again; offers of other classes or without such a price are not ranked.
func TestEvaluationRanksOffersAsScoreOffers(t *testing.T) {
	src, err := os.ReadFile("../testdata/site.txtar")
	if err != nil {
		t.Fatal(err)
	}
	cat, _ := catalogtest.Load(t, string(src))
	offers := pricing.Offers(cat, cat.Site.Currency)
	class := guide.DefaultClass(cat, offers)
	var pool []*pricing.Offer
	for _, o := range offers {
		if c, ok := guide.OfferClass(o); ok && c.ID == class && guide.Comparable(o) {
			pool = append(pool, o)
		}
	}
	if len(pool) < 2 || len(pool) == len(offers) {
		t.Fatalf("the fixture should have offers in and out of the pool: %d of %d", len(pool), len(offers))
	}
	crit := cat.Scoring.Criteria
	want := guide.ScoreOffers(cat, pool, crit, guide.Score(cat, offers, crit, class))
	want = slices.DeleteFunc(want, func(s *guide.ScoredOffer) bool { return !s.Ranked() })

	e := NewEvaluation(cat, derive.Make(cat), englishTexter(t).M,
		func(path, layout string) *pagemodel.Page { return &pagemodel.Page{Path: path, Layout: layout} })
	p, err := e.Page()
	if err != nil {
		t.Fatal(err)
	}
	d := p.Data.(*EvaluationData)
	if len(d.Offers) != min(offerTop, len(want)) || d.OfferCount != len(want) {
		t.Fatalf("%d offer rows of %d, want %d of %d", len(d.Offers), d.OfferCount, min(offerTop, len(want)), len(want))
	}
	for i, r := range d.Offers {
		got, w := r.Scored.Offer, want[i].Offer
		if r.Rank != i+1 || got.Instance != w.Instance || got.Region != w.Region || r.Scored.Score != want[i].Score {
			t.Errorf("row %d: %s %s ranked %d scored %v, want %s %s scored %v", i+1, got.Instance.Name, got.Region, r.Rank, r.Scored.Score, w.Instance.Name, w.Region, want[i].Score)
		}
	}
	js, err := d.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var script weightsScript
	if err := json.Unmarshal([]byte(js), &script); err != nil {
		t.Fatal(err)
	}
	if script.OfferTop != offerTop {
		t.Errorf("the script lists %d offers, the page %d", script.OfferTop, offerTop)
	}
	if cl := script.Classes[script.Class]; cl.ID != class || len(cl.Offers) != len(pool) {
		t.Errorf("the script ranks %d offers of %q, want %d of %q", len(cl.Offers), cl.ID, len(pool), class)
	}
}

// TestEvaluationWithinAClassShowsOnlyItsFigures checks that with the
// class A100 80GB, each provider's row shows and scores the figures of
// its A100 80GB offers only, and the data the sliders re-rank with holds,
// for each class, that class's figures.
func TestEvaluationWithinAClassShowsOnlyItsFigures(t *testing.T) {
	p, cat := evaluationPage(t, "../testdata/evaluation-classes.txtar")
	d := p.Data.(*EvaluationData)
	// A class of one GPU model is named as the model (A100 SXM4 80GB).
	if d.Class.Name != "A100 SXM4 80GB" {
		t.Fatalf("class %q", d.Class.Name)
	}
	rows := map[string][]string{}
	for _, r := range slices.Concat(d.Rows, d.Apart) {
		for _, c := range r.Cells {
			rows[r.Scored.Provider.ID] = append(rows[r.Scored.Provider.ID], c.Value)
		}
	}
	// Price per GPU-hour, memory, bandwidth, regions (RunPod lists none:
	// unknown). Both have the same
	// A100: memory and bandwidth score 100 each, not 0 for the one whose
	// other GPU is smaller.
	want := map[string][]string{
		"runpod": {"1.39 USD per GPU-hour", "80 GB", "2,039 GB/s", ""},
		"oci":    {"4.00 USD per GPU-hour", "80 GB", "2,039 GB/s", "1 regions"},
	}
	for id, w := range want {
		if !slices.Equal(rows[id], w) {
			t.Errorf("%s row %q, want %q", id, rows[id], w)
		}
	}
	for _, r := range d.Rows {
		if r.Scored.Scores["memory"] != 100 || r.Scored.Scores["bandwidth"] != 100 {
			t.Errorf("%s memory %v, bandwidth %v; want 100 and 100 (the same A100)", r.Scored.Provider.ID, r.Scored.Scores["memory"], r.Scored.Scores["bandwidth"])
		}
	}
	// The sliders' data: memory and bandwidth are compared within the
	// class (indexes 1 and 2 with the price, 0), and the B200 class holds
	// RunPod's 180 GB, the MI355X class OCI's 288 GB.
	w := d.data
	if !slices.Equal(w.Price, []int{0, 1, 2}) {
		t.Fatalf("criteria compared within a class %v, want [0 1 2]", w.Price)
	}
	values := map[string]map[string][]string{}
	for _, cl := range w.Classes {
		values[cl.ID] = map[string][]string{}
		for i, pr := range cat.Providers {
			values[cl.ID][pr.ID] = cl.Values[i][0] // by default
		}
	}
	for _, c := range []struct {
		class, provider string
		want            []string
	}{
		{"a100-80gb", "runpod", []string{"1.39 USD per GPU-hour", "80 GB", "2,039 GB/s"}},
		{"a100-80gb", "oci", []string{"4.00 USD per GPU-hour", "80 GB", "2,039 GB/s"}},
		{"b200-180gb", "runpod", []string{"5.99 USD per GPU-hour", "180 GB", "7,700 GB/s"}},
		{"b200-180gb", "oci", []string{"", "", ""}}, // no offer of the class: unknown
		{"mi355x-288gb", "oci", []string{"8.50 USD per GPU-hour", "288 GB", "8,000 GB/s"}},
	} {
		if got := values[c.class][c.provider]; !slices.Equal(got, c.want) {
			t.Errorf("class %s, %s: %q, want %q", c.class, c.provider, got, c.want)
		}
	}
}

// TestEvaluationMainlandFirstKeepsTheMainlandRule: the switch "mainland
// China clouds first" ranks a China cloud's offer first only where the
// home page's mainland view would answer with it (derive.MainlandQuoted):
// in a mainland region and priced in yuan; the same cloud's price in
// dollars for a mainland region (its international site's) is not.
func TestEvaluationMainlandFirstKeepsTheMainlandRule(t *testing.T) {
	b, err := os.ReadFile("../testdata/evaluation.txtar")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	for _, r := range [][2]string{
		{"regions: [{id: c, name: Region C}]", "regions: [{id: c, name: Region C, geo: china-mainland}]"},
		{"  - {id: a8, name: a8, gpu: a100, gpu_count: 8, regions: [c], source: s}\n",
			"  - {id: a8, name: a8, gpu: a100, gpu_count: 8, regions: [c], source: s}\n  - {id: intl, name: intl, gpu: a100, gpu_count: 1, regions: [c], source: s}\n"},
		{"  - {instance: a8, region: c, model: on_demand, amount: 84, currency: CNY, since: 2025, source: s, source_kind: provider}\n",
			"  - {instance: a8, region: c, model: on_demand, amount: 84, currency: CNY, since: 2025, source: s, source_kind: provider}\n  - {instance: intl, region: c, model: on_demand, amount: 1.2, currency: USD, since: 2025, source: s, source_kind: provider}\n"},
	} {
		if !strings.Contains(src, r[0]) {
			t.Fatalf("the fixture has no %q", r[0])
		}
		src = strings.Replace(src, r[0], r[1], 1)
	}
	cat, _ := catalogtest.Load(t, src)
	e := NewEvaluation(cat, derive.Make(cat), englishTexter(t).M,
		func(path, layout string) *pagemodel.Page { return &pagemodel.Page{Path: path, Layout: layout} })
	p, err := e.Page()
	if err != nil {
		t.Fatal(err)
	}
	js, err := p.Data.(*EvaluationData).JSON()
	if err != nil {
		t.Fatal(err)
	}
	var script weightsScript
	if err := json.Unmarshal([]byte(js), &script); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, o := range script.Classes[script.Class].Offers {
		if script.Providers[o.Provider].Name == "CN" {
			got[o.Name] = o.Mainland
		}
		if script.Providers[o.Provider].Name != "CN" && o.Mainland {
			t.Errorf("%s of %s, outside mainland China, ranks first", o.Name, script.Providers[o.Provider].Name)
		}
	}
	if want := map[string]bool{"a8": true, "intl": false}; !maps.Equal(got, want) {
		t.Errorf("the China cloud's offers first: %v, want %v (a mainland region's price in dollars is not the China site's)", got, want)
	}
	if !script.Providers[slices.IndexFunc(script.Providers, func(p weightsProvider) bool { return p.Name == "CN" })].Mainland {
		t.Error("the China cloud itself is not ranked first")
	}
}
