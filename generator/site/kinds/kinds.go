// Package kinds is the page-model stage: each page kind is a type of its
// own holding its explicit inputs — the edition's catalog, the derived
// data (derive.Data), the messages, and the few helpers of the edition it
// needs as functions (newPage, trust, prose) — whose methods return its
// page models (pagemodel.Page) and make their figures (Charts); a kind of
// few inputs is a function of them (PagesIndex, NotFound). A kind reads
// its inputs and writes nothing; render and write do that.
package kinds

import (
	"html/template"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
)

// NewPage makes the frame of a page of the edition at path, of a layout.
type NewPage func(path, layout string) *pagemodel.Page

// Trust is the trust badge of a price stated by pp whose source is of
// the kind given.
type Trust func(pp *catalog.PricePoint, kind string) *pagemodel.TrustView

// Prose renders the Markdown field key of the catalog record rec in the
// edition's language with render.
type Prose func(rec any, key string, render func(string) (template.HTML, error)) (template.HTML, error)

// NewEvaluation is the evaluation page kind of an edition.
func NewEvaluation(cat *catalog.Catalog, data *derive.Data, msgs render.Messages, newPage NewPage) *Evaluation {
	return &Evaluation{cat: cat, data: data, msgs: msgs, newPage: newPage}
}

// NewScenarios is the scenario page kind of an edition; eval gives it the
// evaluation's rates.
func NewScenarios(cat *catalog.Catalog, data *derive.Data, msgs render.Messages, newPage NewPage, trust Trust, prose Prose, eval *Evaluation) *Scenarios {
	return &Scenarios{cat: cat, data: data, msgs: msgs, newPage: newPage, trust: trust, prose: prose, eval: eval}
}

// NewBenchmarks is the benchmark page kind of an edition.
func NewBenchmarks(cat *catalog.Catalog, data *derive.Data, newPage NewPage, trust Trust) *Benchmarks {
	return &Benchmarks{cat: cat, data: data, newPage: newPage, trust: trust}
}
