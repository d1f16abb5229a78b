package mlperf

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"gpucompare/generator/catalog"
)

// knownAccelerators maps accelerator names, as MLCommons summary.csv
// files spell them and normalised by norm ("NVIDIA H100-SXM-80GB" →
// "h100-sxm-80gb"), to the GPU ids of the shipped catalog.
var knownAccelerators = byName([]struct {
	id    string
	names []string
}{
	{"h100-sxm5-80gb", []string{"h100-sxm-80gb", "h100-sxm5-80gb", "h100-sxm", "h100-sxm5"}},
	{"h100-pcie-80gb", []string{"h100-pcie-80gb", "h100-pcie"}},
	{"h100-nvl", []string{"h100-nvl", "h100-nvl-94gb"}},
	{"h200-sxm-141gb", []string{"h200-sxm-141gb", "h200-sxm", "h200-141gb", "h200-sxm5-141gb"}},
	{"b200-sxm-180gb", []string{"b200-sxm-180gb", "b200-sxm", "b200-180gb", "b200", "blackwell-gpu-b200-sxm-180gb"}},
	{"gb200", []string{"gb200", "blackwell-gpu-gb200"}},
	// Training v5.1 names the B300's usable memory (270 GB) where the
	// catalog has the vendor's 288 GB.
	{"b300-sxm-288gb", []string{"b300-sxm-288gb", "b300-sxm", "blackwell-ultra-gpu-b300-sxm-270gb"}},
	{"a100-sxm4-80gb", []string{"a100-sxm-80gb", "a100-sxm4-80gb"}},
	{"a100-sxm4-40gb", []string{"a100-sxm-40gb", "a100-sxm4-40gb"}},
	{"a100-pcie-80gb", []string{"a100-pcie-80gb"}},
	{"a100-pcie-40gb", []string{"a100-pcie-40gb"}},
	{"l40s-pcie-48gb", []string{"l40s", "l40s-48gb", "l40s-pcie-48gb"}},
	{"l4-pcie-24gb", []string{"l4", "l4-24gb", "l4-pcie-24gb"}},
	{"a10-pcie-24gb", []string{"a10", "a10-24gb", "a10-pcie-24gb"}},
	{"a10g-24gb", []string{"a10g", "a10g-24gb"}},
	{"a30-pcie-24gb", []string{"a30", "a30-24gb", "a30-pcie-24gb"}},
	{"a40", []string{"a40", "a40-48gb"}},
	{"t4-pcie-16gb", []string{"t4", "t4-16gb", "t4-pcie-16gb"}},
	{"mi300x", []string{"mi300x", "mi300x-192gb", "mi300x-oam", "mi300x-oam-192gb"}},
	{"mi250x", []string{"mi250x", "mi250x-128gb", "mi250x-oam"}},
	{"rtx-4090", []string{"rtx-4090"}},
	{"rtx-3090", []string{"rtx-3090"}},
	{"v100-sxm2-16gb", []string{"v100-sxm2-16gb"}},
	{"v100-sxm2-32gb", []string{"v100-sxm2-32gb"}},
	{"v100-pcie-16gb", []string{"v100-pcie-16gb"}},
	{"v100-pcie-32gb", []string{"v100-pcie-32gb"}},
	{"v100s-pcie-32gb", []string{"v100s-pcie-32gb"}},
	{"tpu-v5e", []string{"tpu-v5e", "tpu-v5-lite"}},
	{"tpu-v6e", []string{"tpu-v6e", "tpu-trillium"}},
})

func byName(gpus []struct {
	id    string
	names []string
}) map[string]string {
	m := map[string]string{}
	for _, g := range gpus {
		for _, n := range g.names {
			m[n] = g.id
		}
	}
	return m
}

// Words that do not tell one accelerator model from another: vendor and
// brand names, and memory types (the memory size stays).
var noiseWords = []string{"nvidia", "amd", "google", "intel", "tesla", "geforce", "instinct", "hbm2", "hbm2e", "hbm3", "hbm3e", "gddr6", "gddr6x"}

var (
	nonAlnum = regexp.MustCompile(`[^a-z0-9]+`)
	watts    = regexp.MustCompile(`^[0-9]+w$`)
)

// norm reduces an accelerator name to its identifying words joined by
// "-": "NVIDIA H100-SXM-80GB" → "h100-sxm-80gb", "AMD Instinct MI300X
// 192GB (750W)" → "mi300x-192gb".
func norm(name string) string {
	var words []string
	for _, w := range strings.Fields(nonAlnum.ReplaceAllString(strings.ToLower(name), " ")) {
		if !slices.Contains(noiseWords, w) && !watts.MatchString(w) {
			words = append(words, w)
		}
	}
	return strings.Join(words, "-")
}

// matcher maps accelerator names to catalog GPU ids: the built-in table
// first and, when a site's GPUs are given, their ids and names.
type matcher struct {
	gpus []*catalog.GPU // nil: the shipped catalog's ids, unchecked
}

// match returns the GPU id of an accelerator name, or why there is none.
func (m matcher) match(name string) (id, why string) {
	key := norm(name)
	words := strings.Split(key, "-")
	switch {
	case key == "" || key == "n-a" || key == "na" || key == "none":
		return "", "no accelerator (a CPU-only system)"
	case slices.Contains(words, "mig"):
		return "", "a MIG slice of a GPU, not a whole one"
	}
	id, known := knownAccelerators[key]
	if m.gpus == nil {
		if !known {
			return "", "not in the importer's table of accelerators: name its catalog GPU with -root DIR, or add it to the table"
		}
		return id, ""
	}
	if known && slices.ContainsFunc(m.gpus, func(g *catalog.GPU) bool { return g.ID == id }) {
		return id, ""
	}
	var found []string
	for _, g := range m.gpus {
		if key == norm(g.ID) || key == norm(g.Name) || key == norm(g.Model+" "+g.Variant) {
			found = append(found, g.ID)
		}
	}
	switch {
	case len(found) == 1:
		return found[0], ""
	case len(found) > 1:
		return "", fmt.Sprintf("matches more than one catalog GPU (%s)", strings.Join(found, ", "))
	case known:
		return "", fmt.Sprintf("the importer maps it to gpu %q, which the catalog's data/gpus/ lacks", id)
	}
	return "", "matches no GPU of the catalog's data/gpus/ by id or name: add the GPU there, or to the importer's table"
}
