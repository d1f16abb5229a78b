package export

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gpucompare/generator/jsonenc"
)

// The offers are the bulk of the exports and of the matrix script's data:
// each offer's export is appended to a reused buffer by the writers below,
// in the bytes encoding/json and encoding/csv write for it, without their
// reflection and without a string per cell. The tests hold them to those
// packages with hostile and random offers.

// JSONWriter appends JSON to buf as encoding/json writes it: compact, as
// json.Marshal writes it, or, with indent set, as json.MarshalIndent(v,
// "  ", " ") writes it for an element of a list of the document's top
// level. Strings are escaped as encoding/json escapes them, HTML-safe.
type JSONWriter struct {
	buf    []byte
	indent bool
	depth  int
	fresh  bool  // nothing written yet in the object or array just opened
	err    error // the first value JSON cannot hold (NaN, ±Inf)
}

// Reset empties w for the next value, keeping its memory.
func (w *JSONWriter) Reset() { w.buf = w.buf[:0] }

// Raw appends c as it is: a separator between values.
func (w *JSONWriter) Raw(c byte) { w.buf = append(w.buf, c) }

// Bytes is what w holds, until it is reset.
func (w *JSONWriter) Bytes() []byte { return w.buf }

// Err is the first value w could not write.
func (w *JSONWriter) Err() error { return w.err }

// JsonPrefix and jsonIndent are the prefix and indent of an indented
// JSONWriter: an element of the offers list of compare/offers.json.
const (
	JsonPrefix = "  "
	JsonIndent = " "
)

// open starts an object ('{') or an array ('[').
func (w *JSONWriter) open(c byte) {
	w.buf = append(w.buf, c)
	w.depth++
	w.fresh = true
}

// close ends the object ('}') or array (']') open.
func (w *JSONWriter) close(c byte) {
	w.depth--
	if !w.fresh {
		w.newline()
	}
	w.buf = append(w.buf, c)
	w.fresh = false
}

// next starts the next member of an object or element of an array.
func (w *JSONWriter) next() {
	if !w.fresh {
		w.buf = append(w.buf, ',')
	}
	w.fresh = false
	w.newline()
}

func (w *JSONWriter) newline() {
	if !w.indent {
		return
	}
	w.buf = append(w.buf, '\n')
	w.buf = append(w.buf, JsonPrefix...)
	for range w.depth {
		w.buf = append(w.buf, JsonIndent...)
	}
}

// key starts a member of an object named by a struct field's JSON name,
// which needs no escaping.
func (w *JSONWriter) key(name string) {
	w.next()
	w.buf = append(w.buf, '"')
	w.buf = append(w.buf, name...)
	w.buf = append(w.buf, '"', ':')
	if w.indent {
		w.buf = append(w.buf, ' ')
	}
}

// mapKey starts a member of an object named by a map key, escaped.
func (w *JSONWriter) mapKey(k string) {
	w.next()
	w.buf = jsonenc.AppendString(w.buf, k)
	w.buf = append(w.buf, ':')
	if w.indent {
		w.buf = append(w.buf, ' ')
	}
}

func (w *JSONWriter) str(s string) { w.buf = jsonenc.AppendString(w.buf, s) }

func (w *JSONWriter) num(f float64) {
	var ok bool
	if w.buf, ok = jsonenc.AppendFloat(w.buf, f); !ok && w.err == nil {
		// The error json.Marshal gives for NaN and ±Inf.
		w.err = &json.UnsupportedValueError{Value: reflect.ValueOf(f), Str: strconv.FormatFloat(f, 'g', -1, 64)}
	}
}

func (w *JSONWriter) integer(n int) { w.buf = strconv.AppendInt(w.buf, int64(n), 10) }

func (w *JSONWriter) boolean(v bool) { w.buf = strconv.AppendBool(w.buf, v) }

// The fields tagged omitempty: written unless empty, as encoding/json does.

func (w *JSONWriter) optStr(name, s string) {
	if s != "" {
		w.key(name)
		w.str(s)
	}
}

func (w *JSONWriter) optNum(name string, f *float64) {
	if f != nil {
		w.key(name)
		w.num(*f)
	}
}

func (w *JSONWriter) optTrue(name string, v bool) {
	if v {
		w.key(name)
		w.boolean(true)
	}
}

