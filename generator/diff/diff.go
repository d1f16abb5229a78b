// Package diff tells what a catalog edit changes: it takes two validated
// catalogs, a base and a head, and hands on their differences — the
// prices the site shows (every offer's price under each pricing model as
// compare/offers.json holds it, old → new, %, flagged beyond the base's
// threshold), latest prices as the catalog states them, every field edit of
// the price points the base had and the points whose price was overwritten
// in place, exchange rates with the offers they move, records added,
// removed or edited, and the claims-check warnings the edit introduces —
// as Markdown for a pull-request comment or as JSON.
package diff

import (
	"cmp"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/pricing"
)

// Report is everything an edit changes.
type Report struct {
	// Base is what the catalog was compared with; Compare leaves it
	// empty for the caller to fill in.
	Base Base `json:"base"`
	// ThresholdPct is the price change, either way, beyond which a change
	// is flagged for a reviewer to check: the base's site.yaml
	// diff_threshold_pct, never the head's.
	ThresholdPct float64 `json:"threshold_pct"`
	// Shown are the offer prices the site shows differently.
	Shown  []ShownChange `json:"shown_price_changes"`
	Prices []PriceChange `json:"price_changes"`
	// Points are the edits of price points the base already had, and the
	// points added or removed inside a series' history.
	Points []PointEdit `json:"point_edits"`
	// Overwrites are the existing points whose price changed in place.
	Overwrites []string   `json:"overwrites"`
	FX         []FXChange `json:"fx_changes"`
	Offers     Added      `json:"offers"`
	Instances  Added      `json:"instance_types"`
	Providers  Added      `json:"providers"`
	GPUs       Added      `json:"gpus"`
	Benchmarks Added      `json:"benchmarks"`
	Guides     Added      `json:"guides"`
	Scenarios  Added      `json:"scenarios"`
	// Quotes are the private quotes of the overlays (gpucompare diff
	// -overlay), nil when neither side has one: their fields' edits are
	// in Records, as quote "ID".
	Quotes      *Added       `json:"quotes,omitempty"`
	Records     []RecordEdit `json:"record_edits"`
	NewWarnings []string     `json:"new_warnings"`
}

// Added lists what the head has that the base has not, and the reverse.
type Added struct {
	Added   []string `json:"added"`
	Removed []string `json:"removed"`
}

// PriceChange is the change of an offer's latest price under a pricing
// model between base and head. The figures are the catalog's, unrounded,
// in Currency; the Old… fields are absent when the price is new, the New…
// fields when it is gone. OldDisplay and NewDisplay are the prices as a
// reader sees them.
type PriceChange struct {
	Provider    string `json:"provider"`
	Instance    string `json:"instance"`
	Region      string `json:"region"`
	Model       string `json:"model"`
	Payment     string `json:"payment,omitempty"`
	Currency    string `json:"currency"`               // the new price's, or the old one's when it is gone
	OldCurrency string `json:"old_currency,omitempty"` // when the currency changes
	PerGPU      bool   `json:"per_gpu,omitempty"`

	OldAmount          *float64 `json:"old_amount,omitempty"`
	NewAmount          *float64 `json:"new_amount,omitempty"`
	OldUpfront         *float64 `json:"old_upfront,omitempty"`
	NewUpfront         *float64 `json:"new_upfront,omitempty"`
	OldEffectiveHourly *float64 `json:"old_effective_hourly,omitempty"`
	NewEffectiveHourly *float64 `json:"new_effective_hourly,omitempty"`
	OldDiscountPct     *float64 `json:"old_discount_pct,omitempty"`
	NewDiscountPct     *float64 `json:"new_discount_pct,omitempty"`
	OldSince           string   `json:"old_since,omitempty"`
	NewSince           string   `json:"new_since,omitempty"`

	Percent *float64 `json:"percent,omitempty"`
	// Check is set when Percent is beyond the report's threshold.
	Check      bool   `json:"check,omitempty"`
	Source     string `json:"source,omitempty"`
	OldDisplay string `json:"old_display,omitempty"`
	NewDisplay string `json:"new_display,omitempty"`
}

