package jsonenc

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
)

// hostile are strings that JSON, HTML and JavaScript treat specially.
var hostile = []string{
	"", "a", "</script><script>alert(1)</script>", `"quoted" \back\slash`, "<!--", "a & b > c",
	"line\nbreak\ttab\rreturn\b\f", "\x00\x01\x1f\x7f", "\u2028\u2029", "caf\u00e9 · 日本語 😀", "\xff\xfe invalid \xc3",
	"\ufffd", "\xed\xa0\x80", "'single' `back`", "\xf0\x9f\x98",
}

// floats are the edges of encoding/json's float formats.
var floats = []float64{0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1), 1e-6, 1e-7, 9.999999e-7,
	1e21, 1e20, 999999999999999999999, 0.1, 123456789.125, math.MaxFloat64, math.SmallestNonzeroFloat64, -2.5e-300}

// checkString fails t unless AppendString of s, given as a string and as
// bytes after a prefix, writes what json.Marshal writes.
func checkString(t *testing.T, s string) {
	t.Helper()
	want, _ := json.Marshal(s)
	if got := AppendString(nil, s); string(got) != string(want) {
		t.Errorf("AppendString(%q) = %s, encoding/json writes %s", s, got, want)
	}
	if got := AppendString([]byte("x"), []byte(s)); string(got) != "x"+string(want) {
		t.Errorf("AppendString(x, []byte(%q)) = %s, want x%s", s, got, want)
	}
}

// checkFloat fails t unless AppendFloat of f writes what json.Marshal
// writes, or refuses what it refuses.
func checkFloat(t *testing.T, f float64) {
	t.Helper()
	want, err := json.Marshal(f)
	got, ok := AppendFloat([]byte("x"), f)
	if ok != (err == nil) || ok && string(got) != "x"+string(want) || !ok && string(got) != "x" {
		t.Errorf("AppendFloat(%v) = %s, %v; encoding/json writes %s, %v", f, got, ok, want, err)
	}
}

func TestAppendIsWhatMarshalWrites(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	texts := append([]string{}, hostile...)
	for r := rune(0); r < 0x3000; r++ {
		texts = append(texts, string(r))
	}
	for range 5000 {
		b := make([]byte, rnd.IntN(12))
		for i := range b {
			b[i] = byte(rnd.IntN(256))
		}
		texts = append(texts, string(b), hostile[rnd.IntN(len(hostile))]+string(b))
	}
	for _, s := range texts {
		checkString(t, s)
	}
	for _, f := range floats {
		checkFloat(t, f)
	}
	for range 20000 {
		checkFloat(t, math.Float64frombits(rnd.Uint64()))
		checkFloat(t, rnd.NormFloat64()*math.Pow(10, float64(rnd.IntN(60)-30)))
		checkFloat(t, math.Round(rnd.Float64()*10000)/100)
	}
}

func FuzzAppend(f *testing.F) {
	for i, s := range hostile {
		f.Add(s, floats[i%len(floats)])
	}
	f.Fuzz(func(t *testing.T, s string, v float64) {
		checkString(t, s)
		checkFloat(t, v)
	})
}
