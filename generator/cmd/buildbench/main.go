// Command buildbench measures whole builds against a floor, for make bench.
//
// For each catalog size it writes a synthetic catalog (generator/synth),
// then alternates two measurements, runs times each: the end-to-end build,
// the gpucompare binary run as a subprocess (start, load, validate, render,
// write), and the floor, site.Write of the same files already in memory
// (the same paths, bytes, directory layout, writer and parallelism; no
// parsing and no rendering). It prints the median of each, their ratio and
// the build's peak resident memory, and beside them the goals of the
// build at 10,000 and 100,000 offers (goals) and whether each is met.
//
// Usage:
//
//	buildbench [-bin bin/gpucompare] [-offers 100,1000,10000,100000] [-runs 5]
package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"gpucompare/generator/site"
	"gpucompare/generator/synth"
)

// baseURL is given to every build so that it writes the feeds and the
// sitemap, as a hosted build does.
const baseURL = "https://example.com/"

func main() {
	bin := flag.String("bin", "bin/gpucompare", "the gpucompare binary to time")
	sizes := flag.String("offers", "100,1000,10000,100000", "catalog sizes in offers, comma-separated")
	runs := flag.Int("runs", 5, "runs of each measurement; the median is reported")
	flag.Parse()
	if err := run(*bin, *sizes, *runs); err != nil {
		fmt.Fprintf(os.Stderr, "buildbench: %v\n", err)
		os.Exit(1)
	}
}

// result is what one catalog size measured.
type result struct {
	offers, files int
	bytes         int64
	build, floor  time.Duration // medians
	cpu           time.Duration // median user+system time of a build
	peakRSS       int64         // largest peak resident set of any build, in bytes; 0 when unknown
}

func run(bin string, sizes string, runs int) error {
	if runs < 1 {
		return fmt.Errorf("-runs must be at least 1")
	}
	tmp, err := os.MkdirTemp("", "buildbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	fmt.Printf("median of %d runs each, build and floor alternating; GOMAXPROCS of the builds: the machine's\n", runs)
	var results []result
	for _, s := range strings.Split(sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return fmt.Errorf("-offers: bad size %q", s)
		}
		r, err := measure(bin, filepath.Join(tmp, strconv.Itoa(n)), n, runs)
		if err != nil {
			return fmt.Errorf("%d offers: %w", n, err)
		}
		results = append(results, r)
		fmt.Fprintf(os.Stderr, "  %d offers done\n", n)
	}
	fmt.Println()
	printTable(os.Stdout, results)
	return nil
}

// goal is what a build of a catalog size must keep to: its peak resident
// memory, and its time against the floor (0: no goal).
type goal struct {
	peakRSS int64
	ratio   float64
}

// goals are the build's goals by catalog size in offers: memory that does
// not grow with the catalog, and a build little slower than writing its
// files.
var goals = map[int]goal{
	10_000:  {peakRSS: 80 << 20, ratio: 1.5},
	100_000: {peakRSS: 400 << 20},
}

// printTable writes the figures of results as a Markdown table, each
// with its goal beside it where its size has one, and a last column that
// says which goals are missed.
func printTable(w io.Writer, results []result) {
	fmt.Fprintf(w, "| offers | files | MB written | build | per file | build CPU | peak RSS | goal | floor | build / floor | goal | goals |\n")
	fmt.Fprintf(w, "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n")
	for _, r := range results {
		g, hasGoal := goals[r.offers]
		rss, rssGoal, ratioGoal := "—", "—", "—"
		if r.peakRSS > 0 {
			rss = mib(r.peakRSS)
		}
		ratio := float64(r.build) / float64(r.floor)
		var missed []string
		if g.peakRSS > 0 {
			rssGoal = "≤ " + mib(g.peakRSS)
			if r.peakRSS == 0 {
				missed = append(missed, "peak RSS unknown")
			} else if r.peakRSS > g.peakRSS {
				missed = append(missed, "peak RSS over")
			}
		}
		if g.ratio > 0 {
			ratioGoal = fmt.Sprintf("≤ %.1f×", g.ratio)
			if ratio > g.ratio {
				missed = append(missed, "build / floor over")
			}
		}
		verdict := "—"
		switch {
		case len(missed) > 0:
			verdict = "**missed**: " + strings.Join(missed, ", ")
		case hasGoal:
			verdict = "met"
		}
		fmt.Fprintf(w, "| %d | %d | %.1f | %s | %.0f µs | %s | %s | %s | %s | %.2f× | %s | %s |\n",
			r.offers, r.files, float64(r.bytes)/1e6, ms(r.build), float64(r.build.Microseconds())/float64(r.files),
			ms(r.cpu), rss, rssGoal, ms(r.floor), ratio, ratioGoal, verdict)
	}
}

func mib(n int64) string { return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20)) }

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d.Microseconds())/1000) }

// measure times builds of an n-offer synthetic catalog in dir against the floor.
func measure(bin, dir string, n, runs int) (result, error) {
	r := result{offers: n}
	for name, data := range synth.Files(n) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return r, err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return r, err
		}
	}
	out := filepath.Join(dir, "public")
	floorOut := filepath.Join(dir, "floor")
	// A first build, untimed, warms the caches and gives the files of the floor.
	if _, err := build(bin, dir, out); err != nil {
		return r, err
	}
	files, err := readTree(out)
	if err != nil {
		return r, err
	}
	r.files = len(files)
	for _, b := range files {
		r.bytes += int64(len(b))
	}
	if err := site.Write(floorOut, files); err != nil {
		return r, err
	}
	var builds, floors, cpus []time.Duration
	for range runs {
		settle()
		u, err := build(bin, dir, out)
		if err != nil {
			return r, err
		}
		builds, cpus = append(builds, u.wall), append(cpus, u.cpu)
		r.peakRSS = max(r.peakRSS, u.peakRSS)

		settle()
		start := time.Now()
		if err := site.Write(floorOut, files); err != nil {
			return r, err
		}
		floors = append(floors, time.Since(start))
	}
	r.build, r.floor, r.cpu = median(builds), median(floors), median(cpus)
	return r, nil
}

// usage is what one build cost.
type usage struct {
	wall, cpu time.Duration
	peakRSS   int64
}

// build runs one gpucompare build of root into out.
func build(bin, root, out string) (usage, error) {
	cmd := exec.Command(bin, "build", "-root", root, "-out", out, "-base-url", baseURL)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return usage{}, fmt.Errorf("%s build: %v", bin, err)
	}
	peak := watchPeakRSS(cmd.Process.Pid)
	err := cmd.Wait()
	u := usage{wall: time.Since(start), peakRSS: peak()}
	if err != nil {
		return u, fmt.Errorf("%s build: %v\n%s", bin, err, stderr.String())
	}
	u.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return u, nil
}

// readTree reads every file under dir into memory.
func readTree(dir string) (site.Files, error) {
	files := site.Files{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	return files, err
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
