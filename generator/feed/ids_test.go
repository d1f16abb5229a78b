package feed

import (
	"slices"
	"strings"
	"testing"
)

// TestItemIDsOfOneMonth: two changes of one offer dated by the same month
// get two ids, the first the plain one; a point added to another offer
// changes neither.
func TestItemIDsOfOneMonth(t *testing.T) {
	twice := strings.Replace(history, "  - {instance: p4d.24xlarge, region: us-east-1, model: spot, amount: 6.1, currency: USD, since: 2025-07-15, source: s, source_kind: provider}\n",
		"  - {instance: p4d.24xlarge, region: us-east-1, model: spot, amount: 6.1, currency: USD, since: 2025-07, source: s, source_kind: provider}\n"+
			"  - {instance: p4d.24xlarge, region: us-east-1, model: spot, amount: 6.5, currency: USD, since: 2025-07, source: s, source_kind: provider}\n", 1)
	it := Item{TagAuthority: "gpus.example.com"}
	ids := func(archive string) []string {
		var out []string
		for _, c := range Changes(loadHistory(t, archive)) {
			if c.Series.Provider == "aws" && c.Series.Model == "spot" {
				out = append(out, it.ID(c))
			}
		}
		slices.Sort(out)
		return out
	}
	const spot = "tag:gpus.example.com,2026:price/aws/p4d.24xlarge/us-east-1/spot/2025-07"
	if got, want := ids(twice), []string{spot, spot + "/2"}; !slices.Equal(got, want) {
		t.Errorf("ids %q, want %q", got, want)
	}
	other := strings.Replace(twice, "-- data/prices/ali.yaml --\nprovider: ali\nprices:\n",
		"-- data/prices/ali.yaml --\nprovider: ali\nprices:\n  - {instance: gn7, region: cn-beijing, model: spot, amount: 1, currency: USD, since: 2025-07, source: s, source_kind: provider}\n  - {instance: gn7, region: cn-beijing, model: spot, amount: 2, currency: USD, since: 2025-07, source: s, source_kind: provider}\n", 1)
	if got := ids(other); !slices.Equal(got, ids(twice)) {
		t.Errorf("ids of the aws spot changes became %q once another offer changed in the same month", got)
	}
}
