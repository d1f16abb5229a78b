package site

import (
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// A row of an instance list is a card on a phone, where no heading names
// the price's unit or its pricing model: each price carries them itself,
// the unit right after the price (/GPU-h, /GPU小时), then the pricing
// model (on-demand, 按量计费); a type priced under another model only
// names that model in its note, and an unpriced type has neither. Both
// editions, on the provider's page and the GPU's, a converted price too.
func TestInstanceCardsNameTheUnitAndThePricingModel(t *testing.T) {
	root := partsCloud(t, partsInstance("dear", "a100-sxm4-40gb", "")+partsInstance("yuan", "a100-sxm4-40gb", "")+
		partsInstance("spot-only", "a100-sxm4-40gb", "")+partsInstance("unpriced", "a100-sxm4-40gb", ""), `
  - {instance: dear, region: r1, model: on_demand, amount: 3, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: yuan, region: r1, model: on_demand, amount: 10, currency: CNY, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: spot-only, region: r1, model: spot, amount: 0.8, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
`)
	site := root["data/site.yaml"]
	root["data/site.yaml"] = &fstest.MapFile{Data: append(append([]byte{}, site.Data...),
		"editions:\n  - language: zh-CN\n    dir: zh\n    currency: CNY\n    tagline: 合成目录\n"...)}
	files, _ := build(t, root, Options{})

	editions := []struct {
		dir, unit, onDemand, otherModel string
	}{
		{"", "/GPU-h", "on-demand", "spot — no on-demand price"},
		{"zh/", "/GPU小时", "按量计费", "抢占式实例——无按量计费价格"},
	}
	// The unit follows the price's figure and currency, before any note.
	priced := regexp.MustCompile(`<td class="num from"><span class="money">[^<]*<span class="cur">[^<]+</span></span><span class="card-unit">([^<]*)</span>`)
	for _, ed := range editions {
		for _, page := range []string{"providers/parts/index.html", "gpus/a100-sxm4-40gb/index.html"} {
			if files[ed.dir+page] == nil {
				t.Fatalf("no %s%s", ed.dir, page)
			}
			html := between(t, string(files[ed.dir+page]), `<table class="data instances">`, "</table>")
			href := func(id string) string { return "../../instances/parts/" + id + "/index.html" }
			for _, id := range []string{"dear", "yuan"} {
				r := row(t, html, href(id))
				m := priced.FindStringSubmatch(r)
				if m == nil || m[1] != ed.unit {
					t.Errorf("%s%s, %s: no unit %q right after the price:\n%s", ed.dir, page, id, ed.unit, r)
				}
				if want := `<span class="sub card-model">` + ed.onDemand + `</span>`; !strings.Contains(r, want) {
					t.Errorf("%s%s, %s: no pricing model %s:\n%s", ed.dir, page, id, want, r)
				}
			}
			spot := row(t, html, href("spot-only"))
			if !strings.Contains(spot, `<span class="card-unit">`+ed.unit+`</span>`) {
				t.Errorf("%s%s, spot-only: no unit %q:\n%s", ed.dir, page, ed.unit, spot)
			}
			if strings.Contains(spot, "card-model") || !strings.Contains(spot, ed.otherModel) {
				t.Errorf("%s%s, spot-only: want the other model's note %q alone:\n%s", ed.dir, page, ed.otherModel, spot)
			}
			if none := row(t, html, href("unpriced")); strings.Contains(none, "card-unit") || strings.Contains(none, "card-model") {
				t.Errorf("%s%s, unpriced: a unit or model without a price:\n%s", ed.dir, page, none)
			}
		}
	}
}
