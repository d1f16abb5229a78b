package guide

import (
	"math"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// scoringCatalog: AWS has an SLA and per-second billing; Alibaba has
// per-hour billing and no stated SLA.
var scoringCatalog = strings.Replace(strings.Replace(small,
	"certifications: {list: [ISO 27001], source: s}", "certifications: {list: [ISO 27001], source: s}\nbilling: {granularity: second, source: s}\nsla: {percent: 99.5, source: s}", 1),
	"certifications: {list: [MLPS level 3], source: s}", "certifications: {list: [MLPS level 3], source: s}\nbilling: {granularity: hour, source: s}", 1)

func TestScoringNormalisesAndLeavesUnknownsOut(t *testing.T) {
	cat := load(t, scoringCatalog)
	offers := pricing.Offers(cat, "USD")
	criteria := []*catalog.Criterion{
		{ID: "price", Measure: "price_per_gpu_hour", Better: "lower", Weight: 2},
		{ID: "billing", Measure: "billing_granularity", Better: "higher", Weight: 1},
		{ID: "sla", Measure: "sla_percent", Better: "higher", Weight: 1},
	}
	got := Score(cat, offers, criteria)
	byID := map[string]*Scored{}
	for _, s := range got {
		byID[s.Provider.ID] = s
	}
	aws, ali := byID["aws"], byID["ali"]
	// Cheapest on-demand per GPU-hour: AWS g4dn 0.526, Alibaba 34.826/7 = 4.975.
	// Lower is better: AWS 100, Alibaba 0. Billing: second 3 vs hour 1: 100 vs 0.
	// SLA: only AWS states one: 100 (all known values equal), Alibaba unknown.
	if aws.Scores["price"] != 100 || ali.Scores["price"] != 0 || aws.Scores["billing"] != 100 || ali.Scores["billing"] != 0 || aws.Scores["sla"] != 100 {
		t.Errorf("scores: aws %v, ali %v", aws.Scores, ali.Scores)
	}
	if _, ok := ali.Scores["sla"]; ok {
		t.Error("an unknown SLA was scored")
	}
	// AWS: (100×2 + 100 + 100)/4 = 100 over all the weight.
	// Alibaba: (0×2 + 0)/3 = 0 over 3 of 4 weight: the SLA's weight is left out, not scored 0.
	if aws.Score != 100 || aws.Weight != 1 || ali.Score != 0 || math.Abs(ali.Weight-0.75) > 1e-9 {
		t.Errorf("aws %v (%v), ali %v (%v)", aws.Score, aws.Weight, ali.Score, ali.Weight)
	}
	if got[0].Provider.ID != "aws" {
		t.Error("not ranked best first")
	}
}

func TestEveryMeasureIsComputable(t *testing.T) {
	cat := load(t, scoringCatalog)
	offers := pricing.Offers(cat, "USD")
	for _, m := range catalog.Measures {
		// Must not panic; unknown is fine.
		Measure(cat, offers, cat.Providers[0], m)
	}
}

func TestOfferScoresTakeTheirOwnFiguresAndTheirProvidersTerms(t *testing.T) {
	cat := load(t, scoringCatalog)
	offers := pricing.Offers(cat, "USD")
	criteria := []*catalog.Criterion{
		{ID: "price", Measure: "price_per_gpu_hour", Better: "lower", Weight: 2},
		{ID: "memory", Measure: "max_gpu_memory_gb", Better: "higher", Weight: 1},
		{ID: "billing", Measure: "billing_granularity", Better: "higher", Weight: 1},
		{ID: "sla", Measure: "sla_percent", Better: "higher", Weight: 1},
	}
	got := ScoreOffers(cat, offers, criteria, Score(cat, offers, criteria))
	byID := map[string]*ScoredOffer{}
	var order []string
	for _, s := range got {
		byID[s.Offer.Instance.ID] = s
		order = append(order, s.Offer.Instance.ID)
	}
	g4dn, p4de, gn7e := byID["g4dn"], byID["p4de"], byID["gn7e"]
	// Per GPU-hour: g4dn 0.526, p4de 27.44/8 = 3.43, gn7e 34.826/7 = 4.9751….
	// p4de: 100 − (3.43 − 0.526)/(4.9751… − 0.526)×100 = 34.729…
	wantP4de := 100 - (3.43-0.526)/(34.826/7-0.526)*100
	if g4dn.Scores["price"] != 100 || gn7e.Scores["price"] != 0 || math.Abs(p4de.Scores["price"]-wantP4de) > 1e-9 {
		t.Errorf("price scores: g4dn %v, p4de %v (want %v), gn7e %v", g4dn.Scores["price"], p4de.Scores["price"], wantP4de, gn7e.Scores["price"])
	}
	// Memory is the offer's own GPU: g4dn's T4 (16 GB) scores 0, though
	// its provider also sells 80 GB cards.
	if g4dn.Values["memory"] != 16 || g4dn.Scores["memory"] != 0 || p4de.Scores["memory"] != 100 {
		t.Errorf("memory: g4dn %v/%v, p4de %v", g4dn.Values["memory"], g4dn.Scores["memory"], p4de.Scores["memory"])
	}
	// Billing and SLA are the provider's: AWS per second and 99.5 %,
	// Alibaba per hour and no SLA (unknown, left out).
	if g4dn.Scores["billing"] != 100 || gn7e.Scores["billing"] != 0 || p4de.Scores["sla"] != 100 {
		t.Errorf("provider terms: g4dn %v, gn7e %v, p4de %v", g4dn.Scores, gn7e.Scores, p4de.Scores)
	}
	if _, ok := gn7e.Scores["sla"]; ok {
		t.Error("an unknown SLA was scored")
	}
	// g4dn (100×2 + 0 + 100 + 100)/5 = 80; p4de (34.73×2 + 100×3)/5;
	// gn7e (0×2 + 100 + 0)/4 = 25 over 4 of 5 weight.
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	if !near(g4dn.Score, 80) || !near(p4de.Score, (wantP4de*2+300)/5) || !near(gn7e.Score, 25) || !near(gn7e.Weight, 0.8) {
		t.Errorf("scores: g4dn %v, p4de %v, gn7e %v (%v)", g4dn.Score, p4de.Score, gn7e.Score, gn7e.Weight)
	}
	if strings.Join(order, " ") != "g4dn p4de gn7e" {
		t.Errorf("order %v", order)
	}
}
