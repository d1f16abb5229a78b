package export

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/render"
	"gpucompare/generator/synth"
)

// The offers' exports are appended by hand-written writers; encoding/json
// and encoding/csv are the reference they must match byte for byte.

// offerCSVLineByLibrary is an offer's line of compare/offers.csv as the
// fields csv.Writer is given: the reference of appendOfferCSV.
func offerCSVLineByLibrary(r *OfferExport) []string {
	line := []string{cell(r.ProviderName), cell(r.InstanceName), cell(r.Region), cell(r.GPUName), strconv.Itoa(r.GPUCount), fnum(r.GPUMemoryGB), fnum(r.VCPUs), fnum(r.RAMGiB), fnum(r.NetworkGbps),
		cell(r.Network), cell(r.Interconnect), cell(r.Billing), fnum(r.MinimumSeconds), strconv.FormatBool(r.PreviousGen), cell(r.PriceNotPublic), cell(r.PriceIncomplete), cell(r.URL)}
	for _, m := range pricing.Models {
		p := r.Prices[m]
		if p == nil {
			line = append(line, "", "", "", "", "", "")
			continue
		}
		line = append(line, fnum(&p.Hourly), cell(p.Currency), fnum(p.DisplayHourly), cell(p.Since), cell(p.Source), cell(p.SourceKind))
	}
	return line
}

// csvByLibrary is what csv.Writer writes of lines.
func csvByLibrary(lines ...[]string) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	for _, l := range lines {
		w.Write(l)
	}
	w.Flush()
	return buf.Bytes()
}

// checkOfferWriters compares the JSON (indented and compact) and the CSV
// line of e with what the libraries write of it.
func checkOfferWriters(t *testing.T, e *OfferExport) {
	t.Helper()
	w := JSONWriter{indent: true}
	w.Offer(e)
	want, err := json.MarshalIndent(e, JsonPrefix, JsonIndent)
	if (err == nil) != (w.err == nil) || err != nil && err.Error() != w.err.Error() {
		t.Fatalf("%#v: MarshalIndent error %v, written error %v", e, err, w.err)
	}
	if err == nil && !bytes.Equal(w.buf, want) {
		t.Fatalf("%#v: written indented\n%s\nMarshalIndent\n%s", e, w.buf, want)
	}
	w = JSONWriter{}
	w.Offer(e)
	want, err = json.Marshal(e)
	if (err == nil) != (w.err == nil) || err != nil && err.Error() != w.err.Error() {
		t.Fatalf("%#v: Marshal error %v, written error %v", e, err, w.err)
	}
	if err == nil && !bytes.Equal(w.buf, want) {
		t.Fatalf("%#v: written compact\n%s\nMarshal\n%s", e, w.buf, want)
	}
	if got, want := appendOfferCSV(nil, e, pricing.Models), csvByLibrary(offerCSVLineByLibrary(e)); !bytes.Equal(got, want) {
		t.Fatalf("%#v: written CSV\n%q\ncsv.Writer\n%q", e, got, want)
	}
}

// hostilePieces are bits of text that JSON or CSV must escape or quote,
// or that a spreadsheet would run.
var hostilePieces = []string{
	"", "a", "GPU 80 GB", " ", "\t", "\v", "\f", "\u00a0", "\u0085", "\u3000", "\u2000",
	"=1+1", "+x", "-5", "@SUM", "'", `\.`, `\`, `"`, `""`, ",", "\n", "\r", "\r\n", "\b",
	"<script>", "</script><!--", "&amp;", ">", "<", "&", "\u2028", "\u2029", "\x00", "\x1f", "\x7f",
	"\xff", "\xe2\x80", "\xed\xa0\x80", "é", "日本", "\U0001F600", "\ufffd", "\ufeff", "x,y", "1e21",
}

func hostileString(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(4) {
		b.WriteString(hostilePieces[r.IntN(len(hostilePieces))])
	}
	return b.String()
}

// specialFloats are numbers at the edges of encoding/json's two formats
// and of float64.
var specialFloats = []float64{
	0, math.Copysign(0, -1), 1, -1, 0.1, 1.0 / 3, 2.5, 6.588000000000001, 123456789.125, 1e6, 1e20,
	1e-6, 9.999999999999999e-7, 1e-7, 1.5e-10, 1e21, 9.999999999999999e20, 1e100, -1e-100, 5e-324,
	math.SmallestNonzeroFloat64, math.MaxFloat64, -math.MaxFloat64, 2.2250738585072014e-308,
}

