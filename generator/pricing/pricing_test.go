package pricing

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/note"
)

func f(v float64) *float64 { return &v }

func basis(code string, args ...any) []note.Note { return []note.Note{note.New(code, args...)} }

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestEffectiveHourly(t *testing.T) {
	onDemand := &Hourly{Amount: 32.77, Currency: "USD", Basis: BasisHourly}
	tests := []struct {
		name  string
		p     catalog.PricePoint
		gpus  int
		want  float64
		basis []note.Note
	}{
		{"on-demand hourly", catalog.PricePoint{Model: "on_demand", Amount: f(32.77)}, 8, 32.77, basis(BasisHourly)},
		{"spot hourly", catalog.PricePoint{Model: "spot", Amount: f(5.0933)}, 8, 5.0933, basis(BasisHourly)},
		// 1-year all upfront 87,600 and nothing hourly: 87,600 / 8,760 h = 10.
		{"reserved 1y all upfront", catalog.PricePoint{Model: "reserved_1y", Extra: &catalog.PriceExtra{Upfront: f(87600)}}, 8, 10, basis(BasisUpfront, 8760)},
		// 3-year partial: 26,280 upfront over 26,280 h = 1, plus 2.5 hourly = 3.5.
		{"reserved 3y partial upfront", catalog.PricePoint{Model: "reserved_3y", Amount: f(2.5), Extra: &catalog.PriceExtra{Upfront: f(26280)}}, 8, 3.5, basis(BasisUpfront, 26280)},
		{"reserved no upfront", catalog.PricePoint{Model: "reserved_1y", Amount: f(19.5797), Extra: &catalog.PriceExtra{Upfront: f(0)}}, 8, 19.5797, basis(BasisHourly)},
		{"effective rate as quoted wins", catalog.PricePoint{Model: "reserved_1y", Amount: f(2), Extra: &catalog.PriceExtra{Upfront: f(1), EffectiveHourly: f(19.0357)}}, 4, 19.0357, basis(BasisEffective)},
		// 730 a month is 1 an hour.
		{"monthly subscription", catalog.PricePoint{Model: "subscription_month", Amount: f(730)}, 1, 1, basis(BasisMonthly, 730)},
		{"yearly subscription", catalog.PricePoint{Model: "subscription_year", Amount: f(17520)}, 1, 2, basis(BasisYearly, 8760)},
		// 50% off 32.77 = 16.385: the seed's "3-year reserved, 50% off".
		{"discount only", catalog.PricePoint{Model: "reserved_3y", Extra: &catalog.PriceExtra{DiscountPct: f(50)}}, 8, 16.385, basis(BasisOffOnDemand, 50.0)},
		// 1.2 per GPU-hour on 8 GPUs = 9.6 per instance-hour.
		{"per GPU", catalog.PricePoint{Model: "on_demand", Amount: f(1.2), PerGPU: true}, 8, 9.6, []note.Note{note.New(BasisHourly), note.New(BasisPerGPU, 8)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.p.Currency = "USD"
			h, ok := EffectiveHourly(&tt.p, tt.gpus, onDemand)
			if !ok || !near(h.Amount, tt.want) || !reflect.DeepEqual(h.BasisNotes(), tt.basis) || h.Currency != "USD" {
				t.Errorf("got %+v ok=%v, want %v (%v)", h, ok, tt.want, tt.basis)
			}
			for _, n := range h.BasisNotes() {
				if !slices.Contains(BasisCodes, n.Code) {
					t.Errorf("basis code %q is not in BasisCodes", n.Code)
				}
			}
			if discountOnly := tt.p.DiscountPct() != nil; h.OffOnDemand != discountOnly {
				t.Errorf("OffOnDemand %v, want %v", h.OffOnDemand, discountOnly)
			}
		})
	}
	if _, ok := EffectiveHourly(&catalog.PricePoint{Model: "spot", Extra: &catalog.PriceExtra{DiscountPct: f(70)}}, 1, nil); ok {
		t.Error("a discount without an on-demand price must not give a price")
	}
}

