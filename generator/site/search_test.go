package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/search"
	"gpucompare/generator/site/searchindex"
)

// readSearchIndex reads the entries back from the search/index.js a build
// wrote, as static/search.js sees them; Path holds the entry's link.
func readSearchIndex(t *testing.T, files Files) []*searchEntry {
	t.Helper()
	src, ok := files[searchIndexPath]
	if !ok {
		t.Fatalf("no %s built", searchIndexPath)
	}
	const prefix = "window.gpucompareSearch = "
	i := bytes.Index(src, []byte(prefix))
	if i < 0 || !bytes.HasSuffix(src, []byte(";\n")) {
		t.Fatalf("%s: not one assignment of the index:\n%.300s", searchIndexPath, src)
	}
	var index struct {
		Kinds []string          `json:"kinds"`
		M     map[string]string `json:"m"`
		E     [][]any           `json:"e"`
	}
	if err := json.Unmarshal(bytes.TrimSuffix(src[i+len(prefix):], []byte(";\n")), &index); err != nil {
		t.Fatalf("%s: %v", searchIndexPath, err)
	}
	if len(index.Kinds) != len(search.Kinds) {
		t.Fatalf("%s: %d kinds, want %d", searchIndexPath, len(index.Kinds), len(search.Kinds))
	}
	var out []*searchEntry
	gpus := map[*searchEntry]int{}
	for _, r := range index.E {
		if len(r) != 6 && len(r) != 8 && len(r) != 9 {
			t.Fatalf("%s: entry %v has %d fields, want 6, 8 for an instance type, or 9 with vague words", searchIndexPath, r, len(r))
		}
		e := &searchEntry{Kind: int(r[0].(float64)), Title: r[1].(string), Sub: r[2].(string), Path: r[3].(string),
			Names: strings.Split(r[4].(string), "\n"), Text: r[5].(string)}
		if len(r) >= 8 && (r[6].(float64) >= 0 || r[7].(float64) > 0) {
			gpus[e], e.GPUs = int(r[6].(float64)), int(r[7].(float64))
		}
		if len(r) == 9 {
			e.Vague = r[8].(string)
		}
		out = append(out, e)
	}
	for e, i := range gpus {
		if i >= len(out) || i >= 0 && search.Kinds[out[i].Kind] != "gpu" {
			t.Fatalf("%s: %s names entry %d as its GPU: not a GPU model", searchIndexPath, e.Title, i)
		}
		if i >= 0 {
			e.GPU = (*searchindex.Entry)(out[i])
		}
	}
	return out
}

// titles lists the kind and title of entries: "gpu:T4".
func titles(entries []*searchEntry) []string {
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = search.Kinds[e.Kind] + ":" + e.Title
	}
	return out
}

// TestSearchRanksExactThenPrefixThenSubstring ranks a name equal to the
// query first, then names starting with it, then names holding every
// word, then entries holding the words only in their other text; ties by
// kind, then the shorter title.
func TestSearchRanksExactThenPrefixThenSubstring(t *testing.T) {
	e := func(kind int, title string, names []string, text string) *searchEntry {
		n := []string{search.Fold(title)}
		for _, x := range names {
			n = append(n, search.Fold(x))
		}
		return &searchEntry{Kind: kind, Title: title, Names: n, Text: search.Fold(text)}
	}
	entries := []*searchEntry{
		e(2, "p5.48xlarge", nil, "H100 SXM5 80GB"),
		e(2, "xp4d", nil, ""),
		e(2, "p4de.24xlarge", nil, "A100 SXM4 80GB"),
		e(2, "p4d.24xlarge", nil, "A100 SXM4 40GB"),
		e(1, "H100 SXM5 80GB", []string{"h100-sxm5-80gb", "H100"}, "80gb hopper"),
		e(3, "P4D", nil, ""),
		e(0, "Alibaba Cloud", []string{"阿里云"}, "public cloud"),
		e(3, "China (Beijing)", []string{"北京"}, "Alibaba Cloud 阿里云"),
	}
	for _, c := range []struct {
		query string
		want  []string
		ranks []int
	}{
		// "P4D" is the query exactly; two names start with it; one holds it.
		{"p4d", []string{"region:P4D", "instance:p4d.24xlarge", "instance:p4de.24xlarge", "instance:xp4d"}, []int{search.Exact, search.Prefix, search.Prefix, search.InName}},
		{"  P4D.24XLARGE ", []string{"instance:p4d.24xlarge"}, []int{search.Exact}},
		// Words in any order; a name holding both beats a spec holding them.
		{"80gb h100", []string{"gpu:H100 SXM5 80GB", "instance:p5.48xlarge"}, []int{search.InName, search.InText}},
		{"h100", []string{"gpu:H100 SXM5 80GB", "instance:p5.48xlarge"}, []int{search.Exact, search.InText}},
		// Chinese inside words: no spaces to split on.
		{"阿里云", []string{"provider:Alibaba Cloud", "region:China (Beijing)"}, []int{search.Exact, search.InText}},
		{"里云", []string{"provider:Alibaba Cloud", "region:China (Beijing)"}, []int{search.InName, search.InText}},
		{"北", []string{"region:China (Beijing)"}, []int{search.Prefix}},
		{"京", []string{"region:China (Beijing)"}, []int{search.InName}},
		// Chinese words run together, or against Latin letters; full-width
		// letters and Chinese punctuation.
		{"阿里云北京", []string{"region:China (Beijing)"}, []int{search.InText}},
		{"阿里云，北京", []string{"region:China (Beijing)"}, []int{search.InText}},
		{"北京阿里云", []string{"region:China (Beijing)"}, []int{search.InText}},
		{"阿里云public", []string{"provider:Alibaba Cloud"}, []int{search.InText}},
		{"Ｐ４Ｄ．２４ＸＬＡＲＧＥ", []string{"instance:p4d.24xlarge"}, []int{search.Exact}},
		{"北京上海", nil, nil}, // pieces of two characters: 北京 and 上海, but no entry holds both
		{"阿里云京", nil, nil}, // 京 alone is not a piece
		{"、。", nil, nil},
		{"zzqx", nil, nil},
		{"", nil, nil},
		{"p4d zzqx", nil, nil},
	} {
		got := search.Find(entries, c.query)
		if !slices.Equal(titles(got), c.want) {
			t.Errorf("%q: found %q, want %q", c.query, titles(got), c.want)
			continue
		}
		for i, g := range got {
			if r := search.Rank(g, search.Fold(c.query)); r != c.ranks[i] {
				t.Errorf("%q: %s ranks %d, want %d", c.query, g.Title, r, c.ranks[i])
			}
		}
	}
}

