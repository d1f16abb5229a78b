package pagemodel

import (
	"cmp"
	"encoding/json"
	"gpucompare/generator/catalog"
	"gpucompare/generator/site/render"
	"html/template"
)

// TrustView is what the partial "price-trust" shows of a price.
type TrustView struct {
	// Kind is the kind of source (catalog.SourceKinds); "" when unknown.
	Kind string
	// Copy is the kind of copy ("fork" or "mirror", catalog.CopyKinds)
	// every citation of the price's source is in, by the source registry:
	// a purchase file cannot cite such a price, and pages say so beside its
	// kind. "" when a citation names another place.
	Copy string `json:",omitempty"`
	// Short says the view stands in a row of the instance matrix, whose
	// page says once what the copy mark means: the mark is its short word
	// (trust.copy_short), without a title, so each of a thousand rows
	// keeps its bytes and its line.
	Short bool `json:"-"`
	// Date is the date the age counts from, as the catalog writes it
	// ("2025-06-01", "2025-06", "2025"); "" when the sources date none.
	Date string
	// Seen is Date when the sources give no effective date and the age
	// counts from the date the price was seen at (its as-of, checked or
	// first-seen date): a price's date column says "as of Seen" then,
	// never "date unknown" beside an age. "" otherwise.
	Seen string
	// Since is the price's effective date when its age counts from
	// another date (its as-of, checked or first-seen date): pages then
	// name both, "in effect since Since" beside the date and "checked"
	// beside the age, so that no one reads the age as the date's. ""
	// otherwise.
	Since string
	// Age is the age on the build's age date ("3 months"); the undated
	// text when Date is "".
	Age string
	// Title holds the dates behind the age in words, for a title
	// attribute: the date and where it comes from, and the as-of.
	Title string
	// Badge is the freshness of the price on the build's age date under
	// the site's policy: catalog.Fresh, Aging, Stale or Undated.
	Badge string
	// BadgeTitle says the policy behind the badge, for a title attribute.
	BadgeTitle string
	// LastSeen is the last day the price's source listed its offer, when
	// it no longer does (the point's last_seen): the offer is superseded
	// and answers nothing; "" while it is listed.
	LastSeen string
	// Restricted says who may buy in the price's region when its provider
	// opens it only to customers it vets (catalog.Region.Access: AWS
	// GovCloud): the offer answers nothing; "" for an open region.
	Restricted string
	// IntlSite says the price is its provider's international site's
	// list price in a region of mainland China (pricing.IntlSitePoint):
	// not what the China site charges there, so that pages mark it in
	// words beside its age.
	IntlSite bool `json:",omitempty"`
	// Quote is the private quote the price stands for (an internal build's
	// source kind catalog.KindQuote), said instead of an age: it is
	// current until its last valid day. nil for a list price.
	Quote *catalog.QuoteTerms
	// Source is where the price comes from, as the catalog cites it (a
	// URL, or a citation in words): the page's Markdown twin links the
	// kind of source to it. Not in the JSON of scripts.
	Source string `json:"-"`
}

// Ranked reports whether the price takes part in rankings by default.
func (v *TrustView) Ranked() bool { return catalog.Ranked(v.Kind) }

// JSONScript encodes v for a <script type="application/json"> block.
// encoding/json writes <, >, &, U+2028 and U+2029 as \u escapes, so no
// text in v can end the block, and the encoding is typed as safe there:
// html/template writes it as it is instead of encoding it again.
func JSONScript(v any) (template.JS, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return template.JS(b), nil
}

// ChartModel is the pricing model the price charts show.
const ChartModel = "on_demand"

// RegionName is the name of region r in lang, or its English name.
func RegionName(r *catalog.Region, lang string) string {
	s, _ := catalog.Text(r, "name", lang)
	return s
}

// ProviderName is the name of provider p in lang, or its English name.
func ProviderName(p *catalog.Provider, lang string) string {
	s, _ := catalog.Text(p, "name", lang)
	return s
}

func NewRateView(fx *catalog.FXRate) *render.RateView {
	if fx == nil {
		return &render.RateView{}
	}
	return &render.RateView{Base: fx.Base, Quote: fx.Quote, Rate: fx.Rate, Date: string(fx.Date), Source: fx.Source, Caveat: fx.Caveat, Kind: fx.Kind, SourceKind: fx.SourceKind}
}

// CatalogText is the text of the field key of the catalog record rec in
// the language of cat (catalog.Text), for a title or a search entry.
func CatalogText(cat *catalog.Catalog, rec any, key string) string {
	s, _ := catalog.Text(rec, key, cmp.Or(cat.Site.Language, catalog.BaseLanguage))
	return s
}

func Ptr[T any](v T) *T { return &v }

// ExportLinks are the page-relative links to a table's data files, shown
// under it to every reader, with or without script. Label is the key of
// the words before them.
type ExportLinks struct {
	Label, CSV, JSON string
}

// PageLink is a link to one page of a list split into pages.
type PageLink struct {
	Label   string
	URL     string
	Current bool
}

// GuideSummary is a guide as lists show it.
type GuideSummary struct {
	Guide               *catalog.Guide
	URL                 string
	Questions, Outcomes int
}

// InstanceName is the name of an instance type in lang (catalog.Text):
// the words a name holds beside the name ("per GPU") are in lang where
// the catalog has them.
func InstanceName(in *catalog.Instance, lang string) string {
	s, _ := catalog.Text(in, "name", cmp.Or(lang, catalog.BaseLanguage))
	return s
}
