package diff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gpucompare/generator/feed"
)

// Markdown writes the report as a pull-request comment: a summary line
// naming the base, then a table for each kind of change. Catalog text is
// untrusted (a pull request can be hostile), so every value goes through
// text or code: it reads as it is written and is never markup.
func (r *Report) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "**Catalog diff against %s:** %s\n", r.baseMarkdown(), r.summary())
	if r.Empty() {
		return b.String()
	}
	if len(r.Overwrites) > 0 {
		b.WriteString("\n### History overwritten\n\n")
		for _, w := range r.Overwrites {
			fmt.Fprintf(&b, "- %s\n", text(w))
		}
	}
	if len(r.Prices) > 0 {
		b.WriteString("\n### Price changes\n\n| Offer | Pricing model | Old | New | Change | Since | Source |\n| --- | --- | --- | --- | ---: | --- | --- |\n")
		for _, p := range r.Prices {
			model := feed.English.Model(p.Model)
			if p.Payment != "" {
				model += " (" + strings.ReplaceAll(p.Payment, "_", " ") + ")"
			}
			change := ""
			switch {
			case p.Percent != nil:
				change = feed.Percent(*p.Percent)
			case p.OldDisplay == "":
				change = "new"
			case p.NewDisplay == "":
				change = "removed"
			}
			if p.Check {
				change += checkThis
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", text(p.Provider+"/"+p.Instance+" "+p.Region), text(model),
				text(dash(p.OldDisplay)), text(dash(p.NewDisplay)), change, text(p.NewSince), text(p.Source))
		}
	}
	if len(r.Points) > 0 {
		b.WriteString("\n### Price point edits\n\n| Offer | Pricing model | Point | Field | Old | New | At |\n| --- | --- | ---: | --- | --- | --- | --- |\n")
		for _, p := range r.Points {
			model := feed.English.Model(p.Model)
			if p.Payment != "" {
				model += " (" + strings.ReplaceAll(p.Payment, "_", " ") + ")"
			}
			fmt.Fprintf(&b, "| %s | %s | %d (since %s) | %s | %s | %s | %s |\n", text(p.Provider+"/"+p.Instance+" "+p.Region), text(model),
				p.Point, text(p.Since), strings.ReplaceAll(code(p.Field), "|", `\|`), text(p.Old), text(p.New), text(p.Position))
		}
	}
	if len(r.FX) > 0 {
		b.WriteString("\n### Exchange rates\n\n| Rate | Date | Old | New | Change | Offers whose price moves | Source |\n| --- | --- | ---: | ---: | ---: | ---: | --- |\n")
		for _, c := range r.FX {
			change := ""
			switch {
			case c.Percent != nil:
				change = feed.Percent(*c.Percent)
			case c.OldRate == nil:
				change = "new"
			case c.NewRate == nil:
				change = "removed"
			}
			if c.Check {
				change += checkThis
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %d | %s |\n", text("1 "+c.Base+" in "+c.Quote), text(c.Date),
				rate(c.OldRate), rate(c.NewRate), change, c.Offers, text(c.Source))
		}
	}
	if slices.ContainsFunc(r.added(), func(k kind) bool { return !k.a.empty() }) {
		b.WriteString("\n### Added and removed\n\n| | Added | Removed |\n| --- | --- | --- |\n")
		for _, k := range r.added() {
			if !k.a.empty() {
				fmt.Fprintf(&b, "| %s | %s | %s |\n", k.name, text(list(k.a.Added)), text(list(k.a.Removed)))
			}
		}
	}
	if len(r.Records) > 0 {
		b.WriteString("\n### Record edits\n\n| Record | Field | Old | New |\n| --- | --- | --- | --- |\n")
		for _, s := range r.Records {
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", text(s.Record), strings.ReplaceAll(code(s.Field), "|", `\|`), text(s.Old), text(s.New))
		}
	}
	if len(r.NewWarnings) > 0 {
		b.WriteString("\n### New warnings\n\n")
		for _, w := range r.NewWarnings {
			fmt.Fprintf(&b, "- %s\n", text(w))
		}
	}
	return b.String()
}

// baseMarkdown names the base in the summary line: "git revision
// `origin/main`", "folder `../base`".
func (r *Report) baseMarkdown() string {
	switch {
	case r.Base.Name == "":
		return "the base"
	case r.Base.Kind == Folder:
		return "folder " + code(r.Base.Name)
	}
	return "git revision " + code(r.Base.Name)
}

// Summary is the report's first line as plain text: "Catalog diff
// against git revision origin/main: 1 price change (1 down, 0 up)."
func (r *Report) Summary() string {
	return fmt.Sprintf("Catalog diff against %s: %s", r.Base, r.summary())
}

// MarshalJSON writes the report as JSON with its summary line first.
func (r *Report) MarshalJSON() ([]byte, error) {
	type fields Report // the fields, without this method
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(struct {
		Summary string `json:"summary"`
		fields
	}{r.Summary(), fields(*r)})
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), err
}

