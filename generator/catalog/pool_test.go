package catalog

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// breakPrices returns a copy of root in which every few price points of
// every price file are broken by one of mutations, in turn.
func breakPrices(root fstest.MapFS, mutations []func(point string) string) fstest.MapFS {
	out := fstest.MapFS{}
	n := 0
	for name, f := range root {
		data := string(f.Data)
		if strings.HasPrefix(name, "data/prices/") {
			points := strings.SplitAfter(data, "\n  - ")
			for i := 1; i < len(points); i += 3 {
				points[i] = mutations[n%len(mutations)](points[i])
				n++
			}
			data = strings.Join(points, "")
		}
		out[name] = &fstest.MapFile{Data: []byte(data)}
	}
	return out
}

// loadOn loads root with the given number of workers and returns the
// report as it is before sorting, and the sorted report Load returns.
func loadOn(root fstest.MapFS, workers int) (raw, sorted Report) {
	l := &loader{fsys: root, cat: &Catalog{}, workers: workers}
	_, sorted = l.load()
	return l.report, sorted
}

// TestChecksOnOneWorkerOrMany loads catalogs with errors of every kind a
// price point can have, spread over many price files, and catalogs whose
// price histories are out of order or change without a date, on one
// worker and on several: the reports must be the same, in the same order
// even before they are sorted.
func TestChecksOnOneWorkerOrMany(t *testing.T) {
	set := func(key, value string) func(string) string {
		re := regexp.MustCompile(`(?m)^(\s*)` + key + `: .*$`)
		return func(p string) string { return re.ReplaceAllString(p, "${1}"+key+": "+value) }
	}
	drop := func(key string) func(string) string {
		re := regexp.MustCompile(`(?m)^\s*` + key + `: .*\n`)
		return func(p string) string { return re.ReplaceAllString(p, "") }
	}
	add := func(line string) func(string) string {
		return func(p string) string { return strings.Replace(p, "\n", "\n    "+line+"\n", 1) }
	}
	broken := []func(string) string{
		set("currency", "usd"), set("currency", "EUR"), drop("currency"),
		set("model", "on-demand"), add("payment: upfront"), set("amount", "-1"), set("amount", "lots"),
		drop("amount"), add("discount_pct: 150"), add("upfront: -2"), add("effective_hourly: 0"),
		set("since", "2025-13-01"), set("since", "soon"), drop("since"), set("since", "[2025]"),
		set("source", "ftp://example.com/p"), set("source", "'see javascript:alert(1) (here)'"), drop("source"),
		set("instance", "nope"), set("instance", "''"), set("region", "nowhere"), set("region", "region-9"), drop("region"),
		add("price: 1"), add("amount: 2"), set("per_gpu", "maybe"),
	}
	histories := []func(string) string{
		set("since", "2020-01-01"), set("since", "unknown"), set("since", "2024"), set("since", "2023-06"),
	}
	root := synthFS(3000)
	files := 0
	for name := range root {
		if strings.HasPrefix(name, "data/prices/") {
			files++
		}
	}
	if files < 8 {
		t.Fatalf("want many price files, got %d", files)
	}
	// A price file named for another provider, and one for none.
	withFileErrors := breakPrices(root, broken)
	withFileErrors["data/prices/syn-cloud-02.yaml"].Data = []byte(strings.Replace(string(withFileErrors["data/prices/syn-cloud-02.yaml"].Data), "provider: syn-cloud-02", "provider: syn-cloud-03", 1))
	withFileErrors["data/prices/syn-cloud-05.yaml"].Data = []byte(strings.Replace(string(withFileErrors["data/prices/syn-cloud-05.yaml"].Data), "provider: syn-cloud-05", "provider: nobody", 1))

	for _, tt := range []struct {
		name       string
		root       fstest.MapFS
		wantErrors int
		wantWarns  int
	}{
		{"broken prices", breakPrices(root, broken), 500, 0},
		{"broken price files", withFileErrors, 500, 0},
		{"histories", breakPrices(root, histories), 100, 100},
	} {
		t.Run(tt.name, func(t *testing.T) {
			raw1, sorted1 := loadOn(tt.root, 1)
			if n := len(sorted1.Errors()); n < tt.wantErrors {
				t.Fatalf("want at least %d errors, got %d:\n%s", tt.wantErrors, n, sorted1)
			}
			if n := len(sorted1.Warnings()); n < tt.wantWarns {
				t.Fatalf("want at least %d warnings, got %d", tt.wantWarns, n)
			}
			for _, workers := range []int{2, 3, 8} {
				raw, sorted := loadOn(tt.root, workers)
				if !slices.Equal(raw, raw1) {
					t.Errorf("%d workers: the report before sorting differs from one worker's", workers)
				}
				if got, want := sorted.String(), sorted1.String(); got != want {
					t.Errorf("%d workers: report differs from one worker's:\n%s", workers, firstDifference(got, want))
				}
			}
		})
	}
}

// firstDifference shows the first line where got and want differ.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n got: %s\nwant: %s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("got %d lines, want %d", len(g), len(w))
}

// TestSplitSchemeIsThePattern compares splitScheme with the regular
// expression it stands for, on tokens made at random of the characters
// that matter.
func TestSplitSchemeIsThePattern(t *testing.T) {
	pattern := regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]*):(.+)$`)
	alphabet := []string{"a", "Z", "h", "t", "p", "s", "0", "9", "+", ".", "-", ":", "/", "_", "é", "\xff", "(", "?", "="}
	rng := rand.New(rand.NewPCG(1, 2))
	tokens := []string{"", ":", "a:", ":b", "a:b", "http://x", "HTTPS://x", "1a:b", "a-b.c+d:e", "a_b:c", "javascript:alert(1)", "é:x", "a:\xff"}
	for range 50000 {
		var b strings.Builder
		for range rng.IntN(10) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		tokens = append(tokens, b.String())
	}
	for _, tok := range tokens {
		scheme, rest, ok := splitScheme(tok)
		m := pattern.FindStringSubmatch(tok)
		if ok != (m != nil) || ok && (scheme != m[1] || rest != m[2]) {
			t.Fatalf("splitScheme(%q) = %q, %q, %v; the pattern gives %q", tok, scheme, rest, ok, m)
		}
	}
}
