package pricing

import (
	"os"
	"testing"

	"gpucompare/generator/catalog"
)

// The coverage the shipped catalog reaches: the offers a buyer can compare
// by price, and the providers they come from. The floors are what the
// catalog holds today; a catalog edit that loses offers or providers fails
// here.
const (
	minPricedOffers    = 420
	minPricedProviders = 15
)

// TestShippedCatalogCoverage counts the priced offers (instance type ×
// region rows of the matrix with at least one price) of the shipped catalog
// and the providers they come from, and holds them to the floors above.
func TestShippedCatalogCoverage(t *testing.T) {
	cat, report := catalog.Load(os.DirFS("../.."))
	if errs := report.Errors(); len(errs) > 0 {
		t.Fatalf("shipped catalog does not load:\n%s", errs)
	}
	offers, providers := pricedCoverage(cat)
	t.Logf("%d priced offers from %d providers: %v", offers, len(providers), providers)
	if offers < minPricedOffers {
		t.Errorf("shipped catalog has %d priced offers, want at least %d", offers, minPricedOffers)
	}
	if len(providers) < minPricedProviders {
		t.Errorf("shipped catalog has priced offers from %d providers, want at least %d: %v", len(providers), minPricedProviders, providers)
	}
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
