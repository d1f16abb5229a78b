package site

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare/generator/site/content"
)

// The golden catalog converts at 1 USD = 7.17 CNY (2025-06-02); every
// ranking that converts says so in this one sentence (message fx.note).
const cnyNote = "CNY prices converted at 1 USD = 7.17 CNY (2025-06-02)."

// An instance list compares and shows prices in the site currency: a CNY
// price is converted, shows the figure it was converted from, and the list
// names the rate. Its lowest price per GPU-hour is taken after conversion:
// 10 CNY is 10 ÷ 7.17 = 1.395 USD, less than 1.50 USD, though 10 > 1.5.
func TestInstanceListComparesInSiteCurrency(t *testing.T) {
	root := withProvider(t, `id: parts
name: Mixed Cloud
kind: gpu_cloud
currency: CNY
regions: [{id: r1}, {id: r2}]
instances:
  - id: mixed
    name: Mixed A100
    gpu: a100-sxm4-40gb
    gpu_count: 1
    regions: [r1, r2]
    source: s
`, `provider: parts
prices:
  - {instance: mixed, region: r1, model: on_demand, amount: 10, currency: CNY, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: mixed, region: r2, model: on_demand, amount: 1.5, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
`)
	files, _ := build(t, root, Options{})
	page := string(files["gpus/a100-sxm4-40gb/index.html"])
	list := between(t, page, `<table class="data instances">`, "</section>")

	tests := []struct{ href, want string }{
		// 10 CNY ÷ 7.17 = 1.3947 USD, below the 1.50 USD of r2.
		{"../../instances/parts/mixed/index.html", `<span class="money">1.395&#8239;<span class="cur">USD</span></span><span class="card-unit">/GPU-h</span><span class="sub">quoted 10.00 CNY</span>`},
		// 34.74 CNY ÷ 7.17 = 4.8452 USD.
		{"../../instances/cloudcn/gn7/index.html", `<span class="money">4.845&#8239;<span class="cur">USD</span></span><span class="card-unit">/GPU-h</span><span class="sub">quoted 34.74 CNY</span>`},
		// 21.96 USD ÷ 8 GPUs = 2.745 USD, as it stands. Each price names its unit.
		{"../../instances/aws/p4d.24xlarge/index.html", `<span class="money">2.745&#8239;<span class="cur">USD</span></span><span class="card-unit">/GPU-h</span> <span class="trust" data-source="https://aws.amazon.com/ec2/pricing/on-demand/">`},
	}
	for _, tc := range tests {
		if r := row(t, list, tc.href); !strings.Contains(r, tc.want) {
			t.Errorf("row of %s: want %s in\n%s", tc.href, tc.want, r)
		}
	}
	if strings.Contains(list, `<span class="cur">CNY</span>`) {
		t.Errorf("the list shows a price in CNY beside prices in USD:\n%s", list)
	}
	if !strings.Contains(list, `<p class="help fx-note"><span class="fx-rate">`+cnyNote) {
		t.Errorf("the list does not name the rate (%q):\n%s", cnyNote, list)
	}
}

// Every ranking, chart and price column that converts says so beside it
// with the same sentence, and the methodology page states the rule with
// that sentence: it comes from the same message (fx.note), so the page
// cannot say one thing while the code does another.
func TestMethodologyStatesTheRuleRankingsFollow(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	src, err := os.ReadFile("../../content/methodology.md")
	if err != nil {
		t.Fatal(err)
	}
	root["content/methodology.md"] = &fstest.MapFile{Data: src}
	files, _ := build(t, root, Options{})

	text := plainText(string(files["methodology/index.html"]))
	for _, want := range []string{
		"Prices quoted in different currencies are ranked against each other only after conversion into USD at the latest dated exchange rate the catalog holds for the pair.",
		"in one sentence naming the rate and its date: " + cnyNote,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the methodology page does not say %q", want)
		}
	}
	if strings.Contains(text, "not ranked against each other") {
		t.Error("the methodology page still says prices in different currencies are not ranked against each other")
	}
	for _, name := range []string{
		"index.html",                               // the cheapest offer per GPU model
		"gpus/index.html",                          // the cheapest offer per GPU model and pricing model
		"gpus/a100-sxm4-40gb/index.html",           // the offers chart and the instance list
		"providers/cloudcn/index.html",             // the instance list
		"benchmarks/llama2-70b-offline/index.html", // cost per result
		"scenarios/small/index.html",               // the scenario's rankings
		"evaluation/index.html",                    // price criteria
	} {
		page := string(files[name])
		if !strings.Contains(page, `<span class="fx-rate">`+cnyNote) {
			t.Errorf("%s: no %q beside its ranking", name, cnyNote)
		}
	}
}

// A shortcode is replaced by its text, which Markdown keeps as it is; an
// unknown one is an error at its position.
func TestShortcodes(t *testing.T) {
	md := content.NewMarkdown()
	codes := content.Shortcodes{"fx-rule": "1 USD = 7.17 CNY *not* [a link](x) <b>"}
	p, errs := content.Convert(md, codes, "content/x.md", []byte("---\ntitle: T\n---\n\nRule: {{fx-rule}}\n"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if want := "<p>Rule: 1 USD = 7.17 CNY *not* [a link](x) &lt;b&gt;</p>\n"; string(p.HTML) != want {
		t.Errorf("got %q, want %q", p.HTML, want)
	}
	_, errs = content.Convert(md, codes, "content/x.md", []byte("---\ntitle: T\n---\n\nA\n  b {{ fx-rules }}\n"))
	var got []string
	for _, e := range errs {
		got = append(got, e.String())
	}
	if want := `content/x.md:6:5: unknown shortcode "fx-rules": want fx-rule`; strings.Join(got, "\n") != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A rate whose kind the catalog states is named in the sentence beside
// what it converts, with the kind of its source, in both editions: a
// buyer reads which rate it is (the PBoC central parity) and that the
// link is a news report of it, not the notice.
func TestConvertedPriceLineNamesTheRateAndItsSource(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	withChineseEdition(t, root)
	root["data/fx.yaml"] = &fstest.MapFile{Data: []byte(`rates:
  - base: USD
    quote: CNY
    rate: 7.17
    kind: central_parity
    date: 2025-06-02
    source: https://www.example.com/fx/usd-cny
    source_kind: report
`)}
	files, _ := build(t, root, Options{})
	for page, want := range map[string]string{
		"gpus/a100-sxm4-40gb/index.html":    "CNY prices converted at the central parity rate (PBoC, CFETS) of 2025-06-02: 1 USD = 7.17 CNY, as a news report gives it.",
		"zh/gpus/a100-sxm4-40gb/index.html": "元价格按2025年6月2日人民币汇率中间价（中国人民银行授权中国外汇交易中心公布）1美元 = 7.17元换算，数值取自报道这一汇率的新闻。",
		"index.html":                        "CNY prices converted at the central parity rate (PBoC, CFETS) of 2025-06-02: 1 USD = 7.17 CNY, as a news report gives it.",
		"zh/index.html":                     "元价格按2025年6月2日人民币汇率中间价（中国人民银行授权中国外汇交易中心公布）1美元 = 7.17元换算，数值取自报道这一汇率的新闻。",
	} {
		got := string(files[page])
		if got == "" {
			t.Errorf("%s: not built", page)
			continue
		}
		if !strings.Contains(got, `<span class="fx-rate">`+want) {
			i := strings.Index(got, `<span class="fx-rate">`)
			t.Errorf("%s: want the rate named, %q; got %.300s", page, want, got[max(i, 0):])
		}
	}
}
