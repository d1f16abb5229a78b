// Package catalog is the first stage of gpucompare: it reads the YAML
// catalog under data/ of a site root, checks every record against the data
// contract, and hands on a Catalog in which every reference resolves, or a
// Report that says, with file, line and column, everything that is wrong.
//
// Loading runs in two passes over each file. A yaml.Node pass places every
// problem exactly: unknown fields, duplicate keys, values of the wrong kind
// (shape.go). Only a file of the right shape is decoded into its Go types,
// and validate.go then checks the values and the references between files.
package catalog

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"gpucompare/generator/rootfs"
)

// DataDir is the folder of a site root that holds the catalog.
const DataDir = "data"

// Load reads, checks and cross-references the catalog in fsys, a site root
// holding data/. The catalog is usable only when the report has no errors.
//
// Each file's YAML tree is let go as soon as the file is decoded: what the
// checks need of it to place their diagnostics is kept as its places.
func Load(fsys fs.FS) (*Catalog, Report) {
	l := &loader{fsys: fsys, cat: &Catalog{}}
	return l.load()
}

// A Loader loads the catalog of one site root again and again, as a live
// preview does after each edit: it keeps the parse of every file and the
// value it decoded into, and parses and decodes again only the files
// whose bytes changed since its last Load (each file is read and its
// bytes compared whole: a file rewritten with the same size and time is
// not taken for unchanged). A file it parses again after an edit it
// parses item by item and keeps the items' trees (parseByItems), so that
// at the file's next edit only the items whose text changed are parsed.
// Each load's records are a deep copy of the kept values, so that no two
// loads share one.
// Checks and cross-references run in full each time, so each Load gives
// what a fresh Load of the same files gives. A Loader is not safe for
// concurrent use.
type Loader struct {
	fsys   fs.FS
	files  map[string]*parsedFile // by file name, from the last Load
	checks map[string]fileCheck   // what the checks of its price files found (eachPriceFile)
}

// NewLoader returns a Loader of the site root fsys.
func NewLoader(fsys fs.FS) *Loader {
	return &Loader{fsys: fsys}
}

// Load reads, checks and cross-references the catalog, like the function
// Load.
func (ld *Loader) Load() (*Catalog, Report) {
	l := &loader{fsys: ld.fsys, cat: &Catalog{}, prev: ld.files, keepTrees: true, prevChecks: ld.checks, checks: map[string]fileCheck{}}
	cat, report := l.load()
	ld.files, ld.checks = l.files, l.checks
	return cat, report
}

// load reads, checks and cross-references the catalog.
func (l *loader) load() (*Catalog, Report) {
	l.parseAll()
	l.loadAll()
	l.validate()
	if len(l.report.Errors()) == 0 {
		l.checkHistories()
		l.checkClaims()
	}
	forgetNodes(l.cat)
	internStrings(l.cat)
	sources := make([]string, len(l.cat.Prices))
	for i, pp := range l.cat.Prices {
		sources[i] = pp.Source
	}
	l.cat.Sources.memoise(sources)
	return l.cat, l.report.firstAtEachPlace(l.shapeErrs).sorted()
}

// forgetNodes lets go of the places that placed the diagnostics of a
// load, once every check has run: held by the catalog, they would be most
// of its memory. Guides keep where each outcome stands, for
// Guide.OutcomePos, price points where they stand, for PricePoint.Pos,
// and instance types and benchmark results where they stand, for the
// build's check that pages agree with the catalog.
func forgetNodes(c *Catalog) {
	for _, g := range c.Guides {
		g.at = nil
		for _, q := range g.Questions {
			q.at = nil
			for _, a := range q.Answers {
				a.at = nil
			}
		}
		for _, o := range g.Outcomes {
			if o.at != nil {
				o.at = &place{line: o.at.line, col: o.at.col, kind: o.at.kind}
			}
			if o.Query != nil {
				o.Query.at = nil
				for i := range o.Query.Where {
					o.Query.Where[i].at = nil
				}
			}
		}
	}
	for i := range c.FX {
		c.FX[i].at = nil
	}
	for i := range c.Site.Editions {
		c.Site.Editions[i].at = nil
	}
	for _, g := range c.GPUs {
		g.at = nil
	}
	for _, p := range c.Providers {
		p.at, p.Billing.at = nil, nil
		for _, r := range p.Regions {
			r.at = nil
		}
		for _, in := range p.Instances {
			in.at = where(in.at) // for Provider.InstancePos
			if in.Claims != nil {
				in.Claims.at = nil
			}
		}
	}
	for _, b := range c.Benchmarks {
		b.at = nil
		for _, r := range b.Results {
			r.at = where(r.at) // for Benchmark.ResultPos
		}
	}
	if c.Scoring != nil {
		c.Scoring.at = nil
		for _, cr := range c.Scoring.Criteria {
			cr.at = nil
		}
	}
	for _, s := range c.Scenarios {
		s.at = nil
	}
	for _, q := range c.Quotes {
		q.at = nil
	}
	for _, t := range c.Trials {
		t.at = nil
		for _, f := range t.Figures {
			f.at = nil
		}
	}
	// The price points' places, in one slice: one object for the
	// collector, not one per point.
	kept := make([]place, len(c.Prices))
	for i, pp := range c.Prices {
		if pp.at != nil {
			kept[i] = place{line: pp.at.line, col: pp.at.col, kind: pp.at.kind}
			pp.at = &kept[i]
		}
	}
}

