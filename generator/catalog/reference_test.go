package catalog

import (
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The shipped catalog under ../../data is written from the reference files
// copied verbatim into testdata/reference. These tests check that every
// reference row has its record there, with the figures the row gives.

// refProviders maps the provider names of the reference to catalog ids.
var refProviders = map[string]string{
	"AWS":                 "aws",
	"AWS (China regions)": "aws-china",
	"Azure":               "azure",
	"GCP":                 "google-cloud",
	"Google Cloud":        "google-cloud",
	"Alibaba Cloud":       "alibaba-cloud",
	"Tencent Cloud":       "tencent-cloud",
	"Huawei Cloud":        "huawei-cloud",
	"Lambda":              "lambda",
	"RunPod":              "runpod",
	"CoreWeave":           "coreweave",
	"Open Telekom Cloud":  "open-telekom-cloud", // its own flavours (corrections_test.go)
}

func refProviderID(t *testing.T, name string) string {
	t.Helper()
	if strings.HasPrefix(name, "Open Telekom Cloud (") { // huawei.csv: Huawei's stack, same flavour names
		return "huawei-cloud"
	}
	id, ok := refProviders[name]
	if !ok {
		t.Fatalf("reference provider %q has no catalog id in refProviders", name)
	}
	return id
}

// refInstances maps the reference names that are not an instance name as
// the provider spells it (GPU components, per-GPU prices, annotated names)
// to catalog instance ids. Every other name's id is the name lowercased;
// "(Capacity Block)" rows are prices of the plain instance.
var refInstances = map[string]struct{ id, name string }{
	"n1-standard-8 + 1x V100":          {"n1-standard-8-v100x1", "n1-standard-8 + 1x V100"},
	"N1 + 4x T4 (GPU component only)":  {"n1-t4x4-gpu-only", "N1 + 4x T4 (GPU component only)"},
	"Standard_ND96asr_v4 (ND A100 v4)": {"standard_nd96asr_v4", "Standard_ND96asr_v4"},
	"A100 40GB (per GPU)":              {"a100-40gb-per-gpu", "A100 40GB (per GPU)"},
	"A100 80GB (per GPU)":              {"a100-80gb-per-gpu", "A100 80GB (per GPU)"},
	"H100 HGX 80GB (GPU component)":    {"h100-hgx-80gb-gpu-component", "H100 HGX 80GB (GPU component)"},
	"H100 PCIe 80GB (GPU component)":   {"h100-pcie-80gb-gpu-component", "H100 PCIe 80GB (GPU component)"},
	"A100 HGX 80GB (GPU component)":    {"a100-hgx-80gb-gpu-component", "A100 HGX 80GB (GPU component)"},
	"A100 HGX 40GB (GPU component)":    {"a100-hgx-40gb-gpu-component", "A100 HGX 40GB (GPU component)"},
	"H100 (per GPU, instance basis)":   {"h100-per-gpu-instance-basis", "H100 (per GPU, instance basis)"},
}

// refInstance returns the catalog id and the name the catalog must give.
func refInstance(name string) (id, want string) {
	name = strings.TrimSuffix(name, " (Capacity Block)")
	if m, ok := refInstances[name]; ok {
		return m.id, m.name
	}
	return strings.ToLower(name), name
}

// refRegions turns a reference region cell into catalog region ids.
func refRegions(cell string) []string {
	switch cell {
	case "", "all", "all Lambda regions", "most regions", "unspecified":
		return []string{AllRegions}
	}
	var out []string
	for _, r := range strings.Split(cell, ";") {
		out = append(out, strings.TrimSpace(r))
	}
	return out
}

type refRow map[string]string

func readRef(t *testing.T, name string) []refRow {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "reference", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var out []refRow
	for _, rec := range recs[1:] {
		row := refRow{}
		for i, h := range recs[0] {
			row[h] = rec[i]
		}
		out = append(out, row)
	}
	return out
}

// refNum parses a reference cell; an empty cell is unknown (nil).
func refNum(t *testing.T, cell string) *float64 {
	t.Helper()
	if strings.TrimSpace(cell) == "" {
		return nil
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(cell), 64)
	if err != nil {
		t.Fatalf("reference cell %q is not a number: %v", cell, err)
	}
	return &v
}

// refSame reports whether a catalog figure is the reference figure, allowing
// for the rounding of a figure quoted by two sources (3.67339 vs 3.673385).
func refSame(got *float64, want float64) bool {
	return got != nil && math.Abs(*got-want) <= 1e-5*math.Max(1, math.Abs(want))
}

// refFigure checks an optional figure: absent when the cell is empty
// (unknown is not zero), equal when given.
func refFigure(t *testing.T, what string, got *float64, cell string) {
	t.Helper()
	want := refNum(t, cell)
	switch {
	case want == nil && got != nil:
		t.Errorf("%s: catalog has %v, the reference leaves it unknown", what, *got)
	case want != nil && !refSame(got, *want):
		t.Errorf("%s: catalog has %s, the reference says %v", what, refShow(got), *want)
	}
}

// pinnedFigure is a figure of a record that a test pins: its name, the
// value the record holds and the one its source states.
type pinnedFigure struct {
	name string
	got  *float64
	want float64
}

// checkFigures reports each figure of record that is not what its source
// states, an unknown one included.
func checkFigures(t *testing.T, record string, figures []pinnedFigure) {
	t.Helper()
	for _, f := range figures {
		if !refSame(f.got, f.want) {
			t.Errorf("%s %s = %s, want %v", record, f.name, refShow(f.got), f.want)
		}
	}
}

func refShow(v *float64) string {
	if v == nil {
		return "nothing"
	}
	return strconv.FormatFloat(*v, 'g', -1, 64)
}

// refAsOf reports whether a point's as_of is the reference row's, or the
// day that as_of starts with, the row's words kept in the note ("Dates:
// …"), so that the point's age can count from it.
func refAsOf(p *PricePoint, asOf string) bool {
	if p.AsOf() == asOf {
		return true
	}
	day, _, _ := strings.Cut(asOf, " ")
	return len(day) == len("2006-01-02") && p.AsOf() == day && datePattern.MatchString(day) &&
		strings.Contains(p.Note(), "Dates: "+asOf)
}

// refSourceAndCaveat reports whether a rate's source and caveat are the
// reference's source cell: the source, then what the caveat says of it
// ("… (notice text quoted in a public unit test; page not read)").
func refSourceAndCaveat(fx FXRate, cell string) bool {
	if fx.Caveat == "" {
		return fx.Source == cell
	}
	rest, ok := strings.CutPrefix(cell, fx.Source)
	rest = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(rest), "("), ")"))
	return ok && rest != "" && strings.Contains(fx.Caveat, rest)
}

