package pricing

import (
	"math"
	"testing"
	"time"

	"gpucompare/generator/catalog"
)

// TestQuotesRankAsTheirOwnKind: a valid quote makes an offer of its own
// beside the list offer, of source kind quote, current while valid, and
// it answers and wins where it is cheaper; its discount against list is
// worked out from the list price when the quote states none. An expired
// quote makes no offer and is listed by ExpiredQuotes.
func TestQuotesRankAsTheirOwnKind(t *testing.T) {
	cat := loadTxtar(t, offersCatalog)
	f := func(v float64) *float64 { return &v }
	cat.Quotes = []*catalog.Quote{
		{ID: "q1", Offer: catalog.TrialOffer{Provider: "aws", Instance: "p4d", Region: "us-east-1", Model: "on_demand"},
			Amount: f(18.00), Currency: "USD", ValidFrom: "2025-01-01", ValidUntil: "2026-09-30", Reference: "Q-1"},
		{ID: "q2", Offer: catalog.TrialOffer{Provider: "aws", Instance: "p4d", Region: "eu-west-1", Model: "on_demand"},
			Amount: f(27), Currency: "USD", ValidFrom: "2025-01-01", ValidUntil: "2026-09-30", DiscountPct: f(12.5), Reference: "Q-2"},
		{ID: "q0", Offer: catalog.TrialOffer{Provider: "aws", Instance: "p4d", Region: "us-east-1", Model: "on_demand"},
			Amount: f(10), Currency: "USD", ValidFrom: "2025-01-01", ValidUntil: "2026-05-31", Reference: "Q-0"},
	}
	day := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	offers := OffersAt(cat, "USD", day)
	var quoted []*Offer
	for _, o := range offers {
		if o.Quoted() != nil {
			quoted = append(quoted, o)
		}
	}
	if len(quoted) != 2 {
		t.Fatalf("%d quote offers, want 2 (q1, q2; q0 expired on 2026-05-31)", len(quoted))
	}
	q1 := quoted[0]
	pr := q1.Prices["on_demand"]
	if q1.Quoted().Quote.ID != "q1" || pr.Kind != catalog.KindQuote || q1.Region != "us-east-1" || !q1.Ranks("on_demand") {
		t.Fatalf("q1 offer: quote %s, kind %q, region %q, ranks %v", q1.Quoted().Quote.ID, pr.Kind, q1.Region, q1.Ranks("on_demand"))
	}
	// The list price in us-east-1 is the later on-demand point, 21.96:
	// (21.96 − 18.00) ÷ 21.96 = 18.03%.
	if got := q1.Quoted().Against; math.Abs(got-18.0328) > 0.001 || q1.Quoted().Stated || q1.Quoted().AgainstText() != 18 {
		t.Errorf("q1 against list = %v (stated %v), want 18.03%% worked out", got, q1.Quoted().Stated)
	}
	// 18.00 ÷ 8 GPUs = 2.25 per GPU-hour, below the list's 21.96 ÷ 8 = 2.745.
	if per, _ := q1.PerGPUHour("on_demand"); per != 2.25 {
		t.Errorf("q1 per GPU-hour = %v, want 2.25", per)
	}
	if q2 := quoted[1].Quoted(); q2.Against != 12.5 || !q2.Stated {
		t.Errorf("q2 against list = %v (stated %v), want 12.5 as stated", q2.Against, q2.Stated)
	}
	// The cheapest current on-demand A100 offer is the quote.
	var best *Offer
	for _, o := range offers {
		if o.Ranks("on_demand") && (best == nil || o.Prices["on_demand"].Before(best.Prices["on_demand"])) {
			best = o
		}
	}
	if best != q1 {
		t.Errorf("cheapest on-demand offer: %s %s, want the quote q1", best.Instance.ID, best.Prices["on_demand"].Kind)
	}
	exp := ExpiredQuotes(cat, day)
	if len(exp) != 1 || exp[0].ID != "q0" {
		t.Errorf("expired quotes = %v, want q0", exp)
	}
	// The day after q1's last valid day, it drops out too.
	for _, o := range OffersAt(cat, "USD", time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)) {
		if o.Quoted() != nil {
			t.Errorf("quote %s still makes an offer after its last valid day", o.Quoted().Quote.ID)
		}
	}
}