// where is the place of a record without its keys: where it stands.
func where(at *place) *place {
	if at == nil {
		return nil
	}
	return &place{line: at.line, col: at.col, kind: at.kind}
}

type loader struct {
	fsys   fs.FS
	cat    *Catalog
	report Report

	siteAt *place
	// unusedLangs are the languages the catalog has text in and the site
	// no edition in, each where it first appears.
	unusedLangs map[string]Pos
	// untranslated counts, by language of the site's editions, the
	// catalog notes without text in it.
	untranslated noteCounts
	shapeErrs    map[Pos]bool // where a value has the wrong shape
	fxFile       string
	priceFiles   []priceFile

	files   map[string]*parsedFile // this load's parses, by file name
	decoded map[string]decodedFile // this load's decoded files, by file name
	prev    map[string]*parsedFile // the parses of the Loader's last load
	// keepTrees keeps each file's bytes and decoded value (parsedFile.keep),
	// for a Loader to decode it again in its next load without parsing it.
	keepTrees bool
	// checks are what each check of each price file found (fileCheck),
	// by check and file name, for a Loader; prevChecks those of its last
	// load; context this load's checkContext, once named. unnamed says
	// a file was decoded outside parseAll: the context has no name.
	checks, prevChecks map[string]fileCheck
	context            string
	unnamed            bool
	// locs are the locations of each source checked (locations).
	locs map[string][][]string
	// workers is how many goroutines parse files and check price files;
	// 0 for one per processor.
	workers int
}

// priceFile is one decoded data/prices file with the place of its root.
type priceFile struct {
	PriceFile
	name string
	at   *place
}

func (l *loader) errorf(p Pos, format string, args ...any) {
	l.report = append(l.report, Diagnostic{Pos: p, Severity: Error, Message: fmt.Sprintf(format, args...)})
}

func (l *loader) warnf(p Pos, format string, args ...any) {
	l.report = append(l.report, Diagnostic{Pos: p, Severity: Warning, Message: fmt.Sprintf(format, args...)})
}

// catalogEntries are the files and folders data/ may hold.
var catalogEntries = []string{"benchmarks", "fx.yaml", "gpu-names.yaml", "gpus", "guides", "prices", "providers", "scenarios", "scoring.yaml", "site.yaml", "source-registry.yaml", "sources.yaml", "trials"}

