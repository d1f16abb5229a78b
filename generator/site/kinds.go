package site

import (
	"html/template"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/chartmodel"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/guides"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
)

// evaluationOf is the evaluation page kind of the edition b builds.
func evaluationOf(b *builder) *kinds.Evaluation {
	return kinds.NewEvaluation(b.cat, b.Data, b.tmpl.Msgs, b.newPage)
}

// scenariosOf is the scenario page kind of the edition b builds.
func scenariosOf(b *builder) *kinds.Scenarios {
	return kinds.NewScenarios(b.cat, b.Data, b.tmpl.Msgs, b.newPage, pricesOf(b).Trust, proseIn(b.lang(), b.tmpl.Msgs), evaluationOf(b))
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
		Price: pricesOf(b).Price, MatrixPrice: matrixOf(b, nil).Price, Prose: proseIn(b.lang(), b.tmpl.Msgs), Warnf: b.warnf})
}

// proseIn renders the Markdown field key of the catalog record rec in
// the language lang with toHTML, marked with msgs when it is the
// catalog's own text because the record has none in that language.
func proseIn(lang string, msgs render.Messages) kinds.Prose {
	return func(rec any, key string, toHTML func(string) (template.HTML, error)) (template.HTML, error) {
		s, in := catalog.Text(rec, key, lang)
		if s == "" {
			return "", nil
		}
		html, err := toHTML(s)
		if err != nil {
			return "", err
		}
		return msgs.Marked(html, in, true)
	}
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
