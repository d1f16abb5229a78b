package catalog

import (
	"bytes"
	"encoding/json"
	"path"
	"reflect"
	"slices"
	"strings"
)

// This file states the catalog's rules as JSON Schemas, one per kind of
// catalog file, for editors that check YAML as it is typed
// (yaml-language-server, through the "# yaml-language-server: $schema=…"
// line each catalog file starts with). The schemas are generated from the
// Go types the files decode into, with the limits of limits.go and the
// field rules below, which restate those of validate.go and guide.go that
// JSON Schema can express: types, required fields, closed vocabularies,
// the id and currency patterns, ranges, and no unknown fields. What it
// cannot express — references between files, sums, claims — stays with
// the checks alone.

// SchemaDir is the folder of the repository, and of a built site, that
// holds the JSON Schemas of the catalog's files.
const SchemaDir = "schemas"

// schemaKinds maps each catalog entry (a file or a folder of data/) to the
// name of its schema and the Go type its files decode into; sources.yaml,
// read by the refresh stage, and gpu-names.yaml, read by the importer,
// have schemas written out (sourcesSchema, gpuNamesSchema).
var schemaKinds = []struct {
	entry, schema string
	typ           reflect.Type
}{
	{"site.yaml", "site", reflect.TypeFor[Site]()},
	{"fx.yaml", "fx", reflect.TypeFor[FXFile]()},
	{"scoring.yaml", "scoring", reflect.TypeFor[Scoring]()},
	{"gpus", "gpu", reflect.TypeFor[GPU]()},
	{"providers", "provider", reflect.TypeFor[Provider]()},
	{"prices", "prices", reflect.TypeFor[PriceFile]()},
	{"benchmarks", "benchmark", reflect.TypeFor[Benchmark]()},
	{"guides", "guide", reflect.TypeFor[Guide]()},
	{"scenarios", "scenario", reflect.TypeFor[Scenario]()},
	{"trials", "trial", reflect.TypeFor[Trial]()},
	// quotes are an overlay's only (data/quotes/ of the overlay root; the
	// public catalog refuses them): their schema is for the overlay.
	{"quotes", "quote", reflect.TypeFor[Quote]()},
	{SourceRegistryFile, "source-registry", reflect.TypeFor[SourceRegistry]()},
	{"sources.yaml", "sources", nil},
	{"gpu-names.yaml", "gpu-names", nil},
}

// SchemaFile is the file name, under SchemaDir, of the schema of the
// catalog file name (a path under data/, such as "data/gpus/h100.yaml");
// ok is false for a file that is not a catalog file.
func SchemaFile(name string) (file string, ok bool) {
	rel, found := strings.CutPrefix(path.Clean(name), DataDir+"/")
	if !found || !strings.HasSuffix(rel, ".yaml") {
		return "", false
	}
	dir, base := path.Split(rel)
	for _, k := range schemaKinds {
		if dir == "" && base == k.entry || dir == k.entry+"/" {
			return k.schema + ".schema.json", true
		}
	}
	return "", false
}

// SchemaLine is the first line of the catalog file name: the comment that
// points yaml-language-server at its schema, by a path relative to the
// file, in a site root whose schemas/ sits beside data/.
func SchemaLine(name string) (string, bool) {
	file, ok := SchemaFile(name)
	if !ok {
		return "", false
	}
	up := strings.Repeat("../", strings.Count(path.Clean(name), "/"))
	return "# yaml-language-server: $schema=" + up + SchemaDir + "/" + file, true
}

// Schemas returns the JSON Schema of every kind of catalog file, by file
// name under SchemaDir, each as indented JSON ending in a newline.
func Schemas() map[string][]byte {
	out := map[string][]byte{}
	for _, k := range schemaKinds {
		var s map[string]any
		switch {
		case k.schema == "sources":
			s = sourcesSchema()
		case k.schema == "gpu-names":
			s = gpuNamesSchema()
		default:
			g := &schemaGen{defs: map[string]any{}, rules: fieldRules()}
			s = g.object(k.typ)
			if len(g.defs) > 0 {
				s["definitions"] = g.defs
			}
		}
		s["$schema"] = "http://json-schema.org/draft-07/schema#"
		s["title"] = "gpucompare catalog: " + k.entry
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		_ = enc.Encode(s) // maps of text, finite numbers and bools always encode
		out[k.schema+".schema.json"] = buf.Bytes()
	}
	return out
}

