package site

import (
	"cmp"
	"encoding/json"
	"html"
	"io/fs"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/guide"
	"gpucompare/generator/pricing"
)

// planSection returns the HTML of the element whose id is id, up to the end
// of its section.
func planSection(t *testing.T, page, id string) string {
	t.Helper()
	i := strings.Index(page, `id="`+id+`"`)
	if i < 0 {
		t.Fatalf("no element with id %q", id)
	}
	end := strings.Index(page[i:], "</section>")
	return page[i : i+end]
}

var tcoRowRE = regexp.MustCompile(`(?s)<tr>\s*<td class="num rank">(\d+)</td>\s*<th scope="row"><a href="([^"]+)">.*?<td class="num total"[^>]*>([^<]+)</td>`)

// ranked reads the ranking of a strategy's section: each row's instance
// link and total as written.
func ranked(sec string) (links, totals []string) {
	for _, m := range tcoRowRE.FindAllStringSubmatch(sec, -1) {
		links = append(links, m[2])
		totals = append(totals, m[3])
	}
	return links, totals
}

// expected ranks the offers of a catalog under a strategy with the
// pricing stage alone.
func expected(cat *catalog.Catalog, s *catalog.Scenario, st catalog.Strategy) []pricing.TCO {
	var out []pricing.TCO
	for _, o := range pricing.Offers(cat, cat.Site.Currency) {
		if !pricing.Eligible(cat, o, s, st) {
			continue
		}
		if t, ok, _ := pricing.ScenarioTCO(cat, o, s, st); ok {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(a, b pricing.TCO) int { return cmp.Compare(a.Total, b.Total) })
	return out
}

func TestScenarioPageRanksOffersByScenarioTCOTotals(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	cat, _ := catalog.Load(root)
	files, _ := build(t, root, Options{})
	page := string(files["scenarios/small/index.html"])
	s := cat.Scenarios[0]
	for _, st := range s.Strategies {
		links, totals := ranked(planSection(t, page, "strategy-"+st.ID))
		want := expected(cat, s, st)
		if len(want) == 0 {
			t.Fatalf("%s: the fixture ranks no offer; the test is not testing", st.ID)
		}
		if len(links) != len(want) {
			t.Fatalf("%s: %d rows, want %d", st.ID, len(links), len(want))
		}
		for i, w := range want {
			link := "../../" + instancePath(w.Offer.Instance)
			if links[i] != link || totals[i] != formatDerived(w.Total) {
				t.Errorf("%s row %d: %s %s, want %s %s", st.ID, i+1, links[i], totals[i], link, formatDerived(w.Total))
			}
		}
	}
	// The reserved part outlasts nothing here, but on-demand leaves the
	// lease without a public price out, and says so.
	if !strings.Contains(planSection(t, page, "strategy-on-demand"), "its price is not public") {
		t.Error("the offer without a public price is not listed as left out")
	}
	if !strings.Contains(page, "storage price unknown: left out of the total") {
		t.Error("the unknown storage price is not noted")
	}
}

// tcoTotal costs an offer the way static/tco.js does, from the page's
// JSON data alone: the formulas of pricing.ScenarioTCO, in its order.
// ok is false where the script leaves the offer out.
func tcoTotal(d *tcoData, o tcoOffer, w catalog.Workload, max *float64, mix []catalog.Share) (float64, bool) {
	if o.GPUModel == nil || !o.Rankable {
		return 0, false
	}
	if w.MinGPUMemoryGB != nil && (o.MemPerGPU == nil || *o.MemPerGPU < *w.MinGPUMemoryGB) {
		return 0, false
	}
	if len(d.Limits.Models) > 0 && !slices.Contains(d.Limits.Models, *o.GPUModel) {
		return 0, false
	}
	if len(d.Limits.Kinds) > 0 && !slices.Contains(d.Limits.Kinds, o.Kind) {
		return 0, false
	}
	for _, sh := range mix {
		pr, ok := o.Prices[sh.Model]
		if o.NotPublic || !ok || pr.Hourly == nil || o.GPUs <= 0 {
			return 0, false
		}
		if max != nil && *pr.Hourly/float64(o.GPUs) > *max {
			return 0, false
		}
		if sh.Model == "spot" && !w.Interruptible {
			return 0, false
		}
		if term := d.Terms[sh.Model]; term > 0 && w.Months < term/float64(d.HoursPerMonth) {
			return 0, false
		}
	}
	hpm := float64(d.HoursPerMonth)
	perJob := math.Ceil(float64(w.GPUsPerJob) / float64(o.GPUs))
	compute := 0.0
	for _, sh := range mix {
		h := *o.Prices[sh.Model].Hourly
		gpuHours := w.GPUHoursPerMonth * sh.Percent / 100
		if d.Terms[sh.Model] > 0 {
			compute += math.Ceil(gpuHours/(hpm*float64(o.GPUs))) * h * hpm
			continue
		}
		hours := w.JobHours
		if sh.Model == "spot" && w.CheckpointOverheadPct > 0 {
			hours *= 1 + w.CheckpointOverheadPct/100
		}
		jobs := gpuHours / (float64(w.GPUsPerJob) * w.JobHours)
		step := map[string]float64{"second": 1, "minute": 60, "hour": 3600, "month": hpm * 3600}[o.Granularity]
		if step == 0 {
			step = 1
		}
		seconds := math.Round(hours*3600*1000) / 1000
		billed := math.Max(math.Ceil(seconds/step)*step, o.MinimumSeconds)
		compute += jobs * perJob * (h * billed / 3600)
	}
	monthly := func(r *tcoRate, gb float64) float64 {
		if gb == 0 || r == nil {
			return 0
		}
		return r.Price * gb * r.Factor
	}
	perMonth := compute + monthly(o.Storage, w.StorageTB*1000) + monthly(o.Egress, w.EgressTBPerMonth*1000)
	return perMonth * w.Months, true
}

// TestCalculatorDataGivesScenarioTCOTotals runs the data each scenario
// page ships through the calculator's formulas and wants, for every offer
// and strategy, the very total pricing.ScenarioTCO gives, and the same
// offers left out — on the fixture and on the shipped catalog.
func TestCalculatorDataGivesScenarioTCOTotals(t *testing.T) {
	fixture, _ := readArchive(t, "testdata/site.txtar")
	for name, fsys := range map[string]fs.FS{"fixture": fixture, "shipped": os.DirFS("../..")} {
		cat, rep := catalog.Load(fsys)
		if errs := rep.Errors(); len(errs) > 0 {
			t.Fatalf("%s: %s", name, errs)
		}
		files, _, err := Build(cat, fsys, Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checked := 0
		for _, s := range cat.Scenarios {
			page := string(files[scenarioPath(s.ID)])
			m := regexp.MustCompile(`<script type="application/json" id="tco-data">(.*?)</script>`).FindStringSubmatch(page)
			if m == nil {
				t.Fatalf("%s: %s ships no calculator data", name, s.ID)
			}
			var d tcoData
			if err := json.Unmarshal([]byte(m[1]), &d); err != nil {
				t.Fatalf("%s: %s: %v", name, s.ID, err)
			}
			offers := pricing.Offers(cat, cat.Site.Currency)
			if len(d.Offers) != len(offers) {
				t.Fatalf("%s: %s ships %d offers, want %d", name, s.ID, len(d.Offers), len(offers))
			}
			for _, st := range s.Strategies {
				for i, o := range offers {
					got, gotOK := tcoTotal(&d, d.Offers[i], s.Workload, s.Limits.MaxPerGPUHour, st.Mix)
					want, ok, _ := pricing.ScenarioTCO(cat, o, s, st)
					ok = ok && pricing.Eligible(cat, o, s, st)
					if gotOK != ok || (ok && got != want.Total) {
						t.Errorf("%s: %s/%s: %s %s: calculator %v %v, pricing %v %v", name, s.ID, st.ID, o.Instance.Name, o.Region, got, gotOK, want.Total, ok)
					}
					if ok {
						checked++
					}
				}
			}
		}
		if checked == 0 {
			t.Errorf("%s: no offer ranked; the test is not testing", name)
		}
	}
}

// TestLeftOutAgreesWithPricing holds the page's limit checks to the
// pricing stage: they leave an offer out exactly when pricing.Eligible
// does — for every scenario of the shipped catalog.
func TestLeftOutAgreesWithPricing(t *testing.T) {
	root := os.DirFS("../..")
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	x := englishTexter(t)
	offers := pricing.Offers(cat, cat.Site.Currency)
	for _, s := range cat.Scenarios {
		for _, st := range s.Strategies {
			for _, o := range offers {
				why := leftOut(cat, o, s, st, cat.Site.Currency, x)
				if ok := pricing.Eligible(cat, o, s, st); (why == "") != ok {
					t.Errorf("%s/%s: %s %s: page says %q, pricing.Eligible %v", s.ID, st.ID, o.Instance.Name, o.Region, why, ok)
				}
			}
		}
	}
	if x.err != nil {
		t.Fatal(x.err)
	}
}

func englishTexter(t *testing.T) *texter {
	t.Helper()
	msgs, err := loadMessages(mustSub(t, gpucompare.Assets, "templates"), "en", nil)
	if err != nil {
		t.Fatal(err)
	}
	return &texter{m: msgs}
}

// TestReasonsAndNotesWorded words each reason and note pricing gives,
// with its figures in their places.
func TestReasonsAndNotesWorded(t *testing.T) {
	x := englishTexter(t)
	in := &catalog.Instance{Name: "i", GPUCount: 1}
	o := &pricing.Offer{Instance: in, Prices: map[string]*pricing.Price{"on_demand": {Hourly: pricing.Hourly{Currency: "CNY"}}}}
	w := catalog.Workload{Months: 6}
	for _, tt := range []struct {
		why  pricing.Reason
		want string
	}{
		{pricing.Reason{Kind: pricing.NoGPUCount}, "its GPU count is unknown"},
		{pricing.Reason{Kind: pricing.NoPrice, Model: "reserved_1y"}, "no reserved, 1 year price"},
		{pricing.Reason{Kind: pricing.NoRate, Model: "on_demand"}, "no exchange rate from CNY to USD"},
		{pricing.Reason{Kind: pricing.Uninterruptible, Model: "spot"}, "the workload cannot be interrupted, so spot does not fit"},
		{pricing.Reason{Kind: pricing.Outlasts, Model: "reserved_3y", Months: 36}, "a reserved, 3 years commitment of 36 months outlasts the 6-month project"},
	} {
		if got := reasonText(o, w, tt.why, "USD", x); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.why, got, tt.want)
		}
	}
	notPublic := &pricing.Offer{Instance: &catalog.Instance{PriceNotPublic: "on request"}, Prices: map[string]*pricing.Price{}}
	if got, want := reasonText(notPublic, w, pricing.Reason{Kind: pricing.NoPrice, Model: "lease"}, "USD", x), "its price is not public"; got != want {
		t.Errorf("no public price: %q, want %q", got, want)
	}
	got := tcoNotes([]pricing.Note{
		{Kind: pricing.DiscountOnly, Model: "reserved_3y", Value: 37.5},
		{Kind: pricing.SpotOverhead, Model: "spot", Value: 10},
		{Kind: pricing.StorageUnknown},
		{Kind: pricing.EgressUnknown},
	}, x)
	want := []string{
		"reserved, 3 years: only a discount is sourced (37.5 % off on-demand)",
		"spot runs take 10 % longer to checkpoint and resume",
		"storage price unknown: left out of the total",
		"egress price unknown: left out of the total",
	}
	if !slices.Equal(got, want) {
		t.Errorf("notes %q, want %q", got, want)
	}
	if x.err != nil {
		t.Fatal(x.err)
	}
}

