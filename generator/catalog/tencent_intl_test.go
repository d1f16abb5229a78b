package catalog

import (
	"strings"
	"testing"
)

// TestShippedTencentIntlPrices pins the USD prices of Tencent Cloud
// International's GPU price overview, read from the provider's own
// documentation repository (tencentyun/intlcloud-documents) at its newest
// commit, 02ec31c of 2024-12-24: Guangzhou Zone 3, pay-as-you-go, compute
// only. They are dated by that commit, and kept apart from the China
// site's yuan prices, which are for other regions.
func TestShippedTencentIntlPrices(t *testing.T) {
	cat := shipped(t)
	want := map[string]float64{
		"gn7.2xlarge32": 1.26, "gn7.5xlarge80": 2.01, "gn7.8xlarge128": 2.77,
		"gn7.10xlarge160": 4.03, "gn7.20xlarge320": 8.06,
		"gn10x.2xlarge40": 2.68, "gn10x.4xlarge80": 5.43, "gn10x.9xlarge160": 10.86,
		"gn10x.18xlarge320": 21.71,
		"gn10xp.2xlarge40":  1.72, "gn10xp.5xlarge80": 3.44, "gn10xp.10xlarge160": 6.89,
		"gn10xp.20xlarge320": 13.78,
	}
	seen := map[string]bool{}
	for _, pp := range cat.Prices {
		if pp.Provider != "tencent-cloud" || !strings.Contains(pp.Source, "tencentyun/intlcloud-documents@02ec31c") {
			continue
		}
		amount, ok := want[pp.Instance]
		if !ok {
			t.Errorf("price %s/%s cites the intl price overview, which does not list it", pp.Instance, pp.Region)
			continue
		}
		seen[pp.Instance] = true
		if pp.Region != "ap-guangzhou" || pp.Model != "on_demand" || pp.Currency != "USD" || pp.Amount == nil || *pp.Amount != amount {
			t.Errorf("price %s: %s %s %s %s, want ap-guangzhou on_demand %v USD", pp.Instance, pp.Region, pp.Model, refShow(pp.Amount), pp.Currency, amount)
		}
		if strings.TrimSpace(pp.AsOf()) != "2024-12-24" || pp.Since.Known() || pp.SourceKind != KindProvider {
			t.Errorf("price %s: as_of %q, since %q, kind %s; want as_of 2024-12-24 (the commit), since unknown, kind provider", pp.Instance, pp.AsOf(), pp.Since, pp.SourceKind)
		}
	}
	for inst := range want {
		if !seen[inst] {
			t.Errorf("no price of %s from the intl price overview", inst)
		}
	}
}
