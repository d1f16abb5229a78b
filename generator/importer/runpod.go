package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
)

// runpodType is an entry of the gpuTypes of RunPod's GraphQL API.
type runpodType struct {
	ID                 string   `json:"id"`
	DisplayName        string   `json:"displayName"`
	MemoryInGb         *float64 `json:"memoryInGb"`
	SecureCloud        *bool    `json:"secureCloud"`
	CommunityCloud     *bool    `json:"communityCloud"`
	SecurePrice        *float64 `json:"securePrice"`
	CommunityPrice     *float64 `json:"communityPrice"`
	SecureSpotPrice    *float64 `json:"secureSpotPrice"`
	CommunitySpotPrice *float64 `json:"communitySpotPrice"`
}

// runpodInstances maps RunPod's GPU type ids (github.com/runpod/docs
// references/gpu-types.mdx) onto the stem of the catalog's per-GPU
// instance types: STEM-secure-per-gpu in Secure Cloud (provider runpod),
// STEM-community-per-gpu in Community Cloud (runpod-community). A type
// not listed here keeps its display name, with the cloud said, and is
// reported as an instance type the catalog lacks.
var runpodInstances = map[string]string{
	"NVIDIA H100 80GB HBM3":   "h100-sxm",
	"NVIDIA H100 PCIe":        "h100-pcie",
	"NVIDIA H100 NVL":         "h100-nvl",
	"NVIDIA H200":             "h200",
	"NVIDIA B200":             "b200",
	"NVIDIA L40S":             "l40s",
	"NVIDIA GeForce RTX 4090": "rtx-4090",
	"NVIDIA A100-SXM4-80GB":   "a100-sxm",
	"NVIDIA A100 80GB PCIe":   "a100-pcie",
}

// runpodSecureOneGPU are the Secure Cloud types the catalog prices as
// instance types of one GPU (from SkyPilot's copy) rather than per GPU:
// their per-GPU price is the instance's.
var runpodSecureOneGPU = map[string]string{
	"NVIDIA A100 80GB PCIe": "1x_a100-80gb",
	"NVIDIA A100-SXM4-80GB": "1x_a100-80gb-sxm",
}

const runpodWhat = `a RunPod GraphQL answer ({"data": {"gpuTypes": [{"id": …, "securePrice": …, "communityPrice": …}, …]}})`

// ReadRunPodGPUTypes reads the answer of RunPod's GraphQL API
// (api.runpod.io/graphql, a POST of a gpuTypes query, an API key) for one
// of its clouds: Secure Cloud (community false: securePrice and
// secureSpotPrice) or Community Cloud, a marketplace of third-party hosts
// (communityPrice, communitySpotPrice). RunPod prices each GPU type per
// GPU and hour, in US dollars, with no region and no effective date: each
// type the cloud offers gives an on-demand and, where stated, a spot price
// per GPU in region all. A price that is null or 0, or a type the cloud
// does not offer, is skipped with the reason.
func ReadRunPodGPUTypes(r io.Reader, file string, community bool, l *List) error {
	l.Format = "runpod-graphql"
	cloud, suffix := "Secure Cloud", "-secure-per-gpu"
	if community {
		cloud, suffix = "Community Cloud", "-community-per-gpu"
	}
	if l.Covers == nil {
		// Only the per-GPU types: the catalog's instance types of several
		// GPUs (from SkyPilot's copy) are not in this list, so not gone.
		l.Covers = map[string]bool{}
		for _, stem := range runpodInstances {
			l.Covers[stem+suffix] = true
		}
		if !community {
			for _, id := range runpodSecureOneGPU {
				l.Covers[id] = true
			}
		}
	}
	d, err := readJSONDoc(r, file, runpodWhat)
	if err != nil {
		return err
	}
	var apiErr string
	found := false
	err = d.walk("data", func(key string, raw json.RawMessage, p Pos) error {
		if key != "gpuTypes" {
			return nil
		}
		found = true
		return d.eachAt(raw, p, "gpuTypes", func(raw json.RawMessage, p Pos) error {
			var t runpodType
			if err := d.decodeAt(raw, p, &t); err != nil {
				return err
			}
			return runpodOffers(t, p, cloud, suffix, community, l)
		})
	}, func(key string, raw json.RawMessage, p Pos) error {
		var errs []struct {
			Message string `json:"message"`
		}
		if key == "errors" && json.Unmarshal(raw, &errs) == nil && len(errs) > 0 {
			apiErr = errs[0].Message
		}
		return nil
	})
	switch {
	case apiErr != "":
		return fmt.Errorf("%s: the API answered an error, %q: want the gpuTypes of %s", d.pos(0), apiErr, runpodWhat)
	case err != nil:
		return err
	case !found:
		return fmt.Errorf("%s: no data.gpuTypes: want %s", d.pos(0), runpodWhat)
	}
	return nil
}

