package catalog_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
	"golang.org/x/tools/txtar"

	"gpucompare/generator/catalog"
	"gpucompare/generator/importer"
	"gpucompare/generator/refresh"
)

var update = flag.Bool("update", false, "rewrite schemas/ from the Go types, and add the schema line to catalog files that lack it")

// repoRoot is the repository, which holds the shipped catalog and schemas/.
const repoRoot = "../.."

// TestSchemasUpToDate keeps schemas/ what the Go types and rules give:
// after a change to the catalog's types or checks, run it with -update.
func TestSchemasUpToDate(t *testing.T) {
	want := catalog.Schemas()
	dir := filepath.Join(repoRoot, catalog.SchemaDir)
	if *update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range want {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if _, ok := want[e.Name()]; !ok {
			t.Errorf("schemas/%s is not the schema of any catalog file: remove it", e.Name())
		}
	}
	for name, data := range want {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("schemas/%s is not what the Go types give: run make schemas", name)
		}
	}
}

// TestSourceFormats keeps the formats sources.yaml's schema allows those
// the importer reads.
func TestSourceFormats(t *testing.T) {
	if !slices.Equal(catalog.SourceFormats, importer.Formats) {
		t.Errorf("catalog.SourceFormats = %v, importer.Formats = %v: want the same", catalog.SourceFormats, importer.Formats)
	}
}

// compileSchemas compiles every schema of catalog.Schemas with a JSON
// Schema library, by file name.
func compileSchemas(t *testing.T) map[string]*jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	schemas := catalog.Schemas()
	for name, data := range schemas {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := c.AddResource("file:///schemas/"+name, doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	out := map[string]*jsonschema.Schema{}
	for name := range schemas {
		s, err := c.Compile("file:///schemas/" + name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = s
	}
	return out
}

// instance is the JSON value a YAML document stands for, as an editor's
// YAML language server sees it: dates and other timestamps are text, and
// numbers JSON cannot hold (.inf, .nan) are left as text, which no number
// field accepts.
func instance(data []byte) (any, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	return jsonOf(doc.Content[0])
}

func jsonOf(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.AliasNode:
		return jsonOf(n.Alias)
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			v, err := jsonOf(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			m[n.Content[i].Value] = v
		}
		return m, nil
	case yaml.SequenceNode:
		list := []any{}
		for _, c := range n.Content {
			v, err := jsonOf(c)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		return list, nil
	}
	switch n.ShortTag() {
	case "!!null":
		return nil, nil
	case "!!bool":
		var b bool
		err := n.Decode(&b)
		return b, err
	case "!!int":
		var i int64
		if err := n.Decode(&i); err != nil {
			return n.Value, nil // beyond 64 bits
		}
		return json.Number(strconv.FormatInt(i, 10)), nil
	case "!!float":
		var f float64
		if err := n.Decode(&f); err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return n.Value, nil
		}
		return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), nil
	}
	return n.Value, nil
}

// validate validates the catalog file name against its schema and
// returns what the schema says is wrong, or "".
func validate(t *testing.T, schemas map[string]*jsonschema.Schema, name string, data []byte) string {
	t.Helper()
	file, ok := catalog.SchemaFile(name)
	if !ok {
		t.Fatalf("%s: no schema", name)
	}
	v, err := instance(data)
	if err != nil {
		return err.Error()
	}
	if err := schemas[file].Validate(v); err != nil {
		return err.Error()
	}
	return ""
}