func (r *Report) summary() string {
	if r.Empty() {
		return "no changes to prices, price points, exchange rates or records."
	}
	var parts []string
	if n := len(r.Overwrites); n > 0 {
		parts = append(parts, plural(n, "price point")+" overwritten in place")
	}
	check := 0
	if n := len(r.Prices); n > 0 {
		down, up := 0, 0
		for _, p := range r.Prices {
			if p.Percent != nil && *p.Percent < 0 {
				down++
			} else if p.Percent != nil && *p.Percent > 0 {
				up++
			}
			if p.Check {
				check++
			}
		}
		parts = append(parts, fmt.Sprintf("%s (%d down, %d up)", plural(n, "price change"), down, up))
	}
	if n := len(r.Points); n > 0 {
		parts = append(parts, plural(n, "price point edit"))
	}
	if n := len(r.FX); n > 0 {
		for _, c := range r.FX {
			if c.Check {
				check++
			}
		}
		parts = append(parts, plural(n, "exchange rate change"))
	}
	for _, k := range r.added() {
		if n := len(k.a.Added); n > 0 {
			parts = append(parts, plural(n, k.noun)+" added")
		}
		if n := len(k.a.Removed); n > 0 {
			parts = append(parts, plural(n, k.noun)+" removed")
		}
	}
	if n := len(r.Records); n > 0 {
		parts = append(parts, plural(n, "record edit"))
	}
	if check > 0 {
		parts = append(parts, fmt.Sprintf("%d beyond ±%s%%: check %s", check, strconv.FormatFloat(r.ThresholdPct, 'f', -1, 64), map[bool]string{true: "it", false: "them"}[check == 1]))
	}
	if n := len(r.NewWarnings); n > 0 {
		parts = append(parts, plural(n, "new warning"))
	}
	return strings.Join(parts, ", ") + "."
}

// checkThis marks a change beyond the threshold.
const checkThis = " ⚠ check this"

// rate writes an exchange rate as the catalog states it.
func rate(r *float64) string {
	if r == nil {
		return "—"
	}
	return strconv.FormatFloat(*r, 'f', -1, 64)
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func dash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func list(items []string) string {
	if len(items) == 0 {
		return "—"
	}
	return strings.Join(items, ", ")
}

// markup are the ASCII characters that can start or end Markdown markup
// on one line of GitHub's Markdown: links and images ([ ] !), raw HTML
// and autolinks (< >), entities (&), code spans (`), emphasis and
// strikethrough (* _ ~), table cells (|), math ($), headings and issue
// references (#), mentions (@), and the backslash that escapes them all.
const markup = "\\[]!<>&`*_~|$#@"

// wordJoiner is an invisible character that keeps what follows an @ or
// a # from reading as a name: GitHub turns "@name" into a mention and
// "#12" into a cross-reference after rendering, so escaping the
// character is not enough.
const wordJoiner = "\u2060"

// text makes catalog text inert on one line of a pull-request comment,
// in a table cell or a list item: it shows the same characters (line
// breaks and other control characters become spaces) and is never markup.
// A web address (http:// or https://) stays a link whose text is the
// address itself, so a reader sees where it leads; no other link, no
// image, no HTML, no mention is made.
func text(s string) string {
	var b strings.Builder
	for s != "" {
		if n := webAddress(s); n > 0 {
			b.WriteString("<" + s[:n] + ">")
			s = s[n:]
			continue
		}
		c, size := utf8.DecodeRuneInString(s)
		switch {
		case c == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case c < 0x20 || c == 0x7f:
			b.WriteByte(' ')
		case strings.ContainsRune(markup, c):
			b.WriteByte('\\')
			b.WriteRune(c)
			if c == '@' || c == '#' {
				b.WriteString(wordJoiner)
			}
		default:
			b.WriteRune(c)
		}
		s = s[size:]
	}
	return b.String()
}

// webAddress returns the length of the http:// or https:// address s
// starts with, 0 if none: up to a space, a character an autolink cannot
// hold (< > " ` |, control characters), or the end, less the punctuation
// that ends a sentence.
func webAddress(s string) int {
	lower := strings.ToLower(s[:min(len(s), len("https://"))])
	if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
		return 0
	}
	n := strings.IndexFunc(s, func(c rune) bool {
		return c <= ' ' || c == 0x7f || strings.ContainsRune("<>\"`|\\", c) || c == utf8.RuneError
	})
	if n < 0 {
		n = len(s)
	}
	n = len(strings.TrimRight(s[:n], ".,:;!?'()[]*_~"))
	if host := s[strings.Index(s, "://")+len("://"):]; len(s)-len(host) >= n {
		return 0 // no host
	}
	return n
}

// code writes s as a code span: shown as it is, never markup, never a
// mention. Control characters become spaces.
func code(s string) string {
	s = strings.Map(func(c rune) rune {
		if c < 0x20 || c == 0x7f {
			return ' '
		}
		return c
	}, s)
	if s == "" {
		return "—"
	}
	// The fence is one backtick longer than the longest run inside.
	longest, run := 0, 0
	for _, c := range s {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") || strings.HasPrefix(s, " ") || strings.HasSuffix(s, " ") {
		s = " " + s + " " // one space each side is taken off again
	}
	return fence + s + fence
}
