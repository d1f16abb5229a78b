package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"gpucompare/generator/catalog"
)

// diagnosticJSON is one diagnostic in check -format json.
type diagnosticJSON struct {
	File     string `json:"file"`
	Line     int    `json:"line,omitempty"`
	Col      int    `json:"col,omitempty"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

// writeJSONReport prints the whole report for machines: ok, the counts of
// a valid catalog, and every diagnostic.
func writeJSONReport(w io.Writer, cat *catalog.Catalog, report catalog.Report) {
	out := struct {
		OK          bool             `json:"ok"`
		Counts      string           `json:"counts,omitempty"`
		Diagnostics []diagnosticJSON `json:"diagnostics"`
	}{OK: len(report.Errors()) == 0, Diagnostics: []diagnosticJSON{}}
	if out.OK {
		out.Counts = counts(cat)
	}
	for _, d := range report {
		sev := "error"
		if d.Severity == catalog.Warning {
			sev = "warning"
		}
		out.Diagnostics = append(out.Diagnostics, diagnosticJSON{d.Pos.File, d.Pos.Line, d.Pos.Col, sev, d.Message})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	enc.Encode(out)
}

// writeAnnotations prints GitHub Actions workflow commands, one a
// diagnostic: ::error file=…,line=…,col=…::message.
func writeAnnotations(w io.Writer, report catalog.Report) {
	for _, d := range report {
		kind := "error"
		if d.Severity == catalog.Warning {
			kind = "warning"
		}
		props := "file=" + escapeProperty(d.Pos.File)
		if d.Pos.Line > 0 {
			props += fmt.Sprintf(",line=%d,col=%d", d.Pos.Line, d.Pos.Col)
		}
		fmt.Fprintf(w, "::%s %s::%s\n", kind, props, escapeData(d.Message))
	}
}

// The escapes of workflow commands: data may not hold %, CR or LF;
// properties also not ':' or ','.
var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func escapeData(s string) string     { return dataEscaper.Replace(s) }
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }
