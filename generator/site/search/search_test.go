package search

import (
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/sitetest"
)

// TestSearchKindAlone makes the search entries of the small test site from
// its catalog and the English messages alone, without the other page
// kinds, a template or a build: an entry per provider, GPU model and
// instance type whose page there is, none for a page there is not, and
// "T4" finds the GPU model first, then its instance type, which links it.
func TestSearchKindAlone(t *testing.T) {
	cat := sitetest.SmallCatalog(t)
	msgs := sitetest.Messages(t, "en")
	have := map[string]bool{}
	for _, p := range cat.Providers {
		have[paths.Provider(p.ID)] = true
		for _, in := range p.Instances {
			have[paths.Instance(in)] = true
		}
	}
	for _, g := range cat.GPUs {
		have[paths.GPU(g.ID)] = true
	}
	var terr error
	tr := func(rec any, key string) string { return pagemodel.CatalogText(cat, rec, key) }
	regionURL := func(p *catalog.Provider, i int) (string, string) {
		return paths.Provider(p.ID), "region-" + p.Regions[i].ID
	}
	guidePath := func(id string) string { return "guides/" + id + "/index.html" }
	entries := Entries(cat, nil, nil, have, msgs.TKeeping(&terr), tr, msgs.UnitName, func(c string) string { return render.CertName(msgs, c) }, regionURL, guidePath)
	if terr != nil {
		t.Fatal(terr)
	}
	count := map[string]int{}
	for _, e := range entries {
		count[Kinds[e.Kind]]++
	}
	if want := map[string]int{"provider": 2, "gpu": 2, "instance": 4, "region": 3}; fmt.Sprint(count) != fmt.Sprint(want) {
		t.Errorf("entries by kind %v, want %v (no benchmark, guide or scenario page is there)", count, want)
	}
	found := Find(entries, "T4")
	if len(found) < 2 || Kinds[found[0].Kind] != "gpu" || found[0].Title != "T4" {
		t.Fatalf("T4 finds %d entries, the first %+v; want the GPU model T4 first", len(found), found)
	}
	i := slices.IndexFunc(found, func(e *Entry) bool { return Kinds[e.Kind] == "instance" })
	if i < 0 || found[i].Path != "instances/aws/g4dn.xlarge/index.html" || found[i].GPU == nil || found[i].GPU.Title != "T4" || found[i].GPUs != 1 {
		for _, e := range found {
			t.Logf("%s %s %s", Kinds[e.Kind], e.Title, e.Path)
		}
		t.Errorf("T4 finds no instance type g4dn.xlarge linking its GPU model T4")
	}
}

// TestSearchFindsPricingModelsByBuyersWords: a pricing model the catalog
// prices by is an entry of its own, found by the names buyers give it —
// in Chinese every other name and form the glossary knows for the term
// (按需 for 按量计费, 包月 for 包年包月, 竞价实例 for 抢占式实例) — and
// leads to the matrix showing that model's prices.
func TestSearchFindsPricingModelsByBuyersWords(t *testing.T) {
	cat := sitetest.SmallCatalog(t)
	have := map[string]bool{paths.Matrix(1): true}
	tr := func(rec any, key string) string { return pagemodel.CatalogText(cat, rec, key) }
	regionURL := func(p *catalog.Provider, i int) (string, string) { return paths.Provider(p.ID), "" }
	guidePath := func(id string) string { return "guides/" + id + "/index.html" }
	for _, tc := range []struct {
		lang  string
		query string
		title string
		model string
	}{
		{"zh-CN", "按需", "按量计费", "on_demand"},
		{"zh-CN", "按量付费", "按量计费", "on_demand"},
		{"zh-CN", "竞价实例", "抢占式实例", "spot"},
		{"zh-CN", "Spot实例", "抢占式实例", "spot"},
		{"zh-CN", "预留", "1年期承诺（预留实例）", "reserved_1y"},
		{"zh-CN", "预留实例（1年）", "1年期承诺（预留实例）", "reserved_1y"},
		{"en", "pay as you go", "On-demand", "on_demand"},
		{"en", "spot instances", "Spot", "spot"},
	} {
		msgs := sitetest.Messages(t, tc.lang)
		var terr error
		entries := Entries(cat, nil, nil, have, msgs.TKeeping(&terr), tr, msgs.UnitName, func(c string) string { return render.CertName(msgs, c) }, regionURL, guidePath)
		if terr != nil {
			t.Fatal(terr)
		}
		found := Find(entries, tc.query)
		if len(found) == 0 || Kinds[found[0].Kind] != "model" || found[0].Title != tc.title || found[0].Path != paths.Matrix(1) || found[0].Frag != "m="+tc.model {
			t.Errorf("%s: %q finds %d entries, the first %+v; want the pricing model %s (%s) leading to the matrix", tc.lang, tc.query, len(found), firstFound(found), tc.title, tc.model)
		}
	}

	// Every other name and form the glossary gives a pricing model's
	// term is among the names the Chinese search finds it by.
	raw, err := fs.ReadFile(gpucompare.Assets, "templates/messages/glossary.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var glossary struct {
		Terms []struct {
			ZH    string   `yaml:"zh-CN"`
			Forms []string `yaml:"forms"`
			Also  []string `yaml:"also"`
		} `yaml:"terms"`
	}
	if err := yaml.Unmarshal(raw, &glossary); err != nil {
		t.Fatal(err)
	}
	msgs := sitetest.Messages(t, "zh-CN")
	var terr error
	tz := msgs.TKeeping(&terr)
	for _, m := range catalog.PricingModels {
		term := tz("model." + m)
		names := map[string]bool{}
		for _, n := range strings.Split(tz("search.model_names."+m), ",") {
			names[strings.TrimSpace(n)] = true
		}
		for _, g := range glossary.Terms {
			if g.ZH == "" || !strings.Contains(term, g.ZH) {
				continue
			}
			for _, w := range append(slices.Clone(g.Forms), g.Also...) {
				if !names[w] {
					t.Errorf("search.model_names.%s (%s) lacks %q, which the glossary gives for %s", m, term, w, g.ZH)
				}
			}
		}
	}
	if terr != nil {
		t.Fatal(terr)
	}
}

