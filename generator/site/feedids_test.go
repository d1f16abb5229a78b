package site

import (
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mmcdole/gofeed"
)

// feedIDs parses every feed of files (the site's, each provider's and each
// GPU model's, in all three formats) and gives the ids of each feed's items
// in order, by the feed's path.
func feedIDs(t *testing.T, files Files) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for p, data := range files {
		if name := path.Base(p); name != "feed.xml" && name != "atom.xml" && name != "feed.json" {
			continue
		}
		f, err := gofeed.NewParser().ParseString(string(data))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		ids := []string{}
		for _, it := range f.Items {
			ids = append(ids, it.GUID)
		}
		out[p] = ids
	}
	return out
}

// TestShippedFeedItemIDsAreUniqueAndStable builds the shipped catalog:
// no feed holds two items of one id, though an offer's price may change
// twice in a month. Then one point is added to one offer: every feed keeps
// the ids it had, but for the new change and an item the feed's length
// limit pushes out.
func TestShippedFeedItemIDsAreUniqueAndStable(t *testing.T) {
	root := shippedRootInMemory(t)
	files, _ := build(t, root, Options{BaseURL: "https://gpus.example.com/"})
	before := feedIDs(t, files)
	if len(before) < 3 || len(before["feed.xml"]) == 0 {
		t.Fatalf("%d feeds, site feed of %d items: want the site's, each provider's and each GPU's", len(before), len(before["feed.xml"]))
	}
	for p, ids := range before {
		seen := map[string]bool{}
		for _, id := range ids {
			if seen[id] {
				t.Errorf("%s: two items have the id %q", p, id)
			}
			seen[id] = true
		}
	}

	const added = `- instance: gpu_1x_a10
  region: all
  model: on_demand
  amount: 0.99
  currency: USD
  since: '2026-10-01'
  source: s
  source_kind: aggregator
`
	prices := "data/prices/lambda.yaml"
	root[prices] = &fstest.MapFile{Data: []byte(string(root[prices].Data) + added)}
	files, _ = build(t, root, Options{BaseURL: "https://gpus.example.com/"})
	after := feedIDs(t, files)
	const newID = "tag:gpus.example.com,2026:price/lambda/gpu_1x_a10/all/on_demand/2026-10-01"
	for p, ids := range after {
		had := map[string]bool{}
		for _, id := range before[p] {
			had[id] = true
		}
		var gained []string
		for _, id := range ids {
			if !had[id] {
				gained = append(gained, id)
			}
			delete(had, id)
		}
		if len(gained) > 1 || (len(gained) == 1 && gained[0] != newID) {
			t.Errorf("%s: %d ids new after one point was added (first %q), want at most %q", p, len(gained), gained[0], newID)
		}
		if len(had) > len(gained) {
			t.Errorf("%s: %d ids gone after one point was added, %d new", p, len(had), len(gained))
		}
	}
	if !strings.Contains(strings.Join(after["feed.xml"], " "), newID) {
		t.Errorf("the site feed lacks the new change %s", newID)
	}
}
