package site

import (
	"io"
	"slices"

	"gpucompare/generator/site/compare"
	"gpucompare/generator/site/fingerprint"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/reuse"
)

// matrixOf is the matrix page kind of the edition b builds, its rows
// measured against the sizes rows a Rebuilder kept (nil: none).
func matrixOf(b *builder, rows *rowSizes) *compare.Kind {
	return compare.New(b.cat, b.Data, b.tmpl.Msgs, b.newPage, pricesOf(b).Trust, b.opts.PrettyURLs, compare.Measure{
		Table: func(w io.Writer, d *compare.Data) error {
			return b.tmpl.ExecutePart(w, "compare", "compare-table", d)
		},
		Render: func(w io.Writer, p *pagemodel.Page) error {
			p.Dress()
			return b.tmpl.Execute(w, b.tmpl.ByLayout["compare"], "compare", p)
		},
		Sizes: rows,
	})
}

// rowSizes are the row sizes of the last build of k, for a build whose
// sets of files are sets (kept.begin), and the sizes this build measures,
// which k keeps for the next; nil for a build that keeps nothing.
func (k *kept) rowSizes(sets *reuse.Sets) *rowSizes {
	if sets == nil {
		return nil
	}
	s, next := compare.NewRowSizes(fingerprint.NewWalker(sets.Units()), k.rows)
	k.rows = next
	return s
}

// draftRowSizes are rowSizes for a draft (Rebuilder.Draft) of a page of
// the matrix, made with the catalog's units of this draft: the draft
// measures only the rows whose fingerprints the last build did not
// measure, and leaves the sizes it measured to the build that follows
// (a size found by a row's fingerprint is right whatever build found it).
// It returns nil for a draft that keeps nothing (nil k) or when the draft
// makes no page of the matrix.
func (k *kept) draftRowSizes(b *builder, want []string) *rowSizes {
	if k == nil || !slices.ContainsFunc(want, func(p string) bool { return folderOf(p) == "compare" }) {
		return nil
	}
	units := fingerprint.UnitsOf(b.cat, b.Data.Priced, b.Data.Changes, b.Data.BenchGroups)
	if !units.OK() {
		return nil
	}
	s, next := compare.NewRowSizes(fingerprint.NewWalker(units), k.rows)
	k.rows = next
	return s
}

// The matrix's paths and links, as the other page kinds name them.
var (
	matrixPath     = compare.Path
	offerChunkPath = compare.OfferChunkPath
	gpuChunkPath   = compare.GPUChunkPath
	pricedModels   = compare.PricedModels
)

type (
	exportLinks = pagemodel.ExportLinks
	pageLink    = pagemodel.PageLink
	rowSizes    = compare.RowSizes
)
