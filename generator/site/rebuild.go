package site

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/feeds"
	"gpucompare/generator/site/fingerprint"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/reuse"
	"gpucompare/generator/site/twins"
	"gpucompare/generator/site/write"
)

// A Rebuilder builds one site root again and again, as a live preview does
// after each edit. It keeps what does not change between builds — the
// parse of each catalog file whose bytes are unchanged (catalog.Loader),
// and the parsed and escaped templates while no template or message file
// changes, and the bytes of each page whose model, with everything it
// reaches, is the same as in the last build (package fingerprint), of each
// feed and pair of exports whose inputs are the same (package reuse), and
// the feed entry of each price change that is the same (feeds.Entries) — and
// redoes everything else, so that each Rebuild gives exactly the Files
// that catalog.Load and Build give for the same root.
//
//	fsys, err := rootfs.Open(root, 0) // only the root's own regular files
//	…
//	r := site.NewRebuilder(fsys, site.Options{})
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
	// last is the site of the last build, when it built, for an edit of
	// static files alone (RebuildChanged); nil when it failed.
	last *lastSite
	// drafted is the catalog the last Draft loaded, for the build that
	// follows it (load); nil when none is waiting.
	drafted *loaded
}

// lastSite is the site of a Rebuilder's last build that built.
type lastSite struct {
	files  Files
	report catalog.Report
	// inline404 says the site has no URL: its 404 pages carry the
	// stylesheet, icon and script of static/ inline (notFoundAssets).
	inline404 bool
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
	r.last = nil
	cat, report := r.load()
	if errs := report.Errors(); len(errs) > 0 {
		return nil, report, fmt.Errorf("catalog: %d error(s)", len(errs))
	}
	files, siteReport, err := buildWith(cat, r.root, r.opts, &r.kept)
	report = append(report, siteReport...)
	if err == nil && files != nil {
		base, _ := siteURL(cmp.Or(r.opts.BaseURL, cat.Site.URL))
		r.last = &lastSite{files: files, report: report, inline404: base == ""}
	}
	return files, report, err
}

// RebuildChanged is Rebuild after an edit of the paths changed (slash
// separated, relative to the root; nil or "." when anything may have
// changed), and gives the same. When every path changed is under
// static/, the last build built, and the pages do not carry static files
// inline (a site with a URL), it copies the static files again into the
// last build's site and renders nothing: no page reads them.
func (r *Rebuilder) RebuildChanged(changed []string) (Files, catalog.Report, error) {
	if r.last == nil || r.last.inline404 || len(changed) == 0 || !allStatic(changed) {
		return r.Rebuild()
	}
	r.drafted = nil
	out := write.NewMemory()
	o := newOutput(out, "")
	_, sfs, err := assets(r.root)
	if err == nil {
		err = o.static(sfs)
	}
	if err != nil || len(o.report) > 0 {
		return r.Rebuild() // for the build's own error or report
	}
	files := maps.Clone(r.last.files)
	maps.DeleteFunc(files, func(p string, _ []byte) bool { return staticOutput(p) })
	maps.Copy(files, out.Files())
	r.last = &lastSite{files: files, report: r.last.report}
	return files, slices.Clone(r.last.report), nil
}

// allStatic reports whether every path is static/ or under it.
func allStatic(paths []string) bool {
	for _, p := range paths {
		if p != "static" && !strings.HasPrefix(p, "static/") {
			return false
		}
	}
	return true
}

// staticOutput reports whether the output path p is a file the static
// stage writes (output.static): under static/, or the favicon.ico it
// puts at the root.
func staticOutput(p string) bool { return strings.HasPrefix(p, "static/") || p == "favicon.ico" }

// kept is what a Rebuilder carries from one build to the next: for each
// stage, what it made, under the fingerprint of the inputs it made it
// from. A build takes it as an input of its own (buildInto); nil keeps
// nothing.
type kept struct {
	tmplKey   [sha256.Size]byte // of the language and every template file
	tmpl      *render.Templates
	tmplDiags []catalog.Diagnostic // what loading them reported

	// eds are the editions of the last build, by the key of the
	// languages and messages they are named from (editionsOf).
	eds    []edition
	edsKey [sha256.Size]byte

	// pages are the rendered pages of the last build by output path, with
	// the fingerprints of their models, rendered with tmpl.
	pages map[string]keptPage
	// files are the feeds, exports and months' scripts of /changes/ of
	// the last build, a set of files each, by name, with the fingerprints
	// of what they were made from (reuse.Sets.Put).
	files reuse.Store
	// entries are the feed entries of the last build's changes, by the
	// fingerprint of what each is made of (feeds.Entries).
	entries feeds.Entries
	// keptWhole counts the pages the last build kept without making their
	// models (pageCache.keep).
	keptWhole int
	// rows are the sizes of the matrix's rows in the last build (rowSizes).
	rows map[fingerprint.Fingerprint]int
	// editions is what the other editions of the site kept, by folder
	// ("zh/"); the root edition's is the rest of kept.
	editions map[string]*kept
}

