package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/compare"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/write"
)

// matrixBlock returns the JSON data block of a matrix page, as written.
func matrixBlock(t *testing.T, page string) string {
	t.Helper()
	const open = `<script type="application/json" id="matrix-data">`
	i := strings.Index(page, open)
	if i < 0 {
		t.Fatal("no matrix data block")
	}
	j := strings.Index(page[i:], "</script>")
	return page[i+len(open) : i+j]
}

// chunkScript is a data script of the matrix as the page links it.
var chunkScript = regexp.MustCompile(`<script src="(offers-\d+\.js)"></script>`)

// matrixOffers returns the offers of the matrix's data scripts of the
// first page of the matrix in folder dir ("compare/", "zh/compare/"): the
// one it loads (offers-1.js), then those its script loads on demand, up
// to the block's offer_chunks, in order, each as written.
func matrixOffers(t *testing.T, files map[string][]byte, dir string) []json.RawMessage {
	t.Helper()
	const open = "(window.gpucompareOffers = window.gpucompareOffers || []).push(\n"
	var offers []json.RawMessage
	page := string(files[dir+"index.html"])
	var block struct {
		Chunks int `json:"offer_chunks"`
	}
	if err := json.Unmarshal([]byte(matrixBlock(t, page)), &block); err != nil {
		t.Fatal(err)
	}
	var srcs []string
	for _, m := range chunkScript.FindAllStringSubmatch(page, -1) {
		srcs = append(srcs, m[1])
	}
	for n := 2; n <= block.Chunks; n++ {
		srcs = append(srcs, fmt.Sprintf("offers-%d.js", n))
	}
	for _, src := range srcs {
		m := []string{"", src}
		js := string(files[dir+m[1]])
		i := strings.Index(js, open)
		if i < 0 || !strings.HasSuffix(js, "\n);\n") {
			t.Fatalf("%s%s: not a data script of offers:\n%.300s", dir, m[1], js)
		}
		var chunk []json.RawMessage
		if err := json.Unmarshal([]byte("["+js[i+len(open):len(js)-len("\n);\n")]+"]"), &chunk); err != nil {
			t.Fatalf("%s%s: %v", dir, m[1], err)
		}
		offers = append(offers, chunk...)
	}
	return offers
}

var (
	rowTag  = regexp.MustCompile(`(?s)<tbody>.*</tbody>`)
	cellTag = regexp.MustCompile(`<t[hd][ >]`)
)

// matrixRows splits the body of a matrix page into its rows.
func matrixRows(page string) []string {
	body := rowTag.FindString(page)
	rows := strings.Split(body, "<tr")[1:]
	return rows
}

