package site

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"gpucompare/generator/site/paths"
)

var (
	scoreRowRE = regexp.MustCompile(`(?s)<tr data-provider="\d+">\s*<th scope="row"><span class="rank">(\d*)</span> <a href="[^"]+">([^<]+)</a></th>\s*<td class="num score">(.*?)</td>\s*<td class="basis">([^<]*)</td>(.*?)</tr>`)
	cellRE     = regexp.MustCompile(`(?s)<td class="num">(.*?)</td>`)
	tagRE      = regexp.MustCompile(`<[^>]+>`)
)

// plainText is an HTML fragment's text, its tags dropped and its space folded.
func plainText(s string) string {
	return strings.Join(strings.Fields(html.UnescapeString(tagRE.ReplaceAllString(s, " "))), " ")
}

// evaluationRows reads the rows of a ranking table of the evaluation
// page: "rank name score | cell | cell…", the cells as their text.
func evaluationRows(t *testing.T, page, id string) []string {
	t.Helper()
	i := strings.Index(page, `id="`+id+`"`)
	if i < 0 {
		t.Fatalf("no table %q", id)
	}
	tab := page[i : i+strings.Index(page[i:], "</table>")]
	var out []string
	for _, m := range scoreRowRE.FindAllStringSubmatch(tab, -1) {
		row := strings.TrimSpace(m[1] + " " + m[2] + " " + plainText(m[3]))
		for _, c := range cellRE.FindAllStringSubmatch(m[5], -1) {
			row += " | " + plainText(c[1])
		}
		out = append(out, row)
	}
	return out
}

