package site

import (
	"regexp"
	"strings"
	"testing"
)

// TestIntlSitePriceKeepsItsCurrency: an international site's list price
// in a mainland China region (marked 国际站价格) shows in the currency it
// is quoted in on the Chinese edition's provider, GPU and instance pages,
// never converted to yuan, which would read as the China site's charge.
func TestIntlSitePriceKeepsItsCurrency(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	row := regexp.MustCompile(`(?s)<tr[^>]*>(?:[^<]|<[^/]|</[^t]|</t[^r])*?</tr>`)
	yuan := regexp.MustCompile(`<span class="cur">元</span>|class="sub p-converted"`)
	n := 0
	for name, b := range files {
		if !strings.HasPrefix(name, "zh/") || !strings.HasSuffix(name, ".html") ||
			!(strings.Contains(name, "/providers/") || strings.Contains(name, "/instances/") || strings.Contains(name, "/gpus/")) {
			continue
		}
		for _, r := range row.FindAllString(string(b), -1) {
			if !strings.Contains(r, `class="tag abroad" title="服务商国际站的刊例价`) {
				continue
			}
			n++
			if m := yuan.FindString(r); m != "" {
				t.Errorf("%s: an international site's price shows in yuan (%s):\n%.600s", name, m, r)
			}
		}
	}
	if n < 10 {
		t.Errorf("%d rows hold an international site's price: the test is not testing", n)
	}
}

// TestUnstatedRegionIsNeverAllRegions: an instance page whose prices'
// sources name no region (a price list's region_unstated, a guide's
// instance type) says so in its price history too, never 全部地域.
func TestUnstatedRegionIsNeverAllRegions(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	for _, name := range []string{"zh/instances/tencent-cloud/gt4.4xlarge96/index.html", "zh/instances/tencent-cloud/gn10/index.html"} {
		page := string(files[name])
		i := strings.Index(page, `id="history"`)
		if i < 0 {
			t.Fatalf("%s: no price history", name)
		}
		history := page[i:]
		if j := strings.Index(history, "</section>"); j > 0 {
			history = history[:j]
		}
		if strings.Contains(history, "全部地域") || !strings.Contains(history, "未注明地域") {
			t.Errorf("%s: the history does not say the prices' region is unstated:\n%.1500s", name, history)
		}
	}
	// The MLPS scenario's answer, a monthly price whose source names no
	// region, says so too.
	const scen = "zh/scenarios/mainland-mlps-a100/index.html"
	page := string(files[scen])
	i := strings.Index(page, "<tbody>")
	j := strings.Index(page[max(i, 0):], "</tr>")
	if i < 0 || j < 0 {
		t.Fatalf("%s: no answer table", scen)
	}
	if row := page[i : i+j]; !strings.Contains(row, "4XLARGE96") || !strings.Contains(row, "未注明地域") {
		t.Errorf("%s: the answer's first row does not say its price's region is unstated:\n%s", scen, row)
	}
}
