package site

import (
	"encoding/json"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
)

// currentSite builds testdata/current.txtar: the cheapest A100 price is
// stale (stale-1x), superseded (retired-1x) or a marketplace's
// (market-1x); the current price of a provider a team can contract is
// current-1x's; the H100 has only a stale price, 14 months old (its age
// and the note that no current price exists both say "1 year").
func currentSite(t *testing.T) Files {
	t.Helper()
	root, _ := readArchive(t, "testdata/current.txtar")
	files, _ := build(t, root, Options{})
	return files
}

// homeLine is a line of the home table: the states of the switches it
// answers under, whether it is hidden without the script, its GPU and
// its text.
type homeLineText struct {
	show   []string
	hidden bool
	gpu    string
	text   string
}

var (
	homeLineRE = regexp.MustCompile(`(?s)<tr data-show="([^"]*)"( hidden)?>\s*<th scope="row" class="gpu"><a [^>]*>([^<]*)</a></th>(.*?)</tr>`)
	markupRE   = regexp.MustCompile(`<[^>]+>`)
)

// homeLines are the lines of the on-demand table of a home page.
func homeLines(t *testing.T, page []byte) []homeLineText {
	t.Helper()
	s := string(page)
	i := strings.Index(s, `id="prices-on_demand"`)
	if i < 0 {
		t.Fatal("no on-demand table on the home page")
	}
	s = s[i:]
	s = s[:strings.Index(s, "</section>")]
	var out []homeLineText
	for _, m := range homeLineRE.FindAllStringSubmatch(s, -1) {
		out = append(out, homeLineText{strings.Fields(m[1]), m[2] != "", m[3], markupRE.ReplaceAllString(strings.ReplaceAll(m[4], "<wbr>", ""), " ")})
	}
	return out
}

