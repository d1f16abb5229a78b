package diff

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/tools/txtar"
)

// editBase loads the catalog of testdata/base.txtar as the base and, as
// the head, the same with the files of head replaced or added, and
// compares them.
func editBase(t *testing.T, head map[string]string) *Report {
	t.Helper()
	return editBoth(t, nil, head)
}

// editBoth is editBase with the files of base replaced or added in the
// base, and in the head unless head replaces them.
func editBoth(t *testing.T, base, head map[string]string) *Report {
	t.Helper()
	a, err := txtar.ParseFile("testdata/base.txtar")
	if err != nil {
		t.Fatal(err)
	}
	baseFS, headFS := fstest.MapFS{}, fstest.MapFS{}
	for _, f := range a.Files {
		baseFS[f.Name] = &fstest.MapFile{Data: f.Data}
		headFS[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	for name, data := range base {
		baseFS[name] = &fstest.MapFile{Data: []byte(data)}
		headFS[name] = &fstest.MapFile{Data: []byte(data)}
	}
	for name, data := range head {
		headFS[name] = &fstest.MapFile{Data: []byte(data)}
	}
	old, br := loadFS(t, baseFS)
	cur, hr := loadFS(t, headFS)
	r := Compare(old, cur, br, hr)
	r.Base = Base{Kind: Revision, Name: "origin/main"}
	return r
}

// awsPrices are the AWS prices of testdata/base.txtar with one more
// on-demand point for p4d.
func awsPrices(point string) string {
	return `provider: aws
prices:
  - {instance: p4d, region: us-east-1, model: on_demand, amount: 32.7726, currency: USD, since: unknown, source: karpenter, source_kind: provider}
  - {instance: p4d, region: us-east-1, model: spot, amount: 5, currency: USD, since: 2025-03, source: s, source_kind: provider}
  - {instance: p4d, region: us-east-1, model: on_demand, ` + point + `, since: 2025-06-01, source: s, source_kind: provider}
`
}

func wantLines(t *testing.T, md string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(md, w) {
			t.Errorf("markdown lacks %q:\n%s", w, md)
		}
	}
}

// A new point whose amount stays while what the site shows moves: the
// shown price moves, flagged, and no change reads 0.0%.
func TestShownPriceMovesWhereTheAmountStays(t *testing.T) {
	for _, tc := range []struct {
		name, point string
		row         string // the shown price's row
	}{
		{"effective hourly", "amount: 32.7726, effective_hourly: 1.0, currency: USD",
			"| aws/p4d us-east-1 | on-demand | \\$32.77 | \\$1.00 | \\$4.097 → \\$0.125 | −97.0% ⚠ check this |"},
		{"per GPU", "amount: 32.7726, per_gpu: true, currency: USD",
			"| aws/p4d us-east-1 | on-demand | \\$32.77 | \\$262.18 | \\$4.097 → \\$32.77 | +700.0% ⚠ check this |"},
		{"currency", "amount: 32.7726, currency: CNY",
			"| aws/p4d us-east-1 | on-demand | \\$32.77 | \\$4.552 (¥32.77 at 7.2 of 2025-01-02) | \\$4.097 → \\$0.569 | −86.1% ⚠ check this |"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := editBase(t, map[string]string{"data/prices/aws.yaml": awsPrices(tc.point)})
			md := r.Markdown()
			wantLines(t, md, "### Shown prices", tc.row)
			if strings.Contains(md, " 0.0%") {
				t.Errorf("a change reads 0.0%%:\n%s", md)
			}
			if len(r.Shown) != 1 || !r.Shown[0].Check {
				t.Errorf("want one shown price change, flagged; got %+v", r.Shown)
			}
		})
	}
}

// A new exchange rate that makes the CNY offer ten times dearer flags its
// shown price and the rate against the one it replaces.
func TestNewRateMovesShownPrices(t *testing.T) {
	r := editBase(t, map[string]string{"data/fx.yaml": `rates:
  - {base: USD, quote: CNY, rate: 7.1, date: 2024-03-08, source: old parity}
  - {base: USD, quote: CNY, rate: 7.2, date: 2025-01-02, source: central parity, note: CFETS}
  - {base: USD, quote: CNY, rate: 0.72, date: 2025-06-01, source: typo}
`})
	md := r.Markdown()
	wantLines(t, md,
		"| ali/gn6i cn-beijing | on-demand | \\$1.627 (¥11.71 at 7.2 of 2025-01-02) | \\$16.27 (¥11.71 at 0.72 of 2025-06-01) | \\$1.627 → \\$16.27 | +900.0% ⚠ check this | exchange rate |",
		"| 1 USD in CNY | 2025-06-01 | — (7.2 of 2025-01-02) | 0.72 | −90.0% ⚠ check this | 1 | typo |",
	)
}

