package catalog

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"
)

// An edit of one file, loaded by a Loader whose other files are kept from
// its last load, gives the catalog and the report a fresh load gives; and
// no two loads share a record, so what one build does to its catalog does
// not reach the next.
func TestLoaderEditAfterKeptFilesEqualsFreshLoad(t *testing.T) {
	fsys := baseFS()
	ld := NewLoader(fsys)
	first, report := ld.Load()
	if len(report.Errors()) > 0 {
		t.Fatal(report)
	}
	kept := map[string]*parsedFile{}
	for name, f := range ld.files {
		if f.kept == nil && f.err == nil {
			t.Fatalf("%s: no value kept", name)
		}
		kept[name] = f
	}
	first.GPUs[0].Name = "changed by the first load's user"
	first.Providers[0].Instances[0].GPUCount = 99

	const edited = "data/prices/aws.yaml"
	text := string(fsys[edited].Data)
	if !strings.Contains(text, "amount: 32.77") {
		t.Fatalf("%s holds no amount 32.77:\n%s", edited, text)
	}
	fsys[edited] = &fstest.MapFile{Data: []byte(strings.Replace(text, "amount: 32.77", "amount: 31.5", 1))}
	cat, lreport := ld.Load()
	want, wantReport := Load(fsys)
	if !reflect.DeepEqual(lreport, wantReport) {
		t.Errorf("reports differ:\nLoader\n%s\nLoad\n%s", lreport, wantReport)
	}
	if !reflect.DeepEqual(cat, want) {
		t.Errorf("the Loader's catalog after the edit differs from a fresh load's")
	}
	if got := priceAmount(t, cat, edited); got != 31.5 {
		t.Errorf("the edited price is %v; want 31.5", got)
	}
	for name, f := range ld.files {
		if f.err != nil {
			continue // a missing file is looked for again
		}
		if reused := kept[name] == f; reused == (name == edited) {
			t.Errorf("%s: parse kept %v; want only the edited file parsed again", name, reused)
		}
	}
	if cat.GPUs[0] == first.GPUs[0] || cat.Providers[0] == first.Providers[0] {
		t.Error("two loads share a record")
	}
}

// priceAmount is the amount of the first price point of the file name.
func priceAmount(t *testing.T, cat *Catalog, name string) float64 {
	t.Helper()
	for _, pp := range cat.Prices {
		if pp.file == name && pp.Amount != nil {
			return *pp.Amount
		}
	}
	t.Fatalf("no price of %s", name)
	return 0
}

