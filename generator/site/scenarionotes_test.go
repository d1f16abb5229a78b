package site

import (
	"html"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// answerNotes is the text of the notes under a scenario page's first
// table, tags dropped and entities read; "" when the page has none.
func answerNotes(t *testing.T, page string) string {
	t.Helper()
	i := strings.Index(page, `id="answer-notes"`)
	if i < 0 {
		return ""
	}
	end := strings.Index(page[i:], "</div>")
	text := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(page[i:i+end], " ")
	return strings.Join(strings.Fields(html.UnescapeString(text)), " ")
}

// TestScenarioSaysWhyItsOwnStrategyCostsMore: under the first table, a
// scenario whose first strategy (the one its title names) costs more than
// the cheapest strategy shown says so, with the GPU-hours its whole
// committed instances leave idle as worked out by hand, and a scenario
// whose first strategy is the cheapest says nothing.
func TestScenarioSaysWhyItsOwnStrategyCostsMore(t *testing.T) {
	// The fixture's small scenario: 400 GPU-hours a month, 70% on a 1-year
	// reservation, 30% spot. One reserved p4d.24xlarge (8 GPUs) is paid for
	// 8 × 730 = 5,840 GPU-hours a month at 13.7 USD an hour: 10,001.00 a
	// month. Its 280 GPU-hours and the 120 of spot, which its spare hours
	// run, use 400: 5,440 idle, 93.2 %, not a whole number of GPUs (7.45).
	// On demand, g4dn.xlarge at 0.526 USD a GPU-hour: 210.40 a month.
	// Compute per GPU-hour: 10,001 / 400 = 25.00 against 0.526 = 0.53.
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	notes := answerNotes(t, string(files["scenarios/small/index.html"]))
	for _, want := range []string{
		"“1-year reserved for 70%, spot for 30%”, the strategy this scenario puts first, costs more here than “On-demand”:",
		"The 1-year commitment (reserved) pays for whole instances, every one of the 730 hours of the month: 1 × p4d.24xlarge, 8 GPUs in all, 5,840 GPU-hours a month. This workload needs 400 of them, so 5,440 GPU-hours a month (93.2 %) are paid for and unused.",
		"Its spot share, 120 of those GPU-hours a month, runs on hours the 1-year commitment (reserved) pays for anyway: it buys nothing and adds nothing to the total.",
		"Per GPU-hour of work, the compute costs 25.00 USD here against 0.53 USD under “On-demand”.",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("the notes under the first table lack\n%s\nin\n%s", want, notes)
		}
	}
	if strings.Contains(notes, "leave out") || strings.Contains(notes, "yuan") {
		t.Errorf("the notes name what the scenario does not, or a conversion into yuan on a page in USD:\n%s", notes)
	}

	// 2,920 GPU-hours a month: the reservation's 2,044 and spot's 876 use
	// half of the 5,840, the hours of 4 of its 8 GPUs.
	edit(t, root, "data/scenarios/small.yaml", "gpu_hours_per_month: 400\n", "gpu_hours_per_month: 2920\n")
	files, _ = build(t, root, Options{})
	notes = answerNotes(t, string(files["scenarios/small/index.html"]))
	if want := "This workload needs 2,920 of them, so the hours of 4 of the 8 GPUs, 2,920 GPU-hours a month (50 %), are paid for and unused."; !strings.Contains(notes, want) {
		t.Errorf("the notes lack\n%s\nin\n%s", want, notes)
	}

	// On demand first: the strategy the scenario puts first is the
	// cheapest, and the page says nothing of it.
	edit(t, root, "data/scenarios/small.yaml", "strategies:\n", `strategies:
  - id: on-demand-first
    name: On-demand first
    mix:
      - {model: on_demand, percent: 100}
`)
	files, _ = build(t, root, Options{})
	if page := string(files["scenarios/small/index.html"]); strings.Contains(page, `id="answer-notes"`) || strings.Contains(page, "the strategy this scenario puts first") {
		t.Errorf("a scenario whose own strategy is the cheapest explains why it costs more:\n%s", answerNotes(t, page))
	}
}

