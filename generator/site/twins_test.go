package site

import (
	"bytes"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	xhtml "golang.org/x/net/html"

	"gpucompare/generator/site/twins"
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
		page, twin := string(files[p]), string(files[twins.Path(p)])
		if twin == "" {
			t.Errorf("%s: no twin %s", p, twins.Path(p))
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
				t.Errorf("%s: a twin row of %d cells: %s", twins.Path(p), len(c), line)
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
		page, twin := string(files[p]), string(files[twins.Path(p)])
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

// TestEveryPageKindHasItsFiguresInItsTwin builds the shipped site, both
// editions, and reads every page with a twin beside its twin: the page
// links its twin; each table the page shows is a GFM table of the twin,
// in the same order, with as many rows, and each cell of the twin holds
// the figures of the page's cell, in order (everyPageTwin); and
// llms.txt of each edition links the twin of every section.
func TestEveryPageKindHasItsFiguresInItsTwin(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	kinds := map[string]int{}
	tables, cells := 0, 0
	for _, p := range files.Paths() {
		if !twins.Has(p) {
			continue
		}
		twin, ok := files[twins.Path(p)]
		if !ok {
			t.Errorf("%s: no twin", p)
			continue
		}
		if !strings.Contains(string(files[p]), `<link rel="alternate" type="text/markdown" href="index.md">`) {
			t.Errorf("%s: no link to its twin", p)
		}
		kind := pageKindOf(p)
		kinds[kind]++
		if kind == "gpu" || kind == "provider" || kind == "instance" {
			continue // twins of their models, read by TestTwinsHoldTheirPagesFigures
		}
		nt, nc := everyPageTwin(t, p, files[p], string(twin))
		tables, cells = tables+nt, cells+nc
	}
	for _, k := range []string{"home", "compare", "gpus", "gpu", "providers", "provider", "instance", "guides", "guide", "scenarios", "scenario",
		"evaluation", "benchmarks", "benchmark", "changes", "changes month", "summary", "content"} {
		if kinds[k] < 2 { // both editions
			t.Errorf("%d pages of the kind %q with a twin, want one in each edition at least", kinds[k], k)
		}
	}
	if tables < 400 || cells < 50000 {
		t.Errorf("compared %d tables and %d cells: too few", tables, cells)
	}
	for _, ed := range []string{"", "zh/"} {
		llms := string(files[ed+"llms.txt"])
		_, sections, _ := strings.Cut(llms, "\n## ")
		sections, _, _ = strings.Cut(sections, "\n## ")
		links := regexp.MustCompile(`\]\(([^)]+)\)`).FindAllStringSubmatch(sections, -1)
		if len(links) < 9 {
			t.Errorf("%sllms.txt: %d sections linked", ed, len(links))
		}
		for _, l := range links {
			if l[1] != "llms-full.txt" && (!strings.HasSuffix(l[1], "index.md") || files[ed+l[1]] == nil) {
				t.Errorf("%sllms.txt: a section links %s, not a twin of the site", ed, l[1])
			}
		}
	}
}

// pageKindOf is the kind of the page at output path p, as far as the
// test of twins tells them apart.
func pageKindOf(p string) string {
	p = strings.TrimPrefix(p, "zh/")
	dir := strings.TrimSuffix(p, "index.html")
	parts := strings.Split(strings.Trim(dir, "/"), "/")
	switch {
	case dir == "":
		return "home"
	case parts[0] == "compare":
		return "compare"
	case parts[0] == "about" || parts[0] == "methodology":
		return "content"
	case len(parts) == 1:
		return parts[0]
	case parts[0] == "gpus" || parts[0] == "providers" || parts[0] == "guides" || parts[0] == "scenarios" || parts[0] == "benchmarks":
		return strings.TrimSuffix(parts[0], "s")
	case parts[0] == "instances":
		return "instance"
	case parts[0] == "changes":
		return "changes month"
	}
	return dir
}

var figureRE = regexp.MustCompile(`[0-9]+(?:[.,][0-9]+)*`)

// everyPageTwin compares the tables of a page with those of its twin,
// returning how many tables and cells it compared. A page's table is
// its rows not hidden, less the columns its script turns off by default
// (data-off) but the matrix's sources; a cell's figures are the numbers in its text; the twin's
// cell, its link targets left out, must hold them in the same order.
func everyPageTwin(t *testing.T, p string, page []byte, twin string) (tables, cells int) {
	doc, err := xhtml.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	var want [][][]string // tables, rows, cells' figures
	var walk func(n *xhtml.Node, hidden bool)
	walk = func(n *xhtml.Node, hidden bool) {
		if n.Type == xhtml.ElementNode {
			for _, a := range n.Attr {
				hidden = hidden || a.Key == "hidden" || a.Key == "aria-hidden" && a.Val == "true"
			}
			if n.Data == "table" && !hidden && insideMain(n) {
				want = append(want, pageTable(n))
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, hidden)
		}
	}
	walk(doc, false)
	var got [][][]string
	var table [][]string
	for line := range strings.Lines(twin + "\n") {
		line = strings.TrimLeft(line, " ") // a table in a list item is indented
		if !strings.HasPrefix(line, "|") {
			if table != nil {
				got, table = append(got, table[2:]), nil // less the header and its rule
			}
			continue
		}
		if len(table) > 0 && len(mdCells(line)) != len(table[0]) {
			t.Errorf("%s: a twin's table row of %d cells under a header of %d: %s", p, len(mdCells(line)), len(table[0]), line)
		}
		var row []string
		for _, c := range mdCells(line) {
			row = append(row, strings.Join(figureRE.FindAllString(regexp.MustCompile(`\]\([^)]*\)`).ReplaceAllString(c, "]"), -1), " "))
		}
		table = append(table, row)
	}
	if len(got) != len(want) {
		t.Errorf("%s: %d tables on the page, %d in its twin", p, len(want), len(got))
		return
	}
	for i := range want {
		tables++
		if len(got[i]) != len(want[i]) {
			t.Errorf("%s: table %d: %d rows on the page, %d in its twin", p, i+1, len(want[i]), len(got[i]))
			continue
		}
		for r := range want[i] {
			if len(got[i][r]) != len(want[i][r]) {
				t.Errorf("%s: table %d row %d: %d cells on the page, %d in its twin", p, i+1, r+1, len(want[i][r]), len(got[i][r]))
				continue
			}
			for c, figures := range want[i][r] {
				cells++
				if !isSubsequence(strings.Fields(figures), strings.Fields(got[i][r][c])) {
					t.Errorf("%s: table %d row %d cell %d: the page has %q, its twin %q", p, i+1, r+1, c+1, figures, got[i][r][c])
				}
			}
		}
	}
	return tables, cells
}

// insideMain reports whether n is inside the page's <main>.
func insideMain(n *xhtml.Node) bool {
	for ; n != nil; n = n.Parent {
		if n.Data == "main" {
			return true
		}
	}
	return false
}

// pageTable is the figures of each cell of each row a table shows by
// default, without its header row.
func pageTable(n *xhtml.Node) [][]string {
	var rows [][]string
	var off []bool
	var walk func(n *xhtml.Node, head bool)
	walk = func(n *xhtml.Node, head bool) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != xhtml.ElementNode || slices.ContainsFunc(c.Attr, func(a xhtml.Attribute) bool { return a.Key == "hidden" }) {
				continue
			}
			switch c.Data {
			case "thead":
				walk(c, true)
			case "tbody", "tfoot":
				walk(c, false)
			case "tr":
				var row []string
				i := 0
				for d := c.FirstChild; d != nil; d = d.NextSibling {
					if d.Data != "td" && d.Data != "th" {
						continue
					}
					isOff := slices.ContainsFunc(d.Attr, func(a xhtml.Attribute) bool { return a.Key == "data-off" }) &&
						!slices.ContainsFunc(d.Attr, func(a xhtml.Attribute) bool { return a.Key == "data-col" && a.Val == "source" })
					if head {
						off = append(off, isOff)
					} else if i >= len(off) || !off[i] {
						hidden := slices.ContainsFunc(d.Attr, func(a xhtml.Attribute) bool { return a.Key == "hidden" })
						s := ""
						if !hidden {
							s = strings.Join(figureRE.FindAllString(visibleText(d), -1), " ")
						}
						row = append(row, s)
						for _, a := range d.Attr {
							if n, _ := strconv.Atoi(a.Val); a.Key == "colspan" && n > 1 {
								row = append(row, make([]string, n-1)...)
							}
						}
					}
					i++
				}
				if !head {
					rows = append(rows, row)
				}
			}
		}
	}
	walk(n, false)
	return rows
}