// firstFound is the first entry found, or nil.
func firstFound(found []*Entry) *Entry {
	if len(found) == 0 {
		return nil
	}
	return found[0]
}

// TestChineseSearchFindsVendorsByTheirChineseNames: on the shipped
// catalog, the Chinese search finds NVIDIA's GPU models by 英伟达 and
// Huawei's Ascend by 昇腾 and 华为 (search.vendor_names), the GPU model
// first; a vendor the message does not name gets no other name.
func TestChineseSearchFindsVendorsByTheirChineseNames(t *testing.T) {
	cat, rep := catalog.Load(os.DirFS("../../.."))
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	msgs := sitetest.Messages(t, "zh-CN")
	have := map[string]bool{}
	for _, g := range cat.GPUs {
		have[paths.GPU(g.ID)] = true
	}
	var terr error
	tr := func(rec any, key string) string { return pagemodel.CatalogText(cat, rec, key) }
	regionURL := func(p *catalog.Provider, i int) (string, string) { return paths.Provider(p.ID), "" }
	guidePath := func(id string) string { return "guides/" + id + "/index.html" }
	entries := Entries(cat, nil, nil, have, msgs.TKeeping(&terr), tr, msgs.UnitName, func(c string) string { return render.CertName(msgs, c) }, regionURL, guidePath)
	if terr != nil {
		t.Fatal(terr)
	}
	nvidia := 0
	for _, g := range cat.GPUs {
		if g.Vendor == "NVIDIA" {
			nvidia++
		}
	}
	for _, c := range []struct {
		query, first string
		atLeast      int
	}{
		{"英伟达", "", nvidia},
		{"昇腾", paths.GPU("ascend-910b2"), 1},
		{"华为", paths.GPU("ascend-910b2"), 1},
	} {
		found := Find(entries, c.query)
		if len(found) < c.atLeast || c.atLeast == 0 {
			t.Errorf("%s finds %d entries, want at least %d", c.query, len(found), c.atLeast)
			continue
		}
		if c.first != "" && found[0].Path != c.first {
			t.Errorf("%s finds %s first, want %s", c.query, found[0].Path, c.first)
		}
		for _, e := range found {
			if Kinds[e.Kind] != "gpu" {
				t.Errorf("%s finds %s (%s), not a GPU model", c.query, e.Title, Kinds[e.Kind])
			}
		}
	}
	if got := VendorNames("NVIDIA=英伟达; Huawei=华为, 昇腾;; bad"); fmt.Sprint(got) != "map[Huawei:[华为 昇腾] NVIDIA:[英伟达]]" {
		t.Errorf("VendorNames: %v", got)
	}
}