// answerUnder is the text of the line of gpu that answers under the
// switches' state ("0" none, "1" stale prices, "2" marketplaces, "3"
// both).
func answerUnder(t *testing.T, lines []homeLineText, gpu, state string) homeLineText {
	t.Helper()
	var found []homeLineText
	for _, l := range lines {
		if l.gpu == gpu && strings.Contains(" "+strings.Join(l.show, " ")+" ", " "+state+" ") {
			found = append(found, l)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%s under state %s: %d lines, want 1: %+v", gpu, state, len(found), lines)
	}
	return found[0]
}

// TestHomeAnswersWithCurrentPrices: by default the home table's A100 is
// current-1x, not the lower stale, superseded or marketplace price; with
// "include stale prices" it is stale-1x, with "include marketplaces"
// market-1x, and the superseded offer is never the answer. The H100,
// with only a stale price, answers with it and says so, in English and
// in Chinese.
func TestHomeAnswersWithCurrentPrices(t *testing.T) {
	files := currentSite(t)
	lines := homeLines(t, files["index.html"])
	for _, c := range []struct {
		state, want, price string
	}{
		{"0", "current-1x", "2.00"},
		{"1", "stale-1x", "1.00"},
		{"2", "market-1x", "1.50"},
		{"3", "stale-1x", "1.00"},
	} {
		l := answerUnder(t, lines, "A100 SXM4 40GB", c.state)
		if !strings.Contains(l.text, c.want) || !strings.Contains(l.text, c.price) {
			t.Errorf("A100 under state %s: %q, want %s at %s", c.state, l.text, c.want, c.price)
		}
		// The page without its script shows the default's lines only.
		if l.hidden != (c.state != "0" && !strings.Contains(l.text, "current-1x")) {
			t.Errorf("A100 under state %s: hidden %v", c.state, l.hidden)
		}
	}
	if l := answerUnder(t, lines, "A100 SXM4 40GB", "2"); !strings.Contains(l.text, ">marketplace<") && !strings.Contains(l.text, " marketplace ") {
		t.Errorf("the marketplace's answer is not labelled: %q", l.text)
	}
	for _, l := range lines {
		if strings.Contains(l.text, "retired-1x") {
			t.Errorf("the superseded offer answers under %v: %q", l.show, l.text)
		}
	}
	h := answerUnder(t, lines, "H100 SXM5 80GB", "0")
	if !strings.Contains(h.text, "h100-1x") || !strings.Contains(h.text, "no current price; newest is 1 year old") {
		t.Errorf("H100 by default: %q, want h100-1x with \"no current price; newest is 1 year old\"", h.text)
	}
	if a := answerUnder(t, lines, "A100 SXM4 40GB", "0"); strings.Contains(a.text, "no current price") {
		t.Errorf("the A100 has a current price, yet says %q", a.text)
	}
	zh := string(files["zh/index.html"])
	if !strings.Contains(zh, "暂无当前价格；最近一次报价在1年前") {
		t.Error("the Chinese home page does not say 暂无当前价格；最近一次报价在1年前")
	}
	for _, s := range []string{`data-switch="stale"`, `data-switch="market"`, "Include stale prices", "Include marketplaces"} {
		if !strings.Contains(string(files["index.html"]), s) {
			t.Errorf("the home page has no %s", s)
		}
	}
}

// firstRow is the text of the first row of the first table of a page's
// section that starts at marker.
func firstRow(t *testing.T, page []byte, marker string) string {
	t.Helper()
	s := string(page)
	i := strings.Index(s, marker)
	if i < 0 {
		t.Fatalf("no %q on the page", marker)
	}
	s = s[i:]
	j := strings.Index(s, "<tbody>")
	if j < 0 {
		t.Fatalf("no table after %q", marker)
	}
	s = strings.ReplaceAll(s[j:], "<wbr>", "")
	// The first row with cells: not a row heading a group.
	for {
		end := strings.Index(s, "</tr>")
		if end < 0 {
			t.Fatalf("no row with cells after %q", marker)
		}
		if row := s[strings.Index(s, "<tr"):end]; strings.Contains(row, "<td") {
			return strings.Join(strings.Fields(markupRE.ReplaceAllString(row, " ")), " ")
		}
		s = s[end+len("</tr>"):]
	}
}

// TestEveryAnswerIsCurrent: the GPU's and the provider's cheapest, a
// guide's short list, a scenario's and the evaluation's rankings and a
// benchmark's best value are current-1x, never the lower stale,
// superseded or marketplace price, and the pages mark those: "last seen
// DATE", "marketplace", the stale badge.
func TestEveryAnswerIsCurrent(t *testing.T) {
	files := currentSite(t)
	for _, c := range []struct{ page, marker string }{
		{"gpus/a100/index.html", `id="rent"`},
		{"providers/cloud/index.html", "Instance types"},
		{"guides/pick/index.html", "1 offer meets these conditions"},
		{"scenarios/one/index.html", "Cheapest for this workload"},
		{"benchmarks/infer/index.html", "Best value"},
	} {
		row := firstRow(t, files[c.page], c.marker)
		if !strings.Contains(row, "current-1x") {
			t.Errorf("%s: the answer is %q, want current-1x", c.page, row)
		}
	}
	gpu := string(files["gpus/a100/index.html"])
	for _, s := range []string{"last seen 2026-05-20", `class="tag marketplace"`, "fresh-stale"} {
		if !strings.Contains(gpu, s) {
			t.Errorf("the A100's page does not mark %q", s)
		}
	}
	// The rows whose price does not answer are marked as such, for the
	// script and the tests that read the order.
	for _, name := range []string{"stale-1x", "retired-1x", "market-1x"} {
		if !regexp.MustCompile(`<tr class="lesser"(?: data-answers="[^"]*")?(?: data-order="[^"]*")?>\s*<th scope="row"><a href="[^"]*">` + strings.Replace(name, "-", "-<wbr>", 1)).MatchString(gpu) {
			t.Errorf("the A100's page does not mark %s's row as one that does not answer", name)
		}
	}
	if regexp.MustCompile(`<tr class="lesser"[^>]*>\s*<th scope="row"><a href="\.\./\.\./instances/cloud/current-1x/index\.html">`).MatchString(gpu) {
		t.Error("the A100's page marks current-1x's row as one that does not answer")
	}
	guide := string(files["guides/pick/index.html"])
	// The short list shown by default (the others, under the switches, are
	// TestGuideListsUnderEachSwitch's).
	picks, _, _ := guideListUnder(t, files["guides/pick/index.html"], "0")
	for _, s := range []string{"stale-1x", "retired-1x", "market-1x"} {
		if slices.Contains(picks, s) {
			t.Errorf("the guide's short list holds %s", s)
		}
	}
	if strings.Contains(guide, "retired-1x") {
		t.Error("the guide lists the superseded retired-1x")
	}
	if !strings.Contains(guide, "It also lists 3 offers whose price is stale or undated, a marketplace") {
		t.Error("the guide does not say why it leaves 3 offers out")
	}
}

// evaluationOffers are the names of the offers the evaluation page ranks,
// in order, and the sentence naming those it leaves out.
func evaluationOffers(t *testing.T, page []byte) (ranked []string, out string) {
	t.Helper()
	table := regexp.MustCompile(`(?s)<table[^>]* id="offer-scores".*?</table>`).Find(page)
	if table == nil {
		t.Fatal("no ranking of offers on the evaluation page")
	}
	for _, m := range regexp.MustCompile(`<span class="rank">\d+</span> <a href="[^"]*">(?:<span lang="en">)?([^<]*(?:<wbr>[^<]*)*)`).FindAllSubmatch(table, -1) {
		ranked = append(ranked, strings.ReplaceAll(string(m[1]), "<wbr>", ""))
	}
	if m := regexp.MustCompile(`<p class="help" id="offers-out"><span data-twin="[^"]*">([^<]*)</span></p>`).FindSubmatch(page); m != nil {
		out = html.UnescapeString(string(m[1]))
	}
	return ranked, out
}

// evalOffer is an offer of the evaluation page's data: the states of
// the switches it answers under, why it is left out by default and the
// words of a stale price ranked as nothing current exists.
type evalOffer struct {
	N    string `json:"n"`
	A    []int  `json:"a"`
	Why  string `json:"w"`
	Note string `json:"f"`
}

// evaluationData are the offers of a class of the evaluation page's
// data for static/weights.js, by name.
func evaluationData(t *testing.T, page []byte, class string) map[string]evalOffer {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script type="application/json" id="weights-data">(.*?)</script>`).FindSubmatch(page)
	if m == nil {
		t.Fatal("no weights-data on the evaluation page")
	}
	var d struct {
		Classes []struct {
			ID     string      `json:"id"`
			Offers []evalOffer `json:"offers"`
		} `json:"classes"`
	}
	if err := json.Unmarshal(m[1], &d); err != nil {
		t.Fatal(err)
	}
	out := map[string]evalOffer{}
	for _, c := range d.Classes {
		if c.ID != class {
			continue
		}
		for _, o := range c.Offers {
			out[o.N] = o
		}
	}
	return out
}

// TestEvaluationRanksCurrentPrices: the evaluation page ranks current-1x
// alone by default, as the page without script shows it, and names
// stale-1x and market-1x below with why ("stale", "marketplace"; 过时,
// 算力市场 in Chinese); its script's data ranks stale-1x with "include
// stale prices", market-1x with "include marketplaces", retired-1x never;
// the page has the switches. Under the H100's class, h100-1x ranks by
// default and says it has no current price, in the home table's words.
func TestEvaluationRanksCurrentPrices(t *testing.T) {
	files := currentSite(t)
	for page, want := range map[string][]string{
		"evaluation/index.html":    {"stale-1x (Cloud · Region One · 1× A100 SXM4 40GB): stale", "market-1x (Market · Region One · 1× A100 SXM4 40GB): marketplace"},
		"zh/evaluation/index.html": {"stale-1x（Cloud · Region One · 1× A100 SXM4 40GB）：过时", "market-1x（Market · Region One · 1× A100 SXM4 40GB）：算力市场"},
	} {
		ranked, out := evaluationOffers(t, files[page])
		if !slices.Equal(ranked, []string{"current-1x"}) {
			t.Errorf("%s ranks %q by default, want current-1x alone", page, ranked)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s does not say %q: %q", page, w, out)
			}
		}
		if strings.Contains(out, "retired-1x") || strings.Contains(out, "current-1x") {
			t.Errorf("%s names a superseded or a ranked offer as left out: %q", page, out)
		}
		if !strings.Contains(string(files[page]), `data-switch="stale"`) || !strings.Contains(string(files[page]), `data-switch="market"`) {
			t.Errorf("%s has not the two switches", page)
		}
	}
	a100 := evaluationData(t, files["evaluation/index.html"], "a100-40gb")
	for name, want := range map[string]struct {
		a   []int
		why string
	}{"current-1x": {[]int{0, 1, 2, 3}, ""}, "stale-1x": {[]int{1, 3}, "stale"}, "market-1x": {[]int{2, 3}, "marketplace"}} {
		if got := a100[name]; !slices.Equal(got.A, want.a) || got.Why != want.why {
			t.Errorf("%s answers under %v (why %q), want %v (%q)", name, got.A, got.Why, want.a, want.why)
		}
	}
	if _, ok := a100["retired-1x"]; ok {
		t.Error("the superseded retired-1x is among the offers the script ranks")
	}
	for page, want := range map[string]string{
		"evaluation/index.html":    "no current price; newest is 1 year old",
		"zh/evaluation/index.html": "暂无当前价格；最近一次报价在1年前",
	} {
		if h := evaluationData(t, files[page], "h100-80gb")["h100-1x"]; !slices.Equal(h.A, []int{0, 1, 2, 3}) || h.Note != want {
			t.Errorf("%s: h100-1x answers under %v saying %q; want every state, saying %q", page, h.A, h.Note, want)
		}
	}
}

// currentReport is the report of testdata/current.txtar under opts.
func currentReport(t *testing.T, opts ReportOptions) string {
	t.Helper()
	root, _ := readArchive(t, "testdata/current.txtar")
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	out, _, err := Report(cat, root, opts)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestReportRecommendsACurrentPrice: the report's recommendation for the
// A100 is current-1x, its ranking holds no stale, superseded or
// marketplace price, and its full report's matrix marks those with what
// keeps them out; the short report's answer per GPU class names
// current-1x for the A100 and none of the others.
func TestReportRecommendsACurrentPrice(t *testing.T) {
	answer := strings.ReplaceAll(currentReport(t, ReportOptions{}), "<wbr>", "")
	if !strings.Contains(answer, "current-1x") {
		t.Error("the answer per GPU class does not name current-1x")
	}
	for _, s := range []string{"stale-1x", "retired-1x", "market-1x"} {
		if strings.Contains(answer, s) {
			t.Errorf("the short report names %s", s)
		}
	}
	s := strings.ReplaceAll(currentReport(t, ReportOptions{GPUs: []string{"a100"}, Full: true}), "<wbr>", "")
	i := strings.Index(s, `<p class="rec-offer">`)
	if i < 0 {
		t.Fatal("no recommendation in the report")
	}
	rec := strings.Join(strings.Fields(markupRE.ReplaceAllString(s[i:i+strings.Index(s[i:], "</p>")], " ")), " ")
	if !strings.Contains(rec, "current-1x") || strings.Contains(rec, "retired-1x") {
		t.Errorf("the recommendation: %q, want current-1x", rec)
	}
	for _, k := range []string{"kind-stale", "kind-marketplace", "kind-superseded"} {
		if !strings.Contains(s, k) {
			t.Errorf("the report's matrix does not mark %s", k)
		}
	}
}

// gpuAnswerRE matches a line of a GPU page's answer: the states of the
// switches it answers under, whether it is hidden without the script, and
// its text.
var gpuAnswerRE = regexp.MustCompile(`(?s)<p class="answer" data-show="([^"]*)"( hidden)?>(.*?)</p>`)

