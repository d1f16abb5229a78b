package feed

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"html"
	"math"
	"math/rand/v2"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/feeds"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// The entries of Item.Entry are written by hand; these tests hold them to
// the gorilla/feeds items they stand for, encoded by encoding/xml and
// encoding/json (encodeEntry), and the titles, bodies and ids to the
// fmt-based code they replace.

// referenceEntry encodes c as an entry through gorilla/feeds, encoding/xml
// and encoding/json, with the title, body and id made by fmt.
func referenceEntry(it Item, c *Change) (*Entry, error) {
	t, ok := c.Date().Time()
	if !ok {
		return nil, nil
	}
	body := referenceDescribe(c)
	return encodeEntry(t, body, &feeds.Item{
		Id:          referenceID(it, c),
		IsPermaLink: "false",
		Title:       referenceTitle(c, it.Words),
		Link:        &feeds.Link{Href: it.InstanceURL(c.Instance)},
		Description: html.EscapeString(body),
		Created:     t,
		Updated:     t,
	})
}

func referenceID(it Item, c *Change) string {
	k := c.Series
	parts := []string{"price", k.Provider, k.Instance, k.Region, k.Model}
	if k.Payment != "" {
		parts = append(parts, k.Payment)
	}
	parts = append(parts, string(c.Date()))
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return fmt.Sprintf("tag:%s,%s:%s", it.TagAuthority, tagDate, strings.Join(parts, "/"))
}

func referenceTitle(c *Change, w Words) string {
	region := c.Series.Region
	if region == catalog.AllRegions {
		region = w.AllRegions
	}
	side := func(p *catalog.PricePoint, h *pricing.Hourly) string {
		if h == nil {
			if p.DiscountPct() != nil {
				return strconv.FormatFloat(*p.DiscountPct(), 'f', -1, 64) + w.Off
			}
			return "?"
		}
		s := referenceMoney(h.Amount, h.Currency)
		if p.PerGPU && h.Basis == pricing.BasisQuoted {
			s += w.PerGPU
		}
		return s
	}
	s := fmt.Sprintf("%s %s, %s: %s → %s", c.Instance.Name, w.Model(c.Series.Model), region, side(c.Old, c.From), side(c.New, c.To))
	if c.Percent != nil {
		s += " (" + referencePercent(*c.Percent) + ")"
	}
	return s
}

func referenceMoney(v float64, currency string) string {
	places := pricing.ShownDecimals(v)
	n := strconv.FormatFloat(pricing.Round(v, places), 'f', places, 64)
	if sym, ok := symbols[currency]; ok {
		return sym + n
	}
	return n + " " + currency
}

func referencePercent(p float64) string {
	r := pricing.Round(p, 1)
	s := strconv.FormatFloat(math.Abs(r), 'f', 1, 64) + "%"
	switch {
	case r < 0:
		return "−" + s
	case r > 0:
		return "+" + s
	}
	return s
}

func referenceDescribe(c *Change) string {
	var b strings.Builder
	b.WriteString(referenceTitle(c, English))
	fmt.Fprintf(&b, ". Since %s", c.New.Since)
	if c.New.AsOf() != "" {
		fmt.Fprintf(&b, " (as of %s)", c.New.AsOf())
	}
	fmt.Fprintf(&b, ". Source: %s", c.New.Source)
	if c.Old.Source != c.New.Source {
		fmt.Fprintf(&b, ". Previous price: %s", c.Old.Source)
	}
	if c.New.Note() != "" {
		fmt.Fprintf(&b, ". Note: %s", c.New.Note())
	}
	return b.String()
}

// sameBytes requires the same bytes of the entries got and want in each
// format.
func sameBytes(t *testing.T, got, want *Entry) {
	t.Helper()
	for _, f := range []struct {
		name      string
		got, want []byte
	}{{"rss", got.rss, want.rss}, {"atom", got.atom, want.atom}, {"json", got.json, want.json}} {
		if !bytes.Equal(f.got, f.want) {
			t.Errorf("%s entry:\n%q\nwant\n%q", f.name, f.got, f.want)
		}
	}
}

