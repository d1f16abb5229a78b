package catalog

import (
	"fmt"
	"strings"
)

// Trial is a team's own trial of an offer (data/trials/ID.yaml): who ran
// it, on which offer, when, what it ran, what it measured and what it
// paid. Its figures are in the unit of a catalog benchmark or in a unit of
// their own; the site ranks them beside the benchmark's published results,
// never among them.
type Trial struct {
	ID string `yaml:"id"`
	// Team is who ran the trial: a team, never a person's name.
	Team     string         `yaml:"team"`
	Offer    TrialOffer     `yaml:"offer"`
	Start    Date           `yaml:"start"` // the first day of the trial
	End      Date           `yaml:"end"`   // its last day; its age counts from here
	Workload TrialWorkload  `yaml:"workload"`
	Figures  []*TrialFigure `yaml:"figures"`
	Paid     TrialPaid      `yaml:"paid"`
	Notes    TrialNotes     `yaml:"notes"`

	file string
	at   *place
}

// TrialOffer is the offer a trial ran on.
type TrialOffer struct {
	Provider string `yaml:"provider"`
	Instance string `yaml:"instance"`
	Region   string `yaml:"region"`
	Model    string `yaml:"model"` // the pricing model it was billed under
}

// TrialWorkload is what a trial ran.
type TrialWorkload struct {
	Model            string `yaml:"model"` // the ML model: "Llama 3.1 8B"
	Framework        string `yaml:"framework"`
	FrameworkVersion string `yaml:"framework_version"`
	Precision        string `yaml:"precision"` // bf16, fp8 …
	Batch            int    `yaml:"batch"`
	// Recipe is how to run it again: a few lines of text or a link.
	Recipe string `yaml:"recipe"`
}

// TrialFigure is one figure a trial measured on the whole instance: in
// the unit of Benchmark, or in Unit when it is no catalog benchmark's.
type TrialFigure struct {
	Benchmark string  `yaml:"benchmark"`
	Unit      string  `yaml:"unit"`
	Value     float64 `yaml:"value"`
	Notes     string  `yaml:"notes"`

	at *place
}

// TrialPaid is the price a trial actually paid.
type TrialPaid struct {
	// Amount is the price per hour of one instance, whatever the pricing
	// model: a subscription's or a lease's price worked out per hour.
	Amount   *float64 `yaml:"amount"`
	Currency string   `yaml:"currency"`
	Total    *float64 `yaml:"total"` // the whole trial's bill, when known
}

// TrialNotes are what a team noted beside the figures.
type TrialNotes struct {
	Stability     string `yaml:"stability"`
	Interruptions string `yaml:"interruptions"`
	Support       string `yaml:"support"` // how fast and how well support answered
}

