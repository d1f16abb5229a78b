package api

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/catalog/catalogtest"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/export"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/write"
)

// inputsOf are the API's inputs for cat: derived on the catalog's newest
// day, with the English messages.
func inputsOf(t testing.TB, cat *catalog.Catalog) Inputs {
	t.Helper()
	tmpl, err := fs.Sub(gpucompare.Assets, "templates")
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := render.LoadMessages(tmpl, cmp.Or(cat.Site.Language, catalog.BaseLanguage), nil)
	if err != nil {
		t.Fatal(err)
	}
	ref := catalog.NewestDate(cat)
	return Inputs{Cat: cat, Data: derive.MakeAt(cat, ref), Msgs: msgs, AgeDate: ref}
}

// shippedCatalog loads the repository's own catalog.
func shippedCatalog(t testing.TB) *catalog.Catalog {
	t.Helper()
	cat, r := catalog.Load(os.DirFS("../../.."))
	if errs := r.Errors(); len(errs) > 0 {
		t.Fatalf("the shipped catalog does not load:\n%s", errs)
	}
	return cat
}

func fixture(t testing.TB, name string) *catalog.Catalog {
	t.Helper()
	src, err := os.ReadFile("../testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	cat, _ := catalogtest.Load(t, string(src))
	return cat
}

// apiFiles writes the API of in and returns its files.
func apiFiles(t testing.TB, in Inputs) write.Files {
	t.Helper()
	out := write.NewMemory()
	if err := Write(out, in); err != nil {
		t.Fatal(err)
	}
	return out.Files()
}

// compileSchemas compiles the schemas among files, by kind.
func compileSchemas(t *testing.T, files write.Files) map[string]*jsonschema.Schema {
	t.Helper()
	const base = "https://gpucompare.test/"
	c := jsonschema.NewCompiler()
	for _, k := range Kinds {
		data, ok := files[Schema(k)]
		if !ok {
			t.Fatalf("no schema %s", Schema(k))
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", Schema(k), err)
		}
		if err := c.AddResource(base+Schema(k), doc); err != nil {
			t.Fatal(err)
		}
	}
	out := map[string]*jsonschema.Schema{}
	for _, k := range Kinds {
		s, err := c.Compile(base + Schema(k))
		if err != nil {
			t.Fatalf("%s: %v", Schema(k), err)
		}
		out[k] = s
	}
	return out
}

// TestEveryAPIFileMatchesItsSchema writes the API of the shipped catalog
// and of the small test sites, and validates every file against the
// schema its kind names; the index lists every file, and every file it
// lists exists.
func TestEveryAPIFileMatchesItsSchema(t *testing.T) {
	for _, tc := range []struct {
		name string
		cat  func(testing.TB) *catalog.Catalog
	}{
		{"shipped", shippedCatalog},
		{"site.txtar", func(t testing.TB) *catalog.Catalog { return fixture(t, "site.txtar") }},
		{"current.txtar", func(t testing.TB) *catalog.Catalog { return fixture(t, "current.txtar") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := apiFiles(t, inputsOf(t, tc.cat(t)))
			schemas := compileSchemas(t, files)
			kinds := map[string]int{}
			for path, data := range files {
				if !strings.HasPrefix(path, Dir) {
					t.Errorf("%s: outside %s", path, Dir)
					continue
				}
				if strings.HasPrefix(path, SchemaDir) {
					continue
				}
				inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
				if err != nil {
					t.Errorf("%s: %v", path, err)
					continue
				}
				kind, _ := inst.(map[string]any)["kind"].(string)
				s := schemas[kind]
				if s == nil {
					t.Errorf("%s: kind %q has no schema", path, kind)
					continue
				}
				kinds[kind]++
				if err := s.Validate(inst); err != nil {
					t.Errorf("%s does not match %s:\n%v", path, Schema(kind), err)
				}
			}
			for _, k := range Kinds {
				if kinds[k] == 0 && (tc.name == "shipped" || k != KindChanges) {
					t.Errorf("no file of kind %s", k)
				}
			}
			var idx struct {
				Offers, Instances, GPUs, Providers, Benchmarks []ref
				Months                                         []ref `json:"change_months"`
			}
			if err := json.Unmarshal(files[IndexPath], &idx); err != nil {
				t.Fatal(err)
			}
			listed := map[string]bool{IndexPath: true}
			for _, l := range [][]ref{idx.Offers, idx.Instances, idx.GPUs, idx.Providers, idx.Benchmarks, idx.Months} {
				for _, r := range l {
					if files[r.API] == nil {
						t.Errorf("the index lists %s, which is not written", r.API)
					}
					if listed[r.API] {
						t.Errorf("the index lists %s twice", r.API)
					}
					listed[r.API] = true
				}
			}
			for path := range files {
				if !strings.HasPrefix(path, SchemaDir) && !listed[path] {
					t.Errorf("%s is not in the index", path)
				}
			}
		})
	}
}

// TestSchemasRefuseWhatTheyShould checks that the schemas are not
// vacuous: a price without its verdict, an unknown verdict, an extra key
// and a null for an array are refused.
func TestSchemasRefuseWhatTheyShould(t *testing.T) {
	files := apiFiles(t, inputsOf(t, fixture(t, "current.txtar")))
	schemas := compileSchemas(t, files)
	const path = Dir + "offers/cloud/current-1x/r1.json"
	for _, tc := range []struct {
		name string
		edit func(doc map[string]any)
	}{
		{"no verdict", func(doc map[string]any) { delete(onDemand(doc), "verdict") }},
		{"unknown verdict", func(doc map[string]any) { onDemand(doc)["verdict"] = "cheap" }},
		{"extra key", func(doc map[string]any) { doc["extra"] = 1 }},
		{"string for a number", func(doc map[string]any) { onDemand(doc)["hourly"] = "2.00" }},
		{"bad date", func(doc map[string]any) { onDemand(doc)["since"] = "June 2026" }},
		{"other kind", func(doc map[string]any) { doc["kind"] = KindGPU }},
	} {
		var doc map[string]any
		if err := json.Unmarshal(files[path], &doc); err != nil {
			t.Fatal(err)
		}
		if err := schemas[KindOffer].Validate(toInstance(t, doc)); err != nil {
			t.Fatalf("%s does not match its schema before the edit: %v", path, err)
		}
		tc.edit(doc)
		if schemas[KindOffer].Validate(toInstance(t, doc)) == nil {
			t.Errorf("%s: the offer schema takes it", tc.name)
		}
	}
}

func onDemand(doc map[string]any) map[string]any {
	return doc["prices"].(map[string]any)["on_demand"].(map[string]any)
}

// toInstance is doc as the validator reads JSON (json.Number for numbers).
func toInstance(t *testing.T, doc any) any {
	t.Helper()
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// TestOfferFilesMatchOffersExport reads compare/offers.json of the shipped
// catalog beside the API: the index lists its offers in its order, and
// each offer's file holds every key of its offer, and of each of its
// prices, with the same value.
func TestOfferFilesMatchOffersExport(t *testing.T) {
	in := inputsOf(t, shippedCatalog(t))
	files := apiFiles(t, in)
	var js, cs bytes.Buffer
	if err := export.WriteOffers(&js, &cs, in.Cat, in.Msgs, in.Data.Priced); err != nil {
		t.Fatal(err)
	}
	var whole struct {
		Currency string
		Offers   []map[string]any
	}
	if err := json.Unmarshal(js.Bytes(), &whole); err != nil {
		t.Fatal(err)
	}
	var idx struct{ Offers []ref }
	if err := json.Unmarshal(files[IndexPath], &idx); err != nil {
		t.Fatal(err)
	}
	if len(idx.Offers) != len(whole.Offers) || len(whole.Offers) == 0 {
		t.Fatalf("the index lists %d offers, compare/offers.json %d", len(idx.Offers), len(whole.Offers))
	}
	prices := 0
	for i, want := range whole.Offers {
		path := idx.Offers[i].API
		var got map[string]any
		if err := json.Unmarshal(files[path], &got); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if got["currency"] != whole.Currency {
			t.Errorf("%s: currency %v, want %s", path, got["currency"], whole.Currency)
		}
		for k, v := range want {
			if k == "prices" {
				continue
			}
			if !reflect.DeepEqual(got[k], v) {
				t.Errorf("%s: %s = %v, compare/offers.json has %v", path, k, got[k], v)
			}
		}
		wp, _ := want["prices"].(map[string]any)
		gp, _ := got["prices"].(map[string]any)
		if len(wp) != len(gp) {
			t.Errorf("%s: %d prices, compare/offers.json has %d", path, len(gp), len(wp))
		}
		for model, w := range wp {
			g, _ := gp[model].(map[string]any)
			for k, v := range w.(map[string]any) {
				if !reflect.DeepEqual(g[k], v) {
					t.Errorf("%s: %s %s = %v, compare/offers.json has %v", path, model, k, g[k], v)
				}
			}
			prices++
		}
	}
	if prices == 0 {
		t.Error("no price compared")
	}
}

// TestAPIBytesAreStable writes the API of the shipped catalog twice, each
// from a catalog loaded and derived anew: the same files, byte for byte.
func TestAPIBytesAreStable(t *testing.T) {
	a := apiFiles(t, inputsOf(t, shippedCatalog(t)))
	b := apiFiles(t, inputsOf(t, shippedCatalog(t)))
	if !slices.Equal(a.Paths(), b.Paths()) {
		t.Fatalf("two writes give different files: %d and %d", len(a), len(b))
	}
	for p, data := range a {
		if !bytes.Equal(data, b[p]) {
			t.Errorf("%s differs between two writes", p)
		}
	}
}

// TestVerdictsFollowTheAnswerRule reads the API of a catalog whose A100
// prices are current, stale, superseded and a marketplace's, and whose
// H100 has only a stale price: each price's verdict and whether it
// answers are the site's, and the A100's cheapest is the current price,
// not the lower ones that do not answer.
func TestVerdictsFollowTheAnswerRule(t *testing.T) {
	files := apiFiles(t, inputsOf(t, fixture(t, "current.txtar")))
	for _, tc := range []struct {
		offer, verdict, freshness string
		answers, fallback         bool
		ageDays                   int
	}{
		{"cloud/current-1x/r1", "current", "fresh", true, false, 0},
		{"cloud/stale-1x/r1", "stale", "stale", false, false, 516},
		{"cloud/retired-1x/r1", "superseded", "fresh", false, false, 31},
		{"market/market-1x/r1", "marketplace", "fresh", false, false, 17},
		{"cloud/h100-1x/r1", "stale", "stale", true, true, 426},
	} {
		var doc struct {
			Prices map[string]struct {
				Verdict, Freshness, SourceKind string
				Answers, Fallback              bool
				AgeDays                        *int `json:"age_days"`
			}
		}
		path := Dir + "offers/" + tc.offer + ".json"
		if err := json.Unmarshal(files[path], &doc); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		p := doc.Prices["on_demand"]
		if p.Verdict != tc.verdict || p.Freshness != tc.freshness || p.Answers != tc.answers || p.Fallback != tc.fallback {
			t.Errorf("%s: verdict %q, freshness %q, answers %v, fallback %v; want %q, %q, %v, %v",
				tc.offer, p.Verdict, p.Freshness, p.Answers, p.Fallback, tc.verdict, tc.freshness, tc.answers, tc.fallback)
		}
		if p.AgeDays == nil || *p.AgeDays != tc.ageDays {
			t.Errorf("%s: age_days %v, want %d", tc.offer, p.AgeDays, tc.ageDays)
		}
	}
	var gpu struct {
		Cheapest map[string]struct {
			Offer      string
			PerGPUHour float64 `json:"per_gpu_hour"`
			Verdict    string
		}
	}
	if err := json.Unmarshal(files[GPUPath("a100")], &gpu); err != nil {
		t.Fatal(err)
	}
	if c := gpu.Cheapest["on_demand"]; c.Offer != "cloud/current-1x/r1" || c.PerGPUHour != 2 || c.Verdict != "current" {
		t.Errorf("A100 cheapest on demand: %+v, want cloud/current-1x/r1 at 2, current", c)
	}
	var idx struct {
		Prices struct {
			Total, Current int
			ByVerdict      map[string]int `json:"by_verdict"`
			NewestDate     string         `json:"newest_date"`
		}
	}
	if err := json.Unmarshal(files[IndexPath], &idx); err != nil {
		t.Fatal(err)
	}
	if p := idx.Prices; p.Total != 5 || p.Current != 1 || p.ByVerdict["stale"] != 2 || p.NewestDate != "2026-06-01" {
		t.Errorf("index prices: %+v, want 5 in all, 1 current, 2 stale, newest 2026-06-01", p)
	}
}

// TestChangesAreWrittenAsMarshalWritesThem holds the file of a month of
// changes, written one change at a time (writeChanges), to the bytes
// Marshal makes of the whole document: with no change, one, and several
// whose text json escapes.
func TestChangesAreWrittenAsMarshalWritesThem(t *testing.T) {
	pct := -12.5
	for _, n := range []int{0, 1, 3} {
		doc := changesDoc{head: head{API: Version, Kind: KindChanges, Schema: Schema(KindChanges), AgesTo: "2025-06-01"}, Month: "2025-06", Page: "changes/2025-06/index.html", Changes: []change{}}
		for i := range n {
			doc.Changes = append(doc.Changes, change{Provider: fmt.Sprintf("p<%d>&", i), Instance: "i\"x", Region: "r", Model: "on_demand", Percent: &pct, Source: "https://example.com/?a=1&b=<2>", SourceKind: "page"})
		}
		want, err := Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := writeChanges(&got, doc); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%d changes: written\n%s\nMarshal\n%s", n, got.Bytes(), want)
		}
	}
}
