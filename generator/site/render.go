package site

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"gpucompare/generator/catalog"

	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/chartmodel"
	"gpucompare/generator/site/compare"
	"gpucompare/generator/site/fingerprint"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/report"
	"gpucompare/generator/site/twins"
)

// render executes every page with the templates of its layout, on as many
// workers as there are processors, each making the page's model and
// charts (fill), writing the page into the build's sink as it renders it
// (a large page is never held whole by BuildTo) and then letting go of its
// model: only the models of the pages being rendered are held. Output
// does not depend on their order; the error is that of the first page that
// failed. A Rebuilder's build takes the bytes of the last build for a page
// whose model has not changed.
func (b *builder) render(pages []*pagemodel.Page, cache *pageCache) error {
	errs := make([]error, len(pages))
	kinds := chartKinds(b)
	// left counts the pages of each layout not rendered yet: the last
	// of a layout lets go of its templates (render.Templates.Release).
	left := map[string]*atomic.Int64{}
	for _, p := range pages {
		if left[p.Layout] == nil {
			left[p.Layout] = new(atomic.Int64)
		}
		left[p.Layout].Add(1)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(pages)) {
		wg.Go(func() {
			var buf bytes.Buffer
			var w *fingerprint.Walker
			if cache != nil {
				w = fingerprint.NewWalker(cache.units)
			}
			charts := chartmodel.NewMaker(b.cat, b.GPUs, b.Priced, b.tmpl.Msgs)
			if !b.ageDate.IsZero() {
				charts.Data.Today = catalog.Date(b.ageDate.Format(time.DateOnly)) // the history charts run to it
			}
			for {
				i := int(next.Add(1)) - 1
				if i >= len(pages) {
					return
				}
				p := pages[i]
				errs[i] = b.renderPage(i, p, charts, kinds[p.Layout], cache, w, &buf)
				if left[p.Layout].Add(-1) == 0 {
					b.tmpl.Release(p.Layout)
				}
				if buf.Cap() > largeTwinPage {
					buf = bytes.Buffer{} // a large page's room is not kept for the small ones after it
				}
				// Let go of the page's model and most of its frame: the
				// sitemap reads the page's URLs alone.
				p.Data, p.Charts = nil, nil
				p.Undress()
			}
		})
	}
	wg.Wait()
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
// into buf too, for its policy to be filled in (report.WithPolicy). The cache looks a page up by the
// fingerprint of its model and charts, or of its model alone where the
// charts follow from it (chartsFollowModel): such a page, unchanged, makes
// no charts. A page found takes its Markdown twin from the cache too.
func (b *builder) renderPage(i int, p *pagemodel.Page, m *chartmodel.Maker, chartsOf chartmodel.Charts, cache *pageCache, w *fingerprint.Walker, buf *bytes.Buffer) error {
	p.Dress()
	if cache != nil {
		if data, twin, ok := cache.keep(w, i, p); ok {
			return b.putPage(p.Path, data, twin)
		}
	}
	if err := makeModel(p); err != nil {
		return err
	}
	if cache != nil {
		cache.noteReads(w, i, p.Reads.Parts())
	}
	p.Reads = nil
	for _, a := range p.Attachments {
		if err := b.put(a.Path, a.Data); err != nil {
			return err
		}
	}
	p.Attachments = nil
	lookedUp := false
	if cache != nil && chartsFollowModel(p.Layout) {
		if data, twin, ok := cache.lookup(w, i, p); ok {
			return b.putPage(p.Path, data, twin)
		}
		lookedUp = true
	}
	if err := m.Make(p, chartsOf); err != nil {
		return err
	}
	if cache != nil && !lookedUp {
		if data, twin, ok := cache.lookup(w, i, p); ok {
			return b.putPage(p.Path, data, twin)
		}
	}
	agesTo, err := agesCountedTo(b.tmpl.Msgs, b.ageDate)
	if err != nil {
		return err
	}
	var twin []byte
	streamed := false // the twin written to its file as it was made
	switch write := streamingTwin(p, b.tmpl.Msgs, agesTo); {
	case b.drafting:
	case write != nil && cache == nil && p.Inline == nil:
		if err := writeFile(b.create, twins.Path(p.Path), write); err != nil {
			return err
		}
		streamed = true
	case write != nil: // a cache keeps the twin's bytes
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			return err
		}
		twin = buf.Bytes()
	default:
		if twin, err = catalogpages.Twin(p, b.tmpl.Msgs, b.lang(), agesTo); err != nil {
			return err
		}
	}
	if cache == nil && p.Inline == nil && (twin != nil || streamed || !twins.Has(p.Path) || b.drafting) {
		f, err := b.create(p.Path)
		if err != nil {
			return err
		}
		if err := b.tmpl.Execute(f, p.Layout, p); err != nil {
			f.Close()
			return fmt.Errorf("%s: %w", p.Path, err)
		}
		if err := f.Close(); err != nil {
			return err
		}
		return b.putPage(p.Path, nil, twin)
	}
	buf.Reset()
	if err := b.tmpl.Execute(buf, p.Layout, p); err != nil {
		return fmt.Errorf("%s: %w", p.Path, err)
	}
	if cache != nil && p.Inline == nil && twin == nil {
		// A page rendered again into the same bytes (a model that
		// changed in what the page does not show) has the same twin.
		if data, twin, ok := cache.same(p.Path, buf.Bytes()); ok {
			cache.store(i, data, twin)
			return b.putPage(p.Path, data, twin)
		}
	}
	if twin == nil && twins.Has(p.Path) && !b.drafting {
		if twin, err = twinOf(&b.largeTwin, p.Path, buf.Bytes(), agesTo); err != nil {
			return err
		}
	}
	if cache == nil && p.Inline == nil {
		// Written through the build's writer, which keeps no bytes: no
		// copy of the page to keep (a page put may be kept).
		if err := writeAll(b.create, p.Path, buf.Bytes()); err != nil {
			return err
		}
		return b.putPage(p.Path, nil, twin)
	}
	data := bytes.Clone(buf.Bytes())
	if p.Inline != nil {
		var err error
		if data, err = report.WithPolicy(data, notFoundPolicy); err != nil {
			return fmt.Errorf("%s: %w", p.Path, err)
		}
	}
	if cache != nil {
		cache.store(i, data, twin)
	}
	return b.putPage(p.Path, data, twin)
}

