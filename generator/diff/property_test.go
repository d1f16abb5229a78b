package diff

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"go.yaml.in/yaml/v3"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site"
)

// TestShownChangesAreWhatTheExportsShow edits a copy of the shipped
// catalog at random — a point's amount, currency, per_gpu,
// effective_hourly or upfront, an exchange rate changed or added, a point
// removed — builds the site of base and head, and holds the shown price
// changes of the diff to the prices of the two builds' compare/offers.json:
// the offers and pricing models whose price differs there (quoted, in the
// site currency, or per GPU-hour), and only those. The random source is
// seeded, so a failure names the seed and the edits that reproduce it.
func TestShownChangesAreWhatTheExportsShow(t *testing.T) {
	shipped := fstest.MapFS{}
	err := fs.WalkDir(os.DirFS("../.."), "data", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(os.DirFS("../.."), p)
		shipped[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	base, baseReport := loadFS(t, shipped)
	baseOffers := buildOffers(t, base, shipped)

	// Two edits a build, each kind of edit in turn so that every kind is
	// made within four builds.
	const seed, iterations = 20261204, 4
	rng := rand.New(rand.NewPCG(seed, 0))
	moved, kind := 0, 0
	for i := 0; i < iterations; {
		head := maps(shipped)
		var edits []string
		for range 2 {
			edits = append(edits, randomEdit(t, rng, head, kind%editKinds))
			kind++
		}
		cat, report := catalog.Load(head)
		if len(report.Errors()) > 0 {
			t.Logf("edits %q: refused by the catalog: %s", edits, report.Errors()[0].Message)
			kind -= 2 // the same kinds again, on other points
			continue
		}
		i++
		r := Compare(base, cat, baseReport, report)
		got := map[string]bool{}
		for _, c := range r.Shown {
			got[c.Provider+"/"+c.Instance+"/"+c.Region+"/"+c.Model] = true
		}
		want := offersMoved(baseOffers, buildOffers(t, cat, head))
		moved += len(want)
		t.Logf("edits %q: %d offer prices move", edits, len(want))
		for k := range want {
			if !got[k] {
				t.Errorf("seed %d, edits %q: the price of %s moves in offers.json, but the diff does not show it", seed, edits, k)
			}
		}
		for k := range got {
			if !want[k] {
				t.Errorf("seed %d, edits %q: the diff shows %s moved, but its price in offers.json stays", seed, edits, k)
			}
		}
	}
	if moved == 0 {
		t.Errorf("seed %d: no edit moved a price: the edits test nothing", seed)
	}
}

func maps(fsys fstest.MapFS) fstest.MapFS {
	out := fstest.MapFS{}
	for k, v := range fsys {
		out[k] = &fstest.MapFile{Data: v.Data}
	}
	return out
}

// exportedOffers is what the test reads of compare/offers.json.
type exportedOffers struct {
	Currency string `json:"currency"`
	Offers   []struct {
		Provider string `json:"provider"`
		Instance string `json:"instance"`
		Region   string `json:"region"`
		GPUCount int    `json:"gpu_count"`
		Prices   map[string]struct {
			Currency      string   `json:"currency"`
			Hourly        float64  `json:"hourly"`
			DisplayHourly *float64 `json:"display_hourly"`
		} `json:"prices"`
	} `json:"offers"`
}

// buildOffers builds the site of a catalog in memory and returns the
// price of each offer and pricing model in its compare/offers.json as
// text: quoted, in the site currency and per GPU-hour.
func buildOffers(t *testing.T, cat *catalog.Catalog, root fs.FS) map[string]string {
	t.Helper()
	files, _, err := site.Build(cat, root, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var doc exportedOffers
	if err := json.Unmarshal(files["compare/offers.json"], &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, o := range doc.Offers {
		for m, p := range o.Prices {
			shown := "—"
			if p.DisplayHourly != nil {
				shown = strconv.FormatFloat(*p.DisplayHourly, 'g', -1, 64)
				if o.GPUCount > 0 {
					shown += " " + strconv.FormatFloat(pricing.Round(*p.DisplayHourly/float64(o.GPUCount), 6), 'g', -1, 64)
				}
			}
			out[o.Provider+"/"+o.Instance+"/"+o.Region+"/"+m] = fmt.Sprintf("%s %g, %s %s", p.Currency, p.Hourly, doc.Currency, shown)
		}
	}
	return out
}

// offersMoved are the offer prices that differ between two builds, or
// that one has and the other not.
func offersMoved(base, head map[string]string) map[string]bool {
	out := map[string]bool{}
	for k, v := range head {
		if base[k] != v {
			out[k] = true
		}
	}
	for k := range base {
		if _, ok := head[k]; !ok {
			out[k] = true
		}
	}
	return out
}

// editKinds are the kinds of randomEdit: five of a point's fields, a point
// removed, an exchange rate.
const editKinds = 7

// randomEdit makes an edit of one kind (of editKinds) of the catalog in
// fsys, at random, and says what it did.
func randomEdit(t *testing.T, rng *rand.Rand, fsys fstest.MapFS, kind int) string {
	t.Helper()
	if kind == 6 {
		return editRates(t, rng, fsys)
	}
	var files []string
	for name := range fsys {
		if strings.HasPrefix(name, "data/prices/") {
			files = append(files, name)
		}
	}
	slices.Sort(files)
	for {
		name := files[rng.IntN(len(files))]
		doc := parseYAML(t, fsys[name].Data)
		points := field(doc.Content[0], "prices")
		if points == nil || len(points.Content) == 0 {
			continue
		}
		// Mostly the latest point of a series, which the site shows.
		i := rng.IntN(len(points.Content))
		if last := latestPoints(points); rng.IntN(3) > 0 {
			i = last[rng.IntN(len(last))]
		}
		p := points.Content[i]
		what := ""
		switch kind {
		case 0:
			v := []float64{0.5, 0.9, 1.1, 3}[rng.IntN(4)] * (1 + float64(rng.IntN(50)))
			set(p, "amount", strconv.FormatFloat(v, 'f', -1, 64))
			what = "amount"
		case 1:
			cur := "USD"
			if f := field(p, "currency"); f != nil && f.Value == "USD" {
				cur = "CNY"
			}
			set(p, "currency", cur)
			what = "currency " + cur
		case 2:
			if f := field(p, "per_gpu"); f != nil && f.Value == "true" {
				unset(p, "per_gpu")
			} else {
				set(p, "per_gpu", "true")
			}
			what = "per_gpu"
		case 3:
			set(p, "effective_hourly", strconv.FormatFloat(float64(1+rng.IntN(400))/8, 'f', -1, 64))
			what = "effective_hourly"
		case 4:
			set(p, "upfront", strconv.Itoa(1000*(1+rng.IntN(100))))
			what = "upfront"
		case 5:
			points.Content = slices.Delete(points.Content, i, i+1)
			what = "removed"
		}
		fsys[name] = &fstest.MapFile{Data: marshalYAML(t, doc)}
		return fmt.Sprintf("%s point %d: %s", path.Base(name), i+1, what)
	}
}

// editRates changes an exchange rate or adds a newer one.
func editRates(t *testing.T, rng *rand.Rand, fsys fstest.MapFS) string {
	doc := parseYAML(t, fsys["data/fx.yaml"].Data)
	rates := field(doc.Content[0], "rates")
	var what string
	if rng.IntN(2) == 0 {
		i := rng.IntN(len(rates.Content))
		r := field(rates.Content[i], "rate")
		v, _ := strconv.ParseFloat(r.Value, 64)
		r.Value = strconv.FormatFloat(v*[]float64{0.1, 0.95, 1.05, 10}[rng.IntN(4)], 'f', -1, 64)
		what = "rate " + strconv.Itoa(i+1) + " " + r.Value
	} else {
		v := strconv.FormatFloat(float64(1+rng.IntN(800))/100, 'f', -1, 64)
		var n yaml.Node
		if err := yaml.Unmarshal([]byte("{base: USD, quote: CNY, rate: "+v+", date: '2026-12-01', source: s}"), &n); err != nil {
			t.Fatal(err)
		}
		rates.Content = append(rates.Content, n.Content[0])
		what = "new rate " + v
	}
	fsys["data/fx.yaml"] = &fstest.MapFile{Data: marshalYAML(t, doc)}
	return what
}

// latestPoints are the places of the latest point of each series.
func latestPoints(points *yaml.Node) []int {
	last := map[string]int{}
	var keys []string
	for i, p := range points.Content {
		var k string
		for _, f := range []string{"instance", "region", "model", "payment"} {
			if v := field(p, f); v != nil {
				k += v.Value
			}
			k += "/"
		}
		if _, ok := last[k]; !ok {
			keys = append(keys, k)
		}
		last[k] = i
	}
	out := make([]int, 0, len(keys))
	for _, k := range keys {
		out = append(out, last[k])
	}
	return out
}

func parseYAML(t *testing.T, data []byte) *yaml.Node {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return &doc
}

func marshalYAML(t *testing.T, doc *yaml.Node) []byte {
	out, err := yaml.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// field is the value of key in mapping m, nil if absent.
func field(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// set gives key in mapping m a plain scalar value.
func set(m *yaml.Node, key, value string) {
	if v := field(m, key); v != nil {
		v.Kind, v.Tag, v.Value, v.Style, v.Content = yaml.ScalarNode, "", value, 0, nil
		return
	}
	m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, &yaml.Node{Kind: yaml.ScalarNode, Value: value})
}

// unset removes key from mapping m.
func unset(m *yaml.Node, key string) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			m.Content = slices.Delete(m.Content, i, i+2)
			return
		}
	}
}
