package charts

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"gpucompare/generator/catalog"
	"gpucompare/generator/jsonenc"
)

// HistoryPoint is a price point of an instance type as its page's table
// shows it: with the price per GPU-hour the table gives.
type HistoryPoint struct {
	Point    *catalog.PricePoint
	Currency string
	// PerGPUHour is the price per GPU-hour in Currency; nil when the
	// point gives no hourly price (it states only a discount).
	PerGPUHour *float64
	// Quoted says PerGPUHour is the figure as the source quotes it, not a
	// computed one, and is shown with all its digits.
	Quoted bool
}

// Reasons a price point is left off a history chart.
const (
	LeftUndated  = "undated"   // no date: it cannot be placed in time
	LeftNoHourly = "no_hourly" // no hourly price: a discount without a base
	LeftAlone    = "alone"     // no price change in its currency is dated: no line to draw
)

// History is the price history of an instance type: a chart per currency
// its points are quoted in, with one line per price series (pricing model
// and payment option, and region when it is sold in several), over the
// dates the points took effect. The table behind it is the page's table
// of every price point; Left tells which of them are not on a chart, and why.
type History struct {
	Charts []*HistoryChart
	left   map[*catalog.PricePoint]string
	// Plotted counts the points on a chart; Undated and NoHourly those
	// left off for want of a date or of an hourly price; Total all of them.
	Plotted, Undated, NoHourly, Total int
}

// HistoryChart is the history chart of the points quoted in one currency.
type HistoryChart struct {
	Chart
	Currency string
	Latest   catalog.Date // the latest date on the chart
}

// Left is why a point is not on a chart (LeftUndated, LeftNoHourly,
// LeftAlone), or ""
// when it is. A nil History has no chart, and nothing is on it.
func (h *History) Left(pp *catalog.PricePoint) string {
	if h == nil {
		return ""
	}
	return h.left[pp]
}

// PriceHistory makes the history of an instance type from its points in
// history order. A currency gets a chart only when one of its series has
// prices at two dates or more; a History without Charts says why none was
// drawn (Undated, NoHourly). It is nil when there are no points.
func (d *Data) PriceHistory(id string, in *catalog.Instance, points []HistoryPoint) (*History, error) {
	if len(points) == 0 {
		return nil, nil
	}
	h := &History{Total: len(points)}
	g := groupSeries(h, points)
	t := d.Text
	for _, cur := range g.currencies {
		// A currency gets a chart when a series of it has prices at two
		// dates or more: a line to draw, not dots on one day.
		if !g.changes(cur) {
			for _, s := range g.series {
				if s.key.currency == cur {
					for _, p := range g.points[s.start:s.end] {
						h.leave(p.Point, LeftAlone)
					}
				}
			}
			continue
		}
		c := &HistoryChart{Currency: cur}
		c.ID = id
		if len(g.currencies) > 1 {
			c.ID = id + "_" + cur
		}
		c.Title = t("chart.history.title", d.instanceName(in), d.Cur(cur))
		xName, yName := t("chart.axis.since"), t("chart.axis.per_gpu_hour", d.Cur(cur))
		lines := make([]historyLine, 0, len(g.series))
		for _, s := range g.series {
			if s.key.currency != cur {
				continue
			}
			name := t("model." + s.key.model)
			if s.key.payment != "" {
				name += ", " + t("payment."+s.key.payment)
			}
			if g.regions > 1 {
				r := s.key.region
				if r == catalog.AllRegions {
					r = t("region.all")
				}
				name += " · " + r
			}
			pts := g.points[s.start:s.end]
			lines = append(lines, historyLine{name: name, points: pts, until: lineEnd(pts[len(pts)-1].Point, d.Today)})
			for _, p := range g.points[s.start:s.end] {
				if later(p.Point.Since, c.Latest) {
					c.Latest = p.Point.Since
				}
				h.Plotted++
			}
		}
		if err := c.setHistoryOptions(xName, yName, lines); err != nil {
			return nil, err
		}
		c.Height = 3
		h.Charts = append(h.Charts, c)
	}
	if len(h.Charts) == 0 {
		h.left, h.Plotted = nil, 0 // no chart: nothing is left off one
	}
	return h, nil
}

