package render

import (
	"regexp"
	"strings"

	"gpucompare/generator/catalog"
)

// asOfForms are the as-of texts the catalog writes in words, each with
// the message that words it in another language; its groups, in order,
// are the message's arguments, dates among them written as the language
// writes dates.
var asOfForms = []struct {
	re  *regexp.Regexp
	key string
}{
	{regexp.MustCompile(`^unknown$`), "as_of.unknown"},
	{regexp.MustCompile(`^unknown \(catalog commit ([0-9a-f]{7,40})\)$`), "as_of.catalog_commit"},
	{regexp.MustCompile(`^unknown \(catalog commit ([0-9a-f]{7,40}), read ([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`), "as_of.catalog_commit_read"},
	{regexp.MustCompile(`^prices: unknown \(catalog commit ([0-9a-f]{7,40})\); specs: ([0-9]{4}-[0-9]{2}-[0-9]{2})$`), "as_of.prices_specs"},
	{regexp.MustCompile(`^unknown \(results repo commit\)$`), "as_of.results_repo"},
	{regexp.MustCompile(`^unknown \(doc commit ([0-9a-f]{7,40})\)$`), "as_of.doc_commit"},
	{regexp.MustCompile(`^undated \(the guide gives no date\)$`), "as_of.guide_undated"},
	{regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2}) \(repo commit date\)$`), "as_of.repo_commit_date"},
	{regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2}) \(file also in ([0-9a-f]{7,40}), ([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`), "as_of.file_also_in"},
	{regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2}) \(unchanged since the file generated ([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`), "as_of.unchanged_since"},
}

// AsOf words an as-of the catalog writes in words ("unknown (catalog
// commit 003c56a)") in the language of m: "" when it is not one of the
// forms the messages word, or the language is the catalog's own (whose
// pages show the catalog's text as it is).
func (m Messages) AsOf(s string) (string, error) {
	s = strings.TrimSpace(s)
	if m.language() == catalog.BaseLanguage {
		return "", nil
	}
	for _, f := range asOfForms {
		g := f.re.FindStringSubmatch(s)
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
		return m.T(f.key, args...)
	}
	return "", nil
}
