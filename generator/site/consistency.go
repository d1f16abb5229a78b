package site

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"gpucompare/generator/bench"
	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/paths"
)

// The pages agree with the catalog: a sentence that counts or denies, or
// a "—" (unknown) shown for a field, must not be contradicted by another
// record or field of the catalog the same build reads. consistency checks
// what the pages are made from before they render, and each disagreement
// is an error that names the page, the record and where it stands, so the
// build fails rather than publish it:
//
//   - a benchmark result "not costed: its accelerator is a TPU, not a GPU,
//     and no offer in the catalog rents it" while priced offers of that
//     accelerator exist;
//   - an instance type's RDMA shown "—" while its own network field names
//     an RDMA fabric (EFA, InfiniBand, RoCE);
//   - its GPU interconnect shown "—" while its network field names a GPU
//     link (NVLink, NVSwitch, Infinity Fabric);
//   - its GPU memory shown as a stated total (gpu_memory_gb) larger than
//     its GPUs hold: the count times the memory its GPU model's page
//     states per GPU;
//   - an instance type's name that counts its GPUs ("gpu_8x_h100_sxm5",
//     "N1 + 4x T4") beside a GPU count the page shows otherwise;
//   - a benchmark result said to have run on an instance type whose GPU
//     is another model, or which holds fewer GPUs than each node of the
//     result had.

// rdmaFabric and gpuLink are the words of a network field that state RDMA
// and a GPU-to-GPU link.
var (
	rdmaFabric = regexp.MustCompile(`(?i)\b(EFA|InfiniBand|RoCE|RDMA)\b`)
	gpuLink    = regexp.MustCompile(`(?i)\b(NVLink|NVSwitch|Infinity Fabric)\b`)
	// namedCount is a count of GPUs in an instance type's name: "8x" or
	// "8×" before a word ("gpu_8x_h100", "4x T4"), not a size such as
	// "24xlarge" or a part of another token ("p4d.24x…").
	namedCount = regexp.MustCompile(`(?i)(?:^|[^a-z0-9.])(\d{1,4}) ?[x×][ _-]?([a-z][a-z0-9]*)`)
)

// consistency lists the contradictions between what the pages of cat
// would say and the catalog, as errors.
func consistency(cat *catalog.Catalog, data *derive.Data) []catalog.Diagnostic {
	var out []catalog.Diagnostic
	errorf := func(pos catalog.Pos, format string, args ...any) {
		out = append(out, catalog.Diagnostic{Pos: pos, Severity: catalog.Error, Message: fmt.Sprintf(format, args...)})
	}
	rents := map[*catalog.GPU][]*pricing.Offer{}
	for _, o := range data.Priced {
		if o.GPU != nil {
			rents[o.GPU] = append(rents[o.GPU], o)
		}
	}
	for _, g := range data.BenchGroups {
		for i, r := range g.Results {
			if r.NotCosted.Code != bench.NotGPU || r.GPU == nil {
				continue
			}
			if offers := rents[r.GPU]; len(offers) > 0 {
				errorf(g.Benchmark.ResultPos(r.Result, "gpu"), "page %s says of benchmark %q result %d that no offer in the catalog rents its %s, but the catalog prices %d offers of it (the first: %s of %s): cost the result on them, or say why not",
					paths.Benchmark(g.Benchmark.ID), g.Benchmark.ID, i+1, r.GPU.Name, len(offers), offers[0].Instance.Name, offers[0].Provider.ID)
			}
		}
	}
	for _, p := range cat.Providers {
		for _, in := range p.Instances {
			network := in.Network
			if in.RDMA == nil && rdmaFabric.MatchString(network) {
				errorf(p.InstancePos(in, "network"), "page %s shows RDMA \"—\" (unknown) for instance type %q of provider %q, but its network says %q (%s): state rdma, with its source, or word the network without it",
					paths.Instance(in), in.ID, p.ID, network, rdmaFabric.FindString(network))
			}
			if g := cat.GPU(in.GPU); g != nil && g.MemoryGB != nil && in.GPUMemoryGB != nil && in.GPUCount > 0 {
				if holds := *g.MemoryGB * float64(in.GPUCount); *in.GPUMemoryGB > holds+0.5 {
					errorf(p.InstancePos(in, "gpu_memory_gb"), "page %s shows %s GB of GPU memory for instance type %q of provider %q, but its %d× %s hold %s GB (%s GB each, as page %s says): state the memory its GPUs have, or the GPU model and count it has",
						paths.Instance(in), num(*in.GPUMemoryGB), in.ID, p.ID, in.GPUCount, g.Name, num(holds), num(*g.MemoryGB), paths.GPU(g.ID))
				}
			}
			if n, said, ok := nameCount(in.Name); ok && in.GPUCount > 0 && n != in.GPUCount {
				errorf(p.InstancePos(in, "gpu_count"), "page %s shows %d GPUs for instance type %q of provider %q, but its name says %q: state the GPU count the name gives, or the name the provider gives",
					paths.Instance(in), in.GPUCount, in.Name, p.ID, said)
			}
			claimed := in.Claims != nil && in.Claims.Interconnect != "" // shown, marked as claimed
			if strings.TrimSpace(in.Interconnect) == "" && !claimed && gpuLink.MatchString(network) {
				errorf(p.InstancePos(in, "network"), "page %s shows the GPU interconnect \"—\" (unknown) for instance type %q of provider %q, but its network says %q (%s): state interconnect, with its source, or word the network without it",
					paths.Instance(in), in.ID, p.ID, network, gpuLink.FindString(network))
			}
		}
	}
	for _, b := range cat.Benchmarks {
		for i, r := range b.Results {
			p := cat.Provider(r.Provider)
			if p == nil || r.Instance == "" {
				continue
			}
			in := p.Instance(r.Instance)
			if in == nil {
				continue // refused when the catalog loads
			}
			perNode := r.GPUCount
			if r.Nodes > 0 {
				perNode = r.GPUCount / r.Nodes
			}
			switch {
			case in.GPU != r.GPU:
				errorf(b.ResultPos(r, "instance"), "page %s says benchmark %q result %d ran on instance type %q of provider %q with GPU %q, but that instance type holds %q: name the instance type it ran on, or its GPU",
					paths.Benchmark(b.ID), b.ID, i+1, in.ID, p.ID, r.GPU, in.GPU)
			case in.GPUCount > 0 && perNode > in.GPUCount:
				errorf(b.ResultPos(r, "instance"), "page %s says benchmark %q result %d ran on instance type %q of provider %q with %d GPUs on each node, but that instance type holds %d: state nodes, or the instance type it ran on",
					paths.Benchmark(b.ID), b.ID, i+1, in.ID, p.ID, perNode, in.GPUCount)
			}
		}
	}
	return out
}

// nameCount is the count of GPUs an instance type's name gives, with the
// words that give it ("8x_h100"); ok is false when it gives none.
func nameCount(name string) (n int, said string, ok bool) {
	m := namedCount.FindStringSubmatch(name)
	if m == nil || strings.HasSuffix(strings.ToLower(m[2]), "large") {
		return 0, "", false
	}
	n, err := strconv.Atoi(m[1])
	return n, strings.TrimLeft(m[0], " _-+(/"), err == nil
}

// num writes a figure as the pages do: no exponent, no trailing zeros.
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// checkConsistency adds to the build's report, as errors, each
// contradiction between the pages and the catalog: the pages must agree
// with it, or the build fails.
func (b *builder) checkConsistency() {
	for _, d := range consistency(b.cat, b.Data) {
		b.add(d)
	}
}
