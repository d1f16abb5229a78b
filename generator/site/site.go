// Package site is the last stage of gpucompare, the orchestration of its
// rooms: it takes a validated catalog and the site root, and hands on a
// built site, every page rendered, then put in place in one swap.
//
// A build runs in steps, in this order, each a package of its own but the
// page models:
//
//   - assets: templates, the message catalogue and static files come from
//     the site root's templates/ and static/, or from the copies embedded in
//     the binary (gpucompare.Assets) when the root has none (render);
//   - derive: what follows from the catalog alone, made once (derive),
//     while the templates and the content (content) load;
//   - pages: one page model per URL, its links already made relative to it
//     (the page kinds, in this package);
//   - render: each page model framed by templates/base.html around the
//     layout of its kind (templates/layouts/<kind>.html), through render;
//     the exports (export) and the feeds are written meanwhile;
//   - extras: static files under static/, the JSON Schemas of the catalog's
//     files under schemas/, and sitemap.xml when the site has an absolute
//     URL and is not a preview (Options.Preview);
//   - write: every file goes to a sink of the write stage (write).
//
// Build does all of that in memory, and Write puts the result in place;
// BuildTo writes each file into the temporary folder of the swap as soon
// as it is made, so that a large site is never held in memory whole.
package site

import (
	"cmp"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"maps"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/write"
)

// Options are the choices of one build that are not in the catalog.
type Options struct {
	// BaseURL is the absolute URL the site is served from ("https://example.com/gpus/"),
	// used only where a link must be absolute: the sitemap, canonical links
	// and the 404 page. Empty means the url of data/site.yaml, if any.
	BaseURL string
	// PrettyURLs drops "index.html" from links, for a server that maps a
	// directory to its index.html. Leave it off for file:// and previews.
	PrettyURLs bool
	// AgeDate is the day the pages count the ages of prices to, as built
	// (static/age.js counts them again to the reader's day). The zero time
	// means the newest date in the catalog, so that the same input gives
	// the same bytes; the command line passes SOURCE_DATE_EPOCH when set.
	AgeDate time.Time
	// Preview marks a pull request's preview, which search engines must
	// not take for the site: every page carries <meta name="robots"
	// content="noindex"> and no sitemap.xml is written.
	Preview bool
}

// Files is a built site: slash-separated output path → file contents.
type Files = write.Files

// Build renders the whole site of cat into memory. root is the site root:
// content/ is read from it, and templates/ and static/ when it has them.
//
// The report holds every diagnostic of the build, content errors with their
// positions and warnings (such as a sitemap left out for want of a site
// URL). err is non-nil when the site could not be built; Files is then nil.
// The same catalog, root and options always give the same bytes.
func Build(cat *catalog.Catalog, root fs.FS, opts Options) (Files, catalog.Report, error) {
	return buildWith(cat, root, opts, nil)
}

// buildWith is Build, with what a Rebuilder keeps from one build to the next
// (nil: nothing).
func buildWith(cat *catalog.Catalog, root fs.FS, opts Options, keep *kept) (Files, catalog.Report, error) {
	out := write.NewMemory()
	report, err := buildInto(out, cat, root, opts, keep)
	if err != nil {
		return nil, report, err
	}
	return out.Files(), report, nil
}

// BuildTo builds the site of cat like Build and puts it in outDir like
// Write, but writes each file into the temporary folder as soon as it is
// made instead of holding the whole site in memory first. It returns how
// many files it wrote. When the build fails, or a write does, outDir is
// left as it was, the temporary folder is removed, and err says why; the
// report holds every diagnostic, as Build's does. outDir then holds the
// same bytes that Write(outDir, Build(…)) puts there.
func BuildTo(outDir string, cat *catalog.Catalog, root fs.FS, opts Options) (n int, report catalog.Report, err error) {
	err = write.Publish(outDir, func(tmp string) error {
		out := write.NewDir(tmp)
		var berr error
		report, berr = buildInto(out, cat, root, opts, nil)
		n = out.Count()
		return berr
	})
	if err != nil {
		return 0, report, err
	}
	return n, report, nil
}

// Write puts files in outDir in one swap, as write.Publish does.
func Write(outDir string, files Files) error { return write.Write(outDir, files) }

