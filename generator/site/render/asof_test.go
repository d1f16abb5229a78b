package render

import (
	"os"
	"testing"

	"gpucompare/generator/catalog"
)

// TestAsOfWorded: an as-of the catalog writes in words is worded in
// Chinese, its commit kept and its dates written as Chinese writes them;
// a form the messages do not know, and every as-of in English, is left
// to the page (""), which shows the catalog's text.
func TestAsOfWorded(t *testing.T) {
	warn := func(catalog.Pos, string, ...any) {}
	zh, err := LoadMessages(os.DirFS("../../../templates"), "zh-CN", warn)
	if err != nil {
		t.Fatal(err)
	}
	en, err := LoadMessages(os.DirFS("../../../templates"), "en", warn)
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		"unknown":                          "未注明日期",
		"unknown (catalog commit b3e23ad)": "未注明日期（取自价格目录的提交 b3e23ad）",
		"unknown (catalog commit 006059e0, read 2026-12-01)":          "未注明日期（取自价格目录的提交 006059e0，2026年12月1日读取）",
		"prices: unknown (catalog commit 001367d); specs: 2023-05-11": "价格：未注明日期（取自价格目录的提交 001367d）；规格：2023年5月11日",
		"2025-04-30 (repo commit date)":                               "2025年4月30日（代码库提交日期）",
		"unknown (catalog commit b3e23ad) and more":                   "",
		"2026-08 (ml-engineering notes)":                              "",
	} {
		if got, err := zh.AsOf(in); err != nil || got != want {
			t.Errorf("zh AsOf(%q) = %q, %v; want %q", in, got, err, want)
		}
		if got, err := en.AsOf(in); err != nil || got != "" {
			t.Errorf("en AsOf(%q) = %q, %v; want \"\" (the catalog's own text)", in, got, err)
		}
	}
	// Each form's English message says what the catalog says.
	for _, f := range catalog.AsOfForms {
		if _, ok := en[f.Key]; !ok {
			t.Errorf("no English message %s", f.Key)
		}
		if _, ok := zh[f.Key]; !ok {
			t.Errorf("no Chinese message %s", f.Key)
		}
	}
}
