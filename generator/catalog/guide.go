package catalog

import (
	"fmt"
	"slices"
	"strings"
)

// validateGuides checks each decision tree: ids unique within the guide,
// every answer leading to a question or outcome that exists, every
// question reachable from the start, no cycles, and queries that name real
// fields, GPUs, providers, pricing models and sort keys.
func (l *loader) validateGuides() {
	files := map[string]string{}
	for _, g := range l.cat.Guides {
		r := record{l: l, file: g.file, at: g.at, name: fmt.Sprintf("guide %q", g.ID)}
		if !r.ownFile(g.ID, "guide", files) {
			continue
		}
		r.required("title", g.Title, "the question the guide answers, such as \"Which GPU compute fits your workload?\"")
		r.source("source", g.Source, false)
		l.translations(r, g)
		nodes := map[string]string{} // id → "question" or "outcome"
		for _, q := range g.Questions {
			qr := record{l: l, file: g.file, at: q.at, name: fmt.Sprintf("guide %q question %q", g.ID, q.ID)}
			qr.id("id", q.ID)
			if _, dup := nodes[q.ID]; dup && q.ID != "" {
				qr.errorf("id", "duplicate id in guide %q", g.ID)
			}
			nodes[q.ID] = "question"
			qr.required("text", q.Text, "the question as the buyer reads it")
			l.translations(qr, q)
			if len(q.Answers) < 2 {
				qr.errorf("answers", "a question needs at least two answers, got %d", len(q.Answers))
			}
		}
		for _, o := range g.Outcomes {
			or := record{l: l, file: g.file, at: o.at, name: fmt.Sprintf("guide %q outcome %q", g.ID, o.ID)}
			or.id("id", o.ID)
			if _, dup := nodes[o.ID]; dup && o.ID != "" {
				or.errorf("id", "duplicate id in guide %q", g.ID)
			}
			nodes[o.ID] = "outcome"
			or.required("title", o.Title, "what the outcome recommends")
			if strings.TrimSpace(o.Advice) == "" && o.Query == nil {
				or.errorf("advice", "an outcome needs advice, a query, or both")
			}
			or.source("source", o.Source, false)
			l.translations(or, o)
			if o.Query != nil {
				l.validateQuery(record{l: l, file: g.file, at: o.Query.at, name: or.name + " query"}, o.Query)
			}
		}
		if r.required("start", g.Start, "the id of the first question") && nodes[g.Start] != "question" {
			r.errorf("start", "start %q is not a question of the guide%s", g.Start, suggest(g.Start, keysOf(nodes)))
		}
		byID := map[string]*Question{}
		for _, q := range g.Questions {
			byID[q.ID] = q
		}
		for _, q := range g.Questions {
			for i, a := range q.Answers {
				ar := record{l: l, file: g.file, at: a.at, name: fmt.Sprintf("guide %q question %q answer %d", g.ID, q.ID, i+1)}
				ar.required("text", a.Text, "the answer as the buyer reads it")
				l.translations(ar, a)
				if ar.required("next", a.Next, "the id of the question or outcome it leads to") && nodes[a.Next] == "" {
					ar.errorf("next", "next %q is neither a question nor an outcome of the guide%s", a.Next, suggest(a.Next, keysOf(nodes)))
				}
			}
		}
		// Walk from the start: a question seen again on the same path is a
		// cycle; one never reached is dead.
		reached := map[string]bool{}
		var walk func(id string, path []string)
		walk = func(id string, path []string) {
			q := byID[id]
			if q == nil {
				reached[id] = true
				return
			}
			if slices.Contains(path, id) {
				qr := record{l: l, file: g.file, at: q.at, name: fmt.Sprintf("guide %q question %q", g.ID, id)}
				qr.errorf("id", "the answers lead in a cycle: %s → %s", strings.Join(path[slices.Index(path, id):], " → "), id)
				return
			}
			if reached[id] {
				return
			}
			reached[id] = true
			for _, a := range q.Answers {
				walk(a.Next, append(slices.Clone(path), id))
			}
		}
		if nodes[g.Start] == "question" {
			walk(g.Start, nil)
			for _, q := range g.Questions {
				if !reached[q.ID] {
					record{l: l, file: g.file, at: q.at, name: fmt.Sprintf("guide %q question %q", g.ID, q.ID)}.errorf("id", "no answer leads here from the start %q", g.Start)
				}
			}
			for _, o := range g.Outcomes {
				if !reached[o.ID] {
					record{l: l, file: g.file, at: o.at, name: fmt.Sprintf("guide %q outcome %q", g.ID, o.ID)}.errorf("id", "no answer leads here from the start %q", g.Start)
				}
			}
		}
	}
}

