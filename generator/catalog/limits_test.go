package catalog

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// numberField is a number field of a catalog struct type: the type that
// holds it and its YAML key.
type numberField struct {
	owner reflect.Type
	key   string
}

// numberFields lists the number fields of every struct type reachable
// from t, each once.
func numberFields(t reflect.Type, seen map[reflect.Type]bool, out *[]numberField) {
	t = deref(t)
	switch {
	case t == reflect.TypeFor[Date]() || seen[t]:
		return
	case t.Kind() == reflect.Slice:
		numberFields(t.Elem(), seen, out)
		return
	case t.Kind() != reflect.Struct:
		return
	}
	seen[t] = true
	fields := yamlFields(t)
	for _, key := range slices.Sorted(func(yield func(string) bool) {
		for k := range fields {
			if !yield(k) {
				return
			}
		}
	}) {
		switch ft := deref(fields[key]); ft.Kind() {
		case reflect.Int, reflect.Float64:
			*out = append(*out, numberField{t, key})
		default:
			numberFields(ft, seen, out)
		}
	}
}

// TestEveryNumberHasALimit keeps numberLimits in step with the types:
// every number field of every kind of catalog file has a limit chosen for
// it, and every limit names a number field.
func TestEveryNumberHasALimit(t *testing.T) {
	var fields []numberField
	seen := map[reflect.Type]bool{}
	for _, typ := range catalogFiles {
		numberFields(typ, seen, &fields)
	}
	for _, typ := range overlayFiles {
		numberFields(typ, seen, &fields)
	}
	if len(fields) < 47 {
		t.Fatalf("only %d number fields found: the walk over the types misses some", len(fields))
	}
	known := map[numberField]bool{}
	for _, f := range fields {
		known[f] = true
		if _, ok := numberLimits[f.owner][f.key]; !ok {
			t.Errorf("%s.%s (%s) has no limit in numberLimits", f.owner.Name(), f.key, f.key)
		}
	}
	for owner, keys := range numberLimits {
		for key, lim := range keys {
			if !known[numberField{owner, key}] {
				t.Errorf("numberLimits names %s.%s, which is not a number field", owner.Name(), key)
			}
			if lim.max <= 0 || lim.max > maxMagnitude || lim.warn < 0 || lim.warn >= lim.max || lim.of == "" {
				t.Errorf("limit of %s.%s is not sane: %+v", owner.Name(), key, lim)
			}
		}
	}
}

// instanceWith is the base provider file with one instance of the given
// extra lines (indented as fields of the instance).
func instanceWith(lines string) map[string]string {
	return aws("  - id: p4d.24xlarge\n    name: p4d.24xlarge\n    gpu: a100\n    regions: [us-east-1]\n    source: https://example.com/p4d\n" + lines)
}

// pricePoint is the base price file with one point of the given extra
// lines.
func pricePoint(lines string) map[string]string {
	return price("  - instance: p4d.24xlarge\n    region: us-east-1\n    model: on_demand\n    currency: USD\n    source: https://example.com/price\n" + lines + "    source_kind: provider\n")
}

