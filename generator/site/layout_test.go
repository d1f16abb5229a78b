package site

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// stageImports are the packages of the last stage and the ones among them
// each may import: a stage imports only the stages below it, never one
// above, so that data flows one way (README: Code layout). site, the
// orchestration, may import every one.
var stageImports = map[string][]string{
	"site/write":        nil,
	"site/paths":        nil,
	"site/fingerprint":  nil,
	"site/render":       nil,
	"site/derive":       nil,
	"site/content":      {"site/render"},
	"site/export":       {"site/derive", "site/paths", "site/render"},
	"site/pagemodel":    {"site/content", "site/derive", "site/export", "site/paths", "site/render"},
	"site/catalogpages": {"site/cards", "site/chartmodel", "site/content", "site/derive", "site/kinds", "site/markdown", "site/pagemodel", "site/paths", "site/render", "site/twins"},
	"site/kinds":        {"site/chartmodel", "site/content", "site/derive", "site/markdown", "site/pagemodel", "site/paths", "site/render", "site/twins"},
	"site/chartmodel":   {"site/pagemodel", "site/render"},
	"site/sitemap":      {"site/pagemodel", "site/write"},
	"site/reuse":        {"site/fingerprint", "site/write"},
	"site/feeds":        {"site/fingerprint", "site/pagemodel", "site/paths", "site/render", "site/reuse", "site/write"},
	"site/searchindex":  {"site/pagemodel", "site/write"},
	"site/api":          {"site/derive", "site/export", "site/paths", "site/render", "site/reuse", "site/write"},
	"site/markdown":     nil,
	"site/twins":        {"site/markdown"},
	"site/cards":        {"site/fingerprint", "site/reuse", "site/write"},
	"site/llms":         {"site/content", "site/derive", "site/markdown", "site/pagemodel", "site/paths", "site/render", "site/write"},
	"site/compare":      {"site/derive", "site/export", "site/fingerprint", "site/markdown", "site/pagemodel", "site/paths", "site/render", "site/twins"},
	"site/guides":       {"site/catalogpages", "site/compare", "site/content", "site/derive", "site/kinds", "site/pagemodel", "site/paths", "site/render"},
	"site/report":       {"site/catalogpages", "site/chartmodel", "site/compare", "site/derive", "site/kinds", "site/pagemodel", "site/paths", "site/render"},
	"site/search":       {"site/content", "site/pagemodel", "site/paths", "site/render", "site/searchindex"},
	// sitetest serves the stages' tests only: the small test site and the
	// shipped messages.
	"site/sitetest": {"site/render"},
}

// pkgInfo is what TestStageSizes and TestStagesImportOneWay read of a
// package of the generator.
type pkgInfo struct {
	imports map[string]bool // generator packages, as "site/render"
	lines   int
	methods map[string]int // receiver type → methods
}

