package catalogpages

import (
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// TestOtherProviderAnswersSaySo: a row whose on-demand answer is one
// provider's and whose spot or 1-year answer is another's marks that
// cell, with that provider's own on-demand price — its offer's own where
// it has one, else its cheapest other offer of the GPU model, a stale one
// never — and a cell of the on-demand answer's provider stays unmarked.
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
	spot := offer(google, 8, price("spot", 20, catalog.Fresh))
	ownSpot := offer(cheap, 1, price("spot", 1, catalog.Fresh))
	cell := func(o *pricing.Offer) *HomeCell { return &HomeCell{offer: o} }
	offers := []*pricing.Offer{od, committed, bare, other, stale, own, spot, ownSpot}
	inc := HomeIncludes[0]

	cells := []*HomeCell{cell(od), nil, cell(committed)}
	markOtherProviders(cells, offers, inc)
	if c := cells[2]; !c.OtherProvider || c.OwnOnDemand != 88.48/8 {
		t.Errorf("another provider's 1-year answer: marked %v, own on-demand %v; want marked, 11.06 (its offer's own)", c.OtherProvider, c.OwnOnDemand)
	}
	cells = []*HomeCell{cell(od), nil, cell(bare)}
	markOtherProviders(cells, offers, inc)
	if c := cells[2]; !c.OtherProvider || c.OwnOnDemand != 88.48/8 {
		t.Errorf("an offer with no on-demand price: own on-demand %v; want 11.06, the provider's cheapest current one (the stale 5 left out)", c.OwnOnDemand)
	}
	cells = []*HomeCell{cell(od), nil, cell(bare)}
	markOtherProviders(cells, []*pricing.Offer{od, bare, stale}, inc)
	if c := cells[2]; !c.OtherProvider || c.OwnOnDemand != 0 {
		t.Errorf("a provider with only a stale on-demand price: own on-demand %v; want none (0)", c.OwnOnDemand)
	}
	cells = []*HomeCell{cell(od), cell(ownSpot), cell(own)}
	markOtherProviders(cells, offers, inc)
	if cells[1].OtherProvider || cells[2].OtherProvider {
		t.Error("the on-demand answer's own provider's spot or 1-year price is marked as another provider's")
	}
	cells = []*HomeCell{cell(od), cell(spot), nil}
	markOtherProviders(cells, offers, inc)
	if c := cells[1]; !c.OtherProvider || c.OwnOnDemand != 88.48/8 {
		t.Errorf("another provider's spot answer: marked %v, own on-demand %v; want marked, 11.06 (the provider's cheapest current on-demand price)", c.OtherProvider, c.OwnOnDemand)
	}
	cells = []*HomeCell{nil, cell(spot), cell(committed)}
	markOtherProviders(cells, offers, inc)
	if cells[1].OtherProvider || cells[2].OtherProvider {
		t.Error("a row with no on-demand answer marks its cells")
	}
}
