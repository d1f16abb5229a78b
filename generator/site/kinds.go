package site

import (
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

// pricesOf makes the views of prices of the edition b builds.
func pricesOf(b *builder) pagemodel.Prices {
	return pagemodel.Prices{Cat: b.cat, Msgs: b.tmpl.Msgs, AgeDate: b.ageDate}
}
