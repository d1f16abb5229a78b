package catalog

import (
	"math/rand/v2"
	"regexp"
	"testing"
	"time"
)

// datePattern is the shape of a known date, as a regular expression.
var datePattern = regexp.MustCompile(`^\d{4}(-\d{2}(-\d{2})?)?$`)

// TestDateShapeIsThePattern holds dateShaped to datePattern, and Time to
// a parse of what the pattern accepts, on dates, near-dates and noise.
func TestDateShapeIsThePattern(t *testing.T) {
	inputs := []string{"", "unknown", "2024", "2024-06", "2024-06-30", "2024-02-30", "2024-13", "0000", "9999-12-31",
		"+024", "-024", "2024-6", "2024-06-3", "2024/06", "2024-06-30\n", " 2024", "٢٠٢٤", "2024-06-30x", "20240630"}
	rnd := rand.New(rand.NewPCG(1, 2))
	const alphabet = "0123456789-+ x\n٢"
	for range 20000 {
		b := []byte("2024-06-30")[:[]int{4, 7, 10, rnd.IntN(11)}[rnd.IntN(4)]]
		for range rnd.IntN(3) {
			if len(b) > 0 {
				b[rnd.IntN(len(b))] = alphabet[rnd.IntN(len(alphabet))]
			}
		}
		inputs = append(inputs, string(b))
	}
	for _, s := range inputs {
		if got, want := dateShaped(s), datePattern.MatchString(s); got != want {
			t.Errorf("dateShaped(%q) = %v, the pattern says %v", s, got, want)
		}
		var want time.Time
		wantOK := false
		if Date(s).Known() && datePattern.MatchString(s) {
			layout := map[int]string{4: "2006", 7: "2006-01", 10: "2006-01-02"}[len(s)]
			if tm, err := time.Parse(layout, s); err == nil {
				want, wantOK = tm.UTC(), true
			}
		}
		if got, ok := Date(s).Time(); ok != wantOK || !got.Equal(want) {
			t.Errorf("Date(%q).Time() = %v, %v; want %v, %v", s, got, ok, want, wantOK)
		}
	}
}
