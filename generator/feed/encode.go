package feed

import (
	"errors"
	"time"
	"unicode/utf8"

	"gpucompare/generator/jsonenc"
)

// The entries of Item.Entry are written by hand, each format as
// encoding/xml and encoding/json write the gorilla/feeds item it stands
// for (encodeEntry, which the tests hold these writers to): the same
// elements and fields in the same order, the same indentation, the same
// escaping.

// entryText is what one entry is made of, as text.
type entryText struct {
	id, title, link []byte
	body            []byte // plain text: JSON Feed's; RSS and Atom get it HTML-escaped
	// html says the body is HTML (BodyWords.Foreign): RSS and Atom hold it
	// as it is, JSON Feed as its content_html, with the title as summary.
	html bool
	date time.Time
}

// appendRSSItem appends e as gorilla/feeds' RSS item of it, encoded by
// xml.MarshalIndent with rssItemIndent and two spaces.
func appendRSSItem(dst []byte, e *entryText) []byte {
	dst = append(dst, rssItemIndent+"<item>\n"+rssItemIndent+"  <title>"...)
	dst = appendXMLText(dst, e.title)
	dst = append(dst, "</title>\n"+rssItemIndent+"  <link>"...)
	dst = appendXMLText(dst, e.link)
	dst = append(dst, "</link>\n"+rssItemIndent+"  <description>"...)
	dst = appendBodyXML(dst, e)
	dst = append(dst, "</description>\n"+rssItemIndent+`  <guid isPermaLink="false">`...)
	dst = appendXMLText(dst, e.id)
	dst = append(dst, "</guid>\n"...)
	if !e.date.IsZero() { // gorilla/feeds leaves a zero time out
		dst = append(dst, rssItemIndent+"  <pubDate>"...)
		dst = e.date.AppendFormat(dst, time.RFC1123Z)
		dst = append(dst, "</pubDate>\n"...)
	}
	return append(dst, rssItemIndent+"</item>"...)
}

// appendAtomEntry appends e as gorilla/feeds' Atom entry of it, encoded by
// xml.MarshalIndent with atomItemIndent and two spaces.
func appendAtomEntry(dst []byte, e *entryText) []byte {
	dst = append(dst, atomItemIndent+"<entry>\n"+atomItemIndent+"  <title>"...)
	dst = appendXMLText(dst, e.title)
	dst = append(dst, "</title>\n"+atomItemIndent+"  <updated>"...)
	if !e.date.IsZero() { // gorilla/feeds writes a zero time as ""
		dst = e.date.AppendFormat(dst, time.RFC3339)
	}
	dst = append(dst, "</updated>\n"+atomItemIndent+"  <id>"...)
	dst = appendXMLText(dst, e.id)
	dst = append(dst, "</id>\n"+atomItemIndent+`  <link href="`...)
	dst = appendXMLText(dst, e.link)
	// The body is never empty (it starts with the title), so gorilla/feeds
	// writes it as the summary.
	dst = append(dst, `" rel="alternate"></link>`+"\n"+atomItemIndent+`  <summary type="html">`...)
	dst = appendBodyXML(dst, e)
	return append(dst, "</summary>\n"+atomItemIndent+"</entry>"...)
}

// appendBodyXML appends the body of e as the text of an HTML element of
// RSS or Atom: HTML escaped as XML text, plain text escaped as HTML first.
func appendBodyXML(dst []byte, e *entryText) []byte {
	if e.html {
		return appendXMLText(dst, e.body)
	}
	return appendXMLEscapedHTML(dst, e.body)
}

// errJSONYear is time.Time.MarshalJSON's refusal.
var errJSONYear = errors.New("Time.MarshalJSON: year outside of range [0,9999]")

