package site

import (
	"gpucompare/generator/site/report"
	"html"
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
// catalog's date, "catalog checked" as an embedded chart's note says), an
// answer of another provider than its row's on-demand answer saying so (a spot answer by a mark explained once),
// and the home page's first element links to it, its table's note naming
// the tabs it holds for.
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
	for _, ed := range []struct {
		name, dir, lang, link, other, checked, scope string
		own                                          *regexp.Regexp
		none                                         string
	}{
		{"en", "", "", "One-page summary (print / PDF)", "not the on-demand provider", "Catalog checked:",
			"This note holds for the On-demand, Spot and 1-year commitment tabs; the Mainland China tab has its own note under its table.",
			regexp.MustCompile(`^not the on-demand provider; its own on-demand price: [0-9][0-9,]*(\.[0-9]+)?\x{202f}[A-Z]{3}$`),
			"not the on-demand provider, and none of its on-demand prices of this GPU model answers"},
		{"zh-CN", "zh/", "zh-CN", "一页摘要（打印 / PDF）", "此价来自另一家服务商", "目录核对至：",
			"本说明适用于本表的按量计费、抢占式实例和1年期承诺标签页；上方中国内地价格表的说明见该表下方。",
			regexp.MustCompile(`^此价来自另一家服务商；该服务商的按量计费价格为[0-9][0-9,]*(\.[0-9]+)?(元|美元)$`),
			"此价来自另一家服务商；该服务商此GPU型号没有可用的按量计费价格"},
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
			// A spot or 1-year answer of another provider than the row's
			// on-demand answer says so (a spot answer by its mark, and in
			// words for screen readers and the twin); one of the same
			// provider does not.
			marked, spot := 0, 0
			for _, row := range got {
				cells := strings.Split(html.UnescapeString(row), " | ")
				provider := func(offer string) string { p, _, _ := strings.Cut(offer, " · "); return p }
				for i := 4; i < len(cells); i += 2 {
					if !strings.Contains(cells[i], " · ") || !strings.Contains(cells[2], " · ") {
						continue
					}
					if i == 4 {
						// A spot answer carries the mark, its words after it.
						name, _, _ := strings.Cut(provider(cells[i]), "†")
						other := strings.TrimSpace(name) != provider(cells[2])
						if other != (strings.Contains(cells[i], "†") && strings.Contains(cells[i], ed.other)) {
							t.Errorf("a spot answer of another provider: %v, but its mark and words are there: %v, in %s", other, !other, row)
						}
						if other {
							spot++
						}
						continue
					}
					other := provider(cells[i]) != provider(cells[2])
					if other != strings.Contains(cells[i], ed.other) {
						t.Errorf("another provider: %v, but the note %q is there: %v, in %s", other, ed.other, !other, row)
					}
					if other {
						marked++
					}
				}
			}
			if marked == 0 || spot == 0 {
				t.Errorf("no 1-year (%d) or spot (%d) answer of the summary comes from another provider than its row's on-demand answer: the test holds nothing", marked, spot)
			}
			// The mark is explained once, under the table.
			if n := strings.Count(page, `<span class="other-note" id="other-note">`); n != 1 {
				t.Errorf("the mark of another provider's spot answer is explained %d times under the table, want once", n)
			}
			// Each mark opens, on a tap, on that provider's own on-demand
			// price (a touch screen shows no tooltip): on the summary, in
			// the report and in the home table, whose spot tab marks the
			// same answers.
			if n := checkOtherMarks(t, ed.dir+report.SummaryPath, page, ed.own, ed.none); n == 0 {
				t.Errorf("no mark of the summary opens on an own on-demand price: the test holds nothing")
			}
			checkOtherMarks(t, "the report", doc, ed.own, ed.none)
			if n := checkOtherMarks(t, ed.dir+"index.html", string(files[ed.dir+"index.html"]), ed.own, ed.none); n < spot {
				t.Errorf("%sindex.html marks %d answers of another provider with their own on-demand price, fewer than the summary's %d spot answers", ed.dir, n, spot)
			}
			date := report.CatalogDate(cat).Format("2006-01-02")
			if !strings.Contains(page, `<p class="summary-date">`+ed.checked+` <time datetime="`+date+`">`) {
				t.Errorf("the summary is not dated %q %s, the catalog's date", ed.checked, date)
			}
			home := string(files[ed.dir+"index.html"])
			// The home table's note names the tabs it holds for: the
			// mainland view answers by its own note.
			if i, j := strings.Index(home, `<p class="fx-note home-note">`), strings.Index(home, ed.scope); i < 0 || j < i || j-i > 200 {
				t.Errorf("%sindex.html: the note under the answer table does not open with %q", ed.dir, ed.scope)
			}
			// A chart's note gives its newest price and the catalog's date
			// apart, the same catalog date as the summary's.
			if ed.dir == "" {
				embed := string(files["embed/price-by-gpu/index.html"])
				if !strings.Contains(embed, "Newest price shown: ") || !strings.Contains(embed, "catalog checked "+date+".") {
					t.Errorf("embed/price-by-gpu: the note does not give the newest price shown and the catalog checked %s", date)
				}
			}
			if !strings.Contains(home, `<p class="summary-link" id="summary-link"><a href="summary/index.html">`+ed.link+`</a></p>`) {
				t.Errorf("%sindex.html does not link to the summary as %q", ed.dir, ed.link)
			}
		})
	}
}
