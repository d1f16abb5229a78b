package importer

import (
	"os"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"gpucompare/generator/catalog"
)

func knownGPU(id string) bool {
	return id == "a100-sxm4-40gb" || id == "h100-sxm5-80gb" || id == "v100-sxm2-16gb"
}

func TestReadGPUNamesErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"skypilot: [V100]\n", "t.yaml:1:11: skypilot is not a mapping: want gpus: and instances:"},
		{"gcp:\n  gpus: {}\n", `t.yaml:1:1: unknown format "gcp": want one of ` + strings.Join(Formats, ", ")},
		{"skypilot:\n  names: {}\n", `t.yaml:2:3: unknown key "names": want gpus (by GPU name) or instances (by instance type)`},
		{"skypilot:\n  gpus: {V100: v100}\n", `t.yaml:2:16: GPU id "v100" is not in data/gpus: want the id of a GPU record`},
		{"skypilot:\n  gpus: {V100: v100-sxm2-16gb, V100: a100-sxm4-40gb}\n", `t.yaml:2:32: "V100" given twice: want one entry a name`},
		{"azure-retail:\n  instances:\n    Standard_ND96asr_v4: {gpu: a100-sxm4-40gb, gpu_count: 8}\n", "t.yaml:3:26: gpu_count without a source: want the source that states the count"},
		{"azure-retail:\n  instances:\n    Standard_ND96asr_v4: {gpu: a100-sxm4-40gb, gpu_count: eight, source: s}\n", `t.yaml:3:59: gpu_count "eight": want a whole number above 0`},
		{"azure-retail:\n  instances:\n    Standard_ND96asr_v4: {gpu_count: 8, source: s}\n", "t.yaml:3:26: no gpu: want the catalog GPU id"},
	} {
		_, err := ReadGPUNames([]byte(tc.src), "t.yaml", knownGPU)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q:\n got %v\nwant %s", tc.src, err, tc.want)
		}
	}
}

const azureProvider = `id: azure
name: Azure
instances:
- id: standard_nc24ads_a100_v4   # kept as it is
  name: Standard_NC24ads_A100_v4
  gpu: a100-pcie-80gb
  gpu_count: 1
  regions: [eastus]
  source: s
# Sizes not priced yet go below.
`

