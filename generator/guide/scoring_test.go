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
