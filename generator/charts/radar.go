package charts

import (
	"fmt"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// RadarSeries is one provider's scores on the radar's indicators, 0–100.
type RadarSeries struct {
	Provider *catalog.Provider
	Values   []float64 // aligned with the indicators
}

// ScoreRadar makes the radar chart of the evaluation matrix's leaders:
// one polygon per provider over the indicators they all have a score
// for, each axis from 0 to 100. Its numbers are the scores of the ranking
// table beside it. nil when there are fewer than three indicators or no
// provider.
func (d *Data) ScoreRadar(id, title string, indicators []string, series []RadarSeries) (*Chart, error) {
	if len(indicators) < 3 || len(series) == 0 {
		return nil, nil
	}
	ind := make([]*opts.Indicator, len(indicators))
	for i, name := range indicators {
		ind[i] = &opts.Indicator{Name: truncate(name, 24), Max: 100}
	}
	r := charts.NewRadar()
	r.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: id}),
		charts.WithTitleOpts(opts.Title{Show: opts.Bool(false), Title: title}),
		charts.WithAnimation(false),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		charts.WithLegendOpts(legend()),
		charts.WithRadarComponentOpts(opts.RadarComponent{Indicator: ind, Shape: "polygon", Center: []string{"50%", "56%"},
			AxisName: &opts.AxisName{Show: opts.Bool(true), Color: "#5a6576"}}),
	)
	for _, s := range series {
		if len(s.Values) != len(indicators) {
			return nil, fmt.Errorf("chart %s: %q has %d scores for %d indicators", id, s.Provider.Name, len(s.Values), len(indicators))
		}
		values := make([]float64, len(s.Values))
		for i, v := range s.Values {
			values[i] = shownScore(v)
		}
		color := d.ProviderColor(s.Provider)
		r.AddSeries(d.ProviderName(s.Provider), []opts.RadarData{{Name: d.ProviderName(s.Provider), Value: values}},
			charts.WithItemStyleOpts(opts.ItemStyle{Color: color}),
			charts.WithLineStyleOpts(opts.LineStyle{Width: 2}),
			charts.WithAreaStyleOpts(opts.AreaStyle{Opacity: opts.Float(0.08)}))
	}
	c := &Chart{ID: id, Title: title, Height: 6}
	var err error
	if c.Options, err = finish(r); err != nil {
		return nil, err
	}
	return c, nil
}

// shownScore rounds a 0–100 score to one decimal, as pages write it.
func shownScore(v float64) float64 {
	return pricing.Round(v, 1)
}

// ProviderColor is the colour of a provider on every chart, for the page
// scripts that redraw one.
func (d *Data) ProviderColor(p *catalog.Provider) string {
	i, ok := d.providerIndex()[p]
	if !ok {
		return "#8a94a3"
	}
	c, _ := providerStyle(i)
	return c
}
