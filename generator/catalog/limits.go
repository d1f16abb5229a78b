package catalog

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// This file is the one place that holds the catalog's values to the limits
// of what they can mean: every number finite and of a size the pipeline
// can multiply and divide without overflow, every figure within what its
// field can plausibly hold, every date between 1990 and 2100 and every
// text of a length its pages can show. checkValues walks each file's YAML
// tree against the Go type it decodes into, as checkShape does, so no
// field of any record is passed over: a field the tables below do not name
// still gets the limits every number gets.

// A limit is the range of a number field. Above max a value is certainly
// wrong (an error); above warn, when set, it is merely implausible (a
// warning). of says what the figure counts or measures, for messages.
type limit struct {
	max, warn float64
	of        string
}

// Every non-zero number lies between minMagnitude and maxMagnitude in
// size, whatever its field: the pipeline multiplies and divides a handful
// of them at a time (a price by hours, months and an exchange rate, by a
// GPU count or a TFLOPS figure), and within these bounds no such figure
// comes near the largest float64, nor a quotient near infinity.
const (
	minMagnitude = 1e-9
	maxMagnitude = 1e12
)

// The limits that several fields share.
var (
	money        = limit{max: maxMagnitude, of: "a price in any currency"}
	percent      = limit{max: 100, of: "a percentage"}
	instanceGPUs = limit{max: 1024, warn: 72, of: "the GPUs of one instance type"}
	gpuMemory    = limit{max: 1e6, warn: 4096, of: "GB of memory on one accelerator"}
	throughput   = limit{max: 1e8, warn: 1e5, of: "TFLOPS or TOPS of one accelerator"}
	bandwidth    = limit{max: 1e7, warn: 1e5, of: "GB/s"}
	systemGPUs   = limit{max: 1e7, warn: 1e5, of: "GPUs in one system"}
	terabytes    = limit{max: 1e9, warn: 1e6, of: "TB"}
	anyFigure    = limit{max: maxMagnitude, of: "any figure"}
)

// secondsInYear is the length of the longest year.
const secondsInYear = 366 * 24 * 3600.0

// numberLimits holds the limit of each number field, by the struct type
// that holds it and its YAML key. TestEveryNumberHasALimit keeps it
// complete; a field missing here gets anyFigure.
var numberLimits = map[reflect.Type]map[string]limit{
	reflect.TypeFor[Site](): {"matrix_page_size": {max: 1e6, of: "offers on one page"}, "diff_threshold_pct": {max: 1e6, of: "percent"},
		"fresh_days": {max: 1e5, of: "days"}, "stale_days": {max: 1e5, of: "days"}, "feed_items": {max: 1e6, of: "feed items"}},
	reflect.TypeFor[FXRate](): {"rate": {max: 1e9, of: "units of one currency for one of another"}},
	reflect.TypeFor[GPU](): {
		"memory_gb":             gpuMemory,
		"memory_bandwidth_gb_s": bandwidth,
		"tdp_w":                 {max: 1e6, warn: 1e4, of: "watts for one accelerator"},
		"pcie_gen":              {max: 100, warn: 10, of: "a PCIe generation"},
	},
	reflect.TypeFor[Throughput](): {
		"fp64": throughput, "fp32": throughput, "tf32": throughput,
		"fp16_bf16": throughput, "fp8": throughput, "int8": throughput,
	},
	reflect.TypeFor[Interconnect](): {
		"generation":     {max: 1000, warn: 20, of: "a link generation"},
		"bandwidth_gb_s": bandwidth,
	},
	reflect.TypeFor[Billing](): {"minimum_seconds": {max: 100 * secondsInYear, warn: secondsInYear, of: "seconds"}},
	reflect.TypeFor[Spot]():    {"notice_seconds": {max: secondsInYear, warn: 24 * 3600, of: "seconds"}},
	reflect.TypeFor[Rate]():    {"price": money},
	reflect.TypeFor[SLA]():     {"percent": percent},
	reflect.TypeFor[Instance](): {
		"gpu_count":     instanceGPUs,
		"gpu_memory_gb": {max: 1e7, warn: 1e5, of: "GB of GPU memory in one instance type"},
		"vcpus":         {max: 1e6, warn: 4096, of: "vCPUs in one instance type"},
		"ram_gib":       {max: 1e7, warn: 65536, of: "GiB of memory in one instance type"},
		"network_gbps":  {max: 1e7, warn: 1e5, of: "Gbit/s"},
	},
	reflect.TypeFor[Claims](): {"tflops": {max: 1e9, warn: 1e7, of: "TFLOPS of one instance type"}},
	reflect.TypeFor[PricePoint](): {
		"amount": money, "upfront": money, "effective_hourly": money,
		"discount_pct": percent,
	},
	reflect.TypeFor[Result](): {"gpu_count": systemGPUs, "nodes": {max: 1e7, warn: 1e5, of: "nodes in one system"}, "value": anyFigure},
	reflect.TypeFor[Query](): {
		"min_gpu_memory_gb": gpuMemory,
		"min_gpu_count":     instanceGPUs,
		"max_gpu_count":     instanceGPUs,
		"limit":             {max: 1e6, warn: 1000, of: "offers in a short list"},
	},
	reflect.TypeFor[Bound]():         {"min": anyFigure, "max": anyFigure},
	reflect.TypeFor[TrialWorkload](): {"batch": {max: 1e9, warn: 1e6, of: "items in one batch"}},
	reflect.TypeFor[TrialFigure]():   {"value": anyFigure},
	reflect.TypeFor[TrialPaid]():     {"amount": money, "total": money},
	reflect.TypeFor[Quote]():         {"amount": money, "discount_pct": {max: 100, of: "a percentage"}},
	reflect.TypeFor[Workload](): {
		"gpu_hours_per_month":     {max: 1e10, warn: 1e8, of: "GPU-hours a month"},
		"units_per_month":         {max: maxMagnitude, warn: 1e11, of: "units of work a month"},
		"months":                  {max: 1200, warn: 120, of: "months"},
		"gpus_per_job":            systemGPUs,
		"job_hours":               {max: 100 * secondsInYear / 3600, warn: secondsInYear / 3600, of: "hours"},
		"min_gpu_memory_gb":       gpuMemory,
		"checkpoint_overhead_pct": percent,
		"storage_tb":              terabytes,
		"egress_tb_per_month":     terabytes,
	},
	reflect.TypeFor[Limits]():    {"max_per_gpu_hour": money},
	reflect.TypeFor[Share]():     {"percent": percent},
	reflect.TypeFor[Criterion](): {"weight": {max: 1e6, warn: 1000, of: "a weight"}},
}

