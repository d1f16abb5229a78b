package importer

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"gpucompare/generator/catalog"
)

// gcpSKU is the part of a Cloud Billing Catalog API SKU the importer reads.
type gcpSKU struct {
	SkuID       string `json:"skuId"`
	Description string `json:"description"`
	Category    struct {
		ResourceGroup string `json:"resourceGroup"`
		UsageType     string `json:"usageType"`
	} `json:"category"`
	ServiceRegions []string `json:"serviceRegions"`
	PricingInfo    []struct {
		PricingExpression struct {
			UsageUnit   string `json:"usageUnit"`
			TieredRates []struct {
				StartUsageAmount float64 `json:"startUsageAmount"`
				UnitPrice        struct {
					CurrencyCode string `json:"currencyCode"`
					Units        string `json:"units"`
					Nanos        int64  `json:"nanos"`
				} `json:"unitPrice"`
			} `json:"tieredRates"`
		} `json:"pricingExpression"`
		EffectiveTime string `json:"effectiveTime"`
	} `json:"pricingInfo"`
}

// gcpModels are the catalog pricing models of the SKUs' usage types.
var gcpModels = map[string]string{"OnDemand": "on_demand", "Preemptible": "spot", "Commit1Yr": "cud_1y", "Commit3Yr": "cud_3y"}

// gcpSeries are the GPU machine series whose instance price is the sum of
// three SKUs: the series' cores and memory ("A2 Instance Core", "A2
// Instance Ram") and its GPUs (by the GPU SKU's name before " GPU"). A
// series is listed only where the GPU its machines carry is named by one
// SKU beyond doubt; A3 Mega and the N1 machines with attached GPUs are not
// (their offers are not read). TPU slices are priced apart (gcpTPUs).
var gcpSeries = map[string]struct{ family, gpu string }{
	"a2-highgpu":  {"A2", "Nvidia Tesla A100"},
	"a2-megagpu":  {"A2", "Nvidia Tesla A100"},
	"a2-ultragpu": {"A2", "Nvidia Tesla A100 80GB"},
	"a3-highgpu":  {"A3", "Nvidia H100 80GB"},
	"g2-standard": {"G2", "Nvidia L4"},
}

// gcpTPUs are the Cloud TPU versions whose chips the Compute Engine SKUs
// price, per chip and hour, by the token their descriptions carry, and how
// many chips a slice of the catalog's name TPU-VERSION-N has: N for v5e
// (v5litepod-N) and v6e, N/2 for v5p, whose N counts TensorCores, two a
// chip. Both as SkyPilot's GCP catalog fetcher reads them
// (github.com/skypilot-org/skypilot@a2f08cf
// sky/catalog/data_fetchers/fetch_gcp.py, get_tpu_df): a spot
// (preemptible) chip's SKU has usage type OnDemand and "Preemptible" in its
// description; a v5 or v6e SKU has no "Pod".
var gcpTPUs = map[string]struct {
	token      string
	coresAChip int
}{
	"v5litepod": {"TpuV5e", 1},
	"v5p":       {"TpuV5p", 2},
	"v6e":       {"TpuV6e", 1},
}

// gcpPart is the price of one component in one region and usage type.
type gcpPart struct {
	amount    float64
	currency  string
	effective catalog.Date
	pos       Pos
	sku       string
}

type gcpKey struct{ component, region, model string } // component: "A2 core", "A2 ram", "gpu Nvidia Tesla A100"

// gcpState is what the pages of one list have given so far: the offers
// are worked out again from all of it after each page.
type gcpState struct {
	parts   map[gcpKey]gcpPart
	skipped map[string]int
}

// GCPMachine is a machine type of the catalog whose price the Billing
// Catalog's SKUs make up.
type GCPMachine struct {
	Name        string
	VCPUs, RAM  float64 // RAM in GiB
	GPUs        int
	Series      string // "a2-highgpu" of a2-highgpu-1g
	Family, GPU string
	// TPU, for a TPU slice, is its chips' SKU token ("TpuV5e"); the slice
	// is priced as GPUs (its chips) × the chip's price.
	TPU string
}

