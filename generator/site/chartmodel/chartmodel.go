// Package chartmodel is the part of the page-model stage that makes the
// figures of a page (pagemodel.ChartView): the charts of generator/charts
// with the table of the numbers behind them. Each page kind makes the
// figures of its own pages, with the figures of this package (prices by
// GPU model and provider, price against performance, a GPU's offers,
// providers' discounts, an instance type's price history) or its own; a
// render worker makes them just before it renders the page (Maker). It
// reads the catalog and its derived data, and writes nothing.
package chartmodel

import (
	"fmt"
	"sync"

	"gpucompare/generator/catalog"
	"gpucompare/generator/charts"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
)

// Models are the pricing models the prices by GPU model and provider are
// drawn for, on-demand first: the models most providers sell, so a chart
// compares providers. The page shows the first; static/charts.js lets
// the reader switch.
var Models = [...]string{"on_demand", "spot", "reserved_1y", "reserved_3y"}

// Charts makes the figures of one page of a page kind into p.Charts.
type Charts func(d *charts.Data, p *pagemodel.Page) error

// Maker makes the figures of pages one at a time, for one render worker:
// its Data words the charts with the edition's messages and keeps the
// first message that failed, for the page being made.
type Maker struct {
	Data    *charts.Data
	textErr error // the first message of the page's charts that failed
}

// NewMaker is the Maker of a render worker of an edition: its catalog,
// its GPU models in page order and its priced offers (derive.Data), and
// its messages.
func NewMaker(cat *catalog.Catalog, gpus []*catalog.GPU, offers []*pricing.Offer, msgs render.Messages) *Maker {
	m := &Maker{}
	text := func(key string, args ...any) string {
		s, err := msgs.T(key, args...)
		if err != nil && m.textErr == nil {
			m.textErr = err
		}
		return s
	}
	m.Data = &charts.Data{Catalog: cat, GPUs: gpus, Offers: offers, Currency: cat.Site.Currency, Text: text, Unit: msgs.Cur, Units: msgs.UnitName, Lang: msgs["site.language"]}
	return m
}

// Make makes the figures of p with its kind's charts (nil: p has none),
// once its model is made.
func (m *Maker) Make(p *pagemodel.Page, of Charts) error {
	if of == nil {
		return nil
	}
	m.textErr = nil
	if err := of(m.Data, p); err != nil {
		return fmt.Errorf("%s: charts: %w", p.Path, err)
	}
	if m.textErr != nil {
		return fmt.Errorf("%s: charts: %w", p.Path, m.textErr)
	}
	return nil
}

// add adds a figure of a kind to p: the charts cs and their table.
func add(p *pagemodel.Page, kind string, table any, cs ...*charts.Chart) *pagemodel.ChartView {
	v := &pagemodel.ChartView{Kind: kind, Charts: cs, Table: table, Page: p}
	p.Charts = append(p.Charts, v)
	return v
}

// Shared are the charts of prices by GPU model and provider, one under
// each of Models, made once a build: the home page and the GPU list
// show the same, and the charts.Data of the render workers differ only in
// whom their Text reports a missing message to. A nil *Shared shares
// nothing: each page makes its own.
type Shared struct {
	byModel [len(Models)]struct {
		once  sync.Once
		chart *charts.GPUPrices
		err   error
	}
}

// PriceByGPU adds to p the figures of prices by GPU model and provider,
// one under each of Models that has a price; their options are made and
// encoded once a build, by the first page that shows them.
func (s *Shared) PriceByGPU(d *charts.Data, p *pagemodel.Page) error {
	for i, model := range Models {
		id := charts.ID(p.Path, "price_by_gpu_"+model)
		var c *charts.GPUPrices
		var err error
		if s == nil {
			c, err = d.PriceByGPU(id, model)
		} else {
			sh := &s.byModel[i]
			sh.once.Do(func() { sh.chart, sh.err = d.PriceByGPU(id, model) })
			c, err = sh.chart, sh.err
			if c != nil {
				c = c.WithID(id)
			}
		}
		if err != nil {
			return err
		}
		if c != nil {
			add(p, "price_by_gpu", c, &c.Chart).Model = model
		}
	}
	return nil
}

// GPUMatrix adds to p the figures of the GPU matrix: prices by GPU model
// and provider (s.PriceByGPU), and price against performance.
func (s *Shared) GPUMatrix(d *charts.Data, p *pagemodel.Page) error {
	if err := s.PriceByGPU(d, p); err != nil {
		return err
	}
	return PricePerformance(d, p)
}

// PricePerformance adds to p the figure of price against performance
// (TFLOPS and memory per GPU) of the GPU matrix.
func PricePerformance(d *charts.Data, p *pagemodel.Page) error {
	pp, err := d.PricePerformance(charts.ID(p.Path, "price_tflops"), charts.ID(p.Path, "price_memory"), pagemodel.ChartModel)
	if err != nil || pp == nil {
		return err
	}
	var cs []*charts.Chart
	for _, c := range []*charts.Chart{pp.TFLOPS, pp.Memory} {
		if c != nil {
			cs = append(cs, c)
		}
	}
	add(p, "price_performance", pp, cs...)
	return nil
}

// GPUOffers adds to p, the page of GPU model g, the figure of its offers.
func GPUOffers(d *charts.Data, p *pagemodel.Page, g *catalog.GPU) error {
	c, err := d.GPUOffers(charts.ID(p.Path, "offers"), g, pagemodel.ChartModel)
	if err != nil || c == nil {
		return err
	}
	add(p, "gpu_offers", c, &c.Chart)
	return nil
}

// Discounts adds to p the figure of the providers' discounts.
func Discounts(d *charts.Data, p *pagemodel.Page) error {
	c, err := d.ProviderDiscounts(charts.ID(p.Path, "discounts"))
	if err != nil || c == nil {
		return err
	}
	add(p, "discounts", c, &c.Chart)
	return nil
}

// History adds to p, the page of instance type in, the figure of the
// price history of points, and returns it; nil when there is none.
// Without a chart the figure still says why there is none.
func History(d *charts.Data, p *pagemodel.Page, in *catalog.Instance, points []charts.HistoryPoint) (*pagemodel.ChartView, error) {
	h, err := d.PriceHistory(charts.ID(p.Path, "history"), in, points)
	if err != nil || h == nil {
		return nil, err
	}
	var cs []*charts.Chart
	for _, c := range h.Charts {
		cs = append(cs, &c.Chart)
	}
	return add(p, "history", h, cs...), nil
}
