package site

import (
	"gpucompare/generator/site/llms"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/twins"
)

// llms writes the edition's llms.txt and llms-full.txt (llms), with the
// home page's answer table for every GPU model.
func (b *builder) llms(pages []*pagemodel.Page) error {
	t := homePriceTable(b.Priced, b.Data.GPUs, b.cat.Site.Currency, "", b.lang(), -1, b.ageDate, b.trust, func(s string) string { return s })
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
				cell = &llms.AnswerCell{Offer: c.offer, Model: c.Model, PerGPUHour: c.PerGPUHour}
			}
			row.Cells = append(row.Cells, cell)
		}
		answers.Rows = append(answers.Rows, row)
	}
	shared := ""
	if !b.ed.root() {
		shared = "../"
	}
	return llms.Write(b.files, llms.Inputs{
		Cat: b.cat, Data: b.Data, AgeDate: b.ageDate, Msgs: b.tmpl.Msgs, Lang: b.lang(), Pages: pages,
		Content: b.siteInfo.Pages, Answers: answers, Base: b.base, SiteBase: b.siteBase, Shared: shared, Pretty: b.opts.PrettyURLs,
		Twin: func(path string) string {
			if twins.Has(path) {
				return twins.Path(path)
			}
			return ""
		},
	})
}
