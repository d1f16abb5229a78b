package catalog

import (
	"maps"
	"strings"
	"testing"
)

// zhSite is a site.yaml with a Chinese edition.
const zhSite = "title: T\ncurrency: USD\neditions:\n  - {language: zh-CN, dir: zh, currency: CNY}\n"

// translatedAWS is the base provider with Chinese text of its own.
func translatedAWS(i18n string) map[string]string {
	return map[string]string{"data/site.yaml": zhSite, "data/providers/aws.yaml": `id: aws
name: AWS
kind: public_cloud
currency: USD
description: A public cloud.
` + i18n + `regions:
  - id: us-east-1
    name: US East (N. Virginia)
    i18n:
      zh-CN: {name: 美国东部（弗吉尼亚北部）}
instances:
  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a100
    gpu_count: 8
    regions: [us-east-1]
    source: https://example.com/p4d
`}
}

func TestTranslationErrors(t *testing.T) {
	tests := []struct {
		name    string
		replace map[string]string
		want    string
	}{
		{
			name: "a field that is not translatable, with the list of those that are",
			replace: translatedAWS(`i18n:
  zh-CN:
    name: 亚马逊云科技
    currency: 人民币
`),
			want: "data/providers/aws.yaml:1:1: warning: provider \"aws\": no zh-CN text for description\n" +
				"data/providers/aws.yaml:9:5: provider \"aws\": i18n.zh-CN: \"currency\" is not a translatable field: want one of name, description, isolation, isolation_source, notes, source, as_of\n",
		},
		{
			name: "a language that is no language tag, the catalog's own, or empty text",
			replace: translatedAWS(`i18n:
  zh_cn: {name: 亚马逊云科技}
  en: {name: AWS}
  zh-CN: {name: 亚马逊云科技, description: " "}
`),
			want: "data/providers/aws.yaml:7:3: provider \"aws\": i18n language \"zh_cn\" is not a language tag: want one such as \"zh-CN\"\n" +
				"data/providers/aws.yaml:8:3: provider \"aws\": i18n language \"en\" is the catalog's own: write that text in the fields themselves\n" +
				"data/providers/aws.yaml:9:25: provider \"aws\": i18n.zh-CN.description is empty: write the text, or leave the field out to show the catalog's own\n",
		},
		{
			name:    "i18n that is not a mapping of languages",
			replace: translatedAWS("i18n: 亚马逊云科技\n"),
			want: "data/providers/aws.yaml:1:1: warning: provider \"aws\": no zh-CN text for description\n" +
				"data/providers/aws.yaml:6:7: want a mapping, got \"亚马逊云科技\"\n",
		},
		{
			name: "an answer translates its text, not where it leads",
			replace: map[string]string{"data/site.yaml": zhSite, "data/guides/g.yaml": `id: g
title: Which?
description: Pick one.
start: q
i18n: {zh-CN: {title: 选哪个？, description: 选一个。}}
questions:
  - id: q
    text: Big?
    i18n: {zh-CN: {text: 大吗？}}
    answers:
      - text: "Yes"
        next: o
        i18n: {zh-CN: {next: o2}}
      - text: "No"
        next: o
        i18n: {zh-CN: {text: 否}}
outcomes:
  - id: o
    title: Take it
    advice: Do.
    i18n: {zh-CN: {title: 就选它}}
`},
			want: "data/guides/g.yaml:11:9: warning: guide \"g\" question \"q\" answer 1: no zh-CN text for text\n" +
				"data/guides/g.yaml:13:24: guide \"g\" question \"q\" answer 1: i18n.zh-CN: \"next\" is not a translatable field: want one of text\n" +
				"data/guides/g.yaml:18:5: warning: guide \"g\" outcome \"o\": no zh-CN text for advice\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, r := load(t, tc.replace)
			if got := r.String(); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestUntranslatedWarnings: with a Chinese edition, each record warns once
// with the prose fields it has no Chinese text for; names are not prose,
// and without editions nothing is missing. Text in a language the site
// has no edition in warns once, not once a record.
func TestUntranslatedWarnings(t *testing.T) {
	_, r := load(t, translatedAWS(""))
	want := "data/providers/aws.yaml:1:1: warning: provider \"aws\": no zh-CN text for description\n"
	if got := r.String(); got != want {
		t.Errorf("with an edition, got:\n%s\nwant:\n%s", got, want)
	}
	_, r = load(t, translatedAWS("i18n: {zh-CN: {description: 一家公有云。}}\n"))
	if got := r.String(); got != "" {
		t.Errorf("translated, got:\n%s\nwant nothing", got)
	}
	noEdition := translatedAWS("i18n: {ja: {description: パブリッククラウド。}}\n")
	noEdition["data/site.yaml"] = "title: T\ncurrency: USD\n"
	_, r = load(t, noEdition)
	want = "data/providers/aws.yaml:6:8: warning: i18n language \"ja\" has no edition in data/site.yaml: its text is shown nowhere until editions lists it\n" +
		"data/providers/aws.yaml:11:7: warning: i18n language \"zh-CN\" has no edition in data/site.yaml: its text is shown nowhere until editions lists it\n"
	if got := r.String(); got != want {
		t.Errorf("without an edition, got:\n%s\nwant:\n%s", got, want)
	}
}

func TestText(t *testing.T) {
	c, r := load(t, translatedAWS("i18n: {zh-CN: {name: 亚马逊云科技}}\n"))
	if len(r.Errors()) > 0 {
		t.Fatal(r)
	}
	p := c.Provider("aws")
	for _, tc := range []struct {
		key, lang, want string
		in              bool
	}{
		{"name", "zh-CN", "亚马逊云科技", true},
		{"name", "en", "AWS", true},
		{"name", "ja", "AWS", true}, // a name without one of its own is the same in every language
		{"description", "zh-CN", "A public cloud.", false},
		{"description", "en", "A public cloud.", true},
		{"currency", "zh-CN", "", true},
	} {
		if got, in := Text(p, tc.key, tc.lang); got != tc.want || in != tc.in {
			t.Errorf("Text(aws, %q, %q) = %q, %v; want %q, %v", tc.key, tc.lang, got, in, tc.want, tc.in)
		}
	}
	if got, _ := Text(p.Regions[0], "name", "zh-CN"); got != "美国东部（弗吉尼亚北部）" {
		t.Errorf("region name in zh-CN = %q", got)
	}
}

// TestShippedChineseNames pins a few of the names the providers write in
// Chinese, as the shipped catalog keeps them beside the English ones.
func TestShippedChineseNames(t *testing.T) {
	cat := shipped(t)
	for _, c := range []struct{ provider, region, want string }{
		{"alibaba-cloud", "", "阿里云"},
		{"alibaba-cloud", "cn-beijing", "华北2（北京）"},
		{"alibaba-cloud", "cn-hongkong", "中国香港"},
		{"tencent-cloud", "", "腾讯云"},
		{"tencent-cloud", "ap-beijing", "华北地区（北京）"},
		{"huawei-cloud", "", "华为云"},
		{"volcano-engine", "", "火山引擎"},
		{"baidu-ai-cloud", "", "百度智能云"},
		{"aws-china", "", "亚马逊云科技中国区域"},
		{"aws-china", "cn-northwest-1", "中国（宁夏）"},
		{"volcano-engine", "cn-beijing", "华北2（北京）"}, // its own name, with full-width brackets
	} {
		p := cat.Provider(c.provider)
		if p == nil {
			t.Errorf("no provider %q", c.provider)
			continue
		}
		var rec any = p
		if c.region != "" {
			r := p.Region(c.region)
			if r == nil {
				t.Errorf("provider %q has no region %q", c.provider, c.region)
				continue
			}
			rec = r
		}
		if got, in := Text(rec, "name", "zh-CN"); got != c.want || !in {
			t.Errorf("%s %s: zh-CN name %q (%v), want %q", c.provider, c.region, got, in, c.want)
		}
	}
	// The English names stay as they were.
	if got, _ := Text(cat.Provider("alibaba-cloud"), "name", "en"); got != "Alibaba Cloud" {
		t.Errorf("alibaba-cloud: en name %q, want Alibaba Cloud", got)
	}
}

// TestUntranslatedNotesCounted: notes of providers and instance types
// without Chinese text are counted in one warning at the first, not one a
// record; a translated note is shown in Chinese and not counted; a
// provider's spot name takes the provider's own term in Chinese.
func TestUntranslatedNotesCounted(t *testing.T) {
	files := translatedAWS("i18n: {zh-CN: {description: 一家公有云。}}\nnotes: Billed per second.\nspot:\n  name: Spot Instances\n  i18n: {zh-CN: {name: Spot 实例}}\n")
	files["data/providers/aws.yaml"] += "    notes: Eight GPUs.\n  - id: p5\n    name: p5.48xlarge\n    gpu: a100\n    gpu_count: 8\n    regions: [us-east-1]\n    source: https://example.com/p5\n    notes: Also eight.\n    i18n: {zh-CN: {notes: 同样八个。}}\n"
	c, r := load(t, files)
	want := "data/providers/aws.yaml:7:1: warning: 2 catalog notes have no zh-CN text (this is the first): the zh-CN edition shows them in en, marked as such; write each in the record's i18n.zh-CN under the field's own key (notes, a price's note and as_of, price_not_public, price_incomplete, the as_of of a GPU, an instance type and a provider, the note of a provider's billing, spot, egress, storage and sla, a benchmark result's notes and as_of)\n"
	if got := r.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	p := c.Provider("aws")
	for _, tc := range []struct {
		rec       any
		key, want string
		in        bool
	}{
		{p, "notes", "Billed per second.", false},
		{p.Instances[1], "notes", "同样八个。", true},
		{p.Instances[0], "notes", "Eight GPUs.", false},
		{&p.Spot, "name", "Spot 实例", true},
	} {
		if got, in := Text(tc.rec, tc.key, "zh-CN"); got != tc.want || in != tc.in {
			t.Errorf("Text(%T, %q) = %q, %v; want %q, %v", tc.rec, tc.key, got, in, tc.want, tc.in)
		}
	}
	files["data/providers/aws.yaml"] = strings.Replace(files["data/providers/aws.yaml"], "{zh-CN: {notes: 同样八个。}}", "{zh-CN: {source: 八}}", 1)
	if _, r := load(t, files); !strings.Contains(r.String(), `i18n.zh-CN: "source" is not a translatable field: want one of name, notes`) {
		t.Errorf("an instance's i18n of a field that is not translatable: got\n%s", r)
	}
}

// TestPriceNotesTranslatable: an instance type's price_not_public and
// price_incomplete take Chinese text in i18n like its notes, are shown in
// it, and are counted with the notes while they lack it.
func TestPriceNotesTranslatable(t *testing.T) {
	files := translatedAWS("")
	files["data/providers/aws.yaml"] += "    price_not_public: Sold through sales staff.\n    price_incomplete: GPU component only.\n"
	_, r := load(t, files)
	if got := r.String(); !strings.Contains(got, "2 catalog notes have no zh-CN text") || !strings.Contains(got, "price_not_public, price_incomplete") {
		t.Errorf("untranslated price notes: got\n%s", got)
	}
	files["data/providers/aws.yaml"] += "    i18n: {zh-CN: {price_not_public: 通过销售人员销售。, price_incomplete: 仅含 GPU 部分。}}\n"
	c, r := load(t, files)
	if got := r.String(); strings.Contains(got, "catalog notes") {
		t.Errorf("translated price notes still counted: got\n%s", got)
	}
	in := c.Provider("aws").Instances[0]
	for key, want := range map[string]string{"price_not_public": "通过销售人员销售。", "price_incomplete": "仅含 GPU 部分。"} {
		if got, ok := Text(in, key, "zh-CN"); got != want || !ok {
			t.Errorf("Text(%s) = %q, %v; want %q, true", key, got, ok, want)
		}
		if got, ok := Text(in, key, "en"); got == want || !ok {
			t.Errorf("Text(%s, en) = %q, %v; want the English", key, got, ok)
		}
	}
}

// TestResultNotesTranslatable: a benchmark result's notes and as_of take
// Chinese text in its i18n, which Text gives; while they lack it they are
// counted with the catalog's other notes; a key that is not one of them
// is an error.
func TestResultNotesTranslatable(t *testing.T) {
	files := translatedAWS("i18n: {zh-CN: {description: 一家公有云。}}\n")
	files["data/gpus/a100.yaml"] = "id: a100\nname: A100\n"
	files["data/benchmarks/b.yaml"] = "id: b\nname: B\nsuite: trial\nmetric: time\nunit: minutes\ni18n: {zh-CN: {description: 一项。}}\nresults:\n  - {round: r1, gpu: a100, gpu_count: 8, value: 3.4, source: s, as_of: 2026-08 (lab notes), notes: Eight GPUs.}\n"
	_, r := load(t, files)
	if got := r.String(); !strings.Contains(got, "data/benchmarks/b.yaml:8:") || !strings.Contains(got, "2 catalog notes have no zh-CN text") {
		t.Errorf("untranslated result notes: got\n%s", got)
	}
	files["data/benchmarks/b.yaml"] = strings.Replace(files["data/benchmarks/b.yaml"], "notes: Eight GPUs.}", "notes: Eight GPUs., i18n: {zh-CN: {notes: 八个GPU。, as_of: 日期不详}}}", 1)
	c, r := load(t, files)
	if got := r.String(); strings.Contains(got, "catalog notes") {
		t.Errorf("translated result notes still counted: got\n%s", got)
	}
	res := c.Benchmark("b").Results[0]
	for key, want := range map[string]string{"notes": "八个GPU。", "as_of": "日期不详"} {
		if got, ok := Text(res, key, "zh-CN"); got != want || !ok {
			t.Errorf("Text(%s) = %q, %v; want %q, true", key, got, ok, want)
		}
	}
	// An as-of the site words in every language (a date, unknown) is
	// not counted.
	files["data/benchmarks/b.yaml"] = strings.Replace(files["data/benchmarks/b.yaml"], "as_of: 2026-08 (lab notes), notes: Eight GPUs., i18n: {zh-CN: {notes: 八个GPU。, as_of: 日期不详}}", "as_of: unknown, notes: Eight GPUs., i18n: {zh-CN: {notes: 八个GPU。}}", 1)
	if _, r := load(t, files); strings.Contains(r.String(), "catalog notes") {
		t.Errorf("an as-of of unknown counted: got\n%s", r)
	}
	files["data/benchmarks/b.yaml"] = strings.Replace(files["data/benchmarks/b.yaml"], "as_of: unknown", "as_of: 2023-11", 1)
	if _, r := load(t, files); strings.Contains(r.String(), "catalog notes") {
		t.Errorf("an as-of of a date counted: got\n%s", r)
	}
	files["data/benchmarks/b.yaml"] = strings.Replace(files["data/benchmarks/b.yaml"], "{notes: 八个GPU。}", "{notes: 八个GPU。, source: 八}", 1)
	if _, r := load(t, files); !strings.Contains(r.String(), `i18n.zh-CN: "source" is not a translatable field: want one of as_of, notes`) {
		t.Errorf("a result's i18n of a field that is not translatable: got\n%s", r)
	}
}

// TestPriceNoteTranslatable: a price point's note takes Chinese text in
// its i18n, which Text gives; a note without it is counted with the
// catalog's other notes, though price files are checked apart; and an
// i18n key that is not the note is an error at its line.
func TestPriceNoteTranslatable(t *testing.T) {
	files := translatedAWS("i18n: {zh-CN: {description: 一家公有云。}}\n")
	files["data/prices/aws.yaml"] = `provider: aws
prices:
  - {instance: p4d.24xlarge, region: us-east-1, model: on_demand, amount: 32.77, currency: USD, since: 2025-06-01, source: https://example.com/p, note: Catalog price.}
  - {instance: p4d.24xlarge, region: us-east-1, model: spot, amount: 12.5, currency: USD, since: 2025-06-01, source: https://example.com/p, note: A snapshot., i18n: {zh-CN: {note: 一次快照。}}}
`
	c, r := load(t, files)
	if got := r.String(); !strings.Contains(got, "data/prices/aws.yaml:3:") || !strings.Contains(got, "1 catalog notes have no zh-CN text") {
		t.Errorf("the untranslated price note, counted at its line: got\n%s", got)
	}
	var spot, od *PricePoint
	for _, pp := range c.Prices {
		switch pp.Model {
		case "spot":
			spot = pp
		case "on_demand":
			od = pp
		}
	}
	if spot == nil || od == nil {
		t.Fatalf("prices not loaded: %v", c.Prices)
	}
	if got, in := Text(spot, "note", "zh-CN"); got != "一次快照。" || !in {
		t.Errorf("Text(spot, note, zh-CN) = %q, %v; want the Chinese", got, in)
	}
	if got, in := Text(od, "note", "zh-CN"); got != "Catalog price." || in {
		t.Errorf("Text(on-demand, note, zh-CN) = %q, %v; want the English, not in zh-CN", got, in)
	}
	files["data/prices/aws.yaml"] = strings.Replace(files["data/prices/aws.yaml"], "{note: 一次快照。}", "{source: 一}", 1)
	if _, r := load(t, files); !strings.Contains(r.String(), `data/prices/aws.yaml:4:`) || !strings.Contains(r.String(), `"source" is not a translatable field: want one of as_of, note`) {
		t.Errorf("a price's i18n of a field that is not translatable: got\n%s", r)
	}
}

// TestAsOfTranslatable: the as_of in words of a price, a GPU and an
// instance type takes Chinese text in the record's i18n, which Text
// gives; while it lacks it, it is counted with the catalog's notes at
// its line; an as-of the site words in every language (a date, one of
// AsOfForms) is not counted.
func TestAsOfTranslatable(t *testing.T) {
	files := translatedAWS("i18n: {zh-CN: {description: 一家公有云。}}\n")
	files["data/providers/aws.yaml"] += "    as_of: ~2024-12\n"
	files["data/gpus/a100.yaml"] = "id: a100\nname: A100\nsource: https://example.com/a100\nas_of: 2026-08 (lab notes)\n"
	files["data/prices/aws.yaml"] = `provider: aws
prices:
  - {instance: p4d.24xlarge, region: us-east-1, model: on_demand, amount: 32.77, currency: USD, since: unknown, as_of: 'unknown (pre-2025-06-01 snapshot)', source: https://example.com/p}
  - {instance: p4d.24xlarge, region: us-east-1, model: spot, amount: 12.5, currency: USD, since: unknown, as_of: 'unknown (catalog commit 001367d)', source: https://example.com/p}
`
	_, r := load(t, files)
	if got := r.String(); !strings.Contains(got, "3 catalog notes have no zh-CN text") {
		t.Errorf("three as-ofs in words without Chinese, the worded form not counted: got\n%s", got)
	}
	files["data/providers/aws.yaml"] += "    i18n: {zh-CN: {as_of: 约2024年12月}}\n"
	files["data/gpus/a100.yaml"] += "i18n: {zh-CN: {as_of: 2026年8月（实验记录）}}\n"
	files["data/prices/aws.yaml"] = strings.Replace(files["data/prices/aws.yaml"], "source: https://example.com/p}", "source: https://example.com/p, i18n: {zh-CN: {as_of: 未注明日期（2025年6月1日之前的快照）}}}", 1)
	c, r := load(t, files)
	if got := r.String(); strings.Contains(got, "catalog notes") {
		t.Errorf("translated as-ofs still counted: got\n%s", got)
	}
	for _, tc := range []struct {
		rec  any
		want string
	}{
		{c.Provider("aws").Instances[0], "约2024年12月"},
		{c.GPU("a100"), "2026年8月（实验记录）"},
		{c.Prices[0], "未注明日期（2025年6月1日之前的快照）"},
	} {
		if got, in := Text(tc.rec, "as_of", "zh-CN"); got != tc.want || !in {
			t.Errorf("Text(%T, as_of, zh-CN) = %q, %v; want %q, true", tc.rec, got, in, tc.want)
		}
	}
}

// TestProviderTermsNoteTranslatable: the note of a provider's billing,
// spot, egress, storage and sla takes Chinese text in the block's own
// i18n, which Text gives; a note without it is counted with the catalog's
// other notes at its line; and an i18n key that is not the note (or the
// spot's name) is an error at its line.
func TestProviderTermsNoteTranslatable(t *testing.T) {
	files := translatedAWS(`i18n: {zh-CN: {description: 一家公有云。}}
billing:
  granularity: second
  note: Per-second for Linux.
  i18n: {zh-CN: {note: Linux 按秒计费。}}
  source: https://example.com/terms
spot:
  available: true
  name: Spot Instances
  note: 2 minutes (interruption notice; best effort).
  i18n: {zh-CN: {name: Spot 实例, note: 中断前2分钟通知（尽力而为）。}}
  source: https://example.com/terms
egress:
  price: 0.09
  currency: USD
  note: First 100 GB/month free.
  source: https://example.com/terms
storage:
  price: 0.08
  currency: USD
  note: gp3 volumes.
  i18n: {zh-CN: {note: gp3 卷。}}
  source: https://example.com/terms
sla:
  percent: 99.99
  note: Region-level, multi-AZ.
  i18n: {zh-CN: {note: 地域级，多可用区。}}
  source: https://example.com/terms
`)
	c, r := load(t, files)
	if got := r.String(); !strings.Contains(got, "data/providers/aws.yaml:21:") || !strings.Contains(got, "1 catalog notes have no zh-CN text") {
		t.Errorf("the untranslated egress note, counted at its line: got\n%s", got)
	}
	p := c.Provider("aws")
	if p == nil {
		t.Fatalf("provider not loaded: %v", c.Providers)
	}
	for _, tc := range []struct {
		name string
		rec  any
		want string
		in   bool
	}{
		{"billing", p.Billing, "Linux 按秒计费。", true},
		{"spot", &p.Spot, "中断前2分钟通知（尽力而为）。", true},
		{"egress", p.Egress, "First 100 GB/month free.", false},
		{"storage", p.Storage, "gp3 卷。", true},
		{"sla", p.SLA, "地域级，多可用区。", true},
	} {
		if got, in := Text(tc.rec, "note", "zh-CN"); got != tc.want || in != tc.in {
			t.Errorf("Text(%s, note, zh-CN) = %q, %v; want %q, %v", tc.name, got, in, tc.want, tc.in)
		}
	}
	if got, _ := Text(&p.Spot, "name", "zh-CN"); got != "Spot 实例" {
		t.Errorf("Text(spot, name, zh-CN) = %q; want the spot's own term beside its note", got)
	}
	files["data/providers/aws.yaml"] = strings.Replace(files["data/providers/aws.yaml"], "{note: 地域级，多可用区。}", "{percent: 一}", 1)
	if _, r := load(t, files); !strings.Contains(r.String(), "data/providers/aws.yaml:32:") || !strings.Contains(r.String(), `"percent" is not a translatable field: want one of note, source`) {
		t.Errorf("an sla's i18n of a field that is not translatable: got\n%s", r)
	}
}

// TestProviderSourcesTranslatable: a provider's sources (its terms', its
// certifications', its own) take text in another language under source,
// which Text gives and check does not count; a translation that names
// other places than the catalog's source, or the same in another order,
// is an error at its line naming both.
func TestProviderSourcesTranslatable(t *testing.T) {
	files := translatedAWS(`i18n: {zh-CN: {description: 一家公有云。, source: 'https://example.com/about （关于） ; https://example.com/terms'}}
source: https://example.com/about (about) ; https://example.com/terms
sla:
  percent: 99.99
  source: https://example.com/sla (exclusions; secondary)
  i18n: {zh-CN: {source: 'https://example.com/sla （除外情形；二手资料）'}}
certifications:
  list: [SOC 2]
  source: 'SOC 2: the report (copy at https://example.com/soc2) ; MLPS: not stated on https://example.com/trust'
  i18n: {zh-CN: {source: 'SOC 2：报告（副本见 https://example.com/soc2 ） ; 等保：未声明，见 https://example.com/trust'}}
`)
	c, r := load(t, files)
	if (len(r.Errors()) > 0) || strings.Contains(r.String(), "catalog notes have no zh-CN text") {
		t.Fatalf("translated sources: want no error and no note counted, got\n%s", r)
	}
	p := c.Provider("aws")
	for _, tc := range []struct {
		name string
		rec  any
		want string
	}{
		{"provider", p, "https://example.com/about （关于） ; https://example.com/terms"},
		{"sla", p.SLA, "https://example.com/sla （除外情形；二手资料）"},
		{"certifications", p.Certifications, "SOC 2：报告（副本见 https://example.com/soc2 ） ; 等保：未声明，见 https://example.com/trust"},
	} {
		if got, in := Text(tc.rec, "source", "zh-CN"); got != tc.want || !in {
			t.Errorf("Text(%s, source, zh-CN) = %q, %v; want %q, true", tc.name, got, in, tc.want)
		}
	}
	if got, in := Text(p.Egress, "source", "zh-CN"); got != "" || !in {
		t.Errorf("Text(egress, source, zh-CN) of an empty source = %q, %v; want \"\", true", got, in)
	}
	for _, bad := range []struct{ from, to, want string }{
		// an address glued to the words around it is not the same place
		{"副本见 https://example.com/soc2 ）", "副本见 https://example.com/soc2）", "names [example.com/soc2） example.com/trust] where source names [example.com/soc2 example.com/trust]"},
		// another place
		{"见 https://example.com/trust'", "见 https://example.org/trust'", "names [example.com/soc2 example.org/trust]"},
		// the same places in another order
		{"'https://example.com/about （关于） ; https://example.com/terms'", "'https://example.com/terms ; https://example.com/about （关于）'", "names [example.com/terms example.com/about] where source names [example.com/about example.com/terms]"},
	} {
		broken := maps.Clone(files)
		broken["data/providers/aws.yaml"] = strings.Replace(files["data/providers/aws.yaml"], bad.from, bad.to, 1)
		if broken["data/providers/aws.yaml"] == files["data/providers/aws.yaml"] {
			t.Fatalf("replacement %q not found", bad.from)
		}
		if _, r := load(t, broken); !(len(r.Errors()) > 0) || !strings.Contains(r.String(), bad.want) || !strings.Contains(r.String(), "cites the same places in the same order") {
			t.Errorf("%s → %s: want an error saying %q, got\n%s", bad.from, bad.to, bad.want, r)
		}
	}
}

// TestGPUVariantTranslatable: a GPU's variant takes Chinese text in its
// i18n, as a price's note does, which Text gives; a variant without it
// is a name, the same in every language (SXM4 40GB); and an i18n key
// that is not a translatable field is an error at its line.
func TestGPUVariantTranslatable(t *testing.T) {
	gpu := `id: a100
name: A100 SXM4 40GB
model: A100
variant: one GPU of a rack
i18n: {zh-CN: {variant: 机架中的一块 GPU}}
vendor: NVIDIA
source: https://example.com/a100
`
	files := translatedAWS("")
	files["data/gpus/a100.yaml"] = gpu
	c, r := load(t, files)
	if errs := r.Errors(); len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	g := c.GPU("a100")
	if got, in := Text(g, "variant", "zh-CN"); got != "机架中的一块 GPU" || !in {
		t.Errorf("Text(gpu, variant, zh-CN) = %q, %v; want the Chinese", got, in)
	}
	if got, _ := Text(g, "variant", "en"); got != "one GPU of a rack" {
		t.Errorf("Text(gpu, variant, en) = %q; want the English", got)
	}
	files["data/gpus/a100.yaml"] = strings.Replace(gpu, "i18n: {zh-CN: {variant: 机架中的一块 GPU}}\n", "", 1)
	c, _ = load(t, files)
	if got, in := Text(c.GPU("a100"), "variant", "zh-CN"); got != "one GPU of a rack" || !in {
		t.Errorf("Text(gpu without i18n, variant, zh-CN) = %q, %v; want the English, a name", got, in)
	}
	files["data/gpus/a100.yaml"] = strings.Replace(gpu, "{variant: 机架中的一块 GPU}", "{memory_type: 显存}", 1)
	if _, r := load(t, files); !strings.Contains(r.String(), "data/gpus/a100.yaml:5:") || !strings.Contains(r.String(), `"memory_type" is not a translatable field: want one of`) || !strings.Contains(r.String(), "variant") {
		t.Errorf("a GPU's i18n of a field that is not translatable: got\n%s", r)
	}
}

// A list where an instance type belongs, in a site with a second
// edition, is an error of that file, and the instance types after it are
// still checked for their translations: the load never panics placing
// the key of a translated field.
func TestAListForAnInstanceInATranslatedSiteIsAnError(t *testing.T) {
	files := translatedAWS("")
	files["data/providers/aws.yaml"] += "  - [x, y]\n  - {id: b, name: b, gpu: a100, gpu_count: 1, regions: [us-east-1], source: https://example.com/b, notes: hello}\n"
	fsys := baseFS()
	for name, text := range files {
		fsys[name].Data = []byte(text)
	}
	_, report := Load(fsys)
	if !strings.Contains(report.Errors().String(), "data/providers/aws.yaml:") || !strings.Contains(report.String(), "got a list") {
		t.Errorf("no error for the list in data/providers/aws.yaml:\n%s", report)
	}
}