// IsID reports whether s is a catalog id: a URL path segment of at most
// 100 characters, lowercase letters, digits, '.', '_' or '-', starting
// with a letter or digit.
func IsID(s string) bool { return len(s) <= idLength && idPattern.MatchString(s) }

// A fieldRule is what the checks hold one field to, beyond its type and
// the limits of limits.go.
type fieldRule struct {
	required bool     // present, not null and, for text, not blank
	enum     []string // one of these, when given
	id       bool     // an id: idPattern
	currency bool     // an ISO 4217 code: currencyPattern
	day      bool     // a date known to the day
	positive bool     // > 0
	nonNeg   bool     // >= 0
	max      *float64 // at most, when tighter than the field's limit
	below    *float64 // less than
	not      string   // a value the field may not take
	url      bool     // an absolute http(s) URL
	minItems int      // a list of at least this many items
	itemEnum []string // a list of items each one of these
}

func ptr(v float64) *float64 { return &v }

// fieldRules returns the rule of each field that has one, by the struct
// type that holds it and its YAML key. It is made when called, after the
// package's init has completed QueryFields.
func fieldRules() map[reflect.Type]map[string]fieldRule {
	return map[reflect.Type]map[string]fieldRule{
		reflect.TypeFor[Site](): {
			"title": {required: true}, "currency": {required: true, currency: true}, "url": {url: true},
			"matrix_page_size": {positive: true}, "diff_threshold_pct": {positive: true},
			"fresh_days": {positive: true}, "stale_days": {positive: true}, "feed_items": {positive: true},
		},
		reflect.TypeFor[Edition](): {"language": {required: true}, "dir": {required: true}, "currency": {currency: true}},
		reflect.TypeFor[FXRate](): {
			"base": {required: true, currency: true}, "quote": {required: true, currency: true},
			"rate": {required: true, positive: true}, "date": {required: true}, "source": {required: true},
			"kind": {enum: FXKinds}, "source_kind": {enum: FXSourceKinds},
		},
		reflect.TypeFor[GPU](): {
			"id": {required: true, id: true}, "name": {required: true}, "vendor": {required: true},
			"kind": {enum: AcceleratorKinds}, "memory_gb": {positive: true}, "memory_bandwidth_gb_s": {positive: true},
			"tdp_w": {positive: true}, "pcie_gen": {positive: true}, "figures_from": {enum: FiguresFromValues},
		},
		reflect.TypeFor[Throughput](): {
			"fp64": {positive: true}, "fp32": {positive: true}, "tf32": {positive: true},
			"fp16_bf16": {positive: true}, "fp8": {positive: true}, "int8": {positive: true},
		},
		reflect.TypeFor[Interconnect](): {"kind": {enum: InterconnectKind}, "generation": {positive: true}, "bandwidth_gb_s": {positive: true}},
		reflect.TypeFor[Provider](): {
			"id": {required: true, id: true}, "name": {required: true}, "kind": {required: true, enum: ProviderKinds},
			"currency": {required: true, currency: true},
		},
		reflect.TypeFor[Billing](): {"granularity": {enum: Granularities}, "minimum_seconds": {nonNeg: true}},
		reflect.TypeFor[Spot]():    {"notice_seconds": {positive: true}},
		reflect.TypeFor[Rate]():    {"price": {nonNeg: true}, "currency": {currency: true}},
		reflect.TypeFor[SLA]():     {"percent": {positive: true, max: ptr(100)}},
		reflect.TypeFor[MLPS]():    {"level": {required: true}, "checked": {required: true, day: true}, "source": {required: true}},
		reflect.TypeFor[Region](): {
			"id": {required: true, id: true, not: AllRegions}, "geo": {enum: Geos}, "access": {enum: Accesses},
		},
		reflect.TypeFor[Instance](): {
			"id": {required: true, id: true}, "name": {required: true}, "gpu": {required: true},
			"gpu_count": {required: true, positive: true}, "gpu_memory_gb": {positive: true}, "vcpus": {positive: true},
			"ram_gib": {positive: true}, "network_gbps": {positive: true}, "source": {required: true},
		},
		reflect.TypeFor[Claims]():    {"tflops": {positive: true}, "precision": {enum: precisionKeys()}, "source": {required: true}},
		reflect.TypeFor[PriceFile](): {"provider": {required: true}, "checked": {day: true}},
		reflect.TypeFor[PricePoint](): {
			"instance": {required: true}, "region": {required: true}, "model": {required: true, enum: PricingModels},
			"payment": {enum: Payments}, "amount": {positive: true}, "effective_hourly": {positive: true},
			"upfront": {nonNeg: true}, "discount_pct": {positive: true, below: ptr(100)},
			"currency": {required: true, currency: true}, "since": {required: true},
			"first_seen": {day: true}, "last_seen": {day: true},
			"source": {required: true}, "source_kind": {required: true, enum: SourceKinds},
		},
		reflect.TypeFor[Benchmark](): {
			"id": {required: true, id: true}, "name": {required: true}, "suite": {required: true, enum: BenchmarkSuites},
			"metric": {required: true, enum: BenchmarkMetrics}, "unit": {required: true}, "results": {required: true, minItems: 1},
		},
		reflect.TypeFor[Result](): {
			"round": {required: true}, "gpu": {required: true}, "gpu_count": {positive: true}, "nodes": {positive: true},
			"value": {required: true, positive: true}, "source": {required: true},
		},
		reflect.TypeFor[Trial](): {
			"id": {required: true, id: true}, "team": {required: true}, "offer": {required: true},
			"start": {required: true, day: true}, "end": {required: true, day: true}, "workload": {required: true},
			"figures": {required: true, minItems: 1}, "paid": {required: true},
		},
		reflect.TypeFor[Quote](): {
			"id": {required: true, id: true}, "offer": {required: true}, "amount": {required: true, positive: true},
			"currency": {required: true, currency: true}, "term": {required: true},
			"valid_from": {required: true, day: true}, "valid_until": {required: true, day: true},
			"discount_pct": {positive: true, below: ptr(100)}, "reference": {required: true}, "contact_role": {required: true},
		},
		reflect.TypeFor[TrialOffer](): {
			"provider": {required: true}, "instance": {required: true}, "region": {required: true},
			"model": {required: true, enum: PricingModels},
		},
		reflect.TypeFor[TrialWorkload](): {
			"model": {required: true}, "framework": {required: true}, "framework_version": {required: true},
			"precision": {required: true, enum: TrialPrecisions}, "batch": {positive: true}, "recipe": {required: true},
		},
		reflect.TypeFor[TrialFigure](): {"value": {required: true, positive: true}},
		reflect.TypeFor[TrialPaid](): {
			"amount": {required: true, positive: true}, "currency": {required: true, currency: true}, "total": {positive: true},
		},
		reflect.TypeFor[Guide](): {"id": {required: true, id: true}, "title": {required: true}, "start": {required: true}},
		reflect.TypeFor[Question](): {
			"id": {required: true, id: true}, "text": {required: true}, "answers": {required: true, minItems: 2},
		},
		reflect.TypeFor[Answer]():  {"text": {required: true}, "next": {required: true}},
		reflect.TypeFor[Outcome](): {"id": {required: true, id: true}, "title": {required: true}},
		reflect.TypeFor[Query](): {
			"interconnect": {enum: []string{"nvlink", "infinity_fabric"}}, "pricing_model": {enum: PricingModels},
			"sort": {enum: QuerySorts}, "min_gpu_memory_gb": {positive: true},
			"provider_kinds": {itemEnum: ProviderKinds}, "geo": {itemEnum: Geos}, "features": {itemEnum: QueryFeatures},
			"min_gpu_count": {nonNeg: true}, "max_gpu_count": {nonNeg: true}, "limit": {nonNeg: true},
		},
		reflect.TypeFor[Bound](): {"field": {required: true, enum: append(queryFieldNames(), QueryPriceFields...)}, "currency": {currency: true}},
		reflect.TypeFor[Scenario](): {
			"id": {required: true, id: true}, "title": {required: true}, "workload": {required: true},
			"strategies": {required: true, minItems: 1}, "uncounted": {itemEnum: Uncounted},
		},
		reflect.TypeFor[Workload](): {
			"gpu_hours_per_month": {positive: true}, "units_per_month": {positive: true}, "months": {required: true, positive: true},
			"job_hours": {required: true, positive: true}, "gpus_per_job": {required: true, positive: true},
			"min_gpu_memory_gb": {positive: true}, "checkpoint_overhead_pct": {nonNeg: true},
			"storage_tb": {nonNeg: true}, "egress_tb_per_month": {nonNeg: true},
		},
		reflect.TypeFor[ProviderSources](): {"provider": {required: true}},
		reflect.TypeFor[Aggregator]():      {"name": {required: true}, "at": {required: true, minItems: 1}, "copies_from": {required: true}},
		reflect.TypeFor[SourceCopy]():      {"at": {required: true}, "kind": {required: true, enum: CopyKinds}, "of": {required: true}, "source_kind": {enum: CopySourceKinds}},
		reflect.TypeFor[Limits]():          {"max_per_gpu_hour": {positive: true}, "provider_kinds": {itemEnum: ProviderKinds}, "geo": {itemEnum: Geos}},
		reflect.TypeFor[Strategy]():        {"id": {required: true, id: true}},
		reflect.TypeFor[Share](): {
			"model": {required: true, enum: PricingModels}, "percent": {required: true, positive: true, max: ptr(100)},
		},
		reflect.TypeFor[Criterion](): {
			"id": {required: true, id: true, not: "class"}, "name": {required: true}, "measure": {required: true, enum: Measures},
			"better": {required: true, enum: []string{"higher", "lower"}}, "weight": {nonNeg: true},
		},
	}
}

