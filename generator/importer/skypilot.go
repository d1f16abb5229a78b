package importer

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// skypilotColumns are the columns of a SkyPilot catalog vms.csv the
// importer reads; the clouds order them differently and add others
// (AvailabilityZone, GpuInfo), so they are found by name.
var skypilotColumns = []string{"InstanceType", "AcceleratorName", "Price", "Region"}

// ReadSkyPilot reads a SkyPilot catalog vms.csv (skypilot-org/skypilot-catalog
// catalogs/v7/<cloud>/vms.csv): one row per instance type and region, or
// per availability zone where the cloud has them, with the on-demand Price
// and the SpotPrice in US dollars per hour. It has no effective dates.
//
// Rows without an accelerator are skipped; an empty price is no offer. Zones of a
// region give one offer: the lowest spot price, and the on-demand price
// they all share (zones that disagree on it are an error).
func ReadSkyPilot(r io.Reader, file string, l *List) error {
	l.Format = "skypilot"
	cr := csv.NewReader(r)
	cr.ReuseRecord = true
	head, err := cr.Read()
	if err != nil {
		if err == io.EOF {
			return fmt.Errorf("%s:1:1: empty file: want a SkyPilot vms.csv with a header row (%s, …)", file, strings.Join(skypilotColumns, ", "))
		}
		return csvError(file, err)
	}
	head = slices.Clone(head) // the reader reuses the record
	col := map[string]int{}
	for i, name := range head {
		col[strings.TrimPrefix(name, "\ufeff")] = i
	}
	if head[0] == "FormatVersion" {
		return fmt.Errorf("%s:1:1: an AWS Price List offer file, not a SkyPilot vms.csv: read it with -format aws-pricelist", file)
	}
	for _, name := range skypilotColumns {
		if _, ok := col[name]; !ok {
			return fmt.Errorf("%s:1:1: no column %q: want a SkyPilot vms.csv, whose header has %s", file, name, strings.Join(skypilotColumns, ", "))
		}
	}
	spot, hasSpot := col["SpotPrice"]
	type key struct{ instance, region, model string }
	at := map[key]int{} // index in l.Offers
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return csvError(file, err)
		}
		if rec[col["AcceleratorName"]] == "" {
			l.skip("no accelerator (not a GPU instance type)")
			continue
		}
		spec := Spec{GPUName: rec[col["AcceleratorName"]], GPUCount: wholeCount(column(rec, col, "AcceleratorCount")),
			VCPUs: positive(column(rec, col, "vCPUs")), RAMGiB: positive(column(rec, col, "MemoryGiB")),
			GPUMemoryGB: skypilotGPUMemory(column(rec, col, "GpuInfo"))}
		add := func(model string, field int) error {
			line, c := cr.FieldPos(field)
			pos := Pos{File: file, Line: line, Col: c}
			text := rec[field]
			if text == "" {
				return nil // no price of this model: not an offer
			}
			v, err := strconv.ParseFloat(text, 64)
			switch {
			case err != nil || math.IsInf(v, 0) || math.IsNaN(v):
				return fmt.Errorf("%s: %s %q is not a number: want US dollars per hour such as 3.06", pos, head[field], text)
			case v < 0:
				return fmt.Errorf("%s: %s %s is negative: want US dollars per hour, 0 or more", pos, head[field], text)
			case v == 0:
				l.skip("price 0 (not offered)")
				return nil
			}
			o := Offer{Instance: rec[col["InstanceType"]], Region: rec[col["Region"]], Model: model, Amount: v, Currency: "USD", Pos: pos, Spec: spec}
			k := key{o.Instance, o.Region, model}
			i, seen := at[k]
			if !seen {
				at[k] = len(l.Offers)
				l.Offers = append(l.Offers, o)
				return nil
			}
			prev := &l.Offers[i]
			switch {
			case model == "spot" && v < prev.Amount:
				*prev = o // the lowest zone's price
			case model != "spot" && v != prev.Amount:
				return fmt.Errorf("%s: %s %s differs from %s for the same instance type and region at %s: want one on-demand price per region", pos, head[field], text, amountText(prev.Amount), prev.Pos)
			}
			return nil
		}
		if err := add("on_demand", col["Price"]); err != nil {
			return err
		}
		if hasSpot {
			if err := add("spot", spot); err != nil {
				return err
			}
		}
	}
}

// csvError gives a CSV syntax error its position in the file's terms.
func csvError(file string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s:%d:%d: %v: want comma-separated values with the header's number of fields", file, pe.Line, pe.Column, pe.Err)
	}
	return fmt.Errorf("%s: cannot read: %v", file, err)
}

// column is the value of a named column of rec, "" when the file has no
// such column.
func column(rec []string, col map[string]int, name string) string {
	if i, ok := col[name]; ok && i < len(rec) {
		return rec[i]
	}
	return ""
}

// positive reads a stated figure such as "92.0" or "1152 GiB": nil when
// it is absent or not a number above 0 (not stated).
func positive(s string) *float64 {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "GiB"))
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v <= 0 || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

// wholeCount reads a count such as "8" or "8.0": 0 when it is absent or
// not a whole number above 0.
func wholeCount(s string) int {
	v := positive(s)
	if v == nil || *v != math.Trunc(*v) || *v > 1<<20 {
		return 0
	}
	return int(*v)
}

// gpuInfoMiB finds the memory of one GPU in SkyPilot's GpuInfo, a Python
// literal such as {'Gpus': [{'Name': 'H100', …, 'MemoryInfo': {'SizeInMiB': 81920}}], …}.
var gpuInfoMiB = regexp.MustCompile(`'MemoryInfo': \{'SizeInMiB': ([0-9.]+)\}`)

// skypilotGPUMemory is the memory of one GPU in GB that a GpuInfo states,
// or nil.
func skypilotGPUMemory(info string) *float64 {
	m := gpuInfoMiB.FindStringSubmatch(info)
	if m == nil {
		return nil
	}
	v := positive(m[1])
	if v == nil {
		return nil
	}
	gb := *v / 1024
	return &gb
}
