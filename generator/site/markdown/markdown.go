// Package markdown writes the Markdown the build hands to machines and
// assistants (llms.txt, llms-full.txt): escaped text, links and GitHub
// Flavored Markdown tables. Catalog text is untrusted, so every piece of
// it goes through Text or Link: it shows as written and cannot open a
// link, an HTML tag, emphasis or a table cell of its own. It does no I/O.
package markdown

import (
	"html"
	"io"
	"net/url"
	"strings"
)

// textEscaper escapes what would make catalog text more than text in a
// line or a table cell of GFM.
// Angle brackets become character references rather than backslash
// escapes, so that no "<" of catalog text is in the file at all.
var textEscaper = strings.NewReplacer(
	`\`, `\\`, "&", `\&`, "|", `\|`, "[", `\[`, "]", `\]`, "<", "&lt;", ">", "&gt;",
	"*", `\*`, "`", "\\`", "_", `\_`, "~", `\~`, "#", `\#`, "!", `\!`,
	"\r\n", " ", "\n", " ", "\r", " ", "\t", " ",
)

// Text is s as Markdown text that shows s as it is, on one line: s
// itself when it holds nothing to escape (most text; strings.Replacer
// would copy it twice).
func Text(s string) string {
	for i := 0; i < len(s); i++ {
		if textEscapes[s[i]] != "" { // every pattern of textEscaper starts with one
			return textEscaper.Replace(s)
		}
	}
	return s
}

// textEscapes are textEscaper's replacements of single bytes.
var textEscapes = func() (t [256]string) {
	for _, c := range "\\&|[]*`_~#!" {
		t[c] = `\` + string(c)
	}
	t['<'], t['>'] = "&lt;", "&gt;"
	t['\n'], t['\r'], t['\t'] = " ", " ", " "
	return t
}()

// AppendText appends Text(s) to dst, without a string of its own (a
// twin escapes a piece of text per node of its page).
func AppendText(dst []byte, s string) []byte {
	last := 0 // what of s is not yet appended starts here
	for i := 0; i < len(s); i++ {
		e := textEscapes[s[i]]
		if e == "" {
			continue
		}
		dst = append(dst, s[last:i]...)
		dst = append(dst, e...)
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++ // "\r\n" is one space
		}
		last = i + 1
	}
	return append(dst, s[last:]...)
}

// hrefEscaper percent-encodes what would end a link destination early.
var hrefEscaper = strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E", "|", "%7C", "\n", "", "\r", "", "\t", "")

// Href is a link destination for href: a relative path, or an http or
// https URL; "" for anything else (a javascript: URL, a citation in
// words), which Link then shows as text.
func Href(href string) string {
	if plainPath(href) {
		return href // most links of a twin: url.Parse would take them, and nothing in them needs escaping
	}
	u, err := url.Parse(href)
	if err != nil || u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" || u.Scheme != "" && u.Host == "" {
		return ""
	}
	return hrefEscaper.Replace(href)
}

// plainPath reports whether href is a relative path of letters, digits
// and "/._-#?=&~+" alone: no scheme, no escape, nothing hrefEscaper
// changes.
func plainPath(href string) bool {
	if href == "" {
		return false
	}
	for i := 0; i < len(href); i++ {
		c := href[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("/._-#?=&~+", c) >= 0) {
			return false
		}
	}
	return true
}

// Link is a Markdown link to href with the text text; the text alone
// when href is not a link (Href).
func Link(text, href string) string {
	h := Href(href)
	if h == "" {
		return Text(text)
	}
	return "[" + Text(text) + "](" + h + ")"
}

// Source is a source as Markdown: a link to it when it is a URL, else the
// citation in words.
func Source(src string) string {
	if !strings.Contains(src, ":") {
		return Text(src) // no scheme: a citation in words
	}
	if u, err := url.Parse(src); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && !strings.ContainsAny(src, " \t\n") {
		return Link(src, src)
	}
	return Text(src)
}

// Table writes a GFM table: head is its header row, right says which
// columns are figures (aligned right), rows hold Markdown already
// escaped.
func Table(b io.StringWriter, head []string, right []bool, rows [][]string) {
	TableHead(b, head, right)
	for _, r := range rows {
		TableRow(b, r)
	}
}

// TableHead writes the header row of a GFM table and the row under it
// that aligns its columns, as Table does; the rows follow with TableRow,
// one at a time, so that a long table is never held whole.
func TableHead(b io.StringWriter, head []string, right []bool) {
	TableRow(b, head)
	b.WriteString("|")
	for i := range head {
		if i < len(right) && right[i] {
			b.WriteString(" ---: |")
		} else {
			b.WriteString(" --- |")
		}
	}
	b.WriteString("\n")
}

// TableRow writes one row of a GFM table of cells of Markdown already
// escaped.
func TableRow(b io.StringWriter, cells []string) {
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" ")
		b.WriteString(c)
		b.WriteString(" |")
	}
	b.WriteString("\n")
}

// HTMLText is the Markdown of the text of a fragment of HTML that a
// helper of the templates makes (a catalog name marked as untranslated,
// breakable at <wbr>; a source's words with its identifiers as code): its
// text, tags dropped and entities unescaped, then escaped as Text.
func HTMLText(h string) string {
	if strings.IndexByte(h, '<') < 0 && strings.IndexByte(h, '&') < 0 {
		return Text(h)
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(h, '<')
		if i < 0 {
			b.WriteString(h)
			break
		}
		b.WriteString(h[:i])
		j := strings.IndexByte(h[i:], '>')
		if j < 0 {
			break
		}
		h = h[i+j+1:]
	}
	return Text(html.UnescapeString(b.String()))
}
