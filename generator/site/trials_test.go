package site

import (
	"html"
	"path"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
)

// trialSite builds testdata/trials.txtar.
func trialSite(t *testing.T) (fstest.MapFS, Files) {
	t.Helper()
	root, _ := readArchive(t, "testdata/trials.txtar")
	files, _ := build(t, root, Options{})
	return root, files
}

// rowTexts are the texts of the cells of each row of a table body, markup
// dropped and spaces collapsed.
func rowTexts(s string) []string {
	var out []string
	if i := strings.Index(s, "</thead>"); i >= 0 {
		s = s[i:]
	}
	s = strings.ReplaceAll(s, "<wbr>", "")
	for _, row := range regexp.MustCompile(`(?s)<tr>(.*?)</tr>`).FindAllStringSubmatch(s, -1) {
		text := html.UnescapeString(tagRE.ReplaceAllString(row[1], " "))
		out = append(out, strings.Join(strings.Fields(text), " "))
	}
	return out
}

// TestTrialsRankedBesideMLPerf: the benchmark page lists the trials in a
// table of their own, before the published results, marked as the
// team's own with team and dates, ranked by the work a dollar bought at
// the price paid (worked out by hand in bench's TestTrialsRanked…), the
// stale one last and unranked; the published ranking holds no trial.
func TestTrialsRankedBesideMLPerf(t *testing.T) {
	_, files := trialSite(t)
	page := files["benchmarks/llama/index.html"]
	trials := section(t, string(page), "trials")
	rows := rowTexts(trials)
	want := []string{
		// 21000 tokens/s × 3600 ÷ 42 USD = 1.80 million tokens per USD;
		// published beside it: 24000 × 3600 ÷ 55.04 = 1.57 million.
		"1 p5.48xlarge AWS · US East · on-demand own trial ml-platform 2025-06-16 – 2025-06-20 10 days fresh 21,000 tokens/s MLPerf Inference llama2-70b, Offline 42.00 USD /h 1.80 M tokens per USD 1.57 M v4.0, list price",
		// 280 CNY ÷ 7 = 40 USD; 16000 × 3600 ÷ 40 = 1.44 million.
		"2 p5.48xlarge AWS · US East · on-demand own trial inference 2025-06-02 – 2025-06-06 24 days fresh 16,000 tokens/s MLPerf Inference llama2-70b, Offline 280.00 CNY /h 1.44 M tokens per USD 1.57 M v4.0, list price",
		// 30000 × 3600 ÷ 30 = 3.60 million, but stale: listed, not ranked.
		"— p5.48xlarge AWS · US East · on-demand own trial research 2024-01-08 – 2024-01-10 1 year stale 30,000 tokens/s MLPerf Inference llama2-70b, Offline 30.00 USD /h 3.60 M tokens per USD 1.57 M v4.0, list price",
	}
	if len(rows) != len(want) {
		t.Fatalf("%d trial rows, want %d:\n%s", len(rows), len(want), strings.Join(rows, "\n"))
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("trial row %d:\n got %s\nwant %s", i+1, rows[i], want[i])
		}
	}
	s := string(page)
	if strings.Index(s, `id="trials"`) > strings.Index(s, `id="results"`) {
		t.Error("the trials come after the published results; want them beside the answer, before")
	}
	if rankings := s[strings.Index(s, `id="rankings"`):]; strings.Contains(rankings, "ml-platform") || strings.Contains(rankings, "own trial") {
		t.Error("a trial is mixed into the published ranking")
	}
	for _, p := range []string{"instances/aws/p5/index.html", "gpus/h100/index.html", "zh/benchmarks/llama/index.html"} {
		if !strings.Contains(string(files[p]), `id="trials"`) || !strings.Contains(string(files[p]), "ml-platform") {
			t.Errorf("%s does not list the trials", p)
		}
	}
	if strings.Contains(string(files["instances/lambda/h1/index.html"]), `id="trials"`) {
		t.Error("an instance type no trial ran on lists trials")
	}
	if zh := string(files["zh/benchmarks/llama/index.html"]); !strings.Contains(zh, "自有试用") {
		t.Error("the Chinese edition does not mark the trials as own trials in Chinese")
	}
}

