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
//     (the page kinds, in this package, in catalogpages and in kinds), and
//     its figures, made by its kind as it renders (chartmodel);
//   - render: each page model framed by templates/base.html around the
//     layout of its kind (templates/layouts/<kind>.html), through render;
//     the writers of their own, functions of their inputs, write meanwhile:
//     the exports (export), the static JSON API under api/v1/ (api), the
//     feeds (feeds), llms.txt and llms-full.txt (llms), and, when the site
//     has a URL, the social cards of the home, GPU, provider and instance
//     pages (cards);
//   - extras: the search index (searchindex, written as soon as the pages
//     are listed, so that its entries are not held while they render),
//     static files under static/,
//     the JSON Schemas of the catalog's files under schemas/, and
//     sitemap.xml (sitemap) when the site has an absolute URL and is not a
//     preview (Options.Preview);
//   - write: every file goes to a sink of the write stage (write), into
//     the edition's folder; what serve keeps between builds is handed to
//     each stage with its inputs (reuse, fingerprint).
//
// builder.run calls the stages of an edition in that order.
//
// Build does all of that in memory, and Write puts the result in place;
// BuildTo writes each file into the temporary folder of the swap as soon
// as it is made, so that a large site is never held in memory whole.
package site

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/api"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/feeds"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/reuse"
	"gpucompare/generator/site/sitemap"
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
	// Internal marks a build with a team's private overlay (quotes, its
	// own trials), which must never be published: every page carries a
	// banner that says so and <meta name="robots" content="noindex">, no
	// feed and no sitemap.xml is written, and the output holds
	// InternalMarker.
	Internal bool
}

// InternalMarker is the file an Internal build writes at the top of its
// output, beside the marker of every output (write.MarkerName): what says
// the folder holds private data, and which build may replace it.
const InternalMarker = ".gpucompare-internal"

