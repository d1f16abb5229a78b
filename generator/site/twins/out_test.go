package twins

import (
	"bytes"
	"testing"
)

// An Out holds back the line ends that end what is written so far: the
// body ends in one line end, however many blank lines its last block
// wrote, and line ends between blocks are kept.
func TestOutEndsTheBodyInOneLineEnd(t *testing.T) {
	for _, c := range []struct {
		writes []string
		want   string
	}{
		{[]string{"# Title\n\n", "A paragraph.\n\n"}, "# Title\n\nA paragraph.\n"},
		{[]string{"| a |\n", "\n", "\n\n"}, "| a |\n"},
		{[]string{"x", "\n", "", "y\n\n\n"}, "x\ny\n"},
	} {
		var b bytes.Buffer
		o := NewOut(&b)
		for _, s := range c.writes {
			o.WriteString(s)
		}
		if err := o.Close(&Notes{}); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%q: wrote %q, want %q", c.writes, b.String(), c.want)
		}
	}
}

// Close writes the notes after the body's one line end.
func TestOutWritesTheNotesAfterTheBody(t *testing.T) {
	var b bytes.Buffer
	o := NewOut(&b)
	o.WriteString("Body.\n\n\n")
	n := Notes{AgesTo: "Ages are counted to 2026-12-01."}
	n.Aged()
	if err := o.Close(&n); err != nil {
		t.Fatal(err)
	}
	if want := "Body.\n\nAges are counted to 2026-12-01.\n"; b.String() != want {
		t.Errorf("wrote %q, want %q", b.String(), want)
	}
}

// WriteByte writes bytes as they are, a UTF-8 character's too, and holds
// back line ends as WriteString does.
func TestOutWritesBytesAsTheyAre(t *testing.T) {
	var b bytes.Buffer
	o := NewOut(&b)
	for _, c := range []byte("价格\n\n| a |\n\n\n") {
		if err := o.WriteByte(c); err != nil {
			t.Fatal(err)
		}
	}
	if err := o.Close(&Notes{}); err != nil {
		t.Fatal(err)
	}
	if want := "价格\n\n| a |\n"; b.String() != want {
		t.Errorf("wrote %q, want %q", b.String(), want)
	}
}
