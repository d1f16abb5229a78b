package feed

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"html"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"

	"github.com/gorilla/feeds"

	"gpucompare/generator/catalog"
)

// chineseBody are the body words of the Chinese edition, with the
// catalog's English text marked (BodyWords.Foreign).
var chineseBody = BodyWords{Since: "。生效日期：", AsOf: "（截至", AsOfEnd: "）", Source: "。来源：", Previous: "。此前价格来源：", Note: "。备注：", Foreign: "en"}

// referenceHTMLEntry encodes c as gorilla/feeds, encoding/xml and
// encoding/json encode an item whose body is HTML: the body made by
// fmt, the catalog's texts each in a span marked lang="en"; JSON Feed's
// content_html is the body and its summary the title.
func referenceHTMLEntry(it Item, c *Change) (*Entry, string, error) {
	t, ok := c.Date().Time()
	if !ok {
		return nil, "", nil
	}
	w := it.Words.Body
	title := c.Title(it.Words) // its words are held to referenceTitle elsewhere
	en := func(s string) string { return `<span lang="en">` + html.EscapeString(s) + `</span>` }
	// A date with letters is the catalog's text (these words have no
	// date format of their own).
	date := func(d string) string {
		if strings.ContainsFunc(d, unicode.IsLetter) {
			return en(d)
		}
		return html.EscapeString(d)
	}
	var b strings.Builder
	b.WriteString(html.EscapeString(title+w.Since) + date(string(c.New.Since)))
	if c.New.AsOf() != "" {
		b.WriteString(html.EscapeString(w.AsOf) + date(string(c.New.AsOf())) + html.EscapeString(w.AsOfEnd))
	}
	b.WriteString(html.EscapeString(w.Source) + en(c.New.Source))
	if c.Old.Source != c.New.Source {
		b.WriteString(html.EscapeString(w.Previous) + en(c.Old.Source))
	}
	if c.New.Note() != "" {
		b.WriteString(html.EscapeString(w.Note) + en(c.New.Note()))
	}
	body := b.String()
	item := &feeds.Item{Id: referenceID(it, c), IsPermaLink: "false", Title: title,
		Link: &feeds.Link{Href: it.InstanceURL(c.Instance)}, Description: body, Created: t, Updated: t}
	one := &feeds.Feed{Items: []*feeds.Item{item}}
	e := &Entry{date: t}
	var err error
	if e.rss, err = xml.MarshalIndent((&feeds.Rss{Feed: one}).RssFeed().Items[0], rssItemIndent, "  "); err != nil {
		return nil, "", err
	}
	if e.atom, err = xml.MarshalIndent((&feeds.Atom{Feed: one}).AtomFeed().Entries[0], atomItemIndent, "  "); err != nil {
		return nil, "", err
	}
	ji := (&feeds.JSON{Feed: one}).JSONFeed().Items[0]
	ji.ContentHTML, ji.ContentText, ji.Summary = body, "", title
	if e.json, err = json.MarshalIndent(ji, jsonItemIndent, "  "); err != nil {
		return nil, "", err
	}
	return e, body, nil
}

// TestForeignCatalogTextIsMarkedInTheBody: where the body words are in
// another language than the catalog's, an item's body is HTML with the
// source, the previous price's source and the note each marked
// lang="en", the rest escaped, in the three formats as the libraries
// encode it; for the changes of the test catalog and thousands of
// random, hostile ones.
func TestForeignCatalogTextIsMarkedInTheBody(t *testing.T) {
	zh := Words{Model: func(m string) string { return "模型" + m }, AllRegions: "全部地域", PerGPU: "/GPU", Off: "%",
		Comma: "，", Colon: "：", Open: "（", Close: "）", Body: &chineseBody}
	link := func(in *catalog.Instance) string { return "https://gpus.example.com/zh/instances/" + in.ID + "/" }
	check := func(it Item, c *Change) {
		t.Helper()
		got, err := it.Entry(c)
		want, body, wantErr := referenceHTMLEntry(it, c)
		if (err != nil) != (wantErr != nil) || (got == nil) != (want == nil) {
			t.Fatalf("entry %v (error %v), want %v (error %v)", got, err, want, wantErr)
		}
		if got == nil {
			return
		}
		sameBytes(t, got, want)
		if !strings.Contains(body, `。来源：<span lang="en">`) {
			t.Errorf("body %q: the source is not marked English", body)
		}
	}
	it := Item{Words: zh, TagAuthority: "gpus.example.com", InstanceURL: link}
	changes := Changes(loadHistory(t, history))
	if len(changes) == 0 {
		t.Fatal("the test catalog has no changes")
	}
	for _, c := range changes {
		check(it, c)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		ri := randomItem(r)
		ri.Words.Body = &chineseBody
		check(ri, randomChange(r))
		if t.Failed() {
			break // the first difference is enough
		}
	}
	// An English edition's body stays plain text, its JSON Feed item's
	// content_text.
	en, err := Item{Words: English, TagAuthority: "gpus.example.com", InstanceURL: link}.Entry(changes[0])
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(en.json, []byte("content_html")) || !bytes.Contains(en.json, []byte("content_text")) {
		t.Errorf("English entry: %s", en.json)
	}
}
