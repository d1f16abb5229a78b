package main

import (
	"strings"
	"testing"
	"time"
)

// TestTableShowsGoalsBesideFigures checks that the table gives the goals of
// 10,000 and 100,000 offers beside the figures measured and says which
// are missed, and none for a size without goals.
func TestTableShowsGoalsBesideFigures(t *testing.T) {
	var b strings.Builder
	printTable(&b, []result{
		{offers: 1000, files: 10, bytes: 1e6, build: 300 * time.Millisecond, floor: 100 * time.Millisecond, peakRSS: 50 << 20},
		{offers: 10_000, files: 10, bytes: 1e6, build: 140 * time.Millisecond, floor: 100 * time.Millisecond, peakRSS: 79 << 20},
		{offers: 10_000, files: 10, bytes: 1e6, build: 160 * time.Millisecond, floor: 100 * time.Millisecond, peakRSS: 81 << 20},
		{offers: 100_000, files: 10, bytes: 1e6, build: 900 * time.Millisecond, floor: 100 * time.Millisecond, peakRSS: 401 << 20},
		{offers: 100_000, files: 10, bytes: 1e6, build: 900 * time.Millisecond, floor: 100 * time.Millisecond},
	})
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 7 {
		t.Fatalf("%d lines, want a header, a rule and 5 rows:\n%s", len(lines), b.String())
	}
	for i, want := range []string{
		"| 50 MiB | — | 100 ms | 3.00× | — | — |",
		"| 79 MiB | ≤ 80 MiB | 100 ms | 1.40× | ≤ 1.5× | met |",
		"| 81 MiB | ≤ 80 MiB | 100 ms | 1.60× | ≤ 1.5× | **missed**: peak RSS over, build / floor over |",
		"| 401 MiB | ≤ 400 MiB | 100 ms | 9.00× | — | **missed**: peak RSS over |",
		"| — | ≤ 400 MiB | 100 ms | 9.00× | — | **missed**: peak RSS unknown |",
	} {
		if !strings.HasSuffix(lines[2+i], want) {
			t.Errorf("row %d:\n%s\nwant it to end\n%s", i+1, lines[2+i], want)
		}
	}
}
