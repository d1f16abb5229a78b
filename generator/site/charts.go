package site

import (
	"gpucompare/generator/site/chartmodel"
	"gpucompare/generator/site/kinds"
)

// chartKinds are the figures of the pages of each layout, as the page
// kind of the layout makes them: each kind makes the charts of its own
// pages (chartmodel.Maker calls them as the pages render). The kinds of
// the catalog's records share the charts of prices by GPU model once a
// build (chartmodel.Shared).
func chartKinds(b *builder) map[string]chartmodel.Charts {
	figures := new(chartmodel.Shared)
	ck := catalogOf(b, figures)
	return map[string]chartmodel.Charts{
		"home": ck.Charts, "gpus": ck.Charts, "gpu": ck.Charts, "providers": ck.Charts, "instance": ck.Charts,
		"benchmark":  benchmarksOf(b).Charts,
		"scenario":   scenariosOf(b).Charts,
		"evaluation": evaluationOf(b).Charts,
		"embed":      kinds.NewEmbeds(b.newPage, figures).Charts,
	}
}
