package kinds

import (
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/sitetest"

	"gpucompare/generator/feed"
	"gpucompare/generator/site/derive"
)

// TestLatestMonths checks which months /changes/ lists: the newest, then
// whole older months while it holds fewer than derive.LatestMin changes and would
// hold no more than derive.LatestMax.
func TestLatestMonths(t *testing.T) {
	months := func(counts ...int) []derive.ChangeMonth {
		var out []derive.ChangeMonth
		for _, n := range counts {
			out = append(out, derive.ChangeMonth{Changes: make([]*feed.Change, n)})
		}
		return out
	}
	for _, c := range []struct {
		counts []int
		want   int
	}{
		{nil, 0},
		{[]int{1}, 1},
		{[]int{derive.LatestMin, 1}, 1},
		{[]int{derive.LatestMax + 50, 1}, 1},
		{[]int{3, 4, 5}, 3},
		{[]int{3, 4, derive.LatestMin, 1}, 3},
		{[]int{3, derive.LatestMax - 3, 1}, 2},
		{[]int{3, derive.LatestMax - 2, 1}, 1},
	} {
		if got := latestMonths(months(c.counts...)); got != c.want {
			t.Errorf("latestMonths of %v = %d, want %d", c.counts, got, c.want)
		}
	}
}

// TestChangesKindAlone makes the pages of /changes/ of the small test site
// from its catalog, its derived changes and the English messages alone,
// without the other page kinds, a template or a build: /changes/ and one
// page per month, each listing its changes with links relative to it.
func TestChangesKindAlone(t *testing.T) {
	cat := sitetest.SmallCatalog(t)
	data := derive.Make(cat)
	if len(data.Changes) == 0 || len(data.Months) == 0 {
		t.Fatal("the test site has no price change")
	}
	newPage := func(path, layout string) *pagemodel.Page { return &pagemodel.Page{Path: path, Layout: layout} }
	trust := func(*catalog.PricePoint, string) *pagemodel.TrustView { return &pagemodel.TrustView{} }
	pages := NewChanges(cat, data, englishTexter(t).M, newPage, trust).Pages()
	if len(pages) != 1+len(data.Months) || pages[0].Path != paths.Changes("") || pages[1].Path != paths.Changes(data.Months[0].Key) {
		t.Fatalf("%d pages, the first %s: want /changes/ and %d months", len(pages), pages[0].Path, len(data.Months))
	}
	month := pages[1]
	if month.Title == "" || month.TitleKey != "" {
		t.Errorf("a month's page is titled %q (key %q): want its month in words", month.Title, month.TitleKey)
	}
	for _, p := range pages {
		m, err := p.Model()
		if err != nil {
			t.Fatal(err)
		}
		d := m.(*changesData)
		if len(d.Rows) == 0 || d.Total != len(data.Changes) || len(d.Months) != len(data.Months) {
			t.Errorf("%s: %d rows of %d changes, %d months", p.Path, len(d.Rows), d.Total, len(d.Months))
			continue
		}
		r := d.Rows[0]
		if r.Change != data.Months[0].Changes[0] || r.InstanceURL != p.Rel(paths.Instance(r.Change.Instance)) || r.Trust == nil {
			t.Errorf("%s: first row %+v", p.Path, r)
		}
	}
}
