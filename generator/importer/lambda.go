package importer

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// lambdaType is an entry of Lambda's instance-types answer.
type lambdaType struct {
	InstanceType struct {
		Name           string `json:"name"`
		GPUDescription string `json:"gpu_description"`
		// PriceCents is a number; the API reference's example writes it as
		// a string of digits ("80"), which is read too.
		PriceCents json.RawMessage `json:"price_cents_per_hour"`
		Specs      struct {
			VCPUs     float64 `json:"vcpus"`
			MemoryGiB float64 `json:"memory_gib"`
			GPUs      int     `json:"gpus"`
		} `json:"specs"`
	} `json:"instance_type"`
}

// lambdaCount is the GPU count in a Lambda instance type's name.
var lambdaCount = regexp.MustCompile(`^gpu_([0-9]+)x_`)

const lambdaWhat = `a Lambda Cloud instance-types answer ({"data": {"gpu_1x_a10": {"instance_type": {"price_cents_per_hour": …}, …}, …}})`

// ReadLambdaInstanceTypes reads the answer of Lambda Cloud's API
// (cloud.lambda.ai/api/v1/instance-types, JSON with data: an entry per
// instance type, an API key). Lambda states one on-demand price per
// instance type, in US cents per hour, the same in every region: each
// type with a GPU gives its on-demand price in region all. The regions
// with capacity at the moment of the answer say nothing of where the type
// is offered, and no effective date is stated.
func ReadLambdaInstanceTypes(r io.Reader, file string, l *List) error {
	l.Format = "lambda-api"
	d, err := readJSONDoc(r, file, lambdaWhat)
	if err != nil {
		return err
	}
	return d.walk("data", func(key string, raw json.RawMessage, p Pos) error {
		var t lambdaType
		if err := d.decodeAt(raw, p, &t); err != nil {
			return err
		}
		it := t.InstanceType
		name := it.Name
		if name == "" {
			name = key
		}
		var cents *float64
		if text := string(it.PriceCents); text != "" && text != "null" {
			v, err := strconv.ParseFloat(strings.Trim(text, `"`), 64)
			if err != nil {
				return fmt.Errorf("%s: %s: price_cents_per_hour %s is not a number: want US cents per hour such as 129", p, name, text)
			}
			cents = &v
		}
		gpus := it.Specs.GPUs
		if m := lambdaCount.FindStringSubmatch(name); gpus == 0 && m != nil {
			gpus, _ = strconv.Atoi(m[1]) // gpu_4x_a6000: 4
		}
		switch {
		case name == "":
			return fmt.Errorf("%s: instance type without a name: want the data entry's instance_type.name", p)
		case key != "" && it.Name != "" && key != it.Name:
			return fmt.Errorf("%s: entry %q names instance type %q: want the same name", p, key, it.Name)
		case cents == nil:
			return fmt.Errorf("%s: %s has no price_cents_per_hour: want its price in US cents per hour", p, name)
		case *cents < 0 || math.IsNaN(*cents) || math.IsInf(*cents, 0):
			return fmt.Errorf("%s: %s: price_cents_per_hour %s is negative: want US cents per hour, 0 or more", p, name, amountText(*cents))
		case gpus < 1:
			l.skip("no GPU (not a GPU instance type)")
			return nil
		case *cents == 0:
			l.skip("price 0 (not offered)")
			return nil
		}
		spec := Spec{GPUName: it.GPUDescription, GPUCount: gpus}
		if it.Specs.VCPUs > 0 {
			spec.VCPUs = &it.Specs.VCPUs
		}
		if it.Specs.MemoryGiB > 0 {
			spec.RAMGiB = &it.Specs.MemoryGiB
		}
		l.Offers = append(l.Offers, Offer{Instance: name, Region: "all", Model: "on_demand",
			Amount: math.Round(*cents*1e4) / 1e6, Currency: "USD", Pos: p, Spec: spec})
		return nil
	}, nil)
}
