// Package feeds is a writer of the write stage of its own: the feeds of
// price changes, site-wide and per provider and GPU model, each as RSS
// (feed.xml), Atom (atom.xml) and JSON Feed (feed.json). It takes the
// edition's catalog, its derived changes (newest first), the words of its
// messages and its absolute URL — feeds need absolute URLs, so none is
// written for a site without one — and hands the files on to the write
// stage's sink. It also makes the links a page's frame holds to them
// (Links).
package feeds

import (
	"cmp"
	"io"
	"net/url"
	"strings"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/site/fingerprint"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/reuse"
	"gpucompare/generator/site/write"
)

// Inputs are what the feeds of an edition are made of.
type Inputs struct {
	// Internal is a build with a team's private overlay, which writes no
	// feed.
	Internal bool
	// Cat is the edition's catalog: its providers and GPU models, each
	// with feeds of its own, its title and feed_items.
	Cat *catalog.Catalog
	// Changes are the price changes of the catalog, newest first
	// (derive.Data.Changes).
	Changes []*feed.Change
	// Base is the absolute URL of the edition ending in "/", or "" when
	// the site has none; Pretty drops index.html from links.
	Base   string
	Pretty bool
	// Words tell a change in the edition's language; Msgs are its
	// messages.
	Words feed.Words
	Msgs  render.Messages
}

// Entries are the feed entries of the changes of one build, by the
// fingerprint of what each is made of, which a Rebuilder keeps for the
// next.
type Entries map[fingerprint.Fingerprint]*feed.Entry

