package twins

import (
	"bufio"
	"io"
	"strings"
)

// Out is where a twin written from its page's model is written as it is
// made (the pages of /compare/ and /changes/, too large to hold whole):
// the line ends that end what is written so far are held back until
// more follows, so that the twin's body ends in one line end, as that of
// Of does, and Close writes the notes after it.
type Out struct {
	w     *bufio.Writer
	lines int // line ends held back
}

// NewOut is an Out writing to dst.
func NewOut(dst io.Writer) *Out { return &Out{w: bufio.NewWriterSize(dst, 32<<10)} }

// WriteString writes s (io.StringWriter; the bufio.Writer keeps the
// first error, which Close returns).
func (o *Out) WriteString(s string) (int, error) {
	t := strings.TrimRight(s, "\n")
	if t == "" {
		o.lines += len(s)
		return len(s), nil
	}
	for ; o.lines > 0; o.lines-- {
		o.w.WriteByte('\n')
	}
	o.w.WriteString(t)
	o.lines = len(s) - len(t)
	return len(s), nil
}

// WriteByte writes the byte c (io.ByteWriter), a line end held back as
// WriteString holds it.
func (o *Out) WriteByte(c byte) error {
	if c == '\n' {
		o.lines++
		return nil
	}
	for ; o.lines > 0; o.lines-- {
		o.w.WriteByte('\n')
	}
	return o.w.WriteByte(c)
}

// Close ends the body with one line end, writes the notes after it and
// flushes what is buffered; it gives the first error of a write.
func (o *Out) Close(notes *Notes) error {
	o.w.WriteString("\n" + notes.String())
	return o.w.Flush()
}
