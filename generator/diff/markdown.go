package diff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gpucompare/generator/feed"
)

// CommentLimit is the most bytes Markdown writes: a GitHub comment holds
// 65,536 characters, and this leaves room for what a workflow adds (a
// link to the preview) in any script.
const CommentLimit = 60000

// Markdown writes the report as a pull-request comment of at most
// CommentLimit bytes (MarkdownCut).
func (r *Report) Markdown() string { return r.MarkdownCut(CommentLimit, "") }

// MarkdownCut writes the report as a pull-request comment: a summary line
// naming the base, then a table for each kind of change, the prices the
// site shows and the exchange rates first. Catalog text is untrusted (a
// pull request can be hostile), so every value goes through text or code:
// it reads as it is written and is never markup.
//
// A comment longer than limit bytes is cut at the end of a row; it says
// so under the summary line, with how many rows of which tables were left
// out and where the full diff is: the JSON of the diff, and full when
// given (where a workflow keeps it: an artifact's address).
func (r *Report) MarkdownCut(limit int, full string) string {
	head := fmt.Sprintf("**Catalog diff against %s:** %s\n", r.baseMarkdown(), r.summary())
	if r.Empty() {
		return head
	}
	secs := r.sections()
	var whole strings.Builder
	whole.WriteString(head)
	for _, s := range secs {
		s.write(&whole, len(s.rows))
	}
	if whole.Len() <= limit {
		return whole.String()
	}
	// Each table keeps its first rows: a row of each in turn, while they
	// fit with room for the note, so that every kind of change shows; a
	// table stops at its first row that does not fit. Flagged rows come
	// first in a cut table, so that a flood of small changes cannot push
	// one out. The note grows with what is left out, so the room is made
	// again until both fit.
	for i := range secs {
		secs[i].rows = flaggedFirst(secs[i].rows)
	}
	reserve := 200 + len(text(full))
	for {
		kept := fill(secs, limit-len(head)-reserve)
		note := cutNote(secs, kept, full)
		if len(note) > reserve {
			reserve = len(note)
			continue
		}
		var b strings.Builder
		b.WriteString(head)
		b.WriteString(note)
		for i, s := range secs {
			if kept[i] > 0 {
				s.write(&b, kept[i])
			}
		}
		return b.String()
	}
}

// flaggedFirst returns rows with those flagged "check this" first, each
// group in its order.
func flaggedFirst(rows []string) []string {
	out := make([]string, 0, len(rows))
	for _, flagged := range []bool{true, false} {
		for _, r := range rows {
			if strings.Contains(r, checkThis) == flagged {
				out = append(out, r)
			}
		}
	}
	return out
}

// fill is how many of its first rows each section keeps within budget
// bytes, taking a row of each section in turn.
func fill(secs []section, budget int) []int {
	kept := make([]int, len(secs))
	full := make([]bool, len(secs))
	used := 0
	for more := true; more; {
		more = false
		for i, s := range secs {
			if full[i] || kept[i] == len(s.rows) {
				continue
			}
			add := len(s.rows[kept[i]])
			if kept[i] == 0 {
				add += len(s.lead())
			}
			if used+add > budget {
				full[i] = true
				continue
			}
			used += add
			kept[i]++
			more = true
		}
	}
	return kept
}

// cutNote says that a comment is cut: how many rows of which tables were
// left out, and where the full diff is.
func cutNote(secs []section, kept []int, full string) string {
	left, total := 0, 0
	var parts []string
	for i, s := range secs {
		total += len(s.rows)
		if n := len(s.rows) - kept[i]; n > 0 {
			left += n
			if kept[i] == 0 {
				parts = append(parts, fmt.Sprintf("all %d of %s", n, s.title))
			} else {
				parts = append(parts, fmt.Sprintf("the last %d of %s", n, s.title))
			}
		}
	}
	where := "in the JSON of the diff (`gpucompare diff -format json`)"
	if full != "" {
		where = "in " + text(full) + ", and " + where
	}
	return fmt.Sprintf("\n> **This comment is cut to fit:** %d of %d rows are left out (%s). The full diff is %s.\n",
		left, total, strings.Join(parts, ", "), where)
}

// section is a part of the comment: a heading, what comes before its rows
// (a table's head), and its rows, each a line.
type section struct {
	title, before string
	rows          []string
}

