package site

import (
	"strings"
	"testing"

	"gpucompare/generator/site/twins"
)

// TestChangesTwinIsItsPage: the twin of each page of /changes/, written
// from the page's model (kinds.WriteChangesTwin), is the page's HTML read back
// as a twin (twins.Of), byte for byte, in both editions: every row, word
// and trust mark of the HTML is in the twin, and a change to the page's
// template that the twin's writer misses fails it.
func TestChangesTwinIsItsPage(t *testing.T) {
	files, _ := build(t, twoEditions(t), Options{})
	months := map[string]int{}
	for _, p := range files.Paths() {
		if !strings.HasPrefix(strings.TrimPrefix(p, "zh/"), "changes/") || !strings.HasSuffix(p, "index.html") {
			continue
		}
		edition := "en"
		if strings.HasPrefix(p, "zh/") {
			edition = "zh"
		}
		if strings.Count(strings.TrimPrefix(p, "zh/"), "/") > 1 {
			months[edition]++
		}
		twin := string(files[twins.Path(p)])
		agesTo := agesToRE.FindString(twin)
		fromHTML, err := twins.Of(p, files[p], agesTo)
		if err != nil {
			t.Fatal(err)
		}
		if want := string(fromHTML); twin != want {
			tw, wl := strings.Split(twin, "\n"), strings.Split(want, "\n")
			for i := range min(len(tw), len(wl)) {
				if tw[i] != wl[i] {
					t.Fatalf("%s: line %d of the twin\n%s\nthe page read back\n%s", twins.Path(p), i+1, tw[i], wl[i])
				}
			}
			t.Fatalf("%s: %d lines in the twin, %d in the page read back", twins.Path(p), len(tw), len(wl))
		}
		// every row of the page's table is a row of the twin's: the
		// rows, the header and the line under it
		rows := strings.Count(string(files[p]), "<tr data-provider=")
		if got := strings.Count(twin, "\n| ") - 2; rows > 0 && got != rows {
			t.Errorf("%s: %d rows, the page has %d", twins.Path(p), got, rows)
		}
		if rows > 0 && strings.Count(twin, "\n| --- |") != 1 {
			t.Errorf("%s: no table of its %d changes", twins.Path(p), rows)
		}
	}
	if months["en"] == 0 || months["zh"] == 0 {
		t.Errorf("month pages of /changes/: %v, want some in each edition", months)
	}
}