func randomFloat(r *rand.Rand) float64 {
	switch r.IntN(3) {
	case 0:
		return specialFloats[r.IntN(len(specialFloats))]
	case 1:
		return r.NormFloat64() * math.Pow(10, float64(r.IntN(60)-30))
	}
	for {
		if f := math.Float64frombits(r.Uint64()); !math.IsNaN(f) && !math.IsInf(f, 0) {
			return f
		}
	}
}

func randomFloatPtr(r *rand.Rand) *float64 {
	if r.IntN(3) == 0 {
		return nil
	}
	f := randomFloat(r)
	return &f
}

// randomOffer is an offer's export with hostile text, numbers of every
// kind and fields left empty at random.
func randomOffer(r *rand.Rand) *OfferExport {
	s := func() string { return hostileString(r) }
	e := &OfferExport{
		Provider: s(), ProviderName: s(), Instance: s(), InstanceName: s(), URL: s(), Region: s(), RegionName: s(),
		GPU: s(), GPUName: s(), GPUCount: r.IntN(20) - 2, GPUMemoryGB: randomFloatPtr(r), VCPUs: randomFloatPtr(r),
		RAMGiB: randomFloatPtr(r), NetworkGbps: randomFloatPtr(r), Network: s(), Interconnect: s(), Billing: s(),
		MinimumSeconds: randomFloatPtr(r), PreviousGen: r.IntN(2) == 0, PriceNotPublic: s(), PriceIncomplete: s(), Source: s(),
	}
	switch r.IntN(3) {
	case 0:
		e.Certifications = []string{}
	case 1:
		for range 1 + r.IntN(3) {
			e.Certifications = append(e.Certifications, s())
		}
	}
	if r.IntN(4) > 0 {
		e.Prices = map[string]*PriceExport{}
		for range r.IntN(len(pricing.Models) + 1) {
			model := pricing.Models[r.IntN(len(pricing.Models))]
			if r.IntN(8) == 0 {
				model = s() // not a pricing model: JSON only
			}
			if r.IntN(12) == 0 {
				e.Prices[model] = nil
				continue
			}
			e.Prices[model] = &PriceExport{
				Amount: randomFloatPtr(r), Upfront: randomFloatPtr(r), EffectiveHourly: randomFloatPtr(r), DiscountPct: randomFloatPtr(r),
				PerGPU: r.IntN(2) == 0, Approximate: r.IntN(2) == 0, Payment: s(), Currency: s(), Hourly: randomFloat(r), Basis: s(),
				DisplayHourly: randomFloatPtr(r), FXRate: randomFloatPtr(r), FXDate: s(), Since: s(), AsOf: s(), Source: s(), SourceKind: s(),
			}
		}
	}
	return e
}

func TestOfferWritersWriteWhatTheLibrariesWrite(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		checkOfferWriters(t, randomOffer(r))
	}
	checkOfferWriters(t, &OfferExport{})
}

func TestOfferWritersRefuseWhatJSONCannotHold(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		e := randomOffer(r)
		e.VCPUs = &bad
		checkOfferWriters(t, e)
		e = randomOffer(r)
		e.Prices = map[string]*PriceExport{"spot": {Hourly: bad}}
		checkOfferWriters(t, e)
	}
}

func TestCSVFieldsAreCSVWriters(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		fields := make([]string, 1+r.IntN(3))
		for i := range fields {
			fields[i] = hostileString(r)
		}
		if got, want := appendCSVLine(nil, fields), csvByLibrary(fields); !bytes.Equal(got, want) {
			t.Fatalf("%q: written %q, csv.Writer %q", fields, got, want)
		}
		s := hostileString(r)
		if got, want := appendCSVLine(appendCSVCell(nil, s), nil), csvByLibrary([]string{cell(s)}); !bytes.Equal(got, want) {
			t.Fatalf("cell %q: written %q, csv.Writer %q", s, got, want)
		}
	}
}

