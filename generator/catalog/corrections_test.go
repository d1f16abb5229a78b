package catalog

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// refCorrection is a cell of the reference files (testdata/reference) that
// the shipped catalog corrects, with the source that says so. The
// reference test checks the catalog against the corrected cell;
// TestShippedCorrections checks that the reference still holds the
// figure corrected, so that a correction never outlives its reason.
type refCorrection struct {
	file, row, column string // row is the row's key (refKey)
	before, after     string
	source            string
}

const (
	b200Row = "B200|SXM (HGX/DGX B200)"
	// b200Datasheet is where the HGX B200 figures come from.
	b200Datasheet = `NVIDIA Blackwell datasheet, "HGX B200" column (per GPU), as quoted in zdszero.github.io Hardware.html and Lenovo Press LP2226`
	rtx3090Row    = "GeForce RTX 3090|24GB"
	ga102         = `NVIDIA GA102 whitepaper, Appendix A, RTX 3090: "Peak FP16 Tensor TFLOPS with FP32 Accumulate 71/142"`
	otcFlavour    = "Open Telekom Cloud (Huawei-built; mirrors Huawei Cloud ECS flavor names)"
	otcDocs       = "Open Telekom Cloud's own docs list the flavour; nothing read shows Huawei Cloud selling it"
	h200Row       = "H200|SXM 141GB"
	a30Row        = "A30|PCIe 24GB"
	// a30Page is where the A30's figures come from.
	a30Page   = "NVIDIA A30 product page (nvidia.com/en-us/data-center/products/a30-gpu), dense column, as copied in github.com/ArthurChiao/arthurchiao.github.io _posts/2023-10-25-gpu-data-sheets.md @9bd818ff"
	mi250xRow = "Instinct MI250X|OAM 128GB"
	// cdna2Paper is where the MI250X's figures come from.
	cdna2Paper = "AMD CDNA 2 whitepaper, page 14 (MI200 Series product offerings), as transcribed in github.com/iree-org/iree KnownTargets.cpp @009c008d and on zexron.com"
	// h200Datasheet is where the H200's sparse figures and source come from.
	a10gRow = "A10G|24GB (AWS g5 only)"
	// a10gAWS is where the A10G's one figure comes from: AWS sells it.
	a10gAWS       = "AWS's G5 launch post ('Each A10G GPU has 24 GB of memory') and its EC2 DescribeInstanceTypes data in github.com/aws/karpenter-provider-aws@6fc13b523"
	h200Datasheet = "NVIDIA H200 datasheet (resources.nvidia.com …/hpc-datasheet-sc23-h200), as transcribed in github.com/astroC86/gpu-datasheet README.md @01ede5fe"
	// The figures of these records are now the ones the clouds that rent
	// the GPU state in their own documentation; a figure none of them
	// states (TDP above all) is left unknown.
	t4Row     = "T4|PCIe 16GB"
	v100P16   = "V100|PCIe 16GB"
	v100P32   = "V100|PCIe 32GB"
	v100S16   = "V100|SXM2 16GB"
	v100S32   = "V100|SXM2 32GB"
	l4Row     = "L4|PCIe 24GB"
	googleGPU = "Google Cloud's GPU machine types page (docs.cloud.google.com/compute/docs/gpus, last updated 2026-04-14)"
	otcGPU    = "Open Telekom Cloud's GPU-accelerated ECS page (github.com/opentelekomcloud-docs/elastic-cloud-server@0c20265b)"
	tencentGN = "Tencent Cloud's GPU computing instances page (github.com/tencentyun/intlcloud-documents@b7e17ea6)"
	noTDP     = ": no NVIDIA or provider text states the TDP; the third-party copies' figure is named in the notes"
	// v100Basis and v100Tencent are the V100 SXM2 records' notes the
	// reference has, kept at their start.
	v100Basis   = "fp16 column = FP16 mixed-precision tensor peak; V100 has no BF16/TF32/FP8 and no structured sparsity (gmasse's tf32=125 entry is an error)."
	v100Tencent = "Same compute as SXM2 16GB; Tencent docs: V100 NVLink 32GB = 15.7 TFLOPS FP32, 125 TFLOPS tensor, 300 GB/s NVLink."
)