func (l *loader) loadAll() {
	entries, err := fs.ReadDir(l.fsys, DataDir)
	if why, ok := refused(err); ok {
		l.errorf(Pos{File: DataDir + "/"}, "%s", why)
		return
	}
	if err != nil {
		l.errorf(Pos{File: DataDir + "/"}, "no catalog here: want a folder data/ holding site.yaml, gpus/, providers/ and prices/")
		return
	}
	for _, e := range entries {
		if e.Name() == "quotes" {
			l.errorf(Pos{File: path.Join(DataDir, e.Name()) + "/"}, "quotes are private and never part of the public catalog: keep data/quotes/ in an overlay root and build with -overlay DIR")
		} else if !slices.Contains(catalogEntries, e.Name()) && !strings.HasPrefix(e.Name(), ".") {
			l.errorf(Pos{File: path.Join(DataDir, e.Name())}, "unknown catalog entry %q: data/ holds %s", e.Name(), strings.Join(catalogEntries, ", "))
		}
	}

	var site Site
	if root := l.decodeFile(path.Join(DataDir, "site.yaml"), &site, true); root != nil {
		l.cat.Site = site
		l.siteAt = root
		for i := range l.cat.Site.Editions {
			l.cat.Site.Editions[i].at = item(root, "editions", i)
		}
	}
	var fx FXFile
	fxName := path.Join(DataDir, "fx.yaml")
	if root := l.decodeFile(fxName, &fx, false); root != nil {
		l.fxFile = fxName
		for i := range fx.Rates {
			fx.Rates[i].at = item(root, "rates", i)
		}
		l.cat.FX = fx.Rates
	}
	for _, name := range l.yamlFiles("gpus") {
		g := new(GPU)
		if root := l.decodeFile(name, g, true); root != nil {
			g.at, g.file = root, name
			l.cat.GPUs = append(l.cat.GPUs, g)
		}
	}
	for _, name := range l.yamlFiles("providers") {
		p := new(Provider)
		if root := l.decodeFile(name, p, true); root != nil {
			p.at, p.file = root, name
			// Empty list items, already reported, decode as nil.
			p.Regions = nonNil(p.Regions)
			p.Instances = nonNil(p.Instances)
			if b := child(root, "billing"); b != nil {
				p.Billing.at = b
			}
			for i, r := range p.Regions {
				r.at = item(root, "regions", i)
			}
			for i, in := range p.Instances {
				in.at = item(root, "instances", i)
				in.Provider = p
				if in.Claims != nil {
					in.Claims.at = child(in.at, "claims")
				}
			}
			l.cat.Providers = append(l.cat.Providers, p)
		}
	}
	for _, name := range l.yamlFiles("benchmarks") {
		b := new(Benchmark)
		if root := l.decodeFile(name, b, true); root != nil {
			b.at, b.file = root, name
			b.Results = nonNil(b.Results)
			for i, r := range b.Results {
				r.at = item(root, "results", i)
			}
			l.cat.Benchmarks = append(l.cat.Benchmarks, b)
		}
	}
	for _, name := range l.yamlFiles("guides") {
		g := new(Guide)
		if root := l.decodeFile(name, g, true); root != nil {
			g.at, g.file = root, name
			g.Questions, g.Outcomes = nonNil(g.Questions), nonNil(g.Outcomes)
			for i, q := range g.Questions {
				q.at = item(root, "questions", i)
				q.Answers = nonNil(q.Answers)
				for j, a := range q.Answers {
					a.at = item(q.at, "answers", j)
				}
			}
			for i, o := range g.Outcomes {
				o.at = item(root, "outcomes", i)
				if o.Query != nil {
					o.Query.at = child(o.at, "query")
					for j := range o.Query.Where {
						o.Query.Where[j].at = item(o.Query.at, "where", j)
					}
				}
			}
			l.cat.Guides = append(l.cat.Guides, g)
		}
	}
	var scoring Scoring
	if root := l.decodeFile(path.Join(DataDir, "scoring.yaml"), &scoring, false); root != nil {
		scoring.at, scoring.file = root, path.Join(DataDir, "scoring.yaml")
		scoring.Criteria = nonNil(scoring.Criteria)
		for i, c := range scoring.Criteria {
			c.at = item(root, "criteria", i)
		}
		l.cat.Scoring = &scoring
	}
	var reg SourceRegistry
	if root := l.decodeFile(path.Join(DataDir, SourceRegistryFile), &reg, false); root != nil {
		reg.at, reg.file = root, path.Join(DataDir, SourceRegistryFile)
		reg.Providers, reg.Aggregators, reg.Copies = nonNil(reg.Providers), nonNil(reg.Aggregators), nonNil(reg.Copies)
		for i, p := range reg.Providers {
			p.at = item(root, "providers", i)
		}
		for i, a := range reg.Aggregators {
			a.at = item(root, "aggregators", i)
		}
		for i, c := range reg.Copies {
			c.at = item(root, "copies", i)
		}
		l.cat.Sources = &reg
	}
	for _, name := range l.yamlFiles("scenarios") {
		s := new(Scenario)
		if root := l.decodeFile(name, s, true); root != nil {
			s.at, s.file = root, name
			l.cat.Scenarios = append(l.cat.Scenarios, s)
		}
	}
	for _, name := range l.yamlFiles("trials") {
		trialRules{l}.load(name)
	}
	quoteRules{l}.loadOverlay()
	for _, name := range l.yamlFiles("prices") {
		var pf PriceFile
		if root := l.decodeFile(name, &pf, true); root != nil {
			pf.Prices = nonNil(pf.Prices)
			for i, pp := range pf.Prices {
				pp.at, pp.file, pp.Provider, pp.Checked = item(root, "prices", i), name, pf.Provider, pf.Checked
			}
			l.priceFiles = append(l.priceFiles, priceFile{name: name, at: root, PriceFile: pf})
			l.cat.Prices = append(l.cat.Prices, pf.Prices...)
		}
	}
}

