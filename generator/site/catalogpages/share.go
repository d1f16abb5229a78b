package catalogpages

import (
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
)

// The preview a shared link shows (og:description, Page.Share) carries
// the page's answer where it has one: on a GPU model's page, its
// cheapest on-demand price per GPU-hour with its offer, age and source
// kind; on the home page, that of the first GPU models of its table.

// shareRows is how many GPU models the home page's preview names.
const shareRows = 3

// gpuShare is the preview text of a GPU model's page from its answer,
// the on-demand cell of the home table for it; "" when none answers.
func gpuShare(msgs render.Messages, gpu string, c *HomeCell) string {
	if c == nil {
		return ""
	}
	var err error
	t := msgs.TKeeping(&err)
	region := c.RegionIn(t)
	s := t("share.gpu", gpu, render.FormatMoney(c.PerGPUHour), msgs.Cur(c.Currency), c.Provider, c.Instance, region, c.Trust.Age, t("trust.kind."+c.Trust.Kind))
	if c.Why != "" {
		s += t("share.fallback")
	}
	if err != nil {
		return ""
	}
	return s
}

// homeShare is the preview text of the home page from its table: the
// cheapest on-demand price per GPU-hour of its first GPU models.
func homeShare(msgs render.Messages, t *HomePrices, cat *catalog.Catalog) string {
	var items []string
	for _, r := range t.Rows {
		if len(items) == shareRows {
			break
		}
		if c := r.Cells[0]; c != nil {
			s, err := msgs.T("share.home_item", pagemodel.CatalogText(cat, r.GPU, "name"), render.FormatMoney(c.PerGPUHour), msgs.Cur(c.Currency))
			if err != nil {
				return ""
			}
			items = append(items, s)
		}
	}
	if len(items) == 0 {
		return ""
	}
	sep, _ := msgs.T("punct.semicolon")
	s, err := msgs.T("share.home", strings.Join(items, sep))
	if err != nil {
		return ""
	}
	return s
}
