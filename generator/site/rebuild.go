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
// changes — and redoes everything else, so that each Rebuild gives exactly
// the Files that catalog.Load and Build give for the same root.
//
//	r := site.NewRebuilder(os.DirFS(root), site.Options{})
//	for range edits {
//		files, report, err := r.Rebuild()
//		// serve files; on err, show report.Errors() with their positions
//	}
//
// A Rebuilder is not safe for concurrent use: call Rebuild from one
// goroutine at a time. The Files it returns are the caller's.
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