func TestPlanPagesEscapeCatalogText(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	const script = `</script><script>alert(1)</script>`
	const img = `"><img src=x onerror=alert(1)>`
	for old, new := range map[string]string{
		"persona: startup": "persona: '" + img + "'",
		"description: An example workload of 8-GPU jobs over a year.": "description: '" + script + "'",
		"Save **checkpoints**":              "Save " + script + " [x](javascript:alert(1)) **checkpoints**",
		"name: On-demand":                   "name: '" + img + script + "'",
		"source: seed guide gpu-guide.md\n": "source: '" + img + "'\n",
	} {
		edit(t, root, "data/scenarios/small.yaml", old, new)
	}
	edit(t, root, "data/scoring.yaml", "name: GPU memory", "name: '"+script+img+"'")
	files, _ := build(t, root, Options{})
	for _, p := range []string{"index.html", scenariosPath, scenarioPath("small"), evaluationPath} {
		page := string(files[p])
		if len(liveScripts(page)) > 0 || strings.Contains(page, "<img") || strings.Contains(page, "javascript:") {
			t.Errorf("%s: hostile text came out live", p)
		}
		for _, block := range regexp.MustCompile(`(?s)<script type="application/json" id="[^"]+">(.*?)</script>`).FindAllStringSubmatch(page, -1) {
			if strings.ContainsAny(block[1], "<>") {
				t.Errorf("%s: a JSON block holds < or >", p)
			}
		}
	}
	if page := string(files[scenarioPath("small")]); !strings.Contains(page, html.EscapeString(script)) && !strings.Contains(page, "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the hostile description is not shown as text")
	}
	if !strings.Contains(string(files[evaluationPath]), "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the hostile criterion name is not shown as text")
	}
}

