package catalog

import (
	"cmp"
	"slices"
	"strings"
)

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

// States reports whether the provider's certifications, as a source
// lists them, hold cert (compared without case): a guide's query and a
// scenario's limits keep the offers of providers that state theirs.
func (p *Provider) States(cert string) bool {
	return slices.ContainsFunc(p.Certs(), func(c string) bool { return strings.EqualFold(c, cert) })
}

// Certs is the provider's certifications as one list: its certifications'
// list, then the MLPS (等保) level its mlps record states (等保三级), or
// MLPSFiledName when it states a filing without a level. A record that
// states neither adds nothing.
func (p *Provider) Certs() []string {
	name := p.MLPS.CertName()
	if name == "" {
		return p.Certifications.List
	}
	return append(slices.Clip(p.Certifications.List), name)
}

// MLPSFiledName is the certification an MLPS record that states a filing
// without a level stands for among a provider's certifications.
const MLPSFiledName = "MLPS (level not stated)"

// CertName is the certification the record stands for: 等保三级 for level
// 3, MLPSFiledName for a filing without a level, "" when it states
// neither (or m is nil).
func (m *MLPS) CertName() string {
	switch n := m.Stated(); {
	case n > 0:
		return "等保" + string([]rune("一二三四五")[n-1]) + "级"
	case m != nil && m.Filed:
		return MLPSFiledName
	}
	return ""
}

// IsMLPSName reports whether a certification's name is an MLPS (等保)
// status that a provider states in its mlps record, not in its
// certifications' list: a name in 等保's own words (等保三级, 等级保护) or
// MLPSFiledName.
func IsMLPSName(c string) bool {
	return strings.Contains(c, "等保") || strings.Contains(c, "等级保护") || strings.EqualFold(c, MLPSFiledName)
}

// SeedGuideWords are the words the catalog cites a seed guide by, an
// industry buyer's guide (Chinese), before the sections it quotes.
const SeedGuideWords = "industry buyer's guide (Chinese)"

// GuideNamed reports whether the instance type is a record of what a
// buyer's guide names (its source is a seed guide, SeedGuideWords): a
// series or a label of the guide's, such as Alibaba Cloud's "GNN", not an
// instance type the provider lists for a buyer to order.
func (in *Instance) GuideNamed() bool { return strings.HasPrefix(in.Source, SeedGuideWords) }

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

// GPUClass is a set of GPUs whose prices compare like with like: the
// same chip family with the same memory per card ("A100 80GB" holds the
// SXM4 and PCIe cards of 80 GB). A GPU without a family or a stated memory
// is a class of its own.
type GPUClass struct {
	ID   string // an id: "a100-80gb"
	Name string // what people read: "A100 80GB"
}

// Class is the GPU's class.
func (g *GPU) Class() GPUClass {
	family := idOf(g.Model)
	if family == "" || g.MemoryGB == nil {
		return GPUClass{ID: g.ID, Name: cmp.Or(g.Name, g.ID)}
	}
	mem := num(*g.MemoryGB)
	return GPUClass{ID: family + "-" + mem + "gb", Name: g.Model + " " + mem + "GB"}
}

// idOf makes an id of a name: its ASCII letters and digits lowercased,
// every other run of characters one '-'; "" when nothing is left.
func idOf(name string) string {
	var id []byte
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.' && len(id) > 0:
			if dash && len(id) > 0 {
				id = append(id, '-')
			}
			id, dash = append(id, byte(r)), false
		default:
			dash = true
		}
	}
	return string(id)
}

// GPUClasses lists the classes of the catalog's GPUs, in the order their
// first GPU appears.
func (c *Catalog) GPUClasses() []GPUClass {
	var out []GPUClass
	for _, g := range c.GPUs {
		if cl := g.Class(); !slices.ContainsFunc(out, func(x GPUClass) bool { return x.ID == cl.ID }) {
			out = append(out, cl)
		}
	}
	return out
}
