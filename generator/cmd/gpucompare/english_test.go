package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"go.yaml.in/yaml/v3"
	"golang.org/x/net/html"
)

// latinWords are the words of Latin letters a page of the Chinese
// edition may show outside text marked lang="en": product, brand, unit
// and standard names, each with the reason it stays in Latin letters
// (testdata/zh-latin-words.yaml).
func latinWords(t *testing.T) map[string]bool {
	t.Helper()
	src, err := os.ReadFile("testdata/zh-latin-words.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var list struct {
		Words []struct {
			Word   string `yaml:"word"`
			Reason string `yaml:"reason"`
		} `yaml:"words"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	dec.KnownFields(true)
	if err := dec.Decode(&list); err != nil {
		t.Fatalf("testdata/zh-latin-words.yaml: %v", err)
	}
	words := map[string]bool{}
	for i, w := range list.Words {
		if w.Word == "" || strings.TrimSpace(w.Reason) == "" {
			t.Fatalf("testdata/zh-latin-words.yaml: entry %d (%q) needs a word and a reason", i+1, w.Word)
		}
		if words[w.Word] {
			t.Fatalf("testdata/zh-latin-words.yaml: %q listed twice", w.Word)
		}
		words[w.Word] = true
	}
	return words
}

// latinToken is a run of Latin letters, digits and the marks that join
// them into one name (p4d.24xlarge, us-east-1, Standard_ND96isr_H100_v5).
var latinToken = regexp.MustCompile(`[A-Za-z0-9][A-Za-z0-9._'’+-]*[A-Za-z0-9]|[A-Za-z]`)

// zoneID is a region or zone id a China cloud gives without a digit
// (cn-hangzhou-j, cn-hongkongd, ap-beijing): a code, not a word.
var zoneID = regexp.MustCompile(`^(cn|ap)-[a-z]+(-[a-z])?$`)

// englishWords returns the words of text that are English words the
// list does not allow. A token holding a digit, a dot or an underscore
// is a code (H100, ecs.gn7i-c8g1.2xlarge, us-east-1), not a word; a
// hyphenated word is allowed when it is listed whole or each part is.
func englishWords(text string, allowed map[string]bool) []string {
	var found []string
	for _, w := range englishWordsAt(text, allowed) {
		found = append(found, text[w[0]:w[1]])
	}
	return found
}

// englishWordsAt is englishWords as the positions of the words in text.
func englishWordsAt(text string, allowed map[string]bool) [][2]int {
	var found [][2]int
	// A phrase the list allows (a brand of two words) is blanked out
	// first, wherever it stands whole, so each of its words stays a word
	// alone.
	if phrases := phrasesOf(allowed); phrases != nil {
		text = phrases.ReplaceAllStringFunc(text, func(s string) string { return strings.Repeat(" ", len(s)) })
	}
	for _, m := range latinToken.FindAllStringIndex(text, -1) {
		tok := text[m[0]:m[1]]
		if strings.ContainsAny(tok, "0123456789._") || zoneID.MatchString(tok) {
			continue
		}
		// Within a URL or a file path, letters are an address.
		if m[0] > 0 && strings.ContainsRune("/@:#", rune(text[m[0]-1])) || m[1] < len(text) && (text[m[1]] == '/' || text[m[1]] == '@' || strings.HasPrefix(text[m[1]:], "://")) {
			continue
		}
		if allowed[tok] {
			continue
		}
		parts := strings.Split(tok, "-")
		if len(parts) > 1 && !slices.ContainsFunc(parts, func(p string) bool { return !allowed[p] }) {
			continue
		}
		found = append(found, [2]int{m[0], m[1]})
	}
	return found
}

// phrasesOf is a pattern of the entries of allowed that hold a space,
// each whole, or nil when there are none.
func phrasesOf(allowed map[string]bool) *regexp.Regexp {
	var alts []string
	for w := range allowed {
		if strings.Contains(w, " ") {
			alts = append(alts, regexp.QuoteMeta(w))
		}
	}
	if alts == nil {
		return nil
	}
	// The longest first, so that a phrase holding another (Stable
	// Diffusion XL, Stable Diffusion) is taken whole.
	slices.SortFunc(alts, func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) })
	return regexp.MustCompile(`\b(?:` + strings.Join(alts, "|") + `)\b`)
}

// visibleText is what a reader of an HTML page sees of it, outside the
// elements marked lang="en": its text, the attributes a browser shows
// (title, alt, placeholder, aria-label), and, of the JSON in script
// elements, the texts a chart draws (titles, axis and series names,
// category labels) and the steps of a guide.
// nodeText is the text of n and its descendants.
func nodeText(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.WriteString(nodeText(c))
	}
	return b.String()
}

