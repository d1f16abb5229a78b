package site

import (
	"bytes"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare"
	"gpucompare/generator/catalog"
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
	if !strings.Contains(page, "19.4242") {
		t.Errorf("the instance page does not show the edited price 19.4242")
	}
}

// BenchmarkRebuild rebuilds a 1,000-offer site after a one-price edit, as
// a live preview does: the catalog is loaded again and the site built in
// memory.
func BenchmarkRebuild(b *testing.B) {
	root := editableRoot(b, 1000)
	r := NewRebuilder(root, benchOptions)
	if _, _, err := r.Rebuild(); err != nil {
		b.Fatal(err)
	}
	// Each round edits the first price of a file, back and forth.
	const file = "data/prices/syn-cloud-01.yaml"
	old := firstLine(b, root, file, "amount: ")
	prices := []string{old, old + "1"}
	i := 0
	for b.Loop() {
		b.StopTimer()
		edit(b, root, file, prices[i%2]+"\n", prices[(i+1)%2]+"\n")
		i++
		b.StartTimer()
		if _, _, err := r.Rebuild(); err != nil {
			b.Fatal(err)
		}
	}
}
