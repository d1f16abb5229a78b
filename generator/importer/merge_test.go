package importer

import (
	"os"
	"slices"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
)

// lambda is a provider whose instance types are priced once for all
// regions, and one (gpu_1x_a10) per region.
func lambda() *catalog.Provider {
	return &catalog.Provider{
		ID:      "lambda",
		Regions: []*catalog.Region{{ID: "us-east-1"}, {ID: "us-west-1"}},
		Instances: []*catalog.Instance{
			{ID: "gpu_1x_h100_pcie", Name: "gpu_1x_h100_pcie", Regions: []string{"all"}},
			{ID: "gpu_8x_v100", Name: "gpu_8x_v100", Regions: []string{"all"}},
			{ID: "gpu_1x_a10", Name: "gpu_1x_a10", Regions: []string{"us-east-1", "us-west-1"}},
		},
	}
}

func opts(retire bool) Options {
	return Options{Provider: lambda(), AsOf: "2026-12-01", Source: "vms.csv", SourceKind: "aggregator", Models: Models("skypilot"), Retire: retire}
}

const base = `provider: lambda
# Lambda prices are the same in every region.
prices:
- instance: gpu_1x_h100_pcie
  region: all
  model: on_demand
  amount: 1.99
  currency: USD
  since: '2023-06-15'
  source: skypilot-catalog pull 34   # the price cut
  source_kind: aggregator
- instance: gpu_1x_h100_pcie
  region: all
  model: on_demand
  amount: 2.49
  currency: USD
  since: unknown
  source: vms.csv
  source_kind: aggregator

# V100 machines.
- {instance: gpu_8x_v100, region: all, model: on_demand, amount: 4.4, currency: USD, since: unknown, source: s, source_kind: aggregator}
`

func offer(instance, region string, amount float64) Offer {
	return Offer{Instance: instance, Region: region, Model: "on_demand", Amount: amount, Currency: "USD", Pos: Pos{File: "vms.csv", Line: 2, Col: 6}}
}

func merge(t *testing.T, src string, o Options, offers ...Offer) (string, *Summary) {
	t.Helper()
	out, sum, err := Merge([]byte(src), "data/prices/lambda.yaml", &List{Offers: offers}, o)
	if err != nil {
		t.Fatal(err)
	}
	return string(out), sum
}

func TestMergeUnchangedSetsOnlyChecked(t *testing.T) {
	out, sum := merge(t, base, opts(false),
		offer("gpu_1x_h100_pcie", "us-east-1", 2.49), offer("gpu_1x_h100_pcie", "europe-central-1", 2.49),
		offer("gpu_8x_v100", "us-east-1", 4.4))
	want := strings.Replace(base, "provider: lambda\n", "provider: lambda\nchecked: '2026-12-01'\n", 1)
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if sum.Unchanged != 2 || len(sum.Added) != 0 || len(sum.Missing) != 0 || sum.Checked != "2026-12-01" {
		t.Errorf("summary %+v, want 2 unchanged, checked 2026-12-01", sum)
	}
	// A checked date already there is replaced in place.
	again, _ := merge(t, strings.Replace(want, "2026-12-01", "2026-11-02", 1), opts(false), offer("gpu_8x_v100", "us-east-1", 4.4))
	if again != want {
		t.Errorf("checked not replaced in place:\n%s", again)
	}
}

func TestMergeChangedAppendsFirstSeenPoint(t *testing.T) {
	out, sum := merge(t, base, opts(false), offer("gpu_1x_h100_pcie", "us-east-1", 2.79), offer("gpu_8x_v100", "us-east-1", 4.4))
	point := `- instance: gpu_1x_h100_pcie
  region: all
  model: on_demand
  amount: 2.79
  currency: USD
  since: unknown
  first_seen: '2026-12-01'
  as_of: '2026-12-01'
  source: vms.csv
  source_kind: aggregator
`
	want := strings.Replace(base, "provider: lambda\n", "provider: lambda\nchecked: '2026-12-01'\n", 1)
	want = strings.Replace(want, "  source_kind: aggregator\n\n# V100", "  source_kind: aggregator\n"+point+"\n# V100", 1)
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if len(sum.Added) != 1 || *sum.Added[0].Old != 2.49 || sum.Added[0].New != 2.79 || sum.Added[0].Since != "unknown" || sum.Added[0].FirstSeen != "2026-12-01" {
		t.Errorf("added %+v, want 2.49 → 2.79, since unknown, first seen 2026-12-01", sum.Added)
	}
	// The same price list again changes nothing more.
	twice, sum2 := merge(t, out, opts(false), offer("gpu_1x_h100_pcie", "us-east-1", 2.79), offer("gpu_8x_v100", "us-east-1", 4.4))
	if twice != out || len(sum2.Added) != 0 || sum2.Unchanged != 2 {
		t.Errorf("second merge changed the file or added %d points:\n%s", len(sum2.Added), twice)
	}
}

