package site

import (
	"bytes"
	"encoding/json"
	"fmt"
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
		doc := offersExport{Title: "T & <b>", Currency: "USD", FX: []fxExport{{"EUR", "USD", 1.08, "2025-01", "ecb"}}, Models: []string{"on_demand", "spot"}, Offers: []*offerExport{}}
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