// shippedFiles lists the YAML files of the shipped catalog.
func shippedFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	err := fs.WalkDir(os.DirFS(repoRoot), catalog.DataDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".yaml") {
			out = append(out, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestShippedCatalogMatchesSchemas validates every file of the shipped
// catalog against its schema with a JSON Schema library.
func TestShippedCatalogMatchesSchemas(t *testing.T) {
	schemas := compileSchemas(t)
	files := shippedFiles(t)
	seen := map[string]bool{}
	for _, name := range files {
		data, err := os.ReadFile(filepath.Join(repoRoot, name))
		if err != nil {
			t.Fatal(err)
		}
		if msg := validate(t, schemas, name, data); msg != "" {
			t.Errorf("%s does not match its schema:\n%s", name, msg)
		}
		file, _ := catalog.SchemaFile(name)
		seen[file] = true
	}
	for name := range schemas {
		// The shipped catalog holds no trial: a team records its own.
		// The trial fixtures of testdata/schema hold its schema to the checks.
		// Nor any quote: quotes live in a team's overlay, never in the
		// public catalog (TestQuoteSchema holds its schema).
		if !seen[name] && name != "trial.schema.json" && name != "quote.schema.json" {
			t.Errorf("schemas/%s: no shipped file is validated against it", name)
		}
	}
}

// TestQuoteSchema holds the schema of an overlay's quotes to the checks:
// a good quote passes both; each broken one fails both, the checks at
// its position.
func TestQuoteSchema(t *testing.T) {
	schemas := compileSchemas(t)
	const good = `id: q1
offer:
  provider: aws
  instance: p5.48xlarge
  region: us-east-1
  model: on_demand
amount: 80.50
currency: USD
term: 12 months
valid_from: 2025-06-01
valid_until: 2025-09-30
discount_pct: 18
reference: Q-2025-0412
contact_role: account manager
`
	base := fstest.MapFS{}
	for _, name := range shippedFiles(t) {
		data, err := os.ReadFile(filepath.Join(repoRoot, name))
		if err != nil {
			t.Fatal(err)
		}
		base[name] = &fstest.MapFile{Data: data}
	}
	load := func(text string) catalog.Report {
		over := fstest.MapFS{"data/quotes/q1.yaml": &fstest.MapFile{Data: []byte(text)}}
		_, report := catalog.Load(catalog.WithOverlay(base, over))
		return report.Errors()
	}
	if msg := validate(t, schemas, "data/quotes/q1.yaml", []byte(good)); msg != "" {
		t.Errorf("a good quote fails its schema:\n%s", msg)
	}
	if errs := load(good); len(errs) > 0 {
		t.Errorf("a good quote fails the checks:\n%s", errs)
	}
	for _, tc := range []struct{ name, from, to, want string }{
		{"no valid_until", "valid_until: 2025-09-30\n", "", "overlay/data/quotes/q1.yaml:1:1: quote \"q1\": valid_until is missing"},
		{"negative amount", "amount: 80.50", "amount: -3", "overlay/data/quotes/q1.yaml:7:9: quote \"q1\": amount must be > 0"},
		{"discount of 100", "discount_pct: 18", "discount_pct: 100", "overlay/data/quotes/q1.yaml:12:15: quote \"q1\": discount_pct must be between 0 and 100"},
		{"no reference", "reference: Q-2025-0412", "reference: \"\"", "overlay/data/quotes/q1.yaml:13:12: quote \"q1\": reference is missing"},
		{"a month for a day", "valid_from: 2025-06-01", "valid_from: 2025-06", "overlay/data/quotes/q1.yaml:10:13: quote \"q1\": valid_from"},
	} {
		bad := strings.Replace(good, tc.from, tc.to, 1)
		if msg := validate(t, schemas, "data/quotes/q1.yaml", []byte(bad)); msg == "" {
			t.Errorf("%s: the schema lets it through", tc.name)
		}
		errs := load(bad)
		if !slices.ContainsFunc(errs, func(d catalog.Diagnostic) bool { return strings.HasPrefix(d.String(), tc.want) }) {
			t.Errorf("%s: the checks do not say %q; they say:\n%s", tc.name, tc.want, errs)
		}
	}
}

// TestSchemaLines checks that every shipped catalog file starts with the
// line that points an editor at its schema, by a path that leads to it.
// With -update, the line is added to the files that lack it.
func TestSchemaLines(t *testing.T) {
	for _, name := range shippedFiles(t) {
		line, ok := catalog.SchemaLine(name)
		if !ok {
			t.Errorf("%s: not a catalog file with a schema", name)
			continue
		}
		full := filepath.Join(repoRoot, name)
		data, err := os.ReadFile(full)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(data, []byte(line+"\n")) {
			if *update && !bytes.HasPrefix(data, []byte("# yaml-language-server:")) {
				if err := os.WriteFile(full, append([]byte(line+"\n"), data...), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			t.Errorf("%s: first line must be %q (make schemas adds it)", name, line)
			continue
		}
		target := path.Join(path.Dir(name), strings.TrimPrefix(line, "# yaml-language-server: $schema="))
		if _, err := os.Stat(filepath.Join(repoRoot, target)); err != nil {
			t.Errorf("%s: the schema line leads to %s, which does not exist", name, target)
		}
	}
}

// TestBrokenFiles holds the schemas to the checks on broken files, each a
// txtar in testdata/schema that replaces files of the shipped catalog.
// Its comment's first line is its label, its second what the checks (or,
// for sources.yaml, the refresh stage) must say of it: an error, or the
// claims check's warning. One labelled "schema-detectable" must fail its
// schema too; one labelled "check-only" is a mistake only the checks can
// see (a reference to another file, a sum, a claim), which the schema
// must let through, so that the label stays true.
func TestBrokenFiles(t *testing.T) {
	schemas := compileSchemas(t)
	base := fstest.MapFS{}
	for _, name := range shippedFiles(t) {
		data, err := os.ReadFile(filepath.Join(repoRoot, name))
		if err != nil {
			t.Fatal(err)
		}
		base[name] = &fstest.MapFile{Data: data}
	}
	fixtures, err := filepath.Glob("testdata/schema/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, fixture := range fixtures {
		t.Run(strings.TrimSuffix(filepath.Base(fixture), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(fixture)
			if err != nil {
				t.Fatal(err)
			}
			first, rest, _ := strings.Cut(string(ar.Comment), "\n")
			label, _, _ := strings.Cut(first, ":")
			want, ok := strings.CutPrefix(strings.TrimSpace(rest), "want: ")
			if !ok || want == "" {
				t.Fatalf("second line of the comment must be \"want: \" and what the checks say")
			}
			if label != "schema-detectable" && label != "check-only" {
				t.Fatalf("first line of the comment is %q: want schema-detectable or check-only", label)
			}
			count[label]++
			fsys := fstest.MapFS{}
			for k, v := range base {
				fsys[k] = v
			}
			for _, f := range ar.Files {
				fsys[f.Name] = &fstest.MapFile{Data: f.Data}
			}
			var said []string
			for _, f := range ar.Files {
				if f.Name == refresh.SourcesFile {
					_, err := refresh.ParseSources(f.Data, f.Name, importer.Formats)
					if err != nil {
						said = append(said, err.Error())
					}
				}
			}
			if !sourcesOnly(ar) {
				_, report := catalog.Load(fsys)
				for _, d := range report {
					sev := "error"
					if d.Severity == catalog.Warning {
						sev = "warning"
					}
					said = append(said, sev+": "+d.Message)
				}
			}
			if !slices.ContainsFunc(said, func(s string) bool { return strings.Contains(s, want) }) {
				t.Errorf("the checks do not say %q; they say:\n%s", want, strings.Join(said, "\n"))
			}
			var msgs []string
			for _, f := range ar.Files {
				if msg := validate(t, schemas, f.Name, f.Data); msg != "" {
					msgs = append(msgs, msg)
				}
			}
			switch {
			case label == "schema-detectable" && len(msgs) == 0:
				t.Errorf("labelled schema-detectable, but the schema accepts it")
			case label == "check-only" && len(msgs) > 0:
				t.Errorf("labelled check-only, but the schema refuses it:\n%s", strings.Join(msgs, "\n"))
			}
		})
	}
	if count["schema-detectable"] == 0 || count["check-only"] == 0 {
		t.Errorf("fixtures: %v; want some of each kind", count)
	}
	t.Log(fmt.Sprint(count))
}

func sourcesOnly(ar *txtar.Archive) bool {
	for _, f := range ar.Files {
		if f.Name != refresh.SourcesFile {
			return false
		}
	}
	return true
}
