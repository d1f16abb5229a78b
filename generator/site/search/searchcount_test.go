package search

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// TestSearchCountReadsABuyersCount reads every query of
// generator/site/testdata/count-queries.json, which static/query.js is tested on too
// (tests/js/query.test.mjs), and checks the counts it asks for and the
// words it leaves.
func TestSearchCountReadsABuyersCount(t *testing.T) {
	data, err := os.ReadFile("../testdata/count-queries.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Sample []float64 `json:"sample"`
		Cases  []struct {
			Q      string    `json:"q"`
			Bare   bool      `json:"bare"`
			Counts []float64 `json:"counts"`
			Rest   string    `json:"rest"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 40 {
		t.Fatalf("%d cases read, want the whole list", len(file.Cases))
	}
	for _, c := range file.Cases {
		got := Count(Fold(c.Q), c.Bare)
		var counts []float64
		if len(got.counts) > 0 {
			counts = []float64{}
			for _, n := range file.Sample {
				if got.has(n) {
					counts = append(counts, n)
				}
			}
		}
		if (counts == nil) != (c.Counts == nil) || !slices.Equal(counts, c.Counts) {
			t.Errorf("%q (bare %v): counts %v, want %v", c.Q, c.Bare, counts, c.Counts)
		}
		if got.rest != c.Rest {
			t.Errorf("%q (bare %v): other words %q, want %q", c.Q, c.Bare, got.rest, c.Rest)
		}
	}
}
