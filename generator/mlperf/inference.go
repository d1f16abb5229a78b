package mlperf

import (
	"fmt"
	"strconv"
	"strings"
)

// inferenceColumns are the columns an inference summary.csv must have.
// Every round from v1.1 to v4.1 has them; v3.0 and later add Units (before,
// the scenario gives the unit), and v3.0 spells compliance "compilance".
var inferenceColumns = []string{"Organization", "Division", "SystemName", "Model", "Scenario", "Result", "accelerator_model_name", "accelerators_per_node"}

var scenarios = map[string]string{
	"offline": "Offline", "server": "Server", "interactive": "Interactive",
	"singlestream": "SingleStream", "multistream": "MultiStream",
}

// resultsFolder maps MlperfModel names that are not benchmark names to
// the benchmark they stand for (for open-division rows, whose Model is
// the submitter's own).
var resultsFolder = map[string]string{"resnet": "resnet50"}

// inference imports one row of an inference summary.csv: one result of
// one (task, scenario).
func (rd *reader) inference(line int, rec []string) {
	get := func(col string) string { return rd.cols.get(rec, col) }
	accel := get("accelerator_model_name")

	scenario, ok := scenarios[strings.ToLower(get("Scenario"))]
	if !ok {
		rd.skip(line, accel, "scenario %q is not one of Offline, Server, Interactive, SingleStream, MultiStream", get("Scenario"))
		return
	}
	task, modelNote := get("Model"), note{}
	if mlperfModel := get("MlperfModel"); strings.EqualFold(get("Division"), "open") && mlperfModel != "" && mlperfModel != task {
		submitted := task
		task = mlperfModel
		if t, ok := resultsFolder[task]; ok {
			task = t
		}
		if task != submitted {
			modelNote = quoted("Model as submitted: ", "提交时的模型名称：", submitted, ".")
		}
	}
	if slug(task) == "" {
		rd.skip(line, accel, "model %q makes no benchmark id", task)
		return
	}
	version := rd.version(get("version"))
	if version == "" {
		rd.skip(line, accel, noRound)
		return
	}
	unit, unitNote, why := inferenceUnit(version, task, scenario, get("Units"))
	if why != "" {
		rd.skip(line, accel, "%s", why)
		return
	}
	value, why := parseValue(get("Result"))
	if why != "" {
		rd.skip(line, accel, "%s", why)
		return
	}
	gpu, why := rd.match.match(accel)
	if why != "" {
		rd.skip(line, accel, "%s", why)
		return
	}

	count, countNote := 0, countUnknown
	perNode, err1 := strconv.Atoi(get("accelerators_per_node"))
	nodes, err2 := strconv.Atoi(get("number_of_nodes"))
	if !rd.cols.has("number_of_nodes") {
		nodes, err2 = 1, nil
	}
	if err1 == nil && err2 == nil && perNode > 0 && nodes > 0 {
		count, countNote = perNode*nodes, note{}
		if nodes > 1 {
			countNote = nodesNote(fmt.Sprintf("%d nodes of %d accelerators each.", nodes, perNode), nodes, perNode)
		}
	}
	var inferred, avail, host, notes note
	if get("inferred") == "1" || get("infered") == "1" {
		inferred = inferredNote
	}
	if a := get("Availability"); a != "" && !strings.EqualFold(a, "available") {
		avail = availability(a)
	}
	if p := stated(get("host_processor_model_name")); p != "" {
		host = hostNote(get("host_processors_per_node"), p)
	}
	if n := stated(get("notes")); n != "" {
		notes = submitterNotes(n)
	}
	where := ""
	if loc := get("Location"); loc != "" {
		where = " (" + loc + ")"
	}

	en, zh := sentences(unitNote, inferred, avail, countNote, modelNote, accelNote(accel), host, notes)
	rd.add(line, benchmarkHead{
		ID:             "mlperf-inference-" + slug(task) + "-" + slug(scenario),
		Name:           fmt.Sprintf("MLPerf Inference %s, %s", task, scenario),
		Suite:          "mlperf-inference",
		Task:           task,
		Scenario:       scenario,
		Metric:         "throughput",
		Unit:           benchmarkUnit(task, scenario),
		HigherIsBetter: true,
	}, &result{
		Round:     "Inference " + version,
		Division:  strings.ToLower(get("Division")),
		Submitter: get("Organization"),
		System:    get("SystemName"),
		GPU:       gpu,
		GPUCount:  count,
		Value:     value,
		Unit:      unit,
		Software:  stated(get("framework")),
		AsOf:      "unknown",
		Notes:     en,
		I18n:      notesI18n(zh),
		Source:    rd.cite(line, where),
	})
}
