// Package sitemap is a writer of the write stage of its own: sitemap.xml,
// the absolute URL of every page of every edition of the site, each with
// its twins in the other editions. It takes what Listed keeps of the page
// models the page kinds made (their canonical URLs and alternates) and the
// site's URL, and hands one file on to the write stage's sink.
package sitemap

import (
	"bytes"
	"encoding/xml"
	"fmt"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/write"
)

// Path is the output path of the sitemap.
const Path = "sitemap.xml"

// Inputs are what the sitemap is made of.
type Inputs struct {
	// Base is the absolute URL of the site ending in "/", or "" when the
	// site has none.
	Base string
	// Preview marks a pull request's preview, which has no sitemap:
	// search engines must not list it.
	Preview bool
	// Editions is how many language editions the site has.
	Editions int
	// Pages are the pages of every edition as Listed keeps them; those
	// with no canonical URL (the 404 page) are left out.
	Pages []Entry
}

// Entry is what the sitemap reads of a page: its canonical URL and its
// twins in every edition.
type Entry struct {
	Canonical  string
	Alternates []pagemodel.Alternate
}

// Write writes sitemap.xml into out with the absolute URL of every page
// but the 404 page. Without a site URL there is nothing absolute to list:
// the sitemap is left out, with a warning, which also says that the links
// of 404.html then need a script when a server shows it at a deeper
// address. A preview has no sitemap.
func Write(out write.Sink, in Inputs, warnf func(pos catalog.Pos, format string, args ...any)) error {
	if in.Base == "" {
		warnf(catalog.Pos{File: "data/site.yaml"}, "no site url (url: in data/site.yaml, or -base-url): sitemap.xml not written, and the links of 404.html need JavaScript when a server shows it for a deeper URL")
		return nil
	}
	if in.Preview {
		return nil
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	if in.Editions > 1 {
		buf.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	} else {
		buf.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	}
	for _, p := range in.Pages {
		if p.Canonical == "" {
			continue
		}
		buf.WriteString("  <url><loc>")
		if err := xml.EscapeText(&buf, []byte(p.Canonical)); err != nil {
			return err
		}
		buf.WriteString("</loc>")
		// Each edition's page names its twins, itself included, as the
		// sitemap protocol's hreflang annotations ask.
		for _, a := range p.Alternates {
			fmt.Fprintf(&buf, `<xhtml:link rel="alternate" hreflang="%s" href="`, a.Lang)
			if err := xml.EscapeText(&buf, []byte(a.Href)); err != nil {
				return err
			}
			buf.WriteString(`"/>`)
		}
		buf.WriteString("</url>\n")
	}
	buf.WriteString("</urlset>\n")
	return out.Put(Path, buf.Bytes())
}

// Listed is pages as the sitemap reads them: those with a canonical URL,
// each with its URLs alone, so that the rest of each page (its frame,
// links and feeds) can be let go of before the next edition is built.
func Listed(pages []*pagemodel.Page) []Entry {
	out := make([]Entry, 0, len(pages))
	for _, p := range pages {
		if p.Canonical != "" {
			out = append(out, Entry{Canonical: p.Canonical, Alternates: p.Alternates})
		}
	}
	return out
}
