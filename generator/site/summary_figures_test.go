package site

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/report"
)

// TestAgeOfMonthsIsThePriceAge: a stale price's note says how old the
// newest price is in the words of a price's age, so that a price 21
// months old is "1 year" in both, never "1 year" beside "21 months".
func TestAgeOfMonthsIsThePriceAge(t *testing.T) {
	msgs := englishTexter(t).M
	tr := msgs.TKeeping(new(error))
	ref := time.Date(2026, 10, 7, 0, 0, 0, 0, time.UTC)
	for n := 1; n <= 40; n++ {
		d := catalog.Date(ref.AddDate(0, -n, 0).Format(time.DateOnly))
		if got, want := render.AgeMonths(n, tr), pagemodel.AgeText(d, ref, tr); got != want {
			t.Errorf("%d months: %q, a price dated %s is %q", n, got, d, want)
		}
	}
}

// TestSummaryFiguresReadAlike: in the Chinese edition (yuan), the
// summary's answer per GPU class and the home chart's table give yuan to
// the fen (7.42, not 7.424), as the rest of the site does; a converted
// price's original figure is marked as the quote it is (原报价3.09美元);
// a date is one <time>, which does not wrap; and a stale price's note
// words the newest price's age as its age is worded (1年前, never
// 21个月前). The English edition, in dollars, keeps a dollar figure's
// precision (0.526).
func TestSummaryFiguresReadAlike(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	figure := regexp.MustCompile(`<td class="num price[^"]*"[^>]*>≈?([0-9,.]+)`)
	chart := regexp.MustCompile(`<td class="num"><a href="[^"]*">([0-9,.]+)</a>`)
	fen := regexp.MustCompile(`^[0-9,]+\.[0-9]{2}$`)
	zh := string(files["zh/"+report.SummaryPath])
	table := tableOf(t, zh, "classes-table")
	figures := figure.FindAllStringSubmatch(table, -1)
	if len(figures) < 20 {
		t.Fatalf("zh/%s: %d prices in the answer per GPU class", report.SummaryPath, len(figures))
	}
	for _, m := range figures {
		if !fen.MatchString(m[1]) {
			t.Errorf("zh/%s: the yuan price %s is not to the fen", report.SummaryPath, m[1])
		}
	}
	home := string(files["zh/index.html"])
	at := strings.Index(home, `class="data matrix chart-data by-gpu"`)
	if at < 0 {
		t.Fatal("zh/index.html has no chart table by GPU model")
	}
	cells := chart.FindAllStringSubmatch(home[at:at+strings.Index(home[at:], "</table>")], -1)
	if len(cells) < 20 {
		t.Fatalf("zh/index.html: %d prices in the chart's table", len(cells))
	}
	for _, m := range cells {
		if !fen.MatchString(m[1]) {
			t.Errorf("zh/index.html: the chart's table gives the yuan price %s, not to the fen", m[1])
		}
	}
	quoted := regexp.MustCompile(`<span class="sub quoted"[^>]*>([^<]*)</span>`).FindAllStringSubmatch(table, -1)
	if len(quoted) < 10 {
		t.Fatalf("zh/%s: %d converted prices", report.SummaryPath, len(quoted))
	}
	for _, m := range quoted {
		if !regexp.MustCompile(`^原报价[0-9,.]+美元$`).MatchString(m[1]) {
			t.Errorf("zh/%s: a converted price's original reads %q, not 原报价…美元", report.SummaryPath, m[1])
		}
	}
	if n := strings.Count(table, `<span class="offer-trust"><time datetime="`); n < 20 {
		t.Errorf("zh/%s: %d dates of offers in <time>, which does not wrap", report.SummaryPath, n)
	}
	if regexp.MustCompile(`<span class="offer-trust">[0-9]{4}年`).MatchString(table) {
		t.Errorf("zh/%s: a date of an offer outside <time>", report.SummaryPath)
	}
	whys := regexp.MustCompile(`最近一次报价在([^<]*)</span>`).FindAllStringSubmatch(table, -1)
	if len(whys) == 0 {
		t.Fatalf("zh/%s: no stale price's note: the test holds nothing", report.SummaryPath)
	}
	for _, m := range whys {
		if !regexp.MustCompile(`^([1-9]|1[01])个月前$|^[0-9]+年前$`).MatchString(m[1]) {
			t.Errorf("zh/%s: a stale price's note says the newest is %q, not worded as a price's age", report.SummaryPath, m[1])
		}
	}
	en := tableOf(t, string(files[report.SummaryPath]), "classes-table")
	if !strings.Contains(en, `>0.526 <span`) && !strings.Contains(en, `>0.526<`) {
		t.Errorf("%s: the dollar price 0.526 lost its precision", report.SummaryPath)
	}
}
