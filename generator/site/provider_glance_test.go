package site

import (
	"strings"
	"testing"

	"gpucompare/generator/site/render"
)

// TestProviderGlanceSaysMLPSNotStated: a provider page's box of short
// answers says where the catalog records that the provider's own pages
// state no MLPS (等保) level, with the day it was checked and what to ask
// for, in both editions; a provider that states its level (Tencent Cloud:
// 等保三级) shows it among its certifications and no such line.
func TestProviderGlanceSaysMLPSNotStated(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	for _, c := range []struct{ page, want string }{
		{"zh/providers/alibaba-cloud/index.html", `<dt>等保</dt><dd class="glance-mlps">查阅的公开页面未写明级别（2026年12月4日核查），请向服务商索取备案证明</dd>`},
		{"zh/providers/aws-china/index.html", `<dt>等保</dt><dd class="glance-mlps">查阅的公开页面未写明级别（2026年12月4日核查）`},
		{"providers/aws-china/index.html", `<dt>MLPS (等保)</dt><dd class="glance-mlps">level not stated on the pages checked (2026-12-04); ask the provider for its filing record</dd>`},
	} {
		if page := string(files[c.page]); !strings.Contains(page, c.want) {
			t.Errorf("%s: the box does not say %s", c.page, c.want)
		}
	}
	tencent := string(files["zh/providers/tencent-cloud/index.html"])
	if strings.Contains(tencent, "glance-mlps") || !strings.Contains(tencent, `<dd class="glance-certs">`) || !strings.Contains(tencent[strings.Index(tencent, `<dd class="glance-certs">`):], "等保三级") {
		t.Error("zh/providers/tencent-cloud/index.html: the box does not show its stated 等保三级 alone")
	}
}

// TestMLPSChecked: the day is read from the record at the start of the
// source or of any of its " ; " parts, and from nothing else.
func TestMLPSChecked(t *testing.T) {
	for source, want := range map[string]string{
		"MLPS (等保): not stated (checked 2026-12-04): https://example.com/":                           "2026-12-04",
		"SOC 3: a report ; MLPS (等保): not stated for CVM or GPU instances (checked 2026-11-30) on x": "2026-11-30",
		"SOC 3: a report that says MLPS (等保): not stated (checked 2026-12-04)":                       "",
		"": "",
	} {
		if got := render.MLPSChecked(source); got != want {
			t.Errorf("MLPSChecked(%q) = %q, want %q", source, got, want)
		}
	}
}
