package importer

import (
	"io"
	"os"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/guide"
	"gpucompare/generator/pricing"
)

// gpuReservedCSV is the AWS sample's rows (testdata/aws-pricelist) with
// their product, c6i.large Windows with SQL Server Web on dedicated hosts
// in Tokyo, rewritten to a GPU instance type of the catalog, p4d.24xlarge
// Linux on shared hosts in us-east-1. Its prices are the sample's, so
// made up for p4d.24xlarge: no public copy of the offer file's GPU rows
// was found (testdata/README.md).
func gpuReservedCSV(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/aws-pricelist/ec2-sample.csv")
	if err != nil {
		t.Fatal(err)
	}
	r := strings.NewReplacer(`"c6i.large"`, `"p4d.24xlarge"`, `"Windows"`, `"Linux"`, `"Dedicated"`, `"Shared"`,
		`"SQL Web"`, `"NA"`, `"ap-northeast-1"`, `"us-east-1"`)
	return r.Replace(string(b))
}

// reservedPicks are the offers the guide's reserved outcomes list for
// the catalog with the provider's price file replaced by data, as
// "provider instance region kind payment" for each pricing model.
func reservedPicks(t *testing.T, provider string, data []byte) map[string][]string {
	t.Helper()
	rel := "data/prices/" + provider + ".yaml"
	cat, report := catalog.Load(overlay{os.DirFS("../.."), rel, data})
	if errs := report.Errors(); len(errs) > 0 {
		t.Fatalf("with the merged %s the catalog does not load:\n%s", rel, errs)
	}
	offers := pricing.Offers(cat, cat.Site.Currency)
	picks := map[string][]string{}
	seen := 0
	for _, g := range cat.Guides {
		for _, oc := range g.Outcomes {
			if oc.Query == nil || (oc.Query.PricingModel != "reserved_1y" && oc.Query.PricingModel != "reserved_3y") {
				continue
			}
			seen++
			for _, p := range guide.Evaluate(cat, offers, oc.Query).Picks {
				if p.Offer.Provider.ID == provider {
					picks[oc.Query.PricingModel] = append(picks[oc.Query.PricingModel],
						strings.Join([]string{p.Offer.Instance.ID, p.Offer.Region, p.Price.Model, p.Price.Kind, p.Price.Point.Payment(), p.Price.Why()}, " "))
				}
			}
		}
	}
	if seen != 2 {
		t.Fatalf("%d guide outcomes compare reserved prices, want the two of 1 and 3 years", seen)
	}
	return picks
}

// TestAWSReservedPricesAnswer reads standard 1- and 3-year reservations of
// a GPU type from an AWS offer file, merges them into a copy of the
// catalog's AWS prices, and finds them on the short lists of the guide's
// "reserved 1 year" and "reserved 3 years" outcomes: provider-sourced,
// current, under the catalog's pricing models reserved_1y and
// reserved_3y, cheapest payment option first. Before the merge the
// catalog's reservations of the type (articles' figures) answer neither.
func TestAWSReservedPricesAnswer(t *testing.T) {
	var l List
	if err := ReadAWSPriceList(strings.NewReader(gpuReservedCSV(t)), "us-east-1.csv", DefaultAWSProduct, &l); err != nil {
		t.Fatal(err)
	}
	before, after, _ := mergeShipped(t, "aws", &l, "2026-12-05",
		"https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/current/us-east-1/index.csv (read 2026-12-05)")
	for model, picks := range reservedPicks(t, "aws", before) {
		for _, p := range picks {
			if strings.HasPrefix(p, "p4d.24xlarge us-east-1 ") {
				t.Errorf("before the merge, %s answers %s", p, model)
			}
		}
	}
	got := reservedPicks(t, "aws", after)
	// The sample's 1-year prices: no upfront 0.23722 an hour, partial
	// 0.11676 + 1023 (0.23354), all upfront 2033 (0.232078); 3 years:
	// no upfront 0.21324, partial 0.10463 + 2750 (0.20927).
	wantPicks(t, got, map[string]string{
		"reserved_1y": "p4d.24xlarge us-east-1 reserved_1y provider all_upfront ",
		"reserved_3y": "p4d.24xlarge us-east-1 reserved_3y provider partial_upfront ",
	})
}

// TestAzureReservedPricesAnswer merges a captured page of Azure's
// reservations (testdata/azure-retail/reservation-gpu.json, the prices of
// Standard_NC48ads_A100_v4 in eastus2, which the catalog lists without
// a price there) into a copy of the catalog's Azure prices: the 1- and
// 3-year terms, dated by effectiveStartDate and current by the day read,
// answer the guide's reserved outcomes. The H200 size's terms, in a
// region the catalog does not list it in, are skipped.
func TestAzureReservedPricesAnswer(t *testing.T) {
	l := readFixture(t, "azure-retail/reservation-gpu.json", "reservation-gpu.json", func(r io.Reader, file string, l *List) error {
		return ReadAzureRetail(r, file, l)
	})
	before, after, sum := mergeShipped(t, "azure", l, "2026-12-05", "https://prices.azure.com/api/retail/prices (read 2026-12-05)")
	if n := sum.Skipped["region not among the instance type's regions in the catalog"]; n != 2 || len(sum.NewTypes) != 0 {
		t.Errorf("skipped %v, new types %q: want the H200 size's two terms in usgovvirginia skipped", sum.Skipped, sum.NewTypes)
	}
	for _, picks := range reservedPicks(t, "azure", before) {
		if len(picks) > 0 {
			t.Errorf("before the merge Azure answers: %q", picks)
		}
	}
	got := reservedPicks(t, "azure", after)
	wantPicks(t, got, map[string]string{
		"reserved_1y": "standard_nc48ads_a100_v4 eastus2 reserved_1y provider all_upfront ",
		"reserved_3y": "standard_nc48ads_a100_v4 eastus2 reserved_3y provider all_upfront ",
	})
	if !strings.Contains(string(after), "  upfront: 42066\n  effective_hourly: 4.802055\n  currency: USD\n  since: '2022-06-01'\n") {
		t.Errorf("the 1-year term is not written as the term's price, dated by effectiveStartDate:\n%s", after)
	}
}

// wantPicks checks that each pricing model's short list holds the pick
// want names.
func wantPicks(t *testing.T, got map[string][]string, want map[string]string) {
	t.Helper()
	for model, w := range want {
		if !strings.Contains(strings.Join(got[model], "\n"), w) {
			t.Errorf("%s short list %q lacks %q", model, got[model], w)
		}
	}
}