// generatorPackages reads the non-test Go files of generator/: the
// imports, lines and methods per type of each package (its folder), and
// the lines of all of them.
func generatorPackages(t *testing.T) (map[string]*pkgInfo, int) {
	t.Helper()
	pkgs := map[string]*pkgInfo{}
	total := 0
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(p))[len("../"):]
		pi := pkgs[dir]
		if pi == nil {
			pi = &pkgInfo{imports: map[string]bool{}, methods: map[string]int{}}
			pkgs[dir] = pi
		}
		n := strings.Count(string(src), "\n")
		pi.lines += n
		total += n
		for _, im := range f.Imports {
			if rest, ok := strings.CutPrefix(strings.Trim(im.Path.Value, `"`), "gpucompare/generator/"); ok {
				pi.imports[rest] = true
			}
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Recv == nil {
				continue
			}
			typ := fd.Recv.List[0].Type
			if s, ok := typ.(*ast.StarExpr); ok {
				typ = s.X
			}
			if ix, ok := typ.(*ast.IndexExpr); ok {
				typ = ix.X
			}
			if id, ok := typ.(*ast.Ident); ok {
				pi.methods[id.Name]++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs, total
}

// TestStagesImportOneWay: each package of the last stage imports only the
// stages below it (stageImports), and every package under generator/site
// is listed there.
func TestStagesImportOneWay(t *testing.T) {
	pkgs, _ := generatorPackages(t)
	for dir, pi := range pkgs {
		if !strings.HasPrefix(dir, "site/") {
			continue
		}
		allowed, ok := stageImports[dir]
		if !ok {
			t.Errorf("%s: a package of the last stage missing from stageImports: say which stages it may import", dir)
			continue
		}
		for im := range pi.imports {
			if (im == "site" || strings.HasPrefix(im, "site/")) && !slices.Contains(allowed, im) {
				t.Errorf("%s imports %s: a stage imports only the stages below it (%v)", dir, im, allowed)
			}
		}
	}
}

// TestStageSizes keeps the rooms of the generator small: no type has more
// than 30 methods, and no package, package site included (39% before the
// move), holds more than a fifth of the generator's non-test lines. The
// builder keeps the orchestration and the render glue, at most
// builderMethods methods: a page model is a function of its inputs, not
// a method of the builder.
func TestStageSizes(t *testing.T) {
	pkgs, total := generatorPackages(t)
	for dir, pi := range pkgs {
		share := float64(pi.lines) / float64(total)
		if share > 0.20 {
			t.Errorf("%s: %d of the generator's %d non-test lines (%.1f%%), over 20%%: move a stage or page kind of it into a package of its own", dir, pi.lines, total, 100*share)
		}
		if testing.Verbose() && strings.HasPrefix(dir+"/", "site/") {
			t.Logf("%-18s %5d lines %5.1f%%", dir, pi.lines, 100*share)
		}
		for typ, n := range pi.methods {
			if n > 30 {
				t.Errorf("%s.%s: %d methods, over 30: give a concern of it a type of its own", dir, typ, n)
			}
		}
	}
	n := pkgs["site"].methods["builder"]
	if n > builderMethods {
		t.Errorf("site.builder: %d methods, over %d: make the new ones functions of what they need (as pagesIn, draftEdition, makeModel and proseIn are)", n, builderMethods)
	}
	t.Logf("site.builder: %d methods", n)
}

// builderMethods is the most methods site.builder may have; lower it
// when one moves out, so that it cannot grow back.
const builderMethods = 14

// TestOrchestrationFitsOnOneScreen keeps the list of stages readable as
// one: builder.run, which calls the stages of an edition in order, fits
// on a screen of 60 lines; and what a Rebuilder keeps between builds is
// an input of the stages (kept, reuse.Sets, pageCache), never a field of
// the builder.
func TestOrchestrationFitsOnOneScreen(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "site.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Name.Name != "run" || d.Recv == nil {
				continue
			}
			found = true
			if n := fset.Position(d.End()).Line - fset.Position(d.Pos()).Line + 1; n > 60 {
				t.Errorf("builder.run: %d lines, over 60: give a step of it a function of its own", n)
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok || ts.Name.Name != "builder" {
					continue
				}
				for _, field := range ts.Type.(*ast.StructType).Fields.List {
					var typ strings.Builder
					ast.Inspect(field.Type, func(n ast.Node) bool {
						if id, ok := n.(*ast.Ident); ok {
							typ.WriteString(id.Name + " ")
						}
						return true
					})
					for _, kept := range []string{"kept", "reuse", "pageCache", "fingerprint", "Sets"} {
						if strings.Contains(" "+typ.String(), " "+kept+" ") {
							t.Errorf("builder has a field of %s: what a Rebuilder keeps is passed to the stages, not held by the builder", typ.String())
						}
					}
				}
			}
		}
	}
	if !found {
		t.Fatal("no builder.run in site.go")
	}
}