// TestSearchRanksAnInstanceByItsGPUAndCount ranks the instance types
// whose GPU model is named by the query right after names equal to it,
// before names that only hold it ("T4" finds the T4 instance types before
// "GT4.4XLARGE96", an A100 one); and a query naming a number of GPUs finds
// only instance types with that many, ranked by its other words.
func TestSearchRanksAnInstanceByItsGPUAndCount(t *testing.T) {
	t4 := &searchEntry{Kind: 1, Title: "T4 PCIe 16GB", Names: []string{"t4 pcie 16gb", "t4-pcie-16gb", "t4"}}
	h100 := &searchEntry{Kind: 1, Title: "H100 SXM5 80GB", Names: []string{"h100 sxm5 80gb", "h100-sxm5-80gb", "h100"}, Text: "80gb"}
	a100 := &searchEntry{Kind: 1, Title: "A100 SXM4 40GB", Names: []string{"a100 sxm4 40gb", "a100"}}
	in := func(title string, gpu *searchEntry, n int) *searchEntry {
		return &searchEntry{Kind: 2, Title: title, Names: []string{search.Fold(title)}, Text: strings.Join(gpu.Names, " "), GPU: (*searchindex.Entry)(gpu), GPUs: n}
	}
	entries := []*searchEntry{
		t4, h100, a100,
		in("GT4.4XLARGE96", a100, 1),
		in("g4dn.xlarge", t4, 1),
		in("g4dn.12xlarge", t4, 4),
		in("p5.48xlarge", h100, 8),
		in("a3-highgpu-8g", h100, 8),
		in("gpu_8x_h100_sxm5", h100, 8),
		in("gpu_4x_h100_sxm5", h100, 4),
		in("p4d.24xlarge", a100, 8),
	}
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"t4", []string{"gpu:T4 PCIe 16GB", "instance:g4dn.xlarge", "instance:g4dn.12xlarge", "instance:GT4.4XLARGE96"}},
		{"8x H100", []string{"instance:p5.48xlarge", "instance:a3-highgpu-8g", "instance:gpu_8x_h100_sxm5"}},
		{"8×H100", []string{"instance:p5.48xlarge", "instance:a3-highgpu-8g", "instance:gpu_8x_h100_sxm5"}},
		{"h100 x8", []string{"instance:p5.48xlarge", "instance:a3-highgpu-8g", "instance:gpu_8x_h100_sxm5"}},
		{"8 GPUs", []string{"instance:p5.48xlarge", "instance:p4d.24xlarge", "instance:a3-highgpu-8g", "instance:gpu_8x_h100_sxm5"}},
		{"8卡", []string{"instance:p5.48xlarge", "instance:p4d.24xlarge", "instance:a3-highgpu-8g", "instance:gpu_8x_h100_sxm5"}},
		{">=4 t4", []string{"instance:g4dn.12xlarge"}},
		// Names holding the other words first, then specs holding them.
		{"4-8 h100 sxm5", []string{"instance:gpu_8x_h100_sxm5", "instance:gpu_4x_h100_sxm5", "instance:p5.48xlarge", "instance:a3-highgpu-8g"}},
		{"<=2 a100", []string{"instance:GT4.4XLARGE96"}},
		// A name holding "8x" is a word, found as before.
		{"gpu_8x", []string{"instance:gpu_8x_h100_sxm5"}},
		{"16x h100", nil},
	} {
		if got := titles(search.Find(entries, c.query)); !slices.Equal(got, c.want) {
			t.Errorf("%q: found %q, want %q", c.query, got, c.want)
		}
	}
	if r := search.Rank(entries[4], "t4"); r != search.GPU {
		t.Errorf("g4dn.xlarge ranks %d for t4, want search.GPU (%d)", r, search.GPU)
	}
}

// TestSearchWords splits queries into the words an entry must hold.
func TestSearchWords(t *testing.T) {
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"h100 80gb", []string{"h100", "80gb"}},
		{"p4d.24xlarge", []string{"p4d.24xlarge"}},
		{"llama2-70b, offline", []string{"llama2-70b", "offline"}},
		{"阿里云", []string{"阿里云"}},
		{"阿里云h100", []string{"阿里云", "h100"}},
		{"华为云 a100、北京", []string{"华为云", "a100", "北京"}},
		{"华北2(北京)", []string{"华北", "2(", "北京"}},
		{"「抢占式实例」", []string{"抢占式实例"}},
		{"ecs.gn7i(北京)", []string{"ecs.gn7i(", "北京"}},
		{"( )", []string{"(", ")"}},
		{"。", nil},
	} {
		if got := search.Words(search.Fold(c.q)); !slices.Equal(got, c.want) {
			t.Errorf("search.Words(%q) = %q, want %q", c.q, got, c.want)
		}
	}
}

