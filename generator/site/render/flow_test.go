package render

import (
	"strings"
	"testing"
)

// TestFlowStepReadsTheDecision: a quotation of a seed guide's flowchart
// code is the decision it draws; any other quotation is not.
func TestFlowStepReadsTheDecision(t *testing.T) {
	for _, c := range []struct {
		quote string
		want  Step
		ok    bool
	}{
		{"C --> E{大模型训练?} E -->|是| F[A100/H100集群]", Step{"大模型训练?", "是", "A100/H100集群"}, true},
		{"C --> E{大模型训练?} E -->|是| F[A100/H100集群] E -->|否| G[V100/T4]", Step{"大模型训练?", "否", "V100/T4"}, true},
		{"E -->|否| G[V100/T4]", Step{"", "否", "V100/T4"}, true},
		{"A[任务类型] --> B{计算密集型?}", Step{}, false},
		{"FP16算力≥312TFLOPS, 显存带宽≥600GB/s, NVLink 3.0", Step{}, false},
		{"E -->|是| F[A100/H100集群] 以及其他", Step{}, false},
	} {
		got, ok := FlowStep(c.quote)
		if got != c.want || ok != c.ok {
			t.Errorf("FlowStep(%q) = %+v %v, want %+v %v", c.quote, got, ok, c.want, c.ok)
		}
	}
}

// TestCiteShowsNoFlowchartCode: a seed citation that quotes the guide's
// flowchart reads, in either language, as the decision step in words,
// with no code left (-->, |是|, F[…]).
func TestCiteShowsNoFlowchartCode(t *testing.T) {
	const src = `industry buyer's guide (Chinese), section "四、选型决策树与优化建议 › 1. 需求匹配模型" ('C --> E{大模型训练?} E -->|是| F[A100/H100集群]')`
	for lang, want := range map[string]string{
		"en":    `industry buyer's guide on GPU cloud price-performance (Chinese), section "四、选型决策树与优化建议 › 1. 需求匹配模型" (its decision tree: “大模型训练?” — 是 → A100/H100集群)`,
		"zh-CN": "GPU云服务器性价比评估指南“四、选型决策树与优化建议 › 1. 需求匹配模型”一节：其决策树中“大模型训练?”选“是”，得出“A100/H100集群”",
	} {
		m, err := LoadMessages(shippedTemplates(t), lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		cs := m.Cite(src)
		if len(cs) != 1 || len(cs[0]) != 1 {
			t.Fatalf("%s: %+v", lang, cs)
		}
		p := cs[0][0]
		if p.Text != want || p.Quote != "" {
			t.Errorf("%s: %q (quote %q), want %q", lang, p.Text, p.Quote, want)
		}
		if strings.Contains(p.Text, "-->") {
			t.Errorf("%s: flowchart code left: %q", lang, p.Text)
		}
	}
}

// TestFiguresGroupFromFourDigitsInEveryLanguage: both editions group a
// figure's whole part from four digits on (1,024; GB/T 15835-2011
// §5.1.4.2 allows it in Chinese), so that one column never mixes 8308.12
// with 13,846.86; a message's arguments are put in as given.
func TestFiguresGroupFromFourDigitsInEveryLanguage(t *testing.T) {
	for _, c := range []struct {
		v      any
		format func(any) string
		want   string
	}{
		{1024.0, FormatNum, "1,024"},
		{1234.5, FormatMoney, "1,234.50"},
		{1234.5, FormatExact, "1,234.50"},
		{120012.0, FormatNum, "120,012"},
		{-2048.0, FormatNum, "−2,048"},
		{999.0, FormatNum, "999"},
	} {
		if got := c.format(c.v); got != c.want {
			t.Errorf("%v: %q, want %q", c.v, got, c.want)
		}
	}
	zh := Messages{"site.language": "zh-CN", "k": "由%s台实例、每GPU %s"}
	if got, _ := zh.T("k", FormatNum(1024.0), FormatNum(120012.0)); got != "由1,024台实例、每GPU 120,012" {
		t.Errorf("zh: %q", got)
	}
}

// TestYuanColumnReadsAlike: the per-GPU-hour yuan figures of one column
// (the home page's mainland table) are written with one number of
// decimals, where FormatMoney wrote two to four; a dollar figure keeps
// its four significant digits.
func TestYuanColumnReadsAlike(t *testing.T) {
	column := []float64{14.4238125, 28.4355, 8.6634, 6.70086, 3.711, 0.4041}
	want := []string{"14.42", "28.44", "8.66", "6.70", "3.71", "0.40"}
	for i, v := range column {
		if got := FormatMoneyIn(v, "CNY"); got != want[i] {
			t.Errorf("FormatMoneyIn(%v, CNY) = %q, want %q", v, got, want[i])
		}
	}
	if got := FormatMoneyIn(0.526, "USD"); got != "0.526" {
		t.Errorf("FormatMoneyIn(0.526, USD) = %q", got)
	}
	if got := FormatMoneyIn(nil, "CNY"); got != "" {
		t.Errorf("unknown: %q", got)
	}
}