// appendJSONItem appends e as gorilla/feeds' JSON Feed item of it, with
// the plain body as its summary and text, encoded by json.MarshalIndent
// with jsonItemIndent and two spaces.
func appendJSONItem(dst []byte, e *entryText) ([]byte, error) {
	if y := e.date.Year(); y < 0 || y > 9999 {
		return nil, errJSONYear
	}
	const field = ",\n" + jsonItemIndent + `  "`
	dst = append(dst, "{\n"+jsonItemIndent+`  "id": `...)
	dst = jsonenc.AppendString(dst, e.id)
	if len(e.link) > 0 { // omitted when empty; the title and body never are
		dst = append(dst, field+`url": `...)
		dst = jsonenc.AppendString(dst, e.link)
	}
	dst = append(dst, field+`title": `...)
	dst = jsonenc.AppendString(dst, e.title)
	if e.html {
		dst = append(dst, field+`content_html": `...)
		dst = jsonenc.AppendString(dst, e.body)
		dst = append(dst, field+`summary": `...)
		dst = jsonenc.AppendString(dst, e.title)
	} else {
		dst = append(dst, field+`content_text": `...)
		dst = jsonenc.AppendString(dst, e.body)
		dst = append(dst, field+`summary": `...)
		dst = jsonenc.AppendString(dst, e.body)
	}
	if !e.date.IsZero() { // gorilla/feeds leaves a zero time out
		for _, name := range [...]string{"date_published", "date_modified"} {
			dst = append(dst, field...)
			dst = append(dst, name...)
			dst = append(dst, `": "`...)
			dst = e.date.AppendFormat(dst, time.RFC3339Nano)
			dst = append(dst, '"')
		}
	}
	return append(dst, "\n"+jsonItemIndent+"}"...), nil
}

// xmlEscapes are what encoding/xml writes for the ASCII characters it
// escapes in text and attributes; "" for those it keeps. Control
// characters other than tab, newline and carriage return are not XML
// characters and become U+FFFD.
var xmlEscapes = func() (t [utf8.RuneSelf]string) {
	for c := range t {
		if c < 0x20 {
			t[c] = "\uFFFD"
		}
	}
	t['"'], t['\''], t['&'], t['<'], t['>'] = "&#34;", "&#39;", "&amp;", "&lt;", "&gt;"
	t['\t'], t['\n'], t['\r'] = "&#x9;", "&#xA;", "&#xD;"
	return t
}()

// htmlInXMLEscapes are xmlEscapes of what html.EscapeString writes for the
// characters it escapes: the escaping of HTML put in XML text.
var htmlInXMLEscapes = func() (t [utf8.RuneSelf]string) {
	t = xmlEscapes
	t['"'], t['\''], t['&'], t['<'], t['>'] = "&amp;#34;", "&amp;#39;", "&amp;amp;", "&amp;lt;", "&amp;gt;"
	return t
}()

// appendXMLText appends s escaped as encoding/xml escapes text and
// attribute values.
func appendXMLText(dst, s []byte) []byte { return appendXMLEscaped(dst, s, &xmlEscapes) }

// appendXMLEscapedHTML appends html.EscapeString(s) escaped as
// encoding/xml escapes text: plain text that an XML document holds as
// HTML.
func appendXMLEscapedHTML(dst, s []byte) []byte { return appendXMLEscaped(dst, s, &htmlInXMLEscapes) }

// appendXMLEscaped appends s with the ASCII characters replaced as escapes
// says and the rest as encoding/xml does: invalid UTF-8 and runes that are
// not XML characters as U+FFFD.
func appendXMLEscaped(dst, s []byte, escapes *[utf8.RuneSelf]string) []byte {
	last := 0
	for i := 0; i < len(s); {
		start := i
		var esc string
		if c := s[i]; c < utf8.RuneSelf {
			i++
			if esc = escapes[c]; esc == "" {
				continue
			}
		} else {
			r, width := utf8.DecodeRune(s[i:])
			i += width
			if isXMLChar(r) && !(r == utf8.RuneError && width == 1) {
				continue
			}
			esc = "\uFFFD"
		}
		dst = append(dst, s[last:start]...)
		dst = append(dst, esc...)
		last = i
	}
	return append(dst, s[last:]...)
}

// isXMLChar reports whether r is in XML's Char production, as
// encoding/xml's isInCharacterRange.
func isXMLChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}