// The threshold is the base's: a head that raises it flags as the base
// would, and its edit is listed.
func TestThresholdIsTheBases(t *testing.T) {
	r := editBase(t, map[string]string{
		"data/site.yaml": "title: T\ncurrency: USD\ndiff_threshold_pct: 1000000\n",
		"data/prices/aws.yaml": `provider: aws
prices:
  - {instance: p4d, region: us-east-1, model: on_demand, amount: 32.7726, currency: USD, since: unknown, source: karpenter, source_kind: provider}
  - {instance: p4d, region: us-east-1, model: spot, amount: 5, currency: USD, since: 2025-03, source: s, source_kind: provider}
  - {instance: p4d, region: us-east-1, model: spot, amount: 50, currency: USD, since: 2025-06, source: s, source_kind: provider}
`})
	if r.ThresholdPct != 50 {
		t.Errorf("threshold %v, want the base's 50", r.ThresholdPct)
	}
	wantLines(t, r.Markdown(),
		"| aws/p4d us-east-1 | spot | \\$5.00 | \\$50.00 | +900.0% ⚠ check this |",
		"| site | `diff_threshold_pct` | 0 | 1000000 |",
		"beyond ±50%: check them.",
	)
}

// A new site currency moves every shown price into another currency: no
// percent measures that, so each is flagged, and said to be moved by the
// site currency.
func TestSiteCurrencyMovesEveryShownPrice(t *testing.T) {
	r := editBase(t, map[string]string{"data/site.yaml": "title: T\ncurrency: CNY\n"})
	if len(r.Shown) != 3 {
		t.Fatalf("%d shown price changes, want the 3 prices of the catalog: %+v", len(r.Shown), r.Shown)
	}
	for _, c := range r.Shown {
		if c.Percent != nil || !c.Check || !slices.Contains(c.Why, WhySite) {
			t.Errorf("%s/%s %s: percent %v, check %v, why %q; want no percent, flagged, moved by the site currency", c.Provider, c.Instance, c.Model, c.Percent, c.Check, c.Why)
		}
	}
	wantLines(t, r.Markdown(), "| aws/p4d us-east-1 | spot | \\$5.00 | ¥36.00 (\\$5.00 at 7.2 of 2025-01-02) | \\$0.625 → ¥4.50 | not comparable ⚠ check this | site currency |")
}

// A new upfront payment and a removed point move the shown price as the
// site derives it: the upfront spread over the term's hours, the point
// before the removed one.
func TestShownPriceMovesWithUpfrontAndRemovedPoints(t *testing.T) {
	prices := func(points ...string) string {
		s := "provider: aws\nprices:\n"
		for _, p := range points {
			s += "  - {instance: p4d, region: us-east-1, " + p + ", source: s, source_kind: provider}\n"
		}
		return s
	}
	od := "model: on_demand, amount: 32.7726, currency: USD, since: unknown"
	reserved := "model: reserved_1y, payment: partial_upfront, amount: 5, upfront: 43800, currency: USD, since: 2025-01"
	spot := "model: spot, amount: 5, currency: USD, since: 2025-03"
	r := editBoth(t,
		map[string]string{"data/prices/aws.yaml": prices(od, reserved, spot, "model: spot, amount: 4, currency: USD, since: 2025-05")},
		map[string]string{"data/prices/aws.yaml": prices(od, reserved, "model: reserved_1y, payment: partial_upfront, amount: 5, upfront: 21900, currency: USD, since: 2025-06", spot)})
	wantLines(t, r.Markdown(),
		"| aws/p4d us-east-1 | reserved-1y | \\$10.00 | \\$7.50 | \\$1.25 → \\$0.9375 | −25.0% | price point |",
		"| aws/p4d us-east-1 | spot | \\$4.00 | \\$5.00 | \\$0.50 → \\$0.625 | +25.0% | price point |",
	)
}