// checkEntry requires the same bytes of Entry and referenceEntry, and of
// the text they are made of.
func checkEntry(t *testing.T, it Item, c *Change) {
	t.Helper()
	got, err := it.Entry(c)
	want, wantErr := referenceEntry(it, c)
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("error %v, want %v", err, wantErr)
	}
	if (got == nil) != (want == nil) {
		t.Fatalf("entry %v, want %v", got, want)
	}
	if got != nil {
		if !got.date.Equal(want.date) {
			t.Errorf("date %v, want %v", got.date, want.date)
		}
		sameBytes(t, got, want)
	}
	for _, w := range []Words{English, it.Words} {
		if got, want := c.Title(w), referenceTitle(c, w); got != want {
			t.Errorf("title %q, want %q", got, want)
		}
	}
	if got, want := describe(c), referenceDescribe(c); got != want {
		t.Errorf("body %q, want %q", got, want)
	}
	if got, want := it.ID(c), referenceID(it, c); got != want {
		t.Errorf("id %q, want %q", got, want)
	}
	for _, h := range []*pricing.Hourly{c.From, c.To} {
		if h != nil && Money(h.Amount, h.Currency) != referenceMoney(h.Amount, h.Currency) {
			t.Errorf("Money(%v, %q) = %q, want %q", h.Amount, h.Currency, Money(h.Amount, h.Currency), referenceMoney(h.Amount, h.Currency))
		}
	}
	if c.Percent != nil && Percent(*c.Percent) != referencePercent(*c.Percent) {
		t.Errorf("Percent(%v) = %q, want %q", *c.Percent, Percent(*c.Percent), referencePercent(*c.Percent))
	}
}

// hostile are pieces of text that each format escapes, or that decoders
// stumble on: markup, quotes, control characters, invalid UTF-8 and
// characters XML does not allow, U+2028 and U+2029, and the placeholder.
var hostile = []string{
	"<", ">", "&", "'", `"`, `\`, "/", "%", " ", "?", "#", ":", ",", "]]>", "-->", "<script>alert(1)</script>", "&amp;", "&#39;",
	"\t", "\n", "\r", "\r\n", "\x00", "\x01", "\b", "\f", "\x1f", "\x7f",
	"\x80", "\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf",
	"\ufffd", "\ufffe", "\uffff", "\ufdd0", "\u2028", "\u2029", "\u0085", "\u00a0", "é", "€", "→", "−", "😀", "\U0010ffff", "\ue000",
	"placeholder", "</item>", "</entry>", `"}, {"id": "placeholder"`, "tag:", "https://x.example/a b?c=d&e=f",
	"all", "on_demand", "USD", "EUR", "JPY", "SGD",
}

// randomText joins up to six random pieces of hostile text or random bytes.
func randomText(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(7) {
		switch r.IntN(4) {
		case 0:
			b.WriteByte(byte(r.IntN(256)))
		case 1:
			b.WriteString("abc-12.x")
		default:
			b.WriteString(hostile[r.IntN(len(hostile))])
		}
	}
	return b.String()
}

// randomDate is a valid catalog date: a year, a month or a day; often
// one of a few, so that entries in a row share their date.
func randomDate(r *rand.Rand) catalog.Date {
	if r.IntN(2) == 0 {
		return []catalog.Date{"2025", "2025-06", "2025-06-01"}[r.IntN(3)]
	}
	t := time.Date(r.IntN(10000), time.January, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, r.IntN(366))
	return catalog.Date(t.Format([]string{"2006", "2006-01", "2006-01-02"}[r.IntN(3)]))
}

func randomFloat(r *rand.Rand) float64 {
	switch r.IntN(8) {
	case 0:
		return []float64{0, -0.0, math.Inf(1), math.Inf(-1), math.NaN(), 1e300, -1e-300, 0.005, 0.0005, 2.675, 0.9995, 0.00995}[r.IntN(12)]
	case 1:
		return -r.Float64() * 100
	case 2:
		return r.Float64() / 100
	}
	return math.Round(r.Float64()*1e6) / 1e4
}

