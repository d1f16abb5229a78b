package importer

import (
	"io"
	"strconv"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
)

func readGCPFixture(t *testing.T, machines []GCPMachine) *List {
	t.Helper()
	return readFixture(t, "gcp-billing/skus-a2.json", "skus-a2.json", func(r io.Reader, file string, l *List) error {
		return ReadGCPBilling(r, file, machines, l)
	})
}

func TestGCPMachines(t *testing.T) {
	got := map[string]GCPMachine{}
	for _, m := range GCPMachines(shippedCatalog(t).Provider("google-cloud")) {
		got[m.Name] = m
	}
	if m := got["a2-highgpu-1g"]; m.VCPUs != 12 || m.RAM != 85 || m.GPUs != 1 || m.Family != "A2" || m.GPU != "Nvidia Tesla A100" {
		t.Errorf("a2-highgpu-1g = %+v", m)
	}
	for _, name := range []string{"a3-megagpu-8g", "n1-t4x4-gpu-only"} {
		if _, ok := got[name]; ok {
			t.Errorf("%s is priced from SKUs; its GPU SKU is not known", name)
		}
	}
	// TPU slices, by their chips: v5p-8 counts TensorCores, 4 chips.
	for name, want := range map[string]GCPMachine{
		"tpu-v5p-8":       {Name: "tpu-v5p-8", GPUs: 4, Series: "tpu-v5p", TPU: "TpuV5p"},
		"tpu-v5litepod-8": {Name: "tpu-v5litepod-8", GPUs: 8, Series: "tpu-v5litepod", TPU: "TpuV5e"},
		"tpu-v6e-1":       {Name: "tpu-v6e-1", GPUs: 1, Series: "tpu-v6e", TPU: "TpuV6e"},
	} {
		if m := got[name]; m != want {
			t.Errorf("%s = %+v, want %+v", name, m, want)
		}
	}
	// A slice whose chips, as its name counts them, are not its gpu_count
	// is not priced.
	if _, ok := gcpTPUMachine(&catalog.Instance{Name: "tpu-v5p-8", GPUCount: 8}); ok {
		t.Error("tpu-v5p-8 with 8 chips is priced: its name counts 4")
	}
}

// TestReadGCPBillingTPU prices TPU slices from chip SKUs written in code
// (no recorded page with TPU SKUs was found; the prices are made up): a
// slice is its chips × the chip-hour price, spot from the OnDemand SKU
// whose description says Preemptible; a Pod SKU, and a TPU SKU of a
// committed-use type, are skipped.
func TestReadGCPBillingTPU(t *testing.T) {
	sku := func(id, desc, usage string, nanos int) string {
		return `{"skuId": "` + id + `", "description": "` + desc + `", "category": {"resourceGroup": "TPU", "usageType": "` + usage + `"},
  "serviceRegions": ["us-central1"], "pricingInfo": [{"pricingExpression": {"usageUnit": "h", "tieredRates": [{"startUsageAmount": 0, "unitPrice": {"currencyCode": "USD", "units": "1", "nanos": ` + itoa(nanos) + `}}]}, "effectiveTime": "2026-06-01T07:00:00Z"}]}`
	}
	page := `{"skus": [` + strings.Join([]string{
		sku("T1", "TpuV5p chip-hour in Americas", "OnDemand", 500000000),
		sku("T2", "Preemptible TpuV5p chip-hour in Americas", "OnDemand", 0),
		sku("T3", "TpuV5e Pod chip-hour in Americas", "OnDemand", 0),
		sku("T4", "Commitment v1: TpuV5p in Americas for 1 Year", "Commit1Yr", 0),
	}, ",\n") + `]}`
	machines := []GCPMachine{{Name: "tpu-v5p-8", GPUs: 4, Series: "tpu-v5p", TPU: "TpuV5p"}, {Name: "tpu-v5litepod-8", GPUs: 8, Series: "tpu-v5litepod", TPU: "TpuV5e"}}
	var l List
	if err := ReadGCPBilling(strings.NewReader(page), "p.json", machines, &l); err != nil {
		t.Fatal(err)
	}
	got := map[string]Offer{}
	for _, o := range l.Offers {
		got[o.Instance+" "+o.Model] = o
	}
	if o := got["tpu-v5p-8 on_demand"]; o.Amount != 6 || o.Effective != "2026-06-01" || o.Region != "us-central1" || !strings.Contains(o.Note, "4 chips × 1.5 (SKU T1") {
		t.Errorf("on-demand %+v; want 4 chips × 1.5 = 6", o)
	}
	if o := got["tpu-v5p-8 spot"]; o.Amount != 4 {
		t.Errorf("spot %+v; want 4 chips × 1 = 4", o)
	}
	if len(l.Offers) != 2 || l.Skipped["TPU SKU of a usage type other than OnDemand"] != 1 || l.Skipped["not a component of a GPU machine type the catalog prices from SKUs"] != 1 {
		t.Errorf("offers %v, skipped %v; want v5p's two, the Pod and the commitment skipped", got, l.Skipped)
	}
}