// Write writes every feed of the edition into out, or warns that it
// cannot without a site URL. sets are the sets of files a Rebuilder kept
// from the last build, and kept its feed entries, which Write replaces
// with this build's; with nil sets, nothing is kept and each document
// goes straight into its file, entry by entry.
func Write(out write.Sink, in Inputs, sets *reuse.Sets, kept *Entries, warnf func(pos catalog.Pos, format string, args ...any)) error {
	if in.Internal {
		return nil // an internal build publishes no feed
	}
	if in.Base == "" {
		warnf(catalog.Pos{File: "data/site.yaml"}, "no site url (url: in data/site.yaml, or -base-url): the price-change feeds need absolute URLs and were not written")
		return nil
	}
	u, err := url.Parse(in.Base)
	if err != nil {
		return err
	}
	abs := pagemodel.Linker{Pretty: in.Pretty}
	item := feed.Item{
		Words:        in.Words,
		TagAuthority: u.Hostname(),
		InstanceURL:  func(i *catalog.Instance) string { return in.Base + abs.To(paths.Instance(i)) },
	}
	entries := newEntries(item, in, sets, kept)
	// A feed with no dated change is as new as the catalog's newest change,
	// so the same catalog always gives the same bytes. Only the entries
	// the feeds hold are made: at 100,000 offers those of every change
	// held 110 MB.
	newest := newestChange(in.Changes)
	desc, _ := in.Msgs.T("feeds.description")
	// Each feed holds its latest items only (changes are newest first).
	entries.max = cmp.Or(in.Cat.Site.FeedItems, catalog.DefaultFeedItems)
	all := scopes(in)
	if sets == nil {
		entries.countUses(all)
	}
	for _, s := range all {
		f := feed.Feed{
			Title: s.title, Description: desc, PageURL: in.Base + abs.To(s.page),
			FeedURL: in.Base + s.dir, Updated: newest,
		}
		paths := [3]string{s.dir + "feed.xml", s.dir + "atom.xml", s.dir + "feed.json"}
		if sets == nil {
			if err := files(out, paths, f, entries, s.changes); err != nil {
				return err
			}
			continue
		}
		// What the feed is made of besides the messages: the feed, its
		// changes, and what the item's URLs and ids are made of.
		inputs := feedInputs{f.Title, f.Description, f.PageURL, f.FeedURL, f.Updated.Unix(), f.Updated.Nanosecond(), s.changes, in.Base, in.Pretty, entries.max}
		err := sets.Put(out, "feeds "+s.dir, inputs, func() ([]write.File, error) {
			es, err := entries.of(s.changes)
			if err != nil {
				return nil, err
			}
			docs, err := feed.Assemble(f, es)
			return []write.File{{Path: paths[0], Data: docs.RSS}, {Path: paths[1], Data: docs.Atom}, {Path: paths[2], Data: docs.JSON}}, err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// newestChange is the time of the newest dated change of changes, as its
// entry is dated (feed.Entry.Date); the zero time when none is dated.
func newestChange(changes []*feed.Change) time.Time {
	var newest time.Time
	var last catalog.Date
	for _, c := range changes {
		d := c.Date()
		if d == last {
			continue // changes come newest first: many in a row share a date
		}
		last = d
		if t, ok := d.Time(); ok && t.After(newest) {
			newest = t
		}
	}
	return newest
}

// scope is one set of feeds: site-wide, or of one provider or GPU.
type scope struct {
	dir     string // output folder: "", "providers/aws/", "gpus/h100-sxm5-80gb/"
	title   string
	page    string // output path of the page the feeds accompany
	changes []*feed.Change
}

// scopes are the feeds of an edition: the site's, then each provider's,
// then each GPU model's.
func scopes(in Inputs) []scope {
	t := func(key string, args ...any) string {
		s, _ := in.Msgs.T(key, args...)
		return s
	}
	site := cmp.Or(in.Cat.Site.Title, "gpucompare")
	out := []scope{{dir: "", title: t("feeds.site_title", site), page: "changes/index.html", changes: in.Changes}}
	for _, p := range in.Cat.Providers {
		var cs []*feed.Change
		for _, c := range in.Changes {
			if c.Instance.Provider == p {
				cs = append(cs, c)
			}
		}
		out = append(out, scope{dir: "providers/" + p.ID + "/", title: t("feeds.scope_title", site, pagemodel.CatalogText(in.Cat, p, "name")), page: paths.Provider(p.ID), changes: cs})
	}
	for _, g := range in.Cat.GPUs {
		var cs []*feed.Change
		for _, c := range in.Changes {
			if c.Instance.GPU == g.ID {
				cs = append(cs, c)
			}
		}
		out = append(out, scope{dir: "gpus/" + g.ID + "/", title: t("feeds.scope_title", site, pagemodel.CatalogText(in.Cat, g, "name")), page: paths.GPU(g.ID), changes: cs})
	}
	return out
}

// Links are the alternate links of page p: the site's feeds, and the
// feeds of the provider or GPU the page is about (Dir), in the words of
// msgs. Nil without a site URL (base).
func Links(p *pagemodel.Page, base string, msgs render.Messages) []pagemodel.FeedLink {
	if base == "" {
		return nil
	}
	t := func(key string, args ...any) string {
		s, _ := msgs.T(key, args...)
		return s
	}
	var out []pagemodel.FeedLink
	add := func(dir, label string) {
		out = append(out,
			pagemodel.FeedLink{Title: t("feeds.rss", label), Type: "application/rss+xml", URL: p.Rel(dir + "feed.xml")},
			pagemodel.FeedLink{Title: t("feeds.atom", label), Type: "application/atom+xml", URL: p.Rel(dir + "atom.xml")},
			pagemodel.FeedLink{Title: t("feeds.json", label), Type: "application/feed+json", URL: p.Rel(dir + "feed.json")})
	}
	add("", t("feeds.all"))
	if dir := Dir(p.Path); dir != "" {
		add(dir, t("feeds.this"))
	}
	return out
}

// Dir is the folder of the feeds of the provider or GPU a page at path is
// about, or "" for other pages.
func Dir(path string) string {
	for _, section := range []string{"providers/", "gpus/"} {
		if rest, ok := strings.CutPrefix(path, section); ok && strings.Count(rest, "/") == 1 && strings.HasSuffix(rest, "/index.html") {
			return strings.TrimSuffix(path, "index.html")
		}
	}
	return ""
}

// files writes the RSS, Atom and JSON documents of one feed of changes
// into the files at paths entry by entry, without joining them first.
func files(out write.Sink, paths [3]string, f feed.Feed, entries *feedEntries, changes []*feed.Change) error {
	es, err := entries.of(changes)
	if err != nil {
		return err
	}
	parts, err := feed.AssembleParts(f, es)
	if err != nil {
		return err
	}
	for i, doc := range [3]feed.Doc{parts.RSS, parts.Atom, parts.JSON} {
		if err := writeFile(out, paths[i], doc); err != nil {
			return err
		}
	}
	return nil
}

// writeFile adds a file to out that w writes.
func writeFile(out write.Sink, path string, w io.WriterTo) (err error) {
	f, err := out.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	_, err = w.WriteTo(f)
	return err
}

// feedInputs are what the documents of one feed are made of, besides the
// messages of the templates: its Feed (the instant of Updated, which
// feed.Render writes in UTC), its changes, and the site URL and URL style
// that its items' links and ids are made of.
type feedInputs struct {
	Title, Description, PageURL, FeedURL string
	Updated                              int64 // Unix seconds
	UpdatedNanos                         int
	Changes                              []*feed.Change
	Base                                 string
	PrettyURLs                           bool
	Max                                  int // the most items a feed holds
}

// feedEntries are the entries of the feeds of one build (feed.Entry): each
// dated change encoded once for every feed that lists it, or, for a
// Rebuilder, taken from the last build when the change has the same
// fingerprint and the site URL and URL style are the same.
type feedEntries struct {
	item feed.Item
	// max is how many entries a feed holds at most, the latest
	// (feed_items of data/site.yaml); 0 means all.
	max  int
	made map[*feed.Change]*feed.Entry             // nil: an undated change
	keys map[*feed.Change]fingerprint.Fingerprint // of each change, for a Rebuilder
	kept Entries                                  // for the next build
	// uses counts, for a build that keeps nothing, the feeds yet to be
	// written that list each dated change: its entry is let go of after
	// the last (nil: entries are held to the end).
	uses map[*feed.Change]int
}

// countUses counts the feeds of scopes that list each dated change: a
// change is in its scope's feed when it is among its first e.max dated
// changes. An entry is then held only while a feed still to be written
// lists it: at 10,000 offers the entries of every feed held 6.6 MB
// through the render.
func (e *feedEntries) countUses(scopes []scope) {
	e.uses = map[*feed.Change]int{}
	for _, s := range scopes {
		n := 0
		for _, c := range s.changes {
			if e.max > 0 && n == e.max {
				break
			}
			if _, dated := c.Date().Time(); dated {
				e.uses[c]++
				n++
			}
		}
	}
}

// entryInputs are what the entry of a change is made of besides the
// messages: the change, and the site URL and URL style of its links and id.
type entryInputs struct {
	Change     *feed.Change
	Base       string
	PrettyURLs bool
}

// newEntries are the entries of the feeds of a build, those of kept
// taken where they are the same; kept is replaced by this build's.
func newEntries(item feed.Item, in Inputs, sets *reuse.Sets, kept *Entries) *feedEntries {
	e := &feedEntries{item: item, made: map[*feed.Change]*feed.Entry{}}
	if sets == nil || kept == nil {
		return e
	}
	w := fingerprint.NewWalker(sets.Units())
	e.keys, e.kept = map[*feed.Change]fingerprint.Fingerprint{}, Entries{}
	for _, c := range in.Changes {
		f, ok := w.Of(entryInputs{c, in.Base, in.Pretty})
		if !ok {
			continue
		}
		e.keys[c] = f
		if en, hit := (*kept)[f]; hit {
			e.made[c], e.kept[f] = en, en
		}
	}
	*kept = e.kept
	return e
}

// of returns the entries of the dated changes, in order: the first
// e.max of them when e.max is set.
func (e *feedEntries) of(changes []*feed.Change) ([]*feed.Entry, error) {
	out := make([]*feed.Entry, 0, len(changes))
	for _, c := range changes {
		if e.max > 0 && len(out) == e.max {
			break
		}
		en, ok := e.made[c]
		if !ok {
			var err error
			if en, err = e.item.Entry(c); err != nil {
				return nil, err
			}
			e.made[c] = en
			if f, ok := e.keys[c]; ok && en != nil {
				e.kept[f] = en
			}
		}
		if en != nil {
			out = append(out, en)
			e.used(c)
		}
	}
	return out, nil
}

// used notes that a feed has taken the entry of c, and lets go of it
// when no feed still to be written lists c.
func (e *feedEntries) used(c *feed.Change) {
	if e.uses == nil {
		return
	}
	if e.uses[c]--; e.uses[c] <= 0 {
		delete(e.uses, c)
		delete(e.made, c)
	}
}
