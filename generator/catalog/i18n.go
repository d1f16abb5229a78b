package catalog

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// I18n holds a record's text in other languages than the catalog's own
// (BaseLanguage): by language, the text of each translatable field by its
// YAML key.
//
//	i18n:
//	  zh-CN:
//	    name: 阿里云
//	    description: …
//
// A field is translatable when its struct tag says i18n:"name" (a name,
// which is the same in every language that has none of its own),
// i18n:"prose" (text people read, which check lists, record by record,
// when a language of the site lacks it) or i18n:"note" (a catalog note:
// prose, which check counts, once for the catalog, when a language of
// the site lacks it) or i18n:"citation" (a source: its words in another
// language around the same places, which check holds to the places of
// the catalog's own, in order; without it the catalog's words show,
// uncounted).
type I18n map[string]map[string]string

// BaseLanguage is the language the catalog's own text is written in.
const BaseLanguage = "en"

// Kinds of translatable field, the values of the i18n struct tag.
const (
	i18nName  = "name"
	i18nProse = "prose"
	i18nNote  = "note"
	// i18nAsOf is an as-of in words: a note, but one of AsOfForms needs
	// no text of its own, the site words it in every language.
	i18nAsOf = "asof"
	// i18nCite is a source: its text in another language names the
	// places the catalog's names, in the same citations and order.
	i18nCite = "citation"
)

// translatable is a translatable field of a record type: its YAML key,
// its index in the struct (a path, for a field of an inlined struct) and
// its kind.
type translatable struct {
	key, kind string
	index     []int
}

// translatableFields are the translatable fields of the struct type t,
// in field order, and the index of its I18n field (nil when it has none).
func translatableFields(t reflect.Type) ([]translatable, []int) {
	type fields struct {
		list []translatable
		i18n []int
	}
	if f, ok := translatableCache.Load(t); ok {
		f := f.(fields)
		return f.list, f.i18n
	}
	var f fields
	for _, sf := range keyedFields(t) {
		key, _, _ := strings.Cut(sf.Tag.Get("yaml"), ",")
		if sf.Type == reflect.TypeFor[I18n]() {
			f.i18n = sf.Index
		}
		if kind := sf.Tag.Get("i18n"); kind != "" {
			f.list = append(f.list, translatable{key: key, kind: kind, index: sf.Index})
		}
	}
	translatableCache.Store(t, f)
	return f.list, f.i18n
}

// fieldAt is the field of the struct v at index, or the zero value of a
// string when it is in an inlined struct v has none of (a PricePoint
// without Extra).
func fieldAt(v reflect.Value, index []int) reflect.Value {
	f, err := v.FieldByIndexErr(index)
	if err != nil {
		return reflect.ValueOf("")
	}
	return f
}

// i18nAt is the I18n of the struct v at index, nil when there is none.
func i18nAt(v reflect.Value, index []int) I18n {
	if index == nil {
		return nil
	}
	f, err := v.FieldByIndexErr(index)
	if err != nil {
		return nil
	}
	return f.Interface().(I18n)
}

// fieldText is the text of a translatable field: a string, or a list
// of names (a provider's isolation offerings) as one text, its items
// joined by ", " (its text in another language is one text too, written
// as that language writes a list: 专属主机、裸金属服务器).
func fieldText(v reflect.Value) string {
	if v.Kind() == reflect.Slice {
		return strings.Join(v.Interface().([]string), ", ")
	}
	return v.String()
}

// translatableCache holds translatableFields by type.
var translatableCache sync.Map

// Text returns the text of the field key (its YAML key: "description")
// of rec, a record such as a *Provider or a *Guide, in lang, and whether
// it is in lang. Where rec has no text of its own in lang it returns the
// catalog's own text: a prose field is then not in lang (false) unless
// it is empty, a name is (a name is the same in every language that has
// none of its own). A key that is not a translatable field of rec gives
// "", true.
func Text(rec any, key, lang string) (string, bool) {
	v := reflect.ValueOf(rec)
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return "", true
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return "", true
	}
	list, i18n := translatableFields(v.Type())
	for _, f := range list {
		if f.key != key {
			continue
		}
		own := fieldText(fieldAt(v, f.index))
		if lang == BaseLanguage || lang == "" || i18n == nil {
			return own, true
		}
		if s := i18nAt(v, i18n)[lang][key]; s != "" {
			return s, true
		}
		return own, own == "" || f.kind == i18nName
	}
	return "", true
}

