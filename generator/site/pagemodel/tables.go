package pagemodel

import (
	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// PageLink is a link to one page of a table split into pages (the
// instance matrix, the GPU matrix).
type PageLink struct {
	Label   string
	URL     string
	Current bool
}

// ExportLinks are the page-relative links to a table's data files, shown
// under it to every reader, with or without script. Label is the key of
// the words before them.
type ExportLinks struct {
	Label, CSV, JSON string
}

// QuotedHourly is the hourly figure a point quotes as it stands — its
// effective rate, or an hourly amount with nothing upfront — or nil when
// its hourly price has to be computed.
func QuotedHourly(pp *catalog.PricePoint) *float64 {
	switch {
	case pp.EffectiveHourly != nil:
		return pp.EffectiveHourly
	case pp.Model == "subscription_month" || pp.Model == "subscription_year":
		return nil // per month or year: the hourly figure is computed
	case pp.Upfront != nil && *pp.Upfront > 0 && pricing.TermHours(pp.Model) > 0:
		return nil // upfront spread over the term
	case pp.Amount != nil:
		return pp.Amount
	}
	return nil
}