// runpodOffers adds the on-demand and spot prices of one GPU type in one
// cloud.
func runpodOffers(t runpodType, p Pos, cloud, suffix string, community bool, l *List) error {
	offered, price, spot := t.SecureCloud, t.SecurePrice, t.SecureSpotPrice
	field := "securePrice"
	if community {
		offered, price, spot = t.CommunityCloud, t.CommunityPrice, t.CommunitySpotPrice
		field = "communityPrice"
	}
	if t.ID == "" {
		return fmt.Errorf("%s: GPU type without an id: want RunPod's id such as \"NVIDIA H100 80GB HBM3\"", p)
	}
	for _, v := range []*float64{price, spot} {
		if v != nil && (*v < 0 || math.IsNaN(*v) || math.IsInf(*v, 0)) {
			return fmt.Errorf("%s: %s: price %s is negative: want US dollars per GPU hour, 0 or more", p, t.ID, amountText(*v))
		}
	}
	if strings.EqualFold(t.ID, "unknown") {
		l.skip("GPU type \"unknown\"")
		return nil
	}
	if offered != nil && !*offered {
		l.skip("GPU type not offered in " + cloud)
		return nil
	}
	if price == nil || *price == 0 {
		l.skip("no " + field + " (not offered in " + cloud + ")")
		return nil
	}
	name := t.DisplayName
	if name == "" {
		name = t.ID
	}
	instance := name + " (" + cloud + ", per GPU)"
	perGPU := true
	note := fmt.Sprintf("RunPod's API prices GPU type %q in %s per GPU-hour.", t.ID, cloud)
	noteZH := fmt.Sprintf("RunPod 的接口按每GPU小时为 GPU 类型“%s”计价（%s）。", t.ID, cloud)
	if stem, ok := runpodInstances[t.ID]; ok {
		instance = stem + suffix
	}
	if id, ok := runpodSecureOneGPU[t.ID]; ok && !community {
		instance, perGPU = id, false
		note = fmt.Sprintf("RunPod's API prices GPU type %q in %s per GPU-hour; the instance type has one GPU.", t.ID, cloud)
		noteZH = fmt.Sprintf("RunPod 的接口按每GPU小时为 GPU 类型“%s”计价（%s）；该实例类型只有一个GPU。", t.ID, cloud)
	}
	spec := Spec{GPUName: t.ID, GPUCount: 1, GPUMemoryGB: t.MemoryInGb}
	l.Offers = append(l.Offers, Offer{Instance: instance, Region: "all", Model: "on_demand", Amount: *price,
		PerGPU: perGPU, Currency: "USD", Note: note, NoteZH: noteZH, Pos: p, Spec: spec})
	if spot == nil || *spot == 0 {
		l.skip("no spot price")
		return nil
	}
	l.Offers = append(l.Offers, Offer{Instance: instance, Region: "all", Model: "spot", Amount: *spot,
		PerGPU: perGPU, Currency: "USD", Note: note, NoteZH: noteZH, Pos: p, Spec: spec})
	return nil
}

// eachAt gives each element of the JSON array raw, found at p as member
// name, with its own place in the document.
func (d *jsonDoc) eachAt(raw json.RawMessage, p Pos, name string, item func(raw json.RawMessage, p Pos) error) error {
	sub := &jsonDoc{file: d.file, what: d.what, data: raw, dec: json.NewDecoder(bytes.NewReader(raw))}
	place := func(q Pos) Pos { // a place in raw, as a place in the document
		if q.Line == 1 {
			q.Col += p.Col - 1
		}
		q.Line += p.Line - 1
		return q
	}
	if t, err := sub.dec.Token(); err != nil || t != json.Delim('[') {
		return fmt.Errorf("%s: %s is not a list: want %s", p, name, d.what)
	}
	for sub.dec.More() {
		q := place(sub.pos(sub.dec.InputOffset()))
		var el json.RawMessage
		if err := sub.dec.Decode(&el); err != nil {
			return fmt.Errorf("%s: %v", q, err)
		}
		if err := item(el, q); err != nil {
			return err
		}
	}
	return nil
}