// TestSearchIndexHasEveryKind builds the test site and finds an entry of
// each kind in search/index.js, Chinese inside words, each entry linking
// to a page of the site; the search page lists them all, linked.
func TestSearchIndexHasEveryKind(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	entries := readSearchIndex(t, files)
	for _, c := range []struct{ query, want string }{
		{"云计算", "provider:云计算 CN"},
		{"计算", "provider:云计算 CN"}, // inside a word
		{"a100 sxm4", "gpu:A100 SXM4 40GB"},
		{"p4d", "instance:p4d.24xlarge"},
		{"华北", "region:华北 1"},
		{"cn-north-1", "region:华北 1"},
		{"llama2", "benchmark:MLPerf Inference llama2-70b, Offline"},
		{"which offer", "guide:Which offer fits the job?"},
		{"small training", "scenario:Small training runs: 1-year reserved with spot"},
		{"methodology", "page:Methodology"},
		{"price changes", "page:Price changes"},
	} {
		got := search.Find(entries, c.query)
		if len(got) == 0 || titles(got)[0] != c.want {
			t.Errorf("%q: first found %q, want %q", c.query, titles(got), c.want)
		}
	}
	if got := search.Find(entries, "qqxz9"); len(got) != 0 {
		t.Errorf("nonsense found %q", titles(got))
	}
	page := string(files[searchPath])
	for _, e := range entries {
		target := strings.SplitN(e.Path, "#", 2)
		if _, ok := files[target[0]]; !ok {
			t.Errorf("%s links to %q: no such page", e.Title, e.Path)
		}
		if len(target) == 2 {
			// A fragment is an element of the page, or a view of the
			// matrix that shows a pricing model's prices ("m=spot"), one
			// of the models its data names.
			if model, ok := strings.CutPrefix(target[1], "m="); ok {
				if !strings.Contains(string(files[target[0]]), `"models":[`) || !regexp.MustCompile(`"models":\[[^\]]*"`+regexp.QuoteMeta(model)+`"`).Match(files[target[0]]) {
					t.Errorf("%s links to %q: the matrix has no model %s", e.Title, e.Path, model)
				}
			} else if !strings.Contains(string(files[target[0]]), fmt.Sprintf(` id="%s"`, target[1])) {
				t.Errorf("%s links to %q: no such element", e.Title, e.Path)
			}
		}
		if link := fmt.Sprintf(`<a href="../%s">`, e.Path); !strings.Contains(page, link) {
			t.Errorf("%s lacks %s", searchPath, link)
		}
	}
}