func visibleText(page []byte) (string, error) {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return "", err
	}
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				if a.Key == "lang" && (a.Val == "en" || strings.HasPrefix(a.Val, "en-")) && n.Data != "html" {
					return
				}
			}
			// An identifier shown as such (a region's id beside its name) is
			// a code, not text.
			if slices.Contains(strings.Fields(attr(n, "class")), "id") {
				return
			}
			for _, a := range n.Attr {
				switch a.Key {
				case "title", "alt", "placeholder", "aria-label":
					// Read apart from the text around it: a label's
					// text and its input's aria-label are two texts.
					b.WriteString("\n" + a.Val + "\n")
				}
			}
			switch n.Data {
			// A quotation (<q>) of a source's Chinese words is the
			// source's, as written ($1.2/GPU小时, Colab Notebook); one
			// with no Chinese in it is read as the page's text unless
			// marked lang="en": a source's English words quoted in a
			// Chinese sentence (题为“GPU Computing instances”) carry their
			// language, as any other English text does.
			case "style", "template", "code", "kbd", "samp":
				return
			case "q":
				if strings.ContainsFunc(nodeText(n), func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
					return
				}
			case "noscript":
				// Parsed as a browser with scripts parses it, its content is
				// raw text; a reader without scripts sees it as the page's.
				if c := n.FirstChild; c != nil && c.Type == html.TextNode {
					if s, err := visibleText([]byte(c.Data)); err == nil {
						b.WriteString(s)
					}
				}
				return
			case "script":
				id := attr(n, "id")
				if attr(n, "type") == "application/json" && (strings.HasPrefix(id, "chart-") || id == "guide-data") && n.FirstChild != nil {
					var v any
					if err := json.Unmarshal([]byte(n.FirstChild.Data), &v); err != nil {
						return
					}
					shownStrings(v, "", &b)
				}
				return
			}
		}
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		// Text of inline elements runs on (a name broken by <wbr> is one
		// word); other elements end a line.
		if n.Type == html.ElementNode && !inline[n.Data] {
			b.WriteString("\n")
		}
	}
	walk(doc)
	return b.String(), nil
}

// inline are the elements whose text runs on with the text around them.
var inline = map[string]bool{"a": true, "abbr": true, "b": true, "bdi": true, "cite": true, "data": true, "dfn": true, "em": true, "i": true, "label": true, "mark": true, "q": true, "s": true, "small": true, "span": true, "strong": true, "sub": true, "sup": true, "time": true, "u": true, "wbr": true}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// shownStrings writes the strings of a chart's options or a guide's
// steps that are drawn or shown as text: those under text, subtext,
// name, label, title, question, answer, and the plain strings of a data
// array (category labels).
func shownStrings(v any, key string, b *strings.Builder) {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			shownStrings(v[k], k, b)
		}
	case []any:
		for _, e := range v {
			shownStrings(e, key, b)
		}
	case string:
		switch key {
		case "text", "subtext", "name", "label", "title", "question", "answer", "data", "note", "why":
			b.WriteString(v + "\n")
		}
	}
}

