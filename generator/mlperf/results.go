package mlperf

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
)

// A results repository of an MLPerf Training round (mlcommons/
// training_results_v5.0) has no summary.csv: each submitter's folder holds
// its system descriptions, systems/<system>.json, and the logs of every
// run, results/<system>/<benchmark>/result_*.txt, with a scaling.json
// where the round scales the score. ReadResults reads them and scores
// each benchmark of each system as MLCommons' result summarizer does:
// each run's time from run_start to run_stop in minutes, the fastest and
// the slowest dropped and the rest averaged (the olympic mean), times the
// scaling factor. Each system becomes one row of a training summary.csv
// (with its nodes) and is imported as such.

// systemDesc is what a system description states that the import uses.
// Its counts are strings in most files and numbers in some.
type systemDesc struct {
	Submitter       string   `json:"submitter"`
	Division        string   `json:"division"`
	Status          string   `json:"status"`
	SystemName      string   `json:"system_name"`
	Nodes           flexText `json:"number_of_nodes"`
	HostPerNode     flexText `json:"host_processors_per_node"`
	HostProcessor   string   `json:"host_processor_model_name"`
	PerNode         flexText `json:"accelerators_per_node"`
	Accelerator     string   `json:"accelerator_model_name"`
	Framework       string   `json:"framework"`
	HardwareNotes   string   `json:"hw_notes"`
	AcceleratorLink string   `json:"accelerator_interconnect"`
}

// flexText is a JSON string or number, kept as text.
type flexText string

func (f *flexText) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*f = flexText(strings.TrimSpace(s))
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("want a number or a string, got %s", b)
	}
	*f = flexText(n.String())
	return nil
}

// count is the text as a count above zero; 0 when it is not one.
func (f flexText) count() int {
	n, err := strconv.Atoi(string(f))
	if err != nil || n <= 0 {
		return 0
	}
	return n
}

// minRuns is the fewest runs an olympic mean can be taken of: one is
// dropped at each end.
const minRuns = 3

// ReadResults reads the MLPerf Training results of a results repository
// in fsys: of one submitter when fsys holds systems/ and results/, else
// of every folder of fsys that does. name names fsys in messages. Only
// the benchmarks of Options.Benchmarks are read, when it names any. A
// benchmark whose runs cannot be scored (a run without run_start or
// run_stop, one that did not succeed, fewer than three runs, a system
// with no description) is not imported, and listed as Read lists rows.
func ReadResults(fsys fs.FS, name string, opts Options) (*Import, error) {
	subs, err := submitters(fsys)
	if err != nil {
		return nil, &Error{File: name, Msg: err.Error()}
	}
	if len(subs) == 0 {
		return nil, &Error{File: name, Msg: "not an MLPerf Training results folder: want systems/ and results/ (one submitter's) or folders that hold them (a results repository such as mlcommons/training_results_v5.0)"}
	}
	im := &Import{Source: cmp.Or(opts.Source, name), byID: map[string]*spooled{}}
	rd := &reader{im: im, file: name, opts: opts, match: matcher{gpus: opts.GPUs}}
	for _, sub := range subs {
		if err := rd.submitter(fsys, sub); err != nil {
			im.Close()
			return nil, err
		}
		if rd.err != nil {
			im.Close()
			return nil, rd.err
		}
	}
	return im, nil
}

