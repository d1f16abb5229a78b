package charts

import (
	"cmp"
	"fmt"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"gpucompare/generator/catalog"
)

// GuideTree is the tree chart of a decision guide: from its first question,
// each question branches into its answers, and each answer leads on to the
// question or outcome it names. A question or outcome that several answers
// lead to is drawn under each of them. The node labels are the guide's own
// text — the questions, the answers and the outcomes' titles — so the
// page's plain tree of the same guide is the chart's data; it has no table
// of its own.
type GuideTree struct {
	Chart
	// Levels counts the node levels from the first question to the deepest
	// outcome (a question, its answers, the next question … an outcome),
	// and Leaves the outcomes drawn, repeats included: the page sizes the
	// chart's width and height by them.
	Levels, Leaves int
}

// Node kinds of a guide tree, each drawn with its own symbol and colour.
var (
	questionStyle = treeStyle{symbol: "circle", size: 13, color: "#1b5fad"}
	answerStyle   = treeStyle{symbol: "circle", size: 7, color: "#8a94a3"}
	outcomeStyle  = treeStyle{symbol: "roundRect", size: 13, color: "#1d8a4e"}
)

type treeStyle struct {
	symbol string
	size   int
	color  string
}

func (s treeStyle) node(name string) *opts.TreeData {
	return &opts.TreeData{Name: name, Symbol: s.symbol, SymbolSize: s.size, ItemStyle: &opts.ItemStyle{Color: s.color}}
}

// TreeLabelWidth is the width in pixels a node's label wraps within; the
// stylesheet gives each level of the tree at least this much room and a
// little more.
const TreeLabelWidth = 168

// GuideTree makes the tree chart of a validated guide (no cycles, every
// answer leading to a question or outcome of the guide).
func (d *Data) GuideTree(id string, g *catalog.Guide) (*GuideTree, error) {
	questions := map[string]*catalog.Question{}
	for _, q := range g.Questions {
		questions[q.ID] = q
	}
	outcomes := map[string]*catalog.Outcome{}
	for _, o := range g.Outcomes {
		outcomes[o.ID] = o
	}
	// Texts in the language of the edition, where the guide has them.
	lang := catalog.BaseLanguage
	if d.Catalog != nil {
		lang = cmp.Or(d.Catalog.Site.Language, lang)
	}
	text := func(rec any, key string) string {
		s, _ := catalog.Text(rec, key, lang)
		return s
	}
	c := &GuideTree{}
	var walk func(id string, level int, path []string) (*opts.TreeData, error)
	walk = func(id string, level int, path []string) (*opts.TreeData, error) {
		c.Levels = max(c.Levels, level)
		if o := outcomes[id]; o != nil {
			c.Leaves++
			return outcomeStyle.node(text(o, "title")), nil
		}
		q := questions[id]
		if q == nil {
			return nil, fmt.Errorf("guide %q: %q is neither a question nor an outcome", g.ID, id)
		}
		for _, seen := range path {
			if seen == id {
				return nil, fmt.Errorf("guide %q: the answers lead in a cycle through %q", g.ID, id)
			}
		}
		path = append(path, id)
		n := questionStyle.node(text(q, "text"))
		for _, a := range q.Answers {
			next, err := walk(a.Next, level+2, path)
			if err != nil {
				return nil, err
			}
			an := answerStyle.node(text(a, "text"))
			an.Children = []*opts.TreeData{next}
			n.Children = append(n.Children, an)
		}
		return n, nil
	}
	root, err := walk(g.Start, 1, nil)
	if err != nil {
		return nil, err
	}

	t := d.Text
	title := text(g, "title")
	c.ID, c.Title = id, t("guide.tree_title", title)
	tr := charts.NewTree()
	tr.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: id}),
		charts.WithTitleOpts(opts.Title{Show: opts.Bool(false), Title: c.Title}),
		charts.WithAnimation(false),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}),
	)
	tr.AddSeries(title, []opts.TreeData{*root},
		charts.WithTreeOpts(opts.TreeChart{
			Layout: "orthogonal", Orient: "LR",
			// Every node shown, none folded away: the chart is the whole guide.
			InitialTreeDepth: -1, ExpandAndCollapse: opts.Bool(false), Roam: opts.Bool(false),
			Left: "12", Right: fmt.Sprint(TreeLabelWidth + 16), Top: "16", Bottom: "16",
		}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: "#c5ccd6", Width: 1.2}),
	)
	m, err := finish(tr)
	if err != nil {
		return nil, err
	}
	// go-echarts' label has no width or overflow: the series is wrapped in
	// one whose label wraps each name within TreeLabelWidth, right of its
	// node, on a light ground that keeps it clear of the branches.
	series, ok := m["series"].(charts.MultiSeries)
	if !ok || len(series) != 1 {
		return nil, fmt.Errorf("tree options: series is %T", m["series"])
	}
	label := treeLabel{
		Position: "right", Align: "left", VerticalAlign: "middle", Color: "#16202e", FontSize: 12, LineHeight: 15,
		Width: TreeLabelWidth, Overflow: "break", BackgroundColor: "rgba(255,255,255,0.9)", Padding: []int{2, 4},
	}
	m["series"] = []treeSeries{{SingleSeries: series[0], Label: label, Leaves: treeLeaves{Label: label}}}
	c.Options = m
	c.Height = height(c.Leaves, 44, 32)
	return c, nil
}

// treeSeries is a tree series with labels that wrap.
type treeSeries struct {
	charts.SingleSeries
	Label  treeLabel  `json:"label"`
	Leaves treeLeaves `json:"leaves"`
}

type treeLeaves struct {
	Label treeLabel `json:"label"`
}

// treeLabel is an ECharts label with the width and overflow go-echarts
// lacks.
type treeLabel struct {
	Position        string `json:"position"`
	Align           string `json:"align"`
	VerticalAlign   string `json:"verticalAlign"`
	Color           string `json:"color"`
	FontSize        int    `json:"fontSize"`
	LineHeight      int    `json:"lineHeight"`
	Width           int    `json:"width"`
	Overflow        string `json:"overflow"`
	BackgroundColor string `json:"backgroundColor"`
	Padding         []int  `json:"padding"`
}
