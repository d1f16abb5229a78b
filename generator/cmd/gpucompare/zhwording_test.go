package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// shippedSite builds the shipped catalog for a test that reads its
// pages, and returns the output directory.
func shippedSite(t *testing.T) string {
	t.Helper()
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "-root", "../../..", "-out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("build: exit %d\n%s", code, stderr.String())
	}
	return out
}

func readPage(t *testing.T, out, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// chartTable is the chart data table of class class on a page.
func chartTable(t *testing.T, page, rel, class string) string {
	t.Helper()
	i := strings.Index(page, `<table class="data `+class)
	if i < 0 {
		t.Fatalf("%s: no table of class %q", rel, class)
	}
	j := strings.Index(page[i:], "</table>")
	return page[i : i+j]
}

// TestChartTablesNameRegionsAndCurrencies: the data tables of the charts
// on the Chinese edition write a region as its other tables do, its
// Chinese name beside its id (美国东部（弗吉尼亚州北部） us-east-1), and a
// quoted currency by its Chinese name (原报价0.526美元, not 0.526USD); the
// English tables keep the id and the code.
func TestChartTablesNameRegionsAndCurrencies(t *testing.T) {
	out := shippedSite(t)
	const gpu = "gpus/t4-pcie-16gb/index.html"
	zh := readPage(t, out, "zh/"+gpu)
	offers := chartTable(t, zh, "zh/"+gpu, "chart-data offers-by-price")
	if m := regexp.MustCompile(`原报价[0-9.]+USD`).FindString(offers); m != "" {
		t.Errorf("zh/%s: the chart table writes %q; want the currency's Chinese name, 美元", gpu, m)
	}
	if !strings.Contains(offers, "原报价0.526美元") {
		t.Errorf("zh/%s: the chart table lacks 原报价0.526美元", gpu)
	}
	if !strings.Contains(offers, `<td>美国东部（弗吉尼亚州北部） <span class="id">us-east-1</span></td>`) {
		t.Errorf("zh/%s: the chart table does not name us-east-1 美国东部（弗吉尼亚州北部） beside its id", gpu)
	}
	perf := chartTable(t, readPage(t, out, "zh/gpus/index.html"), "zh/gpus/index.html", "chart-data performance")
	if m := regexp.MustCompile(`<td><span class="id">[a-z0-9-]+</span></td>`).FindString(perf); m != "" {
		t.Errorf("zh/gpus/index.html: the price-performance table shows a region by its id alone: %s", m)
	}
	byGPU := chartTable(t, readPage(t, out, "zh/index.html"), "zh/index.html", "matrix chart-data by-gpu")
	if strings.Contains(byGPU, `<span class="id">us-east-1</span>`) || !strings.Contains(byGPU, " · 美国东部（弗吉尼亚州北部）</span>") {
		t.Errorf("zh/index.html: the by-GPU table does not name us-east-1 美国东部（弗吉尼亚州北部）")
	}
	en := chartTable(t, readPage(t, out, gpu), gpu, "chart-data offers-by-price")
	if !strings.Contains(en, `<td><span class="id">us-east-1</span></td>`) {
		t.Errorf("%s: the English chart table no longer shows the region id us-east-1", gpu)
	}
}

// TestAcceleratorPagesDoNotSayGPU: the page of an accelerator that is not
// a GPU (an NPU, a TPU, Trainium) calls it an accelerator, 这款加速卡 in
// the glossary's word, where a GPU's page says this GPU, 这款GPU: in its
// description, its notes, its chart's help and its text twin.
func TestAcceleratorPagesDoNotSayGPU(t *testing.T) {
	out := shippedSite(t)
	for _, c := range []struct{ rel, gpu, accelerator string }{
		{"zh/gpus/ascend-910b2/index.html", "这款GPU", "这款加速卡"},
		{"zh/gpus/ascend-910b2/index.md", "这款GPU", "这款加速卡"},
		{"zh/gpus/trainium/index.html", "这款GPU", "这款加速卡"},
		{"zh/gpus/tpu-v5e/index.html", "这款GPU", "这款加速卡"},
		{"gpus/ascend-910b2/index.html", "this GPU", "this accelerator"},
		{"gpus/trainium/index.html", "this GPU", "this accelerator"},
	} {
		page := readPage(t, out, c.rel)
		if strings.Contains(page, c.gpu) || !strings.Contains(page, c.accelerator) {
			t.Errorf("%s: says %q of an accelerator that is not a GPU; want %q", c.rel, c.gpu, c.accelerator)
		}
	}
	if page := readPage(t, out, "zh/gpus/t4-pcie-16gb/index.html"); !strings.Contains(page, "这款GPU") || strings.Contains(page, "这款加速卡") {
		t.Errorf("zh/gpus/t4-pcie-16gb/index.html: a GPU's page no longer says 这款GPU")
	}
}
