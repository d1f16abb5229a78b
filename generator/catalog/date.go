package catalog

import (
	"fmt"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// Date is a calendar date that may be partial ("2025-06", "2025") or
// "unknown". The zero Date is absent.
type Date string

// Unknown is the date of something the sources do not date.
const Unknown Date = "unknown"

// UnmarshalYAML decodes a date as the YAML decoder decodes text, but takes
// a scalar without a tag as it stands: the decoder would resolve it a
// second time (the parser resolved it already, trying time.Parse with
// three layouts that fail on a date before the one that fits), only to
// keep its text. Values and errors are the decoder's, the type named in
// them included.
func (d *Date) UnmarshalYAML(n *yaml.Node) error {
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Style&yaml.TaggedStyle == 0 {
			*d = Date(n.Value)
			return nil
		}
		// A tag the text must fit: the decoder's rules for text.
		var s string
		if err := n.Decode(&s); err != nil {
			return err
		}
		*d = Date(s)
		return nil
	case yaml.SequenceNode:
		return &yaml.TypeError{Errors: []string{cannotUnmarshal(n, "!!seq")}}
	case yaml.MappingNode:
		var errs []string
		for i := 0; i < len(n.Content); i += 2 {
			for j := i + 2; j < len(n.Content); j += 2 {
				if ki, kj := n.Content[i], n.Content[j]; ki.Kind == kj.Kind && ki.Value == kj.Value {
					errs = append(errs, fmt.Sprintf("line %d: mapping key %#v already defined at line %d", kj.Line, kj.Value, ki.Line))
				}
			}
		}
		if len(errs) == 0 {
			errs = append(errs, cannotUnmarshal(n, "!!map"))
		}
		return &yaml.TypeError{Errors: errs}
	}
	return fmt.Errorf("yaml: cannot decode node with unknown kind %d", n.Kind)
}

// cannotUnmarshal is the decoder's message for a node of the wrong kind
// for a Date.
func cannotUnmarshal(n *yaml.Node, tag string) string {
	if n.Tag != "" {
		tag = n.Tag
	}
	value := n.Value
	if tag != "!!seq" && tag != "!!map" {
		if len(value) > 10 {
			value = " `" + value[:7] + "...`"
		} else {
			value = " `" + value + "`"
		}
	}
	if long := "tag:yaml.org,2002:"; strings.HasPrefix(tag, long) {
		tag = "!!" + tag[len(long):]
	}
	return fmt.Sprintf("line %d: cannot unmarshal %s%s into catalog.Date", n.Line, tag, value)
}

// check reports what is wrong with d, or nil. An absent date is fine here;
// required dates are checked by the caller.
func (d Date) check() error {
	s := string(d)
	if s == "" || d == Unknown {
		return nil
	}
	if !dateShaped(s) {
		return fmt.Errorf("date %q is not a date: want YYYY-MM-DD, YYYY-MM, YYYY or unknown", s)
	}
	if _, ok := d.Time(); !ok {
		return fmt.Errorf("date %q does not exist: want YYYY-MM-DD, YYYY-MM, YYYY or unknown", s)
	}
	return nil
}

// dateShaped reports whether s is YYYY, YYYY-MM or YYYY-MM-DD in ASCII
// digits.
func dateShaped(s string) bool {
	if len(s) != 4 && len(s) != 7 && len(s) != 10 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if i == 4 || i == 7 {
			if s[i] != '-' {
				return false
			}
		} else if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Known reports whether d is a date, full or partial.
func (d Date) Known() bool { return d != "" && d != Unknown }

// Precision is "day", "month", "year" or "" for an unknown date.
func (d Date) Precision() string {
	switch len(d) {
	case 10:
		return "day"
	case 7:
		return "month"
	case 4:
		return "year"
	}
	return ""
}

// Time is the first instant of d in UTC; ok is false when d is not known.
func (d Date) Time() (t time.Time, ok bool) {
	if !d.Known() || !dateShaped(string(d)) {
		return time.Time{}, false
	}
	// Read as time.Parse reads it with the layout of its shape
	// (TestDateTimeIsTimeParse), without its cost: every price's age
	// asks for it.
	s := string(d)
	year, month, day := digits(s[0:4]), 1, 1
	if len(s) >= 7 {
		if month = digits(s[5:7]); month < 1 || month > 12 {
			return time.Time{}, false
		}
	}
	if len(s) == 10 {
		last := time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
		if day = digits(s[8:10]); day < 1 || day > last {
			return time.Time{}, false
		}
	}
	return time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC), true
}

// digits is the number the decimal digits of s write.
func digits(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}
