package render

import (
	"strings"

	"gpucompare/generator/catalog"
)

// AsOf words an as-of the catalog writes in words ("unknown (catalog
// commit 003c56a)") in the language of m: "" when it is not one of the
// forms the messages word, or the language is the catalog's own (whose
// pages show the catalog's text as it is).
func (m Messages) AsOf(s string) (string, error) {
	s = strings.TrimSpace(s)
	if m.language() == catalog.BaseLanguage {
		return "", nil
	}
	for _, f := range catalog.AsOfForms {
		g := f.Re.FindStringSubmatch(s)
		if g == nil {
			continue
		}
		args := make([]any, 0, len(g)-1)
		for _, a := range g[1:] {
			if strings.Count(a, "-") == 2 {
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