// refIsCorrected reports whether a correction sets the row's column.
func refIsCorrected(file string, r refRow, column string) bool {
	for _, c := range refCorrections {
		if c.file == file && c.column == column && c.row == refKey(file, r) {
			return true
		}
	}
	return false
}

func shipped(t *testing.T) *Catalog {
	t.Helper()
	cat, rep := Load(os.DirFS(filepath.Join("..", "..")))
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatalf("the shipped catalog does not load:\n%s", errs)
	}
	return cat
}

// refPrice finds the price point of an offer with the given amount.
type refPrice struct {
	provider, instance, region, model, currency string
	amount                                      float64
}

func (q refPrice) find(cat *Catalog) (*PricePoint, int) {
	for i, p := range cat.Prices {
		if p.Provider == q.provider && p.Instance == q.instance && p.Region == q.region &&
			p.Model == q.model && p.Currency == q.currency && refSame(p.Amount, q.amount) {
			return p, i
		}
	}
	return nil, -1
}

func refInstanceOf(t *testing.T, cat *Catalog, provider, id string) *Instance {
	t.Helper()
	p := cat.Provider(provider)
	if p == nil {
		t.Errorf("provider %q is missing", provider)
		return nil
	}
	in := p.Instance(id)
	if in == nil {
		t.Errorf("provider %q has no instance %q", provider, id)
	}
	return in
}

