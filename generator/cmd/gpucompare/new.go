package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"gpucompare/generator/catalog"
)

const newUsage = `usage: gpucompare new [-root .] KIND ID

Writes a skeleton catalog file for a new record, its schema line first:
  provider ID   data/providers/ID.yaml
  gpu ID        data/gpus/ID.yaml
  benchmark ID  data/benchmarks/ID.yaml
  guide ID      data/guides/ID.yaml
  scenario ID   data/scenarios/ID.yaml
  trial ID      data/trials/ID.yaml, a team's own trial of an offer
  quote ID      data/quotes/ID.yaml of an overlay root (-root names the
                overlay, never the public catalog), a price quoted to the
                team; with schemas/quote.schema.json beside it
Prints a record to paste into an existing file instead:
  instance ID   an instance type, under instances: of data/providers/PROVIDER.yaml
  price ID      a price point of instance ID, at the end of data/prices/PROVIDER.yaml

Every "" and every empty value is a placeholder: "gpucompare check" refuses
the record until each is filled in. Never edit a price point to change a
price: add a new point with its own since, source and source_kind.
`

// newFolders maps each kind of record with a file of its own to its folder
// under data/.
var newFolders = map[string]string{
	"provider":  "providers",
	"gpu":       "gpus",
	"benchmark": "benchmarks",
	"guide":     "guides",
	"scenario":  "scenarios",
	"trial":     "trials",
	"quote":     "quotes",
}

// newCmd writes a skeleton file, or prints a record to paste.
func newCmd(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("new", stderr)
	root := flags.String("root", ".", "the site root holding data/")
	flags.Usage = func() { fmt.Fprint(stderr, newUsage); flags.PrintDefaults() }
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if flags.NArg() != 2 {
		fmt.Fprintf(stderr, "gpucompare new: want a kind and an id, got %d arguments\n%s", flags.NArg(), newUsage)
		return 2
	}
	kind, id := flags.Arg(0), flags.Arg(1)
	if !catalog.IsID(id) {
		fmt.Fprintf(stderr, "gpucompare new: %q is not an id: want lowercase letters, digits, '.', '_' or '-', starting with a letter or digit (at most 100)\n", id)
		return 2
	}
	switch kind {
	case "instance":
		fmt.Fprint(stdout, instanceSnippet(id))
		return 0
	case "price":
		fmt.Fprint(stdout, priceSnippet(id))
		return 0
	}
	folder, ok := newFolders[kind]
	if !ok {
		fmt.Fprintf(stderr, "gpucompare new: unknown kind %q: want provider, gpu, benchmark, guide, scenario, trial, quote, instance or price\n", kind)
		return 2
	}
	rel := "data/" + folder + "/" + id + ".yaml"
	line, _ := catalog.SchemaLine(rel)
	text := line + "\n" + skeletons[kind](id)
	if !isDir(*root, stderr) {
		return 1
	}
	full := filepath.Join(*root, filepath.FromSlash(rel))
	// Opened in the root (os.Root), the file cannot be reached through a
	// symbolic link that leads out of it, whatever changes meanwhile.
	r, err := os.OpenRoot(*root)
	if err != nil {
		fmt.Fprintf(stderr, "gpucompare new: %v\n", err)
		return 1
	}
	defer r.Close()
	in, _ := resolvePath(*root)
	if out, _ := resolvePath(filepath.Dir(full)); !within(in, out) {
		fmt.Fprintf(stderr, "gpucompare new: %s: %s leads outside the site root (a symbolic link): new writes only inside it; nothing written\n", full, path.Dir(rel))
		return 1
	}
	if kind == "quote" {
		if err := quoteRoot(r); err != nil {
			fmt.Fprintf(stderr, "gpucompare new: %v\n", err)
			return 1
		}
	}
	if err := r.MkdirAll(path.Dir(rel), 0o755); err != nil {
		fmt.Fprintf(stderr, "gpucompare new: %v\n", err)
		return 1
	}
	f, err := r.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		fmt.Fprintf(stderr, "gpucompare new: %s exists: edit it, or choose another id\n", rel)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "gpucompare new: %v\n", err)
		return 1
	}
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "gpucompare new: %s: %v\n", rel, err)
		return 1
	}
	check := "gpucompare check"
	if kind == "quote" {
		check = "gpucompare check -root SITE -overlay " + *root
	}
	fmt.Fprintf(stdout, "wrote %s: fill in every \"\" and empty value, then run %s\n", rel, check)
	return 0
}