// load reads the trial in the file name.
func (tr trialRules) load(name string) {
	l := tr.l
	t := new(Trial)
	if root := l.decodeFile(name, t, true); root != nil {
		t.at, t.file = root, name
		t.Figures = nonNil(t.Figures)
		for i, f := range t.Figures {
			f.at = item(root, "figures", i)
		}
		l.cat.Trials = append(l.cat.Trials, t)
	}
}

func nonNil[T any](list []*T) []*T {
	return slices.DeleteFunc(list, func(x *T) bool { return x == nil })
}

// yamlFiles lists the .yaml files of a catalog folder in name order and
// reports files that are not .yaml.
//
// dir is a folder of data/, or, holding a slash, the path of a folder of
// an overlay's data/.
func (l *loader) yamlFiles(dir string) []string {
	full := dir
	if !strings.Contains(dir, "/") {
		full = path.Join(DataDir, dir)
	}
	entries, err := fs.ReadDir(l.fsys, full)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if why, ok := refused(err); ok {
		l.errorf(Pos{File: full + "/"}, "%s", why)
		return nil
	}
	if err != nil {
		l.errorf(Pos{File: full + "/"}, "cannot read folder: %v", err)
		return nil
	}
	var out []string
	for _, e := range entries {
		name := path.Join(full, e.Name())
		switch {
		case strings.HasPrefix(e.Name(), "."):
		case e.IsDir():
			l.errorf(Pos{File: name + "/"}, "unexpected folder: %s/ holds .yaml files only", full)
		case !strings.HasSuffix(e.Name(), ".yaml"):
			l.errorf(Pos{File: name}, "unexpected file: %s/ holds .yaml files only (name it *.yaml)", full)
		default:
			out = append(out, name)
		}
	}
	return out
}

// refused returns why the site root refused to give a file: it is not a
// regular file, it lies outside the root, or it is too large (rootfs).
func refused(err error) (string, bool) {
	var r *rootfs.Error
	if errors.As(err, &r) {
		return r.Reason, true
	}
	return "", false
}

// decodeFile decodes one YAML file into v and returns the place of its
// root, or nil when the file is missing (and not required) or has errors,
// all reported.
func (l *loader) decodeFile(name string, v any, required bool) *place {
	typ := reflect.TypeOf(v)
	f := l.files[name]
	dec, decoded := l.decoded[name]
	if f == nil || f.typ != typ {
		f = l.parseFile(name, typ, nil)
		decoded = false
		l.unnamed = true
	}
	if errors.Is(f.err, fs.ErrNotExist) {
		if required {
			l.errorf(Pos{File: name}, "missing file")
		}
		return nil
	}
	if why, ok := refused(f.err); ok {
		l.errorf(Pos{File: name}, "%s", why)
		return nil
	}
	if f.err != nil {
		l.errorf(Pos{File: name}, "cannot read: %v", f.err)
		return nil
	}
	l.report = append(l.report, f.report...)
	for _, p := range f.shapeErrs {
		if l.shapeErrs == nil {
			l.shapeErrs = map[Pos]bool{}
		}
		l.shapeErrs[p] = true
	}
	if f.at == nil {
		return nil
	}
	// A file of the wrong shape is still decoded as far as it goes, so that
	// the checks of values and references can report everything at once;
	// its shape errors come first and hide later reports at the same place.
	if !decoded {
		dec = f.decode()
	}
	reflect.ValueOf(v).Elem().Set(reflect.ValueOf(dec.value).Elem())
	if dec.err != nil && len(f.shapeErrs) == 0 {
		l.yamlError(name, dec.err)
	}
	return f.at
}

