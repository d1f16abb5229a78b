package charts

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
)

// treeNames writes a tree's node names, indented by depth.
func treeNames(n map[string]any, depth int, b *strings.Builder) {
	fmt.Fprintf(b, "%s%s\n", strings.Repeat("  ", depth), n["name"])
	children, _ := n["children"].([]any)
	for _, c := range children {
		treeNames(c.(map[string]any), depth+1, b)
	}
}

func TestGuideTreeDrawsEveryPath(t *testing.T) {
	g := &catalog.Guide{ID: "g", Title: "Which?", Start: "size",
		Questions: []*catalog.Question{
			{ID: "size", Text: "How large?", Answers: []*catalog.Answer{{Text: "Large", Next: "big"}, {Text: "Small", Next: "budget"}}},
			{ID: "budget", Text: "Interruptible?", Answers: []*catalog.Answer{{Text: "Yes", Next: "spot"}, {Text: "Not sure", Next: "big"}}},
		},
		Outcomes: []*catalog.Outcome{{ID: "big", Title: "A big node"}, {ID: "spot", Title: "Spot"}},
	}
	d := &Data{Text: func(key string, args ...any) string { return key + fmt.Sprint(args...) }}
	c, err := d.GuideTree("guides_g_tree", g)
	if err != nil {
		t.Fatal(err)
	}
	// The outcome two answers lead to is drawn under both.
	if c.Levels != 5 || c.Leaves != 3 {
		t.Errorf("levels %d, leaves %d; want 5 and 3", c.Levels, c.Leaves)
	}
	raw, err := c.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var opts struct {
		Series []map[string]any `json:"series"`
	}
	if err := json.Unmarshal([]byte(raw), &opts); err != nil {
		t.Fatal(err)
	}
	if len(opts.Series) != 1 {
		t.Fatalf("%d series, want 1", len(opts.Series))
	}
	s := opts.Series[0]
	if s["type"] != "tree" || s["orient"] != "LR" || s["initialTreeDepth"] != float64(-1) || s["expandAndCollapse"] != false {
		t.Errorf("series: type %v, orient %v, initialTreeDepth %v, expandAndCollapse %v", s["type"], s["orient"], s["initialTreeDepth"], s["expandAndCollapse"])
	}
	if l, _ := s["label"].(map[string]any); l["width"] != float64(TreeLabelWidth) || l["overflow"] != "break" {
		t.Errorf("label %v: want a width of %d and overflow break", l, TreeLabelWidth)
	}
	var b strings.Builder
	treeNames(s["data"].([]any)[0].(map[string]any), 0, &b)
	want := `How large?
  Large
    A big node
  Small
    Interruptible?
      Yes
        Spot
      Not sure
        A big node
`
	if b.String() != want {
		t.Errorf("tree:\n%s\nwant\n%s", b.String(), want)
	}
	if !strings.Contains(string(raw), `"renderMode":"richText"`) {
		t.Error("the tooltip does not draw on the canvas")
	}
}

func TestGuideTreeRefusesACycle(t *testing.T) {
	g := &catalog.Guide{ID: "g", Start: "a", Questions: []*catalog.Question{
		{ID: "a", Text: "A?", Answers: []*catalog.Answer{{Text: "on", Next: "b"}}},
		{ID: "b", Text: "B?", Answers: []*catalog.Answer{{Text: "back", Next: "a"}}},
	}}
	d := &Data{Text: func(key string, args ...any) string { return key }}
	if _, err := d.GuideTree("x", g); err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Errorf("got %v, want an error about a cycle", err)
	}
}
