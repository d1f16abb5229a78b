// Package diff tells what a catalog edit changes: it takes two validated
// catalogs, a base and a head, and hands on their differences — prices
// (old → new, %), offers, instance types, providers and GPUs added or
// removed, spec fields edited, and the claims-check warnings the edit
// introduces — as Markdown for a pull-request comment or as JSON.
package diff

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/pricing"
)

// Report is everything an edit changes.
type Report struct {
	// Base is what the catalog was compared with; Compare leaves it
	// empty for the caller to fill in.
	Base        Base          `json:"base"`
	Prices      []PriceChange `json:"price_changes"`
	Offers      Added         `json:"offers"`
	Instances   Added         `json:"instance_types"`
	Providers   Added         `json:"providers"`
	GPUs        Added         `json:"gpus"`
	Specs       []SpecEdit    `json:"spec_edits"`
	NewWarnings []string      `json:"new_warnings"`
}

// Added lists what the head has that the base has not, and the reverse.
type Added struct {
	Added   []string `json:"added"`
	Removed []string `json:"removed"`
}

// PriceChange is the change of an offer's latest price under a pricing
// model between base and head; Old or New is empty when the price is new
// or gone.
type PriceChange struct {
	Provider string   `json:"provider"`
	Instance string   `json:"instance"`
	Region   string   `json:"region"`
	Model    string   `json:"model"`
	Payment  string   `json:"payment,omitempty"`
	Old      string   `json:"old,omitempty"`
	New      string   `json:"new,omitempty"`
	Percent  *float64 `json:"percent,omitempty"`
	Since    string   `json:"since,omitempty"` // of the new point
	Source   string   `json:"source,omitempty"`
}

// SpecEdit is one field of a GPU, provider or instance type that the edit
// changes.
type SpecEdit struct {
	Record string `json:"record"` // `gpu "a100"`, `instance "aws/p4d.24xlarge"`
	Field  string `json:"field"`  // the YAML key path: "dense.fp32"
	Old    string `json:"old"`
	New    string `json:"new"`
}

// Empty reports whether the edit changes nothing the report covers.
func (r *Report) Empty() bool {
	return len(r.Prices) == 0 && len(r.Specs) == 0 && len(r.NewWarnings) == 0 &&
		r.Offers.empty() && r.Instances.empty() && r.Providers.empty() && r.GPUs.empty()
}

func (a Added) empty() bool { return len(a.Added) == 0 && len(a.Removed) == 0 }

// Compare tells what head changes against base. The reports are those of
// loading each catalog; their warnings decide which are new.
func Compare(base, head *catalog.Catalog, baseReport, headReport catalog.Report) *Report {
	r := &Report{}
	r.Prices = priceChanges(base, head)
	r.Offers = added(offerKeys(base), offerKeys(head))
	r.Instances = added(instanceKeys(base), instanceKeys(head))
	r.Providers = added(providerKeys(base), providerKeys(head))
	r.GPUs = added(gpuKeys(base), gpuKeys(head))
	r.Specs = specEdits(base, head)
	r.NewWarnings = newWarnings(baseReport.Warnings(), headReport.Warnings())
	return r
}

func priceChanges(base, head *catalog.Catalog) []PriceChange {
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
			New: stated(n), Since: string(n.Since), Source: n.Source}
		if o != nil {
			pc.Old = stated(o)
			if po, pn := comparable(o), comparable(n); po != nil && pn != nil && po.Currency == pn.Currency && po.Amount > 0 {
				p := pricing.Round((pn.Amount-po.Amount)/po.Amount*100, 2)
				pc.Percent = &p
			}
		}
		out = append(out, pc)
	}
	for _, k := range baseKeys {
		if cur[k] == nil {
			o := old[k]
			out = append(out, PriceChange{Provider: k.Provider, Instance: k.Instance, Region: k.Region, Model: k.Model, Payment: k.Payment, Old: stated(o), Source: o.Source})
		}
	}
	return out
}

