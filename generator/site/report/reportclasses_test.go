package report

import (
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/catalogpages"
)

// TestOtherProviderAnswersSaySo: a row whose on-demand answer is one
// provider's and whose 1-year answer is another's marks the 1-year cell,
// with that provider's own on-demand price — its offer's own where it has
// one, else its cheapest other offer of the GPU model, a stale one never —
// and a cell of the on-demand answer's provider, or a spot cell, stays
// unmarked.
func TestOtherProviderAnswersSaySo(t *testing.T) {
	gpu := &catalog.GPU{ID: "h100"}
	cheap, google := &catalog.Provider{ID: "cheap"}, &catalog.Provider{ID: "google"}
	price := func(model string, display float64, fresh string) *pricing.Price {
		return &pricing.Price{Model: model, Display: display, Converted: true, Kind: "provider", Freshness: fresh}
	}
	offer := func(p *catalog.Provider, count int, prices ...*pricing.Price) *pricing.Offer {
		o := &pricing.Offer{Provider: p, GPU: gpu, Instance: &catalog.Instance{GPU: "h100", GPUCount: count}, Prices: map[string]*pricing.Price{}}
		for _, pr := range prices {
			o.Prices[pr.Model] = pr
		}
		return o
	}
	od := offer(cheap, 1, price("on_demand", 3.09, catalog.Fresh))
	committed := offer(google, 8, price("cud_1y", 61.38, catalog.Fresh), price("on_demand", 88.48, catalog.Fresh))
	bare := offer(google, 8, price("cud_1y", 60, catalog.Fresh))
	other := offer(google, 8, price("on_demand", 96, catalog.Fresh))
	stale := offer(google, 1, price("on_demand", 5, catalog.Stale))
	own := offer(cheap, 1, price("reserved_1y", 2.5, catalog.Fresh))
	cell := func(o *pricing.Offer) *classCell { return &classCell{HomeCell: &catalogpages.HomeCell{}, Offer: o} }
	offers := []*pricing.Offer{od, committed, bare, other, stale, own}
	tabs := []catalogpages.HomeTab{{ID: "on_demand"}, {ID: "spot"}, {ID: "commit_1y"}}

	row := &classRow{GPU: gpu, Cells: []*classCell{cell(od), nil, cell(committed)}}
	markOtherProviders(row, tabs, offers)
	if c := row.Cells[2]; !c.OtherProvider || c.OwnOnDemand != 88.48/8 {
		t.Errorf("another provider's 1-year answer: marked %v, own on-demand %v; want marked, 11.06 (its offer's own)", c.OtherProvider, c.OwnOnDemand)
	}
	row = &classRow{GPU: gpu, Cells: []*classCell{cell(od), nil, cell(bare)}}
	markOtherProviders(row, tabs, offers)
	if c := row.Cells[2]; !c.OtherProvider || c.OwnOnDemand != 88.48/8 {
		t.Errorf("an offer with no on-demand price: own on-demand %v; want 11.06, the provider's cheapest current one (the stale 5 left out)", c.OwnOnDemand)
	}
	row = &classRow{GPU: gpu, Cells: []*classCell{cell(od), nil, cell(bare)}}
	markOtherProviders(row, tabs, []*pricing.Offer{od, bare, stale})
	if c := row.Cells[2]; !c.OtherProvider || c.OwnOnDemand != 0 {
		t.Errorf("a provider with only a stale on-demand price: own on-demand %v; want none (0)", c.OwnOnDemand)
	}
	row = &classRow{GPU: gpu, Cells: []*classCell{cell(od), nil, cell(own)}}
	markOtherProviders(row, tabs, offers)
	if row.Cells[2].OtherProvider {
		t.Error("the on-demand answer's own provider's 1-year price is marked as another provider's")
	}
	spot := offer(google, 8, price("spot", 20, catalog.Fresh))
	row = &classRow{GPU: gpu, Cells: []*classCell{cell(od), cell(spot), nil}}
	markOtherProviders(row, tabs, append(offers, spot))
	if row.Cells[1].OtherProvider {
		t.Error("a spot answer is marked: spot is no discount for a term")
	}
}
