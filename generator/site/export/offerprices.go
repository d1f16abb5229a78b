package export

import (
	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// OfferPrice is the price of one offer under one pricing model as
// compare/offers.json holds it: the figures of the offer's prices entry,
// with the keys of the offer and its GPU count (the per-GPU-hour price is
// DisplayHourly ÷ GPUCount).
type OfferPrice struct {
	Provider, Instance, Region, Model string
	GPUCount                          int
	// Currency is that of Hourly, the derived effective hourly price of
	// the whole instance.
	Currency string
	Hourly   float64
	// Display is the site currency; DisplayHourly is Hourly in it, nil
	// when no rate converts it, at FXRate of FXDate (nil when no rate was
	// needed).
	Display       string
	DisplayHourly *float64
	FXRate        *float64
	FXDate        string
	// Point is the price point the price comes from.
	Point *catalog.PricePoint
}

// OfferPrices are the list prices compare/offers.json holds for a
// catalog, in its order (an overlay's quotes left out): offer by offer, each offer's pricing models in the order of
// pricing.Models. They are made by the code that writes that file
// (exportFigures).
func OfferPrices(cat *catalog.Catalog) []OfferPrice {
	var out []OfferPrice
	for _, o := range pricing.Offers(cat, cat.Site.Currency) {
		if o.Quoted() != nil {
			continue // a private quote is no price of the list (gpucompare diff compares quotes as records)
		}
		for _, model := range pricing.Models {
			pr := o.Prices[model]
			if pr == nil {
				continue
			}
			f := exportFigures(pr)
			p := OfferPrice{Provider: o.Provider.ID, Instance: o.Instance.ID, Region: o.Region, Model: model, GPUCount: o.Instance.GPUCount,
				Currency: pr.Hourly.Currency, Hourly: f.hourly, Display: cat.Site.Currency, Point: pr.Point}
			if f.converted {
				p.DisplayHourly = &f.display
			}
			if f.rated {
				p.FXRate, p.FXDate = &f.fxRate, f.fxDate
			}
			out = append(out, p)
		}
	}
	return out
}

// priceFigures are the derived figures of a price in the exports.
type priceFigures struct {
	hourly, display, fxRate float64
	fxDate                  string
	converted, rated        bool // display is set; fxRate and fxDate are set
}

// exportFigures are the derived figures of a price as the exports write
// them: rounded to derivedPlaces, with the rate used when one was.
func exportFigures(pr *pricing.Price) priceFigures {
	f := priceFigures{hourly: pricing.Round(pr.Hourly.Amount, derivedPlaces)}
	if pr.Converted {
		f.display, f.converted = pricing.Round(pr.Display, derivedPlaces), true
		if pr.Conversion.Factor != 1 {
			f.fxRate, f.fxDate, f.rated = pr.Conversion.Rate.Rate, string(pr.Conversion.Rate.Date), true
		}
	}
	return f
}