var refCorrections = []refCorrection{
	{"gpus.csv", b200Row, "fp32_tflops", "80", "75", b200Datasheet + " (80 is the GB200 column's)"},
	{"gpus.csv", b200Row, "mem_bw_gb_s", "8000", "7700", b200Datasheet + " (8 TB/s is the GB200 column's)"},
	{"gpus.csv", b200Row, "tf32_dense_tflops", "1125", "1100", b200Datasheet + ": TF32 2.2 PFLOPS with sparsity"},
	{"gpus.csv", b200Row, "tf32_sparse_tflops", "", "2200", b200Datasheet},
	{"gpus.csv", b200Row, "fp16_bf16_sparse_tflops", "", "4500", b200Datasheet},
	{"gpus.csv", b200Row, "fp8_sparse_tflops", "", "9000", b200Datasheet},
	{"gpus.csv", b200Row, "int8_sparse_tops", "", "9000", b200Datasheet},
	{"gpus.csv", b200Row, "tdp_w", "", "1000", b200Datasheet + ": configurable up to 1,000 W"},
	{"gpus.csv", b200Row, "notes", "Announced 2024-03-18 at GTC 2024. Dense figures from ml-engineering table citing NVIDIA DGX B200 datasheet;", `HGX B200 figures (per GPU) from the "HGX B200" column of NVIDIA's Blackwell datasheet`, b200Datasheet},
	{"gpus.csv", b200Row, "source", "github.com/stas00/ml-engineering compute/accelerator/README.md", "NVIDIA Blackwell datasheet, HGX B200 column", b200Datasheet},
	{"gpus.csv", b200Row, "as_of", "2026-08-22 (repo commit date)", "2026-12-01 (pages read)", b200Datasheet},
	{"gpus.csv", rtx3090Row, "fp16_bf16_dense_tflops", "142", "71", ga102 + " (142 is the FP16-accumulate figure)"},
	{"gpus.csv", rtx3090Row, "fp16_bf16_sparse_tflops", "285", "142", ga102},
	{"gpus.csv", rtx3090Row, "notes", "Launched 2020-09-24 ($1,499). 142/285 is the FP16-accumulate tensor figure;", "Basis of fp16_bf16: FP16/BF16 tensor with FP32 accumulate", ga102},
	{"gpus.csv", h200Row, "fp16_bf16_sparse_tflops", "", "1979", h200Datasheet + ": BF16/FP16 1,979 TFLOPS with sparsity"},
	{"gpus.csv", h200Row, "fp8_sparse_tflops", "", "3958", h200Datasheet + ": FP8 3,958 TFLOPS with sparsity"},
	{"gpus.csv", h200Row, "int8_sparse_tops", "", "3958", h200Datasheet + ": INT8 3,958 TOPS with sparsity"},
	{"gpus.csv", h200Row, "notes", "Sparse columns left empty (not read for H200 specifically;", "NVIDIA's H200 datasheet gives 141 GB HBM3e, 4.8 TB/s, BF16/FP16 Tensor 1,979 TFLOPS", h200Datasheet},
	{"gpus.csv", h200Row, "source", "https://aiwiki.ai/wiki/nvidia_h200", "NVIDIA H200 datasheet (https://resources.nvidia.com/en-us-data-center-overview-mc/en-us-data-center-overview/hpc-datasheet-sc23-h200)", h200Datasheet},
	{"gpus.csv", h200Row, "as_of", "unknown; ml-eng 2026-08-22 (repo commit date)", "2026-12-04 (datasheet transcription read); ml-eng 2026-08-22 (repo commit date)", h200Datasheet},
	{"gpus.csv", mi250xRow, "notes", "220 CUs.", "AMD's CDNA 2 whitepaper (page 14", cdna2Paper},
	{"gpus.csv", mi250xRow, "source", "https://zexron.com/", "AMD CDNA 2 architecture whitepaper, page 14 (https://www.amd.com/content/dam/amd/en/documents/instinct-business-docs/white-papers/amd-cdna2-white-paper.pdf)", cdna2Paper},
	{"gpus.csv", mi250xRow, "as_of", "unknown; ml-eng 2026-08-22 (repo commit date)", "2026-12-04 (transcriptions read); ml-eng 2026-08-22 (repo commit date)", cdna2Paper},
	{"gpus.csv", a30Row, "mem_bw_gb_s", "", "933", a30Page},
	{"gpus.csv", a30Row, "fp32_tflops", "10.32", "10.3", a30Page + " (10.32 is a database figure)"},
	{"gpus.csv", a30Row, "fp16_bf16_dense_tflops", "", "165", a30Page},
	{"gpus.csv", a30Row, "int8_dense_tops", "", "330", a30Page},
	{"gpus.csv", a30Row, "interconnect", "", "PCIe Gen4 + NVLink", a30Page},
	{"gpus.csv", a30Row, "interconnect_gb_s_bidir", "", "200", a30Page + ": NVLink bridge 200 GB/s"},
	{"gpus.csv", a30Row, "notes", "Only capacity/FP32/TDP/year found in a readable source;", "Figures are NVIDIA's A30 product-page figures", a30Page},
	{"gpus.csv", a30Row, "source", "https://huggingface.co/hardware/a30", "https://www.nvidia.com/en-us/data-center/products/a30-gpu/ as copied in github.com/ArthurChiao/arthurchiao.github.io", a30Page},
	{"gpus.csv", a30Row, "as_of", "unknown", "2024-01-06 (table's last update)", a30Page},
	{"gpus.csv", a10gRow, "mem_bw_gb_s", "600", "", a10gAWS + " (600 GB/s is a blog's reading of the A10's memory)"},
	{"gpus.csv", a10gRow, "memory_type", "GDDR6", "", a10gAWS + " (GDDR6 is the same blog's)"},
	{"gpus.csv", a10gRow, "architecture", "Ampere (GA102)", "Ampere", a10gAWS + " (AWS says Ampere; GA102 is the blog's)"},
	{"gpus.csv", a10gRow, "notes", "AWS-specific variant; no public NVIDIA datasheet.", "A GPU NVIDIA makes for AWS alone", a10gAWS},
	{"gpus.csv", a10gRow, "source", "https://www.baseten.co/blog/nvidia-a10-vs-a10g-for-ml-model-inference/", "https://aws.amazon.com/blogs/aws/new-ec2-instances-g5-with-nvidia-a10g-tensor-core-gpus/", a10gAWS},
	{"gpus.csv", a10gRow, "as_of", "unknown", "2026-07-20", a10gAWS},
	{"gpus.csv", t4Row, "tdp_w", "70", "", googleGPU + noTDP},
	{"gpus.csv", t4Row, "notes", "fp16 column = FP16 mixed precision", "Figures as the clouds that rent the T4 state NVIDIA's figures", googleGPU + ", " + otcGPU + " (PI2), " + tencentGN + " (GN7)"},
	{"gpus.csv", t4Row, "source", "github.com/gmasse/gpu-specs data/specs.json", "https://docs.cloud.google.com/compute/docs/gpus (Google Cloud, GPU machine types", googleGPU},
	{"gpus.csv", t4Row, "as_of", "2025-04-30 (repo commit date)", "2026-04-14", googleGPU},
	{"gpus.csv", v100P16, "fp32_tflops", "14.1", "14", otcGPU + " (P2: 14 TFLOPS; 14.1 is a database figure)"},
	{"gpus.csv", v100P16, "tdp_w", "250", "", otcGPU + noTDP},
	{"gpus.csv", v100P16, "notes", "Datasheet rounds FP32 to 14;", "Figures as Open Telekom Cloud's own documentation states NVIDIA's figures", otcGPU + " (P2)"},
	{"gpus.csv", v100P16, "source", "github.com/gmasse/gpu-specs data/specs.json", "github.com/opentelekomcloud-docs/elastic-cloud-server@0c20265b", otcGPU},
	{"gpus.csv", v100P16, "as_of", "2025-04-30 (repo commit date)", "2026-12-06 (provider documentation read)", otcGPU},
	{"gpus.csv", v100P32, "fp32_tflops", "14.1", "14", otcGPU + " (P2s: 14 TFLOPS)"},
	{"gpus.csv", v100P32, "tdp_w", "250", "", otcGPU + noTDP},
	{"gpus.csv", v100P32, "source", "github.com/gmasse/gpu-specs data/specs.json", "github.com/opentelekomcloud-docs/elastic-cloud-server@0c20265b", otcGPU},
	{"gpus.csv", v100P32, "as_of", "2025-04-30 (repo commit date)", "2026-12-06 (provider documentation read)", otcGPU},
	{"gpus.csv", v100S16, "tdp_w", "300", "", googleGPU + noTDP},
	{"gpus.csv", v100S16, "notes", v100Basis + " NVLink 300 GB/s per Tencent", v100Basis + " Figures as the clouds that rent the NVLink V100", googleGPU + ", " + otcGPU + " (P2v)"},
	{"gpus.csv", v100S16, "source", "github.com/gmasse/gpu-specs data/specs.json", "https://docs.cloud.google.com/compute/docs/gpus (Google Cloud, GPU machine types", googleGPU + ", " + otcGPU + " (P2v), developer.nvidia.com/programming-tensor-cores-cuda-9-0"},
	{"gpus.csv", v100S16, "as_of", "2025-04-30 (repo commit date)", "2026-04-14", googleGPU},
	{"gpus.csv", v100S32, "mem_bw_gb_s", "900", "", tencentGN + ": no NVIDIA or provider text states the 32 GB part's bandwidth"},
	{"gpus.csv", v100S32, "tdp_w", "300", "", tencentGN + noTDP},
	{"gpus.csv", v100S32, "notes", v100Tencent + " 1134", v100Tencent + " Those are Tencent Cloud's own documentation", tencentGN + " (GN10Xp)"},
	{"gpus.csv", v100S32, "source", "github.com/gmasse/gpu-specs data/specs.json", "github.com/tencentyun/intlcloud-documents@b7e17ea6", tencentGN},
	{"gpus.csv", v100S32, "as_of", "2025-04-30 (repo commit date)", "2026-12-06 (provider documentation read)", tencentGN},
	{"gpus.csv", l4Row, "tdp_w", "72", "", googleGPU + noTDP},
	{"gpus.csv", l4Row, "source", "github.com/gmasse/gpu-specs data/specs.json", "https://docs.cloud.google.com/compute/docs/gpus (Google Cloud, GPU machine types", googleGPU + ", docs.nvidia.com/nim/nvclip/latest/profiles.html"},
	{"gpus.csv", l4Row, "as_of", "2025-04-30 (repo commit date)", "2026-04-14", googleGPU},
	{"price_history.csv", "AWS|p5e.48xlarge|most regions|capacity_block|39.80", "region", "most regions", "us-east-2",
		"the source names no region but us-west-1 (priced apart); AWS's Dec-2024 Capacity Blocks page listed p5e only in us-east-2, whose series this newer point continues"},
}

