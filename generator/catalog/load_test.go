package catalog

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// base is a small valid catalog; each case replaces whole files of it, so
// the input of a case is read next to the errors it expects.
var base = map[string]string{
	"data/site.yaml": `title: Test
currency: USD
`,
	"data/fx.yaml": `rates:
  - base: USD
    quote: CNY
    rate: 7.1
    date: 2025-01-02
    source: https://example.com/fx
`,
	"data/gpus/a100.yaml": `id: a100
name: A100 SXM4 40GB
model: A100
vendor: NVIDIA
memory_gb: 40
dense:
  fp32: 19.5
  fp16_bf16: 312
  int8: 624
sparse:
  fp16_bf16: 624
interconnect:
  name: NVLink 3.0
  kind: nvlink
  generation: 3
source: https://example.com/a100
`,
	"data/providers/aws.yaml": `id: aws
name: AWS
kind: public_cloud
currency: USD
regions:
  - id: us-east-1
instances:
  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a100
    gpu_count: 8
    regions: [us-east-1]
    source: https://example.com/p4d
`,
	"data/prices/aws.yaml": `provider: aws
prices:
  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 32.77
    currency: USD
    since: 2025-06-01
    source: https://example.com/price
    source_kind: provider
`,
}

func load(t *testing.T, replace map[string]string) (*Catalog, Report) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, text := range base {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	for name, text := range replace {
		if text == "" {
			delete(fsys, name)
			continue
		}
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return Load(fsys)
}

func TestBaseCatalogIsValid(t *testing.T) {
	c, r := load(t, nil)
	if len(r) != 0 {
		t.Fatalf("want no diagnostics, got:\n%s", r)
	}
	if c.GPU("a100") == nil || c.Provider("aws").Instance("p4d.24xlarge") == nil || len(c.Prices) != 1 {
		t.Fatalf("catalog not cross-referenced: %+v", c)
	}
	if c.Prices[0].Since != "2025-06-01" || *c.Prices[0].Amount != 32.77 {
		t.Errorf("price decoded wrong: %+v", c.Prices[0])
	}
}

// aws replaces the instance of the base provider file.
func aws(instance string) map[string]string {
	return map[string]string{"data/providers/aws.yaml": `id: aws
name: AWS
kind: public_cloud
currency: USD
regions:
  - id: us-east-1
instances:
` + instance}
}

// price replaces the price point of the base price file.
func price(point string) map[string]string {
	return map[string]string{"data/prices/aws.yaml": "provider: aws\nprices:\n" + point}
}

func TestValidationErrors(t *testing.T) {
	tests := []struct {
		name    string
		replace map[string]string
		want    string
	}{
		{
			name: "unknown field with a near name",
			replace: aws(`  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a100
    gpu_cuont: 8
    regions: [us-east-1]
    source: https://example.com/p4d
`),
			want: `data/providers/aws.yaml:8:5: instance "p4d.24xlarge": gpu_count is missing: want the number of GPUs, such as 8
data/providers/aws.yaml:11:5: unknown field "gpu_cuont": did you mean "gpu_count"?
`,
		},
		{
			name:    "figures from an unknown kind of source",
			replace: map[string]string{"data/gpus/a100.yaml": "id: a100\nname: A100 SXM4 40GB\nvendor: NVIDIA\nmemory_gb: 40\nfigures_from: blog\nsource: https://example.com/a100\n"},
			want:    "data/gpus/a100.yaml:5:15: gpu \"a100\": figures_from \"blog\" is not known: want one of vendor, secondary\n",
		},
		{
			name:    "unknown field far from any",
			replace: map[string]string{"data/site.yaml": "title: T\ncurrency: USD\ncolour: blue\n"},
			want:    "data/site.yaml:3:1: unknown field \"colour\": known fields are currency, diff_threshold_pct, editions, feed_items, fresh_days, language, matrix_page_size, stale_days, tagline, title, url\n",
		},
		{
			name: "editions that clash or cannot be built",
			replace: map[string]string{"data/site.yaml": "title: T\ncurrency: USD\nlanguage: en\neditions:\n" +
				"  - {language: zh-CN, dir: zh, currency: JPY}\n" +
				"  - {language: zh-CN, dir: zh}\n" +
				"  - {language: Chinese, dir: zh/cn}\n" +
				"  - {language: en}\n"},
			want: "data/site.yaml:5:42: editions[0]: currency \"JPY\" has no rate to the site currency USD in data/fx.yaml\n" +
				"data/site.yaml:6:16: editions[1]: language \"zh-CN\" has an edition already: each edition is in a language of its own\n" +
				"data/site.yaml:6:28: editions[1]: dir \"zh\" holds another edition already\n" +
				"data/site.yaml:7:16: editions[2]: language \"Chinese\" is not a language tag: want one such as \"zh-CN\" or \"ja\"\n" +
				"data/site.yaml:7:30: editions[2]: dir \"zh/cn\" is not one folder name: want lowercase letters, digits and '-', such as \"zh\"\n" +
				"data/site.yaml:8:5: editions[3]: dir is missing: want the folder the edition is built in, such as \"zh\"\n" +
				"data/site.yaml:8:16: editions[3]: language \"en\" has an edition already: each edition is in a language of its own\n",
		},
		{
			name:    "diff threshold not above zero",
			replace: map[string]string{"data/site.yaml": "title: T\ncurrency: USD\ndiff_threshold_pct: -5\n"},
			want:    "data/site.yaml:3:21: site: diff_threshold_pct must be > 0 (a change in percent, either way), got -5\n",
		},
		{
			name:    "stale days not after fresh days",
			replace: map[string]string{"data/site.yaml": "title: T\ncurrency: USD\nfresh_days: 30\nstale_days: 30\n"},
			want:    "data/site.yaml:4:13: site: stale_days (30) must be more than fresh_days (30): a price turns stale after it stops being fresh\n",
		},
		{
			name:    "fresh days below the default stale days only",
			replace: map[string]string{"data/site.yaml": "title: T\ncurrency: USD\nfresh_days: 400\n"},
			want:    "data/site.yaml:1:1: site: stale_days (365) must be more than fresh_days (400): a price turns stale after it stops being fresh\n",
		},
		{
			name:    "feed items zero",
			replace: map[string]string{"data/site.yaml": "title: T\ncurrency: USD\nfeed_items: 0\n"},
			want:    "data/site.yaml:3:13: site: feed_items must be > 0, got 0\n",
		},
		{
			name:    "diff threshold zero",
			replace: map[string]string{"data/site.yaml": "title: T\ncurrency: USD\ndiff_threshold_pct: 0\n"},
			want:    "data/site.yaml:3:21: site: diff_threshold_pct must be > 0 (a change in percent, either way), got 0\n",
		},
		{
			name: "wrong type",
			replace: aws(`  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a100
    gpu_count: eight
    regions: [us-east-1]
    source: https://example.com/p4d
`),
			want: "data/providers/aws.yaml:11:16: want a whole number, got \"eight\"\n",
		},
		{
			name: "exchange rate of an unknown kind, from an unknown kind of source",
			replace: map[string]string{"data/fx.yaml": "rates:\n  - base: USD\n    quote: CNY\n    rate: 7.1\n    kind: central-parity\n" +
				"    date: 2025-01-02\n    source: https://example.com/fx\n    source_kind: news\n"},
			want: "data/fx.yaml:5:11: rate USD/CNY 2025-01-02: kind \"central-parity\" is not known (did you mean \"central_parity\"?): want one of central_parity, noon_buying\n" +
				"data/fx.yaml:8:18: rate USD/CNY 2025-01-02: source_kind \"news\" is not known: want one of notice, report\n",
		},
		{
			name:    "wrong type for a list",
			replace: map[string]string{"data/fx.yaml": "rates:\n  base: USD\n"},
			want:    "data/fx.yaml:2:3: want a list, got a mapping\n",
		},
		{
			name: "duplicate key",
			replace: price(`  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    model: spot
    amount: 32.77
    currency: USD
    since: 2025-06-01
    source: https://example.com/price
`),
			want: "data/prices/aws.yaml:6:5: duplicate key \"model\" (first at line 5)\n",
		},
		{
			name: "duplicate instance id",
			replace: aws(`  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a100
    gpu_count: 8
    regions: [us-east-1]
    source: https://example.com/p4d
  - id: p4d.24xlarge
    name: p4d.24xlarge again
    gpu: a100
    gpu_count: 8
    source: https://example.com/p4d
`),
			want: "data/providers/aws.yaml:14:9: instance \"p4d.24xlarge\": duplicate instance id in provider \"aws\"\n",
		},
		{
			name: "empty aliases of a provider and a region",
			replace: map[string]string{"data/providers/aws.yaml": `id: aws
name: AWS
aliases: [Amazon Web Services, ""]
kind: public_cloud
currency: USD
regions:
  - id: us-east-1
    aliases: [" "]
instances:
  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a100
    gpu_count: 8
    regions: [us-east-1]
    source: https://example.com/p4d
`},
			want: `data/providers/aws.yaml:3:32: provider "aws": aliases[1] is empty: want another name people know it by, such as "阿里云"
data/providers/aws.yaml:8:15: region "us-east-1" of provider "aws": aliases[0] is empty: want another name people know it by, such as "阿里云"
`,
		},
		{
			name: "duplicate gpu id across files",
			replace: map[string]string{"data/gpus/b100.yaml": `id: a100
name: Other
vendor: NVIDIA
`},
			want: "data/gpus/b100.yaml:1:5: gpu \"a100\": duplicate gpu id (first in data/gpus/a100.yaml)\n",
		},
		{
			name: "instance names a gpu that does not exist",
			replace: aws(`  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a10O
    gpu_count: 8
    regions: [us-east-1]
    source: https://example.com/p4d
`),
			want: "data/providers/aws.yaml:10:10: instance \"p4d.24xlarge\": gpu \"a10O\" does not exist (did you mean \"a100\"?)\n",
		},
		{
			name: "price names an instance, region and provider that do not exist",
			replace: map[string]string{"data/prices/aws.yaml": `provider: aws
prices:
  - instance: p4d.24xlarg
    region: us-west-9
    model: on_demand
    amount: 32.77
    currency: USD
    since: 2025-06-01
    source: https://example.com/price
    source_kind: provider
`, "data/prices/gcp.yaml": `provider: gcp
prices: []
`},
			want: `data/prices/aws.yaml:3:15: price "p4d.24xlarg/us-west-9/on_demand": instance "p4d.24xlarg" is not an instance of provider "aws" (did you mean "p4d.24xlarge"?)
data/prices/aws.yaml:4:13: price "p4d.24xlarg/us-west-9/on_demand": region "us-west-9" is not a region of provider "aws" (did you mean "us-east-1"?)
data/prices/gcp.yaml:1:11: prices: provider "gcp" does not exist
`,
		},
		{
			name: "price currency without a rate",
			replace: price(`  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 32.77
    currency: EUR
    since: 2025-06-01
    source: https://example.com/price
    source_kind: provider
`),
			want: "data/prices/aws.yaml:7:15: price \"p4d.24xlarge/us-east-1/on_demand\": currency \"EUR\" has no rate to the site currency USD in data/fx.yaml\n",
		},
		{
			name: "bad ids",
			replace: aws(`  - id: P4d_24XL
    name: p4d.24xlarge
    gpu: a100
    gpu_count: 8
    source: https://example.com/p4d
  - id: -x
    name: x
    gpu: a100
    gpu_count: 1
    source: https://example.com/p4d
`),
			want: `data/prices/aws.yaml:3:15: price "p4d.24xlarge/us-east-1/on_demand": instance "p4d.24xlarge" is not an instance of provider "aws"
data/providers/aws.yaml:8:9: instance "P4d_24XL": id "P4d_24XL" is not an id: want lowercase letters, digits, '.', '_' or '-', starting with a letter or digit
data/providers/aws.yaml:13:9: instance "-x": id "-x" is not an id: want lowercase letters, digits, '.', '_' or '-', starting with a letter or digit
`,
		},
		{
			name: "count and price not above zero",
			replace: map[string]string{"data/providers/aws.yaml": `id: aws
name: AWS
kind: public_cloud
currency: USD
regions:
  - id: us-east-1
instances:
  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a100
    gpu_count: 0
    regions: [us-east-1]
    source: https://example.com/p4d
`, "data/prices/aws.yaml": `provider: aws
prices:
  - instance: p4d.24xlarge
    region: us-east-1
    model: spot
    amount: -3
    currency: USD
    since: 2025-06-01
    source: https://example.com/price
    source_kind: provider
`},
			want: `data/prices/aws.yaml:6:13: price "p4d.24xlarge/us-east-1/spot": amount must be > 0, got -3
data/providers/aws.yaml:11:16: instance "p4d.24xlarge": gpu_count must be > 0, got 0
`,
		},
		{
			name: "dates",
			replace: price(`  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 1
    currency: USD
    since: 2025-13
    source: https://example.com/price
    source_kind: provider
  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 2
    currency: USD
    since: last june
    source: https://example.com/price
    source_kind: provider
  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 3
    currency: USD
    source: https://example.com/price
    source_kind: provider
  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 4
    currency: USD
    since: unknown
    as_of: not dated by the source
    source: https://example.com/price
    source_kind: provider
  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 5
    currency: USD
    since: 2025
    source: https://example.com/price
    source_kind: provider
`),
			want: `data/prices/aws.yaml:8:12: price "p4d.24xlarge/us-east-1/on_demand": since: date "2025-13" does not exist: want YYYY-MM-DD, YYYY-MM, YYYY or unknown
data/prices/aws.yaml:16:12: price "p4d.24xlarge/us-east-1/on_demand": since: date "last june" is not a date: want YYYY-MM-DD, YYYY-MM, YYYY or unknown
data/prices/aws.yaml:19:5: price "p4d.24xlarge/us-east-1/on_demand": since is missing: want YYYY-MM-DD, YYYY-MM, YYYY or unknown (with the reason in as_of)
`,
		},
		{
			name: "import days",
			replace: map[string]string{"data/prices/aws.yaml": `provider: aws
checked: 2026-12
prices:
  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 1
    currency: USD
    since: unknown
    first_seen: unknown
    last_seen: 2026-02-30
    source: https://example.com/price
    source_kind: provider
  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 2
    currency: USD
    since: unknown
    first_seen: '2026-12-01'
    last_seen: '2026-12-02'
    source: https://example.com/price
    source_kind: provider
`},
			want: `data/prices/aws.yaml:2:10: prices: checked 2026-12 is not a day: want YYYY-MM-DD
data/prices/aws.yaml:10:17: price "p4d.24xlarge/us-east-1/on_demand": first_seen unknown is not a day: want YYYY-MM-DD
data/prices/aws.yaml:11:16: price "p4d.24xlarge/us-east-1/on_demand": last_seen: date "2026-02-30" does not exist: want YYYY-MM-DD, YYYY-MM, YYYY or unknown
`,
		},
		{
			name: "source scheme and missing source",
			replace: price(`  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 1
    currency: USD
    since: 2025
    source: javascript:alert(1)
    source_kind: provider
  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 2
    currency: USD
    since: 2025
    source: ftp://example.com/prices.csv ; aws price list
    source_kind: provider
  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 3
    currency: USD
    since: 2025
    source_kind: provider
`),
			want: `data/prices/aws.yaml:9:13: price "p4d.24xlarge/us-east-1/on_demand": source URL "javascript:alert(1)" has scheme "javascript": want http or https
data/prices/aws.yaml:17:13: price "p4d.24xlarge/us-east-1/on_demand": source URL "ftp://example.com/prices.csv" has scheme "ftp": want http or https
data/prices/aws.yaml:19:5: price "p4d.24xlarge/us-east-1/on_demand": source is missing: every number that came from outside cites where (a URL or a citation in words)
`,
		},
		{
			name: "source kind missing or not one of the four",
			replace: price(`  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 1
    currency: USD
    since: 2025
    source: https://example.com/price
  - instance: p4d.24xlarge
    region: us-east-1
    model: spot
    amount: 2
    currency: USD
    since: 2025
    source: https://example.com/price
    source_kind: aggregater
  - instance: p4d.24xlarge
    region: us-east-1
    model: reserved_1y
    amount: 3
    currency: USD
    since: 2025
    source: https://example.com/blog
    source_kind: blog
`),
			want: `data/prices/aws.yaml:3:5: price "p4d.24xlarge/us-east-1/on_demand": source_kind is missing: want one of provider, aggregator, article, estimate
data/prices/aws.yaml:17:18: price "p4d.24xlarge/us-east-1/spot": source_kind "aggregater" is not known (did you mean "aggregator"?): want one of provider, aggregator, article, estimate
data/prices/aws.yaml:25:18: price "p4d.24xlarge/us-east-1/reserved_1y": source_kind "blog" is not known: want one of provider, aggregator, article, estimate
`,
		},
		{
			name: "region geo not one of the parts of the world",
			replace: map[string]string{"data/providers/aws.yaml": `id: aws
name: AWS
kind: public_cloud
currency: USD
regions:
  - id: us-east-1
    geo: north-america
  - id: eu-west-1
    geo: europa
  - id: cn-north-1
    geo: China
  - id: ap-south-1
instances:
  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a100
    gpu_count: 8
    regions: [us-east-1]
    source: https://example.com/p4d
`},
			want: `data/providers/aws.yaml:9:10: region "eu-west-1" of provider "aws": geo "europa" is not known (did you mean "europe"?): want one of china-mainland, hong-kong-taiwan, asia-pacific, north-america, south-america, europe, middle-east, africa
data/providers/aws.yaml:11:10: region "cn-north-1" of provider "aws": geo "China" is not known: want one of china-mainland, hong-kong-taiwan, asia-pacific, north-america, south-america, europe, middle-east, africa
`,
		},
		{
			name: "region access not known, or without its note and source",
			replace: map[string]string{"data/providers/aws.yaml": `id: aws
name: AWS
kind: public_cloud
currency: USD
regions:
  - id: us-east-1
    access: restriced
    access_note: Only vetted customers.
    access_source: https://example.com/who
  - id: us-gov-west-1
    access: restricted
  - id: eu-west-1
    access_note: Anyone.
instances:
  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a100
    gpu_count: 8
    regions: [us-east-1]
    source: https://example.com/p4d
`},
			want: `data/providers/aws.yaml:7:13: region "us-east-1" of provider "aws": access "restriced" is not known (did you mean "restricted"?): want one of restricted
data/providers/aws.yaml:10:5: region "us-gov-west-1" of provider "aws": access_source is missing: every number that came from outside cites where (a URL or a citation in words)
data/providers/aws.yaml:11:13: region "us-gov-west-1" of provider "aws": access "restricted" needs an access_note: a sentence saying who may buy in the region
data/providers/aws.yaml:13:18: region "eu-west-1" of provider "aws": access_note without access: set access: restricted, or drop the note
`,
		},
		{
			name: "gpu figures without a source",
			replace: map[string]string{"data/gpus/a100.yaml": `id: a100
name: A100 SXM4 40GB
vendor: NVIDIA
memory_gb: 40
`},
			want: "data/gpus/a100.yaml:1:1: gpu \"a100\": source is missing: every number that came from outside cites where (a URL or a citation in words)\n",
		},
		{
			name: "unknown pricing model with a near name",
			replace: price(`  - instance: p4d.24xlarge
    region: us-east-1
    model: on-demand
    amount: 1
    currency: USD
    since: 2025
    source: seed.txt
    source_kind: article
`),
			want: "data/prices/aws.yaml:5:12: price \"p4d.24xlarge/us-east-1/on-demand\": model \"on-demand\" is not known (did you mean \"on_demand\"?): want one of on_demand, spot, reserved_1y, reserved_3y, savings_plan_1y, savings_plan_3y, cud_1y, cud_3y, capacity_block, subscription_month, subscription_year, lease\n",
		},
		{
			name:    "chart code marker in text",
			replace: map[string]string{"data/site.yaml": "title: __f__alert(1)__f__\ncurrency: USD\n"},
			want:    "data/site.yaml:1:8: text must not contain \"__f__\": chart options treat it as code\n",
		},
		{
			name:    "unicode line break in text",
			replace: map[string]string{"data/site.yaml": "title: \"Test\\u2028site\"\ncurrency: USD\ntagline: 'a\u2029b'\n"},
			want:    "data/site.yaml:1:8: text holds U+2028 at character 5, which YAML reads as a line break and editors show otherwise: write a space, or \\n for a new line\ndata/site.yaml:3:10: text holds U+2029 at character 2, which YAML reads as a line break and editors show otherwise: write a space, or \\n for a new line\n",
		},
		{
			name:    "syntax error",
			replace: map[string]string{"data/site.yaml": "title: [unclosed\ncurrency: USD\n"},
			want:    "data/site.yaml:1:1: invalid YAML: did not find expected ',' or ']'\n",
		},
		{
			name:    "missing site file",
			replace: map[string]string{"data/site.yaml": ""},
			want:    "data/site.yaml: missing file\n",
		},
		{
			name:    "invalid UTF-8 at its line and column",
			replace: map[string]string{"data/site.yaml": "title: Test\ncurrency: USD\ntagline: Übersicht \xff\n"},
			want:    "data/site.yaml:3:20: invalid UTF-8 byte 0xff: save the file as UTF-8\n",
		},
		{
			name: "invalid UTF-8 on line 20",
			replace: aws(`  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a100
    gpu_count: 8
    regions: [us-east-1]
    source: https://example.com/p4d
  - id: p5.48xlarge
    name: p5.48xlarge
    gpu: a100
    gpu_count: 8
    regions: [us-east-1]
    source: https://example.com/p5
    notes: "` + "\xe9t\xe9\"\n"),
			want: "data/prices/aws.yaml:1:11: prices: provider \"aws\" does not exist\n" +
				"data/providers/aws.yaml:20:13: invalid UTF-8 byte 0xe9: save the file as UTF-8\n",
		},
		{
			name: "scoring: a GPU class no GPU has, a criterion id the page's address needs",
			replace: map[string]string{"data/scoring.yaml": `source: s
gpu_class: a100-80gb
criteria:
  - {id: class, name: Class, measure: gpudirect, better: higher, weight: 1, source: s}
`},
			want: "data/scoring.yaml:2:12: scoring: gpu_class \"a100-80gb\" is not the class of any GPU in the catalog: want one of a100-40gb\n" +
				"data/scoring.yaml:4:10: criterion \"class\": criterion id \"class\" is taken: the evaluation page's address keeps the GPU class under it; choose another id\n",
		},
		{
			name:    "stray file",
			replace: map[string]string{"data/gpus/notes.txt": "x", "data/prcies/aws.yaml": "provider: aws\n"},
			want: "data/gpus/notes.txt: unexpected file: data/gpus/ holds .yaml files only (name it *.yaml)\n" +
				"data/prcies: unknown catalog entry \"prcies\": data/ holds benchmarks, fx.yaml, gpu-names.yaml, gpus, guides, prices, providers, scenarios, scoring.yaml, site.yaml, source-registry.yaml, sources.yaml, trials\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, r := load(t, tt.replace)
			if got := r.String(); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestAllErrorsAtOnceAcrossFiles(t *testing.T) {
	replace := aws(`  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: nope
    gpu_count: 8
    regions: [us-east-1]
    source: https://example.com/p4d
`)
	replace["data/site.yaml"] = "title: T\ncurrency: usd\n"
	_, r := load(t, replace)
	errs := r.Errors()
	if len(errs) != 2 { // the bad site currency hides the price currency check
		t.Fatalf("want 2 errors, got:\n%s", r)
	}
	if !strings.HasPrefix(errs[0].String(), "data/providers/aws.yaml:10:10:") || !strings.HasPrefix(errs[1].String(), "data/site.yaml:2:11:") {
		t.Errorf("errors not sorted by file and line:\n%s", r)
	}
}

func TestHistoryOrderAndUndatedChanges(t *testing.T) {
	point := func(amount, since string) string {
		return "  - instance: p4d.24xlarge\n    region: us-east-1\n    model: on_demand\n    amount: " + amount +
			"\n    currency: USD\n    since: " + since + "\n    source: https://example.com/price\n    source_kind: provider\n"
	}
	firstSeen := strings.Replace(point("27", "unknown"), "    source:", "    first_seen: '2026-12-01'\n    source:", 1)
	_, r := load(t, price(point("40", "2025-03")+point("40", "unknown")+point("32", "unknown")+point("30", "2025-02-10")+point("28", "2025-03-15")+firstSeen))
	want := `data/prices/aws.yaml:24:12: warning: price "p4d.24xlarge/us-east-1/on_demand": the price changes here but the change has no date: it shows as undated and stays out of feeds
data/prices/aws.yaml:32:12: price "p4d.24xlarge/us-east-1/on_demand": since 2025-02-10 is before 2025-03 of an earlier point (line 3): the points of a series go oldest first
data/prices/aws.yaml:48:12: warning: price "p4d.24xlarge/us-east-1/on_demand": the price changes here but its source gives no date (an import first saw it 2026-12-01): it shows as undated and stays out of feeds
`
	if got := r.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestBenchmarkValidation(t *testing.T) {
	_, r := load(t, map[string]string{"data/benchmarks/resnet.yaml": `id: resnet
name: MLPerf Inference resnet50, Offline
suite: mlperf-inference
metric: speed
unit: samples/s
higher_is_better: true
results:
  - round: Inference v4.0
    gpu: a100
    gpu_count: 8
    nodes: 3
    value: 324612
    source: github.com/mlcommons/inference_results_v3.0
  - round: Inference v4.0
    gpu: h100
    gpu_count: 0
    provider: aws
    source: https://example.com
  - gpu: a100
    value: 7.2
    unit: seconds
    source: javascript:alert(1)
`})
	want := `data/benchmarks/resnet.yaml:4:9: benchmark "resnet": metric "speed" is not known: want one of throughput, time
data/benchmarks/resnet.yaml:11:12: benchmark "resnet" result 1: gpu_count 8 is not a whole number of GPUs on each of 3 nodes: want the nodes the system had, each with the same GPUs
data/benchmarks/resnet.yaml:14:5: benchmark "resnet" result 2: value is missing: want the result in samples/s
data/benchmarks/resnet.yaml:15:10: benchmark "resnet" result 2: gpu "h100" does not exist (did you mean "a100"?)
data/benchmarks/resnet.yaml:16:16: benchmark "resnet" result 2: gpu_count must be > 0, got 0: leave it out when the source does not state it
data/benchmarks/resnet.yaml:17:15: benchmark "resnet" result 2: provider and instance go together: name both or neither
data/benchmarks/resnet.yaml:19:5: benchmark "resnet" result 3: round is missing: want the round or date of the run, such as "Inference v4.0"
data/benchmarks/resnet.yaml:22:13: benchmark "resnet" result 3: source URL "javascript:alert(1)" has scheme "javascript": want http or https
`
	if got := r.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestGuideValidation(t *testing.T) {
	_, r := load(t, map[string]string{"data/guides/choose.yaml": `id: choose
title: Which GPU?
start: task
questions:
  - id: task
    text: What kind of work is it?
    answers:
      - {text: Compute-bound, next: big}
      - {text: Not compute-bound, next: cpuu}
  - id: big
    text: Large-model training?
    answers:
      - {text: "Yes", next: task}
      - {text: "No", next: small}
  - id: orphan
    text: Never asked
    answers:
      - {text: a, next: small}
      - {text: b, next: small}
outcomes:
  - id: small
    title: V100 or T4
    query:
      gpu_models: [T4, Z100]
      geo: [china-mainland, china]
      where:
        - {field: gpu.dense.fp17, min: 312}
        - {field: price.per_gpu_hour, max: 1.5}
        - {field: price.per_month, max: 1000, currency: XYZ}
        - {field: gpu.memory_gb, min: 40, currency: USD}
      sort: cheapest
  - id: cpu
    title: CPU instances
    advice: Not compute-bound work does not need a GPU.
`})
	all := append(queryFieldNames(), QueryPriceFields...)
	slices.Sort(all)
	fields := strings.Join(all, ", ")
	want := `data/guides/choose.yaml:5:9: guide "choose" question "task": the answers lead in a cycle: task → big → task
data/guides/choose.yaml:9:41: guide "choose" question "task" answer 2: next "cpuu" is neither a question nor an outcome of the guide (did you mean "cpu"?)
data/guides/choose.yaml:15:9: guide "choose" question "orphan": no answer leads here from the start "task"
data/guides/choose.yaml:24:20: guide "choose" outcome "small" query: no GPU of model "T4" in the catalog
data/guides/choose.yaml:24:24: guide "choose" outcome "small" query: no GPU of model "Z100" in the catalog (did you mean "A100"?)
data/guides/choose.yaml:25:29: guide "choose" outcome "small" query: geo "china" is not known: want one of china-mainland, hong-kong-taiwan, asia-pacific, north-america, south-america, europe, middle-east, africa
data/guides/choose.yaml:27:19: guide "choose" outcome "small" query where: field "gpu.dense.fp17" is not a numeric spec or a price (did you mean "gpu.dense.fp32"?): want one of ` + fields + `
data/guides/choose.yaml:28:11: guide "choose" outcome "small" query where: currency is missing: want the currency of the bound, such as USD
data/guides/choose.yaml:29:57: guide "choose" outcome "small" query where: currency "XYZ" has no rate to the site currency USD in data/fx.yaml
data/guides/choose.yaml:30:53: guide "choose" outcome "small" query where: field "gpu.memory_gb" is not a price: a currency belongs only to the bounds on price.per_gpu_hour, price.hourly, price.per_month
data/guides/choose.yaml:31:13: guide "choose" outcome "small" query: sort "cheapest" is not known: want one of per_gpu_hour, hourly, per_gb_hour, per_fp16_tflops_hour, per_fp32_tflops_hour
data/guides/choose.yaml:32:9: guide "choose" outcome "cpu": no answer leads here from the start "task"
`
	if got := r.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestScenarioValidation(t *testing.T) {
	_, r := load(t, map[string]string{"data/scenarios/startup.yaml": `id: startup
title: Startup
workload:
  gpu_hours_per_month: 1000
  months: 0
  gpus_per_job: 1
  job_hours: 4
  checkpoint_overhead_pct: -5
  splittable: true
strategies:
  - id: mixed
    mix:
      - {model: reserved_3y, percent: 70}
      - {model: spots, percent: 20}
  - id: three-year
    mix:
      - {model: reserved_3y, percent: 50}
      - {model: cud_3y, percent: 50}
`})
	want := `data/scenarios/startup.yaml:5:11: scenario "startup" workload: months must be > 0, got 0
data/scenarios/startup.yaml:8:28: scenario "startup" workload: checkpoint_overhead_pct must be >= 0, got -5
data/scenarios/startup.yaml:9:15: scenario "startup" workload: splittable is for a job of several GPUs, and gpus_per_job is 1: leave splittable out
data/scenarios/startup.yaml:13:7: scenario "startup" strategy "mixed": the shares add up to 90%: want 100%
data/scenarios/startup.yaml:14:17: scenario "startup" strategy "mixed" mix: model "spots" is not known (did you mean "spot"?): want one of on_demand, spot, reserved_1y, reserved_3y, savings_plan_1y, savings_plan_3y, cud_1y, cud_3y, capacity_block, subscription_month, subscription_year, lease
data/scenarios/startup.yaml:18:17: scenario "startup" strategy "three-year" mix: "reserved_3y" and "cud_3y" are commitments of the same term, and a share of either buys whichever of them an offer has: merge them into one share
`
	if got := r.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestScenarioWorkValidation: a workload of work names a reference GPU of
// the catalog, a throughput benchmark of the catalog and a known
// precision, and the reference GPU has a figure to convert by; each
// mistake is reported at its place.
func TestScenarioWorkValidation(t *testing.T) {
	scenario := func(work string) string {
		return `id: work
title: Work
workload:
  gpu_hours_per_month: 800
  months: 1
  gpus_per_job: 8
  job_hours: 100
` + work + `strategies:
  - id: on-demand
    mix:
      - {model: on_demand, percent: 100}
`
	}
	for _, tc := range []struct {
		name, work, want string
		files            map[string]string
	}{
		{name: "unknown GPU", work: "  reference_gpu: a101\n",
			want: `data/scenarios/work.yaml:8:18: scenario "work" workload: reference_gpu "a101" is not a GPU of data/gpus (did you mean "a100"?)` + "\n"},
		{name: "unknown benchmark and precision", work: "  reference_gpu: a100\n  benchmark: nope\n  precision: fp17\n",
			want: `data/scenarios/work.yaml:9:14: scenario "work" workload: benchmark "nope" is not a benchmark of data/benchmarks` + "\n" +
				`data/scenarios/work.yaml:10:14: scenario "work" workload: precision "fp17" is not known (did you mean "fp16"?): want one of bf16, fp16, fp16_bf16, fp32, fp64, fp8, int8, tf32` + "\n"},
		{name: "no figure to convert by", work: "  reference_gpu: a100\n  precision: fp8\n",
			want: `data/scenarios/work.yaml:8:18: scenario "work" workload: reference GPU "a100" has no dense FP8 figure and no result of the benchmark with its GPU count: the work cannot be converted to other GPUs; name a precision it has a figure for` + "\n"},
		{name: "conversion without a reference GPU", work: "  benchmark: mm\n",
			want: `data/scenarios/work.yaml:8:14: scenario "work" workload: benchmark converts work between GPUs, and the workload names no reference_gpu: add reference_gpu (the GPU whose hours gpu_hours_per_month counts, such as "h100-sxm5-80gb") or leave benchmark out` + "\n"},
		{name: "a time benchmark", work: "  reference_gpu: a100\n  benchmark: ttt\n",
			files: map[string]string{"data/benchmarks/ttt.yaml": "id: ttt\nname: T\nsuite: trial\nmetric: time\nunit: minutes\nsource: s\nresults:\n  - {round: r1, gpu: a100, gpu_count: 8, value: 30, source: s}\n"},
			want:  `data/scenarios/work.yaml:9:14: scenario "work" workload: benchmark "ttt" measures time, lower better: work converts by a throughput, higher better, such as "mamf-bf16"` + "\n"},
		{name: "valid", work: "  reference_gpu: a100\n  precision: fp16_bf16\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"data/scenarios/work.yaml": scenario(tc.work)}
			for k, v := range tc.files {
				files[k] = v
			}
			_, r := load(t, files)
			if got := r.String(); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestScenarioUnitsValidation: a workload of units names a benchmark of
// the catalog whose unit counts work and which has a result to cost by,
// gives units_per_month in place of gpu_hours_per_month, and names no
// reference GPU or precision; each mistake is reported at its place.
func TestScenarioUnitsValidation(t *testing.T) {
	scenario := func(work string) string {
		return `id: units
title: Units
workload:
  months: 1
  gpus_per_job: 8
  job_hours: 10
` + work + `strategies:
  - id: on-demand
    mix:
      - {model: on_demand, percent: 100}
`
	}
	runs := map[string]string{"data/benchmarks/ttt.yaml": "id: ttt\nname: T\nsuite: trial\nmetric: time\nunit: minutes\nsource: s\nresults:\n  - {round: r1, gpu: a100, gpu_count: 8, value: 30, source: s}\n"}
	odd := map[string]string{"data/benchmarks/ttt.yaml": "id: ttt\nname: T\nsuite: trial\nmetric: throughput\nunit: score\nhigher_is_better: true\nsource: s\nresults:\n  - {round: r1, gpu: a100, gpu_count: 8, value: 30, source: s}\n"}
	for _, tc := range []struct {
		name, work, want string
		files            map[string]string
	}{
		{name: "runs of a time to train", work: "  units_per_month: 20\n  benchmark: ttt\n", files: runs},
		{name: "neither hours nor units", work: "",
			want: `data/scenarios/units.yaml:4:3: scenario "units": workload has no gpu_hours_per_month: want GPU-hours a month, or units_per_month with a benchmark (tokens, samples or training runs a month)` + "\n"},
		{name: "both", work: "  units_per_month: 20\n  gpu_hours_per_month: 100\n  benchmark: ttt\n", files: runs,
			want: `data/scenarios/units.yaml:7:20: scenario "units" workload: the workload gives both gpu_hours_per_month and units_per_month: give one, GPU-hours or units of the benchmark's work` + "\n"},
		{name: "no benchmark", work: "  units_per_month: 20\n",
			want: `data/scenarios/units.yaml:7:20: scenario "units" workload: units_per_month counts the units of a benchmark's work, and the workload names no benchmark: add benchmark (such as "mlperf-training-llama2-70b-lora", runs a month, or "mlperf-inference-llama2-70b-99-offline", tokens a month)` + "\n"},
		{name: "a reference GPU too", work: "  units_per_month: 20\n  benchmark: ttt\n  reference_gpu: a100\n", files: runs,
			want: `data/scenarios/units.yaml:9:18: scenario "units" workload: a workload of units_per_month is costed by its benchmark's results alone: leave reference_gpu out` + "\n"},
		{name: "a unit that counts nothing", work: "  units_per_month: 20\n  benchmark: ttt\n", files: odd,
			want: `data/scenarios/units.yaml:8:14: scenario "units" workload: benchmark "ttt" counts in "score", which is neither a rate over time (tokens/s, samples/s, TFLOPS) nor a time to train (minutes): its results cannot count units of work` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"data/scenarios/units.yaml": scenario(tc.work)}
			for k, v := range tc.files {
				files[k] = v
			}
			_, r := load(t, files)
			if got := r.String(); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestYAMLBreakFindsEachBreakAndOnlyThem: yamlBreak finds each of
// YAMLBreaks where strings.IndexAny does, and passes over text whose
// other characters share their first byte (¥ U+00A5, — U+2014).
func TestYAMLBreakFindsEachBreakAndOnlyThem(t *testing.T) {
	for _, s := range []string{"", "plain text", "¥7 — 8", "a\u0085b", "¥ — \u2028", "—\u2029", "\u2028\u2029", "日本語\u0085"} {
		if got, want := yamlBreak(s), strings.IndexAny(s, YAMLBreaks); got != want {
			t.Errorf("yamlBreak(%q) = %d, want %d", s, got, want)
		}
	}
	if yamlBreak("¥7 — 8") != -1 || yamlBreak("a\u0085b") != 1 {
		t.Error("yamlBreak finds a break in text without one, or misses one")
	}
}
