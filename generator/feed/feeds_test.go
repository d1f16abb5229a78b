package feed

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"html"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/feeds"
	"github.com/mmcdole/gofeed"

	"gpucompare/generator/catalog"
)

var update = flag.Bool("update", false, "rewrite golden files")

func renderHistory(t *testing.T) Docs {
	t.Helper()
	changes := Changes(loadHistory(t, history))
	docs, err := Render(Feed{
		Title:       "T: price changes",
		Description: "Every dated change of a price in the catalog.",
		PageURL:     "https://gpus.example.com/changes/",
		FeedURL:     "https://gpus.example.com/",
		Updated:     time.Date(2025, 7, 15, 0, 0, 0, 0, time.UTC),
	}, changes, Item{
		Words:        English,
		TagAuthority: "gpus.example.com",
		InstanceURL: func(in *catalog.Instance) string {
			return "https://gpus.example.com/instances/" + in.Provider.ID + "/" + in.ID + "/"
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return docs
}

// TestFeedGoldens compares the three documents of a small site with
// reviewed goldens (go test -update rewrites them), and builds twice.
func TestFeedGoldens(t *testing.T) {
	docs := renderHistory(t)
	again := renderHistory(t)
	for name, pair := range map[string][2][]byte{
		"feed.xml":  {docs.RSS, again.RSS},
		"atom.xml":  {docs.Atom, again.Atom},
		"feed.json": {docs.JSON, again.JSON},
	} {
		if !bytes.Equal(pair[0], pair[1]) {
			t.Errorf("%s differs between two renders", name)
		}
		golden := "testdata/" + name
		if *update {
			os.MkdirAll("testdata", 0o755)
			if err := os.WriteFile(golden, pair[0], 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(pair[0], want) {
			t.Errorf("%s differs from %s (go test -update, then review):\n%s", name, golden, pair[0])
		}
	}
}

// TestFeedsParseInAFeedReader reads all three formats with gofeed and
// checks what a reader sees: the items, newest first, with stable ids,
// UTC dates, links and the self link.
func TestFeedsParseInAFeedReader(t *testing.T) {
	docs := renderHistory(t)
	p := gofeed.NewParser()
	for name, data := range map[string][]byte{"rss": docs.RSS, "atom": docs.Atom, "json": docs.JSON} {
		f, err := p.ParseString(string(data))
		if err != nil {
			t.Fatalf("%s: gofeed cannot parse it: %v", name, err)
		}
		if f.Title != "T: price changes" {
			t.Errorf("%s: title %q", name, f.Title)
		}
		// The undated reserved change is left out: three dated changes.
		if len(f.Items) != 3 {
			t.Fatalf("%s: %d items, want 3", name, len(f.Items))
		}
		first := f.Items[0]
		if first.Title != "p4d.24xlarge spot, us-east-1: $5.09 → $6.10 (+19.8%)" {
			t.Errorf("%s: first item %q", name, first.Title)
		}
		if want := "tag:gpus.example.com,2026:price/aws/p4d.24xlarge/us-east-1/spot/2025-07-15"; first.GUID != want {
			t.Errorf("%s: id %q, want %q", name, first.GUID, want)
		}
		if first.Link != "https://gpus.example.com/instances/aws/p4d.24xlarge/" {
			t.Errorf("%s: link %q", name, first.Link)
		}
		if first.PublishedParsed == nil && first.UpdatedParsed == nil {
			t.Errorf("%s: item has no date", name)
		}
		for _, d := range []*time.Time{first.PublishedParsed, first.UpdatedParsed} {
			if d != nil && !d.Equal(time.Date(2025, 7, 15, 0, 0, 0, 0, time.UTC)) {
				t.Errorf("%s: item date %v", name, d)
			}
		}
		if !strings.Contains(first.Description+first.Content, "Source:") {
			t.Errorf("%s: item does not cite its source", name)
		}
		if name != "rss" && f.FeedLink == "" {
			t.Errorf("%s: no self link", name)
		}
	}
	if !bytes.Contains(docs.RSS, []byte(`<atom:link href="https://gpus.example.com/feed.xml" rel="self" type="application/rss+xml"></atom:link>`)) {
		t.Errorf("rss: no atom:link rel=self")
	}
	if !bytes.Contains(docs.Atom, []byte(`rel="self"`)) {
		t.Errorf("atom: no rel=self link")
	}
}

// TestHostileTextStaysText: readers render RSS descriptions and Atom
// summaries as HTML, so catalog text reaches them escaped once more.
func TestHostileTextStaysText(t *testing.T) {
	hostile := strings.Replace(history, "source: https://aws.amazon.com/blogs/aws/, source_kind: provider}", "source: https://aws.amazon.com/blogs/aws/, source_kind: provider, note: '<script>alert(1)</script>'}", 1)
	changes := Changes(loadHistory(t, hostile))
	docs, err := Render(Feed{Title: "T", PageURL: "https://x.example/", FeedURL: "https://x.example/"}, changes,
		Item{Words: English, TagAuthority: "x.example", InstanceURL: func(*catalog.Instance) string { return "https://x.example/i/" }})
	if err != nil {
		t.Fatal(err)
	}
	p := gofeed.NewParser()
	for name, data := range map[string][]byte{"rss": docs.RSS, "atom": docs.Atom} {
		f, err := p.ParseString(string(data))
		if err != nil {
			t.Fatal(err)
		}
		html := f.Items[1].Description
		if strings.Contains(html, "<script>") || !strings.Contains(html, "&lt;script&gt;alert(1)&lt;/script&gt;") {
			t.Errorf("%s: item HTML is %q; the note must reach the reader as text", name, html)
		}
	}
	if !bytes.Contains(docs.JSON, []byte(`Note: \u003cscript\u003ealert(1)\u003c/script\u003e`)) {
		t.Errorf("json: the note must be plain text, JSON-escaped:\n%s", docs.JSON)
	}
}

// TestAssembledFeedsEqualFeedsEncodedWhole checks that putting encoded
// entries in place of a placeholder item gives the bytes of each document
// encoded whole with all its items, for feeds with no item, one and
// several, and for text that looks like the placeholder or like markup.
func TestAssembledFeedsEqualFeedsEncodedWhole(t *testing.T) {
	hostile := strings.Replace(history, "source: https://aws.amazon.com/blogs/aws/, source_kind: provider}", "source: https://aws.amazon.com/blogs/aws/, source_kind: provider, note: 'placeholder </item> </entry> \"}, {\"id\": \"placeholder\"'}", 1)
	changes := Changes(loadHistory(t, hostile))
	it := Item{Words: English, TagAuthority: "x.example", InstanceURL: func(in *catalog.Instance) string { return "https://x.example/i/" + in.ID + "/" }}
	cases := []Feed{
		{Title: "T", Description: "D", PageURL: "https://x.example/", FeedURL: "https://x.example/", Updated: time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC)},
		{Title: "placeholder", Description: "<item>placeholder</item>", PageURL: "https://x.example/placeholder", FeedURL: "https://x.example/placeholder/"},
	}
	for _, f := range cases {
		for n := range len(changes) + 1 {
			got, err := Render(f, changes[:n], it)
			if err != nil {
				t.Fatal(err)
			}
			want := encodeWhole(t, f, changes[:n], it)
			for name, pair := range map[string][2][]byte{"rss": {got.RSS, want.RSS}, "atom": {got.Atom, want.Atom}, "json": {got.JSON, want.JSON}} {
				if !bytes.Equal(pair[0], pair[1]) {
					t.Errorf("feed %q, %d changes: %s differs from the document encoded whole:\n%s\nwant\n%s", f.Title, n, name, pair[0], pair[1])
				}
			}
		}
	}
}

// encodeWhole encodes the documents of a feed with all their items at once.
func encodeWhole(t *testing.T, f Feed, changes []*Change, it Item) Docs {
	gf := &feeds.Feed{Title: f.Title, Link: &feeds.Link{Href: f.PageURL, Rel: "alternate"}, Description: f.Description, Updated: f.Updated.UTC()}
	var plain []string
	for _, c := range changes {
		d, ok := c.Date().Time()
		if !ok {
			continue
		}
		body := describe(c)
		plain = append(plain, body)
		if gf.Items == nil || d.After(gf.Updated) {
			gf.Updated = d
		}
		gf.Items = append(gf.Items, &feeds.Item{Id: it.ID(c), IsPermaLink: "false", Title: c.Title(it.Words),
			Link: &feeds.Link{Href: it.InstanceURL(c.Instance)}, Description: html.EscapeString(body), Created: d, Updated: d})
	}
	var docs Docs
	var err error
	if docs.RSS, err = rss(gf, f.FeedURL+"feed.xml"); err != nil {
		t.Fatal(err)
	}
	if docs.Atom, err = atom(gf, f.FeedURL+"atom.xml"); err != nil {
		t.Fatal(err)
	}
	jf := (&feeds.JSON{Feed: gf}).JSONFeed()
	jf.FeedUrl, jf.HomePageUrl = f.FeedURL+"feed.json", f.PageURL
	for i, item := range jf.Items {
		item.Summary, item.ContentText = plain[i], plain[i]
	}
	if docs.JSON, err = json.MarshalIndent(jf, "", "  "); err != nil {
		t.Fatal(err)
	}
	docs.JSON = append(docs.JSON, '\n')
	return docs
}

// TestDocsWrittenInPartsEqualDocsJoined writes each document piece by
// piece, into a buffer it grows and into a plain writer, and compares
// with the document joined; a writer's error stops the writing.
func TestDocsWrittenInPartsEqualDocsJoined(t *testing.T) {
	changes := Changes(loadHistory(t, history))
	it := Item{Words: English, TagAuthority: "x.example", InstanceURL: func(in *catalog.Instance) string { return "https://x.example/i/" + in.ID + "/" }}
	f := Feed{Title: "T", Description: "D", PageURL: "https://x.example/", FeedURL: "https://x.example/"}
	for n := range len(changes) + 1 {
		var entries []*Entry
		for _, c := range changes[:n] {
			if e, err := it.Entry(c); err != nil {
				t.Fatal(err)
			} else if e != nil {
				entries = append(entries, e)
			}
		}
		p, err := AssembleParts(f, entries)
		if err != nil {
			t.Fatal(err)
		}
		want := encodeWhole(t, f, changes[:n], it)
		for name, pair := range map[string]struct {
			doc  Doc
			want []byte
		}{"rss": {p.RSS, want.RSS}, "atom": {p.Atom, want.Atom}, "json": {p.JSON, want.JSON}} {
			if got := pair.doc.Bytes(); !bytes.Equal(got, pair.want) || pair.doc.Len() != len(pair.want) {
				t.Errorf("%d changes: %s joined (%d bytes):\n%s\nwant (%d bytes)\n%s", n, name, pair.doc.Len(), got, len(pair.want), pair.want)
			}
			var grown bytes.Buffer
			var plain strings.Builder
			for _, w := range []interface {
				io.Writer
				String() string
			}{&grown, &plain} {
				m, err := pair.doc.WriteTo(w)
				if err != nil || m != int64(len(pair.want)) || w.String() != string(pair.want) {
					t.Errorf("%d changes: %s written to %T (%d bytes, %v):\n%s\nwant\n%s", n, name, w, m, err, w.String(), pair.want)
				}
			}
			if cap(grown.Bytes()) > len(pair.want)+4096 {
				t.Errorf("%d changes: %s: the buffer grew to %d bytes for %d", n, name, cap(grown.Bytes()), len(pair.want))
			}
			if m, err := pair.doc.WriteTo(&failingWriter{room: 100}); err == nil || m != 100 {
				t.Errorf("%d changes: %s to a writer that fails after 100 bytes: %d bytes, error %v", n, name, m, err)
			}
		}
	}
}

// failingWriter takes room bytes, then fails.
type failingWriter struct{ room int }

func (w *failingWriter) Write(b []byte) (int, error) {
	if len(b) > w.room {
		n := w.room
		w.room = 0
		return n, errors.New("no room")
	}
	w.room -= len(b)
	return len(b), nil
}
