package twins

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// testPage holds what catalog text can put in a page and what the reader
// does not see without script.
const testPage = `<!doctype html><html><head><title>x</title></head><body>
<nav><a href="../index.html">Home</a></nav>
<main>
<h1>Offers of A|B [x](y)</h1>
<p>Cheapest: <span class="money">3.09</span><span class="unit"> USD/GPU-h</span>, see <a href="../gpus/h100/index.html">H100</a>,
<a href="../compare/index.html#gpu=h100">all offers</a>, <a href="javascript:alert(1)">a trap</a> and <a href="../about/">about</a>.</p>
<div hidden><p>switched off</p></div>
<script>var secret = 1</script>
<ul><li>one &lt;script&gt;</li><li>two<ul><li>nested</li></ul></li></ul>
<table><thead><tr><th>Instance</th><th class="num">Price</th><th data-off>Extra</th></tr></thead>
<tbody>
<tr><th scope="row"><a href="../instances/p/i/index.html">i|1</a><span class="sub">Provider</span></th><td class="num">1.5<wbr>0</td><td>hidden column</td></tr>
<tr hidden><td>stale</td><td>9.99</td><td></td></tr>
<tr><td colspan="2">no price</td><td></td></tr>
<tr><td>j</td><td><span class="trust" data-source="https://example.com/p?a=1"><span class="age" data-date="2026-09-20">17 days</span> <span class="fresh">fresh</span> <span class="kind">aggregator</span></span> <span class="trust" data-source="a citation"><span class="age">undated</span> <span class="kind">article</span></span></td><td></td></tr>
</tbody></table>
</main></body></html>`

// TestTwinOfAPage makes the twin of a small page holding what catalog text
// can put in one (a pipe, brackets, a tag, a javascript: link) and what
// the reader does not see without script, and reads it back.
func TestTwinOfAPage(t *testing.T) {
	page := testPage
	got, err := Of("providers/p/index.html", []byte(page), "")
	if err != nil {
		t.Fatal(err)
	}
	md := string(got)
	for _, want := range []string{
		`# Offers of A\|B \[x\](y)`,
		`Cheapest: 3.09 USD/GPU-h, see [H100](../gpus/h100/index.md), [all offers](../compare/index.html#gpu=h100), a trap and [about](../about/index.md).`,
		"- one &lt;script&gt;\n- two\n  - nested\n",
		"| Instance | Price |\n| --- | ---: |\n",
		"| [i\\|1](../instances/p/i/index.md) · Provider | 1.50 |\n",
		"| no price |  |\n",
		"| j | 2026-09-20 (17 days) · fresh · [aggregator](https://example.com/p?a=1) undated · article[^1] |\n",
		"\n\n[^1]: a citation\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("twin lacks %q:\n%s", want, md)
		}
	}
	for _, not := range []string{"Home", "switched off", "secret", "stale", "9.99", "Extra", "hidden column", "javascript", "<script"} {
		if strings.Contains(md, not) {
			t.Errorf("twin holds %q:\n%s", not, md)
		}
	}
	if _, err := Of("x/index.html", []byte("<p>no main</p>"), ""); err == nil {
		t.Error("a page without <main>: no error")
	}
}

// TestTwinSaysWhatDataTwinSays: a text that speaks of the page's
// controls gives the twin its data-twin words instead, escaped as any
// catalog text.
func TestTwinSaysWhatDataTwinSays(t *testing.T) {
	page := `<main><p id="out"><span data-twin="Not ranked by default: a|b [x](y)">Not ranked until you include them with the switches above: a|b</span>.</p></main>`
	got, err := Of("evaluation/index.html", []byte(page), "")
	if err != nil {
		t.Fatal(err)
	}
	if md := string(got); strings.Contains(md, "switches above") || !strings.Contains(md, `Not ranked by default: a\|b \[x\](y).`) {
		t.Errorf("twin:\n%s", md)
	}
}

// TestWhichPagesHaveTwins: every page of an edition but search and 404.
func TestWhichPagesHaveTwins(t *testing.T) {
	for p, want := range map[string]bool{
		"index.html": true, "zh/index.html": true, "gpus/h100/index.html": true, "compare/page-2/index.html": true,
		"search/index.html": false, "zh/search/index.html": false, "404.html": false, "compare/offers.csv": false,
	} {
		if Has(p) != want {
			t.Errorf("Has(%q) = %v, want %v", p, !want, want)
		}
	}
	if Path("gpus/h100/index.html") != "gpus/h100/index.md" {
		t.Error(Path("gpus/h100/index.html"))
	}
}

