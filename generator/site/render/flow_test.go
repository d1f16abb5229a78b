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
		"en":    `industry buyer's guide (Chinese), section "四、选型决策树与优化建议 › 1. 需求匹配模型" (its decision tree: “大模型训练?” — 是 → A100/H100集群)`,
		"zh-CN": "行业选购指南（中文）“四、选型决策树与优化建议 › 1. 需求匹配模型”一节：其决策树中“大模型训练?”选“是”，得出“A100/H100集群”",
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