// TestMatrixHasARowPerOfferAndACellPerColumn checks the plain-HTML matrix
// against pricing.Offers: every offer a row, the instance type without a
// price once and marked, each row as many cells as there are headings.
func TestMatrixHasARowPerOfferAndACellPerColumn(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	page := string(files["compare/index.html"])
	cat, _ := catalog.Load(root)
	offers := pricing.Offers(cat, "USD")
	rows := matrixRows(page)
	if len(rows) != len(offers) {
		t.Fatalf("%d rows, want one per offer (%d)", len(rows), len(offers))
	}
	heads := strings.Count(page[strings.Index(page, "<thead>"):strings.Index(page, `<tr class="filters"`)], "<th ")
	if cols := strings.Count(page[strings.Index(page, "<colgroup>"):strings.Index(page, "</colgroup>")], "<col "); cols != heads {
		t.Errorf("%d <col>s for %d headings", cols, heads)
	}
	for i, r := range rows {
		if n := len(cellTag.FindAllString(r, -1)); n != heads {
			t.Errorf("row %d has %d cells, want %d (one per heading)", i+1, n, heads)
		}
	}
	if n := strings.Count(page, ">no price in the catalog</span>"); n != 1 {
		t.Errorf("no price in the catalog shown %d times, want once", n)
	}
	for _, want := range []string{
		// Every pricing model the catalog prices in has a column, off until chosen; the normalised ones name their precision.
		`data-col="m:on_demand" data-off class="num">On-demand`, `data-col="m:spot" data-off`, `data-col="m:reserved_1y" data-off`,
		`>Per dense FP16/BF16 TFLOPS <span class="unit col-unit">USD/h, on-demand</span>`,
		`>Per dense FP32 TFLOPS <span class="unit col-unit">USD/h, on-demand</span>`,
		// A converted price in the display currency, the amount as quoted beside it, the rate in its title only.
		`<span class="money" title="4.845188285 USD/h; 34.74 CNY/h as quoted, converted at 1 USD = 7.17 CNY, 2025-06-02">4.845 <span class="q">34.74&#8239;CNY</span></span>`,
		// The cheapest payment option and the upfront payment, named in the title; so is a discount.
		`<span class="money" title="13.70 USD/h; all upfront; 120,000.00 USD upfront">13.70</span>`,
		`<span class="money" title="6.588 USD/h; −70% vs on-demand">6.588</span>`,
		// p4d.24xlarge on-demand 21.96 / 8 GPUs = 2.745 per GPU-hour.
		`<td class="num"><span title="2.745 USD">2.745</span></td>`,
		`<td>per second, minimum charge 60 s</td>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("compare/index.html lacks %s", want)
		}
	}
	if strings.Contains(page, `matrix-pager`) {
		t.Error("a matrix that fits one page has page links")
	}
}

// TestMatrixAnswersFirst: /compare/ opens with a one-sentence intro, the
// method folded away and each exchange rate stated once, above the table;
// its first columns are the answer — the offer, its price under the
// chosen model and per GPU-hour, and the price's age and kind of source —
// and every other column waits in the chooser; each row is one offer on
// one line.
func TestMatrixAnswersFirst(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	page := string(files["compare/index.html"])
	intro := between(t, page, `<p class="intro">`, "</p>")
	if n := strings.Count(intro, ". "); n > 0 || !strings.HasSuffix(intro, ".") {
		t.Errorf("the intro is not one sentence: %q", intro)
	}
	if !strings.Contains(page, `<details class="method"><summary>How the prices are compared</summary>`) {
		t.Error("no folded method")
	}
	if n := strings.Count(page, "1 USD = 7.17 CNY"); n != 3 {
		// Once above the table, and in the titles of the converted price (the price and on-demand columns).
		t.Errorf("the rate is written %d times, want 3 (the note, two titles)", n)
	}
	if !strings.Contains(between(t, page, `id="matrix-rates"`, "</p>"), "1 USD = 7.17 CNY, 2025-06-02") {
		t.Error("the rate is not stated above the table")
	}
	var on, off []string
	for _, m := range regexp.MustCompile(`<th scope="col" data-col="([^"]+)"( data-off)?`).FindAllStringSubmatch(page, -1) {
		if m[2] == "" {
			on = append(on, m[1])
		} else {
			off = append(off, m[1])
		}
	}
	if got, want := strings.Join(on, ","), "instance,provider,gpu,region,price,per_gpu,since"; got != want {
		t.Errorf("default columns %s, want %s", got, want)
	}
	if !strings.HasPrefix(strings.Join(off, ","), "gpu_count,m:on_demand,m:spot,m:reserved_1y,per_gb,") {
		t.Errorf("columns off by default: %s", strings.Join(off, ","))
	}
	for _, r := range matrixRows(page) {
		if strings.Contains(r, "<br") || strings.Contains(r, `class="line`) || strings.Contains(r, `class="fx`) {
			t.Errorf("a row breaks into lines:\n%s", r)
		}
	}
	// The answer's cells of p4d.24xlarge in us-east-1, in order.
	for _, want := range []string{
		`<td>8× <a href="../gpus/a100-sxm4-40gb/index.html">A100 SXM4 40GB</a></td>` + "\n" +
			`<td>US East (N. Virginia) <span class="id">us-east-1</span></td>` + "\n" +
			`<td class="num"><span class="money" title="21.96 USD/h">21.96</span></td>` + "\n" +
			`<td class="num"><span title="2.745 USD">2.745</span></td>` + "\n" +
			`<td><span class="trust"><span class="age" data-date="2025-06-05"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("compare/index.html lacks\n%s", want)
		}
	}
}

// TestMatrixRegionFacetGroupsByGeo: the region filter lists provider-wide
// prices first, then the regions by part of the world in the order of
// catalog.Geos, then the regions the catalog does not place.
func TestMatrixRegionFacetGroupsByGeo(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	page := string(files["compare/index.html"])
	facet := between(t, page, `<details class="menu facet" data-facet="region">`, "</details>")
	var got []string
	for _, m := range regexp.MustCompile(`data-geo="([^"]+)">|value="([^"]+)"`).FindAllStringSubmatch(facet, -1) {
		if m[1] != "" {
			got = append(got, "["+m[1]+"]")
		} else {
			got = append(got, m[2])
		}
	}
	// data-geo appears on the group and on its box: each group is named twice.
	want := "all [north-america] [north-america] us-east-1 [europe] [europe] eu-west-1 [none] [none] cn-north-1"
	if strings.Join(got, " ") != want {
		t.Errorf("region facet\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	for _, label := range []string{"> North America <span class=\"sub\">1</span>", "> Europe <span", "> Not placed by the catalog <span"} {
		if !strings.Contains(facet, label) {
			t.Errorf("region facet lacks %s", label)
		}
	}
}

// TestMatrixPagination splits the matrix into pages above the site's
// matrix page size; each page links to every page, and only the first
// carries the data (of every offer) and the script.
func TestMatrixPagination(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	root["data/site.yaml"] = &fstest.MapFile{Data: []byte(string(root["data/site.yaml"].Data) + "matrix_page_size: 2\n")}
	files, _ := build(t, root, Options{})
	pages := []string{"compare/index.html", "compare/page-2/index.html", "compare/page-3/index.html"}
	if _, ok := files["compare/page-4/index.html"]; ok {
		t.Error("5 offers at 2 a page make 3 pages, not 4")
	}
	for i, p := range pages {
		page := string(files[p])
		if page == "" {
			t.Fatalf("%s not built", p)
		}
		want := []int{2, 2, 1}[i]
		if n := len(matrixRows(page)); n != want {
			t.Errorf("%s: %d rows, want %d", p, n, want)
		}
		for j, q := range pages {
			link := `<a href="` + strings.Repeat("../", strings.Count(p, "/")) + q + `">`
			if i == j {
				link = `<span aria-current="page">` + []string{"1", "2", "3"}[j] + `</span>`
			}
			if !strings.Contains(page, link) {
				t.Errorf("%s lacks %s", p, link)
			}
		}
		hasData := strings.Contains(page, `id="matrix-data"`)
		if hasData != (i == 0) {
			t.Errorf("%s: data block %v, want it on the first page only", p, hasData)
		}
	}
	checkLinks(t, files)
	if n := len(matrixOffers(t, files, "compare/")); n != 5 {
		t.Errorf("the first page's data scripts hold %d offers, want all 5", n)
	}
	if !strings.Contains(string(files[pages[1]]), "Offers 3–4 of 5.") {
		t.Error("page 2 does not say which offers it holds")
	}
}

// TestMatrixDataBlockEscapesHostileText puts markup into catalog text: the
// data script must keep it as JSON text (\u003c/script\u003e), a string
// that ends where its JSON ends, and read back as the catalog states it;
// the page's JSON block ends where the page ends it.
func TestMatrixDataBlockEscapesHostileText(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	const hostile = "</script><script>alert(1)</script><!-- x\\\"); alert(2); //"
	src := strings.Replace(string(root["data/providers/aws.yaml"].Data), "name: p4d.24xlarge\n", "name: "+strconv.Quote(hostile)+"\n", 1)
	root["data/providers/aws.yaml"] = &fstest.MapFile{Data: []byte(src)}
	files, _ := build(t, root, Options{})
	page := string(files["compare/index.html"])
	matrixBlock(t, page)
	if !strings.Contains(string(files["compare/offers-1.js"]), `\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e\u003c!-- x\\\"); alert(2); //`) {
		t.Errorf("hostile text not escaped as JSON text in the data script:\n%s", files["compare/offers-1.js"])
	}
	if n := strings.Count(page, "<script"); n != 8 {
		t.Errorf("%d script tags, want 8 (the data, offers-1.js and matrix.js, query.js, search.js, switches.js, the ages' words and age.js)", n)
	}
	found := false
	for _, raw := range matrixOffers(t, files, "compare/") {
		var o struct {
			InstanceName string `json:"instance_name"`
		}
		if err := json.Unmarshal(raw, &o); err != nil {
			t.Fatal(err)
		}
		found = found || o.InstanceName == hostile
	}
	if !found {
		t.Error("the hostile name does not read back from the data block")
	}
}

