package diff

import (
	"fmt"
	"strings"

	"gpucompare/generator/feed"
)

// Markdown writes the report as a pull-request comment: a summary line,
// then a table for each kind of change. base names what was compared.
func (r *Report) Markdown(base string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**Catalog diff against `%s`:** %s\n", strings.ReplaceAll(base, "`", "'"), r.summary())
	if r.Empty() {
		return b.String()
	}
	if len(r.Prices) > 0 {
		b.WriteString("\n### Price changes\n\n| Offer | Pricing model | Old | New | Change | Since | Source |\n| --- | --- | --- | --- | ---: | --- | --- |\n")
		for _, p := range r.Prices {
			model := feed.English.Model(p.Model)
			if p.Payment != "" {
				model += " (" + strings.ReplaceAll(p.Payment, "_", " ") + ")"
			}
			change := ""
			switch {
			case p.Percent != nil:
				change = feed.Percent(*p.Percent)
			case p.Old == "":
				change = "new"
			case p.New == "":
				change = "removed"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", cell(p.Provider+"/"+p.Instance+" "+p.Region), cell(model),
				cell(dash(p.Old)), cell(dash(p.New)), change, cell(p.Since), cell(p.Source))
		}
	}
	kinds := []struct {
		name string
		a    Added
	}{{"Offers", r.Offers}, {"Instance types", r.Instances}, {"Providers", r.Providers}, {"GPUs", r.GPUs}}
	if !r.Offers.empty() || !r.Instances.empty() || !r.Providers.empty() || !r.GPUs.empty() {
		b.WriteString("\n### Added and removed\n\n| | Added | Removed |\n| --- | --- | --- |\n")
		for _, k := range kinds {
			if !k.a.empty() {
				fmt.Fprintf(&b, "| %s | %s | %s |\n", k.name, cell(list(k.a.Added)), cell(list(k.a.Removed)))
			}
		}
	}
	if len(r.Specs) > 0 {
		b.WriteString("\n### Spec edits\n\n| Record | Field | Old | New |\n| --- | --- | --- | --- |\n")
		for _, s := range r.Specs {
			fmt.Fprintf(&b, "| %s | `%s` | %s | %s |\n", cell(s.Record), s.Field, cell(s.Old), cell(s.New))
		}
	}
	if len(r.NewWarnings) > 0 {
		b.WriteString("\n### New warnings\n\n")
		for _, w := range r.NewWarnings {
			fmt.Fprintf(&b, "- %s\n", cell(w))
		}
	}
	return b.String()
}

func (r *Report) summary() string {
	if r.Empty() {
		return "no changes to prices, offers, instance types, providers, GPUs or specs."
	}
	var parts []string
	if n := len(r.Prices); n > 0 {
		down, up := 0, 0
		for _, p := range r.Prices {
			if p.Percent != nil && *p.Percent < 0 {
				down++
			} else if p.Percent != nil && *p.Percent > 0 {
				up++
			}
		}
		parts = append(parts, fmt.Sprintf("%s (%d down, %d up)", plural(n, "price change"), down, up))
	}
	for _, k := range []struct {
		noun string
		a    Added
	}{{"offer", r.Offers}, {"instance type", r.Instances}, {"provider", r.Providers}, {"GPU", r.GPUs}} {
		if n := len(k.a.Added); n > 0 {
			parts = append(parts, plural(n, k.noun)+" added")
		}
		if n := len(k.a.Removed); n > 0 {
			parts = append(parts, plural(n, k.noun)+" removed")
		}
	}
	if n := len(r.Specs); n > 0 {
		parts = append(parts, plural(n, "spec edit"))
	}
	if n := len(r.NewWarnings); n > 0 {
		parts = append(parts, plural(n, "new warning"))
	}
	return strings.Join(parts, ", ") + "."
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func dash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func list(items []string) string {
	if len(items) == 0 {
		return "—"
	}
	return strings.Join(items, ", ")
}

// cell makes catalog text safe in a Markdown table cell: no pipes, no line
// breaks, no HTML.
var cellEscaper = strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ", "<", "&lt;", ">", "&gt;")

func cell(s string) string { return cellEscaper.Replace(s) }
