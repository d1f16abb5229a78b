package pricing

import (
	"testing"

	"gpucompare/generator/catalog"
)

// answersCatalog: the A100's cheapest price is a restricted region's,
// then stale, then superseded, then a marketplace's; current is the
// dearest. The H100 has only a stale
// price.
const answersCatalog = `
-- data/site.yaml --
title: T
currency: USD
-- data/gpus/a100.yaml --
{id: a100, name: A100, vendor: NVIDIA, source: s}
-- data/gpus/h100.yaml --
{id: h100, name: H100, vendor: NVIDIA, source: s}
-- data/providers/cloud.yaml --
id: cloud
name: Cloud
kind: gpu_cloud
currency: USD
regions:
  - {id: r1}
  - {id: gov, access: restricted, access_note: Only vetted customers., access_source: s}
instances:
  - {id: gov, name: gov, gpu: a100, gpu_count: 1, vcpus: 4, ram_gib: 32, regions: [gov], source: s}
  - {id: current, name: current, gpu: a100, gpu_count: 1, vcpus: 8, ram_gib: 64, regions: [r1], source: s}
  - {id: stale, name: stale, gpu: a100, gpu_count: 1, vcpus: 16, ram_gib: 128, regions: [r1], source: s}
  - {id: retired, name: retired, gpu: a100, gpu_count: 1, vcpus: 12, ram_gib: 96, regions: [r1], source: s}
  - {id: h100, name: h100, gpu: h100, gpu_count: 1, regions: [r1], source: s}
-- data/providers/market.yaml --
id: market
name: Market
kind: marketplace
currency: USD
regions: [{id: r1}]
instances:
  - {id: market, name: market, gpu: a100, gpu_count: 1, regions: [r1], source: s}
-- data/prices/cloud.yaml --
provider: cloud
prices:
  - {instance: gov, region: gov, model: on_demand, amount: 0.25, currency: USD, since: 2026-06-01, source: s, source_kind: provider}
  - {instance: current, region: r1, model: on_demand, amount: 2, currency: USD, since: 2026-06-01, source: s, source_kind: provider}
  - {instance: stale, region: r1, model: on_demand, amount: 1, currency: USD, since: 2025-01-01, source: s, source_kind: provider}
  - {instance: retired, region: r1, model: on_demand, amount: 0.5, currency: USD, since: 2026-05-01, last_seen: 2026-05-20, source: s, source_kind: provider}
  - {instance: h100, region: r1, model: on_demand, amount: 3, currency: USD, since: 2025-04-01, source: s, source_kind: provider}
-- data/prices/market.yaml --
provider: market
prices:
  - {instance: market, region: r1, model: on_demand, amount: 1.5, currency: USD, since: 2026-05-15, source: s, source_kind: aggregator}
`

// TestAnswersFollowTheSwitches holds the one rule of every answer: by
// default only current prices of providers a team can contract, still
// listed, answer; "include stale prices" adds stale ones, "include
// marketplaces" marketplaces'; a superseded offer and a restricted
// region's never answer; and a
// stale price answers by default where its GPU model has no current one.
func TestAnswersFollowTheSwitches(t *testing.T) {
	cat := loadTxtar(t, answersCatalog)
	by := map[string]*Price{}
	for _, o := range Offers(cat, "USD") {
		by[o.Instance.ID] = o.Prices["on_demand"]
	}
	for _, c := range []struct {
		id, why                   string
		none, stale, market, both bool
		fallback                  bool
	}{
		{"current", "", true, true, true, true, false},
		{"stale", catalog.Stale, false, true, false, true, false},
		{"retired", WhySuperseded, false, false, false, false, false},
		{"gov", WhyRestricted, false, false, false, false, false},
		{"market", WhyMarketplace, false, false, true, true, false},
		{"h100", catalog.Stale, true, true, true, true, true},
	} {
		pr := by[c.id]
		got := []bool{pr.Answers(Include{}), pr.Answers(Include{Stale: true}), pr.Answers(Include{Marketplaces: true}), pr.Answers(Include{Stale: true, Marketplaces: true})}
		want := []bool{c.none, c.stale, c.market, c.both}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: answers %v under none, stale, marketplaces, both; want %v", c.id, got, want)
				break
			}
		}
		if pr.Why() != c.why || pr.Fallback != c.fallback || pr.Ranked() != c.none {
			t.Errorf("%s: why %q, fallback %v, ranked %v; want %q, %v, %v", c.id, pr.Why(), pr.Fallback, pr.Ranked(), c.why, c.fallback, c.none)
		}
	}
}

// TestShippedGovCloudNeverAnswers: AWS GovCloud (US-West) is open only
// to vetted US entities (the catalog's region access), so none of its
// prices answers with any switch, and none falls back.
func TestShippedGovCloudNeverAnswers(t *testing.T) {
	cat := shippedCatalog(t)
	n := 0
	for _, o := range Offers(cat, cat.Site.Currency) {
		if o.Provider.ID != "aws" || o.Region != "us-gov-west-1" {
			continue
		}
		for m, pr := range o.Prices {
			n++
			if pr.Why() != WhyRestricted || pr.Fallback {
				t.Errorf("%s/%s/%s: why %q, fallback %v; want %q, false", o.Instance.ID, o.Region, m, pr.Why(), pr.Fallback, WhyRestricted)
			}
			for _, inc := range append(Switches[:], Include{Stale: true, Marketplaces: true, Estimates: true}) {
				if o.Answers(m, inc) {
					t.Errorf("%s/%s/%s answers with %+v", o.Instance.ID, o.Region, m, inc)
				}
			}
		}
	}
	if n < 10 {
		t.Errorf("%d GovCloud prices, want the catalog's (at least 10)", n)
	}
}