// GCPMachines are the machine types of prov that gcpSeries covers, with
// the vCPUs, memory and GPUs the catalog states; the others cannot be
// priced from SKUs.
func GCPMachines(prov *catalog.Provider) []GCPMachine {
	var out []GCPMachine
	for _, in := range prov.Instances {
		if m, ok := gcpTPUMachine(in); ok {
			out = append(out, m)
			continue
		}
		parts := strings.Split(in.Name, "-")
		if len(parts) < 3 || in.VCPUs == nil || in.RAMGiB == nil || in.GPUCount < 1 {
			continue
		}
		series := parts[0] + "-" + parts[1]
		s, ok := gcpSeries[series]
		if !ok {
			continue
		}
		out = append(out, GCPMachine{Name: in.Name, VCPUs: *in.VCPUs, RAM: *in.RAMGiB, GPUs: in.GPUCount, Series: series, Family: s.family, GPU: s.gpu})
	}
	return out
}

// gcpTPUMachine is the TPU slice tpu-VERSION-N of gcpTPUs whose chips,
// as its name counts them, are the catalog's gpu_count.
func gcpTPUMachine(in *catalog.Instance) (GCPMachine, bool) {
	parts := strings.Split(in.Name, "-")
	if len(parts) != 3 || parts[0] != "tpu" {
		return GCPMachine{}, false
	}
	v, ok := gcpTPUs[parts[1]]
	n, err := strconv.Atoi(parts[2])
	if !ok || err != nil || n < 1 || n%v.coresAChip != 0 || n/v.coresAChip != in.GPUCount {
		return GCPMachine{}, false
	}
	return GCPMachine{Name: in.Name, GPUs: in.GPUCount, Series: "tpu-" + parts[1], TPU: v.token}, true
}

const gcpWhat = `a Cloud Billing Catalog API page of SKUs ({"skus": [{"skuId": …, "pricingInfo": […]}, …], "nextPageToken": …})`