// buildInto builds the site of cat into out. err is non-nil when the site
// could not be built, or the report has errors; out then holds part of it.
//
// Each edition of the site is built in turn, the root edition first,
// each with what keep holds for it; the others share its static files, schemas and
// exports, and the sitemap lists the pages of all of them.
func buildInto(out write.Sink, cat *catalog.Catalog, root fs.FS, opts Options, keep *kept) (catalog.Report, error) {
	var report catalog.Report
	err := func() error {
		tfs, _, err := assets(root)
		if err != nil {
			return fmt.Errorf("assets: %w", err)
		}
		eds, err := editions(cat, tfs)
		if err != nil {
			return fmt.Errorf("templates: %w", err)
		}
		var first *builder
		var pages []*page
		for i, ed := range eds {
			b := &builder{cat: cat, opts: opts, output: newOutput(out, ed.Dir), ed: ed, eds: eds}
			b.reuse = reuse{kept: keep.edition(ed.Dir), out: &b.output}
			if i > 0 {
				if err := editionClash(cat, first.paths); err != nil {
					return err
				}
				b.cat = editionCatalog(cat, i)
			}
			err := b.run(root)
			report = append(report, b.report...)
			if err != nil || len(b.report.Errors()) > 0 {
				return err
			}
			if i == 0 {
				first = b
			}
			pages = append(pages, b.made...)
		}
		n := len(first.report)
		if err := first.sitemap(pages); err != nil {
			return fmt.Errorf("sitemap: %w", err)
		}
		report = append(report, first.report[n:]...)
		return nil
	}()
	slices.SortStableFunc(report, func(x, y catalog.Diagnostic) int {
		return cmp.Or(cmp.Compare(x.Pos.File, y.Pos.File), cmp.Compare(x.Pos.Line, y.Pos.Line), cmp.Compare(x.Pos.Col, y.Pos.Col))
	})
	report = once(report)
	if err == nil {
		if errs := report.Errors(); len(errs) > 0 {
			err = errors.New(strings.TrimSuffix(errs.String(), "\n"))
		}
	}
	return report, err
}

// once is report without the diagnostics it repeats: each edition loads
// the same content and reports the same warnings.
func once(report catalog.Report) catalog.Report {
	seen := map[catalog.Diagnostic]bool{}
	return slices.DeleteFunc(report, func(d catalog.Diagnostic) bool {
		dup := seen[d]
		seen[d] = true
		return dup
	})
}

// builder holds the state of one edition's build.
type builder struct {
	cat  *catalog.Catalog // as the edition shows it (editionCatalog)
	opts Options
	ed   edition   // the edition it builds
	eds  []edition // every edition of the site, the root edition first
	// base is the absolute URL of the edition ending in "/", or "";
	// siteBase that of the site, the root edition's.
	base, siteBase string
	// made are the pages it made, for the sitemap of every edition.
	made []*page
	// output takes the files and the diagnostics of the build.
	output

	// reuse is what the build takes from the last build of a Rebuilder
	// and keeps for the next, by the fingerprints of each stage's inputs.
	reuse

	// Data is what the pages are made of that follows from the catalog
	// alone (derive.Make), made while the templates and content load.
	*derive.Data

	tmpl *render.Templates
	// inline404 is what the 404 page carries inline when the site has no
	// URL (notFoundAssets); nil when it has one.
	inline404 *inlineAssets
	content   []*content.ContentPage
	siteInfo  *siteInfo
	// search are the entries of the site's search (searchPage).
	search []*searchEntry
	// ageDate is the day the ages of prices are counted to (Options.AgeDate).
	ageDate time.Time
	// priceByGPUs are the charts of prices by GPU model of chartModels,
	// made once for the pages that show them (builder.priceByGPU).
	priceByGPUs [len(chartModels)]sharedPriceByGPU
}