// TestFastParseIsTheParsersTree makes the twin of every page of a build
// (TWIN_SITE names its folder; the test page else) from the tree of
// mainOf and from golang.org/x/net/html's: the two are the same.
func TestFastParseIsTheParsersTree(t *testing.T) {
	pages := map[string][]byte{"t/index.html": []byte(testPage)}
	if dir := os.Getenv("TWIN_SITE"); dir != "" {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && strings.HasSuffix(p, "index.html") {
				pages[p], err = os.ReadFile(p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for p, page := range pages {
		fast, ok := mainOf(page)
		if !ok {
			t.Errorf("%s: not read", p)
			continue
		}
		doc, err := html.Parse(bytes.NewReader(page))
		if err != nil {
			t.Fatal(err)
		}
		slow := find(doc, func(n *html.Node) bool { return n.DataAtom == atom.Main })
		if a, b := string(twinOf(p, fast, "")), string(twinOf(p, slow, "")); a != b {
			t.Errorf("%s: the twins differ:\n%s\n----\n%s", p, a, b)
		}
	}
	for _, bad := range []string{"<main><p>x</div></main>", "<main><p a=\"x>", "<div>no main</div>"} {
		if _, ok := mainOf([]byte(bad)); ok {
			t.Errorf("%q read", bad)
		}
	}
}

// TestTwinCitesSourcesInFootnotes: a price whose source is not a web
// address cites it by a footnote, so that a table's age cell stays
// short; a source cited twice is one footnote, and the footnotes follow
// the twin in the order they are first cited, each once.
func TestTwinCitesSourcesInFootnotes(t *testing.T) {
	long := "github.com/skypilot-org/skypilot-catalog catalogs/v6/azure/vms.csv @098741e7 (GPU rows; spot left out where the row repeats the on-demand price)"
	cell := func(date, source string) string {
		return `<td><span class="trust" data-source="` + source + `"><span class="age" data-date="` + date + `">3 months</span> <span class="kind">aggregator</span></span></td>`
	}
	page := `<html><body><main><h1>H100</h1><table><thead><tr><th>Instance</th><th>Age</th></tr></thead><tbody>
<tr><td>a</td>` + cell("2026-06-18", long) + `</tr>
<tr><td>b</td>` + cell("2026-06-18", "the vendor's sheet") + `</tr>
<tr><td>c</td>` + cell("2026-06-19", long) + `</tr>
<tr><td>d</td>` + cell("2026-06-19", "https://example.com/price") + `</tr>
</tbody></table></main></body></html>`
	got, err := Of("gpus/h100/index.html", []byte(page), "")
	if err != nil {
		t.Fatal(err)
	}
	md := string(got)
	for _, want := range []string{
		"| a | 2026-06-18 (3 months) · aggregator[^1] |\n",
		"| b | 2026-06-18 (3 months) · aggregator[^2] |\n",
		"| c | 2026-06-19 (3 months) · aggregator[^1] |\n",
		"| d | 2026-06-19 (3 months) · [aggregator](https://example.com/price) |\n",
		"|\n\n[^1]: " + strings.ReplaceAll(long, "_", "\\_") + "\n[^2]: the vendor's sheet\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("twin lacks %q:\n%s", want, md)
		}
	}
	if n := strings.Count(md, "skypilot-catalog"); n != 1 {
		t.Errorf("the long source is written %d times, want once (its footnote):\n%s", n, md)
	}
	if strings.Count(md, "[^3]") > 0 {
		t.Errorf("a third footnote for two sources:\n%s", md)
	}
}

// TestTwinSaysTheDayItsAgesAreCountedTo: a twin that ages a price ends,
// before its footnotes, with the day its ages are counted to (the web
// page counts them to its reader's day); one that ages nothing does not.
func TestTwinSaysTheDayItsAgesAreCountedTo(t *testing.T) {
	const agesTo = "Ages are counted to 2026-10-07."
	aged := `<html><body><main><h1>H100</h1><table><thead><tr><th>Instance</th><th>Age</th></tr></thead><tbody>
<tr><td>a</td><td><span class="trust" data-source="a sheet"><span class="age" data-date="2026-06-18">3 months</span> <span class="kind">aggregator</span></span></td></tr>
</tbody></table></main></body></html>`
	got, err := Of("gpus/h100/index.html", []byte(aged), agesTo)
	if err != nil {
		t.Fatal(err)
	}
	if want := "|\n\n" + agesTo + "\n\n[^1]: a sheet\n"; !strings.HasSuffix(string(got), want) {
		t.Errorf("the twin does not end with %q:\n%s", want, got)
	}
	plain := `<html><body><main><h1>Methodology</h1><p>No prices here.</p></main></body></html>`
	got, err = Of("methodology/index.html", []byte(plain), agesTo)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(got), agesTo) {
		t.Errorf("a twin that ages nothing says when ages are counted to:\n%s", got)
	}
}

// TestTwinsReuseNodesCleanly: a page's tree is made of the blocks of
// nodes the last twin released; the twin of a page made after another,
// larger one is the twin it is made first, nothing of the other left.
func TestTwinsReuseNodesCleanly(t *testing.T) {
	first, err := Of("gpus/index.html", []byte(testPage), "x")
	if err != nil {
		t.Fatal(err)
	}
	var big strings.Builder
	big.WriteString("<main>")
	for i := range 2000 {
		big.WriteString(`<p class="other" id="p` + strings.Repeat("x", i%7) + `">another <a href="../a/">page</a></p>`)
	}
	big.WriteString("</main>")
	if _, err := Of("x/index.html", []byte(big.String()), "y"); err != nil {
		t.Fatal(err)
	}
	again, err := Of("gpus/index.html", []byte(testPage), "x")
	if err != nil || !bytes.Equal(first, again) {
		t.Errorf("the twin made again differs (%v):\n%s\nthen\n%s", err, first, again)
	}
}

// TestTwinSeparatesCitationsAsThePageDoes: the page's style sheet puts
// "; " between neighbouring citations (.cite + .cite), "；" in the Chinese
// edition, never before the first one after a label, and the twin says
// the same.
func TestTwinSeparatesCitationsAsThePageDoes(t *testing.T) {
	page := `<!doctype html><html><body><main>
<p class="guide-source">Source: <span class="cite"><span class="source">guide A</span></span><span class="cite"><span class="source">guide B</span></span></p>
<p>Alone: <span class="cite"><span class="source">guide C</span></span></p>
</main></body></html>`
	got, err := Of("guides/g/index.html", []byte(page), "")
	if err != nil {
		t.Fatal(err)
	}
	md := string(got)
	for _, want := range []string{"Source: guide A; guide B\n", "Alone: guide C\n"} {
		if !strings.Contains(md, want) {
			t.Errorf("twin lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, ": ;") {
		t.Errorf("twin puts a separator before the first citation:\n%s", md)
	}
	// The Chinese edition's style sheet puts the full-width "；".
	zh := strings.NewReplacer("Source: ", "来源：", "Alone: ", "单独：").Replace(page)
	got, err = Of("zh/guides/g/index.html", []byte(zh), "")
	if err != nil {
		t.Fatal(err)
	}
	if md := string(got); !strings.Contains(md, "来源：guide A；guide B\n") {
		t.Errorf("Chinese twin lacks 来源：guide A；guide B:\n%s", md)
	}
}

// TestTwinSaysWhyACopyCannotBeCited: the mark of a price only a fork or
// mirror states is written with its reason (its data-twin, as the page
// says it on hover); a price without the mark has neither.
func TestTwinSaysWhyACopyCannotBeCited(t *testing.T) {
	page := `<html><body><main><h1>L20</h1><table><thead><tr><th>Instance</th><th>Age</th></tr></thead><tbody>
<tr><td>a</td><td><span class="trust" data-source="a fork"><span class="age">undated</span> <span class="kind">aggregator</span> <span class="tag copy copy-fork" title="a purchase file cannot cite it" data-twin="fork copy: a purchase file cannot cite it">fork copy</span></span></td></tr>
<tr><td>b</td><td><span class="trust" data-source="https://example.com/price"><span class="age">undated</span> <span class="kind">provider</span></span></td></tr>
</tbody></table></main></body></html>`
	got, err := Of("gpus/l20/index.html", []byte(page), "")
	if err != nil {
		t.Fatal(err)
	}
	md := string(got)
	for _, want := range []string{
		"| a | undated · aggregator[^1] · fork copy: a purchase file cannot cite it |\n",
		"| b | undated · [provider](https://example.com/price) |\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("twin lacks %q:\n%s", want, md)
		}
	}
}
