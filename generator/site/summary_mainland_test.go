package site

import (
	"regexp"
	"strings"
	"testing"

	"gpucompare/generator/site/report"
)

// mainlandPrices reads, from an HTML fragment, each row's GPU and the
// price per GPU-hour it shows: "h100-sxm5-80gb 28.44"; rows without a
// price (—) are left out.
func mainlandPrices(fragment string) []string {
	var out []string
	row := regexp.MustCompile(`(?s)<tr data-gpu="([^"]+)">(.*?)</tr>`)
	money := regexp.MustCompile(`<span class="money"[^>]*>([^<]+)</span>`)
	for _, m := range row.FindAllStringSubmatch(fragment, -1) {
		if p := money.FindStringSubmatch(m[2]); p != nil {
			out = append(out, m[1]+" "+p[1])
		}
	}
	return out
}

// TestSummaryHasTheMainlandView: the one-page summary of each edition
// lists, after the answer per GPU class, the cheapest pay-as-you-go price
// per GPU-hour of each GPU model in mainland China, in yuan: row for row
// and figure for figure the home page's mainland view's first tab.
func TestSummaryHasTheMainlandView(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	section := regexp.MustCompile(`(?s)<section class="price-panel" id="mainland-on_demand".*?</section>`)
	for _, ed := range []struct{ dir, title, space, unit string }{
		{"", "What one GPU costs per hour in mainland China", " ", "CNY"},
		{"zh/", "在中国内地租一张卡每小时多少钱", "", "元"}, // 14.42元: no space in Chinese
	} {
		home := section.FindString(string(files[ed.dir+"index.html"]))
		want := mainlandPrices(home)
		if len(want) < 5 {
			t.Fatalf("%sindex.html: the mainland view prices %d GPU models: %q", ed.dir, len(want), want)
		}
		page := string(files[ed.dir+report.SummaryPath])
		at := strings.Index(page, `<section class="summary-mainland"`)
		if at < 0 || at < strings.Index(page, `id="classes-table"`) {
			t.Fatalf("%s%s has no mainland section after the answer per GPU class", ed.dir, report.SummaryPath)
		}
		mainland := page[at:]
		if !strings.Contains(mainland, `<h2 id="mainland-title">`+ed.title+`</h2>`) || !strings.Contains(mainland, `<span class="price-unit">`+ed.space+ed.unit) {
			t.Errorf("%s%s: the mainland section is not titled %q with prices in %s", ed.dir, report.SummaryPath, ed.title, ed.unit)
		}
		if got := mainlandPrices(mainland); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s%s mainland prices:\n%s\nthe home page's:\n%s", ed.dir, report.SummaryPath, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestLlmsTxtAnswersForMainlandChina: llms.txt of each edition answers
// what one GPU costs per hour in mainland China before its sections: a
// line per GPU model with the price the home page's mainland view shows
// for pay-as-you-go, in CNY, each model linked.
func TestLlmsTxtAnswersForMainlandChina(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	section := regexp.MustCompile(`(?s)<section class="price-panel" id="mainland-on_demand".*?</section>`)
	for _, ed := range []struct{ dir, title, tab, sections string }{
		{"", "## What one GPU costs per hour in mainland China", "Pay-as-you-go", "## Sections"},
		{"zh/", "## 在中国内地租一张卡每小时多少钱", "按量计费", "## 栏目"},
	} {
		txt := string(files[ed.dir+"llms.txt"])
		at, end := strings.Index(txt, ed.title+"\n"), strings.Index(txt, ed.sections+"\n")
		if at < 0 || end < at {
			t.Fatalf("%sllms.txt has no %q before %q:\n%s", ed.dir, ed.title, ed.sections, txt[:min(len(txt), 2000)])
		}
		answer := txt[at:end]
		want := mainlandPrices(section.FindString(string(files[ed.dir+"index.html"])))
		if len(want) < 5 {
			t.Fatalf("%sindex.html: the mainland view prices %d GPU models", ed.dir, len(want))
		}
		for _, w := range want {
			id, price, _ := strings.Cut(w, " ")
			line := "](gpus/" + id + "/index.md): " + ed.tab + " " + strings.TrimPrefix(price, "≈") + " CNY — "
			if !strings.Contains(answer, line) {
				t.Errorf("%sllms.txt: no line %q in\n%s", ed.dir, line, answer)
			}
		}
	}
}