// typeRules hold what a record asks of several of its fields together.
var typeRules = map[reflect.Type]map[string]any{
	// A price needs an amount, an effective hourly price or a discount.
	reflect.TypeFor[PricePoint](): {"anyOf": []any{
		map[string]any{"required": []string{"amount"}, "properties": map[string]any{"amount": map[string]any{"type": "number"}}},
		map[string]any{"required": []string{"effective_hourly"}, "properties": map[string]any{"effective_hourly": map[string]any{"type": "number"}}},
		map[string]any{"required": []string{"discount_pct"}, "properties": map[string]any{"discount_pct": map[string]any{"type": "number"}}},
	}},
	// A result names both its provider and its instance, or neither.
	reflect.TypeFor[Result](): {"dependencies": map[string]any{"provider": []string{"instance"}, "instance": []string{"provider"}}},
	// A claimed TFLOPS figure names its precision.
	reflect.TypeFor[Claims](): {"dependencies": map[string]any{"tflops": []string{"precision"}}},
	// A price of egress or storage names its currency.
	reflect.TypeFor[Rate](): {"dependencies": map[string]any{"price": []string{"currency"}}},
	// A bound has a minimum, a maximum or both.
	reflect.TypeFor[Bound](): {"anyOf": []any{
		map[string]any{"required": []string{"min"}}, map[string]any{"required": []string{"max"}},
	}},
}

