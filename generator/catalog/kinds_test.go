package catalog

import (
	"strings"
	"testing"
)

// TestShippedProviderKinds pins what each shipped provider is to a buyer,
// and keeps RunPod's Community Cloud, a marketplace of third-party hosts,
// apart from its Secure Cloud: every instance type of the one is Community
// Cloud's, none of the other's is.
func TestShippedProviderKinds(t *testing.T) {
	cat := shipped(t)
	want := map[string]string{
		"aws": "hyperscaler", "azure": "hyperscaler", "google-cloud": "hyperscaler", "oci": "hyperscaler",
		"alibaba-cloud": "china_cloud", "aws-china": "china_cloud", "baidu-ai-cloud": "china_cloud",
		"huawei-cloud": "china_cloud", "tencent-cloud": "china_cloud", "volcano-engine": "china_cloud",
		"open-telekom-cloud": "public_cloud",
		"coreweave":          "gpu_cloud", "crusoe": "gpu_cloud", "lambda": "gpu_cloud", "nebius": "gpu_cloud",
		"paperspace": "gpu_cloud", "runpod": "gpu_cloud",
		"runpod-community": "marketplace", "vast-ai": "marketplace",
		"inspur-lease": "on_prem_lease",
	}
	if len(cat.Providers) != len(want) {
		t.Errorf("%d providers, want %d: a new provider needs its kind pinned here", len(cat.Providers), len(want))
	}
	for _, p := range cat.Providers {
		if p.Kind != want[p.ID] {
			t.Errorf("provider %s: kind %q, want %q", p.ID, p.Kind, want[p.ID])
		}
	}
	for id, community := range map[string]bool{"runpod": false, "runpod-community": true} {
		p := cat.Provider(id)
		if p == nil || len(p.Instances) == 0 {
			t.Fatalf("provider %s: no instance types", id)
		}
		for _, in := range p.Instances {
			if strings.Contains(in.Name, "Community Cloud") != community {
				t.Errorf("provider %s holds instance type %q", id, in.Name)
			}
		}
	}
}

// TestShippedVastMediansAreEstimates: Vast.ai's prices are a third
// party's medians of a few hosts' offers (3 on the newest day), which no
// host quotes: estimates, named as what they are, not a marketplace price.
func TestShippedVastMediansAreEstimates(t *testing.T) {
	cat := shipped(t)
	in := cat.Provider("vast-ai").Instance("h100-sxm-marketplace-median")
	if in == nil || !strings.Contains(in.Name, "median of a few hosts' offers") {
		t.Fatalf("vast-ai h100-sxm-marketplace-median: %+v, want a name that says it is a median of a few offers", in)
	}
	n := 0
	for _, pp := range cat.PricesOf(in) {
		n++
		if pp.SourceKind != KindEstimate || !strings.HasPrefix(pp.Note(), "An estimate: the median of ") {
			t.Errorf("vast-ai %s: kind %s, note %q: want an estimate that says what it is the median of", priceName(pp), pp.SourceKind, pp.Note())
		}
	}
	if n != 2 {
		t.Errorf("vast-ai: %d prices, want 2", n)
	}
}
