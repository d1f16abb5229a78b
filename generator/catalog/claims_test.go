package catalog

import (
	"math"
	"slices"
	"testing"
	"time"
)

func f(v float64) *float64 { return &v }

// The GPUs of the seed guides' claims, with the figures of their spec sheets.
var (
	a100 = &GPU{ID: "a100", Model: "A100", Dense: Throughput{FP32: f(19.5), TF32: f(156), FP16BF16: f(312), INT8: f(624)},
		Sparse: Throughput{TF32: f(312), FP16BF16: f(624), INT8: f(1248)}, Interconnect: Interconnect{Name: "NVLink 3.0", Kind: "nvlink", Generation: f(3)}}
	a100pcie = &GPU{ID: "a100-pcie", Name: "A100 PCIe 40GB", Model: "A100", PCIeGen: f(4)}
	v100     = &GPU{ID: "v100", Model: "V100", Dense: Throughput{FP32: f(15.7), FP16BF16: f(125)}, Interconnect: Interconnect{Name: "NVLink 2.0", Kind: "nvlink", Generation: f(2)}}
	v100pcie = &GPU{ID: "v100-pcie", Name: "V100 PCIe 16GB", Model: "V100", Dense: Throughput{FP32: f(14.1), FP16BF16: f(112)}, PCIeGen: f(3)}
	t4       = &GPU{ID: "t4", Model: "T4", Dense: Throughput{FP32: f(8.1), FP16BF16: f(65), INT8: f(130)}, PCIeGen: f(3)}
	a30      = &GPU{ID: "a30", Model: "A30", Dense: Throughput{FP32: f(10.32)}}
)

func TestTFLOPSVerdict(t *testing.T) {
	tests := []struct {
		name  string
		gpu   *GPU
		count int
		claim Claims
		want  string
	}{
		{"AWS P4", a100, 8, Claims{TFLOPS: f(624), Precision: "fp32"},
			`"FP32 624 TFLOPS" disagrees: 624 TFLOPS matches 1× A100 FP16/BF16 sparse (624), also 1× A100 INT8 dense (624 TOPS); 8× A100 FP32 is 156`},
		{"Tencent GN10", v100, 8, Claims{TFLOPS: f(496), Precision: "fp32"},
			`"FP32 496 TFLOPS" disagrees: 496 TFLOPS matches 4× V100 FP16/BF16 dense (500); 8× V100 FP32 is 125.6`},
		{"Alibaba GN6i", t4, 4, Claims{TFLOPS: f(130), Precision: "fp32"},
			`"FP32 130 TFLOPS" disagrees: 130 TFLOPS matches 1× T4 INT8 dense (130 TOPS), also 2× T4 FP16/BF16 dense (130); 4× T4 FP32 is 32.4`},
		{"Inspur NF5468M6", a30, 8, Claims{TFLOPS: f(312), Precision: "fp32"},
			`"FP32 312 TFLOPS" disagrees: no match for 312 TFLOPS in 1–8× A30 at any known precision; 8× A30 FP32 is 82.6`},
		{"within 5%", a100, 8, Claims{TFLOPS: f(150), Precision: "fp32"}, ""},
		{"just over 5%", a100, 8, Claims{TFLOPS: f(164), Precision: "fp32"},
			`"FP32 164 TFLOPS" disagrees: no match for 164 TFLOPS in 1–8× A100 at any known precision; 8× A100 FP32 is 156`},
		{"alias and right", a100, 8, Claims{TFLOPS: f(2496), Precision: "fp16"}, ""},
		{"unknown precision figure", a30, 8, Claims{TFLOPS: f(1320), Precision: "fp16"},
			`"FP16/BF16 1320 TFLOPS" disagrees: no match for 1320 TFLOPS in 1–8× A30 at any known precision; A30 FP16/BF16 is unknown in the catalog, so the claim cannot be confirmed`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ClaimWords(tflopsVerdict(&tt.claim, tt.gpu, tt.count)); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestTFLOPSVerdictEndsOnAnyCount checks the claims check on a GPU count
// no instance type has: the search over counts still ends.
func TestTFLOPSVerdictEndsOnAnyCount(t *testing.T) {
	done := make(chan string, 1)
	go func() {
		done <- ClaimWords(tflopsVerdict(&Claims{TFLOPS: f(1e6), Precision: "fp32"}, a100, math.MaxInt))
	}()
	select {
	case got := <-done:
		if got == "" {
			t.Error("a claim of 1,000,000 TFLOPS agrees with the A100")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("tflopsVerdict did not return within 30 s on a count of math.MaxInt")
	}
}

func TestInterconnectAndPCIeVerdicts(t *testing.T) {
	all := []*GPU{a100, a100pcie, v100, v100pcie, t4, a30}
	tests := []struct {
		got, want string
	}{
		{ClaimWords(interconnectVerdict("NVLink 2.0", a100)), `"NVLink 2.0", but A100 has NVLink 3.0`},
		{ClaimWords(interconnectVerdict("NVLink 3.0", a100)), ""},
		{ClaimWords(interconnectVerdict("NVLink", t4)), ""}, // T4's link is unknown here: nothing to say
		{ClaimWords(interconnectVerdict("NVLink", &GPU{Model: "L4", Interconnect: Interconnect{Name: "PCIe Gen4", Kind: "pcie"}})), `"NVLink", but L4 has no NVLink (PCIe Gen4)`},
		{ClaimWords(pcieVerdict("4.0", v100, all)), `PCIe "4.0", but V100 is PCIe Gen3 (as V100 PCIe 16GB states)`},
		{ClaimWords(pcieVerdict("Gen4", a100, all)), ""},
		{ClaimWords(pcieVerdict("PCIe 4.0", t4, all)), `PCIe "PCIe 4.0", but T4 is PCIe Gen3`},
		{ClaimWords(pcieVerdict("Gen4", a30, all)), ""}, // unknown generation: not checked
	}
	for i, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%d: got %q, want %q", i, tt.got, tt.want)
		}
	}
}

func TestClaimsWarnWithPosition(t *testing.T) {
	cat, r := load(t, aws(`  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a100
    gpu_count: 8
    regions: [us-east-1]
    source: https://example.com/p4d
    claims:
      text: FP32 624 TFLOPS, NVLink 2.0
      tflops: 624
      precision: fp32
      interconnect: NVLink 2.0
      source: seed.txt
`))
	want := `data/providers/aws.yaml:16:15: warning: instance "p4d.24xlarge" claims: "FP32 624 TFLOPS" disagrees: 624 TFLOPS matches 1× A100 FP16/BF16 sparse (624), also 1× A100 INT8 dense (624 TOPS); 8× A100 FP32 is 156
data/providers/aws.yaml:18:21: warning: instance "p4d.24xlarge" claims: "NVLink 2.0", but A100 has NVLink 3.0
`
	if got := r.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if len(r.Errors()) != 0 {
		t.Error("claims must warn, not fail")
	}
	// Each verdict names the claim it is on, so a page can mark that figure.
	c := cat.Provider("aws").Instance("p4d.24xlarge").Claims
	if want := []string{"tflops", "interconnect"}; !slices.Equal(c.Disputed, want) || len(c.Disagreements) != len(want) {
		t.Errorf("disputed %q with %d verdicts, want %q with as many", c.Disputed, len(c.Disagreements), want)
	}
}
