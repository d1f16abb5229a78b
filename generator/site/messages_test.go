package site

import (
	"bytes"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"go.yaml.in/yaml/v3"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/site/render"
)

// languages are the message catalogues of the shipped templates other
// than English: "zh-CN" for messages/zh-CN.yaml.
func languages(t *testing.T, tfs fs.FS) []string {
	t.Helper()
	names, err := fs.Glob(tfs, "messages/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var langs []string
	for _, n := range names {
		lang := strings.TrimSuffix(strings.TrimPrefix(n, "messages/"), ".yaml")
		if lang != "en" && lang != "glossary" {
			langs = append(langs, lang)
		}
	}
	return langs
}

// TestShippedMessagesHaveTheSameKeys: every language of the shipped
// templates has exactly the keys of en.yaml.
func TestShippedMessagesHaveTheSameKeys(t *testing.T) {
	tfs := mustSub(t, gpucompare.Assets, "templates")
	for _, lang := range languages(t, tfs) {
		if _, err := render.LoadMessages(tfs, lang, func(p catalog.Pos, f string, a ...any) { t.Errorf("%s: "+f, append([]any{lang}, a...)...) }); err != nil {
			t.Errorf("%s: %v", lang, err)
		}
	}
}

// TestMessageKeysMustMatch: a language that lacks a key of en.yaml, or has
// one en.yaml lacks, is refused with every such key and where it is.
func TestMessageKeysMustMatch(t *testing.T) {
	tfs := fstest.MapFS{
		"messages/en.yaml":    {Data: []byte("site:\n  name: gpucompare\n  skip: Skip\nnav:\n  compare: Compare\n  gpus: GPUs\n")},
		"messages/zh-CN.yaml": {Data: []byte("site:\n  name: gpucompare\nnav:\n  compare: 对比\n  home: 首页\n  old: 旧\n")},
	}
	_, err := render.LoadMessages(tfs, "zh-CN", nil)
	want := `templates/messages/zh-CN.yaml: missing 2 of the messages of templates/messages/en.yaml: "nav.gpus" (templates/messages/en.yaml:6), "site.skip" (templates/messages/en.yaml:3); add them, translated
templates/messages/zh-CN.yaml:5:9: message "nav.home" is not in templates/messages/en.yaml: remove it, or add it to every language
templates/messages/zh-CN.yaml:6:8: message "nav.old" is not in templates/messages/en.yaml: remove it, or add it to every language`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	tfs["messages/zh-CN.yaml"] = &fstest.MapFile{Data: []byte("site:\n  name: gpucompare\n  skip: 跳到正文\nnav:\n  gpus: GPU\n  compare: 对比\n")}
	if _, err := render.LoadMessages(tfs, "zh-CN", nil); err != nil {
		t.Errorf("the same keys in another order: %v", err)
	}
}

// TestBuildRefusesAnIncompleteLanguage: a site in a language whose
// messages lack a key of en.yaml does not build, and says which key;
// a language with no messages at all builds in English, with a warning.
func TestBuildRefusesAnIncompleteLanguage(t *testing.T) {
	root := editableRoot(t, 20)
	en := root["templates/messages/en.yaml"].Data
	root["templates/messages/zh-CN.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(string(en), "  skip: Skip to content\n", "", 1))}
	edit(t, root, "data/site.yaml", "language: en\n", "language: zh-CN\n")
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	_, _, err := Build(cat, root, Options{})
	if err == nil || !strings.Contains(err.Error(), `templates/messages/zh-CN.yaml: missing 1 of the messages of templates/messages/en.yaml: "site.skip" (templates/messages/en.yaml:`) {
		t.Errorf("build: %v, want the missing key named", err)
	}

	edit(t, root, "data/site.yaml", "language: zh-CN\n", "language: fr\n")
	cat, _ = catalog.Load(root)
	_, rep, err = Build(cat, root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.String(), `no messages for language "fr"`) {
		t.Errorf("warnings: %s; want one for the language with no messages", rep)
	}
}

// verb is a message's format directive, the way fmt and the pages'
// scripts read it: %s, %d, %[2]s, %%. A "%" followed by anything else
// ("% off") is a percent sign.
var verb = regexp.MustCompile(`%(?:\[(\d+)\])?([a-zA-Z%])`)

// formatArgs returns the arguments message s formats, argument number →
// verb ("%s %[1]d" → 1: "s", "d"), and its count of "%%".
func formatArgs(s string) (args map[int][]string, percents int) {
	args = map[int][]string{}
	next := 1
	for _, m := range verb.FindAllStringSubmatch(s, -1) {
		if m[2] == "%" && m[1] == "" {
			percents++
			continue
		}
		if m[1] != "" {
			next, _ = strconv.Atoi(m[1])
		}
		if !slices.Contains(args[next], m[2]) {
			args[next] = append(args[next], m[2])
		}
		next++
	}
	return args, percents
}

func TestFormatArgs(t *testing.T) {
	for _, c := range []struct {
		s        string
		args     string
		percents int
	}{
		{"%s of %d", "1:s 2:d", 0},
		{"%[2]s，%[1]d", "1:d 2:s", 0},
		{"Work per %[1]s … in %[1]s", "1:s", 0},
		{"−%s%% vs on-demand", "1:s", 1},
		{"% off on-demand", "", 0},
		{"%s %s %%", "1:s 2:s", 1},
	} {
		args, percents := formatArgs(c.s)
		var got []string
		for i := 1; i <= len(args); i++ {
			got = append(got, strconv.Itoa(i)+":"+strings.Join(args[i], ","))
		}
		if strings.Join(got, " ") != c.args || percents != c.percents {
			t.Errorf("formatArgs(%q) = %v, %d; want %s, %d", c.s, got, percents, c.args, c.percents)
		}
	}
}

// TestTranslationsKeepFormatVerbs: every message of every language
// formats the same arguments with the same verbs as its English twin
// (in any order, through %[n]s), and has as many "%%".
func TestTranslationsKeepFormatVerbs(t *testing.T) {
	tfs := mustSub(t, gpucompare.Assets, "templates")
	en, _, err := render.ReadMessages(tfs, "messages/en.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range languages(t, tfs) {
		m, at, err := render.ReadMessages(tfs, "messages/"+lang+".yaml")
		if err != nil {
			t.Fatal(err)
		}
		for k, s := range m {
			e, ok := en[k]
			if !ok {
				continue // TestShippedMessagesHaveTheSameKeys
			}
			args, percents := formatArgs(s)
			enArgs, enPercents := formatArgs(e)
			if !sameArgs(args, enArgs) || percents != enPercents {
				t.Errorf("%s: message %q formats %v with %d %%%%; en.yaml: %v with %d %%%%\n\t%s\n\t%s", at[k], k, args, percents, enArgs, enPercents, s, e)
			}
		}
	}
}

func sameArgs(a, b map[int][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i, va := range a {
		vb := slices.Clone(b[i])
		va = slices.Clone(va)
		slices.Sort(va)
		slices.Sort(vb)
		if !slices.Equal(va, vb) {
			return false
		}
	}
	return true
}

// glossaryTerm is a term of templates/messages/glossary.yaml.
type glossaryTerm struct {
	EN     string   `yaml:"en"`
	ZH     string   `yaml:"zh-CN"`
	Forms  []string `yaml:"forms"`
	Also   []string `yaml:"also"`
	Keys   []string `yaml:"keys"`
	Match  string   `yaml:"match"`
	Except []string `yaml:"except"`
	Source string   `yaml:"source"`
}

// TestChineseMessagesFollowTheGlossary: the messages a glossary term
// names are the term itself (model.on_demand is 按量计费), and every
// English message that uses a term has a Chinese twin that writes it (or
// one of its forms) — never a synonym the glossary does not choose.
func TestChineseMessagesFollowTheGlossary(t *testing.T) {
	tfs := mustSub(t, gpucompare.Assets, "templates")
	src, err := fs.ReadFile(tfs, "messages/glossary.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Terms []glossaryTerm `yaml:"terms"`
		// NameWords are the generic words of provider names, which
		// generator/cmd/gpucompare holds the catalog's names to.
		NameWords []struct {
			EN     string `yaml:"en"`
			ZH     string `yaml:"zh-CN"`
			Source string `yaml:"source"`
		} `yaml:"name_words"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	dec.KnownFields(true)
	if err := dec.Decode(&g); err != nil {
		t.Fatalf("templates/messages/glossary.yaml: %v", err)
	}
	en, _, err := render.ReadMessages(tfs, "messages/en.yaml")
	if err != nil {
		t.Fatal(err)
	}
	zh, at, err := render.ReadMessages(tfs, "messages/zh-CN.yaml")
	if err != nil {
		t.Fatal(err)
	}
	models := 0
	for _, term := range g.Terms {
		if term.EN == "" || term.ZH == "" {
			t.Errorf("glossary: a term without en or zh-CN: %+v", term)
		}
		for _, f := range term.Forms {
			if !strings.Contains(term.ZH, f) && !strings.Contains(f, term.ZH) {
				t.Errorf("glossary: %q: form %q neither is part of %q nor holds it", term.EN, f, term.ZH)
			}
		}
		for _, k := range term.Keys {
			s, ok := zh[k]
			if !ok {
				t.Errorf("glossary: %q names message %q, which zh-CN.yaml lacks", term.EN, k)
				continue
			}
			if s != term.ZH {
				t.Errorf("%s: message %q is %q; the glossary's term for %q is %q", at[k], k, s, term.EN, term.ZH)
			}
			if strings.HasPrefix(k, "model.") {
				models++
			}
		}
		if term.Match == "" {
			continue
		}
		re, err := regexp.Compile(term.Match)
		if err != nil {
			t.Errorf("glossary: %q: match: %v", term.EN, err)
			continue
		}
		for _, k := range term.Except {
			if !re.MatchString(en[k]) {
				t.Errorf("glossary: %q: except %q: en.yaml has no such message that says the term", term.EN, k)
			}
		}
		used := 0
		for k, e := range en {
			if !re.MatchString(e) || slices.Contains(term.Except, k) {
				continue
			}
			used++
			if s := zh[k]; !strings.Contains(s, term.ZH) && !slices.ContainsFunc(term.Forms, func(f string) bool { return strings.Contains(s, f) }) {
				t.Errorf("%s: message %q says %q in English; its Chinese %q lacks the glossary's %q", at[k], k, term.EN, s, term.ZH)
			}
		}
		if used == 0 {
			t.Errorf("glossary: %q: match %q finds no English message", term.EN, term.Match)
		}
	}
	// Every pricing model is named by the glossary.
	var want int
	for k := range en {
		if strings.HasPrefix(k, "model.") {
			want++
		}
	}
	if models != want {
		t.Errorf("the glossary names %d of the %d pricing models (model.*)", models, want)
	}
}

// TestChineseEditionBuilds builds the shipped catalog, its feeds and its
// report with the site's language set to zh-CN, as its only edition
// (the exports are then in Chinese too): every page says it is in
// zh-CN, and no message was formatted with arguments it does not take
// ("%!d(string=…)", "%!(EXTRA …)").
func TestChineseEditionBuilds(t *testing.T) {
	root := os.DirFS("../..")
	cat, rep := catalog.Load(root)
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	cat.Site.Language, cat.Site.Editions = "zh-CN", nil
	files, rep, err := Build(cat, root, Options{BaseURL: "https://gpus.example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(rep.String(), "no messages for language") {
		t.Fatal(rep)
	}
	report, _, err := Report(cat, root, ReportOptions{Scenario: "mid-size-reserved", Date: time.Date(2026, 7, 30, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	files["report.html"] = report
	pages := 0
	for _, p := range files.Paths() {
		if strings.HasPrefix(p, "static/") || strings.HasSuffix(p, ".png") {
			continue // static files, and the cards: images, whose bytes may hold "%!"
		}
		data := string(files[p])
		if strings.HasSuffix(p, ".html") {
			pages++
			if !strings.Contains(data, `<html lang="zh-CN"`) {
				t.Errorf("%s: not <html lang=\"zh-CN\">", p)
			}
		}
		if i := strings.Index(data, "%!"); i >= 0 {
			t.Errorf("%s: a message formatted with the wrong arguments: %q", p, data[max(0, i-80):min(len(data), i+80)])
		}
	}
	if pages == 0 {
		t.Fatal("no page built")
	}
	if home := string(files["index.html"]); !strings.Contains(home, "按量计费") || !strings.Contains(home, "价格变动") {
		t.Errorf("index.html: the home page does not speak Chinese")
	}
	checkChineseNotes(t, files)
	// Dates are written 年月日: of a price, of a month of changes, of a
	// rate, of the report; and the scripts are given the layouts.
	for p, want := range map[string][]string{
		"instances/aws/p4d.24xlarge/index.html": {`<time datetime="2025-06-01">2025年6月1日</time>`, `title="来源在2026年1月21日列出此价格"`},
		"changes/2024-09/index.html":            {`<h1>2024年9月价格变动</h1>`, `>2023年<`, `"dates":{"day":"2006年1月2日","month":"2006年1月","year":"2006年"}`},
		"compare/index.html":                    {`1美元 = 6.8109元（2026年6月30日）`},
		"report.html":                           {`<time datetime="2026-07-30">2026年7月30日</time>`},
	} {
		for _, w := range want {
			if !strings.Contains(string(files[p]), w) {
				t.Errorf("%s: no %s", p, w)
			}
		}
	}
}
