package catalog

import (
	"cmp"
	"strings"
)

// Benchmark returns the benchmark with the given id, or nil.
func (c *Catalog) Benchmark(id string) *Benchmark {
	for _, b := range c.Benchmarks {
		if b.ID == id {
			return b
		}
	}
	return nil
}

// Conversion says how many GPU-hours of a GPU do the work of one GPU-hour
// of a workload's reference GPU, and from which figures.
type Conversion struct {
	// Factor is the GPU's hours per hour of the reference GPU: 0.34 for
	// an H100 doing A100-hours of work.
	Factor float64
	// By is what the factor comes from: "same" (the reference GPU
	// itself), "benchmark" (the per-GPU results of Benchmark) or "tflops"
	// (dense figures of the precision named Precision: "FP16/BF16").
	By        string
	Benchmark *Benchmark
	Precision string
	// Ref and Own are the figures compared, per GPU, in Unit: the
	// reference GPU's and this GPU's (the benchmark's unit, or TFLOPS).
	Ref, Own float64
	Unit     string
	// Result is the benchmark's result a workload of units (By "units")
	// is costed by: Factor is then the GPU's hours for one unit, Own the
	// result's speed per GPU (a throughput) or its GPU-hours a run (a
	// time), in Unit.
	Result *Result
}

// WorkUnit is what a benchmark's results count as units of work: for a
// throughput, the amount its unit is a rate of ("tokens" of "tokens/s",
// "TFLOP" of "TFLOPS") and the hours in its unit of time; for a time to
// train, "runs" and the hours in its unit ("minutes": 1/60). ok is false
// when the unit is neither a rate nor a time the catalog reads.
func (b *Benchmark) WorkUnit() (unit string, hours float64, ok bool) {
	u := strings.TrimSpace(b.Unit)
	if b.Metric == "time" {
		h, ok := timeUnits[strings.ToLower(u)]
		return "runs", h, ok && !b.HigherIsBetter
	}
	if !b.Converts() {
		return "", 0, false
	}
	if amount, ok := strings.CutSuffix(u, "FLOPS"); ok && amount != "" && !strings.Contains(amount, " ") {
		return amount + "FLOP", 1.0 / 3600, true
	}
	for per, h := range ratePer {
		if amount, ok := strings.CutSuffix(u, per); ok && strings.TrimSpace(amount) != "" {
			return strings.TrimSpace(amount), h, true
		}
	}
	return "", 0, false
}

// timeUnits are the hours of the units of time a benchmark may count in.
var timeUnits = map[string]float64{"seconds": 1.0 / 3600, "s": 1.0 / 3600, "minutes": 1.0 / 60, "min": 1.0 / 60, "hours": 1, "h": 1}

// ratePer are the hours of the time a throughput's unit is a rate over.
var ratePer = map[string]float64{"/s": 1.0 / 3600, "/min": 1.0 / 60, "/h": 1}

// UnitHours is the GPU-hours a GPU takes for one unit of a benchmark's
// work (WorkUnit), by its result that takes the fewest: for a
// throughput, one over its speed per GPU; for a time to train, a run's
// hours times the GPUs it ran on. It takes the results of the GPU with a
// known GPU count in the benchmark's own unit; ok is false when there is
// none, or the unit is not one WorkUnit reads. perGPU is the result's
// figure: its speed per GPU, or its GPU-hours a run.
func (b *Benchmark) UnitHours(gpu string) (h, perGPU float64, used *Result, ok bool) {
	_, per, known := b.WorkUnit()
	if !known {
		return 0, 0, nil, false
	}
	for _, r := range b.Results {
		if r.GPU != gpu || r.GPUCount <= 0 || r.Value <= 0 || r.Unit != "" && r.Unit != b.Unit {
			continue
		}
		var rh, fig float64
		if b.Metric == "time" {
			fig = r.Value * per * float64(r.GPUCount)
			rh = fig
		} else {
			fig = r.Value / float64(r.GPUCount)
			rh = per / fig
		}
		if !ok || rh < h {
			h, perGPU, used, ok = rh, fig, r, true
		}
	}
	return h, perGPU, used, ok
}