// skeletons give the text of a new file, after its schema line, by kind.
var skeletons = map[string]func(id string) string{
	"gpu": func(id string) string {
		return `id: ` + id + `
name: ""   # the name people read, such as "H100 SXM5 80GB"
vendor: "" # such as NVIDIA
# model: H100         # the chip family its variants share
# variant: SXM5 80GB  # form factor and memory
# memory_gb: 80
# dense:              # dense peak TFLOPS by precision; sparse figures go under sparse:
#   fp16_bf16: 989
# Every figure given needs source (a URL or a citation in words):
# source: https://example.com/datasheet
`
	},
	"provider": func(id string) string {
		return `id: ` + id + `
name: ""     # the name people read
kind: ""     # ` + strings.Join(catalog.ProviderKinds, ", ") + `
currency: "" # the ISO 4217 code it quotes prices in, such as USD or CNY
# homepage: https://example.com
# source: https://example.com/pricing   # where the facts of this file come from
regions: []  # such as - {id: us-east-1, name: US East (N. Virginia), geo: north-america}
instances: [] # add each with: gpucompare new instance ID
`
	},
	"benchmark": func(id string) string {
		return `id: ` + id + `
name: ""   # the name people read
suite: ""  # ` + strings.Join(catalog.BenchmarkSuites, ", ") + `
metric: "" # ` + strings.Join(catalog.BenchmarkMetrics, ", ") + `
unit: ""   # such as tokens/s or minutes
higher_is_better: true # false when lower is better (a time)
results:
  - round: ""   # the round or date of the run, such as "Inference v4.0"
    gpu: ""     # an accelerator id from data/gpus/
    gpu_count:  # accelerators in the system; remove the line when the source does not say
    value:      # the result, in unit
    source: ""  # a URL or a citation in words
`
	},
	"guide": func(id string) string {
		return `id: ` + id + `
title: "" # the question the guide answers
start: "" # the id of the first question
questions:
  - id: ""
    text: "" # the question as the buyer reads it
    answers: # at least two, each leading to a question or an outcome
      - text: ""
        next: ""
      - text: ""
        next: ""
outcomes:
  - id: ""
    title: ""  # what the outcome recommends
    advice: "" # Markdown; or a query: that makes a short list
  - id: ""
    title: ""
    advice: ""
`
	},
	"scenario": func(id string) string {
		return `id: ` + id + `
title: "" # what the scenario is
workload:
  gpu_hours_per_month:
  months:
  gpus_per_job:
  job_hours:
  # reference_gpu: h100-sxm5-80gb # the GPU whose hours these are: each offer is costed for the same work
  # benchmark: mamf-bf16 # whose results per GPU convert the work, where it has both GPUs; else dense TFLOPS of precision
strategies:
  - id: ""
    name: ""
    mix: # shares of the GPU-hours by pricing model, adding up to 100
      - model: "" # ` + strings.Join(catalog.PricingModels, ", ") + `
        percent:
`
	},
	"trial": func(id string) string { return trialSkeleton(id) },
	"quote": func(id string) string { return quoteSkeleton(id) },
}

// quoteSkeleton is the text of a new quote file after its schema line.
func quoteSkeleton(id string) string {
	return `id: ` + id + `
offer:
  provider: ""   # a provider id of the public catalog
  instance: ""   # an instance id of that provider
  region: ""     # a region id of that provider
  model: ""      # ` + strings.Join(catalog.PricingModels, ", ") + `
amount:          # the quoted price per hour of one instance
currency: ""     # such as USD or CNY
term: ""         # what it commits to, in words: "12 months", "none"
valid_from: ""   # its first valid day, YYYY-MM-DD
valid_until: ""  # its last valid day, YYYY-MM-DD: after it the quote drops out of every ranking
# discount_pct:  # the discount against list as the quote states it (0-100); left out, it is worked out
reference: ""    # the seller's quote reference
contact_role: "" # who to ask: a role such as "account manager", never a person's name
# notes: ""
`
}

