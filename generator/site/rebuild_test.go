package site

import (
	"bytes"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/synth"
)

// editableRoot is a site root in memory that a test can edit: a synthetic
// catalog of n offers, the shipped templates and static files, and a
// content page.
func editableRoot(t testing.TB, n int) fstest.MapFS {
	root := fstest.MapFS{}
	for name, data := range synth.Files(n) {
		root[name] = &fstest.MapFile{Data: data}
	}
	for _, dir := range []string{"templates", "static"} {
		err := fs.WalkDir(gpucompare.Assets, dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(gpucompare.Assets, p)
			root[p] = &fstest.MapFile{Data: data}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	root["content/about.md"] = &fstest.MapFile{Data: []byte("---\ntitle: About\n---\n\nA synthetic catalog.\n")}
	return root
}

// edit replaces the first old in a file of root with new.
func edit(t testing.TB, root fstest.MapFS, name, old, new string) {
	t.Helper()
	f := root[name]
	if f == nil || !bytes.Contains(f.Data, []byte(old)) {
		t.Fatalf("%s: no %q to edit", name, old)
	}
	root[name] = &fstest.MapFile{Data: bytes.Replace(f.Data, []byte(old), []byte(new), 1)}
}

// firstLine is the first line of a file of root that starts, after its
// indentation, with prefix: "amount: 25.1759".
func firstLine(t testing.TB, root fstest.MapFS, name, prefix string) string {
	t.Helper()
	for line := range strings.Lines(string(root[name].Data)) {
		if s := strings.TrimSpace(line); strings.HasPrefix(s, prefix) {
			return s
		}
	}
	t.Fatalf("%s: no line starting %q", name, prefix)
	return ""
}

// freshBuild loads and builds root from nothing.
func freshBuild(t testing.TB, root fs.FS, opts Options) (Files, catalog.Report, error) {
	cat, report := catalog.Load(root)
	if len(report.Errors()) > 0 {
		return nil, report, nil
	}
	files, siteReport, err := Build(cat, root, opts)
	return files, append(report, siteReport...), err
}

// sameFiles reports every difference between two built sites.
func sameFiles(t *testing.T, step string, got, want Files) {
	t.Helper()
	if !slices.Equal(got.Paths(), want.Paths()) {
		t.Errorf("%s: rebuilt paths differ from a fresh build's:\n got %d: %v\nwant %d: %v", step, len(got), got.Paths(), len(want), want.Paths())
		return
	}
	for _, p := range want.Paths() {
		if !bytes.Equal(got[p], want[p]) {
			t.Errorf("%s: %s differs from a fresh build's", step, p)
		}
	}
}

func TestRebuildAfterEditsEqualsFreshBuild(t *testing.T) {
	root := editableRoot(t, 300)
	opts := Options{BaseURL: "https://example.com/"}
	r := NewRebuilder(root, opts)
	steps := []struct {
		name   string
		edit   func()
		errors bool // the edit leaves the catalog with errors
	}{
		{"first build", func() {}, false},
		{"no edit", func() {}, false},
		{"price", func() {
			edit(t, root, "data/prices/syn-cloud-01.yaml", firstLine(t, root, "data/prices/syn-cloud-01.yaml", "amount: ")+"\n", "amount: 19.99\n")
		}, false},
		{"gpu spec", func() {
			edit(t, root, "data/gpus/syn-g1-16gb.yaml", "memory_bandwidth_gb_s: 320", "memory_bandwidth_gb_s: 336")
		}, false},
		{"provider text", func() {
			edit(t, root, "data/providers/syn-cloud-02.yaml", "name: Synthetic Cloud 02", "name: Synthetic Cloud Two <b>")
		}, false},
		{"template", func() { edit(t, root, "templates/layouts/instance.html", "<h2>", "<h2 class=\"edited\">") }, false},
		{"message", func() {
			edit(t, root, "templates/messages/en.yaml", "providers: Providers", "providers: Cloud providers")
		}, false},
		{"static file", func() { edit(t, root, "static/style.css", "}", "}\n/* edited */") }, false},
		{"content page", func() { edit(t, root, "content/about.md", "A synthetic catalog.", "A synthetic catalog, edited.") }, false},
		{"invalid price", func() { edit(t, root, "data/prices/syn-cloud-01.yaml", "amount: 19.99", "amount: -3") }, true},
		{"fixed price", func() { edit(t, root, "data/prices/syn-cloud-01.yaml", "amount: -3", "amount: 21.5") }, false},
		{"new file", func() {
			root["content/extra.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Extra\n---\n\nMore.\n")}
		}, false},
		{"removed file", func() { delete(root, "content/extra.md") }, false},
	}
	for _, s := range steps {
		s.edit()
		got, gotReport, err := r.Rebuild()
		want, wantReport, wantErr := freshBuild(t, root, opts)
		if wantErr != nil {
			t.Fatalf("%s: fresh build: %v", s.name, wantErr)
		}
		if gotReport.String() != wantReport.String() {
			t.Errorf("%s: report\n%s\nwant\n%s", s.name, gotReport, wantReport)
		}
		if s.errors {
			if err == nil || got != nil || len(gotReport.Errors()) == 0 {
				t.Errorf("%s: Rebuild gave %d files and error %v, want no files and the catalog's errors", s.name, len(got), err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		sameFiles(t, s.name, got, want)
	}
}

func TestRebuildShowsTheEdit(t *testing.T) {
	root := editableRoot(t, 100)
	r := NewRebuilder(root, Options{})
	if _, _, err := r.Rebuild(); err != nil {
		t.Fatal(err)
	}
	edit(t, root, "data/prices/syn-cloud-01.yaml", "amount: 25.1759", "amount: 19.4242")
	files, _, err := r.Rebuild()
	if err != nil {
		t.Fatal(err)
	}
	page := string(files["instances/syn-cloud-01/g4-40gb-x8-0/index.html"])
	if !strings.Contains(page, "19.42") {
		t.Errorf("the instance page does not show the edited price 19.42")
	}
}

// TestEveryPageModelHasAFingerprint checks that a Rebuilder keeps every
// page of the shipped and of a synthetic catalog: a model holding a func
// has no fingerprint, and its page would be rendered again in every
// rebuild.
func TestEveryPageModelHasAFingerprint(t *testing.T) {
	for name, root := range map[string]fstest.MapFS{"shipped": shippedRootInMemory(t), "synthetic": editableRoot(t, 100)} {
		r := NewRebuilder(root, Options{BaseURL: "https://example.com/"})
		files, _, err := r.Rebuild()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, p := range files.Paths() {
			k, rest := &r.kept, p
			if after, ok := strings.CutPrefix(p, "zh/"); ok {
				k, rest = r.kept.editions["zh/"], after
			}
			if strings.HasSuffix(p, ".html") && (k == nil || k.pages[rest].data == nil) {
				t.Errorf("%s: the model of %s has no fingerprint", name, p)
			}
		}
	}
}

// TestRebuildKeepsFeedsAndExportsOfUnchangedInputs checks that a Rebuilder
// makes a feed or an export again when what it is made of changed, and
// hands on the bytes of the last build otherwise, and that it encodes
// again only the feed entry of the change edited; each rebuilt site equals
// a fresh build.
func TestRebuildKeepsFeedsAndExportsOfUnchangedInputs(t *testing.T) {
	root := editableRoot(t, 300)
	opts := Options{BaseURL: "https://example.com/"}
	r := NewRebuilder(root, opts)
	last, _, err := r.Rebuild()
	if err != nil {
		t.Fatal(err)
	}
	const file = "data/prices/syn-cloud-01.yaml"
	// The first series of the file has two points: an older one, which
	// only the price changes show, and the offer's price.
	steps := []struct {
		name         string
		old, new     string
		made, reused []string
	}{
		{"older point", "amount: 8.8978\n", "amount: 8.7\n",
			[]string{"feed.xml", "atom.xml", "feed.json", "providers/syn-cloud-01/feed.xml", "gpus/syn-g8-192gb/atom.xml", "llms-full.txt"},
			[]string{"providers/syn-cloud-02/feed.xml", "gpus/syn-g1-16gb/feed.json", "compare/offers.json", "compare/offers.csv", "gpus/gpus.json", "benchmarks/costs.json",
				"providers/syn-cloud-02/index.md"}},
		{"offer's price", "amount: 8.2387\n", "amount: 8.1\n",
			[]string{"feed.xml", "providers/syn-cloud-01/feed.json", "compare/offers.json", "compare/offers.csv"},
			[]string{"providers/syn-cloud-02/atom.xml", "gpus/syn-g1-16gb/feed.xml", "gpus/gpus.json", "gpus/gpus.csv"}},
	}
	entries := func() map[*feed.Entry]bool {
		m := map[*feed.Entry]bool{}
		for _, e := range r.kept.entries {
			m[e] = true
		}
		return m
	}
	lastEntries := entries()
	// Nothing edited: the API, llms.txt and every twin are kept.
	again, _, err := r.Rebuild()
	if err != nil {
		t.Fatal(err)
	}
	twins := 0
	for _, p := range again.Paths() {
		if strings.HasPrefix(p, "api/") || strings.HasPrefix(p, "llms") || strings.HasSuffix(p, "index.md") {
			twins++
			if len(again[p]) > 0 && &again[p][0] != &last[p][0] {
				t.Errorf("nothing edited: %s was made again; want the bytes of the last build", p)
			}
		}
	}
	if twins < 100 {
		t.Errorf("%d files of the API, llms.txt and twins: too few", twins)
	}
	last = again
	for _, s := range steps {
		edit(t, root, file, s.old, s.new)
		got, _, err := r.Rebuild()
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		// The edited point makes one price change: its feed entry alone
		// is encoded again.
		gotEntries := entries()
		encoded := 0
		for e := range gotEntries {
			if !lastEntries[e] {
				encoded++
			}
		}
		if len(gotEntries) != len(lastEntries) || encoded != 1 {
			t.Errorf("%s: %d of %d feed entries encoded again (%d before); want 1", s.name, encoded, len(gotEntries), len(lastEntries))
		}
		lastEntries = gotEntries
		want, _, err := freshBuild(t, root, opts)
		if err != nil {
			t.Fatalf("%s: fresh build: %v", s.name, err)
		}
		sameFiles(t, s.name, got, want)
		shared := func(p string) bool {
			if len(got[p]) == 0 || len(last[p]) == 0 {
				t.Fatalf("%s: no %s", s.name, p)
			}
			return &got[p][0] == &last[p][0]
		}
		for _, p := range s.made {
			if shared(p) {
				t.Errorf("%s: %s was kept from the last build; want it made again", s.name, p)
			}
		}
		for _, p := range s.reused {
			if !shared(p) {
				t.Errorf("%s: %s was made again; want the bytes of the last build", s.name, p)
			}
		}
		last = got
	}
}

// BenchmarkRebuild rebuilds a 1,000-offer site after a one-price edit, as
// a live preview does: the catalog is loaded again and the site built in
// memory.
func BenchmarkRebuild(b *testing.B) {
	benchRebuild(b, editableRoot(b, 1000), benchOptions, "data/prices/syn-cloud-01.yaml")
}

// BenchmarkRebuildShipped rebuilds the shipped site, both editions, after
// a one-price edit, as serve does after a save (RebuildChanged, told the
// file): "amount" edits the first price of a file, "append" appends a
// point to a price file, a later price of an offer. cpu-ms is the
// processor time of the process per rebuild, which a busy machine sways
// less than the wall time.
func BenchmarkRebuildShipped(b *testing.B) {
	b.Run("amount", func(b *testing.B) {
		benchRebuild(b, shippedRootInMemory(b), Options{}, "data/prices/aws.yaml")
	})
	b.Run("append", func(b *testing.B) {
		root := shippedRootInMemory(b)
		const file = "data/prices/aws.yaml"
		orig := root[file].Data
		point := func(i int) []byte {
			return fmt.Appendf(bytes.Clone(orig), "- instance: p5.4xlarge\n  region: us-west-2\n  model: capacity_block\n"+
				"  amount: %d.%03d\n  currency: USD\n  since: '2026-08-01'\n  as_of: '2026-08-01'\n"+
				"  source: https://aws.amazon.com/ec2/capacityblocks/pricing/\n  source_kind: provider\n", 5+i%2, i%1000)
		}
		root[file] = &fstest.MapFile{Data: point(0)}
		r := NewRebuilder(root, Options{})
		if _, _, err := r.Rebuild(); err != nil {
			b.Fatal(err)
		}
		i := 0
		cpu := processCPU()
		for b.Loop() {
			b.StopTimer()
			i++
			root[file] = &fstest.MapFile{Data: point(i)}
			b.StartTimer()
			if _, report, err := r.RebuildChanged([]string{file}); err != nil {
				b.Fatalf("%v\n%s", err, report)
			}
		}
		b.ReportMetric(float64((processCPU()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
	})
}

// processCPU is the processor time the process has taken, user and system.
func processCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// benchRebuild times a Rebuilder of root after each edit of the first
// price of file, back and forth.
func benchRebuild(b *testing.B, root fstest.MapFS, opts Options, file string) {
	r := NewRebuilder(root, opts)
	if _, _, err := r.Rebuild(); err != nil {
		b.Fatal(err)
	}
	old := firstLine(b, root, file, "amount: ")
	prices := []string{old, old + "1"}
	i := 0
	cpu := processCPU()
	defer func() { b.ReportMetric(float64((processCPU()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op") }()
	for b.Loop() {
		b.StopTimer()
		edit(b, root, file, prices[i%2]+"\n", prices[(i+1)%2]+"\n")
		i++
		b.StartTimer()
		if _, _, err := r.RebuildChanged([]string{file}); err != nil {
			b.Fatal(err)
		}
	}
}

// shippedRootInMemory copies the repository's site root — the shipped
// catalog with its guides, scenarios, scoring and benchmarks, content,
// templates and static files — into memory, to be edited.
func shippedRootInMemory(t testing.TB) fstest.MapFS {
	root := fstest.MapFS{}
	disk := os.DirFS("../..")
	for _, dir := range []string{"data", "content", "templates", "static"} {
		err := fs.WalkDir(disk, dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(disk, p)
			root[p] = &fstest.MapFile{Data: data}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// shippedCatalog is the shipped site in memory (shippedRootInMemory), its
// catalog loaded, and its templates.
func shippedCatalog(t *testing.T) (fstest.MapFS, *catalog.Catalog, fs.FS) {
	t.Helper()
	root := shippedRootInMemory(t)
	cat, rep := catalog.Load(root)
	if len(rep.Errors()) > 0 {
		t.Fatal(rep.Errors())
	}
	tfs, _, err := assets(root)
	if err != nil {
		t.Fatal(err)
	}
	return root, cat, tfs
}

// randomEdit is one kind of edit a catalog editor makes: it picks a file
// under dir and a line of it whose key is one of keys, and changes the value.
type randomEdit struct {
	dir  string   // a folder or file of the root
	keys []string // the keys whose values it edits
	text bool     // the values are text: a word is added, not a number changed
}

var randomEdits = []randomEdit{
	{dir: "data/prices", keys: []string{"amount", "upfront", "effective_hourly"}},
	{dir: "data/prices", keys: []string{"since"}, text: true},
	{dir: "data/gpus", keys: []string{"memory_gb", "memory_bandwidth_gb_s", "tdp_w", "fp16", "fp32", "bf16"}},
	{dir: "data/gpus", keys: []string{"name"}, text: true},
	{dir: "data/providers", keys: []string{"name", "description"}, text: true},
	{dir: "data/providers", keys: []string{"vcpus", "ram_gib", "gpu_count", "network_gbps"}},
	{dir: "data/fx.yaml", keys: []string{"rate"}},
	{dir: "data/benchmarks", keys: []string{"value"}},
	{dir: "data/guides", keys: []string{"limit", "min_gpu_memory_gb"}},
	{dir: "data/guides", keys: []string{"text", "advice", "title"}, text: true},
	{dir: "data/scenarios", keys: []string{"gpu_hours_per_month", "months", "job_hours", "storage_tb"}},
	{dir: "data/scoring.yaml", keys: []string{"weight"}},
	{dir: "data/site.yaml", keys: []string{"title", "tagline"}, text: true},
	{dir: "templates/messages", keys: []string{"title", "description"}, text: true},
	{dir: "content", keys: []string{"title"}, text: true},
}

// apply makes the edit at random in root and says what it did; false when
// no line of the kind it edits was found.
func (e randomEdit) apply(root fstest.MapFS, rnd *rand.Rand) (string, bool) {
	var names []string
	for name := range root {
		if name == e.dir || strings.HasPrefix(name, e.dir+"/") {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	if len(names) == 0 {
		return "", false
	}
	name := names[rnd.IntN(len(names))]
	lines := strings.SplitAfter(string(root[name].Data), "\n")
	var at []int
	for i, line := range lines {
		s := strings.TrimLeft(strings.TrimSpace(line), "- {")
		for _, k := range e.keys {
			if v, ok := strings.CutPrefix(s, k+": "); ok && v != "" {
				if _, err := strconv.ParseFloat(v, 64); (err == nil) != e.text && v != "|" && v != ">" {
					at = append(at, i)
				}
			}
		}
	}
	if len(at) == 0 {
		return "", false
	}
	i := at[rnd.IntN(len(at))]
	old := lines[i]
	key, value, _ := strings.Cut(old, ": ")
	value = strings.TrimSuffix(value, "\n")
	switch {
	case e.text && strings.HasPrefix(strings.TrimSpace(key), "since"):
		value = "2026-0" + strconv.Itoa(1+rnd.IntN(9)) + "-01" // a newer date
	case e.text && (strings.HasSuffix(value, `"`) || strings.HasSuffix(value, `'`)):
		value = value[:len(value)-1] + " edited" + value[len(value)-1:]
	case e.text:
		value += " edited"
	default:
		f, _ := strconv.ParseFloat(value, 64)
		f *= []float64{0.5, 0.9, 1.1, 2}[rnd.IntN(4)]
		if !strings.Contains(value, ".") {
			f = math.Max(1, math.Round(f))
		}
		value = strconv.FormatFloat(f, 'f', -1, 64)
	}
	lines[i] = key + ": " + value + "\n"
	root[name] = &fstest.MapFile{Data: []byte(strings.Join(lines, ""))}
	return fmt.Sprintf("%s:%d: %q → %q", name, i+1, strings.TrimSpace(old), strings.TrimSpace(lines[i])), true
}

// TestRebuildAfterRandomEditsEqualsFreshBuild edits the shipped catalog at
// random, one or a few edits between rebuilds — prices, dates, GPU specs
// and names, provider text and instance specs, exchange rates, benchmark
// results, guides, scenarios, scoring, site settings, messages and content
// — and compares each rebuilt site with a fresh build, byte for byte. A
// page kept when it should have been rendered again shows up here.
func TestRebuildAfterRandomEditsEqualsFreshBuild(t *testing.T) {
	root := shippedRootInMemory(t)
	opts := Options{BaseURL: "https://example.com/"}
	r := NewRebuilder(root, opts)
	rnd := rand.New(rand.NewPCG(8, 1))
	var open []string // a page of every kind, drafted before each rebuild
	drafts := 0
	steps := 16
	if testing.Short() {
		steps = 4
	}
	for step := range steps {
		var did []string
		for range 1 + rnd.IntN(2) {
			if rnd.IntN(6) == 0 {
				did = append(did, removePricePoint(root, rnd))
				continue
			}
			e := randomEdits[rnd.IntN(len(randomEdits))]
			if what, ok := e.apply(root, rnd); ok {
				did = append(did, what)
			}
		}
		name := fmt.Sprintf("step %d (%s)", step, strings.Join(did, "; "))
		var draft Files
		if open != nil {
			var ok bool
			if draft, ok = r.Draft(nil, open); ok {
				drafts++
			}
		}
		got, gotReport, err := r.Rebuild()
		want, wantReport, wantErr := freshBuild(t, root, opts)
		if gotReport.String() != wantReport.String() {
			t.Errorf("%s: report\n%s\nwant\n%s", name, gotReport, wantReport)
		}
		if (err != nil) != (wantErr != nil || len(wantReport.Errors()) > 0) {
			t.Fatalf("%s: Rebuild error %v; fresh build error %v, report:\n%s", name, err, wantErr, wantReport)
		}
		if err == nil {
			sameFiles(t, name, got, want)
			sameDraft(t, name, draft, want, nil)
			open = draftedPages(t, got)
		}
		t.Log(name)
	}
	if drafts == 0 {
		t.Errorf("no step drafted its pages: nothing of a draft was checked")
	}
}

// removePricePoint removes a price point at random from a price file.
func removePricePoint(root fstest.MapFS, rnd *rand.Rand) string {
	var names []string
	for name := range root {
		if strings.HasPrefix(name, "data/prices/") {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	name := names[rnd.IntN(len(names))]
	lines := strings.SplitAfter(string(root[name].Data), "\n")
	var items []int
	for i, line := range lines {
		if strings.HasPrefix(line, "  - ") {
			items = append(items, i)
		}
	}
	if len(items) < 2 {
		return ""
	}
	k := rnd.IntN(len(items))
	end := len(lines)
	if k+1 < len(items) {
		end = items[k+1]
	}
	root[name] = &fstest.MapFile{Data: []byte(strings.Join(slices.Delete(lines, items[k], end), ""))}
	return fmt.Sprintf("%s:%d: price point removed", name, items[k]+1)
}

// TestRebuildAfterEachKindOfEditEqualsFullBuild edits the shipped site
// root one kind of record at a time — a price, a point appended to a
// price file, the matrix's page size, a provider, an instance type, a
// GPU, a benchmark result, a guide, a scenario, the scoring, an
// exchange rate, the site's settings, a content page in either language,
// the messages of either language, a template and static files — and
// checks after each that every file of the rebuilt site (RebuildChanged,
// told the file edited, as serve does), in both editions, equals a full
// build's, byte for byte, and that the edit changed what was built. An
// edit of static files alone renders nothing again. Before each rebuild,
// a draft (Rebuilder.Draft, as serve makes of the pages open) renders a
// page of every kind in both editions, and each file of it equals the
// full build's; the pages the draft leaves to the build (the search
// page) are the build's alone.
func TestRebuildAfterEachKindOfEditEqualsFullBuild(t *testing.T) {
	root := shippedRootInMemory(t)
	opts := Options{BaseURL: "https://example.com/"}
	r := NewRebuilder(root, opts)
	last, _, err := r.Rebuild()
	if err != nil {
		t.Fatal(err)
	}
	if len(last["zh/index.html"]) == 0 {
		t.Fatal("the shipped site has no zh/ edition to check")
	}
	// line replaces the first line of name that starts with prefix.
	line := func(name, prefix, new string) func() {
		return func() { edit(t, root, name, firstLine(t, root, name, prefix), new) }
	}
	steps := []struct {
		name, file string
		edit       func()
	}{
		{"price", "data/prices/aws.yaml", line("data/prices/aws.yaml", "amount: ", "amount: 1.2345")},
		{"price point appended", "data/prices/aws.yaml", func() {
			root["data/prices/aws.yaml"] = &fstest.MapFile{Data: append(bytes.Clone(root["data/prices/aws.yaml"].Data),
				"- instance: p5.4xlarge\n  region: us-west-2\n  model: capacity_block\n  amount: 5.5\n  currency: USD\n"+
					"  since: '2026-08-01'\n  as_of: '2026-08-01'\n  source: https://aws.amazon.com/ec2/capacityblocks/pricing/\n  source_kind: provider\n"...)}
		}},
		{"matrix split into pages", "data/site.yaml", func() {
			root["data/site.yaml"] = &fstest.MapFile{Data: append(bytes.Clone(root["data/site.yaml"].Data), "matrix_page_size: 300\n"...)}
		}},
		{"a row of the matrix longer", "data/providers/aws.yaml", line("data/providers/aws.yaml", "vcpus: ", "vcpus: 999999")},
		{"provider", "data/providers/aws.yaml", line("data/providers/aws.yaml", "name: AWS", "name: AWS <b>edited</b>")},
		{"instance type", "data/providers/aws.yaml", line("data/providers/aws.yaml", "vcpus: ", "vcpus: 12")},
		{"gpu", "data/gpus/h100-sxm5-80gb.yaml", line("data/gpus/h100-sxm5-80gb.yaml", "memory_bandwidth_gb_s: ", "memory_bandwidth_gb_s: 3000")},
		{"benchmark", "data/benchmarks/mamf-bf16.yaml", line("data/benchmarks/mamf-bf16.yaml", "value: ", "value: 300.1")},
		{"guide", "data/guides/choose-gpu-compute.yaml", line("data/guides/choose-gpu-compute.yaml", "title: Which", "title: Which GPU compute fits, edited?")},
		{"scenario", "data/scenarios/long-project.yaml", line("data/scenarios/long-project.yaml", "gpu_hours_per_month: ", "gpu_hours_per_month: 1000")},
		{"scoring", "data/scoring.yaml", func() { edit(t, root, "data/scoring.yaml", "weight: 10,", "weight: 3,") }},
		{"exchange rate", "data/fx.yaml", line("data/fx.yaml", "rate: ", "rate: 7.5")},
		{"site", "data/site.yaml", line("data/site.yaml", "tagline: 'GPU cloud", "tagline: 'Edited tagline.'")},
		{"content", "content/about.md", line("content/about.md", "title: ", "title: About, edited")},
		{"content in zh", "content/zh/about.md", line("content/zh/about.md", "title: ", "title: 关于本站（改）")},
		{"messages", "templates/messages/en.yaml", line("templates/messages/en.yaml", "providers: ", "providers: Cloud providers")},
		{"messages in zh", "templates/messages/zh-CN.yaml", line("templates/messages/zh-CN.yaml", "providers: ", "providers: 云服务商们")},
		{"template", "templates/layouts/gpu.html", func() {
			edit(t, root, "templates/layouts/gpu.html", `<h2 id="rent">`, `<h2 id="rent" class="edited">`)
		}},
		{"static file", "static/style.css", func() { edit(t, root, "static/style.css", "}", "}\n/* edited */") }},
		{"static file added", "static/extra.css", func() { root["static/extra.css"] = &fstest.MapFile{Data: []byte("p {}\n")} }},
		{"static file removed", "static/extra.css", func() { delete(root, "static/extra.css") }},
	}
	open := draftedPages(t, last)
	for _, s := range steps {
		s.edit()
		draft, drafted := r.Draft([]string{s.file}, slices.Concat(open, []string{"search/index.html", "zh/search/index.html"}))
		got, gotReport, err := r.RebuildChanged([]string{s.file})
		if err != nil {
			t.Fatalf("%s: %v\n%s", s.name, err, gotReport)
		}
		want, wantReport, err := freshBuild(t, root, opts)
		if err != nil {
			t.Fatalf("%s: full build: %v", s.name, err)
		}
		if staticEdit := strings.HasPrefix(s.file, "static/"); drafted == staticEdit {
			t.Errorf("%s: drafted %v; want %v", s.name, drafted, !staticEdit)
		}
		sameDraft(t, s.name, draft, want, open)
		if gotReport.String() != wantReport.String() {
			t.Errorf("%s: report\n%s\nwant\n%s", s.name, gotReport, wantReport)
		}
		sameFiles(t, s.name, got, want)
		changed := 0
		for _, p := range slices.Concat(got.Paths(), last.Paths()) {
			if !bytes.Equal(got[p], last[p]) {
				changed++
			}
		}
		if changed == 0 {
			t.Errorf("%s: the edit changed no file of the site", s.name)
		}
		if staticEdit := strings.HasPrefix(s.file, "static/"); staticEdit != (&got["sitemap.xml"][0] == &last["sitemap.xml"][0]) {
			t.Errorf("%s: the sitemap was made again: %v; want %v", s.name, !staticEdit, staticEdit)
		}
		last = got
	}
}

// draftedPages are pages of every kind a draft makes (Rebuilder.Draft),
// in each edition of the site files, one of each folder.
func draftedPages(t *testing.T, files Files) []string {
	t.Helper()
	var out []string
	seen := map[string]bool{}
	for _, p := range files.Paths() {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		ed, rest := "", p
		if after, ok := strings.CutPrefix(p, "zh/"); ok {
			ed, rest = "zh/", after
		}
		folder, _, _ := strings.Cut(rest, "/")
		if folder == "search" || seen[ed+folder] {
			continue
		}
		seen[ed+folder] = true
		out = append(out, p)
	}
	for _, want := range []string{"index.html", "compare/index.html", "zh/instances", "zh/gpus", "404.html", "zh/about"} {
		if !slices.ContainsFunc(out, func(p string) bool { return strings.HasPrefix(p, want) }) {
			t.Fatalf("no page %s… to draft among %v", want, out)
		}
	}
	return out
}

// sameDraft reports every file of a draft that differs from the full
// build's, and every page of pages it lacks.
func sameDraft(t *testing.T, step string, draft, want Files, pages []string) {
	t.Helper()
	if draft == nil {
		return
	}
	for _, p := range pages {
		if draft[p] == nil {
			t.Errorf("%s: the draft has no %s", step, p)
		}
	}
	for _, p := range draft.Paths() {
		if strings.HasPrefix(p, "search/") || strings.HasPrefix(p, "zh/search/") {
			t.Errorf("%s: the draft has %s; want the search page left to the build", step, p)
		}
		if !bytes.Equal(draft[p], want[p]) {
			t.Errorf("%s: the draft's %s differs from a full build's", step, p)
		}
	}
}

// TestRebuildMakesTheModelsOfInstancePagesWhoseReadsChanged checks that a
// Rebuilder keeps an instance type's page without making its model again
// while nothing its model read changed (derive.Recorder): after an edit of
// one price, the pages of the other instance types keep their bytes and
// their models are not made; after an edit of a GPU model, the pages of
// its instance types are made again, and the others are kept. Each rebuilt
// site equals a full build, in every edition.
func TestRebuildMakesTheModelsOfInstancePagesWhoseReadsChanged(t *testing.T) {
	root := editableRoot(t, 300)
	opts := Options{BaseURL: "https://example.com/"}
	r := NewRebuilder(root, opts)
	last, _, err := r.Rebuild()
	if err != nil {
		t.Fatal(err)
	}
	instancePages := func(files Files) []string {
		var out []string
		for _, p := range files.Paths() {
			if strings.HasPrefix(p, "instances/") && strings.HasSuffix(p, "/index.html") {
				out = append(out, p)
			}
		}
		return out
	}
	all := instancePages(last)
	if len(all) < 20 {
		t.Fatalf("%d instance pages: too few to tell", len(all))
	}
	const priceFile, gpuFile = "data/prices/syn-cloud-01.yaml", "data/gpus/syn-g1-16gb.yaml"
	// onGPU counts the instance pages of the GPU model edited.
	onGPU := 0
	for _, p := range all {
		if bytes.Contains(last[p], []byte("gpus/syn-g1-16gb/")) {
			onGPU++
		}
	}
	steps := []struct {
		name, file string
		edit       func()
		made       int // how many instance pages are made again, in each edition
	}{
		// The instance type priced; no other's benchmark rank moves in
		// the synthetic catalog.
		{"price", priceFile, func() {
			edit(t, root, priceFile, firstLine(t, root, priceFile, "amount: ")+"\n", "amount: 19.4242\n")
		}, 1},
		{"gpu", gpuFile, func() { edit(t, root, gpuFile, "name: Synthetic G1 16GB", "name: Synthetic G1 16GB <b>edited</b>") }, onGPU},
	}
	for _, s := range steps {
		s.edit()
		got, _, err := r.RebuildChanged([]string{s.file})
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		want, _, err := freshBuild(t, root, opts)
		if err != nil {
			t.Fatalf("%s: full build: %v", s.name, err)
		}
		sameFiles(t, s.name, got, want)
		if made := len(all) - r.kept.keptWhole; made != s.made {
			t.Errorf("%s: %d of %d instance pages made again; want %d", s.name, made, len(all), s.made)
		}
		changed := 0
		for _, p := range all {
			if !bytes.Equal(got[p], last[p]) {
				changed++
			}
		}
		if changed == 0 {
			t.Errorf("%s: no instance page changed", s.name)
		}
		last = got
	}
}

// BenchmarkDraftShipped drafts a page of the shipped site after a
// one-price edit, as serve does after a save with the page open
// (Rebuilder.Draft): the home page, the matrix, or a GPU's page. cpu-ms
// is the processor time of the process per draft.
func BenchmarkDraftShipped(b *testing.B) {
	for _, page := range []string{"index.html", "compare/index.html", "gpus/h100-sxm5-80gb/index.html", "zh/index.html"} {
		b.Run(strings.TrimSuffix(page, "/index.html"), func(b *testing.B) {
			root := shippedRootInMemory(b)
			const file = "data/prices/aws.yaml"
			r := NewRebuilder(root, Options{})
			if _, _, err := r.Rebuild(); err != nil {
				b.Fatal(err)
			}
			old := firstLine(b, root, file, "amount: ")
			prices := []string{old, old + "1"}
			i := 0
			cpu := processCPU()
			for b.Loop() {
				b.StopTimer()
				edit(b, root, file, prices[i%2]+"\n", prices[(i+1)%2]+"\n")
				i++
				b.StartTimer()
				if files, ok := r.Draft([]string{file}, []string{page}); !ok || files[page] == nil {
					b.Fatalf("no draft of %s", page)
				}
			}
			b.ReportMetric(float64((processCPU()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}

// TestRebuildAfterPriceFileEditsEqualsFullBuild edits the price files of
// the shipped catalog as a person does in serve, one save after the
// other — a price, the edit undone, another file's price, a price file
// removed and added back, a price made invalid, a file that does not
// parse, the fix — and checks after each that the draft of the pages
// open (the home page, the matrix and a GPU's page, in both editions) and
// the rebuild that follows (RebuildChanged, told the file saved) equal a
// full build of the catalog as it is then, byte for byte; that an invalid
// file is reported as a full load reports it, with nothing drafted and
// no site, so that the last site that built stays served; and that the
// next edit after the fix builds again. A Loader parses an edited price
// file item by item (catalog.Loader), so each step but the first takes
// the items it did not change from the last.
func TestRebuildAfterPriceFileEditsEqualsFullBuild(t *testing.T) {
	root := shippedRootInMemory(t)
	opts := Options{BaseURL: "https://example.com/"}
	r := NewRebuilder(root, opts)
	if _, _, err := r.Rebuild(); err != nil {
		t.Fatal(err)
	}
	const aws, gcp, runpod = "data/prices/aws.yaml", "data/prices/google-cloud.yaml", "data/prices/runpod.yaml"
	orig := map[string][]byte{}
	for _, name := range []string{aws, gcp, runpod} {
		orig[name] = root[name].Data
	}
	set := func(name string, data []byte) { root[name] = &fstest.MapFile{Data: data} }
	open := []string{"index.html", "compare/index.html", "gpus/h100-sxm5-80gb/index.html", "zh/index.html", "zh/compare/index.html"}
	steps := []struct {
		name, file string
		edit       func()
		errors     bool // the edit leaves the catalog with errors
	}{
		{"a price", aws, func() { edit(t, root, aws, firstLine(t, root, aws, "amount: "), "amount: 1.2345") }, false},
		{"another price of the file", aws, func() { edit(t, root, aws, "amount: 12.24", "amount: 11.5") }, false},
		{"the edits undone", aws, func() { set(aws, orig[aws]) }, false},
		{"a price of another file", gcp, func() { edit(t, root, gcp, firstLine(t, root, gcp, "amount: "), "amount: 9.75") }, false},
		{"a price file removed", runpod, func() { delete(root, runpod) }, false},
		{"a price file added", runpod, func() { set(runpod, orig[runpod]) }, false},
		{"a price made invalid", aws, func() { edit(t, root, aws, firstLine(t, root, aws, "amount: "), "amount: -3") }, true},
		{"a file that does not parse", aws, func() { edit(t, root, aws, "amount: -3", "amount: [") }, true},
		{"the file fixed", aws, func() { set(aws, orig[aws]) }, false},
		{"a price after the fix", aws, func() { edit(t, root, aws, "amount: 12.24", "amount: 13.5") }, false},
	}
	for _, s := range steps {
		s.edit()
		draft, drafted := r.Draft([]string{s.file}, open)
		got, gotReport, err := r.RebuildChanged([]string{s.file})
		want, wantReport, wantErr := freshBuild(t, root, opts)
		if wantErr != nil {
			t.Fatalf("%s: full build: %v", s.name, wantErr)
		}
		if gotReport.String() != wantReport.String() {
			t.Errorf("%s: report\n%s\nwant\n%s", s.name, gotReport, wantReport)
		}
		if s.errors {
			if drafted || err == nil || got != nil || len(gotReport.Errors()) == 0 {
				t.Errorf("%s: drafted %v, rebuilt %d files, error %v; want no draft, no files and the catalog's errors", s.name, drafted, len(got), err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v\n%s", s.name, err, gotReport)
		}
		if !drafted {
			t.Errorf("%s: nothing drafted", s.name)
		}
		sameDraft(t, s.name, draft, want, open)
		sameFiles(t, s.name, got, want)
	}
}