// WorkPrecision is the precision a workload's work converts by where no
// benchmark does: its own, FP16/BF16 by default.
func WorkPrecision(w Workload) Precision {
	p, _ := precisionByKey(cmp.Or(w.Precision, "fp16_bf16"))
	return p
}

// Converts reports whether a benchmark can convert work between GPUs: a
// throughput, higher better, so that its results per GPU are speeds.
func (b *Benchmark) Converts() bool { return b.Metric != "time" && b.HigherIsBetter }

// PerGPU is a GPU's best result of a throughput benchmark per GPU: the
// throughput over the GPUs it ran on. ok is false when the benchmark is
// not a throughput (Converts) or has no result of the GPU with a known
// GPU count in its own unit.
func (b *Benchmark) PerGPU(gpu string) (v float64, ok bool) {
	if !b.Converts() {
		return 0, false
	}
	for _, r := range b.Results {
		if r.GPU != gpu || r.GPUCount <= 0 || r.Value <= 0 || r.Unit != "" && r.Unit != b.Unit {
			continue
		}
		if s := r.Value / float64(r.GPUCount); !ok || s > v {
			v, ok = s, true
		}
	}
	return v, ok
}

// ConvertWork is how a GPU does a workload's work: for a workload of
// units (UnitsPerMonth), the GPU's hours for one unit by the benchmark's
// results (Benchmark.UnitHours), and no other figure; else the same GPU-hours on
// the reference GPU itself or with no reference GPU; else by the
// workload's benchmark where it has results for both GPUs, else by their
// dense figures of the workload's precision. ok is false when neither
// converts: a figure of either GPU is unknown.
func (c *Catalog) ConvertWork(w Workload, g *GPU) (Conversion, bool) {
	if w.UnitsPerMonth > 0 {
		b := c.Benchmark(w.Benchmark)
		if b == nil || g == nil {
			return Conversion{By: "units", Benchmark: b}, false
		}
		h, fig, r, ok := b.UnitHours(g.ID)
		if !ok {
			return Conversion{By: "units", Benchmark: b}, false
		}
		return Conversion{Factor: h, By: "units", Benchmark: b, Own: fig, Unit: b.Unit, Result: r}, true
	}
	if w.ReferenceGPU == "" || g != nil && g.ID == w.ReferenceGPU {
		return Conversion{Factor: 1, By: "same"}, true
	}
	ref := c.GPU(w.ReferenceGPU)
	if ref == nil || g == nil {
		return Conversion{}, false
	}
	if b := c.Benchmark(w.Benchmark); b != nil {
		r, okRef := b.PerGPU(ref.ID)
		o, okOwn := b.PerGPU(g.ID)
		if okRef && okOwn {
			return Conversion{Factor: r / o, By: "benchmark", Benchmark: b, Ref: r, Own: o, Unit: b.Unit}, true
		}
	}
	p := WorkPrecision(w)
	r, o := p.Of(ref.Dense), p.Of(g.Dense)
	if r == nil || o == nil || *r <= 0 || *o <= 0 {
		return Conversion{Precision: p.Label}, false
	}
	return Conversion{Factor: *r / *o, By: "tflops", Precision: p.Label, Ref: *r, Own: *o, Unit: p.Unit}, true
}

// InstancePos is where the value of key stands in the record of the
// provider's instance type in, or where the record stands when it has no
// such key.
func (p *Provider) InstancePos(in *Instance, key string) Pos {
	return record{file: p.file, at: in.at}.pos(key)
}

// ResultPos is where the value of key stands in the record of the
// benchmark's result r, or where the record stands.
func (b *Benchmark) ResultPos(r *Result, key string) Pos {
	return record{file: b.file, at: r.at}.pos(key)
}