// TrialPrecisions are the precisions a trial's workload may name.
var TrialPrecisions = []string{"fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "fp4", "int8", "int4", "mixed"}

// UnitOf is the unit of the figure: its benchmark's, or its own.
func (f *TrialFigure) UnitOf(c *Catalog) string {
	if b := c.Benchmark(f.Benchmark); b != nil && f.Unit == "" {
		return b.Unit
	}
	return f.Unit
}

// Private reports whether the trial comes from an overlay's
// data/trials/, not from the public catalog's.
func (t *Trial) Private() bool { return strings.HasPrefix(t.file, OverlayDir+"/") }

// Trial returns the trial with the given id, or nil.
func (c *Catalog) Trial(id string) *Trial {
	for _, t := range c.Trials {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// TrialsOf are the trials that ran on the instance type in, in file order.
func (c *Catalog) TrialsOf(in *Instance) []*Trial {
	var out []*Trial
	for _, t := range c.Trials {
		if in.Provider != nil && t.Offer.Provider == in.Provider.ID && t.Offer.Instance == in.ID {
			out = append(out, t)
		}
	}
	return out
}

// trialRules are the checks of the trials of a load.
type trialRules struct{ l *loader }

// validate checks every trial: its offer in the catalog, its dates,
// its workload, its figures each in a benchmark's unit or its own, and the
// price it paid.
func (tr trialRules) validate() {
	l := tr.l
	files := map[string]string{}
	for _, t := range l.cat.Trials {
		r := record{l: l, file: t.file, at: t.at, name: fmt.Sprintf("trial %q", t.ID)}
		if !r.ownFile(t.ID, "trial", files) {
			continue
		}
		r.required("team", t.Team, "the team that ran it, such as \"ml-platform\" (a team, never a person's name)")
		tr.checkOffer(r, t.Offer)
		r.date("start", t.Start, true)
		r.date("end", t.End, true)
		r.day("start", t.Start)
		r.day("end", t.End)
		if s, ok := t.Start.Time(); ok && len(t.Start) == len("2006-01-02") {
			if e, ok := t.End.Time(); ok && len(t.End) == len("2006-01-02") && e.Before(s) {
				r.errorf("end", "end %s is before start %s: want the last day of the trial", t.End, t.Start)
			}
		}

		w := record{l: l, file: t.file, at: child(t.at, "workload"), name: r.name + " workload"}
		if w.at == nil {
			r.errorf("workload", "workload is missing: want model, framework, framework_version, precision, batch and recipe")
		} else {
			w.required("model", t.Workload.Model, "the model run, such as \"Llama 3.1 8B\"")
			w.required("framework", t.Workload.Framework, "the framework, such as vLLM or PyTorch")
			w.required("framework_version", t.Workload.FrameworkVersion, "the framework's version, such as \"0.6.3\"")
			w.oneOf("precision", t.Workload.Precision, TrialPrecisions, true)
			if child(w.at, "batch") != nil && t.Workload.Batch <= 0 {
				w.errorf("batch", "batch must be > 0, got %d: leave it out when the workload has none", t.Workload.Batch)
			}
			w.required("recipe", t.Workload.Recipe, "how to run it again: a few lines, or a link to the script")
			w.source("recipe", t.Workload.Recipe, false)
		}

		if len(t.Figures) == 0 {
			r.errorf("figures", "no figures: want at least one, such as - {benchmark: ID, value: 1234}")
		}
		for i, f := range t.Figures {
			fr := record{l: l, file: t.file, at: f.at, name: fmt.Sprintf("%s figure %d", r.name, i+1)}
			switch {
			case f.Benchmark == "" && strings.TrimSpace(f.Unit) == "":
				fr.errorf("value", "a figure names the benchmark whose unit it is in, or its own unit: want benchmark: ID or unit: such as tokens/s")
			case f.Benchmark != "":
				b := l.cat.Benchmark(f.Benchmark)
				if b == nil {
					fr.errorf("benchmark", "benchmark %q is not a benchmark of data/benchmarks%s", f.Benchmark, suggest(f.Benchmark, benchmarkIDs(l.cat)))
				} else if f.Unit != "" && f.Unit != b.Unit {
					fr.errorf("unit", "unit %q differs from the unit of benchmark %q (%s): a figure of a benchmark is in its unit; leave unit out, or the benchmark", f.Unit, b.ID, b.Unit)
				}
			}
			if child(f.at, "value") == nil {
				fr.errorf("value", "value is missing: want the figure measured on the whole instance")
			} else if f.Value <= 0 {
				fr.errorf("value", "value must be > 0, got %s", num(f.Value))
			}
		}

		p := record{l: l, file: t.file, at: child(t.at, "paid"), name: r.name + " paid"}
		if p.at == nil {
			r.errorf("paid", "paid is missing: want amount (per hour of one instance) and currency")
			continue
		}
		if child(p.at, "amount") == nil || t.Paid.Amount == nil {
			p.errorf("amount", "amount is missing: want the price paid per hour of one instance")
		} else {
			p.positive("amount", t.Paid.Amount)
		}
		p.positive("total", t.Paid.Total)
		p.convertibleCurrency("currency", t.Paid.Currency)
	}
}

// checkOffer checks that the offer of the record r (a trial's or a
// quote's) is an instance type of a provider of the catalog, in one of its
// regions, under a pricing model.
func (tr trialRules) checkOffer(r record, off TrialOffer) {
	l := tr.l
	o := record{l: l, file: r.file, at: child(r.at, "offer"), name: r.name + " offer"}
	if o.at == nil {
		r.errorf("offer", "offer is missing: want provider, instance, region and model")
		return
	}
	o.oneOf("model", off.Model, PricingModels, true)
	if !o.required("provider", off.Provider, "a provider id from data/providers/") {
		return
	}
	prov := l.cat.Provider(off.Provider)
	if prov == nil {
		o.errorf("provider", "provider %q does not exist%s", off.Provider, suggest(off.Provider, providerIDs(l.cat)))
		return
	}
	var in *Instance
	if o.required("instance", off.Instance, "an instance id of provider "+prov.ID) {
		if in = prov.Instance(off.Instance); in == nil {
			o.errorf("instance", "instance %q is not an instance of provider %q%s", off.Instance, prov.ID, suggest(off.Instance, prov.instanceIDs()))
		}
	}
	if !o.required("region", off.Region, "a region id of provider "+prov.ID) {
		return
	}
	if prov.Region(off.Region) == nil {
		o.errorf("region", "region %q is not a region of provider %q%s", off.Region, prov.ID, suggest(off.Region, prov.regionIDs()))
		return
	}
	if in != nil && len(in.Regions) > 0 && !inRegions(in.Regions, off.Region) {
		o.errorf("region", "instance %q is not offered in region %q: want one of %s", in.ID, off.Region, strings.Join(in.Regions, ", "))
	}
}

func inRegions(list []string, id string) bool {
	for _, r := range list {
		if r == id || r == AllRegions {
			return true
		}
	}
	return false
}

func benchmarkIDs(cat *Catalog) []string {
	var ids []string
	for _, b := range cat.Benchmarks {
		ids = append(ids, b.ID)
	}
	return ids
}