// lead is what a section writes before its rows.
func (s section) lead() string { return "\n### " + s.title + "\n\n" + s.before }

// write writes the section with its first n rows.
func (s section) write(b *strings.Builder, n int) {
	b.WriteString(s.lead())
	for _, row := range s.rows[:n] {
		b.WriteString(row)
	}
}

// sections are the parts of the comment that have rows, in order: the
// prices and rates first, then the records.
func (r *Report) sections() []section {
	var out []section
	add := func(title, before string, rows []string) {
		if len(rows) > 0 {
			out = append(out, section{title, before, rows})
		}
	}
	var rows []string
	for _, c := range r.Shown {
		rows = append(rows, fmt.Sprintf("| %s | %s | %s | %s | %s | %s | %s |\n", text(c.Provider+"/"+c.Instance+" "+c.Region), text(feed.English.Model(c.Model)),
			text(shownText(c.Old)), text(shownText(c.New)), text(perGPUHour(c.Old, c.New)),
			changeCell(c.Percent, c.Old == nil, c.New == nil, c.Check), text(strings.Join(c.Why, ", "))))
	}
	add("Shown prices", "What the site shows for each offer and pricing model (`compare/offers.json`), whatever moved it.\n\n"+
		"| Offer | Pricing model | Old | New | Per GPU-hour | Change | Why |\n| --- | --- | --- | --- | --- | ---: | --- |\n", rows)

	rows = nil
	for _, p := range r.Prices {
		model := feed.English.Model(p.Model)
		if p.Payment != "" {
			model += " (" + strings.ReplaceAll(p.Payment, "_", " ") + ")"
		}
		change := changeCell(p.Percent, p.OldDisplay == "", p.NewDisplay == "", p.Check)
		rows = append(rows, fmt.Sprintf("| %s | %s | %s | %s | %s | %s | %s |\n", text(p.Provider+"/"+p.Instance+" "+p.Region), text(model),
			text(dash(p.OldDisplay)), text(dash(p.NewDisplay)), change, text(p.NewSince), text(p.Source)))
	}
	add("Price changes", "The latest price of each series as the catalog states it.\n\n"+
		"| Offer | Pricing model | Old | New | Change | Since | Source |\n| --- | --- | --- | --- | ---: | --- | --- |\n", rows)

	rows = nil
	for _, c := range r.FX {
		change := changeCell(c.Percent, c.OldRate == nil, c.NewRate == nil, c.Check)
		old := rate(c.OldRate)
		if c.Replaces != nil {
			old += " (" + rate(c.Replaces) + " of " + c.ReplacesDate + ")"
		}
		rows = append(rows, fmt.Sprintf("| %s | %s | %s | %s | %s | %d | %s |\n", text("1 "+c.Base+" in "+c.Quote), text(c.Date),
			text(old), rate(c.NewRate), change, c.Offers, text(c.Source)))
	}
	add("Exchange rates", "| Rate | Date | Old | New | Change | Offers whose price moves | Source |\n| --- | --- | ---: | ---: | ---: | ---: | --- |\n", rows)

	rows = nil
	for _, w := range r.Overwrites {
		rows = append(rows, fmt.Sprintf("- %s\n", text(w)))
	}
	add("History overwritten", "", rows)

	rows = nil
	for _, p := range r.Points {
		model := feed.English.Model(p.Model)
		if p.Payment != "" {
			model += " (" + strings.ReplaceAll(p.Payment, "_", " ") + ")"
		}
		rows = append(rows, fmt.Sprintf("| %s | %s | %d (since %s) | %s | %s | %s | %s |\n", text(p.Provider+"/"+p.Instance+" "+p.Region), text(model),
			p.Point, text(p.Since), strings.ReplaceAll(code(p.Field), "|", `\|`), text(p.Old), text(p.New), text(p.Position)))
	}
	add("Price point edits", "| Offer | Pricing model | Point | Field | Old | New | At |\n| --- | --- | ---: | --- | --- | --- | --- |\n", rows)

	rows = nil
	for _, k := range r.added() {
		if !k.a.empty() {
			rows = append(rows, fmt.Sprintf("| %s | %s | %s |\n", k.name, text(list(k.a.Added)), text(list(k.a.Removed))))
		}
	}
	add("Added and removed", "| | Added | Removed |\n| --- | --- | --- |\n", rows)

	rows = nil
	for _, s := range r.Records {
		rows = append(rows, fmt.Sprintf("| %s | %s | %s | %s |\n", text(s.Record), strings.ReplaceAll(code(s.Field), "|", `\|`), text(s.Old), text(s.New)))
	}
	add("Record edits", "| Record | Field | Old | New |\n| --- | --- | --- | --- |\n", rows)

	rows = nil
	for _, w := range r.NewWarnings {
		rows = append(rows, fmt.Sprintf("- %s\n", text(w)))
	}
	add("New warnings", "", rows)
	return out
}

