package site

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/feed"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/reuse"
	"gpucompare/generator/site/write"
)

// The months' scripts of /changes/ are a writer of the orchestration: the
// rows of the changes page kind (kinds.Changes.Rows), rendered with the
// template of a row of its layout, into a file per month.

// changeScriptInputs are what the rows' script of a month is made of
// besides the templates: its changes, the GPU models the rows name, the
// URL style of their links, and the day and policy their ages count to.
type changeScriptInputs struct {
	Month        string
	Changes      []*feed.Change
	GPUs         []*catalog.GPU
	PrettyURLs   bool
	AgeDate      int64 // Unix seconds
	Fresh, Stale int
}

// changeScripts writes the rows' script of every month of /changes/
// (paths.ChangesScript), from which static/changes.js filters the changes of
// every month on any page of /changes/: a file loaded by <script src>, as
// file:// allows no fetch. Each row is the page's row, its links from the
// site's root folder, with what the filters match on.
func (b *builder) changeScripts(sets *reuse.Sets) error {
	if len(b.Months) == 0 {
		return nil
	}
	// The scripts are written after the render, which let go of the
	// layout's templates after its last page: they are made again for
	// the rows, and let go of once the scripts are written.
	defer b.tmpl.Release("changes")
	if !b.tmpl.Defines("changes", "change-row") {
		return nil // a site's own templates without the rows' template
	}
	root := &pagemodel.Page{Links: pagemodel.Linker{Pretty: b.opts.PrettyURLs}}
	fresh, stale := b.cat.Site.Policy()
	for _, m := range b.Months {
		inputs := changeScriptInputs{m.Key, m.Changes, b.cat.GPUs, b.opts.PrettyURLs, b.ageDate.Unix(), fresh, stale}
		err := sets.Write(b.files, "changes script "+m.Key, inputs, func(out write.Sink) error {
			return writeFile(out.Create, paths.ChangesScript(m.Key), func(f io.Writer) error {
				w := bufio.NewWriterSize(f, 32<<10)
				return cmp.Or(writeChangeScript(w, changesOf(b), b.tmpl, root, m), w.Flush())
			})
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// writeChangeScript writes the rows' script of month m to w, a row at a
// time (a month at 100,000 offers is a script of 7 MB): each row as
// [provider, GPU ("" when unknown), pricing model, direction, the row's
// HTML], the row rendered with the template "change-row" of the layout
// "changes" of ts.
func writeChangeScript(w *bufio.Writer, k *kinds.Changes, ts *render.Templates, root *pagemodel.Page, m derive.ChangeMonth) error {
	var line, row bytes.Buffer
	// The script is a file of its own, never inside a page: <, > and &
	// need no escaping, and U+2028 and U+2029 are escaped all the same.
	enc := json.NewEncoder(&line)
	enc.SetEscapeHTML(false)
	w.WriteString("// The price changes of one month of /changes/, for its filter (static/changes.js).\n")
	w.WriteString("(window.gpucompareChanges = window.gpucompareChanges || {})[")
	if err := enc.Encode(m.Key); err != nil {
		return err
	}
	w.Write(bytes.TrimSuffix(line.Bytes(), []byte("\n"))) // Encode ends with a newline
	w.WriteString("] = [\n")
	for i, r := range k.Rows(root, m.Changes) {
		row.Reset()
		if err := ts.ExecutePart(&row, "changes", "change-row", r); err != nil {
			return fmt.Errorf("%s: %w", paths.ChangesScript(m.Key), err)
		}
		gpu := ""
		if r.GPU != nil {
			gpu = r.GPU.ID
		}
		if i > 0 {
			w.WriteString(",")
		}
		line.Reset()
		if err := enc.Encode([]string{r.Provider.ID, gpu, r.Change.Series.Model, r.Direction, strings.TrimSpace(row.String())}); err != nil {
			return err
		}
		w.Write(line.Bytes())
	}
	_, err := w.WriteString("];\n")
	return err
}