// The years a catalog date may fall in.
const (
	firstYear = 1990
	lastYear  = 2100
)

// Text lengths, in characters, by what a field holds: ids are URL path
// segments, names and other short fields are read in tables and
// headings, sentences (sources, the reasons in as_of) beside a figure,
// and prose (notes, descriptions, advice) on a page of its own.
const (
	idLength       = 100
	shortLength    = 200
	sentenceLength = 2000
	proseLength    = 10000
)

// MaxAliases is how many aliases a provider or a region may have: the
// other names people know it by, which its page lists and the search
// finds it by.
const MaxAliases = 32

// textLengths holds the length of the text fields that are not short, by
// YAML key.
var textLengths = map[string]int{
	"id": idLength,

	"source": sentenceLength, "as_of": sentenceLength,
	"homepage": sentenceLength, "url": sentenceLength, "tagline": sentenceLength, "text": sentenceLength,
	"price_not_public": sentenceLength, "price_incomplete": sentenceLength, "caveat": sentenceLength,

	"notes": proseLength, "note": proseLength, "description": proseLength,
	"advice": proseLength, "help": proseLength,
	"recipe": proseLength, "stability": sentenceLength, "interruptions": sentenceLength, "support": sentenceLength,
}

// checkValues walks a catalog file's YAML tree against the Go type t it
// decodes into and reports every number, date and text the limits above
// refuse, each at its value and named as the checks of validate.go name
// its record. A text longer than its limit is cut short in the tree, so
// that later messages naming it stay short too.
func checkValues(file string, root *yaml.Node, t reflect.Type, report func(Diagnostic)) {
	w := &valueWalker{file: file, report: report}
	w.walk(root, t, nil, "", 0)
}

// A valueWalker walks one file. path holds the struct values from the
// root down to the value being checked, for the name of its record,
// which it makes only when a diagnostic needs it.
type valueWalker struct {
	file   string
	report func(Diagnostic)
	path   []frame
}

func (w *valueWalker) errorf(n *yaml.Node, format string, args ...any) {
	w.add(Error, n, format, args...)
}

func (w *valueWalker) warnf(n *yaml.Node, format string, args ...any) {
	w.add(Warning, n, format, args...)
}

func (w *valueWalker) add(s Severity, n *yaml.Node, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	name := ""
	for _, f := range w.path {
		name = f.name(name)
	}
	if name != "" {
		msg = name + ": " + msg
	}
	w.report(Diagnostic{Pos: nodePos(w.file, n), Severity: s, Message: msg})
}

