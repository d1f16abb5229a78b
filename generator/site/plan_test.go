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
	"strconv"
	"strings"
	"testing"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/guide"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
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
// pricing stage alone, on the parts known for all of them.
func expected(cat *catalog.Catalog, s *catalog.Scenario, st catalog.Strategy) []pricing.TCO {
	var out []pricing.TCO
	for _, o := range pricing.Offers(cat, cat.Site.Currency) {
		if !pricing.Eligible(cat, o, s, st, false) {
			continue
		}
		if t, ok, _ := pricing.ScenarioTCO(cat, o, s, st); ok {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(x, y pricing.TCO) int { return cmp.Compare(x.PerMonth, y.PerMonth) })
	return out
}

func TestScenarioPageRanksOffersByScenarioTCOTotals(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	cat, _ := catalog.Load(root)
	files, _ := build(t, root, Options{})
	page := string(files["scenarios/small/index.html"])
	s := cat.Scenarios[0]
	for _, st := range s.Strategies {
		checkRanking(t, page, cat, s, st)
	}
	// The reserved part outlasts nothing here, but on-demand leaves the
	// lease without a public price out, and says so.
	if !strings.Contains(planSection(t, page, "strategy-on-demand"), "the catalog holds no price for it") {
		t.Error("the offer without a public price is not listed as left out")
	}
	if !strings.Contains(page, "storage price unknown: left out of the total") {
		t.Error("the unknown storage price is not noted")
	}
	// The one reserved p4d instance (8 GPUs × 730 h) has more spare hours
	// than the 120 GPU-hours of spot: spot buys nothing, and the row says so.
	sec := planSection(t, page, "strategy-reserved-plus-spot")
	if !strings.Contains(sec, "spot: all its 120 GPU-hours a month run on the committed instances&#39; spare hours, so none is bought and no spot price is needed") || !strings.Contains(sec, "0.00<span class=\"sub\">none bought: the committed instances&#39; spare hours run it") {
		t.Error("spot is bought for GPU-hours the reserved instance has to spare, or the row does not say so")
	}
}

var answerRowRE = regexp.MustCompile(`(?s)<tr data-strategy="([^"]+)">\s*<th scope="row"><a href="#strategy-[^"]+">[^<]*</a></th>\s*<td class="offer"[^>]*><a href="([^"]+)">.*?<td class="num total"[^>]*>([^<]+)</td>.*?<td class="trust-cell"[^>]*>(.*?)</td>\s*</tr>`)

// TestScenarioPageAnswersFirst: the page opens with the cheapest offer
// under each strategy that ranks one — the first row of its ranking, the
// same link and total — with the age and source kind of its prices, before
// the workload and the rankings.
func TestScenarioPageAnswersFirst(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	cat, _ := catalog.Load(root)
	files, _ := build(t, root, Options{})
	page := string(files["scenarios/small/index.html"])
	answer := planSection(t, page, "scenario-answer")
	rows := answerRowRE.FindAllStringSubmatch(answer, -1)
	var want []string
	for _, st := range cat.Scenarios[0].Strategies {
		links, totals := ranked(planSection(t, page, "strategy-"+st.ID))
		if len(links) > 0 {
			want = append(want, st.ID+" "+links[0]+" "+totals[0])
		}
	}
	var got []string
	for _, m := range rows {
		got = append(got, m[1]+" "+m[2]+" "+m[3])
		if !strings.Contains(m[4], `class="age`) || !strings.Contains(m[4], `class="kind kind-`) {
			t.Errorf("answer row %s: no age or source kind in %q", m[1], m[4])
		}
	}
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("answer rows:\n%s\nwant each strategy's first ranked row:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if a, w := strings.Index(page, `id="scenario-answer"`), strings.Index(page, `id="workload"`); a < 0 || w < 0 || a > w {
		t.Error("the answer does not come before the workload")
	}
}

// TestScenarioRanksOnTheKnownParts: an offer whose egress price is unknown
// is not ranked as if its egress cost nothing. Its total is shown as a
// lower bound, every offer is ranked on compute and storage alone, and the
// strategy says so.
func TestScenarioRanksLowerBoundsByTheirKnownPart(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	// Storage at 0.1 USD per GB-month everywhere (2 TB: 200 a month), egress
	// at 0.2 USD per GB for AWS (1 TB: 200 a month) and unknown for 云计算 CN.
	edit(t, root, "data/providers/cloudcn.yaml", "currency: CNY\n", "currency: CNY\n"+
		"storage: {price: 0.717, currency: CNY, source: seed guide gpu-guide.md}\n")
	edit(t, root, "data/providers/aws.yaml", "homepage:", "storage: {price: 0.1, currency: USD, source: https://aws.amazon.com/ebs/pricing/}\n"+
		"egress: {price: 0.2, currency: USD, source: https://aws.amazon.com/ec2/pricing/on-demand/}\nhomepage:")
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	files, _ := build(t, root, Options{})
	page := string(files["scenarios/small/index.html"])
	s := cat.Scenarios[0]
	st := s.Strategies[1]
	links, totals := checkRanking(t, page, cat, s, st)
	// On-demand a month: p4d in Ireland 1,769.50 + 200 + 200 = 2,169.50 in
	// full; GN7.8XLARGE at least 1,938.08 + 200 = 2,138.08, its egress
	// unknown. The lower bound ranks first, marked: it may cost more.
	gn7, ireland := slices.Index(links, "../../instances/cloudcn/gn7/index.html"), slices.Index(totals, "26,034.00")
	if gn7 < 0 || ireland < 0 || gn7 > ireland || !strings.HasPrefix(totals[gn7], "≥ ") {
		t.Fatalf("%s ranks %q %q: want GN7.8XLARGE (≥ …) before p4d.24xlarge in Ireland (26,034.00)", st.ID, links, totals)
	}
	// No offer ranks before one whose total is certainly lower: a complete
	// total is never below a total or lower bound ranked before it.
	for i := range totals {
		for j := i + 1; j < len(totals); j++ {
			if !strings.HasPrefix(totals[j], "≥ ") && parseNum(t, totals[j]) < parseNum(t, strings.TrimPrefix(totals[i], "≥ ")) {
				t.Errorf("%s ranks %s before %s, which is certainly cheaper", st.ID, totals[i], totals[j])
			}
		}
	}
	if sec := planSection(t, page, "strategy-"+st.ID); !strings.Contains(sec, `<p class="help rank-basis">A total marked ≥ leaves out`) {
		t.Error("the strategy does not say how its lower bounds rank")
	}
}

func parseNum(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// checkRanking holds a strategy's ranking on a page to the pricing stage:
// the offers in the order of their totals (lower bounds by their known
// part), each total as written
// ("≥" before a lower bound).
func checkRanking(t *testing.T, page string, cat *catalog.Catalog, s *catalog.Scenario, st catalog.Strategy) (links, totals []string) {
	t.Helper()
	links, totals = ranked(planSection(t, page, "strategy-"+st.ID))
	want := expected(cat, s, st)
	if len(want) == 0 {
		t.Fatalf("%s: the fixture ranks no offer; the test is not testing", st.ID)
	}
	if len(links) != len(want) {
		t.Fatalf("%s: %d rows, want %d", st.ID, len(links), len(want))
	}
	for i, w := range want {
		link := "../../" + paths.Instance(w.Offer.Instance)
		total := render.FormatDerived(w.Total)
		if !w.Complete() {
			total = "≥ " + total
		}
		if links[i] != link || totals[i] != total {
			t.Errorf("%s row %d: %s %s, want %s %s", st.ID, i+1, links[i], totals[i], link, total)
		}
	}
	return links, totals
}

// tcoTotal costs an offer the way static/tco.js does, from the page's
// JSON data alone: the formulas of pricing.ScenarioTCO, in its order.
// ok is false where the script leaves the offer out, as it does with
// estimates and articles' figures left out (its switch off).
func tcoTotal(d *kinds.TCOData, o kinds.TCOOffer, w catalog.Workload, max *float64, shares []catalog.Share) (float64, bool) {
	if o.GPUModel == nil || !o.Rankable {
		return 0, false
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
	if o.GPUs <= 0 || o.GPUs < w.GPUsPerJob && !w.Splittable {
		return 0, false
	}
	for _, sh := range mix {
		pr, ok := o.Prices[sh.Model]
		if !needs(sh.Model) {
			pr, ok = kinds.TCOPrice{Hourly: pagemodel.Ptr(0.0)}, true
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
	monthly := func(r *kinds.TCORate, gb float64) float64 {
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
			page := string(files[paths.Scenario(s.ID)])
			m := regexp.MustCompile(`<script type="application/json" id="tco-data">(.*?)</script>`).FindStringSubmatch(page)
			if m == nil {
				t.Fatalf("%s: %s ships no calculator data", name, s.ID)
			}
			var d kinds.TCOData
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
				why := kinds.LeftOut(cat, o, s, st, cat.Site.Currency, x)
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

func englishTexter(t *testing.T) *render.Texter {
	t.Helper()
	msgs, err := render.LoadMessages(mustSub(t, gpucompare.Assets, "templates"), "en", nil)
	if err != nil {
		t.Fatal(err)
	}
	return &render.Texter{M: msgs}
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
		{pricing.Reason{Kind: pricing.NoPrice, Model: "reserved_1y"}, "no price for a commitment, 1 year (reserved, 1 year; savings plan, 1 year; committed use, 1 year; yearly subscription)"},
		{pricing.Reason{Kind: pricing.NoPrice, Model: "subscription_month"}, "no monthly subscription price"},
		{pricing.Reason{Kind: pricing.Unsplittable}, "needs 8 GPUs in one instance; this has 1"},
		{pricing.Reason{Kind: pricing.NoRate, Model: "on_demand"}, "no exchange rate from CNY to USD"},
		{pricing.Reason{Kind: pricing.Uninterruptible, Model: "spot"}, "the workload cannot be interrupted, so spot does not fit"},
		{pricing.Reason{Kind: pricing.Outlasts, Model: "reserved_3y", Months: 36}, "a reserved, 3 years commitment of 36 months outlasts the 6-month project"},
	} {
		if got := kinds.ReasonText(o, w, tt.why, "USD", x); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.why, got, tt.want)
		}
	}
	notPublic := &pricing.Offer{Instance: &catalog.Instance{PriceNotPublic: "on request"}, Prices: map[string]*pricing.Price{}}
	if got, want := kinds.ReasonText(notPublic, w, pricing.Reason{Kind: pricing.NoPrice, Model: "lease"}, "USD", x), "the catalog holds no price for it"; got != want {
		t.Errorf("no public price: %q, want %q", got, want)
	}
	got := kinds.TCONotes([]pricing.Note{
		{Kind: pricing.DiscountOnly, Model: "reserved_3y", Value: 37.5},
		{Kind: pricing.SpotOverhead, Model: "spot", Value: 10},
		{Kind: pricing.StorageUnknown},
		{Kind: pricing.EgressUnknown},
		{Kind: pricing.Covered, Model: "on_demand", Value: 1168.004},
		{Kind: pricing.CoveredAll, Model: "spot", Value: 1168},
	}, x)
	want := []string{
		"reserved, 3 years: only a discount is sourced (37.5 % off on-demand)",
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
	for _, p := range []string{"index.html", paths.Scenarios, paths.Scenario("small"), paths.Evaluation} {
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
	if page := string(files[paths.Scenario("small")]); !strings.Contains(page, html.EscapeString(script)) && !strings.Contains(page, "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the hostile description is not shown as text")
	}
	if !strings.Contains(string(files[paths.Evaluation]), "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the hostile criterion name is not shown as text")
	}
}

// TestEveryMeasureHasAValueMessage keeps the evaluation page's units in
// step with the measures the catalog accepts.
func TestEveryMeasureHasAValueMessage(t *testing.T) {
	msgs, err := render.LoadMessages(mustSub(t, gpucompare.Assets, "templates"), "en", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range catalog.Measures {
		if _, err := msgs.T("evaluation.value." + m); err != nil {
			t.Error(err)
		}
	}
}

var offerScoreRE = regexp.MustCompile(`(?s)<tr>\s*<th scope="row"><span class="rank">\d+</span> <a href="([^"]+)">.*?<span class="sub">.*? · ([^<]*)</span></th>\s*<td class="num score"><strong>([^<]+)</strong>`)

// TestEvaluationRanksOffersAsScoreOffers: the offers table is the ranking
// guide.ScoreOffers gives the offers of the default GPU class that have a
// comparable on-demand price, each with its score as rounded; offers of
// other classes or without such a price are not ranked.
func TestEvaluationRanksOffersAsScoreOffers(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	cat, _ := catalog.Load(root)
	offers := pricing.Offers(cat, cat.Site.Currency)
	class := guide.DefaultClass(cat, offers)
	if class != "a100-40gb" {
		t.Fatalf("default class %q, want a100-40gb: two providers price it, one the T4", class)
	}
	var pool []*pricing.Offer
	left := 0
	for _, o := range offers {
		if c, ok := guide.OfferClass(o); ok && c.ID == class && guide.Comparable(o) {
			pool = append(pool, o)
		} else {
			left++
		}
	}
	if len(pool) < 2 || left == 0 {
		t.Fatalf("the fixture should have offers in and out of the pool: %d and %d", len(pool), left)
	}
	crit := cat.Scoring.Criteria
	want := guide.ScoreOffers(cat, pool, crit, guide.Score(cat, offers, crit, class))
	want = slices.DeleteFunc(want, func(s *guide.ScoredOffer) bool { return !s.Ranked() })
	sec := planSection(t, string(files[paths.Evaluation]), "offers")
	got := offerScoreRE.FindAllStringSubmatch(sec, -1)
	if len(got) != min(kinds.OfferTop, len(want)) {
		t.Fatalf("%d offer rows, want %d", len(got), min(kinds.OfferTop, len(want)))
	}
	for i, m := range got {
		w := want[i]
		if m[1] != "../"+paths.Instance(w.Offer.Instance) || m[3] != render.FormatNum(pricing.Round(w.Score, 1)) {
			t.Errorf("row %d: %s scored %s, want %s scored %v", i+1, m[1], m[3], paths.Instance(w.Offer.Instance), pricing.Round(w.Score, 1))
		}
	}
	var data kinds.WeightsData
	block := regexp.MustCompile(`(?s)<script type="application/json" id="weights-data">(.*?)</script>`).FindStringSubmatch(string(files[paths.Evaluation]))
	if block == nil || json.Unmarshal([]byte(block[1]), &data) != nil {
		t.Fatal("no weights data")
	}
	if cl := data.Classes[data.Class]; cl.ID != class || len(cl.Offers) != len(pool) {
		t.Errorf("the script ranks %d offers of %q, want %d of %q", len(cl.Offers), cl.ID, len(pool), class)
	}
}