// PointEdit is one field of a price point that the edit changes, or a
// point added or removed inside a series (Field "point").
type PointEdit struct {
	Provider string `json:"provider"`
	Instance string `json:"instance"`
	Region   string `json:"region"`
	Model    string `json:"model"`
	Payment  string `json:"payment,omitempty"`
	Point    int    `json:"point"` // its place in the series, from 1, in the head (the base for a removed point)
	Since    string `json:"since"` // the point's since in the head (the base for a removed point)
	Field    string `json:"field"`
	Old      string `json:"old"`
	New      string `json:"new"`
	Position string `json:"position"` // file:line:col in the head (the base for a removed point)
}

// FXChange is an exchange rate added, removed or changed. Offers is the
// number of offers whose displayed price moves with the edit's rates
// although their own prices stay, counted for each rate of their
// currency.
type FXChange struct {
	Base    string   `json:"base"`
	Quote   string   `json:"quote"`
	Date    string   `json:"date"`
	OldRate *float64 `json:"old_rate,omitempty"`
	NewRate *float64 `json:"new_rate,omitempty"`
	// Replaces is, for a rate added that the head converts with, the
	// rate of the pair (base to quote) the base converted with; Percent
	// is then against it.
	Replaces     *float64 `json:"replaces_rate,omitempty"`
	ReplacesDate string   `json:"replaces_date,omitempty"`
	Percent      *float64 `json:"percent,omitempty"`
	Check        bool     `json:"check,omitempty"`
	Offers       int      `json:"offers_moved"`
	Source       string   `json:"source,omitempty"`
}

// RecordEdit is one field of a record present in base and head that the
// edit changes: a GPU, provider, instance type, benchmark, guide,
// scenario, exchange rate or the site settings.
type RecordEdit struct {
	Record string `json:"record"` // `gpu "a100"`, `instance "aws/p4d.24xlarge"`
	Field  string `json:"field"`  // the YAML key path: "dense.fp32", "results[2].value"
	Old    string `json:"old"`
	New    string `json:"new"`
}

// Empty reports whether the edit changes nothing the report covers.
func (r *Report) Empty() bool {
	return len(r.Shown) == 0 && len(r.Prices) == 0 && len(r.Points) == 0 && len(r.Overwrites) == 0 && len(r.FX) == 0 &&
		len(r.Records) == 0 && len(r.NewWarnings) == 0 && !slices.ContainsFunc(r.added(), func(k kind) bool { return !k.a.empty() })
}

// kind is a kind of record with those added and removed.
type kind struct {
	name, noun string
	a          Added
}

func (r *Report) added() []kind {
	out := []kind{{"Offers", "offer", r.Offers}, {"Instance types", "instance type", r.Instances}, {"Providers", "provider", r.Providers},
		{"GPUs", "GPU", r.GPUs}, {"Benchmarks", "benchmark", r.Benchmarks}, {"Guides", "guide", r.Guides}, {"Scenarios", "scenario", r.Scenarios}}
	if r.Quotes != nil {
		out = append(out, kind{"Quotes", "quote", *r.Quotes})
	}
	return out
}

func (a Added) empty() bool { return len(a.Added) == 0 && len(a.Removed) == 0 }