// Offer writes the export of an offer as encoding/json writes an
// OfferExport: its fields in order, the omitempty ones left out when
// empty, the prices by model in the order of their names.
func (w *JSONWriter) Offer(e *OfferExport) {
	w.open('{')
	w.key("provider")
	w.str(e.Provider)
	w.key("provider_name")
	w.str(e.ProviderName)
	w.optStr("provider_kind", e.ProviderKind)
	w.key("instance")
	w.str(e.Instance)
	w.key("instance_name")
	w.str(e.InstanceName)
	w.key("url")
	w.str(e.URL)
	w.optStr("region", e.Region)
	w.optStr("region_name", e.RegionName)
	w.optStr("region_geo", e.RegionGeo)
	w.optTrue("mainland", e.Mainland)
	w.optStr("region_access", e.RegionAccess)
	w.optStr("region_access_note", e.RegionAccessNote)
	w.key("gpu")
	w.str(e.GPU)
	w.optStr("gpu_name", e.GPUName)
	w.key("gpu_count")
	w.integer(e.GPUCount)
	w.optNum("gpu_memory_gb", e.GPUMemoryGB)
	w.optNum("vcpus", e.VCPUs)
	w.optNum("ram_gib", e.RAMGiB)
	w.optNum("network_gbps", e.NetworkGbps)
	w.optStr("network", e.Network)
	w.optStr("interconnect", e.Interconnect)
	w.optStr("billing_granularity", e.Billing)
	w.optNum("billing_minimum_seconds", e.MinimumSeconds)
	if len(e.Certifications) > 0 {
		w.key("certifications")
		w.open('[')
		for _, c := range e.Certifications {
			w.next()
			w.str(c)
		}
		w.close(']')
	}
	w.optTrue("previous_generation", e.PreviousGen)
	w.optStr("price_not_public", e.PriceNotPublic)
	w.optStr("vgpu_profile", e.VGPUProfile)
	w.optStr("price_incomplete", e.PriceIncomplete)
	w.optStr("source", e.Source)
	if len(e.Prices) > 0 {
		w.key("prices")
		w.open('{')
		var names [16]string // pricing.Models fit: no allocation
		models := names[:0]
		for m := range e.Prices {
			models = append(models, m)
		}
		slices.Sort(models)
		for _, m := range models {
			w.mapKey(m)
			w.price(e.Prices[m])
		}
		w.close('}')
	}
	w.close('}')
}

// Price writes a price of an offer's export as encoding/json writes a
// *priceExport.
func (w *JSONWriter) price(p *PriceExport) {
	if p == nil {
		w.buf = append(w.buf, "null"...)
		return
	}
	w.open('{')
	w.optNum("amount", p.Amount)
	w.optNum("upfront", p.Upfront)
	w.optNum("effective_hourly", p.EffectiveHourly)
	w.optNum("discount_pct", p.DiscountPct)
	w.optTrue("per_gpu", p.PerGPU)
	w.optTrue("approximate", p.Approximate)
	w.optTrue("region_unstated", p.RegionUnstated)
	w.optStr("payment", p.Payment)
	w.key("currency")
	w.str(p.Currency)
	w.key("hourly")
	w.num(p.Hourly)
	w.key("basis")
	w.str(p.Basis)
	w.optNum("display_hourly", p.DisplayHourly)
	w.optNum("fx_rate", p.FXRate)
	w.optStr("fx_date", p.FXDate)
	w.key("since")
	w.str(p.Since)
	w.optStr("as_of", p.AsOf)
	w.optStr("age_date", p.AgeDate)
	w.optStr("last_seen", p.LastSeen)
	w.optStr("valid_until", p.ValidUntil)
	w.key("source")
	w.str(p.Source)
	w.key("source_kind")
	w.str(p.SourceKind)
	w.optStr("source_copy", p.SourceCopy)
	w.optTrue("intl_site", p.IntlSite)
	w.close('}')
}

// appendCSVField appends one field of a line as a csv.Writer with its
// defaults (comma, "\n" lines) writes it: quoted when it holds a comma, a
// quote, \r or \n, starts with a space (unicode.IsSpace) or is `\.`.
func appendCSVField(dst []byte, field string) []byte {
	if !csvNeedsQuotes(field) {
		return append(dst, field...)
	}
	return appendCSVQuoted(dst, false, field)
}

