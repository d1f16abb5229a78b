// Package mlperf imports MLCommons results into the catalog. It stands
// beside the build pipeline, before its first stage: it takes a results
// summary.csv of an MLPerf Inference or Training round and hands on
// benchmark files in the schema of data/benchmarks/ (one per task and
// scenario), with every row it could not import and why.
//
// Reading a row takes three steps: the accelerator name is mapped to a
// catalog GPU id (accelerators.go), the unit is corrected where
// summary.csv mislabels it (units.go: MLPerf measures some LLM results in
// tokens per second while the file says "Samples/s"), and the value is
// kept as the file states it, cited by file and line.
//
// An import streams: each row's result is encoded as it is read and kept
// in a spool (spool.go), in memory or past a few megabytes in a
// temporary file, so memory stays bounded however long the file; only
// the benchmarks and where their results lie stay in memory until the
// output is written, benchmark by benchmark.
package mlperf

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"gpucompare/generator/catalog"
)

// Options are what the file itself may not say.
type Options struct {
	// Source cites the file in every result: repository, commit and path,
	// such as "github.com/mlcommons/inference_results_v4.0 @3c4a1cf
	// closed/GigaComputing/summary.csv". Empty means the file name.
	Source string
	// Round is the version of the round ("v3.1") for rows that do not
	// state it; empty means it is taken from Source or the file name when
	// they name a results repository (inference_results_v4.0).
	Round string
	// GPUs are a site's catalog GPUs: accelerators are then mapped only to
	// these, by the importer's table or by their ids and names. Nil maps
	// by the table to the ids of the shipped catalog.
	GPUs []*catalog.GPU
	// NotImported, if set, is given each row (or, in a training file,
	// each cell) not imported as it is read; else they are kept in
	// Import.Skipped, which grows with the file.
	NotImported func(Skip)
	// Benchmarks, when it names any, are the only benchmarks ReadResults
	// reads, by the folder names of the round (llama2_70b_lora, gpt3 …).
	Benchmarks []string
}

// Import is what was read from one summary.csv. Close frees what it
// holds.
type Import struct {
	Source string
	// Skipped are the rows (or, in a training file, the cells) not
	// imported, unless Options.NotImported took them.
	Skipped []Skip

	byID    map[string]*spooled
	spool   spool
	skips   int
	results int
}

// spooled is a benchmark whose results are in the spool.
type spooled struct {
	head    benchmarkHead
	results int
	spans   []span // in file order; adjacent results make one span
}

// maxBenchmarks bounds the benchmarks of one import: a summary.csv of a
// round has tens, and each is kept in memory until the end.
const maxBenchmarks = 10000

// Skip is a row that was not imported, and why.
type Skip struct {
	File        string
	Line        int
	Accelerator string
	Reason      string
}

func (s Skip) String() string {
	if s.Line == 0 { // a folder of runs, not a row
		return fmt.Sprintf("%s: accelerator %q: %s: not imported", s.File, s.Accelerator, s.Reason)
	}
	return fmt.Sprintf("%s:%d: accelerator %q: %s: not imported", s.File, s.Line, s.Accelerator, s.Reason)
}

// Error is a file that cannot be read as a summary.csv, with the place.
type Error struct {
	File      string
	Line, Col int // 0 when unknown
	Msg       string
}

