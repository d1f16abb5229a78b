package site

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestProviderGlanceSaysMLPSNotStated: a provider's MLPS (等保) record
// reads as what it is on every page that shows it: the box of short
// answers keeps it on the certifications' line (none stated: one short
// line with the day checked; a stated level or filing: a certification's
// name), the terms table words it in full with what to ask for, and a
// level that is not stated never reads as proof of none.
func TestProviderGlanceSaysMLPSNotStated(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	for _, c := range []struct{ page, want string }{
		{"zh/providers/alibaba-cloud/index.html", `、SOC 3；<span class="glance-mlps">等保 未写明（2026年12月4日核查）</span></dd>`},
		{"zh/providers/aws-china/index.html", `<dd class="glance-certs"><span class="glance-mlps">等保 未写明（2026年12月4日核查）</span></dd>`},
		{"providers/aws-china/index.html", `<dd class="glance-certs"><span class="glance-mlps">MLPS (等保) not stated (checked 2026-12-04)</span></dd>`},
		{"zh/providers/aws-china/index.html", `<td class="mlps-status">查阅的公开页面未写明等保备案或级别（2026年12月4日核查），不等于没有。请向服务商索取等保备案证明和等级测评报告</td>`},
		{"providers/alibaba-cloud/index.html", `<td class="mlps-status">Not stated on the public pages checked (checked 2026-12-04); this does not mean there is none. Ask the provider for its MLPS filing record and grading evaluation report.</td>`},
		{"zh/providers/baidu-ai-cloud/index.html", `<dd class="glance-certs"><span class="glance-mlps">等保 未写明（2026年12月7日核查）</span></dd>`},
		{"zh/providers/huawei-cloud/index.html", `CSA C-STAR、等保（级别未说明）</dd>`},
		{"zh/providers/huawei-cloud/index.html", `<td class="mlps-status">查阅的公开页面写明有等保备案，未写明级别（2026年12月7日核查）。请向服务商索取等保备案证明和等级测评报告</td>`},
		{"zh/providers/tencent-cloud/index.html", `SOC（审计报告）、等保三级<span class="glance-scope">（备案范围见条款）</span></dd>`},
		{"zh/providers/tencent-cloud/index.html", `<td class="mlps-status">等保三级，由服务商自己的页面写明（2026年12月6日核查）。请向服务商索取覆盖所购实例的等保备案证明和等级测评报告<br><span class="sub">范围：腾讯公有云平台整体`},
	} {
		if page := string(files[c.page]); !strings.Contains(page, c.want) {
			t.Errorf("%s: does not say %s", c.page, c.want)
		}
	}
	for _, page := range []string{"zh/providers/tencent-cloud/index.html", "zh/providers/huawei-cloud/index.html"} {
		if strings.Contains(string(files[page]), `class="glance-mlps"`) {
			t.Errorf("%s: a stated level or filing has a not-stated line", page)
		}
	}
}

// TestMLPSRecordReadEverywhere: the record, not a certification written
// in the list, is what the matrix, the exports, the API, the evaluation
// and the guides' 等保三级 condition read: Tencent Cloud (level 3) meets
// the condition, Huawei Cloud (a filing, no level) is listed as such, the
// clouds that state nothing meet nothing.
func TestMLPSRecordReadEverywhere(t *testing.T) {
	files, _ := build(t, shipped(t), Options{})
	var api struct {
		Certifications []string `json:"certifications"`
		MLPS           *struct {
			Level, Checked, Source string
			Filed                  bool
		} `json:"mlps"`
	}
	for _, c := range []struct {
		id, level, checked string
		filed              bool
		cert               string
	}{
		{"tencent-cloud", "3", "2026-12-06", false, "等保三级"},
		{"huawei-cloud", "none-stated", "2026-12-07", true, "MLPS (level not stated)"},
		{"aws-china", "none-stated", "2026-12-04", false, ""},
		{"alibaba-cloud", "none-stated", "2026-12-04", false, ""},
		{"volcano-engine", "none-stated", "2026-12-07", false, ""},
	} {
		api.MLPS, api.Certifications = nil, nil
		if err := json.Unmarshal(files["api/v1/providers/"+c.id+".json"], &api); err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		if api.MLPS == nil || api.MLPS.Level != c.level || api.MLPS.Checked != c.checked || api.MLPS.Filed != c.filed || api.MLPS.Source == "" {
			t.Errorf("api %s: mlps %+v, want level %s checked %s filed %v", c.id, api.MLPS, c.level, c.checked, c.filed)
		}
		has := false
		for _, x := range api.Certifications {
			has = has || strings.Contains(x, "等保") || strings.Contains(x, "MLPS")
			if c.cert != "" && x == c.cert {
				has = true
			}
		}
		if has != (c.cert != "") {
			t.Errorf("api %s: certifications %q, want the record's %q", c.id, api.Certifications, c.cert)
		}
	}
	var offers struct {
		Offers []struct {
			Provider       string   `json:"provider"`
			Certifications []string `json:"certifications"`
		} `json:"offers"`
	}
	if err := json.Unmarshal(files["compare/offers.json"], &offers); err != nil {
		t.Fatal(err)
	}
	stated := map[string]bool{}
	for _, o := range offers.Offers {
		for _, c := range o.Certifications {
			if c == "等保三级" {
				stated[o.Provider] = true
			}
		}
	}
	if len(stated) != 1 || !stated["tencent-cloud"] {
		t.Errorf("offers.json: providers stating 等保三级 %v, want tencent-cloud alone", stated)
	}
	guide := string(files["guides/choose-gpu-compute/index.html"])
	if !strings.Contains(guide, "Tencent Cloud") {
		t.Error("the guide's 等保三级 outcome does not list Tencent Cloud")
	}
	if report := string(files["providers/tencent-cloud/index.html"]); !strings.Contains(report, "qcloud-documents@a8c528d") {
		t.Error("the provider page does not cite the record's source")
	}
}
