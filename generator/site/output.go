package site

import (
	"fmt"
	"io"
	"io/fs"
	"sync"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/write"
)

// output is where one edition's build puts what it makes: its files, into
// the sink of the write stage under the edition's folder, each path once;
// and its diagnostics, into its report. Its methods are safe for
// concurrent use: the stages of a build run at once.
type output struct {
	out write.Sink
	dir string // the edition's folder in the output: "" or "zh/"

	reportMu sync.Mutex // guards report while stages run at once
	report   catalog.Report

	mu    sync.Mutex      // guards paths
	paths map[string]bool // the paths put so far
}

// newOutput returns the output of an edition whose folder is dir, into out.
func newOutput(out write.Sink, dir string) output {
	return output{out: out, dir: dir, paths: map[string]bool{}}
}

// add adds a diagnostic to the build's report. It is safe for concurrent
// use; Build sorts the report by position.
func (o *output) add(d catalog.Diagnostic) {
	o.reportMu.Lock()
	o.report = append(o.report, d)
	o.reportMu.Unlock()
}

func (o *output) warnf(pos catalog.Pos, format string, args ...any) {
	o.add(catalog.Diagnostic{Pos: pos, Severity: catalog.Warning, Message: fmt.Sprintf(format, args...)})
}

// put adds a file to the build, refusing a path taken twice. It is safe
// for concurrent use; the build's sink may keep data.
func (o *output) put(path string, data []byte) error {
	if err := o.claim(path); err != nil {
		return err
	}
	return o.out.Put(o.dir+path, data)
}

// create adds a file to the build that is written in parts, as put does;
// the file is put when the writer is closed.
func (o *output) create(path string) (io.WriteCloser, error) {
	if err := o.claim(path); err != nil {
		return nil, err
	}
	return o.out.Create(o.dir + path)
}

// claim takes path for a file of the build, refusing a bad path or one
// taken before.
func (o *output) claim(path string) error {
	if !fs.ValidPath(path) || path == "." {
		return fmt.Errorf("bad output path %q", path)
	}
	o.mu.Lock()
	taken := o.paths[path]
	o.paths[path] = true
	o.mu.Unlock()
	if taken {
		return fmt.Errorf("two files for %q", path)
	}
	return nil
}
