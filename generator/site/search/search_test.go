package search

import (
	"fmt"
	"slices"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/sitetest"
)

// TestSearchKindAlone makes the search entries of the small test site from
// its catalog and the English messages alone, without the other page
// kinds, a template or a build: an entry per provider, GPU model and
// instance type whose page there is, none for a page there is not, and
// "T4" finds the GPU model first, then its instance type, which links it.
func TestSearchKindAlone(t *testing.T) {
	cat := sitetest.SmallCatalog(t)
	msgs := sitetest.Messages(t, "en")
	have := map[string]bool{}
	for _, p := range cat.Providers {
		have[paths.Provider(p.ID)] = true
		for _, in := range p.Instances {
			have[paths.Instance(in)] = true
		}
	}
	for _, g := range cat.GPUs {
		have[paths.GPU(g.ID)] = true
	}
	var terr error
	tr := func(rec any, key string) string { return pagemodel.CatalogText(cat, rec, key) }
	regionURL := func(p *catalog.Provider, i int) (string, string) {
		return paths.Provider(p.ID), "region-" + p.Regions[i].ID
	}
	guidePath := func(id string) string { return "guides/" + id + "/index.html" }
	entries := Entries(cat, nil, nil, have, msgs.TKeeping(&terr), tr, msgs.UnitName, regionURL, guidePath)
	if terr != nil {
		t.Fatal(terr)
	}
	count := map[string]int{}
	for _, e := range entries {
		count[Kinds[e.Kind]]++
	}
	if want := map[string]int{"provider": 2, "gpu": 2, "instance": 4, "region": 3}; fmt.Sprint(count) != fmt.Sprint(want) {
		t.Errorf("entries by kind %v, want %v (no benchmark, guide or scenario page is there)", count, want)
	}
	found := Find(entries, "T4")
	if len(found) < 2 || Kinds[found[0].Kind] != "gpu" || found[0].Title != "T4" {
		t.Fatalf("T4 finds %d entries, the first %+v; want the GPU model T4 first", len(found), found)
	}
	i := slices.IndexFunc(found, func(e *Entry) bool { return Kinds[e.Kind] == "instance" })
	if i < 0 || found[i].Path != "instances/aws/g4dn.xlarge/index.html" || found[i].GPU == nil || found[i].GPU.Title != "T4" || found[i].GPUs != 1 {
		for _, e := range found {
			t.Logf("%s %s %s", Kinds[e.Kind], e.Title, e.Path)
		}
		t.Errorf("T4 finds no instance type g4dn.xlarge linking its GPU model T4")
	}
}