func randomHourly(r *rand.Rand) *pricing.Hourly {
	if r.IntN(4) == 0 {
		return nil
	}
	basis := "quoted"
	if r.IntN(3) == 0 {
		basis = randomText(r)
	}
	currency := []string{"USD", "EUR", "GBP", "CNY", "JPY", "SGD", ""}[r.IntN(7)]
	if r.IntN(4) == 0 {
		currency = randomText(r)
	}
	return &pricing.Hourly{Amount: randomFloat(r), Currency: currency, Basis: basis}
}

func randomPoint(r *rand.Rand) *catalog.PricePoint {
	p := &catalog.PricePoint{Since: randomDate(r), Source: randomText(r), PerGPU: r.IntN(2) == 0}
	if r.IntN(2) == 0 {
		p.Extras().AsOf = randomText(r)
	}
	if r.IntN(2) == 0 {
		p.Extras().Note = randomText(r)
	}
	if r.IntN(2) == 0 {
		d := randomFloat(r)
		p.Extras().DiscountPct = &d
	}
	return p
}

// randomChange is a dated change of random, mostly hostile, text and
// figures; some of its ends share their source.
func randomChange(r *rand.Rand) *Change {
	c := &Change{
		Series:   catalog.SeriesKey{Provider: randomText(r), Instance: randomText(r), Region: randomText(r), Model: randomText(r)},
		Instance: &catalog.Instance{ID: randomText(r), Name: randomText(r)},
		Old:      randomPoint(r), New: randomPoint(r),
		From: randomHourly(r), To: randomHourly(r),
	}
	if r.IntN(3) == 0 {
		c.Series.Region = catalog.AllRegions
	}
	if r.IntN(2) == 0 {
		c.Series.Payment = randomText(r)
	}
	if r.IntN(2) == 0 {
		c.Old.Source = c.New.Source
	}
	if r.IntN(3) > 0 {
		p := randomFloat(r)
		c.Percent = &p
	}
	return c
}

// randomItem tells changes in random, mostly hostile, words.
func randomItem(r *rand.Rand) Item {
	model, link := randomText(r), randomText(r)
	return Item{
		Words: Words{
			Model:      func(m string) string { return model + m },
			AllRegions: randomText(r), PerGPU: randomText(r), Off: randomText(r),
		},
		TagAuthority: randomText(r),
		InstanceURL:  func(in *catalog.Instance) string { return link + in.ID },
	}
}

// TestEntriesEqualTheLibrariesEncoding encodes the changes of the test
// catalog and thousands of random, hostile ones both ways.
func TestEntriesEqualTheLibrariesEncoding(t *testing.T) {
	it := Item{Words: English, TagAuthority: "gpus.example.com", InstanceURL: func(in *catalog.Instance) string {
		return "https://gpus.example.com/instances/" + in.Provider.ID + "/" + in.ID + "/"
	}}
	for _, c := range Changes(loadHistory(t, history)) {
		checkEntry(t, it, c)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		checkEntry(t, randomItem(r), randomChange(r))
		if t.Failed() {
			break // the first difference is enough
		}
	}
}

// TestEscapersEqualTheLibraries escapes every one- and two-piece string of
// hostile text, every byte and random bytes both ways.
func TestEscapersEqualTheLibraries(t *testing.T) {
	var inputs []string
	for _, a := range hostile {
		for _, b := range hostile {
			inputs = append(inputs, a+b)
		}
	}
	for c := range 256 {
		inputs = append(inputs, string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"b")
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		inputs = append(inputs, string(b))
	}
	for _, s := range inputs {
		checkEscapers(t, s)
	}
}