// Compare tells what head changes against base. The reports are those of
// loading each catalog; their warnings decide which are new. A price
// change beyond the base's diff_threshold_pct is flagged: an edit of the
// setting is itself a change, and does not move the threshold it is
// judged by.
func Compare(base, head *catalog.Catalog, baseReport, headReport catalog.Report) *Report {
	r := &Report{ThresholdPct: cmp.Or(base.Site.DiffThresholdPct, catalog.DefaultDiffThresholdPct)}
	r.Shown = shownChanges(base, head, r.ThresholdPct)
	r.Prices = priceChanges(base, head, r.ThresholdPct)
	var overwrites catalog.Report
	r.Points, overwrites = pointEdits(base, head)
	for _, d := range overwrites {
		d.Severity = catalog.Warning
		r.Overwrites = append(r.Overwrites, d.String())
	}
	r.FX = fxChanges(base, head, r.ThresholdPct, movedByRates(r.Shown))
	r.Offers = added(offerKeys(base), offerKeys(head))
	r.Instances = added(instanceKeys(base), instanceKeys(head))
	r.Providers = added(providerKeys(base), providerKeys(head))
	r.GPUs = added(ids(base.GPUs), ids(head.GPUs))
	r.Benchmarks = added(ids(base.Benchmarks), ids(head.Benchmarks))
	r.Guides = added(ids(base.Guides), ids(head.Guides))
	r.Scenarios = added(ids(base.Scenarios), ids(head.Scenarios))
	if len(base.Quotes) > 0 || len(head.Quotes) > 0 {
		q := added(ids(base.Quotes), ids(head.Quotes))
		r.Quotes = &q
	}
	r.Records = recordEdits(base, head, r.FX)
	r.NewWarnings = newWarnings(baseReport.Warnings(), headReport.Warnings())
	return r
}

// flagged reports whether a change of p percent is beyond the threshold.
func flagged(p *float64, threshold float64) bool {
	return p != nil && math.Abs(*p) > threshold
}

func priceChanges(base, head *catalog.Catalog, threshold float64) []PriceChange {
	latest := func(c *catalog.Catalog) ([]catalog.SeriesKey, map[catalog.SeriesKey]*catalog.PricePoint) {
		keys, series := c.Series()
		last := map[catalog.SeriesKey]*catalog.PricePoint{}
		for k, pts := range series {
			last[k] = pts[len(pts)-1]
		}
		return keys, last
	}
	baseKeys, old := latest(base)
	headKeys, cur := latest(head)
	var out []PriceChange
	for _, k := range headKeys {
		n, o := cur[k], old[k]
		if o != nil && catalog.SamePrice(o, n) {
			continue
		}
		pc := PriceChange{Provider: k.Provider, Instance: k.Instance, Region: k.Region, Model: k.Model, Payment: k.Payment,
			Currency: n.Currency, PerGPU: n.PerGPU, NewAmount: n.Amount, NewUpfront: n.Upfront(), NewEffectiveHourly: n.EffectiveHourly(), NewDiscountPct: n.DiscountPct(),
			NewSince: string(n.Since), NewDisplay: stated(n), Source: n.Source}
		if o != nil {
			pc.OldAmount, pc.OldUpfront, pc.OldEffectiveHourly, pc.OldDiscountPct = o.Amount, o.Upfront(), o.EffectiveHourly(), o.DiscountPct()
			pc.OldSince, pc.OldDisplay = string(o.Since), stated(o)
			if o.Currency != n.Currency {
				pc.OldCurrency = o.Currency
			}
			po, pn := comparable(o, gpusOf(base, k)), comparable(n, gpusOf(head, k))
			switch {
			case po != nil && pn != nil && po.Currency == pn.Currency && po.Amount > 0:
				p := pricing.Round((pn.Amount-po.Amount)/po.Amount*100, 2)
				pc.Percent = &p
				pc.Check = flagged(&p, threshold)
			case po == nil && pn == nil:
				// Two discounts off on-demand: the shown prices measure them.
			default:
				// A price that moved in a way no percent measures (into
				// another currency, from a price to a discount) is for a
				// reviewer to check.
				pc.Check = true
			}
		}
		out = append(out, pc)
	}
	for _, k := range baseKeys {
		if cur[k] == nil {
			o := old[k]
			out = append(out, PriceChange{Provider: k.Provider, Instance: k.Instance, Region: k.Region, Model: k.Model, Payment: k.Payment,
				Currency: o.Currency, PerGPU: o.PerGPU, OldAmount: o.Amount, OldUpfront: o.Upfront(), OldEffectiveHourly: o.EffectiveHourly(), OldDiscountPct: o.DiscountPct(),
				OldSince: string(o.Since), OldDisplay: stated(o), Source: o.Source})
		}
	}
	return out
}

