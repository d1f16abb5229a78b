package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestShippedPagesSayWhatDatesAndReasonsAre reads the Chinese edition of
// the shipped catalog where a buyer met labels that said less than they
// seemed to:
//
//   - a price's effective date beside an age that counts from the day it
//     was last checked names each (生效日… · …核对), in the guide and on
//     the instance page;
//   - a GPU page's chart caption that says every price is dated stands
//     over a table that gives each a date (截至… where the source states
//     no effective date), not 未注明日期;
//   - a mainland view's price that is not current for coming from an
//     article says so, not merely 非当前价格.
func TestShippedPagesSayWhatDatesAndReasonsAre(t *testing.T) {
	out := shippedSite(t)
	tags := regexp.MustCompile(`<[^>]+>`)
	text := func(s string) string { return tags.ReplaceAllString(s, "") }

	const guide = "zh/guides/choose-gpu-compute/index.html"
	g := text(readPage(t, out, guide))
	if !regexp.MustCompile(`生效日2025年6月1日 (今天|本月|今年|\d+天前|1天前|\d+个月前|1年前|\d+年前)仍为此价`).MatchString(g) {
		t.Errorf("%s: AWS's price in effect since 2025-06-01 is not labelled 生效日… and …仍为此价", guide)
	}
	if regexp.MustCompile(`(^|[^生效日])2025年6月1日 \d+个月前 `).MatchString(g) {
		t.Errorf("%s: a bare effective date stands beside an age counted from another date", guide)
	}

	const gpu = "zh/gpus/a100-sxm4-80gb/index.html"
	page := readPage(t, out, gpu)
	table := chartTable(t, page, gpu, "chart-data offers-by-price")
	if strings.Contains(text(page), "图中价格均有日期") && strings.Contains(table, "date-unknown") {
		t.Errorf("%s: the caption says every price in the chart is dated, its table says one is not", gpu)
	}
	if !strings.Contains(table, "截至2026年") {
		t.Errorf("%s: the chart table gives no as-of date for a price with no effective date", gpu)
	}

	home := readPage(t, out, "zh/index.html")
	if !strings.Contains(home, `not-current">文章价，仅供参考`) {
		t.Error("zh/index.html: no mainland price from an article says so")
	}
	if strings.Contains(home, `未注明日期 第三方目录`) && !strings.Contains(home, `not-current">非当前价格`) {
		t.Error("zh/index.html: an undated price of the mainland view lost its 非当前价格 mark")
	}
}
