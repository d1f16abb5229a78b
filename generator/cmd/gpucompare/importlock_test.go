package main

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// importRoot writes a site root with one provider, lambda, whose price
// file has one point for each of its two instance types.
func importRoot(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"data/site.yaml":                "title: Test\ncurrency: USD\n",
		"data/gpus/h100-pcie-80gb.yaml": "{id: h100-pcie-80gb, name: H100 PCIe, model: H100, vendor: NVIDIA, dense: {fp32: 51}, source: s}\n",
		"data/providers/lambda.yaml":    "id: lambda\nname: Lambda\nkind: gpu_cloud\ncurrency: USD\nregions: [{id: us-east-1}]\ninstances:\n  - {id: gpu_1x_h100_pcie, name: gpu_1x_h100_pcie, gpu: h100-pcie-80gb, gpu_count: 1, regions: [all], source: s}\n  - {id: gpu_1x_h100_sxm5, name: gpu_1x_h100_sxm5, gpu: h100-pcie-80gb, gpu_count: 1, regions: [all], source: s}\n",
		"data/prices/lambda.yaml":       "provider: lambda\nprices:\n- {instance: gpu_1x_h100_pcie, region: all, model: on_demand, amount: 1.99, currency: USD, since: '2023-06-15', source: s, source_kind: aggregator}\n- {instance: gpu_1x_h100_sxm5, region: all, model: on_demand, amount: 2.99, currency: USD, since: '2023-06-15', source: s, source_kind: aggregator}\n",
		"pcie.csv":                      vmsHeader + "gpu_1x_h100_pcie,H100,1.0,26.0,200.0,2.49,us-east-1,,\n",
		"sxm5.csv":                      vmsHeader + "gpu_1x_h100_sxm5,H100,1.0,26.0,225.0,3.49,us-east-1,,\n",
	}
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const vmsHeader = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n"

func importArgs(root, file string) []string {
	return []string{"import", "prices", "-format", "skypilot", "-provider", "lambda", "-as-of", "2026-12-01", "-root", root, filepath.Join(root, file)}
}

// TestConcurrentImportsKeepEveryPoint runs two imports into one price file
// at once: each adds a point of its own, and the file keeps both.
func TestConcurrentImportsKeepEveryPoint(t *testing.T) {
	for range 4 {
		root := importRoot(t)
		var wg sync.WaitGroup
		outs := make([]stringsBuilder, 2)
		errs := make([]stringsBuilder, 2)
		codes := make([]int, 2)
		for i, file := range []string{"pcie.csv", "sxm5.csv"} {
			wg.Go(func() { codes[i] = run(importArgs(root, file), &outs[i], &errs[i]) })
		}
		wg.Wait()
		for i := range codes {
			if codes[i] != 0 || !strings.Contains(outs[i].String(), "wrote data/prices/lambda.yaml") {
				t.Fatalf("import %d: exit %d\nstdout:\n%s\nstderr:\n%s", i, codes[i], &outs[i], &errs[i])
			}
		}
		data, err := os.ReadFile(filepath.Join(root, "data/prices/lambda.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"amount: 2.49", "amount: 3.49"} {
			if !strings.Contains(string(data), want) {
				t.Fatalf("both imports said wrote, but the file lacks %q:\n%s", want, data)
			}
		}
	}
}

// TestImportCleansLeftoverTemp: the temporary file a killed import left
// beside the price file is removed by the next import, and never read as
// part of the catalog.
func TestImportCleansLeftoverTemp(t *testing.T) {
	root := importRoot(t)
	left := filepath.Join(root, "data/prices/.lambda.yaml.123456.tmp")
	if err := os.WriteFile(left, []byte("provider: lambda\nprices: [half"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut stringsBuilder
	if code := run([]string{"check", "-root", root}, &out, &errOut); code != 0 {
		t.Fatalf("check read the leftover temporary file: exit %d\n%s%s", code, &out, &errOut)
	}
	if code := run(importArgs(root, "pcie.csv"), &out, &errOut); code != 0 {
		t.Fatalf("import: exit %d\n%s%s", code, &out, &errOut)
	}
	if _, err := os.Lstat(left); !os.IsNotExist(err) {
		t.Errorf("the leftover %s is still there after an import (err %v)", filepath.Base(left), err)
	}
	entries, _ := os.ReadDir(filepath.Join(root, "data/prices"))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("data/prices holds %s after an import", e.Name())
		}
	}
}