// An Azure page states no GPU count: the table gives it with its source,
// and the new record cites both. A size outside the N series has no GPU
// and is not added.
func TestAddInstancesAzureCountFromTable(t *testing.T) {
	names, err := ReadGPUNames([]byte("azure-retail:\n  instances:\n    Standard_ND96asr_v4: {gpu: a100-sxm4-40gb, gpu_count: 8, source: 'azure-docs nda100-v4-series.md'}\n"), "data/gpu-names.yaml", knownGPU)
	if err != nil {
		t.Fatal(err)
	}
	prov := &catalog.Provider{ID: "azure", Regions: []*catalog.Region{{ID: "eastus"}, {ID: "westus2"}},
		Instances: []*catalog.Instance{{ID: "standard_nc24ads_a100_v4", Name: "Standard_NC24ads_A100_v4", Regions: []string{"eastus"}}}}
	o := Options{Provider: prov, AsOf: "2026-12-01", Source: "prices.azure.com"}
	l := &List{Format: "azure-retail", Offers: []Offer{
		{Instance: "Standard_ND96asr_v4", Region: "westus2", Model: "on_demand", Amount: 27.197, Currency: "USD", Pos: Pos{File: "p.json", Line: 3, Col: 5}},
		{Instance: "Standard_ND96asr_v4", Region: "eastus", Model: "on_demand", Amount: 27.197, Currency: "USD", Pos: Pos{File: "p.json", Line: 9, Col: 5}},
		{Instance: "Standard_ND96asr_v4", Region: "uksouth", Model: "spot", Amount: 5.4, Currency: "USD", Pos: Pos{File: "p.json", Line: 15, Col: 5}},
		{Instance: "Standard_D2s_v3", Region: "eastus", Model: "on_demand", Amount: 0.096, Currency: "USD", Spec: Spec{NoGPU: true}},
	}}
	out, added, err := AddInstances([]byte(azureProvider), "data/providers/azure.yaml", l, prov, names, o, map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	want := azureProvider[:strings.Index(azureProvider, "# Sizes")] + `- id: standard_nd96asr_v4
  name: Standard_ND96asr_v4
  gpu: a100-sxm4-40gb
  gpu_count: 8
  regions:
  - eastus
  - westus2
  notes: Added from a price list; GPU mapped by data/gpu-names.yaml (the instance type).
  source: 'prices.azure.com ; GPU count: azure-docs nda100-v4-series.md'
  as_of: '2026-12-01'
# Sizes not priced yet go below.
`
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if len(added) != 1 || len(prov.Instances) != 2 || prov.Instances[1].ID != "standard_nd96asr_v4" {
		t.Errorf("added %v, provider's instances %v: want the new size appended", added, prov.Instances)
	}
	// The record loads as an instance with what was written.
	var f struct{ Instances []catalog.Instance }
	if err := yaml.Unmarshal(out, &f); err != nil || len(f.Instances) != 2 || f.Instances[1].GPUCount != 8 {
		t.Errorf("reads back as %+v, %v", f.Instances, err)
	}
}

// The count a price list states wins over nothing, and one that disagrees
// with the table's is an error; an unknown family is listed with its row.
func TestAddInstancesAWS(t *testing.T) {
	names, err := ReadGPUNames([]byte("aws-pricelist:\n  gpus:\n    p4d: a100-sxm4-40gb\n  instances:\n    p3.2xlarge: {gpu: v100-sxm2-16gb, gpu_count: 2, source: s}\n"), "data/gpu-names.yaml", knownGPU)
	if err != nil {
		t.Fatal(err)
	}
	vcpus, ram := 96.0, 1152.0
	prov := func() *catalog.Provider {
		return &catalog.Provider{ID: "aws", Regions: []*catalog.Region{{ID: "us-east-1"}}}
	}
	src := "id: aws\ninstances: []\n"
	p4d := Offer{Instance: "p4d.24xlarge", Region: "us-east-1", Model: "on_demand", Amount: 21.96, Currency: "USD", Pos: Pos{File: "ec2.csv", Line: 8, Col: 10},
		Spec: Spec{GPUName: "p4d", GPUCount: 8, VCPUs: &vcpus, RAMGiB: &ram}}
	o := Options{Provider: prov(), AsOf: "2026-12-01", Source: "AmazonEC2 offer file"}
	out, _, err := AddInstances([]byte(src), "data/providers/aws.yaml", &List{Format: "aws-pricelist", Offers: []Offer{p4d}}, o.Provider, names, o, map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "id: aws\ninstances:\n- id: p4d.24xlarge\n  name: p4d.24xlarge\n  gpu: a100-sxm4-40gb\n  gpu_count: 8\n  vcpus: 96\n  ram_gib: 1152\n  regions:\n  - us-east-1\n"; !strings.HasPrefix(string(out), want) {
		t.Errorf("got\n%s\nwant it to start\n%s", out, want)
	}

	p3 := Offer{Instance: "p3.2xlarge", Region: "us-east-1", Model: "on_demand", Amount: 3.06, Currency: "USD", Pos: Pos{File: "ec2.csv", Line: 9, Col: 10}, Spec: Spec{GPUName: "p3", GPUCount: 1}}
	o.Provider = prov()
	_, _, err = AddInstances([]byte(src), "data/providers/aws.yaml", &List{Format: "aws-pricelist", Offers: []Offer{p3}}, o.Provider, names, o, map[string]string{})
	if want := "ec2.csv:9:10: p3.2xlarge has 1 GPUs here, but data/gpu-names.yaml:5 gives 2: correct the table"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}

	g5 := Offer{Instance: "g5.xlarge", Region: "us-east-1", Model: "on_demand", Amount: 1.006, Currency: "USD", Pos: Pos{File: "ec2.csv", Line: 11, Col: 10}, Spec: Spec{GPUName: "g5", GPUCount: 1}}
	g6 := Offer{Instance: "g6.xlarge", Region: "us-east-1", Model: "on_demand", Amount: 0.805, Currency: "USD", Pos: Pos{File: "ec2.csv", Line: 12, Col: 10}, Spec: Spec{GPUName: "g6", GPUCount: 1}}
	o.Provider = prov()
	_, _, err = AddInstances([]byte(src), "data/providers/aws.yaml", &List{Format: "aws-pricelist", Offers: []Offer{p4d, g6, g5}}, o.Provider, names, o, map[string]string{})
	if want := `data/gpu-names.yaml: no catalog GPU for 2 name(s) of the aws-pricelist price list: "g5" (g5.xlarge, ec2.csv:11:10), "g6" (g6.xlarge, ec2.csv:12:10): map each in aws-pricelist.gpus (GPU names) or aws-pricelist.instances (instance types) to a GPU id of data/gpus`; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	if len(o.Provider.Instances) != 0 {
		t.Errorf("instances added on error: %v", o.Provider.Instances)
	}

	// A type priced in no region of the catalog is left out, with why.
	o.Provider = prov()
	elsewhere := p4d
	elsewhere.Region = "eu-west-1"
	notAdded := map[string]string{}
	out, added, err := AddInstances([]byte(src), "data/providers/aws.yaml", &List{Format: "aws-pricelist", Offers: []Offer{elsewhere}}, o.Provider, names, o, notAdded)
	if err != nil || len(added) != 0 || string(out) != src || notAdded["p4d.24xlarge"] == "" {
		t.Errorf("added %v, %v, not added %v: want nothing added and the reason", added, err, notAdded)
	}
}

// The shipped table reads, and names only GPUs of the shipped catalog.
func TestShippedGPUNames(t *testing.T) {
	src, err := os.ReadFile("../../" + GPUNamesFile)
	if err != nil {
		t.Fatal(err)
	}
	known := func(id string) bool {
		_, err := os.Stat("../../data/gpus/" + id + ".yaml")
		return err == nil
	}
	names, err := ReadGPUNames(src, GPUNamesFile, known)
	if err != nil {
		t.Fatal(err)
	}
	if e, ok := names.lookup("aws-pricelist", "p4d.24xlarge", "p4d"); !ok || e.GPU != "a100-sxm4-40gb" {
		t.Errorf("p4d maps to %+v, want a100-sxm4-40gb", e)
	}
}
