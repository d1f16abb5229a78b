package site

import (
	"path"
	"regexp"
	"strings"
	"testing"
)

// anchorRE is a link of a page: its href, and the text up to its end.
var anchorRE = regexp.MustCompile(`<a [^>]*href="([^"]*)"[^>]*>([^<]*)</a>`)

// TestIndexPagesLinkTheirExports: /compare/ (each of its pages), /gpus/
// and /benchmarks/ link the CSV and JSON files the build writes beside
// them, in the page's HTML itself — outside the controls the script shows
// and outside any script — so a reader without JavaScript has them.
func TestIndexPagesLinkTheirExports(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	// Two offers a page gives the shipped fixture a second page of the matrix.
	edit(t, root, "data/site.yaml", "title:", "matrix_page_size: 2\ntitle:")
	for _, pretty := range []bool{false, true} {
		files, _ := build(t, root, Options{PrettyURLs: pretty})
		want := map[string][]string{
			"compare/index.html":    {"compare/offers.csv", "compare/offers.json"},
			"gpus/index.html":       {"gpus/gpus.csv", "gpus/gpus.json"},
			"benchmarks/index.html": {"benchmarks/results.csv", "benchmarks/results.json", "benchmarks/costs.csv", "benchmarks/costs.json"},
		}
		if _, ok := files[matrixPath(2)]; ok {
			want[matrixPath(2)] = want["compare/index.html"]
		} else {
			t.Errorf("no second page of the matrix (%s): the test no longer covers it", matrixPath(2))
		}
		for page, targets := range want {
			html := string(files[page])
			if html == "" {
				t.Errorf("pretty %v: no page %s", pretty, page)
				continue
			}
			// What the script shows, and the script's data, are not links a reader without it has.
			if i := strings.Index(html, `<form class="matrix-controls"`); i >= 0 {
				html = html[:i] + html[i+strings.Index(html[i:], "</form>"):]
			}
			html = liveScriptsRE.ReplaceAllString(html, "")
			linked := map[string]string{}
			for _, m := range anchorRE.FindAllStringSubmatch(html, -1) {
				linked[path.Join(path.Dir(page), m[1])] = m[2]
			}
			for _, target := range targets {
				if _, ok := linked[target]; !ok {
					t.Errorf("pretty %v: %s does not link %s", pretty, page, target)
				}
				if len(files[target]) == 0 {
					t.Errorf("pretty %v: %s links %s, which the build does not write", pretty, page, target)
				}
			}
		}
	}
}

// liveScriptsRE is a script element with its content.
var liveScriptsRE = regexp.MustCompile(`(?s)<script\b.*?</script>`)
