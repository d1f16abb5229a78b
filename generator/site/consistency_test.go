package site

import (
	"io/fs"
	"strconv"
	"strings"
	"testing"

	"gpucompare/generator/bench"
	"gpucompare/generator/catalog"
	"gpucompare/generator/note"
	"gpucompare/generator/site/derive"
)

// TestConsistencyCatchesADeniedOffer: the GPT-3 benchmark page said of
// its TPU v5e result "no offer in the catalog rents it" while /compare/
// listed 48 TPU v5e offers. On a fixture whose result is noted so while
// its accelerator has a priced offer, the check fails the page, naming
// the page, the benchmark, the result and an offer that rents it.
func TestConsistencyCatchesADeniedOffer(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	cat := mustLoad(t, root)
	data := derive.Make(cat)
	if got := consistency(cat, data); len(got) != 0 {
		t.Fatalf("the fixture contradicts itself already: %v", got)
	}
	// The note the benchmark stage wrote before: any accelerator that is
	// not a GPU was "not rented", whatever the offers.
	var r *bench.Result
	var g *bench.Group
	for _, gr := range data.BenchGroups {
		for _, res := range gr.Results {
			if r == nil && res.GPU != nil && res.GPU.ID == "a100-sxm4-40gb" {
				r, g = res, gr
			}
		}
	}
	if r == nil {
		t.Fatal("no A100 result in the fixture")
	}
	r.NotCosted = note.New(bench.NotGPU, "TPU")
	got := consistency(cat, data)
	if len(got) != 1 {
		t.Fatalf("%d diagnostics, want 1: %v", len(got), got)
	}
	msg := got[0].String()
	for _, want := range []string{
		"data/benchmarks/" + g.Benchmark.ID + ".yaml:",
		"page benchmarks/" + g.Benchmark.ID + "/index.html says of benchmark",
		"that no offer in the catalog rents its A100 SXM4 40GB, but the catalog prices",
		"(the first: p4d.24xlarge of aws)",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error %q lacks %q", msg, want)
		}
	}
}

// TestConsistencyFailsTheBuildOnAnUnknownStatedElsewhere: p5.48xlarge
// showed "RDMA —" beside its network "3200 Gbit/s (EFA)", and a GPU
// interconnect "—" beside a network naming NVLink contradicts it too. The
// build fails, names each page and where its record stands, and writes
// nothing.
func TestConsistencyFailsTheBuildOnAnUnknownStatedElsewhere(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	aws := string(root["data/providers/aws.yaml"].Data)
	aws = strings.Replace(aws, "    network: up to 25 Gigabit\n", "    network: 3200 Gbit/s (EFA; NVLink between GPUs)\n", 1)
	root["data/providers/aws.yaml"].Data = []byte(aws)
	files, rep, err := Build(mustLoad(t, root), root, Options{})
	if err == nil {
		t.Error("a build that contradicts the catalog did not fail")
	}
	if files != nil {
		t.Error("a build that contradicts the catalog wrote files")
	}
	var got []string
	for _, d := range rep.Errors() {
		got = append(got, d.String())
	}
	want := []string{
		`page instances/aws/g4dn.xlarge/index.html shows RDMA "—" (unknown) for instance type "g4dn.xlarge" of provider "aws", but its network says "3200 Gbit/s (EFA; NVLink between GPUs)" (EFA)`,
		`page instances/aws/g4dn.xlarge/index.html shows the GPU interconnect "—" (unknown) for instance type "g4dn.xlarge" of provider "aws", but its network says "3200 Gbit/s (EFA; NVLink between GPUs)" (NVLink)`,
	}
	if len(got) != len(want) {
		t.Fatalf("errors:\n%s\nwant %d", strings.Join(got, "\n"), len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], "data/providers/aws.yaml:") || !strings.Contains(got[i], w) {
			t.Errorf("error %d:\n%s\nwant at data/providers/aws.yaml:LINE:COL:\n%s", i, got[i], w)
		}
	}
}