func TestShippedCatalogHasEveryReferenceRow(t *testing.T) {
	cat := shipped(t)

	t.Run("gpus.csv", func(t *testing.T) {
		for _, r := range readRef(t, "gpus.csv") {
			r = refCorrected("gpus.csv", r)
			var g *GPU
			for _, c := range cat.GPUs {
				if c.Model == r["gpu"] && c.Variant == r["variant"] {
					g = c
				}
			}
			if g == nil {
				t.Errorf("no GPU with model %q and variant %q", r["gpu"], r["variant"])
				continue
			}
			what := g.ID + " "
			refFigure(t, what+"memory_gb", g.MemoryGB, r["memory_gb"])
			refFigure(t, what+"memory_bandwidth_gb_s", g.BandwidthGBs, r["mem_bw_gb_s"])
			refFigure(t, what+"tdp_w", g.TDPWatts, r["tdp_w"])
			refFigure(t, what+"dense fp32", g.Dense.FP32, r["fp32_tflops"])
			refFigure(t, what+"dense tf32", g.Dense.TF32, r["tf32_dense_tflops"])
			refFigure(t, what+"sparse tf32", g.Sparse.TF32, r["tf32_sparse_tflops"])
			refFigure(t, what+"dense fp16_bf16", g.Dense.FP16BF16, r["fp16_bf16_dense_tflops"])
			refFigure(t, what+"sparse fp16_bf16", g.Sparse.FP16BF16, r["fp16_bf16_sparse_tflops"])
			refFigure(t, what+"dense fp8", g.Dense.FP8, r["fp8_dense_tflops"])
			refFigure(t, what+"sparse fp8", g.Sparse.FP8, r["fp8_sparse_tflops"])
			refFigure(t, what+"dense int8", g.Dense.INT8, r["int8_dense_tops"])
			refFigure(t, what+"sparse int8", g.Sparse.INT8, r["int8_sparse_tops"])
			refFigure(t, what+"interconnect bandwidth_gb_s", g.Interconnect.BidirGBs, r["interconnect_gb_s_bidir"])
			if g.Dense.FP64 != nil || g.Sparse.FP64 != nil || g.Sparse.FP32 != nil {
				t.Errorf("%s: the reference has no such figure", what+"fp64 / sparse fp32")
			}
			if g.Vendor != r["vendor"] || g.Architecture != r["architecture"] || g.MemoryType != r["memory_type"] {
				t.Errorf("%s: vendor/architecture/memory type %q/%q/%q, want %q/%q/%q", g.ID, g.Vendor, g.Architecture, g.MemoryType, r["vendor"], r["architecture"], r["memory_type"])
			}
			if g.Interconnect.Name != r["interconnect"] {
				t.Errorf("%s: interconnect %q, want %q", g.ID, g.Interconnect.Name, r["interconnect"])
			}
			if y := r["launch_year"]; y == "" && g.Released != "" || y != "" && !strings.HasPrefix(string(g.Released), y) {
				t.Errorf("%s: released %q, the reference's launch year is %q", g.ID, g.Released, y)
			}
			// Sources a correction adds come after the row's, or before
			// it when the correction replaces the row's source.
			extra, ok := strings.CutPrefix(g.Source, r["source"])
			if !ok || extra != "" && !strings.HasPrefix(extra, " ; ") && !refIsCorrected("gpus.csv", r, "source") ||
				g.AsOf != r["as_of"] || !strings.HasPrefix(g.Notes, r["notes"]) {
				t.Errorf("%s: source, as_of or notes are not the reference row's", g.ID)
			}
		}
	})

	t.Run("instances.csv", func(t *testing.T) {
		cny := map[string]refRow{}
		for _, r := range readRef(t, "cny_prices.csv") {
			cny[r["provider"]+"/"+r["instance_type"]] = r
		}
		for _, r := range readRef(t, "instances.csv") {
			pid := refProviderID(t, r["provider"])
			id, name := refInstance(r["instance_type"])
			in := refInstanceOf(t, cat, pid, id)
			if in == nil {
				continue
			}
			capacityBlock := strings.HasSuffix(r["instance_type"], " (Capacity Block)")
			if in.Name != name {
				t.Errorf("%s/%s: name %q, want %q", pid, id, in.Name, name)
			}
			if cat.GPU(in.GPU) == nil {
				t.Errorf("%s/%s: gpu %q does not exist", pid, id, in.GPU)
			}
			if strconv.Itoa(in.GPUCount) != r["gpu_count"] {
				t.Errorf("%s/%s: gpu_count %d, want %s", pid, id, in.GPUCount, r["gpu_count"])
			}
			if !capacityBlock {
				refFigure(t, pid+"/"+id+" vcpus", in.VCPUs, r["vcpus"])
				refFigure(t, pid+"/"+id+" ram_gib", in.RAMGiB, r["ram_gib"])
				if r["network_gbps"] != "" && in.NetworkGbps == nil && in.Network == "" {
					t.Errorf("%s/%s: network %q is missing", pid, id, r["network_gbps"])
				}
				// Facts the reference row lacks (RDMA, say) add their
				// sources after the row's.
				if extra, ok := strings.CutPrefix(in.Source, r["source"]); !ok || (extra != "" && !strings.HasPrefix(extra, " ; ")) || in.AsOf != r["as_of"] {
					t.Errorf("%s/%s: source/as_of are not the reference row's", pid, id)
				}
			}
			for _, region := range refRegions(r["region"]) {
				type col struct{ model, usd, cny string }
				cols := []col{{"on_demand", "on_demand_usd_per_hr", "cny_per_hr"}, {"spot", "spot_usd_per_hr", "cny_spot_per_hr"},
					{"reserved_1y", "reserved_1y_per_hr", ""}, {"reserved_3y", "reserved_3y_per_hr", ""}}
				if capacityBlock {
					cols[0].model = "capacity_block"
				}
				for _, c := range cols {
					usd := refNum(t, r[c.usd])
					if usd == nil {
						continue
					}
					q := refPrice{provider: pid, instance: id, region: region, model: c.model, currency: "USD", amount: *usd}
					if strings.HasPrefix(r["currency"], "USD (converted") {
						// yuan stay yuan: the USD cell is the yuan price converted
						y, ok := cny[r["provider"]+"/"+r["instance_type"]]
						if !ok || c.cny == "" || refNum(t, y[c.cny]) == nil {
							t.Errorf("%s/%s: converted %s price has no yuan figure in cny_prices.csv", pid, id, c.model)
							continue
						}
						q.currency, q.amount = "CNY", *refNum(t, y[c.cny])
						if p, _ := (refPrice{pid, id, region, c.model, "USD", *usd}).find(cat); p != nil {
							t.Errorf("%s/%s %s: the converted USD figure is stored beside the yuan price", pid, id, c.model)
						}
					}
					p, _ := q.find(cat)
					if p == nil {
						t.Errorf("%s/%s %s %s: no %s point of %v %s", pid, id, region, c.model, c.model, q.amount, q.currency)
						continue
					}
					if !strings.Contains(p.Source, r["source"]) {
						t.Errorf("%s/%s %s %s: source does not cite the instances.csv row", pid, id, region, c.model)
					}
					if !slices.Contains(in.Regions, region) {
						t.Errorf("%s/%s: regions %v lack %q where it is priced", pid, id, in.Regions, region)
					}
				}
			}
		}
	})

	t.Run("price_history.csv", func(t *testing.T) {
		last := map[string]int{}
		for _, r := range readRef(t, "price_history.csv") {
			r = refCorrected("price_history.csv", r)
			pid := refProviderID(t, r["provider"])
			id, _ := refInstance(r["instance_type"])
			if refInstanceOf(t, cat, pid, id) == nil {
				continue
			}
			region := refRegions(r["region"])[0]
			q := refPrice{pid, id, region, r["pricing_model"], r["currency"], *refNum(t, r["amount"])}
			p, at := q.find(cat)
			if p == nil {
				t.Errorf("%s/%s %s %s: no point of %v %s", pid, id, region, q.model, q.amount, q.currency)
				continue
			}
			if !strings.Contains(p.Source, r["source"]) {
				t.Errorf("%s/%s %s %s %v: source does not cite the price_history.csv row", pid, id, region, q.model, q.amount)
			}
			perGPU := strings.Contains(r["instance_type"], "(per GPU") || pid == "coreweave"
			if p.PerGPU != perGPU {
				t.Errorf("%s/%s %v: per_gpu %v, want %v", pid, id, q.amount, p.PerGPU, perGPU)
			}
			if s := r["since"]; datePattern.MatchString(s) && string(p.Since) != s {
				t.Errorf("%s/%s %v: since %q, the reference says %q", pid, id, q.amount, p.Since, s)
			}
			if !p.Since.Known() && p.AsOf() == "" {
				t.Errorf("%s/%s %v: an undated point says why in as_of", pid, id, q.amount)
			}
			// the order of an offer's points is its history: rows come oldest first
			offer := pid + "/" + id + "/" + region + "/" + q.model
			if prev, ok := last[offer]; ok && at <= prev {
				t.Errorf("%s: the point of %v comes before the older point", offer, q.amount)
			}
			last[offer] = at
		}
	})

	t.Run("reserved.csv", func(t *testing.T) {
		for _, r := range readRef(t, "reserved.csv") {
			pid := refProviderID(t, r["provider"])
			id := strings.ToLower(r["instance_type"])
			if refInstanceOf(t, cat, pid, id) == nil {
				continue
			}
			eff, disc, hourly := refNum(t, r["effective_hourly"]), refNum(t, r["discount_pct_vs_on_demand"]), refNum(t, r["hourly"])
			payment := ""
			for _, k := range []struct{ note, want string }{{"No Upfront", "no_upfront"}, {"Partial Upfront", "partial_upfront"}, {"All Upfront", "all_upfront"}} {
				if strings.Contains(r["notes"], k.note) {
					payment = k.want
				}
			}
			var found *PricePoint
			for _, p := range cat.Prices {
				if p.Provider == pid && p.Instance == id && p.Region == r["region"] && p.Model == r["pricing_model"] &&
					p.Currency == r["currency"] && p.Payment() == payment && refSame(p.EffectiveHourly(), *eff) && refSame(p.DiscountPct(), *disc) {
					found = p
				}
			}
			what := pid + "/" + id + " " + r["region"] + " " + r["pricing_model"] + " " + r["effective_hourly"]
			if found == nil {
				t.Errorf("%s: no point with that effective rate, discount and payment %q", what, payment)
				continue
			}
			switch {
			case hourly != nil && *hourly > 0 && !refSame(found.Amount, *hourly):
				t.Errorf("%s: amount %s, want the hourly %v", what, refShow(found.Amount), *hourly)
			case (hourly == nil || *hourly == 0) && found.Amount != nil:
				t.Errorf("%s: amount %v where the row gives no hourly fee", what, *found.Amount)
			}
			if found.Source != r["source"] || found.Since != Unknown || !refAsOf(found, r["as_of"]) {
				t.Errorf("%s: source/since/as_of are not the row's", what)
			}
		}
	})

	t.Run("cny_prices.csv", func(t *testing.T) {
		for _, r := range readRef(t, "cny_prices.csv") {
			pid := refProviderID(t, r["provider"])
			id, _ := refInstance(r["instance_type"])
			for _, c := range []struct{ model, col string }{{"on_demand", "cny_per_hr"}, {"spot", "cny_spot_per_hr"}} {
				v := refNum(t, r[c.col])
				if v == nil {
					continue
				}
				p, _ := (refPrice{pid, id, r["region"], c.model, "CNY", *v}).find(cat)
				if p == nil {
					t.Errorf("%s/%s %s: no %s point of %v CNY", pid, id, r["region"], c.model, *v)
					continue
				}
				if !strings.Contains(p.Source, r["source"]) || !strings.Contains(p.Note(), r["catalog_usd_per_hr"]) && c.model == "on_demand" {
					t.Errorf("%s/%s %s: source must cite cny_prices.csv and the note give the catalog's USD figure", pid, id, c.model)
				}
			}
		}
	})

	t.Run("fx.csv", func(t *testing.T) {
		for _, r := range readRef(t, "fx.csv") {
			date := r["date"]
			if strings.HasPrefix(date, "unknown") {
				date = string(Unknown)
			}
			ok := false
			for _, fx := range cat.FX {
				if fx.Base == r["base"] && fx.Quote == r["quote"] && refSame(&fx.Rate, *refNum(t, r["rate"])) &&
					string(fx.Date) == date && refSourceAndCaveat(fx, r["source"]) {
					ok = true
					if date == string(Unknown) && fx.AsOf != r["date"] {
						t.Errorf("rate %s/%s %s: as_of %q, want the reason %q", r["base"], r["quote"], r["rate"], fx.AsOf, r["date"])
					}
				}
			}
			if !ok {
				t.Errorf("no rate %s/%s %s dated %s", r["base"], r["quote"], r["rate"], r["date"])
			}
		}
	})

	t.Run("providers.csv", func(t *testing.T) {
		for _, r := range readRef(t, "providers.csv") {
			r = refCorrected("providers.csv", r)
			pid := refProviderID(t, r["provider"])
			p := cat.Provider(pid)
			if p == nil {
				t.Errorf("provider %q (%s) is missing", pid, r["provider"])
				continue
			}
			if p.Source != r["source"] || p.AsOf != r["as_of"] {
				t.Errorf("%s: source/as_of are not the providers.csv row's", pid)
			}
			if strings.HasPrefix(r["spot_available"], "yes") && (p.Spot.Available == nil || !*p.Spot.Available) {
				t.Errorf("%s: spot is available per the reference", pid)
			}
			if r["compute_sla_pct"] == "" && p.SLA.Percent != nil {
				t.Errorf("%s: SLA %v, the reference leaves it unknown", pid, *p.SLA.Percent)
			}
			if refIsCorrected("providers.csv", r, "compute_sla_pct") {
				refFigure(t, pid+" SLA", p.SLA.Percent, r["compute_sla_pct"])
			}
			if cell := r["egress_first_tier_usd_per_gb_or_native"]; cell != "" {
				// "0 (no ingress/egress fees)": the figure leads the cell
				refFigure(t, pid+" egress", p.Egress.Price, strings.Fields(cell)[0])
				if p.Egress.Currency != r["egress_currency"] {
					t.Errorf("%s: egress currency %q, want %q", pid, p.Egress.Currency, r["egress_currency"])
				}
			}
		}
		for _, id := range []string{"aws-china", "inspur-lease"} {
			if cat.Provider(id) == nil {
				t.Errorf("provider %q is missing", id)
			}
		}
	})

	t.Run("huawei.csv", func(t *testing.T) {
		for _, r := range readRef(t, "huawei.csv") {
			r = refCorrected("huawei.csv", r)
			pid := refProviderID(t, r["provider"])
			in := refInstanceOf(t, cat, pid, r["flavor"])
			if in == nil {
				continue
			}
			what := pid + "/" + in.ID
			if in.Name != r["flavor"] || cat.GPU(in.GPU) == nil || strconv.Itoa(in.GPUCount) != r["gpu_count"] {
				t.Errorf("%s: name %q, gpu %q, gpu_count %d do not follow the row", what, in.Name, in.GPU, in.GPUCount)
			}
			refFigure(t, what+" vcpus", in.VCPUs, r["vcpus"])
			refFigure(t, what+" ram_gib", in.RAMGiB, r["ram_gib"])
			if !strings.Contains(in.Network, r["network_max_assured_gbps"]) {
				t.Errorf("%s: network %q lacks the row's %q", what, in.Network, r["network_max_assured_gbps"])
			}
			if mem := cat.TotalGPUMemoryGB(in); !refSame(mem, *refNum(t, r["gpu_memory_gib_total"])) {
				t.Errorf("%s: GPU memory %s, the row gives %s GiB", what, refShow(mem), r["gpu_memory_gib_total"])
			}
			// The row gives no price: the flavour has a price_not_public
			// reason, or prices from other sources that name themselves.
			if in.Source != r["source"] || (in.PriceNotPublic == "") == (len(cat.PricesOf(in)) == 0) {
				t.Errorf("%s: want the row's source, and either a price_not_public reason or prices, not both", what)
			}
			for _, pp := range cat.PricesOf(in) {
				if pp.Source == r["source"] {
					t.Errorf("%s: a price cites the row's source %q, which gives no price", what, pp.Source)
				}
			}
		}
	})

	t.Run("seeds", func(t *testing.T) {
		// The two guides are cited by what they are, with the section quoted.
		const guide = "industry buyer's guide (Chinese), section "
		for _, s := range []struct {
			provider, id, gpu string
			count             int
			source            string
		}{
			{"aws", "p4d.24xlarge", "a100-sxm4-40gb", 8, ""},
			{"tencent-cloud", "gn10", "v100-sxm2-32gb", 8, guide + `"三、主流云服务商方案对比 › 2. 腾讯云GN10系列"`},
			{"alibaba-cloud", "gn6i", "t4-pcie-16gb", 4, guide + `"三、主流云服务商方案对比 › 3. 阿里云GN6i系列"`},
			{"inspur-lease", "nf5468m6", "a30-pcie-24gb", 8, guide + `"三、主流云服务商方案对比 › 4. 本地化方案：浪潮NF5468M6"`},
			{"alibaba-cloud", "gnn", "a100-sxm4-40gb", 8, guide + `"3.4 服务商对比矩阵"`},
			{"tencent-cloud", "gn10x-4gpu", "v100-sxm2-32gb", 4, guide + `"3.4 服务商对比矩阵"`},
			{"huawei-cloud", "gcs", "a100-sxm4-80gb", 4, guide + `"3.4 服务商对比矩阵"`},
		} {
			in := refInstanceOf(t, cat, s.provider, s.id)
			if in == nil {
				continue
			}
			if in.GPU != s.gpu || in.GPUCount != s.count || s.source != "" && in.Source != s.source {
				t.Errorf("%s/%s: gpu %s x%d from %q, want %s x%d from %q", s.provider, s.id, in.GPU, in.GPUCount, in.Source, s.gpu, s.count, s.source)
			}
		}
		for _, c := range []struct {
			provider, id string
			tflops       float64
		}{{"aws", "p4d.24xlarge", 624}, {"tencent-cloud", "gn10", 496}, {"alibaba-cloud", "gn6i", 130}, {"inspur-lease", "nf5468m6", 312}} {
			in := refInstanceOf(t, cat, c.provider, c.id)
			if in != nil && (in.Claims == nil || !refSame(in.Claims.TFLOPS, c.tflops) || in.Claims.Precision != "fp32") {
				t.Errorf("%s/%s: want the seed's claim of FP32 %v TFLOPS", c.provider, c.id, c.tflops)
			}
		}
		if gcs := refInstanceOf(t, cat, "huawei-cloud", "gcs"); gcs != nil && gcs.PriceNotPublic == "" {
			t.Errorf("huawei-cloud/gcs: the seed gives no price: want price_not_public")
		}
	})

	t.Run("benchmarks.csv", func(t *testing.T) {
		// Every row is a result of some benchmark: same round, submitter,
		// system, count and value, and its source verbatim.
		for _, row := range readRef(t, "benchmarks.csv") {
			want, _ := strconv.ParseFloat(row["metric_value"], 64)
			count := 0
			if row["accelerator_count"] != "" {
				count, _ = strconv.Atoi(row["accelerator_count"])
			}
			found := false
			for _, b := range cat.Benchmarks {
				for _, r := range b.Results {
					if r.Round == row["round"] && r.Submitter == row["submitter"] && r.System == row["system"] &&
						r.GPUCount == count && r.Value == want && r.Source == row["source"] {
						found = true
					}
				}
			}
			if !found {
				t.Errorf("benchmarks.csv: no result for %s %s %s on %s x%s = %s", row["round"], row["benchmark"], row["scenario"], row["accelerator"], row["accelerator_count"], row["metric_value"])
			}
		}
	})
}