// shownText writes a shown price: in the site currency, with the quoted
// price and the rate beside it where it was converted; "—" when absent.
func shownText(p *ShownPrice) string {
	switch {
	case p == nil:
		return "—"
	case p.DisplayHourly == nil:
		return feed.Money(p.Hourly, p.Currency) + " (no rate into " + p.Display + ")"
	case p.Currency == p.Display:
		return feed.Money(*p.DisplayHourly, p.Display)
	}
	s := feed.Money(*p.DisplayHourly, p.Display) + " (" + feed.Money(p.Hourly, p.Currency)
	if p.FXRate != nil {
		s += " at " + rate(p.FXRate) + " of " + p.FXDate
	}
	return s + ")"
}

// perGPUHour writes the change of the price per GPU-hour.
func perGPUHour(o, n *ShownPrice) string {
	one := func(p *ShownPrice) string {
		if p == nil || p.PerGPUHour == nil {
			return "—"
		}
		return feed.Money(*p.PerGPUHour, p.Display)
	}
	return one(o) + " → " + one(n)
}

// changeCell writes the Change cell of a price or a rate: its percent,
// else "new", "removed" or "not comparable", with the mark of a change to
// check.
func changeCell(percent *float64, isNew, removed, check bool) string {
	s := "not comparable"
	switch {
	case percent != nil:
		s = feed.Percent(*percent)
	case isNew:
		s = "new"
	case removed:
		s = "removed"
	}
	if check {
		s += checkThis
	}
	return s
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
	if n := len(r.Shown); n > 0 {
		down, up := 0, 0
		for _, c := range r.Shown {
			if c.Percent != nil && *c.Percent < 0 {
				down++
			} else if c.Percent != nil && *c.Percent > 0 {
				up++
			}
			if c.Check {
				check++
			}
		}
		parts = append(parts, fmt.Sprintf("%s (%d down, %d up)", plural(n, "shown price change"), down, up))
	}
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

// invisible reports whether c is a character a reader cannot see or
// that changes how the text around it reads: control characters (C0 and
// C1: line breaks, tabs), format characters (bidi embeddings, overrides
// and isolates U+202A–U+202E and U+2066–U+2069, marks such as U+200E,
// zero-width spaces and joiners, U+FEFF) and the line and paragraph
// separators.
func invisible(c rune) bool {
	return unicode.In(c, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp)
}

// shownAs is how an invisible character is written in a comment: its
// code point, <U+202E>, so that a reviewer sees it is there.
func shownAs(c rune) string { return fmt.Sprintf("<U+%04X>", c) }

// text makes catalog text inert on one line of a pull-request comment,
// in a table cell or a list item: it shows the same characters (an
// invisible one as its code point, <U+202E>, line breaks included) and
// is never markup.
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
		case invisible(c):
			fmt.Fprintf(&b, `\<U+%04X\>`, c) // the angle brackets escaped: never HTML
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
		return c <= ' ' || invisible(c) || strings.ContainsRune("<>\"`|\\", c) || c == utf8.RuneError
	})
	if n < 0 {
		n = len(s)
	}
	n = len(strings.TrimRight(s[:n], ".,:;!?'()[]{}*_~"))
	if host := s[strings.Index(s, "://")+len("://"):]; len(s)-len(host) >= n {
		return 0 // no host
	}
	return n
}

// code writes s as a code span: shown as it is, never markup, never a
// mention. An invisible character is written as its code point.
func code(s string) string {
	var v strings.Builder
	for _, c := range s {
		if invisible(c) {
			v.WriteString(shownAs(c))
		} else {
			v.WriteRune(c)
		}
	}
	s = v.String()
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
