package render

import (
	"fmt"
	"strings"

	"gpucompare/generator/catalog"
)

// DateLayouts are the message keys of the time layouts a language writes
// a date with, by the date's precision (catalog.Date.Precision).
var DateLayouts = map[string]string{
	"day":   "date.layout_day",
	"month": "date.layout_month",
	"year":  "date.layout_year",
}

// dateOf is date of a template's value: a string or a catalog.Date.
func (m Messages) dateOf(v any) (string, error) {
	switch x := v.(type) {
	case string:
		return m.Date(x)
	case catalog.Date:
		return m.Date(string(x))
	}
	return "", fmt.Errorf("date of %T: want a string or a catalog date", v)
}

// IsoLayouts are the layouts of dateLayouts that write a date as the
// catalog does (ISO 8601): English's, and what static/age.js writes when
// the page gives it no others.
var IsoLayouts = map[string]string{"day": "2006-01-02", "month": "2006-01", "year": "2006"}

// Date writes a catalog date as the language writes dates: "2025-06-01",
// "2025-06" and "2025" in English, "2025年6月1日", "2025年6月" and
// "2025年" in Chinese, with the layouts of the messages date.layout_*.
// Text that is not a date (unknown, an as-of in words) is returned as it
// is, surrounding spaces trimmed when it is a date.
func (m Messages) Date(s string) (string, error) {
	d := catalog.Date(strings.TrimSpace(s))
	t, ok := d.Time()
	if !ok {
		return s, nil
	}
	layout, err := m.T(DateLayouts[d.Precision()])
	if err != nil {
		return "", err
	}
	return t.Format(layout), nil
}

// DateKeeping is date without its error: the first error met is kept in
// *err, as tKeeping keeps it.
func (m Messages) DateKeeping(err *error) func(string) string {
	return func(s string) string {
		out, e := m.Date(s)
		if e != nil && *err == nil {
			*err = e
		}
		return out
	}
}
