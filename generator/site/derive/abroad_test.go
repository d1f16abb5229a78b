package derive

import (
	"testing"

	"gpucompare/generator/catalog"
)

// TestAbroadMarksWhatTheChinaSiteDoesNotCharge: a China cloud's price is
// marked as its international site's when a mainland region's price is
// quoted in dollars, as outside mainland China when its region is
// elsewhere, and not at all when it is a mainland region's yuan price (in
// the provider's currency or stated) or any price of a provider with no
// mainland region.
func TestAbroadMarksWhatTheChinaSiteDoesNotCharge(t *testing.T) {
	china := &catalog.Provider{ID: "cn", Currency: "CNY", Regions: []*catalog.Region{
		{ID: "ap-guangzhou", Geo: "china-mainland"}, {ID: "ap-singapore", Geo: "asia-pacific"},
	}}
	mainlandOnly := &catalog.Provider{ID: "cn2", Currency: "CNY", Regions: []*catalog.Region{{ID: "cn-north-1", Geo: "china-mainland"}}}
	global := &catalog.Provider{ID: "us", Currency: "USD", Regions: []*catalog.Region{{ID: "us-east-1", Geo: "north-america"}}}
	for _, c := range []struct {
		p          *catalog.Provider
		region, cu string
		want       string
	}{
		{china, "ap-guangzhou", "USD", "intl_site"},
		{china, "ap-guangzhou", "", ""},
		{china, "ap-guangzhou", "CNY", ""},
		{china, "ap-singapore", "USD", "intl_region"},
		{china, "ap-singapore", "CNY", "intl_region"},
		{china, catalog.AllRegions, "CNY", "intl_region"},
		{mainlandOnly, catalog.AllRegions, "CNY", ""},
		{mainlandOnly, catalog.AllRegions, "USD", "intl_site"},
		{global, "us-east-1", "USD", ""},
		{global, catalog.AllRegions, "CNY", ""},
	} {
		if got := Abroad(c.p, &catalog.PricePoint{Region: c.region, Currency: c.cu}); got != c.want {
			t.Errorf("%s %s %q: %q, want %q", c.p.ID, c.region, c.cu, got, c.want)
		}
	}
	if got := Abroad(china, nil); got != "" {
		t.Errorf("no price: %q", got)
	}
}
