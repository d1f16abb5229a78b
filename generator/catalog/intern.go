package catalog

// interner gives one copy of each string it is given: the YAML decoder
// makes a string of its own for every scalar, and most fields of price
// points and instance types repeat (a region, a pricing model, a
// currency, a date, a source), so a catalog of 250,000 price points held
// some 30 MB of copies of the same few thousand strings.
type interner map[string]string

func (in interner) of(s *string) {
	if *s == "" {
		return
	}
	if c, ok := in[*s]; ok {
		*s = c
		return
	}
	in[*s] = *s
}

func (in interner) date(d *Date) {
	s := string(*d)
	in.of(&s)
	*d = Date(s)
}

// internStrings has the price points and instance types of c share one
// copy of each string their fields repeat. It changes no value.
func internStrings(c *Catalog) {
	in := interner{}
	for _, p := range c.Providers {
		for _, it := range p.Instances {
			for _, s := range []*string{&it.Family, &it.GPU, &it.Network, &it.LocalStorage, &it.Interconnect, &it.Source, &it.AsOf, &it.VGPUProfile} {
				in.of(s)
			}
			for i := range it.Regions {
				in.of(&it.Regions[i])
			}
		}
	}
	for _, pp := range c.Prices {
		for _, s := range []*string{&pp.Instance, &pp.Region, &pp.Model, &pp.Currency, &pp.Source, &pp.SourceKind} {
			in.of(s)
		}
		in.date(&pp.Since)
		if x := pp.Extra; x != nil {
			for _, s := range []*string{&x.Payment, &x.AsOf, &x.Note} {
				in.of(s)
			}
			in.date(&x.FirstSeen)
			in.date(&x.LastSeen)
		}
	}
}
