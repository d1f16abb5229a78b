package derive

import (
	"slices"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/site/sitetest"
)

// TestMakeDerivesFromTheCatalogAlone derives the data of the small catalog
// the site's tests build, and checks each part against the catalog: every
// price point and priced offer filed under its instance type, every
// change in one month, newest month first, and every GPU model once.
func TestMakeDerivesFromTheCatalogAlone(t *testing.T) {
	cat := sitetest.SmallCatalog(t)
	d := Make(cat)

	if len(d.Priced) == 0 {
		t.Fatal("no priced offer")
	}
	n := 0
	for in, offers := range d.OffersOf {
		for _, o := range offers {
			if o.Instance != in {
				t.Errorf("offer of %s filed under %s", o.Instance.ID, in.ID)
			}
		}
		n += len(offers)
	}
	if n != len(d.Priced) {
		t.Errorf("%d offers filed by instance type, %d priced", n, len(d.Priced))
	}

	n = 0
	for k, pps := range d.PricesOf {
		for _, pp := range pps {
			if pp.Provider != k.Provider || pp.Instance != k.Instance {
				t.Errorf("price point %s/%s filed under %v", pp.Provider, pp.Instance, k)
			}
		}
		n += len(pps)
	}
	if n != len(cat.Prices) {
		t.Errorf("%d price points filed, the catalog has %d", n, len(cat.Prices))
	}

	var byMonth []*feed.Change
	for i, m := range d.Months {
		for _, c := range m.Changes {
			if got := MonthOf(c); got != m.Key {
				t.Errorf("a change of %s in month %s", got, m.Key)
			}
		}
		if i > 0 && m.Key != UndatedMonth && d.Months[i-1].Key < m.Key {
			t.Errorf("month %s after %s: want newest first", m.Key, d.Months[i-1].Key)
		}
		byMonth = append(byMonth, m.Changes...)
	}
	if len(byMonth) != len(d.Changes) {
		t.Errorf("%d changes by month, %d in all", len(byMonth), len(d.Changes))
	}

	if len(d.GPUs) != len(cat.GPUs) {
		t.Errorf("%d GPU models in order, the catalog has %d", len(d.GPUs), len(cat.GPUs))
	}
	for _, g := range cat.GPUs {
		if !slices.Contains(d.GPUs, g) {
			t.Errorf("GPU %s missing from the order", g.ID)
		}
	}
	for _, bm := range cat.Benchmarks {
		for _, g := range d.GroupsOf(bm) {
			if g.Benchmark != bm {
				t.Errorf("GroupsOf(%s) holds a group of %s", bm.ID, g.Benchmark.ID)
			}
		}
	}
}

// TestGPUOrderIsNewestFirst: a dated model before an undated one of no
// known chip, newer years first, then vendor and name.
func TestGPUOrderIsNewestFirst(t *testing.T) {
	gpus := []*catalog.GPU{
		{ID: "old", Vendor: "NVIDIA", Name: "V100", Released: "2017-05"},
		{ID: "undated", Vendor: "NVIDIA", Name: "Mystery"},
		{ID: "new", Vendor: "NVIDIA", Name: "H100", Released: "2022-03"},
		{ID: "amd", Vendor: "AMD", Name: "MI300X", Released: "2023-12"},
	}
	var got []string
	for _, g := range GPUOrder(gpus) {
		got = append(got, g.ID)
	}
	if want := []string{"amd", "new", "old", "undated"}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}
