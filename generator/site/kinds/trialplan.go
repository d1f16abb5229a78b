package kinds

import (
	"cmp"
	"fmt"
	"path"
	"strconv"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/guide"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

// A trial plan ends every short list (guide.PlanTrial): the page shows it
// and links its downloads, static files written beside the page at
// build, so that they open from file:// as well: the plan as Markdown, to
// hand to an engineer, and a trial file per offer, data/trials/ID.yaml
// pre-filled with the offer, for the team to complete with what it
// measured and paid (catalog.Trial).

// PlanView is a trial plan as a page shows it.
type PlanView struct {
	*guide.TrialPlan
	Rows                      []*PlanRow
	MinDays, MaxDays          int
	MinHours, MaxHours        int
	BenchmarkURL              string
	MarkdownURL, MarkdownName string
	AllCurrent                bool // every price of the plan is current
	FileFolder                string
}

// PlanRow is one offer of a plan, with its pre-filled trial file.
type PlanRow struct {
	*guide.TrialOffer
	InstanceURL, ProviderURL string
	RegionName               string
	YAMLURL, YAMLName        string
}

// TrialPlan is the view of plan on page p and attaches its downloads to
// p, in the folder dir under the page's own ("trials/gpu-choice"), the
// plan's Markdown titled title; nil when the plan has no offer.
func TrialPlan(cat *catalog.Catalog, p *pagemodel.Page, plan *guide.TrialPlan, dir, title, from string, x *render.Texter) *PlanView {
	if len(plan.Offers) == 0 {
		return nil
	}
	folder := path.Join(path.Dir(p.Path), dir)
	v := &PlanView{TrialPlan: plan, MinDays: guide.MinTrialDays, MaxDays: guide.MaxTrialDays,
		MinHours: guide.Hours(guide.MinTrialDays), MaxHours: guide.Hours(guide.MaxTrialDays), AllCurrent: true, FileFolder: dir}
	if plan.Benchmark != nil {
		v.BenchmarkURL = p.Rel(paths.Benchmark(plan.Benchmark.ID))
	}
	for _, to := range plan.Offers {
		o := to.Offer
		r := &PlanRow{TrialOffer: to, InstanceURL: p.Rel(paths.Instance(o.Instance)), ProviderURL: p.Rel(paths.Provider(o.Provider.ID))}
		if reg := o.Provider.Region(o.Region); reg != nil {
			r.RegionName = cmp.Or(pagemodel.CatalogText(cat, reg, "name"), reg.ID)
		}
		id := TrialID(o.Provider.ID, o.Instance.ID)
		r.YAMLName = id + ".yaml"
		r.YAMLURL = p.Rel(path.Join(folder, r.YAMLName))
		p.Attach(path.Join(folder, r.YAMLName), []byte(TrialYAML(cat, id, to, plan)))
		v.AllCurrent = v.AllCurrent && to.Current
		v.Rows = append(v.Rows, r)
	}
	v.MarkdownName = "trial-plan.md"
	v.MarkdownURL = p.Rel(path.Join(folder, v.MarkdownName))
	p.Attach(path.Join(folder, v.MarkdownName), []byte(planMarkdown(cat, v, title, from, x)))
	return v
}

// TrialID is the id of the trial file of an instance type of a provider:
// both ids joined, cut to the longest id the catalog takes.
func TrialID(provider, instance string) string {
	id := provider + "-" + instance
	if len(id) > 100 {
		id = strings.TrimRight(id[:100], ".-_")
	}
	return id
}

// TrialYAML is the trial file of one offer of a plan, pre-filled with the
// offer, the benchmark to run and today's price, every other field a
// placeholder gpucompare check refuses until it is filled in.
func TrialYAML(cat *catalog.Catalog, id string, to *guide.TrialOffer, plan *guide.TrialPlan) string {
	o, pp := to.Offer, to.Price.Point
	region := o.Region
	if region == catalog.AllRegions || region == "" {
		region = `""       # the region you ran in: a region id of ` + o.Provider.ID
	}
	var b strings.Builder
	line, _ := catalog.SchemaLine("data/trials/" + id + ".yaml")
	fmt.Fprintf(&b, "%s\n", line)
	fmt.Fprintf(&b, "# Trial of %s — save as data/trials/%s.yaml, fill in every \"\" and empty value, then run gpucompare check.\n", yamlComment(o.Instance.Name), id)
	fmt.Fprintf(&b, "id: %s\n", id)
	b.WriteString("team: \"\"        # the team that runs it, never a person's name\n")
	fmt.Fprintf(&b, "offer:\n  provider: %s\n  instance: %s\n  region: %s\n  model: %s\n", o.Provider.ID, o.Instance.ID, region, to.Price.Model)
	fmt.Fprintf(&b, "start: \"\"       # the first day, YYYY-MM-DD (plan %d to %d days)\n", guide.MinTrialDays, guide.MaxTrialDays)
	b.WriteString("end: \"\"         # the last day, YYYY-MM-DD\n")
	b.WriteString("workload:\n")
	b.WriteString("  model: \"\"             # the model run, such as \"Llama 3.1 8B\"\n")
	b.WriteString("  framework: \"\"         # such as vLLM or PyTorch\n")
	b.WriteString("  framework_version: \"\" # such as \"0.6.3\"\n")
	fmt.Fprintf(&b, "  precision: \"\"         # %s\n", strings.Join(catalog.TrialPrecisions, ", "))
	b.WriteString("  # batch: 64           # the batch size, when the workload has one\n")
	b.WriteString("  recipe: \"\"            # how to run it again: a few lines, or a link to the script\n")
	b.WriteString("figures: # measured on the whole instance\n")
	if plan.Benchmark != nil {
		fmt.Fprintf(&b, "  - benchmark: %s # value in %s\n    value:\n", plan.Benchmark.ID, yamlComment(plan.Benchmark.Unit))
	} else {
		b.WriteString("  - unit: \"\"   # the unit of your workload's figure, such as images/s\n    value:\n")
	}
	b.WriteString("paid:\n")
	if amount := quotedAmount(pp); amount != "" && !pp.PerGPU {
		fmt.Fprintf(&b, "  amount: %s   # today's list price per hour (%s): change it to what you paid\n", amount, yamlComment(pp.Source))
	} else {
		b.WriteString("  amount:        # the price paid per hour of one instance\n")
	}
	fmt.Fprintf(&b, "  currency: %s\n", cmp.Or(pp.Currency, `""`))
	b.WriteString("  # total:       # the whole trial's bill, when known\n")
	b.WriteString("notes:\n  stability: \"\"      # crashes, errors, throttling seen\n  interruptions: \"\"  # preemptions, maintenance, lost capacity\n  support: \"\"        # how fast and how well support answered\n")
	return b.String()
}

// quotedAmount is the point's hourly amount as quoted, or "" when it
// states none per hour.
func quotedAmount(pp *catalog.PricePoint) string {
	switch {
	case pp.EffectiveHourly() != nil:
		return strconv.FormatFloat(*pp.EffectiveHourly(), 'f', -1, 64)
	case pp.Amount != nil && catalog.TermMonths(pp.Model) == 0 && !strings.HasPrefix(pp.Model, "subscription"):
		return strconv.FormatFloat(*pp.Amount, 'f', -1, 64)
	}
	return ""
}

// yamlComment is catalog text fit for a YAML comment: one line, without
// the marks of markup, should the file be shown as a page.
func yamlComment(s string) string {
	s = strings.Join(strings.Fields(strings.NewReplacer("<", " ", ">", " ", "&", " ").Replace(s)), " ")
	if len(s) > 120 {
		s = s[:strings.LastIndex(s[:120], " ")+1] + "…"
	}
	return s
}

// mdText is catalog text fit for a Markdown table cell or line: one
// line, the marks that would make Markdown escaped, those that would
// make HTML written as entities (which Markdown shows as the marks).
func mdText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '&':
			b.WriteString("&amp;")
		case strings.ContainsRune("\\`*_[]|#!", r):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// planMarkdown is the plan as a Markdown file in the edition's language.
func planMarkdown(cat *catalog.Catalog, v *PlanView, title, from string, x *render.Texter) string {
	var b strings.Builder
	cur := x.M.Cur(v.Currency)
	fmt.Fprintf(&b, "# %s\n\n", x.T("trialplan.md_title", mdText(title)))
	fmt.Fprintf(&b, "%s\n\n", x.T("trialplan.md_from", mdText(from), mdText(cat.Site.Title)))
	fmt.Fprintf(&b, "%s\n\n", x.T("trialplan.md_try", len(v.Rows), v.MinDays, v.MaxDays))
	fmt.Fprintf(&b, "> %s\n\n", x.T("trialplan.seed"))
	fmt.Fprintf(&b, "| # | %s | %s | %s | %s | %s | %s | %s |\n|--:|---|---|---|---|--:|--:|--:|\n",
		x.T("trialplan.col_offer"), x.T("col.provider"), x.T("col.region"), x.T("trialplan.col_model"),
		x.T("trialplan.col_hourly", cur), x.T("trialplan.col_days", v.MinDays, cur), x.T("trialplan.col_days", v.MaxDays, cur))
	for i, r := range v.Rows {
		price := render.FormatDerived(r.Hourly)
		if !r.Current {
			price += " " + x.T("trialplan.not_current")
		}
		fmt.Fprintf(&b, "| %d | %s | %s | %s | %s | %s | %s | %s |\n", i+1, mdText(r.Offer.Instance.Name),
			mdText(pagemodel.CatalogText(cat, r.Offer.Provider, "name")), mdText(cmp.Or(r.RegionName, x.T("region.all"))),
			x.T("model."+r.Price.Model), price, render.FormatDerived(r.MinCost), render.FormatDerived(r.MaxCost))
	}
	fmt.Fprintf(&b, "\n%s\n\n", x.T("trialplan.budget", render.FormatDerived(v.MinBudget), render.FormatDerived(v.MaxBudget), cur, v.MinHours, v.MaxHours))
	fmt.Fprintf(&b, "## %s\n\n", x.T("trialplan.run_heading"))
	if bm := v.Benchmark; bm != nil {
		fmt.Fprintf(&b, "%s\n\n", x.T("trialplan.run_benchmark", mdText(cmp.Or(pagemodel.CatalogText(cat, bm, "name"), bm.Name)), mdText(bm.Unit), bm.ID))
	} else {
		fmt.Fprintf(&b, "%s\n\n", x.T("trialplan.run_own"))
	}
	fmt.Fprintf(&b, "## %s\n\n", x.T("trialplan.record_heading"))
	fmt.Fprintf(&b, "%s\n\n", x.T("trialplan.record_intro"))
	for _, k := range []string{"team", "offer", "dates", "workload", "figures", "paid", "notes"} {
		fmt.Fprintf(&b, "- %s\n", x.T("trialplan.record."+k))
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "%s\n\n", x.T("trialplan.files_intro"))
	for _, r := range v.Rows {
		fmt.Fprintf(&b, "- `%s`\n", r.YAMLName)
	}
	fmt.Fprintf(&b, "\n%s\n", x.T("trialplan.files_check"))
	return b.String()
}