// leave records why a point is not on a chart.
func (h *History) leave(pp *catalog.PricePoint, why string) {
	if h.left == nil {
		h.left = map[*catalog.PricePoint]string{}
	}
	h.left[pp] = why
}

// seriesKey is what the points of one line of a history chart share.
type seriesKey struct{ currency, region, model, payment string }

// historySeries is a price series of an instance type: its points are
// points[start:end] of its seriesGroups.
type historySeries struct {
	key        seriesKey
	start, end int
	first      catalog.Date // the date of its first point
	changes    bool         // it has points at two dates or more
}

// seriesGroups are the points of an instance type that a chart can show,
// grouped by series.
type seriesGroups struct {
	series     []historySeries // in the order their first points come
	points     []HistoryPoint  // the points of each series in turn, in history order
	currencies []string        // the currencies of the series, in the same order
	regions    int             // how many regions the series are in, up to 2
}

// changes reports whether a series in cur has points at two dates or more.
func (g *seriesGroups) changes(cur string) bool {
	for _, s := range g.series {
		if s.key.currency == cur && s.changes {
			return true
		}
	}
	return false
}

// groupSeries groups the points that a chart can show by series, and
// leaves in h those that it cannot (undated, no hourly price).
func groupSeries(h *History, points []HistoryPoint) *seriesGroups {
	// At most a series per point: the list grows once.
	g := &seriesGroups{series: make([]historySeries, 0, min(len(points), 64))}
	// The series of each point; -1 for a point left off.
	of := make([]int, len(points))
	var index map[seriesKey]int // made when there are many series
	const linearSearch = 16
	find := func(k seriesKey) int {
		if index != nil {
			if i, ok := index[k]; ok {
				return i
			}
			return -1
		}
		for i := range g.series {
			if g.series[i].key == k {
				return i
			}
		}
		return -1
	}
	firstRegion := ""
	plotted := 0
	for i, p := range points {
		of[i] = -1
		switch {
		case !p.Point.Since.Known():
			h.leave(p.Point, LeftUndated)
			h.Undated++
			continue
		case p.PerGPUHour == nil:
			h.leave(p.Point, LeftNoHourly)
			h.NoHourly++
			continue
		}
		k := seriesKey{p.Currency, p.Point.Region, p.Point.Model, p.Point.Payment()}
		s := find(k)
		if s < 0 {
			s = len(g.series)
			g.series = append(g.series, historySeries{key: k, first: p.Point.Since})
			if index != nil {
				index[k] = s
			} else if len(g.series) > linearSearch {
				index = make(map[seriesKey]int, 2*len(g.series))
				for j, ss := range g.series {
					index[ss.key] = j
				}
			}
			if !slices.Contains(g.currencies, p.Currency) {
				g.currencies = append(g.currencies, p.Currency)
			}
			switch {
			case g.regions == 0:
				firstRegion, g.regions = k.region, 1
			case k.region != firstRegion:
				g.regions = 2
			}
		}
		if p.Point.Since != g.series[s].first {
			g.series[s].changes = true
		}
		g.series[s].end++ // a count until the points are placed
		of[i] = s
		plotted++
	}
	// Place the points of each series together, in history order.
	next := make([]int, len(g.series))
	at := 0
	for i := range g.series {
		n := g.series[i].end
		g.series[i].start, g.series[i].end = at, at+n
		next[i] = at
		at += n
	}
	g.points = make([]HistoryPoint, plotted)
	for i, s := range of {
		if s >= 0 {
			g.points[next[s]] = points[i]
			next[s]++
		}
	}
	return g
}

// historyLine is a line of a history chart: a series' name and its points.
type historyLine struct {
	name   string
	points []HistoryPoint
	// until is the day the line runs on to at its last price, a point
	// without a symbol: the build day, or the day a retired offer was
	// last seen; "" when the line ends at its last price.
	until catalog.Date
}

// lineEnd is the day a series whose last point is last runs on to: the
// build day today, or the day the offer was last seen when that is
// earlier; "" when that day is not after the last point's own date (or
// there is no build day).
func lineEnd(last *catalog.PricePoint, today catalog.Date) catalog.Date {
	end := today
	if end == "" {
		return ""
	}
	if seen := last.LastSeen(); seen.Known() && later(end, seen) {
		end = seen
	}
	if !end.Known() || !later(end, last.Since) {
		return ""
	}
	if _, ok := end.Time(); !ok {
		return ""
	}
	return end
}