// gpuAnswerUnder is the text of the line of a GPU page's answer under
// the switches' state, and whether the page without its script hides it.
func gpuAnswerUnder(t *testing.T, page []byte, state string) (string, bool) {
	t.Helper()
	var found []string
	hidden := false
	for _, m := range gpuAnswerRE.FindAllStringSubmatch(string(page), -1) {
		if strings.Contains(" "+m[1]+" ", " "+state+" ") {
			found = append(found, markupRE.ReplaceAllString(strings.ReplaceAll(m[3], "<wbr>", ""), " "))
			hidden = m[2] != ""
		}
	}
	if len(found) != 1 {
		t.Fatalf("state %s: %d answers, want 1: %q", state, len(found), found)
	}
	return found[0], hidden
}

// TestGPUPageAnswersWithCurrentPrices: the A100's page answers with
// current-1x by default, shown without the script; with "include stale
// prices" with stale-1x, with "include marketplaces" with market-1x,
// hidden until the script picks them; the superseded offer never. The
// H100's page answers with its only, stale, price and says so in the
// home table's words, in English and in Chinese. Each offer's row names
// the states its price answers under.
func TestGPUPageAnswersWithCurrentPrices(t *testing.T) {
	files := currentSite(t)
	a100 := files["gpus/a100/index.html"]
	for _, c := range []struct {
		state, want string
		hidden      bool
	}{{"0", "current-1x", false}, {"1", "stale-1x", true}, {"2", "market-1x", true}, {"3", "stale-1x", true}} {
		text, hidden := gpuAnswerUnder(t, a100, c.state)
		if !strings.Contains(text, c.want) || hidden != c.hidden {
			t.Errorf("A100 under state %s: %q (hidden %v), want %s (hidden %v)", c.state, text, hidden, c.want, c.hidden)
		}
		if strings.Contains(text, "retired-1x") || strings.Contains(text, "no current price") {
			t.Errorf("A100 under state %s: %q", c.state, text)
		}
	}
	if !strings.Contains(string(a100), `id="home-switches"`) {
		t.Error("the A100's page has no switches")
	}
	for _, c := range []struct{ name, under string }{{"current-1x", "0 1 2 3"}, {"stale-1x", "1 3"}, {"market-1x", "2 3"}} {
		if !regexp.MustCompile(`data-answers="` + c.under + `" data-order="[^"]*">\s*<th scope="row"><a href="[^"]*">` + strings.Replace(c.name, "-", "-<wbr>", 1)).Match(a100) {
			t.Errorf("the A100's page does not say %s answers under %q", c.name, c.under)
		}
	}
	if regexp.MustCompile(`data-answers="[^"]*"[^>]*>\s*<th scope="row"><a href="[^"]*">retired-<wbr>1x`).Match(a100) {
		t.Error("the A100's page says the superseded retired-1x answers")
	}
	for page, want := range map[string]string{
		"gpus/h100/index.html":    "no current price; newest is 1 year old",
		"zh/gpus/h100/index.html": "暂无当前价格；最近一次报价在1年前",
	} {
		text, hidden := gpuAnswerUnder(t, files[page], "0")
		if !strings.Contains(text, "h100-1x") || !strings.Contains(text, want) || hidden {
			t.Errorf("%s: the answer is %q (hidden %v), want h100-1x saying %q", page, text, hidden, want)
		}
	}
}

