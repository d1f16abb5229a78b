package charts

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"gpucompare/generator/catalog"
)

// hostileTexts are strings that JSON, HTML and JavaScript treat specially.
var hostileTexts = []string{
	"", "a", "on-demand", "</script><script>alert(1)</script>", `"quoted" \back\slash`, "<!--", "a & b > c",
	"line\nbreak\ttab\rreturn\b\f", "\x00\x01\x1f\x7f", "\u2028\u2029", "caf\u00e9 · 日本語 😀", "\xff\xfe invalid \xc3",
	"{b}", "__f__function(){}", "\ufffd", "\xed\xa0\x80", "'single' `back`",
}

// randomText is a hostile text, or random bytes.
func randomText(rnd *rand.Rand) string {
	if rnd.IntN(3) > 0 {
		return hostileTexts[rnd.IntN(len(hostileTexts))]
	}
	b := make([]byte, rnd.IntN(12))
	for i := range b {
		b[i] = byte(rnd.IntN(256))
	}
	return string(b)
}

// randomFloat is a float of any magnitude, sign or kind.
func randomFloat(rnd *rand.Rand) float64 {
	switch rnd.IntN(10) {
	case 0:
		return []float64{0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1), 1e-6, 1e-7, 1e21, 1e20, 0.1, 123456789.125, math.MaxFloat64, math.SmallestNonzeroFloat64}[rnd.IntN(13)]
	case 1:
		return math.Float64frombits(rnd.Uint64())
	case 2:
		return rnd.NormFloat64() * math.Pow(10, float64(rnd.IntN(60)-30))
	}
	return math.Round(rnd.Float64()*10000) / 100
}

// randomHistory is an instance type's price points with random dates,
// series, currencies, prices and hostile text, and a message catalogue
// that answers with hostile or empty text.
func randomHistory(rnd *rand.Rand) (*Data, *catalog.Instance, []HistoryPoint) {
	texts := map[string]string{}
	text := func(key string, args ...any) string {
		s, ok := texts[key]
		if !ok {
			s = key
			if rnd.IntN(4) == 0 {
				s = randomText(rnd)
			}
			texts[key] = s
		}
		return s + fmt.Sprint(args...)
	}
	pick := func(s ...string) string { return s[rnd.IntN(len(s))] }
	dates := []string{"", "unknown", "2024", "2024-06", "2024-06-01", "2025-01-01", "2025-03-17", "2024-02-30", "9999-12-31", "24-06", "\x00"}
	n := 1 + rnd.IntN(12)
	if rnd.IntN(10) == 0 {
		n = 40 + rnd.IntN(80) // many series: the index, not the list, finds them
	}
	points := make([]HistoryPoint, n)
	for i := range points {
		pp := &catalog.PricePoint{
			Region: pick("r1", "r2", catalog.AllRegions, randomText(rnd)),
			Model:  pick("on_demand", "spot", "reserved_1y"),
			Since:  catalog.Date(dates[rnd.IntN(len(dates))]),
			Extra:  &catalog.PriceExtra{Payment: pick("", "", "all_upfront", "partial_upfront")},
		}
		if n > 20 {
			pp.Region = fmt.Sprintf("r%d", rnd.IntN(n))
		}
		p := HistoryPoint{Point: pp, Currency: pick("USD", "USD", "EUR", "</script>"), Quoted: rnd.IntN(3) == 0}
		if rnd.IntN(6) > 0 {
			v := randomFloat(rnd)
			if rnd.IntN(20) > 0 && (math.IsNaN(v) || math.IsInf(v, 0)) {
				v = 1.5
			}
			p.PerGPUHour = &v
		}
		points[i] = p
	}
	d := &Data{Text: text}
	if rnd.IntN(3) > 0 {
		d.Today = catalog.Date(pick("2026-12-04", "2025-01-01", "2024", "unknown", "2024-02-30"))
	}
	for _, p := range points {
		if rnd.IntN(5) == 0 {
			p.Point.Extras().LastSeen = catalog.Date(dates[rnd.IntN(len(dates))])
		}
	}
	return d, &catalog.Instance{Name: randomText(rnd)}, points
}

