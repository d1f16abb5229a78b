package catalogpages

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"gpucompare/generator/catalog"
	gfm "gpucompare/generator/site/markdown"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/twins"
)

// A page's Markdown twin (…/index.md beside its index.html, linked from
// its head as rel="alternate" type="text/markdown") is the same page for
// a script or an assistant: the answer first, its tables as GFM, each
// price with its age and source, links to the other twins. It is another
// rendering of the page's model, made right after the model (renderPage),
// so its figures are the page's. The page kinds that have one are in
// twinLayouts.

// twinLayouts are the page kinds whose Markdown twin is written from
// their model; every other page's twin is made from its HTML
// (package twins).
var twinLayouts = map[string]bool{"gpu": true, "instance": true, "provider": true}

// twinPath is the output path of the twin of the page at path.
func twinPath(path string) string { return twins.Path(path) }

// twinLink is the link from the twin of page p to the page at target,
// an output path: to its twin when it has one (twins.Has), else to the
// page. layout is the target's kind, which links to every kind's twin.
func twinLink(p *pagemodel.Page, target, _ string) string {
	if !twins.Has(target) {
		return p.Rel(target)
	}
	l := p.Links
	l.Pretty = false
	return twinPath(l.To(target))
}

// Twin is the twin of page p, its model made, when its kind's twin is
// written from its model (twinLayouts); nil otherwise. It is worded with
// msgs, and the catalog's text in the edition's language lang; agesTo
// says the day its ages are counted to.
func Twin(p *pagemodel.Page, msgs render.Messages, lang, agesTo string) ([]byte, error) {
	if !twinLayouts[p.Layout] {
		return nil, nil
	}
	var err error
	t := msgs.TKeeping(&err)
	var md strings.Builder
	notes := twins.Notes{AgesTo: agesTo}
	switch d := p.Data.(type) {
	case *GPUData:
		gpuTwin(&md, p, d, lang, t, &notes)
	case *InstanceData:
		instanceTwin(&md, p, d, lang, t, &notes)
	case *ProviderData:
		providerTwin(&md, p, d, lang, t, &notes)
	default:
		return nil, fmt.Errorf("%s: no Markdown twin of a %T", p.Path, p.Data)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", twinPath(p.Path), err)
	}
	return []byte(md.String() + notes.String()), nil
}

// trustText is a price's age and source kind, and its source, as a twin
// writes them: "2026-09-20 (17 days) · provider: [https://…](https://…)"
// for a web address, "2026-06-18 (3 months) · aggregator[^1]" for any
// other source, cited in the twin's footnotes (a citation can run to a
// line of its own; the table's cell stays short).
func trustText(v *pagemodel.TrustView, source string, t func(string, ...any) string, notes *twins.Notes) string {
	if v == nil {
		return "—"
	}
	s := gfm.Text(v.Age)
	if v.Date != "" {
		s = gfm.Text(v.Date) + " (" + s + ")"
		notes.Aged()
	}
	s += " · " + gfm.Text(t("trust.kind."+v.Kind))
	if v.Copy != "" {
		s += " · " + gfm.Text(t("trust.copy_words."+v.Copy))
	}
	if v.LastSeen != "" {
		s += " · " + gfm.Text(t("trust.last_seen", v.LastSeen))
	}
	if v.Restricted != "" {
		s += " · " + gfm.Text(t("trust.restricted")+t("punct.colon")+v.Restricted)
	}
	switch src := gfm.Source(source); {
	case src == "":
	case strings.HasPrefix(src, "["): // a web address, linked
		s += ": " + src
	default:
		s += notes.Ref(src)
	}
	return s
}

