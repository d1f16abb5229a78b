package catalog

import (
	"fmt"
	"strings"
	"testing"
)

// TestWideTableInAdviceRefused checks that catalog Markdown is held to
// the table bound of content pages, in the text and its translations,
// and that a table a reader can use passes.
func TestWideTableInAdviceRefused(t *testing.T) {
	scenario := func(advice string) map[string]string {
		indent := func(s, by string) string {
			return by + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n"+by) + "\n"
		}
		return map[string]string{"data/scenarios/s.yaml": "id: s\ntitle: S\nworkload:\n  gpu_hours_per_month: 100\n  months: 1\n  gpus_per_job: 1\n  job_hours: 1\n" +
			"strategies:\n  - id: od\n    name: On demand\n    mix:\n      - {model: on_demand, percent: 100}\n" +
			"advice: |\n" + indent(advice, "  ") + "i18n:\n  zh-CN:\n    advice: |\n" + indent(advice, "      ")}
	}
	wide := "Intro.\n\n" + strings.Repeat("|a", 1000) + "|\n" + strings.Repeat("|-", 1000) + "|\n" + strings.Repeat("1\n", 10)
	_, r := load(t, scenario(wide))
	want := `data/scenarios/s.yaml:13:9: scenario "s": advice, its line 3: table has 1,000 columns × 11 rows (11,000 cells); at most 5,000 cells: split it, or keep the figures in the catalog
data/scenarios/s.yaml:30:13: scenario "s": advice, its line 3: table has 1,000 columns × 11 rows (11,000 cells); at most 5,000 cells: split it, or keep the figures in the catalog
`
	if got := r.Errors().String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	fine := "| GPU | Price |\n| --- | ---: |\n| A100 | 1.10 |\n"
	if _, r := load(t, scenario(fine)); len(r.Errors()) > 0 {
		t.Errorf("a two-column table refused:\n%s", r.Errors())
	}
}

// TestTooManyAliasesRefused checks that a provider's and a region's
// aliases are bounded, at the first alias past the bound.
func TestTooManyAliasesRefused(t *testing.T) {
	many := func(n int) string {
		var a []string
		for i := range n {
			a = append(a, fmt.Sprintf("a%d", i))
		}
		return "[" + strings.Join(a, ", ") + "]"
	}
	aws := base["data/providers/aws.yaml"]
	aws = strings.Replace(aws, "name: AWS\n", "name: AWS\naliases: "+many(100000)+"\n", 1)
	aws = strings.Replace(aws, "  - id: us-east-1\n", "  - id: us-east-1\n    aliases: "+many(MaxAliases+1)+"\n", 1)
	_, r := load(t, map[string]string{"data/providers/aws.yaml": aws})
	want := `data/providers/aws.yaml:3:161: provider "aws": 100,000 aliases: want at most 32, the other names people know it by
data/providers/aws.yaml:8:165: region "us-east-1" of provider "aws": 33 aliases: want at most 32, the other names people know it by
`
	if got := r.Errors().String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	aws = strings.Replace(base["data/providers/aws.yaml"], "name: AWS\n", "name: AWS\naliases: "+many(MaxAliases)+"\n", 1)
	if _, r := load(t, map[string]string{"data/providers/aws.yaml": aws}); len(r.Errors()) > 0 {
		t.Errorf("%d aliases refused:\n%s", MaxAliases, r.Errors())
	}
}
