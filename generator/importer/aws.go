package importer

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"gpucompare/generator/catalog"
)

// AWSProduct picks the product whose prices an AWS offer file gives: one
// operating system, tenancy and preinstalled software. The catalog's AWS
// prices are Linux, shared tenancy, no software (DefaultAWSProduct).
type AWSProduct struct {
	OperatingSystem, Tenancy, PreInstalled string
}

// DefaultAWSProduct is the product the catalog prices.
var DefaultAWSProduct = AWSProduct{OperatingSystem: "Linux", Tenancy: "Shared", PreInstalled: "NA"}

// awsColumns are the columns of the offer file the importer reads.
var awsColumns = []string{"SKU", "OfferTermCode", "TermType", "EffectiveDate", "Unit", "PricePerUnit", "Currency",
	"LeaseContractLength", "PurchaseOption", "OfferingClass", "Product Family", "Instance Type", "Tenancy",
	"Operating System", "Pre Installed S/W", "CapacityStatus", "Region Code"}

// ReadAWSPriceList reads the AWS Price List bulk offer file for EC2 in CSV
// (pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/current/index.csv,
// and its China partition's counterpart): five lines of metadata, a header,
// then one row per price dimension of a SKU's term. It gives each term's
// EffectiveDate, in the file's currency (USD, or CNY in China).
//
// Only compute instances of product p in use (CapacityStatus "Used") in
// an AWS Region are read. On-demand terms give on_demand; standard reserved
// terms give reserved_1y or reserved_3y with their payment option: the
// hourly price and, for partial upfront, the upfront fee of the same term;
// all upfront, the upfront fee alone (its hourly price is 0), which the
// catalog spreads over the term's hours. Convertible terms are skipped,
// with the reason.
func ReadAWSPriceList(r io.Reader, file string, p AWSProduct, l *List) error {
	l.Format = "aws-pricelist"
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	var head []string
	for head == nil {
		rec, err := cr.Read()
		if err == io.EOF {
			return fmt.Errorf("%s:1:1: no header row: want an AWS Price List offer file in CSV (a header with %s, …)", file, strings.Join(awsColumns[:4], ", "))
		}
		if err != nil {
			return csvError(file, err)
		}
		line, _ := cr.FieldPos(0)
		if line == 1 && slices.Contains(rec, "InstanceType") && slices.Contains(rec, "Price") {
			return fmt.Errorf("%s:1:1: a SkyPilot vms.csv, not an AWS Price List offer file: read it with -format skypilot", file)
		}
		if len(rec) > 0 && rec[0] == "SKU" {
			head = slices.Clone(rec)
		} else if line > 5 {
			return fmt.Errorf("%s:%d:1: no header row (SKU, OfferTermCode, …) after the metadata lines: want an AWS Price List offer file in CSV", file, line)
		}
	}
	col := map[string]int{}
	for i, name := range head {
		col[name] = i
	}
	for _, name := range awsColumns {
		if _, ok := col[name]; !ok {
			return fmt.Errorf("%s:%d:1: no column %q: want an AWS Price List offer file for EC2 in CSV", file, headLine(cr), name)
		}
	}
	type term struct{ sku, code string }
	type rt struct {
		offer           Offer
		hourly, upfront bool
	}
	terms := map[term]*rt{}
	var order []term
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return csvError(file, err)
		}
		if len(rec) != len(head) {
			line, _ := cr.FieldPos(0)
			return fmt.Errorf("%s:%d:1: %d fields, want the header's %d", file, line, len(rec), len(head))
		}
		get := func(name string) string { return rec[col[name]] }
		if get("Product Family") != "Compute Instance" || get("Operating System") != p.OperatingSystem || get("Tenancy") != p.Tenancy ||
			get("Pre Installed S/W") != p.PreInstalled || get("CapacityStatus") != "Used" || get("Region Code") == "" {
			continue // another product: not an offer of the catalog
		}
		line, c := cr.FieldPos(col["PricePerUnit"])
		pos := Pos{File: file, Line: line, Col: c}
		text := get("PricePerUnit")
		v, err := strconv.ParseFloat(text, 64)
		switch {
		case err != nil || math.IsInf(v, 0) || math.IsNaN(v):
			return fmt.Errorf("%s: PricePerUnit %q is not a number: want a price such as 32.7726", pos, text)
		case v < 0:
			return fmt.Errorf("%s: PricePerUnit %s is negative: want a price, 0 or more", pos, text)
		}
		cur := get("Currency")
		if cur != "USD" && cur != "CNY" {
			cl, cc := cr.FieldPos(col["Currency"])
			return fmt.Errorf("%s:%d:%d: Currency %q: want USD or CNY, the currencies of the AWS offer files", file, cl, cc, cur)
		}
		eff, err := awsDate(get("EffectiveDate"))
		if err != nil {
			el, ec := cr.FieldPos(col["EffectiveDate"])
			return fmt.Errorf("%s:%d:%d: EffectiveDate %q: %v", file, el, ec, get("EffectiveDate"), err)
		}
		o := Offer{Instance: get("Instance Type"), Region: get("Region Code"), Currency: cur, Effective: eff, Pos: pos,
			Spec: Spec{GPUName: awsFamily(get("Instance Type")), GPUCount: wholeCount(column(rec, col, "GPU")),
				VCPUs: positive(column(rec, col, "vCPU")), RAMGiB: positive(column(rec, col, "Memory"))}}
		o.Spec.NoGPU = o.Spec.GPUCount == 0
		switch get("TermType") {
		case "OnDemand":
			o.Model = "on_demand"
		case "Reserved":
			if get("OfferingClass") != "standard" {
				l.skip("convertible reserved term (the catalog keeps standard reservations)")
				continue
			}
			switch get("LeaseContractLength") {
			case "1yr":
				o.Model = "reserved_1y"
			case "3yr":
				o.Model = "reserved_3y"
			default:
				l.skip("reserved term of another length than 1 or 3 years")
				continue
			}
			switch get("PurchaseOption") {
			case "No Upfront":
				o.Payment = "no_upfront"
			case "Partial Upfront":
				o.Payment = "partial_upfront"
			case "All Upfront":
				o.Payment = "all_upfront"
			default:
				l.skip("reserved term with another purchase option")
				continue
			}
		default:
			l.skip("term type other than OnDemand and Reserved")
			continue
		}
		k := term{get("SKU"), get("OfferTermCode")}
		t := terms[k]
		if t == nil {
			t = &rt{offer: o}
			terms[k] = t
			order = append(order, k)
		}
		switch get("Unit") {
		case "Hrs":
			t.offer.Amount, t.offer.Pos, t.hourly = v, pos, true
		case "Quantity":
			t.offer.Upfront, t.upfront = &v, true
		default:
			return fmt.Errorf("%s: Unit %q: want Hrs (an hourly price) or Quantity (an upfront fee)", pos, get("Unit"))
		}
		if eff > t.offer.Effective {
			t.offer.Effective = eff // a term's dates: the latest of its prices
		}
	}
	type key struct{ instance, region, model, payment string }
	at := map[key]int{}
	for _, k := range order {
		t := terms[k]
		o := t.offer
		switch {
		case !t.hourly:
			l.skip("reserved term without an hourly price")
			continue
		case o.Payment == "partial_upfront" && !t.upfront:
			l.skip("partial-upfront term without its upfront fee")
			continue
		case o.Payment == "all_upfront" && (!t.upfront || *o.Upfront == 0):
			l.skip("all-upfront term without its upfront fee")
			continue
		case o.Payment == "all_upfront" && o.Amount != 0:
			return fmt.Errorf("%s: %s %s all upfront has an hourly price of %s: want 0, the whole term paid upfront", o.Pos, o.Instance, o.Model, amountText(o.Amount))
		case o.Amount == 0 && o.Payment != "all_upfront":
			l.skip("price 0 (not offered)")
			continue
		}
		if o.Payment == "all_upfront" {
			hours := hoursPerYear
			if o.Model == "reserved_3y" {
				hours = 3 * hoursPerYear
			}
			h := math.Round(*o.Upfront/float64(hours)*1e6) / 1e6
			o.EffectiveHourly = &h
			o.Note = fmt.Sprintf("AWS states the term's price upfront, %s %s, with no hourly price; effective_hourly spreads it over %d hours.", amountText(*o.Upfront), o.Currency, hours)
			o.NoteZH = fmt.Sprintf("亚马逊云科技只给出该期限的预付价%s，没有小时价；折合每小时价格按%d小时分摊。", zhMoney(amountText(*o.Upfront), o.Currency), hours)
		}
		ok := key{o.Instance, o.Region, o.Model, o.Payment}
		if i, seen := at[ok]; seen {
			prev := l.Offers[i]
			if prev.Amount != o.Amount || !sameUpfront(prev.Upfront, o.Upfront) {
				return fmt.Errorf("%s: %s %s in %s is priced %s here and %s at %s: want one price per offer", o.Pos, o.Instance, o.Model, o.Region, amountText(o.Amount), amountText(prev.Amount), prev.Pos)
			}
			continue
		}
		at[ok] = len(l.Offers)
		l.Offers = append(l.Offers, o)
	}
	return nil
}

func headLine(cr *csv.Reader) int {
	line, _ := cr.FieldPos(0)
	return line
}

func sameUpfront(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// awsDate reads an EffectiveDate: a day, or a time on a day in UTC.
func awsDate(s string) (catalog.Date, error) {
	day := s
	if len(day) > len(time.DateOnly) {
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			return "", fmt.Errorf("not a date: want YYYY-MM-DD")
		}
		day = t.UTC().Format(time.DateOnly)
	}
	if _, err := time.Parse(time.DateOnly, day); err != nil {
		return "", fmt.Errorf("not a date: want YYYY-MM-DD")
	}
	return catalog.Date(day), nil
}

// awsFamily is an instance type's family, the part before its dot
// ("p4d" of p4d.24xlarge): the Price List names no GPU model, and a
// family has one.
func awsFamily(instance string) string {
	family, _, _ := strings.Cut(instance, ".")
	return family
}
