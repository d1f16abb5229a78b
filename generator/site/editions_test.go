package site

import (
	"io/fs"
	"maps"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/api"
	"gpucompare/generator/site/export"
	"gpucompare/generator/site/render"
)

// twoEditions is a small site root with a Chinese edition in zh/, in
// yuan, and a Chinese page of its own for about.md but not for
// methodology.md.
func twoEditions(t *testing.T) fstest.MapFS {
	t.Helper()
	root := editableRoot(t, 20)
	edit(t, root, "data/site.yaml", "language: en\n", "language: en\neditions:\n  - language: zh-CN\n    dir: zh\n    currency: CNY\n    tagline: 合成目录\n")
	root["content/about.md"] = &fstest.MapFile{Data: []byte("---\ntitle: About\ndescription: What this is.\n---\n\n## Who\n\nUs.\n")}
	root["content/methodology.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Methodology\ndescription: How.\n---\n\n## Prices\n\nAs quoted.\n")}
	root["content/zh/about.md"] = &fstest.MapFile{Data: []byte("---\ntitle: 关于\ndescription: 这是什么。\n---\n\n## 我们是谁\n\n我们。\n")}
	return root
}

var (
	htmlLang   = regexp.MustCompile(`<html lang="([^"]+)">`)
	switchLink = regexp.MustCompile(`(?s)<nav class="lang-switch"[^>]*>\s*<a href="([^"]+)" hreflang="([^"]+)"`)
	hreflang   = regexp.MustCompile(`<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">`)
	stylesheet = regexp.MustCompile(`<link rel="stylesheet" href="([^"]+)">`)
)

// TestEveryPageHasItsTwin: each page of the root edition has its twin in
// zh/ and the other way round; each is in its edition's language, its
// language switch leads to the twin, and its links to the shared static
// files resolve.
func TestEveryPageHasItsTwin(t *testing.T) {
	files, _ := build(t, twoEditions(t), Options{})
	pages := 0
	for _, p := range files.Paths() {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		pages++
		twin, lang, other := "zh/"+p, "en", "zh-CN"
		if rest, ok := strings.CutPrefix(p, "zh/"); ok {
			twin, lang, other = rest, "zh-CN", "en"
		}
		if files[twin] == nil && !strings.HasPrefix(p, "embed/") { // the embed pages are the root edition's alone
			t.Errorf("%s: no twin %s", p, twin)
			continue
		}
		html := string(files[p])
		if m := htmlLang.FindStringSubmatch(html); m == nil || m[1] != lang {
			t.Errorf("%s: html lang %v, want %s", p, m, lang)
		}
		if p == "404.html" || p == "zh/404.html" {
			continue // shown at any depth: no relative switch without a site URL
		}
		m := switchLink.FindStringSubmatch(html)
		embed := strings.Contains(html, `<body class="kind-embed">`) // framed elsewhere: no header, no switch
		if m == nil && !embed {
			t.Errorf("%s: no language switch", p)
			continue
		}
		if m != nil && embed {
			t.Errorf("%s: an embed page with the site's header", p)
		}
		if m != nil && !embed {
			if got := path.Join(path.Dir(p), m[1]); got != twin || m[2] != other {
				t.Errorf("%s: switch leads to %s (%s), want %s (%s)", p, got, m[2], twin, other)
			}
		}
		if m := stylesheet.FindStringSubmatch(html); m == nil || files[path.Join(path.Dir(p), m[1])] == nil {
			t.Errorf("%s: stylesheet %v does not resolve", p, m)
		}
	}
	if pages < 40 {
		t.Errorf("%d pages, want the whole site twice", pages)
	}
	for _, shared := range []string{"zh/static/style.css", "zh/compare/offers.csv", "zh/schemas/site.schema.json"} {
		if files[shared] != nil {
			t.Errorf("%s written: the editions share the root's", shared)
		}
	}
}

// TestEditionsContentAndCurrency: an edition shows its own content pages,
// and the root edition's untranslated where it has none, marked; its
// prices are in its currency, its tagline its own.
func TestEditionsContentAndCurrency(t *testing.T) {
	files, _ := build(t, twoEditions(t), Options{})
	about := string(files["zh/about/index.html"])
	if !strings.Contains(about, "<h1>关于</h1>") || strings.Contains(about, "untranslated-note") {
		t.Errorf("zh/about: want its own Chinese page:\n%s", about)
	}
	method := string(files["zh/methodology/index.html"])
	if !strings.Contains(method, `<article class="prose" lang="en">`) || !strings.Contains(method, "本页尚无中文版") || !strings.Contains(method, "<h1>Methodology</h1>") {
		t.Errorf("zh/methodology: want the English page, marked untranslated")
	}
	if strings.Contains(string(files["about/index.html"]), "关于") || files["zh/zh/about/index.html"] != nil {
		t.Error("the root edition read content/zh/")
	}
	home := string(files["zh/index.html"])
	if !strings.Contains(home, "合成目录") || !strings.Contains(home, "（元）") {
		t.Errorf("zh/index.html: want its tagline and prices in CNY")
	}
	if !strings.Contains(string(files["index.html"]), "in USD") {
		t.Errorf("index.html: want prices in USD")
	}
}