// checkEscapers compares the escapers with encoding/xml, html and
// encoding/json on s.
func checkEscapers(t *testing.T, s string) {
	t.Helper()
	var x bytes.Buffer
	if err := xml.EscapeText(&x, []byte(s)); err != nil {
		t.Fatal(err)
	}
	if got := appendXMLText(nil, []byte(s)); !bytes.Equal(got, x.Bytes()) {
		t.Errorf("XML text of %q: %q, want %q", s, got, x.Bytes())
	}
	x.Reset()
	if err := xml.EscapeText(&x, []byte(html.EscapeString(s))); err != nil {
		t.Fatal(err)
	}
	if got := appendXMLEscapedHTML(nil, []byte(s)); !bytes.Equal(got, x.Bytes()) {
		t.Errorf("XML text of HTML of %q: %q, want %q", s, got, x.Bytes())
	}
}

// FuzzEntry encodes a change made of fuzzed text and figures both ways.
func FuzzEntry(f *testing.F) {
	f.Add("p4d.24xlarge", "on_demand", "us-east-1", "aws", "", "2025-06-01", "s", "https://x.example/", "<script>", 32.7726, 21.957642, -33.0, uint8(0))
	f.Add("\xff\u2028", "all", "all", "a/b c", "\x00", "0000", "\"]]>", "", "\t\r\n", 0.0049, math.Inf(1), math.NaN(), uint8(255))
	f.Fuzz(func(t *testing.T, name, model, region, text, payment, date, source, link, note string, from, to, pct float64, flags uint8) {
		d := catalog.Date(date)
		if _, ok := d.Time(); !ok {
			d = "2025-01-02"
		}
		c := &Change{
			Series:   catalog.SeriesKey{Provider: text, Instance: name, Region: region, Model: model, Payment: payment},
			Instance: &catalog.Instance{ID: text, Name: name},
			Old:      &catalog.PricePoint{Since: "2024", Source: text, PerGPU: flags&1 != 0},
			New:      &catalog.PricePoint{Since: d, Source: source, PerGPU: flags&2 != 0, Extra: &catalog.PriceExtra{AsOf: note, Note: note}},
			From:     &pricing.Hourly{Amount: from, Currency: model, Basis: "quoted"},
			To:       &pricing.Hourly{Amount: to, Currency: "USD", Basis: text},
		}
		if flags&4 != 0 {
			c.Percent = &pct
		}
		if flags&8 != 0 {
			c.From, c.Old.Extras().DiscountPct = nil, &pct
		}
		if flags&16 != 0 {
			c.To = nil
		}
		it := Item{
			Words:        Words{Model: func(m string) string { return note + m }, AllRegions: source, PerGPU: note, Off: link},
			TagAuthority: link,
			InstanceURL:  func(*catalog.Instance) string { return link },
		}
		checkEntry(t, it, c)
		checkEscapers(t, name+note)
	})
}

// TestEntryOfAYearJSONCannotHold: JSON Feed dates are RFC 3339, years 0
// to 9999; Entry refuses others as encoding/json does.
func TestEntryOfAYearJSONCannotHold(t *testing.T) {
	c := Changes(loadHistory(t, history))[0]
	it := Item{Words: English, InstanceURL: func(*catalog.Instance) string { return "https://x.example/" }}
	for _, year := range []int{-1, 0, 9999, 10000} {
		d := time.Date(year, time.March, 4, 0, 0, 0, 0, time.UTC)
		item := &feeds.Item{Id: it.ID(c), IsPermaLink: "false", Title: c.Title(English), Link: &feeds.Link{Href: "https://x.example/"},
			Description: html.EscapeString(describe(c)), Created: d, Updated: d}
		want, wantErr := encodeEntry(d, describe(c), item)
		got, err := new(entryWriter).entry(it, c, d)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("year %d: error %v, want %v", year, err, wantErr)
		}
		if err == nil && (!bytes.Equal(got.rss, want.rss) || !bytes.Equal(got.atom, want.atom) || !bytes.Equal(got.json, want.json)) {
			t.Errorf("year %d: entry differs:\n%s\n%s\n%s\nwant\n%s\n%s\n%s", year, got.rss, got.atom, got.json, want.rss, want.atom, want.json)
		}
	}
}
