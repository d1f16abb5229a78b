package importer

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestMergeSplitsLinesAsYAMLDoes: the YAML parser counts U+2028, U+2029
// and U+0085 as line breaks, so the lines Merge edits must too: a note
// holding one must not move -retire's last_seen into another point.
func TestMergeSplitsLinesAsYAMLDoes(t *testing.T) {
	for _, tc := range []struct{ br, layout string }{
		{"\u2028", "block"}, {"\u2029", "block"}, {"\u0085", "block"},
		{"\u2028", "flow"}, {"\u2029", "flow"}, {"\u0085", "flow"},
	} {
		t.Run(fmt.Sprintf("%U %s", []rune(tc.br)[0], tc.layout), func(t *testing.T) { mergeKeepsBreak(t, tc.br, tc.layout) })
	}
}

func mergeKeepsBreak(t *testing.T, br, layout string) {
	{
		src := "provider: lambda\nprices:\n" +
			"- instance: gpu_1x_h100_pcie\n  region: all\n  model: on_demand\n  amount: 2.49\n  currency: USD\n  since: unknown\n  as_of: '2025-09-17'\n  source: s\n  source_kind: aggregator\n  note: \"one" + br + "two\"\n" +
			"- instance: gpu_8x_v100\n  region: all\n  model: on_demand\n  amount: 4.4\n  currency: USD\n  since: unknown\n  as_of: '2025-09-18'\n  source: s" + br + "  source_kind: aggregator\n" +
			"- instance: gpu_1x_a10\n  region: us-east-1\n  model: on_demand\n  amount: 0.75\n  currency: USD\n  since: unknown\n  as_of: '2025-09-17'\n  source: s\n  source_kind: aggregator\n  note: kept\n"
		if layout == "flow" {
			src = "provider: lambda\nprices:\n" +
				"- {instance: gpu_1x_h100_pcie, region: all, model: on_demand, amount: 2.49, currency: USD, since: unknown, as_of: '2025-09-17', source: s, source_kind: aggregator, note: \"one" + br + "two\"}\n" +
				"- {instance: gpu_8x_v100, region: all, model: on_demand, amount: 4.4, currency: USD, since: unknown, as_of: '2025-09-18', source: s, source_kind: aggregator}\n" +
				"- {instance: gpu_1x_a10, region: us-east-1, model: on_demand, amount: 0.75, currency: USD, since: unknown, as_of: '2025-09-17', source: s" + br + ", source_kind: aggregator, note: kept}\n"
		}
		out, sum := merge(t, src, opts(true), offer("gpu_1x_h100_pcie", "us-east-1", 2.49), offer("gpu_1x_a10", "us-east-1", 0.75))
		if len(sum.Missing) != 1 || sum.Missing[0].LastSeen != "2025-09-18" {
			t.Fatalf("%q %s: missing %+v, want gpu_8x_v100 marked last_seen 2025-09-18", br, layout, sum.Missing)
		}
		// The points read back as before, the retired one with last_seen.
		var before, after struct {
			Prices []map[string]string
		}
		if err := yaml.Unmarshal([]byte(src), &before); err != nil {
			t.Fatal(err)
		}
		if err := yaml.Unmarshal([]byte(out), &after); err != nil {
			t.Fatalf("%q %s: %v\n%s", br, layout, err, out)
		}
		before.Prices[1]["last_seen"] = "2025-09-18"
		if !reflect.DeepEqual(after.Prices, before.Prices) {
			t.Errorf("%q %s: merged points\n%q\nwant\n%q\n%s", br, layout, after.Prices, before.Prices, out)
		}
		// Every byte Merge did not mean to change is kept, breaks included.
		if strings.Count(out, br) != 2 {
			t.Errorf("%q %s: the merged file has %d of the 2 breaks of the source:\n%s", br, layout, strings.Count(out, br), out)
		}
	}
}

// TestAppendItemsSplitsLinesAsYAMLDoes: instance types added to a provider
// file go at the end of its list, however many line breaks only the YAML
// parser sees come before.
func TestAppendItemsSplitsLinesAsYAMLDoes(t *testing.T) {
	src := "id: x\nname: \"a\u2028b\"  # \u2029\ninstances:\n  - {id: a}\nregions: [r]\n"
	out, err := appendItems([]byte(src), "data/providers/x.yaml", "instances", [][]string{{"- {id: b}"}})
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Name      string
		Instances []map[string]string
		Regions   []string
	}
	if err := yaml.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got.Name != "a\u2028b" || len(got.Instances) != 2 || got.Instances[1]["id"] != "b" || len(got.Regions) != 1 {
		t.Errorf("got %+v:\n%s", got, out)
	}
}