// visibleText is the text under n that a reader sees without script.
func visibleText(n *xhtml.Node) string {
	var b strings.Builder
	var walk func(*xhtml.Node)
	walk = func(n *xhtml.Node) {
		if n.Type == xhtml.TextNode {
			b.WriteString(n.Data)
		}
		if n.Type == xhtml.ElementNode && n.Data != "wbr" { // an element's text is a word of its own
			b.WriteString(" ")
			defer b.WriteString(" ")
		}
		if n.Type == xhtml.ElementNode && (n.Data == "script" || n.Data == "svg" || n.Data == "button" ||
			slices.ContainsFunc(n.Attr, func(a xhtml.Attribute) bool { return a.Key == "hidden" })) {
			return
		}
		// A closed disclosure shows its summary only (a mark's words
		// under it show when tapped).
		closed := n.Type == xhtml.ElementNode && n.Data == "details" &&
			!slices.ContainsFunc(n.Attr, func(a xhtml.Attribute) bool { return a.Key == "open" })
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if !closed || c.Type == xhtml.ElementNode && c.Data == "summary" {
				walk(c)
			}
		}
	}
	walk(n)
	return b.String()
}

// isSubsequence reports whether every item of sub is in s, in order.
func isSubsequence(sub, s []string) bool {
	i := 0
	for _, x := range s {
		if i < len(sub) && x == sub[i] {
			i++
		}
	}
	return i == len(sub)
}