// TestEvaluationByHand builds testdata/evaluation.txtar, whose header
// works every figure out by hand, and reads the page as a buyer would.
func TestEvaluationByHand(t *testing.T) {
	root, _ := readArchive(t, "testdata/evaluation.txtar")
	files, _ := build(t, root, Options{})
	page := string(files[paths.Evaluation])
	// Prices within A100 80GB: cn's 84 CNY at 7 to the dollar over 8 GPUs
	// beats big's 2.00; 12 of 14 certifications score 85.7, not 0; RDMA
	// stated on big's H100 type does not count within A100 80GB: unknown,
	// as its A100 type states none; 99.99 % stays 99.99 %.
	want := []string{
		"1 CN 71.4 | 100 1.50 USD per GPU-hour | 85.7 12 listed | 0 no | —",
		"2 Big 50 | 0 2.00 USD per GPU-hour | 100 14 listed | — | 100 99.99 %",
	}
	if got := evaluationRows(t, page, "scores"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("ranking:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Cheap and dark rest on 20 % of the weight each: listed apart, in
	// catalog order, without a place.
	apart := []string{
		"Cheap not ranked rests on 20 % of the weight; a place needs 50 % | — | — | — | 0 99.9 %",
		"Dark not ranked rests on 20 % of the weight; a place needs 50 % | — | 85.7 12 listed | — | —",
	}
	if got := evaluationRows(t, page, "scores-apart"); strings.Join(got, "\n") != strings.Join(apart, "\n") {
		t.Errorf("too little data:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(apart, "\n"))
	}
	if strings.Contains(page, `<div class="apart" id="apart" hidden>`) {
		t.Error("the providers with too little data are hidden")
	}
	for _, s := range []string{
		"Providers ranked: 2, on 4 indicators; prices compared within one GPU class: A100 SXM4 80GB.",
		"each provider's cheapest on-demand offer of one GPU class, A100 SXM4 80GB,",
		"The default class, A100 SXM4 80GB, is the scoring file's choice: the buyer's main class",
		// The offers of the class: a8 (100×4 + 85.71×2 + 0×2)/8 = 71.4, a1 (0×4 + 100×2 + 100×2)/8 = 50.
		// Their prices are stale, and rank as the A100 80GB has nothing
		// current: each row says so, in the home table's words.
		"1 a8 CN · Region C · 8× A100 SXM4 80GB no current price; newest is 1 year old 71.4",
		"2 a1 Big · Region R · 1× A100 SXM4 80GB no current price; newest is 1 year old 50",
	} {
		if !strings.Contains(plainText(page), s) {
			t.Errorf("the page does not say %q", s)
		}
	}
	// The latest dated rate, beside the ranking.
	fx := regexp.MustCompile(`(?s)<p class="help fx-note" id="fx-note">(.*?)</p>`).FindStringSubmatch(page)
	if want := "CNY prices converted at 1 USD = 7 CNY (2026-07-01). fx.example.com/new"; fx == nil || html.UnescapeString(tagRE.ReplaceAllString(fx[1], "")) != want {
		t.Errorf("exchange rate note %q, want %q", fx, want)
	}
	for _, s := range []string{"T4 (providers with a price: 2; ranked on it by default: 2)", "H100 SXM5 80GB (providers with a price: 1; ranked on it by default: 1)", `<option value="a100-80gb" selected>A100 SXM4 80GB (providers with a price: 2; ranked on it by default: 2)</option>`} {
		if !strings.Contains(html.UnescapeString(page), s) {
			t.Errorf("no class option %q in %q", s, regexp.MustCompile(`<option[^>]*>[^<]*`).FindAllString(page, -1))
		}
	}
}

// TestEvaluationSaysWhyAProviderOfTheClassIsNotRanked: on the shipped
// catalog, the class list counts every provider with a price of a class
// beside those ranked on it by default; Alibaba Cloud, whose A100 80GB
// prices are all undated (its price catalog records no date), is named
// with why and what its place would be with them included; the Chinese
// edition names above its ranking the China clouds not ranked; and the
// Markdown twin words the offers left out for a reader with no switches.
func TestEvaluationSaysWhyAProviderOfTheClassIsNotRanked(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	page := string(files["evaluation/index.html"])
	if !strings.Contains(page, `<option value="a100-80gb" selected>A100 80GB (providers with a price: 8; ranked on it by default: 5)`) {
		t.Error("the class list does not count every provider with a price of A100 80GB beside those ranked by default")
	}
	at := strings.Index(page, `id="providers-out"`)
	if at < 0 {
		t.Fatal("no list of the providers of the class not ranked on price")
	}
	out := page[at : at+strings.Index(page[at:], "</p>")]
	for _, want := range []string{"Alibaba Cloud: its 10 offers of the class are all undated", "its known indicators hold only 49 % of the weight, too little to rank; with these prices included they hold 65 %, enough to rank", "Oracle Cloud Infrastructure (OCI): its prices of the class count only when included (1 stale)", "RunPod Community Cloud: its 2 offers of the class are all from a marketplace"} {
		if !strings.Contains(html.UnescapeString(out), want) {
			t.Errorf("the providers not ranked on price do not say %q:\n%s", want, out)
		}
	}
	// The Chinese edition, mainland clouds first, names above the ranking
	// the China clouds with too little data to rank, and Alibaba Cloud as
	// the one its undated prices would rank.
	zh := string(files["zh/evaluation/index.html"])
	line := regexp.MustCompile(`<p class="help mainland-apart" id="mainland-apart"><span data-twin="[^"]*">([^<]*)</span></p>`).FindStringSubmatch(zh)
	if line == nil || !strings.Contains(line[1], "阿里云、") || !strings.Contains(line[1], "腾讯云") || !strings.HasSuffix(line[1], "后阿里云可参与排名。") {
		t.Errorf("the Chinese ranking does not say above it which China clouds are not ranked and which undated prices would rank: %q", line)
	}
	if at, rank := strings.Index(zh, `id="mainland-apart"`), strings.Index(zh, `id="scores"`); at < 0 || at > rank {
		t.Error("the line on the China clouds not ranked is not above the ranking")
	}
	if !strings.Contains(page, `<p class="help mainland-apart" id="mainland-apart" hidden></p>`) {
		t.Error("the English edition, China clouds not first by default, shows the line on them")
	}
	twin := string(files["evaluation/index.md"])
	if strings.Contains(twin, "switches above") || !strings.Contains(twin, "Not ranked by default: stale, undated and marketplace prices (15 offers of A100 80GB; the web page ranks them when the reader includes them)") {
		t.Error("the twin speaks of switches it does not have, or does not say which offers are not ranked by default")
	}
	if zh := string(files["zh/evaluation/index.md"]); strings.Contains(zh, "上方开关") || strings.Contains(zh, "勾选") || !strings.Contains(zh, "默认不参与排名的过时、未注明日期和算力市场价格") || !strings.Contains(zh, "计入过时和未注明日期的报价后，阿里云可参与排名") {
		t.Error("the Chinese twin does not word the offers left out for a twin")
	}
}
