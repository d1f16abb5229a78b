package mlperf

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// excerpts are the verbatim summary.csv excerpts in testdata, with the
// citation a user would give with -source (see testdata/README.md).
var excerpts = []struct{ file, source string }{
	{"inference-v4.0-gigacomputing.csv", "github.com/mlcommons/inference_results_v4.0 @3c4a1cf closed/GigaComputing/summary.csv"},
	{"inference-v4.1-gigacomputing.csv", "github.com/mlcommons/inference_results_v4.1 @a2f5d66 closed/GigaComputing/summary.csv"},
	{"inference-v3.0-azure.csv", "github.com/mlcommons/inference_results_v3.0 @dad59af closed/Azure/summary.csv"},
	{"inference-v1.1-alibaba.csv", "github.com/mlcommons/inference_results_v1.1 @912dcdb closed/Alibaba/summary.csv"},
	{"training-v3.0-gigabyte.csv", "github.com/mlcommons/training_results_v3.0 @9f08e30 GIGABYTE/summary.csv"},
	{"training-v3.1-google.csv", "github.com/mlcommons/training_results_v3.1 @f33f944 Google/summary.csv"},
}

func readExcerpt(t *testing.T, file, source string, gpus []*catalog.GPU) *Import {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	im, err := Read(f, "testdata/"+file, Options{Source: source, GPUs: gpus})
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	t.Cleanup(func() { im.Close() })
	return im
}