// TestEveryMeasureHasAValueMessage keeps the evaluation page's units in
// step with the measures the catalog accepts.
func TestEveryMeasureHasAValueMessage(t *testing.T) {
	msgs, err := loadMessages(mustSub(t, gpucompare.Assets, "templates"), "en", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range catalog.Measures {
		if _, err := msgs.t("evaluation.value." + m); err != nil {
			t.Error(err)
		}
	}
}

var offerScoreRE = regexp.MustCompile(`(?s)<tr>\s*<th scope="row"><span class="rank">\d+</span> <a href="([^"]+)">.*?<span class="sub">.*? · ([^<]*)</span></th>\s*<td class="num score"><strong>([^<]+)</strong>`)

// TestEvaluationRanksOffersAsScoreOffers: the offers table is the ranking
// guide.ScoreOffers gives the offers that have an on-demand price, each
// with its score as rounded; offers without one are not ranked.
func TestEvaluationRanksOffersAsScoreOffers(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	cat, _ := catalog.Load(root)
	var pool []*pricing.Offer
	left := 0
	for _, o := range pricing.Offers(cat, cat.Site.Currency) {
		if od := o.Prices["on_demand"]; od != nil && od.Converted && o.Rankable() {
			pool = append(pool, o)
		} else {
			left++
		}
	}
	if len(pool) < 2 || left == 0 {
		t.Fatalf("the fixture should have offers with and without an on-demand price: %d and %d", len(pool), left)
	}
	crit := cat.Scoring.Criteria
	want := guide.ScoreOffers(cat, pool, crit, guide.Score(cat, pricing.Offers(cat, cat.Site.Currency), crit))
	sec := planSection(t, string(files[evaluationPath]), "offers")
	got := offerScoreRE.FindAllStringSubmatch(sec, -1)
	if len(got) != min(offerTop, len(want)) {
		t.Fatalf("%d offer rows, want %d", len(got), min(offerTop, len(want)))
	}
	for i, m := range got {
		w := want[i]
		if m[1] != "../"+instancePath(w.Offer.Instance) || m[3] != formatNum(pricing.Round(w.Score, 1)) {
			t.Errorf("row %d: %s scored %s, want %s scored %v", i+1, m[1], m[3], instancePath(w.Offer.Instance), pricing.Round(w.Score, 1))
		}
	}
	var data weightsData
	block := regexp.MustCompile(`(?s)<script type="application/json" id="weights-data">(.*?)</script>`).FindStringSubmatch(string(files[evaluationPath]))
	if block == nil || json.Unmarshal([]byte(block[1]), &data) != nil {
		t.Fatal("no weights data")
	}
	if len(data.Offers) != len(pool) {
		t.Errorf("the sliders rank %d offers, want %d", len(data.Offers), len(pool))
	}
}
