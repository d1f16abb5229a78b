package catalog

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The procurement attributes of the shipped providers: the certifications
// and billing steps a source states, pinned with the source they come
// from, and the rules that keep a certification honest.

func TestShippedProviderCertifications(t *testing.T) {
	cat := shipped(t)
	for _, c := range []struct {
		provider string
		want     []string
		source   string // a piece of the source the list cites
		absent   []string
	}{
		{"lambda", []string{"SOC 2", "ISO 27001"}, "api-evangelist/lambda-labs@d37649f", []string{"ISO 27017"}},
		{"runpod", []string{"SOC 2"}, "api-evangelist/runpod@47651ce", []string{"HIPAA", "GDPR"}},
		{"coreweave", []string{"SOC 2", "ISO 27001"}, "api-evangelist/coreweave@63da361", []string{"FedRAMP", "HIPAA", "PCI DSS"}},
		{"paperspace", []string{"SOC 2", "ISO 27001"}, "api-evangelist/paperspace@5144989", []string{"PCI DSS"}},
		{"vast-ai", []string{"SOC 2"}, "api-evangelist/vast-ai@0a03e2a", []string{"ISO 27001", "HIPAA", "PCI DSS"}},
		{"crusoe", []string{"SOC 2 Type II", "ISO 27001", "ISO 42001"}, "api-evangelist/crusoe@287c38a", nil},
		{"oci", []string{"SOC 2", "ISO 27001", "HIPAA", "FedRAMP", "BSI C5"}, "api-evangelist/oracle-cloud@4a11989", nil},
		{"alibaba-cloud", []string{"SOC 2", "SOC 3"}, "2016-11-01 to 2017-10-31", []string{"MLPS level 3"}},
		// Nebius's trust center lists its certifications as in progress.
		{"nebius", nil, "", []string{"SOC 2", "ISO 27001", "HIPAA"}},
	} {
		p := cat.Provider(c.provider)
		if p == nil {
			t.Errorf("no provider %q", c.provider)
			continue
		}
		for _, w := range c.want {
			if !slices.Contains(p.Certifications.List, w) {
				t.Errorf("%s: certifications %v lack %q", c.provider, p.Certifications.List, w)
			}
		}
		for _, a := range c.absent {
			if slices.Contains(p.Certifications.List, a) {
				t.Errorf("%s: certifications list %q, which the source read does not show as held", c.provider, a)
			}
		}
		if !strings.Contains(p.Certifications.Source, c.source) {
			t.Errorf("%s: certifications source %q does not cite %q", c.provider, p.Certifications.Source, c.source)
		}
	}
}

// TestShippedCertificationsAreSourcedAndDated checks every listed
// certification: its list cites a source that carries a date, and MLPS
// is listed as level 3 only where the source states the level.
func TestShippedCertificationsAreSourcedAndDated(t *testing.T) {
	cat := shipped(t)
	date := regexp.MustCompile(`\b(19|20)\d\d\b`)
	for _, p := range cat.Providers {
		list := p.Certifications.List
		if len(list) == 0 {
			continue
		}
		if !date.MatchString(p.Certifications.Source) {
			t.Errorf("%s: certifications %v cite %q, which names no date", p.ID, list, p.Certifications.Source)
		}
		for _, c := range list {
			if strings.Contains(strings.ToLower(c), "mlps") && strings.Contains(c, "3") && !strings.Contains(p.Certifications.Source, "level 3") && !strings.Contains(p.Certifications.Source, "三级") {
				t.Errorf("%s: %q is listed but the source %q states no level 3", p.ID, c, p.Certifications.Source)
			}
		}
	}
}

func TestShippedBillingSteps(t *testing.T) {
	cat := shipped(t)
	for _, c := range []struct {
		provider, granularity, source string
	}{
		{"azure", "minute", "knowledge-center/if-my-virtual-machine-ran-for-6-minutes-and-45"},
		{"lambda", "minute", "billing.md"},
		{"aws", "second", "per-second-billing"},
	} {
		p := cat.Provider(c.provider)
		if p == nil {
			t.Errorf("no provider %q", c.provider)
			continue
		}
		if p.Billing.Granularity != c.granularity || !strings.Contains(p.Billing.Source, c.source) {
			t.Errorf("%s billing: %q from %q, want %q from a source citing %q", c.provider, p.Billing.Granularity, p.Billing.Source, c.granularity, c.source)
		}
	}
	// The 5-minute minimum a forum thread reports is not Microsoft's word.
	if m := cat.Provider("azure").Billing.MinimumSeconds; m != nil {
		t.Errorf("azure billing minimum_seconds %v: no Microsoft page read states a minimum", *m)
	}
}