func TestJobCost(t *testing.T) {
	tests := []struct {
		name        string
		hourly      float64
		hours       float64
		granularity string
		minimum     float64
		want        float64
	}{
		// A 10-minute job billed hourly costs a whole hour.
		{"10 min, hourly", 3.6, 10.0 / 60, "hour", 0, 3.6},
		// Billed per second with a 60 s minimum: 10 min is 600 s = 0.6.
		{"10 min, per second", 3.6, 10.0 / 60, "second", 60, 0.6},
		// 30 s per second with a 60 s minimum is billed as 60 s: 0.06.
		{"30 s under a minimum", 3.6, 30.0 / 3600, "second", 60, 0.06},
		// 61 s per minute is billed as 2 minutes: 3.6 × 120 / 3600 = 0.12.
		{"61 s, per minute", 3.6, 61.0 / 3600, "minute", 0, 0.12},
		// 0.1 h is exactly 360 s, not 361: no phantom step from float error.
		{"0.1 h, per second", 36, 0.1, "second", 0, 3.6},
		// 2.5 h hourly is 3 h.
		{"2.5 h, hourly", 2, 2.5, "hour", 0, 6},
		{"unknown granularity bills by the second", 3.6, 0.5, "", 0, 1.8},
	}
	for _, tt := range tests {
		if got := JobCost(tt.hourly, tt.hours, tt.granularity, tt.minimum); !near(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestNormalisedFigures(t *testing.T) {
	// p4d.24xlarge after the June 2025 cut: 21.957642 / 8 GPUs = 2.74470525 per GPU-hour,
	// / 320 GB = 0.068617631 per GB-hour, / (8 × 312 dense FP16) = 0.008797132 per TFLOPS-hour.
	hourly := 21.957642
	for _, tt := range []struct {
		qty  float64
		want float64
	}{{8, 2.74470525}, {320, 0.06861763125}, {8 * 312, 0.00879713221153846}, {8 * 19.5, 0.14075411538461538}} {
		got, ok := PerUnit(hourly, f(tt.qty))
		if !ok || !near(got, tt.want) {
			t.Errorf("PerUnit(%v, %v) = %v, want %v", hourly, tt.qty, got, tt.want)
		}
	}
	if _, ok := PerUnit(hourly, nil); ok {
		t.Error("an unknown quantity must give no figure, not a division by zero")
	}
	if _, ok := PerUnit(hourly, f(0)); ok {
		t.Error("a zero quantity must give no figure")
	}
}

func TestRound(t *testing.T) {
	tests := []struct {
		v      float64
		places int
		want   float64
	}{
		{2.675, 2, 2.68}, // stored as 2.67499999…, shown and rounded as 2.675
		{2.665, 2, 2.67},
		{1.005, 2, 1.01},
		{-2.675, 2, -2.68},
		{2.74470525, 2, 2.74},
		{0.00879713221153846, 4, 0.0088},
		{16.385, 2, 16.39},
		{9.995, 2, 10},
		{0.5, 0, 1},
		{3, 2, 3},
	}
	for _, tt := range tests {
		if got := Round(tt.v, tt.places); got != tt.want {
			t.Errorf("Round(%v, %d) = %v, want %v", tt.v, tt.places, got, tt.want)
		}
	}
}

func TestConvert(t *testing.T) {
	rates := Rates{
		{Base: "USD", Quote: "CNY", Rate: 7.1879, Date: "2025-01-02"},
		{Base: "USD", Quote: "CNY", Rate: 6.8067, Date: "2026-07-01"},
		{Base: "USD", Quote: "CNY", Rate: 7.2957, Date: "2025-01"},
		{Base: "CNY", Quote: "USD", Rate: 0.138, Date: "unknown"},
	}
	c, ok := rates.Convert("CNY", "USD")
	if !ok || c.Rate.Date != "2026-07-01" {
		t.Fatalf("want the latest dated rate, got %+v", c)
	}
	// 11.714 CNY at 6.8067 CNY per USD = 1.720951...
	if got := c.Apply(11.714); !near(got, 11.714/6.8067) {
		t.Errorf("CNY→USD: got %v", got)
	}
	c, _ = rates.Convert("USD", "CNY")
	if got := c.Apply(2); !near(got, 13.6134) {
		t.Errorf("USD→CNY: got %v, want 13.6134", got)
	}
	if c, ok := rates.Convert("USD", "USD"); !ok || c.Factor != 1 {
		t.Errorf("same currency must convert 1:1, got %+v", c)
	}
	if _, ok := rates.Convert("USD", "EUR"); ok {
		t.Error("no rate must mean no conversion")
	}
	only := Rates{{Base: "CNY", Quote: "USD", Rate: 0.138, Date: "unknown"}}
	if c, ok := only.Convert("CNY", "USD"); !ok || c.Factor != 0.138 {
		t.Errorf("an undated rate is used when it is the only one: %+v", c)
	}
}

// TestConvertPrefersVerified: a rate with a caveat (unverified) is used
// only when its pair has no rate without one, however much later it is.
func TestConvertPrefersVerified(t *testing.T) {
	rates := Rates{
		{Base: "USD", Quote: "CNY", Rate: 6.9843, Date: "2026-01-26"},
		{Base: "USD", Quote: "CNY", Rate: 6.8067, Date: "2026-07-01", Caveat: "unverified: page not read"},
		{Base: "USD", Quote: "CNY", Rate: 7.0197, Date: "2026-01-08"},
	}
	if c, ok := rates.Convert("CNY", "USD"); !ok || c.Rate.Date != "2026-01-26" || c.Rate.Caveat != "" {
		t.Errorf("want the latest rate without a caveat, got %+v", c.Rate)
	}
	if c, ok := rates[1:2].Convert("USD", "CNY"); !ok || c.Factor != 6.8067 {
		t.Errorf("a rate with a caveat is used when it is the only one: %+v", c)
	}
}

// roundByBigInt is Round as it was first written, on big integers: the
// reference the faster Round must agree with.
func roundByBigInt(v float64, places int) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) || places < 0 {
		return v
	}
	whole, frac, _ := strings.Cut(strconv.FormatFloat(math.Abs(v), 'f', -1, 64), ".")
	if len(frac) <= places {
		return v
	}
	digits, _ := new(big.Int).SetString(whole+frac[:places], 10)
	if frac[places] >= '5' {
		digits.Add(digits, big.NewInt(1))
	}
	s := fmt.Sprintf("%0*s", places+1, digits.String())
	r, _ := strconv.ParseFloat(s[:len(s)-places]+"."+s[len(s)-places:], 64)
	return math.Copysign(r, v)
}

func TestRoundAgreesWithBigIntegers(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	values := []float64{0, 0.5, 0.05, 0.95, 9.5, 99.995, 999.9995, 1e-9, 5e-7, 1e21, 123456789.125, math.MaxFloat64, math.SmallestNonzeroFloat64}
	for range 20000 {
		scale := math.Pow(10, float64(rng.IntN(12)-6))
		values = append(values, rng.Float64()*scale, float64(rng.IntN(100000))/1000+0.0005)
	}
	for _, v := range values {
		for places := 0; places <= 6; places++ {
			for _, x := range []float64{v, -v} {
				if got, want := Round(x, places), roundByBigInt(x, places); got != want {
					t.Fatalf("Round(%v, %d) = %v, want %v", x, places, got, want)
				}
			}
		}
	}
}

func BenchmarkRound(b *testing.B) {
	for b.Loop() {
		Round(2.74470525, 2)
	}
}

func TestShownDecimalsKeepFourDigitsAndCents(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want int
	}{
		{0, 2}, {1, 2}, {-1, 2}, {123.456, 2}, {1234.5, 2}, {math.Inf(1), 2}, {math.NaN(), 2},
		{21.957642, 2}, {2.745, 3}, {4.1, 2}, {0.5, 2}, {0.575, 3}, {0.70683, 4}, {-0.70683, 4},
		{0.99996, 2}, {0.0042, 4}, {0.0041666, 6}, {0.00999996, 2},
	} {
		if got := ShownDecimals(c.v); got != c.want {
			t.Errorf("ShownDecimals(%v) = %d, want %d", c.v, got, c.want)
		}
	}
}

// TestShownDecimalsInYuan: a column of yuan figures reads alike: to the
// fen from 0.1 元 up, four decimals below; other currencies keep their
// four significant digits.
func TestShownDecimalsInYuan(t *testing.T) {
	for _, c := range []struct {
		cur  string
		v    float64
		want int
	}{
		{"CNY", 14.4238125, 2}, {"CNY", 8.6634, 2}, {"CNY", 0.4041, 2}, {"CNY", 188.86, 2},
		{"CNY", 0.09996, 2}, {"CNY", 0.02054, 4}, {"CNY", 0.0042, 4}, {"CNY", 0, 2},
		{"USD", 0.526, 3}, {"USD", 21.957642, 2}, {"USD", 0.0042, 4},
	} {
		if got := ShownDecimalsIn(c.cur, c.v); got != c.want {
			t.Errorf("ShownDecimalsIn(%s, %v) = %d, want %d", c.cur, c.v, got, c.want)
		}
	}
}