// TestPriceHistoryIsWhatGoEchartsMakes makes random histories twice: with
// PriceHistory, and with historyReference, the history as it was made all
// through go-echarts' options and encoding/json. Everything must agree:
// the charts' ids, titles, dates, sizes, options JSON (or the error
// encoding them), and which points are left off and why.
func TestPriceHistoryIsWhatGoEchartsMakes(t *testing.T) {
	if historyFrameOnce() == nil {
		t.Fatal("go-echarts' options of a history chart could not be cut into a frame: every history chart is made the slow way")
	}
	rnd := rand.New(rand.NewPCG(5, 6))
	framed, total := 0, 0
	for i := range 3000 {
		d, in, points := randomHistory(rnd)
		got, err := d.PriceHistory("id", in, points)
		if err != nil {
			t.Fatalf("history %d: %v", i, err)
		}
		want, err := historyReference(d, "id", in, points)
		if err != nil {
			t.Fatalf("history %d: reference: %v", i, err)
		}
		if got.Plotted != want.Plotted || got.Undated != want.Undated || got.NoHourly != want.NoHourly || got.Total != want.Total ||
			!maps.Equal(got.left, want.left) || len(got.Charts) != len(want.Charts) {
			t.Fatalf("history %d: %+v, want %+v", i, got, want)
		}
		for j, c := range got.Charts {
			w := want.Charts[j]
			if c.ID != w.ID || c.Title != w.Title || c.Currency != w.Currency || c.Latest != w.Latest || c.Height != w.Height {
				t.Errorf("history %d chart %d: %+v, want %+v", i, j, c, w)
			}
			total++
			if c.Options == nil {
				framed++
			}
			gotJS, gotErr := c.JSON()
			wantJS, wantErr := w.JSON()
			if gotJS != wantJS || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("history %d chart %d:\n got %s, %v\nwant %s, %v", i, j, gotJS, gotErr, wantJS, wantErr)
			}
			if gotErr == nil && !utf8.ValidString(string(gotJS)) {
				t.Errorf("history %d chart %d: options are not UTF-8", i, j)
			}
		}
	}
	if framed < total/2 {
		t.Errorf("only %d charts of %d were written into the frame", framed, total)
	} else {
		t.Logf("%d charts of %d written into the frame", framed, total)
	}
}

// FuzzHistoryFrame writes a chart of two series into the frame and
// through go-echarts.
func FuzzHistoryFrame(f *testing.F) {
	f.Add("title", "x", "y", "name", "other", "2024-06", "2025", 1.5, 0.25, false)
	f.Add("</script>", "\u2028", "&", "\xff", "<!--", "2024-02-30", "x", 1e-7, 1e21, true)
	f.Fuzz(func(t *testing.T, title, xName, yName, name1, name2, since1, since2 string, v1, v2 float64, quoted bool) {
		line := func(name, since string, v float64) historyLine {
			return historyLine{name: name, points: []HistoryPoint{
				{Point: &catalog.PricePoint{Since: catalog.Date(since)}, PerGPUHour: &v, Quoted: quoted},
				{Point: &catalog.PricePoint{Since: "2025-01-01"}, PerGPUHour: &v, Quoted: !quoted},
			}}
		}
		lines := []historyLine{line(name1, since1, v1), line(name2, since2, v2)}
		f := historyFrameOnce()
		if f == nil {
			t.Fatal("no frame")
		}
		got, ok := f.append(nil, title, xName, yName, lines)
		m, err := historyOptions("id", title, xName, yName, lines)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(m)
		if ok && (err != nil || string(got) != string(want)) {
			t.Errorf("frame writes\n%s\ngo-echarts\n%s, %v", got, want, err)
		}
		if !ok && err == nil && title != "" && xName != "" && yName != "" && name1 != "" && name2 != "" && since1 != "" && since2 != "" {
			t.Errorf("the frame refused options go-echarts encodes: %s", want)
		}
	})
}

