// Package pagemodel is the shared part of the page-model stage: the page type
// every page kind returns (its frame, links and data), the link helpers
// that make a page's links relative to it, and the small views of the
// catalog (dates, charts, feeds, editions) that a page's frame holds. It
// reads nothing and writes nothing; the page kinds fill its pages, render
// turns them into HTML.
package pagemodel

import (
	"html/template"
	"net/url"
	"slices"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/charts"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/export"
)

// Page is the model of one output page: what its layout shows, with every
// link already relative to the page.
type Page struct {
	Path        string // output path: "gpus/a100-sxm4-40gb/index.html"
	Layout      string // the layout of its kind: "gpu"
	Title       string // catalog or content text; empty when TitleKey names a message
	TitleKey    string
	Description string
	DescKey     string
	// Twin links to the page's Markdown twin (index.md beside it), ""
	// when it has none.
	Twin string
	// Share is what the page answers, in a sentence, for the preview a
	// shared link shows (og:description); "" means its description.
	Share string
	// Card is the absolute URL of the page's social card (package
	// cards), the image a shared link shows; "" when it has none, as
	// every page of a site without a URL.
	Card string
	// Embeds are the absolute URLs of the embed pages of the site-wide
	// charts the page shows, by the figure's kind ("price_by_gpu"), for
	// the <iframe> to copy beside each; none without a site URL.
	Embeds map[string]string
	Data   any

	Site      *SiteInfo
	Nav       []NavLink
	Canonical string     // absolute URL of the page, when the site has one
	Feeds     []FeedLink // feeds the page points readers to, when the site has a URL
	Script    string     // a page script of its own beyond the charts: "static/changes.js"
	Styles    string     // link to the stylesheet
	Icon      string     // link to the SVG icon
	IconICO   string     // link to the ICO icon, for browsers without SVG ones
	// Inline is what a page that a server shows at any depth carries in
	// itself instead of linking to it: the 404 page of a site without a
	// URL (package site's notFoundAssets). nil for every other page.
	Inline  *InlineAssets
	HomeURL string
	// SearchURL is the action of the header's search form, the search
	// page; SearchIndex links to search/index.js and SearchScript to
	// static/search.js, "" on the 404 page, whose form works without them.
	// QueryScript links to static/query.js, which reads a number of GPUs
	// out of a query for the search box and the matrix, on the same pages.
	SearchURL    string
	SearchIndex  string
	SearchScript string
	// SwitchScript links to static/switches.js, which carries the answer
	// switches of the page's URL into its links to other pages; "" on
	// the 404 page.
	SwitchScript string
	// AnswerScript links to static/home.js on a page whose own script
	// (Script) is another and which has the answer switches: the script
	// shows the answer of the state chosen.
	AnswerScript string
	QueryScript  string
	Charts       []*ChartView // its charts; a page without any loads no chart script
	// AgeScript links to static/age.js on a page that shows the ages of
	// prices (the partial "price-trust"), which it counts again to the
	// reader's day; "" on the others.
	AgeScript string
	// Alternates are the page in every edition of the site, the root
	// edition's first; none when the site has one edition.
	Alternates []Alternate
	Links      Linker
	// Model makes Data just before the page renders (fill), so that only
	// the models of the pages being rendered are held; nil once made, or
	// when Data was made with the page.
	Model func() (any, error)
	// Reads notes, as Model makes Data, what the model reads of the
	// edition's catalog and derived data (derive.Recorder), when its kind
	// makes it through one: a live preview keeps the page's bytes, without
	// making its model, while none of those parts nor the page's frame
	// changed. nil for a page whose model reads what it needs directly.
	Reads *derive.Recorder
	// Attachments are files written beside the page at build, by output
	// path, in the order attached: a trial plan's downloads.
	Attachments []Attachment
	// frame is the frame that made the page, until Dress dresses it.
	frame *Frame
}

// Attachment is a file a page's model makes for the page to link to.
type Attachment struct {
	Path string
	Data []byte
}

// Attach adds a file, at output path, for p to link to.
func (p *Page) Attach(path string, data []byte) {
	p.Attachments = append(p.Attachments, Attachment{Path: path, Data: data})
}

// Lazy has the model of p made by f just before p renders.
func (p *Page) Lazy(f func() any) {
	p.Model = func() (any, error) { return f(), nil }
}

// Rel links to target, an output path ("compare/index.html"), from p.
func (p *Page) Rel(target string) string { return p.Links.To(target) }

// SiteInfo is what every page shows of the site.
type SiteInfo struct {
	Title   string
	Tagline string
	Lang    string
	Pages   []*content.ContentPage // the content pages every page lists (kinds.ListedPages)
	// AllPages links to the index of content pages, nil when Pages are
	// all of them.
	AllPages *AllPages
	// NoIndex asks search engines to leave every page out (a preview:
	// Options.Preview).
	NoIndex bool
	// Internal says the site holds a team's private overlay: every page
	// shows a banner that says so (site's Options.Internal).
	Internal bool
	// ExpiredQuotes are the overlay's quotes expired on the day ages count
	// to: they take part in no ranking, and the banner says so
	// (pricing.ExpiredQuotes).
	ExpiredQuotes []*ExpiredQuote
	// AgeMessages is the JSON of the words static/age.js writes ages
	// with, and of the day the build counted them to (site's ageScriptMessages).
	AgeMessages template.JS
}