// translations checks the i18n of the record r, rec: each language a
// language tag other than BaseLanguage, each field a translatable field
// of the record and not blank. For each language of the site's editions
// it warns once when the record lacks the text of a prose field it has.
// Languages the site has no edition in are collected in unused, for one
// warning each.
func (l *loader) translations(r record, rec any) {
	v := reflect.ValueOf(rec).Elem()
	list, i18n := translatableFields(v.Type())
	if i18n == nil {
		return
	}
	tr := i18nAt(v, i18n)
	at := child(r.at, "i18n")
	var allowed []string
	for _, f := range list {
		allowed = append(allowed, f.key)
	}
	editions := l.cat.Site.Languages()
	for _, lang := range slices.Sorted(maps.Keys(tr)) {
		lp := keyPos(r.file, at, lang, r.at)
		switch {
		case !languagePattern.MatchString(lang):
			r.l.errorf(lp, "%s: i18n language %q is not a language tag: want one such as \"zh-CN\"", r.label(), lang)
			continue
		case lang == BaseLanguage:
			r.l.errorf(lp, "%s: i18n language %q is the catalog's own: write that text in the fields themselves", r.label(), lang)
			continue
		case !slices.Contains(editions, lang):
			if l.unusedLangs == nil {
				l.unusedLangs = map[string]Pos{}
			}
			if _, seen := l.unusedLangs[lang]; !seen {
				l.unusedLangs[lang] = lp
			}
		}
		fields := child(at, lang)
		for _, key := range slices.Sorted(maps.Keys(tr[lang])) {
			kp := keyPos(r.file, fields, key, r.at)
			if !slices.Contains(allowed, key) {
				if len(allowed) == 0 {
					r.l.errorf(kp, "%s: i18n.%s: %q is not translatable: this record has no translatable fields", r.label(), lang, key)
				} else {
					r.l.errorf(kp, "%s: i18n.%s: %q is not a translatable field: want one of %s", r.label(), lang, key, strings.Join(allowed, ", "))
				}
				continue
			}
			if strings.TrimSpace(tr[lang][key]) == "" {
				r.l.errorf(kp, "%s: i18n.%s.%s is empty: write the text, or leave the field out to show the catalog's own", r.label(), lang, key)
				continue
			}
			if f := list[slices.IndexFunc(list, func(f translatable) bool { return f.key == key })]; f.kind == i18nCite {
				own, text := slices.Concat(Locations(fieldText(fieldAt(v, f.index)))...), slices.Concat(Locations(tr[lang][key])...)
				if !slices.Equal(own, text) {
					r.l.errorf(kp, "%s: i18n.%s.%s names %s where %s names %s: a translated source cites the same places in the same order, each address set off by spaces", r.label(), lang, key, placeList(text), key, placeList(own))
				}
			}
		}
	}
	for _, lang := range editions {
		if lang == BaseLanguage {
			continue
		}
		var missing []string
		for _, f := range list {
			if f.kind == i18nName || f.kind == i18nCite || strings.TrimSpace(fieldText(fieldAt(v, f.index))) == "" || tr[lang][f.key] != "" {
				continue
			}
			if f.kind == i18nAsOf && wordedAsOf(strings.TrimSpace(fieldText(fieldAt(v, f.index)))) {
				continue
			}
			if f.kind == i18nNote || f.kind == i18nAsOf {
				l.untranslated.add(lang, keyPos(r.file, r.at, f.key, r.at))
				continue
			}
			missing = append(missing, f.key)
		}
		if len(missing) > 0 {
			r.l.warnf(r.pos(""), "%s: no %s text for %s", r.label(), lang, strings.Join(missing, ", "))
		}
	}
}

// placeList words the places of a source for a message: [a.com/x b.org/y].
func placeList(locs []string) string {
	return "[" + strings.Join(locs, " ") + "]"
}

// noteCounts are the catalog notes without text in each language of the
// site's editions.
type noteCounts map[string]*noteCount

// add counts a note without text in lang at p.
func (cs *noteCounts) add(lang string, p Pos) {
	if *cs == nil {
		*cs = noteCounts{}
	}
	c := (*cs)[lang]
	if c == nil {
		c = &noteCount{first: p}
		(*cs)[lang] = c
	}
	c.n++
}

// noteCount is the number of catalog notes without text in a language,
// and where the first is.
type noteCount struct {
	n     int
	first Pos
}

// untranslatedNotes warns once for each language of the site's editions
// that some catalog notes (notes, a price's note, an instance type's
// price_not_public and price_incomplete, the note of a provider's
// billing, spot, egress, storage and sla, a benchmark result's notes,
// and the as_of in words of a price, a GPU, an instance type, a provider
// and a benchmark result) lack: how many, and where the first is. Such a
// note is shown in the catalog's language, marked as such.
func (l *loader) untranslatedNotes() {
	for _, lang := range slices.Sorted(maps.Keys(l.untranslated)) {
		c := l.untranslated[lang]
		l.warnf(c.first, "%d catalog notes have no %s text (this is the first): the %s edition shows them in %s, marked as such; write each in the record's i18n.%s under the field's own key (notes, a price's note and as_of, price_not_public, price_incomplete, the as_of of a GPU, an instance type and a provider, the note of a provider's billing, spot, egress, storage and sla, a benchmark result's notes and as_of)", c.n, lang, lang, BaseLanguage, lang)
	}
}

// unusedLanguages warns once for each language the catalog has text in
// and the site no edition in: that text is shown nowhere.
func (l *loader) unusedLanguages() {
	for _, lang := range slices.Sorted(maps.Keys(l.unusedLangs)) {
		l.warnf(l.unusedLangs[lang], "i18n language %q has no edition in data/site.yaml: its text is shown nowhere until editions lists it", lang)
	}
}

// keyPos is the position of key in the mapping at p of file, or of the
// place or (when p is nil) of the record at rec.
func keyPos(file string, p *place, key string, rec *place) Pos {
	if p != nil {
		for _, e := range p.entries() {
			if p.keyOf(e) == key {
				return Pos{File: file, Line: int(e.keyLine), Col: int(e.keyCol)}
			}
		}
		return pos(file, p)
	}
	if rec == nil {
		return Pos{File: file}
	}
	return pos(file, rec)
}

// i18nSchema is the schema of the i18n field of the struct type owner: by
// language tag, its translatable fields as text.
func i18nSchema(owner reflect.Type) map[string]any {
	list, _ := translatableFields(owner)
	props := map[string]any{}
	for _, f := range list {
		props[f.key] = map[string]any{"type": "string", "pattern": notBlank, "maxLength": textLength(f.key)}
	}
	return map[string]any{
		"type":          []string{"object", "null"},
		"propertyNames": map[string]any{"pattern": languagePattern.String(), "not": map[string]any{"const": BaseLanguage}},
		"additionalProperties": map[string]any{
			"type": "object", "properties": props, "additionalProperties": false,
		},
		"description": fmt.Sprintf("the record's text in other languages than %s, by language tag", BaseLanguage),
	}
}
