package catalog

import (
	"bytes"
	"io/fs"
	"math"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"go.yaml.in/yaml/v3"
)

// FuzzLoad feeds arbitrary text to the loader as each kind of catalog file:
// whatever the input, Load reports problems and never panics.
func FuzzLoad(f *testing.F) {
	for name, text := range base {
		f.Add(name, text)
	}
	f.Add("data/providers/aws.yaml", "id: aws\ninstances:\n  - &a {id: x}\n  - *a\n")
	f.Add("data/prices/aws.yaml", "provider: aws\nprices:\n  - {amount: -1, since: 2025-99-99}\n")
	f.Add("data/gpus/a100.yaml", "id: a100\ndense: {fp32: .nan}\nreleased: [2020]\n")
	f.Add("data/prices/aws.yaml", "provider: aws\nprices:\n  - {instance: p4d.24xlarge, region: us-east-1, model: spot, amount: 1e308, currency: USD, since: 0000, source: s}\n")
	f.Fuzz(func(t *testing.T, name, text string) {
		// A name that is not a valid fs path ("data/prices/./a.yaml") names no
		// file the loader can reach.
		if !strings.HasPrefix(name, "data/") || !fs.ValidPath(name) {
			name = "data/providers/aws.yaml"
		}
		fsys := fstest.MapFS{}
		for n, s := range base {
			fsys[n] = &fstest.MapFile{Data: []byte(s)}
		}
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
		cat, r := Load(fsys)
		if cat == nil {
			t.Fatal("Load returned no catalog")
		}
		for _, d := range r {
			if d.Message == "" || d.Pos.File == "" {
				t.Fatalf("diagnostic without message or file: %#v", d)
			}
		}
		// A catalog that loads holds finite numbers of a size the
		// pipeline can compute with, in every field.
		if len(r.Errors()) == 0 {
			numbersWithinLimits(t, reflect.ValueOf(cat), map[uintptr]bool{})
		}
		// What the library's strict decoder refuses (unknown fields, wrong
		// types, duplicate keys), the Node pass must refuse too.
		if v := typeOf(name); v != nil {
			dec := yaml.NewDecoder(bytes.NewReader([]byte(text)))
			dec.KnownFields(true)
			if err := dec.Decode(v); err != nil && !strings.Contains(err.Error(), "EOF") && len(r.Errors()) == 0 {
				t.Fatalf("strict decoder refuses %s but Load reports nothing: %v", name, err)
			}
		}
	})
}

// typeOf returns a new value of the type a catalog file decodes into.
// Hidden files, and files in hidden folders, are not catalog files: Load
// passes over them.
func typeOf(name string) any {
	switch {
	case strings.HasPrefix(name, ".") || strings.Contains(name, "/."):
		return nil
	case name == "data/site.yaml":
		return new(Site)
	case name == "data/fx.yaml":
		return new(FXFile)
	case name == "data/scoring.yaml":
		return new(Scoring)
	case strings.HasPrefix(name, "data/gpus/") && strings.HasSuffix(name, ".yaml"):
		return new(GPU)
	case strings.HasPrefix(name, "data/providers/") && strings.HasSuffix(name, ".yaml"):
		return new(Provider)
	case strings.HasPrefix(name, "data/prices/") && strings.HasSuffix(name, ".yaml"):
		return new(PriceFile)
	case strings.HasPrefix(name, "data/benchmarks/") && strings.HasSuffix(name, ".yaml"):
		return new(Benchmark)
	case strings.HasPrefix(name, "data/guides/") && strings.HasSuffix(name, ".yaml"):
		return new(Guide)
	case strings.HasPrefix(name, "data/scenarios/") && strings.HasSuffix(name, ".yaml"):
		return new(Scenario)
	}
	return nil
}

// numbersWithinLimits fails the test if any number under v is not finite,
// or larger in size than maxMagnitude.
func numbersWithinLimits(t *testing.T, v reflect.Value, seen map[uintptr]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return
		}
		seen[v.Pointer()] = true
		numbersWithinLimits(t, v.Elem(), seen)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				numbersWithinLimits(t, v.Field(i), seen)
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			numbersWithinLimits(t, v.Index(i), seen)
		}
	case reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.Abs(f) > maxMagnitude {
			t.Fatalf("a catalog without errors holds the number %v", f)
		}
	case reflect.Int:
		if n := v.Int(); n > maxMagnitude || n < -maxMagnitude {
			t.Fatalf("a catalog without errors holds the number %d", n)
		}
	}
}