// walk checks the value n of type t, held by the struct type owner under
// key (as the index-th item of a list under key).
func (w *valueWalker) walk(n *yaml.Node, t reflect.Type, owner reflect.Type, key string, index int) {
	t = deref(t)
	if t == reflect.TypeFor[Date]() {
		if n.Kind == yaml.ScalarNode {
			w.date(n, key)
		}
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return
		}
		w.path = append(w.path, frame{typ: t, n: n, key: key, index: index})
		fields := yamlFields(t)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if ft, ok := fields[k.Value]; ok {
				w.walk(v, ft, t, k.Value, 0)
			}
		}
		w.path = w.path[:len(w.path)-1]
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			return
		}
		// A map of text (a language's translations) holds its texts by
		// their fields' keys, whose limits they get.
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if t.Elem().Kind() == reflect.String && v.Kind == yaml.ScalarNode {
				w.text(v, k.Value)
			} else {
				w.walk(v, t.Elem(), owner, key, 0)
			}
		}
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			return
		}
		for i, item := range n.Content {
			w.walk(item, t.Elem(), owner, key, i)
		}
	case reflect.String:
		if n.Kind == yaml.ScalarNode {
			w.text(n, key)
		}
	case reflect.Int, reflect.Float64:
		if n.Kind == yaml.ScalarNode {
			w.number(n, t.Kind() == reflect.Int, owner, key)
		}
	}
}

// number checks a number field: finite, of a size the pipeline can
// compute with, and within its limit.
func (w *valueWalker) number(n *yaml.Node, whole bool, owner reflect.Type, key string) {
	tag := n.ShortTag()
	if tag != "!!int" && (whole || tag != "!!float") {
		return // not a number: checkShape reports it
	}
	lim, ok := numberLimits[owner][key]
	if !ok {
		lim = anyFigure
	}
	got := clip(n.Value, 40)
	v, ok := numberOf(n, whole)
	switch {
	case !ok:
		w.errorf(n, "%s must be a whole number of at most %s (%s), got %s", key, grouped(lim.max), lim.of, got)
	case math.IsNaN(v) || math.IsInf(v, 0):
		w.errorf(n, "%s must be a finite number, got %s", key, got)
	case v > lim.max:
		w.errorf(n, "%s must be at most %s (%s), got %s", key, grouped(lim.max), lim.of, got)
	case v < -lim.max:
		w.errorf(n, "%s must be at least -%s (%s), got %s", key, grouped(lim.max), lim.of, got)
	case v != 0 && math.Abs(v) < minMagnitude:
		w.errorf(n, "%s must be 0 or at least 0.000000001 in size (smaller figures overflow once divided by), got %s", key, got)
	case lim.warn > 0 && v > lim.warn:
		w.warnf(n, "%s %s is more than %s (%s): check the figure and its unit", key, got, grouped(lim.warn), lim.of)
	}
}

// numberOf is the value a number field decodes from the scalar n, as the
// YAML decoder decodes it; ok is false when it does not decode, as a
// whole number beyond 64 bits does not. Plain decimals, nearly every
// number of a catalog, are parsed directly: the decoder gives the same
// value for them, at many times the cost.
func numberOf(n *yaml.Node, whole bool) (float64, bool) {
	if plainDecimal(n.Value, whole) {
		if whole {
			i, err := strconv.ParseInt(n.Value, 10, 64)
			return float64(i), err == nil
		}
		// Out of range, ParseFloat gives ±Inf, as the value is.
		f, _ := strconv.ParseFloat(n.Value, 64)
		return f, true
	}
	if whole {
		var i int64
		err := n.Decode(&i)
		return float64(i), err == nil
	}
	var f float64 // declared here, so that only this branch allocates it
	err := n.Decode(&f)
	return f, err == nil
}

// plainDecimal reports whether s is an optional minus sign, then digits
// without a leading zero (or a lone zero), then, unless whole, a point
// and digits: a number the YAML decoder and strconv read alike.
func plainDecimal(s string, whole bool) bool {
	s = strings.TrimPrefix(s, "-")
	intPart, frac, dot := strings.Cut(s, ".")
	if intPart == "" || len(intPart) > 1 && intPart[0] == '0' || dot && (whole || frac == "") {
		return false
	}
	for _, part := range []string{intPart, frac} {
		for i := 0; i < len(part); i++ {
			if part[i] < '0' || part[i] > '9' {
				return false
			}
		}
	}
	return true
}

// date checks that a date, when it is one, falls between firstYear and
// lastYear; Date.check reports what is not a date.
func (w *valueWalker) date(n *yaml.Node, key string) {
	if len(n.Value) > 40 {
		n.Value = clip(n.Value, 40) // not a date: Date.check says so, quoting it
		return
	}
	d := Date(n.Value)
	if !d.Known() || d.check() != nil {
		return
	}
	if y, _ := strconv.Atoi(n.Value[:4]); y < firstYear || y > lastYear {
		w.errorf(n, "%s: date %q is out of range: want a date from %d to %d, or unknown (with the reason in as_of)", key, n.Value, firstYear, lastYear)
	}
}

