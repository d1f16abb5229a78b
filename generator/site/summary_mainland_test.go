package site

import (
	"regexp"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/derive"
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
// lists the cheapest pay-as-you-go price per GPU-hour of each GPU model in
// mainland China, in yuan: row for row and figure for figure the home
// page's mainland view's first tab; after the answer per GPU class in
// English, before it, under the page's heading, in Chinese.
func TestSummaryHasTheMainlandView(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	section := regexp.MustCompile(`(?s)<section class="price-panel" id="mainland-on_demand".*?</section>`)
	for _, ed := range []struct {
		dir, title, space, unit string
		first                   bool
	}{
		{"", "What one GPU costs per hour in mainland China", " ", "CNY", false},
		{"zh/", "在中国内地租一张卡每小时多少钱", "", "元", true}, // 14.42元: no space in Chinese
	} {
		home := section.FindString(string(files[ed.dir+"index.html"]))
		want := mainlandPrices(home)
		if len(want) < 5 {
			t.Fatalf("%sindex.html: the mainland view prices %d GPU models: %q", ed.dir, len(want), want)
		}
		page := string(files[ed.dir+report.SummaryPath])
		at, classes := strings.Index(page, `<section class="summary-mainland`), strings.Index(page, `id="classes-table"`)
		if at < 0 || classes < 0 || ed.first != (at < classes) {
			t.Fatalf("%s%s: mainland section at %d, answer per GPU class at %d; want the mainland first: %v", ed.dir, report.SummaryPath, at, classes, ed.first)
		}
		mainland := page[at:]
		heading := `<h2 id="mainland-title">` + ed.title + `</h2>`
		if ed.first {
			mainland = page[at:classes]
			heading = `<h1 id="mainland-title" class="summary-mainland-title">` + ed.title + `</h1>`
			if h := strings.Index(page, heading); h < 0 || h > at || strings.Count(page, "<h1") != 1 {
				t.Errorf("%s%s: the page is not headed %q before its mainland section", ed.dir, report.SummaryPath, heading)
			}
		} else if !strings.Contains(mainland, heading) {
			t.Errorf("%s%s: the mainland section is not titled %q", ed.dir, report.SummaryPath, heading)
		}
		if !strings.Contains(mainland, `<span class="price-unit">`+ed.space+ed.unit) {
			t.Errorf("%s%s: the mainland section has no prices in %s", ed.dir, report.SummaryPath, ed.unit)
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

// TestMainlandAnswersFromYuanPricesOfMainlandRegions: on the shipped
// catalog, every figure of the mainland view, under each of its tabs, is
// a price quoted in yuan by an offer sold in a region of mainland China,
// never a dollar price converted, and the notes under the view state no
// rate; the figures the home page shows are those figures.
func TestMainlandAnswersFromYuanPricesOfMainlandRegions(t *testing.T) {
	root := shipped(t)
	cat, _ := catalog.Load(root)
	data := derive.Make(cat)
	if len(data.Mainland) < 5 {
		t.Fatalf("the mainland view has %d rows", len(data.Mainland))
	}
	for _, r := range data.Mainland {
		for i, c := range r.Cells {
			if c == nil {
				continue
			}
			where := r.GPU.ID + " " + derive.MainlandTabs[i].ID + ": " + c.Offer.Provider.ID + " " + c.Offer.Instance.ID + " " + c.Offer.Region
			if c.Price.Hourly.Currency != derive.MainlandCurrency || c.Conversion.From != c.Conversion.To {
				t.Errorf("%s answers with a price in %s, converted %v", where, c.Price.Hourly.Currency, c.Conversion)
			}
			if !derive.InMainland(c.Offer) {
				t.Errorf("%s is not sold in a region of mainland China", where)
			}
		}
	}
	files, _ := build(t, root, Options{})
	for _, dir := range []string{"", "zh/"} {
		home := string(files[dir+"index.html"])
		at := strings.Index(home, `id="mainland-prices"`)
		end := strings.Index(home[at:], `</section>
</div>`)
		if at < 0 || end < 0 {
			t.Fatalf("%sindex.html has no mainland view", dir)
		}
		if view := home[at : at+end]; strings.Contains(view, `class="fx-from"`) || strings.Contains(view, "USD") || strings.Contains(view, "美元") {
			t.Errorf("%sindex.html: the mainland view shows a converted figure", dir)
		}
	}
}

// TestChineseReportOpensWithTheMainlandView: the Chinese short report's
// summary answers for mainland China first — row for row and figure for
// figure the home page's mainland view's pay-as-you-go tab, each with its
// source's number — then per GPU class; the English report has no
// mainland table.
func TestChineseReportOpensWithTheMainlandView(t *testing.T) {
	root := shipped(t)
	files, _ := build(t, root, Options{})
	section := regexp.MustCompile(`(?s)<section class="price-panel" id="mainland-on_demand".*?</section>`)
	want := mainlandPrices(section.FindString(string(files["zh/index.html"])))
	if len(want) < 5 {
		t.Fatalf("the mainland view prices %d GPU models", len(want))
	}
	doc := reportHTML(t, root, ReportOptions{Lang: "zh-CN"})
	at, classes := strings.Index(doc, `id="mainland-table"`), strings.Index(doc, `id="classes-table"`)
	if at < 0 || classes < 0 || at > classes {
		t.Fatalf("the Chinese report: mainland table at %d, answer per GPU class at %d; want the mainland first", at, classes)
	}
	row := regexp.MustCompile(`(?s)<tr data-gpu="([^"]+)">\s*<th[^>]*>[^<]*</th>\s*<td class="num price">([^< ]+)(.*?)</tr>`)
	var got []string
	for _, m := range row.FindAllStringSubmatch(doc[at:classes], -1) {
		got = append(got, m[1]+" "+m[2])
		if !strings.Contains(m[3], `class="source-ref"`) && !strings.Contains(m[3], `href="#source-`) {
			t.Errorf("the Chinese report's mainland row %s names no source by its number", m[1])
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the Chinese report's mainland prices:\n%s\nthe home page's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if en := reportHTML(t, root, ReportOptions{}); strings.Contains(en, `id="mainland-table"`) {
		t.Error("the English report has a mainland table")
	}
}
