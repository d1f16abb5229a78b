package site

import (
	"html"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"gpucompare/generator/catalog"
)

// What buyers must never read: the catalog's working names for its
// sources and its own files.
var (
	// seedFile is the file name of a guide as the catalog's authors kept
	// it ("000_27b48a10678d65dd.txt"): a guide is cited by what it is.
	seedFile = regexp.MustCompile(`00[01]_[0-9a-f]{16}`)
	// seedWord is "seed" as the name of a source ("the seed guide", "as
	// the seed states", "Seed 000").
	seedWord = regexp.MustCompile(`(?i)\bseeds?\b`)
	// catalogPath is advice to edit the catalog: a path or file of data/.
	catalogPath = regexp.MustCompile(`\bdata/(site\.yaml|fx\.yaml|scoring\.yaml|gpus|providers|prices|benchmarks|guides|scenarios)\b|\b(site|fx|scoring)\.yaml\b`)
	// tag and scriptBlock strip markup to the text a page shows; attribute
	// values (titles, the data blocks) are read on their own.
	tag         = regexp.MustCompile(`<[^>]*>`)
	attrValue   = regexp.MustCompile(`\s[a-z-]+="([^"]*)"`)
	scriptBlock = regexp.MustCompile(`(?s)<script[^>]*>(.*?)</script>`)
)

// TestShippedPagesUseNoInternalWording builds the shipped catalog, with
// its feeds, and its report, and reads every page, export and feed as a
// buyer would — the text, the titles shown on hover, the data the scripts
// write from — for a guide's file name, "seed" as the name of a source,
// and advice to edit the catalog.
func TestShippedPagesUseNoInternalWording(t *testing.T) {
	root := os.DirFS("../..")
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	files, _, err := Build(cat, root, Options{BaseURL: "https://gpus.example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	report, _, err := Report(cat, root, ReportOptions{Scenario: "mid-size-reserved", Date: time.Date(2026, 7, 30, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	files["report.html"] = report
	read := 0
	for _, p := range files.Paths() {
		if strings.HasPrefix(p, "static/") {
			continue // the site's own scripts and styles: no catalog text
		}
		if strings.HasPrefix(p, catalog.SchemaDir+"/") {
			continue // the schemas of the catalog's files, for those who edit them
		}
		read++
		for _, text := range buyerText(string(files[p])) {
			for _, bad := range []*regexp.Regexp{seedFile, seedWord, catalogPath} {
				if m := bad.FindString(text); m != "" {
					t.Errorf("%s: %q in %q", p, m, excerpt(text, m))
				}
			}
		}
	}
	if read < 100 {
		t.Fatalf("read %d files: the test is not testing", read)
	}
}

// buyerText is what a reader of a file can see of it: for a page, its text
// without markup, every attribute value and every script's data; for an
// export or a feed, all of it.
func buyerText(doc string) []string {
	if !strings.Contains(doc, "<html") {
		return []string{doc}
	}
	var out []string
	for _, m := range scriptBlock.FindAllStringSubmatch(doc, -1) {
		out = append(out, m[1])
	}
	body := scriptBlock.ReplaceAllString(doc, "")
	for _, m := range attrValue.FindAllStringSubmatch(body, -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	return append(out, html.UnescapeString(tag.ReplaceAllString(body, " ")))
}

// excerpt is the text around the first m in s.
func excerpt(s, m string) string {
	i := strings.Index(s, m)
	lo, hi := max(0, i-60), min(len(s), i+len(m)+60)
	return s[lo:hi]
}