func init() {
	for _, c := range []struct{ provider, sla, source string }{
		{"Azure", "99.99", "SLA for Virtual Machines: two or more instances across two or more Availability Zones"},
		{"Google Cloud", "99.99", "cloud.google.com/compute/sla, Premium Tier: instances in multiple zones"},
		{"Alibaba Cloud", "99.975", "ECS single instance, secondary summary (sla.directory)"},
		{"Tencent Cloud", "99.975", "CVM SLA in force since 2020-11-01, single instance (tencentyun/qcloud-documents@0432c64)"},
	} {
		refCorrections = append(refCorrections, refCorrection{"providers.csv", c.provider, "compute_sla_pct", "", c.sla, c.source})
	}
	for _, f := range []string{"p5e.10xlarge.12", "p5e.20xlarge.12", "p5e.40xlarge.12", "p5s.5xlarge.12", "p5s.10xlarge.12", "p5s.20xlarge.12", "p5s.40xlarge.12"} {
		refCorrections = append(refCorrections, refCorrection{"huawei.csv", otcFlavour + "|" + f, "provider", otcFlavour, "Open Telekom Cloud", otcDocs})
	}
}

// refKey is the key of a reference row that corrections name.
func refKey(file string, r refRow) string {
	switch file {
	case "gpus.csv":
		return r["gpu"] + "|" + r["variant"]
	case "price_history.csv":
		return strings.Join([]string{r["provider"], r["instance_type"], r["region"], r["pricing_model"], r["amount"]}, "|")
	case "huawei.csv":
		return r["provider"] + "|" + r["flavor"]
	case "providers.csv":
		return r["provider"]
	}
	return ""
}