// feedText is the text a reader of a feed sees: the character data of an
// RSS or Atom document but its addresses and ids, or of a JSON Feed its
// titles, texts and summaries. Text holding HTML is read as a page.
func feedText(name string, data []byte) (string, error) {
	var b strings.Builder
	if strings.HasSuffix(name, ".json") {
		var f struct {
			Title       string `json:"title"`
			Description string `json:"description"`
			Items       []struct {
				Title       string `json:"title"`
				ContentText string `json:"content_text"`
				ContentHTML string `json:"content_html"`
				Summary     string `json:"summary"`
			} `json:"items"`
		}
		if err := json.Unmarshal(data, &f); err != nil {
			return "", err
		}
		b.WriteString(f.Title + "\n" + f.Description + "\n")
		for _, it := range f.Items {
			b.WriteString(it.Title + "\n" + it.ContentText + "\n" + it.Summary + "\n")
			if it.ContentHTML != "" {
				s, err := visibleText([]byte(it.ContentHTML))
				if err != nil {
					return "", err
				}
				b.WriteString(s)
			}
		}
		return b.String(), nil
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	var stack []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return b.String(), nil
		}
		if err != nil {
			return "", err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			stack = append(stack, tok.Name.Local)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) == 0 {
				continue
			}
			switch stack[len(stack)-1] {
			case "link", "guid", "id", "pubDate", "lastBuildDate", "updated", "published", "generator":
				continue
			}
			s := string(tok)
			if strings.Contains(s, "<") {
				if s, err = visibleText([]byte(s)); err != nil {
					return "", err
				}
			}
			b.WriteString(s + "\n")
		}
	}
}

// TestChineseEditionHasNoEnglishWords builds the shipped catalog with a
// site URL (so its feeds are written) and its Chinese report, and reads
// the visible text of every page, feed and chart of the Chinese edition
// outside text marked lang="en": no English word stands there but the
// product, brand, unit and standard names testdata/zh-latin-words.yaml
// allows, each with its reason.
// englishMark is the mark of catalog text a page shows in the catalog's
// own language for want of its Chinese (untranslated.mark, 英文).
const englishMark = `class="untranslated-mark"`

// maxEnglishMarks is how many englishMark the Chinese edition of the
// shipped catalog may show: a ratchet, at 0 since every note and as-of
// in words has its Chinese text.
const maxEnglishMarks = 0

