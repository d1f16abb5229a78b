package site

import (
	"html"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// section returns the element of a page with the given id, from its start
// tag to the end of the line that closes it: the outcomes of a guide's
// tree are <section id="o-…"> elements.
func section(t *testing.T, page, id string) string {
	t.Helper()
	i := strings.Index(page, ` id="`+id+`"`)
	if i < 0 {
		t.Fatalf("no element with id %q", id)
	}
	i = strings.LastIndex(page[:i], "<")
	j := strings.Index(page[i:], "\n</section>")
	if j < 0 {
		t.Fatalf("element %q is not closed", id)
	}
	return page[i : i+j]
}

var pickName = regexp.MustCompile(`<th scope="row"><a href="[^"]*">((?:<span[^>]*>)*[^<]*(?:<wbr>[^<]*)*(?:</span>)*)</a></th>`)

// picks lists the instance types of a short list in the order shown.
func picks(list string) []string {
	var out []string
	for _, m := range pickName.FindAllStringSubmatch(list, -1) {
		out = append(out, html.UnescapeString(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(m[1], "")))
	}
	return out
}

func TestGuideShortListFollowsThePrices(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	page := string(files["guides/pick/index.html"])
	// One card, cheapest per dense FP16/BF16 TFLOPS-hour: g4dn.xlarge at
	// 0.526 / 65 = 0.008092 USD, GN7.8XLARGE at 34.74 CNY / 7.17 / 312 = 0.01553.
	one := section(t, page, "o-one-card")
	if got, want := picks(one), []string{"g4dn.xlarge", "GN7.8XLARGE"}; !slices.Equal(got, want) {
		t.Fatalf("one card: %q, want %q", got, want)
	}
	for _, want := range []string{
		"2 offers meet these conditions, cheapest first:",
		`<td class="num key" data-label="Per dense FP16/BF16 TFLOPS-hour"><strong>0.008092</strong>`,
		`<strong>0.01553</strong>`,
		// The yuan price is shown in dollars with the quote beside it.
		`<span class="money">4.845&#8239;<span class="cur">USD</span><span class="unit">/h</span></span><span class="sub quote">quoted <span class="money">34.74&#8239;<span class="cur">CNY</span><span class="unit">/GPU-h</span></span></span>`,
		"1 USD = 7.17 CNY (2025-06-02)",
	} {
		if !strings.Contains(one, want) {
			t.Errorf("one card lacks %s", want)
		}
	}

	// A price cut in yuan puts GN7.8XLARGE first: 3 / 7.17 / 312 = 0.001341.
	root["data/prices/cloudcn.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(string(root["data/prices/cloudcn.yaml"].Data), "amount: 34.74", "amount: 3", 1))}
	files, _ = build(t, root, Options{})
	one = section(t, string(files["guides/pick/index.html"]), "o-one-card")
	if got, want := picks(one), []string{"GN7.8XLARGE", "g4dn.xlarge"}; !slices.Equal(got, want) {
		t.Errorf("after the price cut: %q, want %q", got, want)
	}
	if !strings.Contains(one, "<strong>0.001341</strong>") {
		t.Error("after the price cut: no 0.001341 USD per TFLOPS-hour")
	}
}

func TestGuideOutcomeMatchingNothingWarns(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, rep := build(t, root, Options{})
	var got []string
	for _, d := range rep.Warnings() {
		if strings.Contains(d.Message, "matches no offer") {
			got = append(got, d.String())
		}
	}
	want := []string{`data/guides/pick.yaml:54:5: warning: guide "pick" outcome "certified": its query matches no offer`}
	if !slices.Equal(got, want) {
		t.Errorf("warnings:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	certified := section(t, string(files["guides/pick/index.html"]), "o-certified")
	if !strings.Contains(certified, `<p class="no-match">No offer in the catalog meets these conditions now.`) {
		t.Error("the empty outcome does not say that nothing matches")
	}
	if strings.Contains(certified, `class="data picks"`) || strings.Contains(certified, "compare/index.html") {
		t.Error("the empty outcome has a short list or a matrix link")
	}
	// No provider lists MLPS level 3: the nearest offer of each provider,
	// cheapest per GPU-hour first — AWS's g4dn.xlarge at 0.526 USD (its
	// p4d.24xlarge costs 21.96 / 8 = 2.745), then GN7.8XLARGE at
	// 34.74 CNY / 7.17 = 4.845 — each missing the certification alone.
	if got, want := picks(certified), []string{"g4dn.xlarge", "GN7.8XLARGE"}; !slices.Equal(got, want) {
		t.Errorf("nearest offers %q, want %q", got, want)
	}
	if n := strings.Count(certified, "<li>its provider does not state MLPS level 3</li>"); n != 2 {
		t.Errorf("%d offers say they miss the certification, want 2", n)
	}
	// Where no offer states it, the outcome says what to ask the
	// providers for: the certificate, not the region the offers miss
	// (another offer, not the provider's word, answers that).
	ask := "<p class=\"ask-intro\">No offer in the catalog states this, so ask the providers you short-list for:</p>\n<ul class=\"ask\">\n" +
		"<li>its MLPS level 3 certificate or filing record, covering the instance type and region you buy</li>\n</ul>"
	if !strings.Contains(certified, ask) {
		t.Errorf("the empty outcome does not say what to ask for:\n%s", certified)
	}
}

// TestGuideMatchingOutcomeAsksForNothing: an outcome some offer meets
// lists it, and asks the providers for nothing.
func TestGuideMatchingOutcomeAsksForNothing(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	if page := string(files["guides/pick/index.html"]); strings.Count(page, `class="ask"`) != 1 {
		t.Errorf("%d outcomes ask the providers for something, want 1 (the one that matches nothing)", strings.Count(page, `class="ask"`))
	}
}

// TestGuideNearestOffersSayWhatTheyMiss: each condition an offer misses
// is said in the buyer's words, with the offer's figure beside the one
// asked for.
func TestGuideNearestOffersSayWhatTheyMiss(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	root["data/providers/cloudcn.yaml"].Data = []byte(strings.Replace(string(root["data/providers/cloudcn.yaml"].Data),
		"    name: 华北 1\n", "    name: 华北 1\n    geo: china-mainland\n", 1))
	root["data/guides/pick.yaml"].Data = []byte(strings.Replace(string(root["data/guides/pick.yaml"].Data),
		"      certifications: [MLPS level 3]\n",
		"      certifications: [MLPS level 3]\n      geo: [china-mainland]\n      min_gpu_memory_gb: 40\n      where:\n        - {field: price.per_gpu_hour, max: 4, currency: USD}\n", 1))
	files, _ := build(t, root, Options{})
	certified := section(t, string(files["guides/pick/index.html"]), "o-certified")
	// GN7.8XLARGE (40 GB, 4.845 USD per GPU-hour) misses the certification
	// and the price; AWS's p4d.24xlarge (40 GB, 21.96 / 8 = 2.745 in
	// us-east-1) the region and the certification: two each, p4d the
	// cheaper. AWS's g4dn.xlarge (16 GB, 0.526) misses three.
	if got, want := picks(certified), []string{"p4d.24xlarge", "GN7.8XLARGE"}; !slices.Equal(got, want) {
		t.Fatalf("nearest offers %q, want %q", got, want)
	}
	for _, want := range []string{
		"<li>region US East (N. Virginia) is not in China mainland</li><li>its provider does not state MLPS level 3</li>",
		"<li>its provider does not state MLPS level 3</li><li>price per GPU-hour 4.845 USD, not at most 4 USD</li>",
	} {
		if !strings.Contains(certified, want) {
			t.Errorf("the nearest offers lack %s", want)
		}
	}
}

func TestGuideAdviceOnlyOutcomeShowsTheAdvice(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	learn := section(t, string(files["guides/pick/index.html"]), "o-learn")
	if !strings.Contains(learn, `<p>Read the <a href="../../methodology/index.html">methodology</a> and try one card for a few days.</p>`) {
		t.Errorf("no advice in\n%s", learn)
	}
	if strings.Contains(learn, "short-list") {
		t.Error("an advice-only outcome shows a short list")
	}
}

// TestGuideMatrixLink checks the link of an outcome into the matrix: the
// conditions the matrix can express in its URL state, and the ones it
// cannot, named on the page.
func TestGuideMatrixLink(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	page := string(files["guides/pick/index.html"])
	for _, tc := range []struct {
		outcome string
		state   url.Values
		text    string
	}{
		{"large", url.Values{
			"gpu":         {"a100-sxm4-40gb"},
			"f.gpu_count": {">=8"},
			"f.network":   {">=100"},
			"region":      {"us-east-1,eu-west-1,all"},
			"model":       {"on_demand"},
			"s":           {"per_gpu"},
		}, "The matrix cannot filter by: RDMA networking, as a source states it — so it lists these 2 offers among others. GPU conditions come through as the one GPU model that meets them."},
		{"spot", url.Values{"model": {"spot"}, "m": {"spot"}, "s": {"m:spot"}},
			"The link applies every condition above."},
		{"one-card", url.Values{"f.gpu_count": {"<=1"}, "model": {"on_demand"}, "s": {"per_fp16"}},
			"The link applies every condition above."},
	} {
		s := section(t, page, "o-"+tc.outcome)
		m := regexp.MustCompile(`<p class="matrix-link"><a href="\.\./\.\./compare/index\.html#([^"]*)">`).FindStringSubmatch(s)
		if m == nil {
			t.Errorf("%s: no matrix link", tc.outcome)
			continue
		}
		got, err := url.ParseQuery(html.UnescapeString(m[1]))
		if err != nil {
			t.Errorf("%s: %v", tc.outcome, err)
			continue
		}
		if got.Encode() != tc.state.Encode() {
			t.Errorf("%s: matrix state\n%s\nwant\n%s", tc.outcome, got.Encode(), tc.state.Encode())
		}
		if !strings.Contains(html.UnescapeString(s), tc.text) {
			t.Errorf("%s: no %q in\n%s", tc.outcome, tc.text, s[strings.Index(s, `<p class="matrix-link">`):])
		}
	}
}

func TestGuideTextIsEscaped(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	const script = `</script><script>alert(1)</script>`
	const img = `"><img src=x onerror=alert(1)>`
	for old, new := range map[string]string{
		"title: Which offer fits the job?\n":                  "title: '" + script + "'\n",
		"description: A small guide over the test catalog.\n": "description: '" + img + " A small guide'\n",
		"text: How large is the model?\n":                     "text: '" + script + img + "'\n",
		"help: Count the parameters and the batch.\n":         "help: '" + img + "'\n",
		"text: I do not know yet\n":                           "text: '" + script + "'\n",
		"title: Learn first\n":                                "title: '" + img + script + "'\n",
		"advice: Checkpoint often.\n": "advice: |\n      <script>alert(1)</script> <img src=x onerror=alert(1)>\n      [click](javascript:alert(1)) " +
			"<a href=\"javascript:alert(1)\">raw</a>\n",
	} {
		edit(t, root, "data/guides/pick.yaml", old, new)
	}
	files, _ := build(t, root, Options{})
	for _, p := range []string{"guides/pick/index.html", "guides/index.html", "index.html"} {
		page := string(files[p])
		if len(liveScripts(page)) > 0 || strings.Contains(page, "<img") || strings.Contains(page, "onerror=alert(1)>") || strings.Contains(page, "javascript:") {
			t.Errorf("%s: hostile text came out live", p)
		}
	}
	page := string(files["guides/pick/index.html"])
	for _, want := range []string{
		"<h1>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>",
		"&#34;&gt;&lt;img src=x onerror=alert(1)&gt;",
		// In the wizard's data, markup is JSON-escaped text.
		`\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("guides/pick/index.html lacks %s", want)
		}
	}
}

func TestNoGuidesNoGuidePages(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	delete(root, "data/guides/pick.yaml")
	files, _ := build(t, root, Options{})
	for _, p := range files.Paths() {
		if strings.HasPrefix(p, "guides/") {
			t.Errorf("%s built without guides", p)
		}
	}
	if strings.Contains(string(files["index.html"]), "guides/index.html") {
		t.Error("the home page links to guides the catalog does not have")
	}
}

// TestGuideMemoryInTheMatrixLink: the minimum memory per GPU goes into the
// gpu facet when every priced offer's memory is its GPU model's; when an
// instance type sells a slice with less, the facet only narrows the matrix,
// and the page says what it cannot leave out.
func TestGuideMemoryInTheMatrixLink(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	guide := strings.Replace(string(root["data/guides/pick.yaml"].Data), "      max_gpu_count: 1\n", "      min_gpu_memory_gb: 40\n", 1)
	root["data/guides/pick.yaml"] = &fstest.MapFile{Data: []byte(guide)}
	link := func() (string, string) {
		files, _ := build(t, root, Options{})
		s := section(t, string(files["guides/pick/index.html"]), "o-one-card")
		m := regexp.MustCompile(`<p class="matrix-link"><a href="[^"#]*#([^"]*)">.*`).FindStringSubmatch(s)
		if m == nil {
			t.Fatal("no matrix link")
		}
		return html.UnescapeString(m[1]), html.UnescapeString(m[0])
	}
	state, text := link()
	if want := "gpu=a100-sxm4-40gb&model=on_demand&s=per_fp16"; state != want {
		t.Errorf("state %s, want %s", state, want)
	}
	if !strings.Contains(text, "The link applies every condition above.") {
		t.Errorf("link text: %s", text)
	}

	// A vGPU slice of the A100 with 10 GB: it fails the condition its GPU
	// model meets.
	root["data/providers/aws.yaml"] = &fstest.MapFile{Data: []byte(string(root["data/providers/aws.yaml"].Data) +
		"  - {id: slice, name: a100-slice, gpu: a100-sxm4-40gb, gpu_count: 1, gpu_memory_gb: 10, vgpu_profile: 1/4, regions: [us-east-1], source: s}\n")}
	root["data/prices/aws.yaml"] = &fstest.MapFile{Data: []byte(string(root["data/prices/aws.yaml"].Data) +
		"  - {instance: slice, region: us-east-1, model: on_demand, amount: 1, currency: USD, since: 2025, source: s, source_kind: provider}\n")}
	state, text = link()
	if want := "gpu=a100-sxm4-40gb&model=on_demand&s=per_fp16"; state != want {
		t.Errorf("with a slice: state %s, want %s", state, want)
	}
	if !strings.Contains(text, "The matrix cannot filter by: at least 40 GB of memory per GPU (the link keeps the GPU models with that much memory, but cannot leave out vGPU slices of them that hold less) — so it lists these 3 offers among others.") {
		t.Errorf("with a slice, link text: %s", text)
	}
}

// TestGuideGeoInTheMatrixLink: a query's mainland China is the rule of
// the site's mainland answers, a region there and prices in yuan
// (pricing.Offer.MainlandQuoted), and becomes the matrix's switch
// "mainland China only", which keeps the offers of that rule: the link is
// exact. GN7I.8XLARGE in the same region, priced in dollars (an
// international site's list price) and cheaper, is left out; AWS's
// g4dn.xlarge, priced for every region, has none in mainland China. In the
// Chinese edition the switch is on by default: its links state it off
// for every other outcome, and leave it as it is for mainland China.
func TestGuideGeoInTheMatrixLink(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	edit(t, root, "data/providers/cloudcn.yaml", "    name: 华北 1\n", "    name: 华北 1\n    geo: china-mainland\n")
	edit(t, root, "data/providers/cloudcn.yaml", "instances:\n", "instances:\n  - {id: gn7i, name: GN7I.8XLARGE, gpu: a100-sxm4-40gb, gpu_count: 1, regions: [cn-north-1], source: seed guide gpu-guide.md}\n")
	edit(t, root, "data/prices/cloudcn.yaml", "prices:\n", "prices:\n  - {instance: gn7i, region: cn-north-1, model: on_demand, amount: 3.9, currency: USD, since: 2025-03, source: seed guide gpu-guide.md, source_kind: provider}\n")
	edit(t, root, "data/guides/pick.yaml", "      certifications: [MLPS level 3]\n", "      geo: [china-mainland]\n")
	edit(t, root, "data/site.yaml", "currency: USD\n", "currency: USD\neditions:\n  - language: zh-CN\n    dir: zh\n    currency: CNY\n")
	files, _ := build(t, root, Options{})
	page := string(files["guides/pick/index.html"])
	geo := section(t, page, "o-certified")
	if got, want := picks(geo), []string{"GN7.8XLARGE"}; !slices.Equal(got, want) {
		t.Fatalf("mainland China: %q, want %q (not GN7I.8XLARGE, priced in dollars)", got, want)
	}
	for _, want := range []string{
		"<li>in a region of mainland China, priced in yuan</li>",
		`compare/index.html#cn=1&amp;model=on_demand&amp;s=per_gpu">`,
		"The link applies every condition above.",
	} {
		if !strings.Contains(geo, want) {
			t.Errorf("the outcome lacks %s", want)
		}
	}
	if strings.Contains(section(t, page, "o-spot"), "cn=") {
		t.Errorf("an outcome of no part of the world sets the mainland switch in the English edition")
	}
	zh := string(files["zh/guides/pick/index.html"])
	if got := section(t, zh, "o-certified"); !strings.Contains(got, `compare/index.html#model=on_demand&amp;s=per_gpu">`) {
		t.Errorf("the Chinese outcome's link does not leave the switch on, as the edition has it:\n%s", got)
	}
	if got := section(t, zh, "o-spot"); !strings.Contains(got, "compare/index.html#cn=0&amp;") {
		t.Errorf("the Chinese edition's outcome of no part of the world does not turn the mainland switch off:\n%s", got)
	}
}
