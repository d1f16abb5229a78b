package site

import (
	"regexp"
	"strings"
	"testing"
)

// TestGPUPageAnswersInMainlandChina: a GPU page names the GPU's cheapest
// pay-as-you-go price in mainland China, in yuan, the price the home
// page's mainland table gives for it: before the worldwide answer in the
// Chinese edition, after it in the English one.
func TestGPUPageAnswersInMainlandChina(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	homeRow := regexp.MustCompile(`(?s)<tr data-gpu="([^"]+)">.*?<td class="num price"[^>]*><span class="money"[^>]*>≈?([0-9.,]+)</span>`)
	answer := regexp.MustCompile(`(?s)<p class="answer mainland-answer">.*?<span class="money"[^>]*>≈?([0-9.,]+)</span>`)
	for _, ed := range []string{"zh/", ""} {
		panel := mainlandOnDemand(t, files, ed)
		n := 0
		for _, m := range homeRow.FindAllStringSubmatch(panel, -1) {
			page := string(files[ed+"gpus/"+m[1]+"/index.html"])
			a := answer.FindStringSubmatch(page)
			if a == nil {
				t.Errorf("%sgpus/%s: no mainland answer, where the home table gives %s", ed, m[1], m[2])
				continue
			}
			if a[1] != m[2] {
				t.Errorf("%sgpus/%s: the mainland answer is %s, the home table's %s", ed, m[1], a[1], m[2])
			}
			mainland, world := strings.Index(page, `class="answer mainland-answer"`), strings.Index(page, `class="gpu-answer"`)
			if world >= 0 && (ed == "zh/") != (mainland < world) {
				t.Errorf("%sgpus/%s: the mainland answer at %d, the worldwide one at %d", ed, m[1], mainland, world)
			}
			n++
		}
		if n < 5 {
			t.Errorf("%sindex.html: %d GPUs with a mainland price: the test is not testing", ed, n)
		}
	}
}

// TestMainlandTableListsArticlePricesLast: in the home page's mainland
// table, a GPU model answered by an article's or an estimate's price
// comes after every model answered by another price, however low.
func TestMainlandTableListsArticlePricesLast(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	row := regexp.MustCompile(`(?s)<tr data-gpu="[^"]+">.*?</tr>`)
	for _, ed := range []string{"zh/", ""} {
		panel := mainlandOnDemand(t, files, ed)
		articles, after := 0, 0
		for _, r := range row.FindAllString(panel, -1) {
			if !strings.Contains(r, `class="num price"`) || strings.Contains(r, `class="unknown"`) {
				continue
			}
			if strings.Contains(r, `class="sub not-current"`) && regexp.MustCompile(`not-current">[^<]*(文章|估算|article|estimate)`).MatchString(r) {
				articles++
				continue
			}
			if articles > 0 {
				after++
			}
		}
		if articles == 0 {
			t.Errorf("%sindex.html: no article's price in the mainland table: the test is not testing", ed)
		}
		if after > 0 {
			t.Errorf("%sindex.html: %d models answered by another price come after an article's", ed, after)
		}
	}
}

// mainlandOnDemand is the on-demand table of the mainland view of the
// home page of edition ed ("zh/" or "").
func mainlandOnDemand(t *testing.T, files map[string][]byte, ed string) string {
	t.Helper()
	home := string(files[ed+"index.html"])
	i := strings.Index(home, `id="mainland-on_demand"`)
	if i < 0 {
		t.Fatalf("%sindex.html: no mainland on-demand table", ed)
	}
	panel := home[i:]
	if j := strings.Index(panel, "</table>"); j > 0 {
		panel = panel[:j]
	}
	return panel
}
