package site

import (
	"bytes"
	"slices"
	"testing"

	"gpucompare/generator/site/compare"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/write"
)

// TestMatrixRowsMeasureAsHTMLTemplateWritesThem measures every row of the
// shipped catalog's matrix, in English and in Chinese, as the split into
// pages does (the compiled "compare-row", render.ExecutePart): the bytes
// html/template writes for the row, and those "compare-table" writes for
// it, row by row, in a table of every row.
func TestMatrixRowsMeasureAsHTMLTemplateWritesThem(t *testing.T) {
	_, cat, tfs := shippedCatalog(t)
	var err error
	for _, lang := range []string{"en", "zh-CN"} {
		b := &builder{cat: cat, opts: Options{}, output: newOutput(write.NewMemory(), "")}
		var keep *kept
		if b.tmpl, err = keep.templates(tfs, lang, &b.output); err != nil {
			t.Fatal(err)
		}
		b.Data = derive.Make(cat)
		b.newPage = frameOf(b).New // as pages sets it
		k := matrixOf(b, nil)
		models := compare.PricedModels(b.Priced)
		var terr error
		columns := compare.CompareColumns(b.tmpl.Msgs.TKeeping(&terr), models, "on_demand", b.tmpl.Msgs.Cur(cat.Site.Currency))
		if terr != nil {
			t.Fatal(terr)
		}
		if !b.tmpl.PartCompiles("compare", "compare-row") {
			t.Fatalf("%s: \"compare-row\" does not compile: the rows are measured through html/template", lang)
		}
		p := b.newPage(compare.Path(2), "compare")
		html, err := b.tmpl.Set("compare")
		if err != nil {
			t.Fatal(err)
		}
		d := &compare.Data{Currency: cat.Site.Currency, Model: "on_demand", Models: models, Columns: columns}
		var empty, rows, fast, slow bytes.Buffer
		if err := html.ExecuteTemplate(&empty, "compare-table", d); err != nil {
			t.Fatal(err)
		}
		for _, o := range b.Priced {
			row := k.Row(p, o, models, "on_demand")
			d.Rows = append(d.Rows, row)
			fast.Reset()
			slow.Reset()
			if err := b.tmpl.ExecutePart(&fast, "compare", "compare-row", row); err != nil {
				t.Fatal(err)
			}
			if err := html.ExecuteTemplate(&slow, "compare-row", row); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(fast.Bytes(), slow.Bytes()) {
				t.Fatalf("%s: the row of %s/%s in %s: the compiled row writes\n%s\nhtml/template\n%s", lang, o.Provider.ID, o.Instance.ID, o.Region, fast.Bytes(), slow.Bytes())
			}
			rows.Write(fast.Bytes())
		}
		// The table of every row is the table of none with the rows, as
		// measured, where its body starts.
		var table bytes.Buffer
		if err := html.ExecuteTemplate(&table, "compare-table", d); err != nil {
			t.Fatal(err)
		}
		head, tail, ok := bytes.Cut(empty.Bytes(), []byte("<tbody>"))
		if !ok {
			t.Fatalf("%s: no <tbody> in the table of no rows", lang)
		}
		want := slices.Concat(head, []byte("<tbody>"), rows.Bytes(), tail)
		if !bytes.Equal(table.Bytes(), want) {
			t.Errorf("%s: the table of %d rows is %d bytes, not the table of none and its rows as measured, %d bytes", lang, len(d.Rows), table.Len(), len(want))
		}
		if len(b.Priced) < 100 {
			t.Fatalf("%d offers; want the shipped catalog's hundreds", len(b.Priced))
		}
	}
}
