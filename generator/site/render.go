package site

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/fingerprint"
)

// render executes every page with the templates of its layout, on as many
// workers as there are processors, each making the page's model and
// charts (fill), writing the page into the build's sink as it renders it
// (a large page is never held whole by BuildTo) and then letting go of its
// model: only the models of the pages being rendered are held. Output
// does not depend on their order; the error is that of the first page that
// failed. A Rebuilder's build takes the bytes of the last build for a page
// whose model has not changed.
func (b *builder) render(pages []*page) error {
	errs := make([]error, len(pages))
	cache := b.pageCache(len(pages))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(pages)) {
		wg.Go(func() {
			var buf bytes.Buffer
			var w *fingerprint.Walker
			if cache != nil {
				w = fingerprint.NewWalker(cache.units)
			}
			charts := b.chartMaker()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(pages) {
					return
				}
				p := pages[i]
				errs[i] = b.renderPage(i, p, charts, cache, w, &buf)
				// Let go of the page's model: the sitemap reads the page,
				// not its model.
				p.Data, p.Charts = nil, nil
			}
		})
	}
	wg.Wait()
	b.keepPages(cache, pages)
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// renderPage makes the model and charts of page i and renders it straight
// into its file of the build; or, for a Rebuilder's cache (w is the
// worker's walker), puts the bytes the cache holds for it, or renders it
// into buf for the cache to keep. A page with inline blocks is rendered
// into buf too, for its policy to be filled in (withPolicy). The cache looks a page up by the
// fingerprint of its model and charts, or of its model alone where the
// charts follow from it (chartsFollowModel): such a page, unchanged, makes
// no charts.
func (b *builder) renderPage(i int, p *page, m *chartMaker, cache *pageCache, w *fingerprint.Walker, buf *bytes.Buffer) error {
	if err := b.makeModel(p); err != nil {
		return err
	}
	lookedUp := false
	if cache != nil && chartsFollowModel(p.Layout) {
		if data, ok := cache.lookup(w, i, p); ok {
			return b.put(p.Path, data)
		}
		lookedUp = true
	}
	if err := b.makeCharts(p, m); err != nil {
		return err
	}
	if cache != nil && !lookedUp {
		if data, ok := cache.lookup(w, i, p); ok {
			return b.put(p.Path, data)
		}
	}
	t := b.tmpl.ByLayout[p.Layout]
	if t == nil {
		return fmt.Errorf("%s: no layout %q", p.Path, p.Layout)
	}
	if cache == nil && p.Inline == nil {
		f, err := b.create(p.Path)
		if err != nil {
			return err
		}
		if err := b.tmpl.Execute(f, t, p.Layout, p); err != nil {
			f.Close()
			return fmt.Errorf("%s: %w", p.Path, err)
		}
		return f.Close()
	}
	buf.Reset()
	if err := b.tmpl.Execute(buf, t, p.Layout, p); err != nil {
		return fmt.Errorf("%s: %w", p.Path, err)
	}
	data := bytes.Clone(buf.Bytes())
	if p.Inline != nil {
		var err error
		if data, err = withPolicy(data, notFoundPolicy); err != nil {
			return fmt.Errorf("%s: %w", p.Path, err)
		}
	}
	if cache != nil {
		cache.store(i, data)
	}
	return b.put(p.Path, data)
}

// sitemap writes sitemap.xml with the absolute URL of every page but the
// 404 page. Without a site URL there is nothing absolute to list: the
// sitemap is left out, with a warning, which also says that the links of
// 404.html then need a script when a server shows it at a deeper address
// (notfound.go). A preview (Options.Preview) has no sitemap: search
// engines must not list it.
func (b *builder) sitemap(pages []*page) error {
	if b.base == "" {
		b.warnf(catalog.Pos{File: "data/site.yaml"}, "no site url (url: in data/site.yaml, or -base-url): sitemap.xml not written, and the links of 404.html need JavaScript when a server shows it for a deeper URL")
		return nil
	}
	if b.opts.Preview {
		return nil
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	if len(b.eds) > 1 {
		buf.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	} else {
		buf.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	}
	for _, p := range pages {
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
	return b.put("sitemap.xml", buf.Bytes())
}