// parsedFile is what one catalog file gives before it is decoded: its
// bytes, its tree, the places of the tree's nodes and the problems of its
// syntax, shape and text. It depends on the bytes and the Go type alone,
// so a Loader keeps it from one load to the next while the bytes stay the
// same.
type parsedFile struct {
	typ  reflect.Type
	data []byte     // kept for a Loader only
	err  error      // reading the file failed
	root *yaml.Node // nil when the file does not parse, or once kept
	// kept is the value the tree decoded into, for a Loader (keep): nil
	// when the file does not parse, or for a load that keeps nothing.
	kept      *decodedFile
	at        *place // the places of root; nil when the file does not parse
	report    Report
	shapeErrs []Pos
	// items are the parts of the file parsed item by item (parseByItems),
	// for a Loader to parse the next edit of the file by; nil when it was
	// parsed whole.
	items itemTrees
}

// decodedFile is a parsed file decoded, for one load, into a new value of
// its type.
type decodedFile struct {
	value any   // a pointer of the file's type; nil when the file does not parse
	err   error // what decoding reported
}

// decode decodes the tree of f into a new value, as far as it goes, or
// copies the value a Loader kept of it (keep).
func (f *parsedFile) decode() decodedFile {
	if f.kept != nil {
		return decodedFile{value: deepCopy(reflect.ValueOf(f.kept.value)).Interface(), err: f.kept.err}
	}
	if f.root == nil {
		return decodedFile{}
	}
	v := reflect.New(f.typ.Elem()).Interface()
	return decodedFile{value: v, err: f.root.Decode(v)}
}

// keep decodes the tree of f once, for a Loader: it keeps the value, which
// it never hands out, and lets go of the tree, and each load decodes f
// into a deep copy of that value (decode), the same as decoding the tree
// again gives, at a fraction of the cost.
func (f *parsedFile) keep() {
	if f.kept != nil || f.root == nil {
		return
	}
	v := reflect.New(f.typ.Elem()).Interface()
	f.kept = &decodedFile{value: v, err: f.root.Decode(v)}
	f.root = nil
}

// parseFile reads and parses one file for decoding into a value of type
// typ, reusing prev when the file's bytes and type are those of prev. A
// Loader parses a file whose bytes changed item by item when it can
// (parseByItems), taking the items of prev whose text is unchanged.
func (l *loader) parseFile(name string, typ reflect.Type, prev *parsedFile) *parsedFile {
	data, err := fs.ReadFile(l.fsys, name)
	if err != nil {
		return &parsedFile{typ: typ, err: err}
	}
	if prev != nil && prev.typ == typ && prev.err == nil && bytes.Equal(prev.data, data) {
		return prev
	}
	f := &parsedFile{typ: typ, data: data}
	sub := &loader{}
	var root *yaml.Node
	ok := false
	if l.keepTrees && prev != nil && prev.typ == typ {
		// An edit: the next edit of the file is likely to follow.
		root, f.items, ok = parseByItems(data, prev.items)
	}
	if !ok {
		root, ok = sub.parse(name, data)
	}
	if ok {
		f.root = root
		checkShape(name, root, typ, func(p Pos, msg string) {
			f.shapeErrs = append(f.shapeErrs, p)
			sub.errorf(p, "%s", msg)
		})
		sub.checkText(name, root)
		checkValues(name, root, typ, func(d Diagnostic) {
			if d.Severity == Error {
				f.shapeErrs = append(f.shapeErrs, d.Pos)
			}
			sub.report = append(sub.report, d)
		})
		f.at = placesOf(root)
	}
	f.report = sub.report
	return f
}

// catalogFiles are the files of data/ and the Go type each decodes into.
var catalogFiles = map[string]reflect.Type{
	"site.yaml":        reflect.TypeFor[*Site](),
	"fx.yaml":          reflect.TypeFor[*FXFile](),
	"scoring.yaml":     reflect.TypeFor[*Scoring](),
	SourceRegistryFile: reflect.TypeFor[*SourceRegistry](),
	"gpus":             reflect.TypeFor[*GPU](),
	"providers":        reflect.TypeFor[*Provider](),
	"benchmarks":       reflect.TypeFor[*Benchmark](),
	"guides":           reflect.TypeFor[*Guide](),
	"scenarios":        reflect.TypeFor[*Scenario](),
	"prices":           reflect.TypeFor[*PriceFile](),
	"trials":           reflect.TypeFor[*Trial](),
}