// TestScenarioLeaseOnPremises: an on-premises lease priced for no region
// reads "on premises", not "all regions", and when it costs more than
// on-demand the notes say how much of the server's every hour the workload
// leaves unused, and name the subsidies the scenario says its totals leave
// out.
func TestScenarioLeaseOnPremises(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	root["data/providers/lessor.yaml"] = &fstest.MapFile{Data: []byte(`id: lessor
name: Lessor
kind: on_prem_lease
currency: USD
instances:
  - {id: nf, name: NF5468M6, gpu: a100-sxm4-40gb, gpu_count: 8, regions: [all], source: s}
`)}
	root["data/prices/lessor.yaml"] = &fstest.MapFile{Data: []byte(`provider: lessor
prices:
  - {instance: nf, region: all, model: lease, amount: 1.2, per_gpu: true, currency: USD, since: unknown, as_of: unknown (an article), source: s, source_kind: article}
`)}
	// 1.2 × 8 × 730 = 7,008 a month for 5,840 GPU-hours, of which the
	// workload uses 4,000: 1,840 idle, 31.5 %. On demand, g4dn.xlarge:
	// 4,000 × 0.526 = 2,104 a month.
	root["data/scenarios/research.yaml"] = &fstest.MapFile{Data: []byte(`id: research
title: Research
uncounted: [subsidies]
workload:
  gpu_hours_per_month: 4000
  months: 24
  gpus_per_job: 8
  splittable: true
  job_hours: 12
strategies:
  - id: lease
    name: Lease
    mix:
      - {model: lease, percent: 100}
  - id: on-demand
    name: On-demand cloud
    mix:
      - {model: on_demand, percent: 100}
`)}
	files, rep := build(t, root, Options{})
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	page := string(files["scenarios/research/index.html"])
	answer := planSection(t, page, "scenario-answer")
	if !strings.Contains(answer, `Lessor</a> · on premises</span>`) {
		t.Errorf("the lease's region does not read \"on premises\":\n%s", answer)
	}
	if sec := planSection(t, page, "strategy-lease"); !strings.Contains(sec, `Lessor</a> · on premises</span>`) || strings.Contains(sec, "Lessor · all regions") {
		t.Error("the lease's ranking does not say \"on premises\" for it")
	}
	notes := answerNotes(t, page)
	for _, want := range []string{
		"“Lease”, the strategy this scenario puts first, costs more here than “On-demand cloud”: 168,192.00 USD against 50,496.00 USD over 24 months.",
		"The lease pays for whole instances, every one of the 730 hours of the month: 1 × NF5468M6, 8 GPUs in all, 5,840 GPU-hours a month. This workload needs 4,000 of them, so 1,840 GPU-hours a month (31.5 %) are paid for and unused.",
		"The totals leave out what the scenario names but the catalog holds no figure for: government subsidies",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("the notes under the first table lack\n%s\nin\n%s", want, notes)
		}
	}
}

// TestScenarioSaysItsYuanAreConverted: on a page in yuan whose first
// table holds no yuan price of a mainland China region, a line says every
// offer is priced in dollars; on the page in dollars, none does.
func TestScenarioSaysItsYuanAreConverted(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	edit(t, root, "data/site.yaml", "currency: USD\n", "currency: USD\neditions:\n  - language: zh-CN\n    dir: zh\n    currency: CNY\n")
	files, _ := build(t, root, Options{})
	const line = "以上报价均为美元标价，按下方各排名所注汇率折算成人民币；没有一个是中国内地地域的人民币价格。"
	if notes := answerNotes(t, string(files["zh/scenarios/small/index.html"])); !strings.Contains(notes, line) {
		t.Errorf("the Chinese page in yuan does not say its offers are priced in dollars:\n%s", notes)
	}
	if notes := answerNotes(t, string(files["scenarios/small/index.html"])); strings.Contains(notes, "yuan") {
		t.Errorf("the page in dollars speaks of yuan:\n%s", notes)
	}
}