func TestNumberLimits(t *testing.T) {
	tests := []struct {
		name    string
		replace map[string]string
		want    string
	}{
		{
			name:    "a NaN amount, at its value",
			replace: pricePoint("    since: 2025-06-01\n    amount: .nan\n"),
			want:    "data/prices/aws.yaml:9:13: price \"p4d.24xlarge/us-east-1/on_demand\": amount must be a finite number, got .nan\n",
		},
		{
			name:    "minus infinity, reported once",
			replace: pricePoint("    since: 2025-06-01\n    amount: -.Inf\n"),
			want:    "data/prices/aws.yaml:9:13: price \"p4d.24xlarge/us-east-1/on_demand\": amount must be a finite number, got -.Inf\n",
		},
		{
			name:    "an amount that overflows once multiplied",
			replace: pricePoint("    since: 2025-06-01\n    amount: 1e308\n    upfront: -1e308\n"),
			want: "data/prices/aws.yaml:9:13: price \"p4d.24xlarge/us-east-1/on_demand\": amount must be at most 1,000,000,000,000 (a price in any currency), got 1e308\n" +
				"data/prices/aws.yaml:10:14: price \"p4d.24xlarge/us-east-1/on_demand\": upfront must be at least -1,000,000,000,000 (a price in any currency), got -1e308\n",
		},
		{
			name:    "a figure too small to divide by",
			replace: map[string]string{"data/gpus/a100.yaml": strings.Replace(base["data/gpus/a100.yaml"], "fp32: 19.5", "fp32: 1e-300", 1)},
			want:    "data/gpus/a100.yaml:7:9: gpu \"a100\" dense: fp32 must be 0 or at least 0.000000001 in size (smaller figures overflow once divided by), got 1e-300\n",
		},
		{
			name:    "a GPU count beyond any instance type",
			replace: instanceWith("    gpu_count: 9223372036854775807\n"),
			want:    "data/providers/aws.yaml:13:16: instance \"p4d.24xlarge\": gpu_count must be at most 1,024 (the GPUs of one instance type), got 9223372036854775807\n",
		},
		{
			name:    "a GPU count beyond 64 bits, at its value",
			replace: instanceWith("    gpu_count: 18446744073709551615\n"),
			want:    "data/providers/aws.yaml:13:16: instance \"p4d.24xlarge\": gpu_count must be a whole number of at most 1,024 (the GPUs of one instance type), got 18446744073709551615\n",
		},
		{
			name:    "an implausible GPU count warns",
			replace: instanceWith("    gpu_count: 512\n    vcpus: 100000\n"),
			want: "data/providers/aws.yaml:13:16: warning: instance \"p4d.24xlarge\": gpu_count 512 is more than 72 (the GPUs of one instance type): check the figure and its unit\n" +
				"data/providers/aws.yaml:14:12: warning: instance \"p4d.24xlarge\": vcpus 100000 is more than 4,096 (vCPUs in one instance type): check the figure and its unit\n",
		},
		{
			name:    "percentages",
			replace: map[string]string{"data/scenarios/s.yaml": "id: s\ntitle: S\nworkload:\n  gpu_hours_per_month: 100\n  months: 12\n  gpus_per_job: 1\n  job_hours: 1\n  checkpoint_overhead_pct: 150\nstrategies:\n  - id: od\n    mix: [{model: on_demand, percent: 100.5}]\n"},
			want: "data/scenarios/s.yaml:8:28: scenario \"s\" workload: checkpoint_overhead_pct must be at most 100 (a percentage), got 150\n" +
				"data/scenarios/s.yaml:11:10: scenario \"s\" strategy \"od\": the shares add up to 100.5%: want 100%\n" +
				"data/scenarios/s.yaml:11:39: scenario \"s\" strategy \"od\" mix: percent must be at most 100 (a percentage), got 100.5\n",
		},
		{
			name:    "an unknown uncounted cost",
			replace: map[string]string{"data/scenarios/s.yaml": "id: s\ntitle: S\nuncounted: [subsidies, subsidy]\nworkload:\n  gpu_hours_per_month: 100\n  months: 12\n  gpus_per_job: 1\n  job_hours: 1\nstrategies:\n  - id: od\n    mix: [{model: on_demand, percent: 100}]\n"},
			want:    "data/scenarios/s.yaml:3:24: scenario \"s\": uncounted \"subsidy\" is not known (did you mean \"subsidies\"?): want one of subsidies, facilities\n",
		},
		{
			name:    "a benchmark run on ten thousand GPUs is fine, on a million it warns",
			replace: map[string]string{"data/benchmarks/b.yaml": "id: b\nname: B\nsuite: trial\nmetric: time\nunit: minutes\nresults:\n  - {round: r1, gpu: a100, gpu_count: 10752, value: 3.4, source: s}\n  - {round: r1, gpu: a100, gpu_count: 1000000, value: 1, source: s}\n"},
			want:    "data/benchmarks/b.yaml:8:39: warning: benchmark \"b\" result 2: gpu_count 1000000 is more than 100,000 (GPUs in one system): check the figure and its unit\n",
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

func TestDateRange(t *testing.T) {
	point := func(since string) string {
		return "  - instance: p4d.24xlarge\n    region: us-east-1\n    model: on_demand\n    amount: 1\n    currency: USD\n    since: " + since + "\n    source: s\n    source_kind: provider\n"
	}
	_, r := load(t, price(point("0000")+point("1989-12-31")+point("1990")+point("2100-12-31")+point("9999-12-31")+point("2101")))
	want := `data/prices/aws.yaml:8:12: price "p4d.24xlarge/us-east-1/on_demand": since: date "0000" is out of range: want a date from 1990 to 2100, or unknown (with the reason in as_of)
data/prices/aws.yaml:16:12: price "p4d.24xlarge/us-east-1/on_demand": since: date "1989-12-31" is out of range: want a date from 1990 to 2100, or unknown (with the reason in as_of)
data/prices/aws.yaml:40:12: price "p4d.24xlarge/us-east-1/on_demand": since: date "9999-12-31" is out of range: want a date from 1990 to 2100, or unknown (with the reason in as_of)
data/prices/aws.yaml:48:12: price "p4d.24xlarge/us-east-1/on_demand": since: date "2101" is out of range: want a date from 1990 to 2100, or unknown (with the reason in as_of)
`
	if got := r.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// Every date field, whatever its record: a GPU's release, a rate's date.
	replace := map[string]string{
		"data/gpus/a100.yaml": base["data/gpus/a100.yaml"] + "released: 1900\n",
		"data/fx.yaml":        strings.Replace(base["data/fx.yaml"], "2025-01-02", "2200-01-02", 1),
	}
	_, r = load(t, replace)
	want = `data/fx.yaml:5:11: rate USD/CNY 2200-01-02: date: date "2200-01-02" is out of range: want a date from 1990 to 2100, or unknown (with the reason in as_of)
data/gpus/a100.yaml:17:11: gpu "a100": released: date "1900" is out of range: want a date from 1990 to 2100, or unknown (with the reason in as_of)
`
	if got := r.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestTextLengths(t *testing.T) {
	long := func(n int) string { return strings.Repeat("é", n) }
	provider := func(name, notes string) map[string]string {
		return map[string]string{"data/providers/aws.yaml": strings.Replace(base["data/providers/aws.yaml"], "name: AWS\n", "name: "+name+"\nnotes: "+notes+"\n", 1)}
	}
	// At the limits: fine.
	if _, r := load(t, provider(long(200), long(10000))); len(r) != 0 {
		t.Errorf("a name of 200 characters and notes of 10,000: want no diagnostics, got:\n%s", r)
	}
	_, r := load(t, provider(long(201), long(10001)))
	want := `data/providers/aws.yaml:2:7: provider "aws": name is 201 characters long: want at most 200
data/providers/aws.yaml:3:8: provider "aws": notes is 10,001 characters long: want at most 10,000
`
	if got := r.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}

	// A name of five million characters is reported once, and no message
	// repeats it: the name is cut to its limit.
	_, r = load(t, provider(strings.Repeat("x", 5<<20), "n"))
	want = "data/providers/aws.yaml:2:7: provider \"aws\": name is 5,242,880 characters long: want at most 200\n"
	if got := r.String(); got != want {
		t.Errorf("got:\n%.2000s\nwant:\n%s", got, want)
	}

	// An over-long id: its messages name the record by the id cut short.
	id := strings.Repeat("a", 5000)
	_, r = load(t, instanceWith("    gpu_count: 8\n    family: "+strings.Repeat("f", 300)+"\n"))
	if got := r.String(); !strings.Contains(got, `data/providers/aws.yaml:14:13: instance "p4d.24xlarge": family is 300 characters long: want at most 200`) {
		t.Errorf("a long family is not refused at its value:\n%s", got)
	}
	_, r = load(t, map[string]string{"data/gpus/a100.yaml": "id: " + id + "\nname: A100\nvendor: NVIDIA\n"})
	for _, d := range r {
		if len(d.Message) > 500 {
			t.Errorf("a message repeats the long id: %.300s…", d.Message)
		}
	}
	if got := r.String(); !strings.HasPrefix(got, "data/gpus/a100.yaml:1:5: gpu \""+id[:100]+"…\": id is 5,000 characters long: want at most 100\n") {
		t.Errorf("got:\n%.1000s", got)
	}
}

// TestLongUnknownKey checks that an unknown key of a million characters
// is named cut short: a message never repeats more than a few hundred
// characters of the catalog.
func TestLongUnknownKey(t *testing.T) {
	key := strings.Repeat("k", 1<<20)
	_, r := load(t, map[string]string{"data/site.yaml": "title: T\ncurrency: USD\n? " + key + "\n: 1\n? " + key + "\n: 2\n"})
	if got := r.String(); !strings.Contains(got, "data/site.yaml:3:3: unknown field") || !strings.Contains(got, "data/site.yaml:5:3: duplicate key") {
		t.Errorf("want the unknown and the duplicate key reported, got:\n%.2000s", got)
	}
	for _, d := range r {
		if len(d.Message) > 500 {
			t.Errorf("%s: the message repeats the key: %.300s…", d.Pos, d.Message)
		}
	}
}
