package catalog

import "regexp"

// AsOfForms are the as-of texts the catalog writes in words, each with
// the key of the message that words it in another language (the site's
// messages); its groups, in order, are the message's arguments, dates
// among them written as the language writes dates. An as-of of one of
// these forms needs no text of its own in another language.
var AsOfForms = []struct {
	Re  *regexp.Regexp
	Key string
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
	{regexp.MustCompile(`^unknown \(datasheet copy\)$`), "as_of.datasheet_copy"},
	{regexp.MustCompile(`^unknown \(datasheet copy\); ml-eng ([0-9]{4}-[0-9]{2}-[0-9]{2}) \(repo commit date\)$`), "as_of.datasheet_copy_notes"},
	{regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2}) \((?:datasheet )?transcriptions? read\)$`), "as_of.transcription_read"},
	{regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2}) \((?:datasheet )?transcriptions? read\); ml-eng ([0-9]{4}-[0-9]{2}-[0-9]{2}) \(repo commit date\)$`), "as_of.transcription_read_notes"},
	{regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2}) \(repository commit ([0-9a-f]{7,40})\); the CANN page undated, read ([0-9]{4}-[0-9]{2}-[0-9]{2})$`), "as_of.cann_read"},
	{regexp.MustCompile(`^([0-9]{4}-[0-9]{2}) \(ml-engineering notes\)$`), "as_of.notes_month"},
	{regexp.MustCompile(`^unknown \(undated hardware note\)$`), "as_of.hardware_note"},
	{regexp.MustCompile(`^unknown \(documentation page, latest\)$`), "as_of.doc_latest"},
	{regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2}) \(pages read\)$`), "as_of.pages_read"},
	{regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2}) \(NKI guide date-modified\)$`), "as_of.nki_modified"},
	{regexp.MustCompile(`^([0-9]{4}-[0-9]{2}) \(product brief\)$`), "as_of.product_brief"},
	{regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2}) \(table's last update\)$`), "as_of.table_updated"},
}

// wordedAsOf reports whether s is an as-of the site words in every
// language: a date (2023-11), or one of AsOfForms.
func wordedAsOf(s string) bool {
	if dateShaped(s) && Date(s).check() == nil {
		return true
	}
	for _, f := range AsOfForms {
		if f.Re.MatchString(s) {
			return true
		}
	}
	return false
}
