package site

import (
	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/chartmodel"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/guides"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
)

// evaluationOf is the evaluation page kind of the edition b builds.
func evaluationOf(b *builder) *kinds.Evaluation {
	return kinds.NewEvaluation(b.cat, b.Data, b.tmpl.Msgs, b.newPage)
}

// scenariosOf is the scenario page kind of the edition b builds.
func scenariosOf(b *builder) *kinds.Scenarios {
	return kinds.NewScenarios(b.cat, b.Data, b.tmpl.Msgs, b.newPage, pricesOf(b).Trust, b.prose, evaluationOf(b))
}

// benchmarksOf is the benchmark page kind of the edition b builds.
func benchmarksOf(b *builder) *kinds.Benchmarks {
	return kinds.NewBenchmarks(b.cat, b.Data, b.newPage, pricesOf(b).Trust)
}

// changesOf is the changes page kind of the edition b builds.
func changesOf(b *builder) *kinds.Changes {
	return kinds.NewChanges(b.cat, b.Data, b.tmpl.Msgs, b.newPage, pricesOf(b).Trust)
}

// guidesOf is the guide page kind of the edition b builds.
func guidesOf(b *builder) *guides.Kind {
	return guides.New(guides.Inputs{Cat: b.cat, Data: b.Data, Msgs: b.tmpl.Msgs, NewPage: b.newPage,
		Price: pricesOf(b).Price, MatrixPrice: matrixOf(b, nil).Price, Prose: b.prose, Warnf: b.warnf})
}

// pricesOf makes the views of prices of the edition b builds.
func pricesOf(b *builder) pagemodel.Prices {
	return pagemodel.Prices{Cat: b.cat, Msgs: b.tmpl.Msgs, AgeDate: b.ageDate}
}

// catalogOf is the catalog's page kind of the edition b builds, sharing
// the charts of figures (nil: none).
func catalogOf(b *builder, figures *chartmodel.Shared) *catalogpages.Kind {
	var listed []*content.ContentPage
	if b.siteInfo != nil {
		listed = b.siteInfo.Pages
	}
	return catalogpages.New(catalogpages.Inputs{Cat: b.cat, Data: b.Data, Listed: listed, AgeDate: b.ageDate, Prices: pricesOf(b), ChangeRows: changesOf(b).Rows, Msgs: b.tmpl.Msgs,
		Scenarios: scenariosOf(b), Guides: guidesOf(b).Summaries, Benchmarks: benchmarksOf(b), Figures: figures, NewPage: b.newPage})
}
