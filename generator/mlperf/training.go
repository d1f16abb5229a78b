package mlperf

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// trainingColumns are the columns a training summary.csv must have. Its
// other columns, past the ones in trainingInfo, hold one benchmark each:
// the minutes to train, empty where the system did not run it. The set
// changes between rounds (v3.1 adds stable_diffusion).
var trainingColumns = []string{"division", "submitter", "system", "accelerator_model_name", "accelerators_count"}

// trainingInfo are the columns of a training summary.csv that describe
// the system rather than hold a benchmark.
var trainingInfo = []string{"division", "availability", "submitter", "system", "host_processor_model_name", "host_processors_count",
	"accelerator_model_name", "accelerators_count", "number_of_nodes", "framework", "notes", "details_url", "code_url"}

// trainingTask names a training benchmark column as the catalog does.
type trainingTask struct{ id, name string }

var trainingTasks = map[string]trainingTask{
	"bert":             {"bert-large", "BERT-large"},
	"dlrm_dcnv2":       {"dlrm-dcnv2", "DLRM-dcnv2"},
	"gpt3":             {"gpt-3-175b-subset", "GPT-3 175B (subset)"},
	"unet3d":           {"3d-u-net", "3D U-Net"},
	"stable_diffusion": {"stable-diffusion", "Stable Diffusion"},
	"resnet":           {"resnet50", "ResNet-50"},
	"maskrcnn":         {"mask-r-cnn", "Mask R-CNN"},
	"rnnt":             {"rnn-t", "RNN-T"},
	"llama2_70b_lora":  {"llama2-70b-lora", "Llama 2 70B LoRA"},
	"llama31_8b":       {"llama3.1-8b", "Llama 3.1 8B"},
	"llama31_405b":     {"llama3.1-405b", "Llama 3.1 405B"},
	"rgat":             {"r-gat", "R-GAT"},
	"flux1":            {"flux.1", "Flux.1"},
}

// taskOf names the benchmark of a column in a round. The column "ssd" is
// the RetinaNet benchmark from Training v2.0 on (SSD-ResNet34 before).
func taskOf(column, version string) trainingTask {
	if column == "ssd" && !newerRound("v2.0", version) {
		return trainingTask{"retinanet", "RetinaNet"}
	}
	if t, ok := trainingTasks[column]; ok {
		return t
	}
	return trainingTask{slug(column), column}
}

func (rd *reader) findTrainingBenchmarks(names []string) error {
	for _, n := range names {
		key := strings.ToLower(strings.TrimSpace(n))
		if !slices.Contains(trainingInfo, key) && key != "" {
			rd.trainingBenchmarks = append(rd.trainingBenchmarks, key)
		}
	}
	if len(rd.trainingBenchmarks) == 0 {
		return &Error{File: rd.file, Line: 1, Msg: "no benchmark columns: a training summary.csv has one column per benchmark (bert, gpt3 …) after its system columns"}
	}
	return nil
}

// training imports one row of a training summary.csv: one result for
// each benchmark column that holds a time.
func (rd *reader) training(line int, rec []string) {
	get := func(col string) string { return rd.cols.get(rec, col) }
	accel := get("accelerator_model_name")

	var filled []string
	for _, col := range rd.trainingBenchmarks {
		if get(col) != "" {
			filled = append(filled, col)
		}
	}
	if len(filled) == 0 {
		rd.skip(line, accel, "no time in any benchmark column")
		return
	}
	version := rd.version(cmp.Or(get("details_url"), get("code_url")))
	if version == "" {
		rd.skip(line, accel, noRound)
		return
	}
	gpu, why := rd.match.match(accel)
	if why != "" {
		rd.skip(line, accel, "%s", why)
		return
	}
	count, countNote := 0, countUnknown
	if n, err := strconv.Atoi(get("accelerators_count")); err == nil && n > 0 {
		count, countNote = n, note{}
	}
	nodes := 0 // stated from Training v4.0 on; kept when it divides the count
	if n, err := strconv.Atoi(get("number_of_nodes")); err == nil && n > 0 && count > 0 && count%n == 0 {
		nodes = n
	}
	var avail, host, notes, details note
	if a := get("availability"); a != "" && !strings.EqualFold(a, "available") {
		avail = availability(a)
	}
	if p := stated(get("host_processor_model_name")); p != "" {
		host = hostNote(get("host_processors_count"), p)
	}
	if n := stated(get("notes")); n != "" {
		notes = submitterNotes(n)
	}
	if u := get("details_url"); strings.HasPrefix(u, "https://") {
		details = note{"System description: " + u, "系统说明：" + u}
	}

	en, zh := sentences(slices.Concat([]note{trainingTime}, rd.extra, []note{avail, countNote, accelNote(accel), host, notes, details})...)
	for _, col := range filled {
		value, why := parseValue(get(col))
		if why != "" {
			rd.skip(line, accel, "column %s: %s", col, why)
			continue
		}
		t := taskOf(col, version)
		rd.add(line, benchmarkHead{
			ID:             "mlperf-training-" + t.id,
			Name:           "MLPerf Training " + t.name,
			Suite:          "mlperf-training",
			Task:           t.name,
			Metric:         "time",
			Unit:           minutes,
			HigherIsBetter: false,
		}, &result{
			Round:     "Training " + version,
			Division:  strings.ToLower(get("division")),
			Submitter: get("submitter"),
			System:    get("system"),
			GPU:       gpu,
			GPUCount:  count,
			Nodes:     nodes,
			Value:     value,
			Unit:      minutes,
			Software:  stated(get("framework")),
			AsOf:      "unknown",
			Notes:     en,
			I18n:      notesI18n(zh),
			Source:    cmp.Or(rd.source, rd.cite(line, ", column "+col)),
		})
	}
}
