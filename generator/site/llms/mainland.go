package llms

import (
	"fmt"
	"strings"

	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/markdown"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
)

// mainland is llms.txt's answer for mainland China: the home page's
// mainland view (derive.Mainland), a line per GPU model with its
// cheapest price per GPU-hour in yuan under each tab that has one, the
// offer, the price's age and source kind, and whether it is not current;
// "" when the catalog prices nothing there.
func (w *writer) mainland() string {
	in := w.in
	if len(in.Data.Mainland) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## %s\n\n%s\n\n", w.t("mainland.title"), w.t("llms.mainland_lead", derive.MainlandCurrency))
	for _, r := range in.Data.Mainland {
		var cells []string
		for i, c := range r.Cells {
			if c == nil {
				continue
			}
			o, pr := c.Offer, c.Price
			s := w.t("mainland.tab_model."+derive.MainlandTabs[i].ID) + " " + money(c.PerGPUHour, derive.MainlandCurrency) + " — " +
				pagemodel.ProviderName(o.Provider, in.Lang) + " " + pagemodel.InstanceName(o.Instance, w.in.Lang) + ", " + w.regionName(o) + " · " + w.age(pr.Point) + " · " + w.kind(pr.Kind, pr.Point)
			if !c.Current {
				s += " · " + w.t("mainland.not_current")
			}
			cells = append(cells, markdown.Text(s))
		}
		if len(cells) == 0 {
			continue
		}
		name := markdown.Link(pagemodel.CatalogText(in.Cat, r.GPU, "name"), w.link(paths.GPU(r.GPU.ID)))
		fmt.Fprintf(&b, "- %s: %s\n", name, strings.Join(cells, w.t("punct.semicolon")))
	}
	b.WriteString("\n")
	return b.String()
}