// The patterns of JSON Schema, each with the message editors show when a
// value does not match (patternErrorMessage, which yaml-language-server
// reads and validators ignore): the id and currency patterns of validate.go,
// a date of Date.check within the years of limits.go (a day past the end
// of its month is left to the checks), and text that is not blank.
const (
	schemaDatePattern = `^(unknown|(199[0-9]|20[0-9][0-9]|2100)(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?)$`
	schemaDayPattern  = `^(199[0-9]|20[0-9][0-9]|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$`
	notBlank          = `\S`
	dateMessage       = "want YYYY-MM-DD, YYYY-MM, YYYY (from 1990 to 2100) or unknown, with the reason in as_of"
	absoluteURLPat    = `^https?://`
)

// schemaGen generates the schema of one file, collecting the schemas of
// the struct types it holds as definitions.
type schemaGen struct {
	defs  map[string]any
	rules map[reflect.Type]map[string]fieldRule
}

// object is the schema of the struct type t: its fields, the required
// ones, and no others.
func (g *schemaGen) object(t reflect.Type) map[string]any {
	props := map[string]any{}
	var required []string
	rules := g.rules[t]
	for _, f := range keyedFields(t) {
		key, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		rule := rules[key]
		props[key] = g.field(f.Type, t, key, rule)
		if rule.required {
			required = append(required, key)
		}
	}
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	for k, v := range typeRules[t] {
		s[k] = v
	}
	return s
}

