package render

import (
	"regexp"
	"strings"

	"gpucompare/generator/catalog"
)

// AsOf words an as-of the catalog writes in words ("unknown (catalog
// commit 003c56a)") in the language of m, as a buyer reads it ("undated
// (price list version 003c56a)", 未注明日期（据价格目录 003c56a 版）): ""
// when it is not one of the forms the messages word, and the page shows
// the catalog's text.
func (m Messages) AsOf(s string) (string, error) {
	s = strings.TrimSpace(s)
	for _, f := range catalog.AsOfForms {
		g := f.Re.FindStringSubmatch(s)
		if g == nil {
			continue
		}
		args := make([]any, 0, len(g)-1)
		for _, a := range g[1:] {
			if dateArg.MatchString(a) {
				d, err := m.Date(a)
				if err != nil {
					return "", err
				}
				a = d
			}
			args = append(args, a)
		}
		return m.T(f.Key, args...)
	}
	return "", nil
}

// dateArg is an argument of an as-of form that is a date, of a day or a
// month, written as the language writes dates.
var dateArg = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$`)
