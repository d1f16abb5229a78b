// Package feed is the stage of gpucompare that turns price histories into
// news: it takes the validated catalog, finds every change of an offer's
// price under a pricing model (two consecutive points of a series that
// state different prices), and hands on the changes, newest first, and
// RSS 2.0, Atom and JSON Feed documents of them built with gorilla/feeds.
// It writes nothing: the site stage puts the documents in place.
package feed

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// Change is one change of an offer's price under a pricing model.
type Change struct {
	Series   catalog.SeriesKey
	Instance *catalog.Instance // its Provider is the offer's provider
	Old, New *catalog.PricePoint
	// From and To are the compared prices: the quoted amounts when both
	// points quote one, else the effective hourly prices; nil when a point
	// states only a discount.
	From, To *pricing.Hourly
	// Percent is the change of the price in percent (−33.0 for a cut of a
	// third); nil when the two are not in one currency or not both known.
	Percent *float64
	// Seq numbers the changes of one offer whose newer points have the
	// same since, in history order: 0 for the first, 1 for the second …
	// (two changes in one month, both dated by the month). Item.ID tells
	// them apart by it.
	Seq int
}

// Date is when the change took effect: the since of its newer point.
func (c *Change) Date() catalog.Date { return c.New.Since }

// Dated reports whether the change has a date and may go into feeds.
func (c *Change) Dated() bool { return c.New.Since.Known() }

// Direction is "down", "up", or "" when the change has no percentage.
func (c *Change) Direction() string {
	switch {
	case c.Percent == nil || *c.Percent == 0:
		return ""
	case *c.Percent < 0:
		return "down"
	}
	return "up"
}

// Changes returns every price change of the catalog, newest first; undated
// changes come last, and ties keep catalog order: series in the order of
// their first points (catalog.Series), each in history order.
func Changes(cat *catalog.Catalog) []*Change {
	// One pass over the points: each point's series, numbered in the order
	// of their first points, and the last point of each so far.
	number := make(map[catalog.SeriesKey]int, len(cat.Prices))
	var last []*catalog.PricePoint
	var pairs []pricePair
	for _, p := range cat.Prices {
		k := p.Series()
		n, ok := number[k]
		if !ok {
			number[k] = len(last)
			last = append(last, p)
			continue
		}
		if !catalog.SamePrice(last[n], p) { // an unchanged repeat confirms the price, it does not change it
			pairs = append(pairs, pricePair{n, last[n], p})
		}
		last[n] = p
	}
	slices.SortStableFunc(pairs, func(a, b pricePair) int { return cmp.Compare(a.series, b.series) })
	out := make([]*Change, 0, len(pairs))
	var in *catalog.Instance
	var seq map[catalog.Date]int // of the series, by since
	for i, pp := range pairs {
		k := pp.cur.Series()
		if i == 0 || pp.series != pairs[i-1].series {
			in = nil
			if p := cat.Provider(k.Provider); p != nil {
				in = p.Instance(k.Instance)
			}
			clear(seq)
		}
		if in != nil {
			c := newChange(k, in, pp.old, pp.cur)
			if seq == nil {
				seq = map[catalog.Date]int{}
			}
			c.Seq = seq[pp.cur.Since]
			seq[pp.cur.Since]++
			out = append(out, c)
		}
	}
	slices.SortStableFunc(out, newestFirst)
	return out
}

// newestFirst orders changes later first, undated last; partial dates
// compare as far as both are precise.
func newestFirst(a, b *Change) int {
	if a.Dated() != b.Dated() {
		if a.Dated() {
			return -1
		}
		return 1
	}
	da, db := string(a.Date()), string(b.Date())
	n := min(len(da), len(db))
	return cmp.Compare(db[:n], da[:n])
}

// pricePair is two consecutive points of a series, numbered as Changes
// numbers them, that state different prices.
type pricePair struct {
	series   int
	old, cur *catalog.PricePoint
}

