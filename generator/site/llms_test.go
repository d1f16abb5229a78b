package site

import (
	"net/url"
	"path"
	"regexp"
	"strings"
	"testing"
)

// mdLinkRE finds the destinations of Markdown links.
var mdLinkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestLLMSTxtLinksResolve builds a site of two editions, with and
// without a site URL, and follows every link of each edition's llms.txt
// and llms-full.txt: a relative one names a file of the build, an
// absolute one the same file under the site's URL.
func TestLLMSTxtLinksResolve(t *testing.T) {
	for _, base := range []string{"", "https://gpus.example.com/sub/"} {
		files, _ := build(t, twoEditions(t), Options{BaseURL: base})
		for _, dir := range []string{"", "zh/"} {
			for _, name := range []string{"llms.txt", "llms-full.txt"} {
				p := dir + name
				data := files[p]
				if data == nil {
					t.Fatalf("%s: not written", p)
				}
				links := mdLinkRE.FindAllStringSubmatch(string(data), -1)
				if len(links) < 5 {
					t.Errorf("%s (base %q): %d links, want every section", p, base, len(links))
				}
				for _, m := range links {
					href := m[1]
					var target string
					if base != "" {
						rest, ok := strings.CutPrefix(href, base)
						if !ok {
							t.Errorf("%s: link %s is not under the site URL %s", p, href, base)
							continue
						}
						target = rest
					} else {
						if u, err := url.Parse(href); err != nil || u.IsAbs() {
							continue // a source's own address
						}
						target = path.Join(dir, href)
					}
					if files[target] == nil {
						t.Errorf("%s (base %q): link %s names no file of the build", p, base, href)
					}
				}
			}
		}
	}
}

// TestLLMSFullFollowsTheAnswerRule reads llms-full.txt of the catalog
// whose A100 prices are current, stale, superseded and a marketplace's:
// the answer table names the current A100 price and the H100's stale one
// (saying why it answers), the current offers are the current price
// alone, and llms.txt gives the share of current prices and the newest
// date.
func TestLLMSFullFollowsTheAnswerRule(t *testing.T) {
	files := currentSite(t)
	full := string(files["llms-full.txt"])
	answers, offers, ok := strings.Cut(full, "## Every current offer")
	if !ok {
		t.Fatalf("llms-full.txt has no list of current offers:\n%s", full)
	}
	for _, want := range []string{
		"| [A100 SXM4 40GB](gpus/a100/index.md) | 2.00 USD — Cloud current-1x, Region One, on-demand · 2026-06-01, 0 days old · provider |",
		"| [H100 SXM5 80GB](gpus/h100/index.md) | 3.00 USD — Cloud h100-1x, Region One, on-demand · 2025-04-01, 426 days old · provider · no current price, so this one answers |",
	} {
		if !strings.Contains(answers, want) {
			t.Errorf("the answer table lacks\n%s\nin:\n%s", want, answers)
		}
	}
	rows := 0
	for line := range strings.Lines(offers) {
		if strings.HasPrefix(line, "| ") && !strings.HasPrefix(line, "| Provider") && !strings.HasPrefix(line, "| ---") {
			rows++
			if !strings.Contains(line, "[current-1x](instances/cloud/current-1x/index.md)") || !strings.Contains(line, "| 2.00 |") {
				t.Errorf("a current offer that is not current-1x at 2.00: %s", line)
			}
		}
	}
	if rows != 1 {
		t.Errorf("%d current offers listed, want 1 (current-1x):\n%s", rows, offers)
	}
	short := string(files["llms.txt"])
	if want := "Freshness: 1 of the 5 latest prices (20%) are current"; !strings.Contains(short, want) {
		t.Errorf("llms.txt lacks %q:\n%s", want, short)
	}
	// The newest price and the catalog's date are told apart: the
	// catalog here holds nothing newer than its newest price.
	if want := "Newest price: quoted 2026-06-01; catalog checked 2026-06-01; ages are counted to"; !strings.Contains(short, want) {
		t.Errorf("llms.txt lacks %q", want)
	}
}
