package site

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/write"
)

// loaded is a catalog a Rebuilder loaded for a draft (Rebuilder.Draft),
// which the build that follows the draft builds.
type loaded struct {
	cat    *catalog.Catalog
	report catalog.Report
}

// load loads the catalog of the root as it is now, or takes the one the
// last draft loaded: a draft and the build that follows it are of one
// catalog.
func (r *Rebuilder) load() (*catalog.Catalog, catalog.Report) {
	if d := r.drafted; d != nil {
		r.drafted = nil
		return d.cat, d.report
	}
	return r.loader.Load()
}

// Draft renders the pages at the output paths pages ("index.html",
// "zh/compare/index.html") of the site root as it is now, after an edit
// of the paths changed (as RebuildChanged takes them), and nothing else:
// the pages a reader has open, to be shown at once while the rest of the
// site is built. It loads the catalog and derives the data of the
// editions of those pages, and makes the pages of their kinds alone
// (pagesIn). Files holds those pages and what they attach, the
// matrix's data scripts when a page of it is drafted, and the static
// files; their Markdown twins, which no reader of the page waits for, are
// left to the build. The catalog it loaded is the one the
// next Rebuild or RebuildChanged builds, so that each file of the draft
// equals that build's.
//
// It gives false, and the next build loads the catalog itself, when
// there is nothing to draft: no page of pages is one a draft makes (the
// search page lists every page, and is not), the edit is of static files
// alone (RebuildChanged copies them at once), or the catalog, the content
// or the templates have errors; the build then says what they are.
func (r *Rebuilder) Draft(changed, pages []string) (Files, bool) {
	r.drafted = nil
	if len(pages) == 0 || (r.last != nil && !r.last.inline404 && len(changed) > 0 && allStatic(changed)) {
		return nil, false
	}
	cat, report := r.loader.Load()
	r.drafted = &loaded{cat: cat, report: report}
	if len(report.Errors()) > 0 {
		return nil, false
	}
	files, err := draft(cat, r.root, r.opts, &r.kept, pages)
	if err != nil || len(files) == 0 {
		return nil, false
	}
	return files, true
}

// draft builds into memory the pages of cat at the output paths want and
// what they need beside them (Rebuilder.Draft), with the templates keep
// holds. It builds no page but those; none, and no error, when none of
// want is a page it drafts.
func draft(cat *catalog.Catalog, root fs.FS, opts Options, keep *kept, want []string) (Files, error) {
	tfs, sfs, err := assets(root)
	if err != nil {
		return nil, err
	}
	eds, err := keep.editionsOf(cat, tfs)
	if err != nil {
		return nil, err
	}
	out := write.NewMemory()
	drafted := 0
	for i, ed := range eds {
		mine := editionPaths(want, eds, i)
		if len(mine) == 0 {
			continue
		}
		b := &builder{cat: cat, opts: opts, output: newOutput(out, ed.Dir), ed: ed, eds: eds, drafting: true}
		if i > 0 {
			b.cat = editionCatalog(cat, i)
		}
		n, err := draftEdition(b, root, tfs, sfs, keep.edition(ed.Dir), mine)
		if err != nil {
			return nil, err
		}
		drafted += n
	}
	if drafted == 0 {
		return nil, nil
	}
	o := newOutput(out, "")
	if err := o.static(sfs); err != nil {
		return nil, fmt.Errorf("static: %w", err)
	}
	return out.Files(), nil
}

// editionPaths are the paths of want in edition i of eds, as paths in
// the edition: "compare/index.html" of "zh/compare/index.html" in the
// edition of zh/. A path is in the root edition when in no other.
func editionPaths(want []string, eds []edition, i int) []string {
	var out []string
	for _, p := range want {
		in := 0
		for j, ed := range eds {
			if j > 0 && strings.HasPrefix(p, ed.Dir) {
				in = j
				break
			}
		}
		if in == i {
			out = append(out, strings.TrimPrefix(p, eds[i].Dir))
		}
	}
	return out
}

// draftEdition renders the pages of the edition b builds at the paths
// want (in the edition), and returns how many it rendered: it derives the
// data and loads the templates and the content as a build does
// (builder.run), and makes the pages of the kinds of want alone.
func draftEdition(b *builder, root, tfs, sfs fs.FS, keep *kept, want []string) (int, error) {
	if err := b.frame(sfs); err != nil {
		return 0, err
	}
	folders := make([]string, len(want))
	for i, p := range want {
		folders[i] = folderOf(p)
	}
	// Only the benchmark pages read the groups under the answer switches.
	makeData := derive.MakeWithoutSwitchesAt
	if slices.Contains(folders, folderOf(paths.Benchmarks)) {
		makeData = derive.MakeAt
	}
	var derived sync.WaitGroup
	derived.Go(func() { b.Data = makeData(b.cat, b.ageDate) })
	err := b.templatesAndContent(root, tfs, keep)
	derived.Wait()
	if err != nil {
		return 0, err
	}
	if len(b.report.Errors()) > 0 {
		return 0, fmt.Errorf("%d error(s)", len(b.report.Errors()))
	}
	// The rows of a page of the matrix are measured again, not looked up
	// in the sizes the last build kept: fingerprinting the catalog to look
	// them up takes longer than measuring them.
	pages, err := pagesIn(b, nil, func(folder string) bool { return slices.Contains(folders, folder) })
	if err != nil {
		return 0, err
	}
	pages = slices.DeleteFunc(pages, func(p *pagemodel.Page) bool { return !slices.Contains(want, p.Path) })
	if err := b.render(pages, nil); err != nil {
		return 0, err
	}
	return len(pages), nil
}
