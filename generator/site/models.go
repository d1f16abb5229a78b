package site

import "gpucompare/generator/site/pagemodel"

// The page type and the views of a page's frame are the page-model
// stage's (package pagemodel); the page kinds of this package name them by
// their names of before the move.
type (
	page         = pagemodel.Page
	siteInfo     = pagemodel.SiteInfo
	navLink      = pagemodel.NavLink
	linker       = pagemodel.Linker
	chartView    = pagemodel.ChartView
	feedLink     = pagemodel.FeedLink
	alternate    = pagemodel.Alternate
	inlineAssets = pagemodel.InlineAssets
	allPages     = pagemodel.AllPages
	dateView     = pagemodel.DateView
	trustView    = pagemodel.TrustView
	link         = pagemodel.Link
)
