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
