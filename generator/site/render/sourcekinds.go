package render

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"gpucompare/generator/catalog"
)

// quoteMark stands for a quoted title in a source kind's message while it
// is formatted.
const quoteMark = "\x00quote\x00"

// sourceKinds are the kinds of citation the catalog writes again and
// again in its own English words around a document's address (the
// importers' price lists of the China clouds, their conversion scripts,
// a document's last change): the words are the catalog's, so a page in
// another language says them in its own, from the message
// source_kind.<key>, formatted with the citation's parts (addresses,
// file names, figures, a commit) as they stand. The English message of
// each kind, formatted with the same parts, is the citation itself
// (TestSourceKindsRoundTrip). A document's own title a kind quotes
// (quote, the index of its part) stays as published, shown as a
// quotation after the words.
var sourceKinds = []struct {
	key   string
	re    *regexp.Regexp
	quote int // the part that is a quoted title, 0 for none
	// code says the first part is an address with Chinese in it (a
	// document's path), shown as code so that its marks read as the
	// address's, not as the sentence's.
	code bool
	// date is the part that is a date (2024-12-23), written as the
	// page's language writes dates (2024年12月23日); 0 for none.
	date int
	// money is the part that is an amount with all the source's digits
	// (23.2752366027397), written as the site writes money (23.28); 0
	// for none.
	money int
}{
	{key: "alicloud_vms", re: regexp.MustCompile(`^(\S+ \S+ @[0-9a-f]+) \(USD = CNY trade price x ([0-9.]+) per catalog fetch script; includes ([0-9]+) GB ESSD system disk\)$`)},
	{key: "alicloud_conversion", re: regexp.MustCompile(`^conversion: (\S+) \(Price = DescribePrice TradePrice CNY x --cny-usd-rate\) \+ workflow (\S+) \(--cny-usd-rate ([0-9.]+)\)$`)},
	{key: "tencent_vms", re: regexp.MustCompile(`^(\S+ \S+ @[0-9a-f]+) \(POSTPAID_BY_HOUR, UnitPriceDiscount; CNY x ([0-9.]+)\)$`)},
	{key: "tencent_conversion", re: regexp.MustCompile(`^conversion: (\S+) \(InquiryPriceRunInstances POSTPAID_BY_HOUR UnitPriceDiscount, else UnitPrice, x ([0-9.]+)\)$`)},
	{key: "last_changed", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ \S+) \(last changed ([0-9a-f]+), ([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`)},
	{key: "tencent_intl_quoted", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ .+?\.md) \(Tencent Cloud's own international documentation, GPU price overview: '([^']+)', pay-as-you-go, USD/hr\)$`), quote: 2},
	{key: "tencent_intl_table", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ .+?\.md) \(GPU price overview table of Tencent Cloud International; GPU, vCPU and memory as given there\)$`)},
	{key: "tencent_cn_quoted", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ .+?\.md) \(Tencent Cloud's own China-site documentation, GPU price overview: '([^']+)', compute only\)$`), quote: 2, code: true},
	{key: "tencent_cn_table", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ .+?\.md) \(GPU price overview table of Tencent Cloud's China site; GPU, vCPU and memory as given there\)$`), code: true},
	{key: "tencent_intl_zone", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ .+?\.md) \(for ([a-z-]+), the international GPU price overview, Guangzhou Zone ([0-9]+)\)$`)},
	{key: "tke_guide", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ \S+) \(TKE practice guide, table '([^']+)'; file last changed ([0-9a-f]+), ([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`)},
	{key: "tables_removed", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ \S+) \(([0-9]{4}-[0-9]{2}-[0-9]{2}); tables removed in later revisions\)$`)},
	{key: "dated", re: regexp.MustCompile(`^(\S+ \S+(?: \+ \S+)* @[0-9a-f]+) \(([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`)},
	{key: "gpu_rows_spot", re: regexp.MustCompile(`^(\S+ \S+ @[0-9a-f]+) \(GPU rows; spot left out where the row repeats the on-demand price\)$`)},
	{key: "tpu_rows", re: regexp.MustCompile(`^(\S+ \S+ @[0-9a-f]+) \(TPU rows; the price of a region's zones\)$`)},
	{key: "azure_retail", re: regexp.MustCompile(`^(\S+ \S+ @[0-9a-f]+) \(generated at (\S+) from the Azure Retail Prices API, Linux Consumption meters\)$`)},
	{key: "azure_retail_same", re: regexp.MustCompile(`^same price in (\S+ \S+ @[0-9a-f]+) \(generated at (\S+) from the Azure Retail Prices API, Linux Consumption meters\)$`)},
	{key: "vantage_generated", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ \S+) \('Auto-generated from instances\.vantage\.sh data', Last updated ([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`)},
	{key: "vantage_reserved", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ \S+) \(vantage instances\.json 'reserved' = yrTerm([0-9])Standard\.noUpfront per scripts/utils\.py\)$`)},
	{key: "vantage_china", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ \S+) \(vantage China-region instances data\)$`)},
	{key: "aws_region_spot", re: regexp.MustCompile(`^(\S+ \S+ @[0-9a-f]+) \(([a-z0-9-]+), Linux On-Demand; spot = lowest ([a-z0-9-]+) AZ value at crawl\)$`)},
	{key: "aws_price_column", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ \S+) \(Price column, Linux On-Demand\)$`)},
	{key: "aws_price_list", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ \S+) \(generated (\S+), ([a-z0-9-]+) Linux On-Demand from AWS Price List API\)$`)},
	{key: "aws_price_list_the", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ \S+) \(generated (\S+), ([a-z0-9-]+) Linux On-Demand from the AWS Price List API\)$`)},
	{key: "hour_spot", re: regexp.MustCompile(`^(\S+ \S+) hour_spot ([0-9.]+) in every build from @([0-9a-f]+) \(([0-9]{4}-[0-9]{2}-[0-9]{2})\) to @([0-9a-f]+) \(([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`), money: 2},
	{key: "page_checked", re: regexp.MustCompile(`^(\S+ \S+ @[0-9a-f]+) \(([a-z0-9.-]+\.[a-z]+/\S+) checked ([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`)},
	{key: "page_read", re: regexp.MustCompile(`^(\S+ \S+ @[0-9a-f]+) \(([a-z0-9.-]+\.[a-z]+/\S+) read ([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`)},
	{key: "alibaba_family_page", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ \S+) \(Alibaba Cloud's own ECS instance family page, last changed ([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`), code: true},
	{key: "unchanged_through_generated", re: regexp.MustCompile(`^unchanged through @([0-9a-f]+) \(generated ([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`)},
	{key: "unchanged_through", re: regexp.MustCompile(`^unchanged through @([0-9a-f]+)$`)},
	{key: "same_rate_two", re: regexp.MustCompile(`^the same rate in @([0-9a-f]+) \(([0-9]{4}-[0-9]{2}-[0-9]{2})\) and @([0-9a-f]+) \(([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`)},
	{key: "same_rate_three", re: regexp.MustCompile(`^the same rate in @([0-9a-f]+) \(([0-9]{4}-[0-9]{2}-[0-9]{2})\), @([0-9a-f]+) \(([0-9]{4}-[0-9]{2}-[0-9]{2})\) and @([0-9a-f]+) \(([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`)},
	{key: "same_price_all_n", re: regexp.MustCompile(`^(\S+ \S+ @[0-9a-f]+) \(same price in all ([0-9]+) regions\)$`)},
	{key: "same_price_all", re: regexp.MustCompile(`^(\S+ \S+ @[0-9a-f]+) \(same price in all regions\)$`)},
	{key: "vm_gpu_rows", re: regexp.MustCompile(`^(\S+ \S+ @[0-9a-f]+) \(VM row \+ separate GPU row; total = sum\)$`)},
	{key: "row_specs", re: regexp.MustCompile(`^(\S+ \S+ @[0-9a-f]+) \(vCPUs, memory and regions of the row\)$`)},
	{key: "dense_table", re: regexp.MustCompile(`^(\S+ \S+ @[0-9a-f]+) \(dense TFLOPS table\)$`)},
	{key: "mamf_table", re: regexp.MustCompile(`^(\S+ \S+ @[0-9a-f]+) \(MAMF table\)$`)},
	{key: "tpu_chip_hour", re: regexp.MustCompile(`^date: (\S+ \S+) @([0-9a-f]+) \(committed ([0-9]{4}-[0-9]{2}-[0-9]{2})\), "(TPU [a-z0-9]+)" ([a-z0-9-]+) "On Demand \(USD\)" ([0-9.]+) per chip-hour × 1 chip$`), date: 3},
	{key: "tpu_chip_hours", re: regexp.MustCompile(`^date: (\S+ \S+) @([0-9a-f]+) \(committed ([0-9]{4}-[0-9]{2}-[0-9]{2})\), "(TPU [a-z0-9]+)" ([a-z0-9-]+) "On Demand \(USD\)" ([0-9.]+) per chip-hour × ([0-9]+) chips$`), date: 3},
	{key: "tpu_spot_chip_hour", re: regexp.MustCompile(`^date: (\S+ \S+) @([0-9a-f]+) \(committed ([0-9]{4}-[0-9]{2}-[0-9]{2})\), "(TPU [a-z0-9]+)" ([a-z0-9-]+) "Spot \(USD\)" ([0-9.]+) per chip-hour × 1 chip$`), date: 3},
	{key: "tpu_spot_chip_hours", re: regexp.MustCompile(`^date: (\S+ \S+) @([0-9a-f]+) \(committed ([0-9]{4}-[0-9]{2}-[0-9]{2})\), "(TPU [a-z0-9]+)" ([a-z0-9-]+) "Spot \(USD\)" ([0-9.]+) per chip-hour × ([0-9]+) chips$`), date: 3},
	{key: "generated_at", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ \S+) \(generated ([0-9]{4}-[0-9]{2}-[0-9]{2}(?:T[0-9:]+Z)?)\)$`)},
	{key: "region_generated_at", re: regexp.MustCompile(`^region ([a-z0-9-]+): (\S+@[0-9a-f]+ \S+) \(generated ([0-9]{4}-[0-9]{2}-[0-9]{2}(?:T[0-9:]+Z)?)\)$`)},
	// A scrape of a page, the page's address a link between the two.
	{key: "scrape_of", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ \S+) \(a scrape of$`)},
	{key: "scrape_updated", re: regexp.MustCompile(`^; last_updated ([0-9T:Z-]+)\)$`)},
	{key: "read_files", re: regexp.MustCompile(`^\(([0-9]+) files of (\S+), read ([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`)},
	{key: "read_day", re: regexp.MustCompile(`^\(read ([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`)},
	// An address alone: no words to put in another language.
	{key: "address", re: regexp.MustCompile(`^(\S+@[0-9a-f]+ \S+)$`)},
	{key: "tencent_intl_docs", re: regexp.MustCompile(`^Tencent Cloud intl docs '([^']+)' \(([^;()\s]+); markdown copy in public GitHub index\)$`), quote: 1},
}