// TestReadGCPBilling reads the recorded A2 SKUs (GPU, memory, cores): the
// A2 machines' on-demand prices in the SKUs' three regions, dated by
// their effectiveTime.
func TestReadGCPBilling(t *testing.T) {
	l := readGCPFixture(t, GCPMachines(shippedCatalog(t).Provider("google-cloud")))
	got := map[string]Offer{}
	for _, o := range l.Offers {
		got[o.Instance+" "+o.Region+" "+o.Model] = o
	}
	o := got["a2-highgpu-1g us-central1 on_demand"]
	// 12 × 0.031611 + 85 × 0.004237 + 1 × 2.933908
	if o.Amount != 3.673385 || o.Effective != "2023-03-24" || o.Currency != "USD" {
		t.Errorf("a2-highgpu-1g in us-central1: %+v; want 3.673385 USD since 2023-03-24", o)
	}
	if want := "12 vCPU × 0.031611 (SKU 2922-40C5-B19F) + 85 GiB × 0.004237 (SKU 2390-DCAF-DA38) + 1 GPU × 2.933908 (SKU 039F-D0DA-4055) USD"; !strings.Contains(o.Note, want) {
		t.Errorf("note %q lacks %q", o.Note, want)
	}
	// a2-highgpu-1g, a2-highgpu-8g (A100 40 GB) in 3 regions; a2-ultragpu-8g
	// (A100 80 GB, another GPU SKU) and the others are not in this page.
	if len(l.Offers) != 6 || got["a2-highgpu-8g us-west1 on_demand"].Amount == 0 {
		t.Errorf("%d offers: %v", len(l.Offers), got)
	}
	if o.Pos.String() != "skus-a2.json:3:9" {
		t.Errorf("offer at %s, want the GPU SKU at skus-a2.json:3:9", o.Pos)
	}
}

// TestMergeGCP merges the recorded A2 prices into a copy of the catalog's
// Google Cloud prices (golden diff): a2-highgpu-1g in us-central1 keeps its
// price, now confirmed by Google's own SKUs with their date; the other
// regions are not the catalog's for these machines.
func TestMergeGCP(t *testing.T) {
	l := readGCPFixture(t, GCPMachines(shippedCatalog(t).Provider("google-cloud")))
	before, after, sum := mergeShipped(t, "google-cloud", l, "2026-12-01", "https://cloudbilling.googleapis.com/v1/services/6F81-5844-456A/skus (read 2026-12-01)")
	var since []catalog.Date
	for _, a := range sum.Added {
		since = append(since, a.Since)
	}
	if len(sum.Added) == 0 || sum.Skipped["region not among the instance type's regions in the catalog"] == 0 {
		t.Errorf("summary %+v", sum)
	}
	for _, s := range since {
		if s != "2023-03-24" {
			t.Errorf("a point added since %s; want 2023-03-24, the SKUs' effectiveTime", s)
		}
	}
	// Only the machine types priced from SKUs can be missing from the list:
	// a2-highgpu's siblings and the TPU slices without their SKUs here
	// are, A3 Mega and N1 machines are not.
	for _, m := range sum.Missing {
		if !strings.HasPrefix(m.Instance, "a2-") && !strings.HasPrefix(m.Instance, "a3-highgpu") && !strings.HasPrefix(m.Instance, "g2-") && !strings.HasPrefix(m.Instance, "tpu-") {
			t.Errorf("%s reported missing; the list does not price it", m.Instance)
		}
	}
	goldenDiff(t, "gcp-billing/merge.diff", before, after)
}