// refCorrected returns the row with the catalog's corrections applied: a
// correction of notes or source replaces the reference's text by the
// start of the catalog's.
func refCorrected(file string, r refRow) refRow {
	key := refKey(file, r)
	out := refRow{}
	for k, v := range r {
		out[k] = v
	}
	for _, c := range refCorrections {
		if c.file == file && c.row == key {
			out[c.column] = c.after
		}
	}
	return out
}

// TestShippedCorrections pins each corrected figure of the shipped catalog,
// and checks that each correction still corrects a reference cell.
func TestShippedCorrections(t *testing.T) {
	cat := shipped(t)

	t.Run("reference", func(t *testing.T) {
		for _, c := range refCorrections {
			found := false
			for _, r := range readRef(t, c.file) {
				if refKey(c.file, r) != c.row {
					continue
				}
				found = true
				if got := r[c.column]; got != c.before && !(c.before != "" && strings.HasPrefix(got, c.before)) {
					t.Errorf("%s %s %s: the reference says %q, the correction is of %q", c.file, c.row, c.column, got, c.before)
				}
			}
			if !found || c.source == "" || c.before == c.after {
				t.Errorf("%s %s %s: no such reference row, no source, or nothing corrected", c.file, c.row, c.column)
			}
		}
	})

	t.Run("b200", func(t *testing.T) {
		g := cat.GPU("b200-sxm-180gb")
		if g == nil {
			t.Fatal("no B200")
		}
		// The HGX B200 column of the datasheet.
		checkFigures(t, "B200", []pinnedFigure{
			{"memory_gb", g.MemoryGB, 180},
			{"memory_bandwidth_gb_s", g.BandwidthGBs, 7700},
			{"tdp_w", g.TDPWatts, 1000},
			{"dense fp32", g.Dense.FP32, 75},
			{"dense tf32", g.Dense.TF32, 1100},
			{"dense fp16_bf16", g.Dense.FP16BF16, 2250},
			{"dense fp8", g.Dense.FP8, 4500},
			{"dense int8", g.Dense.INT8, 4500},
			{"sparse fp16_bf16", g.Sparse.FP16BF16, 4500},
			{"sparse fp8", g.Sparse.FP8, 9000},
		})
		if !strings.HasPrefix(g.Source, "NVIDIA Blackwell datasheet, HGX B200 column") || !strings.Contains(g.Notes, "GB200 column") {
			t.Errorf("B200: the source must be the datasheet's HGX B200 column and the notes say what the GB200 figures were")
		}
	})

	t.Run("rtx-fp32-accumulate", func(t *testing.T) {
		for _, c := range []struct {
			id            string
			dense, sparse float64
		}{{"rtx-3090", 71, 142}, {"rtx-4090", 165.2, 330.4}} {
			g := cat.GPU(c.id)
			if g == nil {
				t.Errorf("no GPU %q", c.id)
				continue
			}
			if !refSame(g.Dense.FP16BF16, c.dense) || !refSame(g.Sparse.FP16BF16, c.sparse) {
				t.Errorf("%s fp16_bf16 %s/%s, want %v/%v (FP32 accumulate)", c.id, refShow(g.Dense.FP16BF16), refShow(g.Sparse.FP16BF16), c.dense, c.sparse)
			}
			if !strings.Contains(g.Notes, "Basis of fp16_bf16: F") || !strings.Contains(g.Notes, "FP32 accumulate") {
				t.Errorf("%s: the notes must say the basis of fp16_bf16 (FP32 accumulate)", c.id)
			}
		}
	})

	price := func(provider, instance, region, model string, amount float64) *PricePoint {
		p, _ := refPrice{provider, instance, region, model, "USD", amount}.find(cat)
		if p == nil {
			t.Errorf("%s/%s %s %s: no point of %v", provider, instance, region, model, amount)
		}
		return p
	}

	t.Run("kinds", func(t *testing.T) {
		if p := price("alibaba-cloud", "gn6i", AllRegions, "on_demand", 2.3); p != nil &&
			(p.SourceKind != KindArticle || !strings.HasPrefix(p.Note(), "An article's estimate, not a sourced offer.") || !strings.Contains(p.Note(), "ecs.gn6i-c16g1.4xlarge")) {
			t.Errorf("gn6i $2.30: kind %q, note %q: want an article's estimate, compared with the 1-GPU price", p.SourceKind, p.Note())
		}
		for _, p := range cat.Prices {
			if p.Provider == "aws" && p.Instance == "p4d.24xlarge" && p.Model == "reserved_3y" && p.SourceKind != KindEstimate {
				t.Errorf("p4d 3-year reserved (%s): kind %q, want estimate: worked out from 50%% off", p.Region, p.SourceKind)
			}
		}
	})

	t.Run("huawei", func(t *testing.T) {
		msgs, err := os.ReadFile(filepath.Join("..", "..", "templates", "messages", "en.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(msgs), "publishes no price") || strings.Contains(string(msgs), "not_public: price not public") {
			t.Error("messages: the label of an instance without a price says the provider publishes none; say the catalog holds none")
		}
		hw, otc := cat.Provider("huawei-cloud"), cat.Provider("open-telekom-cloud")
		if hw == nil || otc == nil {
			t.Fatal("want both huawei-cloud and open-telekom-cloud")
		}
		if strings.Contains(hw.Description, "No Huawei Cloud price was found.") {
			t.Error("huawei-cloud: the description must say the catalog holds no price, not that none exists")
		}
		for _, in := range hw.Instances {
			if strings.HasPrefix(in.GPU, "h100") || strings.Contains(strings.ToLower(in.PriceNotPublic), "publishes no") {
				t.Errorf("huawei-cloud/%s: gpu %s, price_not_public %q", in.ID, in.GPU, in.PriceNotPublic)
			}
		}
		var h100 []string
		for _, in := range otc.Instances {
			if strings.HasPrefix(in.GPU, "h100") && strings.Contains(in.Source, "opentelekomcloud-docs") && in.PriceNotPublic != "" {
				h100 = append(h100, in.ID)
			}
		}
		if want := []string{"p5e.10xlarge.12", "p5e.20xlarge.12", "p5e.40xlarge.12", "p5s.5xlarge.12", "p5s.10xlarge.12", "p5s.20xlarge.12", "p5s.40xlarge.12"}; !slices.Equal(h100, want) {
			t.Errorf("open-telekom-cloud H100 flavours %v, want %v", h100, want)
		}
	})

	t.Run("capacity-blocks", func(t *testing.T) {
		// us-east-2's p5e series ends with the newest point.
		var series []*PricePoint
		for _, p := range cat.Prices {
			if p.Provider == "aws" && p.Instance == "p5e.48xlarge" && p.Model == "capacity_block" {
				if p.Region == AllRegions {
					t.Errorf("p5e capacity block %v: region all; the source gives it for most regions, not every one", *p.Amount)
				}
				if p.Region == "us-east-2" {
					series = append(series, p)
				}
			}
		}
		if len(series) != 2 || !refSame(series[1].Amount, 39.8) || series[1].Since != "2026-01" || !refSame(series[0].Amount, 43.26) {
			t.Errorf("p5e us-east-2 capacity blocks: want 43.26 (2024-12) then 39.80 (2026-01), newest last")
		}
		if p := price("aws", "p5en.48xlarge", AllRegions, "capacity_block", 41.61); p != nil && !p.RegionUnstated {
			t.Error("p5en capacity block 41.61: the source names no region: want region_unstated, shown once")
		}
		// No price given for no region is copied into each region: an
		// amount for region "all" of an instance priced by region says
		// region_unstated, unless it is a discount off on-demand.
		regional := map[string]bool{}
		for _, p := range cat.Prices {
			if p.Region != AllRegions {
				regional[p.Provider+"/"+p.Instance] = true
			}
		}
		for _, p := range cat.Prices {
			if p.Region == AllRegions && regional[p.Provider+"/"+p.Instance] && p.Amount != nil && !p.RegionUnstated {
				t.Errorf("%s/%s %s %v: region all would be shown in every region", p.Provider, p.Instance, p.Model, *p.Amount)
			}
			if p.Region == "us-gov-west-1" && p.Model == "capacity_block" {
				t.Errorf("%s/%s: a capacity block in GovCloud", p.Provider, p.Instance)
			}
		}
	})

	t.Run("provider-attributes", func(t *testing.T) {
		for _, c := range []struct {
			provider, what string
			ok             func(p *Provider) bool
		}{
			{"google-cloud", "SLA 99.99", func(p *Provider) bool { return refSame(p.SLA.Percent, 99.99) }},
			{"azure", "SLA 99.99", func(p *Provider) bool { return refSame(p.SLA.Percent, 99.99) }},
			{"alibaba-cloud", "SLA 99.975", func(p *Provider) bool { return refSame(p.SLA.Percent, 99.975) }},
			{"open-telekom-cloud", "SLA 99.9 and BSI C5", func(p *Provider) bool {
				return refSame(p.SLA.Percent, 99.9) && slices.Contains(p.Certifications.List, "BSI C5")
			}},
			{"coreweave", "free egress, storage 0.07", func(p *Provider) bool {
				return refSame(p.Egress.Price, 0) && refSame(p.Storage.Price, 0.07) && p.Egress.Currency == "USD"
			}},
			{"aws", "ISO 27001", func(p *Provider) bool { return slices.Contains(p.Certifications.List, "ISO 27001") }},
			{"tencent-cloud", "ISO 27001", func(p *Provider) bool { return slices.Contains(p.Certifications.List, "ISO 27001") }},
			{"huawei-cloud", "an MLPS record of a filing without a level", func(p *Provider) bool {
				return p.MLPS != nil && p.MLPS.Filed && p.MLPS.Level == MLPSNoneStated && slices.Contains(p.Certs(), MLPSFiledName)
			}},
			{"tencent-cloud", "MLPS level 3", func(p *Provider) bool { return p.MLPS.Stated() == 3 && p.States("等保三级") }},
			{"lambda", "physical isolation", func(p *Provider) bool { return p.Features.PhysicalIsolation != nil && *p.Features.PhysicalIsolation }},
			{"tencent-cloud", "per-second billing", func(p *Provider) bool { return p.Billing.Granularity == "second" }},
			{"alibaba-cloud", "per-second billing", func(p *Provider) bool { return p.Billing.Granularity == "second" }},
		} {
			p := cat.Provider(c.provider)
			if p == nil || !c.ok(p) {
				t.Errorf("%s: want %s", c.provider, c.what)
			}
		}
		// Every attribute given has its source.
		for _, p := range cat.Providers {
			for _, a := range []struct {
				what, source string
				given        bool
			}{
				{"sla", p.SLA.Source, p.SLA.Percent != nil},
				{"egress", p.Egress.Source, p.Egress.Price != nil},
				{"storage", p.Storage.Source, p.Storage.Price != nil},
				{"certifications", p.Certifications.Source, len(p.Certifications.List) > 0},
				{"billing", p.Billing.Source, p.Billing.Granularity != ""},
			} {
				if a.given && a.source == "" {
					t.Errorf("%s %s: no source", p.ID, a.what)
				}
			}
		}
	})

	t.Run("fx", func(t *testing.T) {
		var caveats int
		var latest *FXRate
		for i, fx := range cat.FX {
			for _, s := range []string{fx.Source, fx.Note} {
				if strings.Contains(s, "not read") || strings.Contains(s, "unverified") {
					t.Errorf("rate %s/%s %s: a caveat in source or note: %q", fx.Base, fx.Quote, fx.Date, s)
				}
			}
			if fx.Caveat != "" {
				caveats++
				continue
			}
			if fx.Base == "USD" && fx.Quote == "CNY" && (latest == nil || fx.Date > latest.Date) {
				latest = &cat.FX[i]
			}
		}
		if caveats != 4 {
			t.Errorf("%d rates with a caveat, want the 4 the reference flags", caveats)
		}
		if latest == nil || latest.Date != "2026-06-30" || latest.Rate != 6.8109 {
			t.Errorf("latest verified USD/CNY rate %+v, want 6.8109 of 2026-06-30 (CFETS central parity)", latest)
		}
		// The rate prices are converted at cites the CFETS or PBoC notice
		// itself, or says that the notice was looked for, where and when.
		if latest != nil {
			official := false
			for _, locs := range Locations(latest.Source) {
				for _, l := range locs {
					official = official || strings.HasPrefix(l, "chinamoney.com.cn") || strings.HasPrefix(l, "pbc.gov.cn")
				}
			}
			if !official && !checkedDate.MatchString(latest.Note) {
				t.Errorf("rate of %s cites %q, not the CFETS or PBoC notice, and its note does not say where and when the notice was looked for (\"(checked YYYY-MM-DD)\")", latest.Date, latest.Source)
			}
		}
		n := 0
		for _, fx := range cat.FX {
			if fx.Base == "USD" && fx.Quote == "CNY" && fx.Caveat == "" && fx.Date.Known() {
				n++
			}
		}
		if n < 20 {
			t.Errorf("%d verified dated USD/CNY rates, want a series (at least 20)", n)
		}
	})
}
