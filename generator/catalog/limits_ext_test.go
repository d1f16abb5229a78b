package catalog_test

import (
	"fmt"
	"path"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site"
)

// numberPath is where a number field stands in a catalog file: its YAML
// keys from the top, "[]" for an item of a list.
type numberPath struct {
	keys  []string
	whole bool // an int field
}

// numberPaths lists the path of every number field under the type t, from
// the Go types alone: a field added to a type is in the list.
func numberPaths(t reflect.Type, prefix []string, seen map[reflect.Type]bool, out *[]numberPath) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == reflect.TypeFor[catalog.Date]():
	case t.Kind() == reflect.Int || t.Kind() == reflect.Float64:
		*out = append(*out, numberPath{keys: slices.Clone(prefix), whole: t.Kind() == reflect.Int})
	case t.Kind() == reflect.Slice:
		numberPaths(t.Elem(), append(prefix, "[]"), seen, out)
	case t.Kind() == reflect.Struct && !seen[t]:
		seen[t] = true
		defer delete(seen, t)
		for f := range t.Fields() {
			key, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if f.IsExported() && key != "" && key != "-" {
				numberPaths(f.Type, append(prefix, key), seen, out)
			}
		}
	}
}

// yamlAt writes a YAML document holding value at path, and returns it
// with the line and column where value starts.
func yamlAt(keys []string, value string) (doc string, line, col int) {
	var b strings.Builder
	indent, dash := 0, false
	for i, k := range keys {
		if k == "[]" {
			if i == len(keys)-1 {
				fmt.Fprintf(&b, "%s- %s\n", strings.Repeat(" ", indent), value)
				line, col = strings.Count(b.String(), "\n"), indent+3
			}
			dash = true
			continue
		}
		at := indent
		fmt.Fprint(&b, strings.Repeat(" ", indent))
		if dash {
			b.WriteString("- ")
			at += 2
			dash = false
		}
		b.WriteString(k + ":")
		if i == len(keys)-1 {
			b.WriteString(" " + value)
			line, col = strings.Count(b.String(), "\n")+1, at+len(k)+3
		}
		b.WriteString("\n")
		indent = at + 2
	}
	return b.String(), line, col
}

// TestNonFiniteNumbersRefusedEverywhere writes NaN, both infinities and
// numbers that overflow once multiplied into every number field of every
// kind of catalog file, one at a time, through YAML: Load refuses each at
// its value's line and column, and so no such catalog reaches the
// pipeline.
func TestNonFiniteNumbersRefusedEverywhere(t *testing.T) {
	values := []string{".nan", ".inf", "-.inf", "1e308", "-1e308", ".NaN", "+.Inf"}
	fields := 0
	for _, entry := range slices.Sorted(func(yield func(string) bool) {
		for k := range catalog.CatalogFiles {
			if !yield(k) {
				return
			}
		}
	}) {
		name := path.Join(catalog.DataDir, entry)
		if !strings.HasSuffix(entry, ".yaml") {
			name = path.Join(catalog.DataDir, entry, "x.yaml")
		}
		var paths []numberPath
		numberPaths(catalog.CatalogFiles[entry], nil, map[reflect.Type]bool{}, &paths)
		for _, p := range paths {
			fields++
			for _, v := range values {
				doc, line, col := yamlAt(p.keys, v)
				t.Run(name+"/"+strings.Join(p.keys, ".")+"="+v, func(t *testing.T) {
					refusedAt(t, name, doc, line, col, p.whole)
				})
			}
		}
	}
	if fields < 47 {
		t.Errorf("only %d number fields: the walk over the types misses some", fields)
	}
}

// refusedAt loads the base catalog with file name replaced by doc, and
// checks that Load reports an error at line:col that says what is wrong
// with the number there. Were the catalog to load, it builds it, as
// gpucompare build would, to show what the number would have done.
func refusedAt(t *testing.T, name, doc string, line, col int, whole bool) {
	t.Helper()
	fsys := fstest.MapFS{}
	for n, s := range catalog.BaseCatalog {
		fsys[n] = &fstest.MapFile{Data: []byte(s)}
	}
	fsys[name] = &fstest.MapFile{Data: []byte(doc)}
	cat, r := catalog.Load(fsys)
	at := catalog.Pos{File: name, Line: line, Col: col}
	for _, d := range r.Errors() {
		if d.Pos != at {
			continue
		}
		ok := strings.Contains(d.Message, " must be a finite number, got ") || strings.Contains(d.Message, " must be at most ") ||
			strings.Contains(d.Message, " must be at least -")
		if whole {
			ok = strings.HasPrefix(d.Message, "want a whole number, got ")
		}
		if !ok {
			t.Errorf("%s: the error does not say what is wrong with the number: %s\n%s", at, d.Message, doc)
		}
		return
	}
	t.Errorf("no error at %s for\n%s\ngot:\n%s", at, doc, r)
	if len(r.Errors()) == 0 {
		done := make(chan error, 1)
		go func() { _, _, err := site.Build(cat, fsys, site.Options{}); done <- err }()
		select {
		case err := <-done:
			t.Errorf("and the site builds from it: %v", err)
		case <-time.After(30 * time.Second):
			t.Errorf("and the build from it does not end within 30 s")
		}
	}
}

// TestYAMLAt checks the positions the property test expects.
func TestYAMLAt(t *testing.T) {
	doc, line, col := yamlAt([]string{"instances", "[]", "claims", "tflops"}, ".nan")
	want := "instances:\n  - claims:\n      tflops: .nan\n"
	if doc != want || line != 3 || col != 15 {
		t.Errorf("yamlAt = %q, %d:%d, want %q, 3:15", doc, line, col, want)
	}
	if doc, line, col = yamlAt([]string{"rate"}, "1"); doc != "rate: 1\n" || line != 1 || col != 7 {
		t.Errorf("yamlAt = %q, %d:%d, want \"rate: 1\\n\", 1:7", doc, line, col)
	}
}
