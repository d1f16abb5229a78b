package feeds

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/fingerprint"
	"gpucompare/generator/site/reuse"
	"gpucompare/generator/site/sitetest"
	"gpucompare/generator/site/write"
)

// smallInputs are the feeds' inputs of the small test site: its catalog,
// its derived changes and the English messages, without a page or a
// template.
func smallInputs(t *testing.T) Inputs {
	t.Helper()
	cat := sitetest.SmallCatalog(t)
	msgs := sitetest.Messages(t, "en")
	data := derive.Make(cat)
	if len(data.Changes) == 0 {
		t.Fatal("the test site has no price change")
	}
	words := feed.Words{Model: func(m string) string { return m }, AllRegions: "all regions", PerGPU: "per GPU", Off: "off",
		Comma: ", ", Colon: ": ", Open: " (", Close: ")"}
	return Inputs{Cat: cat, Changes: data.Changes, Base: "https://gpus.example.com/", Words: words, Msgs: msgs}
}

// TestFeedsOfInputsAlone writes the feeds of a small catalog from their
// inputs alone: the site's and each provider's and GPU model's, in three
// formats each, that parse; the same bytes whether written straight into
// their files or through the sets a Rebuilder keeps, and the second
// build of a Rebuilder takes every set and entry of the first.
func TestFeedsOfInputsAlone(t *testing.T) {
	in := smallInputs(t)
	noWarn := func(catalog.Pos, string, ...any) { t.Error("a warning for a site with a URL") }
	straight := write.NewMemory()
	if err := Write(straight, in, nil, nil, noWarn); err != nil {
		t.Fatal(err)
	}
	files := straight.Files()
	want := 3 * (1 + len(in.Cat.Providers) + len(in.Cat.GPUs))
	if len(files) != want {
		t.Errorf("%d files, want %d: %v", len(files), want, files.Paths())
	}
	for _, p := range files.Paths() {
		var err error
		if strings.HasSuffix(p, ".json") {
			err = json.Unmarshal(files[p], new(any))
		} else {
			err = xml.Unmarshal(files[p], new(struct{}))
		}
		if err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	if !bytes.Contains(files["feed.xml"], []byte("<item>")) {
		t.Errorf("feed.xml has no item:\n%s", files["feed.xml"])
	}

	var store reuse.Store
	var entries Entries
	units := func() *fingerprint.CatalogUnits {
		return fingerprint.UnitsOf(in.Cat, in.Changes)
	}
	var last write.Files
	for build := range 2 {
		out := write.NewMemory()
		if err := Write(out, in, store.Begin(units()), &entries, noWarn); err != nil {
			t.Fatal(err)
		}
		got := out.Files()
		for _, p := range files.Paths() {
			if !bytes.Equal(got[p], files[p]) {
				t.Errorf("build %d: %s differs from the one written straight", build, p)
			}
			if build == 1 && &got[p][0] != &last[p][0] {
				t.Errorf("%s made again; want the bytes of the last build", p)
			}
		}
		if len(entries) == 0 {
			t.Errorf("build %d: no feed entry kept", build)
		}
		last = got
	}
}

// TestNoFeedsWithoutURL: feeds need absolute URLs; a site without one
// has none, and the build says so.
func TestNoFeedsWithoutURL(t *testing.T) {
	in := smallInputs(t)
	in.Base = ""
	out := write.NewMemory()
	var warned []string
	warn := func(pos catalog.Pos, format string, args ...any) { warned = append(warned, pos.File) }
	if err := Write(out, in, nil, nil, warn); err != nil {
		t.Fatal(err)
	}
	if len(out.Files()) != 0 || len(warned) != 1 || warned[0] != "data/site.yaml" {
		t.Errorf("files %v, warnings %q", out.Files().Paths(), warned)
	}
}

// TestFeedEntriesHeldUntilTheirLastFeed: a build that keeps nothing
// encodes the entry of a change once for every feed that lists it, and
// lets go of it once the last of them has taken it.
func TestFeedEntriesHeldUntilTheirLastFeed(t *testing.T) {
	in := smallInputs(t)
	item := feed.Item{Words: in.Words, TagAuthority: "gpus.example.com",
		InstanceURL: func(i *catalog.Instance) string { return in.Base + i.ID + "/" }}
	for _, max := range []int{0, 1, 2} {
		e := newEntries(item, in, nil, nil)
		e.max = max
		all := scopes(in)
		e.countUses(all)
		last := map[*feed.Change]int{} // the last scope that lists each change
		for i, s := range all {
			listed := 0
			for _, c := range s.changes {
				if _, dated := c.Date().Time(); dated && (max == 0 || listed < max) {
					last[c] = i
					listed++
				}
			}
		}
		first := map[*feed.Change]*feed.Entry{}
		shared := 0
		for i, s := range all {
			es, err := e.of(s.changes)
			if err != nil {
				t.Fatal(err)
			}
			if max > 0 && len(es) > max {
				t.Errorf("max %d: %s has %d entries", max, s.dir, len(es))
			}
			listed := 0
			for _, c := range s.changes {
				if _, dated := c.Date().Time(); !dated || (max > 0 && listed == max) {
					continue
				}
				en := es[listed]
				listed++
				if f, seen := first[c]; seen {
					shared++
					if f != en {
						t.Errorf("max %d: the change %s encoded again for %s", max, item.ID(c), s.dir)
					}
				}
				first[c] = en
			}
			if listed != len(es) {
				t.Errorf("max %d: %s has %d entries, want %d", max, s.dir, len(es), listed)
			}
			for c, l := range last {
				if _, held := e.made[c]; held != (l > i) {
					t.Errorf("max %d: after %s, the entry of %s held: %v", max, s.dir, item.ID(c), held)
				}
			}
		}
		if len(e.uses) != 0 || countDated(e.made) != 0 {
			t.Errorf("max %d: %d counts and %d entries left after the last feed", max, len(e.uses), countDated(e.made))
		}
		if shared == 0 {
			t.Errorf("max %d: no change is in two feeds; the test shows nothing", max)
		}
	}
}

// countDated counts the entries of dated changes in made.
func countDated(made map[*feed.Change]*feed.Entry) int {
	n := 0
	for _, en := range made {
		if en != nil {
			n++
		}
	}
	return n
}
