// Package importer is the stage that reads public price lists and merges
// them into a provider's price file. A parser (ReadSkyPilot, …) turns one
// price list into Offers, one per instance type, region and pricing model;
// Merge compares them with the history in data/prices/<provider>.yaml and
// hands back the file's new bytes with a Summary of what changed. Nothing
// here writes a file: the command does, once the whole merge succeeded.
//
// History is never rewritten. An unchanged price moves only the file's
// checked date; a changed price is a new point after the series' last one,
// dated by the source's effective date when the format gives one, and
// otherwise left undated with the day of the import as its first_seen.
package importer

import (
	"fmt"
	"slices"
	"strconv"

	"gpucompare/generator/catalog"
)

// Formats are the price-list formats the importer reads.
var Formats = []string{"skypilot", "aws-pricelist", "azure-retail", "oci-pricelist", "gcp-billing", "lambda-api", "aws-spot", "runpod-graphql", "vast-offers", "aliyun-describeprice", "tencent-inquiryprice", "huawei-bss-rating"}

// Offer is one price a price list states: an instance type in a region
// under a pricing model, per instance and hour.
type Offer struct {
	Instance string // the instance type as the source names it
	Region   string // the region as the source names it
	Model    string // a catalog pricing model: on_demand, spot …
	Payment  string // a catalog payment option, for reservations
	// Amount is the hourly price; 0 when a reservation states only
	// its upfront price.
	Amount  float64
	Upfront *float64
	// EffectiveHourly is the hourly price with the upfront spread over the
	// term, when the source's price is the term's.
	EffectiveHourly *float64
	Currency        string
	// PerGPU says the amount is per GPU and hour, not per instance (a
	// price list that prices GPUs, such as RunPod's).
	PerGPU bool
	// Note says what a reader must know about the price, such as how it
	// was worked out.
	Note string
	// NoteZH is Note in Chinese, written to the point's i18n so that the
	// Chinese edition shows no note of an import in English.
	NoteZH string
	// Effective is the day the price took effect, when the source says;
	// "" when the format has no such date.
	Effective catalog.Date
	Pos       Pos // where the source states the price
	// Spec is what the source states of the instance type.
	Spec Spec
}

// Pos is a place in a source file: a line and column, or a record number
// of a JSON page.
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	if p.Col > 0 {
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	}
	return fmt.Sprintf("%s:%d", p.File, p.Line)
}

// List is what a parser read from one or more files of a price list.
type List struct {
	Format string
	Offers []Offer
	// Skipped counts the prices not read, by reason.
	Skipped map[string]int
	// Covers, for a format that prices only some of a provider's instance
	// types, names (as the source does) the ones it prices at all: only
	// their offers can be missing from it. nil: every instance type.
	Covers map[string]bool
	// Sites: the list is one site's of a provider that sells on a China
	// site in CNY and an international site in USD, each with its own
	// account and prices (Alibaba Cloud's, Tencent Cloud's inquiries). An
	// offer in another currency than its series' latest point is the other
	// site's price: skipped, not refused, so that neither site's answers
	// fail the other's refresh.
	Sites bool
	gcp   *gcpState               // the SKUs of a gcp-billing list's pages read so far
	vast  map[string][]vastSample // a vast-offers list's prices per GPU so far, by GPU name
}

func (l *List) skip(reason string) {
	if l.Skipped == nil {
		l.Skipped = map[string]int{}
	}
	l.Skipped[reason]++
}

// SourceKind is the catalog source kind of a format's prices.
func SourceKind(format string) string {
	if format == "skypilot" {
		return catalog.KindAggregator
	}
	return catalog.KindProvider
}

// Models are the pricing models a format states, so Merge can tell an offer
// gone from the source from one the format never covers.
func Models(format string) []string {
	switch format {
	case "skypilot":
		return []string{"on_demand", "spot"}
	case "aws-pricelist":
		return []string{"on_demand", "reserved_1y", "reserved_3y"}
	case "azure-retail":
		return []string{"on_demand", "spot", "reserved_1y", "reserved_3y"}
	case "oci-pricelist":
		return []string{"on_demand"}
	case "gcp-billing":
		return []string{"on_demand", "spot", "cud_1y", "cud_3y"}
	case "lambda-api":
		return []string{"on_demand"}
	case "aws-spot":
		return []string{"spot"}
	case "runpod-graphql":
		return []string{"on_demand", "spot"}
	case "vast-offers":
		return []string{"on_demand"}
	case "aliyun-describeprice", "tencent-inquiryprice":
		return []string{"on_demand", "spot", "subscription_month", "subscription_year"}
	case "huawei-bss-rating":
		return []string{"on_demand", "subscription_month", "subscription_year"}
	}
	return nil
}

// KnownFormat reports whether format is one of Formats.
func KnownFormat(format string) bool { return slices.Contains(Formats, format) }

// amountText is how an amount is written: the shortest decimal that reads
// back as the same number.
func amountText(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
