package kinds

import (
	"cmp"
	"encoding/json"
	"html/template"
	"io/fs"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/catalog/catalogtest"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/sitetest"
)

// scenarioPages makes the scenario pages of cat with the scenario page
// kind alone, in English: no other page kind, no template, no build.
func scenarioPages(t *testing.T, cat *catalog.Catalog) []*pagemodel.Page {
	t.Helper()
	data, msgs := derive.Make(cat), englishTexter(t).M
	newPage := func(path, layout string) *pagemodel.Page { return &pagemodel.Page{Path: path, Layout: layout} }
	trust := func(*catalog.PricePoint, string) *pagemodel.TrustView { return nil }
	prose := func(rec any, key string, render func(string) (template.HTML, error)) (template.HTML, error) {
		s, _ := catalog.Text(rec, key, "en")
		return render(s)
	}
	k := NewScenarios(cat, data, msgs, newPage, trust, prose, NewEvaluation(cat, data, msgs, newPage))
	pages, err := k.Pages()
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

// TestCalculatorDataGivesScenarioTCOTotals runs the data each scenario
// page ships (ScenarioData.JSON) through the calculator's formulas and
// wants, for every offer and strategy, the very total pricing.ScenarioTCO
// gives, and the same offers left out — on the small test site and on the
// shipped catalog.
func TestCalculatorDataGivesScenarioTCOTotals(t *testing.T) {
	fixture := sitetest.SmallCatalog(t)
	shipped, rep := catalog.Load(os.DirFS("../../.."))
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	for name, cat := range map[string]*catalog.Catalog{"fixture": fixture, "shipped": shipped} {
		checked := 0
		for _, p := range scenarioPages(t, cat) {
			sd, ok := p.Data.(*ScenarioData)
			if !ok {
				continue // the index
			}
			s := sd.Scenario
			js, err := sd.JSON()
			if err != nil {
				t.Fatal(err)
			}
			var d tcoScript
			if err := json.Unmarshal([]byte(js), &d); err != nil {
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
					ok = ok && pricing.Eligible(cat, o, s, st, false)
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

// tcoTotal costs an offer the way static/tco.js does, from the page's
// JSON data alone: the formulas of pricing.ScenarioTCO, in its order.
// ok is false where the script leaves the offer out, as it does with
// estimates and articles' figures left out (its switch off).
func tcoTotal(d *tcoScript, o tcoOffer, w catalog.Workload, max *float64, shares []catalog.Share) (float64, bool) {
	if o.GPUModel == nil || !o.Rankable {
		return 0, false
	}
	// The work in hours of the offer's GPU: units times the hours one takes
	// on it, none without a result; else by the benchmark's results per
	// GPU where both GPUs have one, else by their dense figures.
	if d.Work.Units != "" {
		u := d.GPUs[o.GPU].UnitHours
		if u == nil {
			return 0, false
		}
		w.GPUHoursPerMonth = w.UnitsPerMonth * *u
	} else if ref := w.ReferenceGPU; ref != "" && o.GPU != ref {
		r, g := d.GPUs[ref], d.GPUs[o.GPU]
		var f float64
		switch {
		case r.Bench != nil && g.Bench != nil:
			f = *r.Bench / *g.Bench
		case r.TFLOPS != nil && g.TFLOPS != nil && *r.TFLOPS > 0 && *g.TFLOPS > 0:
			f = *r.TFLOPS / *g.TFLOPS
		default:
			return 0, false
		}
		w.GPUHoursPerMonth *= f
		w.JobHours *= f
	}
	// Each share buys the model of its term with a ranked price, then the
	// cheapest, then itself.
	mix := make([]catalog.Share, len(shares))
	for i, sh := range shares {
		best, rank := sh.Model, 0
		term := d.SameTerm[sh.Model]
		if term == nil {
			term = []string{sh.Model}
		}
		for _, m := range term {
			pr, ok := o.Prices[m]
			if !ok {
				continue
			}
			r := 1
			if pr.Hourly != nil {
				r = 2
				if pr.Unranked == "" {
					r = 3
				}
			}
			if r > rank || r == rank && r > 1 && *pr.Hourly < *o.Prices[best].Hourly {
				best, rank = m, r
			}
		}
		mix[i] = catalog.Share{Model: best, Percent: sh.Percent}
	}
	hpm := float64(d.HoursPerMonth)
	// A usage part needs a price unless the commitments' spare hours run all
	// the usage.
	spare, usage := 0.0, 0.0
	for _, sh := range mix {
		hours := w.GPUHoursPerMonth * sh.Percent / 100
		if d.Committed[sh.Model] && o.GPUs > 0 {
			spare += math.Ceil(hours/(hpm*float64(o.GPUs)))*hpm*float64(o.GPUs) - hours
		} else if !d.Committed[sh.Model] {
			usage += hours
		}
	}
	needs := func(m string) bool { return d.Committed[m] || o.GPUs <= 0 || usage > spare }
	for _, sh := range mix {
		if pr, ok := o.Prices[sh.Model]; ok && pr.Unranked != "" {
			return 0, false
		}
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
	if o.OutOfGeo || o.Uncertified {
		return 0, false
	}
	if o.GPUs <= 0 || o.GPUs < w.GPUsPerJob && !w.Splittable {
		return 0, false
	}
	for _, sh := range mix {
		pr, ok := o.Prices[sh.Model]
		if !needs(sh.Model) {
			pr, ok = tcoPrice{Hourly: pagemodel.Ptr(0.0)}, true
		}
		if o.NotPublic || !ok || pr.Hourly == nil {
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
	perJob := math.Ceil(float64(w.GPUsPerJob) / float64(o.GPUs))
	parts := make([]float64, len(mix)) // each part's cost a month, summed in mix order as pricing does
	jobCost := make([]float64, len(mix))
	gpuHours := make([]float64, len(mix))
	var uses []int
	spare = 0.0
	for i, sh := range mix {
		h := 0.0
		if pr, ok := o.Prices[sh.Model]; ok && pr.Hourly != nil {
			h = *pr.Hourly
		}
		gpuHours[i] = w.GPUHoursPerMonth * sh.Percent / 100
		if d.Committed[sh.Model] {
			n := math.Ceil(gpuHours[i] / (hpm * float64(o.GPUs)))
			parts[i] = n * h * hpm
			spare += n*hpm*float64(o.GPUs) - gpuHours[i]
			continue
		}
		hours := w.JobHours
		if sh.Model == "spot" && w.CheckpointOverheadPct > 0 {
			hours *= 1 + w.CheckpointOverheadPct/100
		}
		step := map[string]float64{"second": 1, "minute": 60, "hour": 3600, "month": hpm * 3600}[o.Granularity]
		if step == 0 {
			step = 1
		}
		seconds := math.Round(hours*3600*1000) / 1000
		billed := math.Max(math.Ceil(seconds/step)*step, o.MinimumSeconds)
		jobCost[i] = h * billed / 3600
		uses = append(uses, i)
	}
	// The commitments' spare GPU-hours run the dearest usage parts' work
	// first (a job's cost decides: the rest of the rate is the same).
	slices.SortStableFunc(uses, func(a, b int) int { return cmp.Compare(jobCost[b], jobCost[a]) })
	for _, i := range uses {
		covered := min(spare, gpuHours[i])
		spare -= covered
		jobs := (gpuHours[i] - covered) / (float64(w.GPUsPerJob) * w.JobHours)
		parts[i] = jobs * perJob * jobCost[i]
	}
	compute := 0.0
	for _, v := range parts {
		compute += v
	}
	monthly := func(r *tcoRate, gb float64) float64 {
		if gb == 0 || r == nil {
			return 0
		}
		return r.Price * gb * r.Factor
	}
	return (compute + monthly(o.Storage, w.StorageTB*1000) + monthly(o.Egress, w.EgressTBPerMonth*1000)) * w.Months, true
}

// TestCalculatorDataGivesScenarioTCOTotals runs the data each scenario
// page ships through the calculator's formulas and wants, for every offer
// and strategy, the very total pricing.ScenarioTCO gives, and the same
// offers left out — on the fixture and on the shipped catalog.

// TestLeftOutAgreesWithPricing holds the page's limit checks to the
// pricing stage: they leave an offer out exactly when pricing.Eligible
// does — for every scenario of the shipped catalog.
func TestLeftOutAgreesWithPricing(t *testing.T) {
	root := os.DirFS("../../..")
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	x := englishTexter(t)
	offers := pricing.Offers(cat, cat.Site.Currency)
	for _, s := range cat.Scenarios {
		for _, st := range s.Strategies {
			for _, o := range offers {
				why := leftOut(cat, o, s, st, cat.Site.Currency, false, x)
				if ok := pricing.Eligible(cat, o, s, st, false); (why == "") != ok {
					t.Errorf("%s/%s: %s %s: page says %q, pricing.Eligible %v", s.ID, st.ID, o.Instance.Name, o.Region, why, ok)
				}
			}
		}
	}
	if x.Err != nil {
		t.Fatal(x.Err)
	}
}

// TestReasonsAndNotesWorded words each reason and note pricing gives,
// with its figures in their places.
func TestReasonsAndNotesWorded(t *testing.T) {
	x := englishTexter(t)
	in := &catalog.Instance{Name: "i", GPUCount: 1}
	o := &pricing.Offer{Instance: in, Prices: map[string]*pricing.Price{"on_demand": {Hourly: pricing.Hourly{Currency: "CNY"}}}}
	w := catalog.Workload{Months: 6, GPUsPerJob: 8}
	for _, tt := range []struct {
		why  pricing.Reason
		want string
	}{
		{pricing.Reason{Kind: pricing.NoGPUCount}, "its GPU count is unknown"},
		{pricing.Reason{Kind: pricing.NoPrice, Model: "spot"}, "no spot price"},
		{pricing.Reason{Kind: pricing.NoPrice, Model: "reserved_1y"}, "no price for a 1-year commitment: none of 1-year commitment (reserved); 1-year commitment (savings plan); 1-year commitment (committed use); yearly subscription"},
		{pricing.Reason{Kind: pricing.NoPrice, Model: "subscription_month"}, "no monthly subscription price"},
		{pricing.Reason{Kind: pricing.Unsplittable}, "needs 8 GPUs in one instance; this has 1"},
		{pricing.Reason{Kind: pricing.NoRate, Model: "on_demand"}, "no exchange rate from CNY to USD"},
		{pricing.Reason{Kind: pricing.Uninterruptible, Model: "spot"}, "the workload cannot be interrupted, so spot does not fit"},
		{pricing.Reason{Kind: pricing.Outlasts, Model: "reserved_3y", Months: 36}, "3-year commitment (reserved) lasts 36 months, longer than the 6-month project"},
	} {
		if got := reasonText(o, w, tt.why, "USD", x); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.why, got, tt.want)
		}
	}
	notPublic := &pricing.Offer{Instance: &catalog.Instance{PriceNotPublic: "on request"}, Prices: map[string]*pricing.Price{}}
	if got, want := reasonText(notPublic, w, pricing.Reason{Kind: pricing.NoPrice, Model: "lease"}, "USD", x), "the catalog holds no price for it"; got != want {
		t.Errorf("no public price: %q, want %q", got, want)
	}
	got := tcoNotes([]pricing.Note{
		{Kind: pricing.DiscountOnly, Model: "reserved_3y", Value: 37.5},
		{Kind: pricing.SpotOverhead, Model: "spot", Value: 10},
		{Kind: pricing.StorageUnknown},
		{Kind: pricing.EgressUnknown},
		{Kind: pricing.Covered, Model: "on_demand", Value: 1168.004},
		{Kind: pricing.CoveredAll, Model: "spot", Value: 1168},
	}, x)
	want := []string{
		"3-year commitment (reserved): only a discount is sourced (37.5 % off on-demand)",
		"spot runs take 10 % longer to checkpoint and resume",
		"storage price unknown: left out of the total",
		"egress price unknown: left out of the total",
		"on-demand: 1,168 GPU-hours a month run on the committed instances' spare hours instead",
		"spot: all its 1,168 GPU-hours a month run on the committed instances' spare hours, so none is bought and no spot price is needed",
	}
	if !slices.Equal(got, want) {
		t.Errorf("notes %q, want %q", got, want)
	}
	if x.Err != nil {
		t.Fatal(x.Err)
	}
}

// TestEveryCostNoteAndReasonHasAMessage: every kind of pricing's cost
// notes and of its reasons a strategy cannot run is worded by a message
// in every language, so a new kind without one fails here.
func TestEveryCostNoteAndReasonHasAMessage(t *testing.T) {
	tfs, err := fs.Sub(gpucompare.Assets, "templates")
	if err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(tfs, "messages/*.yaml")
	if err != nil || len(names) < 2 {
		t.Fatalf("messages %q, %v", names, err)
	}
	in := &catalog.Instance{Name: "i", GPUCount: 1}
	o := &pricing.Offer{Instance: in, Prices: map[string]*pricing.Price{"spot": {Hourly: pricing.Hourly{Currency: "CNY"}}}}
	w := catalog.Workload{Months: 6, GPUsPerJob: 8}
	for _, n := range names {
		lang := strings.TrimSuffix(strings.TrimPrefix(n, "messages/"), ".yaml")
		if lang == "glossary" {
			continue
		}
		m, err := render.LoadMessages(tfs, lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		x := &render.Texter{M: m}
		for _, k := range pricing.NoteKinds() {
			if got := tcoNotes([]pricing.Note{{Kind: k, Model: "spot", Value: 10}}, x); len(got) != 1 || got[0] == "" || strings.Contains(got[0], "%!") {
				t.Errorf("%s: cost note of kind %d worded %q", lang, k, got)
			}
		}
		for _, k := range pricing.ReasonKinds() {
			if got := reasonText(o, w, pricing.Reason{Kind: k, Model: "spot", Months: 12}, "USD", x); got == "" || strings.Contains(got, "%!") {
				t.Errorf("%s: reason of kind %d worded %q", lang, k, got)
			}
		}
		if x.Err != nil {
			t.Errorf("%s: %v", lang, x.Err)
		}
	}
}

// TestMainlandScenarioLeavesOutTheIntlSitePrice: a scenario limited to
// mainland China considers the offers of the site's mainland answers
// (pricing.Offer.MainlandQuoted). Of three A100 offers of a China cloud,
// Beijing's yuan price is costed; Guangzhou's dollar price, its
// international site's and the cheapest, is left out for its price, and
// Singapore's for its region; the page, its calculator's data and
// pricing say the same, and the limit says prices are in yuan.
func TestMainlandScenarioLeavesOutTheIntlSitePrice(t *testing.T) {
	cat, _ := catalogtest.Load(t, catalogtest.MainlandIntlSite+`
-- data/scenarios/mainland.yaml --
id: mainland
title: A month in mainland China
persona: finance
description: One GPU for a month.
advice: Ask the provider.
source: s
workload: {gpu_hours_per_month: 730, months: 1, gpus_per_job: 1, job_hours: 730}
limits: {geo: [china-mainland]}
strategies:
  - {id: on-demand, name: On-demand, mix: [{model: on_demand, percent: 100}]}
`)
	x := englishTexter(t)
	offers := pricing.Offers(cat, cat.Site.Currency)
	s, st := cat.Scenarios[0], cat.Scenarios[0].Strategies[0]
	want := map[string]string{
		"ap-beijing":   "",
		"ap-guangzhou": "its price is the international site's, not in yuan: not what the China site charges in mainland China",
		"ap-singapore": "its region is not in a part of the world the scenario considers",
	}
	for _, o := range offers {
		if got := leftOut(cat, o, s, st, cat.Site.Currency, false, x); got != want[o.Region] {
			t.Errorf("%s: left out for %q, want %q", o.Region, got, want[o.Region])
		}
		if ok := pricing.Eligible(cat, o, s, st, false); ok != (want[o.Region] == "") {
			t.Errorf("%s: pricing.Eligible %v", o.Region, ok)
		}
	}
	sd := scenarioData(t, cat)
	if !slices.Contains(sd.Limits, "regions in: mainland China, priced in yuan") {
		t.Errorf("limits %q do not say prices are in yuan", sd.Limits)
	}
	js, err := sd.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var d tcoScript
	if err := json.Unmarshal([]byte(js), &d); err != nil {
		t.Fatal(err)
	}
	for i, o := range offers {
		got := [2]bool{d.Offers[i].OutOfGeo, d.Offers[i].IntlSite}
		if w := [2]bool{want[o.Region] != "", o.Region == "ap-guangzhou"}; got != w {
			t.Errorf("%s: calculator's og, oi %v, want %v", o.Region, got, w)
		}
	}
	if x.Err != nil {
		t.Fatal(x.Err)
	}
}

// TestScenarioCertificationLimitKeepsProvidersThatStateIt: a scenario
// whose limits require 等保三级 ranks only the offers of a provider that
// states it, though another's is cheaper; its limits line names the
// condition, the one left out says why, and the calculator's data carry
// the same judgement for the browser to rank by.
func TestScenarioCertificationLimitKeepsProvidersThatStateIt(t *testing.T) {
	cat, _ := catalogtest.Load(t, catalogtest.MainlandIntlSite+`
-- data/providers/certified.yaml --
id: certified
name: Certified cloud
kind: china_cloud
currency: CNY
regions: [{id: cn-north, geo: china-mainland}]
mlps: {level: 3, checked: 2026-12-06, source: s}
instances:
  - {id: gpu, name: GPU, gpu: a100, gpu_count: 1, regions: [cn-north], source: s}
-- data/prices/certified.yaml --
provider: certified
prices:
  - {instance: gpu, region: cn-north, model: on_demand, amount: 12, currency: CNY, since: 2026-06-01, source: s, source_kind: provider}
-- data/scenarios/mlps.yaml --
id: mlps
title: Finance in mainland China
persona: finance
description: One GPU for a month.
advice: Ask the provider.
source: s
workload: {gpu_hours_per_month: 730, months: 1, gpus_per_job: 1, job_hours: 730}
limits: {geo: [china-mainland], certifications: [等保三级]}
strategies:
  - {id: on-demand, name: On-demand, mix: [{model: on_demand, percent: 100}]}
`)
	x := englishTexter(t)
	s, st := cat.Scenarios[0], cat.Scenarios[0].Strategies[0]
	for _, o := range pricing.Offers(cat, cat.Site.Currency) {
		if o.Region != "ap-beijing" && o.Region != "cn-north" {
			continue
		}
		want := ""
		if o.Provider.ID != "certified" {
			want = "its provider's public pages do not state 等保三级 (MLPS level 3, China's classified protection), which does not mean it has none: ask the provider"
		}
		if got := leftOut(cat, o, s, st, cat.Site.Currency, false, x); got != want {
			t.Errorf("%s/%s: left out for %q, want %q", o.Provider.ID, o.Region, got, want)
		}
	}
	sd := scenarioData(t, cat)
	if !slices.Contains(sd.Limits, "provider states 等保三级 (MLPS level 3, China's classified protection)") {
		t.Errorf("limits %q do not name the certification", sd.Limits)
	}
	var ranked []string
	for _, r := range sd.Strategies[0].Rows {
		ranked = append(ranked, r.Offer.Provider.ID+"/"+r.Offer.Region)
	}
	if !slices.Equal(ranked, []string{"certified/cn-north"}) {
		t.Errorf("ranked %v, want [certified/cn-north] alone", ranked)
	}
	js, err := sd.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var d tcoScript
	if err := json.Unmarshal([]byte(js), &d); err != nil {
		t.Fatal(err)
	}
	if d.Limits.Certs == "" {
		t.Error("the calculator's limits name no certification")
	}
	for i, o := range pricing.Offers(cat, cat.Site.Currency) {
		if got, want := d.Offers[i].Uncertified, o.Provider.ID != "certified"; got != want {
			t.Errorf("%s/%s: calculator's oc %v, want %v", o.Provider.ID, o.Region, got, want)
		}
	}
	if x.Err != nil {
		t.Fatal(x.Err)
	}
}

// scenarioData is the data of the scenario page of cat's one scenario.
func scenarioData(t *testing.T, cat *catalog.Catalog) *ScenarioData {
	t.Helper()
	for _, p := range scenarioPages(t, cat) {
		if d, ok := p.Data.(*ScenarioData); ok {
			return d
		}
	}
	t.Fatal("no scenario page")
	return nil
}
