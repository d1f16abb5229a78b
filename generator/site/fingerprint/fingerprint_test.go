package fingerprint

import (
	"testing"
)

// fpNode is a model with every kind the walker meets: numbers, text,
// optional figures, slices, maps, interfaces, unexported fields and a
// pointer that can lead back to where it started.
type fpNode struct {
	Name   string
	Count  int
	Share  float64
	Price  *float64
	Tags   []string
	Prices map[string]float64
	Any    any
	Next   *fpNode
	hidden string
}

func fingerprintOf(t *testing.T, v any) Fingerprint {
	t.Helper()
	f, ok := NewWalker(nil).Of(v)
	if !ok {
		t.Fatalf("%#v has no fingerprint", v)
	}
	return f
}

// TestFingerprintTellsModelsApart checks that every difference a template
// could show changes the fingerprint, and that what it cannot show (the
// order a map was filled in, the addresses of values) does not.
func TestFingerprintTellsModelsApart(t *testing.T) {
	price := func(v float64) *float64 { return &v }
	base := func() *fpNode {
		n := &fpNode{Name: "a", Count: 2, Share: 0.5, Price: price(1.25), Tags: []string{"x", "y"},
			Prices: map[string]float64{"spot": 1, "on_demand": 2}, Any: 3, hidden: "h"}
		n.Next = n // a cycle: the walk ends
		return n
	}
	want := fingerprintOf(t, base())
	if got := fingerprintOf(t, base()); got != want {
		t.Fatal("two equal models at other addresses have different fingerprints")
	}
	same := base()
	same.Prices = map[string]float64{}
	same.Prices["on_demand"] = 2
	same.Prices["spot"] = 1
	if got := fingerprintOf(t, same); got != want {
		t.Error("a map filled in another order changed the fingerprint")
	}
	edits := map[string]func(n *fpNode){
		"text":             func(n *fpNode) { n.Name = "b" },
		"integer":          func(n *fpNode) { n.Count = 3 },
		"float":            func(n *fpNode) { n.Share = 0.5000001 },
		"optional figure":  func(n *fpNode) { *n.Price = 1.26 },
		"figure left out":  func(n *fpNode) { n.Price = nil },
		"slice element":    func(n *fpNode) { n.Tags[1] = "z" },
		"nil slice":        func(n *fpNode) { n.Tags = nil },
		"empty slice":      func(n *fpNode) { n.Tags = []string{} },
		"map value":        func(n *fpNode) { n.Prices["spot"] = 1.5 },
		"map key":          func(n *fpNode) { delete(n.Prices, "spot"); n.Prices["spot2"] = 1 },
		"nil map":          func(n *fpNode) { n.Prices = nil },
		"interface type":   func(n *fpNode) { n.Any = uint(3) },
		"interface value":  func(n *fpNode) { n.Any = 4 },
		"nil interface":    func(n *fpNode) { n.Any = nil },
		"unexported field": func(n *fpNode) { n.hidden = "i" },
		"cycle broken":     func(n *fpNode) { n.Next = &fpNode{Name: "a"} },
	}
	seen := map[Fingerprint]string{want: "the model"}
	for name, edit := range edits {
		n := base()
		edit(n)
		got := fingerprintOf(t, n)
		if other, ok := seen[got]; ok {
			t.Errorf("%s: the fingerprint is that of %s", name, other)
		}
		seen[got] = name
	}
	// Shared structure is part of it: one record reached twice is not two
	// equal records.
	one := &fpNode{Name: "r"}
	shared := &fpNode{Next: one, Any: one}
	two := &fpNode{Next: &fpNode{Name: "r"}, Any: &fpNode{Name: "r"}}
	if fingerprintOf(t, shared) == fingerprintOf(t, two) {
		t.Error("a record reached twice has the fingerprint of two equal records")
	}
	// What cannot be compared from one build to the next has none.
	if _, ok := NewWalker(nil).Of(&fpNode{Any: func() {}}); ok {
		t.Error("a model holding a func has a fingerprint")
	}
}
