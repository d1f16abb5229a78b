package importer

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// vastOffer is an offer of the answer of Vast.ai's offer search: what the
// importer reads of it.
type vastOffer struct {
	ID       json.Number `json:"id"`
	GPUName  string      `json:"gpu_name"`
	NumGPUs  *float64    `json:"num_gpus"`
	DPHTotal *float64    `json:"dph_total"`
	// Rentable, Rented, IsBid and Verification are left out of a search
	// that does not select them: unstated, they exclude nothing.
	Rentable     *bool  `json:"rentable"`
	Rented       *bool  `json:"rented"`
	IsBid        *bool  `json:"is_bid"`
	Verification string `json:"verification"`
}

// vastInstances maps Vast.ai's GPU names (the gpu_name of its offers)
// onto the catalog's per-GPU instance types of provider vast-ai: the
// median of the offers' prices per GPU. A GPU not listed here keeps its
// name, with "(median per GPU)", and is reported as an instance type the
// catalog lacks.
var vastInstances = map[string]string{
	"H100 SXM": "h100-sxm-marketplace-median",
}

// vastSample is one offer's price per GPU-hour.
type vastSample struct {
	price float64
	pos   Pos
}

// vastMaxDPH bounds an offer's dph_total: no offer rents GPUs for a
// million dollars an hour, so a larger figure is no price.
const vastMaxDPH = 1e6

const vastWhat = `a Vast.ai offer search answer ({"offers": [{"gpu_name": …, "num_gpus": …, "dph_total": …}, …]})`

// ReadVastOffers reads an answer of Vast.ai's offer search
// (console.vast.ai/api/v0/bundles/?q=…, JSON, no key): the offers hosts
// list on its marketplace, each a number of GPUs of one model at a total
// price per hour in US dollars (dph_total, the GPUs with the offer's
// storage). Hosts set their own prices, so no one offer is Vast.ai's
// price of a GPU: for each GPU model the offers of all the files read give
// one on-demand price per GPU-hour in region all, the median of their
// dph_total ÷ num_gpus, said in the point's note with how many offers and
// their range. An offer that states it is not rentable, rented, an
// interruptible bid or of a host not verified is skipped with the reason.
// No effective date is stated.
func ReadVastOffers(r io.Reader, file string, l *List) error {
	l.Format = "vast-offers"
	if l.vast == nil {
		l.vast = map[string][]vastSample{}
		l.Covers = map[string]bool{}
		for _, id := range vastInstances {
			l.Covers[id] = true
		}
	}
	d, err := readJSONDoc(r, file, vastWhat)
	if err != nil {
		return err
	}
	err = d.walk("offers", func(_ string, raw json.RawMessage, p Pos) error {
		var o vastOffer
		if err := d.decodeAt(raw, p, &o); err != nil {
			return err
		}
		return vastAdd(o, p, l)
	}, nil)
	if err != nil {
		return err
	}
	l.Offers = vastMedians(l.vast)
	return nil
}

// vastAdd keeps one offer's price per GPU-hour, or skips it with the
// reason.
func vastAdd(o vastOffer, p Pos, l *List) error {
	name := strings.TrimSpace(o.GPUName)
	switch {
	case name == "":
		return fmt.Errorf("%s: offer %s has no gpu_name: want the GPU model, such as \"H100 SXM\"", p, o.ID)
	case o.NumGPUs == nil || *o.NumGPUs < 1 || *o.NumGPUs != math.Trunc(*o.NumGPUs):
		return fmt.Errorf("%s: offer %s has no whole num_gpus of 1 or more: want the number of GPUs the offer rents", p, o.ID)
	case o.DPHTotal == nil || math.IsNaN(*o.DPHTotal) || math.IsInf(*o.DPHTotal, 0):
		return fmt.Errorf("%s: offer %s has no dph_total: want its price in US dollars per hour", p, o.ID)
	case *o.DPHTotal < 0:
		return fmt.Errorf("%s: offer %s: dph_total %s is negative: want US dollars per hour, 0 or more", p, o.ID, amountText(*o.DPHTotal))
	case *o.DPHTotal > vastMaxDPH:
		return fmt.Errorf("%s: offer %s: dph_total %g is no price per hour: want US dollars per hour, under %s", p, o.ID, *o.DPHTotal, amountText(vastMaxDPH))
	case o.IsBid != nil && *o.IsBid:
		l.skip("an interruptible bid, not an on-demand offer")
	case o.Rentable != nil && !*o.Rentable:
		l.skip("offer not rentable")
	case o.Rented != nil && *o.Rented:
		l.skip("offer rented")
	case o.Verification != "" && o.Verification != "verified":
		l.skip("host not verified (" + o.Verification + ")")
	case math.Round(*o.DPHTotal / *o.NumGPUs * 1e6) == 0:
		l.skip("price 0 (not offered)")
	default:
		l.vast[name] = append(l.vast[name], vastSample{price: *o.DPHTotal / *o.NumGPUs, pos: p})
	}
	return nil
}

// vastMedians makes one per-GPU offer of each GPU model, in the order of
// the models' names: the median of its samples, rounded to a millionth of
// a dollar, placed at its first offer.
func vastMedians(samples map[string][]vastSample) []Offer {
	names := make([]string, 0, len(samples))
	for name := range samples {
		names = append(names, name)
	}
	slices.Sort(names)
	var out []Offer
	for _, name := range names {
		s := samples[name]
		prices := make([]float64, len(s))
		for i, x := range s {
			prices[i] = x.price
		}
		slices.Sort(prices)
		n := len(prices)
		median := prices[n/2]
		if n%2 == 0 {
			median = prices[n/2-1]/2 + prices[n/2]/2
		}
		median = math.Round(median*1e6) / 1e6
		instance, ok := vastInstances[name]
		if !ok {
			instance = name + " (median per GPU)"
		}
		note := fmt.Sprintf("The median of %d offers' price per GPU-hour (dph_total ÷ num_gpus, with each offer's storage) for %q on Vast.ai's marketplace, from %s to %s; hosts set their own prices.",
			n, name, amountText(math.Round(prices[0]*1e4)/1e4), amountText(math.Round(prices[n-1]*1e4)/1e4))
		noteZH := fmt.Sprintf("Vast.ai 市场上“%s”的%d个报价每GPU小时价格的中位数（每小时总价 ÷ GPU数，含各报价的存储），从%s到%s；价格由各主机自行设定。",
			name, n, zhMoney(amountText(math.Round(prices[0]*1e4)/1e4), "USD"), zhMoney(amountText(math.Round(prices[n-1]*1e4)/1e4), "USD"))
		if n == 1 {
			note = fmt.Sprintf("The price per GPU-hour (dph_total ÷ num_gpus, with the offer's storage) of the one offer for %q on Vast.ai's marketplace; hosts set their own prices.", name)
			noteZH = fmt.Sprintf("Vast.ai 市场上“%s”唯一一个报价的每GPU小时价格（每小时总价 ÷ GPU数，含该报价的存储）；价格由各主机自行设定。", name)
		}
		out = append(out, Offer{Instance: instance, Region: "all", Model: "on_demand", Amount: median, PerGPU: true,
			Currency: "USD", Note: note, NoteZH: noteZH, Pos: s[0].pos, Spec: Spec{GPUName: name, GPUCount: 1}})
	}
	return out
}
