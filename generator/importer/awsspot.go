package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
)

// awsSpotFeed is the part of the spot.js feed the importer reads.
type awsSpotFeed struct {
	Config *struct {
		Regions []struct {
			Region        string `json:"region"`
			InstanceTypes []struct {
				Sizes []struct {
					Size         string `json:"size"`
					ValueColumns []struct {
						Name   string            `json:"name"`
						Prices map[string]string `json:"prices"`
					} `json:"valueColumns"`
				} `json:"sizes"`
			} `json:"instanceTypes"`
		} `json:"regions"`
	} `json:"config"`
}

// awsSpotRegions are the feed's old region names and the regions they
// are; newer regions are named by their code.
var awsSpotRegions = map[string]string{
	"us-east": "us-east-1", "us-west": "us-west-1", "eu-ireland": "eu-west-1",
	"apac-sin": "ap-southeast-1", "apac-syd": "ap-southeast-2", "apac-tokyo": "ap-northeast-1",
}

// awsGPUFamily tells an instance type of a GPU family (p3, g5, …) by its
// name: the feed states no GPU.
var awsGPUFamily = regexp.MustCompile(`^[pg][0-9]`)

const awsSpotWhat = `the AWS spot price feed spot.js (callback({"config": {"regions": [{"region": …, "instanceTypes": [{"sizes": [{"size": …, "valueColumns": […]}]}]}]}}))`

// ReadAWSSpot reads the AWS spot price feed behind the EC2 Spot pricing
// page (website.spot.ec2.aws.a2z.com/spot.js, JSON wrapped in
// callback(…);): one current Linux spot price per instance type and
// region, in US dollars per hour. The feed states no dates: a changed
// price is first seen on the day read. Windows prices are not read; a
// price the feed marks not available ("N/A*") is skipped.
func ReadAWSSpot(r io.Reader, file string, l *List) error {
	l.Format = "aws-spot"
	data, err := io.ReadAll(r)
	if err != nil {
		return fmt.Errorf("%s: cannot read: %v", file, err)
	}
	// The JSON inside callback(…); keeps its place: what wraps it becomes
	// blanks, line breaks kept, so positions are the file's.
	start := bytes.Index(data, []byte("callback("))
	end := bytes.LastIndexByte(data, ')')
	if start < 0 || end < start {
		return fmt.Errorf("%s:1:1: no callback(…) around the JSON: want %s", file, awsSpotWhat)
	}
	body := bytes.Clone(data)
	for i := range body {
		if (i < start+len("callback(") || i >= end) && body[i] != '\n' {
			body[i] = ' '
		}
	}
	d := &jsonDoc{file: file, what: awsSpotWhat, data: body, dec: json.NewDecoder(bytes.NewReader(body))}
	sizes, err := d.stringPositions("size")
	if err != nil {
		return err
	}
	var feed awsSpotFeed
	if err := json.Unmarshal(body, &feed); err != nil {
		return d.fail(err, nil)
	}
	if feed.Config == nil {
		return fmt.Errorf("%s: no config: want %s", d.pos(int64(start)), awsSpotWhat)
	}
	n := 0
	for _, reg := range feed.Config.Regions {
		region := reg.Region
		if code, ok := awsSpotRegions[region]; ok {
			region = code
		}
		for _, it := range reg.InstanceTypes {
			for _, sz := range it.Sizes {
				p := Pos{File: file}
				if n < len(sizes) {
					p = sizes[n]
				}
				n++
				if sz.Size == "" || region == "" {
					return fmt.Errorf("%s: a size without its name or region: want each price's instance type and region", p)
				}
				text, found := "", false
				for _, c := range sz.ValueColumns {
					if c.Name == "linux" {
						text, found = c.Prices["USD"], true
					}
				}
				if !found {
					l.skip("no Linux price")
					continue
				}
				v, err := strconv.ParseFloat(text, 64)
				switch {
				case err != nil && len(text) >= 3 && text[:3] == "N/A":
					l.skip("spot price not available (N/A)")
					continue
				case err != nil || math.IsNaN(v) || math.IsInf(v, 0):
					return fmt.Errorf("%s: %s in %s: linux price %q is not a number: want US dollars per hour such as 0.0128", p, sz.Size, region, text)
				case v < 0:
					return fmt.Errorf("%s: %s in %s: linux price %s is negative: want US dollars per hour, 0 or more", p, sz.Size, region, text)
				case v == 0:
					l.skip("price 0 (not offered)")
					continue
				}
				l.Offers = append(l.Offers, Offer{Instance: sz.Size, Region: region, Model: "spot", Amount: v, Currency: "USD", Pos: p,
					Spec: Spec{NoGPU: !awsGPUFamily.MatchString(sz.Size), GPUName: awsFamily(sz.Size)}})
			}
		}
	}
	return nil
}

// stringPositions gives the place of each object member named key, in
// the document's order.
func (d *jsonDoc) stringPositions(key string) ([]Pos, error) {
	dec := json.NewDecoder(bytes.NewReader(d.data))
	var out []Pos
	var stack []bool // per open container: is it an object
	wantKey := func() bool { return len(stack) > 0 && stack[len(stack)-1] }
	expectKey := true
	for {
		off := dec.InputOffset()
		t, err := dec.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			d.dec = dec
			return nil, d.fail(err, nil)
		}
		switch v := t.(type) {
		case json.Delim:
			switch v {
			case '{':
				stack = append(stack, true)
				expectKey = true
			case '[':
				stack = append(stack, false)
			default:
				stack = stack[:len(stack)-1]
				expectKey = wantKey()
			}
			continue
		case string:
			if wantKey() && expectKey {
				expectKey = false
				if v == key {
					out = append(out, d.pos(off))
				}
				continue
			}
		}
		expectKey = wantKey()
	}
}
