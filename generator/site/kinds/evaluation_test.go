package kinds

import (
	"fmt"
	"io/fs"
	"os"
	"slices"
	"testing"

	"gpucompare"
	"gpucompare/generator/catalog/catalogtest"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// englishTexter words messages in English, from the shipped templates.
func englishTexter(t *testing.T) *render.Texter {
	t.Helper()
	tmpl, err := fs.Sub(gpucompare.Assets, "templates")
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := render.LoadMessages(tmpl, "en", nil)
	if err != nil {
		t.Fatal(err)
	}
	return &render.Texter{M: msgs}
}

func TestPercentagesKeepTheirPrecision(t *testing.T) {
	x := englishTexter(t)
	for _, tt := range []struct {
		measure string
		v       float64
		want    string
	}{
		{"sla_percent", 99.99, "99.99 %"},
		{"sla_percent", 99.5, "99.5 %"},
		{"sla_percent", 99.999, "99.999 %"},
		{"reserved_discount", 99.96, "99.96 % off"},
		{"reserved_discount", 37.04, "37 % off"},
		{"price_transparency", 0.02, "0.02 % priced"},
		{"price_transparency", 100.0 / 3, "33.3 % priced"},
	} {
		if got := measured(tt.measure, tt.v, "USD", x); got != tt.want {
			t.Errorf("%s %v: %q, want %q", tt.measure, tt.v, got, tt.want)
		}
	}
	// A share just under half of the weight does not read as half.
	for share, want := range map[float64]float64{0.496: 49.6, 0.4999: 49.99, 0.5: 50, 0.79: 79, 0.9996: 99.96, 0.004: 0.4} {
		if got := sharePercent(share); got != want {
			t.Errorf("share %v: %v %%, want %v", share, got, want)
		}
	}
}

// TestEvaluationKindAlone makes the evaluation page from the catalog of
// TestEvaluationByHand, its derived data and the English messages alone,
// without the other page kinds, a template or a build: the page kind is a
// function of those inputs.
func TestEvaluationKindAlone(t *testing.T) {
	src, err := os.ReadFile("../testdata/evaluation.txtar")
	if err != nil {
		t.Fatal(err)
	}
	cat, _ := catalogtest.Load(t, string(src))
	e := NewEvaluation(cat, derive.Make(cat), englishTexter(t).M,
		func(path, layout string) *pagemodel.Page { return &pagemodel.Page{Path: path, Layout: layout} })
	p, err := e.Page()
	if err != nil {
		t.Fatal(err)
	}
	if p.Path != paths.Evaluation || p.Layout != "evaluation" {
		t.Fatalf("page %s of layout %s", p.Path, p.Layout)
	}
	d := p.Data.(*EvaluationData)
	var got []string
	for _, r := range d.Rows {
		got = append(got, fmt.Sprintf("%d %s %g", r.Rank, r.Scored.Provider.Name, r.Score))
	}
	for _, r := range d.Apart {
		got = append(got, "apart "+r.Scored.Provider.Name)
	}
	if want := []string{"1 CN 71.4", "2 Big 60", "apart Cheap", "apart Dark"}; !slices.Equal(got, want) {
		t.Errorf("rows %q, want %q", got, want)
	}
}