// submitters are the folders of fsys holding systems/ and results/, "."
// when fsys itself does, in name order.
func submitters(fsys fs.FS) ([]string, error) {
	isDir := func(p string) bool {
		st, err := fs.Stat(fsys, p)
		return err == nil && st.IsDir()
	}
	if isDir("systems") && isDir("results") {
		return []string{"."}, nil
	}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && isDir(path.Join(e.Name(), "systems")) && isDir(path.Join(e.Name(), "results")) {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

// submitter imports the systems of one submitter's folder, each system's
// benchmarks in name order.
func (rd *reader) submitter(fsys fs.FS, sub string) error {
	systems, err := fs.ReadDir(fsys, path.Join(sub, "results"))
	if err != nil {
		return &Error{File: rd.file, Msg: err.Error()}
	}
	for _, sys := range systems {
		if !sys.IsDir() {
			continue
		}
		dir := path.Join(sub, "results", sys.Name())
		benches, err := fs.ReadDir(fsys, dir)
		if err != nil {
			return &Error{File: rd.file, Msg: err.Error()}
		}
		var wanted []string
		for _, b := range benches {
			if b.IsDir() && (len(rd.opts.Benchmarks) == 0 || slices.Contains(rd.opts.Benchmarks, b.Name())) {
				wanted = append(wanted, b.Name())
			}
		}
		if len(wanted) == 0 {
			continue
		}
		descPath := path.Join(sub, "systems", sys.Name()+".json")
		desc, why := readSystem(fsys, descPath)
		if why != "" {
			for _, b := range wanted {
				rd.skipPath(path.Join(dir, b), "", "%s", why)
			}
			continue
		}
		for _, b := range wanted {
			rd.system(fsys, desc, descPath, path.Join(dir, b), b)
			if rd.err != nil {
				return nil
			}
		}
	}
	return nil
}

// readSystem reads a system description; why says what is wrong with it.
func readSystem(fsys fs.FS, p string) (*systemDesc, string) {
	data, err := fs.ReadFile(fsys, p)
	if err != nil {
		return nil, fmt.Sprintf("no system description %s", p)
	}
	var d systemDesc
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, fmt.Sprintf("system description %s is not readable JSON: %v", p, err)
	}
	return &d, ""
}

// skipPath lists a benchmark of a system not imported; its place is the
// folder of its runs.
func (rd *reader) skipPath(where, accel, format string, args ...any) {
	file := rd.file
	rd.file = path.Join(rd.file, where)
	rd.skip(0, accel, format, args...)
	rd.file = file
}

// system imports one benchmark of one system as a row of a training
// summary.csv.
func (rd *reader) system(fsys fs.FS, d *systemDesc, descPath, dir, bench string) {
	score, runs, scaling, why := scoreRuns(fsys, dir)
	if why != "" {
		rd.skipPath(dir, d.Accelerator, "%s", why)
		return
	}
	nodes, per := d.Nodes.count(), d.PerNode.count()
	total, hosts := "", ""
	if nodes > 0 && per > 0 {
		total = strconv.Itoa(nodes * per)
	}
	if h := d.HostPerNode.count(); h > 0 && nodes > 0 {
		hosts = strconv.Itoa(h * nodes)
	}
	var shape note
	if nodes > 0 && per > 0 {
		shape = nodesNote(fmt.Sprintf("%d nodes of %d accelerators.", nodes, per), nodes, per)
		if nodes == 1 {
			shape = nodesNote(fmt.Sprintf("1 node of %d accelerators.", per), nodes, per)
		}
	}
	row := map[string]string{
		"division": d.Division, "availability": d.Status, "submitter": d.Submitter, "system": d.SystemName,
		"host_processor_model_name": d.HostProcessor, "host_processors_count": hosts,
		"accelerator_model_name": d.Accelerator, "accelerators_count": total, "number_of_nodes": string(d.Nodes),
		"framework": d.Framework, "notes": d.HardwareNotes, bench: strconv.FormatFloat(score, 'f', -1, 64),
	}
	names := append(slices.Clone(trainingInfo), bench)
	rec := make([]string, len(names))
	for i, n := range names {
		rec[i] = row[n]
	}
	rd.cols, rd.trainingBenchmarks = columns(names), []string{bench}
	rd.source = fmt.Sprintf("%s %s/result_*.txt, %s", rd.im.Source, dir, descPath)
	rd.extra = []note{shape, scoredNote(runs, scaling)}
	rd.training(0, rec)
	rd.source, rd.extra = "", nil
}

// scoreRuns scores the runs in dir: the olympic mean of their minutes,
// times scaling.json's factor where there is one (given as written).
func scoreRuns(fsys fs.FS, dir string) (score float64, runs int, scaling, why string) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return 0, 0, "", err.Error()
	}
	var minutes []float64
	factor := 1.0
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == "scaling.json":
			data, err := fs.ReadFile(fsys, path.Join(dir, name))
			var s struct {
				Factor *float64 `json:"scaling_factor"`
			}
			if err != nil || json.Unmarshal(data, &s) != nil || s.Factor == nil || *s.Factor <= 0 {
				return 0, 0, "", "scaling.json holds no scaling_factor above zero"
			}
			factor, scaling = *s.Factor, strconv.FormatFloat(*s.Factor, 'f', -1, 64)
		case strings.HasPrefix(name, "result_") && strings.HasSuffix(name, ".txt"):
			m, why := runMinutes(fsys, path.Join(dir, name))
			if why != "" {
				return 0, 0, "", why
			}
			minutes = append(minutes, m)
		}
	}
	if len(minutes) < minRuns {
		return 0, 0, "", fmt.Sprintf("%d runs: the olympic mean needs at least %d", len(minutes), minRuns)
	}
	slices.Sort(minutes)
	sum := 0.0
	for _, m := range minutes[1 : len(minutes)-1] {
		sum += m
	}
	score = sum / float64(len(minutes)-2) * factor
	return math.Round(score*1e10) / 1e10, len(minutes), scaling, ""
}

// mllog is the part of an MLLOG line the score needs.
type mllog struct {
	TimeMS   float64 `json:"time_ms"`
	Key      string  `json:"key"`
	Metadata struct {
		Status string `json:"status"`
	} `json:"metadata"`
}

// runMinutes is the time of one run from its log: run_start to run_stop,
// which must say the run succeeded.
func runMinutes(fsys fs.FS, p string) (float64, string) {
	f, err := fsys.Open(p)
	if err != nil {
		return 0, err.Error()
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var start, stop *mllog
	for sc.Scan() {
		line := sc.Text()
		i := strings.Index(line, ":::MLLOG")
		if i < 0 || !strings.Contains(line, `"run_st`) {
			continue
		}
		var m mllog
		if json.Unmarshal([]byte(strings.TrimSpace(line[i+len(":::MLLOG"):])), &m) != nil {
			continue
		}
		switch m.Key {
		case "run_start":
			if start == nil {
				start = &m
			}
		case "run_stop":
			stop = &m
		}
	}
	if err := sc.Err(); err != nil {
		return 0, fmt.Sprintf("%s: %v", p, err)
	}
	switch {
	case start == nil || stop == nil:
		return 0, fmt.Sprintf("%s has no run_start and run_stop", p)
	case stop.Metadata.Status != "success":
		return 0, fmt.Sprintf("%s: the run did not succeed (status %q); the import does not score a benchmark with a failed run", p, stop.Metadata.Status)
	case stop.TimeMS <= start.TimeMS:
		return 0, fmt.Sprintf("%s: run_stop is not after run_start", p)
	}
	return (stop.TimeMS - start.TimeMS) / 60000, ""
}
