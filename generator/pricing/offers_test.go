package pricing

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/tools/txtar"

	"gpucompare/generator/catalog"
	"gpucompare/generator/catalog/catalogtest"
)

const offersCatalog = `
-- data/site.yaml --
title: T
currency: USD
-- data/fx.yaml --
rates:
  - {base: USD, quote: CNY, rate: 7.0, date: 2025-01-02, source: https://example.com/fx}
-- data/gpus/a100.yaml --
id: a100
name: A100 SXM4 40GB
vendor: NVIDIA
memory_gb: 40
dense: {fp32: 19.5, fp16_bf16: 312}
source: https://example.com/a100
-- data/providers/aws.yaml --
id: aws
name: AWS
kind: public_cloud
currency: USD
regions: [{id: us-east-1}, {id: eu-west-1}]
instances:
  - {id: p4d, name: p4d.24xlarge, gpu: a100, gpu_count: 8, regions: [us-east-1, eu-west-1], source: s}
  - {id: unpriced, name: unpriced, gpu: a100, gpu_count: 1, source: s}
-- data/providers/ali.yaml --
id: ali
name: Alibaba Cloud
kind: public_cloud
currency: CNY
regions: [{id: cn-beijing}]
instances:
  - {id: gn7, name: gn7, gpu: a100, gpu_count: 1, regions: [cn-beijing], source: s}
-- data/prices/aws.yaml --
provider: aws
prices:
  - {instance: p4d, region: us-east-1, model: on_demand, amount: 32.77, currency: USD, since: unknown, source: s, source_kind: provider}
  - {instance: p4d, region: us-east-1, model: spot, amount: 5.09, currency: USD, since: unknown, source: s, source_kind: provider}
  - {instance: p4d, region: us-east-1, model: on_demand, amount: 21.96, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: p4d, region: us-east-1, model: reserved_1y, amount: 14, payment: no_upfront, currency: USD, since: 2026, source: s, source_kind: provider}
  - {instance: p4d, region: us-east-1, model: reserved_1y, effective_hourly: 13, payment: all_upfront, currency: USD, since: 2026, source: s, source_kind: provider}
  - {instance: p4d, region: all, model: reserved_3y, discount_pct: 50, currency: USD, since: unknown, source: seed.txt, source_kind: provider}
  - {instance: p4d, region: eu-west-1, model: on_demand, amount: 30, currency: USD, since: unknown, source: s, source_kind: provider}
-- data/prices/ali.yaml --
provider: ali
prices:
  - {instance: gn7, region: cn-beijing, model: on_demand, amount: 35, currency: CNY, since: unknown, source: s, source_kind: provider}
`

func loadTxtar(t *testing.T, archive string) *catalog.Catalog {
	t.Helper()
	cat, _ := catalogtest.Load(t, archive)
	return cat
}

func TestOffers(t *testing.T) {
	cat := loadTxtar(t, offersCatalog)
	offers := Offers(cat, "USD")
	var names []string
	for _, o := range offers {
		names = append(names, o.Provider.ID+"/"+o.Instance.ID+"@"+o.Region)
	}
	want := []string{"ali/gn7@cn-beijing", "aws/p4d@us-east-1", "aws/p4d@eu-west-1", "aws/unpriced@"}
	if len(names) != len(want) {
		t.Fatalf("offers %v, want %v", names, want)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Fatalf("offers %v, want %v", names, want)
		}
	}
	gn7, east, west, unpriced := offers[0], offers[1], offers[2], offers[3]

	// The latest on-demand point wins: 21.96, not the pre-cut 32.77.
	if got := east.Prices["on_demand"].Hourly.Amount; got != 21.96 {
		t.Errorf("us-east-1 on-demand = %v, want 21.96", got)
	}
	// Per GPU-hour: 21.96 / 8 = 2.745.
	if got, ok := east.PerGPUHour("on_demand"); !ok || !near(got, 2.745) {
		t.Errorf("per GPU-hour = %v, want 2.745", got)
	}
	// Per dense FP16 TFLOPS-hour: 21.96 / (8 × 312) = 0.0087980769…
	fp16 := catalog.Precisions[3]
	if got, ok := east.PerTFLOPSHour(fp16, "on_demand"); !ok || !near(got, 21.96/2496) {
		t.Errorf("per FP16 TFLOPS-hour = %v", got)
	}
	// Per GB-hour: 21.96 / 320 GB = 0.068625.
	if got, ok := east.PerGPUMemoryGBHour(cat, "on_demand"); !ok || !near(got, 0.068625) {
		t.Errorf("per GB-hour = %v", got)
	}
	// The cheaper payment option of reserved_1y: 13 all upfront beats 14.
	if r := east.Prices["reserved_1y"]; r.Hourly.Amount != 13 || r.Point.Payment() != "all_upfront" {
		t.Errorf("reserved_1y = %+v", r)
	}
	// The region-less 50% discount holds in each region, against that region's on-demand.
	if got := east.Prices["reserved_3y"].Hourly.Amount; !near(got, 10.98) {
		t.Errorf("us-east-1 reserved_3y = %v, want 10.98", got)
	}
	if got := west.Prices["reserved_3y"].Hourly.Amount; !near(got, 15) {
		t.Errorf("eu-west-1 reserved_3y = %v, want 15", got)
	}
	if _, ok := west.Prices["spot"]; ok {
		t.Error("eu-west-1 has no spot price")
	}
	// Yuan stay yuan when quoted, and convert at the dated rate for display: 35 / 7 = 5.
	p := gn7.Prices["on_demand"]
	if p.Hourly.Amount != 35 || p.Hourly.Currency != "CNY" || !near(p.Display, 5) || p.Conversion.Rate.Date != "2025-01-02" {
		t.Errorf("gn7 on-demand = %+v", p)
	}
	if len(unpriced.Prices) != 0 {
		t.Errorf("unpriced instance got prices %v", unpriced.Prices)
	}
	if _, ok := unpriced.PerGPUHour("on_demand"); ok {
		t.Error("no price must give no per-GPU figure")
	}
}

