package site

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"gpucompare/generator/catalog"
)

// TestCompareSaysWhatItLeavesOut: the first page of /compare/, in each
// edition, says how many offers the ranking leaves out under its default
// model (on-demand) — those priced from articles or estimates, the
// marketplaces', the stale and the undated ones, each under its first
// reason — the same numbers a reader counts in compare/offers.json, which
// holds what the page shows, with the site's freshness policy counted to
// the build's day; and says they come after the ranked offers.
func TestCompareSaysWhatItLeavesOut(t *testing.T) {
	ref := time.Date(2026, 12, 6, 0, 0, 0, 0, time.UTC)
	cat, _ := catalog.Load(shipped(t))
	freshDays, staleDays := cat.Site.Policy()
	files, _ := build(t, shipped(t), Options{AgeDate: ref})
	var data struct {
		Offers []struct {
			ProviderKind    string `json:"provider_kind"`
			PriceIncomplete string `json:"price_incomplete"`
			Prices          map[string]struct {
				SourceKind string `json:"source_kind"`
				LastSeen   string `json:"last_seen"`
				AgeDate    string `json:"age_date"`
				ValidUntil string `json:"valid_until"`
			} `json:"prices"`
		} `json:"offers"`
	}
	if err := json.Unmarshal(files["compare/offers.json"], &data); err != nil {
		t.Fatal(err)
	}
	articles, market, stale, undated := 0, 0, 0, 0
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
		case p.SourceKind == "quote" && p.ValidUntil != "":
			if catalog.Date(p.ValidUntil) < catalog.Date(ref.Format(time.DateOnly)) {
				stale++
			}
		default:
			switch catalog.Badge(catalog.Date(p.AgeDate), ref, freshDays, staleDays) {
			case catalog.Stale:
				stale++
			case catalog.Undated:
				undated++
			}
		}
	}
	if articles == 0 || market == 0 || stale == 0 || undated == 0 {
		t.Fatalf("offers.json has %d article, %d marketplace, %d stale and %d undated offers: the shipped catalog has each", articles, market, stale, undated)
	}
	for dir, want := range map[string]string{
		"":    fmt.Sprintf("Listed after the ranked offers, marked, until you include them with the switches above: %d priced from articles or estimates, %d marketplace offers, %d with a stale price, %d with an undated one.", articles, market, stale, undated),
		"zh/": fmt.Sprintf("列在已排名报价之后并有标注的报价（可用上方开关纳入）：价格来自文章或估算的%d个，算力市场的%d个，价格过时的%d个，价格未注明日期的%d个。", articles, market, stale, undated),
	} {
		page := string(files[dir+"compare/index.html"])
		if !strings.Contains(page, `<span id="compare-left-out">`) || !strings.Contains(page, want) {
			t.Errorf("%scompare/index.html does not say %q", dir, want)
		}
		if p2 := string(files[dir+"compare/page-2/index.html"]); strings.Contains(p2, "compare-left-out") {
			t.Errorf("%scompare/page-2/ says it too: only the first page, with the switches, does", dir)
		}
	}
}