// gpuTwin is the twin of a GPU model's page: its answer, where to rent
// it (every instance type, the cheapest per GPU-hour first, as the page
// lists them) and its peak figures.
func gpuTwin(md *strings.Builder, p *pagemodel.Page, d *GPUData, lang string, t func(string, ...any) string, notes *twins.Notes) {
	var rows [][]string
	fmt.Fprintf(md, "# %s\n\n", gfm.Text(p.Title))
	if len(d.Answer) > 0 && d.Answer[0].Cell != nil {
		c := d.Answer[0].Cell
		region := c.RegionIn(t)
		fmt.Fprintf(md, "%s %s %s %s · %s %s, %s · %s\n\n", gfm.Text(t("gpu.answer")), render.FormatMoney(c.PerGPUHour),
			gfm.Text(c.Currency), gfm.Text(t("unit.gpu_hour")), gfm.Text(c.Provider),
			gfm.Link(c.Instance, twinLink(p, paths.Instance(c.OfferOf().Instance), "instance")), gfm.Text(region),
			trustText(c.Trust, c.PriceOf().Point.Source, t, notes))
	}
	fmt.Fprintf(md, "## %s\n\n", gfm.Text(t("gpu.instances")))
	if len(d.Instances.Rows) == 0 {
		fmt.Fprintf(md, "%s\n", gfm.Text(t("gpu.no_instances", t("gpu.this."+cmp.Or(d.GPU.Kind, "gpu")))))
	} else {
		instancesTwin(md, p, &d.Instances, lang, t, notes)
	}
	if len(d.Figures) > 0 {
		fmt.Fprintf(md, "\n## %s\n\n", gfm.Text(t("gpu.throughput")))
		for _, f := range d.Figures {
			rows = append(rows, []string{gfm.Text(f.Label + ", " + f.Unit), twinNum(f.Dense, lang), twinNum(f.Sparse, lang)})
		}
		gfm.Table(md, []string{t("col.precision"), t("col.dense"), t("col.sparse")}, []bool{false, true, true}, rows)
	}
}

// twinNum is a figure as a twin in language lang writes it, "—" when
// unknown.
func twinNum(v *float64, lang string) string {
	if v == nil {
		return "—"
	}
	return render.FormatNum(*v)
}

// twinPercent is a percentage as a twin in language lang writes it.
func twinPercent(v *float64, lang string) string {
	return render.PercentIn(lang, render.FormatNum(*v))
}

// quoted is a price point's amount as quoted, as the instance page's
// "amount" writes it.
func quoted(v *pagemodel.PriceView, t func(string, ...any) string) string {
	unit := t("unit." + v.Unit)
	if v.PerGPU {
		unit = t("unit.gpu_hour")
	}
	switch {
	case v.Amount != nil:
		s := v.AmountText + " " + v.Currency + unit
		if v.Approximate {
			s = "≈" + s
		}
		return s
	case v.EffectiveHourly != nil:
		return t("price.effective", render.FormatMoneyIn(*v.EffectiveHourly, v.Currency)) + " " + v.Currency + unit
	case v.DiscountPct != nil:
		return t("price.discount", render.FormatNum(*v.DiscountPct))
	}
	return "—"
}

