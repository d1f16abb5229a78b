package kinds

import (
	"gpucompare/generator/charts"
	"gpucompare/generator/site/chartmodel"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
)

// Embeds is the embed page kind: a page for each site-wide chart
// (paths.Embeds) holding that chart and its table alone, without the
// site's header and footer, made to be framed in another site's page
// (an <iframe>, which the pages of the chart offer to copy). Its figures
// are those of the page the chart is on, shared with it (shared).
type Embeds struct {
	newPage NewPage
	shared  *chartmodel.Shared
}

// EmbedData is the model of an embed page: the chart it holds and the
// page of the site it comes from, to link back to.
type EmbedData struct {
	Kind    string // the figure's kind: "price_by_gpu"
	Heading string // the message key of its heading
	PageURL string // the site's page of the chart, relative to the embed page
}

// NewEmbeds is the embed page kind of an edition, whose figures of prices
// by GPU model are shared (chartmodel.Shared) with the edition's pages.
func NewEmbeds(newPage NewPage, shared *chartmodel.Shared) *Embeds {
	return &Embeds{newPage: newPage, shared: shared}
}

// Pages are the embed pages, in the order of paths.Embeds.
func (e *Embeds) Pages() []*pagemodel.Page {
	var out []*pagemodel.Page
	for _, c := range paths.Embeds {
		p := e.newPage(paths.Embed(c.Name), "embed")
		p.TitleKey, p.DescKey = "chart.heading."+c.Kind, "embed.description"
		p.Data = &EmbedData{Kind: c.Kind, Heading: "chart.heading." + c.Kind, PageURL: p.Rel(c.Page)}
		out = append(out, p)
	}
	return out
}

// Charts makes the figure of an embed page: that of its chart alone.
func (e *Embeds) Charts(d *charts.Data, p *pagemodel.Page) error {
	switch p.Data.(*EmbedData).Kind {
	case "price_by_gpu":
		return e.shared.PriceByGPU(d, p)
	case "price_performance":
		return chartmodel.PricePerformance(d, p)
	case "discounts":
		return chartmodel.Discounts(d, p)
	}
	return nil
}
