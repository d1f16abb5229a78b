package importer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
)

// azureItem is the part of an Azure Retail Prices API item the importer
// reads.
type azureItem struct {
	CurrencyCode       string   `json:"currencyCode"`
	RetailPrice        *float64 `json:"retailPrice"`
	ArmRegionName      string   `json:"armRegionName"`
	EffectiveStartDate string   `json:"effectiveStartDate"`
	MeterName          string   `json:"meterName"`
	ProductName        string   `json:"productName"`
	SkuName            string   `json:"skuName"`
	ServiceName        string   `json:"serviceName"`
	UnitOfMeasure      string   `json:"unitOfMeasure"`
	Type               string   `json:"type"`
	ReservationTerm    string   `json:"reservationTerm"`
	ArmSkuName         string   `json:"armSkuName"`
}

// hoursPerYear is the hours of a reservation year: Azure divides a term's
// price by 8,760 hours a year to state it per hour.
const hoursPerYear = 8760

// ReadAzureRetail reads one page of the Azure Retail Prices API
// (prices.azure.com/api/retail/prices, JSON with Items and NextPageLink).
// Each item carries its effectiveStartDate.
//
// Only Linux virtual machine meters are read: Consumption meters priced by
// the hour give on_demand, or spot for a "… Spot" meter; Reservation
// meters give reserved_1y or reserved_3y. A reservation's retailPrice is
// the price of the whole term: it is written as an upfront payment, with
// its effective hourly price over 8,760 hours a year. Windows, low-priority
// and dev/test meters are skipped, with the reason.
func ReadAzureRetail(r io.Reader, file string, l *List) error {
	l.Format = "azure-retail"
	data, err := io.ReadAll(r)
	if err != nil {
		return fmt.Errorf("%s: cannot read: %v", file, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	pos := func(off int64) Pos {
		off = min(max(off, 0), int64(len(data)))
		// An item starts at its brace, past the comma and spaces before it.
		for off < int64(len(data)) && strings.IndexByte(", \t\r\n", data[off]) >= 0 {
			off++
		}
		line := 1 + bytes.Count(data[:off], []byte("\n"))
		col := int(off) - bytes.LastIndexByte(data[:off], '\n')
		return Pos{File: file, Line: line, Col: col}
	}
	// jsonErr places a decoding error: at the item being decoded (at),
	// or where the decoder stopped.
	jsonErr := func(err error, at *Pos) error {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		p := pos(dec.InputOffset())
		if at != nil {
			p = *at
		}
		switch {
		case errors.As(err, &se):
			return fmt.Errorf("%s: %v: want an Azure Retail Prices API page in JSON", p, se)
		case errors.As(err, &te):
			return fmt.Errorf("%s: %s is a JSON %s: want a %s", p, te.Field, te.Value, azureType(te.Type.Kind()))
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			return fmt.Errorf("%s: the JSON ends early: want a whole Azure Retail Prices API page", pos(int64(len(data))))
		}
		return fmt.Errorf("%s: %v", file, err)
	}
	if t, err := dec.Token(); err != nil {
		return jsonErr(err, nil)
	} else if t != json.Delim('{') {
		return fmt.Errorf("%s: not a JSON object: want an Azure Retail Prices API page ({\"Items\": […], …})", pos(0))
	}
	found := false
	type key struct{ instance, region, model string }
	at := map[key]int{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return jsonErr(err, nil)
		}
		if t != "Items" {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return jsonErr(err, nil)
			}
			continue
		}
		found = true
		if t, err := dec.Token(); err != nil {
			return jsonErr(err, nil)
		} else if t != json.Delim('[') {
			return fmt.Errorf("%s: Items is not a list: want a list of price items", pos(dec.InputOffset()-1))
		}
		for dec.More() {
			p := pos(dec.InputOffset())
			var it azureItem
			if err := dec.Decode(&it); err != nil {
				return jsonErr(err, &p)
			}
			o, skip, err := azureOffer(it, p)
			if err != nil {
				return err
			}
			if skip != "" {
				l.skip(skip)
				continue
			}
			k := key{o.Instance, o.Region, o.Model}
			if i, seen := at[k]; seen {
				prev := l.Offers[i]
				if prev.Amount != o.Amount || !sameUpfront(prev.Upfront, o.Upfront) {
					return fmt.Errorf("%s: %s %s in %s is priced here and at %s differently: want one price per offer", p, o.Instance, o.Model, o.Region, prev.Pos)
				}
				continue
			}
			at[k] = len(l.Offers)
			l.Offers = append(l.Offers, o)
		}
		if _, err := dec.Token(); err != nil {
			return jsonErr(err, nil)
		}
	}
	if !found {
		return fmt.Errorf("%s: no Items: want an Azure Retail Prices API page ({\"Items\": […], …})", pos(0))
	}
	return nil
}

