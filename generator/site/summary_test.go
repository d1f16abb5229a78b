package site

import (
	"gpucompare/generator/site/report"
	"os"
	"regexp"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
)

// classFigures reads the answer per GPU class from a page: per row, the
// GPU model, and per cell its price and offer (provider, instance, term,
// region) and the price's date, age and kind of source, as text, links
// and the report's source numbers left out.
func classFigures(t *testing.T, page string) []string {
	t.Helper()
	table := tableOf(t, page, "classes-table")
	tags := regexp.MustCompile(`<[^>]*>`)
	ref := regexp.MustCompile(`(?s)<a class="source-ref".*?</a>`)
	text := func(s string) string {
		return strings.Join(strings.Fields(tags.ReplaceAllString(ref.ReplaceAllString(s, ""), "")), " ")
	}
	var out []string
	for _, row := range regexp.MustCompile(`(?s)<tbody>(.*)</tbody>`).FindStringSubmatch(table)[1:] {
		for _, tr := range regexp.MustCompile(`(?s)<tr>(.*?)</tr>`).FindAllStringSubmatch(row, -1) {
			var cells []string
			for _, c := range regexp.MustCompile(`(?s)<t[hd][^>]*>(.*?)</t[hd]>`).FindAllStringSubmatch(tr[1], -1) {
				cells = append(cells, text(c[1]))
			}
			out = append(out, strings.Join(cells, " | "))
		}
	}
	return out
}

// TestSummaryPageIsTheReportsFirstPage: the site's one-page summary, in
// each edition, holds the short report's answer per GPU class, row for
// row and figure for figure, dated as the report is by default (the
// catalog's date), and the home page's first element links to it.
func TestSummaryPageIsTheReportsFirstPage(t *testing.T) {
	root := shipped(t)
	if _, err := os.Stat("../../data/site.yaml"); err != nil {
		t.Skip("no shipped catalog")
	}
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatalf("catalog:\n%s", errs)
	}
	day := newestDate(cat)
	files, _ := build(t, root, Options{AgeDate: day})
	for _, ed := range []struct{ name, dir, lang, link string }{
		{"en", "", "", "One-page summary (print / PDF)"},
		{"zh-CN", "zh/", "zh-CN", "一页摘要（打印 / PDF）"},
	} {
		t.Run(ed.name, func(t *testing.T) {
			page := string(files[ed.dir+report.SummaryPath])
			if page == "" {
				t.Fatalf("no %s%s", ed.dir, report.SummaryPath)
			}
			doc := reportHTML(t, root, ReportOptions{Lang: ed.lang, Date: day})
			want, got := classFigures(t, doc), classFigures(t, page)
			if len(want) < 5 {
				t.Fatalf("the report answers for %d GPU models: %q", len(want), want)
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("the summary's answer:\n%s\nthe report's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			date := report.CatalogDate(cat).Format("2006-01-02")
			if !strings.Contains(page, `<p class="summary-date">`) || !strings.Contains(page, `<time datetime="`+date+`">`) {
				t.Errorf("the summary is not dated %s, the catalog's date", date)
			}
			home := string(files[ed.dir+"index.html"])
			if !strings.Contains(home, `<p class="summary-link" id="summary-link"><a href="summary/index.html">`+ed.link+`</a></p>`) {
				t.Errorf("%sindex.html does not link to the summary as %q", ed.dir, ed.link)
			}
		})
	}
}
