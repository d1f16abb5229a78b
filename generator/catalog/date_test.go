package catalog

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
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

// textDate is a Date without its UnmarshalYAML: what the decoder made of
// a date before it had one.
type textDate string

// TestDateDecodesAsText decodes dates of every form YAML can give, tagged,
// quoted, aliased, of the wrong kind, into a Date and into plain text:
// the values and the errors must be the same.
func TestDateDecodesAsText(t *testing.T) {
	values := []string{
		"2025-06-01", "2025-06", "2025", "unknown", "'2025-06-01'", `"2025"`, "2025-13-45", "2025-06-01T10:00:00Z",
		"2025-06-01 10:00", "soon", "12", "-3", "1.5", ".nan", "true", "no", "0x1f", "1_000", "~", "null", "", "<<",
		"!!str 2025", "!!int 2025", "!!int abc", "!!float 2025", "!!bool yes", "!!bool maybe", "!!null ~", "!!null x",
		"!!timestamp 2025-06-01", "!!timestamp soon", "!!binary aGVsbG8=", "!!binary !!!", "!custom 2025",
		"! 2025", "!<tag:yaml.org,2002:str> 2025", "!<tag:example.com,2000:x> 2025",
		"[2025]", "[]", "{a: 1}", "{}", "{a: 1, a: 2}", "{a: 1, b: 2, a: 3, b: 4}", "!!seq [1]", "!custom [1]",
		"!custom {a: 1}", "!!map {}", "!<tag:yaml.org,2002:seq> []", "!<tag:example.com,2000:y> [a]",
		"|\n    2025-06-01\n", ">\n    2025\n", "&a 2025", "2025 # comment", "'it''s'", "a very long text of a date",
		"!!str [1]", "!!int [1]", "!!str {a: 1}",
	}
	for _, v := range values {
		for _, doc := range []string{"d: " + v + "\n", "x: &x " + v + "\nd: *x\n", "d: " + v + "\ne: " + v + "\n"} {
			var n yaml.Node
			if err := yaml.Unmarshal([]byte(doc), &n); err != nil {
				continue
			}
			var got struct {
				D, E Date
			}
			var want struct {
				D, E textDate
			}
			gotErr, wantErr := n.Decode(&got), n.Decode(&want)
			msg := func(err error) string {
				if err == nil {
					return "<nil>"
				}
				return strings.ReplaceAll(err.Error(), "catalog.textDate", "catalog.Date")
			}
			if string(got.D) != string(want.D) || string(got.E) != string(want.E) || msg(gotErr) != msg(wantErr) {
				t.Errorf("%q: got %q, %q, %v; as text %q, %q, %v", doc, got.D, got.E, gotErr, want.D, want.E, wantErr)
			}
		}
	}
}

// Date.Time reads a date as time.Parse does with the layout of its
// shape: the same instant, and the same refusals (a month 13, a 30
// February, a day 00).
func TestDateTimeIsTimeParse(t *testing.T) {
	cases := []string{"2026", "0000", "2026-01", "2026-12", "2026-00", "2026-13", "2026-02-28", "2024-02-29",
		"2026-02-29", "2026-04-31", "2026-04-30", "2026-01-00", "2026-01-32", "1999-12-31", "2026-1-01", "20261-01",
		"2026/01/01", "", "unknown", "2026-01-01T00:00", "９９９９"}
	for y := 2023; y <= 2025; y++ {
		for m := 0; m <= 13; m++ {
			for d := 0; d <= 32; d++ {
				cases = append(cases, fmt.Sprintf("%04d-%02d-%02d", y, m, d), fmt.Sprintf("%04d-%02d", y, m))
			}
		}
	}
	for _, s := range cases {
		got, ok := Date(s).Time()
		var want time.Time
		wantOK := Date(s).Known() && dateShaped(s)
		if wantOK {
			var err error
			want, err = time.Parse(dateLayout(s), s)
			wantOK = err == nil
		}
		if ok != wantOK || !got.Equal(want) || ok && got.Location() != time.UTC {
			t.Errorf("Date(%q).Time() = %v, %v; time.Parse gives %v, %v", s, got, ok, want, wantOK)
		}
	}
}

// dateLayout is the time layout of a date shaped as dateShaped checks.
func dateLayout(s string) string {
	switch len(s) {
	case 4:
		return "2006"
	case 7:
		return "2006-01"
	}
	return "2006-01-02"
}