func (e *Error) Error() string {
	switch {
	case e.Line == 0:
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	case e.Col == 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// benchmarkHead and result are the catalog's Benchmark and Result as
// written: the same fields, with the value kept as the file spells it.
// The head is what a benchmark file holds before its results.
type benchmarkHead struct {
	ID             string `yaml:"id"`
	Name           string `yaml:"name"`
	Suite          string `yaml:"suite"`
	Task           string `yaml:"task"`
	Scenario       string `yaml:"scenario,omitempty"`
	Metric         string `yaml:"metric"`
	Unit           string `yaml:"unit"`
	HigherIsBetter bool   `yaml:"higher_is_better"`
}

type result struct {
	Round     string `yaml:"round"`
	Division  string `yaml:"division,omitempty"`
	Submitter string `yaml:"submitter,omitempty"`
	System    string `yaml:"system,omitempty"`
	GPU       string `yaml:"gpu"`
	GPUCount  int    `yaml:"gpu_count,omitempty"`
	Nodes     int    `yaml:"nodes,omitempty"`
	Value     number `yaml:"value"`
	Unit      string `yaml:"unit,omitempty"`
	Software  string `yaml:"software,omitempty"`
	AsOf      string `yaml:"as_of"`
	Notes     string `yaml:"notes,omitempty"`
	// I18n holds the notes in Chinese, where the importer can write
	// every sentence of them so.
	I18n   map[string]map[string]string `yaml:"i18n,omitempty"`
	Source string                       `yaml:"source"`
}

// number is a decimal as the file spells it ("703548.0"), written as a
// plain YAML number.
type number string

func (n number) MarshalYAML() (any, error) {
	return &yaml.Node{Kind: yaml.ScalarNode, Value: string(n)}, nil
}

var decimal = regexp.MustCompile(`^[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$`)

// parseValue checks a result as the file states it: a decimal above zero.
func parseValue(s string) (number, string) {
	s = strings.TrimSpace(s)
	v, err := strconv.ParseFloat(s, 64)
	switch {
	case !decimal.MatchString(s) || err != nil:
		return "", fmt.Sprintf("result %q is not a number", s)
	case v <= 0:
		return "", fmt.Sprintf("result %s is not above zero", s)
	}
	return number(s), ""
}

// Read reads a summary.csv of an MLPerf Inference or Training round; name
// is the file name used in messages. Rows that cannot be imported go to
// Options.NotImported or Import.Skipped; an error means the file is not
// a readable summary.csv (a missing column, a malformed line). Rows are
// read one at a time and their results spooled, so memory does not grow
// with the file; the caller closes the Import.
func Read(r io.Reader, name string, opts Options) (*Import, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err == io.EOF {
		return nil, &Error{File: name, Msg: "empty file: want a summary.csv with a header line"}
	}
	if err != nil {
		return nil, csvError(name, err)
	}
	if len(header) > 0 {
		header[0] = strings.TrimPrefix(header[0], "\ufeff")
	}
	cols := columns(header)

	im := &Import{Source: cmp.Or(opts.Source, name), byID: map[string]*spooled{}}
	rd := &reader{im: im, file: name, cols: cols, opts: opts, match: matcher{gpus: opts.GPUs}}
	var row func(line int, rec []string)
	switch {
	case cols.has("scenario"):
		row = rd.inference
		err = cols.require(name, "an MLPerf Inference summary.csv", inferenceColumns)
	case cols.has("accelerators_count"):
		row = rd.training
		err = cols.require(name, "an MLPerf Training summary.csv", trainingColumns)
		if err == nil {
			err = rd.findTrainingBenchmarks(header)
		}
	default:
		err = &Error{File: name, Line: 1, Msg: fmt.Sprintf("not an MLCommons summary.csv: want the columns of an inference round (%s) or of a training round (%s, and one column per benchmark)",
			strings.Join(inferenceColumns, ", "), strings.Join(trainingColumns, ", "))}
	}
	if err != nil {
		return nil, err
	}

	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			im.Close()
			return nil, csvError(name, err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) != len(header) {
			im.Close()
			return nil, &Error{File: name, Line: line, Msg: fmt.Sprintf("malformed row: %d fields where the header has %d (a field holding a comma must be quoted)", len(rec), len(header))}
		}
		if slices.Equal(rec, header) {
			continue // a header repeated inside the file
		}
		row(line, rec)
		if rd.err != nil {
			im.Close()
			return nil, rd.err
		}
	}
	return im, nil
}

func csvError(name string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &Error{File: name, Line: pe.Line, Col: pe.Column, Msg: "malformed CSV: " + pe.Err.Error()}
	}
	return &Error{File: name, Msg: err.Error()}
}

// header maps lowercased column names to their index.
type header map[string]int

func columns(names []string) header {
	h := header{}
	for i, n := range names {
		key := strings.ToLower(strings.TrimSpace(n))
		if _, dup := h[key]; !dup {
			h[key] = i
		}
	}
	return h
}

func (h header) has(col string) bool { _, ok := h[strings.ToLower(col)]; return ok }

