package catalog

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// fig is one figure of a GPU record: its key ("dense.fp16_bf16") and value.
type fig struct {
	key   string
	value float64
}

// checkedDate is a dated record of where a figure was looked for.
var checkedDate = regexp.MustCompile(`\(checked \d{4}-\d{2}-\d{2}: [^)]+\)`)

// gpuFigures is every figure a GPU record states, unknowns left out, in
// the order of the record's fields: memory, bandwidth, TDP, dense, sparse,
// interconnect.
func gpuFigures(g *GPU) []fig {
	var out []fig
	add := func(key string, v *float64) {
		if v != nil {
			out = append(out, fig{key, *v})
		}
	}
	add("memory_gb", g.MemoryGB)
	add("memory_bandwidth_gb_s", g.BandwidthGBs)
	add("tdp_w", g.TDPWatts)
	for _, t := range []struct {
		name string
		tp   Throughput
	}{{"dense", g.Dense}, {"sparse", g.Sparse}} {
		for _, p := range Precisions {
			add(t.name+"."+p.Key, p.Of(t.tp))
		}
	}
	add("interconnect.bandwidth_gb_s", g.Interconnect.BidirGBs)
	return out
}

// TestShippedGPUFigures pins every figure of every GPU record, unknowns
// included (a figure a record gains or loses fails here), with the
// vendor's own document the record cites for them: an NVIDIA datasheet or
// whitepaper, AMD's ROCm documentation, Google Cloud's TPU pages, AWS's
// Neuron documentation, Huawei's own repository. Figures are dense unless
// under sparse (2:4 structured sparsity, twice dense); the GeForce
// records' FP16/BF16 is with FP32 accumulate, as their notes say. A
// record with no vendor document ("") is one whose vendor publishes none
// that was found (the H20 and H800 for China, AWS's A10G) or that was not
// read: its figures are a secondary source's, it says so (figures_from:
// secondary, which the page shows), and its notes say whose.
func TestShippedGPUFigures(t *testing.T) {
	cat := shipped(t)
	rows := []struct {
		id, vendorDoc string
		figures       []fig
	}{
		{"a10-pcie-24gb", "a10-datasheet-nvidia", []fig{{"memory_gb", 24}, {"memory_bandwidth_gb_s", 600}, {"tdp_w", 150}, {"dense.fp32", 31.2}, {"dense.tf32", 62.5}, {"dense.fp16_bf16", 125}, {"dense.int8", 250}, {"sparse.tf32", 125}, {"sparse.fp16_bf16", 250}, {"sparse.int8", 500}}},
		{"a100-pcie-40gb", "nvidia-a100-datasheet-us-nvidia-1758950-r4", []fig{{"memory_gb", 40}, {"memory_bandwidth_gb_s", 1555}, {"tdp_w", 250}, {"dense.fp32", 19.5}, {"dense.tf32", 156}, {"dense.fp16_bf16", 312}, {"dense.int8", 624}, {"sparse.tf32", 312}, {"sparse.fp16_bf16", 624}, {"sparse.int8", 1248}}},
		{"a100-pcie-80gb", "nvidia-a100-datasheet-us-nvidia-1758950-r4", []fig{{"memory_gb", 80}, {"memory_bandwidth_gb_s", 1935}, {"tdp_w", 300}, {"dense.fp32", 19.5}, {"dense.tf32", 156}, {"dense.fp16_bf16", 312}, {"dense.int8", 624}, {"sparse.tf32", 312}, {"sparse.fp16_bf16", 624}, {"sparse.int8", 1248}}},
		{"a100-sxm4-40gb", "nvidia-a100-datasheet-us-nvidia-1758950-r4", []fig{{"memory_gb", 40}, {"memory_bandwidth_gb_s", 1555}, {"tdp_w", 400}, {"dense.fp32", 19.5}, {"dense.tf32", 156}, {"dense.fp16_bf16", 312}, {"dense.int8", 624}, {"sparse.tf32", 312}, {"sparse.fp16_bf16", 624}, {"sparse.int8", 1248}, {"interconnect.bandwidth_gb_s", 600}}},
		{"a100-sxm4-80gb", "nvidia-a100-datasheet-us-nvidia-1758950-r4", []fig{{"memory_gb", 80}, {"memory_bandwidth_gb_s", 2039}, {"tdp_w", 400}, {"dense.fp32", 19.5}, {"dense.tf32", 156}, {"dense.fp16_bf16", 312}, {"dense.int8", 624}, {"sparse.tf32", 312}, {"sparse.fp16_bf16", 624}, {"sparse.int8", 1248}, {"interconnect.bandwidth_gb_s", 600}}},
		{"a10g-24gb", "aws.amazon.com/blogs/aws/new-ec2-instances-g5-with-nvidia-a10g-tensor-core-gpus", []fig{{"memory_gb", 24}}},
		{"a30-pcie-24gb", "products/a30-gpu", []fig{{"memory_gb", 24}, {"memory_bandwidth_gb_s", 933}, {"tdp_w", 165}, {"dense.fp32", 10.3}, {"dense.fp16_bf16", 165}, {"dense.int8", 330}, {"interconnect.bandwidth_gb_s", 200}}},
		{"a40", "images.nvidia.com/content/Solutions/data-center/a40/nvidia-a40-datasheet.pdf", []fig{{"memory_gb", 48}, {"memory_bandwidth_gb_s", 696}, {"tdp_w", 300}, {"dense.fp32", 37.4}, {"dense.tf32", 74.8}, {"dense.fp16_bf16", 149.7}, {"dense.int8", 299.3}, {"sparse.tf32", 149.6}, {"sparse.fp16_bf16", 299.4}, {"sparse.int8", 598.6}, {"interconnect.bandwidth_gb_s", 112.5}}},
		{"a800-40gb", "", []fig{{"memory_gb", 40}}},
		{"ascend-910b2", "github.com/huaweicloud/huaweicloud-skills@d128959", []fig{{"memory_gb", 64}, {"memory_bandwidth_gb_s", 1600}, {"dense.fp16_bf16", 353.89}}},
		{"b200-sxm-180gb", "NVIDIA Blackwell datasheet, HGX B200 column", []fig{{"memory_gb", 180}, {"memory_bandwidth_gb_s", 7700}, {"tdp_w", 1000}, {"dense.fp32", 75}, {"dense.tf32", 1100}, {"dense.fp16_bf16", 2250}, {"dense.fp8", 4500}, {"dense.int8", 4500}, {"sparse.tf32", 2200}, {"sparse.fp16_bf16", 4500}, {"sparse.fp8", 9000}, {"sparse.int8", 9000}, {"interconnect.bandwidth_gb_s", 1800}}},
		{"b300-sxm-288gb", "NVIDIA DGX B300 datasheet", []fig{{"memory_gb", 288}, {"memory_bandwidth_gb_s", 8000}, {"tdp_w", 1300}, {"dense.fp32", 80}, {"dense.tf32", 1125}, {"dense.fp16_bf16", 2250}, {"dense.fp8", 4500}, {"dense.int8", 4500}}},
		{"gb200", "nvdam.widen.net/s/wwnsxrhm2w/blackwell-datasheet-3384703", []fig{{"memory_gb", 186}, {"memory_bandwidth_gb_s", 8000}, {"tdp_w", 1200}, {"dense.fp64", 40}, {"dense.fp32", 80}, {"dense.tf32", 1250}, {"dense.fp16_bf16", 2500}, {"dense.fp8", 5000}, {"dense.int8", 5000}, {"sparse.tf32", 2500}, {"sparse.fp16_bf16", 5000}, {"sparse.fp8", 10000}, {"sparse.int8", 10000}, {"interconnect.bandwidth_gb_s", 1800}}},
		{"gh200-96gb", "NVIDIA's GH200 specifications", []fig{{"memory_gb", 96}, {"memory_bandwidth_gb_s", 4000}, {"dense.fp32", 67}, {"dense.tf32", 494.5}, {"dense.fp16_bf16", 989}, {"dense.fp8", 1979}, {"dense.int8", 1979}}},
		{"h100-nvl", "PB-11773-001_v01", []fig{{"memory_gb", 94}, {"memory_bandwidth_gb_s", 3938}, {"tdp_w", 400}, {"dense.fp64", 30}, {"dense.fp32", 60}, {"dense.tf32", 417.5}, {"dense.fp16_bf16", 835.5}, {"dense.fp8", 1670.5}, {"dense.int8", 1670.5}, {"sparse.tf32", 835}, {"sparse.fp16_bf16", 1671}, {"sparse.fp8", 3341}, {"sparse.int8", 3341}, {"interconnect.bandwidth_gb_s", 600}}},
		{"h100-pcie-80gb", "copy of NVIDIA H100 datasheet", []fig{{"memory_gb", 80}, {"memory_bandwidth_gb_s", 2000}, {"tdp_w", 350}, {"dense.fp32", 51}, {"dense.tf32", 378}, {"dense.fp16_bf16", 756}, {"dense.fp8", 1513}, {"dense.int8", 1513}, {"sparse.tf32", 756}, {"sparse.fp16_bf16", 1513}, {"sparse.fp8", 3026}, {"sparse.int8", 3026}, {"interconnect.bandwidth_gb_s", 600}}},
		{"h100-sxm5-80gb", "copy of NVIDIA H100 datasheet", []fig{{"memory_gb", 80}, {"memory_bandwidth_gb_s", 3350}, {"tdp_w", 700}, {"dense.fp32", 67}, {"dense.tf32", 494.5}, {"dense.fp16_bf16", 989}, {"dense.fp8", 1979}, {"dense.int8", 1979}, {"sparse.tf32", 989}, {"sparse.fp16_bf16", 1979}, {"sparse.fp8", 3958}, {"sparse.int8", 3958}, {"interconnect.bandwidth_gb_s", 900}}},
		{"h20-96gb", "", []fig{{"memory_gb", 96}}},
		{"h200-sxm-141gb", "resources.nvidia.com/en-us-data-center-overview-mc/en-us-data-center-overview/hpc-datasheet-sc23-h200", []fig{{"memory_gb", 141}, {"memory_bandwidth_gb_s", 4800}, {"tdp_w", 700}, {"dense.fp32", 67}, {"dense.tf32", 494.5}, {"dense.fp16_bf16", 989}, {"dense.fp8", 1979}, {"dense.int8", 1979}, {"sparse.fp16_bf16", 1979}, {"sparse.fp8", 3958}, {"sparse.int8", 3958}, {"interconnect.bandwidth_gb_s", 900}}},
		{"h800-sxm-80gb", "", []fig{{"memory_gb", 80}}},
		{"l20-48gb", "", []fig{{"memory_gb", 48}}},
		{"l4-pcie-24gb", "docs.cloud.google.com/compute/docs/gpus", []fig{{"memory_gb", 24}, {"memory_bandwidth_gb_s", 300}, {"dense.fp32", 30.3}, {"dense.tf32", 60}, {"dense.fp16_bf16", 121}, {"dense.fp8", 242}, {"dense.int8", 242}, {"sparse.tf32", 120}, {"sparse.fp16_bf16", 242}, {"sparse.fp8", 485}, {"sparse.int8", 485}}},
		{"l40s-pcie-48gb", "L40/L40S datasheet table", []fig{{"memory_gb", 48}, {"memory_bandwidth_gb_s", 864}, {"tdp_w", 350}, {"dense.fp32", 91.6}, {"dense.tf32", 183}, {"dense.fp16_bf16", 362.05}, {"dense.fp8", 733}, {"dense.int8", 733}, {"sparse.tf32", 366}, {"sparse.fp16_bf16", 733}, {"sparse.fp8", 1466}, {"sparse.int8", 1466}, {"interconnect.bandwidth_gb_s", 64}}},
		{"mi250x", "amd.com/content/dam/amd/en/documents/instinct-business-docs/white-papers/amd-cdna2-white-paper.pdf", []fig{{"memory_gb", 128}, {"memory_bandwidth_gb_s", 3200}, {"tdp_w", 560}, {"dense.fp32", 47.9}, {"dense.fp16_bf16", 383}, {"dense.int8", 383}}},
		{"mi300x", "github.com/ROCm/legacy-rocm-build", []fig{{"memory_gb", 192}, {"memory_bandwidth_gb_s", 5300}, {"tdp_w", 750}, {"dense.fp32", 163.4}, {"dense.tf32", 653.7}, {"dense.fp16_bf16", 1307.4}, {"dense.fp8", 2614.9}, {"dense.int8", 2614.9}}},
		{"p100", "docs.cloud.google.com/compute/docs/gpus", []fig{{"memory_gb", 16}, {"memory_bandwidth_gb_s", 732}, {"dense.fp64", 4.7}, {"dense.fp32", 9.3}, {"dense.fp16_bf16", 18.7}}},
		{"rtx-3090", "GA102 GPU Architecture whitepaper", []fig{{"memory_gb", 24}, {"memory_bandwidth_gb_s", 936}, {"tdp_w", 350}, {"dense.fp32", 35.6}, {"dense.fp16_bf16", 71}, {"sparse.fp16_bf16", 142}}},
		{"rtx-4090", "NVIDIA Ada GPU architecture whitepaper", []fig{{"memory_gb", 24}, {"memory_bandwidth_gb_s", 1008}, {"tdp_w", 450}, {"dense.fp32", 82.6}, {"dense.tf32", 82.6}, {"dense.fp16_bf16", 165.2}, {"dense.fp8", 660.6}, {"dense.int8", 660.6}, {"sparse.tf32", 165.2}, {"sparse.fp16_bf16", 330.4}, {"sparse.fp8", 1321.2}, {"sparse.int8", 1321.2}}},
		{"t4-pcie-16gb", "docs.cloud.google.com/compute/docs/gpus", []fig{{"memory_gb", 16}, {"memory_bandwidth_gb_s", 320}, {"dense.fp32", 8.1}, {"dense.fp16_bf16", 65}, {"dense.int8", 130}}},
		{"tpu-v5e", "docs.cloud.google.com/tpu/docs/v5e", []fig{{"memory_gb", 16}, {"memory_bandwidth_gb_s", 819}, {"dense.fp16_bf16", 197}, {"dense.int8", 393}}},
		{"tpu-v5p", "docs.cloud.google.com/tpu/docs/v5p", []fig{{"memory_gb", 95}, {"memory_bandwidth_gb_s", 2765}, {"dense.fp16_bf16", 459}}},
		{"tpu-v6e", "docs.cloud.google.com/tpu/docs/v6e", []fig{{"memory_gb", 32}, {"memory_bandwidth_gb_s", 1638}, {"dense.fp16_bf16", 918}, {"dense.int8", 1836}}},
		{"trainium", "awsdocs-neuron.readthedocs-hosted.com", []fig{{"memory_gb", 32}, {"memory_bandwidth_gb_s", 820}, {"dense.fp32", 47.5}, {"dense.tf32", 190}, {"dense.fp16_bf16", 190}, {"dense.int8", 380}}},
		{"trainium2", "awsdocs-neuron.readthedocs-hosted.com", []fig{{"memory_gb", 96}, {"memory_bandwidth_gb_s", 2900}, {"tdp_w", 500}, {"dense.fp32", 181}, {"dense.tf32", 667}, {"dense.fp16_bf16", 667}, {"dense.fp8", 1299}}},
		{"v100-pcie-16gb", "github.com/opentelekomcloud-docs/elastic-cloud-server@", []fig{{"memory_gb", 16}, {"memory_bandwidth_gb_s", 900}, {"dense.fp32", 14}, {"dense.fp16_bf16", 112}}},
		{"v100-pcie-32gb", "github.com/opentelekomcloud-docs/elastic-cloud-server@", []fig{{"memory_gb", 32}, {"memory_bandwidth_gb_s", 900}, {"dense.fp32", 14}, {"dense.fp16_bf16", 112}}},
		{"v100-sxm2-16gb", "docs.cloud.google.com/compute/docs/gpus", []fig{{"memory_gb", 16}, {"memory_bandwidth_gb_s", 900}, {"dense.fp32", 15.7}, {"dense.fp16_bf16", 125}, {"interconnect.bandwidth_gb_s", 300}}},
		{"v100-sxm2-32gb", "github.com/tencentyun/intlcloud-documents@", []fig{{"memory_gb", 32}, {"dense.fp32", 15.7}, {"dense.fp16_bf16", 125}, {"interconnect.bandwidth_gb_s", 300}}},
		{"v100s-pcie-32gb", "volta-v100-datasheet", []fig{{"memory_gb", 32}, {"memory_bandwidth_gb_s", 1134}, {"tdp_w", 250}, {"dense.fp32", 16.4}, {"dense.fp16_bf16", 130}}},
	}
	seen := map[string]bool{}
	for _, r := range rows {
		seen[r.id] = true
		g := cat.GPU(r.id)
		if g == nil {
			t.Errorf("no GPU %q", r.id)
			continue
		}
		if r.vendorDoc != "" && !strings.Contains(g.Source, r.vendorDoc) {
			t.Errorf("%s: source %q does not cite the vendor's document %q", r.id, g.Source, r.vendorDoc)
		}
		// The page says whose figures they are: a record with no vendor
		// document is marked figures_from: secondary, and only such a one.
		if want := r.vendorDoc != ""; g.VendorFigures() != want {
			t.Errorf("%s: figures_from %q, but the record %s the vendor's document: want %q", r.id, g.FiguresFrom,
				map[bool]string{true: "cites", false: "cites no"}[want], map[bool]string{true: FiguresVendor, false: FiguresSecondary}[want])
		}
		if got := gpuFigures(g); !slices.Equal(got, r.figures) {
			t.Errorf("%s figures:\n got %v\nwant %v", r.id, got, r.figures)
		}
	}
	for _, g := range cat.GPUs {
		if !seen[g.ID] {
			t.Errorf("GPU %q has no pinned figures: add it here with the vendor document it cites", g.ID)
		}
	}
	// A record whose vendor publishes no figure that was found says where
	// it was looked for and when, so the page tells a buyer what is not
	// there as well as what is; and it cites the vendor's own list of the
	// product, which names it without figures.
	for _, id := range []string{"a800-40gb", "l20-48gb"} {
		g := cat.GPU(id)
		if g == nil {
			continue
		}
		if !checkedDate.MatchString(g.Notes) {
			t.Errorf("%s: notes do not say when the vendor's datasheet was looked for (\"checked YYYY-MM-DD: where\")", id)
		}
		if !strings.Contains(g.Source, "github.com/NVIDIA/open-gpu-kernel-modules") {
			t.Errorf("%s: source does not cite NVIDIA's own list of the GPUs its driver supports", id)
		}
	}
	// Where the GeForce records' FP16/BF16 figure comes from matters
	// (GeForce runs FP32 accumulate at half the FP16-accumulate rate):
	// their notes name it.
	for _, id := range []string{"rtx-3090", "rtx-4090"} {
		if g := cat.GPU(id); g == nil || !strings.Contains(g.Notes, "FP32 accumulate") {
			t.Errorf("%s: notes do not name the accumulate precision of its FP16/BF16 figure", id)
		}
	}
}

