package site

import (
	"gpucompare/generator/charts"
	"gpucompare/generator/site/chartmodel"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
)

// chartKinds are the figures of the pages of each layout, as the page
// kind of the layout makes them: each kind makes the charts of its own
// pages (chartmodel.Maker calls them as the pages render). The kinds of
// the catalog's records share the charts of prices by GPU model once a
// build (chartmodel.Shared).
func chartKinds(b *builder) map[string]chartmodel.Charts {
	ck := catalogOf(b)
	ck.figures = new(chartmodel.Shared)
	return map[string]chartmodel.Charts{
		"home": ck.Charts, "gpus": ck.Charts, "gpu": ck.Charts, "providers": ck.Charts, "instance": ck.Charts,
		"benchmark":  benchmarksOf(b).Charts,
		"scenario":   scenariosOf(b).Charts,
		"evaluation": evaluationOf(b).Charts,
		"embed":      kinds.NewEmbeds(b.newPage, ck.figures).Charts,
	}
}

// Charts makes the figures of a page of the catalog's records: the home
// page and the GPU matrix the prices by GPU model and provider, the GPU
// matrix also price against performance, each GPU page its offers, the
// providers page the discounts, and each instance type page its price
// history, which its price rows then say they are left out of.
func (k *catalogKind) Charts(d *charts.Data, p *pagemodel.Page) error {
	switch p.Layout {
	case "home":
		return k.figures.PriceByGPU(d, p)
	case "gpus":
		if p.Data.(*gpusData).First > 1 {
			return nil // the figures are on the list's first page
		}
		return k.figures.GPUMatrix(d, p)
	case "gpu":
		return chartmodel.GPUOffers(d, p, p.Data.(*gpuData).GPU)
	case "providers":
		return chartmodel.Discounts(d, p)
	case "instance":
		data := p.Data.(*instanceData)
		points := make([]charts.HistoryPoint, len(data.Prices))
		for i, pv := range data.Prices {
			points[i] = charts.HistoryPoint{Point: pv.PricePoint, Currency: pv.Currency, PerGPUHour: pv.PerGPUHour, Quoted: pv.PerGPUQuoted}
		}
		v, err := chartmodel.History(d, p, data.Instance, points)
		if v != nil {
			for _, pv := range data.Prices {
				pv.NotCharted = v.Left(pv.PricePoint)
			}
		}
		return err
	}
	return nil
}