// TestMatrixScriptDataIsTheExportShape: the data block holds the offers as
// compare/offers.json does, the GPUs as gpus.json does, and the UI text the
// script writes.
func TestMatrixScriptDataIsTheExportShape(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	var block, export struct {
		Currency string            `json:"currency"`
		Models   []string          `json:"models"`
		Offers   []json.RawMessage `json:"offers"`
		GPUs     []json.RawMessage `json:"gpus"`
		Default  string            `json:"default_model"`
		Root     string            `json:"root"`
		Messages map[string]string `json:"messages"`
	}
	if err := json.Unmarshal([]byte(matrixBlock(t, string(files["compare/index.html"]))), &block); err != nil {
		t.Fatal(err)
	}
	if len(block.Offers) != 0 {
		t.Errorf("the page's block holds %d offers; want them in the data scripts only", len(block.Offers))
	}
	block.Offers = matrixOffers(t, files, "compare/")
	if err := json.Unmarshal(files["compare/offers.json"], &export); err != nil {
		t.Fatal(err)
	}
	if len(block.Offers) != len(export.Offers) {
		t.Fatalf("%d offers in the page, %d in offers.json", len(block.Offers), len(export.Offers))
	}
	// The data scripts hold the offers in the order of the script's
	// default view (viewOrder), offers.json in the catalog's: each offer
	// is compared with the one of the same key.
	keyOf := func(raw json.RawMessage) string {
		var o struct{ Provider, Instance, Region string }
		json.Unmarshal(raw, &o)
		return o.Provider + "/" + o.Instance + "/" + o.Region
	}
	byKey := map[string]json.RawMessage{}
	for _, raw := range export.Offers {
		byKey[keyOf(raw)] = raw
	}
	for i := range block.Offers {
		var a, b any
		json.Unmarshal(block.Offers[i], &a)
		json.Unmarshal(byKey[keyOf(block.Offers[i])], &b)
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			t.Errorf("offer %d differs:\npage   %s\nexport %s", i, ja, jb)
		}
	}
	if got := strings.Join(block.Models, ","); got != "on_demand,spot,reserved_1y" {
		t.Errorf("models %s, want the priced ones in order", got)
	}
	if block.Default != "on_demand" || block.Root != "../" || block.Currency != "USD" || len(block.GPUs) != 2 {
		t.Errorf("default %q root %q currency %q gpus %d", block.Default, block.Root, block.Currency, len(block.GPUs))
	}
	for _, k := range []string{"matrix.rate", "model.spot", "payment.all_upfront", "granularity.second", "price.not_public"} {
		if block.Messages[k] == "" {
			t.Errorf("no message %q for the script", k)
		}
	}
}