// yamlOf is the YAML of an import.
func yamlOf(t *testing.T, im *Import) []byte {
	t.Helper()
	out, err := im.YAML()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// filesOf is the catalog files of an import.
func filesOf(t *testing.T, im *Import) map[string][]byte {
	t.Helper()
	files, err := im.Files()
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func stderrOf(im *Import) string {
	var b strings.Builder
	for _, s := range im.Skipped {
		b.WriteString(s.String() + "\n")
	}
	return b.String()
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the import (run go test -update and review the diff):\n--- got\n%s", name, got)
	}
}

// TestExcerptsImportAsGolden reads each real summary.csv excerpt and
// compares the YAML and the rows reported as not imported with goldens.
func TestExcerptsImportAsGolden(t *testing.T) {
	for _, ex := range excerpts {
		t.Run(ex.file, func(t *testing.T) {
			im := readExcerpt(t, ex.file, ex.source, nil)
			base := strings.TrimSuffix(ex.file, ".csv")
			golden(t, base+".yaml", yamlOf(t, im))
			golden(t, base+".stderr", []byte(stderrOf(im)))
		})
	}
}

// shippedGPUs loads the repository's own GPU records.
func shippedGPUs(t *testing.T) []*catalog.GPU {
	t.Helper()
	root := siteRoot(t, nil)
	cat, report := catalog.Load(os.DirFS(root))
	if errs := report.Errors(); len(errs) > 0 {
		t.Fatalf("shipped GPUs do not load:\n%s", errs)
	}
	return cat.GPUs
}

// siteRoot makes a site root holding a copy of the shipped data/gpus, a
// minimal site.yaml and the given files (by path in the root).
func siteRoot(t *testing.T, files map[string][]byte) string {
	t.Helper()
	root := t.TempDir()
	gpus, err := filepath.Glob("../../data/gpus/*.yaml")
	if err != nil || len(gpus) == 0 {
		t.Fatalf("no shipped GPUs in ../../data/gpus: %v", err)
	}
	put := func(name string, data []byte) {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, g := range gpus {
		data, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		put("data/gpus/"+filepath.Base(g), data)
	}
	put("data/site.yaml", []byte("title: import test\ncurrency: USD\n"))
	for name, data := range files {
		put(name, data)
	}
	return root
}

// TestImportLoadsWithShippedGPUs places each import in a site root with
// the shipped GPUs and loads it: no errors, every result kept.
func TestImportLoadsWithShippedGPUs(t *testing.T) {
	for _, ex := range excerpts {
		t.Run(ex.file, func(t *testing.T) {
			im := readExcerpt(t, ex.file, ex.source, nil)
			cat, report := catalog.Load(os.DirFS(siteRoot(t, filesOf(t, im))))
			if errs := report.Errors(); len(errs) > 0 {
				t.Fatalf("catalog.Load:\n%s", errs)
			}
			n := 0
			for _, b := range cat.Benchmarks {
				n += len(b.Results)
			}
			if len(cat.Benchmarks) != im.Benchmarks() || n != im.Results() || n == 0 {
				t.Errorf("loaded %d benchmarks with %d results, imported %d with %d", len(cat.Benchmarks), n, im.Benchmarks(), im.Results())
			}
		})
	}
}

// TestImportMapsToASiteCatalog gives the importer the catalog's GPUs, as
// -root does: the same results map, now checked against the catalog.
func TestImportMapsToASiteCatalog(t *testing.T) {
	gpus := shippedGPUs(t)
	for _, ex := range excerpts {
		withTable := readExcerpt(t, ex.file, ex.source, nil)
		withCatalog := readExcerpt(t, ex.file, ex.source, gpus)
		if !bytes.Equal(yamlOf(t, withTable), yamlOf(t, withCatalog)) || stderrOf(withTable) != stderrOf(withCatalog) {
			t.Errorf("%s: the import with the shipped catalog's GPUs differs from the import by the table", ex.file)
		}
	}
}

// loaded imports an excerpt and loads it as a catalog.
func loaded(t *testing.T, file string) *catalog.Catalog {
	t.Helper()
	im := readExcerpt(t, file, "test", nil)
	cat, report := catalog.Load(os.DirFS(siteRoot(t, filesOf(t, im))))
	if errs := report.Errors(); len(errs) > 0 {
		t.Fatalf("catalog.Load:\n%s", errs)
	}
	return cat
}

func resultOf(t *testing.T, cat *catalog.Catalog, id string, i int) (*catalog.Benchmark, *catalog.Result) {
	t.Helper()
	i2 := slices.IndexFunc(cat.Benchmarks, func(b *catalog.Benchmark) bool { return b.ID == id })
	if i2 < 0 || len(cat.Benchmarks[i2].Results) <= i {
		t.Fatalf("no result %d in benchmark %q", i, id)
	}
	b := cat.Benchmarks[i2]
	return b, b.Results[i]
}

// TestUnitTraps checks the units summary.csv mislabels: LLM results that
// MLPerf measures in tokens per second, labelled "Samples/s" or
// "Queries/s", and training times in minutes.
func TestUnitTraps(t *testing.T) {
	tests := []struct {
		file, benchmark   string
		benchUnit, unit   string // unit: the result's own, "" when it is the benchmark's
		value             float64
		notes, sourceLine string
	}{
		// v4.0: llama2-70b Offline is tokens/s although labelled Samples/s.
		{"inference-v4.0-gigacomputing.csv", "mlperf-inference-llama2-70b-99-offline", "tokens/s", "", 22289.7,
			`summary.csv labels the unit "Samples/s", but MLPerf Inference v4.0 measures llama2-70b-99 Offline in tokens per second: the value is tokens/s.`, "line 3 "},
		// v4.0: llama2-70b Server is queries/s, apart from the tokens/s results.
		{"inference-v4.0-gigacomputing.csv", "mlperf-inference-llama2-70b-99.9-server", "tokens/s", "queries/s", 72.4427,
			"MLPerf Inference v4.0 measures llama2-70b-99.9 Server in queries/s, not tokens/s", "line 4 "},
		// v4.1: Server is tokens/s too, still labelled Queries/s.
		{"inference-v4.1-gigacomputing.csv", "mlperf-inference-llama2-70b-99-server", "tokens/s", "", 29715.3,
			`summary.csv labels the unit "Queries/s", but MLPerf Inference v4.1 measures llama2-70b-99 Server in tokens per second`, "line 6 "},
		{"inference-v4.1-gigacomputing.csv", "mlperf-inference-mixtral-8x7b-offline", "tokens/s", "", 59334.8,
			`labels the unit "Samples/s", but MLPerf Inference v4.1 measures mixtral-8x7b Offline in tokens per second`, "line 3 "},
		// Not an LLM: the label is right.
		{"inference-v4.1-gigacomputing.csv", "mlperf-inference-retinanet-server", "queries/s", "", 14012.2, "", "line 4 "},
		// v1.1 has no Units column: the scenario gives the unit.
		{"inference-v1.1-alibaba.csv", "mlperf-inference-ssd-mobilenet-offline", "samples/s", "", 8435.99, "", "line 3 "},
		// Training: minutes to train, the value as the file states it.
		{"training-v3.0-gigabyte.csv", "mlperf-training-bert-large", "minutes", "", 5.3491860679680725, "Time to train, in minutes", "line 3, column bert"},
		{"training-v3.1-google.csv", "mlperf-training-gpt-3-175b-subset", "minutes", "", 44.68485, "Accelerator as the source names it: TPU-v5e.", "line 2, column gpt3"},
	}
	for _, tt := range tests {
		t.Run(tt.benchmark, func(t *testing.T) {
			b, r := resultOf(t, loaded(t, tt.file), tt.benchmark, 0)
			if b.Unit != tt.benchUnit || r.Unit != tt.unit || r.Value != tt.value {
				t.Errorf("benchmark unit %q, result %v %q; want %q, %v %q", b.Unit, r.Value, r.Unit, tt.benchUnit, tt.value, tt.unit)
			}
			if !strings.Contains(r.Notes, tt.notes) {
				t.Errorf("notes %q\nwant them to say %q", r.Notes, tt.notes)
			}
			if !strings.HasPrefix(r.Source, "test "+tt.sourceLine) {
				t.Errorf("source %q: want it to cite %q", r.Source, "test "+tt.sourceLine)
			}
			if r.AsOf != "unknown" || r.Date != "" {
				t.Errorf("as_of %q, date %q: summary.csv dates nothing", r.AsOf, r.Date)
			}
		})
	}
}

// TestRowsNotImportedAreReported checks the exact report of rows an
// excerpt holds that cannot be imported, and that the others still are.
func TestRowsNotImportedAreReported(t *testing.T) {
	im := readExcerpt(t, "inference-v3.0-azure.csv", "azure", nil)
	if got := im.Results(); got != 2 {
		t.Errorf("imported %d results, want the 2 on whole A100s", got)
	}
	lines := strings.Split(strings.TrimSpace(stderrOf(im)), "\n")
	want := `testdata/inference-v3.0-azure.csv:2: accelerator "NVIDIA A100-PCIe-80GB (1x1g.10gb MIG)": a MIG slice of a GPU, not a whole one: not imported`
	if len(lines) != 8 || lines[0] != want {
		t.Errorf("got %d lines, the first\n%s\nwant 8, the first\n%s", len(lines), lines[0], want)
	}

	im = readExcerpt(t, "inference-v1.1-alibaba.csv", "alibaba", nil)
	want = `testdata/inference-v1.1-alibaba.csv:2: accelerator "Nvidia Tesla T4": scenario SingleStream gives a latency, not a throughput: not imported
testdata/inference-v1.1-alibaba.csv:4: accelerator "NVIDIA A10": scenario SingleStream gives a latency, not a throughput: not imported
`
	if got := stderrOf(im); got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}

	im = readExcerpt(t, "training-v3.1-google.csv", "google", nil)
	want = `testdata/training-v3.1-google.csv:4: accelerator "TPU-v5e": no time in any benchmark column: not imported
`
	if got := stderrOf(im); got != want {
		t.Errorf("the repeated header (line 3) is skipped, the empty row reported: got\n%swant\n%s", got, want)
	}
}

const inferenceHeader = "Organization,Availability,Division,SystemType,SystemName,Platform,Model,MlperfModel,Scenario,Result,Accuracy,number_of_nodes,host_processor_model_name,host_processors_per_node,host_processor_core_count,accelerator_model_name,accelerators_per_node,Location,framework,operating_system,notes,compliance,errors,version,inferred,has_power,Units\n"

// row is an inference row on 8 H100s with the given cells replaced.
func row(set map[string]string) string {
	names := strings.Split(strings.TrimSpace(inferenceHeader), ",")
	cells := map[string]string{
		"Organization": "Org", "Availability": "available", "Division": "closed", "SystemType": "datacenter", "SystemName": "Box",
		"Platform": "Box_TRT", "Model": "bert-99", "MlperfModel": "bert-99", "Scenario": "Offline", "Result": "100.5", "Accuracy": "90",
		"number_of_nodes": "1", "host_processor_model_name": "CPU", "host_processors_per_node": "2", "host_processor_core_count": "64",
		"accelerator_model_name": "NVIDIA H100-SXM-80GB", "accelerators_per_node": "8", "Location": "closed/Org/results/Box/bert-99/Offline",
		"framework": "TensorRT", "operating_system": "Linux", "notes": "", "compliance": "1", "errors": "0", "version": "v4.0",
		"inferred": "0", "has_power": "False", "Units": "Samples/s",
	}
	for k, v := range set {
		cells[k] = v
	}
	var out []string
	for _, n := range names {
		out = append(out, `"`+cells[n]+`"`)
	}
	return strings.Join(out, ",") + "\n"
}

// TestRowReasons checks why single rows are not imported.
func TestRowReasons(t *testing.T) {
	tests := []struct {
		name string
		set  map[string]string
		opts Options
		want string // "" when the row is imported
	}{
		{"imported", nil, Options{}, ""},
		{"open division, own model name", map[string]string{"Division": "open", "Model": "bert-pruned", "MlperfModel": "bert-99"}, Options{}, ""},
		{"cpu only", map[string]string{"accelerator_model_name": "N/A", "accelerators_per_node": "0"}, Options{},
			`f.csv:2: accelerator "N/A": no accelerator (a CPU-only system): not imported`},
		{"unknown accelerator", map[string]string{"accelerator_model_name": "Qualcomm Cloud AI 100"}, Options{},
			`f.csv:2: accelerator "Qualcomm Cloud AI 100": not in the importer's table of accelerators: name its catalog GPU with -root DIR, or add it to the table: not imported`},
		{"power row", map[string]string{"Units": "Watts"}, Options{},
			`f.csv:2: accelerator "NVIDIA H100-SXM-80GB": unit "Watts" is not a throughput this importer knows (Samples/s, Queries/s, Tokens/s): not imported`},
		{"latency", map[string]string{"Scenario": "MultiStream", "Units": "Latency (ms)"}, Options{},
			`f.csv:2: accelerator "NVIDIA H100-SXM-80GB": scenario MultiStream gives a latency, not a throughput: not imported`},
		{"not a number", map[string]string{"Result": "n/a"}, Options{},
			`f.csv:2: accelerator "NVIDIA H100-SXM-80GB": result "n/a" is not a number: not imported`},
		{"zero", map[string]string{"Result": "0.0"}, Options{},
			`f.csv:2: accelerator "NVIDIA H100-SXM-80GB": result 0.0 is not above zero: not imported`},
		{"no round", map[string]string{"version": ""}, Options{},
			`f.csv:2: accelerator "NVIDIA H100-SXM-80GB": ` + noRound + `: not imported`},
		{"round from -round", map[string]string{"version": ""}, Options{Round: "v4.0"}, ""},
		{"round from the source", map[string]string{"version": ""}, Options{Source: "github.com/mlcommons/inference_results_v4.1 closed/X/summary.csv"}, ""},
		{"llama2 of a round newer than the table", map[string]string{"Model": "llama2-70b-99", "version": "v9.0"}, Options{},
			`f.csv:2: accelerator "NVIDIA H100-SXM-80GB": round v9.0 is newer than the importer's table of token metrics (up to v6.0): cannot tell whether "Samples/s" means tokens/s for llama2-70b-99: not imported`},
		{"llama2 labelled tokens", map[string]string{"Model": "llama2-70b-99", "version": "v9.0", "Units": "Tokens/s"}, Options{}, ""},
		{"site catalog lacks the GPU", nil, Options{GPUs: []*catalog.GPU{{ID: "a100-sxm4-80gb", Name: "A100 SXM4 80GB"}}},
			`f.csv:2: accelerator "NVIDIA H100-SXM-80GB": the importer maps it to gpu "h100-sxm5-80gb", which the catalog's data/gpus/ lacks: not imported`},
		{"site catalog by name", map[string]string{"accelerator_model_name": "NVIDIA GH200-96GB"}, Options{GPUs: []*catalog.GPU{{ID: "gh200", Name: "GH200 96GB"}}}, ""},
		{"site catalog by id", map[string]string{"accelerator_model_name": "NVIDIA GH200"}, Options{GPUs: []*catalog.GPU{{ID: "gh200", Name: "GH200 Grace Hopper Superchip"}}}, ""},
		{"site catalog, no match", map[string]string{"accelerator_model_name": "NVIDIA GB300"}, Options{GPUs: []*catalog.GPU{{ID: "gh200", Name: "GH200 96GB"}}},
			`f.csv:2: accelerator "NVIDIA GB300": matches no GPU of the catalog's data/gpus/ by id or name: add the GPU there, or to the importer's table: not imported`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			im, err := Read(strings.NewReader(inferenceHeader+row(tt.set)), "f.csv", tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(stderrOf(im)); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			want := 0
			if tt.want == "" {
				want = 1
			}
			if im.Results() != want {
				t.Errorf("imported %d results, want %d", im.Results(), want)
			}
		})
	}
}

// TestGPUCount checks that the count is accelerators per node times
// nodes, and absent (with a note) when summary.csv does not give it.
func TestGPUCount(t *testing.T) {
	for _, tt := range []struct {
		perNode, nodes string
		want           string
	}{
		{"8", "1", "gpu_count: 8\n"},
		{"8", "4", "gpu_count: 32\n"},
		{"", "1", "summary.csv gives no accelerator count: listed, not costed."},
	} {
		im, err := Read(strings.NewReader(inferenceHeader+row(map[string]string{"accelerators_per_node": tt.perNode, "number_of_nodes": tt.nodes})), "f.csv", Options{})
		if err != nil {
			t.Fatal(err)
		}
		if out := string(yamlOf(t, im)); !strings.Contains(out, tt.want) {
			t.Errorf("%s per node × %s nodes: want %q in\n%s", tt.perNode, tt.nodes, tt.want, out)
		}
	}
}

// TestUnreadableFiles checks the errors that stop an import: they name
// the missing column or the malformed line.
func TestUnreadableFiles(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"empty", "", "f.csv: empty file: want a summary.csv with a header line"},
		{"not a summary", "a,b,c\n1,2,3\n", "f.csv:1: not an MLCommons summary.csv: want the columns of an inference round (Organization, Division, SystemName, Model, Scenario, Result, accelerator_model_name, accelerators_per_node) or of a training round (division, submitter, system, accelerator_model_name, accelerators_count, and one column per benchmark)"},
		{"inference column missing", strings.Replace(inferenceHeader, "Result,", "", 1),
			`f.csv:1: column "Result" is missing: an MLPerf Inference summary.csv has Organization, Division, SystemName, Model, Scenario, Result, accelerator_model_name, accelerators_per_node`},
		{"two columns missing", "Scenario,Result\n",
			`f.csv:1: columns "Organization", "Division", "SystemName", "Model", "accelerator_model_name", "accelerators_per_node" are missing: an MLPerf Inference summary.csv has Organization, Division, SystemName, Model, Scenario, Result, accelerator_model_name, accelerators_per_node`},
		{"training column missing", "division,submitter,system,accelerators_count,bert\nclosed,X,Y,8,10\n",
			`f.csv:1: column "accelerator_model_name" is missing: an MLPerf Training summary.csv has division, submitter, system, accelerator_model_name, accelerators_count`},
		{"training without benchmarks", "division,submitter,system,accelerator_model_name,accelerators_count,details_url\n",
			"f.csv:1: no benchmark columns: a training summary.csv has one column per benchmark (bert, gpt3 …) after its system columns"},
		{"short row", inferenceHeader + row(nil) + "Org,available,closed\n",
			"f.csv:3: malformed row: 3 fields where the header has 27 (a field holding a comma must be quoted)"},
		{"bare quote", inferenceHeader + row(nil) + `Org,avail"able` + "\n",
			`f.csv:3:10: malformed CSV: bare " in non-quoted-field`},
		{"unterminated quote", inferenceHeader + `"Org,available` + "\n",
			`f.csv:2:16: malformed CSV: extraneous or missing " in quoted-field`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.in), "f.csv", Options{})
			if err == nil || err.Error() != tt.want {
				t.Errorf("got  %v\nwant %s", err, tt.want)
			}
		})
	}
}

