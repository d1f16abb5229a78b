package diff

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// bigReport is an edit that moves many prices and edits many records:
// more than a comment holds.
func bigReport(n int) *Report {
	r := &Report{Base: Base{Kind: Revision, Name: "origin/main"}, ThresholdPct: 50}
	for i := range n {
		o, c, p := 10.0, 30.0, 200.0
		r.Shown = append(r.Shown, ShownChange{Provider: "p", Instance: fmt.Sprintf("instance-%05d", i), Region: "r", Model: "on_demand",
			Old: &ShownPrice{Currency: "USD", Hourly: o, Display: "USD", DisplayHourly: &o},
			New: &ShownPrice{Currency: "USD", Hourly: c, Display: "USD", DisplayHourly: &c}, Percent: &p, Check: true, Why: []string{WhyPoint}})
		r.Records = append(r.Records, RecordEdit{Record: fmt.Sprintf("gpu %q", fmt.Sprint("g", i)), Field: "memory_gb", Old: "40", New: "80"})
	}
	return r
}

// A comment too long for GitHub is cut at the end of a row, says so under
// its summary with how many rows of which tables are left out and where
// the full diff is, and keeps the first rows of every table, the shown
// prices first.
func TestMarkdownIsCutToFitAComment(t *testing.T) {
	r := bigReport(2000)
	md := r.Markdown()
	if n := utf8.RuneCountInString(md); n > 65536 {
		t.Fatalf("the comment is %d characters: more than a GitHub comment holds (65,536)", n)
	}
	if len(md) > CommentLimit {
		t.Errorf("the comment is %d bytes, over CommentLimit %d", len(md), CommentLimit)
	}
	lines := strings.Split(strings.TrimSuffix(md, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "**Catalog diff against git revision `origin/main`:** 2000 shown price changes (0 down, 2000 up), 2000 record edits, 2000 beyond ±50%: check them.") {
		t.Errorf("summary line %q", lines[0])
	}
	note := regexp.MustCompile(`^> \*\*This comment is cut to fit:\*\* (\d+) of 4000 rows are left out \(the last (\d+) of Shown prices, the last (\d+) of Record edits\)\. ` +
		"The full diff is in the JSON of the diff \\(`gpucompare diff -format json`\\)\\.$")
	m := note.FindStringSubmatch(lines[2])
	if m == nil {
		t.Fatalf("no note that the comment is cut under its summary:\n%s", strings.Join(lines[:4], "\n"))
	}
	shownRows, recordRows := 0, 0
	for _, l := range lines[3:] {
		switch {
		case strings.HasPrefix(l, "| p/instance-"):
			shownRows++
			if !strings.HasSuffix(l, " | price point |") {
				t.Errorf("a row is cut: %q", l)
			}
		case strings.HasPrefix(l, "| gpu "):
			recordRows++
			if !strings.HasSuffix(l, " | 40 | 80 |") {
				t.Errorf("a row is cut: %q", l)
			}
		}
	}
	if i, j := strings.Index(md, "### Shown prices"), strings.Index(md, "### Record edits"); i < 0 || j < i {
		t.Errorf("the shown prices do not come first, or a table is gone")
	}
	left, _ := strconv.Atoi(m[1])
	lastShown, _ := strconv.Atoi(m[2])
	lastRecords, _ := strconv.Atoi(m[3])
	if shownRows+recordRows+left != 4000 || shownRows+lastShown != 2000 || recordRows+lastRecords != 2000 || shownRows < 100 || recordRows < 100 {
		t.Errorf("%d and %d rows kept, %d said left out (%d of the shown prices, %d of the records): they do not add up to the report",
			shownRows, recordRows, left, lastShown, lastRecords)
	}
	if !strings.HasSuffix(md, " | 40 | 80 |\n") {
		t.Errorf("the comment does not end at the end of a row: %q", md[len(md)-80:])
	}
}

// Where the full diff is, when a workflow says so, is named in the note.
func TestCutNoteSaysWhereTheFullDiffIs(t *testing.T) {
	md := bigReport(50).MarkdownCut(3000, "diff.json of the run's artifact https://github.com/o/r/actions/runs/1")
	if !strings.Contains(md, "The full diff is in diff.json of the run's artifact <https://github.com/o/r/actions/runs/1>, and in the JSON of the diff") {
		t.Errorf("the note does not say where the full diff is:\n%s", md)
	}
	if len(md) > 3000 {
		t.Errorf("%d bytes, over the limit of 3000", len(md))
	}
	if whole := bigReport(3).MarkdownCut(CommentLimit, "x"); strings.Contains(whole, "cut to fit") {
		t.Errorf("a comment that fits says it is cut:\n%s", whole)
	}
}

// A flood of small changes cannot push a flagged price out of a cut
// comment: the flagged rows of a cut table come first.
func TestCutKeepsFlaggedRows(t *testing.T) {
	r := bigReport(3000)
	for i := range r.Shown {
		p := 1.0
		r.Shown[i].Percent, r.Shown[i].Check = &p, false
	}
	last := &r.Shown[len(r.Shown)-1]
	p := -92.0
	last.Percent, last.Check = &p, true
	md := r.Markdown()
	if !strings.Contains(md, "This comment is cut to fit") {
		t.Fatal("the comment is not cut: the test checks nothing")
	}
	if !strings.Contains(md, last.Instance) {
		t.Errorf("the one flagged price (%s, −92%%), last of 3,000 rows, is left out of the cut comment", last.Instance)
	}
}
