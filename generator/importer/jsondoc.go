package importer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// jsonDoc is a JSON answer of a price API, read whole so that each item it
// lists is placed at its line and column.
type jsonDoc struct {
	file string
	what string // what the document should be, for messages: "an OCI price list (…)"
	data []byte
	dec  *json.Decoder
}

func readJSONDoc(r io.Reader, file, what string) (*jsonDoc, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read: %v", file, err)
	}
	return &jsonDoc{file: file, what: what, data: data, dec: json.NewDecoder(bytes.NewReader(data))}, nil
}

// pos is the place of byte offset off, past the separators before a value.
func (d *jsonDoc) pos(off int64) Pos {
	off = min(max(off, 0), int64(len(d.data)))
	for off < int64(len(d.data)) && strings.IndexByte(",: \t\r\n", d.data[off]) >= 0 {
		off++
	}
	return d.at(off)
}

// at is the place of byte offset off.
func (d *jsonDoc) at(off int64) Pos {
	off = min(max(off, 0), int64(len(d.data)))
	line := 1 + bytes.Count(d.data[:off], []byte("\n"))
	col := int(off) - bytes.LastIndexByte(d.data[:off], '\n')
	return Pos{File: d.file, Line: line, Col: col}
}

// fail places a decoding error at at, or where the decoder stopped.
func (d *jsonDoc) fail(err error, at *Pos) error {
	p := d.pos(d.dec.InputOffset())
	if at != nil {
		p = *at
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		// A decoder's offsets count from the value it was reading: the
		// whole text, parsed again, places the error.
		var v any
		if errors.As(json.Unmarshal(d.data, &v), &se) {
			if se.Offset >= int64(len(d.data)) {
				return fmt.Errorf("%s: the JSON ends early: want the whole of %s", d.at(int64(len(d.data))), d.what)
			}
			return fmt.Errorf("%s: %v: want %s in JSON", d.at(se.Offset-1), se, d.what)
		}
		return fmt.Errorf("%s: %v: want %s in JSON", p, se, d.what)
	case errors.As(err, &te):
		if at == nil && te.Offset > 0 && te.Offset <= int64(len(d.data)) {
			// The whole text was decoded: the value ends at te.Offset,
			// after its member's colon.
			p = d.pos(int64(bytes.LastIndexByte(d.data[:te.Offset], ':')) + 1)
		}
		field := te.Field
		if field == "" {
			field = "the value"
		}
		return fmt.Errorf("%s: %s is a JSON %s: want a %s", p, field, te.Value, azureType(te.Type.Kind()))
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return fmt.Errorf("%s: the JSON ends early: want the whole of %s", d.at(int64(len(d.data))), d.what)
	}
	return fmt.Errorf("%s: %v", p, err)
}

// walk reads the document's top-level object. The member named list must
// be there: an array, whose elements are given to item in order, or an
// object, whose members are given to item with their names. Every other
// member is given to other, when not nil.
func (d *jsonDoc) walk(list string, item func(name string, raw json.RawMessage, p Pos) error, other func(key string, raw json.RawMessage, p Pos) error) error {
	if t, err := d.dec.Token(); err != nil {
		return d.fail(err, nil)
	} else if t != json.Delim('{') {
		return fmt.Errorf("%s: not a JSON object: want %s", d.pos(0), d.what)
	}
	found := false
	for d.dec.More() {
		t, err := d.dec.Token()
		if err != nil {
			return d.fail(err, nil)
		}
		key, _ := t.(string)
		p := d.pos(d.dec.InputOffset())
		if key != list {
			var raw json.RawMessage
			if err := d.dec.Decode(&raw); err != nil {
				return d.fail(err, &p)
			}
			if other != nil {
				if err := other(key, raw, p); err != nil {
					return err
				}
			}
			continue
		}
		found = true
		open, err := d.dec.Token()
		if err != nil {
			return d.fail(err, nil)
		}
		if open != json.Delim('[') && open != json.Delim('{') {
			return fmt.Errorf("%s: %s is not a list: want %s", p, list, d.what)
		}
		for d.dec.More() {
			name := ""
			if open == json.Delim('{') {
				t, err := d.dec.Token()
				if err != nil {
					return d.fail(err, nil)
				}
				name, _ = t.(string)
			}
			p := d.pos(d.dec.InputOffset())
			var raw json.RawMessage
			if err := d.dec.Decode(&raw); err != nil {
				return d.fail(err, &p)
			}
			if err := item(name, raw, p); err != nil {
				return err
			}
		}
		if _, err := d.dec.Token(); err != nil {
			return d.fail(err, nil)
		}
	}
	if _, err := d.dec.Token(); err != nil {
		return d.fail(err, nil)
	}
	if !found {
		return fmt.Errorf("%s: no %s: want %s", d.pos(0), list, d.what)
	}
	return nil
}

// decodeAt decodes one item, an error placed at the item.
func (d *jsonDoc) decodeAt(raw json.RawMessage, p Pos, v any) error {
	if err := json.Unmarshal(raw, v); err != nil {
		return d.fail(err, &p)
	}
	return nil
}