// mustLoad loads a fixture's catalog, which must load without errors.
func mustLoad(t *testing.T, root fs.FS) *catalog.Catalog {
	t.Helper()
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return cat
}

// TestConsistencyCatchesMemoryAndResultsTheCatalogDenies: an instance
// page that shows more GPU memory than its GPUs hold (one 16 GB T4 said
// to have 24 GB) or another GPU count than its name ("gpu_8x_t4" with
// one GPU), and a benchmark page that says a result ran on an
// instance type holding another GPU, or fewer GPUs than the result's
// node had, each fail the build at the record's place, naming the page.
func TestConsistencyCatchesMemoryAndResultsTheCatalogDenies(t *testing.T) {
	for _, tc := range []struct {
		name, file, old, new, at, want string
	}{
		{"memory", "data/providers/aws.yaml", "    network: up to 25 Gigabit\n", "    network: up to 25 Gigabit\n    gpu_memory_gb: 24\n", "data/providers/aws.yaml:",
			`page instances/aws/g4dn.xlarge/index.html shows 24 GB of GPU memory for instance type "g4dn.xlarge" of provider "aws", but its 1× T4 hold 16 GB (16 GB each, as page gpus/t4/index.html says)`},
		{"named count", "data/providers/aws.yaml", "    name: g4dn.xlarge\n", "    name: gpu_8x_t4\n", "data/providers/aws.yaml:",
			`page instances/aws/g4dn.xlarge/index.html shows 1 GPUs for instance type "gpu_8x_t4" of provider "aws", but its name says "8x_t4"`},
		{"another GPU", "data/benchmarks/llama2-70b-offline.yaml", "    instance: gn7\n    gpu: a100-sxm4-40gb\n", "    instance: gn7\n    gpu: t4\n", "data/benchmarks/",
			`says benchmark "llama2-70b-offline" result 2 ran on instance type "gn7" of provider "cloudcn" with GPU "t4", but that instance type holds "a100-sxm4-40gb"`},
		{"more GPUs", "data/benchmarks/llama2-70b-offline.yaml", "    instance: gn7\n    gpu: a100-sxm4-40gb\n    gpu_count: 1\n", "    instance: gn7\n    gpu: a100-sxm4-40gb\n    gpu_count: 8\n", "data/benchmarks/",
			`says benchmark "llama2-70b-offline" result 2 ran on instance type "gn7" of provider "cloudcn" with 8 GPUs on each node, but that instance type holds 1`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, _ := readArchive(t, "testdata/site.txtar")
			f := root[tc.file]
			if f == nil || !strings.Contains(string(f.Data), tc.old) {
				t.Fatalf("the fixture's %s does not hold %q", tc.file, tc.old)
			}
			f.Data = []byte(strings.Replace(string(f.Data), tc.old, tc.new, 1))
			files, rep, err := Build(mustLoad(t, root), root, Options{})
			if err == nil || files != nil {
				t.Fatalf("a build that contradicts the catalog did not fail (err %v), or wrote files", err)
			}
			var got []string
			for _, d := range rep.Errors() {
				got = append(got, d.String())
			}
			if len(got) != 1 || !strings.HasPrefix(got[0], tc.at) || !strings.Contains(got[0], tc.want) {
				t.Errorf("errors:\n%s\nwant one at %sLINE:COL: holding\n%s", strings.Join(got, "\n"), tc.at, tc.want)
			}
		})
	}
}

// TestNamedCountReadsCountsNotSizes: a count of GPUs in a name is read
// where the name gives one, and a size such as "24xlarge" is not one.
func TestNamedCountReadsCountsNotSizes(t *testing.T) {
	for name, want := range map[string]string{
		"gpu_8x_h100_sxm5": "8", "N1 + 4x T4": "4", "8× H100": "8", "ecs.gn7-24xlarge": "", "p4d.24xlarge": "", "BM.GPU.H100.8": "", "g6e.2xlarge": "",
	} {
		got := ""
		if n, _, ok := nameCount(name); ok {
			got = strconv.Itoa(n)
		}
		if got != want {
			t.Errorf("%q: count %q, want %q", name, got, want)
		}
	}
}
