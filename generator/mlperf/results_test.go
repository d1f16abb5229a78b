package mlperf

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// runLog is a result_N.txt as the training results repositories hold
// it: MLLOG lines among other output, run_start to run_stop taking the
// given minutes.
func runLog(minutes float64, status string) string {
	start := int64(1745938657916)
	stop := start + int64(minutes*60000)
	return strings.Join([]string{
		`:::MLLOG {"namespace": "", "time_ms": 1745938373714, "event_type": "POINT_IN_TIME", "key": "submission_benchmark", "value": "llama2_70b_lora", "metadata": {"file": "/workspace/ft-llm/train.py", "lineno": 328}}`,
		`[NeMo I 2025-04-29 14:57:37] some trainer output`,
		fmt.Sprintf(`:::MLLOG {"namespace": "", "time_ms": %d, "event_type": "INTERVAL_START", "key": "run_start", "value": null, "metadata": {"file": "/usr/local/lib/python3.12/dist-packages/mlperf_common/callbacks/logging.py", "lineno": 83}}`, start),
		`:::MLLOG {"namespace": "", "time_ms": 1745938700000, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "value": 0.93, "metadata": {"file": "x.py", "lineno": 1, "samples_count": 3072}}`,
		fmt.Sprintf(`:::MLLOG {"namespace": "", "time_ms": %d, "event_type": "INTERVAL_END", "key": "run_stop", "value": null, "metadata": {"file": "/usr/local/lib/python3.12/dist-packages/mlperf_common/callbacks/logging.py", "lineno": 106, "samples_count": 3072, "status": "%s"}}`, stop, status),
		``,
	}, "\n")
}

// system is a system description as systems/<system>.json holds it (the
// fields the import reads, and a few it does not).
const system = `{
  "submitter": "Nebius",
  "division": "closed",
  "status": "Available cloud",
  "system_name": "nebius_8xH200_n2",
  "number_of_nodes": "2",
  "host_processors_per_node": "2",
  "host_processor_model_name": "Intel(R) Xeon(R) Platinum 8468",
  "accelerators_per_node": "8",
  "accelerator_model_name": "NVIDIA H200-SXM5-141GB",
  "accelerator_interconnect": "NVLINK Gen4 900 GB/s + NVSWITCH Gen3",
  "framework": "NVIDIA NeMo Framework Release 25.01",
  "hw_notes": "",
  "other_software_stack": {"cuda_version": "12.8.0.038"}
}`