// edition is what the edition built in dir keeps from one build to the
// next: k itself for the root edition, nil when k is.
func (k *kept) edition(dir string) *kept {
	if k == nil || dir == "" {
		return k
	}
	if k.editions == nil {
		k.editions = map[string]*kept{}
	}
	if k.editions[dir] == nil {
		k.editions[dir] = &kept{}
	}
	return k.editions[dir]
}

// begin starts a build of the edition of k, whose catalog and derived data
// the pages, feeds and exports are made of: it fingerprints the catalog's
// units once, for the inputs of every stage to be fingerprinted with, and
// returns this build's sets of files (reuse.Sets). It returns nil for a
// build that keeps nothing (nil k), and when a unit has no fingerprint:
// then the build keeps nothing for the next either.
func (k *kept) begin(cat *catalog.Catalog, data *derive.Data) *reuse.Sets {
	if k == nil {
		return nil
	}
	sets := k.files.Begin(fingerprint.UnitsOf(cat, data.Priced, data.Changes, data.BenchGroups))
	if sets == nil {
		k.pages, k.entries, k.rows = nil, nil, nil
	}
	return sets
}

// feedEntries are the feed entries k keeps for the feeds (feeds.Write), or
// nil for a build that keeps nothing.
func (k *kept) feedEntries() *feeds.Entries {
	if k == nil {
		return nil
	}
	return &k.entries
}

// keptPage is a rendered page and the fingerprint of its model, with its
// Markdown twin when it has one; and, for a page whose kind notes what
// its model reads (pagemodel.Page.Reads), the parts it read, with the
// fingerprints of its frame and of those parts.
type keptPage struct {
	model fingerprint.Fingerprint
	data  []byte
	twin  []byte // its Markdown twin; nil when it has none

	parts        []derive.Part // nil: not noted
	frame, reads fingerprint.Fingerprint
}

// pageCache is what render needs of a Rebuilder: the pages of the last
// build, the catalog's units to fingerprint this build's models with, and
// the pages of this build to keep for the next; and the edition's catalog
// and derived data, for the parts a model read (derive.Data.Value).
type pageCache struct {
	last  map[string]keptPage
	units *fingerprint.CatalogUnits
	next  []keptPage // by page index; nil data: not fingerprinted
	cat   *catalog.Catalog
	data  *derive.Data

	mu    sync.Mutex
	whole map[derive.Part]partPrint // of the parts that name no record, once a build
	// kept counts the pages kept without their models made (keep).
	kept atomic.Int64
}

// partPrint is the fingerprint of a part, or false when it has none.
type partPrint struct {
	f  fingerprint.Fingerprint
	ok bool
}

// pageCache returns the cache of the n pages of a build of cat and data
// whose sets of files are sets (kept.begin), or nil for a build that
// keeps nothing.
func (k *kept) pageCache(sets *reuse.Sets, n int, cat *catalog.Catalog, data *derive.Data) *pageCache {
	if sets == nil {
		return nil
	}
	return &pageCache{last: k.pages, units: sets.Units(), next: make([]keptPage, n), cat: cat, data: data, whole: map[derive.Part]partPrint{}}
}

// keep returns the bytes of page i, p, that the last build rendered,
// without making its model, when its kind notes what the model reads
// (p.Reads) and neither the page's frame nor any part its model read in
// the last build has changed: its model is then the one of the last
// build. Otherwise it returns false, and notes the page's frame for
// noteReads. w is the worker's own walker.
func (c *pageCache) keep(w *fingerprint.Walker, i int, p *pagemodel.Page) (data, twin []byte, ok bool) {
	if p.Reads == nil || p.Data != nil || p.Attachments != nil {
		return nil, nil, false
	}
	model, reads := p.Model, p.Reads
	p.Model, p.Reads = nil, nil
	frame, ok := w.Of(p)
	p.Model, p.Reads = model, reads
	if !ok {
		return nil, nil, false
	}
	c.next[i].frame = frame
	k, hit := c.last[p.Path]
	if !hit || k.parts == nil || k.frame != frame {
		return nil, nil, false
	}
	if f, ok := c.partsPrint(w, k.parts); !ok || f != k.reads {
		return nil, nil, false
	}
	c.next[i] = k
	c.kept.Add(1)
	return k.data, k.twin, true
}

// noteReads keeps the parts that the model of page i read, once made,
// with their fingerprint, for the next build to keep the page by
// (keep); parts is nil for a page whose kind notes none.
func (c *pageCache) noteReads(w *fingerprint.Walker, i int, parts []derive.Part) {
	if parts == nil || c.next[i].frame == (fingerprint.Fingerprint{}) {
		return
	}
	if f, ok := c.partsPrint(w, parts); ok {
		c.next[i].parts, c.next[i].reads = parts, f
	}
}