// TestListsOrderUnderEachSwitch: each row of the A100's and of the
// provider's list of offers names its place under each state of the
// switches, the list's order with the prices that answer under that state
// first (pricing.Price.Answers): current-1x first by default, as the page
// without script lists it, stale-1x first with "include stale prices",
// market-1x on the A100's page with "include marketplaces", stale-1x (the
// cheaper) with both; the superseded retired-1x is never first. Both pages
// have the switches.
func TestListsOrderUnderEachSwitch(t *testing.T) {
	files := currentSite(t)
	for page, want := range map[string][4]string{
		"gpus/a100/index.html":       {"current-1x", "stale-1x", "market-1x", "stale-1x"},
		"providers/cloud/index.html": {"current-1x", "stale-1x", "current-1x", "stale-1x"},
	} {
		html := string(files[page])
		if !strings.Contains(html, `id="home-switches"`) {
			t.Errorf("%s has no switches", page)
		}
		rows := regexp.MustCompile(`<tr[^>]* data-order="(\d+) (\d+) (\d+) (\d+)">\s*<th scope="row"><a href="[^"]*">([^<]*(?:<wbr>[^<]*)?)</a>`).FindAllStringSubmatch(html, -1)
		table := regexp.MustCompile(`(?s)<table class="data instances">.*?</table>`).FindString(html)
		if len(rows) < 4 || len(rows) != strings.Count(table, "<tr")-1 {
			t.Fatalf("%s: %d rows with places; want every row of the list", page, len(rows))
		}
		first := [4]string{}
		for i, m := range rows {
			name := strings.ReplaceAll(m[5], "<wbr>", "")
			if m[1] != strconv.Itoa(i) {
				t.Errorf("%s: row %d (%s) is in place %s by default; the page lists it at %d", page, i, name, m[1], i)
			}
			for state := range 4 {
				if m[1+state] == "0" {
					if first[state] != "" {
						t.Errorf("%s, state %d: %s and %s are both first", page, state, first[state], name)
					}
					first[state] = name
				}
			}
		}
		if first != want {
			t.Errorf("%s: first under each state: %q; want %q", page, first, want)
		}
	}
}