// comparable is a point's price as one figure, as the site derives it:
// the effective hourly price of an instance of gpus GPUs, in the quoted
// currency; nil for a discount, which needs the on-demand price.
func comparable(p *catalog.PricePoint, gpus int) *pricing.Hourly {
	if h, ok := pricing.EffectiveHourly(p, gpus, nil); ok {
		return &h
	}
	return nil
}

// gpusOf is the GPU count of the instance type of a series, 0 when the
// catalog has no such instance type.
func gpusOf(c *catalog.Catalog, k catalog.SeriesKey) int {
	if p := c.Provider(k.Provider); p != nil {
		if in := p.Instance(k.Instance); in != nil {
			return in.GPUCount
		}
	}
	return 0
}

// stated writes a point's price as the catalog states it.
func stated(p *catalog.PricePoint) string {
	var parts []string
	if p.Upfront() != nil && *p.Upfront() > 0 {
		parts = append(parts, feed.Money(*p.Upfront(), p.Currency)+" upfront")
	}
	if p.Amount != nil {
		s := feed.Money(*p.Amount, p.Currency)
		if p.PerGPU {
			s += "/GPU"
		}
		parts = append(parts, s)
	}
	if p.EffectiveHourly() != nil {
		parts = append(parts, feed.Money(*p.EffectiveHourly(), p.Currency)+" effective")
	}
	if p.DiscountPct() != nil {
		parts = append(parts, fmt.Sprintf("%g%% off on-demand", *p.DiscountPct()))
	}
	return strings.Join(parts, " + ")
}

func offerKeys(c *catalog.Catalog) []string {
	var out []string
	for _, o := range pricing.Offers(c, c.Site.Currency) {
		if o.Region != "" && o.Quoted() == nil {
			out = append(out, o.Provider.ID+"/"+o.Instance.ID+" in "+o.Region)
		}
	}
	return out
}

func instanceKeys(c *catalog.Catalog) []string {
	var out []string
	for _, p := range c.Providers {
		for _, in := range p.Instances {
			out = append(out, p.ID+"/"+in.ID)
		}
	}
	return out
}

func providerKeys(c *catalog.Catalog) []string {
	var out []string
	for _, p := range c.Providers {
		out = append(out, p.ID)
	}
	return out
}

// ids are the ids of a list of records, in its order.
func ids[T any](list []*T) []string {
	var out []string
	for _, r := range list {
		out = append(out, reflect.ValueOf(r).Elem().FieldByName("ID").String())
	}
	return out
}

// added compares two key lists; the result keeps each list's order.
func added(base, head []string) Added {
	var a Added
	in := func(list []string) map[string]bool {
		m := map[string]bool{}
		for _, k := range list {
			m[k] = true
		}
		return m
	}
	b, h := in(base), in(head)
	for _, k := range head {
		if !b[k] {
			a.Added = append(a.Added, k)
		}
	}
	for _, k := range base {
		if !h[k] {
			a.Removed = append(a.Removed, k)
		}
	}
	return a
}

