package importer

import (
	"os"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
)

func readAzureFixtures(t *testing.T) *List {
	t.Helper()
	var l List
	for _, name := range []string{"eastus-d2als-v7.json", "eastus-d2s-v3.json"} {
		f, err := os.Open("testdata/azure-retail/" + name)
		if err != nil {
			t.Fatal(err)
		}
		err = ReadAzureRetail(f, name, &l)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	return &l
}

func TestReadAzureRetail(t *testing.T) {
	l := readAzureFixtures(t)
	type got struct {
		instance, model, payment string
		amount, upfront, hourly  float64
		effective                catalog.Date
	}
	want := []got{
		{"Standard_D2als_v7", "on_demand", "", 0.0804, 0, 0, "2025-11-01"},
		{"Standard_D2als_v7", "reserved_1y", "all_upfront", 0, 416, 0.047489, "2025-11-01"}, // 416 / 8760
		{"Standard_D2als_v7", "reserved_3y", "all_upfront", 0, 803, 0.030556, "2025-11-01"}, // 803 / 26280
		{"Standard_D2als_v7", "spot", "", 0.015598, 0, 0, "2026-08-01"},
		{"Standard_D2s_v3", "spot", "", 0.018816, 0, 0, "2026-06-01"},
		{"Standard_D2s_v3", "on_demand", "", 0.096, 0, 0, "2017-12-15"},
	}
	if len(l.Offers) != len(want) {
		t.Fatalf("%d offers, want %d: %+v", len(l.Offers), len(want), l.Offers)
	}
	for i, o := range l.Offers {
		g := got{o.Instance, o.Model, o.Payment, o.Amount, 0, 0, o.Effective}
		if o.Upfront != nil {
			g.upfront = *o.Upfront
		}
		if o.EffectiveHourly != nil {
			g.hourly = *o.EffectiveHourly
		}
		if g != want[i] || o.Region != "eastus" || o.Currency != "USD" {
			t.Errorf("offer %d: %+v, want %+v", i, o, want[i])
		}
	}
	if l.Offers[0].Pos.String() != "eastus-d2als-v7.json:1:94" {
		t.Errorf("first offer at %s, want eastus-d2als-v7.json:1:94 (its opening brace)", l.Offers[0].Pos)
	}
	if l.Skipped["Windows meter (the catalog prices Linux)"] != 8 || l.Skipped["low-priority meter"] != 1 {
		t.Errorf("skipped %v, want 8 Windows meters and 1 low-priority", l.Skipped)
	}
}

// TestMergeAzure merges both pages into a price file holding the D2als v7
// on-demand price and 1-year reservation as they are, and an older spot
// price: one change, dated 2026-08-01; the 3-year reservation is new.
func TestMergeAzure(t *testing.T) {
	l := readAzureFixtures(t)
	src := `provider: azure
prices:
- instance: standard_d2als_v7
  region: eastus
  model: on_demand
  amount: 0.0804
  currency: USD
  since: '2025-11-01'
  source: s
  source_kind: provider
- instance: standard_d2als_v7
  region: eastus
  model: spot
  amount: 0.0171
  currency: USD
  since: '2026-06-01'
  source: s
  source_kind: provider
- instance: standard_d2als_v7
  region: eastus
  model: reserved_1y
  payment: all_upfront
  upfront: 416
  effective_hourly: 0.047489
  currency: USD
  since: '2025-11-01'
  source: s
  source_kind: provider
`
	p := &catalog.Provider{ID: "azure", Regions: []*catalog.Region{{ID: "eastus"}},
		Instances: []*catalog.Instance{{ID: "standard_d2als_v7", Name: "Standard_D2als_v7", Regions: []string{"eastus"}}}}
	o := Options{Provider: p, AsOf: "2026-12-01", Source: "prices.azure.com", SourceKind: "provider", Models: Models("azure-retail")}
	out, sum, err := Merge([]byte(src), "data/prices/azure.yaml", l, o)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Unchanged != 2 || len(sum.Added) != 2 || sum.Skipped["instance type not in the catalog, without a GPU"] != 2 {
		t.Errorf("summary %+v, want 2 unchanged, 2 added, 2 skipped", sum)
	}
	spot := `  since: '2026-06-01'
  source: s
  source_kind: provider
- instance: standard_d2als_v7
  region: eastus
  model: spot
  amount: 0.015598
  currency: USD
  since: '2026-08-01'
  as_of: '2026-12-01'
  source: prices.azure.com
  source_kind: provider
- instance: standard_d2als_v7
  region: eastus
  model: reserved_1y
`
	if !strings.Contains(string(out), spot) {
		t.Errorf("the spot change is not after its point, dated 2026-08-01:\n%s", out)
	}
	reserved := `- instance: standard_d2als_v7
  region: eastus
  model: reserved_3y
  payment: all_upfront
  upfront: 803
  effective_hourly: 0.030556
  currency: USD
  since: '2025-11-01'
  as_of: '2026-12-01'
  source: prices.azure.com
  source_kind: provider
  note: Azure states the term's price, 803 USD; effective_hourly spreads it over 26280 hours.
  i18n: {zh-CN: {note: "Azure 给出该期限的总价803美元；折合每小时价格按26280小时分摊。"}}
`
	if !strings.HasSuffix(string(out), reserved) {
		t.Errorf("the 3-year reservation is not added at the end:\n%s", out)
	}
	if sum.Added[0].Was != "0.0171" || sum.Added[1].Was != "" || sum.Added[1].Now != "803 upfront" {
		t.Errorf("added %+v", sum.Added)
	}
}

func TestReadAzureRetailErrors(t *testing.T) {
	b, err := os.ReadFile("testdata/azure-retail/eastus-d2als-v7.json")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	tests := []struct{ in, want string }{
		{"", "p.json:1:1: the JSON ends early: want a whole Azure Retail Prices API page"},
		{"[]", `p.json:1:1: not a JSON object: want an Azure Retail Prices API page ({"Items": […], …})`},
		{`{"Count":0}`, `p.json:1:1: no Items: want an Azure Retail Prices API page ({"Items": […], …})`},
		{page[:200], "p.json:1:201: the JSON ends early: want a whole Azure Retail Prices API page"},
		{strings.Replace(page, `"retailPrice":0.0804`, `"retailPrice":-0.0804`, 1), "p.json:1:94: retailPrice -0.0804 is negative: want a price, 0 or more"},
		{strings.Replace(page, `"retailPrice":0.0804`, `"retailPrice":"0.0804"`, 1), "p.json:1:94: retailPrice is a JSON string: want a number"},
		{strings.Replace(page, `"effectiveStartDate":"2025-11-01T00:00:00Z"`, `"effectiveStartDate":"soon"`, 1), `p.json:1:94: effectiveStartDate "soon": not a date: want YYYY-MM-DD`},
		{strings.Replace(page, `"eastus","location"`, `"eastus" "location"`, 1), "p.json:1:94: invalid character '\"' after object key:value pair: want an Azure Retail Prices API page in JSON"},
		{`{"Items" 1}`, "p.json:1:10: invalid character '1' after object key: want an Azure Retail Prices API page in JSON"},
	}
	for _, tt := range tests {
		var l List
		err := ReadAzureRetail(strings.NewReader(tt.in), "p.json", &l)
		if err == nil || err.Error() != tt.want {
			t.Errorf("got  %v\nwant %s", err, tt.want)
		}
	}
}

func FuzzReadAzureRetail(f *testing.F) {
	if b, err := os.ReadFile("testdata/azure-retail/eastus-d2als-v7.json"); err == nil {
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, in string) {
		var l List
		if err := ReadAzureRetail(strings.NewReader(in), "p.json", &l); err != nil {
			if !strings.HasPrefix(err.Error(), "p.json:") {
				t.Errorf("error without position: %v", err)
			}
			return
		}
		for _, o := range l.Offers {
			if (o.Amount <= 0 && o.Upfront == nil) || !o.Effective.Known() {
				t.Errorf("offer %+v", o)
			}
		}
	})
}