func TestMergeEffectiveDate(t *testing.T) {
	o := offer("gpu_8x_v100", "us-east-1", 4.1)
	o.Effective = "2026-11-01"
	out, sum := merge(t, base, opts(false), o)
	want := ", source_kind: aggregator}\n- instance: gpu_8x_v100\n  region: all\n  model: on_demand\n  amount: 4.1\n  currency: USD\n  since: '2026-11-01'\n  as_of: '2026-12-01'\n  source: vms.csv\n  source_kind: aggregator\n"
	if !strings.HasSuffix(out, want) {
		t.Errorf("got\n%s\nwant it to end with\n%s", out, want)
	}
	if sum.Added[0].Since != "2026-11-01" || sum.Added[0].FirstSeen != "" {
		t.Errorf("added %+v, want since 2026-11-01 and no first_seen", sum.Added[0])
	}
	// An effective date before the latest dated point would rewrite
	// history: skipped.
	o = offer("gpu_1x_h100_pcie", "us-east-1", 2.29)
	o.Effective = "2023-01-01"
	out, sum = merge(t, base, opts(false), o)
	if len(sum.Added) != 0 || sum.Skipped["effective date before the since of the catalog's latest point (history is not rewritten)"] != 1 {
		t.Errorf("summary %+v, want the point skipped", sum)
	}
	if out != base {
		t.Errorf("file changed:\n%s", out)
	}
}

func TestMergeMissing(t *testing.T) {
	src := strings.Replace(base, "provider: lambda\n", "provider: lambda\nchecked: '2026-11-25'\n", 1)
	src = strings.Replace(src, "since: unknown, source: s,", "since: unknown, as_of: '2026-11-02', source: s,", 1)
	out, sum := merge(t, src, opts(false), offer("gpu_1x_h100_pcie", "us-east-1", 2.49))
	if len(sum.Missing) != 1 || sum.Missing[0].Instance != "gpu_8x_v100" || sum.Missing[0].Line != 23 || sum.Missing[0].LastSeen != "" {
		t.Fatalf("missing %+v, want gpu_8x_v100 at line 23, not retired", sum.Missing)
	}
	if want := strings.Replace(src, "2026-11-25", "2026-12-01", 1); out != want {
		t.Errorf("without -retire the file changes only its checked date; got\n%s", out)
	}
	out, sum = merge(t, src, opts(true), offer("gpu_1x_h100_pcie", "us-east-1", 2.49))
	if sum.Missing[0].LastSeen != "2026-11-02" {
		t.Errorf("retired with last_seen %q, want the day its point was read, 2026-11-02, not the previous check", sum.Missing[0].LastSeen)
	}
	if want := "source_kind: aggregator, last_seen: '2026-11-02'}\n"; !strings.HasSuffix(out, want) {
		t.Errorf("got\n%s\nwant it to end with %s", out, want)
	}
	// A point without a day says no day it was last seen.
	_, sum = merge(t, base, opts(true), offer("gpu_1x_h100_pcie", "us-east-1", 2.49))
	if sum.Missing[0].LastSeen != "" || sum.Missing[0].NotRetired == "" {
		t.Errorf("missing %+v, want it not retired, with the reason", sum.Missing[0])
	}
}

func TestMergeRegions(t *testing.T) {
	// Prices that differ between regions do not fit one price for all.
	out, sum := merge(t, base, opts(false), offer("gpu_8x_v100", "us-east-1", 4.4), offer("gpu_8x_v100", "us-west-1", 4.6))
	if n := sum.Skipped["prices differ between regions, and the catalog keeps one price for all regions"]; n != 2 || out != base {
		t.Errorf("skipped %v, want 2 offers skipped and the file unchanged", sum.Skipped)
	}
	// A new offer in a region of the instance type starts a series at the
	// end; one in a region the catalog lacks is skipped.
	out, sum = merge(t, base, opts(false), offer("gpu_1x_a10", "us-west-1", 0.75), offer("gpu_1x_a10", "asia-south-1", 0.75), offer("gpu_1x_a100", "us-west-1", 1.29))
	if len(sum.Added) != 1 || sum.Added[0].Region != "us-west-1" || sum.Added[0].Old != nil {
		t.Errorf("added %+v, want one new offer in us-west-1", sum.Added)
	}
	if sum.Skipped["region not among the instance type's regions in the catalog"] != 1 || sum.Skipped["instance type not in the catalog (-add-instances adds it)"] != 1 || !slices.Equal(sum.NewTypes, []string{"gpu_1x_a100"}) {
		t.Errorf("skipped %v", sum.Skipped)
	}
	if !strings.Contains(out, "aggregator}\n- instance: gpu_1x_a10\n  region: us-west-1\n") {
		t.Errorf("new series not at the end:\n%s", out)
	}
}