// newChange makes the change from old to cur in one allocation.
func newChange(k catalog.SeriesKey, in *catalog.Instance, old, cur *catalog.PricePoint) *Change {
	a := &struct {
		change   Change
		from, to pricing.Hourly
		percent  float64
	}{change: Change{Series: k, Instance: in, Old: old, New: cur}}
	c := &a.change
	if old.Amount != nil && cur.Amount != nil && old.Upfront() == nil && cur.Upfront() == nil && old.PerGPU == cur.PerGPU {
		a.from = pricing.Hourly{Amount: *old.Amount, Currency: old.Currency, Basis: pricing.BasisQuoted}
		a.to = pricing.Hourly{Amount: *cur.Amount, Currency: cur.Currency, Basis: pricing.BasisQuoted}
		c.From, c.To = &a.from, &a.to
	} else {
		var ok bool
		if a.from, ok = pricing.EffectiveHourly(old, in.GPUCount, nil); ok {
			c.From = &a.from
		}
		if a.to, ok = pricing.EffectiveHourly(cur, in.GPUCount, nil); ok {
			c.To = &a.to
		}
	}
	if c.From != nil && c.To != nil && c.From.Currency == c.To.Currency && c.From.Amount > 0 {
		a.percent = (c.To.Amount - c.From.Amount) / c.From.Amount * 100
		c.Percent = &a.percent
	}
	return c
}

// Words are the words a change is told in; the site passes its message
// catalogue's, the command line uses English.
type Words struct {
	Model func(model string) string // "on_demand" → "on-demand"
	// Name and Region name an instance type and one of its regions (an
	// id, or catalog.AllRegions for none) in the words' language; nil:
	// the catalog's name and the region's id.
	Name       func(in *catalog.Instance) string
	Region     func(in *catalog.Instance, region string) string
	AllRegions string
	PerGPU     string // suffix of a per-GPU price: "/GPU"
	Off        string // "% off on-demand" after a discount
	// Comma, Colon, Open and Close join a title's parts (", ", ": ", " (",
	// ")"); empty: the English marks.
	Comma, Colon, Open, Close string
	// Money writes a price of a change with its currency and unit as the
	// words' language writes them ("3.473美元/小时"; perGPU: a quoted
	// per-GPU price); nil: the command line's "$3.473" and "/GPU".
	Money func(amount float64, currency string, perGPU bool) string
	// Body labels the parts of an item's body after its title; nil: the
	// body is in English whatever the title's words.
	Body *BodyWords
}

// BodyWords label the parts of an item's body: each is written before
// its part, and AsOfEnd after the as-of date.
type BodyWords struct {
	Since, AsOf, AsOfEnd, Source, Previous, Note string
	// Foreign is the language of the catalog's text (its sources and
	// notes) when it is not the words' language ("en" beside Chinese
	// words): the body is then HTML, each such text in an element marked
	// lang=Foreign, so that readers and screen readers take it as that
	// language; "" keeps the body plain text.
	Foreign string
	// Date writes a catalog date ("2025-06-01", or unknown); nil writes
	// it as the catalog does.
	Date func(string) string
}

// date writes d as w writes dates.
func (w *BodyWords) date(d string) string {
	if w.Date == nil {
		return d
	}
	return w.Date(d)
}

// englishBody labels the body of an item in English.
var englishBody = BodyWords{Since: ". Since ", AsOf: " (as of ", AsOfEnd: ")", Source: ". Source: ", Previous: ". Previous price: ", Note: ". Note: "}

// English are the words of the command line.
var English = Words{
	Model:      func(m string) string { return strings.ReplaceAll(m, "_", "-") },
	AllRegions: "all regions",
	PerGPU:     "/GPU",
	Off:        "% off on-demand",
}

// Title tells the change in one line:
// "p4d.24xlarge on-demand, us-east-1: $32.77 → $21.96 (−33.0%)".
func (c *Change) Title(w Words) string {
	var figures, title [128]byte
	f := c.figures(figures[:0])
	return string(c.appendTitle(title[:0], w, &f))
}

// figures are the parts of a change's title that do not depend on its
// words, formatted once for a title in any words: each side's price or
// discount, then the percent.
type figures struct {
	text                 []byte // the old side's, the new side's, the percent's
	oldEnd, newEnd       int
	oldSuffix, newSuffix suffix
}

// suffix is the word that follows a side's figure.
type suffix uint8

const (
	noSuffix     suffix = iota
	perGPUSuffix        // Words.PerGPU, after a quoted per-GPU price
	offSuffix           // Words.Off, after a discount
)

// figures formats the figures of c's title, appending to buf.
func (c *Change) figures(buf []byte) figures {
	var f figures
	buf, f.oldSuffix = appendSide(buf, c.Old, c.From)
	f.oldEnd = len(buf)
	buf, f.newSuffix = appendSide(buf, c.New, c.To)
	f.newEnd = len(buf)
	if c.Percent != nil {
		buf = appendPercent(buf, *c.Percent)
	}
	f.text = buf
	return f
}