// comparable is a point's price as one figure: the quoted amount, or the
// effective hourly price; nil for a discount.
func comparable(p *catalog.PricePoint) *pricing.Hourly {
	if p.Amount != nil && p.Upfront == nil {
		return &pricing.Hourly{Amount: *p.Amount, Currency: p.Currency}
	}
	if h, ok := pricing.EffectiveHourly(p, 1, nil); ok && !p.PerGPU {
		return &h
	}
	return nil
}

// stated writes a point's price as the catalog states it.
func stated(p *catalog.PricePoint) string {
	var parts []string
	if p.Upfront != nil && *p.Upfront > 0 {
		parts = append(parts, feed.Money(*p.Upfront, p.Currency)+" upfront")
	}
	if p.Amount != nil {
		s := feed.Money(*p.Amount, p.Currency)
		if p.PerGPU {
			s += "/GPU"
		}
		parts = append(parts, s)
	}
	if p.EffectiveHourly != nil {
		parts = append(parts, feed.Money(*p.EffectiveHourly, p.Currency)+" effective")
	}
	if p.DiscountPct != nil {
		parts = append(parts, fmt.Sprintf("%g%% off on-demand", *p.DiscountPct))
	}
	return strings.Join(parts, " + ")
}

func offerKeys(c *catalog.Catalog) []string {
	var out []string
	for _, o := range pricing.Offers(c, c.Site.Currency) {
		if o.Region != "" {
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

func gpuKeys(c *catalog.Catalog) []string {
	var out []string
	for _, g := range c.GPUs {
		out = append(out, g.ID)
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

// specEdits compares the fields of the GPUs, providers and instance types
// present in both catalogs.
func specEdits(base, head *catalog.Catalog) []SpecEdit {
	var out []SpecEdit
	for _, g := range head.GPUs {
		if o := base.GPU(g.ID); o != nil {
			out = append(out, fields(fmt.Sprintf("gpu %q", g.ID), "", reflect.ValueOf(*o), reflect.ValueOf(*g))...)
		}
	}
	for _, p := range head.Providers {
		o := base.Provider(p.ID)
		if o == nil {
			continue
		}
		out = append(out, fields(fmt.Sprintf("provider %q", p.ID), "", reflect.ValueOf(*o), reflect.ValueOf(*p))...)
		for _, in := range p.Instances {
			if oi := o.Instance(in.ID); oi != nil {
				out = append(out, fields(fmt.Sprintf("instance %q", p.ID+"/"+in.ID), "", reflect.ValueOf(*oi), reflect.ValueOf(*in))...)
			}
		}
	}
	return out
}

// fields lists the YAML fields whose values differ between two records of
// one type; lists of records (regions, instances) are compared elsewhere.
func fields(record, prefix string, old, cur reflect.Value) []SpecEdit {
	var out []SpecEdit
	t := old.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if !f.IsExported() || name == "" || name == "-" {
			continue
		}
		o, c := old.Field(i), cur.Field(i)
		key := prefix + name
		switch {
		case f.Type.Kind() == reflect.Struct:
			out = append(out, fields(record, key+".", o, c)...)
		case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Pointer:
			// regions and instances: added and removed are reported as such
		default:
			if os, cs := show(o), show(c); os != cs {
				out = append(out, SpecEdit{Record: record, Field: key, Old: os, New: cs})
			}
		}
	}
	return out
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
		return fmt.Sprintf("%g", v.Float())
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
				if f := v.Type().Field(i); f.IsExported() && f.Tag.Get("yaml") != "-" {
					if s := show(v.Field(i)); s != "—" && s != "" {
						parts = append(parts, s)
					}
				}
			}
			return cmp.Or(strings.Join(parts, " "), "—")
		}
	case reflect.String:
		return cmp.Or(v.String(), "—")
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