// TestShippedRegionsArePlaced: every region of the shipped catalog says
// which part of the world it is in, as its name or id does, so that the
// matrix groups it; a few are checked against their names.
func TestShippedRegionsArePlaced(t *testing.T) {
	cat := shipped(t)
	n := 0
	for _, p := range cat.Providers {
		for _, reg := range p.Regions {
			n++
			if reg.Geo == "" {
				t.Errorf("region %q of provider %q (%s) has no geo", reg.ID, p.ID, reg.Name)
			}
		}
	}
	if n == 0 {
		t.Fatal("the shipped catalog has no region")
	}
	for _, c := range []struct{ provider, region, geo string }{
		{"aws", "us-east-1", "north-america"},
		{"aws", "sa-east-1", "south-america"},
		{"aws", "me-central-1", "middle-east"},
		{"aws", "eu-west-1", "europe"},
		{"aws", "ap-southeast-2", "asia-pacific"},
		{"aws-china", "cn-northwest-1", "china-mainland"},
		{"tencent-cloud", "ap-beijing", "china-mainland"},
	} {
		if reg := cat.Provider(c.provider).Region(c.region); reg == nil || reg.Geo != c.geo {
			t.Errorf("region %q of %q: geo %v, want %q", c.region, c.provider, reg, c.geo)
		}
	}
}
