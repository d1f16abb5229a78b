package feed

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"html"
	"io"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/gorilla/feeds"

	"gpucompare/generator/catalog"
)

// Feed says what one feed is about and where it lives. All URLs are
// absolute: feed readers fetch them from anywhere.
type Feed struct {
	Title       string
	Description string
	PageURL     string // the HTML page the feed accompanies
	FeedURL     string // the folder that holds feed.xml, atom.xml and feed.json, ending in "/"
	// Updated is used when the feed has no dated change: the date of the
	// latest dated change of the catalog, so that the same catalog always
	// gives the same bytes.
	Updated time.Time
}

// Docs are one feed in the three formats.
type Docs struct {
	RSS, Atom, JSON []byte
}

// Item tells how a change becomes a feed item.
type Item struct {
	Words       Words
	InstanceURL func(*catalog.Instance) string // absolute URL of the instance page
	// TagAuthority is the host of the site, for tag: ids (RFC 4151).
	TagAuthority string
}

// tagDate is the date in every tag: id; it never changes, so ids are stable.
const tagDate = "2026"

// ID is the stable tag: id of a change: the same change has the same id in
// every build. It names the offer (provider, instance type, region,
// pricing model, payment option) and the since of the change's newer
// point; the second change of the offer with that since (two price
// changes in one month, dated by the month) ends in /2, the third in /3,
// in history order. A point added to another offer, or later in this
// one's history, changes no id.
func (it Item) ID(c *Change) string { return string(it.appendID(nil, c)) }

func (it Item) appendID(dst []byte, c *Change) []byte {
	k := c.Series
	dst = append(dst, "tag:"...)
	dst = append(dst, it.TagAuthority...)
	dst = append(dst, ","+tagDate+":price"...)
	for i, p := range [...]string{k.Provider, k.Instance, k.Region, k.Model, k.Payment, string(c.Date())} {
		if i == 4 && p == "" {
			continue // no payment option
		}
		dst = append(dst, '/')
		dst = append(dst, url.PathEscape(p)...)
	}
	if c.Seq > 0 {
		dst = append(dst, '/')
		dst = strconv.AppendInt(dst, int64(c.Seq+1), 10)
	}
	return dst
}

// Render builds the three documents of a feed of changes. Undated changes
// are left out: feeds need dates.
func Render(f Feed, changes []*Change, it Item) (Docs, error) {
	var entries []*Entry
	for _, c := range changes {
		e, err := it.Entry(c)
		if err != nil {
			return Docs{}, err
		}
		if e != nil {
			entries = append(entries, e)
		}
	}
	return Assemble(f, entries)
}

// An Entry is one dated change as an item of each format, encoded once
// for every feed that lists it: the site's, its provider's and its GPU
// model's (Assemble).
type Entry struct {
	date            time.Time
	rss, atom, json []byte
}

// Date is when the entry's change took effect.
func (e *Entry) Date() time.Time { return e.date }

// Entry encodes a change as an item of each format, or returns nil for an
// undated change, which feeds leave out.
func (it Item) Entry(c *Change) (*Entry, error) {
	w := entryWriters.Get().(*entryWriter)
	defer entryWriters.Put(w)
	t, ok := w.time(c.Date())
	if !ok {
		return nil, nil
	}
	return w.entry(it, c, t)
}

// entryWriter holds the buffers of Item.Entry, kept for the next entry.
type entryWriter struct {
	text    entryText
	figures []byte
	out     []byte
	// lastDate is the date of the last entry, and lastTime its time:
	// entries come newest first, so many in a row share a date.
	lastDate catalog.Date
	lastTime time.Time
}

// time is d.Time(), or the time of the last entry's date when d is it.
func (w *entryWriter) time(d catalog.Date) (time.Time, bool) {
	if d == w.lastDate && d != "" {
		return w.lastTime, true
	}
	t, ok := d.Time()
	if ok {
		w.lastDate, w.lastTime = d, t
	}
	return t, ok
}

var entryWriters = sync.Pool{New: func() any { return new(entryWriter) }}

