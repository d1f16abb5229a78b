package site

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"

	"gpucompare/generator/catalog"
)

// A Rebuilder builds one site root again and again, as a live preview does
// after each edit. It keeps what does not change between builds — the
// parse of each catalog file whose bytes are unchanged (catalog.Loader),
// and the parsed and escaped templates while no template or message file
// changes, and the bytes of each page whose model, with everything it
// reaches, is the same as in the last build (fingerprint.go) — and redoes
// everything else, so that each Rebuild gives exactly the Files that
// catalog.Load and Build give for the same root.
//
//	r := site.NewRebuilder(os.DirFS(root), site.Options{})
//	for range edits {
//		files, report, err := r.Rebuild()
//		// serve files; on err, show report.Errors() with their positions
//	}
//
// A Rebuilder is not safe for concurrent use: call Rebuild from one
// goroutine at a time. The Files it returns are the caller's to keep but
// not to modify: a page that did not change shares its bytes with the
// Files of later builds.
type Rebuilder struct {
	root   fs.FS
	opts   Options
	loader *catalog.Loader
	kept   kept
}

// NewRebuilder returns a Rebuilder of the site root root (holding data/,
// and optionally content/, templates/ and static/) with the options opts.
func NewRebuilder(root fs.FS, opts Options) *Rebuilder {
	return &Rebuilder{root: root, opts: opts, loader: catalog.NewLoader(root)}
}

// Rebuild loads the catalog of the root as it is now and builds the site
// in memory. The report holds every diagnostic, the catalog's first and
// then the build's, each part sorted by position. When the catalog or the
// content has errors, or the site cannot be built, err says so and Files
// is nil; the next Rebuild after the fix builds again.
func (r *Rebuilder) Rebuild() (Files, catalog.Report, error) {
	cat, report := r.loader.Load()
	if errs := report.Errors(); len(errs) > 0 {
		return nil, report, fmt.Errorf("catalog: %d error(s)", len(errs))
	}
	files, siteReport, err := buildWith(cat, r.root, r.opts, &r.kept)
	return files, append(report, siteReport...), err
}

// kept is what a Rebuilder carries from one build to the next.
type kept struct {
	tmplKey   [sha256.Size]byte // of the language and every template file
	tmpl      *templates
	tmplDiags []catalog.Diagnostic // what loading them reported

	// pages are the rendered pages of the last build by output path, with
	// the fingerprints of their models, rendered with tmpl.
	pages map[string]keptPage
}

// keptPage is a rendered page and the fingerprint of its model.
type keptPage struct {
	model fingerprint
	data  []byte
}

// pageCache is what render needs of a Rebuilder: the pages of the last
// build, the catalog's units to fingerprint this build's models with, and
// the pages of this build to keep for the next.
type pageCache struct {
	last  map[string]keptPage
	units *catalogUnits
	next  []keptPage // by page index; nil data: not fingerprinted
}

// pageCache returns the cache of a Rebuilder's build, or nil for a build
// that keeps nothing.
func (b *builder) pageCache(n int) *pageCache {
	if b.kept == nil {
		return nil
	}
	u := unitsOf(b.cat, b.priced, b.changes, b.benchGroups)
	if !u.ok {
		b.kept.pages = nil
		return nil
	}
	return &pageCache{last: b.kept.pages, units: u, next: make([]keptPage, n)}
}

// lookup returns the bytes of p when its model has the fingerprint it had
// in the last build; otherwise it returns false, and store is to be
// called with the bytes rendered. w is the worker's own walker.
func (c *pageCache) lookup(w *walker, i int, p *page) ([]byte, bool) {
	f, ok := w.of(p)
	if !ok {
		return nil, false
	}
	c.next[i].model = f
	if k, ok := c.last[p.Path]; ok && k.model == f {
		c.next[i].data = k.data
		return k.data, true
	}
	return nil, false
}

// store keeps the bytes rendered of page i when its model has a fingerprint.
func (c *pageCache) store(i int, data []byte) {
	if c.next[i].model != (fingerprint{}) {
		c.next[i].data = data
	}
}

// keep hands the pages of this build on to the next.
func (b *builder) keepPages(c *pageCache, pages []*page) {
	if c == nil {
		return
	}
	m := make(map[string]keptPage, len(pages))
	for i, p := range pages {
		if c.next[i].data != nil {
			m[p.Path] = c.next[i]
		}
	}
	b.kept.pages = m
}

// templates loads the templates of tfs for lang, or takes the ones of the
// previous build of a Rebuilder when nothing they are made of changed.
func (b *builder) templates(tfs fs.FS, lang string) (*templates, error) {
	if b.kept == nil {
		return loadTemplates(tfs, lang, b.warnf)
	}
	key, err := treeKey(tfs, lang)
	if err != nil {
		return nil, err
	}
	if b.kept.tmpl != nil && key == b.kept.tmplKey {
		for _, d := range b.kept.tmplDiags {
			b.add(d)
		}
		return b.kept.tmpl, nil
	}
	before := len(b.report)
	b.kept.pages = nil // rendered with other templates
	t, err := loadTemplates(tfs, lang, b.warnf)
	if err != nil {
		b.kept.tmpl = nil
		return nil, err
	}
	b.kept.tmplKey, b.kept.tmpl = key, t
	b.kept.tmplDiags = append([]catalog.Diagnostic(nil), b.report[before:]...)
	return t, nil
}

// treeKey hashes a label and every file of fsys, names and bytes.
func treeKey(fsys fs.FS, label string) ([sha256.Size]byte, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%q\n", label)
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%q %d\n", p, len(data))
		h.Write(data)
		return nil
	})
	var key [sha256.Size]byte
	if err != nil {
		return key, errors.Join(errors.New("reading templates"), err)
	}
	copy(key[:], h.Sum(nil))
	return key, nil
}