// TestReportClassesSayWhereNoCurrentPriceExists: the short report's
// answer per GPU class gives the H100 its only, stale, price and says so
// in the home table's words; the A100's current answer says nothing of
// the kind.
func TestReportClassesSayWhereNoCurrentPriceExists(t *testing.T) {
	s := currentReport(t, ReportOptions{})
	i := strings.Index(s, `id="classes-table"`)
	if i < 0 {
		t.Fatal("no answer per GPU class in the report")
	}
	s = s[i : i+strings.Index(s[i:], "</table>")]
	rows := map[string]string{}
	for _, m := range regexp.MustCompile(`(?s)<tr>\s*<th scope="row" class="gpu">([^<]*)</th>(.*?)</tr>`).FindAllStringSubmatch(s, -1) {
		rows[m[1]] = strings.Join(strings.Fields(markupRE.ReplaceAllString(strings.ReplaceAll(m[2], "<wbr>", ""), " ")), " ")
	}
	if h := rows["H100 SXM5 80GB"]; !strings.Contains(h, "h100-1x") || !strings.Contains(h, "no current price; newest is 1 year old") {
		t.Errorf("the H100's row: %q, want h100-1x saying it has no current price", h)
	}
	if a := rows["A100 SXM4 40GB"]; !strings.Contains(a, "current-1x") || strings.Contains(a, "no current price") {
		t.Errorf("the A100's row: %q, want current-1x with nothing of a stale price", a)
	}
}