// entry encodes c, dated t, as an entry of each format: the bytes of
// encodeEntry of its gorilla/feeds item (see the tests).
func (w *entryWriter) entry(it Item, c *Change, t time.Time) (*Entry, error) {
	f := c.figures(w.figures[:0])
	w.figures = f.text
	e := &w.text
	e.id = it.appendID(e.id[:0], c)
	e.title = c.appendTitle(e.title[:0], it.Words, &f)
	e.link = append(e.link[:0], it.InstanceURL(c.Instance)...)
	e.html = false
	if b := it.Words.Body; b != nil && b.Foreign != "" {
		e.body, e.html = appendHTMLBody(e.body[:0], c, c.appendTitle(nil, it.Words, &f), b), true
	} else if b != nil {
		e.body = appendBody(c.appendTitle(e.body[:0], it.Words, &f), c, b)
	} else {
		e.body = appendBody(c.appendTitle(e.body[:0], English, &f), c, &englishBody)
	}
	e.date = t
	out := appendRSSItem(w.out[:0], e)
	rssEnd := len(out)
	out = appendAtomEntry(out, e)
	atomEnd := len(out)
	out, err := appendJSONItem(out, e)
	if err != nil {
		return nil, fmt.Errorf("json feed: %w", err)
	}
	w.out = out
	data := append([]byte(nil), out...) // one allocation for the three
	return &Entry{date: t, rss: data[:rssEnd:rssEnd], atom: data[rssEnd:atomEnd:atomEnd], json: data[atomEnd:]}, nil
}

// The indentation of an item in each document: an RSS item is in the
// channel, an Atom entry in the feed, a JSON Feed item in the items.
const (
	rssItemIndent  = "    "
	atomItemIndent = "  "
	jsonItemIndent = "    "
)

// encodeEntry encodes an item, whose body as plain text is plain, as the
// documents of Assemble hold it, each format by its own encoder.
func encodeEntry(date time.Time, plain string, item *feeds.Item) (*Entry, error) {
	one := &feeds.Feed{Items: []*feeds.Item{item}}
	e := &Entry{date: date}
	var err error
	if e.rss, err = xml.MarshalIndent((&feeds.Rss{Feed: one}).RssFeed().Items[0], rssItemIndent, "  "); err != nil {
		return nil, fmt.Errorf("rss: %w", err)
	}
	if e.atom, err = xml.MarshalIndent((&feeds.Atom{Feed: one}).AtomFeed().Entries[0], atomItemIndent, "  "); err != nil {
		return nil, fmt.Errorf("atom: %w", err)
	}
	ji := (&feeds.JSON{Feed: one}).JSONFeed().Items[0]
	ji.Summary, ji.ContentText = plain, plain // JSON Feed items need content; plain text here
	if e.json, err = json.MarshalIndent(ji, jsonItemIndent, "  "); err != nil {
		return nil, fmt.Errorf("json feed: %w", err)
	}
	return e, nil
}

// Assemble builds the three documents of a feed of entries, in order.
func Assemble(f Feed, entries []*Entry) (Docs, error) {
	p, err := AssembleParts(f, entries)
	if err != nil {
		return Docs{}, err
	}
	return Docs{RSS: p.RSS.Bytes(), Atom: p.Atom.Bytes(), JSON: p.JSON.Bytes()}, nil
}

// Parts are the three documents of a feed, each in parts (Doc), to be
// joined or written piece by piece.
type Parts struct {
	RSS, Atom, JSON Doc
}

// A Doc is one document of a feed in parts: the document's bytes before
// its items, the entries, and the bytes after; the entries are joined by
// what the document's encoder writes between two items.
type Doc struct {
	head, tail []byte
	entries    []*Entry
	of         func(*Entry) []byte // the entry's item in this format
	sep        string
}

