package catalogpages

import (
	"gpucompare/generator/charts"
	"gpucompare/generator/site/chartmodel"
	"gpucompare/generator/site/pagemodel"
)

// Charts makes the figures of a page of the catalog's records: the home
// page and the GPU matrix the prices by GPU model and provider, the GPU
// matrix also price against performance, each GPU page its offers, the
// providers page the discounts, and each instance type page its price
// history, which its price rows then say they are left out of.
func (k *Kind) Charts(d *charts.Data, p *pagemodel.Page) error {
	switch p.Layout {
	case "home":
		return k.figures.PriceByGPU(d, p)
	case "gpus":
		if p.Data.(*GPUsData).First > 1 {
			return nil // the figures are on the list's first page
		}
		return k.figures.GPUMatrix(d, p)
	case "gpu":
		return chartmodel.GPUOffers(d, p, p.Data.(*GPUData).GPU)
	case "providers":
		return chartmodel.Discounts(d, p)
	case "instance":
		data := p.Data.(*InstanceData)
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