// azureOffer is the offer of an item, or why the item is not one.
func azureOffer(it azureItem, p Pos) (o Offer, skip string, err error) {
	switch {
	case it.ServiceName != "Virtual Machines":
		return o, "not a virtual machine meter", nil
	case strings.HasSuffix(it.ProductName, " Windows") || strings.HasSuffix(it.ProductName, " Win"):
		return o, "Windows meter (the catalog prices Linux)", nil
	case strings.HasSuffix(it.MeterName, " Low Priority") || strings.HasSuffix(it.SkuName, " Low Priority"):
		return o, "low-priority meter", nil
	case it.Type == "DevTestConsumption":
		return o, "dev/test price", nil
	}
	if it.RetailPrice == nil || math.IsNaN(*it.RetailPrice) {
		return o, "", fmt.Errorf("%s: item without a retailPrice: want the price of the meter", p)
	}
	v := *it.RetailPrice
	if v < 0 {
		return o, "", fmt.Errorf("%s: retailPrice %s is negative: want a price, 0 or more", p, amountText(v))
	}
	if it.ArmSkuName == "" || it.ArmRegionName == "" {
		return o, "", fmt.Errorf("%s: item without armSkuName or armRegionName: want the VM size and region of the meter", p)
	}
	if len(it.CurrencyCode) != 3 {
		return o, "", fmt.Errorf("%s: currencyCode %q: want a currency code such as USD", p, it.CurrencyCode)
	}
	eff, err := awsDate(it.EffectiveStartDate)
	if err != nil {
		return o, "", fmt.Errorf("%s: effectiveStartDate %q: %v", p, it.EffectiveStartDate, err)
	}
	if v == 0 {
		return o, "price 0 (not offered)", nil
	}
	o = Offer{Instance: it.ArmSkuName, Region: it.ArmRegionName, Currency: it.CurrencyCode, Effective: eff, Pos: p,
		Spec: Spec{NoGPU: !strings.HasPrefix(it.ArmSkuName, "Standard_N")}} // the N series are Azure's GPU sizes
	switch it.Type {
	case "Consumption":
		if it.UnitOfMeasure != "1 Hour" {
			return o, "not priced by the hour", nil
		}
		o.Model, o.Amount = "on_demand", v
		if strings.HasSuffix(it.MeterName, " Spot") || strings.HasSuffix(it.SkuName, " Spot") {
			o.Model = "spot"
		}
	case "Reservation":
		years := 0
		switch it.ReservationTerm {
		case "1 Year":
			o.Model, years = "reserved_1y", 1
		case "3 Years":
			o.Model, years = "reserved_3y", 3
		default:
			return o, "reservation of another term than 1 or 3 years", nil
		}
		o.Payment = "all_upfront"
		o.Upfront = &v
		h := math.Round(v/float64(years*hoursPerYear)*1e6) / 1e6
		o.EffectiveHourly = &h
		o.Note = fmt.Sprintf("Azure states the term's price, %s %s; effective_hourly spreads it over %d hours.", amountText(v), it.CurrencyCode, years*hoursPerYear)
		o.NoteZH = fmt.Sprintf("Azure 给出该期限的总价%s；折合每小时价格按%d小时分摊。", zhMoney(amountText(v), it.CurrencyCode), years*hoursPerYear)
	default:
		return o, "price type other than Consumption and Reservation", nil
	}
	return o, "", nil
}

// azureType names the JSON type a Go kind wants.
func azureType(k reflect.Kind) string {
	switch k {
	case reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	}
	return k.String()
}