// historyReference is PriceHistory as it was made all through go-echarts'
// options, kept to hold PriceHistory to.
func historyReference(d *Data, id string, in *catalog.Instance, points []HistoryPoint) (*History, error) {
	if len(points) == 0 {
		return nil, nil
	}
	h := &History{left: map[*catalog.PricePoint]string{}, Total: len(points)}
	type key struct{ currency, region, model, payment string }
	var keys []key
	series := map[key][]HistoryPoint{}
	var currencies []string
	count := map[string]int{}
	dates := map[key]map[catalog.Date]bool{}
	regions := map[string]bool{}
	for _, p := range points {
		switch {
		case !p.Point.Since.Known():
			h.left[p.Point] = LeftUndated
			h.Undated++
			continue
		case p.PerGPUHour == nil:
			h.left[p.Point] = LeftNoHourly
			h.NoHourly++
			continue
		}
		k := key{p.Currency, p.Point.Region, p.Point.Model, p.Point.Payment()}
		if _, ok := series[k]; !ok {
			keys = append(keys, k)
		}
		series[k] = append(series[k], p)
		if dates[k] == nil {
			dates[k] = map[catalog.Date]bool{}
		}
		dates[k][p.Point.Since] = true
		if count[p.Currency] == 0 {
			currencies = append(currencies, p.Currency)
		}
		count[p.Currency]++
		regions[p.Point.Region] = true
	}
	changes := map[string]bool{}
	for _, k := range keys {
		if len(dates[k]) >= 2 {
			changes[k.currency] = true
		}
	}
	t := d.Text
	for _, cur := range currencies {
		if !changes[cur] {
			for _, k := range keys {
				if k.currency == cur {
					for _, p := range series[k] {
						h.left[p.Point] = LeftAlone
					}
				}
			}
			continue
		}
		c := &HistoryChart{Currency: cur}
		c.ID = id
		if len(currencies) > 1 {
			c.ID = id + "_" + cur
		}
		c.Title = t("chart.history.title", in.Name, cur)
		l := charts.NewLine()
		l.SetGlobalOptions(
			charts.WithInitializationOpts(opts.Initialization{ChartID: c.ID}),
			charts.WithTitleOpts(opts.Title{Show: opts.Bool(false), Title: c.Title}),
			charts.WithAnimation(false),
			charts.WithColorsOpts(palette),
			charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
			charts.WithLegendOpts(legend()),
			charts.WithGridOpts(opts.Grid{Left: leftMargin, Right: "32", Top: legendTop, Bottom: "44", ContainLabel: opts.Bool(true)}),
			charts.WithXAxisOpts(valueXAxis(t("chart.axis.since"), "time")),
			charts.WithYAxisOpts(valueYAxis(t("chart.axis.per_gpu_hour", cur), "value")),
		)
		for _, k := range keys {
			if k.currency != cur {
				continue
			}
			name := t("model." + k.model)
			if k.payment != "" {
				name += ", " + t("payment."+k.payment)
			}
			if len(regions) > 1 {
				r := k.region
				if r == catalog.AllRegions {
					r = t("region.all")
				}
				name += " · " + r
			}
			var data []opts.LineData
			for _, p := range series[k] {
				tm, _ := p.Point.Since.Time()
				v := *p.PerGPUHour
				if !p.Quoted {
					v = shown(v)
				}
				data = append(data, opts.LineData{Name: string(p.Point.Since), Value: []any{tm.Format("2006-01-02"), v}})
				if later(p.Point.Since, c.Latest) {
					c.Latest = p.Point.Since
				}
				h.Plotted++
			}
			// The line runs on to the build day, or to the day a retired
			// offer was last seen, when that is after its last price.
			last := series[k][len(series[k])-1]
			end := d.Today
			if last.Point.LastSeen().Known() && end != "" && string(last.Point.LastSeen()) < string(end) {
				end = last.Point.LastSeen()
			}
			if tm, ok := end.Time(); ok && later(end, last.Point.Since) {
				v := *last.PerGPUHour
				if !last.Quoted {
					v = shown(v)
				}
				data = append(data, opts.LineData{Name: string(end), Value: []any{tm.Format("2006-01-02"), v}, Symbol: "none"})
			}
			s := charts.SingleSeries{Name: name, Type: types.ChartLine, Data: data}
			s.ConfigureSeriesOpts(
				charts.WithSeriesAnimation(false),
				charts.WithLineChartOpts(opts.LineChart{Step: "end", Symbol: "circle", SymbolSize: 8, ShowSymbol: opts.Bool(true)}),
				charts.WithLineStyleOpts(opts.LineStyle{Width: 2}))
			l.MultiSeries = append(l.MultiSeries, s)
		}
		var err error
		if c.Options, err = finish(l); err != nil {
			return nil, err
		}
		c.Height = 3
		h.Charts = append(h.Charts, c)
	}
	if len(h.Charts) == 0 {
		h.left, h.Plotted = nil, 0
	}
	return h, nil
}