// require reports every column of want that the header lacks.
func (h header) require(file, kind string, want []string) error {
	var missing []string
	for _, c := range want {
		if !h.has(c) {
			missing = append(missing, strconv.Quote(c))
		}
	}
	switch len(missing) {
	case 0:
		return nil
	case 1:
		return &Error{File: file, Line: 1, Msg: fmt.Sprintf("column %s is missing: %s has %s", missing[0], kind, strings.Join(want, ", "))}
	}
	return &Error{File: file, Line: 1, Msg: fmt.Sprintf("columns %s are missing: %s has %s", strings.Join(missing, ", "), kind, strings.Join(want, ", "))}
}

// get is the trimmed cell of a column in rec, or "" when there is no
// such column.
func (h header) get(rec []string, col string) string {
	if i, ok := h[strings.ToLower(col)]; ok {
		return strings.TrimSpace(rec[i])
	}
	return ""
}

// reader turns rows into results.
type reader struct {
	im    *Import
	file  string
	cols  header
	opts  Options
	match matcher
	err   error // what stops the import: too many benchmarks, the spool failing

	trainingBenchmarks []string // training: the benchmark columns, in file order
	// source and extra, when set, are the citation and a note of the
	// results of the row being read (ReadResults: the runs' folder, and
	// how they were scored).
	source string
	extra  []note
}

func (rd *reader) skip(line int, accel, format string, args ...any) {
	s := Skip{File: rd.file, Line: line, Accelerator: accel, Reason: fmt.Sprintf(format, args...)}
	rd.im.skips++
	if rd.opts.NotImported != nil {
		rd.opts.NotImported(s)
		return
	}
	s.Accelerator = strings.Clone(accel) // not the whole row it is cut from
	rd.im.Skipped = append(rd.im.Skipped, s)
}

// add encodes a result into the spool under its benchmark, making the
// benchmark on first use. line is the row's, for an error.
func (rd *reader) add(line int, b benchmarkHead, res *result) {
	if rd.err != nil {
		return
	}
	have := rd.im.byID[b.ID]
	if have == nil {
		if len(rd.im.byID) == maxBenchmarks {
			rd.err = &Error{File: rd.file, Line: line, Msg: fmt.Sprintf("more than %d benchmarks (task and scenario): not the summary.csv of one round", maxBenchmarks)}
			return
		}
		b = cloneHead(b)
		have = &spooled{head: b}
		rd.im.byID[b.ID] = have
	}
	if res.Unit == have.head.Unit {
		res.Unit = ""
	}
	item, err := encodeResult(res)
	if err != nil {
		rd.err = &Error{File: rd.file, Line: line, Msg: "encoding the result: " + err.Error()}
		return
	}
	sp, err := rd.im.spool.write(item)
	if err != nil {
		rd.err = &Error{File: rd.file, Line: line, Msg: "keeping the results: " + err.Error()}
		return
	}
	if last := len(have.spans) - 1; last >= 0 && have.spans[last].off+have.spans[last].n == sp.off {
		have.spans[last].n += sp.n
	} else {
		have.spans = append(have.spans, sp)
	}
	have.results++
	rd.im.results++
}

// cloneHead copies the strings of a benchmark's head, which are cut from
// the row that made it.
func cloneHead(b benchmarkHead) benchmarkHead {
	for _, s := range []*string{&b.ID, &b.Name, &b.Suite, &b.Task, &b.Scenario, &b.Metric, &b.Unit} {
		*s = strings.Clone(*s)
	}
	return b
}

var (
	versionPattern = regexp.MustCompile(`^v?([0-9]+(\.[0-9]+)*)$`)
	repoPattern    = regexp.MustCompile(`(?i)(?:inference|training)_results_v([0-9]+(?:\.[0-9]+)*)`)
	loosePattern   = regexp.MustCompile(`(?i)\bv?([0-9]+(?:\.[0-9]+)+)\b`)
)

// version returns "v4.0" for a round stated in a row ("v4.0", or a
// results-repository URL), else from Options.Round, Options.Source or the
// file name; "" when none states it.
func (rd *reader) version(stated string) string {
	if m := versionPattern.FindStringSubmatch(stated); m != nil {
		return "v" + m[1]
	}
	if m := repoPattern.FindStringSubmatch(stated); m != nil {
		return "v" + m[1]
	}
	if m := loosePattern.FindStringSubmatch(rd.opts.Round); m != nil {
		return "v" + m[1]
	}
	for _, s := range []string{rd.opts.Source, rd.file} {
		if m := repoPattern.FindStringSubmatch(s); m != nil {
			return "v" + m[1]
		}
	}
	return ""
}

