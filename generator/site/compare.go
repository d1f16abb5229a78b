package site

import (
	"io"

	"gpucompare/generator/site/compare"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/reuse"
)

// matrixOf is the matrix page kind of the edition b builds, its rows
// measured against the sizes rows a Rebuilder kept (nil: none).
func matrixOf(b *builder, rows *rowSizes) *compare.Kind {
	return compare.New(b.cat, b.Data, b.tmpl.Msgs, b.newPage, pricesOf(b).Trust, b.opts.PrettyURLs, compare.Measure{
		Row: func(w io.Writer, r *compare.Row) error {
			return b.tmpl.ExecutePart(w, "compare", "compare-row", r)
		},
		Render: func(w io.Writer, p *pagemodel.Page) error {
			p.Dress()
			return b.tmpl.Execute(w, "compare", p)
		},
		Sizes: rows,
		Ahead: b.drafting,
	})
}

// rowSizes are the row sizes of the last build of k, for a build whose
// sets of files are sets (kept.begin), and the sizes this build measures,
// which k keeps for the next; nil for a build that keeps nothing.
func (k *kept) rowSizes(sets *reuse.Sets) *rowSizes {
	if sets == nil {
		return nil
	}
	s, next := compare.NewRowSizes(sets.Units(), k.rows)
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
