// Package charts is the stage of gpucompare between pricing and site that
// draws: it takes the priced offers (pricing.Offers, in the site currency)
// and the price points of an instance type's history, and hands on, for
// each chart, its Apache ECharts options and the table of numbers behind
// it. Pages show the table beside the chart, so the numbers read without
// JavaScript, in print and to a screen reader.
//
// The options are built with go-echarts, validated (Validate), and taken
// as a JSON-ready map (JSON) — never rendered by go-echarts, whose Render
// writes catalog text raw into an inline script. The site writes the map
// with html/template into a <script type="application/json"> block, and
// static/charts.js starts the chart from there. Only string formatters
// ("{b}") are used: JavaScript functions do not survive JSON.
//
// History charts, one on each instance type page, are the exception to the
// map: go-echarts makes the options of one history chart with marker text
// once, encoding/json encodes them, and each history chart is written into
// that frame (historyFrame in history.go, with generator/jsonenc) — the
// same bytes, held to go-echarts and encoding/json by tests and fuzzing.
//
// Everything here is deterministic: the same catalog gives the same bytes.
// Categories and series follow catalog order, the order of the GPU models
// the site passes, or sorted figures with catalog order breaking ties; a
// chart's id is fixed by its page and kind. The package writes nothing.
package charts

import (
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/go-echarts/go-echarts/v2/opts"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// Text returns the UI text of a message key, formatted with args; the site
// passes its message catalogue, so chart titles, axis names and series
// names come from the one place UI text lives.
type Text func(key string, args ...any) string

// Data is what the charts of a build are made from.
type Data struct {
	Catalog *catalog.Catalog
	// GPUs are the GPU models in the order pages list them; the category
	// order of charts by GPU model.
	GPUs []*catalog.GPU
	// Offers are the offers priced in Currency (pricing.Offers).
	Offers   []*pricing.Offer
	Currency string
	Text     Text
	// Unit is a currency code as the language writes it beside an amount
	// (元 for CNY in Chinese); nil writes the code.
	Unit func(code string) string
	// Units is a benchmark's unit as the language writes it (分钟 for
	// minutes in Chinese); nil writes it as the catalog does.
	Units func(unit string) string
	// Lang is the language of the chart's text: a provider is named as
	// the catalog names it in that language (阿里云); "" is the catalog's.
	Lang string
	// Today is the build day (the day ages are counted to): a history
	// chart's lines run to it, each series' current price drawn on to it.
	// "" draws each line to its last price only.
	Today catalog.Date
}

// Cur is the currency code as d's language writes it (Unit).
func (d *Data) Cur(code string) string {
	if d.Unit == nil {
		return code
	}
	return d.Unit(code)
}

// UnitName is a benchmark's unit as d's language writes it (Units).
func (d *Data) UnitName(u string) string {
	if d.Units == nil {
		return u
	}
	return d.Units(u)
}

// ProviderName is p's name in d's language (Lang).
func (d *Data) ProviderName(p *catalog.Provider) string {
	s, _ := catalog.Text(p, "name", d.Lang)
	return s
}

// GPUName is the name of a GPU model in the charts' language.
func (d *Data) GPUName(g *catalog.GPU) string {
	s, _ := catalog.Text(g, "name", d.Lang)
	return s
}

// Chart is one chart: its fixed id and title, and the ECharts options.
type Chart struct {
	// ID is a JavaScript identifier made from the page and the kind of
	// chart ("gpus_price_tflops"), the same in every build.
	ID    string
	Title string
	// Options is the ECharts option object as go-echarts hands it on
	// (JSON()): a map of option values, ready for encoding/json; nil
	// where the options were written as JSON directly (json).
	Options map[string]any
	// json is the options as JSON, where they were encoded once (encode)
	// or written without the map (history charts; Options is nil then).
	json string
	// Height is the size class of the chart's container, 1 (short) to
	// MaxHeight (tall), from the number of categories it lists; the
	// stylesheet sizes the classes.
	Height int
}

// MaxHeight is the tallest size class of a chart container.
const MaxHeight = 9

// JSON is the options as compact JSON, map keys sorted, typed as what it
// is: safe inside a <script> block, since encoding/json writes <, >, &,
// U+2028 and U+2029 as \u escapes, so no catalog text in it can end the
// block. html/template writes it as it is, instead of encoding it again.
func (c *Chart) JSON() (template.JS, error) {
	if c.json != "" {
		return template.JS(c.json), nil
	}
	b, err := json.Marshal(c.Options)
	if err != nil {
		return "", fmt.Errorf("chart %s: %w", c.ID, err)
	}
	return template.JS(b), nil
}

// encode encodes the options once, where encoding/json can: JSON then
// hands on the same text, and copies of the chart (GPUPrices.WithID) share
// it. Options that do not encode are left to JSON, which says why.
func (c *Chart) encode() {
	if b, err := json.Marshal(c.Options); err == nil {
		c.json = string(b)
	}
}

// ID makes a chart id from the output path of its page and the kind of
// chart: "gpus/h100-sxm/index.html" and "offers" give "gpus_h100_sxm_offers".
// Catalog ids are ASCII ([a-z0-9._-]), so ids of different pages may only
// coincide where the pages are different anyway; within a page the kind
// tells charts apart.
func ID(page, kind string) string {
	page = strings.TrimSuffix(page, "index.html")
	page = strings.TrimSuffix(page, ".html")
	page = strings.Trim(page, "/")
	if page == "" {
		page = "home"
	}
	var b strings.Builder
	for _, r := range page + "_" + kind {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	id := b.String()
	if id[0] >= '0' && id[0] <= '9' {
		id = "c_" + id
	}
	return id
}

// echart is what finish needs of a go-echarts chart.
type echart interface {
	Validate()
	JSON() map[string]interface{}
}

// finish validates a go-echarts chart and takes its options: go-echarts'
// map of option values, ready for encoding/json. Tooltips draw on the
// canvas (renderMode richText): the HTML tooltip writes inline styles,
// which the pages' policy refuses; static/charts.js sets the same again
// for any option that lacks it. go-echarts has no field for it, so the
// tooltip is wrapped in one that adds it.
func finish(c echart) (map[string]any, error) {
	c.Validate()
	m := c.JSON()
	t, ok := m["tooltip"].(opts.Tooltip)
	if !ok {
		return nil, fmt.Errorf("chart options: tooltip is %T, not opts.Tooltip", m["tooltip"])
	}
	m["tooltip"] = canvasTooltip{Tooltip: t, RenderMode: "richText"}
	return m, nil
}

// canvasTooltip is a tooltip drawn on the chart's canvas.
type canvasTooltip struct {
	opts.Tooltip
	RenderMode string `json:"renderMode"`
}

// palette colours providers, one colour each in catalog order, and symbols
// tell them apart besides. Its colours differ in hue or lightness from one
// another; past them (a catalog of more providers) providerColor makes
// more, so no two providers of a catalog share a colour, and no two entries
// of a legend do.
var (
	palette = []string{
		"#1b5fad", "#e8710a", "#1d8a4e", "#c5221f", "#7b4fb5", "#8a5a2b", "#d63d8f", "#5f6b7a", "#9aa01a", "#11869b", "#b8860b", "#2f2f8f",
		"#5fa8d3", "#f2c94c", "#7a1f3d", "#4fc1a6", "#e36f6f", "#b07cc6", "#3d5a1e", "#a3a3a3", "#f29ac1", "#0b3d5c", "#8fc93a", "#f4a259",
	}
	symbols = []string{"circle", "rect", "triangle", "diamond", "roundRect"}
)

// providerStyle is the colour and symbol of the provider at index i of the
// catalog, the same on every chart.
func providerStyle(i int) (color, symbol string) {
	return providerColor(i), symbols[(i/len(palette)+i)%len(symbols)]
}

// providerColor is the colour of the provider at index i of the catalog:
// the palette's, then colours spread round the colour wheel by the golden
// angle, at one of three lightnesses, each different from every other.
func providerColor(i int) string {
	if i < len(palette) {
		return palette[i]
	}
	k := i - len(palette)
	hue := math.Mod(float64(k)*137.50776405, 360)
	light := [...]float64{0.38, 0.52, 0.66}[k%3]
	return hsl(hue, 0.62, light)
}

// hsl writes a colour given by hue (degrees), saturation and lightness
// (0–1) as #rrggbb.
func hsl(h, s, l float64) string {
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case h < 60:
		r, g, b = c, x, 0
	case h < 120:
		r, g, b = x, c, 0
	case h < 180:
		r, g, b = 0, c, x
	case h < 240:
		r, g, b = 0, x, c
	case h < 300:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	to := func(v float64) int { return int(math.Round((v + m) * 255)) }
	return fmt.Sprintf("#%02x%02x%02x", to(r), to(g), to(b))
}

// providerIndex numbers the providers of the catalog in catalog order.
func (d *Data) providerIndex() map[*catalog.Provider]int {
	m := map[*catalog.Provider]int{}
	for i, p := range d.Catalog.Providers {
		m[p] = i
	}
	return m
}

// shown rounds a computed amount the way pages write it (pricing.Shown).
func shown(v float64) float64 { return pricing.Shown(v) }

// height picks the size class for a chart that lists n categories, each
// about perRow pixels high, under a frame of fixed pixels (legend, axis).
func height(n, perRow, frame int) int {
	px := frame + n*perRow
	for i, limit := range heights {
		if px <= limit {
			return i + 1
		}
	}
	return MaxHeight
}

// rowHeight is the height of a bar's row in a chart of named bars: room
// for a name wrapped onto three lines on a phone.
const rowHeight = 40

// heights are the pixel heights of the size classes; static/style.css
// sizes .chart-h-1 … .chart-h-9 to match.
var heights = [MaxHeight]int{224, 288, 352, 416, 480, 576, 672, 800, 960}

// truncate shortens a label to n characters, ending it with "…"; the full
// text is in the tooltip and the table. The names on a category axis are
// given in full where static/charts.js wraps them to their row; a radar's
// indicators, which it does not wrap, are cut here.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// fractional reports whether an instance type sells a slice of a GPU (a
// vGPU profile): its price is not a price per GPU-hour, and its share of
// the GPU's throughput is not stated, so per-GPU charts leave it out.
func fractional(in *catalog.Instance) bool { return in.VGPUProfile != "" }

// AsOf tells how current the prices of a chart are.
type AsOf struct {
	// Latest is the latest date an age counts from (catalog.AgeDate)
	// among the prices shown; empty when none is dated.
	Latest catalog.Date
	// Since is the effective date of that newest price when its sources
	// give one, which may be earlier than Latest: a source that stated
	// the price later shows it still held then; "" when they give none.
	Since catalog.Date
	// Catalog is the catalog's newest date (catalog.NewestDate): the day
	// it was last checked against a source, which pages give as the
	// catalog's date; "" when it dates nothing to the day.
	Catalog catalog.Date
	// Dated and Undated count the prices shown with and without a date
	// an age counts from: the same dates the freshness policy judges, so
	// that an undated price shown is one standing in where nothing
	// current exists, never one the chart's "left out" count holds too.
	Dated, Undated int
	// Rates are the conversions into the site currency used, one per
	// quoted currency, by currency code.
	Rates []pricing.Conversion
}

// Total counts the prices shown.
func (a AsOf) Total() int { return a.Dated + a.Undated }

// asOfBuilder collects AsOf from the prices shown.
type asOfBuilder struct {
	a     AsOf
	rates map[string]pricing.Conversion
}

func (b *asOfBuilder) add(pr *pricing.Price) {
	if d, _ := catalog.AgeDate(pr.Point); d != "" {
		b.a.Dated++
		since := pr.Point.Since
		if _, ok := since.Time(); !ok || !since.Known() {
			since = ""
		}
		// Of prices equally new, the one whose effective date is the
		// latest is named.
		if later(d, b.a.Latest) || d == b.a.Latest && since != "" && (b.a.Since == "" || later(since, b.a.Since)) {
			b.a.Latest, b.a.Since = d, since
		}
	} else {
		b.a.Undated++
	}
	if pr.Conversion.Factor != 1 && pr.Converted {
		if b.rates == nil {
			b.rates = map[string]pricing.Conversion{}
		}
		b.rates[pr.Conversion.From] = *pr.Conversion
	}
}

func (b *asOfBuilder) done(cat *catalog.Catalog) AsOf {
	if cat != nil {
		if t := catalog.NewestDate(cat); !t.IsZero() {
			b.a.Catalog = catalog.Date(t.Format(time.DateOnly))
		}
	}
	codes := make([]string, 0, len(b.rates))
	for c := range b.rates {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	for _, c := range codes {
		b.a.Rates = append(b.a.Rates, b.rates[c])
	}
	return b.a
}

// later reports whether the known date a is later than b (or b is empty);
// of equal prefixes, the more precise date is the later.
func later(a, b catalog.Date) bool {
	if b == "" {
		return true
	}
	n := min(len(a), len(b))
	if a[:n] != b[:n] {
		return a[:n] > b[:n]
	}
	return len(a) > len(b)
}

// valueXAxis is an x axis of type typ with its name under it, in the
// middle, and grid lines; labels that would overlap on a narrow chart are
// left out.
func valueXAxis(name, typ string) opts.XAxis {
	return opts.XAxis{Type: typ, Name: name, NameLocation: "middle", NameGap: 30, SplitLine: &opts.SplitLine{Show: opts.Bool(true)},
		AxisLabel: &opts.AxisLabel{HideOverlap: opts.Bool(true)}}
}

// valueYAxis is a y axis of type typ with its name along it, left of its
// labels (the grid's left margin, leftMargin, leaves room for it).
func valueYAxis(name, typ string) opts.YAxis {
	return opts.YAxis{Type: typ, Name: name, NameLocation: "middle", NameGap: 40}
}

// Margins of the plot area. The legend is one line at the top here;
// static/charts.js moves the plot down when the legend wraps.
const (
	legendTop  = "36"
	leftMargin = "44" // room for a y axis name, beside the labels
)

// legendIcon is the width and height of a legend's icons, square so a
// provider's symbol keeps its shape.
const legendIcon = 14

// legend is a legend across the top, in as many lines as it needs.
func legend() opts.Legend {
	return opts.Legend{Show: opts.Bool(true), Type: "plain", Top: "0", Left: "0", ItemWidth: legendIcon, ItemHeight: legendIcon}
}
