package server

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
	"time"

	"gpucompare/generator/synth"
)

// BenchmarkEditToReload times what an editor waits for: from saving a
// price file (or a stylesheet) to the reload event of the page open, with
// the quiet time and the draft of the page open (or, with no page open,
// the whole build) in between, the site built with the URL served, as
// gpucompare serve builds it. "shipped" has the home page open,
// "shipped-compare" the matrix, "shipped-no-page" none (an event stream
// that names no page: the whole build comes first, as before drafts).
// ns/op is that time; draft-ms the draft alone and build-ms the whole
// build after it, as the log lines give them; cpu-ms the processor time
// of the whole process from the save to the reload (server, watcher and
// draft or build), which a busy machine sways less than the others. Between saves the timer stops for the
// server's longest quiet time, as a person saves again no sooner: a save
// that follows a build at once counts as writes that keep coming, and
// waits longer.
func BenchmarkEditToReload(b *testing.B) {
	for name, page := range map[string]string{"shipped": "/", "shipped-compare": "/compare/", "shipped-no-page": ""} {
		b.Run(name, func(b *testing.B) {
			root := b.TempDir()
			for _, dir := range []string{"data", "content"} {
				if err := os.CopyFS(filepath.Join(root, dir), os.DirFS(filepath.Join("..", "..", dir))); err != nil {
					b.Fatal(err)
				}
			}
			benchEdit(b, root, page, "data/prices/aws.yaml", newAmount)
		})
	}
	b.Run("shipped-stylesheet", func(b *testing.B) {
		root := b.TempDir()
		for _, dir := range []string{"data", "content", "static"} {
			if err := os.CopyFS(filepath.Join(root, dir), os.DirFS(filepath.Join("..", "..", dir))); err != nil {
				b.Fatal(err)
			}
		}
		benchEdit(b, root, "/", "static/style.css", func(orig []byte, i int) []byte {
			return fmt.Appendf(bytes.Clone(orig), "\n/* edit %d */\n", i)
		})
	})
	b.Run("synth-1000", func(b *testing.B) {
		root := b.TempDir()
		for name, data := range synth.Files(1000) {
			p := filepath.Join(root, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				b.Fatal(err)
			}
		}
		benchEdit(b, root, "/", "data/prices/syn-cloud-01.yaml", newAmount)
	})
}

var (
	firstAmount = regexp.MustCompile(`amount: [0-9.]+`)
	buildTime   = regexp.MustCompile(`changed: rebuild ([0-9.]+m?s):`)
	draftTime   = regexp.MustCompile(`open page\(s\) drafted ([0-9.]+[mµ]?s)`)
)

// newAmount is a price file orig with its first amount changed, the ith time.
func newAmount(orig []byte, i int) []byte {
	at := firstAmount.FindIndex(orig)
	return slices.Concat(orig[:at[0]], fmt.Appendf(nil, "amount: %d.%02d", 10+i%50, i%100), orig[at[1]:])
}

// benchEdit serves root and, b.N times, writes file as edit makes it from
// its first bytes, and waits for the reload event of the page open at
// the URL path page ("": none).
func benchEdit(b *testing.B, root, page, file string, edit func(orig []byte, i int) []byte) {
	srv := startWith(b, root, true)
	events := listenOn(b, srv.url, page)
	next(b, events, "hello")
	name := filepath.Join(root, filepath.FromSlash(file))
	orig, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	var builds, drafts, cpu time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		if st := srv.state.Load(); st.building != nil {
			<-st.building // the whole build after the last draft
		}
		time.Sleep(srv.opts.Quiet + srv.opts.QuietMin)
		b.StartTimer()
		cpuBefore := processCPU()
		if err := os.WriteFile(name, edit(orig, i), 0o644); err != nil {
			b.Fatal(err)
		}
		if ev := next(b, events, "reload"); ev.name != "reload" {
			b.Fatalf("event %+v, want reload", ev)
		}
		cpu += processCPU() - cpuBefore
	}
	b.StopTimer()
	if st := srv.state.Load(); st.building != nil {
		<-st.building
	}
	for _, m := range buildTime.FindAllStringSubmatch(srv.log.String(), -1) {
		d, _ := time.ParseDuration(m[1])
		builds += d
	}
	for _, m := range draftTime.FindAllStringSubmatch(srv.log.String(), -1) {
		d, _ := time.ParseDuration(m[1])
		drafts += d
	}
	b.ReportMetric(float64(drafts.Milliseconds())/float64(b.N), "draft-ms")
	b.ReportMetric(float64(builds.Milliseconds())/float64(b.N), "build-ms")
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms")
	}
}