// TestPriceKinds follows the kind of source from the points to the prices:
// a price worked out from a discount is an estimate, whatever its point
// says; an article's figure and an estimate are not ranked; and of the
// payment options of one model, a ranked price wins over a lower one that
// is not.
func TestPriceKinds(t *testing.T) {
	cat := loadTxtar(t, offersCatalog+`-- data/prices/ali.yaml --
provider: ali
checked: 2025-06-01
prices:
  - {instance: gn7, region: cn-beijing, model: on_demand, amount: 35, currency: CNY, since: unknown, source: s, source_kind: aggregator}
  - {instance: gn7, region: cn-beijing, model: spot, amount: 9, payment: no_upfront, currency: CNY, since: unknown, source: s, source_kind: provider}
  - {instance: gn7, region: cn-beijing, model: spot, amount: 2, payment: all_upfront, currency: CNY, since: unknown, source: blog, source_kind: article}
  - {instance: gn7, region: all, model: subscription_month, amount: 3000, currency: CNY, since: unknown, source: blog, source_kind: article}
`)
	offers := Offers(cat, "USD")
	gn7, east := offers[0], offers[1]
	for _, c := range []struct {
		o      *Offer
		model  string
		kind   string
		ranked bool
	}{
		{east, "on_demand", "provider", true},
		{east, "reserved_3y", "estimate", false}, // 50% off on-demand, from a point whose kind is provider
		{gn7, "on_demand", "aggregator", true},
		{gn7, "spot", "provider", true}, // 9 from the provider beats 2 from an article
		{gn7, "subscription_month", "article", false},
	} {
		pr := c.o.Prices[c.model]
		if pr == nil {
			t.Errorf("%s %s: no price", c.o.Instance.ID, c.model)
			continue
		}
		if pr.Kind != c.kind || pr.Ranked() != c.ranked || c.o.Ranks(c.model) != c.ranked {
			t.Errorf("%s %s: kind %q, ranked %v, ranks %v; want %q, %v", c.o.Instance.ID, c.model, pr.Kind, pr.Ranked(), c.o.Ranks(c.model), c.kind, c.ranked)
		}
	}
	if got := gn7.Prices["spot"].Hourly.Amount; got != 9 {
		t.Errorf("gn7 spot = %v, want the provider's 9", got)
	}
}