// NavLink is one entry of the site navigation.
type NavLink struct {
	Key     string // message key of its label
	URL     string
	Current bool
}

// Linker makes links from one page: page-relative ("../../gpus/x/index.html"),
// or absolute for the 404 page when the site URL is known, because a
// server shows that page at any depth.
type Linker struct {
	Prefix string // to the edition's root
	// Shared is the prefix to the site's root, where the files every
	// edition shares are (SharedOutput); "" means Prefix.
	Shared  string
	Pretty  bool
	Anchors bool // one-file output (the report): a page is an anchor in the file (ReportAnchor)
}

// To links to target, an output path, from the page of l.
func (l Linker) To(target string) string {
	if l.Anchors {
		return ReportAnchor(target)
	}
	prefix := l.Prefix
	if l.Shared != "" && SharedOutput(target) {
		prefix = l.Shared
	}
	if l.Pretty && (target == "index.html" || strings.HasSuffix(target, "/index.html")) {
		target = strings.TrimSuffix(target, "index.html")
	}
	target = EscapePath(target)
	if s := prefix + target; s != "" {
		return s
	}
	return "./"
}

// EscapePath percent-encodes each segment of an output path for a URL.
// Most paths need none, and are returned as they are.
func EscapePath(p string) string {
	if strings.IndexFunc(p, needsPathEscape) < 0 {
		return p
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = pathEscape(s)
	}
	return strings.Join(segs, "/")
}

// DateView is a date that may be partial or unknown, as pages show it.
type DateView struct {
	Value     string // "2025-06"
	Precision string // day, month, year; "" when unknown or absent
	Unknown   bool   // the catalog says "unknown"
}

func NewDate(d catalog.Date) *DateView {
	if d == "" {
		return nil
	}
	return &DateView{Value: string(d), Precision: d.Precision(), Unknown: d == catalog.Unknown}
}

// Link is a titled link to a page.
type Link struct {
	Title, Description, URL string
}

// pathEscape escapes one path segment; ids are already safe, content
// file names may not be.
func pathEscape(s string) string { return url.PathEscape(s) }

// needsPathEscape reports whether url.PathEscape changes r within a
// segment: all but the unreserved characters, the sub-delimiters it
// leaves and the segment separator.
func needsPathEscape(r rune) bool {
	switch {
	case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
		return false
	}
	return !strings.ContainsRune("-_.~$&+:=@/", r)
}

// ChartView is a figure of a page: one or more charts (generator/charts)
// and the table of the numbers behind them, which templates/partials/
// chart.html writes beside the charts — the options into a
// <script type="application/json"> block each, read by static/charts.js.
type ChartView struct {
	// Kind names the figure and picks its table: price_by_gpu,
	// gpu_offers, discounts, price_performance, history.
	Kind   string
	Charts []*charts.Chart
	// Table is the figure's data: *charts.GPUPrices, *charts.OfferPrices,
	// *charts.Discounts, *charts.PricePerformance or *charts.History.
	Table any
	// Model is the pricing model of a price figure, one of a set of
	// figures of the same kind, one per model, that a reader switches
	// between (chartModels).
	Model string
	Page  *Page
}

// FeedLink is a feed a page points readers to with <link rel="alternate">.
type FeedLink struct {
	Title string
	Type  string // MIME type
	URL   string // page-relative
}

// Alternate is a page's twin in one edition, for the language switch and
// the hreflang links.
type Alternate struct {
	Lang    string
	Name    string
	URL     string // relative to the page
	Href    string // absolute, when the site has a URL; else URL
	Current bool
}

// SharedOutput reports whether an output path is one file for every
// edition, written by the root edition and linked to from the others:
// the static files, the schemas, the data exports and the sitemap.
func SharedOutput(p string) bool {
	return p == "sitemap.xml" || slices.Contains(export.Paths, p) ||
		strings.HasPrefix(p, "static/") || strings.HasPrefix(p, catalog.SchemaDir+"/") || strings.HasPrefix(p, "api/")
}

// InlineAssets are the blocks the 404 page of a site without a URL holds.
type InlineAssets struct {
	Style  template.CSS // static/style.css
	Script template.JS  // static/notfound.js
	Icon   template.URL // static/favicon.svg as a data: URL
}

// AllPages links to the index of content pages when the footer and the
// home page cannot list them all.
type AllPages struct {
	Path  string // paths.PagesIndex
	Count int    // how many content pages there are
}

// ReportAnchor is where a page of the site is in the report: an instance
// type, provider or GPU model at its sources, the matrix and the scenarios
// at their sections, anything else the top of the file.
func ReportAnchor(target string) string {
	parts := strings.Split(strings.TrimSuffix(target, "/index.html"), "/")
	switch {
	case len(parts) == 3 && parts[0] == "instances":
		return "#instance/" + parts[1] + "/" + parts[2]
	case len(parts) == 2 && parts[0] == "providers":
		return "#provider/" + parts[1]
	case len(parts) == 2 && parts[0] == "gpus":
		return "#gpu/" + parts[1]
	case parts[0] == "compare":
		return "#offers"
	case parts[0] == "scenarios":
		return "#scenario"
	}
	return "#top"
}

// ExpiredQuote is a quote of the overlay past its last valid day, with
// the provider and instance type it was for, as the banner names it.
type ExpiredQuote struct {
	*catalog.Quote
	ProviderName, InstanceName string
}