// rowOffer is the offer a row of the HTML matrix shows: its instance
// type's link and its region's id.
var rowOffer = regexp.MustCompile(`(?s)^[^>]*>\s*<th scope="row"[^>]*><a href="(?:\.\./)+instances/([^/]+)/([^/]+)/index\.html"[^>]*>.*?<td>.*?</td>\s*<td>.*?</td>\s*<td>(?:.*?<span class="id">([^<]*)</span>)?`)

// TestMatrixDataScriptsHoldEveryOfferOnceInOrder builds the shipped
// catalog: in each edition the first page of the matrix loads the first
// of several data scripts of offers (offers-1.js, before
// static/matrix.js), of at most compare.MaxChunkBytes of offers each, and its
// block says how many there are (offer_chunks), for the script to load
// the others on demand. Together they hold every offer of the HTML
// matrix's rows and of compare/offers.json once, as that file writes it,
// in the order of the script's default view: by the price per GPU-hour
// under the default model, the prices that answer first, then those that
// do not (pricing.Price.Why), then those only part of the cost, then
// offers with no such price. The page itself holds none.
func TestMatrixDataScriptsHoldEveryOfferOnceInOrder(t *testing.T) {
	files, _ := build(t, os.DirFS("../.."), Options{})
	var export struct{ Offers []json.RawMessage }
	if err := json.Unmarshal(files["compare/offers.json"], &export); err != nil {
		t.Fatal(err)
	}
	type key struct{ Provider, Instance, Region string }
	exported := map[key]json.RawMessage{}
	for _, raw := range export.Offers {
		var o key
		json.Unmarshal(raw, &o)
		exported[o] = raw
	}
	cat, _ := catalog.Load(os.DirFS("../.."))
	// rank is each offer's place in the default view: its group (a
	// price that answers, one that does not, an article's or an
	// estimate's, a part of the cost, none), then its price per GPU-hour.
	type rank struct {
		group int
		v     float64
	}
	ranks := map[key]rank{}
	for _, o := range pricing.Offers(cat, cat.Site.Currency) {
		v, ok := o.PerGPUHour("on_demand")
		r := rank{v: v}
		switch {
		case !ok:
			r.group = 4
		case !o.Rankable():
			r.group = 3
		case o.Prices["on_demand"].Why() != "" && !catalog.Ranked(o.Prices["on_demand"].Kind):
			r.group = 2
		case o.Prices["on_demand"].Why() != "":
			r.group = 1
		}
		ranks[key{o.Provider.ID, o.Instance.ID, o.Region}] = r
	}
	for _, dir := range []string{"compare/", "zh/compare/"} {
		page := string(files[dir+"index.html"])
		links := chunkScript.FindAllStringSubmatch(page, -1)
		if len(links) != 1 || links[0][1] != "offers-1.js" {
			t.Fatalf("%sindex.html loads %v; want offers-1.js alone", dir, links)
		}
		var block struct {
			Offers []json.RawMessage
			Chunks int `json:"offer_chunks"`
		}
		if err := json.Unmarshal([]byte(matrixBlock(t, page)), &block); err != nil || len(block.Offers) != 0 {
			t.Errorf("%sindex.html: its block holds %d offers (%v); want none", dir, len(block.Offers), err)
		}
		if block.Chunks < 3 {
			t.Fatalf("%sindex.html: %d data scripts of offers; want the shipped offers in several", dir, block.Chunks)
		}
		for n := 1; n <= block.Chunks; n++ {
			if js := files[dir+fmt.Sprintf("offers-%d.js", n)]; js == nil || len(js) > compare.MaxChunkBytes+300 {
				t.Errorf("%soffers-%d.js: %d bytes, none or over the bound", dir, n, len(js))
			}
		}
		if files[dir+fmt.Sprintf("offers-%d.js", block.Chunks+1)] != nil {
			t.Errorf("%s: a data script past offer_chunks", dir)
		}
		if first, script := strings.Index(page, links[0][0]), strings.Index(page, "static/matrix.js"); first < 0 || script < first {
			t.Errorf("%sindex.html: static/matrix.js is loaded before offers-1.js", dir)
		}
		offers := matrixOffers(t, files, dir)
		if len(offers) != len(export.Offers) {
			t.Fatalf("%s: %d offers in the data scripts, %d in offers.json", dir, len(offers), len(export.Offers))
		}
		rows := map[string]bool{}
		pageRows := matrixRows(page)
		for n := 2; files[dir+fmt.Sprintf("page-%d/index.html", n)] != nil; n++ {
			pageRows = append(pageRows, matrixRows(string(files[dir+fmt.Sprintf("page-%d/index.html", n)]))...)
		}
		for _, r := range pageRows {
			m := rowOffer.FindStringSubmatch(r)
			if m == nil {
				t.Fatalf("%s: a row names no offer:\n%.400s", dir, r)
			}
			rows[m[1]+"/"+m[2]+"/"+m[3]] = true // a region of all the provider's has no id in every edition
		}
		if len(rows) != len(offers) {
			t.Fatalf("%s: %d rows, %d offers", dir, len(rows), len(offers))
		}
		seen := map[key]bool{}
		var prev rank
		for i, raw := range offers {
			var o key
			json.Unmarshal(raw, &o)
			if seen[o] {
				t.Errorf("%s: offer %v twice", dir, o)
			}
			seen[o] = true
			k := o.Provider + "/" + o.Instance + "/" + o.Region
			if !rows[k] && !rows[strings.TrimSuffix(k, "all")] {
				t.Errorf("%s: offer %d, %s, is no row of the matrix", dir, i+1, k)
			}
			if exported[o] == nil {
				t.Errorf("%s: offer %d, %s, is not in offers.json", dir, i+1, k)
			} else if dir == "compare/" && !bytes.Equal(compactJSON(t, raw), compactJSON(t, exported[o])) {
				t.Errorf("offer %d differs from offers.json's:\n%s\n%s", i+1, raw, exported[o])
			}
			r, ok := ranks[o]
			if !ok {
				t.Fatalf("%s: offer %s is not in pricing.Offers", dir, k)
			}
			if i > 0 && (r.group < prev.group || r.group == prev.group && r.group < 4 && r.v < prev.v) {
				t.Errorf("%s: offer %d, %s (%v), comes after one the default view puts after it (%v)", dir, i+1, k, r, prev)
			}
			prev = r
		}
	}
}