// TestTwinAgeCellsCiteInFootnotes: in the twins of GPU models and
// instance types, a price whose source is not a web address has a short
// age cell citing it as a footnote, and the footnote, once, at the end
// of the twin gives the whole source; a web address stays a link in the
// cell.
func TestTwinAgeCellsCiteInFootnotes(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	for twin, want := range map[string]struct{ cell, note string }{
		"gpus/a100-sxm4-40gb/index.md":        {"| 2025-03 (3 months) · provider[^1] |", "seed guide gpu-guide.md"},
		"instances/aws/p4d.24xlarge/index.md": {"| 2025 (this year) · provider[^1] |", "skypilot-catalog@001367d catalogs/v7/aws/vms.csv"},
	} {
		md := string(files[twin])
		if !strings.Contains(md, want.cell) {
			t.Errorf("%s: no age cell %q:\n%s", twin, want.cell, md)
		}
		if !strings.HasSuffix(md, "\n\n[^1]: "+want.note+"\n") && !strings.Contains(md, "\n\n[^1]: "+want.note+"\n[^2]") {
			t.Errorf("%s: does not end with the footnote %q:\n%s", twin, want.note, md)
		}
		if n := strings.Count(md, want.note); n != 1 {
			t.Errorf("%s: %q written %d times, want once, in its footnote", twin, want.note, n)
		}
	}
	const link = "provider: [https://aws.amazon.com/ec2/pricing/on-demand/](https://aws.amazon.com/ec2/pricing/on-demand/)"
	if md := string(files["instances/aws/p4d.24xlarge/index.md"]); !strings.Contains(md, link) {
		t.Errorf("the p4d.24xlarge twin does not link its on-demand source in its cell (%s):\n%s", link, md)
	}
}
