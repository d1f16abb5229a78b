package render

import (
	"strings"
	"testing"

	"gpucompare/generator/catalog"
)

// TestAsOfWorded: an as-of the catalog writes in words is worded in
// each language as a buyer reads it, its version kept and its dates
// written as the language writes them, with no word of the version
// control it comes from (commit, 提交); a form the messages do not know
// is left to the page (""), which shows the catalog's text.
func TestAsOfWorded(t *testing.T) {
	zh, en := shippedMessages(t, "zh-CN"), shippedMessages(t, "en")
	for in, want := range map[string][2]string{
		"unknown":                          {"未注明日期", "unknown"},
		"unknown (catalog commit b3e23ad)": {"未注明日期（据价格目录 b3e23ad 版）", "undated (price list version b3e23ad)"},
		"unknown (catalog commit 006059e0, read 2026-12-01)":                             {"未注明日期（据价格目录 006059e0 版，2026年12月1日读取）", "undated (price list version 006059e0, read 2026-12-01)"},
		"prices: unknown (catalog commit 001367d); specs: 2023-05-11":                    {"价格：未注明日期（据价格目录 001367d 版）；规格：2023年5月11日", "prices: undated (price list version 001367d); specs: 2023-05-11"},
		"unknown (doc commit 1a2b3c4)":                                                   {"未注明日期（文档版本 1a2b3c4）", "undated (document version 1a2b3c4)"},
		"2025-04-30 (repo commit date)":                                                  {"2025年4月30日（来源更新日期）", "2025-04-30 (date the source updated it)"},
		"2026-01-21 (file also in 4480bff, 2025-11-30)":                                  {"2026年1月21日（同一数据已见于来源版本 4480bff，2025年11月30日）", "2026-01-21 (same data already in the source's version 4480bff, 2025-11-30)"},
		"unknown (results repo commit)":                                                  {"未注明日期（取自结果的某个发布版本）", "undated (a published version of the results)"},
		"unknown (catalog commit b3e23ad) and more":                                      {"", ""},
		"2026-08 (ml-engineering notes)":                                                 {"2026年8月（公开的工程笔记）", "2026-08 (public engineering notes)"},
		"unknown (datasheet copy); ml-eng 2026-08-22 (repo commit date)":                 {"未注明日期（数据手册副本）；公开笔记更新于2026年8月22日", "undated (a copy of the datasheet); public notes updated 2026-08-22"},
		"2026-06-05 (repository commit d128959); the CANN page undated, read 2026-12-02": {"2026年6月5日（来源版本 d128959）；昇腾计算架构文档页面未注明日期，2026年12月2日读取", "2026-06-05 (source version d128959); the CANN documentation page undated, read 2026-12-02"},
		"2026-08 (some other notes)":                                                     {"", ""},
	} {
		if got, err := zh.AsOf(in); err != nil || got != want[0] {
			t.Errorf("zh AsOf(%q) = %q, %v; want %q", in, got, err, want[0])
		}
		if got, err := en.AsOf(in); err != nil || got != want[1] {
			t.Errorf("en AsOf(%q) = %q, %v; want %q", in, got, err, want[1])
		}
		if strings.ContainsAny(in, "()") {
			for _, m := range []Messages{zh, en} {
				if got, _ := m.AsOf(in); strings.Contains(got, "commit") || strings.Contains(got, "repo") || strings.Contains(got, "提交") || strings.Contains(got, "代码库") {
					t.Errorf("AsOf(%q) = %q: a buyer reads a price list's version, not a commit", in, got)
				}
			}
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
