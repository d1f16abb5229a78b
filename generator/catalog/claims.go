package catalog

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gpucompare/generator/note"
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
			for _, v := range []struct {
				key string
				n   note.Note
			}{
				{"tflops", tflopsVerdict(c, g, in.GPUCount)},
				{"interconnect", interconnectVerdict(c.Interconnect, g)},
				{"pcie", pcieVerdict(c.PCIe, g, l.cat.GPUs)},
			} {
				if v.n.Code != "" {
					msg := ClaimWords(v.n)
					r.warnf(v.key, "%s", msg)
					c.Disagreements = append(c.Disagreements, msg)
					c.Verdicts = append(c.Verdicts, v.n)
					c.Disputed = append(c.Disputed, v.key)
				}
			}
		}
	}
}

// claimWords are the English words of the claims check's verdicts, by
// the code of their note: check says them, and a page words the same
// notes by its language's messages (instance.claim_verdict.*, whose
// English is these words).
var claimWords = map[string]string{
	"tflops":           `"%s" disagrees: %s; %s`,
	"none":             "no match for %s TFLOPS in 1–%d× %s at any known precision",
	"one":              "%s TFLOPS matches %s",
	"two":              "%s TFLOPS matches %s, also %s",
	"dense":            "%d× %s %s dense (%s)",
	"sparse":           "%d× %s %s sparse (%s)",
	"expected":         "%d× %s %s is %s",
	"expected_unknown": "%s %s is unknown in the catalog, so the claim cannot be confirmed",
	"nvlink_none":      `"%s", but %s has no NVLink (%s)`,
	"nvlink_other":     `"%s", but %s has %s`,
	"pcie":             `PCIe "%s", but %s is PCIe Gen%s`,
	"pcie_family":      `PCIe "%s", but %s is PCIe Gen%s (as %s states)`,
}

// ClaimVerdictCodes are the codes of the claims check's verdicts, each
// a message of a page's language (instance.claim_verdict.*).
var ClaimVerdictCodes = slices.Sorted(maps.Keys(claimWords))

// ClaimWords is the claims check's verdict n in English (claimWords),
// its notes within worded in turn; "" for no verdict.
func ClaimWords(n note.Note) string {
	if n.Code == "" {
		return ""
	}
	args := make([]any, len(n.Args))
	for i, a := range n.Args {
		if in, ok := a.(note.Note); ok {
			a = ClaimWords(in)
		}
		args[i] = a
	}
	return fmt.Sprintf(claimWords[n.Code], args...)
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

func (m claimMatch) note(g *GPU) note.Note {
	kind := "dense"
	if m.sparse {
		kind = "sparse"
	}
	value := num(round1(m.value))
	if m.prec.Unit != "TFLOPS" {
		value += " " + m.prec.Unit
	}
	return note.New(kind, m.count, gpuLabel(g), m.prec.Label, value)
}

// tflopsVerdict returns no note when the advertised TFLOPS agree with count ×
// the GPU's dense figure at the named precision within 5%, and otherwise
// says which precision and count the number probably is.
func tflopsVerdict(c *Claims, g *GPU, count int) note.Note {
	if c.TFLOPS == nil {
		return note.Note{}
	}
	claimed := *c.TFLOPS
	prec, _ := precisionByKey(c.Precision)
	stated := fmt.Sprintf("%s %s TFLOPS", prec.Label, num(claimed))
	var expected note.Note
	if v := prec.Of(g.Dense); v != nil {
		want := *v * float64(count)
		if math.Abs(claimed-want)/want <= claimTolerance {
			return note.Note{}
		}
		expected = note.New("expected", count, gpuLabel(g), prec.Label, num(round1(want)))
	} else {
		expected = note.New("expected_unknown", gpuLabel(g), prec.Label)
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
	var verdict note.Note
	switch len(matches) {
	case 0:
		verdict = note.New("none", num(claimed), count, gpuLabel(g))
	case 1:
		verdict = note.New("one", num(claimed), matches[0].note(g))
	default:
		verdict = note.New("two", num(claimed), matches[0].note(g), matches[1].note(g))
	}
	return note.New("tflops", stated, verdict, expected)
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }

var (
	nvlinkClaim = regexp.MustCompile(`(?i)nvlink\s*(\d+(?:\.\d+)?)?`)
	pcieClaim   = regexp.MustCompile(`(?i)^(?:pcie\s*)?(?:gen\s*)?(\d+)(?:\.0)?$`)
)

// interconnectVerdict warns when an advertised GPU link is not the GPU's.
func interconnectVerdict(claim string, g *GPU) note.Note {
	if claim == "" {
		return note.Note{}
	}
	m := nvlinkClaim.FindStringSubmatch(claim)
	if m == nil {
		return note.Note{} // only NVLink claims are checked for now
	}
	ic := g.Interconnect
	switch {
	case ic.Kind == "":
		return note.Note{}
	case ic.Kind != "nvlink":
		return note.New("nvlink_none", claim, gpuLabel(g), cmp.Or(ic.Name, ic.Kind))
	case m[1] != "" && ic.Generation != nil:
		gen, _ := strconv.ParseFloat(m[1], 64)
		if gen != *ic.Generation {
			return note.New("nvlink_other", claim, gpuLabel(g), cmp.Or(ic.Name, "NVLink "+num(*ic.Generation)))
		}
	}
	return note.Note{}
}

// pcieVerdict warns when an advertised PCIe generation is not the GPU's.
// A variant that does not state its PCIe generation takes the one its chip
// family's other variants agree on.
func pcieVerdict(claim string, g *GPU, all []*GPU) note.Note {
	if claim == "" {
		return note.Note{}
	}
	m := pcieClaim.FindStringSubmatch(strings.TrimSpace(claim))
	if m == nil {
		return note.Note{}
	}
	want, _ := strconv.ParseFloat(m[1], 64)
	gen, from := g.PCIeGen, ""
	if gen == nil && g.Model != "" {
		for _, o := range all {
			if o.Model != g.Model || o.PCIeGen == nil {
				continue
			}
			if gen != nil && *gen != *o.PCIeGen {
				return note.Note{} // the family disagrees with itself: nothing to say
			}
			gen, from = o.PCIeGen, o.Name
		}
	}
	if gen == nil || *gen == want {
		return note.Note{}
	}
	if from != "" {
		return note.New("pcie_family", claim, gpuLabel(g), num(*gen), from)
	}
	return note.New("pcie", claim, gpuLabel(g), num(*gen))
}