func FuzzOfferWriters(f *testing.F) {
	f.Add("AWS", "p4d.24xlarge", 32.77, 1e-7, uint8(0xff))
	f.Add("</script>\u2028", "=cmd|' /C calc'!A0", math.Copysign(0, -1), 1e21, uint8(0x0f))
	f.Add(" lead,\"q\"\r\n", "\xff\\.", 5e-324, 9.999999999999999e20, uint8(0xa5))
	f.Fuzz(func(t *testing.T, s1, s2 string, x, y float64, flags uint8) {
		on := func(bit int) bool { return flags&(1<<bit) != 0 }
		opt := func(bit int, v float64) *float64 {
			if on(bit) {
				return &v
			}
			return nil
		}
		e := &OfferExport{
			Provider: s1, ProviderName: s2, Instance: s2 + s1, InstanceName: s1, URL: s2, Region: s1, RegionName: s2,
			GPU: s1, GPUName: s2, GPUCount: int(flags), GPUMemoryGB: opt(0, x), VCPUs: opt(1, y), Network: s2,
			MinimumSeconds: opt(2, x*y), PreviousGen: on(3), PriceNotPublic: s1, PriceIncomplete: s2, Source: s2 + "," + s1,
		}
		if on(4) {
			e.Certifications = []string{s1, s2}
		}
		if on(5) {
			e.Prices = map[string]*PriceExport{
				"on_demand": {Amount: opt(6, x), Currency: s1, Hourly: y, Basis: s2, DisplayHourly: opt(7, x/3), Since: s2, Source: s1, SourceKind: s2},
				s1:          {Upfront: &y, PerGPU: true, Currency: s2, Hourly: x, Since: s1, Source: s2, FXRate: &x, FXDate: s1},
			}
		}
		checkOfferWriters(t, e)
	})
}

// synthBuilder is a loaded synthetic catalog of n offers,
// and its offers.
func synthBuilder(t testing.TB, n int) (*synthCatalog, []*pricing.Offer) {
	t.Helper()
	root := fstest.MapFS{}
	for name, data := range synth.Files(n) {
		root[name] = &fstest.MapFile{Data: data}
	}
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	tfs, err := fs.Sub(gpucompare.Assets, "templates")
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := render.LoadMessages(tfs, "en", nil)
	if err != nil {
		t.Fatal(err)
	}
	return &synthCatalog{cat: cat, tmpl: &render.Templates{Msgs: msgs}}, pricing.Offers(cat, cat.Site.Currency)
}

// synthCatalog is a loaded catalog and the messages its exports are
// worded with.
type synthCatalog struct {
	cat  *catalog.Catalog
	tmpl *render.Templates
}

// firstDiff says where got first differs from want.
func firstDiff(want, got []byte) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	return fmt.Sprintf("byte %d: want %q, got %q", i, want[i:min(len(want), i+40)], got[i:min(len(got), i+40)])
}

// An exporter's export holds nothing of the offer before.
func TestOfferExporterKeepsNothingOfTheOfferBefore(t *testing.T) {
	b, offers := synthBuilder(t, 300)
	reused := NewOfferExporter(b.cat, b.tmpl.Msgs)
	for i, o := range offers {
		for _, before := range []*pricing.Offer{offers[len(offers)-1-i], offers[(i+7)%len(offers)]} {
			reused.Of(before)
			got, err := json.Marshal(reused.Of(o))
			if err != nil {
				t.Fatal(err)
			}
			want, err := json.Marshal(NewOfferExporter(b.cat, b.tmpl.Msgs).Of(o))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("offer %d after another:\n%s\nalone:\n%s", i, got, want)
			}
		}
	}
}

// compare/offers.json and .csv are what json.MarshalIndent writes of the
// whole document and csv.Writer of every line.
func TestOffersExportsAreWhatTheLibrariesWrite(t *testing.T) {
	b, offers := synthBuilder(t, 500)
	b.cat.Site.Title, b.cat.Site.Currency = `<T> & "x"`+"\u2028", "E,UR"
	var js, cs bytes.Buffer
	if err := WriteOffers(&js, &cs, b.cat, b.tmpl.Msgs, offers); err != nil {
		t.Fatal(err)
	}
	doc := OffersDoc(b.cat)
	lines := [][]string{offersCSVHead(b.cat.Site.Currency)}
	for _, o := range offers {
		e := NewOfferExporter(b.cat, b.tmpl.Msgs).Of(o)
		doc.Offers = append(doc.Offers, e)
		lines = append(lines, offerCSVLineByLibrary(e))
	}
	want, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if want = append(want, '\n'); !bytes.Equal(js.Bytes(), want) {
		t.Errorf("offers.json differs from MarshalIndent's at %s", firstDiff(want, js.Bytes()))
	}
	if want := csvByLibrary(lines...); !bytes.Equal(cs.Bytes(), want) {
		t.Errorf("offers.csv differs from csv.Writer's at %s", firstDiff(want, cs.Bytes()))
	}
}