// historyValue is a point's price on a history chart: rounded as pages
// show it, unless the figure is as quoted.
func historyValue(p HistoryPoint) float64 {
	v := *p.PerGPUHour
	if !p.Quoted {
		v = shown(v)
	}
	return v
}

// setHistoryOptions makes the options of a history chart: their JSON
// written into the frame go-echarts makes of every history chart
// (historyFrame), or, where the frame cannot say what go-echarts would
// (empty text, a number JSON cannot hold), go-echarts' own options.
func (c *HistoryChart) setHistoryOptions(xName, yName string, lines []historyLine) error {
	if f := historyFrameOnce(); f != nil {
		buf := jsonBuffers.Get().(*[]byte)
		b, ok := f.append((*buf)[:0], c.Title, xName, yName, lines)
		if ok {
			c.json = string(b)
		}
		*buf = b[:0]
		jsonBuffers.Put(buf)
		if ok {
			return nil
		}
	}
	var err error
	c.Options, err = historyOptions(c.ID, c.Title, xName, yName, lines)
	return err
}

// jsonBuffers are the buffers charts' options are written in.
var jsonBuffers = sync.Pool{New: func() any { return new([]byte) }}

// historyOptions makes the options of a history chart with go-echarts.
func historyOptions(id, title, xName, yName string, lines []historyLine) (map[string]any, error) {
	l := charts.NewLine()
	l.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: id}),
		charts.WithTitleOpts(opts.Title{Show: opts.Bool(false), Title: title}),
		charts.WithAnimation(false),
		charts.WithColorsOpts(palette),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		charts.WithLegendOpts(legend()),
		charts.WithGridOpts(opts.Grid{Left: leftMargin, Right: "32", Top: legendTop, Bottom: "44", ContainLabel: opts.Bool(true)}),
		charts.WithXAxisOpts(valueXAxis(xName, "time")),
		charts.WithYAxisOpts(valueYAxis(yName, "value")),
	)
	l.MultiSeries = make(charts.MultiSeries, 0, len(lines)) // a series is a large struct: grow the list once
	for _, line := range lines {
		var data []opts.LineData
		for _, p := range line.points {
			tm, _ := p.Point.Since.Time()
			data = append(data, opts.LineData{Name: string(p.Point.Since), Value: []any{tm.Format("2006-01-02"), historyValue(p)}})
		}
		if line.until != "" {
			tm, _ := line.until.Time()
			last := line.points[len(line.points)-1]
			data = append(data, opts.LineData{Name: string(line.until), Value: []any{tm.Format("2006-01-02"), historyValue(last)}, Symbol: "none"})
		}
		// The series is made as Line.AddSeries makes it, less the
		// reflective defaults it fills in, which set nothing for a line
		// series.
		l.MultiSeries = append(l.MultiSeries, charts.SingleSeries{Name: line.name, Type: types.ChartLine, Data: data})
		l.MultiSeries[len(l.MultiSeries)-1].ConfigureSeriesOpts(
			charts.WithSeriesAnimation(false),
			charts.WithLineChartOpts(opts.LineChart{Step: "end", Symbol: "circle", SymbolSize: 8, ShowSymbol: opts.Bool(true)}),
			charts.WithLineStyleOpts(opts.LineStyle{Width: 2}))
	}
	return finish(l)
}

// historyFrame is the JSON of a history chart's options as go-echarts and
// encoding/json write it, cut where the chart's own text and points go:
//
//	head {"name":NAME seriesMid POINT,POINT… seriesEnd ,{"name":… title TITLE xName X yName Y tail
//
// each POINT {"name":SINCE,"value":[DAY,PRICE]}. It is made once, from
// go-echarts' options of a chart with marker text (newHistoryFrame);
// TestHistoryFrameWritesWhatGoEchartsWrites holds it to go-echarts.
type historyFrame struct {
	head, seriesMid, seriesEnd, title, xName, yName, tail string
}

// historyFrameOnce is the frame of every history chart, or nil when
// go-echarts' options could not be cut into one.
var historyFrameOnce = sync.OnceValue(newHistoryFrame)

