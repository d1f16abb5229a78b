package site

import (
	"bytes"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/compare"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/write"
)

// TestMatrixRowsMeasureAsHTMLTemplateWritesThem measures every row of the
// shipped catalog's matrix, in English and in Chinese, as the split into
// pages does (the compiled "compare-table", render.ExecutePart) and
// through html/template: the same bytes, row by row.
func TestMatrixRowsMeasureAsHTMLTemplateWritesThem(t *testing.T) {
	root := shippedRootInMemory(t)
	cat, rep := catalog.Load(root)
	if len(rep.Errors()) > 0 {
		t.Fatal(rep.Errors())
	}
	tfs, _, err := assets(root)
	if err != nil {
		t.Fatal(err)
	}
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
		if !b.tmpl.PartCompiles("compare", "compare-table") {
			t.Fatalf("%s: \"compare-table\" does not compile: the rows are measured through html/template", lang)
		}
		p := b.newPage(compare.Path(2), "compare")
		html := b.tmpl.ByLayout["compare"]
		var fast, slow bytes.Buffer
		for _, o := range b.Priced {
			d := &compare.Data{Currency: cat.Site.Currency, Model: "on_demand", Models: models, Columns: columns,
				Rows: []*compare.Row{k.Row(p, o, models, "on_demand")}}
			fast.Reset()
			slow.Reset()
			if err := b.tmpl.ExecutePart(&fast, "compare", "compare-table", d); err != nil {
				t.Fatal(err)
			}
			if err := html.ExecuteTemplate(&slow, "compare-table", d); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(fast.Bytes(), slow.Bytes()) {
				t.Fatalf("%s: the row of %s/%s in %s: the compiled table writes\n%s\nhtml/template\n%s", lang, o.Provider.ID, o.Instance.ID, o.Region, fast.Bytes(), slow.Bytes())
			}
		}
		if len(b.Priced) < 100 {
			t.Fatalf("%d offers; want the shipped catalog's hundreds", len(b.Priced))
		}
	}
}