// BenchmarkRow makes one row of each export, the offer's export included,
// cycling over the offers of a 1,000-offer synthetic catalog.
func BenchmarkRow(b *testing.B) {
	bl, offers := synthBuilder(b, 1000)
	x := NewOfferExporter(bl.cat, bl.tmpl.Msgs)
	b.Run("export", func(b *testing.B) {
		i := 0
		for b.Loop() {
			x.Of(offers[i%len(offers)])
			i++
		}
	})
	for _, indent := range []bool{true, false} {
		name := "json-compact"
		if indent {
			name = "json-indented"
		}
		b.Run(name, func(b *testing.B) {
			w := JSONWriter{indent: indent}
			i := 0
			for b.Loop() {
				w.buf = w.buf[:0]
				w.Offer(x.Of(offers[i%len(offers)]))
				i++
			}
		})
	}
	b.Run("csv", func(b *testing.B) {
		var line []byte
		i := 0
		for b.Loop() {
			line = appendOfferCSV(line[:0], x.Of(offers[i%len(offers)]), pricing.Models)
			i++
		}
	})
}

func TestCSVCellsAreNotFormulas(t *testing.T) {
	for in, want := range map[string]string{
		"=HYPERLINK(\"http://x\")": "'=HYPERLINK(\"http://x\")",
		"+1":                       "'+1",
		"-2":                       "'-2",
		"@SUM(A1)":                 "'@SUM(A1)",
		"p4d.24xlarge":             "p4d.24xlarge",
		"":                         "",
	} {
		if got := cell(in); got != want {
			t.Errorf("cell(%q) = %q, want %q", in, got, want)
		}
	}
}

// The offers export is written offer by offer; it must be what
// json.MarshalIndent writes of the whole document, byte for byte.
func TestIndentedListWritesWhatMarshalIndentWrites(t *testing.T) {
	amount := 1.5
	offer := func(i int) *OfferExport {
		return &OfferExport{
			Provider: fmt.Sprintf("p%d", i), ProviderName: `<script>"&'` + "\u2028", Instance: "i", InstanceName: "a\tb\\c",
			GPUCount: i, GPUMemoryGB: &amount, Certifications: []string{"SOC 2", "<iso>"},
			Prices: map[string]*PriceExport{"spot": {Amount: &amount, Currency: "USD", Hourly: 0.1, Basis: "hourly"}, "on_demand": {Currency: "EUR", Hourly: 2e-7}},
		}
	}
	for _, n := range []int{0, 1, 3} {
		doc := OffersExport{Title: "T & <b>", Currency: "USD", FX: []fxExport{{Base: "EUR", Quote: "USD", Rate: 1.08, Date: "2025-01", Source: "ecb"}}, Models: []string{"on_demand", "spot"}, Offers: []*OfferExport{}}
		var got bytes.Buffer
		l, err := newIndentedList(&got, doc)
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			doc.Offers = append(doc.Offers, offer(i))
			if err := l.Add(offer(i)); err != nil {
				t.Fatal(err)
			}
		}
		if err := l.Close(); err != nil {
			t.Fatal(err)
		}
		want, err := json.MarshalIndent(doc, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, '\n')
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%d offers: written\n%s\nMarshalIndent\n%s", n, got.Bytes(), want)
		}
	}
}

func TestIndentedListRefusesADocNotEndingInAnEmptyList(t *testing.T) {
	for _, doc := range []any{
		struct {
			List []int `json:"list"`
		}{}, // nil: null
		struct {
			List  []int  `json:"list"`
			Title string `json:"title"`
		}{List: []int{}},
	} {
		if _, err := newIndentedList(new(bytes.Buffer), doc); err == nil {
			t.Errorf("%#v: no error", doc)
		}
	}
}