func TestMergeWrongCurrency(t *testing.T) {
	o := offer("gpu_8x_v100", "us-east-1", 30)
	o.Currency = "CNY"
	_, _, err := Merge([]byte(base), "data/prices/lambda.yaml", &List{Offers: []Offer{o}}, opts(false))
	want := `vms.csv:2:6: price in CNY, but data/prices/lambda.yaml:22 quotes "gpu_8x_v100/all/on_demand" in USD: want a price list in USD`
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

func TestMergeEmptyFile(t *testing.T) {
	out, _ := merge(t, "provider: lambda\nprices: []\n", opts(false), offer("gpu_8x_v100", "us-east-1", 4.4))
	want := "provider: lambda\nchecked: '2026-12-01'\nprices:\n- instance: gpu_8x_v100\n  region: all\n  model: on_demand\n  amount: 4.4\n  currency: USD\n  since: unknown\n  first_seen: '2026-12-01'\n  as_of: '2026-12-01'\n  source: vms.csv\n  source_kind: aggregator\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// TestMergeKeepsSchemaLine checks that a new file's schema line, the
// first line of every catalog file, stays first, byte for byte.
func TestMergeKeepsSchemaLine(t *testing.T) {
	const line = "# yaml-language-server: $schema=../../schemas/prices.schema.json\n"
	out, _ := merge(t, line+"provider: lambda\nprices: []\n", opts(false), offer("gpu_8x_v100", "us-east-1", 4.4))
	if !strings.HasPrefix(out, line+"provider: lambda\nchecked: '2026-12-01'\nprices:\n- instance: gpu_8x_v100\n") {
		t.Errorf("got\n%s", out)
	}
}

// TestMergeShippedLambda merges the SkyPilot fixture into a copy of the
// Lambda prices as the catalog shipped them when the fixture was taken
// (testdata/skypilot/lambda-prices.yaml): every price in it is the file's
// latest, so only the checked date is new.
func TestMergeShippedLambda(t *testing.T) {
	src, err := os.ReadFile("testdata/skypilot/lambda-prices.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("testdata/skypilot/lambda-vms.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var l List
	if err := ReadSkyPilot(f, "lambda-vms.csv", &l); err != nil {
		t.Fatal(err)
	}
	p := &catalog.Provider{ID: "lambda"}
	for _, id := range []string{"gpu_1x_h100_pcie", "gpu_1x_h100_sxm5", "gpu_2x_h100_sxm5", "gpu_8x_v100"} {
		p.Instances = append(p.Instances, &catalog.Instance{ID: id, Name: id, Regions: []string{"all"}})
	}
	o := opts(false)
	o.Provider = p
	out, sum, err := Merge(src, "data/prices/lambda.yaml", &l, o)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(string(src), "provider: lambda\n", "provider: lambda\nchecked: '2026-12-01'\n", 1); string(out) != want {
		t.Errorf("got\n%s", out)
	}
	if sum.Unchanged != 4 || len(sum.Added) != 0 {
		t.Errorf("summary %+v, want 4 unchanged", sum)
	}
}

// TestMergeMissingOnlyWhatTheListCovers checks that a partial list (one
// region's file, on-demand prices only) reports missing only the offers it
// could have listed.
func TestMergeMissingOnlyWhatTheListCovers(t *testing.T) {
	src := `provider: lambda
prices:
- {instance: gpu_1x_a10, region: us-east-1, model: on_demand, amount: 0.75, currency: USD, since: unknown, source: s, source_kind: aggregator}
- {instance: gpu_1x_a10, region: us-west-1, model: on_demand, amount: 0.75, currency: USD, since: unknown, source: s, source_kind: aggregator}
- {instance: gpu_1x_a10, region: us-east-1, model: spot, amount: 0.25, currency: USD, since: unknown, source: s, source_kind: aggregator}
- {instance: gpu_8x_v100, region: all, model: on_demand, amount: 4.4, currency: USD, since: unknown, source: s, source_kind: aggregator}
`
	_, sum := merge(t, src, opts(false), offer("gpu_1x_h100_pcie", "us-east-1", 2.49))
	var got []string
	for _, m := range sum.Missing {
		got = append(got, seriesName(m.SeriesKey))
	}
	want := `"gpu_1x_a10/us-east-1/on_demand" "gpu_8x_v100/all/on_demand"`
	if strings.Join(got, " ") != want {
		t.Errorf("missing %s, want %s (not us-west-1, not spot)", strings.Join(got, " "), want)
	}
}

func TestMergeRefusesLayoutsItCannotEdit(t *testing.T) {
	tests := []struct{ src, want string }{
		{"provider: lambda\nprices:\n-\n  instance: gpu_8x_v100\n", `p.yaml:4:3: a price point that does not start on its "- " line: write it as "- instance: …" to import into the file`},
		{"provider: lambda\nprices: [{instance: gpu_8x_v100}]\n", `p.yaml:2:9: prices is a flow list [...]: write it as a block list (one "- " item a record) to import into it`},
		{"provider: lambda\r\nprices: []\r\n", "p.yaml: has carriage returns: want a file with plain newline line ends"},
		{"{provider: lambda, prices: []}\n", "p.yaml:1:1: not a price file: want a block mapping with provider and prices"},
	}
	for _, tt := range tests {
		_, _, err := Merge([]byte(tt.src), "p.yaml", &List{Offers: []Offer{offer("gpu_8x_v100", "us-east-1", 4.4)}}, opts(false))
		if err == nil || err.Error() != tt.want {
			t.Errorf("Merge(%q):\n got %v\nwant %s", tt.src, err, tt.want)
		}
	}
}