// recordEdits compares the fields of the records present in both
// catalogs: the site settings, exchange rates (their rates are in fx),
// GPUs, providers, instance types, benchmarks, guides and scenarios.
func recordEdits(base, head *catalog.Catalog, fx []FXChange) []RecordEdit {
	out := fields("site", "", reflect.ValueOf(base.Site), reflect.ValueOf(head.Site))
	for _, r := range head.FX {
		if o := rateOf(base.FX, r); o != nil {
			for _, e := range fields(fmt.Sprintf("rate %q", r.Base+"/"+r.Quote+" "+string(r.Date)), "", reflect.ValueOf(*o), reflect.ValueOf(r)) {
				if e.Field != "rate" {
					out = append(out, e)
				}
			}
		}
	}
	same := func(noun string, old, cur any) {
		o, c := reflect.ValueOf(old), reflect.ValueOf(cur)
		byID := map[string]reflect.Value{}
		for i := range o.Len() {
			byID[o.Index(i).Elem().FieldByName("ID").String()] = o.Index(i).Elem()
		}
		for i := range c.Len() {
			v := c.Index(i).Elem()
			id := v.FieldByName("ID").String()
			if ov, ok := byID[id]; ok {
				out = append(out, fields(fmt.Sprintf("%s %q", noun, id), "", ov, v)...)
				if p, ok := cur.([]*catalog.Provider); ok {
					op := ov.Addr().Interface().(*catalog.Provider)
					for _, in := range p[i].Instances {
						if oi := op.Instance(in.ID); oi != nil {
							out = append(out, fields(fmt.Sprintf("instance %q", id+"/"+in.ID), "", reflect.ValueOf(*oi), reflect.ValueOf(*in))...)
						}
					}
				}
			}
		}
	}
	same("gpu", base.GPUs, head.GPUs)
	same("provider", base.Providers, head.Providers)
	same("benchmark", base.Benchmarks, head.Benchmarks)
	same("guide", base.Guides, head.Guides)
	same("scenario", base.Scenarios, head.Scenarios)
	same("quote", base.Quotes, head.Quotes)
	if base.Scoring != nil && head.Scoring != nil {
		out = append(out, fields("scoring", "", reflect.ValueOf(*base.Scoring), reflect.ValueOf(*head.Scoring))...)
	}
	return out
}

// fields lists the YAML fields whose values differ between two records of
// one type. Lists of records are compared item by item, by id when they
// have one; a provider's instances are records of their own.
func fields(record, prefix string, old, cur reflect.Value) []RecordEdit {
	var out []RecordEdit
	t := old.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if f.IsExported() && opts == "inline" {
			// fields that stand beside the others in YAML (a price
			// point's Extra), held apart, or not, in memory
			out = append(out, fields(record, prefix, inlined(old.Field(i)), inlined(cur.Field(i)))...)
			continue
		}
		if !f.IsExported() || name == "" || name == "-" {
			continue
		}
		o, c := old.Field(i), cur.Field(i)
		key := prefix + name
		switch {
		case f.Type.Kind() == reflect.Struct:
			out = append(out, fields(record, key+".", o, c)...)
		case f.Type == reflect.TypeFor[[]*catalog.Instance]():
			// instance types: compared as records of their own
		case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Pointer && f.Type.Elem().Elem().Kind() == reflect.Struct:
			out = append(out, items(record, key, o, c)...)
		default:
			if os, cs := show(o), show(c); os != cs {
				out = append(out, RecordEdit{Record: record, Field: key, Old: os, New: cs})
			}
		}
	}
	return out
}

// inlined is the struct an inlined field holds: the field itself, or
// what it points to, or a zero struct when it points to none.
func inlined(v reflect.Value) reflect.Value {
	if v.Kind() != reflect.Pointer {
		return v
	}
	if v.IsNil() {
		return reflect.New(v.Type().Elem()).Elem()
	}
	return v.Elem()
}

// items compares two lists of records: by id when the records have one
// (key[id]), else by place (key[1], from 1).
func items(record, key string, old, cur reflect.Value) []RecordEdit {
	label := func(l reflect.Value, i int) string {
		if id := l.Index(i).Elem().FieldByName("ID"); id.IsValid() {
			return fmt.Sprintf("%s[%s]", key, id.String())
		}
		return fmt.Sprintf("%s[%d]", key, i+1)
	}
	at := map[string]int{}
	for i := range old.Len() {
		at[label(old, i)] = i
	}
	var out []RecordEdit
	seen := map[string]bool{}
	for i := range cur.Len() {
		l := label(cur, i)
		seen[l] = true
		if j, ok := at[l]; ok {
			out = append(out, fields(record, l+".", old.Index(j).Elem(), cur.Index(i).Elem())...)
		} else {
			out = append(out, RecordEdit{Record: record, Field: l, Old: "—", New: show(cur.Index(i))})
		}
	}
	for i := range old.Len() {
		if l := label(old, i); !seen[l] {
			out = append(out, RecordEdit{Record: record, Field: l, Old: show(old.Index(i)), New: "—"})
		}
	}
	return out
}