// TestAcceleratorNames checks the table on names as MLCommons files spell
// them.
func TestAcceleratorNames(t *testing.T) {
	for name, want := range map[string]string{
		"NVIDIA H100-SXM-80GB":           "h100-sxm5-80gb",
		"H100-SXM5-80GB":                 "h100-sxm5-80gb",
		"NVIDIA H100-PCIe-80GB":          "h100-pcie-80gb",
		"NVIDIA H200-SXM-141GB":          "h200-sxm-141gb",
		"AMD Instinct MI300X":            "mi300x",
		"AMD Instinct MI300X 192GB HBM3": "mi300x",
		"MI300X 192GB (750W)":            "mi300x",
		"NVIDIA L40S":                    "l40s-pcie-48gb",
		"NVIDIA A100-SXM-80GB":           "a100-sxm4-80gb",
		"NVIDIA A100-PCIe-80GB":          "a100-pcie-80gb",
		"NVIDIA A30-PCIE-24GB":           "a30-pcie-24gb",
		"Nvidia Tesla T4":                "t4-pcie-16gb",
		"NVIDIA GeForce RTX 4090":        "rtx-4090",
		"TPU-v5e":                        "tpu-v5e",
	} {
		if got, why := (matcher{}).match(name); got != want {
			t.Errorf("%q: got %q (%s), want %q", name, got, why, want)
		}
	}
}

// TestOpenDivisionTask files an open-division result, whose Model is the
// submitter's own, under the benchmark it stands for, saying so.
func TestOpenDivisionTask(t *testing.T) {
	in := inferenceHeader + row(map[string]string{"Division": "open", "Model": "bert-pruned", "MlperfModel": "bert-99"}) +
		row(map[string]string{"Division": "open", "Model": "resnet50", "MlperfModel": "resnet"})
	im, err := Read(strings.NewReader(in), "f.csv", Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := string(yamlOf(t, im))
	for _, want := range []string{"id: mlperf-inference-bert-99-offline\n", "Model as submitted: bert-pruned.", "id: mlperf-inference-resnet50-offline\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("want %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "Model as submitted: resnet50") {
		t.Errorf("resnet50 is the benchmark's own name, yet the notes call it the submitter's:\n%s", out)
	}
}
