package site

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/fingerprint"
	"gpucompare/generator/site/render"
)

// A Rebuilder builds one site root again and again, as a live preview does
// after each edit. It keeps what does not change between builds — the
// parse of each catalog file whose bytes are unchanged (catalog.Loader),
// and the parsed and escaped templates while no template or message file
// changes, and the bytes of each page whose model, with everything it
// reaches, is the same as in the last build (fingerprint.go), of each
// feed and pair of exports whose inputs are the same (putMade), and the
// feed entry of each price change that is the same (feedEntries) — and
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
	tmpl      *render.Templates
	tmplDiags []catalog.Diagnostic // what loading them reported

	// pages are the rendered pages of the last build by output path, with
	// the fingerprints of their models, rendered with tmpl.
	pages map[string]keptPage
	// made are the feeds and exports of the last build, a set of files
	// each, by name, with the fingerprints of what they were made from.
	made map[string]keptFiles
	// entries are the feed entries of the last build's changes, by the
	// fingerprint of what each is made of (feedEntries).
	entries map[fingerprint.Fingerprint]*feed.Entry
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

// keptFiles are files made from some inputs alone, and the fingerprint of
// those inputs.
type keptFiles struct {
	inputs fingerprint.Fingerprint
	files  []madeFile
}

// madeFile is one file of a set made from the same inputs.
type madeFile struct {
	path string
	data []byte
}

// reuse is what one edition's build takes from the last build of a
// Rebuilder and keeps for the next: the templates while their files are
// the same, each page while its model's fingerprint is, each set of files
// made from inputs (the exports, the feeds) while the inputs' is. Its
// inputs are the catalog and the derived data, set once derived; its
// files and diagnostics go to out. The zero reuse, of a build that keeps
// nothing, takes and keeps nothing.
type reuse struct {
	kept *kept   // what earlier builds left to reuse, or nil
	out  *output // the build's output
	cat  *catalog.Catalog
	data *derive.Data

	units     *fingerprint.CatalogUnits // the catalog's units fingerprinted for kept (keptUnits)
	unitsOnce sync.Once
	// lastMade are the feeds and exports of the last build (putMade).
	lastMade map[string]keptFiles
	madeMu   sync.Mutex // guards kept.made while the exports and the feeds are made at once
}

// keptPage is a rendered page and the fingerprint of its model.
type keptPage struct {
	model fingerprint.Fingerprint
	data  []byte
}

// pageCache is what render needs of a Rebuilder: the pages of the last
// build, the catalog's units to fingerprint this build's models with, and
// the pages of this build to keep for the next.
type pageCache struct {
	last  map[string]keptPage
	units *fingerprint.CatalogUnits
	next  []keptPage // by page index; nil data: not fingerprinted
}

// pageCache returns the cache of a Rebuilder's build, or nil for a build
// that keeps nothing.
func (r *reuse) pageCache(n int) *pageCache {
	u := r.keptUnits()
	if u == nil {
		return nil
	}
	return &pageCache{last: r.kept.pages, units: u, next: make([]keptPage, n)}
}

// keptUnits fingerprints the catalog's units once a build of a Rebuilder,
// for the pages, feeds and exports to be fingerprinted with. It is nil for
// a build that keeps nothing, and when a unit has no fingerprint: then the
// build keeps nothing for the next either.
func (r *reuse) keptUnits() *fingerprint.CatalogUnits {
	if r.kept == nil {
		return nil
	}
	r.unitsOnce.Do(func() {
		r.units = fingerprint.UnitsOf(r.cat, r.data.Priced, r.data.Changes, r.data.BenchGroups)
		// The sets of this build replace those of the last.
		r.lastMade, r.kept.made = r.kept.made, map[string]keptFiles{}
		if !r.units.OK() {
			r.kept.pages, r.lastMade, r.kept.entries = nil, nil, nil
		}
	})
	if !r.units.OK() {
		return nil
	}
	return r.units
}

// putMade puts the set of files that makeFiles makes from inputs, under
// name: for a Rebuilder, the files of the last build when inputs have the
// fingerprint they had then. inputs must hold everything makeFiles reads
// besides the templates and their messages, whose change drops every set
// kept (reuse.templates).
func (r *reuse) putMade(name string, inputs any, makeFiles func() ([]madeFile, error)) error {
	u := r.keptUnits()
	var f fingerprint.Fingerprint
	ok := false
	if u != nil {
		f, ok = fingerprint.NewWalker(u).Of(inputs)
		if k, hit := r.lastMade[name]; ok && hit && k.inputs == f {
			r.keepMade(name, k)
			return r.putFiles(k.files)
		}
	}
	files, err := makeFiles()
	if err != nil {
		return err
	}
	if ok {
		r.keepMade(name, keptFiles{f, files})
	}
	return r.putFiles(files)
}

// keepMade keeps the files made under name for the next build. The
// exports and the feeds keep theirs at once.
func (r *reuse) keepMade(name string, k keptFiles) {
	r.madeMu.Lock()
	r.kept.made[name] = k
	r.madeMu.Unlock()
}

func (r *reuse) putFiles(files []madeFile) error {
	for _, f := range files {
		if err := r.out.put(f.path, f.data); err != nil {
			return err
		}
	}
	return nil
}

// lookup returns the bytes of p when its model has the fingerprint it had
// in the last build; otherwise it returns false, and store is to be
// called with the bytes rendered. w is the worker's own walker.
func (c *pageCache) lookup(w *fingerprint.Walker, i int, p *page) ([]byte, bool) {
	f, ok := w.Of(p)
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
	if c.next[i].model != (fingerprint.Fingerprint{}) {
		c.next[i].data = data
	}
}

// keep hands the pages of this build on to the next.
func (r *reuse) keepPages(c *pageCache, pages []*page) {
	if c == nil {
		return
	}
	m := make(map[string]keptPage, len(pages))
	for i, p := range pages {
		if c.next[i].data != nil {
			m[p.Path] = c.next[i]
		}
	}
	r.kept.pages = m
}

// templates loads the templates of tfs for lang, or takes the ones of the
// previous build of a Rebuilder when nothing they are made of changed.
func (r *reuse) templates(tfs fs.FS, lang string) (*render.Templates, error) {
	if r.kept == nil {
		return render.LoadTemplates(tfs, lang, r.out.warnf)
	}
	key, err := treeKey(tfs, lang)
	if err != nil {
		return nil, err
	}
	if r.kept.tmpl != nil && key == r.kept.tmplKey {
		for _, d := range r.kept.tmplDiags {
			r.out.add(d)
		}
		return r.kept.tmpl, nil
	}
	before := len(r.out.report)
	r.kept.pages, r.kept.made, r.kept.entries = nil, nil, nil // made with other templates and messages
	t, err := render.LoadTemplates(tfs, lang, r.out.warnf)
	if err != nil {
		r.kept.tmpl = nil
		return nil, err
	}
	r.kept.tmplKey, r.kept.tmpl = key, t
	r.kept.tmplDiags = append([]catalog.Diagnostic(nil), r.out.report[before:]...)
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