func (b *builder) run(root fs.FS) error {
	base, err := siteURL(cmp.Or(b.opts.BaseURL, b.cat.Site.URL))
	if err != nil {
		return err
	}
	b.siteBase = base
	if base != "" {
		b.base = base + b.ed.Dir
	}
	b.ageDate = b.opts.AgeDate.UTC()
	if b.opts.AgeDate.IsZero() {
		b.ageDate = newestDate(b.cat)
	}

	tfs, sfs, err := assets(root)
	if err != nil {
		return fmt.Errorf("assets: %w", err)
	}
	if b.base == "" {
		if b.inline404, err = notFoundAssets(sfs); err != nil {
			return fmt.Errorf("assets: %w", err)
		}
	}
	// What follows from the catalog alone is made while the templates and
	// the content load.
	var derived sync.WaitGroup
	derived.Go(func() { b.Data = derive.Make(b.cat); b.reuse.cat, b.reuse.data = b.cat, b.Data })
	err = b.templatesAndContent(root, tfs)
	derived.Wait()
	if err != nil {
		return err
	}
	if len(b.report.Errors()) > 0 {
		return nil // Build lists them
	}
	pages, err := b.pages()
	if err != nil {
		return fmt.Errorf("pages: %w", err)
	}
	// The exports and the feeds do not read the pages: they are made
	// while the pages render, each on a goroutine of its own, so that
	// their serial work fills what the render leaves of the processors.
	var exportErr, feedErr, changesErr error
	var others sync.WaitGroup
	if b.ed.root() {
		others.Go(func() { exportErr = b.exports(b.Priced) })
	}
	others.Go(func() { feedErr = b.feeds(); changesErr = b.changeScripts() })
	renderErr := b.render(pages)
	others.Wait()
	b.made = pages
	if renderErr != nil {
		return fmt.Errorf("render: %w", renderErr)
	}
	if exportErr != nil {
		return fmt.Errorf("exports: %w", exportErr)
	}
	if feedErr != nil {
		return fmt.Errorf("feeds: %w", feedErr)
	}
	if changesErr != nil {
		return fmt.Errorf("changes: %w", changesErr)
	}
	if err := b.writeSearchIndex(); err != nil {
		return err
	}
	if !b.ed.root() {
		return nil // the root edition's static files, schemas and exports serve it
	}
	if err := b.static(sfs); err != nil {
		return fmt.Errorf("static: %w", err)
	}
	return b.schemas()
}

// lang is the language the builder builds the site in: of its UI text
// and of the catalog text it shows.
func (b *builder) lang() string { return cmp.Or(b.cat.Site.Language, catalog.BaseLanguage) }

// text is the text of the field key of the catalog record rec in the
// builder's language (catalog.Text), for a title or a search entry.
func (b *builder) text(rec any, key string) string { return pagemodel.CatalogText(b.cat, rec, key) }

// prose renders the Markdown field key of the catalog record rec in the
// builder's language with render, marked when it is the catalog's own
// text because the record has none in that language.
func (b *builder) prose(rec any, key string, render func(string) (template.HTML, error)) (template.HTML, error) {
	s, in := catalog.Text(rec, key, b.lang())
	if s == "" {
		return "", nil
	}
	html, err := render(s)
	if err != nil {
		return "", err
	}
	return b.tmpl.Msgs.Marked(html, in, true)
}

// templatesAndContent loads the templates, then the content pages.
func (b *builder) templatesAndContent(root, tfs fs.FS) error {
	var err error
	if b.tmpl, err = b.templates(tfs, b.lang()); err != nil {
		return fmt.Errorf("templates: %w", err)
	}
	rule, err := b.tmpl.Msgs.FxRule(b.cat)
	if err != nil {
		return fmt.Errorf("content: %w", err)
	}
	ages, err := b.tmpl.Msgs.DataAgeTable(b.cat)
	if err != nil {
		return fmt.Errorf("content: %w", err)
	}
	freshDays, staleDays := b.cat.Site.Policy()
	fresh, err := b.tmpl.Msgs.T("data_age.rule", freshDays, staleDays)
	if err != nil {
		return fmt.Errorf("content: %w", err)
	}
	codes := content.Shortcodes{"fx-rule": rule, "data-age": ages, "fresh-rule": fresh}
	var skip []string
	for _, e := range b.eds {
		if !e.root() {
			skip = append(skip, "content/"+strings.TrimSuffix(e.Dir, "/"))
		}
	}
	if b.content, err = content.LoadContent(root, "content", skip, codes, b.add); err != nil {
		return fmt.Errorf("content: %w", err)
	}
	if !b.ed.root() {
		own, err := content.LoadContent(root, "content/"+strings.TrimSuffix(b.ed.Dir, "/"), nil, codes, b.add)
		if err != nil {
			return fmt.Errorf("content: %w", err)
		}
		b.content = content.WithFallback(own, b.content, b.eds[0].Lang)
	}
	return nil
}

// schemas publishes the JSON Schemas of the catalog's files under
// schemas/, where an editor or a contributor's tooling can fetch them.
func (o *output) schemas() error {
	files := catalog.Schemas()
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if err := o.put(catalog.SchemaDir+"/"+name, files[name]); err != nil {
			return err
		}
	}
	return nil
}

// siteURL checks an absolute site URL and gives it a trailing slash.
func siteURL(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("site url %q: want an absolute http or https URL", s)
	}
	if !strings.HasSuffix(s, "/") {
		s += "/"
	}
	return s, nil
}
