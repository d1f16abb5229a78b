package site

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestCompareSaysWhatItLeavesOut: the first page of /compare/, in each
// edition, says how many offers the ranking leaves out under its default
// model (on-demand) — those priced from articles or estimates and the
// marketplaces' — the same numbers a reader counts in compare/offers.json,
// which holds what the page shows.
func TestCompareSaysWhatItLeavesOut(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	var data struct {
		Offers []struct {
			ProviderKind    string `json:"provider_kind"`
			PriceIncomplete string `json:"price_incomplete"`
			Prices          map[string]struct {
				SourceKind string `json:"source_kind"`
				LastSeen   string `json:"last_seen"`
			} `json:"prices"`
		} `json:"offers"`
	}
	if err := json.Unmarshal(files["compare/offers.json"], &data); err != nil {
		t.Fatal(err)
	}
	articles, market := 0, 0
	for _, o := range data.Offers {
		p, ok := o.Prices["on_demand"]
		if !ok || p.LastSeen != "" || o.PriceIncomplete != "" {
			continue
		}
		switch {
		case p.SourceKind == "article" || p.SourceKind == "estimate":
			articles++
		case o.ProviderKind == "marketplace":
			market++
		}
	}
	if articles == 0 || market == 0 {
		t.Fatalf("offers.json has %d article and %d marketplace offers: the shipped catalog has both", articles, market)
	}
	for dir, want := range map[string]string{
		"":    fmt.Sprintf("%d offers priced from articles or estimates and %d marketplace offers", articles, market),
		"zh/": fmt.Sprintf("价格来自文章或估算的%d条，算力市场的%d条", articles, market),
	} {
		page := string(files[dir+"compare/index.html"])
		if !strings.Contains(page, `<p class="left-out" id="compare-left-out">`) || !strings.Contains(page, want) {
			t.Errorf("%scompare/index.html does not say %q", dir, want)
		}
		if p2 := string(files[dir+"compare/page-2/index.html"]); strings.Contains(p2, "compare-left-out") {
			t.Errorf("%scompare/page-2/ says it too: only the first page, with the switches, does", dir)
		}
	}
}