// AssembleParts is Assemble with the documents left in parts. Each
// document is encoded with one placeholder item, which the entries then
// replace: the same bytes as the document encoded with all its items,
// without encoding an entry again for every feed.
func AssembleParts(f Feed, entries []*Entry) (Parts, error) {
	gf := &feeds.Feed{
		Title:       f.Title,
		Link:        &feeds.Link{Href: f.PageURL, Rel: "alternate"},
		Description: f.Description,
		Updated:     f.Updated.UTC(),
	}
	for i, e := range entries {
		if i == 0 || e.date.After(gf.Updated) {
			gf.Updated = e.date // the feed is as new as its newest item
		}
	}
	var placeholder *Entry
	if len(entries) > 0 {
		// The placeholder is an item like any other: catalog text is
		// escaped, so no text of the feed can hold its encoding.
		item := &feeds.Item{Id: "placeholder", Title: "placeholder", Link: &feeds.Link{Href: f.FeedURL}, Created: gf.Updated, Updated: gf.Updated}
		var err error
		if placeholder, err = encodeEntry(gf.Updated, "placeholder", item); err != nil {
			return Parts{}, err
		}
		gf.Items = []*feeds.Item{item}
	}
	var p Parts
	rssDoc, err := rss(gf, f.FeedURL+"feed.xml")
	if err != nil {
		return p, fmt.Errorf("rss: %w", err)
	}
	atomDoc, err := atom(gf, f.FeedURL+"atom.xml")
	if err != nil {
		return p, fmt.Errorf("atom: %w", err)
	}
	jf := (&feeds.JSON{Feed: gf}).JSONFeed()
	jf.FeedUrl = f.FeedURL + "feed.json"
	jf.HomePageUrl = f.PageURL
	for _, item := range jf.Items {
		item.Summary, item.ContentText = "placeholder", "placeholder"
	}
	jsonDoc, err := json.MarshalIndent(jf, "", "  ")
	if err != nil {
		return p, fmt.Errorf("json feed: %w", err)
	}
	jsonDoc = append(jsonDoc, '\n')
	if placeholder == nil {
		return Parts{RSS: Doc{head: rssDoc}, Atom: Doc{head: atomDoc}, JSON: Doc{head: jsonDoc}}, nil
	}
	if p.RSS, err = split(rssDoc, placeholder.rss, entries, func(e *Entry) []byte { return e.rss }, "\n"); err != nil {
		return p, fmt.Errorf("rss: %w", err)
	}
	if p.Atom, err = split(atomDoc, placeholder.atom, entries, func(e *Entry) []byte { return e.atom }, "\n"); err != nil {
		return p, fmt.Errorf("atom: %w", err)
	}
	if p.JSON, err = split(jsonDoc, placeholder.json, entries, func(e *Entry) []byte { return e.json }, ",\n"+jsonItemIndent); err != nil {
		return p, fmt.Errorf("json feed: %w", err)
	}
	return p, nil
}

// split cuts doc around its one placeholder item, to be replaced by the
// items of entries, each encoded as of gives it, joined by sep: what the
// document's encoder writes between two items.
func split(doc, placeholder []byte, entries []*Entry, of func(*Entry) []byte, sep string) (Doc, error) {
	i := bytes.Index(doc, placeholder)
	if i < 0 || bytes.Index(doc[i+1:], placeholder) >= 0 {
		return Doc{}, errors.New("the placeholder item is not in the document once")
	}
	return Doc{head: doc[:i], tail: doc[i+len(placeholder):], entries: entries, of: of, sep: sep}, nil
}

// Len is the size of the document.
func (d Doc) Len() int {
	n := len(d.head) + len(d.tail)
	for k, e := range d.entries {
		if k > 0 {
			n += len(d.sep)
		}
		n += len(d.of(e))
	}
	return n
}

// Bytes joins the document.
func (d Doc) Bytes() []byte {
	out := make([]byte, 0, d.Len())
	out = append(out, d.head...)
	for k, e := range d.entries {
		if k > 0 {
			out = append(out, d.sep...)
		}
		out = append(out, d.of(e)...)
	}
	return append(out, d.tail...)
}

// WriteTo writes the document to w piece by piece. A w that can Grow, as
// a bytes.Buffer can, is grown to hold it first.
func (d Doc) WriteTo(w io.Writer) (int64, error) {
	if g, ok := w.(interface{ Grow(int) }); ok {
		g.Grow(d.Len())
	}
	var n int64
	write := func(b []byte) error {
		m, err := w.Write(b)
		n += int64(m)
		return err
	}
	if err := write(d.head); err != nil {
		return n, err
	}
	sep := []byte(d.sep)
	for k, e := range d.entries {
		if k > 0 {
			if err := write(sep); err != nil {
				return n, err
			}
		}
		if err := write(d.of(e)); err != nil {
			return n, err
		}
	}
	return n, write(d.tail)
}