// ReadGCPBilling reads a page of the Cloud Billing Catalog API's SKUs of
// Compute Engine (cloudbilling.googleapis.com/v1/services/6F81-5844-456A/skus,
// JSON with skus and nextPageToken). Google prices a GPU machine type as
// the sum of its cores, its memory and its GPUs, each a SKU per region
// and usage type (OnDemand, Preemptible for spot, Commit1Yr and Commit3Yr
// for committed use); each SKU's pricingInfo.effectiveTime dates it.
//
// The offers of machines (GCPMachines) are worked out from every page
// read into l so far: for each region and usage type where the three SKUs
// are all listed, vCPUs × core price + GiB × memory price + GPUs × GPU
// price, effective on the latest of the three SKUs' dates, the sum said
// in the point's note. SKUs of other machines, or with a tiered or
// non-hourly price, are skipped, with the reason.
func ReadGCPBilling(r io.Reader, file string, machines []GCPMachine, l *List) error {
	l.Format = "gcp-billing"
	if l.Covers == nil {
		l.Covers = map[string]bool{}
		for _, m := range machines {
			l.Covers[m.Name] = true
		}
	}
	if l.gcp == nil {
		l.gcp = &gcpState{parts: map[gcpKey]gcpPart{}, skipped: map[string]int{}}
	}
	st := l.gcp
	skip := func(why string) { st.skipped[why]++ }
	wanted := map[string]bool{}
	for _, m := range machines {
		if m.TPU != "" {
			wanted["tpu "+m.TPU] = true
			continue
		}
		wanted[m.Family+" core"], wanted[m.Family+" ram"], wanted["gpu "+m.GPU] = true, true, true
	}
	d, err := readJSONDoc(r, file, gcpWhat)
	if err != nil {
		return err
	}
	err = d.walk("skus", func(_ string, raw json.RawMessage, p Pos) error {
		var s gcpSKU
		if err := d.decodeAt(raw, p, &s); err != nil {
			return err
		}
		model, ok := gcpModels[s.Category.UsageType]
		if !ok {
			skip("usage type other than OnDemand, Preemptible, Commit1Yr, Commit3Yr")
			return nil
		}
		component, unit := gcpComponent(s)
		if component == "" || !wanted[component] {
			skip("not a component of a GPU machine type the catalog prices from SKUs")
			return nil
		}
		if strings.HasPrefix(component, "tpu ") {
			switch {
			case model != "on_demand":
				skip("TPU SKU of a usage type other than OnDemand")
				return nil
			case strings.Contains(s.Description, "Preemptible"):
				model = "spot"
			}
		}
		if len(s.PricingInfo) == 0 {
			return fmt.Errorf("%s: SKU %s has no pricingInfo: want its price", p, s.SkuID)
		}
		pi := s.PricingInfo[len(s.PricingInfo)-1] // the current price is the last
		if pi.PricingExpression.UsageUnit != unit {
			skip("SKU not priced per hour (or per GiB hour for memory)")
			return nil
		}
		rates := pi.PricingExpression.TieredRates
		if len(rates) != 1 {
			skip("tiered SKU price")
			return nil
		}
		up := rates[0].UnitPrice
		units, err := strconv.ParseInt(up.Units, 10, 64)
		if err != nil || units < 0 || up.Nanos < 0 || up.Nanos >= 1e9 {
			return fmt.Errorf("%s: SKU %s: unitPrice %q units and %d nanos: want a price, 0 or more (units a whole number, nanos 0 to 999999999)", p, s.SkuID, up.Units, up.Nanos)
		}
		if len(up.CurrencyCode) != 3 {
			return fmt.Errorf("%s: SKU %s: currencyCode %q: want a currency code such as USD", p, s.SkuID, up.CurrencyCode)
		}
		eff, err := awsDate(pi.EffectiveTime)
		if err != nil {
			return fmt.Errorf("%s: SKU %s: effectiveTime %q: %v", p, s.SkuID, pi.EffectiveTime, err)
		}
		if len(s.ServiceRegions) == 0 {
			return fmt.Errorf("%s: SKU %s has no serviceRegions: want the regions it prices", p, s.SkuID)
		}
		// units and nanos read as one decimal: 2 and 933908000 are 2.933908.
		amount, _ := strconv.ParseFloat(fmt.Sprintf("%d.%09d", units, up.Nanos), 64)
		part := gcpPart{amount: amount, currency: up.CurrencyCode, effective: eff, pos: p, sku: s.SkuID}
		for _, region := range s.ServiceRegions {
			k := gcpKey{component, region, model}
			if prev, dup := st.parts[k]; dup && (prev.amount != part.amount || prev.currency != part.currency) {
				return fmt.Errorf("%s: SKU %s prices %s %s in %s differently from SKU %s at %s: want one price", p, s.SkuID, component, model, region, prev.sku, prev.pos)
			}
			st.parts[k] = part
		}
		return nil
	}, nil)
	if err != nil {
		return err
	}
	l.Offers, l.Skipped = gcpOffers(st, machines)
	return nil
}

// gcpComponent is what a SKU prices ("A2 core", "A2 ram", "gpu Nvidia
// Tesla A100") and the usage unit it must be priced in; "" when neither.
func gcpComponent(s gcpSKU) (component, unit string) {
	for _, v := range gcpTPUs {
		if strings.Contains(s.Description, v.token) {
			if strings.Contains(s.Description, "Pod") {
				return "", ""
			}
			return "tpu " + v.token, "h"
		}
	}
	desc := strings.TrimPrefix(s.Description, "Spot Preemptible ")
	desc = strings.TrimPrefix(desc, "Commitment v1: ")
	switch s.Category.ResourceGroup {
	case "GPU":
		name, _, ok := strings.Cut(desc, " GPU ")
		if !ok {
			return "", ""
		}
		return "gpu " + name, "h"
	case "CPU", "RAM":
		// "A2 Instance Core running in Americas", "A2 Cpu in Americas for 1 Year"
		fields := strings.Fields(desc)
		if len(fields) < 3 {
			return "", ""
		}
		kind := strings.ToLower(fields[1])
		if kind == "instance" {
			kind = strings.ToLower(fields[2])
		}
		switch kind {
		case "core", "cpu":
			return fields[0] + " core", "h"
		case "ram":
			return fields[0] + " ram", "GiBy.h"
		}
	}
	return "", ""
}

