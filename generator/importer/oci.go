package importer

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// ociItem is the part of a product of Oracle's price list API the
// importer reads.
type ociItem struct {
	PartNumber    string `json:"partNumber"`
	DisplayName   string `json:"displayName"`
	MetricName    string `json:"metricName"`
	Localizations []struct {
		CurrencyCode string `json:"currencyCode"`
		Prices       []struct {
			Model string   `json:"model"`
			Value *float64 `json:"value"`
		} `json:"prices"`
	} `json:"currencyCodeLocalizations"`
}

// ociShapes are the OCI compute shapes each GPU part of the price list
// prices, per GPU and hour. The price list names parts, never shapes; a
// part is mapped here only where the shape's GPU is beyond doubt from the
// part's name (H100 → BM.GPU.H100.8, …), or for the parts named by host
// generation (X7, V2) where OCI's shape documentation places the GPU
// (P100 shapes on X7 hosts, V100 shapes on the V2 generation) and the
// catalog's earlier prices equal the part's price times the GPUs. The
// A100 40 GB parts "E3" and "E4" (two host generations at one price)
// are left out: which shape each one prices is not stated.
var ociShapes = map[string][]string{
	"B98415":  {"BM.GPU.H100.8"},                                    // Compute - GPU - H100
	"B110519": {"BM.GPU.H200.8"},                                    // Compute - GPU - H200
	"B110978": {"BM.GPU.B200.8"},                                    // Compute - GPU - B200
	"B112237": {"BM.GPU.B300.8"},                                    // Compute - GPU - B300
	"B110979": {"BM.GPU.GB200.4"},                                   // Compute - GPU - GB200
	"B112140": {"BM.GPU.GB300.4"},                                   // Compute - GPU - GB300
	"B109485": {"BM.GPU.MI300X.8"},                                  // Compute - GPU - MI300X
	"B109479": {"BM.GPU.L40S.4"},                                    // Compute - GPU - L40S
	"B95907":  {"BM.GPU.A100-v2.8"},                                 // Compute - GPU - A100 - v2
	"B95909":  {"BM.GPU.A10.4", "VM.GPU.A10.1", "VM.GPU.A10.2"},     // Compute - GPU - A10
	"B89734":  {"BM.GPU3.8", "VM.GPU3.1", "VM.GPU3.2", "VM.GPU3.4"}, // Compute - GPU Standard - V2
	"B88517":  {"BM.GPU2.2"},                                        // Compute - Bare Metal GPU Standard - X7
	"B88518":  {"VM.GPU2.1"},                                        // Compute - Virtual Machine GPU Standard - X7
}

// ociGPUs is the GPU count of an OCI GPU shape, the number its name ends
// with (BM.GPU.H100.8: 8; VM.GPU3.2: 2); 0 when it ends with none.
func ociGPUs(shape string) int {
	n, err := strconv.Atoi(shape[strings.LastIndexByte(shape, '.')+1:])
	if err != nil || n < 1 {
		return 0
	}
	return n
}

// ociWhat is what an OCI price list should be, for messages.
const ociWhat = `an OCI price list ({"items": [{"partNumber": …, "currencyCodeLocalizations": […]}, …]})`

// ReadOCIPriceList reads an answer of Oracle Cloud's public price list API
// (apexapps.oracle.com/pls/apex/cetools/api/v1/products/, JSON with items).
// OCI prices GPU shapes per GPU and hour, the same in every region, and
// states no effective date.
//
// Each "GPU Per Hour" part that ociShapes maps gives an on-demand price in
// region all for each of its shapes: the part's PAY_AS_YOU_GO price times
// the shape's GPUs, said in the point's note. Other parts are skipped,
// with the reason.
func ReadOCIPriceList(r io.Reader, file string, l *List) error {
	l.Format = "oci-pricelist"
	if l.Covers == nil {
		l.Covers = map[string]bool{}
		for _, shapes := range ociShapes {
			for _, s := range shapes {
				l.Covers[s] = true
			}
		}
	}
	d, err := readJSONDoc(r, file, ociWhat)
	if err != nil {
		return err
	}
	seen := map[string]Pos{}
	return d.walk("items", func(_ string, raw json.RawMessage, p Pos) error {
		var it ociItem
		if err := d.decodeAt(raw, p, &it); err != nil {
			return err
		}
		if it.PartNumber == "" {
			return fmt.Errorf("%s: item without a partNumber: want each product's part number", p)
		}
		if prev, dup := seen[it.PartNumber]; dup {
			return fmt.Errorf("%s: part %s is listed twice (first at %s): want one item a part", p, it.PartNumber, prev)
		}
		seen[it.PartNumber] = p
		if it.MetricName != "GPU Per Hour" {
			l.skip("not priced per GPU and hour")
			return nil
		}
		shapes, ok := ociShapes[it.PartNumber]
		if !ok {
			l.skip("GPU part not mapped to an OCI shape")
			return nil
		}
		loc := -1
		for i, c := range it.Localizations {
			if c.CurrencyCode == "USD" || len(it.Localizations) == 1 {
				loc = i
			}
		}
		if loc < 0 {
			return fmt.Errorf("%s: part %s has no USD price: want the list asked for with currencyCode=USD", p, it.PartNumber)
		}
		c := it.Localizations[loc]
		if len(c.CurrencyCode) != 3 {
			return fmt.Errorf("%s: part %s: currencyCode %q: want a currency code such as USD", p, it.PartNumber, c.CurrencyCode)
		}
		var payg *float64
		for _, pr := range c.Prices {
			if pr.Model != "PAY_AS_YOU_GO" {
				l.skip("price model other than PAY_AS_YOU_GO")
				continue
			}
			if pr.Value == nil {
				return fmt.Errorf("%s: part %s: PAY_AS_YOU_GO price without a value: want its price per GPU hour", p, it.PartNumber)
			}
			if payg != nil && *payg != *pr.Value {
				return fmt.Errorf("%s: part %s has two PAY_AS_YOU_GO prices, %s and %s: want one", p, it.PartNumber, amountText(*payg), amountText(*pr.Value))
			}
			payg = pr.Value
		}
		switch {
		case payg == nil:
			l.skip("no PAY_AS_YOU_GO price")
			return nil
		case *payg < 0 || math.IsNaN(*payg):
			return fmt.Errorf("%s: part %s: value %s is negative: want a price per GPU hour, 0 or more", p, it.PartNumber, amountText(*payg))
		case *payg == 0:
			l.skip("price 0 (not offered)")
			return nil
		}
		for _, shape := range shapes {
			n := ociGPUs(shape)
			if n == 0 {
				l.skip("shape without a GPU count in its name")
				continue
			}
			amount := math.Round(*payg*float64(n)*1e6) / 1e6
			note, noteZH := "", ""
			if n > 1 {
				note = fmt.Sprintf("OCI lists %s %s per GPU hour (part %s, %q); × %d GPUs.", amountText(*payg), c.CurrencyCode, it.PartNumber, strings.Join(strings.Fields(it.DisplayName), " "), n)
				noteZH = fmt.Sprintf("甲骨文云列出每GPU小时%s（部件 `%s`，“%s”）；× %d个GPU。", zhMoney(amountText(*payg), c.CurrencyCode), it.PartNumber, strings.Join(strings.Fields(it.DisplayName), " "), n)
			}
			l.Offers = append(l.Offers, Offer{Instance: shape, Region: "all", Model: "on_demand", Amount: amount,
				Currency: c.CurrencyCode, Note: note, NoteZH: noteZH, Pos: p, Spec: Spec{GPUCount: n}})
		}
		return nil
	}, nil)
}