// TestTrialPlanWorkedOutByHand: the guide's short list of H100 offers,
// cheapest per hour first (the stale 1.00 USD price of p5-old.xlarge does
// not answer: current first), ends with a plan to try its three offers
// for 3 to 5 days, budgeted at 72 and 120 hours of each price.
func TestTrialPlanWorkedOutByHand(t *testing.T) {
	_, files := trialSite(t)
	page := string(files["guides/pick/index.html"])
	i := strings.Index(page, `class="trial-plan"`)
	if i < 0 {
		t.Fatal("the short list ends with no trial plan")
	}
	plan := page[i:]
	plan = plan[:strings.Index(plan, "</table>")]
	rows := rowTexts(plan)
	want := []string{
		// 2.49 × 72 = 179.28; 2.49 × 120 = 298.80.
		"gpu_1x_h100 Lambda · US West · on-demand 2.49 179.28 298.80 lambda-h1.yaml",
		// 4.98 × 72 = 358.56; 4.98 × 120 = 597.60.
		"gpu_2x_h100 Lambda · US West · on-demand 4.98 358.56 597.60 lambda-h2.yaml",
		// 55.04 × 72 = 3,962.88; 55.04 × 120 = 6,604.80.
		"p5.48xlarge AWS · US East · on-demand 55.04 3,962.88 6,604.80 aws-p5.yaml",
	}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("plan rows:\n%s\nwant:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
	// 179.28 + 358.56 + 3,962.88 = 4,500.72; 298.80 + 597.60 + 6,604.80 = 7,501.20.
	if !strings.Contains(page, "Budget: 4,500.72–7,501.20 USD") {
		t.Error("the plan's budget is not 4,500.72–7,501.20 USD")
	}
	md := string(files["guides/pick/trials/any-h100/trial-plan.md"])
	for _, w := range []string{"# Trial plan: Any H100 offer", "| 3 | p5.48xlarge | AWS | US East | on-demand | 55.04 | 3,962.88 | 6,604.80 |",
		"Budget: 4,500.72–7,501.20 USD", "benchmark id `llama`", "- `aws-p5.yaml`", "实际采购前建议进行3-5天的免费试用"} {
		if !strings.Contains(md, w) {
			t.Errorf("the Markdown plan lacks %q:\n%s", w, md)
		}
	}
	if !strings.Contains(page, `href="../../guides/pick/trials/any-h100/trial-plan.md" download="trial-plan.md"`) {
		t.Error("the page does not link the Markdown plan for download, by a page-relative link")
	}
	// Every download of the plan is a file of the build at its page-relative
	// link, so that it opens from file:// as from a server.
	div := page[i:]
	div = div[:strings.Index(div, "</div>\n</div>")]
	links := regexp.MustCompile(`href="([^"]+\.(?:md|yaml))" download="`).FindAllStringSubmatch(div, -1)
	if len(links) != 4 {
		t.Errorf("the plan links %d downloads, want the Markdown plan and three trial files", len(links))
	}
	for _, l := range links {
		target := path.Clean(path.Join("guides/pick", l[1]))
		if files[target] == nil {
			t.Errorf("download %s leads to %s, which the build does not hold", l[1], target)
		}
	}
	if zh := string(files["zh/guides/pick/trials/any-h100/trial-plan.md"]); !strings.Contains(zh, "# 试用计划：") {
		t.Errorf("the Chinese edition's plan is not in Chinese:\n%s", zh)
	}
	if sc := string(files["scenarios/small/index.html"]); !strings.Contains(sc, `id="trial-plan"`) || files["scenarios/small/trials/trial-plan.md"] == nil {
		t.Error("the scenario's ranking does not end with a trial plan and its download")
	}
}

// TestPrefilledTrialPassesCheck: a trial file the plan pre-fills, saved in
// data/trials/ with its placeholders filled in, passes the checks; with
// them left empty it is refused.
func TestPrefilledTrialPassesCheck(t *testing.T) {
	root, files := trialSite(t)
	pre := string(files["guides/pick/trials/any-h100/lambda-h1.yaml"])
	for _, w := range []string{"provider: lambda\n", "instance: h1\n", "region: us-west-1\n", "model: on_demand\n", "benchmark: llama", "amount: 2.49", "currency: USD"} {
		if !strings.Contains(pre, w) {
			t.Errorf("the pre-filled trial lacks %q:\n%s", w, pre)
		}
	}
	withTrial := func(text string) catalog.Report {
		fsys := fstest.MapFS{}
		for k, v := range root {
			if !strings.HasPrefix(k, "data/trials/") {
				fsys[k] = v
			}
		}
		fsys["data/trials/lambda-h1.yaml"] = &fstest.MapFile{Data: []byte(text)}
		_, rep := catalog.Load(fsys)
		return rep.Errors()
	}
	if errs := withTrial(pre); len(errs) == 0 {
		t.Error("the trial file with its placeholders empty passes the checks")
	}
	filled := fill(pre, map[string]string{"team": "ml-platform", "start": "2025-06-23", "end": "2025-06-27",
		"model": "Llama 3.1 8B", "framework": "vLLM", "framework_version": `"0.6.3"`, "precision": "bf16", "recipe": "https://example.com/recipe", "value": "2500"})
	if errs := withTrial(filled); len(errs) > 0 {
		t.Errorf("the pre-filled trial, filled in, does not pass the checks:\n%s\n%s", errs, filled)
	}
}

// fill fills the first empty placeholder of each key in text, as a team
// does: `key: ""` or `key:` with nothing after it but a comment.
func fill(text string, values map[string]string) string {
	lines := strings.Split(text, "\n")
	for key, value := range values {
		re := regexp.MustCompile(`^(\s*(?:- )?` + regexp.QuoteMeta(key) + `:)(?: "")?(\s*#.*)?$`)
		for i, l := range lines {
			if m := re.FindStringSubmatch(l); m != nil {
				lines[i] = m[1] + " " + value + m[2]
				break
			}
		}
	}
	return strings.Join(lines, "\n")
}
