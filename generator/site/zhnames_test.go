package site

import (
	"regexp"
	"strings"
	"testing"
)

// TestChineseHomeNamesInChinese: the Chinese home page names a GPU
// model and an instance type in Chinese where the catalog or the messages
// have the words — in its tables and its charts' data — and the English
// home page keeps the catalog's own; the matrix names the news agency an
// exchange rate's source credits in Chinese.
func TestChineseHomeNamesInChinese(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	zh, en := string(files["zh/index.html"]), string(files["index.html"])
	for _, c := range []struct{ zh, en string }{
		{`<a href="gpus/gb200/index.html">GB200（按单GPU计价）</a>`, `<a href="gpus/gb200/index.html">GB200 (per GPU)</a>`},
		{`"GB200（按单GPU计价）"`, `"GB200 (per GPU)"`},
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
	// The matrix's rates name the agency a source credits in Chinese.
	if p := string(files["zh/compare/index.html"]); !strings.Contains(p, `{"t":"（新华社）"}`) || strings.Contains(p, `{"t":" (Xinhua)"}`) {
		t.Errorf("zh/compare/index.html does not credit Xinhua in Chinese")
	}
	// A provider's regions say each name once: no alias or location the
	// name already says (北京 beside 华北2（北京）, Hangzhou beside China
	// (Hangzhou)), and a location in the page's language.
	for page, c := range map[string]struct{ says, not string }{
		"zh/providers/alibaba-cloud/index.html":  {`<span>华东1（杭州）</span> <span class="id">cn-hangzhou</span></li>`, "Hangzhou</span>"},
		"providers/alibaba-cloud/index.html":     {`<span>China (Hangzhou)</span> <span class="id">cn-hangzhou</span></li>`, `<span class="sub">Hangzhou</span>`},
		"zh/providers/baidu-ai-cloud/index.html": {`<span>华北-北京</span> <span class="id">bj</span></li>`, "Beijing</span>"},
		"providers/baidu-ai-cloud/index.html":    {`<span>华北-北京</span> <span class="id">bj</span><br><span class="sub">Beijing</span></li>`, "~"},
		"zh/providers/tencent-cloud/index.html":  {`<span>华南地区（广州）</span> <span class="id">ap-guangzhou</span></li>`, "华南地区(广州)"},
	} {
		html := string(files[page])
		if !strings.Contains(html, c.says) || strings.Contains(html, c.not) {
			t.Errorf("%s: the regions do not say %s alone (or say %s)", page, c.says, c.not)
		}
	}
	// An instance type's name says its extra words in Chinese on the
	// provider's Chinese pages too.
	if p := string(files["zh/providers/crusoe/index.html"]); !strings.Contains(p, "NVIDIA H200 141GB HGX（按单GPU计价）") {
		t.Errorf("zh/providers/crusoe/index.html does not name the H200 offer in Chinese")
	}
}

// TestChineseProviderNamesFollowTheRule: a provider whose English name
// holds a generic word (RunPod Secure Cloud, Crusoe Cloud) is named in
// Chinese by the glossary's name_words, or by the Chinese name its record
// gives (Open Telekom Cloud: 德国电信开放云), in the Chinese
// edition's tables, chart data, filters and titles — never in English —
// and keeps its English name in the English edition.
func TestChineseProviderNamesFollowTheRule(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	for _, c := range []struct {
		file, zh, en string
	}{
		{"index.html", `"RunPod 安全云"`, `"RunPod Secure Cloud"`},                                                                     // chart data
		{"changes/index.html", `<option value="runpod">RunPod 安全云</option>`, `<option value="runpod">RunPod Secure Cloud</option>`}, // a filter
		{"providers/crusoe/index.html", `Crusoe 云`, `Crusoe Cloud`},
		{"providers/open-telekom-cloud/index.html", `<h1>德国电信开放云</h1>`, `Open Telekom Cloud`},
		{"instances/runpod/rtx-4090-secure-per-gpu/index.html", `<title>RTX 4090（安全云，按单GPU计价）`, `<title>RTX 4090 (Secure Cloud, per GPU)`},
		{"embed/price-performance/index.html", `RunPod 安全云`, `RunPod Secure Cloud`}, // an embed page's chart data
		{"embed/discounts/index.html", `"RunPod 安全云"`, `"RunPod Secure Cloud"`},
	} {
		zh, en := string(files["zh/"+c.file]), string(files[c.file])
		if zh == "" || en == "" {
			t.Errorf("%s: not built in both editions", c.file)
			continue
		}
		if !strings.Contains(zh, c.zh) {
			t.Errorf("zh/%s does not show %s", c.file, c.zh)
		}
		if !strings.Contains(en, c.en) {
			t.Errorf("%s does not show %s", c.file, c.en)
		}
	}
	for name, data := range files {
		if !strings.HasPrefix(name, "zh/") || !strings.HasSuffix(name, ".html") {
			continue
		}
		for _, english := range []string{`"RunPod Secure Cloud"`, `"RunPod Community Cloud"`, `"Crusoe Cloud"`, `>RunPod Secure Cloud<`, `>Crusoe Cloud<`} {
			if strings.Contains(string(data), english) {
				t.Errorf("%s still names %s", name, english)
			}
		}
	}
}

// TestChineseGPUVariant: a GPU's variant, and its name in the heading,
// show their Chinese text on the Chinese GPU page, and their English on
// the English one.
func TestChineseGPUVariant(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	for _, c := range []struct{ file, zh, en string }{
		{"gpus/gb200/index.html", "<dd>GB200 NVL72 机架中的一块 B200 级 GPU</dd>", "<dd>one B200-class GPU of a GB200 NVL72 rack</dd>"},
		{"gpus/gh200-96gb/index.html", "<dd>Grace Hopper 超级芯片，96GB HBM3</dd>", "<dd>Grace Hopper Superchip, 96GB HBM3</dd>"},
		{"gpus/gb200/index.html", "<h1>GB200（按单GPU计价）</h1>", "<h1>GB200 (per GPU)</h1>"}, // its name, in the heading
	} {
		if zh := string(files["zh/"+c.file]); !strings.Contains(zh, c.zh) {
			t.Errorf("zh/%s does not show the variant %s", c.file, c.zh)
		}
		if en := string(files[c.file]); !strings.Contains(en, c.en) {
			t.Errorf("%s does not show the variant %s", c.file, c.en)
		}
	}
}

// TestChineseSourceLines: the source lines of the China clouds' instance
// pages say the catalog's words about a source in Chinese — its
// addresses, file names, figures and quoted titles as they stand — and
// the English pages keep the catalog's.
func TestChineseSourceLines(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	const page = "instances/alibaba-cloud/ecs.ebmgn7i.32xlarge/index.html"
	zh, en := string(files["zh/"+page]), string(files[page])
	for _, want := range []string{
		`<span class="source">github.com/sugarlxn/skypilot-catalog catalogs/v8/alicloud/vms.csv @b3e23ad（美元价 = 人民币成交价 × 0.138`,
		`<span class="source">换算：.github/scripts/alicloud/fetch_gpu_vms.py（`,
	} {
		if !strings.Contains(zh, want) {
			t.Errorf("zh/%s does not show %s", page, want)
		}
	}
	if !strings.Contains(en, "(USD = CNY trade price x 0.138 per catalog fetch script") {
		t.Errorf("%s lost the catalog's own source line", page)
	}
	pages := 0
	for name, data := range files {
		if !strings.HasPrefix(name, "zh/instances/alibaba-cloud/") && !strings.HasPrefix(name, "zh/instances/tencent-cloud/") || !strings.HasSuffix(name, ".html") {
			continue
		}
		pages++
		// The text a reader sees, without the tags (a reference's tooltip
		// keeps the source as the catalog writes it, marked English).
		text := htmlTags.ReplaceAllString(string(data), "")
		for _, english := range []string{"trade price x", ">conversion: ", "last changed", "markdown copy in public GitHub index", "UnitPriceDiscount; CNY x"} {
			if strings.Contains(text, english) {
				t.Errorf("%s still says %q", name, english)
			}
		}
	}
	if pages < 20 {
		t.Errorf("read %d instance pages of the China clouds", pages)
	}
}

// htmlTags are the tags of an HTML page, with their attributes.
var htmlTags = regexp.MustCompile(`<[^>]*>`)
