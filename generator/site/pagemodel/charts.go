package pagemodel

import (
	"gpucompare/generator/catalog"
	"gpucompare/generator/charts"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/paths"
)

// ChartScripts reports whether the page draws a chart, and so loads
// ECharts and static/charts.js.
func (p *Page) ChartScripts() bool {
	for _, c := range p.Charts {
		if len(c.Charts) > 0 {
			return true
		}
	}
	return false
}

// ChartSet returns the page's figures of a kind, one per pricing model
// where the kind has several.
func (p *Page) ChartSet(kind string) []*ChartView {
	var out []*ChartView
	for _, c := range p.Charts {
		if c.Kind == kind {
			out = append(out, c)
		}
	}
	return out
}

// Chart returns the page's figure of a kind, or nil.
func (p *Page) Chart(kind string) *ChartView {
	for _, c := range p.Charts {
		if c.Kind == kind {
			return c
		}
	}
	return nil
}

// InstanceURL, GPUURL and ProviderURL link from the figure's page.
func (v *ChartView) InstanceURL(in *catalog.Instance) string { return v.Page.Rel(paths.Instance(in)) }

func (v *ChartView) GPUURL(g *catalog.GPU) string { return v.Page.Rel(paths.GPU(g.ID)) }

func (v *ChartView) ProviderURL(p *catalog.Provider) string { return v.Page.Rel(paths.Provider(p.ID)) }

// MaxProviders, MaxOffers and MaxMarks are the most providers, offers and
// marks of a GPU model the charts keep (charts.MaxChartProviders …), for
// the notes that say what they leave out.
func (v *ChartView) MaxProviders() int { return charts.MaxChartProviders }

func (v *ChartView) MaxOffers() int { return charts.MaxChartOffers }

func (v *ChartView) MaxMarks() int { return charts.MaxMarksPerGPU }

// MaxGPUs is the most GPU models the chart of prices by GPU model keeps.
func (v *ChartView) MaxGPUs() int { return charts.MaxChartGPUs }

// RegionName is the name of an offer's region in the page's language,
// where that is not the catalog's and the catalog has one (美国东部（弗吉尼亚州北部）
// for us-east-1), as the Chinese edition's other tables write it beside
// the id; "" otherwise, and for a price that holds in all regions.
func (v *ChartView) RegionName(o *pricing.Offer) string {
	if o.Region == catalog.AllRegions || v.Page == nil || v.Page.Site == nil {
		return ""
	}
	lang := v.Page.Site.Lang
	if lang == "" || lang == catalog.BaseLanguage {
		return ""
	}
	if r := o.Provider.Region(o.Region); r != nil {
		return r.I18n[lang]["name"]
	}
	return ""
}

// Left is why a price point is not on the page's history chart, as a
// message key, or "" when it is (or there is no chart).
func (v *ChartView) Left(pp *catalog.PricePoint) string {
	if v == nil {
		return ""
	}
	h, _ := v.Table.(*charts.History)
	if r := h.Left(pp); r != "" {
		return "chart.history.left_" + r
	}
	return ""
}

// Region is the region of an offer as a figure's table names it: its id,
// or "" when the price holds in all regions.
func (v *ChartView) Region(o *pricing.Offer) string {
	if o.Region == catalog.AllRegions {
		return ""
	}
	return o.Region
}

// EmbedLink is the <iframe> a reader copies to frame the embed page of a
// chart elsewhere: its absolute URL and the message key of its heading.
type EmbedLink struct {
	URL     string
	Heading string
}

// Embed is the link to the embed page of the page's figure of kind, nil
// when it has none (Embeds).
func (p *Page) Embed(kind string) *EmbedLink {
	u, ok := p.Embeds[kind]
	if !ok {
		return nil
	}
	return &EmbedLink{URL: u, Heading: "chart.heading." + kind}
}
