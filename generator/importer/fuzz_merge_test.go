package importer

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// FuzzMerge merges a fixed list into arbitrary price files: whenever the
// merge succeeds, the result is YAML holding every point of the file, in
// order, and the points added; and merging again changes nothing.
func FuzzMerge(f *testing.F) {
	f.Add(base)
	f.Add("provider: lambda\nprices: []\n")
	f.Add("provider: lambda\nprices:\n  - {instance: gpu_8x_v100, region: all, model: on_demand, amount: 4.4, currency: USD, since: unknown}\n# end\n")
	f.Add("prices:\n- instance: gpu_1x_a10\n  region: us-west-1\n  model: on_demand\n  amount: 0.6\n  currency: USD\n  note: |\n    a note\n\n    # not a comment\nprovider: lambda\n")
	l := &List{Offers: []Offer{
		offer("gpu_1x_h100_pcie", "us-east-1", 2.79),
		offer("gpu_8x_v100", "us-east-1", 4.4),
		offer("gpu_1x_a10", "us-west-1", 0.75),
	}}
	f.Fuzz(func(t *testing.T, src string) {
		// The merge ends the file with a newline, which changes a block
		// scalar ending the file without one.
		if !strings.HasSuffix(src, "\n") {
			src += "\n"
		}
		out, sum, err := Merge([]byte(src), "p.yaml", l, opts(true))
		if err != nil {
			return
		}
		var before, after struct {
			Prices []map[string]any `yaml:"prices"`
		}
		if yaml.Unmarshal([]byte(src), &before) != nil {
			return
		}
		if err := yaml.Unmarshal(out, &after); err != nil {
			t.Fatalf("merged file is not YAML: %v\n%s", err, out)
		}
		if len(after.Prices) != len(before.Prices)+len(sum.Added) {
			t.Fatalf("%d points before, %d added, %d after:\n%s", len(before.Prices), len(sum.Added), len(after.Prices), out)
		}
		i := 0
		for _, p := range after.Prices {
			if i < len(before.Prices) && sameExceptLastSeen(p, before.Prices[i]) {
				i++
			}
		}
		if i != len(before.Prices) {
			t.Fatalf("points of the file lost or changed:\n%s\n---\n%s", src, out)
		}
		again, sum2, err := Merge(out, "p.yaml", l, opts(true))
		if err != nil || string(again) != string(out) || len(sum2.Added) != 0 {
			t.Fatalf("second merge: %v, %d added:\n%s\n---\n%s", err, len(sum2.Added), out, again)
		}
	})
}

func sameExceptLastSeen(a, b map[string]any) bool {
	if len(a) != len(b) && len(a) != len(b)+1 {
		return false
	}
	for k, v := range b {
		if s, ok := a[k]; !ok || !strings.EqualFold(yamlText(s), yamlText(v)) {
			return false
		}
	}
	_, extra := a["last_seen"]
	return len(a) == len(b) || extra
}

func yamlText(v any) string {
	b, _ := yaml.Marshal(v)
	return string(b)
}
