package render

import (
	"testing"

	"gpucompare/generator/catalog"
)

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
	en := Messages{"cert_name.mlps_level_3": "等保三级 (MLPS level 3)", "cert_name.mlps_level_1": "等保一级 (MLPS level 1)", "cert_name.mlps_unstated": "MLPS filed"}
	for in, want := range map[string]string{
		"等保三级":                "等保三级 (MLPS level 3)",
		"等保一级":                "等保一级 (MLPS level 1)",
		"等保二级":                "等保二级",
		"Level 3":             "Level 3",
		catalog.MLPSFiledName: "MLPS filed",
	} {
		if got := CertName(en, in); got != want {
			t.Errorf("CertName(%q) = %q, want %q", in, got, want)
		}
	}
}