// TestSearchOnTheShippedCatalog builds the repository's own catalog: the
// search finds every provider, GPU model and instance type by its name,
// the examples of the README, and nothing for nonsense; and its index
// stays within a tenth of the size of the site's HTML.
func TestSearchOnTheShippedCatalog(t *testing.T) {
	root := os.DirFS("../..")
	if _, err := fs.Stat(root, "data/site.yaml"); err != nil {
		t.Skip("no shipped catalog")
	}
	files, _ := build(t, root, Options{})
	entries := readSearchIndex(t, files)

	html := 0
	for p, data := range files {
		if path.Ext(p) == ".html" {
			html += len(data)
		}
	}
	index := len(files[searchIndexPath])
	t.Logf("search index %d bytes, %.1f%% of %d bytes of HTML", index, 100*float64(index)/float64(html), html)
	if index*10 > html {
		t.Errorf("search index is %d bytes, more than a tenth of the site's %d bytes of HTML", index, html)
	}

	// In English a region shows its id beside its name, Chinese or not.
	for _, e := range search.Find(entries, "cn-beijing") {
		if search.Kinds[e.Kind] == "region" && !strings.HasSuffix(e.Sub, " · cn-beijing") {
			t.Errorf("region %q shows %q, want its id cn-beijing last", e.Title, e.Sub)
		}
	}
	for _, e := range search.Find(entries, "华北-北京") {
		if search.Kinds[e.Kind] == "region" && e.Title == "华北-北京" && !strings.HasSuffix(e.Sub, " · bj") {
			t.Errorf("region %q shows %q, want its id bj last", e.Title, e.Sub)
		}
	}

	cat, _ := catalog.Load(root)
	find := func(kind, name, page string) {
		t.Helper()
		for _, e := range search.Find(entries, name) {
			if search.Kinds[e.Kind] == kind && e.Path == page {
				return
			}
		}
		t.Errorf("%q: no %s entry for %s", name, kind, page)
	}
	for _, p := range cat.Providers {
		find("provider", p.Name, paths.Provider(p.ID))
		for _, in := range p.Instances {
			find("instance", in.Name, paths.Instance(in))
		}
	}
	for _, g := range cat.GPUs {
		find("gpu", g.Name, paths.GPU(g.ID))
	}

	for _, c := range []struct {
		query string
		first []string // the first results, in order
	}{
		{"阿里云", []string{"provider:Alibaba Cloud"}},
		{"北京", []string{"region:Beijing", "region:China (Beijing)", "region:China (Beijing)"}},
		{"p4d", []string{"instance:p4d.24xlarge", "instance:p4d.24xlarge", "instance:p4de.24xlarge"}},
		{"h100 80gb", []string{"gpu:H100 PCIe 80GB", "gpu:H100 SXM5 80GB"}},
		// The provider that states a level of the classified protection
		// (Tencent Cloud, level 3), the guide that asks for it, its
		// outcome and the scenario; last the provider that states it with
		// no level (Huawei Cloud).
		{"等保", []string{"provider:Tencent Cloud", "guide:Which GPU compute fits your workload?", "guide:Providers that state 等保三级 (classified protection, level 3)", "scenario:Finance in mainland China: 16 A100-class GPUs for 6 months, MLPS level 3", "provider:Huawei Cloud"}},
	} {
		got := titles(search.Find(entries, c.query))
		if len(got) < len(c.first) || !slices.Equal(got[:len(c.first)], c.first) {
			t.Errorf("%q: found %q, want %q first", c.query, got, c.first)
		}
	}
	if got := search.Find(entries, "xqzvw 9k"); len(got) != 0 {
		t.Errorf("nonsense found %q", titles(got))
	}

	// "8x H100" finds every instance type of eight H100s, the catalog's
	// own, and nothing else; "T4" the T4 instance types before any other.
	var want []string
	for _, p := range cat.Providers {
		for _, in := range p.Instances {
			if g := cat.GPU(in.GPU); in.GPUCount == 8 && g != nil && strings.Contains(strings.ToLower(g.Model+" "+g.Name), "h100") {
				want = append(want, paths.Instance(in))
			}
		}
	}
	if len(want) < 3 {
		t.Fatalf("the catalog has %d instance types of 8 H100s: %q", len(want), want)
	}
	for _, q := range []string{"8x H100", "8×H100", "H100 x8", "8 GPUs h100", "8卡 H100"} {
		var got []string
		for _, e := range search.Find(entries, q) {
			got = append(got, e.Path)
		}
		slices.Sort(got)
		w := slices.Sorted(slices.Values(want))
		if !slices.Equal(got, w) {
			t.Errorf("%q: found %q, want %q", q, got, w)
		}
	}
	seenOther := ""
	for _, e := range search.Find(entries, "T4") {
		if search.Kinds[e.Kind] != "instance" {
			continue
		}
		isT4 := e.GPU != nil && slices.Contains(e.GPU.Names, "t4")
		if !isT4 && seenOther == "" {
			seenOther = e.Title
		}
		if isT4 && seenOther != "" {
			t.Errorf(`"T4": T4 instance type %s ranks after %s, whose GPU is another`, e.Title, seenOther)
			break
		}
	}
}

// overlayFS is a file system with some files replaced.
type overlayFS struct {
	fs.FS
	over fstest.MapFS
}

func (o overlayFS) Open(name string) (fs.File, error) {
	if _, ok := o.over[name]; ok {
		return o.over.Open(name)
	}
	return o.FS.Open(name)
}

