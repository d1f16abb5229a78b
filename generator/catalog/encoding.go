package catalog

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// InvalidUTF8 reports the first byte of src, the bytes of file, that is
// not part of UTF-8 text, at its line and column (counted in characters,
// as the YAML parser counts them); ok is false when src is all UTF-8.
func InvalidUTF8(file string, src []byte) (d Diagnostic, ok bool) {
	if utf8.Valid(src) {
		return Diagnostic{}, false
	}
	i := 0
	for {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		i += size
	}
	start := bytes.LastIndexByte(src[:i], '\n') + 1
	pos := Pos{File: file, Line: 1 + bytes.Count(src[:start], []byte("\n")), Col: 1 + utf8.RuneCount(src[start:i])}
	return Diagnostic{Pos: pos, Severity: Error, Message: fmt.Sprintf("invalid UTF-8 byte 0x%02x: save the file as UTF-8", src[i])}, true
}