// Kinds of source a GPU figure rests on.
const (
	ownNVIDIA   = "nvidia"   // a page or document NVIDIA publishes, read
	ownProvider = "provider" // the own documentation of a cloud that rents the card, stating NVIDIA's figures
	copyOnly    = "copy"     // a third party's copy of NVIDIA's datasheet, no owned text read
)

// TestShippedGPUSourceKinds pins, for the NVIDIA records whose datasheet
// was read only in third-party copies, the kind of source each rests on
// now: every place a record names as owned is NVIDIA's (a host under
// nvidia.com) or a provider's own by the source registry, and is the
// first place of a citation of the record's source; a figure no owned
// text states (the TDP above all) is unknown, and the notes name the
// copies' figure and say where and when owned text was looked for, in
// both editions. A record still resting on a copy says so.
func TestShippedGPUSourceKinds(t *testing.T) {
	cat := shipped(t)
	const (
		google  = "docs.cloud.google.com/compute/docs/gpus"
		otc     = "github.com/opentelekomcloud-docs/elastic-cloud-server@0c20265b537e8863157568ec69f1d95f53b3ef94"
		tencent = "github.com/tencentyun/intlcloud-documents@b7e17ea691c4ad7ae878e00e9d6dc37ff7ae1f1c"
	)
	rows := []struct {
		id      string
		kinds   []string // the kinds of the record's sources, strongest first
		owned   []string // places of owned text the source cites
		unknown []string // figures no owned text states, with what the notes say the copies give
	}{
		{"t4-pcie-16gb", []string{ownProvider}, []string{google, otc, tencent}, []string{"tdp_w", "70 W"}},
		{"p100", []string{ownProvider}, []string{google, otc}, []string{"tdp_w", "250 W"}},
		{"v100-pcie-16gb", []string{ownProvider}, []string{otc}, []string{"tdp_w", "250 W"}},
		{"v100-pcie-32gb", []string{ownProvider}, []string{otc}, []string{"tdp_w", "250 W"}},
		{"v100-sxm2-16gb", []string{ownProvider, ownNVIDIA}, []string{google, otc, "developer.nvidia.com/programming-tensor-cores-cuda-9-0"}, []string{"tdp_w", "300 W"}},
		{"v100-sxm2-32gb", []string{ownProvider}, []string{tencent}, []string{"tdp_w", "300 W", "memory_bandwidth_gb_s", "900 GB/s"}},
		{"l4-pcie-24gb", []string{ownProvider, ownNVIDIA}, []string{google, "docs.nvidia.com/nim/nvclip/latest/profiles.html"}, []string{"tdp_w", "72 W"}},
		{"a10-pcie-24gb", []string{copyOnly, ownProvider}, []string{tencent, "github.com/microsoftdocs/azure-docs@2eee460444f5d4fda6cb6529c5a319a1e8450a7e"}, nil},
		{"v100s-pcie-32gb", []string{copyOnly}, nil, nil},
	}
	for _, r := range rows {
		g := cat.GPU(r.id)
		if g == nil {
			t.Errorf("no GPU %q", r.id)
			continue
		}
		var firsts []string
		for _, c := range Locations(g.Source) {
			if len(c) > 0 {
				firsts = append(firsts, c[0])
			}
		}
		kinds := map[string]bool{}
		for _, at := range r.owned {
			i := slices.IndexFunc(firsts, func(l string) bool { return strings.HasPrefix(l, strings.ToLower(at)) })
			if i < 0 {
				t.Errorf("%s: no citation of the source starts with %s: %q", r.id, at, g.Source)
				continue
			}
			switch loc := firsts[i]; {
			case under(loc, "nvidia.com"):
				kinds[ownNVIDIA] = true
			case slices.ContainsFunc(cat.Providers, func(p *Provider) bool { return cat.Sources.Own(p.ID, loc) }):
				kinds[ownProvider] = true
			default:
				t.Errorf("%s: %s is neither NVIDIA's nor, by the source registry, a provider's own place", r.id, loc)
			}
		}
		if slices.Contains(r.kinds, copyOnly) {
			kinds[copyOnly] = true
			if !strings.Contains(g.Notes, "third-party copy of NVIDIA's") {
				t.Errorf("%s: its figures rest on a copy of NVIDIA's datasheet, and the notes do not say so", r.id)
			}
		}
		if len(kinds) != len(r.kinds) || slices.ContainsFunc(r.kinds, func(k string) bool { return !kinds[k] }) {
			t.Errorf("%s: source kinds %v, want %v", r.id, kinds, r.kinds)
		}
		if r.kinds[0] == ownProvider && !strings.Contains(g.Notes, "own documentation") {
			t.Errorf("%s: the notes do not say the figures are a provider's own documentation of NVIDIA's", r.id)
		}
		figures := map[string]*float64{"tdp_w": g.TDPWatts, "memory_bandwidth_gb_s": g.BandwidthGBs}
		for i := 0; i+1 < len(r.unknown); i += 2 {
			if v := figures[r.unknown[i]]; v != nil {
				t.Errorf("%s: %s %v, which no owned text states: leave it unknown", r.id, r.unknown[i], *v)
			}
			if !strings.Contains(g.Notes, r.unknown[i+1]) {
				t.Errorf("%s: the notes do not name the copies' %s (%s)", r.id, r.unknown[i], r.unknown[i+1])
			}
		}
		if !checkedDate.MatchString(g.Notes) || !regexp.MustCompile(`\d{4}-\d{2}-\d{2}核查：`).MatchString(g.I18n["zh-CN"]["notes"]) {
			t.Errorf("%s: the notes do not say, in both editions, where and when owned text was looked for", r.id)
		}
	}
	// The V100 PCIe figures are the provider's 14 TFLOPS, not a
	// database's 14.1.
	for _, id := range []string{"v100-pcie-16gb", "v100-pcie-32gb"} {
		if g := cat.GPU(id); g == nil || !refSame(g.Dense.FP32, 14) {
			t.Errorf("%s: FP32 is not the 14 TFLOPS the provider states", id)
		}
	}
}

