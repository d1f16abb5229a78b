package site

import (
	"testing"

	"gpucompare/generator/catalog"
)

// TestDataAgeTable lists, for each provider with prices, its current
// prices (the last point of each series), the newest and oldest date
// their ages count from, and the share undated, rounded.
func TestDataAgeTable(t *testing.T) {
	cat := &catalog.Catalog{
		Providers: []*catalog.Provider{{ID: "b", Name: "B|Cloud"}, {ID: "a", Name: "A"}, {ID: "none", Name: "None"}},
		Prices: []*catalog.PricePoint{
			// a: three series; the first's old point does not count.
			{Provider: "a", Instance: "x", Region: "r", Model: "on_demand", Since: "2020-01-01"},
			{Provider: "a", Instance: "x", Region: "r", Model: "on_demand", Since: "2025-06"},
			{Provider: "a", Instance: "x", Region: "r", Model: "spot", Since: catalog.Unknown, Checked: "2025-06-01"},
			{Provider: "a", Instance: "y", Region: "r", Model: "on_demand", Since: catalog.Unknown, Extra: &catalog.PriceExtra{AsOf: "2024"}},
			// b: two of three undated: 67%.
			{Provider: "b", Instance: "x", Region: "r", Model: "on_demand", Since: catalog.Unknown},
			{Provider: "b", Instance: "y", Region: "r", Model: "on_demand", Since: catalog.Unknown, Extra: &catalog.PriceExtra{AsOf: "mid 2024"}},
			{Provider: "b", Instance: "z", Region: "r", Model: "on_demand", Extra: &catalog.PriceExtra{FirstSeen: "2026-01-02"}},
		},
	}
	got, err := englishTexter(t).M.DataAgeTable(cat)
	if err != nil {
		t.Fatal(err)
	}
	want := `| Provider | Latest price points | Newest date | Oldest date | Undated |
|---|--:|---|---|--:|
| B\|Cloud | 3 | 2026\-01\-02 | 2026\-01\-02 | 67\% |
| A | 3 | 2025\-06\-01 | 2024 | 0\% |
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