// TestEditionsHreflangAndSitemap: with a site URL every page names its
// twins with absolute hreflang links, the root edition's as x-default,
// and the sitemap lists every page of both editions with its twins.
func TestEditionsHreflangAndSitemap(t *testing.T) {
	files, _ := build(t, twoEditions(t), Options{BaseURL: "https://example.com/g/", PrettyURLs: true})
	got := hreflang.FindAllStringSubmatch(string(files["zh/gpus/index.html"]), -1)
	want := [][]string{
		{"", "en", "https://example.com/g/gpus/"},
		{"", "x-default", "https://example.com/g/gpus/"},
		{"", "zh-CN", "https://example.com/g/zh/gpus/"},
	}
	if len(got) != len(want) {
		t.Fatalf("hreflang links %q, want %q", got, want)
	}
	for i := range want {
		if got[i][1] != want[i][1] || got[i][2] != want[i][2] {
			t.Errorf("hreflang %d: %q, want %q", i, got[i][1:], want[i][1:])
		}
	}
	sm := string(files["sitemap.xml"])
	entry := `<url><loc>https://example.com/g/zh/gpus/</loc><xhtml:link rel="alternate" hreflang="en" href="https://example.com/g/gpus/"/><xhtml:link rel="alternate" hreflang="zh-CN" href="https://example.com/g/zh/gpus/"/></url>`
	if !strings.Contains(sm, entry) || !strings.Contains(sm, `xmlns:xhtml="http://www.w3.org/1999/xhtml"`) {
		t.Errorf("sitemap lacks %s", entry)
	}
	if n, html := strings.Count(sm, "<url>"), 0; true {
		for p := range files {
			if strings.HasSuffix(p, ".html") && !strings.HasSuffix(p, "404.html") {
				html++
			}
		}
		if n != html {
			t.Errorf("sitemap lists %d pages, the site has %d", n, html)
		}
	}
	// Each edition's feeds tell their items in its language, the body
	// included.
	if zh := string(files["zh/feed.xml"]); !strings.Contains(zh, "价格变动") || !strings.Contains(zh, "。来源：") || strings.Contains(zh, ". Source: ") ||
		!regexp.MustCompile(`。生效日期：\d{4}年`).MatchString(zh) {
		t.Error("zh/feed.xml: want the Chinese edition's feed, its items told in Chinese")
	}
	if en := string(files["feed.xml"]); !strings.Contains(en, ". Source: ") || strings.Contains(en, "来源") {
		t.Error("feed.xml: want the items told in English")
	}
}

// TestEditionFolderClash: an edition in a folder the root edition writes
// into is refused, naming the folder.
func TestEditionFolderClash(t *testing.T) {
	root := twoEditions(t)
	edit(t, root, "data/site.yaml", "dir: zh\n", "dir: gpus\n")
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	_, _, err := Build(cat, root, Options{})
	if err == nil || !strings.Contains(err.Error(), `editions[0]: dir "gpus" is a folder of the site already (gpus/`) {
		t.Errorf("build: %v, want the clash named", err)
	}
}

