package site

import (
	"html"
	"regexp"
	"strings"
	"testing"
)

// numCell is a table cell that holds a figure, with what it holds.
var numCell = regexp.MustCompile(`(?s)<td class="num[^"]*"[^>]*>(.*?)</td>`)

// figureToken is a figure written out: 1,024, 8308.12, 0.48.
var figureToken = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?`)

// groupedWhole is a figure whose whole part is grouped by threes from
// four digits on (999, 1,024, 120,012.50), or has fewer than four.
var groupedWhole = regexp.MustCompile(`^\d{1,3}(?:,\d{3})*(?:\.\d+)?$`)

// notFigures are the runs of a cell that hold digits but are no figure:
// dates (2025-09-17, 2025年), names (RTX 4090, H100) and a year alone
// (the year under a count).
var notFigures = regexp.MustCompile(`\d{4}-\d{2}(?:-\d{2})?|\d{4}年|[A-Za-z]+[ -]?\d[\w.]*|\b(?:19|20)\d\d\b`)

// ungroupedFigures is every figure of a number cell in doc whose whole
// part is not grouped as groupedWhole says, with the cell it is in.
func ungroupedFigures(doc string) []string {
	var bad []string
	tag := regexp.MustCompile(`<[^>]*>`)
	for _, m := range numCell.FindAllStringSubmatch(doc, -1) {
		text := html.UnescapeString(tag.ReplaceAllString(m[1], " "))
		for _, f := range figureToken.FindAllString(notFigures.ReplaceAllString(text, " "), -1) {
			if !groupedWhole.MatchString(f) {
				bad = append(bad, f+" in "+strings.Join(strings.Fields(text), " "))
			}
		}
	}
	return bad
}

// TestChineseFiguresReadAlike: every figure in a table's number cells,
// on every page of both editions and in the Chinese and English reports,
// groups its whole part from four digits on, so that a column never
// mixes 8308.12 with 13,846.86 (as the Chinese edition did when it left
// four whole digits ungrouped).
func TestChineseFiguresReadAlike(t *testing.T) {
	if bad := ungroupedFigures(`<td class="num">8308.12</td><td class="num total">13,846.86</td><td class="num">RTX 4090 · 2025-09-17 · 2025年</td>`); len(bad) != 1 {
		t.Fatalf("the check finds %q in a mixed column, want 8308.12 alone", bad)
	}
	root := shipped(t)
	files, _ := build(t, root, Options{})
	cells := 0
	for name, body := range files {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		doc := string(body)
		cells += len(numCell.FindAllStringIndex(doc, -1))
		if bad := ungroupedFigures(doc); len(bad) > 0 {
			t.Errorf("%s: %d figures not grouped from four digits, first %q", name, len(bad), bad[0])
		}
	}
	for _, lang := range []string{"zh-CN", ""} {
		for _, opts := range []ReportOptions{{Lang: lang}, {Lang: lang, Full: true, Scenario: "mid-size-reserved"}} {
			doc := reportHTML(t, root, opts)
			cells += len(numCell.FindAllStringIndex(doc, -1))
			if bad := ungroupedFigures(doc); len(bad) > 0 {
				t.Errorf("report %+v: %d figures not grouped from four digits, first %q", opts, len(bad), bad[0])
			}
		}
	}
	if cells < 1000 {
		t.Errorf("only %d number cells read: the test is not testing", cells)
	}
}