// TestReadGCPBillingModels reads SKUs of every usage type. No public
// recording of spot or committed-use SKUs of a GPU machine was found: the
// page is written here from the API's documented fields and usage types,
// with the recorded on-demand prices halved and scaled, not real prices.
func TestReadGCPBillingModels(t *testing.T) {
	sku := func(desc, group, usage, unit string, units string, nanos int, eff string) string {
		return `{"skuId": "` + desc[:4] + `", "description": "` + desc + `", "category": {"resourceGroup": "` + group + `", "usageType": "` + usage + `"},
  "serviceRegions": ["us-central1"], "pricingInfo": [{"pricingExpression": {"usageUnit": "` + unit + `", "tieredRates": [{"startUsageAmount": 0, "unitPrice": {"currencyCode": "USD", "units": "` + units + `", "nanos": ` + itoa(nanos) + `}}]}, "effectiveTime": "` + eff + `"}]}`
	}
	page := `{"skus": [` + strings.Join([]string{
		sku("Spot Preemptible Nvidia Tesla A100 GPU running in Americas", "GPU", "Preemptible", "h", "1", 0, "2026-10-01T08:00:00Z"),
		sku("Spot Preemptible A2 Instance Core running in Americas", "CPU", "Preemptible", "h", "0", 10000000, "2026-09-01T08:00:00Z"),
		sku("Spot Preemptible A2 Instance Ram running in Americas", "RAM", "Preemptible", "GiBy.h", "0", 1000000, "2026-09-01T08:00:00Z"),
		sku("Commitment v1: Nvidia Tesla A100 GPU in Americas for 1 Year", "GPU", "Commit1Yr", "h", "2", 0, "2025-01-01T00:00:00Z"),
		sku("Commitment v1: A2 Cpu in Americas for 1 Year", "CPU", "Commit1Yr", "h", "0", 20000000, "2025-01-01T00:00:00Z"),
		sku("Commitment v1: A2 Ram in Americas for 1 Year", "RAM", "Commit1Yr", "GiBy.h", "0", 2000000, "2025-01-01T00:00:00Z"),
		sku("Commitment v1: A2 Cpu in Americas for 3 Year", "CPU", "Commit3Yr", "h", "0", 15000000, "2025-01-01T00:00:00Z"),
		sku("N1 Predefined Instance Core running in Americas", "CPU", "OnDemand", "h", "0", 31611000, "2023-03-24T10:52:50.681Z"),
	}, ",\n") + `]}`
	var l List
	machines := []GCPMachine{{Name: "a2-highgpu-1g", VCPUs: 12, RAM: 85, GPUs: 1, Family: "A2", GPU: "Nvidia Tesla A100"}}
	if err := ReadGCPBilling(strings.NewReader(page), "p.json", machines, &l); err != nil {
		t.Fatal(err)
	}
	got := map[string]Offer{}
	for _, o := range l.Offers {
		got[o.Model] = o
	}
	if o := got["spot"]; o.Amount != 1.205 || o.Effective != "2026-10-01" {
		t.Errorf("spot %+v; want 12 × 0.01 + 85 × 0.001 + 1 = 1.205 since 2026-10-01, the latest SKU's date", o)
	}
	if o := got["cud_1y"]; o.Amount != 2.41 || o.Effective != "2025-01-01" {
		t.Errorf("cud_1y %+v; want 12 × 0.02 + 85 × 0.002 + 2 = 2.41", o)
	}
	if _, ok := got["cud_3y"]; ok || len(l.Offers) != 2 {
		t.Errorf("offers %v; want spot and cud_1y (cud_3y lacks its memory and GPU SKUs)", got)
	}
	if l.Skipped["machine type with one of its core, memory and GPU SKUs missing in the region"] != 1 || l.Skipped["not a component of a GPU machine type the catalog prices from SKUs"] != 1 {
		t.Errorf("skipped %v", l.Skipped)
	}

	// A second page adds to the first: its GPU SKU completes nothing new,
	// and the offers are worked out from both pages.
	more := `{"skus": [` + sku("Commitment v1: A2 Ram in Americas for 3 Year", "RAM", "Commit3Yr", "GiBy.h", "0", 1500000, "2025-01-01T00:00:00Z") + ",\n" +
		sku("Commitment v1: Nvidia Tesla A100 GPU in Americas for 3 Year", "GPU", "Commit3Yr", "h", "1", 500000000, "2025-01-01T00:00:00Z") + `], "nextPageToken": ""}`
	if err := ReadGCPBilling(strings.NewReader(more), "p-2.json", machines, &l); err != nil {
		t.Fatal(err)
	}
	if len(l.Offers) != 3 || l.Offers[2].Model != "cud_3y" || l.Offers[2].Amount != 1.8075 {
		t.Errorf("after page 2: %+v; want cud_3y 12 × 0.015 + 85 × 0.0015 + 1.5 = 1.8075 too", l.Offers)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestReadGCPBillingErrors(t *testing.T) {
	machines := []GCPMachine{{Name: "a2-highgpu-1g", VCPUs: 12, RAM: 85, GPUs: 1, Family: "A2", GPU: "Nvidia Tesla A100"}}
	gpu := func(price string, extra string) string {
		return "{\"skus\": [\n  {\"skuId\": \"039F\", \"description\": \"Nvidia Tesla A100 GPU running in Americas\", \"category\": {\"resourceGroup\": \"GPU\", \"usageType\": \"OnDemand\"}, \"serviceRegions\": [\"us-central1\"]" + extra +
			", \"pricingInfo\": [{\"pricingExpression\": {\"usageUnit\": \"h\", \"tieredRates\": [{\"unitPrice\": {\"currencyCode\": \"USD\", " + price + "}}]}, \"effectiveTime\": \"2023-03-24T10:52:50.681Z\"}]}]}"
	}
	tests := []struct{ src, want string }{
		{`{"nextPageToken": ""}`, `p.json:1:1: no skus: want a Cloud Billing Catalog API page`},
		{gpu(`"units": "-2", "nanos": 0`, ""), `p.json:2:3: SKU 039F: unitPrice "-2" units and 0 nanos: want a price, 0 or more`},
		{gpu(`"units": "2", "nanos": 1000000000`, ""), `p.json:2:3: SKU 039F: unitPrice "2" units and 1000000000 nanos`},
		{gpu(`"units": 2, "nanos": 0`, ""), `p.json:2:3: pricingInfo.pricingExpression.tieredRates.unitPrice.units is a JSON number: want a string`},
		{strings.Replace(gpu(`"units": "2", "nanos": 0`, ""), "2023-03-24T10:52:50.681Z", "yesterday", 1), `p.json:2:3: SKU 039F: effectiveTime "yesterday": not a date: want YYYY-MM-DD`},
		{strings.Replace(gpu(`"units": "2", "nanos": 0`, ""), `"serviceRegions": ["us-central1"]`, `"serviceRegions": []`, 1), `p.json:2:3: SKU 039F has no serviceRegions`},
		{"{\"skus\": [\n  {\"skuId\": 7}]}", `p.json:2:3: skuId is a JSON number: want a string`},
		{"{\"skus\": [\n  {\"skuId\": \"x\"}", `p.json:2:17: the JSON ends early`},
	}
	for _, tt := range tests {
		var l List
		err := ReadGCPBilling(strings.NewReader(tt.src), "p.json", machines, &l)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s:\ngot  %v\nwant %s…", tt.src, err, tt.want)
		}
	}
}
