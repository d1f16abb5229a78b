package site

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"gpucompare/generator/catalog"
)

// render executes every page with the templates of its layout, on as many
// workers as there are processors. Output does not depend on their order.
// A Rebuilder's build takes the bytes of the last build for a page whose
// model has not changed.
func (b *builder) render(pages []*page) error {
	out := make([][]byte, len(pages))
	errs := make([]error, len(pages))
	cache := b.pageCache(len(pages))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(pages)) {
		wg.Go(func() {
			var buf bytes.Buffer
			var w *walker
			if cache != nil {
				w = newWalker(cache.units)
			}
			for {
				i := int(next.Add(1)) - 1
				if i >= len(pages) {
					return
				}
				p := pages[i]
				if cache != nil {
					if data, ok := cache.lookup(w, i, p); ok {
						out[i] = data
						continue
					}
				}
				buf.Reset()
				t := b.tmpl.byLayout[p.Layout]
				if t == nil {
					errs[i] = fmt.Errorf("%s: no layout %q", p.Path, p.Layout)
					continue
				}
				if err := t.ExecuteTemplate(&buf, "templates/base.html", p); err != nil {
					errs[i] = fmt.Errorf("%s: %w", p.Path, err)
					continue
				}
				out[i] = bytes.Clone(buf.Bytes())
				if cache != nil {
					cache.store(i, out[i])
				}
			}
		})
	}
	wg.Wait()
	b.keepPages(cache, pages)
	for i, p := range pages {
		if errs[i] != nil {
			return errs[i]
		}
		if err := b.put(p.Path, out[i]); err != nil {
			return err
		}
	}
	return nil
}

// sitemap writes sitemap.xml with the absolute URL of every page but the
// 404 page. Without a site URL there is nothing absolute to list: the
// sitemap is left out, with a warning, which also says that 404.html then
// links relative to the site root (a server shows it at any depth).
func (b *builder) sitemap(pages []*page) error {
	if b.base == "" {
		b.warnf(catalog.Pos{File: "data/site.yaml"}, "no site url (url: in data/site.yaml, or -base-url): sitemap.xml not written, and 404.html links relative to the site root, so it loses its style and links when shown for a deeper URL")
		return nil
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	buf.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, p := range pages {
		if p.Canonical == "" {
			continue
		}
		buf.WriteString("  <url><loc>")
		if err := xml.EscapeText(&buf, []byte(p.Canonical)); err != nil {
			return err
		}
		buf.WriteString("</loc></url>\n")
	}
	buf.WriteString("</urlset>\n")
	return b.put("sitemap.xml", buf.Bytes())
}
