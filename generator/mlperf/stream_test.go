package mlperf

import (
	"bytes"
	"io"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestResultsEncodeAsInOneFile checks that a benchmark written from its
// spooled results is the file the YAML encoder makes of the whole
// benchmark at once, for texts that make the encoder quote, fold or
// break lines.
func TestResultsEncodeAsInOneFile(t *testing.T) {
	texts := []string{
		"", "plain", "Submitter's notes: a: b.", "line\nbreak", "two\n\nparagraphs\n", "trailing space ", " leading",
		"tab\there", "# not a comment", "- not a list", "'quoted'", `"double"`, "yes", "null", "1.5", "0x1F", "~",
		"colon: space", "a #hash", "{flow}", "[list]", "&anchor", "*alias", "!tag", "%directive", "@at", "`tick`",
		"ünïcödé 中文", "\xff\xfe invalid", strings.Repeat("long ", 60), "ends in newline\n", "\n", " \n ", "a\r\nb", "---", "...",
		"nel\u0085x", "bom\ufeffx", "line\n  indented\n\tx",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			const alphabet = " \n\t:#-'\"ab\\|>{}[]"
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		texts = append(texts, string(b))
	}
	for _, text := range texts {
		head := benchmarkHead{ID: "b", Name: text, Suite: "mlperf-inference", Task: text, Metric: "throughput", Unit: "samples/s", HigherIsBetter: true}
		results := []*result{
			{Round: "Inference v4.1", Submitter: text, System: text, GPU: "h100-sxm5-80gb", GPUCount: 8, Value: "1.5", AsOf: "unknown", Notes: text, Source: text},
			{Round: "Inference v4.1", GPU: "h100-sxm5-80gb", Value: "2", Unit: text, AsOf: "unknown", Notes: text + " again", Source: "s"},
		}
		want, err := encodeYAML(struct {
			benchmarkHead `yaml:",inline"`
			Results       []*result `yaml:"results"`
		}{head, results})
		if err != nil {
			t.Fatal(err)
		}
		im := &Import{byID: map[string]*spooled{}}
		rd := &reader{im: im, file: "f.csv"}
		for _, r := range results {
			rd.add(2, head, r)
		}
		var got bytes.Buffer
		if err := im.writeBenchmark(&got, im.byID["b"]); err != nil || rd.err != nil {
			t.Fatal(err, rd.err)
		}
		if got.String() != string(want) {
			t.Errorf("text %q: written from the spool\n%s\nwhole\n%s", text, got.String(), want)
		}
		// The importer trims every cell; the encoder writes a text that
		// starts with a tab and breaks lines as YAML that does not read.
		var back struct{ Results []*result }
		if strings.HasPrefix(text, "\t") {
			continue
		}
		if err := yaml.Unmarshal(got.Bytes(), &back); err != nil || len(back.Results) != 2 {
			t.Errorf("text %q: the file does not read back: %v", text, err)
		}
	}
}

const generatedSource = "github.com/mlcommons/inference_results_v4.1 @a2f5d66 closed/GigaComputing/summary.csv"

// importGenerated imports a generated summary.csv of n rows and writes
// the YAML to w, sampling the heap in use as it reads and writes.
func importGenerated(tb testing.TB, n int, w io.Writer) (peak uint64, im *Import) {
	tb.Helper()
	runtime.GC()
	h := &heapPeak{}
	im, err := Read(sampledReader{generated(n), h}, "summary.csv", Options{Source: generatedSource, NotImported: func(Skip) {}})
	if err != nil {
		tb.Fatal(err)
	}
	defer im.Close()
	if err := im.WriteYAML(sampledWriter{w, h}); err != nil {
		tb.Fatal(err)
	}
	h.sample()
	return h.max, im
}

// TestImportMemoryIsBounded imports a summary.csv of 50,000 rows (20 MB)
// from a reader: the heap in use stays under 40 MiB. Holding every
// result until the end peaked at 166 MiB (and 280 MiB at 100,000 rows).
func TestImportMemoryIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("imports 20 MB")
	}
	const rows, bound = 50_000, 40 << 20
	var out countingWriter
	peak, im := importGenerated(t, rows, &out)
	if im.Results() != rows*9/10 || im.NotImported() != rows/10 {
		t.Errorf("%d results, %d rows not imported; want %d and %d", im.Results(), im.NotImported(), rows*9/10, rows/10)
	}
	if peak > bound {
		t.Errorf("the heap in use peaked at %.1f MiB importing %d rows, want at most %d MiB", float64(peak)/(1<<20), rows, bound>>20)
	}
	t.Logf("%d rows, %.1f MB of YAML: heap in use peaked at %.1f MiB", rows, float64(out)/1e6, float64(peak)/(1<<20))
}

// BenchmarkImport imports generated summary.csv files of 100,000 and
// 1,000,000 rows (41 and 407 MB) from a reader and reports the peak heap
// in use (peak-heap-MiB) besides time and allocation.
func BenchmarkImport(b *testing.B) {
	for _, size := range []struct {
		name string
		rows int
	}{{"rows=100k", 100_000}, {"rows=1M", 1_000_000}} {
		b.Run(size.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(generatedSize(size.rows))
			var peak uint64
			for b.Loop() {
				var out countingWriter
				p, _ := importGenerated(b, size.rows, &out)
				peak = max(peak, p)
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
		})
	}
}

// countingWriter counts what is written to it.
type countingWriter int64

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}

// generatedSize is the size of a generated summary.csv.
func generatedSize(rows int) int64 {
	n, _ := io.Copy(io.Discard, generated(rows))
	return n
}

// TestTooManyBenchmarks stops an import whose rows make more benchmarks
// than a round has, at the row that makes one too many.
func TestTooManyBenchmarks(t *testing.T) {
	var in strings.Builder
	in.WriteString(inferenceHeader)
	for i := range maxBenchmarks + 1 {
		in.WriteString(row(map[string]string{"Model": "model-" + strconv.Itoa(i), "MlperfModel": "", "version": "v4.1"}))
	}
	_, err := Read(strings.NewReader(in.String()), "f.csv", Options{})
	want := "f.csv:10002: more than 10000 benchmarks (task and scenario): not the summary.csv of one round"
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
}
