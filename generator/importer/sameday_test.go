package importer

import (
	"strings"
	"testing"
)

const sameDay = `provider: lambda
prices:
# The November list.
- instance: gpu_8x_v100
  region: all
  model: on_demand
  amount: 4.4
  currency: USD
  since: '2026-11-01'
  source: s
  source_kind: aggregator
- {instance: gpu_1x_h100_pcie, region: all, model: on_demand, amount: 2.49, currency: USD, since: unknown, source: s, source_kind: aggregator}
`

// TestMergeSameDayRefused: a price whose effective date is the since of
// its series' latest point would be a second point on one day: refused,
// with the point it meets, and the file left as it was.
func TestMergeSameDayRefused(t *testing.T) {
	o := offer("gpu_8x_v100", "us-east-1", 4.1)
	o.Effective = "2026-11-01"
	out, sum := merge(t, sameDay, opts(false), o)
	if out != sameDay {
		t.Errorf("file changed:\n%s", out)
	}
	if len(sum.Added) != 0 || len(sum.Refused) != 1 {
		t.Fatalf("summary %+v, want the price refused and nothing added", sum)
	}
	r := sum.Refused[0]
	if r.Instance != "gpu_8x_v100" || r.Line != 4 || r.Now != "4.1" || r.Was != "4.4" || r.Since != "2026-11-01" {
		t.Errorf("refused %+v, want gpu_8x_v100 at line 4, 4.4 → 4.1 since 2026-11-01", r)
	}
}

// TestMergeSameDayCorrect: with Correct, the same-day price replaces the
// latest point in place: its price, as_of and source are the import's, the
// lines around it keep their bytes, and no second point is added.
func TestMergeSameDayCorrect(t *testing.T) {
	o := offer("gpu_8x_v100", "us-east-1", 4.1)
	o.Effective = "2026-11-01"
	op := opts(false)
	op.Correct = true
	out, sum := merge(t, sameDay, op, o)
	want := strings.Replace(sameDay, `- instance: gpu_8x_v100
  region: all
  model: on_demand
  amount: 4.4
  currency: USD
  since: '2026-11-01'
  source: s
  source_kind: aggregator
`, `- instance: gpu_8x_v100
  region: all
  model: on_demand
  amount: 4.1
  currency: USD
  since: '2026-11-01'
  as_of: '2026-12-01'
  source: vms.csv
  source_kind: aggregator
  note: corrects 4.4 USD, the price this point had before 2026-12-01
  i18n: {zh-CN: {note: "更正为此价：此前为4.4美元（2026年12月1日读取之前的价格）。"}}
`, 1)
	want = strings.Replace(want, "provider: lambda\n", "provider: lambda\nchecked: '2026-12-01'\n", 1)
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if len(sum.Added) != 1 || !sum.Added[0].Corrected || sum.Added[0].Was != "4.4" || len(sum.Refused) != 0 {
		t.Errorf("summary %+v, want one correction of 4.4", sum)
	}
}
