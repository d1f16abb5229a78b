package pricing

import (
	"io/fs"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/catalog/catalogtest"
)

// TestMainlandMLPSScenarioShortList: the shipped scenario "16 A100-class
// GPUs for 6 months in mainland China under MLPS level 3" ranks only
// mainland offers of its GPU models from providers that state 等保三级
// (its limits' certification), its cheapest is worked out by hand,
// and its advice that only Tencent Cloud states an MLPS level 3 filing
// holds for the catalog: it fails the day another mainland provider states
// 等保三级 or Tencent Cloud's statement goes, so that the sentence is
// changed with the catalog.
func TestMainlandMLPSScenarioShortList(t *testing.T) {
	root := os.DirFS("../..")
	if _, err := fs.Stat(root, "data/scenarios/mainland-mlps-a100.yaml"); err != nil {
		t.Skip("no shipped catalog:", err)
	}
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	// Of the providers with a mainland region, only Tencent Cloud states
	// 等保三级, as the advice says.
	var stating []string
	for _, p := range cat.Providers {
		if !slices.ContainsFunc(p.Regions, func(r *catalog.Region) bool { return r.Geo == "china-mainland" }) {
			continue
		}
		if p.MLPS.Stated() == 3 && p.States("等保三级") {
			stating = append(stating, p.ID)
		}
	}
	if !slices.Equal(stating, []string{"tencent-cloud"}) {
		t.Errorf("mainland providers stating 等保三级: %v; the scenario's advice says only tencent-cloud", stating)
	}
	var s *catalog.Scenario
	for _, x := range cat.Scenarios {
		if x.ID == "mainland-mlps-a100" {
			s = x
		}
	}
	if s == nil {
		t.Fatal("no scenario mainland-mlps-a100")
	}
	if !strings.Contains(s.Advice, "Only Tencent Cloud states an MLPS level 3") {
		t.Fatalf("advice %q does not say that only Tencent Cloud states MLPS level 3", s.Advice)
	}
	// Each strategy buys one pricing model: the monthly subscription
	// (包年包月) and on-demand.
	if len(s.Strategies) < 2 {
		t.Fatalf("%d strategies, want the monthly subscription and on-demand", len(s.Strategies))
	}
	for _, st := range s.Strategies {
		model := st.Mix[0].Model
		var best TCO
		var bestOffer *Offer
		n := 0
		for _, o := range Offers(cat, cat.Site.Currency) {
			if !Eligible(cat, o, s, st, true) {
				continue
			}
			if !o.MainlandQuoted() || !slices.Contains(s.Limits.GPUModels, o.GPU.Model) || !o.Provider.States("等保三级") {
				t.Errorf("%s: %s/%s/%s (%s) is on the short list", st.ID, o.Provider.ID, o.Instance.ID, o.Region, o.GPU.Model)
			}
			tco, ok, _ := ScenarioTCO(cat, o, s, st)
			if ok && (n == 0 || tco.Total < best.Total) {
				best, bestOffer = tco, o
			}
			if ok {
				n++
			}
		}
		if n == 0 || bestOffer == nil {
			t.Fatalf("%s: no costed offer on the short list", st.ID)
		}
		// By hand: the scenario requires 等保三级, so its cheapest is
		// Tencent Cloud's; 16 GPUs all month on its instances of n GPUs
		// are 16/n instances × the hourly price (a month's subscription
		// ÷ 730 h) × 730 h × 6 months.
		if bestOffer.Provider.ID != "tencent-cloud" {
			t.Fatalf("%s: cheapest %s/%s, want an offer of tencent-cloud", st.ID, bestOffer.Provider.ID, bestOffer.Instance.ID)
		}
		p := bestOffer.Prices[model]
		if want := math.Ceil(16/float64(bestOffer.Instance.GPUCount)) * p.Display * 730 * 6; math.Abs(best.Total-want) > 0.01 {
			t.Errorf("%s: total %.2f, want %.2f", st.ID, best.Total, want)
		}
	}
}

// TestMainlandScenarioShortListIsInYuan: a scenario limited to mainland
// China considers the offers of the site's mainland answers
// (Offer.MainlandQuoted): in a mainland region and priced in yuan. The
// Guangzhou offer's dollar price is the international site's, which a
// mainland company is not charged: it is left out, though its region is
// in mainland China and it would be the cheapest; so is Singapore's.
func TestMainlandScenarioShortListIsInYuan(t *testing.T) {
	cat := loadTxtar(t, catalogtest.MainlandIntlSite)
	s := &catalog.Scenario{ID: "s", Workload: catalog.Workload{GPUHoursPerMonth: 730, Months: 1, GPUsPerJob: 1, JobHours: 730},
		Limits: catalog.Limits{Geo: []string{"china-mainland"}}}
	st := mix(catalog.Share{Model: "on_demand", Percent: 100})
	var short []string
	for _, o := range Offers(cat, "USD") {
		if Eligible(cat, o, s, st, false) {
			short = append(short, o.Region)
		}
	}
	if !slices.Equal(short, []string{"ap-beijing"}) {
		t.Errorf("short list %q, want ap-beijing alone (ap-guangzhou's price is in dollars)", short)
	}
	// Without the limit all three are costed, Guangzhou the cheapest.
	s.Limits.Geo = nil
	var all []string
	for _, o := range Offers(cat, "USD") {
		if Eligible(cat, o, s, st, false) {
			all = append(all, o.Region)
		}
	}
	if len(all) != 3 {
		t.Errorf("without the limit %q, want the three regions", all)
	}
	// Each says why, as pages do (IntlSite): Guangzhou for its dollar
	// price, Singapore for its place.
	for _, o := range Offers(cat, "USD") {
		if want := o.Region == "ap-guangzhou"; o.IntlSite() != want {
			t.Errorf("%s: IntlSite %v, want %v", o.Region, o.IntlSite(), want)
		}
	}
}