// rateOf finds the rate of list with r's currencies and date.
func rateOf(list []catalog.FXRate, r catalog.FXRate) *catalog.FXRate {
	for i, o := range list {
		if o.Base == r.Base && o.Quote == r.Quote && o.Date == r.Date {
			return &list[i]
		}
	}
	return nil
}

// fxChanges lists the exchange rates added, removed or changed, each with
// the number of offers in one of its currencies whose displayed price
// moves while their own price stays (moved, by quoted currency). A rate
// added that the head converts with is compared with the rate of the
// pair the base converted with.
func fxChanges(base, head *catalog.Catalog, threshold float64, moved map[string]int) []FXChange {
	var out []FXChange
	for _, r := range head.FX {
		o := rateOf(base.FX, r)
		if o != nil && o.Rate == r.Rate {
			continue
		}
		c := FXChange{Base: r.Base, Quote: r.Quote, Date: string(r.Date), NewRate: &r.Rate, Source: r.Source}
		if o != nil {
			c.OldRate = &o.Rate
			p := pricing.Round((r.Rate-o.Rate)/o.Rate*100, 2)
			c.Percent, c.Check = &p, flagged(&p, threshold)
		} else if prev, date, ok := replaced(base, head, r); ok && prev > 0 {
			c.Replaces, c.ReplacesDate = &prev, date
			p := pricing.Round((r.Rate-prev)/prev*100, 2)
			c.Percent, c.Check = &p, flagged(&p, threshold)
		}
		out = append(out, c)
	}
	for _, o := range base.FX {
		if rateOf(head.FX, o) == nil {
			out = append(out, FXChange{Base: o.Base, Quote: o.Quote, Date: string(o.Date), OldRate: &o.Rate, Source: o.Source})
		}
	}
	for i, c := range out {
		out[i].Offers = moved[c.Base] + moved[c.Quote]
	}
	return out
}

// replaced is the factor from r's base to its quote that base converted
// with, when head converts with r itself: the rate r replaces.
func replaced(base, head *catalog.Catalog, r catalog.FXRate) (factor float64, date string, ok bool) {
	now, ok := pricing.Rates(head.FX).Convert(r.Base, r.Quote)
	if !ok || now.Rate == nil || *now.Rate != r {
		return 0, "", false
	}
	before, ok := pricing.Rates(base.FX).Convert(r.Base, r.Quote)
	if !ok {
		return 0, "", false
	}
	return pricing.Round(before.Factor, 6), string(before.Rate.Date), true
}

// show writes a field value for a reader; an absent value is "—".
func show(v reflect.Value) string {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return "—"
		}
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'f', -1, 64)
	case reflect.Slice:
		var parts []string
		for i := range v.Len() {
			parts = append(parts, show(v.Index(i)))
		}
		return cmp.Or(strings.Join(parts, ", "), "—")
	case reflect.Struct:
		if v.Type().Kind() == reflect.Struct && v.NumField() > 0 {
			var parts []string
			for i := range v.NumField() {
				f := v.Type().Field(i)
				name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
				if !f.IsExported() || name == "-" || opts == "omitempty" && v.Field(i).IsZero() {
					continue
				}
				if s := show(v.Field(i)); s != "—" && s != "" && s != "false" {
					parts = append(parts, name+": "+s)
				}
			}
			return cmp.Or(strings.Join(parts, ", "), "—")
		}
	case reflect.String:
		return cmp.Or(v.String(), "—")
	case reflect.Map:
		if v.Len() == 0 {
			return "—" // an empty map (a record's i18n with no language) says nothing
		}
	}
	return cmp.Or(fmt.Sprint(v.Interface()), "—")
}

// newWarnings are the head's warnings whose message the base did not have;
// positions are left out, since an edit moves lines.
func newWarnings(base, head catalog.Report) []string {
	had := map[string]bool{}
	for _, d := range base {
		had[d.Message] = true
	}
	var out []string
	for _, d := range head {
		if !had[d.Message] {
			out = append(out, d.String())
		}
	}
	return slices.Compact(out)
}
