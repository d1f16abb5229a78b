package site

import (
	"strings"
	"testing"
)

// TestChineseHomeNamesInChinese: the Chinese home page names a GPU
// model, an instance type and the news agency an exchange rate's source
// credits in Chinese where the catalog or the messages have the words —
// in its tables, its charts' data and its rate notes — and the English
// home page keeps the catalog's own.
func TestChineseHomeNamesInChinese(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	zh, en := string(files["zh/index.html"]), string(files["index.html"])
	for _, c := range []struct{ zh, en string }{
		{`<a href="gpus/gb200/index.html">GB200（按单GPU计价）</a>`, `<a href="gpus/gb200/index.html">GB200 (per GPU)</a>`},
		{`"GB200（按单GPU计价）"`, `"GB200 (per GPU)"`},
		{`<span class="source">（新华社）</span>`, `<span class="source"> (Xinhua)</span>`},
	} {
		if !strings.Contains(zh, c.zh) {
			t.Errorf("zh/index.html does not show %s", c.zh)
		}
		if !strings.Contains(en, c.en) {
			t.Errorf("index.html does not show %s", c.en)
		}
	}
	for _, english := range []string{"(per GPU)", "Xinhua"} {
		if strings.Contains(zh, english) {
			t.Errorf("zh/index.html still shows %q", english)
		}
	}
	// An instance type's name says its extra words in Chinese on the
	// provider's Chinese pages too.
	if p := string(files["zh/providers/crusoe/index.html"]); !strings.Contains(p, "NVIDIA H200 141GB HGX（按单GPU计价）") {
		t.Errorf("zh/providers/crusoe/index.html does not name the H200 offer in Chinese")
	}
}