// parseAll reads, parses and decodes every catalog file on as many
// workers as there are processors, so that loadAll finds them decoded; a
// load that keeps no trees lets each file's tree and bytes go once the
// file is decoded, so that only a few trees are held at once. It reports
// nothing: loadAll reports each file's problems, and what is wrong with
// the folders themselves.
func (l *loader) parseAll() {
	type job struct {
		name string
		typ  reflect.Type
	}
	var jobs []job
	for entry, typ := range catalogFiles {
		if strings.HasSuffix(entry, ".yaml") {
			jobs = append(jobs, job{path.Join(DataDir, entry), typ})
			continue
		}
		entries, _ := fs.ReadDir(l.fsys, path.Join(DataDir, entry))
		for _, e := range entries {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".yaml") && !strings.HasPrefix(e.Name(), ".") {
				jobs = append(jobs, job{path.Join(DataDir, entry, e.Name()), typ})
			}
		}
	}
	parsed := make([]*parsedFile, len(jobs))
	decoded := make([]decodedFile, len(jobs))
	l.onPool(len(jobs), func(i int) {
		f := l.parseFile(jobs[i].name, jobs[i].typ, l.prev[jobs[i].name])
		if l.keepTrees {
			f.keep()
		}
		decoded[i] = f.decode()
		if !l.keepTrees {
			f.root, f.data = nil, nil
		}
		parsed[i] = f
	})
	l.files = make(map[string]*parsedFile, len(jobs))
	l.decoded = make(map[string]decodedFile, len(jobs))
	for i, j := range jobs {
		l.files[j.name] = parsed[i]
		l.decoded[j.name] = decoded[i]
	}
}

// onPool calls do(i) for each i in [0, n) on the loader's workers, as
// many as there are processors unless l.workers says otherwise, and
// returns when every call has returned.
func (l *loader) onPool(n int, do func(i int)) {
	workers := l.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				do(i)
			}
		})
	}
	wg.Wait()
}

// eachPriceFile runs check on each price file of the load on the worker
// pool, each with a loader of its own that shares the catalog, and adds
// what they report to the load's report in file order: the order a check
// of one file after the other would give.
//
// For a Loader, what each check of each file found is kept, named by
// name, for the next load: a file whose parse is the same, in a catalog
// whose other files than the price files are the same (checkContext),
// is not checked again. A check of one price file reads that file and
// the catalog's other files, never another price file.
func (l *loader) eachPriceFile(name string, check func(sub *loader, f priceFile)) {
	subs := make([]*loader, len(l.priceFiles))
	context := checkContext(l)
	l.onPool(len(l.priceFiles), func(i int) {
		f := l.priceFiles[i]
		if c, ok := l.prevChecks[name+"\x00"+f.name]; ok && context != "" && c.context == context && c.file == l.files[f.name] {
			subs[i] = c.found
			return
		}
		sub := &loader{cat: l.cat}
		check(sub, f)
		subs[i] = &loader{report: sub.report, untranslated: sub.untranslated, unusedLangs: sub.unusedLangs}
	})
	if l.checks != nil && context != "" {
		for i, f := range l.priceFiles {
			l.checks[name+"\x00"+f.name] = fileCheck{file: l.files[f.name], context: context, found: subs[i]}
		}
	}
	// What each file's check found joins the catalog's, in file order:
	// its diagnostics, its notes without a translation, the languages
	// its translations are in that have no edition.
	for _, sub := range subs {
		l.report = append(l.report, sub.report...)
		for _, lang := range slices.Sorted(maps.Keys(sub.untranslated)) {
			c := *sub.untranslated[lang] // a copy: a Loader keeps sub
			if l.untranslated[lang] == nil {
				l.untranslated.add(lang, c.first)
				c.n--
			}
			l.untranslated[lang].n += c.n
		}
		for lang, p := range sub.unusedLangs {
			if l.unusedLangs == nil {
				l.unusedLangs = map[string]Pos{}
			}
			if _, seen := l.unusedLangs[lang]; !seen {
				l.unusedLangs[lang] = p
			}
		}
	}
}

// fileCheck is what one check of one price file found (eachPriceFile),
// kept by a Loader for its next load: the file's parse it checked, the
// checkContext of the load, and the diagnostics, notes without a
// translation and languages without an edition the check found.
type fileCheck struct {
	file    *parsedFile
	context string
	found   *loader
}