// TestSearchOnTheChineseEdition builds the repository's own catalog,
// whose zh/ edition is in zh-CN: its index names its kinds in Chinese,
// and Chinese queries find words inside names and text, run together or
// against Latin letters, full-width letters as ASCII ones.
func TestSearchOnTheChineseEdition(t *testing.T) {
	root := os.DirFS("../..")
	if _, err := fs.Stat(root, "data/site.yaml"); err != nil {
		t.Skip("no shipped catalog")
	}
	all, _ := build(t, root, Options{})
	files := Files{}
	for p, data := range all {
		if rest, ok := strings.CutPrefix(p, "zh/"); ok {
			files[rest] = data
		}
	}
	if !bytes.Contains(files[searchIndexPath], []byte(`"kinds":["云服务商","GPU型号","实例类型","地域"`)) {
		t.Errorf("%s: kinds not in Chinese:\n%.300s", searchIndexPath, files[searchIndexPath])
	}
	entries := readSearchIndex(t, files)
	t.Logf("search index %d bytes", len(files[searchIndexPath]))
	for _, c := range []struct {
		query string
		first []string // the first results, in order
	}{
		// The catalog's Chinese names and titles are what the edition shows
		// and finds first.
		{"阿里", []string{"provider:阿里云"}},
		{"抢占", []string{"model:抢占式实例", "scenario:短期项目：优先抢占式实例，配合检查点"}},
		{"竞价", []string{"model:抢占式实例", "provider:华为云", "provider:腾讯云"}},
		{"按需", []string{"model:按量计费"}},
		{"包月", []string{"model:包年包月（按月）"}},
		// The scenario whose title names it, the provider that states it,
		// then the guide that asks it.
		{"等保三级", []string{"scenario:中国内地金融行业：16张A100级GPU用6个月，等保三级", "provider:腾讯云", "guide:写明通过等保三级备案的服务商", "guide:哪种GPU算力适合您的工作负载？"}},
		{"华北2（北京）", []string{"region:华北2（北京）", "region:华北2（北京）"}},
		{"Ｈ１００ ８０ＧＢ", []string{"gpu:H100 PCIe 80GB", "gpu:H100 SXM5 80GB"}},
	} {
		got := titles(search.Find(entries, c.query))
		if len(got) < len(c.first) || !slices.Equal(got[:len(c.first)], c.first) {
			t.Errorf("%q: found %q, want %q first", c.query, got, c.first)
		}
	}
	// Every result of 华为云A100 is a Huawei Cloud offer of an A100.
	got := search.Find(entries, "华为云A100")
	if len(got) == 0 {
		t.Error(`"华为云A100" finds nothing`)
	}
	for _, e := range got {
		if !strings.Contains(e.Text, "华为云") || !strings.Contains(e.Text, "a100") {
			t.Errorf(`"华为云A100" finds %s %q: %s`, search.Kinds[e.Kind], e.Title, e.Text)
		}
	}
	// 腾讯云广州 finds Tencent Cloud's Guangzhou region and its offers there.
	if got := titles(search.Find(entries, "腾讯云广州")); !slices.Contains(got, "region:华南地区（广州）") {
		t.Errorf(`"腾讯云广州" finds %q, want Tencent Cloud's Guangzhou region among them`, got)
	}
	if got := titles(search.Find(entries, "阿里云抢占")); len(got) == 0 || got[0] != "provider:阿里云" {
		t.Errorf(`"阿里云抢占" finds %q, want Alibaba Cloud first`, got)
	}
	if got := search.Find(entries, "空调冰箱"); len(got) != 0 {
		t.Errorf("nonsense found %q", titles(got))
	}
	// A region the catalog names in Chinese shows that name, not its id,
	// and its id still finds it.
	regions := 0
	for _, e := range entries {
		if search.Kinds[e.Kind] != "region" || !strings.ContainsFunc(e.Title, func(r rune) bool { return r >= 0x4e00 && r <= 0x9fff }) {
			continue
		}
		regions++
		for _, part := range strings.Split(e.Sub, " · ") {
			if part != e.Title && slices.Contains(e.Names, search.Fold(part)) && !strings.ContainsFunc(part, func(r rune) bool { return r > 0x7f }) {
				t.Errorf("region %q shows %q: its id %q beside its Chinese name", e.Title, e.Sub, part)
			}
		}
	}
	if regions < 50 {
		t.Errorf("%d regions with a Chinese name, want the shipped catalog's (over 50)", regions)
	}
	for id, title := range map[string]string{"cn-beijing": "region:华北2（北京）", "ap-guangzhou": "region:华南地区（广州）", "cn-north-4": "region:华北-北京四"} {
		if got := titles(search.Find(entries, id)); !slices.Contains(got, title) {
			t.Errorf("%q finds %q, want %s among them", id, got, title)
		}
	}
}