// The reference and PriceHistory agree on an empty history too.
func TestPriceHistoryOfNothingIsNil(t *testing.T) {
	h, err := (&Data{}).PriceHistory("id", &catalog.Instance{}, nil)
	if h != nil || err != nil {
		t.Errorf("PriceHistory of no points = %v, %v", h, err)
	}
}

// TestHistoryRunsToTheBuildDay: a history chart runs from its first price
// to the build day, each series' current price drawn on to it — the p5
// chart ended at its last change (June 2025) with every region's current
// price piled on its right edge — and a retired offer's line stops on the
// day it was last seen.
func TestHistoryRunsToTheBuildDay(t *testing.T) {
	v := func(f float64) *float64 { return &f }
	points := []HistoryPoint{
		{Point: &catalog.PricePoint{Region: "us-east-1", Model: "on_demand", Since: "2023-07"}, Currency: "USD", PerGPUHour: v(12.29), Quoted: true},
		{Point: &catalog.PricePoint{Region: "us-east-1", Model: "on_demand", Since: "2025-06-01"}, Currency: "USD", PerGPUHour: v(6.88), Quoted: true},
		{Point: &catalog.PricePoint{Region: "us-west-1", Model: "on_demand", Since: "2025-06-01"}, Currency: "USD", PerGPUHour: v(8.6), Quoted: true},
		{Point: &catalog.PricePoint{Region: "eu-west-2", Model: "on_demand", Since: "2024-01-01", Extra: &catalog.PriceExtra{LastSeen: "2025-09-30"}}, Currency: "USD", PerGPUHour: v(9.5), Quoted: true},
	}
	d := &Data{Text: func(key string, args ...any) string { return key }, Today: "2026-12-04"}
	h, err := d.PriceHistory("p5_history", &catalog.Instance{Name: "p5.48xlarge"}, points)
	if err != nil || h == nil || len(h.Charts) != 1 {
		t.Fatalf("PriceHistory = %+v, %v", h, err)
	}
	js, err := h.Charts[0].JSON()
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Series []struct {
			Name string
			Data []struct {
				Name   string
				Value  []any
				Symbol string
			}
		}
	}
	if err := json.Unmarshal([]byte(js), &o); err != nil {
		t.Fatal(err)
	}
	// Each line: its prices, then its last price again on the day it
	// runs to, without a symbol (it is not a price point of its own).
	want := map[string][]string{
		"model.on_demand · us-east-1": {"2023-07-01 12.29 ", "2025-06-01 6.88 ", "2026-12-04 6.88 none"},
		"model.on_demand · us-west-1": {"2025-06-01 8.6 ", "2026-12-04 8.6 none"},
		"model.on_demand · eu-west-2": {"2024-01-01 9.5 ", "2025-09-30 9.5 none"},
	}
	if len(o.Series) != len(want) {
		t.Fatalf("%d series, want %d:\n%s", len(o.Series), len(want), js)
	}
	for _, s := range o.Series {
		var got []string
		for _, p := range s.Data {
			got = append(got, fmt.Sprintf("%v %v %s", p.Value[0], p.Value[1], p.Symbol))
		}
		if !slices.Equal(got, want[s.Name]) {
			t.Errorf("series %q: %q, want %q", s.Name, got, want[s.Name])
		}
	}
	if h.Plotted != 4 {
		t.Errorf("plotted %d price points, want 4 (the days lines run on to are not price points)", h.Plotted)
	}

	// Without a build day, a line ends at its last price.
	d.Today = ""
	h, _ = d.PriceHistory("p5_history", &catalog.Instance{Name: "p5.48xlarge"}, points)
	if js, _ := h.Charts[0].JSON(); strings.Contains(string(js), `"symbol":"none"`) {
		t.Errorf("without a build day a line runs on:\n%s", js)
	}
}
