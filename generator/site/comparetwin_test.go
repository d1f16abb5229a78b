package site

import (
	"regexp"
	"strings"
	"testing"

	"gpucompare/generator/site/twins"
)

// agesToRE is the line a twin that ages a price ends its text with, in
// either edition.
var agesToRE = regexp.MustCompile(`(?m)^(Ages are counted to|价格时效按).*$`)

// TestCompareTwinIsItsPage: the twin of /compare/, written from the
// page's model (compare.WriteTwin), says what the page's HTML says read back
// as a twin (twins.Of), word for word, in both editions, but where the
// HTML's reading runs two spans together ("754 offers.Listed after") or
// reads a source's citation as a second one ("2025-06-02 ; source"):
// a change to the page's template that the twin's writer misses fails it.
func TestCompareTwinIsItsPage(t *testing.T) {
	files, _ := build(t, twoEditions(t), Options{})
	n := 0
	for _, p := range files.Paths() {
		if pageKindOf(p) != "compare" || !strings.HasSuffix(p, "index.html") {
			continue
		}
		n++
		twin := string(files[twins.Path(p)])
		agesTo := agesToRE.FindString(twin)
		fromHTML, err := twins.Of(p, files[p], agesTo)
		if err != nil {
			t.Fatal(err)
		}
		want := regexp.MustCompile(`(\S) ; `).ReplaceAllString(string(fromHTML), "$1 ")
		want = regexp.MustCompile(`(offers?\.)(Listed)`).ReplaceAllString(want, "$1 $2")
		if twin != want {
			tw, wl := strings.Split(twin, "\n"), strings.Split(want, "\n")
			for i := range min(len(tw), len(wl)) {
				if tw[i] != wl[i] {
					t.Fatalf("%s: line %d of the twin\n%s\nthe page read back\n%s", twins.Path(p), i+1, tw[i], wl[i])
				}
			}
			t.Fatalf("%s: %d lines in the twin, %d in the page read back", twins.Path(p), len(tw), len(wl))
		}
	}
	if n < 2 {
		t.Errorf("%d pages of /compare/, want one in each edition at least", n)
	}
}