// TestProviderPageSaysWhereNoCurrentPriceExists: on the provider's page,
// in English and in Chinese, the H100's row, whose only price is stale,
// says so in the home table's words; the A100's rows, whose GPU has a
// current price, do not, though stale-1x's price is stale too.
func TestProviderPageSaysWhereNoCurrentPriceExists(t *testing.T) {
	files := currentSite(t)
	rowRE := regexp.MustCompile(`(?s)<tr[^>]*>\s*<th scope="row"><a [^>]*>(.*?)</a>(.*?)</tr>`)
	for page, want := range map[string]string{
		"providers/cloud/index.html":    "no current price; newest is 1 year old",
		"zh/providers/cloud/index.html": "暂无当前价格；最近一次报价在1年前",
	} {
		rows := map[string]string{}
		for _, m := range rowRE.FindAllStringSubmatch(string(files[page]), -1) {
			// The name as read: without <wbr> and the lang="en" that marks
			// it on a Chinese page.
			rows[regexp.MustCompile(`<[^>]*>`).ReplaceAllString(m[1], "")] = m[2]
		}
		if !strings.Contains(rows["h100-1x"], want) {
			t.Errorf("%s: the h100-1x row does not say %q: %q", page, want, rows["h100-1x"])
		}
		for _, name := range []string{"current-1x", "stale-1x", "retired-1x"} {
			if r, ok := rows[name]; !ok || strings.Contains(r, `class="why"`) {
				t.Errorf("%s: the %s row is missing or says its GPU has no current price: %q", page, name, r)
			}
		}
	}
}

// guideListRE matches a short list of a guide's outcome under some states
// of the switches: the states, whether the page without its script hides
// it, and its text.
var guideListRE = regexp.MustCompile(`(?s)<div class="switched" data-show="([^"]*)"( hidden)?>\s*<div class="short-list">(.*?)</table>`)