// reservation-gpu.json holds GPU sizes' reservations from a captured page:
// the term's price as upfront, its hourly over the term, its date.
func TestReadAzureRetailGPUReservations(t *testing.T) {
	f, err := os.Open("testdata/azure-retail/reservation-gpu.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var l List
	if err := ReadAzureRetail(f, "reservation-gpu.json", &l); err != nil {
		t.Fatal(err)
	}
	type got struct {
		instance, region, model string
		upfront, hourly         float64
		effective               catalog.Date
		noGPU                   bool
	}
	want := []got{
		{"Standard_D4as_v7", "brazilsouth", "reserved_1y", 1505, 0.171804, "2025-11-01", true},
		{"Standard_NC48ads_A100_v4", "eastus2", "reserved_1y", 42066, 4.802055, "2022-06-01", false}, // 42066 / 8760
		{"Standard_NC48ads_A100_v4", "eastus2", "reserved_3y", 71642, 2.726104, "2022-06-01", false}, // 71642 / 26280
		{"Standard_ND96isr_H200_v5", "usgovvirginia", "reserved_1y", 509408, 58.151598, "2026-08-01", false},
		{"Standard_ND96isr_H200_v5", "usgovvirginia", "reserved_3y", 1386990, 52.777397, "2026-08-01", false},
	}
	if len(l.Offers) != len(want) || l.Skipped["not a virtual machine meter"] != 1 {
		t.Fatalf("%d offers, skipped %v: want %d and the MySQL meter skipped", len(l.Offers), l.Skipped, len(want))
	}
	for i, o := range l.Offers {
		g := got{o.Instance, o.Region, o.Model, *o.Upfront, *o.EffectiveHourly, o.Effective, o.Spec.NoGPU}
		if g != want[i] || o.Payment != "all_upfront" || o.Amount != 0 {
			t.Errorf("offer %d: %+v, want %+v", i, g, want[i])
		}
	}

	// -add-instances: the table gives the GPU and count of a size, with
	// the count's source; a size the table lacks is named with its place.
	names, err := ReadGPUNames([]byte("azure-retail:\n  instances:\n    Standard_NC48ads_A100_v4: {gpu: a100-pcie-80gb, gpu_count: 2, source: 'github.com/MicrosoftDocs/azure-docs articles/virtual-machines/sizes/gpu-accelerated/'}\n"), "data/gpu-names.yaml", func(string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	prov := &catalog.Provider{ID: "azure", Regions: []*catalog.Region{{ID: "eastus2"}, {ID: "usgovvirginia"}}}
	o := Options{Provider: prov, AsOf: "2026-12-01", Source: "prices.azure.com"}
	_, _, err = AddInstances([]byte("id: azure\ninstances: []\n"), "data/providers/azure.yaml", &l, prov, names, o, map[string]string{})
	if want := `data/gpu-names.yaml: no catalog GPU for 1 name(s) of the azure-retail price list: "Standard_ND96isr_H200_v5" (Standard_ND96isr_H200_v5, reservation-gpu.json:1:2592)`; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v\nwant %s…", err, want)
	}
	prov.Regions = prov.Regions[:1]
	out, added, err := AddInstances([]byte("id: azure\ninstances: []\n"), "data/providers/azure.yaml", &l, prov, names, o, map[string]string{})
	if err != nil || len(added) != 1 || added[0].GPUCount != 2 || !strings.Contains(string(out), "- id: standard_nc48ads_a100_v4\n  name: Standard_NC48ads_A100_v4\n  gpu: a100-pcie-80gb\n  gpu_count: 2\n  regions:\n  - eastus2\n") {
		t.Errorf("added %v, %v:\n%s", added, err, out)
	}
}