// TestPriceOptions keeps the latest price of each payment option of a
// model beside the one chosen, in the order of their points: a buyer who
// pays nothing upfront reads that price, not the cheapest option's.
func TestPriceOptions(t *testing.T) {
	cat := loadTxtar(t, offersCatalog+`-- data/prices/ali.yaml --
provider: ali
prices:
  - {instance: gn7, region: cn-beijing, model: reserved_1y, amount: 30, payment: no_upfront, currency: CNY, since: unknown, source: s, source_kind: provider}
  - {instance: gn7, region: cn-beijing, model: reserved_1y, effective_hourly: 28, payment: all_upfront, currency: CNY, since: unknown, source: s, source_kind: provider}
  - {instance: gn7, region: cn-beijing, model: reserved_1y, amount: 29, payment: no_upfront, currency: CNY, since: unknown, source: s, source_kind: provider}
  - {instance: gn7, region: cn-beijing, model: spot, amount: 9, currency: CNY, since: unknown, source: s, source_kind: provider}
`)
	gn7 := Offers(cat, "USD")[0]
	ri := gn7.Prices["reserved_1y"]
	var got []string
	for _, o := range ri.Options {
		got = append(got, fmt.Sprintf("%s %v", o.Point.Payment(), o.Hourly.Amount))
	}
	if want := []string{"no_upfront 29", "all_upfront 28"}; !slices.Equal(got, want) {
		t.Errorf("reserved_1y options %q, want %q", got, want)
	}
	if ri.Hourly.Amount != 28 || !slices.Contains(ri.Options, ri) {
		t.Errorf("reserved_1y = %v, want the all-upfront 28, among its options", ri.Hourly.Amount)
	}
	if spot := gn7.Prices["spot"]; len(spot.Options) != 1 || spot.Options[0] != spot {
		t.Errorf("spot options %v, want the price alone", spot.Options)
	}
}

// TestRegionUnstatedShownOnce: a price whose source names no region is
// shown once, in a row of its own, and not copied into the row of each
// region the instance type is priced in, as a plain "all" price is.
func TestRegionUnstatedShownOnce(t *testing.T) {
	archive := strings.Replace(offersCatalog, "-- data/prices/ali.yaml --", `  - {instance: p4d, region: all, model: capacity_block, amount: 14.75, region_unstated: true, currency: USD, since: 2026-01, source: blog, source_kind: article}
-- data/prices/ali.yaml --`, 1)
	cat := loadTxtar(t, archive)
	var rows []string
	for _, o := range Offers(cat, "USD") {
		if o.Instance.ID != "p4d" {
			continue
		}
		models := slices.Sorted(maps.Keys(o.Prices))
		rows = append(rows, o.Region+" "+strings.Join(models, ","))
	}
	want := []string{
		"us-east-1 on_demand,reserved_1y,reserved_3y,spot",
		"eu-west-1 on_demand,reserved_3y",
		"all capacity_block",
	}
	if !slices.Equal(rows, want) {
		t.Errorf("p4d offers:\n%s\nwant:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}

	bad := strings.Replace(archive, "region: all, model: capacity_block", "region: us-east-1, model: capacity_block", 1)
	fsys := fstest.MapFS{}
	for _, f := range txtar.Parse([]byte(bad)).Files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	_, rep := catalog.Load(fsys)
	if errs := rep.Errors(); len(errs) != 1 || !strings.Contains(errs.String(), "region_unstated is for a price whose source names no region") {
		t.Errorf("region_unstated with a region: errors %v", errs)
	}
}

// TestOffersShareConversions: prices converted from one currency share
// one Conversion, the right one; a price of a currency with no rate has
// the zero Conversion (never nil, as pages read its fields) and is not
// converted.
func TestOffersShareConversions(t *testing.T) {
	cat := loadTxtar(t, offersCatalog)
	offers := Offers(cat, "USD")
	var usd *Conversion
	for _, o := range offers[1:3] { // aws, quoted in dollars
		for m, pr := range o.Prices {
			if usd == nil {
				usd = pr.Conversion
			}
			if pr.Conversion != usd || !pr.Converted {
				t.Errorf("%s %s %s: conversion %p %+v, want the shared %p", o.Instance.ID, o.Region, m, pr.Conversion, pr.Conversion, usd)
			}
		}
	}
	if usd == nil || usd.From != "USD" || usd.To != "USD" || usd.Factor != 1 {
		t.Errorf("dollar conversion %+v, want the identity", usd)
	}
	if c := offers[0].Prices["on_demand"].Conversion; c == usd || c.From != "CNY" || c.Factor != 1.0/7 {
		t.Errorf("yuan conversion %+v, want 1/7 of its own", c)
	}
	// No rate from yuan to euros: the zero Conversion, not converted.
	pr := Offers(cat, "EUR")[0].Prices["on_demand"]
	if pr.Conversion == nil || *pr.Conversion != (Conversion{}) || pr.Converted || pr.Display != 0 {
		t.Errorf("unconverted yuan price: conversion %+v converted %v display %v", pr.Conversion, pr.Converted, pr.Display)
	}
}