// internalMarkerText is the content of InternalMarker.
const internalMarkerText = "internal: contains private quotes\n" +
	"gpucompare build -overlay wrote this folder: never publish it; only another build with -overlay replaces it.\n"

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
	err = write.Publish(outDir, func(tmp string) (err error) {
		out := write.NewWriteBehindDir(tmp)
		defer func() { // before the folder is placed or removed, on a panic too
			err = cmp.Or(err, out.Wait())
			n = out.Count()
		}()
		report, err = buildInto(out, cat, root, opts, nil)
		return err
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
		eds, err := keep.editionsOf(cat, tfs)
		if err != nil {
			return fmt.Errorf("templates: %w", err)
		}
		var first *builder
		var pages []sitemap.Entry
		for i, ed := range eds {
			b := &builder{cat: cat, opts: opts, output: newOutput(out, ed.Dir), ed: ed, eds: eds}
			if i > 0 {
				if err := editionClash(cat, first.files.Under); err != nil {
					return err
				}
				b.cat = editionCatalog(cat, i)
			}
			err := b.run(root, keep.edition(ed.Dir))
			report = append(report, b.report...)
			if err != nil || len(b.report.Errors()) > 0 {
				return err
			}
			if i == 0 {
				first = b
			}
			pages = append(pages, b.made...)
			// What follows needs of an edition built its files and
			// report alone: let go of its data before the next is built.
			b.Data, b.tmpl, b.content, b.siteInfo, b.newPage, b.search, b.made = nil, nil, nil, nil, nil, nil, nil
		}
		n := len(first.report)
		if opts.Internal {
			if err := first.put(InternalMarker, []byte(internalMarkerText)); err != nil {
				return err
			}
		}
		in := sitemap.Inputs{Base: first.siteBase, Preview: opts.Preview || opts.Internal, Editions: len(eds), Pages: pages}
		if err := sitemap.Write(first.files, in, first.warnf); err != nil {
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
	// made are the pages it made, as the sitemap of every edition reads them.
	made []sitemap.Entry
	// output takes the files and the diagnostics of the build.
	output

	// Data is what the pages are made of that follows from the catalog
	// alone (derive.MakeAt, on the build day), made while the templates and content load.
	*derive.Data

	tmpl *render.Templates
	// inline404 is what the 404 page carries inline when the site has no
	// URL (notFoundAssets); nil when it has one.
	inline404 *pagemodel.InlineAssets
	// largeTwin lets one render worker at a time make the twin of a
	// large page (twinOf).
	largeTwin sync.Mutex
	content   []*content.ContentPage
	siteInfo  *pagemodel.SiteInfo
	// newPage makes the frame of a page of the edition (frameOf), once
	// the pages are being made (pages).
	newPage kinds.NewPage
	// search are the entries of the site's search (search.Page).
	search []*searchEntry
	// ageDate is the day the ages of prices are counted to (Options.AgeDate).
	ageDate time.Time
	// drafting says the pages are a draft's (Rebuilder.Draft), which
	// leaves their Markdown twins to the build that follows.
	drafting bool
}

// run builds one edition: its stages in order, each taking what the ones
// before it made, and keep, what the last build of a Rebuilder left of
// each stage under the fingerprints of the stage's inputs (nil: nothing).
// Every file goes to the edition's folder of the write stage's sink.
func (b *builder) run(root fs.FS, keep *kept) error {
	tfs, sfs, err := assets(root)
	if err != nil {
		return fmt.Errorf("assets: %w", err)
	}
	if err := b.frame(sfs); err != nil {
		return err
	}
	// derive: what follows from the catalog alone, made while the
	// templates (render) and the content load.
	var derived sync.WaitGroup
	derived.Go(func() { b.Data = derive.MakeAt(b.cat, b.ageDate) })
	err = b.templatesAndContent(root, tfs, keep)
	derived.Wait()
	if err == nil && b.ed.root() {
		b.checkConsistency() // once, in the root edition
	}
	if err != nil || len(b.report.Errors()) > 0 {
		return err // Build lists the errors of the report
	}
	sets := keep.begin(b.cat, b.Data)
	// page models
	pages, err := pagesIn(b, keep.rowSizes(sets), nil)
	if err != nil {
		return fmt.Errorf("pages: %w", err)
	}
	// The search index follows from the list of pages alone: written now,
	// its entries are not held while the pages render.
	if err := writeSearchIndex(b.files, b.search, b.opts.PrettyURLs, b.tmpl.Msgs); err != nil {
		return err
	}
	b.search = nil
	// render, then the writers of their own (writeOthers).
	cache := keep.pageCache(sets, len(pages), b.cat, b.Data)
	renderErr := b.render(pages, cache)
	// Even when a page failed: their warnings go into the report, and a
	// Rebuilder keeps what they made for the next build.
	othersErr := writeOthers(b, pages, sets, keep)
	keep.keepPages(cache, pages)
	b.made = sitemap.Listed(pages)
	if err := cmp.Or(stageErr("render", renderErr), othersErr); err != nil {
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

// writeOthers runs the writers that need the list of pages but not their
// HTML, as many at once as there are processors, the serial work of one
// filling what the others leave of them: the cards, the API and the
// exports (in the root edition), the feeds and the change scripts, and
// llms.txt. It returns the first of their errors, named by its stage.
// They run after
// the render, not beside it, so that what they hold (the cards' fonts
// and images, the API's documents) is not held with the pages being
// rendered: a 10,000-offer build's largest live heap was 5–7 MB larger
// with them beside the render, for the same CPU. The render leaves
// little of the processors to fill: its last page ends 10–30 ms after
// the first worker runs out of pages.
func writeOthers(b *builder, pages []*pagemodel.Page, sets *reuse.Sets, keep *kept) error {
	var exportErr, feedErr, changesErr, apiErr, llmsErr, cardsErr error
	// The longest first: the cards (on every processor) and the API.
	writers := []func(){func() { cardsErr = b.cards(pages, sets) }}
	if b.ed.root() {
		writers = append(writers,
			func() { apiErr = b.api(sets) },
			func() { exportErr = b.exports(b.Priced, sets) })
	}
	writers = append(writers, func() {
		in := feeds.Inputs{Internal: b.opts.Internal, Cat: b.cat, Changes: b.Changes, Base: b.base, Pretty: b.opts.PrettyURLs, Words: changesOf(b).Words(), Msgs: b.tmpl.Msgs}
		feedErr = feeds.Write(b.files, in, sets, keep.feedEntries(), b.warnf)
		changesErr = b.changeScripts(sets)
	}, func() { llmsErr = b.llms(pages, sets) })
	// As many at once as there are processors, so that no more of their
	// work is held at once than the processors can do.
	var next atomic.Int64
	var others sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(writers)) {
		others.Go(func() {
			for i := int(next.Add(1)) - 1; i < len(writers); i = int(next.Add(1)) - 1 {
				writers[i]()
			}
		})
	}
	others.Wait()
	return cmp.Or(stageErr("exports", exportErr), stageErr("feeds", feedErr), stageErr("changes", changesErr), stageErr("api", apiErr), stageErr("llms", llmsErr), stageErr("cards", cardsErr))
}

// stageErr is err of the stage named, or nil.
func stageErr(stage string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", stage, err)
}

// frame sets what the pages of the edition are framed with: its absolute
// URL and the site's, the day the ages of prices count to, and what the
// 404 page carries inline when the site has no URL (static files sfs).
func (b *builder) frame(sfs fs.FS) error {
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
	if b.base == "" {
		if b.inline404, err = notFoundAssets(sfs); err != nil {
			return fmt.Errorf("assets: %w", err)
		}
	}
	return nil
}

// lang is the language the builder builds the site in: of its UI text
// and of the catalog text it shows.
func (b *builder) lang() string { return cmp.Or(b.cat.Site.Language, catalog.BaseLanguage) }

// templatesAndContent loads the templates, or takes those keep holds,
// then the content pages.
func (b *builder) templatesAndContent(root, tfs fs.FS, keep *kept) error {
	var err error
	if b.tmpl, err = keep.templates(tfs, b.lang(), &b.output); err != nil {
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

// api writes the static JSON API under api/v1/ (api), the root
// edition's, with the prices judged as its pages judge them; each file
// made again only when its document changed (sets).
func (b *builder) api(sets *reuse.Sets) error {
	return api.Write(b.files, api.Inputs{Cat: b.cat, Data: b.Data, Msgs: b.tmpl.Msgs, AgeDate: b.ageDate, Sets: sets})
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