// instanceTwin is the twin of an instance type's page: its current price
// under each pricing model, its specifications and every dated price
// point.
func instanceTwin(md *strings.Builder, p *pagemodel.Page, d *InstanceData, lang string, t func(string, ...any) string, notes *twins.Notes) {
	in := d.Instance
	fmt.Fprintf(md, "# %s\n\n", gfm.Text(in.Name))
	gpu := in.GPU
	if d.GPU != nil {
		gpu = gfm.Link(d.GPU.Name, twinLink(p, paths.GPU(d.GPU.ID), "gpu"))
	}
	fmt.Fprintf(md, "%d × %s · %s %s\n\n", in.GPUCount, gpu, gfm.Text(t("instance.by")), gfm.Link(pagemodel.ProviderName(d.Provider, lang), twinLink(p, paths.Provider(d.Provider.ID), "provider")))
	fmt.Fprintf(md, "## %s\n\n", gfm.Text(t("instance.panel.heading")))
	if len(d.Panel) == 0 {
		why, _ := catalog.Text(in, "price_not_public", lang)
		fmt.Fprintf(md, "%s\n", gfm.Text(t("price.not_public")+cond(why != "", " — "+why)))
	} else {
		if in.PriceIncomplete != "" {
			partial, _ := catalog.Text(in, "price_incomplete", lang)
			fmt.Fprintf(md, "%s — %s\n\n", gfm.Text(t("price.partial_only")), gfm.Text(partial))
		}
		var rows [][]string
		for _, r := range d.Panel {
			model := t("model." + r.Model)
			if r.Payment != "" {
				model += " · " + t("payment."+r.Payment)
			}
			price, per := quoted(r.Price, t), "—"
			switch {
			case r.Worked:
				price = "≈" + r.HourlyText + " " + r.Currency + t("unit.hour")
				if r.PerGPUText != "" {
					per = "≈" + r.PerGPUText + " " + r.Currency
				}
			case r.Price.PerGPUHour != nil:
				per = cond(r.Price.Approximate, "≈") + r.Price.PerGPUText + " " + r.Price.Currency
			}
			region := r.RegionName
			switch {
			case r.Price.RegionUnstated:
				region = t("region.unstated")
			case r.Region == "all":
				region = t("region.all")
			case region == "":
				region = r.Region
			}
			rows = append(rows, []string{gfm.Text(model), gfm.Text(price), gfm.Text(per), gfm.Text(region), trustText(r.Trust, r.Price.Source, t, notes)})
		}
		gfm.Table(md, []string{t("col.model"), t("instance.panel.price"), t("col.per_gpu_hour"), t("instance.panel.region"), t("instance.panel.trust")},
			[]bool{false, true, true}, rows)
	}
	fmt.Fprintf(md, "\n## %s\n\n", gfm.Text(t("instance.specs")))
	spec := func(key, v string) { fmt.Fprintf(md, "- %s: %s\n", gfm.Text(t(key)), v) }
	spec("instance.gpu", gpu)
	spec("instance.gpu_count", strconv.Itoa(in.GPUCount))
	spec("instance.gpu_memory", cond(d.GPUMemoryGB != nil, twinNum(d.GPUMemoryGB, lang)+" "+t("units.gb"), "—"))
	spec("instance.vcpus", twinNum(in.VCPUs, lang))
	spec("instance.ram", cond(in.RAMGiB != nil, twinNum(in.RAMGiB, lang)+" "+t("units.gib"), "—"))
	spec("instance.interconnect", cond(in.Interconnect != "", gfm.Text(in.Interconnect), "—"))
	if in.Source != "" {
		spec("instance.source", gfm.Source(in.Source))
	}
	if len(d.Prices) > 0 {
		fmt.Fprintf(md, "\n## %s\n\n", gfm.Text(t("instance.prices")))
		var rows [][]string
		for _, v := range d.Prices {
			region := v.RegionName
			if region == "" {
				region = cond(v.Region == "all", t("region.all"), v.Region)
			}
			model := t("model." + v.Model)
			if v.Payment != "" {
				model += " · " + t("payment."+v.Payment)
			}
			rows = append(rows, []string{gfm.Text(model), gfm.Text(region), gfm.Text(quoted(v, t)), gfm.Text(string(v.Since)), trustText(v.Trust, v.Source, t, notes)})
		}
		gfm.Table(md, []string{t("col.model"), t("llms.col.region"), t("instance.panel.price"), t("llms.col.since"), t("instance.panel.trust")},
			[]bool{false, false, true}, rows)
	}
}

// cond is a when ok, else the first of b, or "".
func cond(ok bool, a string, b ...string) string {
	if ok {
		return a
	}
	if len(b) > 0 {
		return b[0]
	}
	return ""
}