// guideListUnder is the short list of the only outcome of a guide page
// under the switches' state: its picks' names in order, its text, and
// whether the page without its script hides it.
func guideListUnder(t *testing.T, page []byte, state string) (picks []string, text string, hidden bool) {
	t.Helper()
	found := 0
	for _, m := range guideListRE.FindAllStringSubmatch(string(page), -1) {
		if !slices.Contains(strings.Fields(m[1]), state) {
			continue
		}
		found++
		hidden = m[2] != ""
		text = markupRE.ReplaceAllString(strings.ReplaceAll(m[3], "<wbr>", ""), " ")
		for _, r := range regexp.MustCompile(`<th scope="row"><a href="[^"]*">(?:<span[^>]*>)*([^<]*(?:<wbr>[^<]*)*)(?:</span>)*</a>`).FindAllStringSubmatch(m[3], -1) {
			picks = append(picks, strings.ReplaceAll(r[1], "<wbr>", ""))
		}
	}
	if found != 1 {
		t.Fatalf("state %s: %d short lists, want 1", state, found)
	}
	return picks, text, hidden
}

// TestGuideListsUnderEachSwitch: a guide outcome's short list of A100s,
// under each state of the switches, is the offers whose prices answer
// under that state (pricing.Price.Answers), cheapest first: current-1x
// alone by default, shown without the script; stale-1x first with
// "include stale prices", market-1x first with "include marketplaces",
// all three with both, hidden until the script picks them; the
// superseded retired-1x never. The page has the switches and the script
// that shows the state chosen, in both editions.
func TestGuideListsUnderEachSwitch(t *testing.T) {
	files := currentSite(t)
	for _, page := range []string{"guides/pick/index.html", "zh/guides/pick/index.html"} {
		g := files[page]
		for _, c := range []struct {
			state  string
			want   []string
			hidden bool
		}{
			{"0", []string{"current-1x"}, false},
			{"1", []string{"stale-1x", "current-1x"}, true},
			{"2", []string{"market-1x", "current-1x"}, true},
			{"3", []string{"stale-1x", "market-1x", "current-1x"}, true},
		} {
			picks, _, hidden := guideListUnder(t, g, c.state)
			if !slices.Equal(picks, c.want) || hidden != c.hidden {
				t.Errorf("%s under state %s: %q (hidden %v), want %q (hidden %v)", page, c.state, picks, hidden, c.want, c.hidden)
			}
		}
		if !strings.Contains(string(g), `id="home-switches"`) || !strings.Contains(string(g), `static/home.js"`) {
			t.Errorf("%s has no switches or not their script", page)
		}
	}
}

// benchBestRE matches a row of a benchmark page's best offers under some
// states of the switches: the states, whether the page without its script
// hides it, its offer and its figure.
var benchBestRE = regexp.MustCompile(`(?s)<tr data-show="([^"]*)"( hidden)?>\s*<th scope="row">[^<]*</th>\s*<td data-label="[^"]*"><a href="[^"]*">(?:<span lang="en">)?([^<]*(?:<wbr>[^<]*)*)(?:</span>)?</a>.*?class="num figure">([^<]*)<`)

// TestBenchmarkBestUnderEachSwitch: the benchmark page's best value for
// the A100's result, under each state of the switches, is the offer whose
// price answers under it (pricing.Price.Answers) and gives the most work
// for the money: current-1x at 2.00 USD by default (1.80 M tokens per
// USD), shown without the script; stale-1x at 1.00 (3.60 M) with "include
// stale prices" and with both; market-1x at 1.50 (2.40 M) with "include
// marketplaces"; the superseded retired-1x never. Both editions, and the
// page has the switches and their script.
func TestBenchmarkBestUnderEachSwitch(t *testing.T) {
	files := currentSite(t)
	for _, page := range []string{"benchmarks/infer/index.html", "zh/benchmarks/infer/index.html"} {
		b := string(files[page])
		want := map[string]struct {
			offer, figure string
			hidden        bool
		}{"0": {"current-1x", "1.80", false}, "1": {"stale-1x", "3.60", true}, "2": {"market-1x", "2.40", true}, "3": {"stale-1x", "3.60", true}}
		seen := map[string]int{}
		for _, m := range benchBestRE.FindAllStringSubmatch(b, -1) {
			for _, s := range strings.Fields(m[1]) {
				seen[s]++
				w := want[s]
				offer := strings.ReplaceAll(m[3], "<wbr>", "")
				if offer != w.offer || (m[2] != "") != w.hidden || !strings.HasPrefix(m[4], w.figure) {
					t.Errorf("%s under state %s: %s at %q (hidden %v), want %s at %s… (hidden %v)", page, s, offer, m[4], m[2] != "", w.offer, w.figure, w.hidden)
				}
			}
		}
		for s := range want {
			if seen[s] != 1 {
				t.Errorf("%s: %d best offers under state %s, want 1", page, seen[s], s)
			}
		}
		if strings.Contains(b, "retired-<wbr>1x</a><span") || !strings.Contains(b, `id="home-switches"`) || !strings.Contains(b, `static/home.js"`) {
			t.Errorf("%s: the superseded offer is among the best, or the page has no switches or not their script", page)
		}
	}
}