const noRound = "the row states no round and neither -round nor the source names one (such as inference_results_v4.0)"

// cite is the source of one result: the file's citation and the row.
func (rd *reader) cite(line int, where string) string {
	return fmt.Sprintf("%s line %d%s", rd.im.Source, line, where)
}

var idUnsafe = regexp.MustCompile(`[^a-z0-9._-]+`)

// slug makes an id segment of a name: "GPT-3 175B" → "gpt-3-175b".
func slug(s string) string {
	return strings.Trim(idUnsafe.ReplaceAllString(strings.ToLower(s), "-"), "-._")
}

// stated returns s unless it is empty or says nothing ("N/A").
func stated(s string) string {
	s = strings.TrimSpace(s)
	for _, part := range strings.Split(s, ";") {
		if p := strings.ToLower(strings.TrimSpace(part)); p != "" && p != "n/a" && p != "na" && p != "none" {
			return s
		}
	}
	return ""
}

// Results is the number of results imported.
func (im *Import) Results() int { return im.results }

// Benchmarks is the number of benchmarks the results fall in.
func (im *Import) Benchmarks() int { return len(im.byID) }

// NotImported is the number of rows (or, in a training file, cells) not
// imported.
func (im *Import) NotImported() int { return im.skips }

// Close frees what the import holds; it can no longer be written out.
func (im *Import) Close() error { return im.spool.close() }

// BenchmarkDir is where benchmark files live in a site root.
const BenchmarkDir = catalog.DataDir + "/benchmarks"

// Files returns one catalog file per benchmark, by path in a site root:
// data/benchmarks/<id>.yaml. It holds every result in memory.
func (im *Import) Files() (map[string][]byte, error) {
	out := map[string][]byte{}
	for id, b := range im.byID {
		var buf bytes.Buffer
		if err := im.writeBenchmark(&buf, b); err != nil {
			return nil, err
		}
		out[BenchmarkDir+"/"+id+".yaml"] = buf.Bytes()
	}
	return out, nil
}

// YAML returns what WriteYAML writes. It holds every result in memory.
func (im *Import) YAML() ([]byte, error) {
	var buf bytes.Buffer
	err := im.WriteYAML(&buf)
	return buf.Bytes(), err
}

// WriteYAML writes every benchmark file in one YAML stream, each
// document headed by the path of the file it belongs in, in id order.
func (im *Import) WriteYAML(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	src := strings.Join(strings.Fields(im.Source), " ")
	fmt.Fprintf(bw, "# MLPerf results imported by gpucompare from %s:\n", src)
	fmt.Fprintf(bw, "# %s in %s. Each document is the catalog file named above it;\n", count(im.Results(), "result"), count(im.Benchmarks(), "benchmark"))
	fmt.Fprintf(bw, "# where the catalog has that file already, add the document's results to it.\n")
	for _, id := range slices.Sorted(maps.Keys(im.byID)) {
		fmt.Fprintf(bw, "---\n# %s/%s.yaml\n", BenchmarkDir, id)
		if err := im.writeBenchmark(bw, im.byID[id]); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// writeBenchmark writes one benchmark file: its head, then its results
// from the spool.
func (im *Import) writeBenchmark(w io.Writer, b *spooled) error {
	head, err := encodeYAML(&b.head)
	if err != nil {
		return err
	}
	if _, err := w.Write(head); err != nil {
		return err
	}
	if _, err := io.WriteString(w, "results:\n"); err != nil {
		return err
	}
	for _, sp := range b.spans {
		if err := im.spool.copyTo(w, sp); err != nil {
			return err
		}
	}
	return nil
}

// count says "1 result", "2 results".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// encodeResult writes a result as an item of a benchmark's results: the
// lines of the one-item list it makes, each indented by two spaces, as
// they are when the list is the value of "results:". Empty lines, which
// only a multi-line text holds, stay empty, as the encoder leaves them.
func encodeResult(r *result) ([]byte, error) {
	item, err := encodeYAML([]*result{r})
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(item)+len(item)/16)
	for line := range bytes.Lines(item) {
		if len(line) > 1 {
			out = append(out, "  "...)
		}
		out = append(out, line...)
	}
	return out, nil
}

// encodeYAML writes v as YAML with the catalog's two-space indent.
func encodeYAML(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	err := enc.Close()
	return buf.Bytes(), err
}
