package main

import (
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestShippedCatalogCheck runs check on the shipped catalog and compares
// what it prints with a reviewed golden file: the counts, and every warning,
// among them the claims check's verdicts on the seed guides' figures.
func TestShippedCatalogCheck(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"check", "-root", "../../.."}, &stdout, &stderr); code != 0 {
		t.Fatalf("check of the shipped catalog: exit %d\n%s", code, stderr.String())
	}
	got := stdout.String() + stderr.String()
	const golden = "testdata/shipped-check.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("check output differs from %s (go test -update, then review the diff):\ngot:\n%s", golden, got)
	}
	// Every note of the shipped catalog has its Chinese text: a note
	// added in English only shows marked as English on the Chinese pages,
	// and check counts it.
	if strings.Contains(got, "catalog notes have no zh-CN text") {
		t.Errorf("the shipped catalog has notes without Chinese text: write each in its record's i18n.zh-CN")
	}
	// The seed guides' claims, each with its verdict.
	for _, verdict := range []string{
		`instance "p4d.24xlarge" claims: "FP32 624 TFLOPS" disagrees: 624 TFLOPS matches 1× A100 FP16/BF16 sparse (624)`,
		`instance "p4d.24xlarge" claims: "NVLink 2.0", but A100 has NVLink 3.0`,
		`instance "gn10" claims: "FP32 496 TFLOPS" disagrees: 496 TFLOPS matches 4× V100 FP16/BF16 dense (500); 8× V100 FP32 is 125.6`,
		`instance "gn10" claims: PCIe "4.0", but V100 is PCIe Gen3`,
		`instance "gn6i" claims: "FP32 130 TFLOPS" disagrees: 130 TFLOPS matches 1× T4 INT8 dense (130 TOPS)`,
		`instance "nf5468m6" claims: "FP32 312 TFLOPS" disagrees: no match for 312 TFLOPS in 1–8× A30 at any known precision; 8× A30 FP32 is 82.4`,
	} {
		if !strings.Contains(got, verdict) {
			t.Errorf("check does not print %q", verdict)
		}
	}
}
