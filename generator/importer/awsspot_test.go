package importer

import (
	"strings"
	"testing"
)

// TestReadAWSSpot reads the feed as a public repository's tests keep it:
// the Linux prices, old region names as their codes, "N/A*" skipped.
func TestReadAWSSpot(t *testing.T) {
	l := readFixture(t, "aws-spot/spot.js", "spot.js", ReadAWSSpot)
	var got []string
	for _, o := range l.Offers {
		got = append(got, o.Instance+" "+o.Region+" "+o.Model+" "+amountText(o.Amount)+" "+o.Currency+" "+o.Pos.String())
		if o.Effective != "" || !o.Spec.NoGPU {
			t.Errorf("offer %+v: want no date, no GPU", o)
		}
	}
	want := []string{
		"m3.medium us-east-1 spot 0.0128 USD spot.js:26:25",
		"c1.medium eu-west-1 spot 0.0284 USD spot.js:50:25",
		"x1.16xlarge eu-west-1 spot 1.4553 USD spot.js:72:25",
		"r4.large eu-west-1 spot 0.0173 USD spot.js:89:25",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("offers:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestMergeAWSSpot merges spot prices into a copy of the catalog's AWS
// prices (golden diff). The recorded feed has no GPU type; the page here
// is written in the feed's form with the catalog's GPU types, its prices
// made up: p3.2xlarge's differs from the catalog's (a new undated point,
// first seen on the day read), p3.8xlarge's is the catalog's own (confirmed
// by AWS's feed, which an aggregator gave).
func TestMergeAWSSpot(t *testing.T) {
	page := `callback({"vers":0.01,"config":{"rate":"perhr","valueColumns":["linux","mswin"],"currencies":["USD"],"regions":[
{"region":"us-east","instanceTypes":[{"type":"gpuCurrentGen","sizes":[
 {"size":"p3.2xlarge","valueColumns":[{"name":"linux","prices":{"USD":"0.4999"}},{"name":"mswin","prices":{"USD":"1.2"}}]},
 {"size":"p3.8xlarge","valueColumns":[{"name":"linux","prices":{"USD":"1.7535"}}]}]}]}]}});`
	var l List
	if err := ReadAWSSpot(strings.NewReader(page), "spot.js", &l); err != nil {
		t.Fatal(err)
	}
	before, after, sum := mergeShipped(t, "aws", &l, "2026-12-01", "https://website.spot.ec2.aws.a2z.com/spot.js (read 2026-12-01)")
	if len(sum.Added) != 2 || sum.Added[0].FirstSeen != "2026-12-01" {
		t.Errorf("added %+v", sum.Added)
	}
	goldenDiff(t, "aws-spot/merge.diff", before, after)
}

func TestReadAWSSpotErrors(t *testing.T) {
	size := func(price string) string {
		return "callback({\"config\":{\"regions\":[{\"region\":\"us-east\",\"instanceTypes\":[{\"sizes\":[\n  {\"size\":\"p3.2xlarge\",\"valueColumns\":[{\"name\":\"linux\",\"prices\":{\"USD\":" + price + "}}]}]}]}]}});"
	}
	tests := []struct{ src, want string }{
		{`{"config": {}}`, `p.js:1:1: no callback(…) around the JSON`},
		{`callback({"vers": 1});`, `p.js:1:10: no config`},
		{size(`"-0.5"`), `p.js:2:4: p3.2xlarge in us-east-1: linux price -0.5 is negative`},
		{size(`"cheap"`), `p.js:2:4: p3.2xlarge in us-east-1: linux price "cheap" is not a number`},
		{size(`0.5`), `p.js:2:72: config.regions.instanceTypes.sizes.valueColumns.prices is a JSON number: want a string`},
		{"callback({\"config\":{\"regions\":[\n  {\"region\":,}]}});", `p.js:2:13: invalid character ','`},
	}
	for _, tt := range tests {
		var l List
		err := ReadAWSSpot(strings.NewReader(tt.src), "p.js", &l)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s:\ngot  %v\nwant %s…", tt.src, err, tt.want)
		}
	}
}
