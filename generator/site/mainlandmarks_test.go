package site

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gpucompare/generator/pricing"
)

// TestShippedChinaCloudPagesMarkInternationalPrices: on Tencent Cloud's
// page the GN10Xp types priced only on its international site (in
// dollars for Guangzhou) carry the words that say so, in both editions;
// those its China site also prices show the yuan price, and its yuan
// prices of mainland regions carry no mark; and every figure of
// a scenario's tables (totals, their parts, the trial plan's costs) is written as pricing.ShownDecimalsIn
// writes an amount of the page's currency, grouped from four whole digits
// in both editions.
func TestShippedChinaCloudPagesMarkInternationalPrices(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	row := regexp.MustCompile(`(?s)<tr[^>]*>\s*<th scope="row"><a href="[./]*instances/tencent-cloud/([^/"]+)/index\.html".*?</tr>`)
	for page, mark := range map[string]string{
		"providers/tencent-cloud/index.html":    ">international site</span>",
		"zh/providers/tencent-cloud/index.html": ">国际站价格</span>",
	} {
		marked, yuan := 0, 0
		for _, m := range row.FindAllStringSubmatch(string(files[page]), -1) {
			id, tr := m[1], m[0]
			has := strings.Contains(tr, mark)
			// GN10Xp types priced only on the international site are marked;
			// those the China site's price overview also prices (in yuan,
			// data/prices/tencent-cloud.yaml) show that price, unmarked.
			switch id {
			case "gn10xp.5xlarge80", "gn10xp.10xlarge160":
				if !has {
					t.Errorf("%s: %s, priced on the international site, is not marked", page, id)
				}
			case "gn10xp.20xlarge320", "gn10xp.2xlarge40":
				if has {
					t.Errorf("%s: %s shows the international site's price, not the China site's", page, id)
				}
			}
			if has {
				marked++
			}
			if !has && strings.Contains(tr, `class="money"`) {
				yuan++
			}
		}
		if marked == 0 || yuan == 0 {
			t.Errorf("%s: %d prices marked %q, %d yuan prices of mainland regions unmarked: want some of each", page, marked, mark, yuan)
		}
	}

	cell := regexp.MustCompile(`<td class="num( total)?" data-label="[^"]*">(?:≥ )?([0-9.,]+)`)
	for _, c := range []struct{ dir, currency string }{{"", "USD"}, {"zh/", "CNY"}} {
		n := 0
		for name, body := range files {
			if !strings.HasPrefix(name, c.dir+"scenarios/") || !strings.HasSuffix(name, "/index.html") || strings.Count(name, "/") != strings.Count(c.dir, "/")+2 {
				continue
			}
			for _, m := range cell.FindAllStringSubmatch(html.UnescapeString(string(body)), -1) {
				s := m[2]
				v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
				if err != nil {
					t.Fatalf("%s: %q is no figure", name, s)
				}
				places := pricing.ShownDecimalsIn(c.currency, v)
				want := groupFigure(strconv.FormatFloat(pricing.ShownIn(c.currency, v), 'f', places, 64))
				if s != want {
					t.Errorf("%s: %q, want %q (%s)", name, s, want, c.currency)
				}
				n++
			}
		}
		if n == 0 {
			t.Errorf("%sscenarios: no total read: the test is not testing", c.dir)
		}
	}
}

// groupFigure puts thousands separators into a figure from four whole
// digits on, in either edition.
func groupFigure(s string) string {
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	whole = b.String()
	if frac != "" {
		return whole + "." + frac
	}
	return whole
}