// instancesTwin writes an instance list as a GPU model's or a provider's
// page shows it: each instance type with its lowest on-demand price per
// GPU-hour (else its lowest under another pricing model, named), in the
// page's order.
func instancesTwin(md *strings.Builder, p *pagemodel.Page, l *InstanceList, lang string, t func(string, ...any) string, notes *twins.Notes) {
	head := []string{t("col.instance")}
	right := []bool{false}
	if l.ShowProvider {
		head, right = append(head, t("col.provider")), append(right, false)
	}
	if l.ShowGPU {
		head, right = append(head, t("col.gpu")), append(right, false)
	}
	head = append(head, t("col.gpu_count"), t("col.from")+", "+l.Currency+" "+t("unit.gpu_hour"), t("llms.col.age"))
	right = append(right, true, true)
	var rows [][]string
	for _, r := range l.Rows {
		price, age := "—", "—"
		if r.From != nil {
			switch {
			case r.Display != nil && r.Conversion != nil:
				price = render.FormatDerived(*r.Display)
			case r.Display != nil && r.From.Currency == l.Currency:
				price = r.From.PerGPUText
			default:
				price = r.From.PerGPUText + " " + r.From.Currency
			}
			if r.From.Approximate {
				price = "≈" + price
			}
			if r.Other {
				price += " (" + t("model."+r.From.Model) + ")"
			}
			if r.Partial {
				price += " · " + t("price.partial")
			}
			if r.Marketplace {
				price += " · " + t("trust.marketplace")
			}
			age = trustText(r.From.Trust, r.From.Source, t, notes)
		} else if r.NotPublic {
			price = t("price.not_public")
		}
		row := []string{gfm.Link(r.Instance.Name, twinLink(p, paths.Instance(r.Instance), "instance"))}
		if l.ShowProvider {
			row = append(row, gfm.Link(pagemodel.ProviderName(r.Provider, lang), twinLink(p, paths.Provider(r.Provider.ID), "provider")))
		}
		if l.ShowGPU {
			gpu := gfm.Text(r.Instance.GPU)
			if r.GPU != nil {
				gpu = gfm.Link(r.GPU.Name, twinLink(p, paths.GPU(r.GPU.ID), "gpu"))
			}
			row = append(row, gpu)
		}
		rows = append(rows, append(row, strconv.Itoa(r.Instance.GPUCount), gfm.Text(price), age))
	}
	gfm.Table(md, head, right, rows)
}

// providerTwin is the twin of a provider's page: its instance types, the
// cheapest per GPU-hour first, and its terms that the catalog states.
func providerTwin(md *strings.Builder, p *pagemodel.Page, d *ProviderData, lang string, t func(string, ...any) string, notes *twins.Notes) {
	pr := d.Provider
	fmt.Fprintf(md, "# %s\n\n", gfm.Text(pagemodel.ProviderName(pr, lang)))
	if pr.Homepage != "" {
		fmt.Fprintf(md, "%s: %s\n\n", gfm.Text(t("provider.homepage")), gfm.Source(pr.Homepage))
	}
	fmt.Fprintf(md, "## %s\n\n", gfm.Text(t("provider.instances")))
	if len(d.Instances.Rows) == 0 {
		fmt.Fprintf(md, "%s\n", gfm.Text(t("provider.no_instances")))
	} else {
		instancesTwin(md, p, &d.Instances, lang, t, notes)
	}
	fmt.Fprintf(md, "\n## %s\n\n", gfm.Text(t("provider.terms")))
	term := func(key, v string) { fmt.Fprintf(md, "- %s: %s\n", gfm.Text(t(key)), v) }
	if g := pr.Billing.Granularity; g != "" {
		term("provider.billing", gfm.Text(t("granularity."+g)))
	}
	if len(pr.Certifications.List) > 0 {
		term("provider.certifications", gfm.Text(strings.Join(pr.Certifications.List, t("provider.list_sep"))))
	}
	if m := pr.MLPS; m != nil {
		status := t("provider.mlps_not_stated_short", string(m.Checked))
		if name := m.CertName(); name != "" {
			status = name + " (" + string(m.Checked) + ")"
		}
		term("provider.mlps", gfm.Text(status))
	}
	if pr.SLA.Percent != nil {
		term("provider.sla", twinPercent(pr.SLA.Percent, lang))
	}
	if pr.Source != "" {
		term("provider.source", gfm.Source(pr.Source))
	}
}