// TestShippedContentHasATwinInEachEdition: every Markdown page of the
// shipped content/ has its translation in content/<dir>/ of each edition
// of data/site.yaml, and every translation a page it translates, so that
// a page added in one language and not the other fails here, named,
// rather than showing untranslated.
func TestShippedContentHasATwinInEachEdition(t *testing.T) {
	root := os.DirFS("../..")
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(cat.Site.Editions) == 0 {
		t.Skip("the shipped site has one edition")
	}
	dirs := map[string]bool{}
	for _, e := range cat.Site.Editions {
		dirs[path.Join("content", e.Dir)] = true
	}
	pages := func(dir string, skip map[string]bool) map[string]bool {
		out := map[string]bool{}
		err := fs.WalkDir(root, dir, func(file string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && file != dir && (skip[file] || strings.HasPrefix(d.Name(), ".")) {
				return fs.SkipDir
			}
			if !d.IsDir() && path.Ext(file) == ".md" {
				out[strings.TrimPrefix(file, dir+"/")] = true
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	english := pages("content", dirs)
	if len(english) == 0 {
		t.Fatal("no page in content/")
	}
	for _, e := range cat.Site.Editions {
		dir := path.Join("content", e.Dir)
		translated := pages(dir, nil)
		for _, p := range slices.Sorted(maps.Keys(english)) {
			if !translated[p] {
				t.Errorf("content/%s has no %s page %s/%s: the %s edition shows it untranslated", p, e.Language, dir, p, e.Language)
			}
		}
		for _, p := range slices.Sorted(maps.Keys(translated)) {
			if !english[p] {
				t.Errorf("%s/%s translates no page: content/%s does not exist", dir, p, p)
			}
		}
	}
}

// TestReportInAnEditionsLanguage: a report in the language of an edition
// is in that edition's currency; in the root language, in the site's.
func TestReportInAnEditionsLanguage(t *testing.T) {
	root := twoEditions(t)
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	// With GPU models chosen, the recommendation prices the whole
	// instance; without, the answer per GPU class heads its prices with
	// the currency.
	var gpus []string
	for _, g := range cat.GPUs {
		gpus = append(gpus, g.ID)
	}
	whole := regexp.MustCompile(`每小时[\d,.]+元`)
	zh, _, err := Report(cat, root, ReportOptions{Lang: "zh-CN", GPUs: gpus})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(zh), `<html lang="zh-CN"`) || !whole.Match(zh) {
		t.Errorf("report -lang zh-CN: want it in Chinese, priced in CNY")
	}
	en, _, err := Report(cat, root, ReportOptions{GPUs: gpus})
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`[\d,.]+ USD an hour`).Match(en) {
		t.Errorf("report: want it priced in USD")
	}
	for lang, want := range map[string]string{"zh-CN": `<th scope="col" class="num">每GPU小时（元）</th>`, "": `<th scope="col" class="num">USD per GPU-hour</th>`} {
		short, _, err := Report(cat, root, ReportOptions{Lang: lang})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(short), want) {
			t.Errorf("short report -lang %q: want its answer headed %s", lang, want)
		}
	}
}

// exportLink is a link to a data file from a page.
var exportLink = regexp.MustCompile(`href="([^"]+\.(?:csv|json))"`)

// TestExportsAreOneSetForEveryEdition: the data exports are written once,
// by the root edition, and every page of every edition that links to a
// CSV or JSON file links to one that is there. A new export that is left
// out of exportPaths is written again under zh/ and fails here, as does
// the JSON API written again under zh/.
func TestExportsAreOneSetForEveryEdition(t *testing.T) {
	files, _ := build(t, twoEditions(t), Options{})
	for _, p := range export.Paths {
		if files[p] == nil {
			t.Errorf("%s: not written", p)
		}
	}
	for _, p := range files.Paths() {
		ext := path.Ext(p)
		if ext != ".csv" && ext != ".json" || path.Base(p) == "feed.json" || strings.HasPrefix(p, catalog.SchemaDir+"/") || strings.HasPrefix(p, api.Dir) {
			continue // the JSON API is the root edition's, at api/v1/ only
		}
		if !slices.Contains(export.Paths, p) {
			t.Errorf("%s: a data file that is not one of exportPaths", p)
		}
	}
	links := 0
	for _, p := range files.Paths() {
		if !strings.HasSuffix(p, ".html") || p == "404.html" || p == "zh/404.html" {
			continue
		}
		for _, m := range exportLink.FindAllStringSubmatch(string(files[p]), -1) {
			links++
			if target := path.Join(path.Dir(p), m[1]); files[target] == nil {
				t.Errorf("%s: links to %s, which is not written", p, target)
			}
		}
	}
	if links == 0 {
		t.Error("no page links to an export")
	}
}

// TestEditionConvertsScenarioCeilings: a scenario's price ceiling is
// stated in the catalog's site currency (the guide's $1.5 per GPU-hour);
// the Chinese edition, priced in yuan, shows and applies it in yuan at the
// catalog's rate (10.22 元), not as 1.5 元.
func TestEditionConvertsScenarioCeilings(t *testing.T) {
	root := shipped(t)
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	var ceiling float64
	for _, s := range cat.Scenarios {
		if s.ID == "startup-spot" && s.Limits.MaxPerGPUHour != nil {
			ceiling = *s.Limits.MaxPerGPUHour
		}
	}
	if ceiling == 0 {
		t.Fatal("startup-spot has no price ceiling: the test is not testing")
	}
	conv, ok := pricing.Rates(cat.FX).Convert(cat.Site.Currency, "CNY")
	if !ok || conv.Factor < 2 {
		t.Fatalf("no rate from %s to CNY", cat.Site.Currency)
	}
	yuan := render.FormatMoneyIn(conv.Apply(ceiling), "CNY")
	files, _ := build(t, root, Options{})
	zh := string(files["zh/scenarios/startup-spot/index.html"])
	if want := "不超过" + yuan + "元"; !strings.Contains(zh, want) {
		t.Errorf("zh startup-spot: no %q", want)
	}
	if bad := "不超过" + render.FormatMoneyIn(ceiling, "CNY") + "元"; strings.Contains(zh, bad) {
		t.Errorf("zh startup-spot: the ceiling reads %q, the dollar figure as yuan", bad)
	}
	en := string(files["scenarios/startup-spot/index.html"])
	if !strings.Contains(en, render.FormatDerived(ceiling)) {
		t.Errorf("en startup-spot: the ceiling %v is not shown", ceiling)
	}
}