func (l *loader) validateQuery(r record, q *Query) {
	for i, id := range q.GPUs {
		if l.cat.GPU(id) == nil {
			l.errorf(pos(r.file, item(q.at, "gpus", i)), "%s: gpu %q does not exist%s", r.name, id, suggest(id, gpuIDs(l.cat)))
		}
	}
	models := map[string]bool{}
	for _, g := range l.cat.GPUs {
		models[g.Model] = true
	}
	for i, m := range q.GPUModels {
		if !models[m] {
			l.errorf(pos(r.file, item(q.at, "gpu_models", i)), "%s: no GPU of model %q in the catalog%s", r.name, m, suggest(m, keysOf(models)))
		}
	}
	for i, id := range q.Providers {
		if l.cat.Provider(id) == nil {
			l.errorf(pos(r.file, item(q.at, "providers", i)), "%s: provider %q does not exist%s", r.name, id, suggest(id, providerIDs(l.cat)))
		}
	}
	for i, k := range q.ProviderKinds {
		if !slices.Contains(ProviderKinds, k) {
			l.errorf(pos(r.file, item(q.at, "provider_kinds", i)), "%s: provider kind %q is not known: want one of %s", r.name, k, strings.Join(ProviderKinds, ", "))
		}
	}
	for i, f := range q.Features {
		if !slices.Contains(QueryFeatures, f) {
			l.errorf(pos(r.file, item(q.at, "features", i)), "%s: feature %q is not known%s: want one of %s", r.name, f, suggest(f, QueryFeatures), strings.Join(QueryFeatures, ", "))
		}
	}
	r.oneOf("interconnect", q.Interconnect, []string{"nvlink", "infinity_fabric"}, false)
	r.oneOf("pricing_model", q.PricingModel, PricingModels, false)
	r.oneOf("sort", q.Sort, QuerySorts, false)
	r.positive("min_gpu_memory_gb", q.MinGPUMemoryGB)
	for key, n := range map[string]int{"min_gpu_count": q.MinGPUCount, "max_gpu_count": q.MaxGPUCount, "limit": q.Limit} {
		if n < 0 {
			r.errorf(key, "%s must be > 0, got %d", key, n)
		}
	}
	for i, g := range q.Geos {
		if !slices.Contains(Geos, g) {
			l.errorf(pos(r.file, item(q.at, "geo", i)), "%s: geo %q is not known%s: want one of %s", r.name, g, suggest(g, Geos), strings.Join(Geos, ", "))
		}
	}
	for _, b := range q.Where {
		br := record{l: l, file: r.file, at: b.at, name: r.name + " where"}
		_, spec := QueryFields[b.Field]
		price := slices.Contains(QueryPriceFields, b.Field)
		if !spec && !price {
			fields := append(queryFieldNames(), QueryPriceFields...)
			slices.Sort(fields)
			br.errorf("field", "field %q is not a numeric spec or a price%s: want one of %s", b.Field, suggest(b.Field, fields), strings.Join(fields, ", "))
		}
		if b.Min == nil && b.Max == nil {
			br.errorf("field", "a bound needs min, max or both")
		}
		switch {
		case price && br.required("currency", b.Currency, "the currency of the bound, such as USD"):
			br.currency("currency", b.Currency)
			if currencyPattern.MatchString(b.Currency) && currencyPattern.MatchString(l.cat.Site.Currency) && !convertible(l.cat, b.Currency) {
				br.errorf("currency", "currency %q has no rate to the site currency %s in data/fx.yaml", b.Currency, l.cat.Site.Currency)
			}
		case !price && b.Currency != "":
			br.errorf("currency", "field %q is not a price: a currency belongs only to the bounds on %s", b.Field, strings.Join(QueryPriceFields, ", "))
		}
	}
}

func keysOf[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// OutcomePos is where an outcome of g stands in g's file: the position of
// its item in outcomes, or the file alone when it is not known.
func (g *Guide) OutcomePos(o *Outcome) Pos {
	if o.at == nil {
		return Pos{File: g.file}
	}
	return pos(g.file, o.at)
}