// TestReadResultsScoresRunsAsTheSummarizer imports one submitter's
// folder. The five runs of llama2_70b_lora took 10, 12, 11, 15 and 9
// minutes: the fastest (9) and the slowest (15) are dropped and the rest
// averaged, (10 + 11 + 12) / 3 = 11, times scaling.json's 1.1 = 12.1
// minutes. The system had 2 nodes of 8 H200s: 16 GPUs on 2 nodes. The
// gpt3 runs include one that did not succeed: not imported, and listed.
func TestReadResultsScoresRunsAsTheSummarizer(t *testing.T) {
	fsys := fstest.MapFS{
		"Nebius/systems/nebius_8xH200_n2.json":                         {Data: []byte(system)},
		"Nebius/results/nebius_8xH200_n2/llama2_70b_lora/scaling.json": {Data: []byte(`{"scaling_factor": 1.1}`)},
		"Nebius/results/nebius_8xH200_n2/gpt3/result_0.txt":            {Data: []byte(runLog(100, "success"))},
		"Nebius/results/nebius_8xH200_n2/gpt3/result_1.txt":            {Data: []byte(runLog(101, "aborted"))},
		"Nebius/results/nebius_8xH200_n2/gpt3/result_2.txt":            {Data: []byte(runLog(102, "success"))},
		"Nebius/results/nebius_8xH200_n2/bert/result_0.txt":            {Data: []byte(runLog(5, "success"))},
		"Nebius/benchmarks/llama2_70b_lora/README.md":                  {Data: []byte("code, not results")},
	}
	for i, m := range []float64{10, 12, 11, 15, 9} {
		fsys[fmt.Sprintf("Nebius/results/nebius_8xH200_n2/llama2_70b_lora/result_%d.txt", i)] = &fstest.MapFile{Data: []byte(runLog(m, "success"))}
	}
	var skipped []string
	im, err := ReadResults(fsys, "training_results_v5.0", Options{
		Source:      "github.com/mlcommons/training_results_v5.0 @0fdc28f",
		Benchmarks:  []string{"llama2_70b_lora", "gpt3"},
		NotImported: func(s Skip) { skipped = append(skipped, s.String()) },
	})
	if err != nil {
		t.Fatal(err)
	}
	defer im.Close()
	out, err := im.YAML()
	if err != nil {
		t.Fatal(err)
	}
	want := `# data/benchmarks/mlperf-training-llama2-70b-lora.yaml
id: mlperf-training-llama2-70b-lora
name: MLPerf Training Llama 2 70B LoRA
suite: mlperf-training
task: Llama 2 70B LoRA
metric: time
unit: minutes
higher_is_better: false
results:
  - round: Training v5.0
    division: closed
    submitter: Nebius
    system: nebius_8xH200_n2
    gpu: h200-sxm-141gb
    gpu_count: 16
    nodes: 2
    value: 12.1
    software: NVIDIA NeMo Framework Release 25.01
    as_of: unknown
    notes: 'Time to train, in minutes as MLPerf Training reports it. 2 nodes of 8 accelerators. Scored from the logs of its 5 runs as MLCommons'' result summarizer does: the time from run_start to run_stop of each, the fastest and slowest dropped and the rest averaged, times the scaling factor 1.1 of scaling.json. Availability: Available cloud. Accelerator as the source names it: NVIDIA H200-SXM5-141GB. Host: 4x Intel(R) Xeon(R) Platinum 8468.'
    i18n:
      zh-CN:
        notes: 训练用时，以分钟计，与MLPerf Training的报告口径一致。2个节点，每节点8块加速卡。按MLCommons结果汇总程序的方法，由其5次运行的日志计分：每次运行取` + "`run_start`到`run_stop`的时长，去掉最快和最慢的各一次，其余取平均，再乘以`scaling.json`中的缩放系数1.1。上市状态：已上市（云服务）。来源对该加速卡的称呼：`NVIDIA H200-SXM5-141GB`。主机处理器：4颗`Intel(R) Xeon(R) Platinum 8468`。" + `
    source: github.com/mlcommons/training_results_v5.0 @0fdc28f Nebius/results/nebius_8xH200_n2/llama2_70b_lora/result_*.txt, Nebius/systems/nebius_8xH200_n2.json
`
	if !strings.Contains(string(out), want) {
		t.Errorf("import:\n%s\nwant it to hold:\n%s", out, want)
	}
	if im.Results() != 1 || im.Benchmarks() != 1 {
		t.Errorf("%d results in %d benchmarks, want 1 in 1 (bert is not asked for, gpt3 has a failed run)", im.Results(), im.Benchmarks())
	}
	wantSkip := `training_results_v5.0/Nebius/results/nebius_8xH200_n2/gpt3: accelerator "NVIDIA H200-SXM5-141GB": Nebius/results/nebius_8xH200_n2/gpt3/result_1.txt: the run did not succeed (status "aborted"); the import does not score a benchmark with a failed run: not imported`
	if len(skipped) != 1 || skipped[0] != wantSkip {
		t.Errorf("not imported:\n%q\nwant\n%q", skipped, wantSkip)
	}
}

// TestReadResultsRefusesAFolderOfNoResults checks the error for a folder
// that is not a results repository.
func TestReadResultsRefusesAFolderOfNoResults(t *testing.T) {
	_, err := ReadResults(fstest.MapFS{"README.md": {Data: []byte("x")}}, "somewhere", Options{})
	want := "somewhere: not an MLPerf Training results folder: want systems/ and results/ (one submitter's) or folders that hold them (a results repository such as mlcommons/training_results_v5.0)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestReadResultsNeedsThreeRuns checks that two runs, too few for an
// olympic mean, are not scored.
func TestReadResultsNeedsThreeRuns(t *testing.T) {
	fsys := fstest.MapFS{
		"systems/s.json":                         {Data: []byte(system)},
		"results/s/llama2_70b_lora/result_0.txt": {Data: []byte(runLog(10, "success"))},
		"results/s/llama2_70b_lora/result_1.txt": {Data: []byte(runLog(11, "success"))},
	}
	var skipped []string
	im, err := ReadResults(fsys, "sub", Options{Round: "v5.0", NotImported: func(s Skip) { skipped = append(skipped, s.Reason) }})
	if err != nil {
		t.Fatal(err)
	}
	defer im.Close()
	if im.Results() != 0 || len(skipped) != 1 || skipped[0] != "2 runs: the olympic mean needs at least 3" {
		t.Errorf("%d results, skipped %q", im.Results(), skipped)
	}
}
