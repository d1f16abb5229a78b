package catalog

// checkSuperseded warns about each per-GPU or duplicate listing of a
// provider that a newer listing of the same provider supersedes: the same
// GPU model (and count, unless the listing is per GPU), region, pricing
// model and payment, with a later current point. Such an offer is one the provider's newer list no longer
// carries; it belongs in the catalog as history, retired with last_seen
// and the reason, not as a price a buyer can take.
//
// A per-GPU listing is an instance type that states no vCPUs and no
// memory, priced per GPU: a price of the GPU, not of a machine. A
// duplicate is an instance type stating the same vCPUs and memory as the
// newer one: one machine under two names. Instance types of one GPU and
// count that are neither (g4dn.xlarge and g4dn.2xlarge) are two offers.
func (l sourceRules) checkSuperseded(prov *Provider, prices []*PricePoint) {
	if prov == nil {
		return
	}
	type offer struct {
		in     *Instance
		latest *PricePoint
		date   Date
	}
	keys, series := seriesOf(prices)
	var offers []offer
	for _, k := range keys {
		s := series[k]
		pp := s[len(s)-1]
		in := prov.Instance(k.Instance)
		if in == nil || in.GPU == "" || in.GPUCount == 0 {
			continue
		}
		d, _ := AgeDate(pp)
		offers = append(offers, offer{in, pp, d})
	}
	// Only an offer of the same GPU, pricing model and payment option
	// can supersede another: each offer is matched within its group, in
	// the order of the offers, not against every offer of the provider.
	type group struct{ gpu, model, payment string }
	groupOf := func(o offer) group { return group{o.in.GPU, o.latest.Model, o.latest.Payment()} }
	groups := map[group][]int{}
	for i, o := range offers {
		groups[groupOf(o)] = append(groups[groupOf(o)], i)
	}
	sameRegion := func(a, b string) bool { return a == b || a == AllRegions || b == AllRegions }
	for _, old := range offers {
		if old.latest.LastSeen() != "" || !old.date.Known() {
			continue
		}
		var by *offer
		for _, i := range groups[groupOf(old)] {
			n := &offers[i]
			if n.in == old.in || n.latest.LastSeen() != "" || !sameRegion(n.latest.Region, old.latest.Region) || !before(old.date, n.date) {
				continue
			}
			// A per-GPU listing prices each GPU of an instance of any
			// count; a duplicate is of the same count.
			if !perGPUListing(old.in, old.latest) && (n.in.GPUCount != old.in.GPUCount || !duplicate(old.in, n.in)) {
				continue
			}
			// The newest names it; of equals, one of the same count.
			if by == nil || before(by.date, n.date) || !before(n.date, by.date) && n.in.GPUCount == old.in.GPUCount && by.in.GPUCount != old.in.GPUCount {
				by = n
			}
		}
		if by == nil {
			continue
		}
		what := "listing"
		if perGPUListing(old.in, old.latest) {
			what = "per-GPU listing"
		}
		r := record{l: l.loader, file: old.latest.file, at: old.latest.at, price: old.latest}
		r.warnf("instance", "superseded: this %s of %s (dated %s) has a newer one from the same provider, %q (%d× %s, dated %s): mark it last_seen with the reason in its note, or correct the dates",
			what, old.in.GPU, old.date, by.in.ID, by.in.GPUCount, by.in.GPU, by.date)
	}
}

// perGPUListing reports whether in, with its current point pp, is a
// per-GPU listing: priced per GPU, with no vCPUs or memory stated.
func perGPUListing(in *Instance, pp *PricePoint) bool {
	return pp.PerGPU && in.VCPUs == nil && in.RAMGiB == nil
}

// duplicate reports whether instance types a and b state the same vCPUs
// and memory: one machine under two names.
func duplicate(a, b *Instance) bool {
	same := func(x, y *float64) bool { return x != nil && y != nil && *x == *y }
	return same(a.VCPUs, b.VCPUs) && same(a.RAMGiB, b.RAMGiB)
}
