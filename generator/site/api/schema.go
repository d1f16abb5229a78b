package api

import (
	"reflect"
	"slices"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// The JSON Schemas of the API (draft 2020-12) are made from the Go types
// of its files, so that they cannot drift apart: each struct is an
// object that allows no other key, whose keys without omitempty are
// required; a pointer is its value, absent when unknown (never null);
// the fields named in enums take only the values the site gives them.

// docTypes are the type of the file of each kind.
var docTypes = map[string]reflect.Type{
	KindIndex:     reflect.TypeFor[indexDoc](),
	KindOffer:     reflect.TypeFor[offerDoc](),
	KindInstance:  reflect.TypeFor[instanceDoc](),
	KindGPU:       reflect.TypeFor[gpuDoc](),
	KindProvider:  reflect.TypeFor[providerDoc](),
	KindBenchmark: reflect.TypeFor[benchmarkDoc](),
	KindChanges:   reflect.TypeFor[changesDoc](),
}

// enums are the values a string field of the given JSON name may take,
// wherever it is, or in the struct named before a dot.
var enums = map[string][]string{
	"api_version":   {Version},
	"verdict":       {VerdictCurrent, pricing.WhySuperseded, pricing.WhyRestricted, catalog.KindArticle, catalog.KindEstimate, pricing.WhyMarketplace, catalog.Stale, catalog.Undated},
	"freshness":     {catalog.Fresh, catalog.Aging, catalog.Stale, catalog.Undated},
	"source_kind":   catalog.SourceKinds,
	"source_copy":   catalog.CopyKinds,
	"provider_kind": catalog.ProviderKinds,
	"direction":     {"down", "up"},
	"point.model":   pricing.Models,
	"change.model":  pricing.Models,
}

// dates are the string fields that hold a catalog date (2025-06-05,
// 2025-06, 2025 or unknown).
var dates = []string{"since", "as_of_date", "age_date", "last_seen", "first_seen", "old_since", "fx_date", "newest_date", "date"}

// datePattern matches a day, a month or a year.
const datePattern = `^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$`

// Schema of kind, as JSON.
func schemaOf(kind string) ([]byte, error) {
	t := docTypes[kind]
	s := map[string]any{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"$id":     kind + ".schema.json",
		"title":   "gpucompare API " + Version + ": " + kind,
	}
	for k, v := range typeSchema(t) {
		s[k] = v
	}
	props := s["properties"].(map[string]any)
	props["kind"] = map[string]any{"const": kind}
	props["schema"] = map[string]any{"const": Schema(kind)}
	return Marshal(s)
}

// typeSchema is the schema of values of t.
func typeSchema(t reflect.Type) map[string]any {
	switch t.Kind() {
	case reflect.Pointer:
		return typeSchema(t.Elem())
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int:
		return map[string]any{"type": "integer"}
	case reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice:
		return map[string]any{"type": "array", "items": typeSchema(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": typeSchema(t.Elem())}
	case reflect.Struct:
		props := map[string]any{}
		var required []string
		addFields(t, props, &required)
		slices.Sort(required)
		return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
	}
	panic("api: no schema for " + t.String())
}

// addFields adds the fields of struct t to props: its own first, then
// those of the structs it embeds, which its own shadow, as encoding/json
// does.
func addFields(t reflect.Type, props map[string]any, required *[]string) {
	var embedded []reflect.Type
	for f := range t.Fields() {
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			embedded = append(embedded, ft)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, ok := props[name]; ok {
			continue
		}
		s := typeSchema(f.Type)
		vals := enums[t.Name()+"."+name]
		if vals == nil {
			vals = enums[name]
		}
		if len(vals) > 0 && s["type"] == "string" {
			s["enum"] = vals
		}
		if slices.Contains(dates, name) && s["type"] == "string" {
			s["pattern"] = datePattern + "|^unknown$"
		}
		if name == "ages_counted_to" {
			s["pattern"] = `^[0-9]{4}-[0-9]{2}-[0-9]{2}$`
		}
		props[name] = s
		if !strings.Contains(opts, "omitempty") {
			*required = append(*required, name)
		}
	}
	for _, e := range embedded {
		addFields(e, props, required)
	}
}
