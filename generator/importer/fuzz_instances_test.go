package importer

import (
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"gpucompare/generator/catalog"
)

// FuzzAddInstances adds one instance type to arbitrary provider files:
// whenever it succeeds, the result is YAML whose instances are the file's,
// in order, then the new one, with every other key as it was.
func FuzzAddInstances(f *testing.F) {
	f.Add(azureProvider)
	f.Add("id: aws\ninstances: []\n")
	f.Add("id: aws\n")
	f.Add("id: x\ninstances:\n  - {id: a, gpu: g}\n  # trailing\nnotes: |\n  text\n\n  - not an item\n")
	names, err := ReadGPUNames([]byte("skypilot:\n  gpus: {V100: v100-sxm2-16gb}\n"), "n.yaml", knownGPU)
	if err != nil {
		f.Fatal(err)
	}
	l := &List{Format: "skypilot", Offers: []Offer{{Instance: "gpu_8x_v100", Region: "us-east-1", Model: "on_demand", Amount: 4.4, Currency: "USD", Spec: Spec{GPUName: "V100", GPUCount: 8}}}}
	f.Fuzz(func(t *testing.T, src string) {
		if !strings.HasSuffix(src, "\n") {
			src += "\n"
		}
		var before map[string]any
		if yaml.Unmarshal([]byte(src), &before) != nil {
			return
		}
		prov := &catalog.Provider{ID: "p", Regions: []*catalog.Region{{ID: "us-east-1"}}}
		o := Options{Provider: prov, AsOf: "2026-12-01", Source: "vms.csv"}
		out, added, err := AddInstances([]byte(src), "p.yaml", l, prov, names, o, map[string]string{})
		if err != nil {
			return
		}
		var after map[string]any
		if err := yaml.Unmarshal(out, &after); err != nil {
			t.Fatalf("not YAML: %v\n%s", err, out)
		}
		was, _ := before["instances"].([]any)
		now, _ := after["instances"].([]any)
		if len(added) != 1 || len(now) != len(was)+1 || (len(was) > 0 && !reflect.DeepEqual(now[:len(was)], was)) {
			t.Fatalf("instances %v, want %v and the new one\n%s", now, was, out)
		}
		if m, _ := now[len(was)].(map[string]any); m["id"] != "gpu_8x_v100" || m["gpu_count"] != 8 {
			t.Fatalf("new instance %v\n%s", now[len(was)], out)
		}
		for k, v := range before {
			if k != "instances" && !reflect.DeepEqual(after[k], v) {
				t.Fatalf("%s: %v, was %v\n%s", k, after[k], v, out)
			}
		}
	})
}
