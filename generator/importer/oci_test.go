package importer

import (
	"strings"
	"testing"

	"gpucompare/generator/catalog"
)

func readOCIFixture(t *testing.T) *List {
	t.Helper()
	return readFixture(t, "oci-pricelist/products-usd.json", "products-usd.json", ReadOCIPriceList)
}

func TestReadOCIPriceList(t *testing.T) {
	l := readOCIFixture(t)
	got := map[string]float64{}
	for _, o := range l.Offers {
		if o.Region != "all" || o.Model != "on_demand" || o.Currency != "USD" || o.Effective != "" {
			t.Errorf("offer %+v: want on_demand in region all, USD, no effective date", o)
		}
		got[o.Instance] = o.Amount
	}
	want := map[string]float64{
		"BM.GPU.H100.8": 80, "BM.GPU.H200.8": 80, "BM.GPU.B200.8": 112, "BM.GPU.B300.8": 120,
		"BM.GPU.GB200.4": 64, "BM.GPU.GB300.4": 72, "BM.GPU.MI300X.8": 48, "BM.GPU.L40S.4": 14,
		"BM.GPU.A100-v2.8": 32, "BM.GPU.A10.4": 8, "VM.GPU.A10.1": 2, "VM.GPU.A10.2": 4,
		"BM.GPU3.8": 23.6, "VM.GPU3.1": 2.95, "VM.GPU3.2": 5.9, "VM.GPU3.4": 11.8,
		"BM.GPU2.2": 2.55, "VM.GPU2.1": 1.275,
	}
	if len(got) != len(want) || len(l.Offers) != len(want) {
		t.Errorf("%d offers %v; want %d", len(l.Offers), got, len(want))
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	// 35 items: 6 not per GPU hour (an OCPU part, VMware nodes, per-day
	// appliances); of the 29 GPU parts, 13 are mapped, and 16 are not:
	// H100T, MI355X, RTX PRO 6000, E3, E4, three Cloud@Customer parts and
	// eight software licences.
	if l.Skipped["not priced per GPU and hour"] != 6 || l.Skipped["GPU part not mapped to an OCI shape"] != 16 {
		t.Errorf("skipped %v; want 6 not per GPU hour and 16 unmapped GPU parts", l.Skipped)
	}
	var h100 Offer
	for _, o := range l.Offers {
		if o.Instance == "BM.GPU.H100.8" {
			h100 = o
		}
	}
	if h100.Pos.String() != "products-usd.json:582:3" || !strings.Contains(h100.Note, "OCI lists 10 USD per GPU hour (part B98415, \"Oracle Cloud Infrastructure - Compute - GPU - H100\"); × 8 GPUs.") {
		t.Errorf("H100 offer at %s with note %q", h100.Pos, h100.Note)
	}
}

// TestMergeOCI merges the recorded list into a copy of the catalog's OCI
// prices, which SkyPilot's copy of the same prices gave: each is confirmed
// by a provider-sourced point, undated (OCI states no effective date),
// first seen on the day read (the golden diff); a second merge of the same
// list changes nothing.
func TestMergeOCI(t *testing.T) {
	l := readOCIFixture(t)
	before, after, sum := mergeShipped(t, "oci", l, "2026-08-22", "https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?currencyCode=USD (read 2026-08-22)")
	for _, a := range sum.Added {
		if a.Since != catalog.Unknown || a.FirstSeen != "2026-08-22" || a.Old == nil || *a.Old != a.New {
			t.Errorf("added %+v: want the catalog's price confirmed by the provider, since unknown, first seen 2026-08-22", a)
		}
	}
	if len(sum.NewTypes) != 1 || sum.NewTypes[0] != "BM.GPU.GB300.4" {
		t.Errorf("new types %v; want BM.GPU.GB300.4, which the catalog lacks", sum.NewTypes)
	}
	if !strings.Contains(string(after), "source_kind: provider") {
		t.Errorf("no provider-sourced point added")
	}
	// BM.GPU4.8 and the spot points are not priced by this list at all:
	// not missing from it.
	if len(sum.Missing) != 0 {
		t.Errorf("missing %+v; want none", sum.Missing)
	}
	if len(sum.Added) != 17 {
		t.Errorf("%d points added; want the 17 shapes of the catalog the list prices", len(sum.Added))
	}
	goldenDiff(t, "oci-pricelist/merge.diff", before, after)
	again, sum2, err := Merge(after, "data/prices/oci.yaml", l, Options{Provider: shippedCatalog(t).Provider("oci"), AsOf: "2026-08-23", Source: "x", SourceKind: "provider", Models: Models("oci-pricelist")})
	if err != nil || len(sum2.Added) != 0 || sum2.Unchanged != 17 || string(again) != strings.Replace(string(after), "checked: '2026-08-22'", "checked: '2026-08-23'", 1) {
		t.Errorf("second merge: %v, %+v", err, sum2)
	}
}

func TestReadOCIPriceListErrors(t *testing.T) {
	item := func(part, metric, prices string) string {
		return `{"partNumber": "` + part + `", "metricName": "` + metric + `", "currencyCodeLocalizations": [{"currencyCode": "USD", "prices": [` + prices + `]}]}`
	}
	tests := []struct{ src, want string }{
		{`[]`, `p.json:1:1: not a JSON object: want an OCI price list`},
		{`{"lastUpdated": "x"}`, `p.json:1:1: no items: want an OCI price list`},
		{`{"items": {"a": 1}}`, `p.json:1:17: the value is a JSON number: want a struct`},
		{"{\"items\": [\n" + item("B98415", "GPU Per Hour", `{"model": "PAY_AS_YOU_GO", "value": -10}`) + "]}", `p.json:2:1: part B98415: value -10 is negative: want a price per GPU hour, 0 or more`},
		{"{\"items\": [\n" + item("B98415", "GPU Per Hour", `{"model": "PAY_AS_YOU_GO", "value": "10"}`) + "]}", `p.json:2:1: currencyCodeLocalizations.prices.value is a JSON string: want a number`},
		{"{\"items\": [\n" + item("B98415", "GPU Per Hour", `{"model": "PAY_AS_YOU_GO", "value": 10}, {"model": "PAY_AS_YOU_GO", "value": 8}`) + "]}", `p.json:2:1: part B98415 has two PAY_AS_YOU_GO prices, 10 and 8: want one`},
		{"{\"items\": [\n" + item("B98415", "GPU Per Hour", `{"model": "PAY_AS_YOU_GO", "value": 10}`) + ",\n  " + item("B98415", "GPU Per Hour", `{"model": "PAY_AS_YOU_GO", "value": 10}`) + "]}", `p.json:3:3: part B98415 is listed twice (first at p.json:2:1): want one item a part`},
		{"{\"items\": [\n" + item("", "GPU Per Hour", ``) + "]}", `p.json:2:1: item without a partNumber: want each product's part number`},
		{"{\"items\": [\n  {\"partNumber\": \"B1\",, }]}", `p.json:2:23: invalid character ',' looking for beginning of object key string: want an OCI price list`},
		{"{\"items\": [\n  {\"partNumber\": \"B1\"", `p.json:2:22: the JSON ends early: want the whole of an OCI price list`},
	}
	for _, tt := range tests {
		var l List
		err := ReadOCIPriceList(strings.NewReader(tt.src), "p.json", &l)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s:\ngot  %v\nwant %s…", tt.src, err, tt.want)
		}
	}
}

// TestOCIShapes checks the part table: every shape ends with its GPU
// count, and no shape is priced by two parts.
func TestOCIShapes(t *testing.T) {
	seen := map[string]string{}
	for part, shapes := range ociShapes {
		for _, s := range shapes {
			if ociGPUs(s) == 0 {
				t.Errorf("part %s: shape %s does not end with its GPU count", part, s)
			}
			if other, dup := seen[s]; dup {
				t.Errorf("shape %s is priced by parts %s and %s", s, other, part)
			}
			seen[s] = part
		}
	}
	if ociGPUs("BM.GPU.A100-v2.8") != 8 || ociGPUs("VM.GPU3.2") != 2 || ociGPUs("BM.Standard") != 0 {
		t.Errorf("ociGPUs reads the wrong count")
	}
}
