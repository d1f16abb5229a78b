package catalog

// GPU returns the GPU with the given id, or nil.
func (c *Catalog) GPU(id string) *GPU { return c.gpuByID[id] }

// Provider returns the provider with the given id, or nil.
func (c *Catalog) Provider(id string) *Provider { return c.providerByID[id] }

// Instance returns the instance type id of the provider, or nil.
func (p *Provider) Instance(id string) *Instance {
	for _, in := range p.Instances {
		if in.ID == id {
			return in
		}
	}
	return nil
}

// Region returns the region id of the provider, or nil.
func (p *Provider) Region(id string) *Region {
	for _, r := range p.Regions {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// PricesOf returns the price points of an instance type in file order,
// which is the order of its history.
func (c *Catalog) PricesOf(in *Instance) []*PricePoint {
	var out []*PricePoint
	for _, p := range c.Prices {
		if p.Provider == in.Provider.ID && p.Instance == in.ID {
			out = append(out, p)
		}
	}
	return out
}

// InstancesOfGPU returns every instance type built on the GPU, by provider
// then file order.
func (c *Catalog) InstancesOfGPU(gpuID string) []*Instance {
	var out []*Instance
	for _, p := range c.Providers {
		for _, in := range p.Instances {
			if in.GPU == gpuID {
				out = append(out, in)
			}
		}
	}
	return out
}

// TotalGPUMemoryGB is the instance's GPU memory in GB, or nil when unknown.
func (c *Catalog) TotalGPUMemoryGB(in *Instance) *float64 {
	if in.GPUMemoryGB != nil {
		return in.GPUMemoryGB
	}
	g := c.GPU(in.GPU)
	if g == nil || g.MemoryGB == nil {
		return nil
	}
	v := *g.MemoryGB * float64(in.GPUCount)
	return &v
}

// HasRDMA reports whether the provider is known to offer RDMA.
func (f Features) HasRDMA() bool { return f.RDMA != nil && *f.RDMA }
