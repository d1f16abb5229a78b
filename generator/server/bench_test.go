package server

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"gpucompare/generator/synth"
)

// BenchmarkEditToReload times what an editor waits for: from saving a
// price file to the reload event, with the quiet time and the full build
// in between. ns/op is that time; build-ms is the build alone, as the log
// line gives it.
func BenchmarkEditToReload(b *testing.B) {
	b.Run("shipped", func(b *testing.B) {
		root := b.TempDir()
		for _, dir := range []string{"data", "content"} {
			if err := os.CopyFS(filepath.Join(root, dir), os.DirFS(filepath.Join("..", "..", dir))); err != nil {
				b.Fatal(err)
			}
		}
		benchEdit(b, root, "data/prices/aws.yaml")
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
		benchEdit(b, root, "data/prices/syn-cloud-01.yaml")
	})
}

var (
	firstAmount = regexp.MustCompile(`amount: [0-9.]+`)
	buildTime   = regexp.MustCompile(`changed: rebuild ([0-9.]+m?s):`)
)

// benchEdit serves root and, b.N times, changes the first amount in file
// and waits for the reload event.
func benchEdit(b *testing.B, root, file string) {
	srv := start(b, root)
	events := listen(b, srv.url)
	next(b, events, "hello")
	name := filepath.Join(root, filepath.FromSlash(file))
	orig, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	var builds time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		edited := firstAmount.ReplaceAll(orig, fmt.Appendf(nil, "amount: %d.%02d", 10+i%50, i%100))
		if err := os.WriteFile(name, edited, 0o644); err != nil {
			b.Fatal(err)
		}
		if ev := next(b, events, "reload"); ev.name != "reload" {
			b.Fatalf("event %+v, want reload", ev)
		}
	}
	b.StopTimer()
	for _, m := range buildTime.FindAllStringSubmatch(srv.log.String(), -1) {
		d, _ := time.ParseDuration(m[1])
		builds += d
	}
	b.ReportMetric(float64(builds.Milliseconds())/float64(b.N), "build-ms")
}
