package site

import (
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/catalogpages"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/llms"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/reuse"
	"gpucompare/generator/site/twins"
	"gpucompare/generator/site/write"
)

// llms writes the edition's llms.txt and llms-full.txt (llms), with the
// home page's answer table for every GPU model; a Rebuilder keeps them
// while what they are made of is the same (sets): the catalog, the
// derived data, the answers, the pages' paths and titles, the content
// pages and the links' bases.
func (b *builder) llms(pages []*pagemodel.Page, sets *reuse.Sets) error {
	t := catalogpages.HomePriceTable(b.Priced, b.Data.GPUs, b.cat.Site.Currency, "", b.lang(), -1, b.ageDate, pricesOf(b).Trust, func(s string) string { return s })
	answers := llms.AnswerTable{Currency: t.Currency}
	for _, tab := range t.Tabs {
		name, err := b.tmpl.Msgs.T("home.tab." + tab.ID)
		if err != nil {
			return err
		}
		answers.Columns = append(answers.Columns, name)
	}
	for _, r := range t.Rows {
		row := llms.AnswerRow{GPU: r.GPU}
		for _, c := range r.Cells {
			var cell *llms.AnswerCell
			if c != nil {
				cell = &llms.AnswerCell{Offer: c.OfferOf(), Model: c.Model, PerGPUHour: c.PerGPUHour}
			}
			row.Cells = append(row.Cells, cell)
		}
		answers.Rows = append(answers.Rows, row)
	}
	shared := ""
	if !b.ed.root() {
		shared = "../"
	}
	in := llms.Inputs{
		Cat: b.cat, Data: b.Data, AgeDate: b.ageDate, Msgs: b.tmpl.Msgs, Lang: b.lang(), Pages: pages,
		Content: b.siteInfo.Pages, Answers: answers, Base: b.base, SiteBase: b.siteBase, Shared: shared, Pretty: b.opts.PrettyURLs,
		Twin: func(path string) string {
			if twins.Has(path) {
				return twins.Path(path)
			}
			return ""
		},
	}
	type pageKey struct{ Path, Title string }
	keys := make([]pageKey, len(pages))
	for i, p := range pages {
		keys[i] = pageKey{p.Path, p.Title}
	}
	inputs := struct { // the derived data follows from the catalog and the age date
		Cat                    *catalog.Catalog
		AgeDate, Lang          string
		Pages                  []pageKey
		Content                []*content.ContentPage
		Answers                llms.AnswerTable
		Base, SiteBase, Shared string
		Pretty                 bool
	}{b.cat, b.ageDate.Format(time.RFC3339), b.lang(), keys, b.siteInfo.Pages, answers, b.base, b.siteBase, shared, b.opts.PrettyURLs}
	return sets.Write(b.files, "llms", inputs, func(out write.Sink) error { return llms.Write(out, in) })
}