// checkContext names every catalog file of the load l but the price files
// by its parse (a Loader keeps a parse while the file's bytes are the
// same) or by why it could not be read: two loads of the same context
// have the same catalog around their price files. It is "" when the
// context cannot be named: a load that keeps nothing, or a file decoded
// outside parseAll (an overlay's).
func checkContext(l *loader) string {
	if l.checks == nil || l.unnamed {
		return ""
	}
	if l.context != "" {
		return l.context
	}
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(l.files)) {
		if strings.HasPrefix(name, DataDir+"/prices/") {
			continue
		}
		f := l.files[name]
		if f.err != nil {
			fmt.Fprintf(&b, "%q: %v\n", name, f.err)
		} else {
			fmt.Fprintf(&b, "%q %p\n", name, f)
		}
	}
	l.context = b.String()
	return l.context
}

// parse reads the one YAML document of a file.
func (l *loader) parse(name string, data []byte) (*yaml.Node, bool) {
	if !bytes.HasPrefix(data, []byte{0xfe, 0xff}) && !bytes.HasPrefix(data, []byte{0xff, 0xfe}) { // else UTF-16, which YAML reads too
		if d, bad := InvalidUTF8(name, data); bad {
			l.report = append(l.report, d)
			return nil, false
		}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			l.errorf(Pos{File: name, Line: 1, Col: 1}, "empty file: want a mapping of fields")
		} else {
			l.yamlError(name, err)
		}
		return nil, false
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err != io.EOF {
		line := 1
		if err == nil && len(extra.Content) > 0 {
			line = extra.Content[0].Line
		}
		l.errorf(Pos{File: name, Line: line, Col: 1}, "more than one YAML document: a catalog file holds one")
		return nil, false
	}
	if len(doc.Content) == 0 {
		l.errorf(Pos{File: name, Line: 1, Col: 1}, "empty file: want a mapping of fields")
		return nil, false
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		l.errorf(nodePos(name, root), "want a mapping of fields at the top, got %s", describe(root))
		return nil, false
	}
	return root, true
}

var yamlLine = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// yamlError reports an error of the YAML library at the line it names.
func (l *loader) yamlError(name string, err error) {
	msgs := []string{err.Error()}
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	}
	for _, m := range msgs {
		p := Pos{File: name, Line: 1, Col: 1}
		if sub := yamlLine.FindStringSubmatch(m); sub != nil {
			p.Line, _ = strconv.Atoi(sub[1])
			m = sub[2]
		}
		l.errorf(p, "invalid YAML: %s", strings.TrimPrefix(m, "yaml: "))
	}
}

// YAMLBreaks are the characters besides newline and carriage return that
// the YAML parser counts as line breaks: next line (U+0085), line
// separator (U+2028) and paragraph separator (U+2029).
const YAMLBreaks = "\u0085\u2028\u2029"

// yamlBreak is the index of the first of YAMLBreaks in s, or -1. Each
// of them is encoded starting with the byte 0xC2 or 0xE2: text with
// neither, most of a catalog, is passed over at the speed of
// strings.IndexByte rather than searched for each break in turn.
func yamlBreak(s string) int {
	if strings.IndexByte(s, 0xC2) < 0 && strings.IndexByte(s, 0xE2) < 0 {
		return -1
	}
	return strings.IndexAny(s, YAMLBreaks)
}

// checkText refuses text that could turn into code where catalog text is
// handed to a chart library, and text holding a line break that only the
// YAML parser sees (a reviewer's editor shows one line where the parser
// counts two).
func (l *loader) checkText(name string, n *yaml.Node) {
	if n.Kind == yaml.ScalarNode && strings.Contains(n.Value, "__f__") {
		l.errorf(nodePos(name, n), "text must not contain \"__f__\": chart options treat it as code")
	}
	if i := yamlBreak(n.Value); n.Kind == yaml.ScalarNode && i >= 0 {
		r, _ := utf8.DecodeRuneInString(n.Value[i:])
		l.errorf(nodePos(name, n), "text holds %U at character %d, which YAML reads as a line break and editors show otherwise: write a space, or \\n for a new line", r, utf8.RuneCountInString(n.Value[:i])+1)
	}
	for _, c := range n.Content {
		l.checkText(name, c)
	}
}