// field is the schema of the field key of owner, of type t.
func (g *schemaGen) field(t reflect.Type, owner reflect.Type, key string, rule fieldRule) map[string]any {
	t = deref(t)
	if owner == reflect.TypeFor[MLPS]() && key == "level" {
		// A level the pages state is a number, 1 to 5; none stated is a word.
		return map[string]any{"oneOf": []any{
			map[string]any{"type": "integer", "minimum": 1, "maximum": 5},
			map[string]any{"type": "string", "const": MLPSNoneStated},
		}}
	}
	s := map[string]any{}
	typ := ""
	switch {
	case t == reflect.TypeFor[Date]():
		typ = "string"
		switch {
		case rule.day:
			s["pattern"] = schemaDayPattern
			s["patternErrorMessage"] = "want a day, YYYY-MM-DD, from 1990 to 2100"
		case rule.required:
			s["pattern"] = schemaDatePattern
			s["patternErrorMessage"] = dateMessage
		default:
			s["pattern"] = strings.Replace(schemaDatePattern, "^(unknown|", "^(|unknown|", 1)
			s["patternErrorMessage"] = dateMessage
		}
	case t == reflect.TypeFor[I18n]():
		return i18nSchema(owner)
	case t.Kind() == reflect.Struct:
		name := t.Name()
		if _, done := g.defs[name]; !done {
			g.defs[name] = nil // a type that holds itself stops here
			g.defs[name] = g.object(t)
		}
		if rule.required {
			return map[string]any{"$ref": "#/definitions/" + name}
		}
		return map[string]any{"anyOf": []any{map[string]any{"$ref": "#/definitions/" + name}, map[string]any{"type": "null"}}}
	case t.Kind() == reflect.Slice:
		typ = "array"
		s["items"] = g.field(t.Elem(), owner, key, fieldRule{required: true, enum: rule.itemEnum})
		if rule.minItems > 0 {
			s["minItems"] = rule.minItems
		}
	case t.Kind() == reflect.String:
		typ = "string"
		s["maxLength"] = textLength(key)
		switch {
		case rule.id:
			s["pattern"] = idPattern.String()
			s["patternErrorMessage"] = "not an id: want lowercase letters, digits, '.', '_' or '-', starting with a letter or digit"
			s["maxLength"] = idLength
		case rule.currency:
			s["pattern"] = currencyPattern.String()
			s["patternErrorMessage"] = "not a currency code: want three capital letters such as USD or CNY"
		case rule.url:
			s["pattern"] = absoluteURLPat
			s["patternErrorMessage"] = "want an absolute URL: http(s)://host/path/"
		case rule.required && len(rule.enum) == 0:
			s["pattern"] = notBlank
			s["patternErrorMessage"] = "missing: fill it in"
		}
		if len(rule.enum) > 0 {
			s["enum"] = rule.enum
		}
		if rule.not != "" {
			s["not"] = map[string]any{"const": rule.not}
		}
	case t.Kind() == reflect.Int || t.Kind() == reflect.Float64:
		typ = "number"
		if t.Kind() == reflect.Int {
			typ = "integer"
		}
		lim, ok := numberLimits[owner][key]
		if !ok {
			lim = anyFigure
		}
		s["maximum"] = lim.max
		s["minimum"] = -lim.max
		switch {
		case rule.positive:
			delete(s, "minimum")
			s["exclusiveMinimum"] = 0
		case rule.nonNeg:
			s["minimum"] = 0
		}
		if rule.max != nil {
			s["maximum"] = *rule.max
		}
		if rule.below != nil {
			delete(s, "maximum")
			s["exclusiveMaximum"] = *rule.below
		}
	case t.Kind() == reflect.Bool:
		typ = "boolean"
	}
	if rule.required {
		s["type"] = typ
	} else {
		s["type"] = []string{typ, "null"}
	}
	return s
}

// textLength is the most characters a text field under key may hold.
func textLength(key string) int {
	if n, ok := textLengths[key]; ok {
		return n
	}
	if strings.HasSuffix(key, "_source") {
		return sentenceLength
	}
	return shortLength
}

// SourceFormats are the price-list formats sources.yaml may name: those
// the importer reads.
var SourceFormats = []string{"skypilot", "aws-pricelist", "azure-retail", "oci-pricelist", "gcp-billing", "lambda-api", "aws-spot", "runpod-graphql", "vast-offers", "aliyun-describeprice", "tencent-inquiryprice", "huawei-bss-rating"}

