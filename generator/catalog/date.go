package catalog

import (
	"fmt"
	"regexp"
	"time"
)

// Date is a calendar date that may be partial ("2025-06", "2025") or
// "unknown". The zero Date is absent.
type Date string

// Unknown is the date of something the sources do not date.
const Unknown Date = "unknown"

var datePattern = regexp.MustCompile(`^\d{4}(-\d{2}(-\d{2})?)?$`)

// check reports what is wrong with d, or nil. An absent date is fine here;
// required dates are checked by the caller.
func (d Date) check() error {
	s := string(d)
	if s == "" || d == Unknown {
		return nil
	}
	if !datePattern.MatchString(s) {
		return fmt.Errorf("date %q is not a date: want YYYY-MM-DD, YYYY-MM, YYYY or unknown", s)
	}
	layout := map[int]string{4: "2006", 7: "2006-01", 10: "2006-01-02"}[len(s)]
	if _, err := time.Parse(layout, s); err != nil {
		return fmt.Errorf("date %q does not exist: want YYYY-MM-DD, YYYY-MM, YYYY or unknown", s)
	}
	return nil
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
	if !d.Known() || d.check() != nil {
		return time.Time{}, false
	}
	layout := map[int]string{4: "2006", 7: "2006-01", 10: "2006-01-02"}[len(d)]
	t, err := time.Parse(layout, string(d))
	return t.UTC(), err == nil
}
