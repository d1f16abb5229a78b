package catalog

import (
	"cmp"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Precision is one numeric precision of a GPU's peak throughput.
type Precision struct {
	Key   string // the YAML key: fp32, fp16_bf16 …
	Label string // what people read: FP32, FP16/BF16 …
	Unit  string // TFLOPS, or TOPS for integers
	Of    func(Throughput) *float64
}

// Precisions lists every precision the catalog knows, widest first.
var Precisions = []Precision{
	{"fp64", "FP64", "TFLOPS", func(t Throughput) *float64 { return t.FP64 }},
	{"fp32", "FP32", "TFLOPS", func(t Throughput) *float64 { return t.FP32 }},
	{"tf32", "TF32", "TFLOPS", func(t Throughput) *float64 { return t.TF32 }},
	{"fp16_bf16", "FP16/BF16", "TFLOPS", func(t Throughput) *float64 { return t.FP16BF16 }},
	{"fp8", "FP8", "TFLOPS", func(t Throughput) *float64 { return t.FP8 }},
	{"int8", "INT8", "TOPS", func(t Throughput) *float64 { return t.INT8 }},
}

// precisionAliases are the names a claim may use for a precision.
var precisionAliases = map[string]string{"fp16": "fp16_bf16", "bf16": "fp16_bf16"}

func precisionKeys() []string {
	var out []string
	for _, p := range Precisions {
		out = append(out, p.Key)
	}
	for a := range precisionAliases {
		out = append(out, a)
	}
	slices.Sort(out)
	return out
}

func precisionByKey(key string) (Precision, bool) {
	if k, ok := precisionAliases[key]; ok {
		key = k
	}
	for _, p := range Precisions {
		if p.Key == key {
			return p, true
		}
	}
	return Precision{}, false
}

// claimTolerance is how far an advertised figure may be from what the GPU
// model and count give before the claims check warns.
const claimTolerance = 0.05

// checkClaims compares the figures instance types advertise with what
// their GPU model and count give, and warns where they disagree.
func (l *loader) checkClaims() {
	for _, p := range l.cat.Providers {
		for _, in := range p.Instances {
			c := in.Claims
			g := l.cat.GPU(in.GPU)
			if c == nil || g == nil {
				continue
			}
			r := record{l: l, file: p.file, at: c.at, name: fmt.Sprintf("instance %q claims", in.ID)}
			for _, v := range []struct{ key, msg string }{
				{"tflops", tflopsVerdict(c, g, in.GPUCount)},
				{"interconnect", interconnectVerdict(c.Interconnect, g)},
				{"pcie", pcieVerdict(c.PCIe, g, l.cat.GPUs)},
			} {
				if v.msg != "" {
					r.warnf(v.key, "%s", v.msg)
					c.Disagreements = append(c.Disagreements, v.msg)
					c.Disputed = append(c.Disputed, v.key)
				}
			}
		}
	}
}

// gpuLabel is the short name of a GPU in claim verdicts: its chip family.
func gpuLabel(g *GPU) string { return cmp.Or(g.Model, g.Name, g.ID) }

type claimMatch struct {
	count  int
	prec   Precision
	sparse bool
	value  float64
	diff   float64
}

func (m claimMatch) String(g *GPU) string {
	kind := "dense"
	if m.sparse {
		kind = "sparse"
	}
	unit := ""
	if m.prec.Unit != "TFLOPS" {
		unit = " " + m.prec.Unit
	}
	return fmt.Sprintf("%d× %s %s %s (%s%s)", m.count, gpuLabel(g), m.prec.Label, kind, num(round1(m.value)), unit)
}

// tflopsVerdict returns "" when the advertised TFLOPS agree with count ×
// the GPU's dense figure at the named precision within 5%, and otherwise
// says which precision and count the number probably is.
func tflopsVerdict(c *Claims, g *GPU, count int) string {
	if c.TFLOPS == nil {
		return ""
	}
	claimed := *c.TFLOPS
	prec, _ := precisionByKey(c.Precision)
	stated := fmt.Sprintf("%s %s TFLOPS", prec.Label, num(claimed))
	var expected string
	if v := prec.Of(g.Dense); v != nil {
		want := *v * float64(count)
		if math.Abs(claimed-want)/want <= claimTolerance {
			return ""
		}
		expected = fmt.Sprintf("%d× %s %s is %s", count, gpuLabel(g), prec.Label, num(round1(want)))
	} else {
		expected = fmt.Sprintf("%s %s is unknown in the catalog, so the claim cannot be confirmed", gpuLabel(g), prec.Label)
	}

	var matches []claimMatch
	// The limit of a GPU count bounds the loop whatever count is: at
	// math.MaxInt, k <= count would hold for ever.
	for k := 1; k <= min(count, int(instanceGPUs.max)); k++ {
		for _, p := range Precisions {
			for _, sparse := range []bool{false, true} {
				tp := g.Dense
				if sparse {
					tp = g.Sparse
				}
				v := p.Of(tp)
				if v == nil {
					continue
				}
				total := *v * float64(k)
				if d := math.Abs(claimed-total) / total; d <= claimTolerance {
					matches = append(matches, claimMatch{count: k, prec: p, sparse: sparse, value: total, diff: d})
				}
			}
		}
	}
	// The likeliest reading first: one GPU or all of them, a floating-point
	// figure before an integer one, then the closest.
	rank := func(m claimMatch) (int, int) {
		edge, integer := 1, 0
		if m.count == 1 || m.count == count {
			edge = 0
		}
		if m.prec.Unit != "TFLOPS" {
			integer = 1
		}
		return edge, integer
	}
	slices.SortStableFunc(matches, func(a, b claimMatch) int {
		ae, ai := rank(a)
		be, bi := rank(b)
		return cmp.Or(cmp.Compare(ae, be), cmp.Compare(ai, bi), cmp.Compare(a.diff, b.diff), cmp.Compare(a.count, b.count))
	})
	var verdict string
	switch len(matches) {
	case 0:
		verdict = fmt.Sprintf("no match for %s TFLOPS in 1–%d× %s at any known precision", num(claimed), count, gpuLabel(g))
	case 1:
		verdict = fmt.Sprintf("%s TFLOPS matches %s", num(claimed), matches[0].String(g))
	default:
		verdict = fmt.Sprintf("%s TFLOPS matches %s, also %s", num(claimed), matches[0].String(g), matches[1].String(g))
	}
	return fmt.Sprintf("%q disagrees: %s; %s", stated, verdict, expected)
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }

var (
	nvlinkClaim = regexp.MustCompile(`(?i)nvlink\s*(\d+(?:\.\d+)?)?`)
	pcieClaim   = regexp.MustCompile(`(?i)^(?:pcie\s*)?(?:gen\s*)?(\d+)(?:\.0)?$`)
)

// interconnectVerdict warns when an advertised GPU link is not the GPU's.
func interconnectVerdict(claim string, g *GPU) string {
	if claim == "" {
		return ""
	}
	m := nvlinkClaim.FindStringSubmatch(claim)
	if m == nil {
		return "" // only NVLink claims are checked for now
	}
	ic := g.Interconnect
	switch {
	case ic.Kind == "":
		return ""
	case ic.Kind != "nvlink":
		return fmt.Sprintf("%q, but %s has no NVLink (%s)", claim, gpuLabel(g), cmp.Or(ic.Name, ic.Kind))
	case m[1] != "" && ic.Generation != nil:
		gen, _ := strconv.ParseFloat(m[1], 64)
		if gen != *ic.Generation {
			return fmt.Sprintf("%q, but %s has %s", claim, gpuLabel(g), cmp.Or(ic.Name, "NVLink "+num(*ic.Generation)))
		}
	}
	return ""
}

// pcieVerdict warns when an advertised PCIe generation is not the GPU's.
// A variant that does not state its PCIe generation takes the one its chip
// family's other variants agree on.
func pcieVerdict(claim string, g *GPU, all []*GPU) string {
	if claim == "" {
		return ""
	}
	m := pcieClaim.FindStringSubmatch(strings.TrimSpace(claim))
	if m == nil {
		return ""
	}
	want, _ := strconv.ParseFloat(m[1], 64)
	gen, from := g.PCIeGen, ""
	if gen == nil && g.Model != "" {
		for _, o := range all {
			if o.Model != g.Model || o.PCIeGen == nil {
				continue
			}
			if gen != nil && *gen != *o.PCIeGen {
				return "" // the family disagrees with itself: nothing to say
			}
			gen, from = o.PCIeGen, o.Name
		}
	}
	if gen == nil || *gen == want {
		return ""
	}
	by := ""
	if from != "" {
		by = fmt.Sprintf(" (as %s states)", from)
	}
	return fmt.Sprintf("PCIe %q, but %s is PCIe Gen%s%s", claim, gpuLabel(g), num(*gen), by)
}