// describe is the body of an item: what changed, and where that is from.
func describe(c *Change) string {
	f := c.figures(nil)
	return string(appendBody(c.appendTitle(nil, English, &f), c, &englishBody))
}

// appendBody appends the rest of the body of an item to its title, in
// the words of w.
func appendBody(dst []byte, c *Change, w *BodyWords) []byte {
	dst = append(dst, w.Since...)
	dst = append(dst, w.date(string(c.New.Since))...)
	if c.New.AsOf() != "" {
		dst = append(dst, w.AsOf...)
		dst = append(dst, w.date(string(c.New.AsOf()))...)
		dst = append(dst, w.AsOfEnd...)
	}
	dst = append(dst, w.Source...)
	dst = append(dst, c.New.Source...)
	if c.Old.Source != c.New.Source {
		dst = append(dst, w.Previous...)
		dst = append(dst, c.Old.Source...)
	}
	if c.New.Note() != "" {
		dst = append(dst, w.Note...)
		dst = append(dst, c.New.Note()...)
	}
	return dst
}

// appendHTMLBody appends the body of an item as HTML: its title and the
// words of w escaped, and the catalog's text (sources, note) each in a
// span marked lang=w.Foreign.
func appendHTMLBody(dst []byte, c *Change, title []byte, w *BodyWords) []byte {
	text := func(s string) { dst = append(dst, html.EscapeString(s)...) }
	foreign := func(s string) {
		dst = append(dst, `<span lang="`...)
		text(w.Foreign)
		dst = append(dst, `">`...)
		text(s)
		dst = append(dst, "</span>"...)
	}
	// A date the words cannot write as one is the catalog's text
	// ("2026-07-20 (unchanged since …)").
	date := func(d string) {
		if w.date(d) == d && strings.ContainsFunc(d, unicode.IsLetter) {
			foreign(d)
		} else {
			text(w.date(d))
		}
	}
	text(string(title))
	text(w.Since)
	date(string(c.New.Since))
	if c.New.AsOf() != "" {
		text(w.AsOf)
		date(string(c.New.AsOf()))
		text(w.AsOfEnd)
	}
	text(w.Source)
	foreign(c.New.Source)
	if c.Old.Source != c.New.Source {
		text(w.Previous)
		foreign(c.Old.Source)
	}
	if c.New.Note() != "" {
		text(w.Note)
		foreign(c.New.Note())
	}
	return dst
}

// rssDoc is RSS 2.0 with the atom:link rel="self" feed readers look for,
// which gorilla/feeds does not write.
type rssDoc struct {
	XMLName xml.Name   `xml:"rss"`
	Version string     `xml:"version,attr"`
	AtomNS  string     `xml:"xmlns:atom,attr"`
	Channel rssChannel `xml:"channel"`
}

type rssChannel struct {
	Self  selfLink `xml:"atom:link"`
	Title string   `xml:"title"`
	*feeds.RssFeed
}

type selfLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr"`
}

func rss(gf *feeds.Feed, self string) ([]byte, error) {
	ch := (&feeds.Rss{Feed: gf}).RssFeed()
	ch.PubDate = "" // the channel's date is its newest item's, in lastBuildDate
	return marshalXML(rssDoc{Version: "2.0", AtomNS: "http://www.w3.org/2005/Atom",
		Channel: rssChannel{Self: selfLink{self, "self", "application/rss+xml"}, Title: ch.Title, RssFeed: ch}})
}

// atomDoc is Atom with rel="self" beside the alternate link (gorilla/feeds
// writes one link only).
type atomDoc struct {
	XMLName xml.Name `xml:"feed"`
	Links   []*feeds.AtomLink
	*feeds.AtomFeed
}

func atom(gf *feeds.Feed, self string) ([]byte, error) {
	af := (&feeds.Atom{Feed: gf}).AtomFeed()
	af.Id = self
	links := []*feeds.AtomLink{{Href: self, Rel: "self", Type: "application/atom+xml"}, af.Link}
	af.Link = nil
	return marshalXML(atomDoc{Links: links, AtomFeed: af})
}

func marshalXML(v any) ([]byte, error) {
	data, err := xml.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append([]byte(xml.Header), append(data, '\n')...), nil
}