// TestScenarioNamesWhatItLeavesOut: the scenario's ranking holds
// current-1x and the H100's stale h100-1x (nothing current exists for
// the H100), never stale-1x, retired-1x or market-1x, and the page names
// those three with why they are left out, in both editions. Its
// calculator has the two answer switches, and its data gives each price
// left out the states it answers under (static/tco.js ranks by them):
// stale-1x's with stale prices (states 1, 3, 5, 7: 170), market-1x's
// with marketplaces (2, 3, 6, 7: 204), retired-1x's none.
func TestScenarioNamesWhatItLeavesOut(t *testing.T) {
	files := currentSite(t)
	for page, why := range map[string]string{
		"scenarios/one/index.html":    "its on-demand price is stale or undated, a marketplace's, no longer listed",
		"zh/scenarios/one/index.html": "其按量计费价格已过时或未注明日期、来自算力市场、已下架",
	} {
		s := string(files[page])
		table := regexp.MustCompile(`(?s)<table class="data tco[^"]*".*?</table>`).FindString(s)
		if table == "" {
			t.Fatalf("%s: no ranking", page)
		}
		table = strings.ReplaceAll(table, "<wbr>", "")
		for _, name := range []string{"stale-1x", "retired-1x", "market-1x"} {
			if strings.Contains(table, name) {
				t.Errorf("%s ranks %s", page, name)
			}
		}
		if !strings.Contains(table, "current-1x") {
			t.Errorf("%s does not rank current-1x", page)
		}
		text := strings.ReplaceAll(markupRE.ReplaceAllString(s, ""), "<wbr>", "")
		if !strings.Contains(html.UnescapeString(text), why) {
			t.Errorf("%s does not say why it leaves offers out (%q)", page, why)
		}
		for _, name := range []string{"stale-1x · Cloud", "retired-1x · Cloud", "market-1x · Market"} {
			if !strings.Contains(text, name) {
				t.Errorf("%s does not name %s among the offers left out", page, name)
			}
		}
		if !strings.Contains(s, `<input type="checkbox" name="stale">`) || !strings.Contains(s, `<input type="checkbox" name="market">`) {
			t.Errorf("%s: the calculator has not the two answer switches", page)
		}
	}
	m := regexp.MustCompile(`(?s)<script type="application/json" id="tco-data">(.*?)</script>`).FindStringSubmatch(string(files["scenarios/one/index.html"]))
	if m == nil {
		t.Fatal("no tco-data on the scenario page")
	}
	var d struct {
		Offers []struct {
			I string `json:"i"`
			M map[string]struct {
				U string `json:"u"`
				A int    `json:"a"`
			} `json:"m"`
		} `json:"offers"`
	}
	if err := json.Unmarshal([]byte(m[1]), &d); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"current-1x": 0, "h100-1x": 0, "stale-1x": 170, "market-1x": 204, "retired-1x": 0}
	for _, o := range d.Offers {
		if w, ok := want[o.I]; ok && o.M["on_demand"].A != w {
			t.Errorf("%s's price (why %q) answers under the states %b, want %b", o.I, o.M["on_demand"].U, o.M["on_demand"].A, w)
		}
		delete(want, o.I)
	}
	if len(want) > 0 {
		t.Errorf("the scenario's data has not the offers %v", want)
	}
}