// appendTitle appends c's title in words w, with c's figures f.
func (c *Change) appendTitle(dst []byte, w Words, f *figures) []byte {
	region := c.Series.Region
	switch {
	case region == catalog.AllRegions:
		region = w.AllRegions
	case w.Region != nil:
		region = w.Region(c.Instance, region)
	}
	if w.Name != nil {
		dst = append(dst, w.Name(c.Instance)...)
	} else {
		dst = append(dst, c.Instance.Name...)
	}
	dst = append(dst, ' ')
	dst = append(dst, w.Model(c.Series.Model)...)
	dst = append(dst, cmp.Or(w.Comma, ", ")...)
	dst = append(dst, region...)
	dst = append(dst, cmp.Or(w.Colon, ": ")...)
	dst = c.appendSideIn(dst, f.text[:f.oldEnd], f.oldSuffix, c.From, w)
	dst = append(dst, " → "...)
	dst = c.appendSideIn(dst, f.text[f.oldEnd:f.newEnd], f.newSuffix, c.To, w)
	if c.Percent != nil {
		dst = append(dst, cmp.Or(w.Open, " (")...)
		dst = append(dst, f.text[f.newEnd:]...)
		dst = append(dst, cmp.Or(w.Close, ")")...)
	}
	return dst
}

// appendSideIn appends one side of c as words w write it: its price by
// w.Money where the words have one, else its figure and suffix.
func (c *Change) appendSideIn(dst, figure []byte, s suffix, h *pricing.Hourly, w Words) []byte {
	if w.Money != nil && h != nil {
		return append(dst, w.Money(h.Amount, h.Currency, s == perGPUSuffix)...)
	}
	return appendFigure(dst, figure, s, w)
}

// appendFigure appends one side's figure and the word that follows it.
func appendFigure(dst, figure []byte, s suffix, w Words) []byte {
	dst = append(dst, figure...)
	switch s {
	case perGPUSuffix:
		dst = append(dst, w.PerGPU...)
	case offSuffix:
		dst = append(dst, w.Off...)
	}
	return dst
}

// appendSide appends the figure of one end of a change: the compared
// price, or the discount a point states; and tells the word that follows.
func appendSide(dst []byte, p *catalog.PricePoint, h *pricing.Hourly) ([]byte, suffix) {
	if h == nil {
		if p.DiscountPct() != nil {
			return strconv.AppendFloat(dst, *p.DiscountPct(), 'f', -1, 64), offSuffix
		}
		return append(dst, '?'), noSuffix
	}
	dst = appendMoney(dst, h.Amount, h.Currency)
	if p.PerGPU && h.Basis == pricing.BasisQuoted {
		return dst, perGPUSuffix
	}
	return dst, noSuffix
}

var symbols = map[string]string{"USD": "$", "EUR": "€", "GBP": "£", "CNY": "¥", "JPY": "¥"}

// Money writes an amount with its currency: "$21.96", "¥11.71", "3.50 SGD",
// "$0.7068", with the decimals of pricing.ShownDecimals.
func Money(v float64, currency string) string {
	return string(appendMoney(nil, v, currency))
}

// Amount writes an amount without its currency, with the decimals of
// pricing.ShownDecimals, as Money writes it: "3.473", "21.96".
func Amount(v float64) string {
	places := pricing.ShownDecimals(v)
	return strconv.FormatFloat(pricing.Round(v, places), 'f', places, 64)
}

func appendMoney(dst []byte, v float64, currency string) []byte {
	places := pricing.ShownDecimals(v)
	sym, ok := symbols[currency]
	dst = append(dst, sym...)
	dst = strconv.AppendFloat(dst, pricing.Round(v, places), 'f', places, 64)
	if !ok {
		dst = append(dst, ' ')
		dst = append(dst, currency...)
	}
	return dst
}

// Percent writes a change in percent with one decimal and a true minus
// sign: "−33.0%", "+4.2%".
func Percent(p float64) string {
	return string(appendPercent(nil, p))
}

func appendPercent(dst []byte, p float64) []byte {
	r := pricing.Round(p, 1)
	switch {
	case r < 0:
		dst = append(dst, "−"...)
	case r > 0:
		dst = append(dst, '+')
	}
	dst = strconv.AppendFloat(dst, math.Abs(r), 'f', 1, 64)
	return append(dst, '%')
}