// gcpOffers works out the machines' offers from the parts read.
func gcpOffers(st *gcpState, machines []GCPMachine) ([]Offer, map[string]int) {
	skipped := maps.Clone(st.skipped)
	regions := map[string]bool{}
	for k := range st.parts {
		regions[k.region] = true
	}
	var offers []Offer
	for _, m := range machines {
		for _, region := range slices.Sorted(maps.Keys(regions)) {
			for _, model := range []string{"on_demand", "spot", "cud_1y", "cud_3y"} {
				if m.TPU != "" {
					chip, ok := st.parts[gcpKey{"tpu " + m.TPU, region, model}]
					if !ok {
						continue
					}
					amount := math.Round(float64(m.GPUs)*chip.amount*1e6) / 1e6
					note := fmt.Sprintf("Google prices the TPU slice by its chips: %d chips × %s (SKU %s, a chip-hour) %s.", m.GPUs, amountText(chip.amount), chip.sku, chip.currency)
					noteZH := fmt.Sprintf("谷歌云按芯片为 TPU 切片计价：%d个芯片 × 每芯片小时%s（SKU `%s`）。", m.GPUs, zhMoney(amountText(chip.amount), chip.currency), chip.sku)
					offers = append(offers, Offer{Instance: m.Name, Region: region, Model: model, Amount: amount, Currency: chip.currency,
						Note: note, NoteZH: noteZH, Effective: chip.effective, Pos: chip.pos, Spec: Spec{GPUCount: m.GPUs}})
					continue
				}
				core, okC := st.parts[gcpKey{m.Family + " core", region, model}]
				ram, okR := st.parts[gcpKey{m.Family + " ram", region, model}]
				gpu, okG := st.parts[gcpKey{"gpu " + m.GPU, region, model}]
				if !okC && !okR && !okG {
					continue
				}
				if !okC || !okR || !okG {
					skipped["machine type with one of its core, memory and GPU SKUs missing in the region"]++
					continue
				}
				if core.currency != ram.currency || core.currency != gpu.currency {
					skipped["SKUs of one machine type in different currencies"]++
					continue
				}
				amount := math.Round((m.VCPUs*core.amount+m.RAM*ram.amount+float64(m.GPUs)*gpu.amount)*1e6) / 1e6
				eff := max(core.effective, ram.effective, gpu.effective)
				note := fmt.Sprintf("Google prices the machine by its parts: %s vCPU × %s (SKU %s) + %s GiB × %s (SKU %s) + %d GPU × %s (SKU %s) %s.",
					amountText(m.VCPUs), amountText(core.amount), core.sku, amountText(m.RAM), amountText(ram.amount), ram.sku, m.GPUs, amountText(gpu.amount), gpu.sku, core.currency)
				noteZH := fmt.Sprintf("谷歌云按部件为该机器计价：%s个vCPU × %s（SKU `%s`）+ %s GiB内存 × %s（SKU `%s`）+ %d个GPU × %s（SKU `%s`），均为每小时价格。",
					amountText(m.VCPUs), zhMoney(amountText(core.amount), core.currency), core.sku, amountText(m.RAM), zhMoney(amountText(ram.amount), ram.currency), ram.sku, m.GPUs, zhMoney(amountText(gpu.amount), gpu.currency), gpu.sku)
				offers = append(offers, Offer{Instance: m.Name, Region: region, Model: model, Amount: amount, Currency: core.currency,
					Note: note, NoteZH: noteZH, Effective: eff, Pos: gpu.pos, Spec: Spec{GPUCount: m.GPUs}})
			}
		}
	}
	return offers, skipped
}