func TestShippedProviderFeatures(t *testing.T) {
	cat := shipped(t)
	for _, c := range []struct{ provider, source string }{
		{"aws", "aws-deep-learning-amis@0a0eb05"},
		{"lambda", "docsy-lambda-docs@db24a45"},
		{"runpod", "runpod/docs@5328dc9"},
	} {
		p := cat.Provider(c.provider)
		if p == nil {
			t.Errorf("no provider %q", c.provider)
			continue
		}
		if f := p.Features; f.DLImages == nil || !*f.DLImages || !strings.Contains(f.Source, c.source) {
			t.Errorf("%s: dl_images %v from %q, want true from a source citing %q", c.provider, f.DLImages, f.Source, c.source)
		}
	}
}

func TestShippedBillingAndSpotOfOCIAndNebius(t *testing.T) {
	cat := shipped(t)
	oci := cat.Provider("oci")
	if oci == nil {
		t.Fatal("no provider oci")
	}
	// VMs have a one-minute minimum and bare metal a one-hour one: the
	// provider holds both kinds of GPU shape, so it sets no single minimum.
	if oci.Billing.Granularity != "second" || oci.Billing.MinimumSeconds != nil || !strings.Contains(oci.Billing.Note, "one-hour minimum") {
		t.Errorf("oci billing: %q, minimum %v, note %q", oci.Billing.Granularity, oci.Billing.MinimumSeconds, oci.Billing.Note)
	}
	if s := oci.Spot; s.Available == nil || !*s.Available || s.NoticeSeconds != nil || !strings.Contains(s.Note, "50% off") {
		t.Errorf("oci spot: %+v, want available, no stated notice, 50%% off", s)
	}
	nebius := cat.Provider("nebius")
	if nebius == nil {
		t.Fatal("no provider nebius")
	}
	if nebius.Billing.Granularity != "second" || !strings.Contains(nebius.Billing.Source, "docs.nebius.com") {
		t.Errorf("nebius billing: %q from %q", nebius.Billing.Granularity, nebius.Billing.Source)
	}
}

func TestShippedTencentCVMSLA(t *testing.T) {
	p := shipped(t).Provider("tencent-cloud")
	if p == nil {
		t.Fatal("no provider tencent-cloud")
	}
	if v := p.SLA.Percent; v == nil || *v != 99.975 || !strings.Contains(p.SLA.Note, "99.995%") || !strings.Contains(p.SLA.Source, "qcloud-documents@0432c64") {
		t.Errorf("tencent-cloud SLA: %v, note %q, source %q; want 99.975 single instance, 99.995%% multi-zone, from the CVM SLA", v, p.SLA.Note, p.SLA.Source)
	}
}

func TestShippedEgressAndStorageRates(t *testing.T) {
	cat := shipped(t)
	for _, c := range []struct {
		provider, which string
		price           float64
		currency        string
		source          string
	}{
		{"azure", "egress", 0.087, "USD", "ResearchComputing/Documentation@ba23190"},
		{"google-cloud", "storage", 0.17, "USD", "disks-image-pricing"},
	} {
		p := cat.Provider(c.provider)
		if p == nil {
			t.Errorf("no provider %q", c.provider)
			continue
		}
		r := p.Egress
		if c.which == "storage" {
			r = p.Storage
		}
		if r.Price == nil || *r.Price != c.price || r.Currency != c.currency || !strings.Contains(r.Source, c.source) {
			t.Errorf("%s %s: %v %s from %q, want %v %s from a source citing %q", c.provider, c.which, r.Price, r.Currency, r.Source, c.price, c.currency, c.source)
		}
	}
}

func TestShippedKubernetesDevicePlugin(t *testing.T) {
	cat := shipped(t)
	for _, c := range []struct{ provider, source string }{
		{"google-cloud", "container-engine-accelerators@3f52497"},
		{"azure", "azure-aks-docs@002d7f4"},
		{"aws", "amazon-eks-user-guide@091236c"},
	} {
		p := cat.Provider(c.provider)
		if p == nil {
			t.Errorf("no provider %q", c.provider)
			continue
		}
		if f := p.Features; f.K8sDevicePlugin == nil || !*f.K8sDevicePlugin || !strings.Contains(f.Source, c.source) {
			t.Errorf("%s: k8s_device_plugin %v from %q, want true from a source citing %q", c.provider, f.K8sDevicePlugin, f.Source, c.source)
		}
	}
}
