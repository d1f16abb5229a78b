package site

import (
	"fmt"
	"io"
	"sync"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/write"
)

// output is where one edition's build puts what it makes: its files, into
// the edition's folder of the write stage's sink (write.Folder); and its
// diagnostics, into its report. Its methods are safe for concurrent use:
// the stages of a build run at once.
type output struct {
	files *write.Folder

	reportMu sync.Mutex // guards report while stages run at once
	report   catalog.Report
}

// newOutput returns the output of an edition whose folder is dir, into out.
func newOutput(out write.Sink, dir string) output {
	return output{files: write.NewFolder(out, dir)}
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
func (o *output) put(path string, data []byte) error { return o.files.Put(path, data) }

// create adds a file to the build that is written in parts, as put does;
// the file is put when the writer is closed.
func (o *output) create(path string) (io.WriteCloser, error) { return o.files.Create(path) }