func compactJSON(t *testing.T, raw []byte) []byte {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v)
	return b
}

// TestMatrixModelChoiceTakesAnyCommitmentOfATerm: the pricing-model select
// offers "1-year commitment" where the catalog prices a 1-year reserved
// instance, savings plan or committed use, not each of them, and the
// script is told which models the choice takes.
func TestMatrixModelChoiceTakesAnyCommitmentOfATerm(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	page := string(files["compare/index.html"])
	sel := between(t, page, `<select id="matrix-model"`, "</select>")
	var got []string
	for _, m := range regexp.MustCompile(`<option value="([^"]*)"[^>]*>([^<]*)<`).FindAllStringSubmatch(sel, -1) {
		got = append(got, m[1]+"="+m[2])
	}
	if want := "on_demand=on-demand,spot=spot,commit_1y=1-year commitment"; strings.Join(got, ",") != want {
		t.Errorf("model options %s, want %s", strings.Join(got, ","), want)
	}
	var block struct {
		Terms    map[string][]string `json:"terms"`
		Messages map[string]string   `json:"messages"`
	}
	if err := json.Unmarshal([]byte(matrixBlock(t, page)), &block); err != nil {
		t.Fatal(err)
	}
	if got := block.Terms["commit_1y"]; strings.Join(got, ",") != "reserved_1y" || len(block.Terms) != 1 {
		t.Errorf("terms %v, want commit_1y: the one priced model of its term", block.Terms)
	}
	if block.Messages["model.commit_1y"] != "1-year commitment" || block.Messages["model.reserved_1y"] == "" {
		t.Errorf("messages: commit_1y %q, reserved_1y %q", block.Messages["model.commit_1y"], block.Messages["model.reserved_1y"])
	}
}