// sourceKind puts text, a citation's words, in the language of m where
// it is of a known kind (sourceKinds) and m words that kind: the words
// and the title it quotes, as published; ok is false otherwise.
func (m Messages) sourceKind(text string) (words, quote, code string, ok bool) {
	for _, k := range sourceKinds {
		sm := k.re.FindStringSubmatch(text)
		if sm == nil {
			continue
		}
		format, has := m["source_kind."+k.key]
		if !has {
			return "", "", "", false
		}
		if k.code {
			code = sm[1]
		}
		// Every part is an argument. The quoted title ends the words: the
		// message writes it last, and the page shows it as a quotation.
		var args []any
		for i, part := range sm[1:] {
			if i+1 == k.quote {
				part = quoteMark
			}
			if i+1 == k.date && m.language() != catalog.BaseLanguage {
				if d, err := m.dateOf(part); err == nil {
					part = d
				}
			}
			if i+1 == k.money && m.language() != catalog.BaseLanguage {
				if f, err := strconv.ParseFloat(part, 64); err == nil {
					part = FormatMoney(f)
				}
			}
			args = append(args, part)
		}
		words = fmt.Sprintf(format, args...)
		if k.quote > 0 {
			before, after, found := strings.Cut(words, quoteMark)
			if !found || after != "" {
				return "", "", "", false
			}
			words, quote = before, sm[k.quote]
		}
		return words, quote, code, true
	}
	return "", "", "", false
}
