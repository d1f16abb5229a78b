package site

import (
	"fmt"
	"io/fs"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/report"
	"gpucompare/generator/site/write"
)

// ReportOptions are the choices of one report (report.ReportOptions).
type ReportOptions = report.ReportOptions

// UsageError is a report option the catalog cannot satisfy
// (report.UsageError).
type UsageError = report.UsageError

// Snapshot is the id of a catalog's content (report.Snapshot).
func Snapshot(root fs.FS) (string, error) { return report.Snapshot(root) }

// Report renders the report of cat: root is the site root, for data/
// (the snapshot id) and its templates/ and static/ when it has them.
//
// An option the catalog cannot satisfy is a *UsageError. The report holds
// the build's warnings; err is non-nil when no file could be made. The
// same catalog, options and date always give the same bytes.
func Report(cat *catalog.Catalog, root fs.FS, opts ReportOptions) ([]byte, catalog.Report, error) {
	if err := opts.Check(cat); err != nil {
		return nil, nil, err
	}
	cat = inLanguage(cat, opts.Lang)
	// The ages of prices are counted to the report's date: the file is a
	// snapshot of that day, and runs no script that counts them again.
	b := &builder{cat: cat, output: newOutput(write.NewMemory(), ""), ageDate: opts.Date.UTC()}
	if opts.Date.IsZero() {
		b.ageDate = newestDate(cat)
	}
	tfs, sfs, err := assets(root)
	if err != nil {
		return nil, b.report, fmt.Errorf("assets: %w", err)
	}
	out, err := report.File(report.Inputs{Cat: cat, Root: root, Templates: tfs, Static: sfs, AgeDate: b.ageDate, Warnf: b.warnf,
		Kinds: func(msgs render.Messages, site *pagemodel.SiteInfo, data *derive.Data) report.Kinds {
			b.tmpl, b.siteInfo, b.Data = &render.Templates{Msgs: msgs}, site, data
			return report.Kinds{Prices: pricesOf(b), Matrix: matrixOf(b, nil), Scenarios: scenariosOf(b)}
		}}, opts)
	if err != nil {
		return nil, b.report, err
	}
	return out, b.report, nil
}