// partsPrint is the fingerprint of the parts, as they are in this build.
func (c *pageCache) partsPrint(w *fingerprint.Walker, parts []derive.Part) (fingerprint.Fingerprint, bool) {
	prints := make([]fingerprint.Fingerprint, len(parts))
	for j, part := range parts {
		var pp partPrint
		if part.Provider == "" && part.ID == "" {
			pp = c.wholePrint(part)
		} else {
			pp.f, pp.ok = w.Of(c.data.Value(c.cat, part))
		}
		if !pp.ok {
			return fingerprint.Fingerprint{}, false
		}
		prints[j] = pp.f
	}
	return w.Of(struct {
		Parts  []derive.Part
		Prints []fingerprint.Fingerprint
	}{parts, prints})
}

// wholePrint is the fingerprint of a part that names no record (the
// benchmarks, the settings), made once a build for every page.
func (c *pageCache) wholePrint(part derive.Part) partPrint {
	c.mu.Lock()
	defer c.mu.Unlock()
	pp, ok := c.whole[part]
	if !ok {
		// The settings are walked whole: a pointer of theirs that a
		// price point reaches too would stand for the price point's file.
		units := c.units
		if part.Kind == derive.PartSettings {
			units = nil
		}
		pp.f, pp.ok = fingerprint.NewWalker(units).Of(c.data.Value(c.cat, part))
		c.whole[part] = pp
	}
	return pp
}

// lookup returns the bytes of p when its model has the fingerprint it had
// in the last build; otherwise it returns false, and store is to be
// called with the bytes rendered. w is the worker's own walker.
func (c *pageCache) lookup(w *fingerprint.Walker, i int, p *pagemodel.Page) (data, twin []byte, ok bool) {
	f, ok := w.Of(p)
	if !ok {
		return nil, nil, false
	}
	c.next[i].model = f
	if k, ok := c.last[p.Path]; ok && k.model == f {
		c.next[i].data, c.next[i].twin = k.data, k.twin
		return k.data, k.twin, true
	}
	return nil, nil, false
}

// store keeps the bytes rendered of page i, and of its Markdown twin, when
// its model has a fingerprint: the twin is made of the page's model or
// bytes alone.
func (c *pageCache) store(i int, data, twin []byte) {
	if c.next[i].model != (fingerprint.Fingerprint{}) {
		c.next[i].data, c.next[i].twin = data, twin
	}
}

// same returns the bytes and the Markdown twin of the page at path in the
// last build when it rendered into html then too, and its twin was made
// from them (twins.Of, a function of the path and the bytes alone).
func (c *pageCache) same(path string, html []byte) (data, twin []byte, ok bool) {
	k, hit := c.last[path]
	if !hit || (k.twin == nil && twins.Has(path)) || !bytes.Equal(k.data, html) {
		return nil, nil, false
	}
	return k.data, k.twin, true
}

// keepPages hands the pages of this build on to the next.
func (k *kept) keepPages(c *pageCache, pages []*pagemodel.Page) {
	if c == nil {
		return
	}
	m := make(map[string]keptPage, len(pages))
	for i, p := range pages {
		if c.next[i].data != nil {
			m[p.Path] = c.next[i]
		}
	}
	k.pages = m
	k.keptWhole = int(c.kept.Load())
}

// templates loads the templates of tfs for lang, its diagnostics going to
// out, or takes the ones of the previous build of a Rebuilder (k) when
// nothing they are made of changed.
func (k *kept) templates(tfs fs.FS, lang string, out *output) (*render.Templates, error) {
	if k == nil {
		return render.LoadTemplates(tfs, lang, out.warnf)
	}
	key, err := treeKey(tfs, lang)
	if err != nil {
		return nil, err
	}
	if k.tmpl != nil && key == k.tmplKey {
		for _, d := range k.tmplDiags {
			out.add(d)
		}
		return k.tmpl, nil
	}
	before := len(out.report)
	// What was made with other templates and messages goes.
	k.pages, k.entries, k.rows = nil, nil, nil
	k.files.Drop()
	t, err := render.LoadTemplates(tfs, lang, out.warnf)
	if err != nil {
		k.tmpl = nil
		return nil, err
	}
	t.KeepSets() // build after build
	k.tmplKey, k.tmpl = key, t
	k.tmplDiags = append([]catalog.Diagnostic(nil), out.report[before:]...)
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
		if _, ok := content.Refused(err); ok {
			// A file the build does not read need not stop it; one it
			// reads stops it when the templates load.
			fmt.Fprintf(h, "%q refused: %v\n", p, err)
			return nil
		}
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
