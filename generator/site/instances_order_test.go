package site

import (
	"regexp"
	"slices"
	"testing"
)

// instanceLinks are the instance types a page's instance list names, in
// the order it lists them.
func instanceLinks(t *testing.T, page string) []string {
	t.Helper()
	list := between(t, page, `<table class="data instances">`, "</table>")
	var ids []string
	for _, m := range regexp.MustCompile(`<th scope="row"><a href="[./]*instances/([^"]+)/index\.html"`).FindAllStringSubmatch(list, -1) {
		ids = append(ids, m[1])
	}
	return ids
}

// An instance list puts the choices a buyer would make first: priced
// before unpriced, a current price before one flagged (stale, undated or
// an article's, however cheap), the current generation before the previous one, a whole
// price before a part of the cost, on-demand before another model, a
// provider's price before an article's, then the lowest price per
// GPU-hour in the site currency. The catalog lists them the other way
// round, and a CNY price (10 CNY = 1.395 USD) ranks by its converted
// figure, below 3.00 USD though 10 > 3. A GPU page orders the types of
// every provider the same way.
func TestInstanceListsPutTheCurrentCheapestFirst(t *testing.T) {
	root := partsCloud(t, partsInstance("unpriced", "a100-sxm4-40gb", "")+
		partsInstance("old-cheap", "t4", "    previous_generation: true\n")+
		partsInstance("partial", "a100-sxm4-40gb", "    price_incomplete: \"GPU component only: the VM is billed apart\"\n")+
		partsInstance("spot-only", "a100-sxm4-40gb", "")+
		partsInstance("article", "a100-sxm4-40gb", "")+
		partsInstance("dear", "a100-sxm4-40gb", "")+
		partsInstance("yuan", "a100-sxm4-40gb", "")+
		partsInstance("stale", "a100-sxm4-40gb", "")+
		partsInstance("undated", "a100-sxm4-40gb", ""), `
  - {instance: old-cheap, region: r1, model: on_demand, amount: 0.2, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: partial, region: r1, model: on_demand, amount: 0.5, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: spot-only, region: r1, model: spot, amount: 0.8, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: article, region: r1, model: on_demand, amount: 0.9, currency: USD, since: 2025-06-01, source: s, source_kind: article}
  - {instance: dear, region: r1, model: on_demand, amount: 3, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: yuan, region: r1, model: on_demand, amount: 10, currency: CNY, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: stale, region: r1, model: on_demand, amount: 0.1, currency: USD, since: 2021-06-01, source: s, source_kind: provider}
  - {instance: undated, region: r1, model: on_demand, amount: 0.15, currency: USD, since: unknown, as_of: "not dated by its source", source: s, source_kind: provider}
`)
	files, _ := build(t, root, Options{})

	want := []string{"parts/yuan", "parts/dear", "parts/spot-only", "parts/partial", "parts/old-cheap", "parts/stale", "parts/undated", "parts/article", "parts/unpriced"}
	if got := instanceLinks(t, string(files["providers/parts/index.html"])); !slices.Equal(got, want) {
		t.Errorf("provider page lists\n%v\nwant\n%v", got, want)
	}
	// The A100 page: 1.395 USD (yuan) < 2.745 USD (aws/p4d.24xlarge) <
	// 3.00 USD (dear), across providers.
	got := instanceLinks(t, string(files["gpus/a100-sxm4-40gb/index.html"]))
	at := func(id string) int { return slices.Index(got, id) }
	for _, pair := range [][2]string{{"parts/yuan", "aws/p4d.24xlarge"}, {"aws/p4d.24xlarge", "parts/dear"}, {"parts/dear", "parts/article"}, {"parts/partial", "parts/unpriced"}} {
		if at(pair[0]) < 0 || at(pair[1]) < 0 || at(pair[0]) > at(pair[1]) {
			t.Errorf("GPU page lists %s before %s, or leaves one out: %v", pair[1], pair[0], got)
		}
	}
	if got[len(got)-1] != "parts/unpriced" {
		t.Errorf("GPU page lists the unpriced type before a priced one: %v", got)
	}
}
