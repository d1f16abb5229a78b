package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"strings"
	"testing"

	"gpucompare/generator/pricing"
)

// The offers export is written offer by offer; it must be what
// json.MarshalIndent writes of the whole document, byte for byte.
func TestIndentedListWritesWhatMarshalIndentWrites(t *testing.T) {
	amount := 1.5
	offer := func(i int) *offerExport {
		return &offerExport{
			Provider: fmt.Sprintf("p%d", i), ProviderName: `<script>"&'` + "\u2028", Instance: "i", InstanceName: "a\tb\\c",
			GPUCount: i, GPUMemoryGB: &amount, Certifications: []string{"SOC 2", "<iso>"},
			Prices: map[string]*priceExport{"spot": {Amount: &amount, Currency: "USD", Hourly: 0.1, Basis: "hourly"}, "on_demand": {Currency: "EUR", Hourly: 2e-7}},
		}
	}
	for _, n := range []int{0, 1, 3} {
		doc := offersExport{Title: "T & <b>", Currency: "USD", FX: []fxExport{{"EUR", "USD", 1.08, "2025-01", "ecb", ""}}, Models: []string{"on_demand", "spot"}, Offers: []*offerExport{}}
		var got bytes.Buffer
		l, err := newIndentedList(&got, doc)
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			doc.Offers = append(doc.Offers, offer(i))
			if err := l.add(offer(i)); err != nil {
				t.Fatal(err)
			}
		}
		if err := l.close(); err != nil {
			t.Fatal(err)
		}
		want, err := json.MarshalIndent(doc, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, '\n')
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%d offers: written\n%s\nMarshalIndent\n%s", n, got.Bytes(), want)
		}
	}
}

func TestIndentedListRefusesADocNotEndingInAnEmptyList(t *testing.T) {
	for _, doc := range []any{
		struct {
			List []int `json:"list"`
		}{}, // nil: null
		struct {
			List  []int  `json:"list"`
			Title string `json:"title"`
		}{List: []int{}},
	} {
		if _, err := newIndentedList(new(bytes.Buffer), doc); err == nil {
			t.Errorf("%#v: no error", doc)
		}
	}
}

// The first matrix page's script data is encoded offer by offer; it must
// be what json.Marshal writes of the whole (html/template writes that).
func TestMatrixScriptEncodesWhatMarshalWrites(t *testing.T) {
	amount := 2.25
	for _, n := range []int{0, 1, 4} {
		offers := make([]*pricing.Offer, n)
		exports := map[*pricing.Offer]*offerExport{}
		for i := range offers {
			offers[i] = new(pricing.Offer)
			exports[offers[i]] = &offerExport{
				Provider: fmt.Sprintf("p%d", i), ProviderName: "</script><!--\u2028\u2029", InstanceName: "a&b",
				GPUCount: i, VCPUs: &amount, Prices: map[string]*priceExport{"on_demand": {Amount: &amount, Currency: "USD", Hourly: 1.0 / 3}},
			}
		}
		s := &matrixScript{
			offersExport:   offersExport{Title: "<b>T</b>", Currency: "EUR", Models: []string{"spot"}, Offers: []*offerExport{}},
			scriptSettings: scriptSettings{GPUs: []gpuExport{{ID: "g", Name: "G>"}}, Model: "spot", Root: "../", Messages: map[string]string{"b": "\u2028", "a": "<x>"}},
		}
		got, err := s.encode(offers, func(o *pricing.Offer) *offerExport { return exports[o] })
		if err != nil {
			t.Fatal(err)
		}
		whole := *s
		for _, o := range offers {
			whole.Offers = append(whole.Offers, exports[o])
		}
		want, err := json.Marshal(&whole)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%d offers: encoded\n%s\njson.Marshal\n%s", n, got, want)
		}
	}
}

// anchorRE is a link of a page: its href, and the text up to its end.
var anchorRE = regexp.MustCompile(`<a [^>]*href="([^"]*)"[^>]*>([^<]*)</a>`)

// TestIndexPagesLinkTheirExports: /compare/ (each of its pages), /gpus/
// and /benchmarks/ link the CSV and JSON files the build writes beside
// them, in the page's HTML itself — outside the controls the script shows
// and outside any script — so a reader without JavaScript has them.
func TestIndexPagesLinkTheirExports(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	// Two offers a page gives the shipped fixture a second page of the matrix.
	edit(t, root, "data/site.yaml", "title:", "matrix_page_size: 2\ntitle:")
	for _, pretty := range []bool{false, true} {
		files, _ := build(t, root, Options{PrettyURLs: pretty})
		want := map[string][]string{
			"compare/index.html":    {"compare/offers.csv", "compare/offers.json"},
			"gpus/index.html":       {"gpus/gpus.csv", "gpus/gpus.json"},
			"benchmarks/index.html": {"benchmarks/results.csv", "benchmarks/results.json", "benchmarks/costs.csv", "benchmarks/costs.json"},
		}
		if _, ok := files[matrixPath(2)]; ok {
			want[matrixPath(2)] = want["compare/index.html"]
		} else {
			t.Errorf("no second page of the matrix (%s): the test no longer covers it", matrixPath(2))
		}
		for page, targets := range want {
			html := string(files[page])
			if html == "" {
				t.Errorf("pretty %v: no page %s", pretty, page)
				continue
			}
			// What the script shows, and the script's data, are not links a reader without it has.
			if i := strings.Index(html, `<form class="matrix-controls"`); i >= 0 {
				html = html[:i] + html[i+strings.Index(html[i:], "</form>"):]
			}
			html = liveScriptsRE.ReplaceAllString(html, "")
			linked := map[string]string{}
			for _, m := range anchorRE.FindAllStringSubmatch(html, -1) {
				linked[path.Join(path.Dir(page), m[1])] = m[2]
			}
			for _, target := range targets {
				if _, ok := linked[target]; !ok {
					t.Errorf("pretty %v: %s does not link %s", pretty, page, target)
				}
				if len(files[target]) == 0 {
					t.Errorf("pretty %v: %s links %s, which the build does not write", pretty, page, target)
				}
			}
		}
	}
}

// liveScriptsRE is a script element with its content.
var liveScriptsRE = regexp.MustCompile(`(?s)<script\b.*?</script>`)