// gpuNamesSchema is the schema of data/gpu-names.yaml, the table that maps
// the GPU names of price lists onto catalog GPU ids (importer.ReadGPUNames):
// per format, gpus: by GPU name and instances: by instance type, each entry
// a GPU id or {gpu, gpu_count, source}, a count always with its source.
func gpuNamesSchema() map[string]any {
	id := map[string]any{"type": "string", "maxLength": idLength, "pattern": idPattern.String()}
	entry := map[string]any{"oneOf": []any{
		id,
		map[string]any{
			"type": "object", "additionalProperties": false, "required": []string{"gpu"},
			"properties": map[string]any{
				"gpu":       id,
				"gpu_count": map[string]any{"type": "integer", "minimum": 1},
				"source":    map[string]any{"type": "string", "pattern": notBlank},
			},
			"dependencies": map[string]any{"gpu_count": []string{"source"}},
		},
	}}
	names := map[string]any{"type": []string{"object", "null"}, "additionalProperties": map[string]any{"$ref": "#/definitions/Entry"}}
	table := map[string]any{
		"type": []string{"object", "null"}, "additionalProperties": false,
		"properties": map[string]any{"gpus": names, "instances": names},
	}
	formats := map[string]any{}
	for _, f := range SourceFormats {
		formats[f] = map[string]any{"$ref": "#/definitions/Table"}
	}
	return map[string]any{
		"type": []string{"object", "null"}, "additionalProperties": false,
		"properties":  formats,
		"definitions": map[string]any{"Entry": entry, "Table": table},
	}
}

// sourcesSchema is the schema of data/sources.yaml, the price lists the
// refresh stage downloads.
func sourcesSchema() map[string]any {
	file := map[string]any{
		"type": "object", "additionalProperties": false, "required": []string{"name", "url"},
		"properties": map[string]any{
			"name":  map[string]any{"type": "string", "pattern": `^[^./\\:][^/\\:]*$`},
			"url":   map[string]any{"type": "string", "pattern": `^https?://[^/]`},
			"pages": map[string]any{"type": []string{"integer", "null"}, "minimum": 0, "maximum": 1000},
			"body":  map[string]any{"type": "string", "pattern": notBlank},
		},
	}
	// A source's key: the environment variable holding it, sent as a query
	// parameter or as a header (with an optional prefix such as "Bearer "),
	// or a key pair (id_env, env) that signs each request (sign).
	text := map[string]any{"type": "string", "pattern": notBlank}
	envVar := map[string]any{"type": "string", "pattern": `^[A-Z_][A-Z0-9_]*$`}
	secret := map[string]any{
		"type": "object", "additionalProperties": false, "required": []string{"env"},
		"properties": map[string]any{
			"env":    envVar,
			"query":  text,
			"header": map[string]any{"type": "string", "pattern": `^[A-Za-z0-9-]+$`},
			"prefix": map[string]any{"type": "string"},
			"sign":   map[string]any{"type": "string", "enum": []string{"aliyun-rpc", "tc3", "huawei-sdk"}},
			"id_env": envVar,
			// The project a Huawei Cloud price inquiry names (huawei-sdk).
			"project_env": envVar,
		},
		"oneOf": []any{
			map[string]any{"required": []string{"query"}, "not": map[string]any{"anyOf": []any{map[string]any{"required": []string{"header"}}, map[string]any{"required": []string{"prefix"}}, map[string]any{"required": []string{"sign"}}, map[string]any{"required": []string{"project_env"}}}}},
			map[string]any{"required": []string{"header"}, "not": map[string]any{"anyOf": []any{map[string]any{"required": []string{"query"}}, map[string]any{"required": []string{"sign"}}, map[string]any{"required": []string{"project_env"}}}}},
			map[string]any{"required": []string{"sign", "id_env"}, "not": map[string]any{"anyOf": []any{map[string]any{"required": []string{"query"}}, map[string]any{"required": []string{"header"}}, map[string]any{"required": []string{"prefix"}}}}},
		},
	}
	source := map[string]any{
		"type": "object", "additionalProperties": false, "required": []string{"provider", "format", "files"},
		"properties": map[string]any{
			"provider": map[string]any{"type": "string", "pattern": notBlank},
			"format":   map[string]any{"type": "string", "enum": slices.Clone(SourceFormats)},
			"max_size": map[string]any{"type": []string{"string", "integer"}, "pattern": `^ *[0-9]+ *(B|KiB|MiB|GiB)? *$`, "minimum": 1},
			"files":    map[string]any{"type": "array", "minItems": 1, "items": map[string]any{"$ref": "#/definitions/File"}},
			"secret":   secret,
		},
	}
	return map[string]any{
		"type": "object", "additionalProperties": false, "required": []string{"sources"},
		"properties":  map[string]any{"sources": map[string]any{"type": "array", "items": map[string]any{"$ref": "#/definitions/Source"}}},
		"definitions": map[string]any{"Source": source, "File": file},
	}
}
