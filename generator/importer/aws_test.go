package importer

import (
	"os"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
)

// sqlWeb is the product of the fixture's rows.
var sqlWeb = AWSProduct{OperatingSystem: "Windows", Tenancy: "Dedicated", PreInstalled: "SQL Web"}

func readAWSFixture(t *testing.T, p AWSProduct) *List {
	t.Helper()
	f, err := os.Open("testdata/aws-pricelist/ec2-sample.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var l List
	if err := ReadAWSPriceList(f, "ec2-sample.csv", p, &l); err != nil {
		t.Fatal(err)
	}
	return &l
}

func TestReadAWSPriceList(t *testing.T) {
	l := readAWSFixture(t, sqlWeb)
	type got struct {
		model, payment string
		amount         float64
		upfront        float64
		effective      catalog.Date
		line           int
	}
	want := []got{
		{"reserved_3y", "partial_upfront", 0.10463, 2750, "2025-09-12", 7},
		{"reserved_1y", "no_upfront", 0.23722, 0, "2025-09-12", 9},
		{"reserved_1y", "all_upfront", 0, 2033, "2025-09-12", 10},
		{"reserved_3y", "no_upfront", 0.21324, 0, "2025-09-12", 13},
		{"reserved_1y", "partial_upfront", 0.11676, 1023, "2025-09-12", 16},
		{"on_demand", "", 0.2773, 0, "2025-09-01", 18},
	}
	if len(l.Offers) != len(want) {
		t.Fatalf("%d offers, want %d: %+v", len(l.Offers), len(want), l.Offers)
	}
	for i, o := range l.Offers {
		g := got{o.Model, o.Payment, o.Amount, 0, o.Effective, o.Pos.Line}
		if o.Upfront != nil {
			g.upfront = *o.Upfront
		}
		if g != want[i] || o.Instance != "c6i.large" || o.Region != "ap-northeast-1" || o.Currency != "USD" {
			t.Errorf("offer %d: %+v, want %+v", i, o, want[i])
		}
		// What the rows state of the type: 2 vCPUs, "4 GiB", no GPU.
		if sp := o.Spec; sp.GPUName != "c6i" || sp.GPUCount != 0 || !sp.NoGPU || sp.VCPUs == nil || *sp.VCPUs != 2 || sp.RAMGiB == nil || *sp.RAMGiB != 4 {
			t.Errorf("offer %d: spec %+v, want family c6i, 2 vCPUs, 4 GiB, no GPU", i, sp)
		}
	}
	skipped := map[string]int{
		"convertible reserved term (the catalog keeps standard reservations)": 3,
	}
	for r, n := range skipped {
		if l.Skipped[r] != n {
			t.Errorf("skipped %v, want %d for %q", l.Skipped, n, r)
		}
	}
	// The catalog's product (Linux, shared) is not in the sample.
	if l := readAWSFixture(t, DefaultAWSProduct); len(l.Offers) != 0 {
		t.Errorf("%d Linux offers read from a sample of Windows rows", len(l.Offers))
	}
}

// TestMergeAWSEffectiveDates merges the fixture into a price file that
// has the on-demand price at another amount and the 1-year no-upfront
// reservation at the same: the change is dated by the list's
// EffectiveDate, the rest is unchanged or new.
func TestMergeAWSEffectiveDates(t *testing.T) {
	l := readAWSFixture(t, sqlWeb)
	src := `provider: aws
prices:
- instance: c6i.large
  region: ap-northeast-1
  model: on_demand
  amount: 0.2999
  currency: USD
  since: '2025-01'
  source: s
  source_kind: provider
- instance: c6i.large
  region: ap-northeast-1
  model: reserved_1y
  payment: no_upfront
  amount: 0.23722
  effective_hourly: 0.23722
  currency: USD
  since: unknown
  source: s
  source_kind: provider
`
	p := &catalog.Provider{ID: "aws", Regions: []*catalog.Region{{ID: "ap-northeast-1"}},
		Instances: []*catalog.Instance{{ID: "c6i.large", Name: "c6i.large", Regions: []string{"ap-northeast-1"}}}}
	o := Options{Provider: p, AsOf: "2025-09-13", Source: "ec2-sample.csv", SourceKind: "provider", Models: Models("aws-pricelist")}
	out, sum, err := Merge([]byte(src), "data/prices/aws.yaml", l, o)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Unchanged != 1 || len(sum.Added) != 5 || len(sum.Missing) != 0 {
		t.Errorf("summary %+v, want 1 unchanged, 5 added", sum)
	}
	onDemand := `  source_kind: provider
- instance: c6i.large
  region: ap-northeast-1
  model: on_demand
  amount: 0.2773
  currency: USD
  since: '2025-09-01'
  as_of: '2025-09-13'
  source: ec2-sample.csv
  source_kind: provider
- instance: c6i.large
  region: ap-northeast-1
  model: reserved_1y
  payment: no_upfront
`
	if !strings.Contains(string(out), onDemand) {
		t.Errorf("the on-demand change is not after its point, dated 2025-09-01:\n%s", out)
	}
	partial := `- instance: c6i.large
  region: ap-northeast-1
  model: reserved_1y
  payment: partial_upfront
  upfront: 1023
  amount: 0.11676
  currency: USD
  since: '2025-09-12'
  as_of: '2025-09-13'
`
	if !strings.Contains(string(out), partial) {
		t.Errorf("the new partial-upfront offer is missing:\n%s", out)
	}
	// All upfront: the fee alone, spread over the year's hours.
	all := `- instance: c6i.large
  region: ap-northeast-1
  model: reserved_1y
  payment: all_upfront
  upfront: 2033
  effective_hourly: 0.232078
  currency: USD
  since: '2025-09-12'
  as_of: '2025-09-13'
  source: ec2-sample.csv
  source_kind: provider
  note: AWS states the term's price upfront, 2033 USD, with no hourly price; effective_hourly spreads it over 8760 hours.
  i18n: {zh-CN: {note: "亚马逊云科技只给出该期限的预付价2033美元，没有小时价；折合每小时价格按8760小时分摊。"}}
`
	if !strings.Contains(string(out), all) {
		t.Errorf("the new all-upfront offer is missing:\n%s", out)
	}
	if !strings.HasPrefix(string(out), "provider: aws\nchecked: '2025-09-13'\nprices:\n- instance: c6i.large\n  region: ap-northeast-1\n  model: on_demand\n  amount: 0.2999\n") {
		t.Errorf("the old points changed:\n%s", out)
	}
	// Again: nothing more.
	out2, sum2, err := Merge(out, "data/prices/aws.yaml", l, o)
	if err != nil || string(out2) != string(out) || len(sum2.Added) != 0 || sum2.Unchanged != 6 {
		t.Errorf("second merge: err %v, %d added, %d unchanged, same bytes %v", err, len(sum2.Added), sum2.Unchanged, string(out2) == string(out))
	}
}

func TestReadAWSPriceListErrors(t *testing.T) {
	b, err := os.ReadFile("testdata/aws-pricelist/ec2-sample.csv")
	if err != nil {
		t.Fatal(err)
	}
	sample := string(b)
	tests := []struct{ in, want string }{
		{"", "ec2-sample.csv:1:1: no header row: want an AWS Price List offer file in CSV (a header with SKU, OfferTermCode, TermType, EffectiveDate, …)"},
		{"InstanceType,AcceleratorName,Price,Region\n", "ec2-sample.csv:1:1: a SkyPilot vms.csv, not an AWS Price List offer file: read it with -format skypilot"},
		{strings.Replace(sample, `"Region Code"`, `"Region"`, 1), `ec2-sample.csv:6:1: no column "Region Code": want an AWS Price List offer file for EC2 in CSV`},
		{strings.Replace(sample, `"0.2773000000"`, `"-0.2773000000"`, 1), "ec2-sample.csv:18:183: PricePerUnit -0.2773000000 is negative: want a price, 0 or more"},
		{strings.Replace(sample, `"Hrs","0.0000000000"`, `"Hrs","0.0100000000"`, 1), "ec2-sample.csv:10:206: c6i.large reserved_1y all upfront has an hourly price of 0.01: want 0, the whole term paid upfront"},
		{strings.Replace(sample, `"2025-09-01"`, `"2025-09-31"`, 1), `ec2-sample.csv:18:154: EffectiveDate "2025-09-31": not a date: want YYYY-MM-DD`},
		{strings.Replace(sample, `"0.2773000000","USD"`, `"0.2773000000","EUR"`, 1), `ec2-sample.csv:18:198: Currency "EUR": want USD or CNY, the currencies of the AWS offer files`},
	}
	for _, tt := range tests {
		var l List
		err := ReadAWSPriceList(strings.NewReader(tt.in), "ec2-sample.csv", sqlWeb, &l)
		if err == nil || err.Error() != tt.want {
			t.Errorf("got  %v\nwant %s", err, tt.want)
		}
	}
}

func FuzzReadAWSPriceList(f *testing.F) {
	if b, err := os.ReadFile("testdata/aws-pricelist/ec2-sample.csv"); err == nil {
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, in string) {
		var l List
		if err := ReadAWSPriceList(strings.NewReader(in), "x.csv", sqlWeb, &l); err != nil {
			if !strings.HasPrefix(err.Error(), "x.csv:") {
				t.Errorf("error without position: %v", err)
			}
			return
		}
		for _, o := range l.Offers {
			priced := o.Amount > 0
			if o.Payment == "all_upfront" {
				priced = o.Amount == 0 && o.Upfront != nil && *o.Upfront > 0 && o.EffectiveHourly != nil
			}
			if !priced || !o.Effective.Known() {
				t.Errorf("offer %+v", o)
			}
		}
	})
}