// appendCSVQuoted appends a quoted field, its quotes doubled, after an
// apostrophe when apostrophe is set.
func appendCSVQuoted(dst []byte, apostrophe bool, field string) []byte {
	dst = append(dst, '"')
	if apostrophe {
		dst = append(dst, '\'')
	}
	for {
		i := strings.IndexByte(field, '"')
		if i < 0 {
			break
		}
		dst = append(dst, field[:i+1]...)
		dst = append(dst, '"')
		field = field[i+1:]
	}
	dst = append(dst, field...)
	return append(dst, '"')
}

// csvNeedsQuotes is csv.Writer's fieldNeedsQuotes for a comma delimiter.
func csvNeedsQuotes(field string) bool {
	if field == "" {
		return false
	}
	if field == `\.` || strings.ContainsAny(field, csvSpecial) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(field)
	return unicode.IsSpace(r)
}

// csvSpecial are the bytes that make csv.Writer quote a field.
const csvSpecial = "\n\r\","

// appendCSVCell appends catalog text as a field, behind an apostrophe
// when a spreadsheet would run it as a formula, as cell does.
func appendCSVCell(dst []byte, s string) []byte {
	if s == "" || !isFormulaStart(s[0]) {
		return appendCSVField(dst, s)
	}
	// "'" + s is not `\.` and starts with no space.
	if strings.ContainsAny(s, csvSpecial) {
		return appendCSVQuoted(dst, true, s)
	}
	dst = append(dst, '\'')
	return append(dst, s...)
}

// isFormulaStart reports whether text starting with c is one cell writes
// behind an apostrophe.
func isFormulaStart(c byte) bool {
	switch c {
	case '=', '+', '-', '@', '\t', '\r':
		return true
	}
	return false
}

// appendCSVNumber appends a number as its shortest decimal (fnum), or
// nothing when unknown.
func appendCSVNumber(dst []byte, v *float64) []byte {
	if v == nil {
		return dst
	}
	return strconv.AppendFloat(dst, *v, 'f', -1, 64)
}

// appendOfferCSV appends an offer's line of compare/offers.csv, its
// newline included: its specs, then for each pricing model the quoted
// effective hourly price, its currency, the same in the display currency,
// its date and its source.
func appendOfferCSV(dst []byte, r *OfferExport, models []string) []byte {
	dst = appendCSVCell(dst, r.ProviderName)
	dst = append(dst, ',')
	dst = appendCSVCell(dst, r.InstanceName)
	dst = append(dst, ',')
	dst = appendCSVCell(dst, r.Region)
	dst = append(dst, ',')
	dst = appendCSVCell(dst, r.GPUName)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(r.GPUCount), 10)
	for _, v := range [...]*float64{r.GPUMemoryGB, r.VCPUs, r.RAMGiB, r.NetworkGbps} {
		dst = append(dst, ',')
		dst = appendCSVNumber(dst, v)
	}
	for _, s := range [...]string{r.Network, r.Interconnect, r.Billing} {
		dst = append(dst, ',')
		dst = appendCSVCell(dst, s)
	}
	dst = append(dst, ',')
	dst = appendCSVNumber(dst, r.MinimumSeconds)
	dst = append(dst, ',')
	dst = strconv.AppendBool(dst, r.PreviousGen)
	dst = append(dst, ',')
	dst = appendCSVCell(dst, r.PriceNotPublic)
	dst = append(dst, ',')
	dst = appendCSVCell(dst, r.PriceIncomplete)
	dst = append(dst, ',')
	dst = appendCSVCell(dst, r.URL)
	for _, m := range models {
		p := r.Prices[m]
		if p == nil {
			dst = append(dst, ",,,,,,"...)
			continue
		}
		dst = append(dst, ',')
		dst = appendCSVNumber(dst, &p.Hourly)
		dst = append(dst, ',')
		dst = appendCSVCell(dst, p.Currency)
		dst = append(dst, ',')
		dst = appendCSVNumber(dst, p.DisplayHourly)
		dst = append(dst, ',')
		dst = appendCSVCell(dst, p.Since)
		dst = append(dst, ',')
		dst = appendCSVCell(dst, p.Source)
		dst = append(dst, ',')
		dst = appendCSVCell(dst, p.SourceKind)
	}
	return append(dst, '\n')
}
