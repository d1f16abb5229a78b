package importer

import (
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"gpucompare/generator/catalog"
)

// TestMergeProperties merges random price lists into the shipped AWS
// prices and checks what must hold whatever the list: every line of the
// file stays, in order (lines are only added, and checked replaced); the
// points before are the same points after; and merging the same list
// again changes nothing.
func TestMergeProperties(t *testing.T) {
	src, err := os.ReadFile("../../data/prices/aws.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var pf catalog.PriceFile
	if err := yaml.Unmarshal(src, &pf); err != nil {
		t.Fatal(err)
	}
	p := &catalog.Provider{ID: "aws", Regions: []*catalog.Region{{ID: "us-east-1"}, {ID: "us-west-2"}}}
	seen := map[string]bool{}
	for _, pp := range pf.Prices {
		if !seen[pp.Instance] {
			seen[pp.Instance] = true
			p.Instances = append(p.Instances, &catalog.Instance{ID: pp.Instance, Name: pp.Instance, Regions: []string{"us-east-1", "us-west-2", "all"}})
		}
	}
	models := []string{"on_demand", "spot", "reserved_1y", "reserved_3y"}
	rng := rand.New(rand.NewPCG(1, 2))
	for run := range 40 {
		var l List
		used := map[string]bool{} // a price list has one price an offer
		for range rng.IntN(30) {
			pp := pf.Prices[rng.IntN(len(pf.Prices))]
			o := Offer{Instance: pp.Instance, Region: pp.Region, Model: models[rng.IntN(len(models))], Currency: "USD", Pos: Pos{File: "r.csv", Line: 2}}
			if o.Region == "all" || rng.IntN(4) == 0 {
				o.Region = []string{"us-east-1", "us-west-2", "eu-west-1"}[rng.IntN(3)]
			}
			if o.Model == pp.Model && pp.Amount != nil && rng.IntN(2) == 0 {
				o.Amount = *pp.Amount // unchanged, if it is the latest
			} else {
				o.Amount = float64(1+rng.IntN(5000)) / 100
			}
			if strings.HasPrefix(o.Model, "reserved") {
				o.Payment = "no_upfront"
			}
			if rng.IntN(2) == 0 {
				o.Effective = catalog.Date(fmt.Sprintf("20%02d-%02d-01", 20+rng.IntN(8), 1+rng.IntN(12)))
			}
			if k := o.Instance + " " + o.Region + " " + o.Model; !used[k] {
				used[k] = true
				l.Offers = append(l.Offers, o)
			}
		}
		opts := Options{Provider: p, AsOf: "2026-12-01", Source: "r.csv", SourceKind: "provider", Models: Models("aws-pricelist"), Retire: rng.IntN(2) == 0}
		out, sum, err := Merge(src, "aws.yaml", &l, opts)
		if err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		// Every line stays, in order, but the checked line.
		lines := strings.Split(string(out), "\n")
		i := 0
		for _, want := range strings.Split(string(src), "\n") {
			for i < len(lines) && lines[i] != want {
				i++
			}
			if i == len(lines) {
				t.Fatalf("run %d: line %q lost or moved:\n%s", run, want, out)
			}
			i++
		}
		// The points before are the points after, the added ones aside.
		var after catalog.PriceFile
		if err := yaml.Unmarshal(out, &after); err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		kept := slices.DeleteFunc(slices.Clone(after.Prices), func(pp *catalog.PricePoint) bool { return pp.AsOf() == "2026-12-01" })
		if len(kept) != len(pf.Prices) || len(after.Prices)-len(kept) != len(sum.Added) {
			t.Fatalf("run %d: %d points kept of %d, %d added of %d", run, len(kept), len(pf.Prices), len(after.Prices)-len(kept), len(sum.Added))
		}
		for j := range kept {
			a, b := *kept[j], *pf.Prices[j]
			if a.Extra != nil { // -retire marks points: the one field it adds
				x := *a.Extra
				x.LastSeen = ""
				a.Extra = &x
				if reflect.ValueOf(x).IsZero() {
					a.Extra = nil
				}
			}
			ya, _ := yaml.Marshal(a)
			yb, _ := yaml.Marshal(b)
			if string(ya) != string(yb) {
				t.Fatalf("run %d: point %d changed:\n%s\n%s", run, j, ya, yb)
			}
		}
		// Again: nothing more.
		out2, sum2, err := Merge(out, "aws.yaml", &l, opts)
		if err != nil || string(out2) != string(out) || len(sum2.Added) != 0 {
			t.Fatalf("run %d: second merge: err %v, %d added %+v (first: %+v), same bytes %v", run, err, len(sum2.Added), sum2.Added, sum.Added, string(out2) == string(out))
		}
	}
}