// shippedMatrixBuilder is a builder of the shipped catalog's English
// edition, edit applied to its catalog first (nil: none), with what the
// matrix's kind reads: templates, derived data and page frames.
func shippedMatrixBuilder(t *testing.T, edit func(*catalog.Catalog)) *builder {
	t.Helper()
	_, cat, tfs := shippedCatalog(t)
	if edit != nil {
		edit(cat)
	}
	b := &builder{cat: cat, opts: Options{}, output: newOutput(write.NewMemory(), "")}
	var keep *kept
	var err error
	if b.tmpl, err = keep.templates(tfs, "en", &b.output); err != nil {
		t.Fatal(err)
	}
	b.Data = derive.Make(cat)
	b.newPage = frameOf(b).New // as pages sets it
	return b
}

// TestMatrixDataScriptsAreWrittenAsMade: with put, the matrix writes each
// data script of offers as soon as it is made, in order at offerChunkPath,
// and keeps none of them (they would stay alive with the pages' models
// while the site renders); the scripts are those it keeps without put,
// byte for byte.
func TestMatrixDataScriptsAreWrittenAsMade(t *testing.T) {
	b := shippedMatrixBuilder(t, nil)
	// no page frames to measure (a zero compare.Measure): no site to frame them
	kept := compare.New(b.cat, b.Data, b.tmpl.Msgs, b.newPage, pricesOf(b).Trust, false, compare.Measure{})
	if _, err := kept.Pages(); err != nil {
		t.Fatal(err)
	}
	streamed := compare.New(b.cat, b.Data, b.tmpl.Msgs, b.newPage, pricesOf(b).Trust, false, compare.Measure{})
	var paths []string
	var written [][]byte
	streamed.WriteChunks(func(path string, data []byte) error {
		paths = append(paths, path)
		written = append(written, data)
		return nil
	})
	if _, err := streamed.Pages(); err != nil {
		t.Fatal(err)
	}
	if streamed.Chunks() != nil {
		t.Errorf("%d data scripts kept after they were written", len(streamed.Chunks()))
	}
	if len(written) < 2 || len(written) != len(kept.Chunks()) {
		t.Fatalf("%d data scripts written, %d kept without put", len(written), len(kept.Chunks()))
	}
	for i := range written {
		if want := offerChunkPath(i + 1); paths[i] != want {
			t.Errorf("data script %d written at %s, want %s", i+1, paths[i], want)
		}
		if !bytes.Equal(written[i], kept.Chunks()[i]) {
			t.Errorf("%s differs from the script kept without put", paths[i])
		}
	}
}