// quoteRoot refuses to write a quote into a root whose data/ holds
// anything but an overlay's quotes and trials — the public catalog — and
// writes the quote schema into the overlay root's schemas/ when it has
// none, for the schema line of the new file to lead to.
func quoteRoot(r *os.Root) error {
	entries, err := fs.ReadDir(r.FS(), catalog.DataDir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for _, e := range entries {
		if !slices.Contains(catalog.OverlayEntries, e.Name()) && !strings.HasPrefix(e.Name(), ".") {
			return fmt.Errorf("the root holds data/%s, a public catalog: a quote is private and goes into an overlay root (a folder of its own holding data/quotes/, in a private repository): gpucompare new -root OVERLAY quote ID; nothing written", e.Name())
		}
	}
	name := path.Join(catalog.SchemaDir, "quote.schema.json")
	if _, err := fs.Stat(r.FS(), name); err == nil {
		return nil
	}
	if err := r.MkdirAll(catalog.SchemaDir, 0o755); err != nil {
		return err
	}
	return r.WriteFile(name, catalog.Schemas()["quote.schema.json"], 0o644)
}

// trialSkeleton is the text of a new trial file after its schema line:
// every field a team records, each a placeholder check refuses until it
// is filled in.
func trialSkeleton(id string) string {
	return `id: ` + id + `
team: ""        # the team that ran it, never a person's name
offer:
  provider: ""  # a provider id from data/providers/
  instance: ""  # an instance id of that provider
  region: ""    # a region id of that provider
  model: ""     # ` + strings.Join(catalog.PricingModels, ", ") + `
start: ""       # the first day of the trial, YYYY-MM-DD
end: ""         # its last day, YYYY-MM-DD
workload:
  model: ""             # the model run, such as "Llama 3.1 8B"
  framework: ""         # such as vLLM or PyTorch
  framework_version: "" # such as "0.6.3"
  precision: ""         # ` + strings.Join(catalog.TrialPrecisions, ", ") + `
  # batch: 64           # the batch size, when the workload has one
  recipe: ""            # how to run it again: a few lines, or a link to the script
figures: # measured on the whole instance
  - benchmark: ""       # a benchmark id from data/benchmarks/: value in its unit
    value:
  # - unit: "images/s"  # or a unit of its own, for a workload no benchmark measures
  #   value:
paid:
  amount:        # the price paid per hour of one instance
  currency: ""   # such as USD or CNY
  # total:       # the whole trial's bill, when known
notes:
  stability: ""      # crashes, errors, throttling seen
  interruptions: ""  # preemptions, maintenance, lost capacity
  support: ""        # how fast and how well support answered
`
}

// instanceSnippet is an instance type to paste under instances: of a
// provider's file.
func instanceSnippet(id string) string {
	return `# Paste under instances: of data/providers/PROVIDER.yaml, then fill in every "" and empty value.
- id: ` + id + `
  name: ""       # the provider's own name, such as "p4d.24xlarge"
  gpu: ""        # a GPU id from data/gpus/
  gpu_count:     # GPUs in one instance
  regions: [all] # region ids of the provider, or all
  source: ""     # a URL or a citation in words
`
}

// priceSnippet is a price point of the instance id, to paste at the end
// of a provider's price file.
func priceSnippet(id string) string {
	return `# Paste at the end of data/prices/PROVIDER.yaml, then fill in every "" and empty value.
# A new price is a new point: never edit the amount of an existing one.
- instance: ` + id + `
  region: ""      # a region id of the provider, or all
  model: ""       # ` + strings.Join(catalog.PricingModels, ", ") + `
  amount:         # per hour (per month or year for subscriptions), per instance
  currency: ""    # the currency quoted, such as USD or CNY
  since: ""       # when the price took effect: YYYY-MM-DD, YYYY-MM, YYYY, or unknown (say why in as_of)
  source: ""      # a URL or a citation in words
  source_kind: "" # ` + strings.Join(catalog.SourceKinds, ", ") + `
`
}