// largeTwinPage is the size of HTML from which a page's Markdown twin is
// made by one worker at a time: twins.Of holds the tree of the page's
// <main>, several times the page's size, and the peak of a build is that
// of the trees its workers hold at once. The largest pages have twins
// written from their models (the matrix, the months of changes, the
// catalog's pages); at 100,000 offers the largest page read back is the
// home page, of 256 KB.
const largeTwinPage = 256 << 10

// twinOf is twins.Of of the page at path whose HTML is page, made while
// no other worker makes that of a large page (largeTwinPage): large is
// the lock they share.
func twinOf(large *sync.Mutex, path string, page []byte, agesTo string) ([]byte, error) {
	if len(page) >= largeTwinPage {
		large.Lock()
		defer large.Unlock()
	}
	return twins.Of(path, page, agesTo)
}

// streamingTwin is the writer of the Markdown twin of page p, its model
// made, for the pages whose twin is written to its file as it is made,
// never held whole: those of /compare/ (compare.WriteTwin, several
// hundred kB at 10,000 offers) and of /changes/ (kinds.WriteChangesTwin,
// 2 MB a month at 100,000); nil for the others.
func streamingTwin(p *pagemodel.Page, msgs render.Messages, agesTo string) func(io.Writer) error {
	if d, ok := p.Data.(*compare.Data); ok && compare.HasTwin(p, d) {
		return func(w io.Writer) error { return compare.WriteTwin(w, p, d, msgs, agesTo) }
	}
	if kinds.HasChangesTwin(p) {
		return func(w io.Writer) error { return kinds.WriteChangesTwin(w, p, msgs, agesTo) }
	}
	return nil
}

// writeFile makes the file at path through create (the build's writer,
// or a set's sink) with write, which writes it as it makes it.
func writeFile(create func(string) (io.WriteCloser, error), path string, write func(io.Writer) error) error {
	f, err := create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeAll writes data to the file at path through create (the build's
// writer), which does not keep data.
func writeAll(create func(string) (io.WriteCloser, error), path string, data []byte) error {
	return writeFile(create, path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// putPage puts the page at path, unless written already (nil data), and
// its twin, when it has one.
func (b *builder) putPage(path string, data, twin []byte) error {
	if data != nil {
		if err := b.put(path, data); err != nil {
			return err
		}
	}
	if twin == nil {
		return nil
	}
	return b.put(twins.Path(path), twin)
}

// makeModel makes the model of p, unless made already.
func makeModel(p *pagemodel.Page) error {
	if p.Model != nil {
		data, err := p.Model()
		if err != nil {
			return fmt.Errorf("%s: %w", p.Path, err)
		}
		p.Data, p.Model = data, nil
	}
	return nil
}

// chartsFollowModel reports whether the charts of a page of a layout are
// made from its model alone (and the messages), so that a page whose model
// is unchanged has unchanged charts: the price history of an instance
// type page. The charts of other pages read every offer.
func chartsFollowModel(layout string) bool { return layout == "instance" }

// agesCountedTo is the sentence a twin that ages a price ends with: the
// day its ages are counted to, the build's; "" when the catalog dates
// nothing.
func agesCountedTo(msgs render.Messages, day time.Time) (string, error) {
	if day.IsZero() {
		return "", nil
	}
	return msgs.T("twin.ages_to", day.Format(time.DateOnly))
}
