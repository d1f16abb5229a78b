package render

import "testing"

// TestCertName: a certification the messages name is written in the
// language's words, found by its words whatever its marks; one they do
// not name stays as the catalog writes it.
func TestCertName(t *testing.T) {
	zh := Messages{"cert_name.pci_dss_level_1": "PCI DSS 1级", "cert_name.soc_audit_reports": "SOC（审计报告）"}
	for in, want := range map[string]string{
		"PCI DSS Level 1":     "PCI DSS 1级",
		"SOC (audit reports)": "SOC（审计报告）",
		"ISO 27001":           "ISO 27001",
		"等保三级":                "等保三级",
	} {
		if got := CertName(zh, in); got != want {
			t.Errorf("CertName(%q) = %q, want %q", in, got, want)
		}
	}
}
