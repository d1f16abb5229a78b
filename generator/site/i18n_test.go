package site

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestCatalogTextInChinese builds the test site in zh-CN: a provider with
// Chinese text shows it (page, title, list, search), one without shows
// its English description marked as English, and so does a guide's
// advice that has no Chinese text.
func TestCatalogTextInChinese(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	edit := func(name, old, new string) {
		t.Helper()
		s := string(root[name].Data)
		if !strings.Contains(s, old) {
			t.Fatalf("%s: no %q", name, old)
		}
		root[name] = &fstest.MapFile{Data: []byte(strings.Replace(s, old, new, 1))}
	}
	edit("data/site.yaml", "currency: USD\n", "currency: USD\nlanguage: zh-CN\n")
	edit("data/providers/aws.yaml", "homepage: https://aws.amazon.com/\n", "homepage: https://aws.amazon.com/\n"+
		"description: A public cloud <with> GPUs.\ni18n:\n  zh-CN:\n    name: 亚马逊云科技\n    description: 提供 GPU 的公有云。\n")
	edit("data/providers/cloudcn.yaml", "currency: CNY\n", "currency: CNY\ndescription: A GPU cloud & more.\n")
	files, _ := build(t, root, Options{})

	const mark = `<span class="untranslated" title="暂无中文，显示英文原文"><span lang="en">%s</span> <small class="untranslated-mark">英文</small></span>`
	for _, c := range []struct{ path, want string }{
		{"providers/aws/index.html", "<h1>亚马逊云科技</h1>"},
		{"providers/aws/index.html", `<p class="intro">提供 GPU 的公有云。</p>`},
		{"providers/aws/index.html", "<title>亚马逊云科技"},
		{"providers/index.html", ">亚马逊云科技</a>"},
		{"providers/cloudcn/index.html", `<p class="intro">` + strings.Replace(mark, "%s", "A GPU cloud &amp; more.", 1) + `</p>`},
		{"guides/pick/index.html", `<div class="untranslated" title="暂无中文，显示英文原文"><div lang="en">`},
		{"search/index.js", `"亚马逊云科技"`},
	} {
		if got := string(files[c.path]); !strings.Contains(got, c.want) {
			t.Errorf("%s: no %s", c.path, c.want)
		}
	}
	if got := string(files["providers/aws/index.html"]); strings.Contains(got, "untranslated") {
		t.Errorf("providers/aws/index.html: translated text marked untranslated")
	}
}
