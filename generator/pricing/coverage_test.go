package pricing

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
)

// The coverage the shipped catalog reaches: the offers a buyer can compare
// by price, and the providers they come from. The floors are what the
// catalog holds today; a catalog edit that loses offers or providers fails
// here.
const (
	minPricedOffers    = 420
	minPricedProviders = 16
)

// pricedProviders are the providers that have at least one priced offer in
// the shipped catalog, every seed provider among them (Huawei Cloud's one
// price is an article's).
var pricedProviders = []string{
	"alibaba-cloud", "aws", "aws-china", "azure", "coreweave", "crusoe", "google-cloud", "inspur-lease",
	"huawei-cloud", "lambda", "nebius", "oci", "paperspace", "runpod", "tencent-cloud", "vast-ai",
}

// TestShippedCatalogCoverage counts the priced offers (instance type ×
// region rows of the matrix with at least one price) of the shipped catalog
// and the providers they come from, and holds them to the floors above.
func TestShippedCatalogCoverage(t *testing.T) {
	cat := shippedCatalog(t)
	offers, providers := pricedCoverage(cat)
	t.Logf("%d priced offers from %d providers: %v", offers, len(providers), providers)
	t.Logf("by provider:\n%s", datedTable(cat))
	if offers < minPricedOffers {
		t.Errorf("shipped catalog has %d priced offers, want at least %d", offers, minPricedOffers)
	}
	if len(providers) < minPricedProviders {
		t.Errorf("shipped catalog has priced offers from %d providers, want at least %d: %v", len(providers), minPricedProviders, providers)
	}
	for _, id := range pricedProviders {
		if providers[id] == 0 {
			t.Errorf("provider %q has no priced offer in the shipped catalog", id)
		}
	}
}

// TestShippedOfferedGPUsHaveFigures checks that every accelerator a priced
// offer rents states its dense FP16/BF16 and FP32 peaks, its memory and its
// bandwidth, or says in its notes which of them is unknown and why (a
// figure the vendor does not publish, or one no read source gives).
func TestShippedOfferedGPUsHaveFigures(t *testing.T) {
	cat := shippedCatalog(t)
	seen := map[string]bool{}
	for _, o := range Offers(cat, "USD") {
		if len(o.Prices) == 0 || o.GPU == nil || seen[o.GPU.ID] {
			continue
		}
		seen[o.GPU.ID] = true
		g := o.GPU
		var missing []string
		for _, f := range []struct {
			name string
			v    *float64
		}{
			{"fp16_bf16", g.Dense.FP16BF16}, {"fp32", g.Dense.FP32}, {"memory_gb", g.MemoryGB}, {"memory_bandwidth_gb_s", g.BandwidthGBs},
		} {
			if f.v == nil {
				missing = append(missing, f.name)
			}
		}
		if len(missing) > 0 && !saysWhyNot(g.Notes) {
			t.Errorf("gpu %q (offered by %s) lacks %s and its notes do not say why", g.ID, o.Provider.ID, strings.Join(missing, ", "))
		}
	}
}

// saysWhyNot reports whether notes explain a figure left out.
func saysWhyNot(notes string) bool {
	n := strings.ToLower(notes)
	return slices.ContainsFunc([]string{"unknown", "not published", "not found", "no fp32", "not in the reference", "left empty", "intentionally empty", "no public"}, func(s string) bool { return strings.Contains(n, s) })
}

func shippedCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	cat, report := catalog.Load(os.DirFS("../.."))
	if errs := report.Errors(); len(errs) > 0 {
		t.Fatalf("shipped catalog does not load:\n%s", errs)
	}
	return cat
}

// datedTable is a Markdown table of the providers of cat: their offers
// (priced), price points, points with an effective date (since), points
// with any date (since or as_of), and their newest date.
func datedTable(cat *catalog.Catalog) string {
	type row struct {
		offers, priced, points, since, dated int
		newest                               catalog.Date
	}
	rows := map[string]*row{}
	get := func(id string) *row {
		if rows[id] == nil {
			rows[id] = &row{}
		}
		return rows[id]
	}
	for _, o := range Offers(cat, "USD") {
		r := get(o.Provider.ID)
		r.offers++
		if len(o.Prices) > 0 {
			r.priced++
		}
	}
	later := func(a, b catalog.Date) catalog.Date {
		ta, oka := a.Time()
		tb, okb := b.Time()
		if !oka || okb && tb.After(ta) {
			return b
		}
		return a
	}
	var all row
	for _, pp := range cat.Prices {
		for _, r := range []*row{get(pp.Provider), &all} {
			r.points++
			_, since := pp.Since.Time()
			asOf := pp.AsOfDate()
			if since {
				r.since++
			}
			if since || asOf != "" {
				r.dated++
			}
			if since {
				r.newest = later(r.newest, pp.Since)
			}
			r.newest = later(r.newest, asOf)
		}
	}
	share := func(k, n int) string {
		if n == 0 {
			return "–"
		}
		return fmt.Sprintf("%d (%.0f%%)", k, 100*float64(k)/float64(n))
	}
	var b strings.Builder
	b.WriteString("| provider | offers (priced) | price points | with since | dated (since or as_of) | newest date |\n| --- | --- | --- | --- | --- | --- |\n")
	line := func(name string, r *row) {
		fmt.Fprintf(&b, "| %s | %d (%d) | %d | %s | %s | %s |\n", name, r.offers, r.priced, r.points,
			share(r.since, r.points), share(r.dated, r.points), cmp.Or(string(r.newest), "–"))
	}
	for _, id := range slices.Sorted(maps.Keys(rows)) {
		line(id, rows[id])
		all.offers += rows[id].offers
		all.priced += rows[id].priced
	}
	line("**all**", &all)
	return b.String()
}

// pricedCoverage counts the offers of cat with at least one price, and
// those offers by provider id.
func pricedCoverage(cat *catalog.Catalog) (int, map[string]int) {
	n, by := 0, map[string]int{}
	for _, o := range Offers(cat, "USD") {
		if len(o.Prices) == 0 {
			continue
		}
		n++
		by[o.Provider.ID]++
	}
	return n, by
}