func TestChineseEditionHasNoEnglishWords(t *testing.T) {
	const root = "../../.."
	allowed := latinWords(t)
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "-root", root, "-out", out, "-base-url", "https://gpucompare.example/"}, &stdout, &stderr); code != 0 {
		t.Fatalf("build: exit %d\n%s", code, stderr.String())
	}
	report := filepath.Join(out, "zh", "report.html")
	if code := run([]string{"report", "-root", root, "-lang", "zh-CN", "-scenario", "research-lease", "-date", "2026-10-07", "-o", report}, &stdout, &stderr); code != 0 {
		t.Fatalf("report: exit %d\n%s", code, stderr.String())
	}
	spaced := map[string][]string{}    // a number spaced from its measure word → the files
	halfWidth := map[string][]string{} // a half-width mark after a Chinese character → the files
	badMoney := map[string][]string{}  // an amount not in the edition's money format → the files
	byWord := map[string][]string{}    // word → the files that show it
	firstAt := map[string]string{}     // word → the text around its first occurrence
	pages, feeds := 0, 0
	marks, marked := 0, []string(nil) // the 英文 marks of catalog text shown in English, and the files
	err := filepath.WalkDir(filepath.Join(out, "zh"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(out, path)
		rel = filepath.ToSlash(rel)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var text string
		switch filepath.Ext(path) {
		case ".html":
			if n := bytes.Count(data, []byte(englishMark)); n > 0 {
				marks += n
				marked = append(marked, fmt.Sprintf("%s (%d)", rel, n))
			}
			text, err = visibleText(data)
			pages++
		case ".xml", ".json":
			if filepath.Base(path) == "sitemap.xml" {
				return nil
			}
			text, err = feedText(path, data)
			feeds++
		default:
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %v", rel, err)
		}
		for _, m := range moneyProblems(text) {
			if fs := badMoney[m]; len(fs) == 0 || fs[len(fs)-1] != rel {
				badMoney[m] = append(badMoney[m], rel)
			}
		}
		for _, m := range halfWidthMarks(text) {
			if fs := halfWidth[m]; len(fs) == 0 || fs[len(fs)-1] != rel {
				halfWidth[m] = append(halfWidth[m], rel)
			}
		}
		for _, m := range spacedMeasure.FindAllString(text, -1) {
			if fs := spaced[m]; len(fs) == 0 || fs[len(fs)-1] != rel {
				spaced[m] = append(spaced[m], rel)
			}
		}
		for _, at := range englishWordsAt(text, allowed) {
			w := text[at[0]:at[1]]
			if _, ok := firstAt[w]; !ok {
				firstAt[w] = around(text, at[0], at[1])
			}
			if fs := byWord[w]; len(fs) == 0 || fs[len(fs)-1] != rel {
				byWord[w] = append(byWord[w], rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pages < 300 || feeds < 3 {
		t.Fatalf("read %d pages and %d feeds: the Chinese edition was not built whole", pages, feeds)
	}
	// Catalog text without Chinese (a note, an as-of in words) shows in
	// English with its 英文 mark: the shipped catalog has none left, and
	// one that comes back fails here as check warns of it.
	if marks > maxEnglishMarks {
		t.Errorf("%d catalog texts shown in English with the %s mark on the Chinese pages, more than the %d allowed: %s", marks, "英文", maxEnglishMarks, strings.Join(marked[:min(5, len(marked))], ", "))
	}
	// Written Chinese sets a number against its measure word or unit
	// (16张, 6个月, 3天), as the buyer's guides do; an amount and its currency keep the
	// space of every price the site shows.
	for _, m := range slices.Sorted(maps.Keys(spaced)) {
		t.Errorf("%q, a number spaced from its measure word, on %d files: %s", m, len(spaced[m]), strings.Join(spaced[m][:min(3, len(spaced[m]))], ", "))
	}
	// An amount is written as Chinese writes it: "16美元", "3.09美元/小时",
	// not "$16" or "3.09 美元".
	for _, m := range slices.Sorted(maps.Keys(badMoney)) {
		t.Errorf("%q, a figure or date not written as Chinese writes it, on %d files: %s", m, len(badMoney[m]), strings.Join(badMoney[m][:min(3, len(badMoney[m]))], ", "))
	}
	// Chinese text takes full-width marks: "22.726元/小时；无预付", not
	// "22.726元/小时; 无预付".
	for _, m := range slices.Sorted(maps.Keys(halfWidth)) {
		t.Errorf("%q, a half-width mark in Chinese text, on %d files: %s", m, len(halfWidth[m]), strings.Join(halfWidth[m][:min(3, len(halfWidth[m]))], ", "))
	}
	// The words still to fix, each with the number of files showing it:
	// the list only shrinks. A word not in it, or in more files, fails;
	// a word fixed (fewer files, or none) asks for the list to be
	// rewritten with -update, so that it stays exact.
	const knownFile = "testdata/zh-english-known.txt"
	if *update {
		var b strings.Builder
		b.WriteString("# English words the Chinese edition still shows outside lang=\"en\", with the\n# number of files showing each (TestChineseEditionHasNoEnglishWords). Fix\n# them in messages, templates, code or the catalog's Chinese texts, and\n# rewrite this list with go test -update; never add to it by hand.\n")
		for _, w := range slices.Sorted(maps.Keys(byWord)) {
			fmt.Fprintf(&b, "%s\t%d\n", w, len(byWord[w]))
		}
		if err := os.WriteFile(knownFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	known := map[string]int{}
	src, err := os.ReadFile(knownFile)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(src), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		w, n, ok := strings.Cut(line, "\t")
		count, err := strconv.Atoi(n)
		if !ok || err != nil {
			t.Fatalf("%s:%d: want word, tab, count; got %q", knownFile, i+1, line)
		}
		known[w] = count
	}
	for _, w := range slices.Sorted(maps.Keys(byWord)) {
		fs := byWord[w]
		shown := fs
		if len(shown) > 3 {
			shown = append(shown[:3:3], fmt.Sprintf("and %d more", len(fs)-3))
		}
		if n, ok := known[w]; !ok || len(fs) > n {
			t.Errorf("%q on %d files (%d known): %s; first in “%s”", w, len(fs), n, strings.Join(shown, ", "), firstAt[w])
		} else if len(fs) < n {
			t.Errorf("%q on %d files, fewer than the %d of %s: rewrite it with -update", w, len(fs), n, knownFile)
		}
	}
	for w := range known {
		if byWord[w] == nil {
			t.Errorf("%q is no longer shown: rewrite %s with -update", w, knownFile)
		}
	}
}

// moneyProblems are the amounts of text outside a source's quotation
// (“”) that are not in the Chinese edition's money format: a dollar
// sign before a figure ("$16"), or a space between a figure and its
// currency ("3.09 美元"); each with the text around it.
func moneyProblems(text string) []string {
	var found []string
	for _, span := range unquoted(text) {
		for _, m := range badAmount.FindAllStringIndex(text[span[0]:span[1]], -1) {
			found = append(found, around(text, span[0]+m[0], span[0]+m[1]))
		}
	}
	return found
}

// badAmount is "$16", "US$1.2", a figure spaced from its currency, or a
// measured result with the noise of a division ("27.9688844837分钟": a
// result is shown to four significant digits, its exact value in the
// exports), or an ISO date in Chinese prose ("自 2020-11-01 起": Chinese
// writes 自2020年11月1日起).
var badAmount = regexp.MustCompile(`\p{Han} ?[12][0-9]{3}-[01][0-9]-[0-3][0-9] ?\p{Han}|\$[0-9]|[0-9][ \x{00a0}\x{202f}]+(美元|元|欧元)|[0-9]\.[0-9]{5,}[ \x{202f}]?(分钟|秒|样本/秒|查询/秒|词元/秒)`)

// unquoted are the spans of text outside quotations in “”.
func unquoted(text string) [][2]int {
	var out [][2]int
	start, depth := 0, 0
	for i, r := range text {
		switch {
		case r == '“':
			if depth == 0 {
				out = append(out, [2]int{start, i})
			}
			depth++
		case r == '”' && depth > 0:
			depth--
			if depth == 0 {
				start = i + len("”")
			}
		}
	}
	if depth == 0 {
		out = append(out, [2]int{start, len(text)})
	}
	return out
}

// halfWidthMarks are the half-width marks , ; : ? ! . of text that
// directly follow a Chinese character (or a full-width bracket or
// quotation mark closing Chinese text), each with the text around it,
// outside the quotations of a source in “”, which keep its marks.
func halfWidthMarks(text string) []string {
	var found []string
	quoted := 0
	var prev rune
	for i, r := range text {
		switch {
		case r == '“':
			quoted++
		case r == '”' && quoted > 0:
			quoted--
		case quoted == 0 && strings.ContainsRune(",;:?!.", r) && (unicode.Is(unicode.Han, prev) || prev == '）'):
			found = append(found, around(text, i-len(string(prev)), i+1))
		}
		prev = r
	}
	return found
}

// spacedMeasure is a number, a space and a Chinese measure word or unit:
// "16 张", "6 个月", "3 天".
var spacedMeasure = regexp.MustCompile(`[0-9][0-9,.]*[ \x{00a0}]+(张|个|台|块|卡|天|周|小时|分钟|秒|年|次|项|条|家|种|倍|节点)`)

// TestMoneyProblemsFound: a dollar sign or a spaced currency is found
// in Chinese text, not in a source's quotation, and the Chinese money
// format passes.
func TestMoneyProblemsFound(t *testing.T) {
	for text, want := range map[string]int{
		"每小时 $16，约 $1.5 以内":       2,
		"3.09 美元 与 11.714\u202f元": 2,
		"3.09美元/小时，11.714元/GPU小时": 0,
		"原文为“每GPU小时 $1.2”":        0,
		"27.9688844837分钟，27.97分钟": 1,
		"SLA 自 2020-11-01 起生效":    1,
		"SLA 自2020年11月1日起生效":      0,
	} {
		if got := moneyProblems(text); len(got) != want {
			t.Errorf("%q: found %q, want %d", text, got, want)
		}
	}
}

// TestHalfWidthMarksFound: a half-width mark after Chinese text is
// found; one in English text, in a number, in an address or in a
// source's quotation is not.
func TestHalfWidthMarksFound(t *testing.T) {
	for text, want := range map[string]int{
		"22.726元/小时; 无预付; 比按量计费低41.5%": 2,
		"原报价10.80美元/小时, 按1美元":          1,
		"来源中未找到：公网出流量、隔离方案.":           1,
		"需要多大的显存?":                     1,
		"每GPU小时（CSV）, 成本":              1,
		"22.726元/小时；无预付":               0,
		"1,000 GPU: ok; https://a.b":   0,
		"原文写道“GPU计算型: ecs.gn7”":        0,
	} {
		if got := halfWidthMarks(text); len(got) != want {
			t.Errorf("%q: found %q, want %d", text, got, want)
		}
	}
}

// TestEnglishWordsFound: the reading above finds an English word in a
// page's text, a chart's title and an attribute, and leaves alone text
// marked lang="en", codes, addresses and the words the list allows.
func TestEnglishWordsFound(t *testing.T) {
	allowed := map[string]bool{"NVIDIA": true, "GB": true, "Spot": true, "Open Telekom": true, "Stable Diffusion": true, "Stable Diffusion XL": true}
	for _, c := range []struct {
		page string
		want []string
	}{
		{`<p>NVIDIA H100 80 GB</p>`, nil},
		{`<p>来自 Alibaba Cloud</p>`, []string{"Alibaba", "Cloud"}},
		{`<span lang="en">Alibaba Cloud <b>Beijing</b></span><span>unknown</span>`, []string{"unknown"}},
		{`<p>p4d.24xlarge · us-east-1 · Standard_ND96isr_H100_v5</p>`, nil},
		{`<a href="x" title="Open the matrix">矩阵</a>`, []string{"Open", "the", "matrix"}},
		{`<script type="application/json" id="chart-a">{"title":{"text":"Which NVIDIA","left":"center"},"series":[{"type":"bar"}]}</script>`, []string{"Which"}},
		{`<script type="application/json" id="matrix-data">{"name":"Alibaba"}</script>`, nil},
		{`<p>来源：github.com/a/b data/prices/aws.yaml</p>`, nil},
		{`<p>来源：https://nebius.com/trust-center；https: 不是地址</p>`, []string{"https"}},
		{`<p>AWS Spot-Spot 实例 non-Spot</p>`, []string{"AWS", "non-Spot"}},
		{`<p>可用区 cn-hangzhou-j、cn-hongkongd、ap-beijing; cn-hangzhou-jk no-zone</p>`, []string{"cn-hangzhou-jk", "no-zone"}},
		{`<p>指南写道：<q>Spot实例低价</q> Spot实例</p>`, nil},
		{`<p>指南写道：<q>使用Colab Notebook验证</q></p>`, nil},
		// A quotation of a source's English is marked so; one that is
		// not reads as the page's text (a fourth native reader's review
		// found 题为GPU Computing instances in a <q> without lang).
		{`<p>题为<q>NVIDIA Computing instances</q>（意为计算型实例）</p>`, []string{"Computing", "instances"}},
		{`<p>题为<q lang="en">NVIDIA Computing instances</q>（意为计算型实例）</p>`, nil},
		// A noscript's content is read as the page a reader without
		// scripts sees: its words, not its markup.
		{`<noscript><p class="help">启用JavaScript后 unknown</p></noscript>`, []string{"JavaScript", "unknown"}},
		// A phrase allowed whole: its words alone are words.
		{`<p>Open Telekom 云 · Open the box · Telekom · Open Telekoms</p>`, []string{"Open", "the", "box", "Telekom", "Open", "Telekoms"}},
		// A phrase holding another is taken whole.
		{`<p>Stable Diffusion XL · Stable Diffusion · Diffusion XL</p>`, []string{"Diffusion", "XL"}},
	} {
		text, err := visibleText([]byte(c.page))
		if err != nil {
			t.Fatal(err)
		}
		if got := englishWords(text, allowed); !slices.Equal(got, c.want) {
			t.Errorf("%s: found %q, want %q", c.page, got, c.want)
		}
	}
}
