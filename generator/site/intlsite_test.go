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
