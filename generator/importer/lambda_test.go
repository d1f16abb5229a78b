package importer

import (
	"strings"
	"testing"
)

func readLambdaFixture(t *testing.T) *List {
	t.Helper()
	return readFixture(t, "lambda-api/instance-types-doc-example.json", "instance-types.json", ReadLambdaInstanceTypes)
}

// TestReadLambdaInstanceTypes reads the API reference's example answer
// (no public recording of a real one was found; its prices are the
// example's, not Lambda's): each type's price in US cents as dollars, in
// region all, its GPU count from its name where specs lacks it.
func TestReadLambdaInstanceTypes(t *testing.T) {
	l := readLambdaFixture(t)
	if len(l.Offers) != 2 {
		t.Fatalf("%d offers: %+v", len(l.Offers), l.Offers)
	}
	a, b := l.Offers[0], l.Offers[1]
	if a.Instance != "gpu_1x_a100" || a.Amount != 0.8 || a.Region != "all" || a.Model != "on_demand" || a.Currency != "USD" || a.Effective != "" || a.Spec.GPUCount != 1 || *a.Spec.VCPUs != 24 || *a.Spec.RAMGiB != 800 {
		t.Errorf("first offer %+v", a)
	}
	if b.Instance != "gpu_4x_a6000" || b.Amount != 1.1 || b.Spec.GPUCount != 4 {
		t.Errorf("second offer %+v", b)
	}
	if a.Pos.String() != "instance-types.json:3:20" {
		t.Errorf("first offer at %s, want its entry at instance-types.json:3:20", a.Pos)
	}
}

// TestMergeLambda merges the example into a copy of the catalog's Lambda
// prices (golden diff): gpu_1x_a100 gets a provider-sourced point, undated
// and first seen on the day read; gpu_4x_a6000 is not in the catalog.
func TestMergeLambda(t *testing.T) {
	l := readLambdaFixture(t)
	before, after, sum := mergeShipped(t, "lambda", l, "2026-12-01", "https://cloud.lambda.ai/api/v1/instance-types (read 2026-12-01)")
	if len(sum.Added) != 1 || sum.Added[0].Instance != "gpu_1x_a100" || sum.Added[0].FirstSeen != "2026-12-01" {
		t.Errorf("added %+v", sum.Added)
	}
	if len(sum.NewTypes) != 1 || sum.NewTypes[0] != "gpu_4x_a6000" {
		t.Errorf("new types %v", sum.NewTypes)
	}
	goldenDiff(t, "lambda-api/merge.diff", before, after)
}

func TestReadLambdaInstanceTypesErrors(t *testing.T) {
	entry := func(name, price string) string {
		return "{\"data\": {\n  \"" + name + "\": {\"instance_type\": {\"name\": \"gpu_1x_a10\", \"price_cents_per_hour\": " + price + ", \"specs\": {\"gpus\": 1}}}}}"
	}
	tests := []struct{ src, want string }{
		{`{"error": {"code": "global/invalid-api-key", "message": "API key is invalid"}}`, `p.json:1:1: no data: want a Lambda Cloud instance-types answer`},
		{entry("gpu_1x_a10", "-75"), `p.json:2:17: gpu_1x_a10: price_cents_per_hour -75 is negative`},
		{entry("gpu_1x_a10", `"cheap"`), `p.json:2:17: gpu_1x_a10: price_cents_per_hour "cheap" is not a number: want US cents per hour such as 129`},
		{entry("gpu_1x_a10", "null"), `p.json:2:17: gpu_1x_a10 has no price_cents_per_hour`},
		{entry("gpu_1x_h100", "75"), `p.json:2:18: entry "gpu_1x_h100" names instance type "gpu_1x_a10": want the same name`},
		{"{\"data\": {\n  \"x\": [1]}}", `p.json:2:8: the value is a JSON array: want a struct`},
		{"{\"data\": {\n  \"x\": {", `p.json:2:9: the JSON ends early`},
	}
	for _, tt := range tests {
		var l List
		err := ReadLambdaInstanceTypes(strings.NewReader(tt.src), "p.json", &l)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s:\ngot  %v\nwant %s…", tt.src, err, tt.want)
		}
	}
	var l List
	if err := ReadLambdaInstanceTypes(strings.NewReader(`{"data": {"cpu_4x_general": {"instance_type": {"name": "cpu_4x_general", "price_cents_per_hour": 12, "specs": {"gpus": 0}}}}}`), "p.json", &l); err != nil || len(l.Offers) != 0 || l.Skipped["no GPU (not a GPU instance type)"] != 1 {
		t.Errorf("a CPU type: %v, %+v", err, l)
	}
}