// TestShippedGPUSiblings: no two GPU records share a row of compute
// figures (dense and sparse) unless the records say they are the same
// compute, as their vendor's documents do (the A100 datasheet gives one
// set of figures for its four variants): a record that carries a sibling
// model's figures without saying so is a copy, not a source.
func TestShippedGPUSiblings(t *testing.T) {
	cat := shipped(t)
	rows := map[string][]*GPU{}
	var keys []string
	for _, g := range cat.GPUs {
		var row []string
		known := false
		for _, tp := range []Throughput{g.Dense, g.Sparse} {
			for _, p := range Precisions {
				v := p.Of(tp)
				if v != nil {
					known = true
					row = append(row, fmt.Sprint(*v))
				} else {
					row = append(row, "-")
				}
			}
		}
		if !known {
			continue
		}
		k := strings.Join(row, " ")
		if rows[k] == nil {
			keys = append(keys, k)
		}
		rows[k] = append(rows[k], g)
	}
	shared := 0
	for _, k := range keys {
		gs := rows[k]
		if len(gs) < 2 {
			continue
		}
		shared++
		for _, g := range gs {
			if !strings.Contains(strings.ToLower(g.Notes), "same compute as") {
				var others []string
				for _, o := range gs {
					if o != g {
						others = append(others, o.ID)
					}
				}
				t.Errorf("%s shares its figures (%s) with %v, and its notes do not say it is the same compute as them", g.ID, k, others)
			}
		}
	}
	if shared == 0 {
		t.Error("no two records share figures: the A100 variants should")
	}
}