// TestMatrixFirstPageMeasuresABlockPastItsEnd: with a page size far
// above what a page's bytes allow, rows of 40,000 bytes each split the
// shipped catalog's matrix into pages of 46 rows (MaxMatrixRowBytes), and
// the rows measured as the first page writes them stop a block
// (firstRowsBlock, 512 rows) into the catalog, not at the page size; a
// draft's first page (Measure.Ahead) holds its 46 rows' HTML, written
// once each, and their models.
func TestMatrixFirstPageMeasuresABlockPastItsEnd(t *testing.T) {
	b := shippedMatrixBuilder(t, func(cat *catalog.Catalog) { cat.Site.MatrixPageSize = 100_000 })
	const rowBytes, perPage, block = 40_000, compare.MaxMatrixRowBytes / 40_000, 512
	n := len(b.Data.Priced)
	if n < block+perPage {
		t.Fatalf("%d priced offers: too few for the test", n)
	}
	var mu sync.Mutex
	written := 0
	row := func(w io.Writer, _ *compare.Row) error {
		mu.Lock()
		written++
		mu.Unlock()
		_, err := w.Write(bytes.Repeat([]byte{'x'}, rowBytes))
		return err
	}
	pages, err := compare.New(b.cat, b.Data, b.tmpl.Msgs, b.newPage, pricesOf(b).Trust, false, compare.Measure{Row: row, Ahead: true}).Pages()
	if err != nil {
		t.Fatal(err)
	}
	if want := (n + perPage - 1) / perPage; len(pages) != want {
		t.Errorf("%d pages of the matrix, want %d of %d rows", len(pages), want, perPage)
	}
	// The first page's candidates, one block, and the rows after the
	// first page as a later page writes them.
	if want := block + n - perPage; written != want {
		t.Errorf("%d rows written to measure, want %d: a block of the first page's candidates and the %d after it", written, want, n-perPage)
	}
	model, err := pages[0].Model()
	if err != nil {
		t.Fatal(err)
	}
	d := model.(*compare.Data)
	html := 0
	for _, part := range d.RowsHTML {
		html += len(part)
	}
	if len(d.Rows) != perPage || html != perPage*rowBytes {
		t.Errorf("the first page holds %d rows and %d bytes of their HTML, want %d and %d", len(d.Rows), html, perPage, perPage*rowBytes)
	}
	if want := block + n - perPage; written != want {
		t.Errorf("%d rows written once the first page is made, want %d: its rows are those measured", written, want)
	}
}
