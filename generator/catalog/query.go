package catalog

import "slices"

// QueryFields are the numeric specs a guide's query may bound, by name: a
// GPU's figures (per GPU) and an instance type's.
var QueryFields = map[string]func(g *GPU, in *Instance) *float64{
	"gpu.memory_gb":               func(g *GPU, _ *Instance) *float64 { return g.MemoryGB },
	"gpu.memory_bandwidth_gb_s":   func(g *GPU, _ *Instance) *float64 { return g.BandwidthGBs },
	"gpu.tdp_w":                   func(g *GPU, _ *Instance) *float64 { return g.TDPWatts },
	"gpu.pcie_gen":                func(g *GPU, _ *Instance) *float64 { return g.PCIeGen },
	"gpu.interconnect.generation": func(g *GPU, _ *Instance) *float64 { return g.Interconnect.Generation },
	"gpu.interconnect.bandwidth_gb_s": func(g *GPU, _ *Instance) *float64 {
		return g.Interconnect.BidirGBs
	},
	"instance.vcpus":        func(_ *GPU, in *Instance) *float64 { return in.VCPUs },
	"instance.ram_gib":      func(_ *GPU, in *Instance) *float64 { return in.RAMGiB },
	"instance.network_gbps": func(_ *GPU, in *Instance) *float64 { return in.NetworkGbps },
}

func init() {
	for _, p := range Precisions {
		dense, sparse := p, p
		QueryFields["gpu.dense."+p.Key] = func(g *GPU, _ *Instance) *float64 { return dense.Of(g.Dense) }
		QueryFields["gpu.sparse."+p.Key] = func(g *GPU, _ *Instance) *float64 { return sparse.Of(g.Sparse) }
	}
}

// QueryPriceFields are the prices a guide's query may bound, in the
// bound's currency, under the query's pricing model: per GPU-hour, per hour
// for the whole instance, and per month for the whole instance running
// every hour of it.
var QueryPriceFields = []string{"price.per_gpu_hour", "price.hourly", "price.per_month"}

// QuerySorts are the orders a guide's query may ask for.
var QuerySorts = []string{"per_gpu_hour", "hourly", "per_gb_hour", "per_fp16_tflops_hour", "per_fp32_tflops_hour"}

// QueryFeatures are the provider features a query may require.
var QueryFeatures = []string{"rdma", "gpudirect", "physical_isolation", "hardware_encryption", "dl_images", "k8s_device_plugin"}

// Has reports whether the provider is known to have a feature of
// QueryFeatures; unknown is not yes.
func (f Features) Has(name string) bool {
	v := map[string]*bool{"rdma": f.RDMA, "gpudirect": f.GPUDirect, "physical_isolation": f.PhysicalIsolation,
		"hardware_encryption": f.HardwareEncryption, "dl_images": f.DLImages, "k8s_device_plugin": f.K8sDevicePlugin}[name]
	return v != nil && *v
}

func queryFieldNames() []string {
	var out []string
	for k := range QueryFields {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