// A file rewritten with other bytes of the same size, and its time set
// back to what it was, is loaded again: a Loader tells files by their
// bytes, not by their size and time.
func TestLoaderSeesAnEditOfTheSameSizeAndTime(t *testing.T) {
	root := t.TempDir()
	for name, f := range baseFS() {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const edited = "data/prices/aws.yaml"
	p := filepath.Join(root, filepath.FromSlash(edited))
	before, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	ld := NewLoader(os.DirFS(root))
	if cat, report := ld.Load(); len(report.Errors()) > 0 {
		t.Fatal(report)
	} else if got := priceAmount(t, cat, edited); got != 32.77 {
		t.Fatalf("price %v; want 32.77", got)
	}
	data, _ := os.ReadFile(p)
	if err := os.WriteFile(p, []byte(strings.Replace(string(data), "amount: 32.77", "amount: 33.77", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, time.Time{}, before.ModTime()); err != nil {
		t.Fatal(err)
	}
	if after, err := os.Stat(p); err != nil || after.Size() != before.Size() || !after.ModTime().Equal(before.ModTime()) {
		t.Fatalf("the edit changed the file's size or time: %v, %v", after, err)
	}
	cat, report := ld.Load()
	if len(report.Errors()) > 0 {
		t.Fatal(report)
	}
	if got := priceAmount(t, cat, edited); got != 33.77 {
		t.Errorf("price %v after the edit; want 33.77", got)
	}
}

// deepCopy shares no pointer, slice or map with what it copies.
func TestDeepCopySharesNothing(t *testing.T) {
	type inner struct {
		N    int
		List []string
	}
	type outer struct {
		P     *inner
		S     []*inner
		M     map[string][]int
		I     any
		Text  string
		hid   *inner
		Arr   [2][]int
		Empty []int
	}
	src := &outer{P: &inner{1, []string{"a"}}, S: []*inner{{2, nil}}, M: map[string][]int{"k": {1}}, I: &inner{3, []string{"b"}}, Text: "t", Arr: [2][]int{{1}, {2}}}
	dst := deepCopy(reflect.ValueOf(src)).Interface().(*outer)
	if !reflect.DeepEqual(src, dst) {
		t.Fatalf("copy %+v differs from %+v", dst, src)
	}
	dst.P.List[0], dst.S[0].N, dst.M["k"][0], dst.I.(*inner).List[0], dst.Arr[0][0] = "x", 9, 9, "y", 9
	if src.P.List[0] != "a" || src.S[0].N != 2 || src.M["k"][0] != 1 || src.I.(*inner).List[0] != "b" || src.Arr[0][0] != 1 {
		t.Errorf("a change of the copy reached the original: %+v", src)
	}
}

// The checks of a price file a Loader kept from its last load are run
// again when another file of the catalog changes: a provider's file that
// no longer lists the instance a kept price file names is an error at
// that price, as in a fresh load; and an unchanged catalog's report is
// the last one's.
func TestLoaderChecksKeptPriceFilesAgainstTheEditedCatalog(t *testing.T) {
	fsys := baseFS()
	ld := NewLoader(fsys)
	if _, report := ld.Load(); len(report.Errors()) > 0 {
		t.Fatal(report)
	}
	if len(ld.checks) == 0 {
		t.Fatal("the Loader kept no check of a price file")
	}
	const provider = "data/providers/aws.yaml"
	text := string(fsys[provider].Data)
	if !strings.Contains(text, "p4d.24xlarge") {
		t.Fatalf("%s lists no p4d.24xlarge:\n%s", provider, text)
	}
	fsys[provider] = &fstest.MapFile{Data: []byte(strings.ReplaceAll(text, "p4d.24xlarge", "p5.48xlarge"))}
	for range 2 {
		_, report := ld.Load()
		_, want := Load(fsys)
		if !reflect.DeepEqual(report, want) {
			t.Errorf("reports differ:\nLoader\n%s\nLoad\n%s", report, want)
		}
		if !strings.Contains(report.String(), `data/prices/aws.yaml`) || len(report.Errors()) == 0 {
			t.Errorf("no error at the price of an instance the provider no longer lists:\n%s", report)
		}
	}
}

// TestDeepCopyOfANewTypeFromManyGoroutines: loads decode files in
// parallel, so many goroutines may ask for the copier of a type none has
// made yet; each gets a whole one. Each round makes a new type, wide
// enough that making its copier takes a while (200 fields, each of a
// struct type never used before), and copies a value of it from 8
// goroutines started together.
func TestDeepCopyOfANewTypeFromManyGoroutines(t *testing.T) {
	for round := range 10 {
		fields := make([]reflect.StructField, 200)
		for i := range fields {
			inner := reflect.StructOf([]reflect.StructField{
				{Name: fmt.Sprintf("R%dF%d", round, i), Type: reflect.TypeFor[[]map[string][]int]()},
			})
			fields[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: reflect.PointerTo(inner)}
		}
		typ := reflect.StructOf(fields)
		src := reflect.New(typ).Elem()
		for i := range fields {
			p := reflect.New(fields[i].Type.Elem())
			p.Elem().Field(0).Set(reflect.ValueOf([]map[string][]int{{"a": {i}}}))
			src.Field(i).Set(p)
		}
		var wg sync.WaitGroup
		start := make(chan struct{})
		errs := make(chan string, 8)
		for range 8 {
			wg.Go(func() {
				defer func() {
					if r := recover(); r != nil {
						errs <- fmt.Sprint(r)
					}
				}()
				<-start
				got := deepCopy(src)
				if !reflect.DeepEqual(got.Interface(), src.Interface()) {
					errs <- "copy differs"
				}
				if got.Field(0).Pointer() == src.Field(0).Pointer() {
					errs <- "copy shares a pointer"
				}
			})
		}
		close(start)
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatalf("round %d: %s", round, e)
		}
	}
}