// text checks the length of a text field, and cuts a text that is too
// long to its limit.
func (w *valueWalker) text(n *yaml.Node, key string) {
	max, ok := textLengths[key]
	switch {
	case ok:
	case strings.HasSuffix(key, "_source"):
		max = sentenceLength // the source of one figure: isolation_source, gpu_class_source
	default:
		max = shortLength
	}
	if len(n.Value) > max { // no more characters than bytes
		if count := utf8.RuneCountInString(n.Value); count > max {
			w.errorf(n, "%s is %s characters long: want at most %s", key, grouped(float64(count)), grouped(float64(max)))
			n.Value = clip(n.Value, max)
		}
	}
	w.markdown(n, key)
}

// A frame is a struct value n of type t on the way down a file's tree,
// held under key (as the index-th item of a list under key).
type frame struct {
	typ   reflect.Type
	n     *yaml.Node
	key   string
	index int
}

// name names the value of f, held by the value named parent, as the
// checks of validate.go name it: a record by its kind and id, a part of a
// record by its parent and key.
func (f frame) name(parent string) string {
	t, n, key, i := f.typ, f.n, f.key, f.index
	s := func(k string) string { return clip(scalar(n, k), idLength) }
	switch t {
	case reflect.TypeFor[Site]():
		return "site"
	case reflect.TypeFor[FXFile]():
		return ""
	case reflect.TypeFor[FXRate]():
		return fmt.Sprintf("rate %s/%s %s", s("base"), s("quote"), s("date"))
	case reflect.TypeFor[GPU]():
		return fmt.Sprintf("gpu %q", s("id"))
	case reflect.TypeFor[Provider]():
		return fmt.Sprintf("provider %q", s("id"))
	case reflect.TypeFor[Region]():
		return fmt.Sprintf("region %q of %s", s("id"), parent)
	case reflect.TypeFor[Instance]():
		return fmt.Sprintf("instance %q", s("id"))
	case reflect.TypeFor[PriceFile]():
		return "prices"
	case reflect.TypeFor[PricePoint]():
		return fmt.Sprintf("price %q", s("instance")+"/"+s("region")+"/"+s("model"))
	case reflect.TypeFor[Benchmark]():
		return fmt.Sprintf("benchmark %q", s("id"))
	case reflect.TypeFor[Result]():
		return fmt.Sprintf("%s result %d", parent, i+1)
	case reflect.TypeFor[Guide]():
		return fmt.Sprintf("guide %q", s("id"))
	case reflect.TypeFor[Question]():
		return fmt.Sprintf("%s question %q", parent, s("id"))
	case reflect.TypeFor[Answer]():
		return fmt.Sprintf("%s answer %d", parent, i+1)
	case reflect.TypeFor[Outcome]():
		return fmt.Sprintf("%s outcome %q", parent, s("id"))
	case reflect.TypeFor[Scenario]():
		return fmt.Sprintf("scenario %q", s("id"))
	case reflect.TypeFor[Strategy]():
		return fmt.Sprintf("%s strategy %q", parent, s("id"))
	case reflect.TypeFor[Trial]():
		return fmt.Sprintf("trial %q", s("id"))
	case reflect.TypeFor[TrialFigure]():
		return fmt.Sprintf("%s figure %d", parent, i+1)
	case reflect.TypeFor[Scoring]():
		return "scoring"
	case reflect.TypeFor[Criterion]():
		return fmt.Sprintf("criterion %q", s("id"))
	}
	if parent == "" {
		return key
	}
	return parent + " " + key
}

// scalar is the text of the scalar under key in the mapping n, or "".
func scalar(n *yaml.Node, key string) string {
	if n.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key && n.Content[i+1].Kind == yaml.ScalarNode {
			return n.Content[i+1].Value
		}
	}
	return ""
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// clip cuts s to max characters, marking the cut with "…".
func clip(s string, max int) string {
	if len(s) <= max {
		return s
	}
	i, count := 0, 0
	for i < len(s) && count < max {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		count++
	}
	if i == len(s) {
		return s
	}
	return s[:i] + "…"
}

// grouped writes a whole number with its thousands grouped: 1024 →
// "1,024"; other numbers as num writes them.
func grouped(v float64) string {
	if v != math.Trunc(v) || math.Abs(v) >= 1e15 {
		return num(v)
	}
	s := strconv.FormatFloat(math.Abs(v), 'f', 0, 64)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if v < 0 {
		s = "-" + s
	}
	return s
}