// TestChineseSearchFindsClassifiedProtection: 等保 and 等保三级 find the
// guide's outcome for providers that state 等保三级, leading to it on
// the guide's page; 等保 finds Huawei Cloud, whose certification is the
// classified protection with no level stated (等保（级别未说明）); and
// an instance type's GPUs are written "8 × A100", as its page does.
func TestChineseSearchFindsClassifiedProtection(t *testing.T) {
	cat, rep := catalog.Load(os.DirFS("../../.."))
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	cat.Site.Language = "zh-CN"
	msgs := sitetest.Messages(t, "zh-CN")
	guidePath := func(id string) string { return "guides/" + id + "/index.html" }
	have := map[string]bool{guidePath("choose-gpu-compute"): true}
	for _, p := range cat.Providers {
		have[paths.Provider(p.ID)] = true
		for _, in := range p.Instances {
			have[paths.Instance(in)] = true
		}
	}
	var terr error
	tr := func(rec any, key string) string { return pagemodel.CatalogText(cat, rec, key) }
	regionURL := func(p *catalog.Provider, i int) (string, string) { return paths.Provider(p.ID), "" }
	entries := Entries(cat, nil, nil, have, msgs.TKeeping(&terr), tr, msgs.UnitName, func(c string) string { return render.CertName(msgs, c) }, regionURL, guidePath)
	if terr != nil {
		t.Fatal(terr)
	}
	finds := func(q, title, path, frag string) {
		t.Helper()
		for _, e := range Find(entries, q) {
			if e.Title == title && e.Path == path && e.Frag == frag {
				return
			}
		}
		t.Errorf("%s does not find %s (%s#%s)", q, title, path, frag)
	}
	for _, q := range []string{"等保", "等保三级"} {
		finds(q, "写明通过等保三级备案的服务商", guidePath("choose-gpu-compute"), "o-mlps-level-3")
		finds(q, "腾讯云", paths.Provider("tencent-cloud"), "")
	}
	finds("等保", "华为云", paths.Provider("huawei-cloud"), "")
	// A provider that states the level asked for ranks before one whose
	// level is not stated; 等保三级 does not find the latter at all.
	at := func(q, title string) int {
		for i, e := range Find(entries, q) {
			if e.Title == title {
				return i
			}
		}
		return -1
	}
	// Pages that state no level say so: 等保 finds them too, after the
	// provider that states one.
	finds("等保", "阿里云", paths.Provider("alibaba-cloud"), "")
	finds("等保", "亚马逊云科技中国区域", paths.Provider("aws-china"), "")
	if tencent, alibaba := at("等保", "腾讯云"), at("等保", "阿里云"); alibaba < tencent {
		t.Errorf("等保 finds 阿里云 (none stated) at %d, before 腾讯云 (等保三级) at %d", alibaba, tencent)
	}
	if tencent, huawei := at("等保", "腾讯云"), at("等保", "华为云"); tencent < 0 || huawei < 0 || tencent > huawei {
		t.Errorf("等保 finds 腾讯云 (等保三级) at %d, 华为云 (等保（级别未说明）) at %d: want the stated level first", tencent, huawei)
	}
	if i := at("等保三级", "华为云"); i >= 0 {
		t.Errorf("等保三级 finds 华为云, whose level is not stated, at %d", i)
	}
	for _, e := range entries {
		if Kinds[e.Kind] == "instance" && strings.Contains(e.Sub, "×") && !strings.Contains(e.Sub, " × ") {
			t.Errorf("%s: GPUs written %q, want \"8 × A100\" as on its page", e.Title, e.Sub)
		}
	}
	if msgs["search.kind.gpu"] != msgs["search.group.gpu"] {
		t.Errorf("a GPU model's result is marked %q, want the glossary's %q", msgs["search.kind.gpu"], msgs["search.group.gpu"])
	}
}

// TestRankStatedBeforeVague: a word held only by a claim whose specifics
// the source leaves unstated (Entry.Vague) ranks after every word held by
// names or text, whatever the order of the entries; a query it does not
// hold finds nothing.
func TestRankStatedBeforeVague(t *testing.T) {
	vague := &Entry{Kind: 0, Title: "A", Names: []string{"a"}, Text: "iso 27001", Vague: Fold("MLPS (level not stated) 等保（级别未说明）")}
	stated := &Entry{Kind: 0, Title: "B", Names: []string{"b"}, Text: Fold("MLPS level 3 等保三级")}
	for _, c := range []struct {
		q    string
		want []*Entry
	}{
		{"等保", []*Entry{stated, vague}},
		{"mlps", []*Entry{stated, vague}},
		{"等保三级", []*Entry{stated}},
		{"iso", []*Entry{vague}},
	} {
		if got := Find([]*Entry{vague, stated}, c.q); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.q, titles(got), titles(c.want))
		}
	}
	if r := Rank(vague, "等保"); r != InVague {
		t.Errorf("等保 in the vague words only ranks %d, want InVague", r)
	}
	if !certVague("MLPS (level not stated)") || certVague("等保三级") || certVague("ISO 27001") {
		t.Error("certVague: want a certification written with its level not stated, and no other")
	}
}

func titles(es []*Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Title)
	}
	return out
}