// vendorDocument matches a source that names a vendor's own document: a
// vendor's domain or code organisation (NVIDIA, AMD, Google Cloud's TPU
// pages, AWS, which sells the A10G and Trainium, Huawei Cloud), or an
// NVIDIA datasheet, whitepaper, product brief or specification page
// named as what a copy transcribes, or the documentation of a cloud
// that rents an NVIDIA card and states its NVIDIA figures (Google Cloud's
// GPU pages, Open Telekom Cloud's and Tencent Cloud's documentation
// repositories).
var vendorDocument = regexp.MustCompile(`(?i)(github\.com/opentelekomcloud-docs/|github\.com/tencentyun/|nvidia\.com|nvidia\.cn|nvdam\.widen\.net|nvd\.orangelogic\.com|amd\.com|github\.com/rocm/|docs\.cloud\.google\.com|cloud\.google\.com/tpu|awsdocs-neuron|aws\.amazon\.com|github\.com/aws/|github\.com/awsdocs/|github\.com/huaweicloud/|nvidia[^;]{0,60}(datasheet|data sheet|whitepaper|product brief|specifications))`)

// TestShippedGPUFiguresHaveAVendor holds every record, not only the pinned
// ones: a record whose figures are shown as the vendor's (no figures_from:
// secondary) cites a vendor's own document, so a figure without one fails
// here unless the page says whose it is; and a record marked secondary
// keeps no figure but the memory its product name states (the rest are
// unknown, as no vendor states them), says in both editions where the
// vendor's figures were looked for and when, and its page says the
// figures are not the vendor's.
func TestShippedGPUFiguresHaveAVendor(t *testing.T) {
	cat := shipped(t)
	secondary := 0
	for _, g := range cat.GPUs {
		if g.VendorFigures() {
			if !vendorDocument.MatchString(g.Source) {
				t.Errorf("%s: figures shown as the vendor's, but the source cites no vendor document: %q", g.ID, g.Source)
			}
			continue
		}
		secondary++
		for _, f := range gpuFigures(g) {
			if f.key != "memory_gb" {
				t.Errorf("%s (figures_from: secondary): %s %v has no vendor source; leave it unknown and say in the notes whose it was", g.ID, f.key, f.value)
			}
		}
		if !checkedDate.MatchString(g.Notes) {
			t.Errorf("%s: notes do not say where and when the vendor's figures were looked for (\"checked YYYY-MM-DD: where\")", g.ID)
		}
		if zh := g.I18n["zh-CN"]["notes"]; !regexp.MustCompile(`\d{4}-\d{2}-\d{2}核查：`).MatchString(zh) {
			t.Errorf("%s: the Chinese notes do not say when the vendor's figures were looked for (\"YYYY-MM-DD核查：\")", g.ID)
		}
	}
	if secondary == 0 {
		t.Log("no record is marked figures_from: secondary")
	}
	// The matcher is not so loose that a database page passes for a vendor.
	for _, s := range []string{"https://siliconcat.net/gpu/nvidia-a800-pcie-40-gb", "https://www.baseten.co/blog/nvidia-a10-vs-a10g-for-ml-model-inference/", "github.com/lm-sys/lm-sys.github.io blog/2025-09-26-sglang-ant-group.md"} {
		if vendorDocument.MatchString(s) {
			t.Errorf("vendorDocument matches %q, a third party's page", s)
		}
	}
}
