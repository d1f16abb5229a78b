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
	got, err := Of("providers/p/index.html", []byte(page))
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
		"| j | 2026-09-20 (17 days) · fresh · [aggregator](https://example.com/p?a=1) undated · article: a citation |\n",
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
	if _, err := Of("x/index.html", []byte("<p>no main</p>")); err == nil {
		t.Error("a page without <main>: no error")
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
		if a, b := string(twinOf(p, fast)), string(twinOf(p, slow)); a != b {
			t.Errorf("%s: the twins differ:\n%s\n----\n%s", p, a, b)
		}
	}
	for _, bad := range []string{"<main><p>x</div></main>", "<main><p a=\"x>", "<div>no main</div>"} {
		if _, ok := mainOf([]byte(bad)); ok {
			t.Errorf("%q read", bad)
		}
	}
}
