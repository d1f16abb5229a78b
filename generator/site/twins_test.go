package site

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var (
	instancesTableRE = regexp.MustCompile(`(?s)<table class="data instances">.*?<tbody>(.*?)</tbody>`)
	tableRowRE       = regexp.MustCompile(`(?s)<tr[^>]*>(.*?)</tr>`)
	rowNameRE        = regexp.MustCompile(`(?s)<th scope="row"><a [^>]*>(.*?)</a>`)
	rowCountRE       = regexp.MustCompile(`<td class="num count"[^>]*>(\d+)</td>`)
	rowMoneyRE       = regexp.MustCompile(`<span class="money">(?:≈)?([0-9.,]+)&#8239;`)
	answerRE         = regexp.MustCompile(`<span class="money"[^>]*>≈?([0-9.,]+)</span>`)
)

// htmlText is the text of an HTML fragment.
func htmlText(s string) string { return html.UnescapeString(tagRE.ReplaceAllString(s, "")) }

// mdCells are the cells of a GFM table row, unescaped enough to compare.
func mdCells(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(strings.TrimSuffix(line, "|"), "|")
	var cells []string
	for _, c := range regexp.MustCompile(`[^\\]\|`).Split(" "+line, -1) {
		cells = append(cells, strings.TrimSpace(c))
	}
	return cells
}

// mdLinkText is the text of a Markdown link, unescaped.
func mdLinkText(s string) string {
	if i := strings.Index(s, "]("); strings.HasPrefix(s, "[") && i > 0 {
		s = s[1:i]
	}
	return regexp.MustCompile(`\\(.)`).ReplaceAllString(s, "$1")
}

// TestTwinsHoldTheirPagesFigures builds the shipped site once and reads
// each page that has a Markdown twin beside its twin, comparing their
// figures (gpuAndProviderTwins, instanceTwins).
func TestTwinsHoldTheirPagesFigures(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	t.Run("gpus and providers", func(t *testing.T) { gpuAndProviderTwins(t, files) })
	t.Run("instances", func(t *testing.T) { instanceTwins(t, files) })
}

// gpuAndProviderTwins reads every GPU model's and provider's page of a
// build and its twin: the page links its twin, and the twin lists the
// page's instance types in the page's order, each with its GPU count and
// price per GPU-hour; a GPU model's twin gives the page's answer.
func gpuAndProviderTwins(t *testing.T, files Files) {
	pages, rows, answers := 0, 0, 0
	for _, p := range files.Paths() {
		if !(strings.HasPrefix(p, "gpus/") || strings.HasPrefix(p, "providers/")) || strings.Count(p, "/") != 2 || !strings.HasSuffix(p, "/index.html") {
			continue
		}
		pages++
		page, twin := string(files[p]), string(files[twinPath(p)])
		if twin == "" {
			t.Errorf("%s: no twin %s", p, twinPath(p))
			continue
		}
		if !strings.Contains(page, `<link rel="alternate" type="text/markdown" href="index.md">`) {
			t.Errorf("%s: no link to its twin", p)
		}
		var want [][3]string // name, count, price
		if m := instancesTableRE.FindStringSubmatch(page); m != nil {
			for _, r := range tableRowRE.FindAllStringSubmatch(m[1], -1) {
				name, count, price := rowNameRE.FindStringSubmatch(r[1]), rowCountRE.FindStringSubmatch(r[1]), rowMoneyRE.FindStringSubmatch(r[1])
				if name == nil || count == nil {
					t.Fatalf("%s: a row without a name or count: %s", p, r[1])
				}
				row := [3]string{htmlText(name[1]), count[1], ""}
				if price != nil {
					row[2] = price[1]
				}
				want = append(want, row)
			}
		}
		_, table, _ := strings.Cut(twin, "\n## ")
		var got [][3]string
		count := -1 // the column of the GPU count
		for line := range strings.Lines(table) {
			if !strings.HasPrefix(line, "| ") {
				if count >= 0 {
					break // the end of the table
				}
				continue
			}
			c := mdCells(line)
			if count < 0 {
				count = slices.Index(c, "GPUs")
				continue
			}
			if c[0] == "---" {
				continue
			}
			if count < 0 || len(c) < count+2 {
				t.Errorf("%s: a twin row of %d cells: %s", twinPath(p), len(c), line)
				break
			}
			price := strings.TrimPrefix(strings.Fields(c[count+1] + " x")[0], "≈")
			if price == "—" || !regexp.MustCompile(`^[0-9.,]+$`).MatchString(price) {
				price = ""
			}
			got = append(got, [3]string{mdLinkText(c[0]), c[count], price})
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d instance types in the twin, %d on the page", p, len(got), len(want))
			continue
		}
		for i := range want {
			rows++
			if got[i] != want[i] {
				t.Errorf("%s: row %d: twin %q, page %q", p, i+1, got[i], want[i])
			}
		}
		// The default's answer is the first.
		if a := regexp.MustCompile(`(?s)<p class="answer" data-show="0[^"]*">.*?</p>`).FindString(page); a != "" {
			if m := answerRE.FindStringSubmatch(a); m != nil {
				answers++
				if !strings.Contains(twin, "Cheapest on demand now: "+m[1]+" ") {
					t.Errorf("%s: the page answers %s; the twin does not", p, m[1])
				}
			}
		}
	}
	if pages < 50 || rows < 500 || answers < 10 {
		t.Errorf("read %d GPU pages, %d rows and %d answers: too few", pages, rows, answers)
	}
}

// instanceTwins reads every instance type's page of a build and its
// twin: the page links its twin, and the twin's current prices are the
// page's price panel, row by row, each with the same price per GPU-hour.
func instanceTwins(t *testing.T, files Files) {
	panelRE := regexp.MustCompile(`(?s)<table class="data panel">.*?<tbody>(.*?)</tbody>`)
	perGPURE := regexp.MustCompile(`(?s)<td class="num p-pergpu">(.*?)</td>`)
	numRE := regexp.MustCompile(`≈?[0-9][0-9.,]*`)
	pages, rows := 0, 0
	for _, p := range files.Paths() {
		if !strings.HasPrefix(p, "instances/") || !strings.HasSuffix(p, "/index.html") {
			continue
		}
		pages++
		page, twin := string(files[p]), string(files[twinPath(p)])
		if twin == "" || !strings.Contains(page, `<link rel="alternate" type="text/markdown" href="index.md">`) {
			t.Errorf("%s: no twin, or no link to it", p)
			continue
		}
		var want []string
		if m := panelRE.FindStringSubmatch(page); m != nil {
			for _, r := range tableRowRE.FindAllStringSubmatch(m[1], -1) {
				per := "—"
				if c := perGPURE.FindStringSubmatch(r[1]); c != nil {
					if n := numRE.FindString(htmlText(c[1])); n != "" {
						per = n
					}
				}
				want = append(want, per)
			}
		}
		_, section, _ := strings.Cut(twin, "\n## ")
		section, _, _ = strings.Cut(section, "\n## ")
		var got []string
		for line := range strings.Lines(section) {
			c := mdCells(line)
			if !strings.HasPrefix(line, "| ") || len(c) < 3 || c[0] == "---" || c[0] == "Pricing model" {
				continue
			}
			got = append(got, strings.Fields(c[2] + " —")[0])
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: per GPU-hour in the twin %q, on the page %q", p, got, want)
		}
		rows += len(want)
	}
	if pages < 200 || rows < 300 {
		t.Errorf("read %d instance pages and %d panel rows: too few", pages, rows)
	}
}