// The pieces of a series and of a point that the frame does not hold.
const (
	seriesStart = `{"name":`
	pointStart  = `{"name":`
	pointValue  = `,"value":[`
	pointEnd    = `]}`
	// pointUntilEnd ends the point a line runs on to, drawn without a
	// symbol (go-echarts' LineData.Symbol).
	pointUntilEnd = `],"symbol":"none"}`
)

func newHistoryFrame() *historyFrame {
	// Markers: a control character is written as a \u escape, which no
	// other part of the options holds.
	const title, xName, yName, name, since = "\x00title", "\x00x", "\x00y", "\x00name", "\x00since"
	v := 0.5
	sample := HistoryPoint{Point: &catalog.PricePoint{Since: since}, PerGPUHour: &v, Quoted: true}
	m, err := historyOptions("c", title, xName, yName, []historyLine{{name: name, points: []HistoryPoint{sample}}})
	if err != nil {
		return nil
	}
	js, err := json.Marshal(m)
	if err != nil {
		return nil
	}
	rest := string(js)
	ok := true
	// upTo takes from rest what comes before marker, and the marker.
	upTo := func(marker string) string {
		enc := string(jsonenc.AppendString(nil, marker))
		before, after, found := strings.Cut(rest, enc)
		if !found || strings.Contains(after, enc) {
			ok = false
		}
		rest = after
		return before
	}
	f := &historyFrame{}
	var found bool
	f.head, found = strings.CutSuffix(upTo(name), seriesStart)
	ok = ok && found
	f.seriesMid, found = strings.CutSuffix(upTo(since), pointStart)
	ok = ok && found
	// The sample's date does not parse: go-echarts' day is the zero time's.
	rest, found = strings.CutPrefix(rest, pointValue+`"0001-01-01",0.5`+pointEnd)
	ok = ok && found
	// After the series' points, up to the title: the end of the series,
	// then of the list of series (the last "]").
	between := upTo(title)
	cut := strings.LastIndexByte(between, ']')
	if cut < 0 {
		return nil
	}
	f.seriesEnd, f.title = between[:cut], between[cut:]
	f.xName = upTo(xName)
	f.yName = upTo(yName)
	f.tail = rest
	if !ok {
		return nil
	}
	return f
}

// append appends the options of a history chart to b; ok is false when the
// frame cannot write them as go-echarts would: empty text, which
// go-echarts leaves out, or a price JSON cannot hold.
func (f *historyFrame) append(b []byte, title, xName, yName string, lines []historyLine) (_ []byte, ok bool) {
	if title == "" || xName == "" || yName == "" {
		return b, false
	}
	for _, l := range lines {
		if l.name == "" || len(l.points) == 0 {
			return b, false
		}
		for _, p := range l.points {
			if p.Point.Since == "" {
				return b, false
			}
		}
	}
	b = append(b, f.head...)
	for i, l := range lines {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, seriesStart...)
		b = jsonenc.AppendString(b, l.name)
		b = append(b, f.seriesMid...)
		for j, p := range l.points {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, pointStart...)
			b = jsonenc.AppendString(b, string(p.Point.Since))
			b = append(b, pointValue...)
			tm, _ := p.Point.Since.Time()
			var day [32]byte
			b = jsonenc.AppendString(b, tm.AppendFormat(day[:0], "2006-01-02"))
			b = append(b, ',')
			if b, ok = jsonenc.AppendFloat(b, historyValue(p)); !ok {
				return b, false
			}
			b = append(b, pointEnd...)
		}
		if l.until != "" {
			b = append(b, ',')
			b = append(b, pointStart...)
			b = jsonenc.AppendString(b, string(l.until))
			b = append(b, pointValue...)
			tm, _ := l.until.Time()
			var day [32]byte
			b = jsonenc.AppendString(b, tm.AppendFormat(day[:0], "2006-01-02"))
			b = append(b, ',')
			if b, ok = jsonenc.AppendFloat(b, historyValue(l.points[len(l.points)-1])); !ok {
				return b, false
			}
			b = append(b, pointUntilEnd...)
		}
		b = append(b, f.seriesEnd...)
	}
	b = append(b, f.title...)
	b = jsonenc.AppendString(b, title)
	b = append(b, f.xName...)
	b = jsonenc.AppendString(b, xName)
	b = append(b, f.yName...)
	b = jsonenc.AppendString(b, yName)
	b = append(b, f.tail...)
	return b, true
}
