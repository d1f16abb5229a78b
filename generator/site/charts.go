package site

import (
	"fmt"
	"sync"

	"gpucompare/generator/charts"
	"gpucompare/generator/site/pagemodel"
)

// chartModels are the pricing models the prices by GPU model and provider
// are drawn for, on-demand first: the models most providers sell, so a
// chart compares providers. The page shows the first; static/charts.js
// lets the reader switch.
var chartModels = [...]string{"on_demand", "spot", "reserved_1y", "reserved_3y"}

// chartMaker makes the figures of pages one at a time, for one render
// worker: the home page and the GPU matrix the prices by GPU model and
// provider, the GPU matrix also price against performance, each GPU page
// its offers, the providers page the discounts, and each instance type
// page its price history.
type chartMaker struct {
	data    *charts.Data
	textErr error // the first message of the page's charts that failed
}

func (b *builder) chartMaker() *chartMaker {
	m := &chartMaker{}
	text := func(key string, args ...any) string {
		s, err := b.tmpl.Msgs.T(key, args...)
		if err != nil && m.textErr == nil {
			m.textErr = err
		}
		return s
	}
	m.data = &charts.Data{Catalog: b.cat, GPUs: b.GPUs, Offers: b.Priced, Currency: b.cat.Site.Currency, Text: text}
	return m
}

// fill makes what p renders that was not made with it: its model, unless
// made already, and its charts.
func (b *builder) fill(p *page, m *chartMaker) error {
	if err := b.makeModel(p); err != nil {
		return err
	}
	return b.makeCharts(p, m)
}

// makeModel makes the model of p, unless made already.
func (b *builder) makeModel(p *page) error {
	if p.Model != nil {
		data, err := p.Model()
		if err != nil {
			return fmt.Errorf("%s: %w", p.Path, err)
		}
		p.Data, p.Model = data, nil
	}
	return nil
}

// makeCharts makes the charts of p, once its model is made.
func (b *builder) makeCharts(p *page, m *chartMaker) error {
	m.textErr = nil
	if err := b.chartsOf(m.data, p); err != nil {
		return fmt.Errorf("%s: charts: %w", p.Path, err)
	}
	if m.textErr != nil {
		return fmt.Errorf("%s: charts: %w", p.Path, m.textErr)
	}
	return nil
}

// chartsFollowModel reports whether the charts of a page of a layout are
// made from its model alone (and the messages), so that a page whose model
// is unchanged has unchanged charts: the price history of an instance
// type page. The charts of other pages read every offer.
func chartsFollowModel(layout string) bool { return layout == "instance" }

// chartsOf makes the figures of one page.
func (b *builder) chartsOf(d *charts.Data, p *page) error {
	add := func(kind string, table any, cs ...*charts.Chart) *chartView {
		v := &chartView{Kind: kind, Charts: cs, Table: table, Page: p}
		p.Charts = append(p.Charts, v)
		return v
	}
	switch p.Layout {
	case "home", "gpus":
		for i, m := range chartModels {
			c, err := b.priceByGPU(d, i, charts.ID(p.Path, "price_by_gpu_"+m))
			if err != nil {
				return err
			}
			if c != nil {
				add("price_by_gpu", c, &c.Chart).Model = m
			}
		}
		if p.Layout == "home" {
			return nil
		}
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
		add("price_performance", pp, cs...)
	case "gpu":
		g := p.Data.(*gpuData).GPU
		c, err := d.GPUOffers(charts.ID(p.Path, "offers"), g, pagemodel.ChartModel)
		if err != nil || c == nil {
			return err
		}
		add("gpu_offers", c, &c.Chart)
	case "providers":
		c, err := d.ProviderDiscounts(charts.ID(p.Path, "discounts"))
		if err != nil || c == nil {
			return err
		}
		add("discounts", c, &c.Chart)
	case "instance":
		data := p.Data.(*instanceData)
		points := make([]charts.HistoryPoint, len(data.Prices))
		for i, pv := range data.Prices {
			points[i] = charts.HistoryPoint{Point: pv.PricePoint, Currency: pv.Currency, PerGPUHour: pv.PerGPUHour, Quoted: pv.PerGPUQuoted}
		}
		h, err := d.PriceHistory(charts.ID(p.Path, "history"), data.Instance, points)
		if err != nil || h == nil {
			return err
		}
		// Without a chart the figure still says why there is none.
		var cs []*charts.Chart
		for _, c := range h.Charts {
			cs = append(cs, &c.Chart)
		}
		add("history", h, cs...)
		if v := p.Chart("history"); v != nil {
			for _, pv := range data.Prices {
				pv.NotCharted = v.Left(pv.PricePoint)
			}
		}
	case "benchmark":
		return benchmarksOf(b).Charts(d, p)
	case "scenario":
		return scenariosOf(b).Charts(d, p)
	case "evaluation":
		return evaluationOf(b).Charts(d, p)
	}
	return nil
}

// sharedPriceByGPU is the chart of prices by GPU model and provider under
// one of chartModels, made once a build: the home page and the GPU list
// show the same, and the charts.Data of a builder's render workers differ
// only in whom their Text reports a missing message to.
type sharedPriceByGPU struct {
	once  sync.Once
	chart *charts.GPUPrices
	err   error
}

// priceByGPU is the chart of prices by GPU model and provider under
// chartModels[i] with the id given; its options are made and encoded once
// a build, by the first page that shows them.
func (b *builder) priceByGPU(d *charts.Data, i int, id string) (*charts.GPUPrices, error) {
	s := &b.priceByGPUs[i]
	s.once.Do(func() { s.chart, s.err = d.PriceByGPU(id, chartModels[i]) })
	if s.err != nil || s.chart == nil {
		return nil, s.err
	}
	return s.chart.WithID(id), nil
}
