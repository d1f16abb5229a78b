package site

import (
	"cmp"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/guide"
	"gpucompare/generator/pricing"
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

var answerRowRE = regexp.MustCompile(`(?s)<tr data-strategy="([^"]+)">\s*<th scope="row"><a href="#strategy-[^"]+">[^<]*</a></th>\s*<td class="offer"[^>]*><a href="([^"]+)">.*?<td class="num total"[^>]*>([^<]+)<span class="card-unit">[^<]+</span></td>.*?<td class="trust-cell"[^>]*>(.*?)</td>\s*</tr>`)

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

func englishTexter(t *testing.T) *render.Texter {
	t.Helper()
	msgs, err := render.LoadMessages(mustSub(t, gpucompare.Assets, "templates"), "en", nil)
	if err != nil {
		t.Fatal(err)
	}
	return &render.Texter{M: msgs}
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

// TestEveryMeasureIsNamedInWords: the evaluation page's column Measure
// says what each indicator measures in the page's language, never the
// measure's id (price_per_fp16_tflops_hour), in both editions.
func TestEveryMeasureIsNamedInWords(t *testing.T) {
	for _, lang := range []string{"en", "zh-CN"} {
		msgs, err := render.LoadMessages(mustSub(t, gpucompare.Assets, "templates"), lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range catalog.Measures {
			s, err := msgs.T("evaluation.measure." + m)
			if err != nil {
				t.Errorf("%s: %v", lang, err)
			} else if strings.Contains(s, "_") || s == m {
				t.Errorf("%s: evaluation.measure.%s is %q, not words", lang, m, s)
			}
		}
	}
	root, _ := readArchive(t, "testdata/site.txtar")
	edit(t, root, "data/site.yaml", "currency: USD\n", "currency: USD\neditions:\n  - language: zh-CN\n    dir: zh\n")
	files, _ := build(t, root, Options{})
	cat, _ := catalog.Load(root)
	for _, page := range []string{paths.Evaluation, "zh/" + paths.Evaluation} {
		html := string(files[page])
		if html == "" {
			t.Fatalf("no %s", page)
		}
		for _, c := range cat.Scoring.Criteria {
			if strings.Contains(html, ">"+c.Measure+"<") {
				t.Errorf("%s shows the measure id %s as text", page, c.Measure)
			}
		}
	}
}

var offerScoreRE = regexp.MustCompile(`(?s)<tr>\s*<th scope="row"><span class="rank">\d+</span> <a href="([^"]+)">.*?<span class="sub">.*? · ([^<]*)</span></th>\s*<td class="num score"><strong>([^<]+)</strong>`)

// TestEvaluationPageShowsTheOfferRanking: the offers table of the built
// page is the ranking guide.ScoreOffers gives the offers of the default
// GPU class that have a comparable on-demand price, each with its score
// as rounded; offers of other classes or without such a price are not
// ranked. How many rows it lists, and what its script ranks again, the
// evaluation kind's own test holds (kinds.TestEvaluationRanksOffersAsScoreOffers).
func TestEvaluationPageShowsTheOfferRanking(t *testing.T) {
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
	if len(got) == 0 || len(got) > len(want) {
		t.Fatalf("%d offer rows, want 1 to %d", len(got), len(want))
	}
	for i, m := range got {
		w := want[i]
		if m[1] != "../"+paths.Instance(w.Offer.Instance) || m[3] != render.FormatNum(pricing.Round(w.Score, 1)) {
			t.Errorf("row %d: %s scored %s, want %s scored %v", i+1, m[1], m[3], paths.Instance(w.Offer.Instance), pricing.Round(w.Score, 1))
		}
	}
}

// TestResearchLeaseShowsItsOwnStrategy: the research institute's lease
// has only an article's price. Its strategy showed "No offer can run this
// strategy" unless the reader included articles; it shows the lease, its
// figure marked as an article's, and says why it stands in. Worked by
// hand: 1.2 a GPU-hour × 8 GPUs = 9.6 an hour; 4,000 GPU-hours a month
// take one leased server, paid every hour: 9.6 × 730 = 7,008 a month,
// and for months = 1 the header says "1 month", never "1 months".
func TestResearchLeaseShowsItsOwnStrategy(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	root["data/providers/lessor.yaml"] = &fstest.MapFile{Data: []byte(`id: lessor
name: Lessor
kind: on_prem_lease
currency: USD
regions: [{id: here, geo: china-mainland}]
instances:
  - {id: nf, name: NF5468M6, gpu: a100-sxm4-40gb, gpu_count: 8, regions: [here], source: s}
`)}
	root["data/prices/lessor.yaml"] = &fstest.MapFile{Data: []byte(`provider: lessor
prices:
  - {instance: nf, region: here, model: lease, amount: 1.2, per_gpu: true, currency: USD, since: unknown, as_of: unknown (an article), source: s, source_kind: article}
`)}
	root["data/scenarios/research.yaml"] = &fstest.MapFile{Data: []byte(`id: research
title: Research
workload:
  gpu_hours_per_month: 4000
  months: 1
  gpus_per_job: 8
  job_hours: 12
  reference_gpu: a100-sxm4-40gb
strategies:
  - id: lease
    mix:
      - {model: lease, percent: 100}
`)}
	files, rep := build(t, root, Options{})
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	page := string(files["scenarios/research/index.html"])
	sec := planSection(t, page, "strategy-lease")
	if strings.Contains(sec, "No offer can run this strategy") {
		t.Error("the lease strategy says no offer can run it")
	}
	if !strings.Contains(sec, `<p class="help unranked-note">No offer whose price counts in rankings can run this strategy`) {
		t.Error("the lease strategy does not say its offers stand in with prices rankings leave out")
	}
	links, totals := ranked(sec)
	if len(links) != 1 || !strings.Contains(links[0], "lessor/nf") || len(totals) != 1 || totals[0] != "7,008.00" {
		t.Errorf("lease ranking %q %q, want the lessor's NF5468M6 at 7,008.00", links, totals)
	}
	for _, want := range []string{
		`<span class="kind kind-article" title="From an article or guide: left out of rankings unless you include them">article</span></th>`,
		`<span class="tco-months">1 month</span>`,
		`lease: the price comes from an article, not from the provider or a price catalog`,
		`A100 SXM4 40GB itself: the work&#39;s own GPU-hours`,
	} {
		if !strings.Contains(sec, want) {
			t.Errorf("the lease strategy lacks %s", want)
		}
	}
	if answer := planSection(t, page, "scenario-answer"); !strings.Contains(answer, `<span class="answer-months">1 month</span>`) || !strings.Contains(answer, "kind-article") {
		t.Error("the answer table does not say 1 month, or does not mark the lease's article figure")
	}
	if strings.Contains(page, "1 months") {
		t.Error(`the page says "1 months"`)
	}
	// The index names the lease as the scenario's cheapest, marked too.
	if idx := string(files["scenarios/index.html"]); !strings.Contains(idx, `NF5468M6</a> <span class="kind kind-article"`) {
		t.Error("the scenario index does not mark the lease's article figure")
	}
}
